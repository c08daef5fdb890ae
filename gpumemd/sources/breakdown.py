"""Every byte of each GPU in a named category: the node's answer to "where did my memory go".

NVML knows the device (total, used, free, driver-reserved) and what each process holds;
each rank's agent knows what PyTorch's caching allocator holds inside its process (through
the spool). Joined on the process id, per GPU::

    gpumemd_gpu_memory_breakdown_bytes{category="pytorch_allocated",gpu="0",uuid="GPU-…"}   tensors
    gpumemd_gpu_memory_breakdown_bytes{category="pytorch_fragmented",…}  cached in split blocks
    gpumemd_gpu_memory_breakdown_bytes{category="pytorch_cached",…}      the rest of the cache
    gpumemd_gpu_memory_breakdown_bytes{category="non_pytorch",…}   agents' processes, outside torch
    gpumemd_gpu_memory_breakdown_bytes{category="other_processes",…}  processes without an agent
    gpumemd_gpu_memory_breakdown_bytes{category="driver_reserved",…}  NVML v2's reserved
    gpumemd_gpu_memory_breakdown_bytes{category="unattributed",…}  used, but by no listed process
    gpumemd_gpu_memory_breakdown_bytes{category="free",…}

The categories sum to `gpumemd_gpu_memory_total_bytes`. A rank's figures come from its last
publish (up to a second old) and NVML's from now: where the two disagree a rank's PyTorch
parts are capped at what NVML charges its process, so the sum stays exact. Cardinality is
per GPU: per-process figures are the nvml and spool collectors' own series.

Why some memory is unattributed is said by `gpumemd_gpu_memory_unattributed_info{reason}`:
`none`; `processes_not_listed` (NVML lists fewer bytes than it counts used: processes of
other containers or PID namespaces it does not show, or memory of exited processes not yet
released); `processes_over_limit` (more processes than `sources.nvml.max_processes`);
`process_memory_unknown` (NVML lists processes without their memory: MIG, some containers);
`no_process_list` (NVML gave no process list at all).

The ranks' figures are other people's numbers: one that is not a byte count (`byte_count`)
leaves that rank out on that GPU (its process counts as `other_processes`), counted in
`gpumemd_gpu_memory_breakdown_dropped_total`, so no rank can fail the node's breakdown.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from prometheus_client.core import Metric

from gpumemd.known_metrics import collected_by
from gpumemd.spool.format import SpoolReading

from .base import Family, Source
from .memsplit import split_process
from .nvml import NvmlReading

log = logging.getLogger("gpumemd.sources")

__all__ = ["CATEGORIES", "MAX_BYTES", "BreakdownReading", "BreakdownSource", "GpuBreakdown",
           "RankMemory", "breakdown", "byte_count", "rank_memory"]

CATEGORIES = ("pytorch_allocated", "pytorch_fragmented", "pytorch_cached", "non_pytorch",
              "other_processes", "driver_reserved", "unattributed", "free")
REASONS = (
    "none",
    "processes_not_listed",
    "processes_over_limit",
    "process_memory_unknown",
    "no_process_list",
)

_BREAKDOWN = Family("gpumemd_gpu_memory_breakdown_bytes")
_REASON = Family("gpumemd_gpu_memory_unattributed_info")
_AGENTS = Family("gpumemd_gpu_agent_processes")

_DROPPED = Family("gpumemd_gpu_memory_breakdown_dropped")

_ALLOCATOR = {
    "gpumemd_allocator_allocated_bytes": "allocated",
    "gpumemd_allocator_reserved_bytes": "reserved",
    "gpumemd_allocator_inactive_split_bytes": "inactive_split",
}


@dataclass(frozen=True)
class RankMemory:
    """What one agent said its allocator holds on one GPU."""

    pid: int
    uuid: str
    allocated: int
    reserved: int
    inactive_split: int


@dataclass(frozen=True)
class GpuBreakdown:
    """One GPU's memory split into the breakdown's categories (they sum to the total), with why
    some of it is unattributed."""

    gpu: int
    uuid: str
    total: int
    parts: Mapping[str, int]  # category -> bytes, every category of CATEGORIES
    reason: str
    agents: int  # agent processes joined to NVML's processes on this GPU


# More bytes than any device holds (an exbibyte): a figure past it is garbage, not memory.
MAX_BYTES = 1 << 60


def byte_count(value: Any) -> int | None:
    """A published byte figure as an int, or None when it cannot be one: NaN, ±Inf, negative,
    past MAX_BYTES, not a number. One rank's garbage must not fail the node's breakdown."""
    if value.__class__ is not int:
        try:
            value = float(value)
        except (TypeError, ValueError, OverflowError):
            return None
        if not 0 <= value <= MAX_BYTES:  # NaN fails both comparisons
            return None
        return int(value)
    return value if 0 <= value <= MAX_BYTES else None


def rank_memory(spool: SpoolReading | None, dropped: list[int] | None = None) -> list[RankMemory]:
    """Each rank's allocator bytes per GPU, from its published families. A rank with a figure
    that is not a byte count on a GPU (`byte_count`) is left out for that GPU only (its
    process counts as one without an agent there); `dropped[0]` counts those."""
    out: list[RankMemory] = []
    for rank in spool.ranks if spool is not None else ():
        per_uuid: dict[str, dict[str, int]] = {}
        bad: set[str] = set()
        for name, _typ, _help, samples, _keys in rank.families:
            key = _ALLOCATOR.get(name)
            if key is None:
                continue
            for sample in samples:
                uuid = sample.labels.get("uuid")
                value = sample.value
                if not uuid or value != value:  # NaN: no reading
                    continue
                nbytes = byte_count(value)
                if nbytes is None:
                    bad.add(uuid)
                else:
                    per_uuid.setdefault(uuid, {})[key] = nbytes
        for uuid in bad:
            per_uuid.pop(uuid, None)
        if bad and dropped is not None:
            dropped[0] += len(bad)
        for uuid, v in per_uuid.items():
            out.append(
                RankMemory(
                    rank.pid, uuid, v.get("allocated", 0), v.get("reserved", 0), v.get("inactive_split", 0)
                )
            )
    return out


def breakdown(nvml: NvmlReading, ranks: Sequence[RankMemory]) -> list[GpuBreakdown]:
    """Split every GPU whose total, used and free NVML could read; others are left out."""
    by_gpu: dict[str, dict[int, RankMemory]] = {}
    for r in ranks:
        by_gpu.setdefault(r.uuid, {})[r.pid] = r
    out = []
    for gpu in nvml.gpus:
        if gpu.total_bytes is None or gpu.used_bytes is None or gpu.free_bytes is None:
            continue
        parts = dict.fromkeys(CATEGORIES, 0)
        parts["free"] = gpu.free_bytes
        parts["driver_reserved"] = gpu.reserved_bytes or 0
        agents = by_gpu.get(gpu.uuid, {})
        listed, joined, unknown = 0, 0, False
        for proc in gpu.processes or ():
            if proc.used_bytes is None:
                unknown = True
                continue
            listed += proc.used_bytes
            rank = agents.get(proc.pid)
            if rank is None:
                parts["other_processes"] += proc.used_bytes
                continue
            joined += 1
            for category, nbytes in split_process(
                proc.used_bytes, rank.reserved, rank.allocated, rank.inactive_split
            ).items():
                parts[category] += nbytes
        # what used holds beyond the listed processes; the rest of total is free and reserved
        parts["unattributed"] = gpu.total_bytes - gpu.free_bytes - parts["driver_reserved"] - listed
        if parts["unattributed"] < 0:  # NVML's parts disagree with its total: say so in free
            parts["free"] += parts["unattributed"]
            parts["unattributed"] = 0
        if gpu.processes is None:
            reason = "no_process_list"
        elif unknown:
            reason = "process_memory_unknown"
        elif parts["unattributed"] and nvml.processes_dropped:
            reason = "processes_over_limit"
        elif parts["unattributed"]:
            reason = "processes_not_listed"
        else:
            reason = "none"
        out.append(GpuBreakdown(gpu.index, gpu.uuid, gpu.total_bytes, parts, reason, joined))
    return out


class BreakdownReading(list[GpuBreakdown]):
    """The GPUs split, and how many (rank, GPU) figures were left out since start."""

    dropped = 0


class BreakdownSource(Source[list[GpuBreakdown]]):
    """The `breakdown` collector: reads nothing itself, joins the cycle's nvml and spool readings."""

    name = "breakdown"
    names = collected_by("breakdown")  # the families declared with its name (known_metrics)

    def __init__(self) -> None:
        self._dropped = [0]  # (rank, GPU) figures left out since start, each sample they were bad

    def read(self, cycle: Mapping[str, Any]) -> list[GpuBreakdown]:
        nvml = cycle.get("nvml")
        if not isinstance(nvml, NvmlReading):
            return BreakdownReading()  # no NVML this sample: nothing to split (the nvml collector says why)
        spool = cycle.get("spool")
        before = self._dropped[0]
        ranks = rank_memory(spool if isinstance(spool, SpoolReading) else None, self._dropped)
        if before == 0 and self._dropped[0]:
            log.warning(
                "breakdown: a rank published allocator bytes that are not a byte count (NaN, "
                "infinite, negative or absurd); its process counts as one without an agent on that GPU "
                "(gpumemd_gpu_memory_breakdown_dropped_total counts each)"
            )
        reading = BreakdownReading(breakdown(nvml, ranks))
        reading.dropped = self._dropped[0]
        return reading

    def families(self, reading: list[GpuBreakdown]) -> Iterable[Metric]:
        dropped = _DROPPED.new()
        _DROPPED.add(dropped, {}, getattr(reading, "dropped", 0))  # getattr: a plain list from a test
        parts, reasons, agents = _BREAKDOWN.new(), _REASON.new(), _AGENTS.new()
        for g in reading:
            ids = {"gpu": str(g.gpu), "uuid": g.uuid}
            for category in CATEGORIES:
                _BREAKDOWN.add(parts, {**ids, "category": category}, g.parts[category])
            _REASON.add(reasons, {**ids, "reason": g.reason}, 1)
            _AGENTS.add(agents, dict(ids), g.agents)
        return [parts, reasons, agents, dropped]
