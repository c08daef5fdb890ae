"""Where a tick's time goes on the training thread, right after an optimizer step.

`bench/agent_overhead.py` measured an `agent.tick: step` tick at ~130-175 µs in place on an
H100, against ~25 µs for one back to back. This probe times, on the training thread after
`opt.step()`, one variant per step (rotated, so each sees the same loop):

- `raw`: `torch._C._cuda_memoryStats(0)` alone (the nested dict torch builds);
- `raw_again`: the same call twice, the second timed (warm: the back-to-back figure);
- `source`: the agent's allocator source (`AllocatorSource.read`), the raw call included;
- `tick`: `Sampler.tick_now()` of a running agent (the source, the cycle's bookkeeping);
- `tick_again`: a tick, then a second one timed;
- `none`: nothing (the timer's floor).

Usage (GPU machine): python3 bench/step_tick_probe.py --out FILE [--steps 3000]
"""
from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agent_overhead import model, step  # noqa: E402  (the same dispatch-bound loop)

from gpumemd import Agent  # noqa: E402
from gpumemd.backends.torch_cuda import TorchCuda  # noqa: E402
from gpumemd.sources.allocator import AllocatorSource  # noqa: E402

VARIANTS = ("none", "raw", "raw_again", "source", "tick", "tick_again")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--steps", type=int, default=3000)
    a = p.parse_args()
    if not torch.cuda.is_available():
        print("no CUDA device: this probe runs on a GPU machine", file=sys.stderr)
        return 2
    work = model()
    for _ in range(50):
        step(*work)
    agent = Agent(listen_address=None, interval=3600.0, spool_dir="").start()  # its thread never wakes
    assert agent.runtime is not None
    sampler = agent.runtime.sampler
    source = AllocatorSource(TorchCuda())
    raw = torch._C._cuda_memoryStats
    clock = time.perf_counter_ns

    def run(variant: str) -> int:
        if variant == "none":
            t = clock()
        elif variant == "raw":
            t = clock()
            raw(0)
        elif variant == "raw_again":
            raw(0)
            t = clock()
            raw(0)
        elif variant == "source":
            t = clock()
            source.read({})
        elif variant == "tick":
            t = clock()
            sampler.tick_now()
        else:
            sampler.tick_now()
            t = clock()
            sampler.tick_now()
        return clock() - t

    took: dict[str, list[int]] = {v: [] for v in VARIANTS}
    step_time: dict[str, list[int]] = {v: [] for v in VARIANTS}  # the step after the variant
    try:
        for i in range(a.steps):
            variant = VARIANTS[i % len(VARIANTS)]
            t0 = clock()
            step(*work)
            took[variant].append(run(variant))
            step_time[variant].append(clock() - t0)
    finally:
        agent.stop()
    result: dict[str, Any] = {
        "date": datetime.date.today().isoformat(), "device": torch.cuda.get_device_name(0),
        "torch": torch.__version__, "steps": a.steps,
        "us": {v: {"median": statistics.median(x) / 1e3, "mean": statistics.fmean(x) / 1e3,
                   "p90": statistics.quantiles(x, n=10)[-1] / 1e3} for v, x in took.items()},
        "step_us_median": {v: statistics.median(x) / 1e3 for v, x in step_time.items()},
    }
    Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    for v, s in result["us"].items():
        print(f"{v:12s} median {s['median']:7.1f} us  mean {s['mean']:7.1f}  p90 {s['p90']:7.1f}"
              f"  step {result['step_us_median'][v]:8.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
