"""The caching allocator's model (gpumemd/preflight/allocator.py) on streams whose answer is
known from c10/cuda/CUDACachingAllocator.cpp's rules: pools, segment sizes, splitting, merging,
and the release-and-retry under a capacity."""

from __future__ import annotations

from gpumemd.preflight.allocator import LARGE_BUFFER, SMALL_BUFFER, MiB, allocation_size, replay


def test_requests_round_to_512_byte_blocks_from_2_mib_small_segments() -> None:
    r = replay([(1, 1), (2, 513), (3, 1000)])
    assert r.requested_peak == 512 + 1024 + 1024
    assert r.allocated_peak == r.requested_peak  # split small blocks: exact
    assert r.reserved_peak == SMALL_BUFFER and r.segments == 1


def test_segment_sizes_follow_the_request() -> None:
    assert allocation_size(MiB) == SMALL_BUFFER
    assert allocation_size(MiB + 512) == LARGE_BUFFER
    assert allocation_size(10 * MiB) == 10 * MiB
    assert allocation_size(10 * MiB + 1) == 12 * MiB


def test_a_large_segment_is_split_and_its_rest_reused() -> None:
    r = replay([(1, 5 * MiB), (2, 5 * MiB), (3, 5 * MiB)])
    assert r.reserved_peak == LARGE_BUFFER and r.segments == 1
    # a remainder of 1 MiB or less is not split off: the block is handed out whole
    r = replay([(1, 19 * MiB + 512)])
    assert r.allocated_peak == LARGE_BUFFER and r.requested_peak == 19 * MiB + 512


def test_freed_neighbours_merge_into_one_block() -> None:
    events = [(1, 8 * MiB), (2, 8 * MiB), (1, 0), (2, 0), (3, 16 * MiB)]
    assert replay(events).reserved_peak == LARGE_BUFFER  # 16 MiB fits the merged 20 MiB
    unmerged = [(1, 8 * MiB), (2, 8 * MiB), (4, 2 * MiB), (1, 0), (3, 16 * MiB)]
    assert replay(unmerged).reserved_peak == LARGE_BUFFER + 16 * MiB  # 8 MiB hole: a new segment


def test_under_a_capacity_cached_segments_are_released_then_it_runs_out() -> None:
    events = [(1, 40 * MiB), (1, 0), (2, 60 * MiB), (2, 0)]
    assert replay(events).reserved_peak == 100 * MiB
    fits = replay(events, capacity=64 * MiB)
    assert not fits.oom and fits.retries == 1 and fits.reserved_peak == 60 * MiB
    out = replay([(1, 40 * MiB), (2, 30 * MiB)], capacity=64 * MiB)
    assert out.oom and out.oom_at == 1
