"""How fast the allocator what-if replays: events per second on this machine's CPU.

    python3 bench/allocsim_speed.py [--events 1000000] [--seed 0] [--json]

A synthetic stream shaped like training (gpumemd/diagnosis/allocsim.py's input): long-lived
weights first, then steps of activations of mixed sizes (small pool and large) freed in reverse
order, a few freed out of order, on one stream; the device is large enough that it never runs
out. Reported per setting (native, expandable_segments:True, max_split_size_mb:64): the wall
seconds of one `replay` of the whole stream (best of `--reps`), and the events per second.
The goal (issue 35): one million events in five seconds or less.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpumemd.diagnosis.allocsim import Trace, parse_alloc_conf, replay  # noqa: E402

MIB = 1 << 20


def stream(n: int, seed: int) -> Trace:
    """n trace events: alloc/free_requested/free_completed triples, as torch records them."""
    rng = random.Random(seed)
    events: list[tuple[int, int, int, int, int]] = []
    addr = 1 << 32
    for _ in range(200):  # weights
        events.append((0, addr, rng.choice((4, 16, 64)) * MIB, 0, -1))
        addr += 1 << 28
    while len(events) < n:
        live = []
        for _ in range(rng.randint(50, 300)):
            size = rng.choice((rng.randint(1, 4096) * 256, rng.randint(1, 64) * MIB + rng.randint(0, 4096)))
            events.append((0, addr, size, 0, -1))
            live.append((addr, size))
            addr += 1 << 28
            if rng.random() < 0.1 and len(live) > 2:
                a, s = live.pop(rng.randrange(len(live) - 1))
                events += [(1, a, s, 0, -1), (2, a, s, 0, -1)]
        for a, s in reversed(live):
            events += [(1, a, s, 0, -1), (2, a, s, 0, -1)]
    events = events[:n]
    return Trace(tuple(events), 0, 0, 0, None, None, None, None)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    trace = stream(args.events, args.seed)
    rows = []
    for conf in ("", "expandable_segments:True", "max_split_size_mb:64"):
        setting = parse_alloc_conf(conf)
        best = float("inf")
        for _ in range(args.reps):
            t0 = time.perf_counter()
            out = replay(trace, setting, capacity=1 << 44, device_total=1 << 44)
            best = min(best, time.perf_counter() - t0)
        assert out.fits
        rows.append({"setting": setting.name, "events": len(trace.events), "seconds": round(best, 3),
                     "events_per_s": round(len(trace.events) / best), "peak_reserved": out.peak_reserved})
    doc = {"cpu": platform.processor() or platform.machine(), "python": platform.python_version(),
           "rows": rows}
    if args.json:
        print(json.dumps(doc, indent=1))
    else:
        for r in rows:
            print(f"{r['setting']:28} {r['events']:>9} events  {r['seconds']:7.3f} s  "
                  f"{r['events_per_s']:>10}/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
