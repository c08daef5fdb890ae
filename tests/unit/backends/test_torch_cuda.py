"""AllocatorStats (the one parse of torch's memory_stats), peak_counters and span_peak
(gpumemd/backends/torch_cuda.py), against the readings recorded on an H200."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.backends.torch_cuda import AllocatorStats, peak_counters, span_peak
from tests.fakes import READINGS

STATES = [k for k, v in READINGS.items() if isinstance(v, dict) and "raw_memoryStats" in v]
FIELDS = [f for f in AllocatorStats._fields if f != "invalid"]
# Where each field lives in the nested dict (the reference below walks it by hand).
PATHS = {
    "allocated": ("allocated_bytes", "current"), "allocated_peak": ("allocated_bytes", "peak"),
    "allocated_total": ("allocated_bytes", "allocated"), "freed_total": ("allocated_bytes", "freed"),
    "reserved": ("reserved_bytes", "current"), "reserved_peak": ("reserved_bytes", "peak"),
    "reserved_total": ("reserved_bytes", "allocated"), "released_total": ("reserved_bytes", "freed"),
    "active": ("active_bytes", "current"), "active_peak": ("active_bytes", "peak"),
    "inactive_split_bytes": ("inactive_split_bytes", "current"), "requested": ("requested_bytes", "current"),
    "allocations": ("allocation", "current"), "allocations_total": ("allocation", "allocated"),
    "frees_total": ("allocation", "freed"), "segments": ("segment", "current"),
    "inactive_splits": ("inactive_split", "current"),
    "alloc_retries": ("num_alloc_retries",), "ooms": ("num_ooms",),
    "device_allocs": ("num_device_alloc",), "device_frees": ("num_device_free",),
}


def _old_parse(stats: dict[str, Any]) -> dict[str, int]:
    """The parse the allocator source, the profiler's probe and the shape probe each did before
    (from_stats, CudaProbe.read, shapeprobe._current), kept here as the reference."""
    a, r = stats["allocated_bytes"]["all"], stats["reserved_bytes"]["all"]
    active, counts = stats["active_bytes"]["all"], stats["allocation"]["all"]
    return {
        "allocated": int(a["current"]), "allocated_peak": int(a["peak"]),
        "allocated_total": int(a.get("allocated", 0)), "freed_total": int(a.get("freed", 0)),
        "reserved": int(r["current"]), "reserved_peak": int(r["peak"]),
        "reserved_total": int(r.get("allocated", 0)), "released_total": int(r.get("freed", 0)),
        "active": int(active["current"]), "active_peak": int(active["peak"]),
        "inactive_split_bytes": int(stats["inactive_split_bytes"]["all"]["current"]),
        "requested": int(stats["requested_bytes"]["all"]["current"]),
        "allocations": int(counts["current"]), "allocations_total": int(counts["allocated"]),
        "frees_total": int(counts["freed"]), "segments": int(stats["segment"]["all"]["current"]),
        "inactive_splits": int(stats["inactive_split"]["all"]["current"]),
        "alloc_retries": int(stats.get("num_alloc_retries", 0)), "ooms": int(stats.get("num_ooms", 0)),
        "device_allocs": int(stats.get("num_device_alloc", 0)),
        "device_frees": int(stats.get("num_device_free", 0)),
    }


def _raw(state: str) -> dict[str, Any]:
    return json.loads(json.dumps(READINGS[state]["raw_memoryStats"]))  # a copy to spoil


def _set(stats: dict[str, Any], field: str, value: Any) -> None:
    path = PATHS[field]
    if len(path) == 1:
        stats[path[0]] = value
    else:
        stats[path[0]]["all"][path[1]] = value


@pytest.mark.parametrize("state", STATES)
def test_the_record_of_each_h200_reading_equals_the_old_parse_field_by_field(state: str) -> None:
    raw = _raw(state)
    record = AllocatorStats.parse(raw)
    assert record is not None and record.invalid == ()
    old = _old_parse(raw)
    for field in FIELDS:
        assert getattr(record, field) == old[field], field
    counters = peak_counters(raw)
    assert counters == (
        (old["allocated"], old["allocated_peak"], old["allocated_total"], old["freed_total"]),
        (old["reserved"], old["reserved_peak"], old["reserved_total"], old["released_total"]),
    )


def test_the_recording_moves_so_the_field_by_field_check_is_not_of_zeros() -> None:
    records = [AllocatorStats.parse(_raw(s)) for s in STATES]
    assert len({r.allocated for r in records if r is not None}) > 1
    assert AllocatorStats.parse(_raw("after_oom")).ooms == 1  # type: ignore[union-attr]


def test_an_empty_answer_is_no_reading() -> None:
    assert AllocatorStats.parse({}) is None
    assert peak_counters({}) is None


def test_keys_an_older_torch_lacks_read_zero_as_before() -> None:
    raw = _raw("after_256MiB_and_4000B")
    for key in ("num_alloc_retries", "num_ooms", "num_device_alloc", "num_device_free"):
        del raw[key]
    del raw["allocated_bytes"]["all"]["freed"]
    record = AllocatorStats.parse(raw)
    assert record is not None and record.invalid == ()
    assert (record.ooms, record.device_allocs, record.freed_total) == (0, 0, 0)


HOSTILE = st.one_of(
    st.booleans(), st.floats(allow_nan=True), st.just(math.nan), st.integers(max_value=-1),
    st.text(max_size=4), st.none(), st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(FIELDS), value=HOSTILE, state=st.sampled_from(STATES))
def test_a_hostile_value_reads_none_is_named_and_spoils_no_other_field(
    field: str, value: Any, state: str
) -> None:
    raw = _raw(state)
    _set(raw, field, value)
    record = AllocatorStats.parse(raw)
    assert record is not None
    assert getattr(record, field) is None
    assert record.invalid == (field,)
    clean = AllocatorStats.parse(_raw(state))
    assert clean is not None
    for other in FIELDS:
        if other != field:
            assert getattr(record, other) == getattr(clean, other), other
    in_counters = PATHS[field][0] in ("allocated_bytes", "reserved_bytes")
    assert (peak_counters(raw) is None) == in_counters


_TREE = st.recursive(
    st.one_of(
        st.integers(min_value=-3, max_value=2**70), st.floats(), st.booleans(), st.none(), st.text(max_size=3)
    ),
    lambda kids: st.one_of(
        st.lists(kids, max_size=3),
        st.dictionaries(
            st.sampled_from(["all", "current", "peak", "allocated", "freed", "x"]), kids, max_size=4
        ),
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from([*{p[0] for p in PATHS.values()}, "other"]), _TREE, max_size=12))
def test_any_answer_parses_without_raising_into_counts_or_none(stats: dict[str, Any]) -> None:
    record = AllocatorStats.parse(stats)
    if record is None:
        assert not stats
        return
    for field in FIELDS:
        value = getattr(record, field)
        assert value is None or (type(value) is int and value >= 0)
        assert (value is None) == (field in record.invalid)
    counters = peak_counters(stats)
    eight = (record.allocated, record.allocated_peak, record.allocated_total, record.freed_total,
             record.reserved, record.reserved_peak, record.reserved_total, record.released_total)
    assert counters == (None if None in eight else (eight[:4], eight[4:]))


# span_peak: a level simulated alloc by free, its true highest value against the bounds.
@settings(max_examples=300, deadline=None)
@given(
    start=st.integers(0, 1000),
    headroom=st.integers(0, 1000),
    moves=st.lists(st.integers(-500, 500), max_size=12),
    reset_at=st.one_of(st.none(), st.integers(0, 12)),
    sampled_at=st.one_of(st.none(), st.integers(0, 12)),
)
def test_span_peak_bounds_the_true_peak_and_is_exact_only_when_equal(
    start: int, headroom: int, moves: list[int], reset_at: int | None, sampled_at: int | None
) -> None:
    level, peak, added, removed = start, start + headroom, 7, 3
    before = (level, peak, added, removed)
    true, sampled = level, 0
    for i, move in enumerate(moves):
        if reset_at == i:  # reset_peak_memory_stats within the span: the peak restarts at the level
            peak = level
        move = max(move, -level)
        level += move
        if move > 0:
            added += move
        else:
            removed -= move
        peak, true = max(peak, level), max(true, level)
        if sampled_at == i:
            sampled = level
    lo, hi, exact = span_peak(before, (level, peak, added, removed), sampled)
    assert lo <= true
    # A reset is seen only where it left the lifetime peak lower than before; one that did not
    # cannot be told from two readings: only the lower bound holds then (the agent never resets).
    hidden_reset = reset_at is not None and reset_at < len(moves) and peak >= before[1]
    if not hidden_reset:
        assert true <= hi
        assert not exact or lo == true == hi
    # without the cumulative counters (a CPU probe) the bounds still hold
    lo2, hi2, exact2 = span_peak((before[0], before[1], None, None), (level, peak, None, None), sampled)
    assert lo2 <= true
    if reset_at is None:
        assert true <= hi2
        assert not exact2 or lo2 == true == hi2


def test_span_peak_is_exact_when_the_lifetime_peak_rose_and_when_the_span_only_allocated() -> None:
    assert span_peak((10, 10, 0, 0), (5, 30, 20, 25), 0) == (30, 30, True)
    assert span_peak((10, 50, 0, 0), (25, 50, 15, 0), 0) == (25, 25, True)  # only allocations
    assert span_peak((10, 50, 0, 0), (12, 50, 20, 18), 0) == (12, 30, False)  # a bound: 10 + 20


def test_the_current_stream_is_read_only_where_cuda_is_up() -> None:
    """At an OOM CUDA is up and the stream is the allocating thread's; before it, asking would
    be the call that makes a context: None, and no context made (CPU torch: never up)."""
    import torch

    from gpumemd.backends.torch_cuda import TorchCuda

    api = TorchCuda(torch)
    assert api.current_stream(0) is None
    assert not torch.cuda.is_initialized()
