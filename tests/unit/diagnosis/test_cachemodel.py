"""The caching allocator's model (gpumemd/diagnosis/cachemodel.py) driven call by call: its
rounding, segment sizes, splits and merges, the releases it tries before an OOM, expandable
pages. Figures worked out from CUDACachingAllocator.cpp's constants (cudacaching.py)."""

from __future__ import annotations

import pytest

from gpumemd.diagnosis.allocsim import Setting
from gpumemd.diagnosis.cachemodel import Block, CachingAllocator, OutOfMemory

MIB = 1 << 20
GIB = 1 << 30


NATIVE = Setting()


def allocator(setting: Setting = NATIVE, capacity: int = GIB) -> CachingAllocator:
    return CachingAllocator(setting, capacity, None, capacity)


def free(a: CachingAllocator, b: Block) -> None:
    a.free_requested(b)
    a.free_block(b)


def test_small_requests_round_to_512_bytes_and_share_one_2_mib_segment() -> None:
    a = allocator()
    first, second = a.malloc(1, 0), a.malloc(1000, 0)
    assert (first.size, second.size) == (512, 1024)
    assert a.reserved == 2 * MIB and a.allocated == 1536
    assert second.addr == first.addr + 512  # split off the rest of the same segment


def test_a_freed_block_merges_with_its_free_neighbours_and_is_reused() -> None:
    a = allocator()
    x, y = a.malloc(30 * MIB, 0), a.malloc(30 * MIB, 0)
    reserved = a.reserved
    free(a, x)
    free(a, y)
    assert a.allocated == 0
    z = a.malloc(30 * MIB, 0)  # from the cache: nothing new reserved
    assert a.reserved == reserved and z.addr in (x.addr, y.addr)


def test_before_an_oom_the_free_cache_is_released_and_the_request_retried() -> None:
    a = allocator(capacity=100 * MIB)
    free(a, a.malloc(60 * MIB, 0))  # a cached 60 MiB segment no 70 MiB request fits in
    b = a.malloc(70 * MIB, 0)
    assert b.size == 70 * MIB and a.reserved == 70 * MIB and a.peak_reserved == 70 * MIB
    with pytest.raises(OutOfMemory):
        a.malloc(40 * MIB, 0)


def test_expandable_segments_map_whole_pages_and_grow_one_segment() -> None:
    a = allocator(Setting(expandable_segments=True))
    x = a.malloc(30 * MIB, 0)
    y = a.malloc(30 * MIB, 0)
    assert a.reserved == 60 * MIB  # 20 MiB pages: exactly what was asked, mapped
    assert y.addr == x.addr + 30 * MIB and y.es is x.es
