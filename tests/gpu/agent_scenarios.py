"""GPU scenarios for tests/gpu/test_agent_gpu.py, one per process (clean CUDA state each).

    python tests/gpu/agent_scenarios.py SCENARIO [ARG]   -> one JSON line on stdout
"""

from __future__ import annotations

import json
import os
import pickle
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402

MiB, GiB = 1 << 20, 1 << 30


def agent(**kw: object) -> Agent:
    kw.setdefault("listen_address", None)
    kw.setdefault("spool_dir", "")
    return Agent(**kw).start()  # type: ignore[arg-type]


def alloc_reading(a: Agent) -> object:
    return a.sample_once().readings["allocator"][0]


def exact_allocation() -> dict:
    torch.cuda.init()
    torch.empty(1, device="cuda")  # context + first small segment
    a = agent(interval=10.0)  # the thread stays idle: we sample by hand
    keep, rows = [], []
    for n in (1, 511, 4000, 1 * MiB, 3 * MiB + 1, 12 * MiB + 512, 256 * MiB, GiB):
        torch.cuda.synchronize()
        before = alloc_reading(a)
        keep.append(torch.empty(n, dtype=torch.uint8, device="cuda"))
        torch.cuda.synchronize()
        after = alloc_reading(a)
        rows.append({
            "requested": n,
            "allocated_delta": after.allocated_bytes - before.allocated_bytes,
            "requested_delta": after.requested_bytes - before.requested_bytes,
            "expected_allocated_delta": max(512, -(-n // 512) * 512),
            "public_memory_allocated_matches": after.allocated_bytes == torch.cuda.memory_allocated(),
        })
    a.stop()
    return {"rows": rows}


def max_memory_allocated() -> dict:
    torch.cuda.init()
    x = torch.empty(2 * GiB, dtype=torch.uint8, device="cuda")
    del x
    before = torch.cuda.max_memory_allocated()
    a = agent(interval=0.001)  # 1 kHz: as hard on the peak counters as it gets
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        y = torch.empty(64 * MiB, dtype=torch.uint8, device="cuda")
        del y
    ticks = a.runtime.sampler.busy[0] if a.runtime else 0  # samples, and the allocator's ticks between
    a.stop()
    return {"before": before, "after": torch.cuda.max_memory_allocated(), "agent_ticks": ticks}


def spike(trials: int = 20) -> dict:
    """A 5 ms, 1 GiB spike just after a sample, below the lifetime peak, 20 times. Samples
    every 0.3 s with the 10 Hz ticks between (the default samples once a second: the same
    combination of ticks, three times faster to run); each sample is read from
    `sampler.latest` as it lands, not from the history."""
    torch.cuda.init()
    x = torch.empty(4 * GiB, dtype=torch.uint8, device="cuda")  # lifetime peak above the spikes
    del x
    base_keep = torch.empty(100 * MiB, dtype=torch.uint8, device="cuda")  # noqa: F841
    torch.cuda.synchronize()
    a = agent(evaluation_interval=0.3, nvml_interval=0.3)  # ticks at the default 10 Hz
    assert a.runtime is not None
    sampler = a.runtime.sampler

    def seq() -> int:
        return sampler.latest.sequence if sampler.latest else 0

    rows = []
    for _ in range(trials):
        start = seq()
        while seq() == start:  # just after a sample
            time.sleep(0.001)
        time.sleep(0.02)
        seq_before = seq()
        base = torch.cuda.memory_allocated()
        t0 = time.perf_counter()
        s = torch.empty(GiB, dtype=torch.uint8, device="cuda")
        s.fill_(1)
        torch.cuda.synchronize()
        time.sleep(max(0.0, 0.005 - (time.perf_counter() - t0)))
        del s
        held = time.perf_counter() - t0
        during = sampler.latest
        after = [during] if during.sequence > seq_before else []
        while seq() <= during.sequence:  # the sample that covers the spike
            time.sleep(0.001)
        after.append(sampler.latest)
        readings = [snap.readings["allocator"][0] for snap in after if "allocator" in snap.readings]
        peaks = [r.interval_peak_bytes for r in readings]
        window = [r.window_peak_bytes for r in readings]
        rows.append({
            "base": base, "spike_seconds": held,
            "between_samples": during.sequence == seq_before,
            "max_interval_peak": max(peaks), "max_window_peak": max(window),
            "caught": max(peaks) >= base + GiB,
        })
    a.stop()
    return {"rows": rows, "lifetime_peak": torch.cuda.max_memory_allocated(), "sample_every_s": 0.3}


def cause_oom() -> bool:
    """Ask for 64 TiB: a real OOM from the caching allocator; True once it raised."""
    try:
        torch.empty(1 << 46, dtype=torch.uint8, device="cuda")
    except torch.OutOfMemoryError:
        return True
    return False


def oom(directory: str) -> dict:
    torch.cuda.init()
    keep = torch.empty(64 * MiB, device="cuda")  # noqa: F841
    a = agent(oom_snapshot_dir=directory, oom_min_dump_interval=0.0, interval=10.0)
    a.sample_once()  # attaches the observer (CUDA is initialised now)
    ooms_before = torch.cuda.memory_stats()["num_ooms"]
    raised = cause_oom()
    snap = a.sample_once()
    reading = snap.readings["oom"]
    files = sorted(os.listdir(directory))
    loaded = None
    if reading.last_snapshot_path:
        with open(reading.last_snapshot_path, "rb") as f:
            data = pickle.load(f)
        loaded = {"keys": sorted(data), "segments": len(data.get("segments", []))}
    a.stop()
    return {
        "raised": raised,
        "observer_installed": reading.observer_installed,
        "events": sum(n for (device, _cause), n in reading.events.items() if device == 0),
        "allocator_ooms_delta": snap.readings["allocator"][0].ooms - ooms_before,
        "snapshots": dict(reading.snapshots),
        "files": files,
        "loaded": loaded,
        "path": reading.last_snapshot_path,
    }


def non_pytorch() -> dict:
    import pynvml

    torch.cuda.init()
    x = torch.empty(512 * MiB, dtype=torch.uint8, device="cuda")  # noqa: F841
    m = torch.randn(1024, 1024, device="cuda")
    (m @ m).sum().item()  # cuBLAS handle and workspace: real non-PyTorch memory
    torch.cuda.synchronize()
    a = agent(interval=10.0, nvml_interval=0.001)
    time.sleep(0.01)
    view = a.sample_once().readings["process"].devices[0]
    reserved = torch.cuda.memory_reserved()
    pynvml.nvmlInit()
    index = {pynvml.nvmlDeviceGetUUID(pynvml.nvmlDeviceGetHandleByIndex(i)): i
             for i in range(pynvml.nvmlDeviceGetCount())}[view.uuid]
    procs = pynvml.nvmlDeviceGetComputeRunningProcesses(pynvml.nvmlDeviceGetHandleByIndex(index))
    used = next((p.usedGpuMemory for p in procs if p.pid == os.getpid()), None)
    name = pynvml.nvmlDeviceGetName(pynvml.nvmlDeviceGetHandleByIndex(index))
    a.stop()
    return {
        "device": name if isinstance(name, str) else name.decode(),
        "nvml_visible": view.nvml_visible,
        "agent_non_pytorch": view.non_pytorch_bytes,
        "agent_nvml_used": view.nvml_used_bytes,
        "agent_reserved": view.reserved_bytes,
        "nvml_used": used,
        "torch_reserved": reserved,
        "expected_non_pytorch": None if used is None else used - reserved,
        "unattributed": view.unattributed_bytes,
        "device_used_fallback": view.device_used_bytes,
        "torch": torch.__version__,
    }


if __name__ == "__main__":
    name, *args = sys.argv[1:]
    result = {"exact": exact_allocation, "max_memory_allocated": max_memory_allocated, "spike": spike,
              "oom": oom, "non_pytorch": non_pytorch}[name](*args)
    print(json.dumps(result), flush=True)
