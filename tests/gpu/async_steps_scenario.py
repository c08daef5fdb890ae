"""A leaking training loop under backend:cudaMallocAsync, through the gpumemd agent
(tests/gpu/test_async_steps_gpu.py).

    PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync python3 tests/gpu/async_steps_scenario.py OUTDIR

Phase 1: an MLP's steps (the loss read each step, as a loop that logs it), each with a 64 MiB
temporary freed inside it and LEAK bytes kept (an odd size: the driver pool counts a request's
own bytes), until the agent has closed CLOSED steps; its boundaries at its default budget (a
closed step may cover several optimizer steps: step_peak_steps). A hook registered after the
agent's reads `memory_allocated()` at each optimizer step's end (the truth each closed step's
end is compared with). Prints one JSON line: the exported
`gpumemd_forecast_leak_bytes_per_step` and `..._since_step`, the step series, the closed steps.
Phase 2 (the corpus's `leak.async.after_leak` shape, its one-off jump kept out of the run):
steady steps, half the free memory kept, steady steps, then `per` bytes kept a step until the
uncaught OOM, which the agent diagnoses (OUTDIR/*.diagnosis.json); the process ends with 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

outdir = Path(sys.argv[1])
MIB = 1 << 20
LEAK = 3 * MIB + 4000
CLOSED = 12  # the forecast's warm-up (2 boundaries) and the verdict's 6 ends, with room
MAX_STEPS = 2000

import gpumemd  # noqa: E402

# no node spool: other GPU jobs beside this one may read the node's
agent = gpumemd.start(listen_address=None, spool_dir="", oom_snapshot_dir=str(outdir),
                      oom_min_dump_interval=0.0)

import torch  # noqa: E402
from torch.optim.optimizer import register_optimizer_step_post_hook  # noqa: E402

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.ReLU(), torch.nn.Linear(4096, 1024)).cuda()
opt = torch.optim.SGD(model.parameters(), lr=1e-3)
x = torch.randn(256, 1024, device="cuda")
agent.sample_once()  # CUDA is up and torch imported: the agent hooks the optimizer steps now
assert agent.steps.handle is not None, "the agent's optimizer-step hook is not installed"
truth: list[int] = []
register_optimizer_step_post_hook(lambda *_: truth.append(torch.cuda.memory_allocated()))  # after the agent's
allocator = agent.step_allocator()
kept: list[torch.Tensor] = []


def step(keep: int) -> None:
    opt.zero_grad()
    loss = model(x).square().mean()
    loss.backward()
    float(loss)  # the loop logs its loss: the host waits for the step's work
    tmp = torch.empty(64 * MIB, dtype=torch.uint8, device="cuda")  # the step's temporary
    tmp.fill_(1)
    del tmp
    if keep:
        kept.append(torch.empty(keep, dtype=torch.uint8, device="cuda"))
    opt.step()


def series(names: tuple[str, ...]) -> dict[str, Any]:
    snap = agent.sample_once()
    return {s.name: s.value for f in snap.exposition.families for s in f.samples if s.name in names}


closed = []  # (optimizer steps counted, the closed step's end, the truth at that step, peak known, exact)
last = None
for _ in range(MAX_STEPS):
    step(LEAK)
    r = allocator.last_step_peak(0)
    if r is not None and r is not last:
        last = r
        closed.append((agent.training.optimizer_steps, r.allocated_end_bytes, truth[-1],
                       r.allocated_bytes is not None, r.allocated_exact))
    if len(closed) >= CLOSED:
        break
got = series(("gpumemd_forecast_leak_bytes_per_step", "gpumemd_forecast_leak_since_step",
              "gpumemd_allocator_step_peak_steps", "gpumemd_allocator_step_peak_bytes",
              "gpumemd_allocator_stats_valid", "gpumemd_forecast_steps_to_oom", "gpumemd_headroom_bytes"))
print(json.dumps({"phase": 1, "backend": torch.cuda.get_allocator_backend(), "leak": LEAK,
                  "steps": agent.training.optimizer_steps,
                  "series": got, "closed": closed, "device": torch.cuda.get_device_name(0),
                  "torch": torch.__version__, "python": list(sys.version_info[:2])}), flush=True)

# Phase 2: a boundary after every step from here on, so that the step that turns from steady to
# leaking is a span of its own (a span of one steady and one leaking step is growth the verdict
# cannot split, docs/alerts.md)
agent.steps.peak_budget = float("inf")
for _ in range(3):
    step(0)
free, total = torch.cuda.mem_get_info(0)
big = torch.empty(free // 2, dtype=torch.uint8, device="cuda")
for _ in range(3):
    step(0)
per = int(total * 0.04)
print(json.dumps({"phase": 2, "per": per, "total": total, "kept_before": free // 2}), flush=True)
while True:  # until the OOM, uncaught: the agent diagnoses it (at the raise or its excepthook)
    step(per)
