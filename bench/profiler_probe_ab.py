"""The profiler's allocator read and profile_function's overhead, for comparing two trees.

    python3 bench/profiler_probe_ab.py LABEL      (from the root of the tree to measure)

Run it from two checkouts alternately on one GPU (one process each, so the host's slow
spells show up as whole slow runs rather than as a difference between the trees): 5000
device reads, then 1000 interleaved bare/profiled calls of a ~1 ms kernel with CPU memory
tracking off. One JSON line. bench/results/2026-11-23-h100/profiler-overhead-ab-*.json
compares this session's allocator change with the tree before it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import torch  # noqa: E402
from profiler_bench import one_ms_function, overhead, timed  # noqa: E402

from gpumemd.profiler import GPUMemoryProfiler  # noqa: E402


def main() -> None:
    torch.cuda.init()
    torch.empty(1, device="cuda:0")  # a context, as a training process has
    fn = one_ms_function("cuda:0")
    with GPUMemoryProfiler("cuda:0", track_tensors=False, track_cpu_memory=False) as prof:
        read = timed(prof._probe.read, 5000) * 1e6
        o = overhead(fn, prof, 1000)
    label = sys.argv[1] if len(sys.argv) > 1 else str(ROOT)
    print(
        json.dumps(
            {"tree": label, "device_read_us": round(read, 2), "overhead_us": round(o["overhead_us"], 1)}
        )
    )


if __name__ == "__main__":
    main()
