"""The verdict (gpumemd/preflight/verdict.py): the edge rule (fits only at the interval's top),
the calibration from measured non-PyTorch bytes, the per-rank figures under sharding."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gpumemd.preflight.verdict import (
    GPUS,
    Device,
    Overheads,
    ddp_bucket_slack,
    ddp_held,
    ddp_second_copy,
    figures,
    judge,
    per_rank,
)

MiB, GiB = 1 << 20, 1 << 30
# without the allocator's placement term: the edge rule's arithmetic alone (its own tests below)
OVER = Overheads(non_pytorch=500 * MiB, non_pytorch_spread=100 * MiB, workspaces=0, nccl=600 * MiB,
                 error=0.02, source="test", stranded=0)
EVENTS = [(1, 4 * GiB), (2, 2 * GiB), (2, 0)]  # a peak of 6 GiB, reserved 6 GiB (2 MiB-rounded segments)


def _fig(world: int = 1):  # type: ignore[no-untyped-def]
    return figures(EVENTS, {"parameters": 4 * GiB, "activations": 2 * GiB}, 6 * GiB, batch=1, seq=1,
                   overheads=OVER, world=world)


def test_the_replay_gives_the_figures() -> None:
    f = _fig()
    assert f.allocated_peak == f.reserved_peak == 6 * GiB
    assert f.error_bytes == int(0.02 * 6 * GiB)
    assert f.total == 6 * GiB + 500 * MiB


@pytest.mark.parametrize("total, fits, certain", [
    (8 * GiB, True, True),  # room to spare
    # the middle fits (6 GiB + 500 MiB < 6.6 GiB) but not the top (+100 MiB spread, +123 MiB error)
    (6 * GiB + 600 * MiB, False, False),
    (5 * GiB, False, True),  # not even at the interval's bottom
])
def test_fits_only_at_the_intervals_top(total: int, fits: bool, certain: bool) -> None:
    v = judge(EVENTS, _fig(), Device("t", total), OVER)
    assert (v.fits, v.certain) == (fits, certain)
    assert (v.headroom >= 0) == fits


def test_others_the_driver_and_a_fraction_limit_take_their_share() -> None:
    assert judge(EVENTS, _fig(), Device("t", 8 * GiB), OVER).fits
    assert not judge(EVENTS, _fig(), Device("t", 8 * GiB, others=2 * GiB), OVER).fits
    assert not judge(EVENTS, _fig(), Device("t", 8 * GiB, driver_reserved=2 * GiB), OVER).fits
    assert not judge(EVENTS, _fig(), Device("t", 80 * GiB, fraction_limit=6 * GiB), OVER).fits


@pytest.mark.parametrize("device, bound", [
    (Device("t", 80 * GiB, others=2 * GiB), "device total"),
    (Device("t", 80 * GiB, free=10 * GiB), "free memory"),  # a node's reading: less than total - others
    (Device("t", 80 * GiB, free=10 * GiB, mps_limit=9 * GiB), "MPS limit"),
    (Device("t", 80 * GiB, free=10 * GiB, mps_limit=9 * GiB, fraction_limit=7 * GiB), "memory fraction"),
    (Device("t", 80 * GiB, free=10 * GiB, mps_limit=12 * GiB, fraction_limit=11 * GiB), "free memory"),
])
def test_the_capacity_is_the_smallest_bound_and_says_which(device: Device, bound: str) -> None:
    """An MPS limit caps everything the process holds (NCCL and the non-PyTorch bytes too); a
    fraction, PyTorch's reserved bytes alone: 9 GiB under MPS leaves less than 7 GiB of fraction."""
    v = judge(EVENTS, _fig(), device, OVER)
    assert v.bound == bound and v.fits
    allowed = {"device total": 78 * GiB, "free memory": 10 * GiB, "MPS limit": 9 * GiB}
    outside = 0 if bound == "memory fraction" else OVER.non_pytorch + OVER.non_pytorch_spread
    assert v.capacity == allowed.get(bound, 7 * GiB) - outside - _fig().error_bytes


def test_an_mps_limit_below_the_needs_does_not_fit_on_a_free_gpu() -> None:
    fits = judge(EVENTS, _fig(), Device("t", 80 * GiB, free=80 * GiB, mps_limit=7 * GiB), OVER)
    over = judge(EVENTS, _fig(), Device("t", 80 * GiB, free=80 * GiB, mps_limit=6 * GiB), OVER)
    assert fits.fits and not over.fits and over.certain and over.bound == "MPS limit"


def test_nccl_counts_for_more_than_one_rank() -> None:
    assert _fig(world=1).nccl == 0 and _fig(world=4).nccl == 600 * MiB
    assert judge(EVENTS, _fig(1), Device("t", 7 * GiB + 200 * MiB), OVER).fits
    assert not judge(EVENTS, _fig(4), Device("t", 7 * GiB + 200 * MiB), OVER, world=4).fits


def test_above_one_rank_the_verdict_holds_ddps_buckets_beside_the_stream() -> None:
    # room for the stream and NCCL, not for the buckets (twice the 4 GiB of parameters)
    assert judge(EVENTS, _fig(1), Device("t", 7 * GiB + 800 * MiB), OVER, world=1).fits
    assert not judge(EVENTS, _fig(4), Device("t", 7 * GiB + 800 * MiB), OVER, world=4).fits
    assert judge(EVENTS, _fig(4), Device("t", 15 * GiB + 800 * MiB), OVER, world=4).fits


def test_under_a_fraction_limit_ddps_buckets_count_against_the_limit() -> None:
    # the limit caps PyTorch's reserved bytes, and the buckets are PyTorch's: a 7 GiB limit holds
    # one GPU's 6 GiB stream, not the stream beside two gradient copies of 4 GiB
    cap = Device("t", 80 * GiB, fraction_limit=7 * GiB)
    assert judge(EVENTS, _fig(1), cap, OVER, world=1).fits
    v = judge(EVENTS, _fig(4), cap, OVER, world=4)
    assert not v.fits and v.capacity == 7 * GiB - ddp_held(_fig(4)) - _fig(4).error_bytes
    assert judge(EVENTS, _fig(4), Device("t", 80 * GiB, fraction_limit=15 * GiB), OVER, world=4).fits


def test_a_ddp_rank_whose_first_buckets_were_let_go_is_the_intervals_bottom() -> None:
    """Two bucket copies at the top, one at the bottom: a device with room for the stream, NCCL and
    one copy (4 GiB) but not two is "does not fit", and not certain (a rank whose first buckets NCCL's
    watchdog let go before its peak fits there); under room for one copy, certain."""
    f = _fig(4)
    assert ddp_held(f) - ddp_second_copy(f) == 4 * GiB + ddp_bucket_slack(f) // 2
    one_copy = judge(EVENTS, f, Device("t", 11 * GiB + 800 * MiB), OVER, world=4)
    assert not one_copy.fits and not one_copy.certain
    none = judge(EVENTS, f, Device("t", 9 * GiB), OVER, world=4)
    assert not none.fits and none.certain
    capped = judge(EVENTS, f, Device("t", 80 * GiB, fraction_limit=11 * GiB), OVER, world=4)
    assert not capped.fits and not capped.certain


def test_measured_non_pytorch_bytes_replace_the_default() -> None:
    cal = OVER.calibrated([700 * MiB, 760 * MiB, 820 * MiB], "node")
    assert cal.non_pytorch == 760 * MiB and cal.non_pytorch_spread == 60 * MiB
    assert "3 process(es) at node" in cal.source
    assert OVER.calibrated([], "node") is OVER


def test_fsdp2_divides_the_persistent_bytes_ddp_adds_buckets() -> None:
    f = figures(EVENTS, {"parameters": 2 * GiB, "gradients": 1 * GiB, "optimizer_state": 1 * GiB},
                6 * GiB, batch=1, seq=1, overheads=OVER)
    ddp, fsdp = per_rank(f, 4, "ddp", OVER), per_rank(f, 4, "fsdp2", OVER)
    # the buckets and the rebuild's second copy: a gradient for every parameter, twice
    assert ddp["allocated"] == 6 * GiB + 2 * 2 * GiB
    # a rank whose first buckets were let go before its peak, and every rank's later steps: one copy
    assert ddp["allocated_low"] == 6 * GiB + 2 * GiB and fsdp["allocated_low"] == fsdp["allocated"]
    assert fsdp["allocated"] == 4 * GiB // 4 + 2 * GiB // 10 + 2 * GiB  # no blocks known: a tenth
    assert fsdp["total"] == fsdp["reserved"] + 500 * MiB + 600 * MiB


def test_fsdp2_holds_the_roots_parameters_whole_and_one_block_gathered() -> None:
    blocks = (256 * MiB, 384 * MiB, 384 * MiB)  # 1 GiB in blocks: the root holds the other 1 GiB
    f = figures(EVENTS, {"parameters": 2 * GiB, "gradients": 1 * GiB, "optimizer_state": 1 * GiB},
                6 * GiB, batch=1, seq=1, overheads=OVER, blocks=blocks)
    assert f.blocks == blocks
    assert per_rank(f, 4, "fsdp2", OVER)["allocated"] == 4 * GiB // 4 + 1 * GiB + 384 * MiB + 2 * GiB


def test_named_gpus() -> None:
    assert Device.named("h100-80gb").total == GPUS["H100-80GB"][0]
    with pytest.raises(KeyError, match="known: H100-80GB"):
        Device.named("Z9000")


def test_a_stream_that_fits_only_by_releasing_the_cache_says_so() -> None:
    events = [(1, 40 * MiB), (1, 0), (2, 60 * MiB), (2, 0)]  # unbounded: 100 MiB reserved
    f = figures(events, {}, 60 * MiB, batch=1, seq=1, overheads=OVER)
    assert f.reserved_peak == 100 * MiB and f.allocated_peak == 60 * MiB
    v = judge(events, f, Device("t", 600 * MiB + 64 * MiB + 2 * MiB), OVER)
    assert v.fits and v.releases_cache and "releases its cache" in v.notes[0]
    assert not judge(events, f, Device("t", 600 * MiB + 50 * MiB), OVER).fits


def test_the_allocator_model_is_the_oom_what_ifs() -> None:
    # small requests share 2 MiB segments; one 5 MiB request takes a 20 MiB segment, split for the next
    small = figures([(1, 1), (2, 513)], {}, 0, batch=1, seq=1, overheads=OVER)
    assert (small.allocated_peak, small.reserved_peak) == (512 + 1024, 2 * MiB)
    large = figures([(1, 5 * MiB), (2, 5 * MiB)], {}, 0, batch=1, seq=1, overheads=OVER)
    assert (large.allocated_peak, large.reserved_peak) == (10 * MiB, 20 * MiB)


def test_the_sharding_advice_above_one_rank_is_not_charged_ddps_buckets() -> None:
    from gpumemd.preflight.report import ShapeResult, advise

    cats = {"parameters": 2 * GiB, "optimizer_state": 2 * GiB, "activations": 2 * GiB}
    f = figures(EVENTS, cats, 6 * GiB, batch=1, seq=1, overheads=OVER, world=4, blocks=(GiB, GiB))
    device = Device("t", 10 * GiB)
    v = judge(EVENTS, f, device, OVER, world=4)
    assert not v.fits  # a DDP rank (the stream, two gradient copies, NCCL) does not fit
    # FSDP2 over 2 ranks: 2 GiB sharded + one 1 GiB block + 2 GiB of activations, beside NCCL
    assert any("FSDP2 over 2 ranks" in a for a in advise(ShapeResult(f, v, {}), device, OVER, 4, None))


def test_the_top_leaves_the_streams_largest_requests_to_the_real_allocators_placement() -> None:
    """A real allocator may split the free block the replay gave a largest request to, and take a
    segment of its own for that request: the interval's top leaves `stranded` of them."""
    events = [(1, 1 * GiB), (2, 256 * MiB), (2, 0), (3, 512 * MiB)]  # the largest request: 1 GiB
    cats = {"parameters": 1 * GiB, "activations": 512 * MiB}
    plain = figures(events, cats, 0, batch=1, seq=1, overheads=OVER)
    over = replace(OVER, stranded=2)
    f = figures(events, cats, 0, batch=1, seq=1, overheads=over)
    assert plain.stranded_bytes == 0 and f.stranded_bytes == 2 * GiB
    assert (f.allocated_peak, f.reserved_peak) == (plain.allocated_peak, plain.reserved_peak)
    edge = Device("t", f.reserved_peak + 600 * MiB + f.error_bytes + 4 * MiB)  # room for all but them
    assert judge(events, plain, edge, OVER).fits and not judge(events, f, edge, over).fits
    assert judge(events, f, replace(edge, total=edge.total + 2 * GiB), over).fits
    cap = Device("t", 80 * GiB, fraction_limit=f.reserved_peak + f.error_bytes + 2 * MiB)  # under a limit too
    assert judge(events, plain, cap, OVER).fits and not judge(events, f, cap, over).fits
    assert judge(events, f, replace(cap, fraction_limit=cap.fraction_limit + 2 * GiB), over).fits


def test_ddps_buckets_reserve_their_segments_rounding_beside_the_stream() -> None:
    """About 25 MiB a bucket (the first 1 MiB), each its own segment rounded to 2 MiB: 1 MiB a
    bucket on average, two copies."""
    f = figures(EVENTS, {"parameters": 100 * MiB, "activations": 2 * GiB}, 0, batch=1, seq=1, overheads=OVER)
    assert ddp_bucket_slack(f) == 2 * (100 // 25 + 1) * MiB
    assert ddp_held(f) == 2 * 100 * MiB + ddp_bucket_slack(f)
    ddp, fsdp = per_rank(f, 2, "ddp", OVER), per_rank(f, 2, "fsdp2", OVER)
    assert ddp["reserved"] == ddp["allocated"] + f.reserved_peak - f.allocated_peak + ddp_bucket_slack(f)
    # FSDP2 has no buckets: its collectives' pools (no blocks known: a tenth of the parameters), no rounding
    pools = 100 * MiB // 2 + 2 * (100 * MiB // 10)
    assert fsdp["reserved"] - fsdp["allocated"] == f.reserved_peak - f.allocated_peak + pools


def test_the_per_rank_top_is_its_total_and_the_intervals_margins() -> None:
    over = replace(OVER, stranded=2)
    f = figures(EVENTS, {"parameters": 4 * GiB, "activations": 2 * GiB}, 0, batch=1, seq=1, overheads=over,
                world=4)
    for strategy in ("ddp", "fsdp2"):
        r = per_rank(f, 4, strategy, over)
        assert r["top"] == r["total"] + 100 * MiB + f.error_bytes + 2 * 4 * GiB
        assert r["total"] == r["reserved"] + 500 * MiB + 600 * MiB


def test_the_top_reaches_the_one_graph_above_dynamos_cut() -> None:
    """A compiled step whose cut, followed, reads under the step traced as one graph
    (`above_bytes`, issue 38: GPT-2's cut under the real step on a GPU): the interval's top, on
    one GPU and a rank's, reaches that much higher; its bottom and its middle do not move."""
    plain = _fig()
    f = replace(plain, above_bytes=1 * GiB)
    edge = Device("t", f.reserved_peak + 600 * MiB + f.error_bytes + 4 * MiB)  # room for all but it
    assert judge(EVENTS, plain, edge, OVER).fits and not judge(EVENTS, f, edge, OVER).fits
    assert judge(EVENTS, f, replace(edge, total=edge.total + 1 * GiB), OVER).fits
    cap = Device("t", 80 * GiB, fraction_limit=f.reserved_peak + f.error_bytes + 2 * MiB)
    assert judge(EVENTS, plain, cap, OVER).fits and not judge(EVENTS, f, cap, OVER).fits
    low = Device("t", 5 * GiB)  # not even at the bottom, with it or without
    assert judge(EVENTS, f, low, OVER).certain and judge(EVENTS, plain, low, OVER).certain
    for strategy in ("ddp", "fsdp2"):
        with_it, without = per_rank(f, 2, strategy, OVER), per_rank(plain, 2, strategy, OVER)
        assert with_it["top"] == without["top"] + 1 * GiB and with_it["total"] == without["total"]
