"""An MPS client for tests/gpu/test_mps_gpu.py: holds NBYTES through torch, runs the agent, asks
once for OVER bytes more (refused under its MPS limit), and prints one JSON line: what CUDA,
torch and the agent (its process view, its OOM observer) say. Holds the memory until its stdin closes.

    python tests/gpu/mps_client.py NBYTES OVER
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402

import gpumemd  # noqa: E402

nbytes, over = int(sys.argv[1]), int(sys.argv[2])
held = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
torch.cuda.synchronize()
free, total = torch.cuda.mem_get_info()
agent = gpumemd.start(listen_address=None, spool_dir="", interval=10.0, nvml_interval=0.001)
refused, message = False, ""
try:
    extra = torch.empty(over, dtype=torch.uint8, device="cuda")
    torch.cuda.synchronize()
    del extra
except torch.OutOfMemoryError as exc:
    refused, message = True, str(exc)[:600]
torch.cuda.empty_cache()  # the refused request's cache let go: reserved is the held tensor again
readings = agent.sample_once().readings
view, oom = readings["process"].devices[0], readings["oom"]
print(json.dumps({
    "pid": os.getpid(),
    "torch": torch.__version__,
    "held_bytes": nbytes,
    "allocated_bytes": torch.cuda.memory_allocated(),
    "reserved_bytes": torch.cuda.memory_reserved(),
    "cuda_free_bytes": free,
    "cuda_total_bytes": total,
    "device_properties_total_bytes": torch.cuda.get_device_properties(0).total_memory,
    "over_request_bytes": over,
    "over_request_refused": refused,
    "oom_message": message,
    # the agent's OOM observer: the refused request counted, and its diagnosis (an MPS limit from
    # this process's environment, or its server's inferred from CUDA's free: agent/oomdiag.py)
    "oom_observer_installed": oom.observer_installed,
    "oom_events": {f"{device}/{cause}": n for (device, cause), n in oom.events.items()},
    "oom_diagnosis": {str(device): list(d) for device, d in oom.last_diagnosis.items()},
    "agent": {
        "uuid": view.uuid,
        "nvml_visible": view.nvml_visible,
        "reserved_bytes": view.reserved_bytes,
        "nvml_used_bytes": view.nvml_used_bytes,
        "non_pytorch_bytes": view.non_pytorch_bytes,
        "unattributed_bytes": view.unattributed_bytes,
        "device_used_bytes": view.device_used_bytes,
        "others_bytes": view.others_bytes,
    },
}), flush=True)
sys.stdin.read()
agent.stop()
