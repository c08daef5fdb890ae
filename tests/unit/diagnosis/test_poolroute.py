"""Which pool served each trace entry (gpumemd/diagnosis/poolroute.py): built traces (written by
hand, not recorded) where a segment's life through the trace decides its pool."""

from __future__ import annotations

from typing import Any

from gpumemd.diagnosis.poolroute import PoolRoutes
from gpumemd.diagnosis.poolroute import route_entries as route_rows
from gpumemd.untrusted.pickled import columns_of

MIB = 1 << 20


def route_entries(entries: list[Any], segments: list[Any]) -> PoolRoutes:
    """The routes of entries and segments written as torch's dicts, read as the columns are."""
    cols = columns_of({"segments": segments, "device_traces": [entries]})
    return route_rows(list(cols.events(0)), list(cols.segments()))


def e(action: str, addr: int, size: int) -> dict[str, Any]:
    return {"action": action, "addr": addr, "size": size, "stream": 0}


def seg(addr: int, size: int, pool: tuple[int, int]) -> dict[str, Any]:
    return {"device": 0, "address": addr, "total_size": size, "segment_pool_id": pool, "blocks": []}


def test_built_a_segment_alive_at_the_end_has_the_snapshots_pool() -> None:
    entries = [e("segment_alloc", 0, 20 * MIB), e("alloc", 0, 8 * MIB),
               e("segment_alloc", 64 * MIB, 20 * MIB), e("alloc", 64 * MIB + 512, 8 * MIB)]
    r = route_entries(entries, [seg(0, 20 * MIB, (1, 0)), seg(64 * MIB, 20 * MIB, (0, 0))])
    assert r.pools == ((1, 0),)
    assert r.routes == (1, 1, 0, 0)
    assert r.unknown == 0 and r.at_end == {0: 1, 64 * MIB: 0}


def test_built_an_address_range_released_then_handed_to_another_pool() -> None:
    # cudaMalloc gives the released range back to the next segment, here a private pool's: the
    # first life's allocation is not that pool's, and the data does not tell whose it was
    entries = [e("segment_alloc", 0, 20 * MIB), e("alloc", 0, 20 * MIB), e("free_completed", 0, 20 * MIB),
               e("segment_free", 0, 20 * MIB),
               e("segment_alloc", 0, 20 * MIB), e("alloc", 0, 20 * MIB)]
    r = route_entries(entries, [seg(0, 20 * MIB, (2, 0))])
    assert r.routes == (-1, -1, -1, -1, 1, 1)
    assert r.unknown == 1 and r.pools == ((2, 0),)


def test_built_a_range_partly_unmapped_keeps_the_pool_of_the_part_alive_at_the_end() -> None:
    entries = [e("segment_map", 0, 40 * MIB), e("alloc", 30 * MIB, MIB * 2),
               e("free_completed", 30 * MIB, 2 * MIB), e("segment_unmap", 20 * MIB, 20 * MIB),
               e("alloc", 0, 20 * MIB)]
    r = route_entries(entries, [seg(0, 20 * MIB, (0, 3))])
    assert r.routes == (1, 1, 1, 1, 1)


def test_built_blocks_outside_every_segment_and_malformed_entries_are_unknown_or_skipped() -> None:
    entries = [e("alloc", 5 * MIB, 512), "junk", {"action": "segment_alloc", "addr": -1, "size": 3},
               e("snapshot", 0, 0)]
    r = route_entries(entries, [seg(0, 2 * MIB, (0, 0)), "junk"])
    assert r.routes == (-1, 0, 0, 0) and r.unknown == 1


def test_built_one_segment_life_the_snapshot_gives_two_pools_is_unknown() -> None:
    # one 40 MiB mapping that the end's snapshot shows as two segments of two pools: contradictory
    entries = [e("segment_map", 0, 40 * MIB), e("alloc", 0, 2 * MIB), e("alloc", 64 * MIB, 2 * MIB)]
    r = route_entries(entries, [seg(0, 20 * MIB, (1, 0)), seg(20 * MIB, 20 * MIB, (2, 0)),
                                seg(64 * MIB, 2 * MIB, (0, 0))])
    assert r.routes == (-1, -1, 0) and r.unknown == 1
