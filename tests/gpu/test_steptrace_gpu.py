"""The `record_profile` action's step trace on a real GPU (gpumemd/agent/steptrace.py): armed
from another thread, it traces the next optimizer steps of a CUDA training loop with
torch.profiler and writes a gzipped Chrome trace whose memory events are the GPU's.

In this process (no scenario subprocess): the trace's own work is a second or two, and its
optimizer hook stays installed but idle after `close()` (the module says why)."""

from __future__ import annotations

import gzip
import json
import threading
from pathlib import Path

import pytest

from gpumemd.agent.steptrace import StepTrace

CUDA = 1  # torch's DeviceType for CUDA, in a memory event's "Device Type"


@pytest.mark.timeout_s(60)
def test_an_armed_trace_records_the_next_cuda_steps_memory(tmp_path: Path, results_dir: Path) -> None:
    torch = pytest.importorskip("torch")
    model = torch.nn.Sequential(
        torch.nn.Linear(1024, 1024), torch.nn.ReLU(), torch.nn.Linear(1024, 1024)
    ).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(64, 1024, device="cuda")

    def step() -> None:
        model(x).square().mean().backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    trace = StepTrace(tmp_path, steps=2)
    armed: list[bool] = []
    arm = threading.Thread(
        target=lambda: armed.append(trace.arm("test"))
    )  # as the alert engine's thread does
    arm.start()
    arm.join(10)
    try:
        for _ in range(5):  # one step starts the profiler, two are traced, the rest run untraced
            step()
        torch.cuda.synchronize()
        trace.join(30)
    finally:
        trace.close()
    assert armed == [True]
    assert trace.results == {"written": 1}, trace.results
    (path,) = trace.written
    assert Path(path).parent == tmp_path and path.endswith(".json.gz")
    events = json.loads(gzip.decompress(Path(path).read_bytes()))["traceEvents"]
    memory = [e for e in events if e.get("name") == "[memory]"]
    on_gpu = [e for e in memory if e["args"].get("Device Type") == CUDA]
    kernels = sum(e.get("cat") == "kernel" for e in events)
    (results_dir / "steptrace-gpu.json").write_text(
        json.dumps(
            {
                "events": len(events),
                "memory_events": len(memory),
                "cuda_memory_events": len(on_gpu),
                "kernel_events": kernels,
                "bytes": Path(path).stat().st_size,
            },
            indent=1,
        )
        + "\n"
    )
    assert on_gpu and all(e["args"]["Device Id"] == torch.cuda.current_device() for e in on_gpu), memory[:3]
    assert any(e["args"]["Bytes"] > 0 for e in on_gpu)  # the steps' activations, allocated on the GPU
