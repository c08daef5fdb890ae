"""What the leak finder's reading of live snapshots costs in the training process: `find_leaks`
on three live `torch.cuda.memory._snapshot()`-shaped dicts (`pickle_budget.torch_like`, loaded,
never a file), CPU process time, on two trees in turn (each run a fresh process, the trees
interleaved round by round so that a shared machine's load falls on both alike):

    python bench/live_leak_cost.py --tree main=/work/main --tree branch=. --mib 6 --rounds 5

Prints one line a run and, per tree, the best and median of its rounds (best of three calls
within a run); `--out` writes them as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

_CHILD = """
import pickle, sys, time
sys.path.append({bench!r})
from pickle_budget import torch_like
import gpumemd
from gpumemd.diagnosis.leak import find_leaks
snaps = [pickle.loads(torch_like({mib}, seed=s)) for s in range(3)]
best = float("inf")
for _ in range(3):
    t = time.process_time()
    find_leaks(snaps, 50, recorded_steps=2)
    best = min(best, time.process_time() - t)
print(gpumemd.__file__, best)
"""


def run(tree: Path, mib: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", _CHILD.format(bench=str(HERE), mib=mib)], env=env,
                         capture_output=True, text=True, check=True, cwd="/").stdout.split()
    if not out[0].startswith(str(tree)):
        raise SystemExit(f"{tree}: imported {out[0]}")
    return float(out[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tree", action="append", required=True, help="NAME=PATH, twice or more")
    ap.add_argument("--mib", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out")
    args = ap.parse_args()
    trees = {name: Path(path).resolve() for name, path in (t.split("=", 1) for t in args.tree)}
    times: dict[str, list[float]] = {name: [] for name in trees}
    for r in range(args.rounds):
        for name, path in (trees.items() if r % 2 == 0 else reversed(trees.items())):
            times[name].append(run(path, args.mib))
            print(f"round {r}: {name} {times[name][-1]:.3f} s", flush=True)
    summary = {name: {"best_s": min(t), "median_s": statistics.median(t), "runs_s": t}
               for name, t in times.items()}
    first = next(iter(trees))
    for name, s in summary.items():
        print(f"{name}: best {s['best_s']:.3f} s, median {s['median_s']:.3f} s "
              f"({s['median_s'] / summary[first]['median_s']:.2f}x {first}'s median)")
    if args.out:
        out = {"mib": args.mib, "snapshots": 3, "trees": summary}
        Path(args.out).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
