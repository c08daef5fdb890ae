"""NVML: device memory and the processes on each GPU (the only module that imports pynvml).

Exposition (one H200, one process)::

    gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-56…"} 1.50754820096e+11
    gpumemd_gpu_memory_used_bytes{gpu="0",uuid="GPU-56…"} 8.208384e+08
    gpumemd_gpu_memory_reserved_bytes{gpu="0",uuid="GPU-56…"} 6.44939776e+08
    gpumemd_gpu_info{driver_version="580.159.04",gpu="0",name="NVIDIA H200",pci_bus_id="…",uuid="GPU-56…"} 1
    gpumemd_process_gpu_memory_used_bytes{gpu="0",pid="424",uuid="GPU-56…"} 8.11597824e+08

Errors come in two kinds (as nvidia_gpu_exporter splits them): a *lifecycle* error (driver
gone, driver not loaded, GPU lost, NVML uninitialised) fails this collection and NVML is
initialised again on the next one; a *field* error (NOT_SUPPORTED, NO_PERMISSION, …) leaves
that one series out and is logged once. A third kind is an answer of the wrong type or
out of range (a replayed capture is a file anyone may hand to `--replay`, and NVML's own
"not available" is 2**64 - 1): that one value is left out and counted in
`gpumemd_nvml_invalid_answers_total{field}`, never the collection.

No NVML library at all (libnvidia-ml.so not found, or nvidia-ml-py not installed) is neither:
a node without an NVIDIA driver is a CPU node, where the collector does not apply. It
succeeds with no GPU series and `gpumemd_nvml_available 0`, says so in one info line, and
so never fires GpumemdCollectorFailing; a library that appears later is picked up. Where
the node must have GPUs (`sources.nvml.required`, as the Kubernetes DaemonSet sets it), no
library is a failure like any other.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from prometheus_client.core import Metric

from gpumemd.backends.nvml import (
    LIBRARY_NOT_FOUND,
    NvmlApi,
    NvmlError,
)
from gpumemd.known_metrics import collected_by, is_pid

from .base import Source, byte_count, cap, label_text, metric

log = logging.getLogger("gpumemd.nvml")

__all__ = ["GpuProcess", "GpuReading", "NvmlReading", "NvmlSource"]


# --- readings ------------------------------------------------------------------------


@dataclass(frozen=True)
class GpuProcess:
    """One process using a GPU, as NVML lists it."""
    pid: int
    used_bytes: int | None  # None: NVML cannot say (MIG, some containers)


@dataclass(frozen=True)
class GpuReading:
    """One GPU as NVML reads it: identity, memory, utilization and processes."""
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
    """One reading of NVML: every GPU of the node, and the names of their processes."""
    driver_version: str | None
    gpus: tuple[GpuReading, ...]
    process_names: Mapping[int, str]
    processes_dropped: int  # process series over max_processes, left out of this sample
    absent: str = ""  # why there is no NVML library on this node (then no GPUs); "" when there is

    def pids(self) -> set[int]:
        return {p.pid for g in self.gpus for p in (g.processes or ())}


# --- the source ----------------------------------------------------------------------


MAX_GPUS = 1024  # devices one NVML may answer for; more is not an answer, it is garbage


INVALID_FIELDS = ("device_count", "uuid", "memory", "processes", "utilization", "name", "pci_bus_id",
                  "driver_version", "process_name")
"""`gpumemd_nvml_invalid_answers_total{field}`: a fixed set, so an answer cannot mint label values."""


class NvmlSource(Source[NvmlReading]):
    """Collector `nvml`: each GPU's memory (total, used, free, reserved) and the memory of each
    process on it, from the NVIDIA driver."""
    name = "nvml"
    # Every family name `families()` may return (tests/unit/sources/test_names.py checks it):
    # the sampler builds a source's families for the alert engine only if it wants one of these.
    names = collected_by("nvml")  # the families declared with its name (known_metrics)

    def __init__(
        self,
        api: NvmlApi,
        *,
        processes: bool = True,
        process_names: bool = False,
        max_processes: int = 64,
        utilization: bool = False,
        max_label_length: int = 128,
        say_absent: bool = True,
        required: bool = False,
    ) -> None:
        """`say_absent`: log the one line on a node without NVML (capture reports it itself).
        `required`: this node must have NVML; no library fails the collection."""
        self._api = api
        self._required = required
        self._say_absent = say_absent
        self._processes = processes
        self._process_names = process_names
        self._max_processes = max_processes
        self._utilization = utilization
        self._label_limit = max_label_length
        self._initialised = False
        self._logged_fields: set[tuple[str, int]] = set()
        self._v1_only: set[int] = set()  # devices where memory v2 is not supported
        self._dropped_total = 0
        self._invalid = dict.fromkeys(INVALID_FIELDS, 0)
        self._absent = ""  # the reason last logged that NVML is absent

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
                if exc.code != LIBRARY_NOT_FOUND or self._required:
                    raise  # present but failing (driver not loaded, GPU lost): a failure worth an alert
                return self._not_applicable(str(exc))
            self._initialised = True
            if self._absent:
                self._absent = ""
                log.info("NVML found: reading this node's GPUs")
        try:
            return self._read()
        except NvmlError:
            # Lifecycle error: this collection fails; start NVML afresh next time.
            self.close()
            raise

    def _not_applicable(self, reason: str) -> NvmlReading:
        """No NVIDIA driver here: a CPU node, not a failing collector (see the module docstring)."""
        if not self._absent and self._say_absent:
            log.info("no NVIDIA driver on this node (%s): no GPU series, gpumemd_nvml_available 0; "
                     "to see a GPU node's series, replay a capture: gpumemd serve --replay CAPTURE "
                     "(make demo in a clone)", reason)
        self._absent = reason
        return NvmlReading(driver_version=None, gpus=(), process_names={}, processes_dropped=0, absent=reason)

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

    def _invalid_answer(self, field: str, value: Any) -> None:
        self._invalid[field] += 1
        if (field, -1) not in self._logged_fields:  # once per field, as field errors are
            self._logged_fields.add((field, -1))
            log.warning(
                "NVML answered %s with %.80r: left out (gpumemd_nvml_invalid_answers_total)", field, value
            )

    def _text(self, field: str, value: Any) -> str | None:
        if value is None:
            return None
        text = label_text(value, self._label_limit)
        if text is None:
            self._invalid_answer(field, value)
        return text

    def _bytes(self, field: str, value: Any) -> int | None:
        if value is None:
            return None
        out = byte_count(value)
        if out is None:
            self._invalid_answer(field, value)
        return out

    def _memory_checked(self, index: int) -> dict[str, int | None]:
        mem = self._memory(index)
        if mem is None:
            return {}
        if not isinstance(mem, dict):
            self._invalid_answer("memory", mem)
            return {}
        return {k: self._bytes("memory", mem.get(k)) for k in ("total", "used", "free", "reserved")}

    def _processes_checked(self, index: int) -> tuple[list[GpuProcess], int] | None:
        raw = self._field(f"GPU {index} processes", self._api.processes, index)
        if raw is None:
            return None
        if not isinstance(raw, list):
            self._invalid_answer("processes", raw)
            return None
        procs = []
        for p in raw[: MAX_GPUS * 64]:
            pid = p.get("pid") if isinstance(p, dict) else None
            if not is_pid(pid):
                self._invalid_answer("processes", p)
                continue
            procs.append(GpuProcess(pid, self._bytes("processes", p.get("used_bytes"))))
        procs.sort(key=lambda p: -(p.used_bytes or 0))
        return procs[: self._max_processes], max(0, len(procs) - self._max_processes)

    def _utilization_checked(self, index: int) -> tuple[float | None, float | None]:
        util = self._field(f"GPU {index} utilization", self._api.utilization, index)
        if util is None:
            return None, None
        ratios: list[float | None] = []
        for key in ("gpu", "memory"):
            value = util.get(key) if isinstance(util, dict) else util
            if type(value) is not int or not 0 <= value <= 100:
                self._invalid_answer("utilization", value)
                ratios.append(None)
            else:
                ratios.append(value / 100)
        return ratios[0], ratios[1]

    def _read(self) -> NvmlReading:
        api = self._api
        gpus = []
        names: dict[int, str] = {}
        dropped = 0
        count = api.device_count()
        if type(count) is not int or not 0 <= count <= MAX_GPUS:
            self._invalid_answer("device_count", count)
            raise NvmlError(
                999, f"NVML answered the device count with {count!r:.80}"
            )  # nothing else is readable
        for index in range(count):
            uuid = self._text("uuid", api.uuid(index))
            if not uuid:  # the label every GPU series joins on: without it, the GPU is left out
                if uuid is not None:
                    self._invalid_answer("uuid", uuid)
                continue
            mem = self._memory_checked(index)
            procs: tuple[GpuProcess, ...] | None = None
            if self._processes:
                checked = self._processes_checked(index)
                if checked is not None:
                    procs, over = tuple(checked[0]), checked[1]
                    dropped += over
            util_gpu, util_mem = self._utilization_checked(index) if self._utilization else (None, None)
            gpus.append(
                GpuReading(
                    index=index,
                    uuid=uuid,
                    name=self._text("name", self._field(f"GPU {index} name", api.name, index)),
                    pci_bus_id=self._text(
                        "pci_bus_id", self._field(f"GPU {index} PCI bus id", api.pci_bus_id, index)
                    ),
                    total_bytes=mem.get("total"),
                    used_bytes=mem.get("used"),
                    free_bytes=mem.get("free"),
                    reserved_bytes=mem.get("reserved"),
                    processes=procs,
                    utilization_gpu_ratio=util_gpu,
                    utilization_memory_ratio=util_mem,
                )
            )
            if self._process_names:
                for p in procs or ():
                    if p.pid not in names:
                        name = self._text(
                            "process_name", self._field("process names", api.process_name, p.pid)
                        )
                        if name:
                            names[p.pid] = os.path.basename(name)  # never the command line
        self._dropped_total += dropped
        return NvmlReading(
            driver_version=self._text("driver_version", self._field("driver version", api.driver_version)),
            gpus=tuple(gpus),
            process_names=names,
            processes_dropped=dropped,
        )

    def families(self, reading: NvmlReading) -> Iterable[Metric]:
        available = metric("gpumemd_nvml_available")
        available.add_metric([], 0 if reading.absent else 1)
        yield available
        if reading.absent:
            return
        ids = ["gpu", "uuid"]
        info = metric("gpumemd_gpu_info", ["gpu", "uuid", "name", "pci_bus_id", "driver_version"])
        keys = ("total", "used", "free", "reserved")
        memory = {key: metric(f"gpumemd_gpu_memory_{key}_bytes", ids) for key in keys}
        proc_used = metric("gpumemd_process_gpu_memory_used_bytes", ["gpu", "uuid", "pid"])
        proc_count = metric("gpumemd_gpu_processes", ids)
        util_gpu = metric("gpumemd_gpu_utilization_ratio", ids)
        util_mem = metric("gpumemd_gpu_memory_bandwidth_utilization_ratio", ids)
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
        count = metric("gpumemd_gpus")
        count.add_metric([], len(reading.gpus))
        yield count
        yield info
        yield from memory.values()
        if self._processes:
            yield proc_count
            yield proc_used
            dropped = metric("gpumemd_process_series_dropped")
            dropped.add_metric([], self._dropped_total)
            yield dropped
        if self._process_names:
            names = metric("gpumemd_process_info", ["pid", "executable"])
            for pid, name in sorted(reading.process_names.items()):
                names.add_metric([str(pid), cap(name, self._label_limit)], 1)
            yield names
        if self._utilization:
            yield util_gpu
            yield util_mem
        invalid = metric("gpumemd_nvml_invalid_answers", ["field"])
        for field in INVALID_FIELDS:
            invalid.add_metric([field], self._invalid[field])
        yield invalid
