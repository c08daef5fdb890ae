"""An OOM under backend:cudaMallocAsync, in a process running the gpumemd agent
(tests/gpu/test_oom_diagnosis_gpu.py, `test_an_uncaught_oom_under_cudamallocasync_is_diagnosed_late`
and `test_a_caught_oom_under_cudamallocasync_is_diagnosed_at_the_raise`).

    PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync \
        python3 tests/gpu/oom_async_scenario.py KIND OUTDIR [FRACTION]

KIND `capacity`: 40 % of the device kept, then 70 % asked (more than is free). KIND `limit`:
40 % kept under a fraction of 0.5 (FRACTION where given: the diagnosis's remedy), then 20 %
asked. The request is not caught: the process ends with torch's traceback, after the agent's
chained excepthook wrote its diagnosis. KIND `caught-capacity`, `caught-limit`: the same, but
the program catches the OOM and retries a quarter of the request (a retry loop): the agent sees
it at the raise (sys.monitoring, Python 3.12 and later); prints `retried` and ends with 0.
Prints one JSON line before the request (the sizes, the backend, Python's version) and
`completed` where the request fit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

kind, outdir = sys.argv[1], Path(sys.argv[2])
caught = kind.startswith("caught-")
kind = kind.removeprefix("caught-")
fraction = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5

import gpumemd  # noqa: E402

agent = gpumemd.start(listen_address=None, oom_snapshot_dir=str(outdir), oom_min_dump_interval=0.0,
                      nvml_interval=0.2, evaluation_interval=0.2)

import torch  # noqa: E402

total = torch.cuda.get_device_properties(0).total_memory
keep = torch.empty(int(total * 0.4), dtype=torch.uint8, device="cuda")
if kind == "limit":
    torch.cuda.set_per_process_memory_fraction(fraction)
    ask = int(total * 0.2)
else:
    ask = int(total * 0.7)
torch.cuda.synchronize()
print(json.dumps({"kind": kind, "caught": caught, "total": total, "keep": keep.numel(), "ask": ask,
                  "fraction": fraction, "backend": torch.cuda.get_allocator_backend(),
                  "python": list(sys.version_info[:2])}), flush=True)


def allocate(n: int) -> torch.Tensor:
    return torch.empty(n, dtype=torch.uint8, device="cuda")


if not caught:
    extra = allocate(ask)  # not caught: the agent's excepthook sees it
else:
    try:
        extra = allocate(ask)
    except torch.OutOfMemoryError:  # the program's retry loop: no hook ever sees this one
        extra = allocate(ask // 4)
        torch.cuda.synchronize()
        print("retried", flush=True)
        sys.exit(0)
torch.cuda.synchronize()
print("completed", flush=True)
