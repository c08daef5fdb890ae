"""A training process whose agent publishes its calibration into a node spool: the preflight tests'
tiny decoder, trained for real on the CPU. argv: the spool directory, the step peak (bytes) its
allocator reaches, optionally `unwatched` (no `gpumemd.watch()`: the stepped optimizer keys the
calibration) and a world size (the launcher's, default 1). Prints {"pid"} once published; exits
when stdin closes.

Two stand-ins, for what a CPU cannot have: the CUDA allocator's counters (moved by the loop as a
step's allocations would move them: reserved keeps a cached 20 MiB beyond the peak) and NVML's
process list (this process, holding reserved + 700 MiB: a CUDA context's)."""

import copy
import json
import os
import sys
import time

import torch

from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.backends.replay import load_capture, nvml_replayer
from tests.fakes import ROOT, TorchSequence, stats
from tests.unit.preflight.models import Decoder

MiB = 1 << 20
CACHED = 20 * MiB
OUTSIDE = 700 * MiB


class Allocator(TorchSequence):
    """A CUDA allocator's counters (allocated and reserved, current/peak/cumulative), moved by the loop."""

    def __init__(self) -> None:
        super().__init__([])
        self.a = {"current": 0, "peak": 0, "allocated": 0, "freed": 0}
        self.r = {"current": 0, "peak": 0, "allocated": 0, "freed": 0}

    def alloc(self, n: int) -> None:
        a, r = self.a, self.r
        a["current"] += n
        a["allocated"] += n
        a["peak"] = max(a["peak"], a["current"])
        grow = a["current"] + CACHED - r["current"]
        if grow > 0:  # a new segment: reserved grows, and stays
            r["current"] += grow
            r["allocated"] += grow
            r["peak"] = max(r["peak"], r["current"])

    def free(self, n: int) -> None:
        self.a["current"] -= n
        self.a["freed"] += n

    def memory_stats(self, device: int) -> dict:
        out = stats(self.a["current"], self.a["peak"], self.a["allocated"], self.a["freed"])
        out["reserved_bytes"]["all"] = dict(self.r)
        return out


spool, peak = sys.argv[1], int(sys.argv[2])
watched = "unwatched" not in sys.argv[3:]
world = int(sys.argv[4]) if len(sys.argv) > 4 else 1
allocator = Allocator()
RECORDED = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
capture = copy.deepcopy(load_capture(RECORDED))


class Nvml:  # NVML's answers recorded on the H200, this process listed in place of the recorded one's
    def __init__(self) -> None:
        self._replay = nvml_replayer(capture)

    def __getattr__(self, name: str):  # every other call: the recording's answer
        return getattr(self._replay, name)

    def processes(self, index: int) -> list:
        return [{"pid": os.getpid(), "used_bytes": allocator.r["current"] + OUTSIDE}]


model = Decoder(64, 2, 1000, 172, 4)
opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
agent = Agent(listen_address=None, identity=Identity(pid=os.getpid(), rank=0, local_rank=0, world_size=world),
              apis={"torch": allocator, "nvml": Nvml(), "rss": lambda: 1, "peak_rss": lambda: 1},
              spool_dir=spool, interval=0.05, nvml_interval=0.1, evaluation_interval=0.1,
              spool_interval=0.1, tick="step")
agent.start()
allocator.alloc(peak // 4)  # the model and optimizer state, held across steps
agent.sample_once()  # hooks the optimizer steps (torch is imported)
agent.steps.peak_budget = float("inf")  # a step boundary after every step
if watched:
    agent.watch(model, opt)
for i in range(4):
    model(torch.randint(0, 1000, (2, 16))).backward()
    allocator.alloc(peak - peak // 4 + i)  # the step's activations: each step a new lifetime peak, exact
    allocator.free(peak - peak // 4 + i)
    opt.step()
    opt.zero_grad()
    agent.sample_once()
time.sleep(0.5)  # the spool's next publish
print(json.dumps({"pid": os.getpid()}), flush=True)
sys.stdin.read()
agent.stop()
