"""This process, as NVML and the OS see it: the memory PyTorch does not account for.

Collector label `process`; runs in the agent after `allocator`, whose reading it joins.

Exposition (one H200, rank 0, CUDA context + cuBLAS workspace + a 256 MiB tensor)::

    gpumemd_process_nvml_visible{gpu="0",rank="0",uuid="GPU-50…"} 1
    gpumemd_process_nvml_used_bytes{gpu="0",rank="0",uuid="GPU-50…"} 8.11597824e+08
    gpumemd_process_non_pytorch_bytes{gpu="0",rank="0",uuid="GPU-50…"} 5.41065216e+08
    gpumemd_gpu_unattributed_bytes{gpu="0",rank="0",uuid="GPU-50…"} 9.240576e+06
    gpumemd_process_host_resident_bytes{rank="0"} 2.1e+09
    gpumemd_process_host_resident_peak_bytes{rank="0"} 2.3e+09

Device-level memory is NVML's, NVIDIA CUDA only: where the program's torch drives another
accelerator (ROCm, XPU, MPS: `accelerator`), NVML is never asked, each device the allocator
uses reads `gpumemd_process_nvml_visible` 0 with no device figures, the host series stay, and
the agent says why once (`nvml_only`, agent/wiring.py). Not a failing collector: that would
fire the default GpumemdCollectorFailing alert on every such job, for a state by design.

Non-PyTorch memory = NVML's memory for this PID − torch reserved (CUDA context, cuBLAS
and cuDNN workspaces, NCCL buffers, other allocators): the figure PyTorch's own OOM
message prints. Unattributed = the device's used memory (NVML v2) − every process's.

Where NVML cannot find this PID (a container without the host PID namespace: NVML
answers host PIDs), `gpumemd_process_nvml_visible` is 0, one log line says so, and the
device view falls back to `mem_get_info` (total − free, all processes) — called only for
a device the allocator already holds memory on, so it never creates a CUDA context.

The NVML per-process list costs time per GPU; it is read every `nvml_interval` (1 s),
and non-PyTorch memory is computed with the reserved bytes of that same sample, so the
two sides of the subtraction always belong together.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any

from prometheus_client.core import Metric

from gpumemd.backends.nvml import UNAVAILABLE, NvmlApi, NvmlError
from gpumemd.backends.torch_accel import NVIDIA
from gpumemd.known_metrics import collected_by

from .base import Family, Source
from .memsplit import split_process

log = logging.getLogger("gpumemd.process")

__all__ = ["DeviceView", "ProcessReading", "ProcessSource", "nvml_only", "peak_rss_bytes", "pinned_bytes"]


@dataclass(frozen=True)
class DeviceView:
    """This process on one device: what its allocator reserved, what NVML charges it, and the part
    that is not PyTorch's."""
    device: int
    uuid: str
    reserved_bytes: int
    nvml_visible: bool | None  # None: NVML not read (unavailable, disabled)
    nvml_used_bytes: int | None = None
    non_pytorch_bytes: int | None = None
    unattributed_bytes: int | None = None
    device_used_bytes: int | None = None  # mem_get_info fallback: total - free
    others_bytes: int | None = None  # NVML: every other process's bytes on this GPU (the forecast's limit)
    # what NVML charges this process on the GPU, split by its allocator (PROCESS_CATEGORIES)
    parts: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class ProcessReading:
    """One reading of this process: each device it uses, its RSS and peak RSS, and torch's
    pinned host memory."""
    devices: tuple[DeviceView, ...]
    rss_bytes: int | None
    peak_rss_bytes: int | None
    # torch's caching host allocator (pinned memory), where this torch has host_memory_stats
    pinned_allocated_bytes: int | None = None
    pinned_reserved_bytes: int | None = None


def pinned_bytes(stats: Mapping[str, Any]) -> tuple[int | None, int | None]:
    """(in use, held) bytes of the pinned host allocator from `torch._C._cuda_hostMemoryStats()`.
    Two layouts: the first releases' `allocated_bytes` (in use) and `reserved_bytes` (held);
    later ones' `active_bytes` (checked out) and `allocated_bytes` (held: active + cached)."""
    def current(key: str) -> int | None:
        node = stats.get(key)
        value = node.get("current") if isinstance(node, Mapping) else None
        return int(value) if isinstance(value, (int, float)) else None

    if "active_bytes" in stats:
        return current("active_bytes"), current("allocated_bytes")
    return current("allocated_bytes"), current("reserved_bytes")


def nvml_only(accelerator: str) -> str:
    """Why there is no device-level memory on a device NVML cannot see: the agent's log line."""
    return (f"device-level memory is read through NVML only (NVIDIA CUDA), so on {accelerator} "
            "the allocator and host series are exported and gpumemd_process_nvml_visible is 0")


def peak_rss_bytes() -> int | None:
    """Peak resident set size of this process: `ru_maxrss` is KiB on Linux, bytes on macOS."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(maxrss) if sys.platform == "darwin" else int(maxrss) * 1024


class ProcessSource(Source[ProcessReading]):
    """Collector `process`: the training process seen from outside the allocator (NVML's charge,
    its non-PyTorch memory, host RSS), read inside the process."""
    name = "process"
    names = collected_by("process")  # the families declared with its name (known_metrics)

    def __init__(
        self,
        *,
        nvml: NvmlApi | None,
        torch_api: Any = None,  # TorchCudaApi, for the mem_get_info fallback
        rss: Callable[[], int | None] | None = None,
        peak_rss: Callable[[], int | None] = peak_rss_bytes,
        labels: Mapping[str, str] | None = None,
        nvml_interval: float = 1.0,
        pid: int | None = None,
        monotonic: Callable[[], float] | None = None,
        accelerator: Callable[[], str | None] | None = None,  # LazyTorchCuda.accelerator; None: NVIDIA's
    ) -> None:
        import time

        self._nvml, self._torch = nvml, torch_api
        self._rss, self._peak_rss = rss, peak_rss
        self._labels = dict(labels or {})
        self._nvml_interval = nvml_interval
        self._pid = os.getpid() if pid is None else pid
        self._mono = monotonic or time.monotonic
        self._accelerator = accelerator
        self._nvml_ready = False
        self._nvml_gone = nvml is None  # unavailable for good (no library, no driver)
        self._nvml_index: dict[str, int] = {}  # uuid -> NVML index (CUDA_VISIBLE_DEVICES remaps)
        self._nvml_next = 0.0
        self._nvml_views: dict[int, DeviceView] = {}  # by torch device, from the last NVML read
        self._invisible_logged: set[str] = set()
        # True once host_memory_stats failed: this torch (or replay) lacks it
        self._pinned_gone = torch_api is None

    def close(self) -> None:
        if self._nvml_ready and self._nvml is not None:
            self._nvml_ready = False
            try:
                self._nvml.shutdown()
            except NvmlError:
                pass

    # --- reading ---

    def read(self, cycle: Mapping[str, Any]) -> ProcessReading:
        rss = self._rss() if self._rss is not None else None
        allocator = cycle.get("allocator") or ()
        in_use = [r for r in allocator if r.reserved_bytes > 0]  # a context surely exists there
        if in_use and self._accelerator is not None:
            accelerator = self._accelerator()  # None until the program imported torch, or none
            if accelerator is not None and accelerator != NVIDIA:  # NVML cannot see these devices
                blind = tuple(
                    DeviceView(r.device, r.uuid, r.reserved_bytes, nvml_visible=False) for r in in_use
                )
                return ProcessReading(blind, rss, self._peak(rss), None, None)
        views: list[DeviceView] = []
        if in_use and not self._nvml_gone:
            now = self._mono()
            if now >= self._nvml_next:
                self._nvml_next = now + self._nvml_interval
                self._nvml_views = self._read_nvml(in_use)
        for r in in_use:
            view = self._nvml_views.get(r.device)
            if view is None or not view.nvml_visible:
                view = self._fallback(r, view)
            elif view.nvml_used_bytes is not None:
                split = split_process(
                    int(view.nvml_used_bytes), r.reserved_bytes, r.allocated_bytes, r.inactive_split_bytes
                )
                view = replace(view, parts=tuple(split.items()))
            views.append(view)
        pinned: tuple[int | None, int | None] = (None, None)
        if (
            in_use and not self._pinned_gone
        ):  # CUDA is up (a context holds memory): pinned memory can be asked
            pinned = self._read_pinned()
        return ProcessReading(tuple(views), rss, self._peak(rss), *pinned)

    def _peak(self, rss: int | None) -> int | None:
        peak = self._peak_rss()
        if peak is not None and rss is not None:
            peak = max(peak, rss)  # Linux updates ru_maxrss lazily: never show a peak below the current
        return peak

    def _read_pinned(self) -> tuple[int | None, int | None]:
        try:
            stats = self._torch.host_memory_stats()
        except Exception as exc:  # older torch, a replay without it: absent, asked no more
            self._pinned_gone = True
            log.debug("pinned host memory is not readable: %s", exc)
            return None, None
        return pinned_bytes(stats) if stats else (None, None)

    def _ensure_nvml(self) -> bool:
        assert self._nvml is not None
        if not self._nvml_ready:
            try:
                self._nvml.init()
                self._nvml_index = {self._nvml.uuid(i): i for i in range(self._nvml.device_count())}
            except NvmlError as exc:
                if exc.code in UNAVAILABLE:
                    self._nvml_gone = True
                    log.info("NVML is not available (%s): non-PyTorch memory will not be reported", exc)
                    return False
                raise
            self._nvml_ready = True
        return True

    def _read_nvml(self, in_use: Iterable[Any]) -> dict[int, DeviceView]:
        if not self._ensure_nvml():
            return {}
        nv = self._nvml
        assert nv is not None
        out: dict[int, DeviceView] = {}
        try:
            for r in in_use:
                index = self._nvml_index.get(r.uuid)
                if index is None:  # MIG or a UUID spelled differently: NVML cannot place it
                    out[r.device] = DeviceView(r.device, r.uuid, r.reserved_bytes, nvml_visible=False)
                    self._log_invisible(r.uuid, "NVML has no device with this UUID")
                    continue
                procs = nv.processes(index)
                mine = [p for p in procs if p["pid"] == self._pid]
                used = mine[0]["used_bytes"] if mine else None
                unattributed = None
                try:
                    mem = nv.memory_info_v2(index)
                except NvmlError as exc:
                    if not exc.is_field_error:
                        raise
                    mem = None
                if mem is not None and all(p.get("used_bytes") is not None for p in procs):
                    unattributed = mem["used"] - sum(int(p["used_bytes"]) for p in procs)
                others = [n for p in procs if p["pid"] != self._pid
                          if type(n := p.get("used_bytes")) is int and n >= 0]
                complete = len(others) == sum(p["pid"] != self._pid for p in procs)  # every one a byte count
                others_bytes = sum(others) if complete else None
                if used is None:
                    self._log_invisible(
                        r.uuid, f"NVML lists no process with pid {self._pid} (PID namespace of a container?)"
                    )
                out[r.device] = DeviceView(
                    r.device,
                    r.uuid,
                    r.reserved_bytes,
                    nvml_visible=used is not None,
                    nvml_used_bytes=used,
                    non_pytorch_bytes=None if used is None else int(used) - r.reserved_bytes,
                    unattributed_bytes=unattributed,
                    others_bytes=others_bytes,
                )
        except NvmlError as exc:
            if exc.is_field_error:
                return out
            self.close()  # lifecycle error: start NVML afresh next time
            raise
        return out

    def _log_invisible(self, uuid: str, why: str) -> None:
        if uuid not in self._invisible_logged:
            self._invisible_logged.add(uuid)
            log.warning("GPU %s: %s; reporting the device view from mem_get_info instead", uuid, why)

    def _fallback(self, r: Any, view: DeviceView | None) -> DeviceView:
        used = None
        if self._torch is not None and self._torch.is_initialized():
            free, total = self._torch.mem_get_info(r.device)
            used = total - free
        visible = view.nvml_visible if view is not None else None
        unattributed = view.unattributed_bytes if view is not None else None
        return DeviceView(
            r.device,
            r.uuid,
            r.reserved_bytes,
            nvml_visible=visible,
            unattributed_bytes=unattributed,
            device_used_bytes=used,
        )

    # --- rendering ---

    def families(self, reading: ProcessReading) -> Iterable[Metric]:
        return self._render(reading, _DEVICE_FAMILIES, True, True)

    def families_named(self, reading: ProcessReading, names: frozenset[str]) -> list[Metric]:
        """Only the families in `names` (what the alert engine's rules select)."""
        specs = tuple(s for s in _DEVICE_FAMILIES if s[1].name in names)
        return self._render(
            reading,
            specs,
            _RSS.name in names,
            _PEAK_RSS.name in names,
            (_PINNED_ALLOCATED.name in names, _PINNED_RESERVED.name in names),
            _BREAKDOWN.name in names,
        )

    def _render(
        self,
        reading: ProcessReading,
        specs: tuple[_DeviceSpec, ...],
        with_rss: bool,
        with_peak: bool,
        with_pinned: tuple[bool, bool] = (True, True),
        with_breakdown: bool = True,
    ) -> list[Metric]:
        extra = self._labels
        per_device = [family.new() for _, family in specs]
        breakdown = _BREAKDOWN.new()
        for v in reading.devices:
            labels = {"gpu": str(v.device), "uuid": v.uuid, **extra}  # one dict, shared by the series
            for (value_of, family), metric in zip(specs, per_device, strict=True):
                value = value_of(v)
                if value is not None:
                    family.add(metric, labels, value)
            if with_breakdown:
                for category, nbytes in v.parts:
                    _BREAKDOWN.add(breakdown, {**labels, "category": category}, nbytes)
        if with_breakdown:
            per_device.append(breakdown)
        if with_rss:
            rss = _RSS.new()
            if reading.rss_bytes is not None:
                _RSS.add(rss, dict(extra), reading.rss_bytes)
            per_device.append(rss)
        if with_peak:
            peak = _PEAK_RSS.new()
            if reading.peak_rss_bytes is not None:
                _PEAK_RSS.add(peak, dict(extra), reading.peak_rss_bytes)
            per_device.append(peak)
        for family, value, wanted in (
            (_PINNED_ALLOCATED, reading.pinned_allocated_bytes, with_pinned[0]),
            (_PINNED_RESERVED, reading.pinned_reserved_bytes, with_pinned[1]),
        ):
            if wanted:
                metric = family.new()
                if value is not None:
                    family.add(metric, dict(extra), value)
                per_device.append(metric)
        return per_device


def _visible(v: DeviceView) -> int | None:
    return None if v.nvml_visible is None else (1 if v.nvml_visible else 0)


# In exposition order: (the view's value, or None for no sample; the family).
_DeviceSpec = tuple[Callable[[DeviceView], Any], Family]
_DEVICE_FAMILIES: tuple[_DeviceSpec, ...] = (
    (_visible, Family("gpumemd_process_nvml_visible")),
    (attrgetter("nvml_used_bytes"), Family("gpumemd_process_nvml_used_bytes")),
    (attrgetter("non_pytorch_bytes"), Family("gpumemd_process_non_pytorch_bytes")),
    (attrgetter("unattributed_bytes"), Family("gpumemd_gpu_unattributed_bytes")),
    (attrgetter("device_used_bytes"), Family("gpumemd_process_device_used_bytes")),
)
_RSS = Family("gpumemd_process_host_resident_bytes")
_PEAK_RSS = Family("gpumemd_process_host_resident_peak_bytes")
_PINNED_ALLOCATED = Family("gpumemd_host_pinned_memory_allocated_bytes")
_PINNED_RESERVED = Family("gpumemd_host_pinned_memory_reserved_bytes")
_BREAKDOWN = Family("gpumemd_process_memory_breakdown_bytes")
