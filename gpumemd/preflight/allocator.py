"""The CUDA caching allocator replayed on a stream of allocations and frees: what reserved
and allocated reach, and whether the stream runs out under a capacity.

Modelled on `c10/cuda/CUDACachingAllocator.cpp` (torch 2.x, default settings, one stream):
`round_size` (512-byte blocks), `get_pool` (small pool up to 1 MiB), `get_allocation_size`
(2 MiB segments for the small pool, 20 MiB below 10 MiB, else rounded to 2 MiB),
`get_free_block` (best fit: the smallest free block of the pool that is large enough),
`should_split` (a remainder of at least 512 B in the small pool, above 1 MiB in the large),
`free_block`'s merge with free neighbours, and `release_cached_blocks` when `cudaMalloc` fails
(every whole free segment returned, then one retry). Not modelled: `max_split_size_mb`,
`roundup_power2_divisions`, expandable segments, several streams, CUDA graphs' pools.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass

from gpumemd.diagnosis.snapshot import request_block

__all__ = ["Event", "Replay", "allocation_size", "replay"]

MiB = 1 << 20
SMALL_SIZE = 1 * MiB  # kSmallSize: requests up to this come from the small pool
SMALL_BUFFER = 2 * MiB  # kSmallBuffer: the small pool's segment
LARGE_BUFFER = 20 * MiB  # kLargeBuffer: the segment of a large request below MIN_LARGE_ALLOC
MIN_LARGE_ALLOC = 10 * MiB  # kMinLargeAlloc
ROUND_LARGE = 2 * MiB  # kRoundLarge
MIN_BLOCK = 512  # kMinBlockSize

Event = tuple[int, int]
"""(key, size): size > 0 allocates `size` bytes as `key`; size 0 frees `key`."""


def allocation_size(size: int) -> int:
    """The segment `cudaMalloc`ed for a rounded request that no cached block serves."""
    if size <= SMALL_SIZE:
        return SMALL_BUFFER
    if size < MIN_LARGE_ALLOC:
        return LARGE_BUFFER
    return -(-size // ROUND_LARGE) * ROUND_LARGE


class _Block:
    __slots__ = ("addr", "allocated", "next", "prev", "segment", "size", "small")

    def __init__(self, addr: int, size: int, small: bool, segment: int) -> None:
        self.addr, self.size, self.small, self.segment = addr, size, small, segment
        self.allocated = False
        self.prev: _Block | None = None
        self.next: _Block | None = None


@dataclass(frozen=True)
class Replay:
    """What the allocator reached over a stream: peaks of allocated (block bytes, as
    `allocated_bytes.all.peak` counts them) and reserved (segments), and whether it ran out."""

    allocated_peak: int
    reserved_peak: int
    requested_peak: int  # the rounded requests' own peak (MemTracker's figure)
    oom: bool
    oom_at: int | None  # the event index whose segment could not be had
    segments: int
    retries: int  # cache flushes (`num_alloc_retries`): the stream survived by releasing


class _Pools:
    def __init__(self, capacity: int | None) -> None:
        self.capacity = capacity
        self.free: dict[bool, list[tuple[int, int]]] = {True: [], False: []}  # (size, addr), sorted
        self.by_addr: dict[int, _Block] = {}
        self.reserved = self.allocated = 0
        self.next_addr = 0
        self.segments = 0
        self.retries = 0
        self.seg_size: dict[int, int] = {}

    def _insert(self, b: _Block) -> None:
        bisect.insort(self.free[b.small], (b.size, b.addr))

    def _remove(self, b: _Block) -> None:
        lst = self.free[b.small]
        del lst[bisect.bisect_left(lst, (b.size, b.addr))]

    def malloc(self, size: int) -> _Block | None:
        small = size <= SMALL_SIZE
        lst = self.free[small]
        i = bisect.bisect_left(lst, (size, -1))
        if i < len(lst):
            block = self.by_addr[lst[i][1]]
            self._remove(block)
        else:
            seg = allocation_size(size)
            if self.capacity is not None and self.reserved + seg > self.capacity:
                self._release()
                self.retries += 1
                if self.reserved + seg > self.capacity:
                    return None
            block = _Block(self.next_addr, seg, small, self.next_addr)
            self.seg_size[self.next_addr] = seg
            self.next_addr += seg
            self.by_addr[block.addr] = block
            self.reserved += seg
            self.segments += 1
        rest = block.size - size
        if (rest >= MIN_BLOCK) if small else (rest > SMALL_SIZE):
            tail = _Block(block.addr + size, rest, small, block.segment)
            tail.prev, tail.next = block, block.next
            if block.next is not None:
                block.next.prev = tail
            block.next = tail
            block.size = size
            self.by_addr[tail.addr] = tail
            self._insert(tail)
        block.allocated = True
        self.allocated += block.size
        return block

    def release(self, block: _Block) -> None:
        block.allocated = False
        self.allocated -= block.size
        for other in (block.prev, block.next):
            if other is not None and not other.allocated:
                self._remove(other)
                del self.by_addr[other.addr]
                if other is block.prev:
                    del self.by_addr[block.addr]
                    block.addr, block.prev = other.addr, other.prev
                    if other.prev is not None:
                        other.prev.next = block
                else:
                    block.next = other.next
                    if other.next is not None:
                        other.next.prev = block
                block.size += other.size
                self.by_addr[block.addr] = block
        self._insert(block)

    def _release(self) -> None:
        """release_cached_blocks: every free block that is a whole segment goes back."""
        for small in (True, False):
            keep = []
            for size, addr in self.free[small]:
                b = self.by_addr[addr]
                if b.prev is None and b.next is None and self.seg_size.get(addr) == size:
                    del self.by_addr[addr]
                    self.reserved -= size
                    self.segments -= 1
                else:
                    keep.append((size, addr))
            self.free[small] = keep


def replay(events: Iterable[Event], capacity: int | None = None) -> Replay:
    """Run `events` through the allocator; under `capacity` (bytes the allocator may reserve)
    it stops at the first request no release can serve."""
    pools = _Pools(capacity)
    live: dict[int, _Block] = {}
    alloc_peak = reserved_peak = requested = requested_peak = 0
    sizes: dict[int, int] = {}
    for i, (key, size) in enumerate(events):
        if size:
            rounded = request_block(size)
            block = pools.malloc(rounded)
            if block is None:
                return Replay(alloc_peak, reserved_peak, requested_peak, True, i, pools.segments,
                              pools.retries)
            live[key] = block
            sizes[key] = rounded
            requested += rounded
            requested_peak = max(requested_peak, requested)
            alloc_peak = max(alloc_peak, pools.allocated)
            reserved_peak = max(reserved_peak, pools.reserved)
        else:
            block_or_none = live.pop(key, None)
            if block_or_none is not None:
                pools.release(block_or_none)
                requested -= sizes.pop(key)
    return Replay(alloc_peak, reserved_peak, requested_peak, False, None, pools.segments, pools.retries)
