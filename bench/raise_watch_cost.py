"""What the agent's sys.monitoring RAISE watch costs a program (gpumemd/backends/raise_watch.py):
it is on only under backend:cudaMallocAsync, and its callback runs at every exception any
Python frame raises (once in each frame the exception unwinds through).

    python3 bench/raise_watch_cost.py [--n 200000] [--reps 7] [--json PATH]

Arms, each timed alone, alternated, best of `--reps` (nanoseconds per iteration, one CPU):

- `no_raise`: a loop that raises nothing (a function call and an add), watch off vs on: the
  watch instruments no instruction, so the two should differ by noise only;
- `raise_1_frame`: raise and catch a KeyError in one frame (one RAISE event), off vs on;
- `raise_3_frames`: raised two calls down, caught in the caller's caller (three events);
- `callback_direct`: the callback alone, called as CPython calls it, with a non-OOM
  exception: its own cost (runs on Python 3.11 too, which has no sys.monitoring).

The watched class is torch.OutOfMemoryError where torch imports, else a stand-in class (the
identity check costs the same). Writes one JSON document (stdout, or --json PATH).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpumemd.backends.raise_watch import RaiseWatch  # noqa: E402


def _watched() -> tuple[type[BaseException], str]:
    try:
        import torch

        return torch.OutOfMemoryError, f"torch {torch.__version__}"
    except ImportError:
        class StandIn(RuntimeError):
            pass

        return StandIn, "a stand-in class (no torch)"


def no_raise(n: int) -> None:
    def f(x: int) -> int:
        return x + 1

    t = 0
    for _ in range(n):
        t = f(t)


def raise_1_frame(n: int) -> None:
    d: dict[int, int] = {}
    for i in range(n):
        try:
            d[i]
        except KeyError:
            pass


def _inner(d: dict[int, int], i: int) -> int:
    return d[i]


def _middle(d: dict[int, int], i: int) -> int:
    return _inner(d, i)


def raise_3_frames(n: int) -> None:
    d: dict[int, int] = {}
    for i in range(n):
        try:
            _middle(d, i)
        except KeyError:
            pass


def per_iteration(fn: Callable[[int], None], n: int) -> float:
    t0 = time.perf_counter_ns()
    fn(n)
    return (time.perf_counter_ns() - t0) / n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200_000)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    cls, what = _watched()
    calls: list[int] = []
    watch = RaiseWatch(cls, lambda exc: calls.append(1))
    result: dict[str, Any] = {
        "python": platform.python_version(), "cpu": platform.processor() or platform.machine(),
        "watched": what, "n": args.n, "reps": args.reps, "ns_per_iteration": {},
    }
    # the callback alone, as CPython calls it: (code, instruction offset, exception)
    callback = watch._callback()
    exc = KeyError(1)
    best = min(per_iteration(lambda n: [callback(None, 0, exc) for _ in range(n)] and None, args.n)
               for _ in range(args.reps))
    empty = min(per_iteration(lambda n: [None for _ in range(n)] and None, args.n) for _ in range(args.reps))
    result["callback_direct_ns"] = round(best - empty, 1)
    why = watch.start()
    if why is not None:
        result["watch"] = f"not measured: {why}"
    else:
        watch.stop()
        arms = {"no_raise": no_raise, "raise_1_frame": raise_1_frame, "raise_3_frames": raise_3_frames}
        times: dict[str, dict[str, list[float]]] = {a: {"off": [], "on": []} for a in arms}
        for _ in range(args.reps):
            for name, fn in arms.items():
                for state in ("off", "on"):
                    if state == "on" and watch.start() is not None:
                        raise SystemExit("the watch could not start again")
                    try:
                        times[name][state].append(per_iteration(fn, args.n))
                    finally:
                        watch.stop()
        for name, t in times.items():
            off, on = min(t["off"]), min(t["on"])
            result["ns_per_iteration"][name] = {"off": round(off, 1), "on": round(on, 1),
                                                "added": round(on - off, 1)}
        result["watch"] = "measured"
        result["oom_callbacks"] = len(calls)  # never the watched class: must be 0
    text = json.dumps(result, indent=2)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
