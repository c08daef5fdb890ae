"""The allocator-snapshot boundary: `torch.cuda.memory_snapshot()`'s answer, read by the agent's
pool source every `pool_interval` in one pass (sources/pools.py `summarize`, feeding
diagnosis/snapshot.py `DeviceWalk`), is untrusted input. A segment-level count that is not a
byte count fails the whole read, with the message it always had (counted, never a traceback);
whatever is malformed inside a segment's blocks is skipped; every served value is a finite,
non-negative number; and the one pass refuses and reads exactly what main's two walks did.

The hostile answers come from `FakeTorch` (tests/unit/sources/test_poolwalk.py): a torch whose
snapshot holds garbage is a fault we cannot cause on a device.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from prometheus_client.openmetrics.exposition import generate_latest as openmetrics
from prometheus_client.openmetrics.parser import text_string_to_metric_families as parse_openmetrics

from gpumemd.sources.pools import MalformedSnapshot, PoolSource, summarize
from tests.unit.sources.test_poolwalk import (
    COUNT,
    ELAPSED,
    FREE,
    HOSTILE,
    SEGMENT,
    Clock,
    FakeTorch,
    recorded,
    same_reads,
)

# a valid segment with one or two fields made hostile (or dropped): the read must refuse it as
# before, with the same message (two: which one it names first)
_fields = ["device", "total_size", "allocated_size", "segment_pool_id", "is_expandable", "blocks"]
_broken = st.tuples(
    SEGMENT,
    st.lists(
        st.tuples(
            st.sampled_from(_fields),
            st.one_of(HOSTILE, st.tuples(HOSTILE, HOSTILE), st.tuples(COUNT, HOSTILE), st.just(KeyError)),
        ),
        min_size=1,
        max_size=2,
    ),
)


def _break(case: tuple[dict[str, Any], list[tuple[str, Any]]]) -> dict[str, Any]:
    seg, changes = case
    seg = dict(seg)
    for key, value in changes:
        if value is KeyError:
            seg.pop(key, None)
        else:
            seg[key] = value
    return seg


_valid = st.lists(SEGMENT, max_size=8)  # torch's shape; its blocks hostile
_one_bad = st.tuples(_valid, _broken.map(_break) | HOSTILE, st.integers(0, 8)).map(
    lambda t: [*t[0][: t[2]], t[1], *t[0][t[2] :]]
)
_snapshot = st.one_of(*[_valid] * 6, _one_bad, HOSTILE)



@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reads=st.lists(st.tuples(_snapshot, FREE, ELAPSED), min_size=1, max_size=5))
def test_any_snapshot_is_read_or_refused_exactly_as_the_two_walks_did(
    reads: list[tuple[Any, int | None, float]],
) -> None:
    same_reads(reads)



_REFUSED = [  # one segment's fields, as a hostile torch or file could set them
    {"total_size": -1},
    {"allocated_size": 1.5},
    {"device": True},
    {"device": None},
    {"segment_pool_id": (0,)},
    {"segment_pool_id": (0, -1)},
    {"segment_pool_id": (True, 0)},
    {"segment_pool_id": ("0", 0), "device": 1.0},  # two bad: the refusal names the pool's first
    {"segment_pool_id": (0, None), "device": "0"},
    {"device": -1, "total_size": "big"},
    {"total_size": None, "allocated_size": True},
]


def test_the_source_refuses_what_it_refused_before() -> None:
    """A malformed count at the segment level still fails the whole read, with the message main
    gave (not skipped, as the lenient block walk skips a malformed block), also after a valid
    segment of the same pool (a True where 1 was would find that pool's sums)."""
    from bench.poolwalk_before import summarize as before

    good = copy.deepcopy(recorded("oom-capacity")[0])
    one = {**good, "segment_pool_id": (1, 0)}
    for change in _REFUSED:
        for segments in ([{**good, **change}], [one, {**one, **change}], [good, good, {**good, **change}]):
            messages = []
            after = PoolSource(FakeTorch.answering(segments))
            for read in (lambda a=after: a.read({}), lambda s=segments: before(s)):
                try:
                    read()
                except ValueError as exc:
                    messages.append((type(exc).__name__, str(exc)))
                else:
                    messages.append(("read", ""))
            assert messages[0] == messages[1] and messages[0][0] == "MalformedSnapshot", (change, messages)


class _Registry:
    def __init__(self, families: list[Any]) -> None:
        self._families = families

    def collect(self) -> list[Any]:
        return self._families


_NEGATIVE_HOLE = [  # a live tensor, then a free block torch says is -1 bytes, and one that is NaN
    {"device": 0, "total_size": 4 << 20, "allocated_size": 2 << 20, "segment_pool_id": (0, 0),
     "is_expandable": False,
     "blocks": [{"address": 1 << 30, "size": 2 << 20, "requested_size": 2 << 20, "state": "active_allocated"},
                {"address": (1 << 30) + (2 << 20), "size": -1, "state": "inactive"},
                {"address": (1 << 30) + (3 << 20), "size": float("nan"), "state": "inactive"}]},
]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reads=st.lists(st.tuples(_snapshot, FREE, ELAPSED), min_size=1, max_size=4))
@example(reads=[(_NEGATIVE_HOLE, 0, 1.0), ([], 0, 1.0)])
def test_what_a_hostile_snapshot_gets_served_is_finite_and_non_negative(
    reads: list[tuple[Any, int | None, float]],
) -> None:
    torch, clock = FakeTorch(), Clock()
    source = PoolSource(torch, labels={"rank": "0"}, clock=clock)
    for segments, free, elapsed in reads:
        torch.segments, torch.free = segments, free
        clock.now += elapsed
        try:
            reading = source.read({})
        except MalformedSnapshot:
            continue
        text = openmetrics(_Registry(list(source.families(reading)))).decode()
        for fam in parse_openmetrics(text):  # the strict parser: what Prometheus would accept
            for s in fam.samples:
                assert math.isfinite(s.value) and s.value >= 0, s


_junk = st.one_of(HOSTILE, st.lists(HOSTILE, max_size=2), st.tuples(HOSTILE))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    segments=st.lists(SEGMENT, min_size=1, max_size=6),
    junk=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 6), _junk), max_size=8),
)
def test_a_block_that_is_not_a_block_costs_nothing_but_itself(
    segments: list[dict[str, Any]], junk: list[tuple[int, int, Any]]
) -> None:
    """Anything where a block should be (not a dict) is skipped: the readings are those of the
    same snapshot without it, every figure."""
    dirty = copy.deepcopy(segments)
    for i, at, value in junk:
        blocks = dirty[i % len(dirty)]["blocks"]
        blocks.insert(at % (len(blocks) + 1), value)
    readings, sums = [], []
    for segs in (segments, dirty):
        torch = FakeTorch.answering(segs)
        torch.free = 0  # the risk computed, so the segments' releasable bytes count too
        readings.append(PoolSource(torch, clock=Clock()).read({}))
        sums.append(summarize(segs))
    assert readings[0] == readings[1]
    assert sums[0] == sums[1]  # every figure of the pass, the OOM diagnosis's ones too
    assert [s.figures.live_requests for s in sums[0].values()] == [
        s.figures.live_requests for s in sums[1].values()
    ]
