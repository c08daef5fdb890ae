"""The GPU scenario of tests/gpu/test_compile_step_peak_gpu.py, in its own process (clean CUDA
state): a `torch.compile`'d model trained with AdamW under the default agent (`tick: step`),
its step peaks against the allocator's own trace.

    python tests/gpu/compile_step_peak_scenario.py   -> one JSON line on stdout

The truth, without touching the user's counters: the allocator's history replayed
(tests/gpu/alloc_trace.py says how). Each optimizer step's end is marked by the trace's length
read right after `opt.step()` returns (the agent's boundary read happens inside it, in its post
hook, and nothing allocates between the two); the replay checks itself against
`memory_allocated()` and `memory_reserved()` at every mark. Phases:

- `every_step`: the agent's step-peak budget lifted, so a boundary closes every step (one
  step holds a 256 MiB temporary);
- `default_budget`: the agent as shipped: boundaries spaced out by its budget, so a step
  peak covers several steps;
- `compiled_optimizer`: `opt.step` itself compiled (PyTorch's recipe for a fused, compiled
  AdamW): whether the optimizer-step hook still runs is what this phase finds out.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402

from gpumemd.agent.agent import STEP_PEAK_BUDGET, Agent  # noqa: E402
from tests.gpu.alloc_trace import StepRecorder, replay, trace_length  # noqa: E402

MiB = 1 << 20
MAX_ENTRIES = StepRecorder.MAX_ENTRIES  # the trace must not wrap: it is checked
TEMPORARY_STEP = 5
PHASES = (("every_step", 12), ("default_budget", 40), ("compiled_optimizer", 12))


def main() -> dict[str, Any]:
    torch.cuda.init()
    torch.manual_seed(0)
    layers: list[torch.nn.Module] = []
    for _ in range(4):
        layers += [torch.nn.Linear(1024, 1024), torch.nn.GELU()]
    net = torch.nn.Sequential(*layers).cuda()
    model = torch.compile(net)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    x = torch.randn(512, 1024, device="cuda")
    compiled_step = torch.compile(opt.step)

    def train(phase: str, temporary: bool = False) -> None:
        opt.zero_grad(set_to_none=True)
        model(x).square().mean().backward()
        if temporary:  # a known large temporary, eager, between backward and the optimizer step
            t = torch.empty(256 * MiB, dtype=torch.uint8, device="cuda")
            t.fill_(1)
            del t
        if phase == "compiled_optimizer":
            compiled_step()
        else:
            opt.step()

    t0 = time.monotonic()
    for _ in range(3):  # compile before the agent starts: compile time is nobody's step
        train("every_step")
    torch.cuda.synchronize()
    compile_model_s = time.monotonic() - t0

    a = Agent(listen_address=None, spool_dir="", interval=10.0, tick="step").start()  # its thread stays idle
    a.sample_once()  # CUDA is up and torch imported: the step hook is installed
    hooked = a.steps.handle is not None
    assert a._allocator is not None
    peaks = a._allocator._steps  # each device's StepPeak: read without a sample (a read would split spans)
    assert peaks is not None

    torch.cuda.synchronize()
    torch.cuda.memory._record_memory_history(context=None, stacks="python", max_entries=MAX_ENTRIES)
    start = {
        "allocated": torch.cuda.memory_allocated(),
        "reserved": torch.cuda.memory_reserved(),
        "max_memory_allocated": torch.cuda.max_memory_allocated(),
    }
    marks: list[int] = []
    rows: list[dict[str, Any]] = []
    steps_taken = 0
    compile_optimizer_s = None
    for phase, n in PHASES:
        a.steps.peak_budget = float("inf") if phase != "default_budget" else STEP_PEAK_BUDGET
        for i in range(n):
            before, counted = (peaks[0].last if 0 in peaks else None), a.training.optimizer_steps
            t0 = time.monotonic()
            train(phase, temporary=phase == "every_step" and i == TEMPORARY_STEP)
            steps_taken += 1
            if phase == "compiled_optimizer" and i == 0:  # its compile, on the agent's watch as in real use
                torch.cuda.synchronize()
                compile_optimizer_s = time.monotonic() - t0
            marks.append(trace_length())  # right after opt.step(): where the agent's boundary read was
            last = peaks[0].last if 0 in peaks else None
            hook_ran = a.training.optimizer_steps != counted
            rows.append(
                {
                    "phase": phase,
                    "warmup": False,
                    "temporary": phase == "every_step" and i == TEMPORARY_STEP,
                    "hook_ran": hook_ran,
                    "boundary": hook_ran and a.steps.open_steps == 0,  # a boundary read resets the open steps
                    "step_peak": last._asdict() if last is not None and last is not before else None,
                    "allocated": torch.cuda.memory_allocated(),
                    "reserved": torch.cuda.memory_reserved(),
                }
            )
    torch.cuda.synchronize()
    snapshot = torch.cuda.memory._snapshot()
    torch.cuda.memory._record_memory_history(enabled=None)
    entries = snapshot["device_traces"][0]
    series = {
        s.name: s.value
        for f in a.sample_once().exposition.families
        for s in f.samples
        if s.name == "gpumemd_training_optimizer_steps_total"
    }
    a.stop()
    truth = replay(entries, start["allocated"], start["reserved"], marks)
    for row, t in zip(rows, truth, strict=True):
        row["trace"] = t
    actions: dict[str, int] = {}
    for e in entries:
        actions[e["action"]] = actions.get(e["action"], 0) + 1
    return {
        "hooked": hooked,
        "rows": rows,
        "start": start,
        "trace_entries": len(entries),
        "trace_max_entries": MAX_ENTRIES,
        "trace_actions": actions,
        "steps_taken": steps_taken,
        "optimizer_steps": series.get("gpumemd_training_optimizer_steps_total"),
        "max_memory_allocated_at_end": torch.cuda.max_memory_allocated(),
        "compile_model_s": compile_model_s,
        "compile_optimizer_s": compile_optimizer_s,
        "step_peak_budget_default": STEP_PEAK_BUDGET,
        "device": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
    }


if __name__ == "__main__":
    print(json.dumps(main()), flush=True)
