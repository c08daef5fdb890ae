"""What the live fragmentation figures add to a pool read, on any machine: the segment walk
(`figures_from_segments`) over synthetic segment lists shaped like the one recorded on an H100
at a fragmentation OOM (tests/fixtures/torch/h100__torch-2.11.0__oom-fragmentation.pickle:
20 MiB segments, each a 12 MiB hole, a live 6 MiB tensor and a 2 MiB tail), at 1k and 10k blocks.

    python3 bench/fragmentation_cost.py [--reps 200] [--json]

Reported per block count (median of `reps`, milliseconds):
- `summarize_ms`: the pool source's segment sums before this figure (what a pool read paid);
- `walk_ms`: the one block walk the fragmentation figures and the OOM diagnosis share;
- `read_ms`: `PoolSource.read` as the agent runs it (both, the reference kept, families not built).
`torch.cuda.memory_snapshot` itself is not here (it needs a GPU): the device run measures it
(bench/results/2026-11-25-h100-fragmentation).
"""

from __future__ import annotations

import argparse
import copy
import json
import pickle
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpumemd.diagnosis.snapshot import figures_from_segments  # noqa: E402
from gpumemd.sources.pools import PoolSource, summarize  # noqa: E402

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


def median_ms(fn: Any, reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for n in (1000, 10000):
        segs = segments(n)
        source = PoolSource(Api(segs))
        rows.append({"blocks": sum(len(s["blocks"]) for s in segs), "segments": len(segs),
                     "summarize_ms": median_ms(lambda s=segs: summarize(s), args.reps),
                     "walk_ms": median_ms(lambda s=segs: figures_from_segments(s, 0), args.reps),
                     "read_ms": median_ms(lambda src=source: src.read({}), args.reps)})
    doc = {"python": sys.version.split()[0], "reps": args.reps, "rows": rows}
    if args.json:
        print(json.dumps(doc))
    else:
        for r in rows:
            print(
                f"{r['blocks']:>6} blocks ({r['segments']} segments): summarize {r['summarize_ms']:.3f} ms, "
                f"walk {r['walk_ms']:.3f} ms, pool read {r['read_ms']:.3f} ms"
            )


if __name__ == "__main__":
    main()
