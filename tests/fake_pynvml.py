"""A FAKE of nvidia-ml-py's `pynvml` module (NVML needs a driver this CPU box lacks), for
`sys.modules`. Kept apart from tests/fakes.py because it imports nothing of gpumemd: a bench
loads it beside an older gpumemd tree (bench/sample_cost.py --daemon --fake-gpus)."""

# ruff: noqa: N802, N815 (pynvml's own names)

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

__all__ = ["FakePynvml"]


class FakePynvml:
    """A FAKE `pynvml`: `gpus` H200-like devices answering the calls `backends.nvml.Pynvml`
    makes. `processes`: the (pid, used bytes) on every GPU; `device_name`: every GPU's name;
    `fail`: call name -> NVML code, raised by that call until removed."""

    nvmlMemory_v2 = 0x02000028  # nvml.h's NVML_STRUCT_VERSION(Memory, 2), as pynvml names it

    class NVMLError(Exception):
        def __init__(self, value: int) -> None:
            super().__init__(f"NVML error {value}")
            self.value = value

    def __init__(self, gpus: int = 4, processes: Sequence[tuple[int, int]] = ()) -> None:
        self.gpus, self.processes = gpus, list(processes)
        self.device_name = "NVIDIA H200"
        self.fail: dict[str, int] = {}
        self.initialised = False

    def _check(self, call: str) -> None:
        if call in self.fail:
            raise self.NVMLError(self.fail[call])
        if not self.initialised and call != "nvmlInit":
            raise self.NVMLError(1)  # NVML_ERROR_UNINITIALIZED

    def nvmlInit(self) -> None:
        self._check("nvmlInit")
        self.initialised = True

    def nvmlShutdown(self) -> None:
        self._check("nvmlShutdown")
        self.initialised = False

    def nvmlSystemGetDriverVersion(self) -> str:
        self._check("nvmlSystemGetDriverVersion")
        return "580.159.04"

    def nvmlDeviceGetCount(self) -> int:
        self._check("nvmlDeviceGetCount")
        return self.gpus

    def nvmlDeviceGetHandleByIndex(self, index: int) -> int:
        self._check("nvmlDeviceGetHandleByIndex")
        return index

    def nvmlDeviceGetName(self, handle: int) -> str:
        self._check("nvmlDeviceGetName")
        return self.device_name

    def nvmlDeviceGetUUID(self, handle: int) -> str:
        self._check("nvmlDeviceGetUUID")
        return f"GPU-00000000-0000-0000-0000-{handle:012d}"

    def nvmlDeviceGetPciInfo(self, handle: int) -> Any:
        self._check("nvmlDeviceGetPciInfo")
        return SimpleNamespace(busId=f"00000000:{0x18 + handle:02X}:00.0")

    def nvmlDeviceGetMemoryInfo(self, handle: int, version: int | None = None) -> Any:
        self._check("nvmlDeviceGetMemoryInfo")
        total = 150754820096
        used = (600 << 20) + sum(n for _, n in self.processes)
        fields = {"total": total, "used": used, "free": total - used}
        return SimpleNamespace(**fields, reserved=644939776) if version else SimpleNamespace(**fields)

    def nvmlDeviceGetComputeRunningProcesses(self, handle: int) -> list[Any]:
        self._check("nvmlDeviceGetComputeRunningProcesses")
        return [SimpleNamespace(pid=pid, usedGpuMemory=n) for pid, n in self.processes]

    def nvmlDeviceGetUtilizationRates(self, handle: int) -> Any:
        self._check("nvmlDeviceGetUtilizationRates")
        return SimpleNamespace(gpu=0, memory=0)

    def nvmlSystemGetProcessName(self, pid: int) -> str:
        self._check("nvmlSystemGetProcessName")
        return "/usr/bin/python3"
