"""The shape probe's walk over the allocator's trace (gpumemd/diagnosis/trace.py): exact on
valid traces (the running sum's maximum and end, checked against a plain reference), a lower
bound in rounded blocks, and None — never an exception — for anything else torch might hand
back. The same walk on a real GPU equals torch's requested_bytes.all.peak to the byte
(tests/gpu/test_shape_probe_gpu.py, bench/results/2026-11-25-h100-forecast-curve)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gpumemd.diagnosis.trace import trace_peak

MAX = 1 << 18


def entry(action: str, size: Any) -> dict[str, Any]:
    return {"action": action, "addr": 1, "size": size, "stream": 0, "time_us": 0}


def walk(entries: Any, start: int = 1000, allocated: int = 1024) -> Any:
    return trace_peak(entries, requested_start=start, allocated_start=allocated, max_entries=MAX)


def test_the_running_sum_gives_the_peak_and_the_end() -> None:
    trace = [entry("alloc", 100), entry("alloc", 600), entry("free_requested", 100),
             entry("segment_alloc", 1 << 30), entry("alloc", 50), entry("free_completed", 600),
             entry("free_requested", 600), entry("free_requested", 50)]
    got = walk(trace)
    assert got.requested_peak == 1000 + 700 and got.requested_end == 1000
    # each size rounded to a 512-byte block: 100 -> 512, 600 -> 1024, 50 -> 512
    assert got.allocated_peak == 1024 + 512 + 1024
    assert got.events == 6  # segments and completed frees do not move allocated bytes


def test_an_empty_window_is_its_start() -> None:
    got = walk([])
    assert (got.requested_peak, got.requested_end, got.allocated_peak, got.events) == (1000, 1000, 1024, 0)


@pytest.mark.parametrize("bad", [
    None, {}, "trace", (entry("alloc", 1),),  # not a list
    [None], [[("action", "alloc")]], ["alloc"],  # not a dict
    [entry("alloc", -1)], [entry("alloc", 1.5)], [entry("alloc", True)], [entry("alloc", "5")],
    [entry("alloc", 1 << 63)], [entry("free_requested", None)], [{"action": "alloc"}],
    [{"action": 3, "size": 1}], [{"action": b"alloc", "size": 1}],
    [entry("free_requested", 2000)],  # below zero: events are missing
    [entry("alloc", (1 << 63) - 1), entry("alloc", 1 << 62)],  # past 2^63
])
def test_what_is_not_a_trace_answers_none(bad: Any) -> None:
    assert walk(bad) is None


def test_a_full_ring_answers_none() -> None:
    # max_entries entries: the ring may have dropped the oldest, so the start is unknown
    four, three = [entry("alloc", 1)] * 4, [entry("alloc", 1)] * 3
    assert trace_peak(four, requested_start=0, allocated_start=0, max_entries=4) is None
    assert trace_peak(three, requested_start=0, allocated_start=0, max_entries=4) is not None


def test_bad_starts_answer_none() -> None:
    for start in (-1, 1.0, None, 1 << 63, True):
        assert trace_peak([], requested_start=start, allocated_start=0, max_entries=MAX) is None
        assert trace_peak([], requested_start=0, allocated_start=start, max_entries=MAX) is None


def test_unknown_actions_are_skipped() -> None:
    got = walk([entry("oom", 10**12), entry("snapshot", 0), entry("alloc", 512), {"action": "user_defined"}])
    assert got.requested_peak == 1512 and got.events == 1


sizes = st.integers(min_value=0, max_value=1 << 40)


@given(st.lists(st.tuples(st.booleans(), sizes), max_size=200), st.integers(0, 1 << 40))
def test_valid_traces_match_a_plain_reference(ops: list[tuple[bool, int]], start: int) -> None:
    trace, live, run, top = [], [], start, start
    for is_alloc, size in ops:
        if is_alloc or not live:
            trace.append(entry("alloc", size))
            live.append(size)
            run += size
            top = max(top, run)
        else:
            freed = live.pop(size % len(live))
            trace.append(entry("free_requested", freed))
            run -= freed
    got = trace_peak(trace, requested_start=start, allocated_start=start, max_entries=MAX)
    assert got is not None
    assert (got.requested_peak, got.requested_end) == (top, run)
    assert got.allocated_peak >= got.requested_peak  # rounding only adds


junk = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
                    | st.binary(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=4), max_leaves=20)


@given(junk, st.lists(st.dictionaries(st.sampled_from(["action", "size", "addr"]),
                                      st.sampled_from(["alloc", "free_requested", "x"]) | junk), max_size=8))
def test_any_answer_is_a_figure_or_none_never_an_exception(anything: Any, entries: list) -> None:
    for value in (anything, entries):
        got = walk(value)
        assert got is None or got.requested_end >= 0
