"""PyTorch's CUDA caching allocator, read inside the training process.

Besides the agent, the only module that imports torch (and only when its API is built).

Exposition (one H200, rank 0, after a 256 MiB tensor)::

    gpumemd_allocator_allocated_bytes{gpu="0",uuid="GPU-56…"} 2.68439552e+08
    gpumemd_allocator_reserved_bytes{gpu="0",uuid="GPU-56…"} 2.70532608e+08
    gpumemd_allocator_inactive_split_bytes{gpu="0",uuid="GPU-56…"} 0
    gpumemd_allocator_allocated_peak_bytes{gpu="0",uuid="GPU-56…"} 2.68439552e+08
    gpumemd_allocator_alloc_retries_total{gpu="0",uuid="GPU-56…"} 0
    gpumemd_allocator_ooms_total{gpu="0",uuid="GPU-56…"} 0

Rules this source keeps:
- never create a CUDA context: nothing is read until the process initialised CUDA itself;
- never reset the user's peak statistics (`max_memory_allocated()` reads the same with us);
- CPU-only torch answers `memory_stats()` with `{}`, which is not a reading: "no CUDA device".

It reads `torch._C._cuda_memoryStats` (8 µs) rather than the public `memory_stats`
(42 µs, it flattens the same dict into ~130 keys), falling back to the public call where
the private one is missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from prometheus_client.core import Metric

from .base import SourceUnavailable, counter, gauge


class TorchCudaApi(Protocol):
    """The part of torch.cuda the allocator source reads; real or replayed."""

    def is_initialized(self) -> bool: ...
    def device_count(self) -> int: ...
    def memory_stats(self, device: int) -> dict[str, Any]: ...  # nested, as torch._C._cuda_memoryStats
    def device_uuid(self, device: int) -> str: ...
    def memory_fraction(self, device: int) -> float | None: ...  # set_per_process_memory_fraction, if set
    def total_memory(self, device: int) -> int: ...


@dataclass(frozen=True)
class AllocatorReading:
    """One device's allocator state, bytes unless named otherwise."""

    device: int
    uuid: str
    allocated_bytes: int
    reserved_bytes: int
    active_bytes: int
    inactive_split_bytes: int
    requested_bytes: int
    allocated_peak_bytes: int
    reserved_peak_bytes: int
    active_peak_bytes: int
    allocations: int
    segments: int
    inactive_splits: int
    alloc_retries: int
    ooms: int
    device_allocs: int
    device_frees: int
    limit_bytes: int | None  # per-process limit from set_per_process_memory_fraction

    @staticmethod
    def from_stats(device: int, uuid: str, stats: Mapping[str, Any], limit_bytes: int | None = None) -> AllocatorReading:
        def cur(key: str) -> int:
            return int(stats[key]["all"]["current"])

        def peak(key: str) -> int:
            return int(stats[key]["all"]["peak"])

        return AllocatorReading(
            device=device,
            uuid=uuid,
            allocated_bytes=cur("allocated_bytes"),
            reserved_bytes=cur("reserved_bytes"),
            active_bytes=cur("active_bytes"),
            inactive_split_bytes=cur("inactive_split_bytes"),
            requested_bytes=cur("requested_bytes"),
            allocated_peak_bytes=peak("allocated_bytes"),
            reserved_peak_bytes=peak("reserved_bytes"),
            active_peak_bytes=peak("active_bytes"),
            allocations=cur("allocation"),
            segments=cur("segment"),
            inactive_splits=cur("inactive_split"),
            alloc_retries=int(stats.get("num_alloc_retries", 0)),
            ooms=int(stats.get("num_ooms", 0)),
            device_allocs=int(stats.get("num_device_alloc", 0)),
            device_frees=int(stats.get("num_device_free", 0)),
            limit_bytes=limit_bytes,
        )


def nest(flat: Mapping[str, Any]) -> dict[str, Any]:
    """Public `memory_stats()` keys (`allocated_bytes.all.current`) back into the nested form."""
    out: dict[str, Any] = {}
    for key, value in flat.items():
        node = out
        *parents, leaf = key.split(".")
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = value
    return out


class AllocatorSource:
    name = "allocator"

    def __init__(self, api: TorchCudaApi, *, labels: Mapping[str, str] | None = None) -> None:
        self._api = api
        self._labels = dict(labels or {})  # rank identity, added to every series
        self._uuids: dict[int, str] = {}

    def read(self, cycle: Mapping[str, Any]) -> tuple[AllocatorReading, ...]:
        api = self._api
        if not api.is_initialized():
            # Reading now could create a CUDA context the process never asked for.
            raise SourceUnavailable("CUDA is not initialised in this process (yet)")
        count = api.device_count()
        if count == 0:
            raise SourceUnavailable("no CUDA device")
        readings = []
        for device in range(count):
            stats = api.memory_stats(device)
            if not stats:  # CPU-only builds answer {}: not a reading
                continue
            uuid = self._uuids.get(device)
            if uuid is None:
                uuid = self._uuids[device] = api.device_uuid(device)
            fraction = api.memory_fraction(device)
            limit = int(fraction * api.total_memory(device)) if fraction is not None else None
            readings.append(AllocatorReading.from_stats(device, uuid, stats, limit))
        if not readings:
            raise SourceUnavailable("no CUDA device")
        return tuple(readings)

    def families(self, reading: tuple[AllocatorReading, ...]) -> Iterable[Metric]:
        names = ["gpu", "uuid", *self._labels]
        extra = list(self._labels.values())
        gauges = [
            ("allocated_bytes", "Memory in tensors, as the caching allocator counts it."),
            ("reserved_bytes", "Memory the caching allocator holds from CUDA (allocated + cached)."),
            ("active_bytes", "Memory in active blocks (allocated, or freed but still in use by a stream)."),
            ("inactive_split_bytes", "Cached memory in split blocks that cannot serve a large request (fragmentation)."),
            ("requested_bytes", "Memory the program asked for, before the allocator's rounding."),
            ("allocated_peak_bytes", "Highest allocated_bytes since the process started or the user reset peaks."),
            ("reserved_peak_bytes", "Highest reserved_bytes since the process started or the user reset peaks."),
            ("active_peak_bytes", "Highest active_bytes since the process started or the user reset peaks."),
            ("allocations", "Allocations currently live."),
            ("segments", "Segments (cudaMalloc'd blocks) the allocator holds."),
            ("inactive_splits", "Inactive split blocks (fragmentation, as a count)."),
        ]
        counters = [
            ("alloc_retries", "Allocations that failed, freed the cache and retried (thrashing before an OOM)."),
            ("ooms", "Out-of-memory errors the allocator raised."),
            ("device_allocs", "cudaMalloc calls made by the allocator."),
            ("device_frees", "cudaFree calls made by the allocator."),
        ]
        g_fams = {key: gauge(f"gpumemd_allocator_{key}", doc, names) for key, doc in gauges}
        c_fams = {key: counter(f"gpumemd_allocator_{key}", doc, names) for key, doc in counters}
        limit = gauge("gpumemd_allocator_limit_bytes",
                      "Per-process limit set with torch.cuda.set_per_process_memory_fraction.", names)
        for r in reading:
            labels = [str(r.device), r.uuid, *extra]
            for key, fam in g_fams.items():
                fam.add_metric(labels, getattr(r, key))
            for key, cfam in c_fams.items():
                cfam.add_metric(labels, getattr(r, key))
            if r.limit_bytes is not None:
                limit.add_metric(labels, r.limit_bytes)
        yield from g_fams.values()
        yield from c_fams.values()
        yield limit


class TorchCuda:
    """TorchCudaApi over the real torch.cuda (imported here, never by the daemon)."""

    def __init__(self) -> None:
        import torch

        self._torch = torch
        self._raw = getattr(torch._C, "_cuda_memoryStats", None)

    def is_initialized(self) -> bool:
        return bool(self._torch.cuda.is_initialized())

    def device_count(self) -> int:
        return int(self._torch.cuda.device_count())

    def memory_stats(self, device: int) -> dict[str, Any]:
        if self._raw is not None:
            return dict(self._raw(device))
        return nest(self._torch.cuda.memory_stats(device))

    def device_uuid(self, device: int) -> str:
        uuid = str(getattr(self._torch.cuda.get_device_properties(device), "uuid", ""))
        return uuid if not uuid or uuid.startswith(("GPU-", "MIG-")) else f"GPU-{uuid}"  # NVML's spelling

    def memory_fraction(self, device: int) -> float | None:
        get = getattr(self._torch.cuda, "get_per_process_memory_fraction", None)
        fraction = get(device) if get is not None else None
        return None if fraction is None or fraction >= 1.0 else float(fraction)

    def total_memory(self, device: int) -> int:
        return int(self._torch.cuda.get_device_properties(device).total_memory)
