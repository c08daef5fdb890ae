"""`gpumemd capture`: record what the real libraries answer, for replay in tests and demos.

The capture holds raw answers, not metrics, so a replay runs the same source code as a
real GPU node. Nothing identifying beyond the GPU's UUID and PCI bus id is kept: no
hostname, no serial number, executable base names only (never command lines).
"""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path
from typing import Any

__all__ = ["CaptureError", "errors", "record", "record_torch", "write"]

from gpumemd.backends.host import Psutil
from gpumemd.backends.nvml import LIBRARY_NOT_FOUND, NvmlError, Pynvml
from gpumemd.backends.replay import FORMAT, host_recorder, nvml_recorder, torch_recorder
from gpumemd.fs import write_user_file
from gpumemd.sources.host import HostSource
from gpumemd.sources.nvml import NvmlSource
from gpumemd.version import __version__


class CaptureError(Exception):
    """A capture that cannot be taken at all (asked for torch where there is none)."""


def record_torch(torch_api: Any = None) -> dict[str, Any]:
    """The allocator's answers in this process (call it inside the training process; a
    process that has not initialised CUDA, like `gpumemd capture --torch`, initialises it)."""
    from gpumemd.backends.torch_cuda import TorchCuda, init_cuda
    from gpumemd.sources.allocator import AllocatorSource
    from gpumemd.sources.pools import PoolSource

    if torch_api is None:
        try:
            init_cuda()
        except ImportError as exc:
            raise CaptureError(f"--torch: torch cannot be imported here ({exc}); install it "
                               "(pip install torch) or capture without --torch") from None
    calls: dict[str, Any] = {}
    api = torch_recorder(torch_api or TorchCuda(), calls)
    try:
        for r in AllocatorSource(api).read({}):
            if r.reserved_bytes > 0:  # a context exists there: mem_get_info creates none
                api.mem_get_info(r.device)
    except Exception:  # "not initialised" / "no CUDA device" are states worth recording too
        pass
    try:
        PoolSource(api).read({})  # the allocator snapshot's segments: the pool series replay from it
    except Exception:
        pass
    return calls


def record(description: str = "", nvml_api: Any = None, host_api: Any = None,
           torch: bool = False, torch_api: Any = None) -> dict[str, Any]:
    nvml_calls: dict[str, Any] = {}
    host_calls: dict[str, Any] = {}
    nv = nvml_recorder(nvml_api or Pynvml(), nvml_calls)
    nvml = NvmlSource(nv, processes=True, process_names=True, max_processes=1024, utilization=True,
                      say_absent=False)  # the capture's own error says it
    readings: dict[str, Any] = {}
    try:
        reading = nvml.read({})
        if reading.absent:  # no NVIDIA driver: the capture records that state
            raise NvmlError(LIBRARY_NOT_FOUND, reading.absent)
        readings["nvml"] = reading
        for index in range(nv.device_count()):  # v1 too, so replays can test the fallback
            try:
                nv.memory_info(index)
            except NvmlError:
                pass
    except Exception as exc:  # no NVML here: the capture records that state
        readings["nvml_error"] = f"{type(exc).__name__}: {exc}"
    finally:
        nvml.close()
    host = HostSource(host_recorder(host_api or Psutil(), host_calls))
    host.read(readings)
    for key, answer in nvml_calls.items():
        if key.startswith("process_name(") and "ok" in answer:
            answer["ok"] = os.path.basename(answer["ok"])
    meta: dict[str, Any] = {
        "recorded_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "gpumemd_version": __version__,
        "description": description,
    }
    if "nvml_error" in readings:
        meta["errors"] = [f"nvml: {readings['nvml_error']}"]
    capture = {"format": FORMAT, "meta": meta, "nvml": nvml_calls, "host": host_calls}
    if torch or torch_api is not None:
        capture["torch"] = record_torch(torch_api)
    return capture


def errors(capture: dict[str, Any]) -> list[str]:
    """What the capture could not read (no NVML on this machine, say): a capture of an error
    state is written only when asked for (`gpumemd capture --keep-errors`)."""
    return list(capture.get("meta", {}).get("errors", []))


def write(capture: dict[str, Any], path: str | Path) -> None:
    """Write the capture to `path` (replaced atomically; a symlink there is refused, not
    followed: `gpumemd.fs.write_user_file`). Raises `gpumemd.fs.WriteError`."""
    write_user_file(path, (json.dumps(capture, indent=1, sort_keys=True) + "\n").encode(), what="capture")
