"""What the step peak adds to an optimizer step, on any machine (CPU, replayed allocator).

    python3 bench/step_peak_cost.py [--steps 20000] [--json]

The agent's optimizer-step hook (`Agent._step_tick`) called as torch.optim calls it, over
the replayed H200 `memory_stats` answer (the same dict every read: what is measured is
gpumemd's own work around the read; the real `torch._C._cuda_memoryStats` adds its own cost,
measured on the GPU: docs/performance.md). Arms, interleaved in blocks: `count` (the hook
with no read due: the counter and a clock read), `boundary` (a step boundary every step:
one stats read through the sampler's tick), `busy_boundary` (the same while the sampler is
held, as by a sample in progress: the hook reads the step's end itself without the sample
lock, `AllocatorSource.close_steps`), and the bare read of the replay. On a GPU the real read
costs more after a training step (cold caches: docs/performance.md), which is what the
agent's budget (`step_peak_budget`) spaces the boundaries for.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpumemd.agent.agent import Agent  # noqa: E402
from gpumemd.agent.identity import Identity  # noqa: E402
from tests.fakes import READINGS, FakeTorch, TorchSequence  # noqa: E402


class Replay(TorchSequence):
    def __init__(self) -> None:
        super().__init__([])
        self.raw = READINGS["after_256MiB_and_4000B"]["raw_memoryStats"]

    def memory_stats(self, device: int) -> dict[str, Any]:
        return self.raw


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    api = Replay()
    a = Agent(listen_address=None, identity=Identity(pid=1, rank=0, local_rank=0, world_size=1),
              apis={"torch": api, "oom": FakeTorch(), "rss": lambda: 1, "peak_rss": lambda: 1},
              spool_dir="", nvml=False, interval=3600, evaluation_interval=3600, nvml_interval=3600)
    a.runtime = a.build()
    a.runtime.sampler.sample_once()
    a._started = True  # the hook's own checks pass; no thread runs
    a.steps.tick_interval = 3600.0
    hook = a._step_tick
    arms: dict[str, list[float]] = {"count": [], "boundary": [], "busy_boundary": [], "read": []}
    lock = a.runtime.sampler.cycle_lock  # held through the busy arm's blocks: the tick is refused
    block = 500
    for _ in range(max(1, args.steps // block)):
        for arm in arms:
            if arm == "read":
                t = time.perf_counter()
                for _ in range(block):
                    api.memory_stats(0)
            else:
                a.steps.peak_budget = 0.0 if arm == "count" else float("inf")  # inf: a boundary every step
                a.steps.next_tick = float("inf")
                busy = arm == "busy_boundary"
                if busy:
                    lock.acquire()
                t = time.perf_counter()
                for _ in range(block):
                    hook()
                if busy:
                    lock.release()
            arms[arm].append((time.perf_counter() - t) / block * 1e6)
    steps = a.steps.open_steps
    a._started = False
    out = {
        arm: {"median_us": round(statistics.median(v), 2), "p90_us": round(sorted(v)[int(0.9 * len(v))], 2)}
        for arm, v in arms.items()
    }
    count = out["count"]["median_us"]
    out["boundary_over_count_us"] = round(out["boundary"]["median_us"] - count, 2)
    out["busy_boundary_over_count_us"] = round(out["busy_boundary"]["median_us"] - count, 2)
    out["open_steps_at_the_end"] = steps  # 0: every boundary closed its step, the busy ones too
    out["min_step_ms_for_0.3pct"] = round(out["boundary_over_count_us"] / 0.003 / 1000, 2)
    print(json.dumps(out) if args.json else json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
