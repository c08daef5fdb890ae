"""A second process that holds a known amount of GPU memory until its stdin closes.

Prints one JSON line once the memory is held: its pid and what torch says it holds.
"""

import json
import os
import sys

import torch

nbytes = int(sys.argv[1])
x = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
torch.cuda.synchronize()
print(
    json.dumps(
        {
            "pid": os.getpid(),
            "requested_bytes": nbytes,
            "allocated_bytes": torch.cuda.memory_allocated(),
            "reserved_bytes": torch.cuda.memory_reserved(),
            "torch": torch.__version__,
        }
    ),
    flush=True,
)
sys.stdin.read()
