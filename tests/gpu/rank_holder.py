"""A training-like process for tests/gpu/test_explain_gpu.py, started under `gpumemd run`:
holds N bytes through torch (plus a cuBLAS workspace), says what torch and NVML see, and
waits until its stdin closes."""

import json
import os
import sys

import torch

nbytes = int(sys.argv[1])
x = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
m = torch.randn(256, 256, device="cuda")
(m @ m).sum().item()  # a cuBLAS handle and workspace: real non-PyTorch memory
torch.cuda.synchronize()
stats = torch.cuda.memory_stats()
print(
    json.dumps(
        {
            "pid": os.getpid(),
            "rank": os.environ.get("RANK"),
            "allocated": stats["allocated_bytes.all.current"],
            "reserved": stats["reserved_bytes.all.current"],
            "inactive_split": stats["inactive_split_bytes.all.current"],
        }
    ),
    flush=True,
)
sys.stdin.read()
