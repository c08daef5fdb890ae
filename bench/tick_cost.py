"""What one tick of the agent's sampler thread costs the training process, on any machine.

    python3 bench/tick_cost.py [--seconds 10] [--json]

The agent's real collectors over replayed H200 answers (bench/sample_cost.py), its default
alert rules and sections, this process's real RSS reads; no GPU needed. Reported:

- `cold` / `warm`: `sample_once()` after sleeping one interval (what the thread pays: caches
  cold) and in a tight loop; median and p90, total and per collector/observer as the sampler
  records them (`CycleRunner.durations`), `own` being the sampler's code around them;
- `thread_<hz>hz`: the sampler thread running at 10 and 100 Hz for `--seconds` each, while
  this (main) thread holds the GIL in a Python loop like a dispatch-bound training loop:
  its CPU per tick (`pthread_getcpuclockid`), its voluntary context switches per tick (two
  are its sleep and its wait for the GIL after it; each more is another GIL wait: a GIL
  release inside the tick, paid for by the training thread) and its read/write syscalls
  (/proc/self/task/<tid>/io).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from sample_cost import Memo  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402
from gpumemd.agent.identity import Identity  # noqa: E402
from gpumemd.backends.host import Psutil  # noqa: E402
from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer  # noqa: E402
from tests.fakes import FakeTorch, capture  # noqa: E402


def build(interval: float) -> Any:
    nvml = load_capture(ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json")
    ps, pid = Psutil(), os.getpid()
    agent = Agent(  # RSS and peak RSS: this process's own, read as the agent reads them
        listen_address=None,
        spool_dir="",
        interval=interval,
        identity=Identity(pid=450, rank=0, local_rank=0, world_size=2, job_id="4242"),  # the capture's pid
        apis={
            "torch": Memo(torch_replayer(capture("after_256MiB_and_4000B"))),
            "nvml": Memo(nvml_replayer(nvml)),
            "oom": FakeTorch(),
            "rss": lambda: ps.process_rss(pid),
        },
    )
    return agent.build().sampler


def stats(xs: list[float]) -> dict[str, float]:
    return {"median_us": statistics.median(xs) * 1e6, "p90_us": statistics.quantiles(xs, n=10)[8] * 1e6}


def per_sample(sampler: Any, n: int, sleep: float) -> dict[str, Any]:
    took: dict[str, list[float]] = {}
    for _ in range(n):
        t = time.perf_counter()
        sampler.sample_once()
        total = time.perf_counter() - t
        durations = dict(sampler.cycle.durations)
        durations["own"] = total - sum(durations.values())
        durations["total"] = total
        for k, v in durations.items():
            took.setdefault(k, []).append(v)
        if sleep:
            time.sleep(sleep)
    return {k: stats(v) for k, v in took.items()}


def task_counters(tid: int) -> tuple[int, int]:
    """(voluntary context switches, read + write syscalls) of one thread so far."""
    base = f"/proc/self/task/{tid}"
    with open(f"{base}/status") as f:
        vol = next(int(line.split()[1]) for line in f if line.startswith("voluntary_ctxt_switches"))
    with open(f"{base}/io") as f:
        io = dict(line.split(": ") for line in f.read().splitlines())
    return vol, int(io["syscr"]) + int(io["syscw"])


def thread_cost(sampler: Any, hz: int, seconds: float) -> dict[str, float]:
    sampler.replace(interval=1.0 / hz)
    sampler.start()
    time.sleep(0.3)  # started and in its rhythm
    thread = sampler._thread
    clock = time.pthread_getcpuclockid(thread.ident)
    cycle = sampler.cycle
    n0, cpu0, (vol0, sys0) = cycle.samples_total, time.clock_gettime(clock), task_counters(thread.native_id)
    end = time.perf_counter() + seconds
    x = 0
    while time.perf_counter() < end:  # hold the GIL like a dispatch-bound loop
        for i in range(200):
            x += i
    n1, cpu1, (vol1, sys1) = cycle.samples_total, time.clock_gettime(clock), task_counters(thread.native_id)
    sampler.stop()
    ticks = max(1, n1 - n0)
    return {
        "ticks": ticks,
        "cpu_us_per_tick": (cpu1 - cpu0) / ticks * 1e6,
        "voluntary_switches_per_tick": (vol1 - vol0) / ticks,
        "syscalls_per_tick": (sys1 - sys0) / ticks,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--n", type=int, default=60, help="cold samples (one interval's sleep each)")
    p.add_argument("--interval", type=float, default=0.1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    sampler = build(a.interval)
    per_sample(sampler, 200, 0)  # warm-up
    out: dict[str, Any] = {"cold": per_sample(sampler, a.n, a.interval), "warm": per_sample(sampler, 2000, 0)}
    for hz in (10, 100):
        out[f"thread_{hz}hz"] = thread_cost(build(1.0 / hz), hz, a.seconds)
    if a.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{'sample_once':12s} {'cold median':>12s} {'p90':>8s} {'warm median':>12s} {'p90':>8s}  (µs)")
    for k in out["cold"]:
        c, w = out["cold"][k], out["warm"][k]
        print(f"{k:12s} {c['median_us']:12.1f} {c['p90_us']:8.1f} {w['median_us']:12.1f} {w['p90_us']:8.1f}")
    for hz in (10, 100):
        t = out[f"thread_{hz}hz"]
        print(
            f"thread {hz:3d} Hz: {t['cpu_us_per_tick']:7.1f} µs CPU/tick, "
            f"{t['voluntary_switches_per_tick']:.2f} voluntary switches/tick, "
            f"{t['syscalls_per_tick']:.2f} read/write syscalls/tick ({t['ticks']} ticks)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
