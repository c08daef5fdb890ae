"""The figures an OOM diagnosis needs, read from a torch memory snapshot: PyTorch's
`memory_snapshot()` list of segments in the training process, or a snapshot file
(`torch.cuda.memory._dump_snapshot`'s pickle: gpumemd's, the user's own, Stormlog's) offline.

Every reader here reads the snapshot as columns (`untrusted.columns.Columns`): a file is read
into them by `untrusted.pickled` (no pickle class ever looked up, what it builds priced as it is
built and refused past `untrusted.allowance`, its values checked for their types on the way in);
a live process's dict goes through the same reader (`Columns.of`). A block is a row of a few
integers, a traceback is built once and referred to by index, so a file's shared parts cost once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from gpumemd.config.yamlsafe import YamlError, read_limited
from gpumemd.untrusted import TooCostly
from gpumemd.untrusted.columns import Columns
from gpumemd.untrusted.pickled import Refused, columns_of, read_snapshot

from .cudacaching import round_block

__all__ = ["MAX_SNAPSHOT_BYTES", "Columns", "DeviceWalk", "OomEvent", "SnapshotFigures", "SnapshotUnreadable",
           "columns_of", "figures_from_segments", "load_snapshot", "oom_device", "oom_event", "request_block"]

MAX_SNAPSHOT_BYTES = 1 << 30

DEFAULT_POOL = (0, 0)  # segment_pool_id of PyTorch's own pool; any other id is a graph or private pool


class SnapshotUnreadable(Exception):
    """The file is not a torch memory snapshot this reader can take (one line, for the user)."""


def load_snapshot(path: Path) -> Columns:
    """A snapshot file as columns: its `segments` (and `device_traces` where recorded)."""
    try:  # regular files only, refused by size before reading: a FIFO cannot hang us
        data = read_limited(path, MAX_SNAPSHOT_BYTES)
    except YamlError as exc:
        raise SnapshotUnreadable(f"{path}: {exc}") from None
    try:
        doc = read_snapshot(data)
    except (Refused, TooCostly) as exc:
        raise SnapshotUnreadable(f"{path}: {exc}") from None
    except Exception as exc:  # any bytes: truncated, not a pickle
        raise SnapshotUnreadable(f"{path}: not a pickled snapshot ({type(exc).__name__})") from None
    if not doc.has_segments:
        raise SnapshotUnreadable(f"{path}: no `segments` list: not a torch memory snapshot")
    return doc


def _int(value: Any) -> int | None:
    return value if type(value) is int and value >= 0 else None


def request_block(requested: int) -> int:
    """The block a request of `requested` bytes needs: rounded up as the allocator rounds it
    (without `roundup_power2_divisions`, which only makes blocks larger)."""
    return round_block(requested)


@dataclass(frozen=True)
class SnapshotFigures:
    """One device's allocator state from one segment list (the OOM diagnosis's block figures
    and the live fragmentation figures: both come from `DeviceWalk`, through
    `figures_from_segments` or the pool source's pass)."""

    device: int
    reserved: int
    allocated: int
    largest_free_block: int
    free_blocks: tuple[int, ...]  # sizes of free (inactive) blocks of PyTorch's own pool
    pool_reserved: int
    pool_free: int
    largest_pool: tuple[str, int] | None
    requested: int | None = None  # from the snapshot's OOM trace event
    device_free: int | None = None  # likewise
    # Free blocks of PyTorch's own pool in segments that still hold a tensor: empty_cache()
    # cannot return them, and an allocation larger than each of them cannot use them.
    held_free_blocks: tuple[int, ...] = ()
    # Bytes the allocator would give back to the device before it gives up on a request
    # (release_cached_blocks): its own pool's segments holding no tensor and, under
    # expandable segments, the free blocks it unmaps and maps again where needed.
    releasable: int = 0
    # Live tensors of PyTorch's own pool: block address -> the block its request needs
    # (`request_block`); the live source compares two reads to see which requests came and went.
    live_requests: dict[int, int] = field(default_factory=dict, compare=False)

    def stranded(self, reference: int) -> int:
        """Bytes in held free blocks too small for a request of `reference` bytes."""
        need = request_block(reference)
        return sum(b for b in self.held_free_blocks if b < need)


class DeviceWalk:
    """One device's `SnapshotFigures`, built one segment at a time, so that a caller already
    walking the segment list for its own figures (the pool source's sums) gets these from the
    same pass instead of a second walk. The caller reads each segment's size and pool its own
    way (strictly in the pool source, leniently in `figures_from_segments`); whatever is
    malformed inside the segment's blocks is skipped, as it always was."""

    __slots__ = ("_free_blocks", "_held", "_live", "_pools", "allocated", "device", "pool_free",
                 "pool_reserved", "releasable", "reserved")

    def __init__(self, device: int) -> None:
        self.device = device
        self.reserved = self.allocated = self.pool_reserved = self.pool_free = self.releasable = 0
        self._live: dict[int, int] = {}
        self._free_blocks: list[int] = []
        self._held: list[int] = []
        self._pools: dict[str, int] = {}

    def add(self, seg: dict[str, Any], size: int, pool_id: tuple[Any, ...]) -> None:
        """One segment of this device (a live `memory_snapshot()` dict): its blocks, its size
        and its pool into the figures."""
        blocks = seg.get("blocks")
        self.add_blocks(
            size, pool_id, seg.get("is_expandable") is True,
            ((b.get("size"), b.get("state"), b.get("address"), b.get("requested_size"))
             for b in (blocks if isinstance(blocks, list) else ()) if isinstance(b, dict)),
        )

    def add_blocks(self, size: int, pool_id: tuple[Any, ...], expandable: bool,
                   blocks: Iterable[tuple[Any, Any, Any, Any]]) -> None:
        """One segment's figures from its blocks' (size, state, address, requested size), each
        as read (a value of the wrong type is skipped as it always was)."""
        private = pool_id != DEFAULT_POOL
        self.reserved += size
        seg_free: list[int] = []
        live = False
        allocated = 0
        live_requests = self._live
        # Once per block at every pool read: `_int` and `request_block` are inlined here.
        for bsize, state, address, asked in blocks:
            if type(bsize) is not int or bsize < 0:
                bsize = 0
            if state == "inactive":
                seg_free.append(bsize)
                continue
            live = True  # active_allocated, active_pending_free: not free yet
            if state == "active_allocated":
                allocated += bsize
                if not private and type(address) is int and address >= 0:
                    live_requests[address] = (
                        round_block(asked) if type(asked) is int and asked >= 0 else 0
                    )
        self.allocated += allocated
        if private:
            self.pool_free += sum(seg_free)
            self.pool_reserved += size
            key = "/".join(str(p) for p in pool_id)[:40]
            self._pools[key] = self._pools.get(key, 0) + size
            return
        self._free_blocks += seg_free
        if not live:
            self.releasable += size
        elif expandable:
            self.releasable += sum(seg_free)
        else:
            self._held += seg_free

    def figures(self) -> SnapshotFigures:
        """The figures of the segments added: the walk's end (the live requests are handed over, not
        copied, so add nothing after)."""
        pools = self._pools
        return SnapshotFigures(
            self.device,
            self.reserved,
            self.allocated,
            max(self._free_blocks, default=0),
            tuple(sorted(self._free_blocks)),
            self.pool_reserved,
            self.pool_free,
            max(pools.items(), key=lambda kv: kv[1]) if pools else None,
            held_free_blocks=tuple(sorted(self._held)),
            releasable=self.releasable,
            live_requests=self._live,
        )


def pool_of(pool: Any) -> tuple[Any, ...]:
    """A segment's pool id as read (`segment_pool_id`): its items, else PyTorch's own pool."""
    return tuple(pool) if isinstance(pool, (list, tuple)) else DEFAULT_POOL


def figures_from_segments(snapshot: Any, device: int) -> SnapshotFigures:
    """Reserved, allocated, free blocks and pools of one device of a snapshot (columns, or the
    dict or segment list they are read from); malformed entries skipped. One walk over every
    block, linear in them (the pool source gets the same figures from `DeviceWalk` inside its own
    pass)."""
    cols = columns_of(snapshot)
    walk = DeviceWalk(device)
    for seg in cols.segments():
        if (seg.device if seg.device is not None else 0) == device:
            walk.add_blocks(
                seg.total_size or 0, pool_of(seg.pool), seg.expandable,
                ((b.size, b.state, b.address, b.requested_size) for b in cols.blocks(seg)),
            )
    return walk.figures()


class OomEvent(NamedTuple):
    """A snapshot trace's OOM event: the allocation size refused, the device's free bytes then
    and the request's stream (None: not recorded)."""

    size: int | None
    device_free: int | None
    stream: int | None


def oom_event(snapshot: Any, device: int) -> OomEvent | None:
    """The last OOM event of `device`'s trace; None without one (no allocation history)."""
    cols = columns_of(snapshot)
    last = None
    for event in cols.events(device):
        if event is not None and event.action == "oom":
            last = event
    if last is None:
        return None
    return OomEvent(last.size, last.device_free, last.stream)


def oom_device(snapshot: Any) -> int:
    """The device whose trace holds an OOM event, else the first device with segments, else 0."""
    cols = columns_of(snapshot)
    for i in range(cols.devices):
        if any(e is not None and e.action == "oom" for e in cols.events(i)):
            return i
    for seg in cols.segments():
        if seg.device is not None:
            return seg.device
    return 0
