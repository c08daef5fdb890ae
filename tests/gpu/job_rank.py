"""One torchrun rank of tests/gpu/test_jobview_gpu.py, both ranks on GPU 0 with unequal memory.

Rank 0 holds 1 GiB. Rank 1 peaks at 4 GiB for half a second (its agent sees the peak), then
holds 3 GiB with its cache emptied: the job's heaviest rank (3x rank 0) and its worst (its
recent peak leaves it less headroom than rank 0 in the GPU they share). Each rank prints one
JSON line with the wall-clock time it reached its final memory, then waits for a stop file.
"""

import json
import os
import sys
import time

import torch

GiB = 1 << 30
rank = int(os.environ["RANK"])
torch.cuda.set_device(0)
held = [torch.empty(GiB, dtype=torch.uint8, device="cuda")]
if rank == 1:
    held += [torch.empty(2 * GiB, dtype=torch.uint8, device="cuda")]
    spike = torch.empty(GiB, dtype=torch.uint8, device="cuda")
    torch.cuda.synchronize()
    time.sleep(0.5)  # several agent ticks see the 4 GiB
    del spike
    torch.cuda.empty_cache()
torch.cuda.synchronize()
from gpumemd.agent import api  # noqa: E402  (started by gpumemd run's sitecustomize)

print(json.dumps({"rank": rank, "pid": os.getpid(), "agent": api.current() is not None,
                  "allocated": torch.cuda.memory_allocated(), "reserved": torch.cuda.memory_reserved(),
                  "ready": time.time()}), flush=True)
stop = sys.argv[1]
deadline = time.monotonic() + 120
while not os.path.exists(stop) and time.monotonic() < deadline:
    time.sleep(0.05)
