"""The shape forecast's error against real step peaks, replayed on the CPU from committed curves.

    python3 bench/forecast_error.py [--runs 1000] [--seed 0] [--before b72d8bd] [--seen FIELD] [--json]

The curves (bench/results/2026-11-25-h100-forecast-curve/curve-b4.jsonl, curve-b8.jsonl) hold
the true allocated step peak of one GPT-2 training step (eager attention, AdamW, H100) per
sequence length. A *run* here is a random subset of the lengths up to a longest length seen
(`L_seen`, always in the subset: it is the shape the run's longest batch had), fitted by
`shape_fit` on those exact, noise-free peaks, then asked for the peak at every longer length
in the file. Per distance ratio (target / longest seen, binned), over every run:

- `median`, `worst_over`, `worst_under`: the prediction's relative error (+ is over the truth);
- `coverage`: how often the truth lies within prediction ± the stated error; `upper holds`: how
  often it is at most prediction + error (the side that matters for an OOM: a forecast that
  fires late);
- `width`: the stated error over the truth (median, worst): how wide the interval is;

over every run ("all") and by the number of shapes the run saw.

With `--seen trace_rounded_peak` a run fits the peaks the shape probe reads (the allocator
trace's walk, each size rounded to its block: a lower bound within the rounding), still judged
against the counters' true peak.

The same runs are fitted by `shape_fit` as it was at `--before` (a git revision, read with
`git show`) and as it is in this tree, side by side. The subset size is uniform from 2 shapes
to every length up to `L_seen`: a run with `agent.step_peak_reset` sees most lengths, one
without it the few that set a new high (docs/forecast.md).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpumemd.diagnosis import forecast  # noqa: E402

CURVES = ROOT / "bench" / "results" / "2026-11-25-h100-forecast-curve"
# (curve file, the longest lengths a run has seen): targets reach 2x to 4x the longest seen
PLANS = (("curve-b4.jsonl", (512, 768, 1024)), ("curve-b8.jsonl", (384, 512)))
BINS = (1.34, 2.0, 2.67, 4.0)  # distance ratios reported: each bin holds the ratios up to it
GROUPS = (("2", 2), ("3-4", 4), ("5-8", 8), ("9+", 1 << 30))  # runs by the shapes they saw
Fit = Callable[..., "forecast.ShapeForecast | None"]
Point = tuple[int, int, int, int]  # length, tokens, the true peak, the peak a run sees


def curve(name: str, seen_field: str = "allocated_peak") -> list[Point]:
    """(length, tokens, true allocated peak, the peak a run sees) per line of a curve file."""
    out = []
    with open(CURVES / name) as f:
        for line in f:
            row = json.loads(line)
            out.append((int(row["length"]), int(row["tokens"]), int(row["allocated_peak"]),
                        int(row[seen_field])))
    return out


def old_shape_fit(rev: str) -> Fit:
    """`shape_fit` as it was at git revision `rev` (the module's source, run in a fresh module)."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:gpumemd/diagnosis/forecast.py"],
                            capture_output=True, text=True, check=True, timeout=30).stdout
    module = types.ModuleType(f"forecast_{rev}")
    module.__dict__["__name__"] = module.__name__
    sys.modules[module.__name__] = module  # dataclasses look their module up by name
    exec(compile(source, f"{rev}:gpumemd/diagnosis/forecast.py", "exec"), module.__dict__)
    return module.shape_fit  # type: ignore[no-any-return]


def draw(rng: random.Random, points: list[Point], seen: int) -> list[Point]:
    """A random subset of the lengths up to `seen`, `seen` itself always in it, 2 shapes or more."""
    below = [p for p in points if p[0] < seen]
    top = [p for p in points if p[0] == seen]
    k = rng.randint(1, len(below))
    return sorted(rng.sample(below, k) + top)


def _bin(ratio: float) -> float | None:
    return next((b for b in BINS if ratio <= b + 1e-9), None)


def _group(shapes: int) -> str:
    return next(name for name, most in GROUPS if shapes <= most)


Cell = dict[str, list[float]]


def replay(fits: dict[str, Fit], runs: int, seed: int,
           seen_field: str = "allocated_peak") -> dict[tuple[str, str, float], Cell]:
    """Per (fit, shapes seen, ratio bin): the relative errors, coverages (1/0) and widths."""
    rng = random.Random(seed)
    acc: dict[tuple[str, str, float], Cell] = {}
    for name_file, seens in PLANS:
        points = curve(name_file, seen_field)
        for seen in seens:
            for _ in range(runs):
                subset = draw(rng, points, seen)
                pairs = [(tokens, peak) for _, tokens, _, peak in subset]
                longest = subset[-1][1]
                for length, tokens, truth, _ in points:
                    b = _bin(tokens / longest)
                    if length <= seen or b is None:
                        continue
                    for name, fit_fn in fits.items():
                        fit = fit_fn(pairs, max_tokens=tokens)
                        for group in ("all", _group(len(subset))):
                            cell = acc.setdefault((name, group, b),
                                                  {"err": [], "covered": [], "upper": [], "width": []})
                            if fit is None:  # no forecast: not covered, and no error to report
                                cell["covered"].append(0.0)
                                cell["upper"].append(0.0)
                                continue
                            cell["err"].append((fit.peak - truth) / truth)
                            cell["covered"].append(1.0 if abs(fit.peak - truth) <= fit.error else 0.0)
                            cell["upper"].append(1.0 if truth <= fit.peak + fit.error else 0.0)
                            cell["width"].append(fit.error / truth)
    return acc


def summary(acc: dict[tuple[str, str, float], Cell]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    order = {g: i for i, g in enumerate(["all", *(name for name, _ in GROUPS)])}
    fits = {name: i for i, name in enumerate(dict.fromkeys(k[0] for k in acc))}  # the order given
    def key(kv: tuple[tuple[str, str, float], Cell]) -> tuple[int, int, float]:
        return order[kv[0][1]], fits[kv[0][0]], kv[0][2]

    for (name, group, b), cell in sorted(acc.items(), key=key):
        err, width = cell["err"], cell["width"]
        rows.append({
            "fit": name, "shapes": group, "ratio_up_to": b, "n": len(cell["covered"]),
            "median": statistics.median(err) if err else None,
            "worst_over": max(err) if err else None, "worst_under": min(err) if err else None,
            "coverage": sum(cell["covered"]) / len(cell["covered"]),
            "upper_holds": sum(cell["upper"]) / len(cell["upper"]),
            "width_median": statistics.median(width) if width else None,
            "width_worst": max(width) if width else None,
        })
    return rows


def _pct(v: object) -> str:
    return "-" if v is None else f"{100 * float(v):+.1f} %"  # type: ignore[arg-type]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1000, help="random runs per (curve, longest length seen)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--before", default="b72d8bd", help="git revision of the shape_fit compared with")
    ap.add_argument("--json", action="store_true", help="one JSON line per (fit, ratio bin)")
    ap.add_argument("--seen", default="allocated_peak", choices=("allocated_peak", "trace_rounded_peak"),
                    help="the peak a run fits: the counters' (exact), or the shape probe's trace walk "
                         "(a lower bound within the allocator's rounding)")
    args = ap.parse_args()
    fits = {f"before ({args.before})": old_shape_fit(args.before), "after (this tree)": forecast.shape_fit}
    rows = summary(replay(fits, args.runs, args.seed, args.seen))
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return
    print("| shapes seen | fit | ratio up to | predictions | median error | worst over | worst under "
          "| coverage | upper holds | width median | width worst |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        coverage = 100 * float(r["coverage"])  # type: ignore[arg-type]
        upper = 100 * float(r["upper_holds"])  # type: ignore[arg-type]
        print(f"| {r['shapes']} | {r['fit']} | {r['ratio_up_to']}x | {r['n']} | {_pct(r['median'])} "
              f"| {_pct(r['worst_over'])} | {_pct(r['worst_under'])} | {coverage:.1f} % | {upper:.1f} % "
              f"| {_pct(r['width_median'])} | {_pct(r['width_worst'])} |")

if __name__ == "__main__":
    main()
