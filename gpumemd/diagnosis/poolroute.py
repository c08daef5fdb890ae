"""Which allocator pool served each entry of a recorded trace: the default pool or a private one
(a CUDA graph's pool, a `torch.cuda.MemPool`), for the allocator what-if (allocsim.py).

torch's trace entries do not name their pool; a snapshot's segments do (`segment_pool_id`),
but only for the segments alive when it was taken, and an address range may be a segment of one
pool, released, then of another (cudaMalloc hands the same range back). So each segment's life
is followed through the trace's segment entries, backward from the snapshot's segments (a
segment alive at the end has the snapshot's pool; one mapped and released inside the trace, or
released before the snapshot, has a pool the data does not tell) and then forward, each
alloc/free entry routed to the segment whose range holds its address at that moment.

Routes: 0 is the default pool, k >= 1 the k-th private pool of `PoolRoutes.pools`, -k the k-th
segment whose pool is unknown. Pure: no torch.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gpumemd.untrusted.columns import Event, Segment

__all__ = ["PoolRoutes", "route_entries"]

_MAP = frozenset({"segment_alloc", "segment_map"})
_UNMAP = frozenset({"segment_free", "segment_unmap"})
_BLOCK = frozenset({"alloc", "free_requested", "free_completed"})
_MAX = 1 << 64


@dataclass(frozen=True)
class PoolRoutes:
    """Each entry's route (segment entries: the segment they map or release), the private pools."""

    routes: tuple[int, ...]  # one per trace entry (0 for entries with no address)
    pools: tuple[tuple[int, int], ...]  # route k >= 1 is pools[k - 1] (segment_pool_id)
    unknown: int  # segments whose pool the data does not tell (routes -1 .. -unknown)
    at_end: dict[int, int]  # snapshot segment address -> route (blocks allocated before the trace)


class _Labels:
    """Union-find over segment labels; a label may be bound to a known route."""

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.known: list[int | None] = []
        self.conflict: set[int] = set()  # roots bound to two pools: left unknown

    def new(self, route: int | None = None) -> int:
        self.parent.append(len(self.parent))
        self.known.append(route)
        return len(self.parent) - 1

    def find(self, x: int) -> int:
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        ka, kb = self.known[ra], self.known[rb]
        self.parent[rb] = ra
        self.known[ra] = ka if ka is not None else kb
        if (ka is not None and kb is not None and ka != kb) or rb in self.conflict:
            self.conflict.add(ra)  # one segment's life in two pools: the data contradicts itself


class _Ranges:
    """Disjoint address ranges, each with a label."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.span: dict[int, tuple[int, int]] = {}  # start -> (end, label)

    def add(self, lo: int, hi: int, label: int) -> None:
        self.cut(lo, hi)
        bisect.insort(self.starts, lo)
        self.span[lo] = (hi, label)

    def cut(self, lo: int, hi: int) -> list[int]:
        """Remove [lo, hi) (splitting ranges it cuts through); the labels it overlapped."""
        out = []
        i = max(bisect.bisect_right(self.starts, lo) - 1, 0)
        while i < len(self.starts) and self.starts[i] < hi:
            s = self.starts[i]
            e, label = self.span[s]
            if e <= lo:
                i += 1
                continue
            out.append(label)
            del self.starts[i]
            del self.span[s]
            if s < lo:
                self.starts.insert(i, s)
                self.span[s] = (lo, label)
                i += 1
            if e > hi:
                self.starts.insert(i, hi)
                self.span[hi] = (e, label)
                i += 1
        return out

    def at(self, addr: int) -> int | None:
        i = bisect.bisect_right(self.starts, addr) - 1
        if i < 0:
            return None
        e, label = self.span[self.starts[i]]
        return label if addr < e else None


def _int(v: Any) -> int | None:
    return v if type(v) is int and 0 <= v < _MAX else None


def _pool_id(v: Any) -> tuple[int, int] | None:
    if isinstance(v, (tuple, list)) and len(v) == 2 and all(type(x) is int for x in v):
        return (v[0], v[1])
    return None


def route_entries(
    entries: Sequence[Event | None], segments: Iterable[Segment], device: int = 0
) -> PoolRoutes:
    """Each entry's pool route from a snapshot's `device_traces[device]` entries and its
    `segments` (`untrusted.columns`' rows; None: an entry that was no dict)."""
    labels = _Labels()
    pools: dict[tuple[int, int], int] = {}
    state = _Ranges()
    at_end_label: dict[int, int] = {}
    for seg in segments:
        if seg.device is not None and seg.device != device:
            continue
        addr, size = _int(seg.address), _int(seg.total_size)
        pid = _pool_id(seg.pool) or (0, 0)
        if addr is None or not size:
            continue
        route = 0 if pid == (0, 0) else pools.setdefault(pid, len(pools) + 1)
        label = labels.new(route)
        state.add(addr, addr + size, label)
        at_end_label[addr] = label
    # backward: the label of the segment each map entry made, the ranges alive before the trace
    made: dict[int, int] = {}
    for i in range(len(entries) - 1, -1, -1):
        e = entries[i]
        action = e.action if e is not None else None
        if action not in _MAP and action not in _UNMAP:
            continue
        assert e is not None
        addr, size = _int(e.addr), _int(e.size)
        if addr is None or not size:
            continue
        if action in _UNMAP:  # alive before this entry: its label is its map entry's (or unknown)
            label = labels.new()
            state.add(addr, addr + size, label)
            made[i] = label
        else:
            label = labels.new()
            for other in state.cut(addr, addr + size):
                labels.union(label, other)
            made[i] = label
    # forward: each block entry routed to the range that holds its address then
    entry_label: list[int | None] = [None] * len(entries)
    for i, e in enumerate(entries):
        if e is None:
            continue
        action = e.action
        if action in _MAP or action in _UNMAP:
            label_m = made.get(i)
            if label_m is None:
                continue
            addr, size = e.addr, e.size
            assert addr is not None and size is not None  # `made` holds only entries with both
            if action in _MAP:
                state.add(addr, addr + size, label_m)
            else:
                state.cut(addr, addr + size)
            entry_label[i] = label_m
        elif action in _BLOCK:
            addr = _int(e.addr)
            if addr is None:
                continue
            label_b = state.at(addr)
            entry_label[i] = labels.new() if label_b is None else label_b  # no segment holds it: unknown
    unknown: dict[int, int] = {}

    def route_of(label: int | None) -> int:
        if label is None:
            return 0
        root = labels.find(label)
        known = labels.known[root]
        if known is not None and root not in labels.conflict:
            return known
        return unknown.setdefault(root, -(len(unknown) + 1))

    routes = tuple(route_of(lb) for lb in entry_label)
    return PoolRoutes(
        routes=routes,
        pools=tuple(sorted(pools, key=pools.__getitem__)),
        unknown=len(unknown),
        at_end={a: route_of(lb) for a, lb in at_end_label.items()},
    )
