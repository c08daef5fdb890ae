"""The pool read's CPU part as main had it before the one-walk merge (main at b72d8bd), kept
verbatim as a reference: `bench/fragmentation_cost.py` times it beside today's code, and
`tests/unit/sources/test_poolwalk.py` checks today's code gives every figure it gave.

Two walks of the segment list per read: `summarize` (the pool sums, strict) and, per device,
`figures_from_segments` (the fragmentation figures, lenient). Do not edit it to follow the
package: it is the "before" side of a comparison.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Iterable
from typing import Any

from gpumemd.diagnosis.oom import only_stranded_fits
from gpumemd.diagnosis.snapshot import DEFAULT_POOL, SnapshotFigures, request_block
from gpumemd.sources.base import SourceUnavailable
from gpumemd.sources.pools import (
    KINDS,
    REFERENCE_WINDOW,
    Fragmentation,
    MalformedSnapshot,
    PoolReading,
    kind_of,
)
from gpumemd.sources.pools import _top as top  # the series' naming is not what changed

__all__ = ["PoolReadBefore", "figures_from_segments", "summarize"]


def _count(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise MalformedSnapshot(f"not a byte count: {type(value).__name__}")
    return value


def summarize(segments: Any) -> dict[int, tuple[dict[str, list[int]], dict[tuple[int, int], int]]]:
    """main's pool sums: the first walk."""
    if not isinstance(segments, list):
        raise MalformedSnapshot(f"a snapshot is a list of segments, got {type(segments).__name__}")
    out: dict[int, tuple[dict[str, list[int]], dict[tuple[int, int], int]]] = {}
    named = 0
    for seg in segments:
        if not isinstance(seg, dict):
            raise MalformedSnapshot(f"a segment is a dict, got {type(seg).__name__}")
        pid = seg.get("segment_pool_id")
        if pid is None:
            continue
        named += 1
        if not isinstance(pid, (tuple, list)) or len(pid) != 2:
            raise MalformedSnapshot("segment_pool_id is not a pair")
        first, second = _count(pid[0]), _count(pid[1])
        device = _count(seg.get("device"))
        reserved, allocated = _count(seg.get("total_size")), _count(seg.get("allocated_size"))
        kinds, pools = out.get(device) or out.setdefault(device, ({}, {}))
        kind = kind_of(first, second)
        row = kinds.get(kind)
        if row is None:
            row = kinds[kind] = [0, 0, 0]
        row[0] += reserved
        row[1] += allocated
        key = (first, second)
        if key not in pools:
            row[2] += 1
            pools[key] = 0
        pools[key] += reserved
    if named < len(segments):
        if named == 0:
            raise SourceUnavailable("this torch's allocator snapshot has no segment_pool_id: no pool series")
        raise MalformedSnapshot(f"{len(segments) - named} of {len(segments)} segments lack segment_pool_id")
    return out


def _int(value: Any) -> int | None:
    return value if type(value) is int and value >= 0 else None


def figures_from_segments(segments: Iterable[Any], device: int) -> SnapshotFigures:
    """main's fragmentation walk: the second walk, once per device."""
    reserved = allocated = pool_reserved = pool_free = releasable = 0
    live_requests: dict[int, int] = {}
    free_blocks: list[int] = []
    held: list[int] = []
    pools: dict[str, int] = {}
    for seg in segments:
        if not isinstance(seg, dict) or seg.get("device", 0) != device:
            continue
        size = _int(seg.get("total_size")) or 0
        pool = seg.get("segment_pool_id")
        pool_id = tuple(pool) if isinstance(pool, (list, tuple)) else DEFAULT_POOL
        private = pool_id != DEFAULT_POOL
        expandable = seg.get("is_expandable") is True
        reserved += size
        blocks = seg.get("blocks")
        seg_free: list[int] = []
        live = False
        for block in blocks if isinstance(blocks, list) else ():
            if not isinstance(block, dict):
                continue
            bsize = _int(block.get("size")) or 0
            state = block.get("state")
            if state == "inactive":
                seg_free.append(bsize)
                continue
            live = True
            if state == "active_allocated":
                allocated += bsize
                address = _int(block.get("address"))
                if not private and address is not None:
                    live_requests[address] = request_block(_int(block.get("requested_size")) or 0)
        if private:
            pool_free += sum(seg_free)
            pool_reserved += size
            key = "/".join(str(p) for p in pool_id)[:40]
            pools[key] = pools.get(key, 0) + size
            continue
        free_blocks += seg_free
        if not live:
            releasable += size
        elif expandable:
            releasable += sum(seg_free)
        else:
            held += seg_free
    largest_pool = max(pools.items(), key=lambda kv: kv[1]) if pools else None
    return SnapshotFigures(
        device,
        reserved,
        allocated,
        max(free_blocks, default=0),
        tuple(sorted(free_blocks)),
        pool_reserved,
        pool_free,
        largest_pool,
        held_free_blocks=tuple(sorted(held)),
        releasable=releasable,
        live_requests=live_requests,
    )


class PoolReadBefore:
    """main's `PoolSource.read` after its first checks (CUDA up, the backend): the sums, then one
    fragmentation walk per device, with the same reference window; off for good, as main's,
    once a snapshot is missing or names no pool."""

    def __init__(
        self,
        uuid: Callable[[int], str],
        free: Callable[[int], Any],
        *,
        max_pools: int = 8,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._uuid, self._free, self._max_pools, self._clock = uuid, free, max_pools, clock
        self._live: dict[int, dict[int, int]] = {}
        self._freed: dict[int, collections.deque[tuple[float, int]]] = {}
        self._off = False

    def read(self, segments: Any) -> tuple[PoolReading, ...]:
        if self._off:
            return ()
        if segments is None:
            self._off = True
            return ()
        try:
            sums = summarize(segments)
        except SourceUnavailable:
            self._off = True
            return ()
        readings = []
        for device in sorted(sums):
            kinds, pools = sums[device]
            rows = [(k, *kinds.get(k, (0, 0, 0))) for k in KINDS]
            if "other" in kinds:
                rows.append(("other", *kinds["other"]))
            readings.append(
                PoolReading(
                    device,
                    self._uuid(device),
                    tuple(rows),  # type: ignore[arg-type]
                    top(pools, self._max_pools),
                    self._fragmentation(segments, device),
                )
            )
        return tuple(readings)

    def _fragmentation(self, segments: list[Any], device: int) -> Fragmentation:
        seg = figures_from_segments(segments, device)
        now = self._clock()
        before, self._live[device] = self._live.get(device, {}), seg.live_requests
        gone = max((size for addr, size in before.items() if seg.live_requests.get(addr) != size), default=0)
        freed = self._freed.setdefault(device, collections.deque())
        while freed and freed[0][0] < now - REFERENCE_WINDOW:
            freed.popleft()
        while freed and freed[-1][1] <= gone:
            freed.pop()
        if gone:
            freed.append((now, gone))
        reference = freed[0][1] if freed else 0
        stranded = seg.stranded(reference)
        try:
            free = self._free(device)
        except Exception:  # noqa: BLE001
            free = None
        risk = None
        if type(free) is int and free >= 0:
            available = free + seg.releasable
            risk = reference > available and only_stranded_fits(
                reference, seg.largest_free_block, stranded, available
            )
        return Fragmentation(seg.largest_free_block, reference, stranded, risk)
