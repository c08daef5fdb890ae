"""One torchrun rank: holds (LOCAL_RANK + 1) x 256 MiB on its own GPU until a stop file appears."""

import json
import os
import sys
import time

import torch

local = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local)
x = torch.empty((local + 1) * 256 << 20, dtype=torch.uint8, device="cuda")
torch.cuda.synchronize()
from gpumemd.agent import api  # noqa: E402  (started by gpumemd run's sitecustomize)

a = api.current()
print(json.dumps({"rank": os.environ["RANK"], "pid": os.getpid(), "agent": a is not None}), flush=True)
stop = sys.argv[1]
deadline = time.monotonic() + 90
while not os.path.exists(stop) and time.monotonic() < deadline:
    time.sleep(0.05)
