"""NVML behind one narrow Protocol: `NvmlApi`, its pynvml adapter `Pynvml`, `NvmlError`."""

from __future__ import annotations

from typing import Any, Protocol

__all__ = [
    "ARGUMENT_VERSION_MISMATCH", "DRIVER_NOT_LOADED", "FIELD_ERRORS", "FUNCTION_NOT_FOUND",
    "LIBRARY_NOT_FOUND", "NOT_FOUND", "NOT_SUPPORTED", "NO_DATA", "NO_PERMISSION", "STATIC_CALLS",
    "UNAVAILABLE", "NvmlApi", "NvmlError", "Pynvml",
]

# NVML return codes (nvml.h). Field errors leave one series out; any other code is a
# lifecycle error.
NOT_SUPPORTED, NO_PERMISSION, NOT_FOUND = 3, 4, 6


LIBRARY_NOT_FOUND, DRIVER_NOT_LOADED, FUNCTION_NOT_FOUND = 12, 9, 13


NO_DATA, ARGUMENT_VERSION_MISMATCH = 21, 25


FIELD_ERRORS = frozenset(
    {NOT_SUPPORTED, NO_PERMISSION, NOT_FOUND, FUNCTION_NOT_FOUND, NO_DATA, ARGUMENT_VERSION_MISMATCH}
)


UNAVAILABLE = frozenset({LIBRARY_NOT_FOUND, DRIVER_NOT_LOADED})


class NvmlError(Exception):
    """An NVML call failed with return code `code` (pynvml's errors translated)."""

    def __init__(self, code: int, message: str = "") -> None:
        super().__init__(message or f"NVML error {code}")
        self.code = code

    @property
    def is_field_error(self) -> bool:
        return self.code in FIELD_ERRORS


class NvmlApi(Protocol):
    """The part of NVML gpumemd reads; real, recorded (capture) or replayed."""

    def init(self) -> None: ...
    def shutdown(self) -> None: ...
    def driver_version(self) -> str: ...
    def device_count(self) -> int: ...
    def name(self, index: int) -> str: ...
    def uuid(self, index: int) -> str: ...
    def pci_bus_id(self, index: int) -> str: ...
    def memory_info_v2(self, index: int) -> dict[str, int]: ...
    def memory_info(self, index: int) -> dict[str, int]: ...
    def processes(self, index: int) -> list[dict[str, Any]]: ...
    def mps_processes(self, index: int) -> list[dict[str, Any]]: ...
    def utilization(self, index: int) -> dict[str, int]: ...
    def process_name(self, pid: int) -> str: ...


STATIC_CALLS = (
    "nvmlSystemGetDriverVersion", "nvmlDeviceGetName", "nvmlDeviceGetUUID", "nvmlDeviceGetPciInfo",
)
"""NVML answers fixed while NVML is initialised: `Pynvml` reads each once per init (per device
handle), and again only after a shutdown (a lifecycle error re-initialises)."""


class Pynvml:
    """NvmlApi over nvidia-ml-py (`import pynvml`), imported on first use."""

    def __init__(self) -> None:
        self._nv: Any = None
        self._handles: dict[int, Any] = {}
        # STATIC_CALLS' answers by (call, device index): the daemon reads them every sample, and
        # each is a driver round trip; an answer is kept, an error never (it is asked again).
        self._static: dict[tuple[str, int], Any] = {}

    def _call(self, fn: str, *args: Any) -> Any:
        nv = self._nv
        try:
            return getattr(nv, fn)(*args)  # getattr: every NVML call through one function (pynvml's by name)
        except nv.NVMLError as exc:
            raise NvmlError(int(exc.value), str(exc)) from None

    def _kept(self, fn: str, index: int) -> Any:
        """STATIC_CALLS' `fn` of device `index` (-1: the system), read once per init."""
        key = (fn, index)
        try:
            return self._static[key]
        except KeyError:
            pass
        answer = self._call(fn, self._handle(index)) if index >= 0 else self._call(fn)
        self._static[key] = answer
        return answer

    def _handle(self, index: int) -> Any:
        handle = self._handles.get(index)
        if handle is None:
            handle = self._handles[index] = self._call("nvmlDeviceGetHandleByIndex", index)
        return handle

    def init(self) -> None:
        if self._nv is None:
            try:
                import pynvml
            except ImportError as exc:  # nvidia-ml-py not installed
                raise NvmlError(LIBRARY_NOT_FOUND, f"cannot import pynvml: {exc}") from None
            self._nv = pynvml
        self._handles.clear()
        self._static.clear()
        self._call("nvmlInit")

    def shutdown(self) -> None:
        self._handles.clear()
        self._static.clear()
        self._call("nvmlShutdown")

    def driver_version(self) -> str:
        return str(self._kept("nvmlSystemGetDriverVersion", -1))

    def device_count(self) -> int:
        return int(self._call("nvmlDeviceGetCount"))

    def name(self, index: int) -> str:
        return str(self._kept("nvmlDeviceGetName", index))

    def uuid(self, index: int) -> str:
        return str(self._kept("nvmlDeviceGetUUID", index))

    def pci_bus_id(self, index: int) -> str:
        return str(self._kept("nvmlDeviceGetPciInfo", index).busId)

    def memory_info_v2(self, index: int) -> dict[str, int]:
        m = self._call("nvmlDeviceGetMemoryInfo", self._handle(index), self._nv.nvmlMemory_v2)
        return {"total": m.total, "free": m.free, "used": m.used, "reserved": m.reserved}

    def memory_info(self, index: int) -> dict[str, int]:
        m = self._call("nvmlDeviceGetMemoryInfo", self._handle(index))
        return {"total": m.total, "free": m.free, "used": m.used}

    def processes(self, index: int) -> list[dict[str, Any]]:
        procs = self._call("nvmlDeviceGetComputeRunningProcesses", self._handle(index))
        # usedGpuMemory is None where NVML cannot attribute memory (NVML_VALUE_NOT_AVAILABLE).
        return [{"pid": int(p.pid), "used_bytes": p.usedGpuMemory} for p in procs]

    def mps_processes(self, index: int) -> list[dict[str, Any]]:
        """The GPU's MPS clients (`processes`' shape): a process listed here runs under an MPS server."""
        procs = self._call("nvmlDeviceGetMPSComputeRunningProcesses", self._handle(index))
        return [{"pid": int(p.pid), "used_bytes": p.usedGpuMemory} for p in procs]

    def utilization(self, index: int) -> dict[str, int]:
        u = self._call("nvmlDeviceGetUtilizationRates", self._handle(index))
        return {"gpu": int(u.gpu), "memory": int(u.memory)}

    def process_name(self, pid: int) -> str:
        return str(self._call("nvmlSystemGetProcessName", pid))
