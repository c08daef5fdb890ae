"""The pool source (gpumemd/sources/pools.py) on segments shaped as torch's snapshot: the
recorded H100 snapshot, the pool kinds, the bounded per-pool series, older torch,
cudaMallocAsync, and any garbage a snapshot could hold."""

from __future__ import annotations

import copy
import json
import logging
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.agent.wiring import Counted
from gpumemd.backends.replay import torch_replayer
from gpumemd.sources.agent_self import Errors
from gpumemd.sources.pools import KINDS, MalformedSnapshot, PoolReading, PoolSource, kind_of
from tests.helpers import ROOT

MiB = 1 << 20
RECORDED = json.loads((ROOT / "tests/fixtures/torch/h100__torch-2.11__pool-snapshot.json").read_text())


def torch_shaped(segments: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The recorded segments as torch hands them over: segment_pool_id a tuple (JSON made it a list)."""
    out = copy.deepcopy(segments)
    for seg in out:
        seg["segment_pool_id"] = tuple(seg["segment_pool_id"])
    return out


def segment(pool: tuple[int, int], total: int, allocated: int = 0, device: int = 0) -> dict[str, Any]:
    """One segment with the keys of the recorded one (a real segment's shape, other values)."""
    seg = copy.deepcopy(RECORDED["segments"][0])
    seg.update(device=device, total_size=total, allocated_size=allocated, active_size=allocated,
               segment_pool_id=pool, blocks=[])
    return seg


class SnapshotTorch:
    """TorchCudaApi's calls the pool source makes, answering a given snapshot."""

    def __init__(self, segments: Any, *, backend: str | None = "native", initialized: bool = True) -> None:
        self.segments, self.backend, self.initialized = segments, backend, initialized
        self.reads = 0

    def is_initialized(self) -> bool:
        return self.initialized

    def allocator_backend(self) -> str | None:
        return self.backend

    def device_uuid(self, device: int) -> str:
        return f"GPU-{device}"

    def pool_segments(self) -> Any:
        self.reads += 1
        return self.segments


def samples(source: PoolSource, reading: tuple[PoolReading, ...]) -> dict[tuple[str, str], float]:
    """{(family, kind or pool): value} for GPU 0 (the pool families; fragmentation: its own tests)."""
    out = {}
    for f in source.families(reading):
        for s in f.samples:
            assert s.labels["gpu"] == "0" and s.labels["rank"] == "3"
            if "kind" not in s.labels and "pool" not in s.labels:
                continue
            out[(s.name, s.labels.get("kind") or s.labels["pool"])] = s.value
    return out


def test_kinds_follow_the_allocators_pool_ids() -> None:
    assert [kind_of(0, 0), kind_of(3, 0), kind_of(0, 5), kind_of(2, 2)] == [
        "default",
        "graph",
        "user",
        "other",
    ]


@pytest.mark.parametrize("shape", ["tuples", "lists"])  # torch's tuples; a replayed capture's lists
def test_the_recorded_h100_snapshot_reads_as_torch_summed_it(shape: str) -> None:
    segments = torch_shaped(RECORDED["segments"]) if shape == "tuples" else RECORDED["segments"]
    source = PoolSource(SnapshotTorch(segments), labels={"rank": "3"})
    got = samples(source, source.read({}))
    meta = RECORDED["meta"]
    theirs = meta["snapshot_by_pool"]
    for pool in ("graph:1", "user:1", "user:2"):
        assert got[("gpumemd_allocator_private_pool_reserved_bytes", pool)] == theirs[pool]["reserved"]
    assert got[("gpumemd_allocator_pool_reserved_bytes", "graph")] == theirs["graph:1"]["reserved"]
    assert (
        got[("gpumemd_allocator_pool_reserved_bytes", "user")]
        == theirs["user:1"]["reserved"] + theirs["user:2"]["reserved"]
    )
    assert got[("gpumemd_allocator_pool_allocated_bytes", "default")] == theirs["default"]["allocated"]
    assert [got[("gpumemd_allocator_pools", k)] for k in KINDS] == [1, 1, 2]
    # the kinds add up to what torch.cuda.memory_reserved() said
    assert sum(got[("gpumemd_allocator_pool_reserved_bytes", k)] for k in KINDS) == meta["memory_reserved"]


def test_default_pool_only_exports_zeros_for_the_private_kinds_and_no_pool_series() -> None:
    source = PoolSource(
        SnapshotTorch([segment((0, 0), 20 * MiB, 2 * MiB), segment((0, 0), 2 * MiB, 512)]),
        labels={"rank": "3"},
    )
    got = samples(source, source.read({}))
    assert got == {
        ("gpumemd_allocator_pool_reserved_bytes", "default"): 22 * MiB,
        ("gpumemd_allocator_pool_reserved_bytes", "graph"): 0,
        ("gpumemd_allocator_pool_reserved_bytes", "user"): 0,
        ("gpumemd_allocator_pool_allocated_bytes", "default"): 2 * MiB + 512,
        ("gpumemd_allocator_pool_allocated_bytes", "graph"): 0,
        ("gpumemd_allocator_pool_allocated_bytes", "user"): 0,
        ("gpumemd_allocator_pools", "default"): 1,
        ("gpumemd_allocator_pools", "graph"): 0,
        ("gpumemd_allocator_pools", "user"): 0,
    }


def test_no_segments_is_a_reading_with_no_series() -> None:
    source = PoolSource(SnapshotTorch([]))
    assert source.read({}) == ()
    assert all(not f.samples for f in source.families(()))


def test_more_private_pools_than_series_sum_the_smallest_into_other() -> None:
    segs = [segment((n, 0), n * MiB) for n in range(1, 13)] + [segment((0, 0), 64 * MiB)]
    source = PoolSource(SnapshotTorch(segs), labels={"rank": "3"}, max_pools=8)
    (r,) = source.read({})
    assert [p for p, _ in r.pools] == [f"graph:{n}" for n in range(12, 4, -1)] + ["other"]
    assert dict(r.pools)["other"] == (1 + 2 + 3 + 4) * MiB
    assert sum(size for _, size in r.pools) == sum(range(1, 13)) * MiB  # nothing lost, default left out
    assert dict((k, n) for k, _, _, n in r.kinds)["graph"] == 12


def test_devices_are_read_apart_and_other_kinds_appear_only_when_seen() -> None:
    source = PoolSource(
        SnapshotTorch(
            [
                segment((0, 0), 2 * MiB, device=1),
                segment((4, 4), 8 * MiB, device=0),
                segment((4, 5), 4 * MiB, device=0),
            ]
        )
    )
    readings = source.read({})
    assert [(r.device, r.uuid) for r in readings] == [(0, "GPU-0"), (1, "GPU-1")]
    assert readings[0].kinds[-1] == ("other", 12 * MiB, 0, 2)
    assert readings[0].pools == (("other:4.4", 8 * MiB), ("other:4.5", 4 * MiB))  # one series each
    assert [k for k, *_ in readings[1].kinds] == list(KINDS)


def test_nothing_is_read_before_cuda_is_initialised() -> None:
    torch = SnapshotTorch([segment((0, 0), 2 * MiB)], initialized=False)
    assert PoolSource(torch).read({}) == ()  # no series, not a failure
    assert torch.reads == 0


def test_cuda_malloc_async_exports_nothing_and_stops_reading(caplog: pytest.LogCaptureFixture) -> None:
    torch = SnapshotTorch([], backend="cudaMallocAsync")
    source = PoolSource(torch)
    with caplog.at_level(logging.INFO, logger="gpumemd.pools"):
        readings = [source.read({}) for _ in range(3)]
    assert readings == [(), (), ()] and torch.reads == 0  # no series, and not a failing collector
    assert len([r for r in caplog.records if "cudaMallocAsync" in r.getMessage()]) == 1


def test_an_older_torch_without_segment_pool_id_gives_no_pool_series_and_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    segs = [{k: v for k, v in s.items() if k != "segment_pool_id"} for s in RECORDED["segments"]]
    torch = SnapshotTorch(segs)
    source = PoolSource(torch)
    with caplog.at_level(logging.INFO, logger="gpumemd.pools"):
        readings = [source.read({}) for _ in range(3)]
    assert readings == [(), (), ()]
    assert torch.reads == 1  # the snapshot is not paid for again
    assert len([r for r in caplog.records if "segment_pool_id" in r.getMessage()]) == 1


def test_a_torch_without_the_snapshot_and_an_old_capture_give_no_pool_series(
    caplog: pytest.LogCaptureFixture,
) -> None:
    replayed = torch_replayer(
        {"torch": {"is_initialized()": {"ok": True}, "allocator_backend()": {"ok": "native"}}}
    )
    with caplog.at_level(logging.INFO, logger="gpumemd.pools"):
        assert PoolSource(SnapshotTorch(None)).read({}) == ()
        assert PoolSource(replayed).read({}) == ()
    assert [r.getMessage().startswith("this torch has no allocator snapshot") for r in caplog.records] == [
        True,
        True,
    ]


def test_a_segment_lacking_segment_pool_id_among_others_fails_the_read_and_is_counted() -> None:
    segs = torch_shaped(RECORDED["segments"])
    del segs[1]["segment_pool_id"]
    errors = Errors()
    counted = Counted(PoolSource(SnapshotTorch(segs)), errors, every=10.0)
    with pytest.raises(MalformedSnapshot, match="1 of 14 segments lack segment_pool_id"):
        counted.read({})
    assert errors.counts == {"pools": 1}


_scalar = (
    st.none() | st.booleans() | st.integers(-2, 1 << 40) | st.floats(allow_nan=True) | st.text(max_size=4)
)
_value = _scalar | st.lists(_scalar, max_size=3) | st.tuples(_scalar, _scalar)
_segment = st.dictionaries(
    st.sampled_from(
        ["device", "total_size", "allocated_size", "active_size", "segment_pool_id", "blocks", "x"]
    ),
    _value,
    max_size=7,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_segment | _value, max_size=6) | _value)
def test_any_snapshot_reads_or_fails_as_counted_never_otherwise(snapshot: Any) -> None:
    errors = Errors()
    counted = Counted(PoolSource(SnapshotTorch(snapshot)), errors)
    try:
        readings = counted.read({})
    except MalformedSnapshot:
        assert errors.counts == {"pools": 1}
        return
    assert not errors.counts
    for r in readings:  # what reads renders, in bounded label values
        assert all(kind in (*KINDS, "other") for kind, *_ in r.kinds)
        assert len(r.pools) <= 9 and len({pool for pool, _ in r.pools}) == len(r.pools)  # no series twice
    list(counted.families(readings))


def test_the_agent_builds_it_on_its_own_cadence_and_zero_turns_it_off() -> None:
    from gpumemd.agent.agent import Agent

    on = Agent(listen_address=None, spool_dir="", apis={"torch": SnapshotTorch([])})
    assert [s.every for s in on._sources(on.config) if s.name == "pools"] == [10.0]
    off = Agent(listen_address=None, spool_dir="", pool_interval=0)
    assert "pools" not in [s.name for s in off._sources(off.config)]


def test_the_pool_families_are_published_to_the_daemon_and_collide_with_none_of_its_own() -> None:
    from gpumemd import known_metrics
    from gpumemd.sources.spool import daemon_family_names

    assert PoolSource.names <= known_metrics.published()
    assert not PoolSource.names & daemon_family_names()
