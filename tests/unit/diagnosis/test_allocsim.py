"""The allocator what-if (gpumemd/diagnosis/allocsim.py): streams written by hand whose outcome
under each setting was worked out on paper from CUDACachingAllocator.cpp, the H100 fragmentation
OOM (tests/fixtures/torch) replayed to the byte of its recorded reserved memory, and properties
over random streams."""

from __future__ import annotations

import json
import pickle
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.diagnosis.allocsim import (
    Outcome,
    Setting,
    Trace,
    Undecided,
    decide,
    parse_alloc_conf,
    read_trace,
    replay,
    what_if,
)

MIB = 1 << 20
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "torch"


def trace(*steps: tuple[str, int, int]) -> Trace:
    """A trace from (action, addr, size) steps, as torch records them (a free is two entries)."""
    entries: list[dict[str, Any]] = []
    for action, addr, size in steps:
        if action == "free":
            entries.append({"action": "free_requested", "addr": addr, "size": size, "stream": 0})
            entries.append({"action": "free_completed", "addr": addr, "size": size, "stream": 0})
        elif action == "oom":
            entries.append({"action": "oom", "device_free": 0, "size": size, "stream": 0})
        else:
            entries.append({"action": action, "addr": addr, "size": size, "stream": 0})
    return read_trace({"segments": [], "device_traces": [entries]})


def run(t: Trace, conf: str = "", capacity: int = 1 << 40, **kw: Any) -> Outcome:
    return replay(t, parse_alloc_conf(conf), capacity=capacity, device_total=1 << 34, **kw)


def test_a_small_request_is_rounded_to_512_bytes_in_a_2_mib_segment() -> None:
    o = run(trace(("alloc", 1, 1)))
    assert (o.fits, o.peak_allocated, o.peak_reserved) == (True, 512, 2 * MIB)


def test_a_request_just_over_1_mib_takes_a_20_mib_segment_and_10_mib_and_more_its_own() -> None:
    assert run(trace(("alloc", 1, MIB + 1))).peak_reserved == 20 * MIB
    assert run(trace(("alloc", 1, 11 * MIB + 1))).peak_reserved == 12 * MIB


def test_a_large_block_splits_only_when_more_than_1_mib_remains() -> None:
    # three 6 MiB tensors share a 20 MiB segment (14, then 8 MiB remain); the fourth needs a new one
    t = trace(*[("alloc", i, 6 * MIB) for i in range(4)])
    assert run(t).peak_reserved == 40 * MIB
    # 19.5 MiB gets a 20 MiB segment whole: 0.5 MiB is no remainder worth splitting
    assert run(trace(("alloc", 1, 19 * MIB + MIB // 2))).peak_allocated == 20 * MIB


def test_small_requests_pack_into_one_small_segment() -> None:
    o = run(trace(*[("alloc", i, 1024) for i in range(2048)]))
    assert (o.peak_allocated, o.peak_reserved) == (2 * MIB, 2 * MIB)
    assert run(trace(*[("alloc", i, 1024) for i in range(2049)])).peak_reserved == 4 * MIB


def test_expandable_segments_pack_what_native_leaves_as_tails() -> None:
    # native: eight 8 MiB tensors in four 20 MiB segments (a 4 MiB tail each); the ninth needs a
    # fifth segment, past 90 MiB. Expandable: 64 MiB contiguous in four 20 MiB pages, 16 MiB free.
    t = trace(*[("alloc", i, 8 * MIB) for i in range(8)], ("oom", 0, 8 * MIB))
    native = run(t, capacity=90 * MIB)
    assert (native.fits, native.oom_entry, native.peak_reserved) == (False, 8, 80 * MIB)
    exp = run(t, "expandable_segments:True", capacity=90 * MIB)
    assert (exp.fits, exp.peak_reserved) == (True, 80 * MIB)
    assert not run(t, "max_split_size_mb:64", capacity=90 * MIB).fits


def test_expandable_segments_do_not_join_holes_between_live_tensors_smaller_than_a_page() -> None:
    # nine 6 MiB tensors, two of each three freed: 12 MiB holes. 16 MiB fits in none, and no
    # 20 MiB page is wholly free to unmap, under either setting.
    steps: list[tuple[str, int, int]] = [("alloc", i, 6 * MIB) for i in range(9)]
    steps += [("free", i, 6 * MIB) for i in range(9) if i % 3 != 2]
    t = trace(*steps, ("oom", 0, 16 * MIB))
    assert not run(t, capacity=60 * MIB).fits
    assert not run(t, "expandable_segments:True", capacity=60 * MIB).fits


def test_max_split_size_keeps_a_cached_large_block_whole_for_the_large_request() -> None:
    # native: the 30 MiB tensor splits the cached 100 MiB block; the next 100 MiB cannot fit in
    # 150 MiB beside it (the split block is not released). max_split_size_mb:64 gives the 30 MiB
    # its own segment and the 100 MiB the cached block; expandable maps 40 MiB more after the
    # 70 MiB free tail.
    t = trace(("alloc", 1, 100 * MIB), ("free", 1, 100 * MIB), ("alloc", 2, 30 * MIB), ("oom", 0, 100 * MIB))
    assert not run(t, capacity=150 * MIB).fits
    split = run(t, "max_split_size_mb:64", capacity=150 * MIB)
    assert (split.fits, split.peak_reserved) == (True, 130 * MIB)
    exp = run(t, "expandable_segments:True", capacity=150 * MIB)
    assert (exp.fits, exp.peak_reserved) == (True, 140 * MIB)


def test_before_an_oom_whole_free_segments_are_released_and_the_request_retried() -> None:
    t = trace(("alloc", 1, 60 * MIB), ("free", 1, 60 * MIB), ("alloc", 2, 80 * MIB))
    o = run(t, capacity=100 * MIB)
    assert (o.fits, o.peak_reserved) == (True, 80 * MIB)


def test_garbage_collection_frees_the_older_cached_segments_under_a_fraction_limit() -> None:
    # 40 then 50 MiB cached; the 60 MiB request finds no block: above 0.3 of the 200 MiB limit
    # the collector frees the older (40 MiB) segment first, so 50 + 60 is the peak, not 90 + 60
    t = trace(("alloc", 1, 40 * MIB), ("free", 1, 40 * MIB), ("alloc", 2, 50 * MIB),
              ("free", 2, 50 * MIB), ("alloc", 3, 60 * MIB))
    assert run(t, limit=200 * MIB).peak_reserved == 150 * MIB
    assert run(t, "garbage_collection_threshold:0.3", limit=200 * MIB).peak_reserved == 110 * MIB
    # without a fraction the threshold does nothing, as in torch
    assert run(t, "garbage_collection_threshold:0.3").peak_reserved == 150 * MIB


def test_a_fraction_limit_refuses_what_the_device_would_take() -> None:
    t = trace(("alloc", 1, 60 * MIB), ("oom", 0, 50 * MIB))
    assert not run(t, limit=100 * MIB).fits
    assert run(t).fits


def test_roundup_power2_divisions_round_to_the_division_above() -> None:
    t = trace(("alloc", 1, 4500))
    assert run(t).peak_allocated == 4608
    assert run(t, "roundup_power2_divisions:4").peak_allocated == 5120


def test_an_earlier_recorded_oom_that_fits_is_counted() -> None:
    # the 50 MiB fits, is freed, and the 10 MiB splits its cached block: 50 + 90 in all
    t = trace(("oom", 0, 50 * MIB), ("alloc", 1, 10 * MIB), ("oom", 0, 90 * MIB))
    o = run(t, capacity=140 * MIB)
    assert (o.fits, o.early_ooms_fit, o.peak_reserved) == (True, 1, 140 * MIB)
    assert not run(t, capacity=140 * MIB - 1).fits
    o = run(t, capacity=40 * MIB)
    assert (o.fits, o.oom_entry, o.early_ooms_fit) == (False, 2, 0)


def test_a_loop_the_program_ended_at_a_caught_oom_ends_sooner_where_less_fits() -> None:
    # recorded: four 20 MiB tensors, the fifth a caught OOM, the first two freed, then 50 MiB.
    # With room for 70 MiB the fourth runs out: the program catches it there (the loop's
    # recorded OOM is not tried again); the 50 MiB finds the two freed segments released
    # before its OOM and fits in 20 + 50. With room for 50 MiB the loop ends two sooner.
    fill = [("alloc", i, 20 * MIB) for i in range(4)]
    t = trace(*fill, ("oom", 0, 20 * MIB), ("free", 0, 20 * MIB), ("free", 1, 20 * MIB), ("oom", 0, 50 * MIB))
    o = run(t, capacity=70 * MIB)
    assert (o.fits, o.caught_sooner, o.early_ooms_fit, o.peak_reserved) == (True, 1, 0, 70 * MIB)
    o = run(t, capacity=50 * MIB)
    assert (o.fits, o.caught_sooner, o.peak_reserved) == (True, 2, 50 * MIB)
    assert run(t, capacity=90 * MIB).caught_sooner == 0
    assert not run(t, capacity=49 * MIB).fits


def test_an_allocation_that_fails_outside_a_caught_loop_is_the_oom() -> None:
    # a free, another size or the question itself between the failure and the caught OOM: the
    # program's path after it is unknown, so the replay runs out there
    after_free = trace(("alloc", 1, 20 * MIB), ("alloc", 2, 20 * MIB), ("free", 1, 20 * MIB),
                       ("oom", 0, 20 * MIB), ("oom", 0, 60 * MIB))
    other_size = trace(("alloc", 1, 20 * MIB), ("alloc", 2, 20 * MIB), ("alloc", 3, 30 * MIB),
                       ("oom", 0, 20 * MIB), ("oom", 0, 60 * MIB))
    uncaught = trace(("alloc", 1, 20 * MIB), ("alloc", 2, 20 * MIB), ("oom", 0, 20 * MIB))
    for t in (after_free, other_size, uncaught):
        o = run(t, capacity=30 * MIB)
        assert (o.fits, o.oom_entry, o.caught_sooner) == (False, 1, 0)


def test_blocks_allocated_before_the_trace_are_placed_first() -> None:
    snap = {
        "segments": [{"device": 0, "address": 4096 * MIB, "total_size": 40 * MIB, "blocks": [
            {"size": 30 * MIB, "requested_size": 30 * MIB, "state": "active_allocated"},
            {"size": 10 * MIB, "state": "inactive"}]}],
        "device_traces": [[{"action": "free_requested", "addr": 1 << 40, "size": 8 * MIB, "stream": 0},
                           {"action": "free_completed", "addr": 1 << 40, "size": 8 * MIB, "stream": 0},
                           "junk",
                           {"action": "alloc", "addr": 5, "size": -1, "stream": 0}]],
    }
    t = read_trace(snap)
    assert (t.preexisting, t.skipped) == (2, 2)
    assert run(t).peak_allocated == 38 * MIB


def test_the_recorded_setting_and_unmodelled_settings() -> None:
    snap = {"segments": [], "allocator_settings": {"expandable_segments": True, "max_split_size": 64 * MIB}}
    assert read_trace(snap).recorded == Setting(expandable_segments=True, max_split_size=64 * MIB)
    assert parse_alloc_conf("max_split_size_mb:4").max_split_size == 20 * MIB  # torch's floor
    assert parse_alloc_conf("expandable_segments:True,max_split_size_mb:128").alloc_conf == \
        "expandable_segments:True,max_split_size_mb:128"
    for bad in ("backend:cudaMallocAsync", "expandable_segments:yes", "nokey"):
        with pytest.raises(ValueError):
            parse_alloc_conf(bad)


def test_the_h100_fragmentation_oom_replays_to_the_recorded_reserved_bytes() -> None:
    with (FIXTURES / "h100__torch-2.11.0__oom-fragmentation.pickle").open("rb") as f:
        t = read_trace(pickle.load(f))
    assert t.recorded_reserved_at_oom is not None and t.device_free_at_oom is not None
    capacity = t.recorded_reserved_at_oom + t.device_free_at_oom
    native, *others = what_if(t, capacity=capacity, device_total=capacity)
    assert native.setting == Setting()
    assert (native.fits, native.peak_reserved) == (False, t.recorded_peak_reserved)
    assert native.oom_entry == max(e[4] for e in t.events)  # the last entry: the 16 MiB request
    assert len(others) == 4


PAGES = json.loads((FIXTURES / "h200__torch-2.11.0__corpus-truth.json").read_text())


@pytest.mark.parametrize("conf", ["", "expandable_segments:True", "max_split_size_mb:64"])
def test_the_h200_pages_oom_replays_to_each_settings_real_run(conf: str) -> None:
    # the defaults run out at the 60 MiB request; expandable segments join the freed 40 MiB
    # halves of neighbouring blocks (the program's 20 MiB fill ran out one tensor sooner, as in
    # the real run), max_split_size_mb:64 keeps the 100 MiB blocks unsplit
    truth = PAGES["corpus-fragmentation-pages-native"]["reruns"][conf]
    with (FIXTURES / "h200__torch-2.11.0__corpus-fragmentation-pages-native.pickle").open("rb") as f:
        t = read_trace(pickle.load(f))
    assert t.recorded == Setting()
    assert t.recorded_reserved_at_oom is not None and t.device_free_at_oom is not None
    o = replay(t, parse_alloc_conf(conf), capacity=t.recorded_reserved_at_oom + t.device_free_at_oom,
               device_total=PAGES["total"])
    assert (o.fits, o.early_ooms_fit) == (not truth["oom"], 0)
    assert o.peak_reserved == truth["peak_reserved"]
    assert o.oom_entry == (t.last_oom_entry if truth["oom"] else None)


sizes = st.one_of(st.integers(1, 2 * MIB), st.integers(MIB, 200 * MIB))


@st.composite
def streams(draw: Any) -> Trace:
    steps: list[tuple[str, int, int]] = []
    live: list[tuple[int, int]] = []
    for addr in range(draw(st.integers(1, 60))):
        if live and draw(st.booleans()):
            a, s = live.pop(draw(st.integers(0, len(live) - 1)))
            steps.append(("free", a, s))
        size = draw(sizes)
        steps.append(("alloc", addr, size))
        live.append((addr, size))
    return trace(*steps)


@settings(max_examples=60, deadline=None)
@given(streams(), st.sampled_from(["", "expandable_segments:True", "max_split_size_mb:64"]))
def test_a_device_as_large_as_the_peak_gives_the_same_replay(t: Trace, conf: str) -> None:
    free = run(t, conf)
    assert free.fits and 0 < free.peak_allocated <= free.peak_reserved
    assert run(t, conf, capacity=free.peak_reserved) == free
    assert not run(t, conf, capacity=free.peak_allocated - 1).fits


CORPUS = json.loads((FIXTURES / "h100__torch-2.11.0__corpus-truth.json").read_text())


@pytest.mark.parametrize("name", [k for k in CORPUS if k.startswith("corpus-")])
def test_each_recorded_corpus_oom_replays_to_its_peak_reserved(name: str) -> None:
    # native and expandable segments (20 MiB pages mapped, unmapped at the OOM), a leak, a fraction
    truth = CORPUS[name]
    with (FIXTURES / f"h100__torch-2.11.0__{name}.pickle").open("rb") as f:
        t = read_trace(pickle.load(f))
    assert t.recorded is not None
    assert t.recorded_reserved_at_oom is not None and t.device_free_at_oom is not None
    limit = int(truth["fraction"] * CORPUS["total"]) if truth["fraction"] else None
    o = replay(t, t.recorded, capacity=t.recorded_reserved_at_oom + t.device_free_at_oom, limit=limit,
               device_total=CORPUS["total"])
    assert (o.fits, o.oom_entry) == (False, t.last_oom_entry)
    assert o.peak_reserved == truth["peak_reserved"]


# --- private pools (a CUDA graph's, a MemPool's) ------------------------------------------------


def snap(entries: list[dict[str, Any]], segments: list[dict[str, Any]], setting: bool = True) -> Trace:
    """A built snapshot (written by hand, not recorded): entries as torch records them, the
    segments alive at its end with their pools, recorded under the defaults."""
    doc: dict[str, Any] = {"device_traces": [[{"stream": 0, **x} for x in entries]], "segments": segments}
    if setting:
        doc["allocator_settings"] = {"expandable_segments": False, "max_split_size": -1}
    return read_trace(doc)


def seg(addr: int, size: int, pool: tuple[int, int], *blocks: tuple[int, str]) -> dict[str, Any]:
    return {"device": 0, "address": addr, "total_size": size, "segment_pool_id": pool,
            "blocks": [{"size": s, "state": st, "requested_size": s} for s, st in blocks]}


def test_built_a_private_pools_free_block_serves_none_of_the_default_pools_requests() -> None:
    # 8 MiB freed in a private pool's 20 MiB segment; the next 8 MiB request (the default pool's)
    # takes a segment of its own, as the recording did
    t = snap([{"action": "segment_alloc", "addr": 0, "size": 20 * MIB},
              {"action": "alloc", "addr": 0, "size": 8 * MIB},
              {"action": "free_requested", "addr": 0, "size": 8 * MIB},
              {"action": "free_completed", "addr": 0, "size": 8 * MIB},
              {"action": "segment_alloc", "addr": 64 * MIB, "size": 20 * MIB},
              {"action": "alloc", "addr": 64 * MIB, "size": 8 * MIB}],
             [seg(0, 20 * MIB, (1, 0), (20 * MIB, "inactive")),
              seg(64 * MIB, 20 * MIB, (0, 0), (8 * MIB, "active_allocated"), (12 * MIB, "inactive"))])
    assert t.pools == ((1, 0),) and t.recorded_peak_reserved == 40 * MIB
    assert run(t).peak_reserved == 40 * MIB
    assert run(replace(t, routes=())).peak_reserved == 20 * MIB  # one pool for all: the block reused


def test_built_a_live_private_pool_keeps_its_free_segment_through_the_release_before_an_oom() -> None:
    # 60 MiB free in a private pool, 60 MiB asked outside it, 100 MiB in all: the release before
    # raising frees the default pool's cache only, so it runs out; were the pool freeable, it fits
    entries = [{"action": "segment_alloc", "addr": 0, "size": 60 * MIB},
               {"action": "alloc", "addr": 0, "size": 60 * MIB},
               {"action": "free_requested", "addr": 0, "size": 60 * MIB},
               {"action": "free_completed", "addr": 0, "size": 60 * MIB},
               {"action": "oom", "device_free": 40 * MIB, "size": 60 * MIB}]
    t = snap(entries, [seg(0, 60 * MIB, (1, 0), (60 * MIB, "inactive"))])
    o = decide(t, Setting(), capacity=100 * MIB, device_total=1 << 34)
    assert isinstance(o, Outcome) and (o.fits, o.oom_entry, o.peak_reserved) == (False, 4, 60 * MIB)
    default = snap(entries, [seg(0, 60 * MIB, (0, 0), (60 * MIB, "inactive"))])
    assert run(default, capacity=100 * MIB).fits  # the default pool's cache is released and the request fits


def test_built_the_programs_empty_cache_is_replayed_and_the_allocators_own_release_is_not() -> None:
    # 30 MiB freed, then released with room to spare for the 40 MiB segment after it: the
    # program's empty_cache (a capture's start calls it). Replayed, the 40 MiB segment is the only
    # one left, as recorded; left out, the cached 30 MiB would stay beside it (70 MiB)
    freed = [{"action": "segment_alloc", "addr": 0, "size": 30 * MIB},
             {"action": "alloc", "addr": 0, "size": 30 * MIB},
             {"action": "free_requested", "addr": 0, "size": 30 * MIB},
             {"action": "free_completed", "addr": 0, "size": 30 * MIB},
             {"action": "segment_free", "addr": 0, "size": 30 * MIB},
             {"action": "segment_alloc", "addr": 64 * MIB, "size": 40 * MIB},
             {"action": "alloc", "addr": 64 * MIB, "size": 40 * MIB}]
    t = snap(freed, [seg(64 * MIB, 40 * MIB, (0, 0), (40 * MIB, "active_allocated"))])
    releases = [ev for ev in t.events if ev[0] == 4]
    # (the reserved bytes with the next segment, and before the release)
    assert [(ev[2], ev[3]) for ev in releases] == [(70 * MIB, 30 * MIB)]
    assert t.recorded_peak_reserved == 40 * MIB
    assert run(t, capacity=100 * MIB).peak_reserved == 40 * MIB
    # 30 + 40 MiB over a 60 MiB device: the allocator's own release before its retry, which the
    # replay's allocator makes itself (the same peak, by its own path)
    assert run(t, capacity=60 * MIB).peak_reserved == 40 * MIB
    # a release with an OOM next is the allocator's too
    oom = snap([*freed[:5], {"action": "oom", "device_free": 0, "size": 40 * MIB}], [])
    assert [ev[2] for ev in oom.events if ev[0] == 4] == [-1]


def test_built_a_failed_request_whose_pool_the_recording_rules_out_is_decided() -> None:
    # 30 MiB free in a MemPool's segment, 60 MiB asked, 80 MiB in all: outside the pool it runs
    # out under every setting; were it the pool's, expandable segments would map 30 MiB more
    # after the pool's free block and fit it...
    t = snap([{"action": "segment_alloc", "addr": 0, "size": 30 * MIB},
              {"action": "alloc", "addr": 0, "size": 30 * MIB},
              {"action": "free_requested", "addr": 0, "size": 30 * MIB},
              {"action": "free_completed", "addr": 0, "size": 30 * MIB},
              {"action": "oom", "device_free": 50 * MIB, "size": 60 * MIB}],
             [seg(0, 30 * MIB, (0, 1), (30 * MIB, "inactive"))])
    exp = parse_alloc_conf("expandable_segments:True")
    # ...so, recorded under the defaults (where both routings run out), it is left undecided
    u = decide(t, exp, capacity=80 * MIB, device_total=1 << 34)
    assert isinstance(u, Undecided) and "which pool the failed request went to" in u.reason
    assert "fits" in u.reason
    native = decide(t, Setting(), capacity=80 * MIB, device_total=1 << 34)
    assert isinstance(native, Outcome) and not native.fits
    # recorded under expandable segments, where it ran out, only the default pool's routing reproduces it
    o = decide(replace(t, recorded=exp), exp, capacity=80 * MIB, device_total=1 << 34)
    assert isinstance(o, Outcome) and not o.fits and o.oom_entry == 4


POOLS = json.loads((FIXTURES / "h200__torch-2.11.0__corpus-pools-truth.json").read_text())


@pytest.mark.parametrize("name", sorted(POOLS))
@pytest.mark.parametrize("conf", ["", "expandable_segments:True", "max_split_size_mb:64"])
def test_the_h200_private_pool_ooms_replay_to_each_settings_real_run(name: str, conf: str) -> None:
    """Recorded (session 11's corpus, 4 H200s): each setting's verdict and peak reserved are the
    real run's, or the replay says it cannot tell (the MemPool recorded under the defaults:
    were the failed request the pool's, expandable segments or a split limit would fit it)."""
    with (FIXTURES / name).open("rb") as f:
        t = read_trace(pickle.load(f))
    truth = POOLS[name]
    real = truth["runs"][conf or "native"]
    assert t.recorded_reserved_at_oom is not None and t.device_free_at_oom is not None
    o = decide(t, parse_alloc_conf(conf), capacity=t.recorded_reserved_at_oom + t.device_free_at_oom,
               device_total=truth["total"])
    if name.endswith("mempool-native.pickle") and conf:
        assert isinstance(o, Undecided) and "fits" in o.reason
        return
    assert isinstance(o, Outcome)
    assert (not o.fits, o.oom_entry) == (real["oom"], t.last_oom_entry)
    assert o.peak_reserved == real["peak_reserved"]


@pytest.mark.parametrize("name", sorted(POOLS))
def test_the_h200_private_pool_ooms_fit_once_the_pools_are_released_as_the_real_rerun_did(name: str) -> None:
    with (FIXTURES / name).open("rb") as f:
        t = read_trace(pickle.load(f))
    real = POOLS[name]["pools_released"]
    assert t.recorded is not None and t.recorded_reserved_at_oom is not None
    assert t.device_free_at_oom is not None
    o = decide(t, t.recorded, capacity=t.recorded_reserved_at_oom + t.device_free_at_oom,
               device_total=POOLS[name]["total"], pools_released=True)
    assert isinstance(o, Outcome) and o.fits and not real["oom"]
    # the graph's re-run also dropped the capture's output and its 2 MiB segments, which the trace still holds
    assert 0 <= o.peak_reserved - real["peak_reserved"] <= 4 * MIB
