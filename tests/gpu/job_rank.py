"""One rank of tests/gpu/test_jobview_gpu.py with unequal memory: under torchrun, or started
alone with RANK, LOCAL_RANK and WORLD_SIZE set, as a scheduler (srun) starts ranks.

    job_rank.py STOP [--gpus 0,0] [--spike-gib 1] [--cpu]

Rank r runs on CUDA device gpus[r] (default: every rank on 0). Every rank holds 1 GiB but the
last, which peaks at 3 GiB + the spike for half a second (its agent sees the peak), then holds
3 GiB with its cache emptied: the job's heaviest rank (3x the others) and its worst (its recent
peak leaves it the least headroom: on a GPU it shares with the others, or on the GPU with the
least free memory, where the test places it). `--cpu`: no GPU at all (the CPU test of the
launch and of a killed rank: ranks that publish without a GPU). Each rank prints one JSON line
with the wall-clock time it reached its final memory, then waits for the stop file.
"""

import argparse
import json
import os
import time

import torch

GiB = 1 << 30
ap = argparse.ArgumentParser()
ap.add_argument("stop")
ap.add_argument("--gpus", default="")
ap.add_argument("--spike-gib", type=int, default=1)
ap.add_argument("--cpu", action="store_true")
args = ap.parse_args()
rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
held = []
if not args.cpu:
    gpus = [int(g) for g in args.gpus.split(",")] if args.gpus else [0] * world
    torch.cuda.set_device(gpus[rank])
    held.append(torch.empty(GiB, dtype=torch.uint8, device="cuda"))
    if rank == world - 1:
        held.append(torch.empty(2 * GiB, dtype=torch.uint8, device="cuda"))
        spike = torch.empty(args.spike_gib * GiB, dtype=torch.uint8, device="cuda")
        torch.cuda.synchronize()
        time.sleep(0.5)  # several agent ticks see the peak
        del spike
        torch.cuda.empty_cache()
    torch.cuda.synchronize()
from gpumemd.agent import api  # noqa: E402  (started by gpumemd run's sitecustomize)

print(json.dumps({"rank": rank, "pid": os.getpid(), "agent": api.current() is not None,
                  "allocated": 0 if args.cpu else torch.cuda.memory_allocated(),
                  "reserved": 0 if args.cpu else torch.cuda.memory_reserved(),
                  "device": -1 if args.cpu else torch.cuda.current_device(), "ready": time.time()}),
      flush=True)
deadline = time.monotonic() + 120
while not os.path.exists(args.stop) and time.monotonic() < deadline:
    time.sleep(0.05)
