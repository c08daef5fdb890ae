"""The live fragmentation figures (sources/pools.py over diagnosis/snapshot.py's one segment
walk) on segment lists recorded on an H100, and on any list hypothesis draws: the live figure
and the OOM diagnosis agree, the reference request is a request that came and went, and no
figure is ever negative or larger than what the segments hold."""

from __future__ import annotations

import copy
import pickle
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.diagnosis.accounting import accounting_from_snapshot
from gpumemd.diagnosis.oom import diagnose, only_stranded_fits
from gpumemd.diagnosis.snapshot import figures_from_segments, request_block
from gpumemd.sources.pools import REFERENCE_WINDOW, PoolSource
from tests.helpers import ROOT

MIB = 1 << 20
FIXTURES = ROOT / "tests/fixtures/torch"


def recorded(name: str) -> dict[str, Any]:
    with open(FIXTURES / f"h100__torch-2.11.0__oom-{name}.pickle", "rb") as f:
        return pickle.load(f)


FRAG = recorded(
    "fragmentation"
)  # 6 MiB tensors, two of three freed, then 16 MiB asked (bench/record_oom_snapshot.py)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Api:
    """The TorchCudaApi calls a pool read makes, answering segment lists one read at a time."""

    def __init__(self, free: int | None) -> None:
        self.segments: list[dict[str, Any]] = []
        self.free = free

    def is_initialized(self) -> bool:
        return True

    def allocator_backend(self) -> str:
        return "native"

    def device_uuid(self, device: int) -> str:
        return "GPU-0"

    def pool_segments(self) -> list[dict[str, Any]]:
        return self.segments

    def mem_get_info(self, device: int) -> tuple[int, int]:
        if self.free is None:
            raise RuntimeError("no context")
        return self.free, 80 << 30


def with_tensor(segments: list[dict[str, Any]], size: int, address: int = 1 << 40) -> list[dict[str, Any]]:
    """The segments plus one segment holding one live tensor of `size` bytes."""
    seg = copy.deepcopy(segments[0])
    seg.update(
        address=address,
        total_size=size,
        allocated_size=size,
        active_size=size,
        requested_size=size,
        blocks=[
            {
                "address": address,
                "size": size,
                "requested_size": size,
                "state": "active_allocated",
                "frames": [],
            }
        ],
    )
    return [*segments, seg]


def test_at_the_recorded_fragmentation_oom_the_stranded_bytes_are_the_diagnosis_cached_free() -> None:
    fig = accounting_from_snapshot(FRAG)
    seg = figures_from_segments(FRAG["segments"], 0)
    assert diagnose(fig).cause == "fragmentation"
    # the allocator released every segment holding no tensor: all it kept sits between tensors
    assert seg.releasable == 0
    assert seg.stranded(fig.requested) == fig.cached_free == 1117585408
    assert only_stranded_fits(
        fig.requested, seg.largest_free_block, seg.stranded(fig.requested), fig.device_free
    )


def test_the_capacity_oom_has_nothing_stranded() -> None:
    fig = accounting_from_snapshot(recorded("capacity"))
    seg = figures_from_segments(recorded("capacity")["segments"], 0)
    assert diagnose(fig).cause == "capacity" and seg.stranded(fig.requested) == 0
    assert not only_stranded_fits(fig.requested, seg.largest_free_block, 0, fig.device_free or 0)


def test_the_live_source_warns_of_the_recorded_oom_one_read_before_it() -> None:
    """Read 1: the 16 MiB tensor live (a step's largest); read 2: freed, and the layout the OOM
    met: the risk is 1, with the figures the diagnosis gave at the OOM."""
    fig = accounting_from_snapshot(FRAG)
    api = Api(free=fig.device_free)
    source = PoolSource(api, clock=Clock())
    api.segments = with_tensor(FRAG["segments"], fig.requested)
    (first,) = source.read({})
    assert first.fragmentation is not None and first.fragmentation.reference == 0  # nothing came and went yet
    api.segments = FRAG["segments"]
    (second,) = source.read({})
    frag = second.fragmentation
    assert frag is not None
    assert (
        frag.reference == request_block(fig.requested) and frag.largest_free_block == fig.largest_free_block
    )
    assert frag.stranded == fig.cached_free and frag.risk is True


def test_a_tensor_live_all_run_is_never_the_reference_and_the_reference_expires() -> None:
    clock = Clock()
    api = Api(free=0)
    source = PoolSource(api, clock=clock)
    base = with_tensor(
        FRAG["segments"], 4 << 30, address=1 << 41
    )  # weights: larger than anything, never freed
    api.segments = with_tensor(base, 16 * MIB)
    source.read({})
    api.segments = base
    assert source.read({})[0].fragmentation.reference == 16 * MIB
    clock.now += REFERENCE_WINDOW / 2
    assert source.read({})[0].fragmentation.reference == 16 * MIB  # still within the window
    clock.now += REFERENCE_WINDOW
    (r,) = source.read({})
    assert r.fragmentation.reference == 0 and r.fragmentation.risk is False


def test_device_free_unknown_leaves_the_figures_and_no_risk_series() -> None:
    api = Api(free=None)
    source = PoolSource(api, labels={"rank": "0"}, clock=Clock())
    api.segments = with_tensor(FRAG["segments"], 16 * MIB)
    source.read({})
    api.segments = FRAG["segments"]
    reading = source.read({})
    assert reading[0].fragmentation.risk is None
    names = {s.name for f in source.families(reading) for s in f.samples}
    assert "gpumemd_allocator_stranded_free_bytes" in names
    assert "gpumemd_allocator_fragmentation_risk" not in names


def test_plenty_of_device_memory_is_no_risk() -> None:
    api = Api(free=40 << 30)
    source = PoolSource(api, clock=Clock())
    api.segments = with_tensor(FRAG["segments"], 16 * MIB)
    source.read({})
    api.segments = FRAG["segments"]
    assert source.read({})[0].fragmentation.risk is False


def test_expandable_segments_free_blocks_are_releasable_not_stranded() -> None:
    segs = copy.deepcopy(FRAG["segments"])
    for seg in segs:
        seg["is_expandable"] = True
    seg_figs = figures_from_segments(segs, 0)
    assert seg_figs.held_free_blocks == () and seg_figs.stranded(16 * MIB) == 0
    assert seg_figs.releasable == sum(seg_figs.free_blocks)


def test_segments_holding_no_tensor_are_releasable() -> None:
    segs = copy.deepcopy(FRAG["segments"])
    for b in segs[0]["blocks"]:
        b["state"] = "inactive"
    figs = figures_from_segments(segs, 0)
    assert figs.releasable == segs[0]["total_size"]
    assert sum(figs.held_free_blocks) == sum(
        figures_from_segments(FRAG["segments"], 0).held_free_blocks
    ) - sum(b["size"] for b in FRAG["segments"][0]["blocks"] if b["state"] == "inactive")


_block = st.fixed_dictionaries(
    {
        "address": st.one_of(st.integers(-5, 1 << 50), st.none(), st.text(max_size=3)),
        "size": st.one_of(
            st.integers(-(1 << 40), 1 << 40), st.floats(allow_nan=True), st.none(), st.booleans()
        ),
        "requested_size": st.one_of(st.integers(-(1 << 40), 1 << 40), st.none(), st.floats(allow_nan=True)),
        "state": st.sampled_from(["active_allocated", "active_pending_free", "inactive", "?", None]),
    }
)
_segment = st.fixed_dictionaries(
    {
        "device": st.sampled_from([0, 0, 0, 1, None, "0"]),
        "total_size": st.one_of(st.integers(-(1 << 40), 1 << 42), st.none(), st.floats(allow_nan=True)),
        "segment_pool_id": st.one_of(
            st.tuples(st.integers(0, 3), st.integers(0, 3)), st.none(), st.text(max_size=2)
        ),
        "is_expandable": st.one_of(st.booleans(), st.none(), st.integers()),
        "blocks": st.one_of(st.lists(st.one_of(_block, st.none(), st.integers()), max_size=8), st.none()),
    }
)


@settings(max_examples=200, deadline=None)
@given(
    reads=st.lists(
        st.lists(st.one_of(_segment, st.none(), st.text(max_size=2)), max_size=6), min_size=1, max_size=4
    ),
    free=st.one_of(st.none(), st.integers(0, 1 << 40)),
)
def test_any_segment_lists_give_bounded_non_negative_figures(
    reads: list[list[Any]], free: int | None
) -> None:
    api = Api(free=free)
    source = PoolSource(api, clock=Clock())
    for segments in reads:
        figs = figures_from_segments(segments, 0)
        for v in (figs.largest_free_block, figs.releasable, figs.stranded(1 << 30), *figs.held_free_blocks):
            assert type(v) is int and v >= 0
        assert sum(figs.held_free_blocks) + figs.releasable <= max(figs.reserved, 0) + sum(figs.free_blocks)
        api.segments = segments
        try:
            readings = source.read({})
        except Exception as exc:  # the source refuses a malformed list as a whole, as before
            assert type(exc).__name__ in ("MalformedSnapshot", "SourceUnavailable"), exc
            continue
        for r in readings:
            frag = r.fragmentation
            assert frag is not None
            assert all(
                type(v) is int and v >= 0 for v in (frag.largest_free_block, frag.reference, frag.stranded)
            )
            assert frag.risk in (True, False, None)
