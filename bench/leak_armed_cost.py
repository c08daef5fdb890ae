"""The armed leak finder's cost on a GPT-2 step, from its parts, window by window.

    python3 bench/leak_armed_cost.py --out armed-parts.json [--windows 40] [--batch 4 --sequence 512]

An A/B of whole blocks (bench/agent_overhead.py's `armed` arm) has to resolve a cost under 1 %
against block-to-block noise of several per cent on a shared machine. The finder's cost sits in
two known steps of each window of `EVERY` (counted from the arming): the one whose end starts the
recording (position EVERY-2) and the recorded one, whose end takes the snapshot (EVERY-1). So one
armed run, each step timed (synchronized), gives for each window the extra time of those two
positions over twice the median of the window's other steps: drift between windows cancels.
Cost = mean extra per window / (EVERY x median step), with a 95 % interval over windows. Unarmed
windows give the same statistic with nothing to find (about zero: the estimator's floor), and
the two slowest steps of each window an upper bound whatever positions they hold. Every step's
time is kept in the output.
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
sys.path.insert(0, str(ROOT / "bench"))

import torch  # noqa: E402
from agent_overhead import gpt2_workload  # noqa: E402

from gpumemd.agent.leakfind import EVERY, MAX_SNAPSHOTS, LeakFinder  # noqa: E402
from gpumemd.backends.torch_oom import TorchOom  # noqa: E402


def timed_windows(work: Any, finder: LeakFinder | None, windows: int) -> list[list[float]]:
    out = []
    for _ in range(windows):
        times = []
        for _ in range(EVERY):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            work()
            if finder is not None:
                finder.on_step()
            torch.cuda.synchronize()
            times.append(time.perf_counter() - t0)
        out.append(times)
    return out


def _interval(per: list[float], step: float) -> dict[str, Any]:
    pct = [100 * e / (EVERY * step) for e in per]
    mean = statistics.fmean(pct)
    half = 1.96 * statistics.stdev(pct) / len(pct) ** 0.5
    return {"extra_ms_median": 1e3 * statistics.median(per), "cost_percent": mean,
            "ci95": [mean - half, mean + half]}


def extra(windows: list[list[float]]) -> dict[str, Any]:
    """Per window: the finder's two positions (EVERY-2, EVERY-1) over twice the median of the
    other steps; and, as an upper bound, the two slowest steps over twice the median of the rest."""
    at, slowest, medians = [], [], []
    for times in windows:
        rest = statistics.median(times[:-2])
        at.append(times[-2] + times[-1] - 2 * rest)
        ordered = sorted(times)
        slowest.append(sum(ordered[-2:]) - 2 * statistics.median(ordered[:-2]))
        medians.append(rest)
    step = statistics.median(medians)
    return {"step_s": step, "windows": len(windows), "at_the_finders_steps": _interval(at, step),
            "two_slowest_upper_bound": _interval(slowest, step)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--windows", type=int, default=40)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--sequence", type=int, default=512)
    a = ap.parse_args()
    work, meta = gpt2_workload(a.batch, a.sequence)
    for _ in range(10):
        work()
    finder = LeakFinder(TorchOom(), out_dir=None, labels={}, say=lambda line: None)
    rounds: dict[str, list[list[float]]] = {"off": [], "armed": []}
    for _ in range(4):  # interleaved: off, armed, off, armed ... in runs of windows/4
        rounds["off"] += timed_windows(work, None, a.windows // 4)
        assert finder.arm(every=EVERY, snapshots=MAX_SNAPSHOTS, reason="bench")
        rounds["armed"] += timed_windows(work, finder, a.windows // 4)
        finder._stop()  # the block's snapshots dropped: no analysis
        finder._snapshots.clear()
    result = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "every": EVERY,
              **meta, "off": extra(rounds["off"]), "armed": extra(rounds["armed"])}
    result["cost_percent_over_floor"] = (result["armed"]["at_the_finders_steps"]["cost_percent"]
                                         - result["off"]["at_the_finders_steps"]["cost_percent"])
    result["step_times_s"] = rounds
    a.out.write_text(json.dumps(result, indent=1))
    print(json.dumps({k: result[k] for k in ("off", "armed", "cost_percent_over_floor")}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
