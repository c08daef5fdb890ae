"""A model of PyTorch's CUDA caching allocator for one device (DeviceCachingAllocator, the native
backend, c10/cuda/CUDACachingAllocator.cpp), as far as the allocator what-if (allocsim.py)
replays streams through it.

It follows the allocator's own order: `round_size`, `get_pool`, `get_allocation_size`,
`get_free_block` (best fit by stream, size, address), `should_split`, `alloc_block` (a new
segment or, with expandable segments, `try_allocate_expandable_block`), then before raising an
OOM `release_available_cached_blocks` and `release_cached_blocks` with a retry; frees merge
with free neighbours; `garbage_collect_cached_blocks` under a fraction limit. Addresses are the
model's own. Its settings come in as a `Knobs` (allocsim's Setting is one). Pure: no torch, no
GPU.
"""

from __future__ import annotations

import bisect
from typing import Protocol

from .cudacaching import (
    LARGE_BUFFER,
    MIN_BLOCK,
    MIN_LARGE_ALLOC,
    ROUND_LARGE,
    SMALL_BUFFER,
    SMALL_SIZE,
    expandable_page,
    is_small,
    round_block,
)

__all__ = ["NO_SPLIT_LIMIT", "Block", "CachingAllocator", "Expandable", "Knobs", "OutOfMemory", "Pool"]

NO_SPLIT_LIMIT = 1 << 62  # max_split_size unset (SIZE_MAX in the allocator)
_ADDR_BITS = 40  # a free block's sort key: size (in 512 B units) above its address (in 512 B units)


class Knobs(Protocol):
    """The PYTORCH_CUDA_ALLOC_CONF settings the model reads (allocsim.Setting)."""

    @property
    def expandable_segments(self) -> bool: ...

    @property
    def max_split_size(self) -> int | None: ...  # bytes; None: unset

    @property
    def garbage_collection_threshold(self) -> float: ...

    @property
    def roundup_power2_divisions(self) -> int: ...


class Block:
    """A block: a whole segment or a part of one, its neighbours in the segment by address
    (`prev`, `next`); allocated or free, mapped or not (an expandable segment's pages)."""

    __slots__ = ("addr", "alloc", "es", "gc_base", "key", "mapped", "next", "pool", "prev", "size", "stream")

    def __init__(self, addr: int, size: int, stream: int, pool: Pool, es: Expandable | None) -> None:
        self.addr = addr
        self.size = size
        self.stream = stream
        self.pool = pool
        self.es = es
        self.alloc = False
        self.mapped = True
        self.prev: Block | None = None
        self.next: Block | None = None
        self.gc_base = 0
        self.key = 0


class Expandable:
    """One ExpandableSegment: a reserved address range mapped in pages."""

    __slots__ = ("base", "page")

    def __init__(self, base: int, page: int) -> None:
        self.base = base
        self.page = page


class Pool:
    """A BlockPool: free mapped blocks sorted by (size, address) per stream, unmapped ones by address."""

    __slots__ = ("by_key", "calls", "keys", "small", "unmapped")

    def __init__(self, small: bool) -> None:
        self.small = small
        self.keys: dict[int, list[int]] = {}  # stream -> sorted keys
        self.by_key: dict[int, Block] = {}
        self.unmapped: dict[int, list[tuple[int, Block]]] = {}  # stream -> sorted (addr, block)
        self.calls = 0  # get_free_blocks_call_count

    def insert(self, b: Block) -> None:  # insert_into_blocks
        b.gc_base = self.calls
        b.key = key = ((b.size >> 9) << _ADDR_BITS) | (b.addr >> 9)
        ks = self.keys.get(b.stream)
        if ks is None:
            self.keys[b.stream] = [key]
        else:
            bisect.insort(ks, key)
        self.by_key[key] = b

    def erase(self, b: Block) -> None:
        ks = self.keys[b.stream]
        i = bisect.bisect_left(ks, b.key)
        del ks[i]
        del self.by_key[b.key]

    def insert_unmapped(self, b: Block) -> None:
        bisect.insort(self.unmapped.setdefault(b.stream, []), (b.addr, b))

    def erase_unmapped(self, b: Block) -> None:
        us = self.unmapped[b.stream]
        del us[bisect.bisect_left(us, (b.addr,))]


def _key(size: int) -> int:
    return (size >> 9) << _ADDR_BITS


class OutOfMemory(Exception):
    """No block for a request after every release the allocator tries (its OOM)."""


class CachingAllocator:
    """DeviceCachingAllocator, for one device, as far as the replay needs it: `malloc` (or
    OutOfMemory), `free_requested` then `free_block`, the peaks of reserved and allocated."""

    def __init__(self, setting: Knobs, capacity: int, limit: int | None, device_total: int) -> None:
        self.s = setting
        self.max_split = setting.max_split_size or NO_SPLIT_LIMIT
        self.capacity = capacity
        self.limit = limit  # allowed_memory_maximum when set_fraction
        self.gc = setting.garbage_collection_threshold if limit is not None else 0.0
        self.va_size = device_total + device_total // 8  # an expandable segment's address range
        self.small = Pool(True)
        self.large = Pool(False)
        # private pools (a CUDA graph's, a MemPool's) by route: their free blocks serve only
        # their own requests, and only a pool whose graph or MemPool is gone (`freeable`) gives
        # its free segments back when the cache is released
        self.private: dict[int, tuple[Pool, Pool]] = {}
        self.freeable: set[int] = set()
        self.reserved = 0  # total_allocated_memory
        self.allocated = 0
        self.peak_reserved = 0
        self.peak_allocated = 0
        self.next_va = 1 << 30  # addresses are the model's own, never reused

    # --- round_size, get_allocation_size ---------------------------------------------------
    def round_size(self, size: int) -> int:
        if size < MIN_BLOCK:
            return MIN_BLOCK
        d = self.s.roundup_power2_divisions
        if d > 1 and size > MIN_BLOCK * d:  # roundup_power2_next_division
            if size & (size - 1) == 0:
                return size
            floor = 1 << (size.bit_length() - 1)
            step = floor >> (d.bit_length() - 1)
            if step == 0:
                return floor << 1
            low = size & ~(step - 1)
            return size if low == size else low + step
        return round_block(size)

    @staticmethod
    def allocation_size(size: int) -> int:
        if is_small(size):
            return SMALL_BUFFER
        if size < MIN_LARGE_ALLOC:
            return LARGE_BUFFER
        return -(-size // ROUND_LARGE) * ROUND_LARGE

    def _va(self, size: int) -> int:
        addr = self.next_va
        self.next_va += -(-size // ROUND_LARGE) * ROUND_LARGE + ROUND_LARGE
        if self.next_va >= 1 << (_ADDR_BITS + 9):
            raise OverflowError("the replay's address space is spent")
        return addr

    # --- malloc ----------------------------------------------------------------------------
    def pools(self, route: int) -> tuple[Pool, Pool]:
        """(small, large) of the default pool (route 0) or of a private one."""
        if route == 0:
            return self.small, self.large
        pair = self.private.get(route)
        if pair is None:
            pair = self.private[route] = (Pool(True), Pool(False))
        return pair

    def malloc(self, orig: int, stream: int, route: int = 0) -> Block:
        size = self.round_size(orig)
        if route == 0:  # get_pool
            pool = self.small if is_small(size) else self.large
        else:
            pool = self.pools(route)[0 if is_small(size) else 1]
        block = self.get_free_block(pool, size, stream)
        if block is None:
            if self.gc > 0:
                self.garbage_collect()
            alloc_size = self.allocation_size(size)
            block = self.alloc_block(pool, size, alloc_size, stream)
            if block is None and self.release_available(pool, size, stream):
                block = self.alloc_block(pool, size, alloc_size, stream)
            if block is None:
                self.release_cached()
                block = self.alloc_block(pool, size, alloc_size, stream)
            if block is None:
                raise OutOfMemory
        if self.should_split(block, size):  # alloc_found_block
            rest = Block(block.addr + size, block.size - size, stream, pool, block.es)
            rest.prev, rest.next = block, block.next
            if block.next is not None:
                block.next.prev = rest
            block.next = rest
            block.size = size
            pool.insert(rest)
        block.alloc = True
        self.allocated += block.size
        if self.allocated > self.peak_allocated:
            self.peak_allocated = self.allocated
        return block

    def should_split(self, b: Block, size: int) -> bool:
        rest = b.size - size
        if b.pool.small or self.s.expandable_segments:
            return rest >= MIN_BLOCK
        return size < self.max_split and rest > SMALL_SIZE

    def get_free_block(self, pool: Pool, size: int, stream: int) -> Block | None:
        if self.gc > 0:
            pool.calls += 1
        ks = pool.keys.get(stream)
        if not ks:
            return None
        i = bisect.bisect_left(ks, _key(size))
        if i == len(ks):
            return None
        b = pool.by_key[ks[i]]
        if b.es is not None:
            # "best fit" of an expandable block counts the unmapped range after it
            def expandable(x: Block) -> int:
                n = x.next
                return x.size + (n.size if n is not None and not n.mapped else 0)

            j = i + 1
            while b.es is not None and j < len(ks):
                nb = pool.by_key[ks[j]]
                if expandable(nb) >= expandable(b):
                    break
                b, j = nb, j + 1
        ms = self.max_split
        if size < ms and b.size >= ms:  # no oversize block for a smaller request
            return None
        if size >= ms and b.size >= size + LARGE_BUFFER:  # an oversize block within 20 MiB
            return None
        pool.erase(b)
        return b

    def _take(self, n: int) -> bool:
        """cudaMalloc's (or cuMemCreate's) answer for n more bytes."""
        return self.reserved + n <= self.capacity

    def _grew(self, n: int) -> None:
        self.reserved += n
        if self.reserved > self.peak_reserved:
            self.peak_reserved = self.reserved

    def alloc_block(self, pool: Pool, size: int, alloc_size: int, stream: int) -> Block | None:
        if self.limit is not None and self.reserved + alloc_size > self.limit:
            return None
        if self.s.expandable_segments:
            return self.try_allocate_expandable(pool, size, stream)
        if not self._take(alloc_size):
            return None
        self._grew(alloc_size)
        return Block(self._va(alloc_size), alloc_size, stream, pool, None)

    # --- expandable segments ---------------------------------------------------------------
    def find_expandable_block(self, pool: Pool, size: int, stream: int) -> Block:
        for _, c in pool.unmapped.get(stream, ()):
            p = c.prev
            if p is not None and not p.alloc:
                c = p
            room = 0
            x: Block | None = c
            while room < size and x is not None and not x.alloc:
                room += x.size
                x = x.next
            if room >= size:
                return c
        page = expandable_page(pool.small)
        va = -(-self.va_size // page) * page
        base = self._va(va)
        c = Block(base, va, stream, pool, Expandable(base, page))
        c.mapped = False
        pool.insert_unmapped(c)
        return c

    def map_block(self, b: Block, size: int) -> bool:
        es = b.es
        assert es is not None
        page = es.page
        first = (b.addr - es.base) // page
        last = -(-(b.addr + size - es.base) // page)
        n = (last - first) * page
        if not self._take(n):
            return False
        pool = b.pool
        pool.erase_unmapped(b)
        b.mapped = True
        if n < b.size:
            rest = Block(b.addr + n, b.size - n, b.stream, pool, es)
            rest.mapped = False
            rest.prev, rest.next = b, b.next
            if b.next is not None:
                b.next.prev = rest
            b.next = rest
            b.size = n
            pool.insert_unmapped(rest)
        self.merge(b, b.prev)
        self.merge(b, b.next)
        pool.insert(b)
        self._grew(n)
        return True

    def try_allocate_expandable(self, pool: Pool, size: int, stream: int) -> Block | None:
        c = self.find_expandable_block(pool, size, stream)
        if not c.mapped and not self.map_block(c, min(c.size, size)):
            return None
        while c.size < size:
            nxt = c.next
            assert nxt is not None
            if not self.map_block(nxt, min(size - c.size, nxt.size)):
                return None
            c = nxt
        pool.erase(c)
        return c

    def unmap_block(self, b: Block) -> None:
        es = b.es
        assert es is not None
        page = es.page
        first = -(-(b.addr - es.base) // page)
        last = (b.addr + b.size - es.base) // page
        if first >= last:
            return
        pool = b.pool
        pool.erase(b)
        lo, hi = es.base + first * page, es.base + last * page
        if lo > b.addr:
            before = Block(b.addr, lo - b.addr, b.stream, pool, es)
            before.prev, before.next = b.prev, b
            if b.prev is not None:
                b.prev.next = before
            b.prev = before
            pool.insert(before)
        end = b.addr + b.size
        if end > hi:
            after = Block(hi, end - hi, b.stream, pool, es)
            after.prev, after.next = b, b.next
            if b.next is not None:
                b.next.prev = after
            b.next = after
            pool.insert(after)
        b.addr, b.size, b.mapped = lo, hi - lo, False
        self.merge(b, b.prev)
        self.merge(b, b.next)
        pool.insert_unmapped(b)
        self.reserved -= hi - lo

    # --- free ------------------------------------------------------------------------------
    def merge(self, dst: Block, src: Block | None) -> None:  # try_merge_blocks
        if src is None or src.alloc or dst.mapped != src.mapped:
            return
        if dst.prev is src:
            dst.addr = src.addr
            dst.prev = src.prev
            if dst.prev is not None:
                dst.prev.next = dst
        else:
            dst.next = src.next
            if dst.next is not None:
                dst.next.prev = dst
        dst.size += src.size
        if src.mapped:
            src.pool.erase(src)
        else:
            src.pool.erase_unmapped(src)

    def free_requested(self, b: Block) -> None:
        self.allocated -= b.size

    def free_block(self, b: Block) -> None:
        b.alloc = False
        self.merge(b, b.prev)
        self.merge(b, b.next)
        b.pool.insert(b)

    # --- before an OOM ---------------------------------------------------------------------
    def release_block(self, b: Block) -> None:
        b.pool.erase(b)
        self.reserved -= b.size

    def release_available(self, pool: Pool, size: int, stream: int) -> bool:
        """release_available_cached_blocks: free oversize blocks, only enough for the request."""
        if self.max_split == NO_SPLIT_LIMIT or self.s.expandable_segments:
            return False
        ks = pool.keys.get(stream)
        if not ks:
            return False
        want = max(size, self.max_split)
        i = bisect.bisect_left(ks, _key(want))
        if i < len(ks):
            self.release_block(pool.by_key[ks[i]])
            return True
        released = 0
        while i > 0 and released < want:
            b = pool.by_key[ks[i - 1]]
            if b.size < self.max_split:
                break
            released += b.size
            self.release_block(b)
            i -= 1
        return released >= want

    def release_cached(self) -> None:
        """release_cached_blocks: every free whole segment, every free page, of the default pool
        and of the private pools that are freeable (a live graph's or MemPool's pool keeps them)."""
        released = [self.large, self.small]  # release_blocks, large first
        for route in sorted(self.freeable):
            small, large = self.pools(route)
            released += [small, large]
        for pool in released:
            to_unmap = []
            for b in [pool.by_key[k] for ks in pool.keys.values() for k in ks]:
                if b.es is not None:
                    to_unmap.append(b)
                elif b.prev is None and b.next is None:
                    self.release_block(b)
            for b in to_unmap:
                self.unmap_block(b)
                if not b.mapped and b.prev is None and b.next is None:
                    pool.erase_unmapped(b)  # release_expandable_segment

    def garbage_collect(self) -> None:
        """garbage_collect_cached_blocks: free whole segments older than the mean age."""
        assert self.limit is not None
        threshold = int(self.gc * self.limit)
        if self.reserved <= threshold:
            return
        target = self.reserved - threshold
        pool = self.large
        free = [pool.by_key[k] for ks in pool.keys.values() for k in ks]
        cand = [b for b in free if b.prev is None and b.next is None and b.es is None]
        total_age = sum(pool.calls - b.gc_base for b in cand)
        count = len(cand)
        reclaimed, freed = 0, True
        while reclaimed < target and freed and count > 0:
            threshold_age = total_age / count
            freed = False
            for b in list(cand):
                age = pool.calls - b.gc_base
                if age >= threshold_age:
                    freed = True
                    reclaimed += b.size
                    total_age -= age
                    count -= 1
                    cand.remove(b)
                    self.release_block(b)
