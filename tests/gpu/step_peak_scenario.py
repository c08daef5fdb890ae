"""The GPU scenario of tests/gpu/test_step_peak_gpu.py, in its own process (clean CUDA state).

    python tests/gpu/step_peak_scenario.py   -> one JSON line on stdout

The agent runs with its default budget (no override): 0.1 s steps, which its boundary reads fit
in; steps 6 and 7 run while another thread holds the sampler (a sample in progress), so their
boundaries are read by the hook itself (`AllocatorSource.close_steps`); step 7 holds a 512 MiB
temporary, a new high.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402

MiB = 1 << 20
STEPS, MICRO_BATCHES = 8, 4
TEMPORARIES = {4: 256 * MiB, 7: 512 * MiB}  # step -> its temporary's bytes
BUSY = (6, 7)  # the steps the sampler is held through


def main() -> dict:
    torch.cuda.init()
    net = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.GELU(), torch.nn.Linear(256, 256)).cuda()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    x = torch.randn(32, 256, device="cuda")
    a = Agent(listen_address=None, spool_dir="", interval=10.0, tick="step").start()  # the thread stays idle
    a.sample_once()  # CUDA is up and torch imported: the step hook is installed
    hooked = a.steps.handle is not None
    assert a.runtime is not None and a._allocator is not None
    sampler, allocator = a.runtime.sampler, a._allocator
    held, release = threading.Event(), threading.Event()

    def hold() -> None:  # a sample in progress, as long as the busy steps last
        with sampler.cycle_lock:
            held.set()
            release.wait(30)

    holder = threading.Thread(target=hold, daemon=True)
    rows, before = [], {}
    for step in range(STEPS):
        busy = step in BUSY
        if busy and not holder.is_alive():
            holder.start()
            held.wait(30)
        opt.zero_grad()
        for _ in range(MICRO_BATCHES):  # gradient accumulation: one optimizer step per 4 backward passes
            (net(x).sum() / MICRO_BATCHES).backward()
        if step in TEMPORARIES:
            torch.cuda.synchronize()
            before[step] = torch.cuda.memory_allocated()
            temporary = torch.empty(TEMPORARIES[step], dtype=torch.uint8, device="cuda")
            temporary.fill_(1)
            del temporary
        t0 = time.perf_counter()
        opt.step()  # the hook's boundary: the sampler's tick, or its own read while the sampler is held
        hook_us = (time.perf_counter() - t0) * 1e6
        torch.cuda.synchronize()
        max_allocated, max_reserved = torch.cuda.max_memory_allocated(), torch.cuda.max_memory_reserved()
        if busy:  # the sampler is held: read the step as a logger would, without a sample
            last = allocator.last_step_peak(0)
            tick_refused = not sampler.tick_now()
        else:
            last = a.sample_once().readings["allocator"][0].step
            tick_refused = False
        rows.append({"step": step, "sampler_held": busy, "tick_refused_while_held": tick_refused,
                     "step_peak": last._asdict() if last is not None else None,
                     "opt_step_us": round(hook_us, 1), "open_steps": a.steps.open_steps,
                     "max_memory_allocated": max_allocated, "max_memory_reserved": max_reserved})
        time.sleep(0.1)  # a 0.1 s step: within the default budget a boundary closes each one
    release.set()
    holder.join(30)
    series = {s.name: s.value for f in a.sample_once().exposition.families for s in f.samples
              if s.name == "gpumemd_training_optimizer_steps_total"}
    a.stop()
    return {"hooked": hooked, "rows": rows, "peak_budget": a.steps.peak_budget,
            "allocated_before_temporary": {str(k): v for k, v in before.items()},
            "temporaries": {str(k): v for k, v in TEMPORARIES.items()}, "sampler_held_steps": list(BUSY),
            "optimizer_steps": series.get("gpumemd_training_optimizer_steps_total"),
            "max_memory_allocated_at_end": torch.cuda.max_memory_allocated(),
            "device": torch.cuda.get_device_name(0), "torch": torch.__version__}


if __name__ == "__main__":
    print(json.dumps(main()), flush=True)
