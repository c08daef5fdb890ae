"""The figures an OOM diagnosis needs, read from a torch memory snapshot: PyTorch's
`memory_snapshot()` list of segments in the training process, or a snapshot file
(`torch.cuda.memory._dump_snapshot`'s pickle: gpumemd's, the user's own, Stormlog's) offline.

A snapshot file is hostile input: it is unpickled with no class allowed at all (a snapshot
is only dicts, lists, strings and numbers, so `pickle`'s code-running classes are refused),
read bounded in bytes and refused where its objects would pass `untrusted.allowance` (priced
opcode by opcode before anything is built), and every field is checked for its type before it
is used. A pickle may
refer to one object many times (its memo): torch shares each traceback's frame list between
the blocks that have it, so readers walk shared parts once per reference; a file whose tree,
walked so, passes `EXPANSION` elements per byte (a few kilobytes that unfold into billions of
blocks) is refused, after a check that visits each distinct object once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from gpumemd.config.yamlsafe import YamlError, read_limited
from gpumemd.untrusted import TooCostly
from gpumemd.untrusted.pickled import ClassRefused, load_pickle

from .cudacaching import round_block

__all__ = ["MAX_SNAPSHOT_BYTES", "DeviceWalk", "OomEvent", "SnapshotFigures", "SnapshotUnreadable",
           "figures_from_segments", "load_snapshot", "oom_device", "oom_event", "request_block"]

MAX_SNAPSHOT_BYTES = 1 << 30

EXPANSION = 64
"""Elements of a snapshot's tree per byte of its file, each shared list or dict counted at every
reference (torch's shared frame lists reach about 18 with deep C++ stacks); past it the file is
refused. Never below `MIN_ELEMENTS`."""
MIN_ELEMENTS = 8 << 20

DEFAULT_POOL = (0, 0)  # segment_pool_id of PyTorch's own pool; any other id is a graph or private pool



class SnapshotUnreadable(Exception):
    """The file is not a torch memory snapshot this reader can take (one line, for the user)."""


def load_snapshot(path: Path) -> dict[str, Any]:
    """A snapshot file as a dict with `segments` (and `device_traces` where recorded)."""
    try:  # regular files only, refused by size before reading: a FIFO cannot hang us
        data = read_limited(path, MAX_SNAPSHOT_BYTES)
    except YamlError as exc:
        raise SnapshotUnreadable(f"{path}: {exc}") from None
    try:
        doc = load_pickle(data)
    except (ClassRefused, TooCostly) as exc:
        raise SnapshotUnreadable(f"{path}: {exc}") from None
    except Exception as exc:  # any bytes: truncated, not a pickle, too deep
        raise SnapshotUnreadable(f"{path}: not a pickled snapshot ({type(exc).__name__})") from None
    if not _unfolds_within(doc, max(MIN_ELEMENTS, EXPANSION * len(data))):
        raise SnapshotUnreadable(
            f"{path}: refused: its shared parts unfold past {EXPANSION} elements per byte, or refer "
            "to themselves (a snapshot does neither)"
        )
    if isinstance(doc, list):  # memory_snapshot()'s plain list of segments
        doc = {"segments": doc}
    if not isinstance(doc, dict) or not isinstance(doc.get("segments"), list):
        raise SnapshotUnreadable(f"{path}: no `segments` list: not a torch memory snapshot")
    return doc


def _unfolds_within(doc: Any, budget: int) -> bool:
    """Whether `doc` walked as a tree (a shared list or dict once per reference) has at most
    `budget` elements and no cycle. Each distinct container is looked at once: its unfolded size
    is kept by id while `doc` holds it, so the check costs the file's objects, not the tree's."""
    if not isinstance(doc, (list, dict, tuple)):
        return True
    sizes: dict[int, int] = {}
    open_: set[int] = set()  # containers being summed: one met again is a cycle
    stack: list[tuple[Any, bool]] = [(doc, False)]
    while stack:
        obj, summed = stack.pop()
        key = id(obj)
        parts = obj.values() if isinstance(obj, dict) else obj
        if summed:
            open_.discard(key)
            size = 1 + len(obj) + sum(sizes.get(id(p), 0) for p in parts)
            if size > budget:
                return False
            sizes[key] = size
            continue
        if key in sizes:
            continue
        open_.add(key)
        stack.append((obj, True))
        for part in parts:
            if isinstance(part, (list, dict, tuple)):
                if id(part) in open_:
                    return False
                if id(part) not in sizes:
                    stack.append((part, False))
    return True


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
        """One segment of this device: its blocks, its size and its pool into the figures."""
        private = pool_id != DEFAULT_POOL
        self.reserved += size
        blocks = seg.get("blocks")
        seg_free: list[int] = []
        live = False
        allocated = 0
        live_requests = self._live
        # Once per block at every pool read: `_int` and `request_block` are inlined here.
        for block in blocks if isinstance(blocks, list) else ():
            if not isinstance(block, dict):
                continue
            bsize = block.get("size")
            if type(bsize) is not int or bsize < 0:
                bsize = 0
            state = block.get("state")
            if state == "inactive":
                seg_free.append(bsize)
                continue
            live = True  # active_allocated, active_pending_free: not free yet
            if state == "active_allocated":
                allocated += bsize
                address = block.get("address")
                if not private and type(address) is int and address >= 0:
                    asked = block.get("requested_size")
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
        elif seg.get("is_expandable") is True:
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


def figures_from_segments(segments: Iterable[Any], device: int) -> SnapshotFigures:
    """Reserved, allocated, free blocks and pools of one device; malformed entries skipped.
    One walk over every block, linear in them (the pool source gets the same figures from
    `DeviceWalk` inside its own pass)."""
    walk = DeviceWalk(device)
    for seg in segments:
        if isinstance(seg, dict) and seg.get("device", 0) == device:
            pool = seg.get("segment_pool_id")
            walk.add(
                seg,
                _int(seg.get("total_size")) or 0,
                tuple(pool) if isinstance(pool, (list, tuple)) else DEFAULT_POOL,
            )
    return walk.figures()


class OomEvent(NamedTuple):
    """A snapshot trace's OOM event: the allocation size refused, the device's free bytes then
    and the request's stream (None: not recorded)."""

    size: int | None
    device_free: int | None
    stream: int | None


def oom_event(doc: dict[str, Any], device: int) -> OomEvent | None:
    """The last OOM event of `device`'s trace; None without one (no allocation history)."""
    traces = doc.get("device_traces")
    if not isinstance(traces, list) or not 0 <= device < len(traces) or not isinstance(traces[device], list):
        return None
    for event in reversed(traces[device]):
        if isinstance(event, dict) and event.get("action") == "oom":
            return OomEvent(
                _int(event.get("size")), _int(event.get("device_free")), _int(event.get("stream"))
            )
    return None


def oom_device(doc: dict[str, Any]) -> int:
    """The device whose trace holds an OOM event, else the first device with segments, else 0."""
    traces = doc.get("device_traces")
    if isinstance(traces, list):
        for i, trace in enumerate(traces):
            if isinstance(trace, list) and any(
                isinstance(e, dict) and e.get("action") == "oom" for e in trace
            ):
                return i
    segments = doc.get("segments")
    for seg in segments if isinstance(segments, list) else ():
        if isinstance(seg, dict) and _int(seg.get("device")) is not None:
            return int(seg["device"])
    return 0
