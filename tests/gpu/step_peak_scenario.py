"""The GPU scenario of tests/gpu/test_step_peak_gpu.py, in its own process (clean CUDA state).

    python tests/gpu/step_peak_scenario.py   -> one JSON line on stdout
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402

MiB = 1 << 20
STEPS, TEMPORARY_STEP, MICRO_BATCHES = 8, 4, 4


def main() -> dict:
    torch.cuda.init()
    net = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.GELU(), torch.nn.Linear(256, 256)).cuda()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    x = torch.randn(32, 256, device="cuda")
    a = Agent(listen_address=None, spool_dir="", interval=10.0, tick="step").start()  # the thread stays idle
    a.sample_once()  # CUDA is up and torch imported: the step hook is installed
    # a boundary after every optimizer step: what is checked is each step's exact peak, not how the
    # budget spaces boundaries (a boundary that cost more than 0.3 % of a 0.1 s step merged two)
    a.steps.peak_budget = float("inf")
    hooked = a.steps.handle is not None
    rows, before = [], None
    for step in range(STEPS):
        opt.zero_grad()
        for _ in range(MICRO_BATCHES):  # gradient accumulation: one optimizer step per 4 backward passes
            (net(x).sum() / MICRO_BATCHES).backward()
        if step == TEMPORARY_STEP:
            torch.cuda.synchronize()
            before = torch.cuda.memory_allocated()
            temporary = torch.empty(256 * MiB, dtype=torch.uint8, device="cuda")
            temporary.fill_(1)
            del temporary
        opt.step()
        torch.cuda.synchronize()
        max_allocated, max_reserved = torch.cuda.max_memory_allocated(), torch.cuda.max_memory_reserved()
        reading = a.sample_once().readings["allocator"][0]
        rows.append({"step": step, "step_peak": reading.step._asdict() if reading.step is not None else None,
                     "max_memory_allocated": max_allocated, "max_memory_reserved": max_reserved})
    series = {s.name: s.value for f in a.sample_once().exposition.families for s in f.samples
              if s.name == "gpumemd_training_optimizer_steps_total"}
    a.stop()
    return {"hooked": hooked, "rows": rows, "allocated_before_temporary": before,
            "optimizer_steps": series.get("gpumemd_training_optimizer_steps_total"),
            "max_memory_allocated_at_end": torch.cuda.max_memory_allocated(),
            "device": torch.cuda.get_device_name(0), "torch": torch.__version__}


if __name__ == "__main__":
    print(json.dumps(main()), flush=True)
