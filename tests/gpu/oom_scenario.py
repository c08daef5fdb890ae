"""One scripted OOM per cause, in a process running the gpumemd agent (tests/gpu/test_oom_diagnosis_gpu.py).

    python3 tests/gpu/oom_scenario.py CAUSE OUTDIR [--fixed FIX_JSON]

Prints one JSON line: whether the script's own OutOfMemoryError came (`oom`), the ground
truth read in the except handler (memory_stats, NVML for this pid), how long the failing call
took (the observer and the diagnosis run inside it, before torch raises), and the paths of
the diagnosis files. With `--fixed`, the diagnosis's remedy is applied (the fraction, the
batch fraction, the holder stopped, the graph released, CuPy's pool capped, the large tensor
first, the leak stopped; an allocator setting comes through the environment instead) and the
script says whether the step that failed now completes.

Sizes are fractions of the device, so the script runs on an H100 (80 GB) and an H200 (141 GB).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

cause, outdir = sys.argv[1], Path(sys.argv[2])
fixed = json.loads(Path(sys.argv[4]).read_text()) if len(sys.argv) > 4 and sys.argv[3] == "--fixed" else None

import gpumemd  # noqa: E402

agent = gpumemd.start(listen_address=None, oom_snapshot_dir=str(outdir), oom_min_dump_interval=0.0,
                      nvml_interval=0.2, evaluation_interval=0.2)

import pynvml  # noqa: E402
import torch  # noqa: E402

GIB, MIB = 1 << 30, 1 << 20
result: dict = {"cause": cause, "fixed": fixed is not None}
holder = None


def nvml_used() -> int | None:
    pynvml.nvmlInit()
    h = pynvml.nvmlDeviceGetHandleByIndex(0)
    for p in pynvml.nvmlDeviceGetComputeRunningProcesses(h):
        if p.pid == os.getpid():
            return int(p.usedGpuMemory)
    return None


mark: list[float] = []  # where a scenario's failing call starts, when it is not the whole attempt


def attempt(fn) -> bool:
    """Run the failing call; record the ground truth at the OOM. True when it completed."""
    t0 = time.monotonic()
    try:
        fn()
        torch.cuda.synchronize()
        return True
    except torch.OutOfMemoryError as exc:
        result["oom_call_s"] = time.monotonic() - (mark[-1] if mark else t0)
        stats = torch.cuda.memory_stats(0)
        result["truth"] = {"allocated": stats["allocated_bytes.all.current"],
                           "reserved": stats["reserved_bytes.all.current"],
                           "num_ooms": stats["num_ooms"], "nvml_used": nvml_used(),
                           "message": str(exc).splitlines()[0][:300]}
        return False


torch.cuda.init()
free, total = torch.cuda.mem_get_info(0)
keep: list = []

if cause == "capacity_device":
    # one tensor 1.25x the device: the first allocation after init, so the observer must be attached
    # on torch's CUDA initialisation path; no change makes it fit (the diagnosis says so, no fix to run)
    result["completed"] = attempt(
        lambda: keep.append(torch.empty(int(total * 1.25), dtype=torch.uint8, device="cuda"))
    )

elif cause == "capacity":
    # what the step keeps (0.6 of the device), then its one big activation: 0.6 of the device at batch 100
    keep.append(torch.empty(int(total * 0.6), dtype=torch.uint8, device="cuda"))
    unit = int(total * 0.6) // 100
    batch = 100 if fixed is None else int(100 * fixed["remedy"]["fraction"])
    result["batch"] = batch
    result["completed"] = attempt(
        lambda: keep.append(torch.empty(batch * unit, dtype=torch.uint8, device="cuda"))
    )

elif cause == "limit":
    fraction = 0.25 if fixed is None else fixed["remedy"]["fraction"]
    torch.cuda.set_per_process_memory_fraction(fraction, 0)
    keep.append(torch.empty(int(total * 0.18), dtype=torch.uint8, device="cuda"))
    result["completed"] = attempt(
        lambda: keep.append(torch.empty(int(total * 0.12), dtype=torch.uint8, device="cuda"))
    )

elif cause == "fragmentation":
    # 6 MiB tensors share 20 MiB segments: free two of each three and no free block holds 15 MiB
    small: list = []
    if fixed is not None:  # the fix: the large tensor before the small long-lived ones
        keep.append(torch.empty(15 * MIB, dtype=torch.uint8, device="cuda"))
    try:
        while True:
            small.append(torch.empty(6 * MIB, dtype=torch.uint8, device="cuda"))
    except torch.OutOfMemoryError:
        pass
    result["filled"] = len(small)
    for i in range(len(small)):
        if i % 3 != 2:
            small[i] = None
    time.sleep(0.5)  # a sample sees the steady state
    result["completed"] = attempt(
        lambda: (
            None
            if fixed is not None
            else keep.append(torch.empty(15 * MIB, dtype=torch.uint8, device="cuda"))
        )
    )

elif cause == "fragmentation_pages":
    # 100 MiB segments split 40 | 20 | 40 MiB, the 40s freed: each segment holds a 20 MiB tensor
    # between two 40 MiB holes (four whole 20 MiB pages), the device filled with 20 MiB tensors;
    # a 60 MiB request fits no block. The fix is the setting the diagnosis names (expandable
    # segments, through PYTORCH_CUDA_ALLOC_CONF: the test runs the script again under it).
    big: list = []
    try:
        while True:
            big.append(torch.empty(100 * MIB, dtype=torch.uint8, device="cuda"))
    except torch.OutOfMemoryError:
        pass
    n = len(big)
    big.clear()  # cached: the triples below split these segments
    holes: list = []
    for _ in range(n):
        holes.append(torch.empty(40 * MIB, dtype=torch.uint8, device="cuda"))
        keep.append(torch.empty(20 * MIB, dtype=torch.uint8, device="cuda"))
        holes.append(torch.empty(40 * MIB, dtype=torch.uint8, device="cuda"))
    try:
        while True:
            keep.append(torch.empty(20 * MIB, dtype=torch.uint8, device="cuda"))
    except torch.OutOfMemoryError:
        pass
    holes.clear()
    result["segments"] = n
    time.sleep(0.5)
    result["completed"] = attempt(
        lambda: keep.append(torch.empty(60 * MIB, dtype=torch.uint8, device="cuda"))
    )

elif cause == "other_processes":
    if fixed is None:
        holder = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("holder.py")), str(int(total * 0.5))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        result["holder_pid"] = json.loads(holder.stdout.readline())["pid"]
    keep.append(torch.empty(int(total * 0.35), dtype=torch.uint8, device="cuda"))
    result["completed"] = attempt(
        lambda: keep.append(torch.empty(int(total * 0.2), dtype=torch.uint8, device="cuda"))
    )

elif cause == "graph_pools":
    # a temporary freed inside the capture: its block stays, free, in the graph's private pool
    x = torch.ones(int(total * 0.3) // 4, device="cuda")
    g = torch.cuda.CUDAGraph()
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        y = (x * 2).sum()  # warm-up outside the capture
    torch.cuda.current_stream().wait_stream(s)
    del y
    with torch.cuda.graph(g):
        t = x * 2
        y = t.sum()
        del t  # freed inside the capture: 0.3 of the device free in the private pool
    g.replay()
    if fixed is not None:  # the fix: release the graph and its pool
        del g, y
        torch.cuda.empty_cache()
    time.sleep(0.5)
    result["completed"] = attempt(
        lambda: keep.append(torch.empty(int(total * 0.45), dtype=torch.uint8, device="cuda"))
    )

elif cause == "non_pytorch":
    import cupy

    keep.append(
        torch.empty(MIB, dtype=torch.uint8, device="cuda")
    )  # the agent's NVML view needs a device in use
    time.sleep(1.0)  # the agent's samples see this process's non-PyTorch memory before it grows
    # the fix: CuPy holds the bytes the remedy names fewer (and 64 MiB more for the driver's granularity)
    cap = int(total * 0.35)
    if fixed is not None:
        cap = max(0, cap - fixed["remedy"]["bytes"] - 64 * MIB)
    held = cupy.empty(cap, dtype=cupy.uint8) if cap else None
    cupy.cuda.Device(0).synchronize()
    time.sleep(0.6)
    keep.append(torch.empty(int(total * 0.45), dtype=torch.uint8, device="cuda"))
    result["completed"] = attempt(
        lambda: keep.append(torch.empty(int(total * 0.25), dtype=torch.uint8, device="cuda"))
    )

elif cause == "leak":
    w = torch.nn.Parameter(torch.zeros(1024, device="cuda"))
    opt = torch.optim.SGD([w], lr=0.1)
    leaked: list = []
    per_step = int(total * 0.04)
    result["leak_bytes_per_step"] = per_step
    steps = 0

    def train() -> None:
        global steps
        for _ in range(100):
            loss = (w * 2).sum()
            loss.backward()
            opt.step()
            opt.zero_grad()
            if fixed is None:
                mark.append(time.monotonic())
                leaked.append(torch.empty(per_step, dtype=torch.uint8, device="cuda"))
            steps += 1
            time.sleep(0.3)  # the agent samples between steps
            if fixed is not None and steps >= 30:
                return

    result["completed"] = attempt(train)
    result["steps"] = steps

else:
    raise SystemExit(f"unknown cause {cause}")

time.sleep(0.3)
result["diagnoses"] = sorted(str(p) for p in outdir.glob("*.diagnosis.json"))
result["snapshots"] = sorted(str(p) for p in outdir.glob("*.pickle"))
result["observer_installed"] = bool(agent.oom is not None and agent.oom.read({}).observer_installed)
if holder is not None:
    holder.stdin.close()
    holder.wait(timeout=30)
print(json.dumps(result), flush=True)
gpumemd.stop()
