"""One OOM's accounting: every byte the OOM diagnosis reasons about, in one record, built by
one function from an allocator snapshot's segments and what else is known at the OOM.

Two callers fill it: the agent, in the training process at the OOM (memory_stats, its
`memory_snapshot()` segments, NVML read then, the step ends it recorded), and
`gpumemd explain --snapshot`, offline (a snapshot file's segments and OOM event). Both go
through `build_accounting`, so the same inputs give the same record and the same diagnosis
(gpumemd/diagnosis/oom.py). An input a caller lacks stays None and is named in `missing`:
the diagnosis never guesses it.

Pure: figures in, a record out; nothing here touches torch, NVML or a file.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cudacaching import SMALL_BUFFER, expandable_page, is_small, whole_pages
from .snapshot import DEFAULT_POOL, Columns, columns_of, oom_device, oom_event, pool_of

__all__ = ["CONTEXT_BOUND", "AllocatorConfig", "OomAccounting", "OtherProcess", "PoolAccount",
           "accounting_from_snapshot", "build_accounting", "pools_from_segments"]


# The most this process's CUDA context (and the libraries' fixed state) is taken to hold when
# no reading of this process measured it: the non-PyTorch bytes beyond it count as freeable.
# A measured figure below it replaces it; docs/oom.md says where the figure comes from.
CONTEXT_BOUND = 2 << 30

MAX_POOLS = 256  # (pool, stream) pairs kept: a process with more is summarised by the first

# PYTORCH_CUDA_ALLOC_CONF as the remedy repeats it (into a fix line, a label): torch's own
# shape only (`key:value` items, roundup_power2_divisions' brackets); anything else is dropped
_CONF_TEXT = re.compile(r"[A-Za-z0-9_:.,\[\]]{0,256}")


@dataclass(frozen=True)
class OtherProcess:
    """Another process holding memory on the GPU that ran out, as the OOM diagnosis names it."""
    pid: int
    used_bytes: int
    rank: str | None = None  # where the node daemon or the spool knows it
    name: str | None = None


@dataclass(frozen=True)
class AllocatorConfig:
    """What `PYTORCH_CUDA_ALLOC_CONF` set (gpumemd's `sources/alloc_conf.py` reads it)."""

    backend: str = "native"  # native | cudaMallocAsync
    expandable_segments: bool = False
    max_split_size: int | None = None  # bytes; None: unlimited (the default)
    uses_cuda_ipc: bool = False  # expandable segments and CUDA IPC conflict (pytorch #130330)
    text: str = ""  # the variable as set, bounded (the remedy adds to it)


@dataclass(frozen=True)
class PoolAccount:
    """One pool's cache on one stream, as its segments show it. `pool` is "default" for
    PyTorch's own pool, else a CUDA-graph or `MemPool` private pool's id."""

    pool: str
    stream: int
    segments: int
    reserved: int
    allocated: int
    free: int  # free blocks in segments that still hold a live block
    largest_free: int  # the largest of those
    # of `free`, the bytes in whole pages an expandable segment would unmap and map again
    # (pages counted from each segment's start, as an expandable segment's are)
    free_pages: int
    # segments holding no live block: the allocator frees them before it raises an OOM
    # (release_cached_blocks); under expandable segments also their free whole pages
    releasable: int
    # of `free`, the bytes in small-pool segments: only a small request can use them (get_pool)
    small_free: int = 0

    @property
    def private(self) -> bool:
        return self.pool != "default"


@dataclass(frozen=True)
class OomAccounting:
    """Everything known at one OOM, in bytes; None: not known (named in `missing`)."""

    requested: int | None  # the allocation size the allocator asked for (its OOM observer's, its trace's)
    device: int = 0
    stream: int | None = None  # the request's stream, where the trace says
    device_total: int | None = None
    device_free: int | None = None  # free on the device when the allocator gave up (after its own release)
    gpu_free: int | None = None  # NVML's free bytes of the whole GPU at the OOM, where read (MPS client)
    limit: int | None = None  # a per-process limit below the device's total
    limit_by: str = "fraction"  # "fraction" (set_per_process_memory_fraction) or "mps"
    # whose MPS limit: "job" (this process's CUDA_MPS_PINNED_DEVICE_MEM_LIMIT) or "node" (its MPS
    # server's, set through the control daemon: inferred from CUDA's free memory, agent/oomdiag.py)
    mps_limit_by: str = "job"
    # who set a fraction limit: "call" (torch.cuda.set_per_process_memory_fraction) or "conf"
    # (per_process_memory_fraction in PYTORCH_CUDA_ALLOC_CONF, newer torch)
    fraction_set_by: str = "call"
    allocated: int | None = None  # PyTorch, live tensors (memory_stats, else the segments' sum)
    reserved: int | None = None  # PyTorch's cache, every pool
    pools: tuple[PoolAccount, ...] | None = None  # None: no snapshot
    process_used: int | None = None  # NVML's figure for this process, read at the OOM
    context_baseline: int | None = None  # this process's non-PyTorch bytes at their lowest reading
    others: tuple[OtherProcess, ...] | None = None  # None: not known (no NVML)
    config: AllocatorConfig = field(default_factory=AllocatorConfig)
    step: int | None = None  # the loop's global step, where known
    step_ends: tuple[tuple[int, int], ...] = ()  # (optimizer steps so far, allocated at that step's end)
    # the last step peak by category (gpumemd.watch), where the program watched its model
    categories: tuple[tuple[str, int], ...] = ()
    missing: tuple[str, ...] = ()

    # --- derived figures (pure, never negative) ---

    def _default(self) -> Iterable[PoolAccount]:
        return (p for p in self.pools or () if not p.private)

    @property
    def default_free(self) -> int:
        """Free bytes of PyTorch's own pool in segments holding a live block (every stream)."""
        return sum(p.free for p in self._default())

    @property
    def largest_free_block(self) -> int | None:
        """The largest free block of PyTorch's own pool on the request's stream (any stream
        where the stream is unknown)."""
        if self.pools is None:
            return None
        return max((p.largest_free for p in self._default()
                    if self.stream is None or p.stream == self.stream), default=0)

    @property
    def joinable_free(self) -> int:
        """The cache's free bytes the request could draw on had they been one block: PyTorch's
        own pool, the request's stream (every stream where it is unknown), the request's size
        class (a large request never takes a small-pool block, nor a small one a large)."""
        small = self.requested is not None and is_small(self.requested)
        return sum(p.small_free if small else p.free - p.small_free for p in self._default()
                   if self.stream is None or p.stream == self.stream)

    @property
    def default_free_pages(self) -> int:
        return sum(p.free_pages for p in self._default())

    @property
    def releasable(self) -> int:
        return sum(p.releasable for p in self._default())

    @property
    def pool_free(self) -> int:
        """Free bytes held by private pools (CUDA graphs, MemPools), whole segments included."""
        return sum(p.free + p.releasable for p in self.pools or () if p.private)

    @property
    def pool_reserved(self) -> int:
        return sum(p.reserved for p in self.pools or () if p.private)

    @property
    def cached_free(self) -> int | None:
        if self.reserved is None or self.allocated is None:
            return None
        return max(0, self.reserved - self.allocated)

    @property
    def limit_counted(self) -> int | None:
        """The bytes a fraction limit counts: PyTorch's reserved bytes (native); under
        cudaMallocAsync its live allocations' (mallocAsync checks pytorch_used_bytes)."""
        return self.allocated if self.config.backend == "cudaMallocAsync" else self.reserved

    @property
    def others_bytes(self) -> int | None:
        return None if self.others is None else sum(p.used_bytes for p in self.others)

    @property
    def non_pytorch(self) -> int | None:
        if self.process_used is None or self.reserved is None:
            return None
        return max(0, self.process_used - self.reserved)

    @property
    def context(self) -> int:
        """The CUDA context's bytes as the diagnosis counts them: the lowest non-PyTorch reading
        of this process, at most `CONTEXT_BOUND`."""
        base = self.context_baseline
        return CONTEXT_BOUND if base is None else min(base, CONTEXT_BOUND)

    @property
    def non_pytorch_excess(self) -> int | None:
        """This process's non-PyTorch bytes beyond its CUDA context."""
        n = self.non_pytorch
        return None if n is None else max(0, n - self.context)

    def to_json(self) -> dict[str, Any]:
        """Every figure in bytes; unknown ones null; pools summarised (no block lists)."""
        return {
            "requested": self.requested,
            "device": self.device,
            "stream": self.stream,
            "device_total": self.device_total,
            "device_free": self.device_free,
            "gpu_free": self.gpu_free,
            "limit": self.limit,
            "limit_by": self.limit_by,
            "mps_limit_by": self.mps_limit_by,
            "fraction_set_by": self.fraction_set_by,
            "allocated": self.allocated,
            "reserved": self.reserved,
            "cached_free": self.cached_free,
            "largest_free_block": self.largest_free_block,
            "default_free": self.default_free if self.pools is not None else None,
            "joinable_free": self.joinable_free if self.pools is not None else None,
            "default_free_pages": self.default_free_pages if self.pools is not None else None,
            "pool_reserved": self.pool_reserved if self.pools is not None else None,
            "pool_free": self.pool_free if self.pools is not None else None,
            "pools": [vars(p) for p in self.pools or ()],
            "process_used": self.process_used,
            "non_pytorch": self.non_pytorch,
            "context_baseline": self.context_baseline,
            "others": None if self.others is None else [vars(p) for p in self.others],
            "others_bytes": self.others_bytes,
            "config": vars(self.config),
            "step": self.step,
            "step_ends": [list(e) for e in self.step_ends],
            "categories": [list(c) for c in self.categories],
        }


def _int(value: Any) -> int | None:
    return value if type(value) is int and value >= 0 else None


class _PoolSum:
    __slots__ = ("allocated", "free", "free_pages", "largest_free", "releasable", "reserved", "segments",
                 "small_free")

    def __init__(self) -> None:
        self.segments = self.reserved = self.allocated = self.free = 0
        self.largest_free = self.free_pages = self.releasable = self.small_free = 0


def pools_from_segments(snapshot: Any, device: int) -> tuple[PoolAccount, ...]:
    """One device's segments summed by (pool, stream), from a snapshot's columns (or the dict or
    segment list they are read from); malformed entries skipped. One walk, linear in the blocks."""
    cols = columns_of(snapshot)
    sums: dict[tuple[str, int], _PoolSum] = {}
    for seg in cols.segments():
        if (seg.device if seg.device is not None else 0) != device:
            continue
        size = seg.total_size or 0
        pid = pool_of(seg.pool)
        name = "default" if pid == DEFAULT_POOL else "/".join(str(p) for p in pid)[:40]
        key = (name, seg.stream or 0)
        acc = sums.get(key)
        if acc is None:
            if len(sums) >= MAX_POOLS:
                continue
            acc = sums[key] = _PoolSum()
        small = seg.segment_type == "small" or size <= SMALL_BUFFER
        page = expandable_page(small)
        base = seg.address
        live, allocated, free, largest, pages = False, 0, 0, 0, 0
        offset = 0
        for block in cols.blocks(seg):
            bsize = block.size or 0
            address = block.address
            start = address - base if address is not None and base is not None and address >= base else offset
            offset = start + bsize
            state = block.state
            if state == "inactive":
                free += bsize
                largest = max(largest, bsize)
                pages += whole_pages(start, bsize, page)
                continue
            live = True  # active_allocated, active_pending_free: not free yet
            if state == "active_allocated":
                allocated += bsize
        acc.segments += 1
        acc.reserved += size
        acc.allocated += allocated
        if not live:
            acc.releasable += size
        elif seg.expandable:
            acc.releasable += pages  # unmapped by the allocator itself before it raises
            acc.free += free - pages
            acc.small_free += free - pages if small else 0
            acc.largest_free = max(acc.largest_free, largest)
        else:
            acc.free += free
            acc.small_free += free if small else 0
            acc.largest_free = max(acc.largest_free, largest)
            acc.free_pages += pages
    return tuple(
        PoolAccount(name, stream, s.segments, s.reserved, s.allocated, s.free, s.largest_free,
                    s.free_pages, s.releasable, s.small_free)
        for (name, stream), s in sorted(sums.items())
    )


def build_accounting(
    *,
    requested: int | None,
    device: int,
    segments: Any | None,
    stream: int | None = None,
    device_total: int | None = None,
    device_free: int | None = None,
    gpu_free: int | None = None,
    limit: int | None = None,
    limit_by: str = "fraction",
    mps_limit_by: str = "job",
    fraction_set_by: str = "call",
    allocated: int | None = None,
    reserved: int | None = None,
    process_used: int | None = None,
    context_baseline: int | None = None,
    others: Sequence[OtherProcess] | None = None,
    config: AllocatorConfig | None = None,
    step: int | None = None,
    step_ends: Sequence[tuple[int, int]] = (),
    categories: Sequence[tuple[str, int]] = (),
    lacking: Sequence[str] = (),
) -> OomAccounting:
    """The one builder: every figure checked for its type (a hostile snapshot, a confused
    caller: a negative or a non-integer is unknown), the segments (a snapshot's columns, or the
    live `memory_snapshot()` list they are read from) summed by pool, the
    allocator's own totals preferred to the segments' sums where given, what is unknown
    named. `lacking`: what the caller already knows it could not read."""
    pools = None if segments is None else pools_from_segments(segments, device)
    if pools is not None:
        allocated = _int(allocated) if _int(allocated) is not None else sum(p.allocated for p in pools)
        reserved = _int(reserved) if _int(reserved) is not None else sum(p.reserved for p in pools)
    total = _int(device_total)
    lim = _int(limit)
    if lim is not None and (lim == 0 or (total is not None and lim >= total)):
        lim = None
    kept_others = None if others is None else tuple(
        p for p in others if _int(p.used_bytes) is not None and _int(p.pid) is not None
    )
    ends = tuple((int(s), int(a)) for s, a in step_ends if _int(s) is not None and _int(a) is not None)
    acc = OomAccounting(
        requested=_int(requested),
        device=device,
        stream=_int(stream),
        device_total=total,
        device_free=_int(device_free),
        gpu_free=_int(gpu_free),
        limit=lim,
        limit_by="mps" if limit_by == "mps" else "fraction",
        mps_limit_by="node" if mps_limit_by == "node" else "job",
        fraction_set_by="conf" if fraction_set_by == "conf" else "call",
        allocated=_int(allocated),
        reserved=_int(reserved),
        pools=pools,
        process_used=_int(process_used),
        context_baseline=_int(context_baseline),
        others=kept_others,
        config=_clean_config(config or AllocatorConfig()),
        step=_int(step),
        step_ends=ends,
        categories=tuple((str(c), n) for c, n in categories if _int(n) is not None),
    )
    missing = list(lacking)
    for name, value in (
        ("requested", acc.requested),
        ("device_free", acc.device_free),
        ("device_total", acc.device_total),
        ("allocated/reserved", acc.cached_free),
        ("segments (allocator snapshot)", acc.pools),
        ("others (NVML)", acc.others),
        ("process_used (NVML)", acc.process_used),
        ("context_baseline (no reading of this process before the OOM)", acc.context_baseline),
    ):
        if value is None and name not in missing:
            missing.append(name)
    return OomAccounting(**{**vars(acc), "missing": tuple(missing)})


def _clean_config(config: AllocatorConfig) -> AllocatorConfig:
    text = config.text if isinstance(config.text, str) and _CONF_TEXT.fullmatch(config.text) else ""
    return config if text == config.text else dataclasses.replace(config, text=text)


def _settings(cols: Columns) -> AllocatorConfig:
    """The allocator's settings a snapshot recorded (`allocator_settings`, newer torch)."""
    s = cols.settings
    if s is None:
        return AllocatorConfig()
    text = s.get("PYTORCH_CUDA_ALLOC_CONF")
    split = s.get("max_split_size")
    return AllocatorConfig(
        backend="cudaMallocAsync" if isinstance(text, str) and "cudaMallocAsync" in text else "native",
        expandable_segments=s.get("expandable_segments") is True,
        max_split_size=split if type(split) is int and split > 0 else None,
        text=text if isinstance(text, str) else "",
    )


def accounting_from_snapshot(doc: Any, device: int | None = None,
                             requested: int | None = None) -> OomAccounting:
    """The accounting of a snapshot alone (its columns, or the dict they are read from).
    `requested`: the user's figure where the snapshot holds no OOM event (the event's wins where
    both are there)."""
    cols = columns_of(doc)
    dev = oom_device(cols) if device is None else device
    event = oom_event(cols, dev)
    lacking = ["NVML (device total, other processes, this process's non-PyTorch memory)"]
    asked = event.size if event is not None else None
    if asked is None:
        asked = requested
        lacking.append(
            "the OOM event (no allocation history in the snapshot): "
            + ("the requested size is yours" if requested is not None else "pass --requested BYTES")
        )
    if event is None or event.device_free is None:
        lacking.append("the device's free memory at the OOM")
    return build_accounting(
        requested=asked,
        device=dev,
        segments=cols,
        stream=None if event is None else event.stream,
        device_free=None if event is None else event.device_free,
        config=_settings(cols),
        lacking=lacking,
    )
