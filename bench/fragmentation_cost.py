"""The CPU part of a pool read, before and after the one-walk merge, side by side in one run, on
synthetic segment lists shaped like the one recorded on an H100 at a fragmentation OOM
(tests/fixtures/torch/h100__torch-2.11.0__oom-fragmentation.pickle: 20 MiB segments, each a
12 MiB hole, a live 6 MiB tensor and a 2 MiB tail), at 1k, 10k and 50k blocks.

    python3 bench/fragmentation_cost.py [--reps 50] [--clock wall|cpu] [--json]

Reported per block count (median of `reps`, milliseconds; before and after alternate, rep by
rep, so a busy moment of the machine falls on both):
- `before_read_ms`: main's pool read before the merge (bench/poolwalk_before.py, kept verbatim):
  the pool sums, then the fragmentation walk, a second walk of the same list;
- `before_sums_ms`, `before_walk_ms`: its two walks alone;
- `after_read_ms`: `PoolSource.read` as the agent runs it now (the families not built);
- `after_pass_ms`: its one pass alone (`summarize`: the sums and the fragmentation figures).
Both reads keep the reference window and ask the device's free memory (answered at once here);
the bench checks they give equal readings before it times them. `--clock cpu` times the thread's
CPU time instead of the wall clock: steadier on a shared machine, where the wall clock also counts
the moments another process held the core.
`torch.cuda.memory_snapshot` itself is not here (it needs a GPU): the device runs measure it
(bench/results/2026-11-25-h100-fragmentation/verified).
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import pickle
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.poolwalk_before import PoolReadBefore, figures_from_segments  # noqa: E402
from bench.poolwalk_before import summarize as summarize_before  # noqa: E402
from gpumemd.sources.pools import PoolSource, summarize  # noqa: E402

BLOCKS = (1000, 10000, 50000)
RECORDED = ROOT / "tests/fixtures/torch/h100__torch-2.11.0__oom-fragmentation.pickle"


def segments(blocks: int) -> list[dict[str, Any]]:
    """A list of recorded-shaped segments holding about `blocks` blocks (frames dropped: the
    agent's snapshot has none, include_traces=False)."""
    with open(RECORDED, "rb") as f:
        recorded = [s for s in pickle.load(f)["segments"] if len(s["blocks"]) == 3]
    proto = recorded[0]
    out = []
    address = proto["address"]
    for _ in range(max(1, blocks // 3)):
        seg = copy.deepcopy(proto)
        seg["frames"] = []
        seg["address"] = address
        for b in seg["blocks"]:
            b["frames"] = []
        address += seg["total_size"]
        out.append(seg)
    return out


class Api:
    """TorchCudaApi's calls a pool read makes, answering the synthetic list."""

    def __init__(self, segs: list[dict[str, Any]]) -> None:
        self.segs = segs

    def is_initialized(self) -> bool:
        return True

    def allocator_backend(self) -> str:
        return "native"

    def device_uuid(self, device: int) -> str:
        return "GPU-0"

    def pool_segments(self) -> list[dict[str, Any]]:
        return self.segs

    def mem_get_info(self, device: int) -> tuple[int, int]:
        return (2 << 20, 80 << 30)


def timed(fns: dict[str, Callable[[], Any]], reps: int, clock: Callable[[], float]) -> dict[str, float]:
    """Median milliseconds of each call, the calls alternating within each rep."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for fn in fns.values():
        fn()  # warm: the first read builds the reference window's state
    gc.collect()
    for _ in range(reps):
        for name, fn in fns.items():
            t = clock()
            fn()
            times[name].append(clock() - t)
    return {name: statistics.median(v) * 1e3 for name, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.thread_time
    rows = []
    for n in BLOCKS:
        segs = segments(n)
        api = Api(segs)
        after = PoolSource(api)
        before = PoolReadBefore(api.device_uuid, lambda d, a=api: a.mem_get_info(d)[0])
        if before.read(segs) != after.read({}):
            raise SystemExit(f"{n} blocks: the readings differ before and after the merge")
        got = timed(
            {
                "before_read_ms": lambda b=before, s=segs: b.read(s),
                "after_read_ms": lambda a=after: a.read({}),
                "before_sums_ms": lambda s=segs: summarize_before(s),
                "before_walk_ms": lambda s=segs: figures_from_segments(s, 0),
                "after_pass_ms": lambda s=segs: summarize(s),
            },
            args.reps,
            clock,
        )
        rows.append({"blocks": sum(len(s["blocks"]) for s in segs), "segments": len(segs), **got,
                     "after_vs_before": got["after_read_ms"] / got["before_read_ms"]})
    doc = {"python": sys.version.split()[0], "machine": platform.machine(), "reps": args.reps,
           "clock": args.clock, "rows": rows}
    if args.json:
        print(json.dumps(doc))
    else:
        for r in rows:
            print(
                f"{r['blocks']:>6} blocks ({r['segments']} segments): pool read before "
                f"{r['before_read_ms']:.3f} ms (sums {r['before_sums_ms']:.3f} + walk "
                f"{r['before_walk_ms']:.3f}), after {r['after_read_ms']:.3f} ms (one pass "
                f"{r['after_pass_ms']:.3f}): {r['after_vs_before']:.2f}x"
            )


if __name__ == "__main__":
    main()
