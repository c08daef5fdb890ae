"""NVML: device memory and the processes on each GPU (the only module that imports pynvml).

Exposition (one H200, one process)::

    gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-56…"} 1.50754820096e+11
    gpumemd_gpu_memory_used_bytes{gpu="0",uuid="GPU-56…"} 8.208384e+08
    gpumemd_gpu_memory_reserved_bytes{gpu="0",uuid="GPU-56…"} 6.44939776e+08
    gpumemd_gpu_info{driver_version="580.159.04",gpu="0",name="NVIDIA H200",pci_bus_id="…",uuid="GPU-56…"} 1
    gpumemd_process_gpu_memory_used_bytes{gpu="0",pid="424",uuid="GPU-56…"} 8.11597824e+08

Errors come in two kinds (as nvidia_gpu_exporter splits them): a *lifecycle* error (driver
gone, GPU lost, NVML uninitialised) fails this collection and NVML is initialised again
on the next one; a *field* error (NOT_SUPPORTED, NO_PERMISSION, …) leaves that one series
out and is logged once.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from prometheus_client.core import Metric

from .base import SourceUnavailable, cap, counter, gauge

log = logging.getLogger("gpumemd.nvml")

# NVML return codes (nvml.h). Field errors leave one series out; any other code is a
# lifecycle error.
NOT_SUPPORTED, NO_PERMISSION, NOT_FOUND = 3, 4, 6
LIBRARY_NOT_FOUND, DRIVER_NOT_LOADED, FUNCTION_NOT_FOUND = 12, 9, 13
NO_DATA, ARGUMENT_VERSION_MISMATCH = 21, 25
FIELD_ERRORS = frozenset({NOT_SUPPORTED, NO_PERMISSION, NOT_FOUND, FUNCTION_NOT_FOUND, NO_DATA, ARGUMENT_VERSION_MISMATCH})
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
    def utilization(self, index: int) -> dict[str, int]: ...
    def process_name(self, pid: int) -> str: ...


# --- readings ------------------------------------------------------------------------


@dataclass(frozen=True)
class GpuProcess:
    pid: int
    used_bytes: int | None  # None: NVML cannot say (MIG, some containers)


@dataclass(frozen=True)
class GpuReading:
    index: int
    uuid: str
    name: str | None
    pci_bus_id: str | None
    total_bytes: int | None
    used_bytes: int | None
    free_bytes: int | None
    reserved_bytes: int | None  # driver-reserved; NVML v2 only
    processes: tuple[GpuProcess, ...] | None  # None: not read (disabled or field error)
    utilization_gpu_ratio: float | None = None
    utilization_memory_ratio: float | None = None


@dataclass(frozen=True)
class NvmlReading:
    driver_version: str | None
    gpus: tuple[GpuReading, ...]
    process_names: Mapping[int, str]
    processes_dropped: int  # process series over max_processes, left out of this sample

    def pids(self) -> set[int]:
        return {p.pid for g in self.gpus for p in (g.processes or ())}


# --- the source ----------------------------------------------------------------------


class NvmlSource:
    name = "nvml"
    # Every family name `families()` may return (tests/daemon/test_source_names.py checks it):
    # the sampler builds a source's families for the alert engine only if it wants one of these.
    names = frozenset({
        "gpumemd_gpu_info", "gpumemd_gpu_memory_total_bytes", "gpumemd_gpu_memory_used_bytes",
        "gpumemd_gpu_memory_free_bytes", "gpumemd_gpu_memory_reserved_bytes",
        "gpumemd_process_gpu_memory_used_bytes", "gpumemd_gpu_processes", "gpumemd_gpu_utilization_ratio",
        "gpumemd_gpu_memory_bandwidth_utilization_ratio", "gpumemd_gpus", "gpumemd_process_series_dropped",
        "gpumemd_process_info",
    })

    def __init__(
        self,
        api: NvmlApi,
        *,
        processes: bool = True,
        process_names: bool = False,
        max_processes: int = 64,
        utilization: bool = False,
        max_label_length: int = 128,
    ) -> None:
        self._api = api
        self._processes = processes
        self._process_names = process_names
        self._max_processes = max_processes
        self._utilization = utilization
        self._label_limit = max_label_length
        self._initialised = False
        self._logged_fields: set[tuple[str, int]] = set()
        self._v1_only: set[int] = set()  # devices where memory v2 is not supported
        self._dropped_total = 0

    def close(self) -> None:
        if self._initialised:
            self._initialised = False
            try:
                self._api.shutdown()
            except NvmlError:
                pass

    def read(self, cycle: Mapping[str, Any]) -> NvmlReading:
        if not self._initialised:
            try:
                self._api.init()
            except NvmlError as exc:
                if exc.code in UNAVAILABLE:
                    raise SourceUnavailable(f"NVML is not available: {exc}") from None
                raise
            self._initialised = True
        try:
            return self._read()
        except NvmlError:
            # Lifecycle error: this collection fails; start NVML afresh next time.
            self.close()
            raise

    def _field(self, what: str, fn: Any, *args: Any) -> Any:
        """Call an NVML query; a field error yields None and is logged once."""
        try:
            return fn(*args)
        except NvmlError as exc:
            if not exc.is_field_error:
                raise
            if (what, exc.code) not in self._logged_fields:
                self._logged_fields.add((what, exc.code))
                log.info("NVML cannot read %s (%s); leaving that series out", what, exc)
            return None

    def _memory(self, index: int) -> dict[str, int] | None:
        if index not in self._v1_only:
            try:
                return self._api.memory_info_v2(index)
            except NvmlError as exc:
                if not exc.is_field_error:
                    raise
                self._v1_only.add(index)
                log.info("GPU %d: NVML memory info v2 unsupported (%s); using v1", index, exc)
        return self._field(f"GPU {index} memory info", self._api.memory_info, index)

    def _read(self) -> NvmlReading:
        api = self._api
        gpus = []
        names: dict[int, str] = {}
        dropped = 0
        for index in range(api.device_count()):
            mem = self._memory(index) or {}
            procs: tuple[GpuProcess, ...] | None = None
            if self._processes:
                raw = self._field(f"GPU {index} processes", api.processes, index)
                if raw is not None:
                    raw = sorted(raw, key=lambda p: -(p.get("used_bytes") or 0))
                    dropped += max(0, len(raw) - self._max_processes)
                    procs = tuple(GpuProcess(p["pid"], p.get("used_bytes")) for p in raw[: self._max_processes])
            util = self._field(f"GPU {index} utilization", api.utilization, index) if self._utilization else None
            gpus.append(
                GpuReading(
                    index=index,
                    uuid=api.uuid(index),
                    name=self._field(f"GPU {index} name", api.name, index),
                    pci_bus_id=self._field(f"GPU {index} PCI bus id", api.pci_bus_id, index),
                    total_bytes=mem.get("total"),
                    used_bytes=mem.get("used"),
                    free_bytes=mem.get("free"),
                    reserved_bytes=mem.get("reserved"),
                    processes=procs,
                    utilization_gpu_ratio=util["gpu"] / 100 if util else None,
                    utilization_memory_ratio=util["memory"] / 100 if util else None,
                )
            )
            if self._process_names:
                for p in procs or ():
                    if p.pid not in names:
                        name = self._field("process names", api.process_name, p.pid)
                        if name:
                            names[p.pid] = os.path.basename(name)  # never the command line
        self._dropped_total += dropped
        return NvmlReading(
            driver_version=self._field("driver version", api.driver_version),
            gpus=tuple(gpus),
            process_names=names,
            processes_dropped=dropped,
        )

    def families(self, reading: NvmlReading) -> Iterable[Metric]:
        ids = ["gpu", "uuid"]
        info = gauge("gpumemd_gpu_info", "GPU identity; value 1.", ["gpu", "uuid", "name", "pci_bus_id", "driver_version"])
        memory = {
            key: gauge(f"gpumemd_gpu_memory_{key}_bytes", doc, ids)
            for key, doc in (
                ("total", "GPU memory in total (NVML)."),
                ("used", "GPU memory used by processes (NVML v2; v1 includes driver-reserved)."),
                ("free", "GPU memory free (NVML)."),
                ("reserved", "GPU memory reserved by the driver (NVML v2 only)."),
            )
        }
        proc_used = gauge(
            "gpumemd_process_gpu_memory_used_bytes",
            "GPU memory a process holds on a GPU, as NVML sees it (CUDA context included).",
            ["gpu", "uuid", "pid"],
        )
        proc_count = gauge("gpumemd_gpu_processes", "Compute processes NVML sees on a GPU.", ids)
        util_gpu = gauge("gpumemd_gpu_utilization_ratio", "Time a kernel ran in the last sample period (0-1).", ids)
        util_mem = gauge(
            "gpumemd_gpu_memory_bandwidth_utilization_ratio",
            "Time device memory was read or written in the last sample period (0-1).",
            ids,
        )
        for g in reading.gpus:
            labels = [str(g.index), g.uuid]
            info.add_metric(
                labels
                + [cap(g.name or "", self._label_limit), g.pci_bus_id or "", reading.driver_version or ""],
                1,
            )
            for key, value in (
                ("total", g.total_bytes),
                ("used", g.used_bytes),
                ("free", g.free_bytes),
                ("reserved", g.reserved_bytes),
            ):
                if value is not None:
                    memory[key].add_metric(labels, value)
            if g.processes is not None:
                proc_count.add_metric(labels, len(g.processes))
                for p in g.processes:
                    if p.used_bytes is not None:
                        proc_used.add_metric(labels + [str(p.pid)], p.used_bytes)
            if g.utilization_gpu_ratio is not None:
                util_gpu.add_metric(labels, g.utilization_gpu_ratio)
            if g.utilization_memory_ratio is not None:
                util_mem.add_metric(labels, g.utilization_memory_ratio)
        count = gauge("gpumemd_gpus", "GPUs NVML sees.")
        count.add_metric([], len(reading.gpus))
        yield count
        yield info
        yield from memory.values()
        if self._processes:
            yield proc_count
            yield proc_used
            dropped = counter(
                "gpumemd_process_series_dropped",
                "Per-process series left out because a GPU had more than max_processes processes.",
            )
            dropped.add_metric([], self._dropped_total)
            yield dropped
        if self._process_names:
            names = gauge("gpumemd_process_info", "Executable name of a GPU process; value 1.", ["pid", "executable"])
            for pid, name in sorted(reading.process_names.items()):
                names.add_metric([str(pid), cap(name, self._label_limit)], 1)
            yield names
        if self._utilization:
            yield util_gpu
            yield util_mem


# --- the real library ----------------------------------------------------------------


class Pynvml:
    """NvmlApi over nvidia-ml-py (`import pynvml`), imported on first use."""

    def __init__(self) -> None:
        self._nv: Any = None
        self._handles: dict[int, Any] = {}

    def _call(self, fn: str, *args: Any) -> Any:
        nv = self._nv
        try:
            return getattr(nv, fn)(*args)
        except nv.NVMLError as exc:
            raise NvmlError(int(exc.value), str(exc)) from None

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
        self._call("nvmlInit")

    def shutdown(self) -> None:
        self._handles.clear()
        self._call("nvmlShutdown")

    def driver_version(self) -> str:
        return str(self._call("nvmlSystemGetDriverVersion"))

    def device_count(self) -> int:
        return int(self._call("nvmlDeviceGetCount"))

    def name(self, index: int) -> str:
        return str(self._call("nvmlDeviceGetName", self._handle(index)))

    def uuid(self, index: int) -> str:
        return str(self._call("nvmlDeviceGetUUID", self._handle(index)))

    def pci_bus_id(self, index: int) -> str:
        return str(self._call("nvmlDeviceGetPciInfo", self._handle(index)).busId)

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

    def utilization(self, index: int) -> dict[str, int]:
        u = self._call("nvmlDeviceGetUtilizationRates", self._handle(index))
        return {"gpu": int(u.gpu), "memory": int(u.memory)}

    def process_name(self, pid: int) -> str:
        return str(self._call("nvmlSystemGetProcessName", pid))
