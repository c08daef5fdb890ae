"""One allocator mode per process (the backend is fixed once torch's allocator starts), for
tests/gpu/test_allocator_modes_gpu.py. The mode comes from PYTORCH_CUDA_ALLOC_CONF, set by the test.

    python tests/gpu/allocator_modes.py   -> one JSON line on stdout
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402
from gpumemd.sources.process import pinned_bytes  # noqa: E402

MiB = 1 << 20


def main() -> dict:
    torch.cuda.init()
    keep = [torch.empty(256 * MiB, dtype=torch.uint8, device="cuda"),  # noqa: F841
            torch.empty(4000, dtype=torch.uint8, device="cuda")]
    pinned = torch.empty(8 * MiB, dtype=torch.uint8, pin_memory=True)  # noqa: F841
    torch.cuda.synchronize()
    a = Agent(listen_address=None, spool_dir="", interval=10.0, nvml_interval=0.001).start()
    snap = a.sample_once()
    a.stop()
    families = {f.name: [[s.labels, s.value] for s in f.samples] for f in snap.exposition.families
                if f.name.startswith(("gpumemd_allocator_", "gpumemd_process_", "gpumemd_host_pinned_"))}
    host = (
        torch.cuda.memory.host_memory_stats_as_nested_dict()
        if hasattr(torch.cuda, "host_memory_stats")
        else {}
    )
    used = getattr(torch.cuda, "device_memory_used", None)
    name = torch.cuda.get_device_name(0)
    return {
        "conf": os.environ.get("PYTORCH_CUDA_ALLOC_CONF", ""),
        "backend": torch.cuda.get_allocator_backend(),
        "torch": torch.__version__,
        "device": name,
        "torch_allocated": torch.cuda.memory_allocated(),
        "torch_reserved": torch.cuda.memory_reserved(),
        "torch_pinned": list(pinned_bytes(host)) if host else None,
        "device_memory_used": used(0) if used is not None else None,
        "families": families,
    }


if __name__ == "__main__":
    print(json.dumps(main()), flush=True)
