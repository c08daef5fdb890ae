"""The OOM diagnosis as counterfactuals of one accounting (gpumemd/diagnosis/oom.py): one
realistic scene per cause with its golden, the five misdiagnoses of issue 35, the recorded
H100 snapshots' counterfactuals (goldens), and hypothesis over any accounting: exactly one
cause, never NaN or negative, the remedy fits in its own counterfactual, and a setting named
as not helping never fits in its own."""

from __future__ import annotations

import dataclasses
import json
import math
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.diagnosis.accounting import (
    AllocatorConfig,
    OomAccounting,
    OtherProcess,
    accounting_from_snapshot,
    build_accounting,
)
from gpumemd.diagnosis.oom import (
    CAUSES,
    EXPANDABLE,
    FORMAT,
    REMEDIES,
    diagnose,
    expandable_fits,
    remedy_fits,
)
from gpumemd.diagnosis.snapshot import load_snapshot
from tests.unit.diagnosis.oomscenes import (
    CONTEXT,
    GIB,
    MIB,
    TOTAL,
    fragmented,
    graph_pool,
    leak_ends,
    live,
    scene,
    scenes,
    seg,
)

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "tests" / "golden" / "diagnosis"
FIXTURES = ROOT / "tests" / "fixtures" / "torch"
SCENES = scenes()


def golden(name: str, doc: Any, update: bool) -> None:
    text = json.dumps(doc, indent=1, sort_keys=True, allow_nan=False) + "\n"
    path = GOLDEN / f"{name}.json"
    if update:
        path.write_text(text)
    assert text == path.read_text(), f"regenerate with --update-golden and review {path}"


@pytest.mark.parametrize("name", sorted(SCENES))
def test_each_scene_gets_its_cause_and_a_remedy_that_fits(name: str, update_golden: bool) -> None:
    acc = SCENES[name]
    d = diagnose(acc)
    assert d.cause == name.split("-")[0], d
    assert d.remedy["kind"] in REMEDIES and remedy_fits(acc, d.remedy)
    assert d.fits[d.cause] is True and sum(1 for c in CAUSES if d.fits.get(c) and c == d.cause) == 1
    doc = d.to_json()
    assert doc["format"] == FORMAT == "gpumemd-oom-diagnosis/2"
    assert {"format", "cause", "summary", "fix", "missing", "numbers", "figures", "remedy",
            "does_not_help"} <= set(doc)
    golden(name, doc, update_golden)


# --- issue 35's five misdiagnoses ---


def test_a_graph_pool_temporary_is_graph_pools_on_the_agent_and_both_snapshot_paths() -> None:
    """A temporary freed inside a capture, 47 GiB free in the graph's private pool: the agent,
    explain --snapshot with the OOM event and explain --snapshot --requested agree."""
    from gpumemd.agent.oomdiag import OomDiagnoser
    from tests.unit.agent.test_oomdiag import FakeNvml, FakeTorchAtOom

    segments = graph_pool()
    requested, free = 30 * GIB, 11 * GIB
    allocated = sum(b["size"] for s in segments for b in s["blocks"] if b["state"] == "active_allocated")
    reserved = sum(s["total_size"] for s in segments)
    agent = OomDiagnoser(FakeTorchAtOom(allocated, reserved, segments),
                         FakeNvml([{"pid": 7, "used_bytes": reserved + 512 * MIB}]), pid=7, env={})
    event = {"action": "oom", "size": requested, "device_free": free, "stream": 0}
    with_event = accounting_from_snapshot({"segments": segments, "device_traces": [[event]]})
    without = accounting_from_snapshot({"segments": segments}, requested=requested)
    causes = [agent.diagnose(0, requested, TOTAL, free).cause, diagnose(with_event).cause,
              diagnose(without).cause]
    assert causes == ["graph_pools"] * 3
    assert "device_free" in without.missing and "device_free" not in with_event.missing


def test_another_allocator_before_the_first_sample_is_non_pytorch() -> None:
    """CuPy's 48 GiB in this process, the OOM before the agent's first sample: NVML is read at
    the OOM, the CUDA context taken at its bound, and the cause is non_pytorch, not capacity."""
    d = diagnose(SCENES["non_pytorch"])
    assert d.cause == "non_pytorch" and d.remedy["kind"] == "free_non_pytorch"
    assert d.accounting is not None and d.accounting.non_pytorch == 48 * GIB + 512 * MIB
    assert any(m.startswith("context_baseline") for m in d.missing)


def test_a_request_larger_than_the_device_after_a_slow_leak_is_capacity_said_outright() -> None:
    d = diagnose(SCENES["capacity-device"])
    assert d.cause == "capacity" and d.fits["leak"] is False
    assert "larger than the device" in d.summary and "16.0 MiB per optimizer step" in d.summary
    assert d.remedy == {"kind": "none"} and "batch_fraction" not in d.numbers and "%" not in d.fix


def test_fragmentation_names_expandable_segments_where_whole_pages_are_free() -> None:
    d = diagnose(SCENES["fragmentation"])
    assert d.cause == "fragmentation" and d.remedy == {"kind": "alloc_conf", "alloc_conf": EXPANDABLE}
    assert d.fix.startswith(f"PYTORCH_CUDA_ALLOC_CONF={EXPANDABLE}") and d.does_not_help == ()
    # the user's own settings are kept in the remedy
    acc = dataclasses.replace(SCENES["fragmentation"], config=AllocatorConfig(text="max_split_size_mb:128"))
    assert diagnose(acc).remedy["alloc_conf"] == f"max_split_size_mb:128,{EXPANDABLE}"
    earlier = AllocatorConfig(text="expandable_segments:False,max_split_size_mb:64")
    acc = dataclasses.replace(acc, config=earlier)
    assert diagnose(acc).remedy["alloc_conf"] == f"max_split_size_mb:64,{EXPANDABLE}"
    # where no whole page is free (the H100 recording's layout) it is not named, and not denied
    d = diagnose(SCENES["fragmentation-stranded"])
    assert d.cause == "fragmentation" and d.remedy == {"kind": "none"}
    assert f"PYTORCH_CUDA_ALLOC_CONF={EXPANDABLE}" not in d.fix and d.does_not_help == ()
    assert "no allocator setting joins" not in d.fix


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_an_alloc_conf_of_any_other_shape_never_reaches_the_fix(text: str) -> None:
    """PYTORCH_CUDA_ALLOC_CONF (the agent's environment, a snapshot's allocator_settings) goes
    into the remedy, the fix line and its label only in torch's own shape."""
    for acc in (
        build_accounting(requested=60 * MIB, device=0, segments=fragmented(), device_free=10 * MIB,
                         config=AllocatorConfig(text=text)),
        accounting_from_snapshot({
            "segments": fragmented(), "allocator_settings": {"PYTORCH_CUDA_ALLOC_CONF": text},
            "device_traces": [[{"action": "oom", "size": 60 * MIB, "device_free": 10 * MIB}]]}),
    ):
        d = diagnose(acc)
        assert acc.config.text in (text, "") and d.cause == "fragmentation"
        if acc.config.backend == "native":
            conf = d.remedy["alloc_conf"]
            assert conf.endswith(EXPANDABLE) and len(conf) <= 256 + len(EXPANDABLE) + 1
            assert set(conf) <= set(string.ascii_letters + string.digits + "_:.,[]"), conf
            assert conf in d.fix


@pytest.mark.parametrize("config", [AllocatorConfig(expandable_segments=True),
                                    AllocatorConfig(uses_cuda_ipc=True),
                                    AllocatorConfig(backend="cudaMallocAsync")])
def test_expandable_segments_is_never_proposed_where_it_is_on_or_cannot_be(config: AllocatorConfig) -> None:
    d = diagnose(dataclasses.replace(SCENES["fragmentation"], config=config))
    assert d.cause == "fragmentation" and d.remedy["kind"] == "none" and EXPANDABLE not in d.does_not_help


def test_the_growth_per_step_is_per_optimizer_step_from_exact_step_ends() -> None:
    """Boundaries every 10 optimizer steps, 16 MiB kept a step: 16 MiB per step, exactly."""
    d = diagnose(SCENES["leak"])
    assert d.cause == "leak" and d.numbers["bytes_per_step"] == 16 * MIB and d.numbers["steps"] == 90
    assert d.numbers["growth_bytes"] == 16 * MIB * 90 and "since step 10" in d.summary


def test_a_device_filled_by_small_tensors_is_fragmentation_not_what_others_could_give_up() -> None:
    """The corpus's fill (H100, issue 35 follow-up): 4 MiB holes between small tensors, 70 MiB of
    non-PyTorch memory beyond the context, a loop that grew 9 MiB a step: giving any of those
    up would be filled too; only the cache's own free bytes joined need nobody to give anything."""
    holes = [seg([(4 * MIB, "inactive"), (16 * MIB, "active_allocated")]) for _ in range(600)]
    # 8 step ends, a leak to the verdict: 63 MiB grown, under the 70 MiB of non-PyTorch memory
    grown = leak_ends(40 * GIB, 9 * MIB, every=1, count=8)
    acc = scene([live(60 * GIB)] + holes, 20 * MIB, 2 * MIB, non_pytorch=CONTEXT + 70 * MIB,
                step_ends=grown)
    d = diagnose(acc)
    assert d.fits["non_pytorch"] is True and d.fits["leak"] is True and d.fits["fragmentation"] is True
    assert d.cause == "fragmentation" and d.remedy == {"kind": "none"}  # no whole 20 MiB page is free
    assert EXPANDABLE not in d.does_not_help  # nothing proves it would not help from the start
    assert "allocate the 20.0 MiB tensor before" in d.fix
    without = diagnose(scene([live(60 * GIB)] + holes[:2], 20 * MIB, 2 * MIB,
                             non_pytorch=CONTEXT + 70 * MIB, step_ends=grown))
    assert without.fits["fragmentation"] is False and without.cause == "leak"  # 8 MiB joined: short


def test_fragmentation_counts_only_what_the_request_can_use() -> None:
    """Free blocks on another stream, or in the small pool for a large request, are no help
    to it (get_free_block looks in its own pool and stream)."""
    other_stream = [live(60 * GIB)] + [seg([(40 * MIB, "inactive"), (20 * MIB, "active_allocated")], stream=7)
                                       for _ in range(10)]
    acc = scene(other_stream, 60 * MIB, 10 * MIB, stream=0)
    assert acc.default_free == 400 * MIB and acc.joinable_free == 0
    assert diagnose(acc).fits["fragmentation"] is False
    assert dataclasses.replace(acc, stream=None).joinable_free == 400 * MIB  # unknown: every stream
    small = [live(60 * GIB)] + [seg([(MIB, "inactive"), (MIB, "active_allocated")]) for _ in range(100)]
    big, tiny = scene(small, 20 * MIB, 0), scene(small, 512 * 1024, 0)
    assert big.joinable_free == 0 and tiny.joinable_free == 100 * MIB
    assert diagnose(big).cause == "capacity" and diagnose(tiny).fits["fragmentation"] is True


def test_the_h100_corpus_rows_rebuilt_from_their_figures_get_their_scenarios_cause() -> None:
    """bench/oom_corpus_rescore.py over the committed corpus (issue 35's follow-up): every row
    whose diagnosis recorded its figures, diagnosed again; the rows without one are named."""
    import importlib.util

    path = ROOT / "bench" / "oom_corpus_rescore.py"
    spec = importlib.util.spec_from_file_location("oom_corpus_rescore", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    rows = [json.loads(line) for line in mod.DEFAULT.read_text().splitlines() if line.strip()]
    entries = mod.rescore(rows)
    rebuilt = [e for e in entries if e["after"]]
    assert len(rebuilt) == 60 and all(e["after"] == e["truth"] for e in rebuilt)
    assert sum(e["before"] != e["truth"] for e in rebuilt) == 6  # the fills: non_pytorch 4, leak 2
    assert all(".async." in e["scenario"] and "no diagnosis" in e["note"] for e in entries if not e["after"])


def test_under_cudamallocasync_the_fraction_counts_live_allocations_and_no_segment_is_guessed() -> None:
    """mallocAsync refuses where pytorch_used_bytes + request > the fraction's limit: the
    driver pool's cached bytes do not count, and without a snapshot fragmentation is unknown."""
    acc = build_accounting(requested=8 * GIB, device=0, segments=None, device_total=TOTAL,
                           device_free=40 * GIB, limit=32 * GIB, allocated=28 * GIB, reserved=30 * GIB,
                           process_used=30 * GIB + CONTEXT, context_baseline=CONTEXT, others=(),
                           config=AllocatorConfig(backend="cudaMallocAsync"))
    assert acc.limit_counted == 28 * GIB and "segments (allocator snapshot)" in acc.missing
    d = diagnose(acc)
    assert d.fits["fragmentation"] is None and d.fits["limit"] is True and d.cause == "limit"
    assert d.remedy == {"kind": "lift_limit", "fraction": 0.45} and remedy_fits(acc, d.remedy)  # (28+8)/80
    native = dataclasses.replace(acc, config=AllocatorConfig())
    assert native.limit_counted == 30 * GIB and diagnose(native).remedy["fraction"] == 0.48  # (30+8)/80


# --- the other rules ---


def test_the_smallest_change_wins_when_several_fit() -> None:
    """Graph pools and another process both cover it: this process's free pool bytes win."""
    acc = dataclasses.replace(SCENES["graph_pools"], others=(OtherProcess(9, 40 * GIB),))
    d = diagnose(acc)
    assert d.fits["other_processes"] is True and d.fits["graph_pools"] is True and d.cause == "graph_pools"


def test_the_limit_fix_names_a_fraction_that_fits() -> None:
    d = diagnose(SCENES["limit"])
    assert d.numbers["fraction"] == 0.43 and d.remedy == {"kind": "lift_limit", "fraction": 0.43}
    assert "set_per_process_memory_fraction(0.43)" in d.fix and 0.43 * TOTAL >= 34 * GIB
    over = diagnose(dataclasses.replace(SCENES["limit"], requested=40 * GIB))  # alone over the limit
    assert over.cause == "limit" and "larger than the limit" in over.summary


def test_capacity_names_the_biggest_category_of_the_step_peak_and_its_lever() -> None:
    cats = (("parameters", 4 * GIB), ("gradients", 4 * GIB), ("optimizer_state", 8 * GIB),
            ("activations", 44 * GIB), ("other", 0))
    d = diagnose(dataclasses.replace(SCENES["capacity"], categories=cats))
    assert d.cause == "capacity"
    assert "activations are 73 % of the step peak (44.0 GiB): activation checkpointing" in d.fix
    assert d.numbers["largest_category_share"] == round(44 / 60, 4)
    assert d.to_json()["figures"]["categories"] == [list(c) for c in cats]
    assert f"{EXPANDABLE} does not help" in d.fix and d.does_not_help == (EXPANDABLE,)


@pytest.mark.parametrize("name, lever", [("comm_buckets", "gradient_as_bucket_view=True"),
                                         ("unsharded_parameters", "reshard after backward")])
def test_capacity_names_the_lever_of_ddps_buckets_and_fsdps_kept_parameters(name: str, lever: str) -> None:
    cats = (("parameters", 4 * GIB), (name, 30 * GIB), ("activations", 26 * GIB), ("other", 0))
    d = diagnose(dataclasses.replace(SCENES["capacity"], categories=cats))
    assert f"{name.replace('_', ' ')} are 50 % of the step peak (30.0 GiB): " in d.fix and lever in d.fix


def test_offline_without_the_device_figures_nothing_is_guessed() -> None:
    acc = build_accounting(requested=2 * GIB, device=0, segments=[live(10 * GIB)])
    d = diagnose(acc)
    assert d.cause == "capacity" and "unknown" in d.summary and d.remedy == {"kind": "none"}
    assert d.does_not_help == () and {"device_free", "device_total", "others (NVML)"} <= set(d.missing)
    unknown = diagnose(build_accounting(requested=None, device=0, segments=[live(GIB)]))
    assert unknown.cause == "capacity" and "--requested" in unknown.fix and "requested" in unknown.missing


# --- the recorded H100 snapshots (bench/record_oom_snapshot.py): the counterfactuals, goldens ---


@pytest.mark.parametrize("name", ["capacity", "fragmentation"])
def test_the_recorded_snapshots_counterfactuals(name: str, update_golden: bool) -> None:
    acc = accounting_from_snapshot(load_snapshot(FIXTURES / f"h100__torch-2.11.0__oom-{name}.pickle"))
    d = diagnose(acc)
    assert d.cause == name and remedy_fits(acc, d.remedy)
    doc = {"cause": d.cause, "counterfactuals": d.fits, "remedy": d.remedy,
           "does_not_help": list(d.does_not_help), "figures": acc.to_json()}
    golden(f"recorded-{name}", doc, update_golden)


# --- any accounting ---

sizes = st.one_of(st.none(), st.integers(-(1 << 30), 1 << 41))
states = st.sampled_from(["inactive", "active_allocated", "active_pending_free"])
blocks = st.lists(st.tuples(st.integers(1, 64).map(lambda n: n * 2 * MIB), states), min_size=1, max_size=5)
segments = st.lists(
    st.builds(lambda b, pool, stream, exp: seg(b, pool=pool, stream=stream, expandable=exp),
              blocks, st.sampled_from([(0, 0), (1, 0), (2, 7)]), st.integers(0, 1), st.booleans()),
    max_size=12,
)
ends = st.lists(st.tuples(st.integers(0, 50), st.integers(0, 1 << 37)), max_size=8).map(
    lambda xs: tuple(sorted(xs)))
configs = st.builds(AllocatorConfig, backend=st.sampled_from(["native", "cudaMallocAsync"]),
                    expandable_segments=st.booleans(), uses_cuda_ipc=st.booleans(),
                    text=st.sampled_from(["", "max_split_size_mb:64"]))
accountings = st.builds(
    lambda segs, **kw: build_accounting(device=0, segments=segs, **kw),
    st.one_of(st.none(), segments),
    requested=st.one_of(st.none(), st.integers(1, 1 << 41)),
    device_total=sizes, device_free=sizes, limit=sizes,
    limit_by=st.sampled_from(["fraction", "mps"]),
    process_used=sizes, context_baseline=sizes,
    others=st.one_of(st.none(), st.lists(st.builds(OtherProcess, pid=st.integers(-5, 1 << 22),
                                                   used_bytes=st.integers(-(1 << 30), 1 << 37)),
                                         max_size=3)),
    config=configs, step_ends=ends,
)


@settings(max_examples=400, deadline=None)
@given(accountings)
def test_any_accounting_gets_one_cause_and_a_remedy_its_counterfactual_holds(acc: OomAccounting) -> None:
    d = diagnose(acc)
    assert d.cause in CAUSES and d.remedy["kind"] in REMEDIES
    assert d.summary and d.fix and "\n" not in d.summary + d.fix
    # the cause's counterfactual fits, and capacity only where none of the others does
    assert d.fits[d.cause] is True
    assert (d.cause == "capacity") == (not any(v for c, v in d.fits.items() if c != "capacity"))
    assert remedy_fits(acc, d.remedy)
    if EXPANDABLE in d.does_not_help:
        assert expandable_fits(acc) is not True and d.remedy.get("alloc_conf") is None
    for value in d.numbers.values():
        assert math.isfinite(value) and value >= 0
    json.dumps(d.to_json(), allow_nan=False)  # strict JSON
    figs = d.to_json()["figures"]
    for key in ("allocated", "reserved", "device_free", "cached_free", "non_pytorch", "pool_free",
                "default_free", "largest_free_block"):
        assert figs[key] is None or figs[key] >= 0, key


@settings(max_examples=200, deadline=None)
@given(segments, st.integers(1 << 30, 1 << 37), st.floats(1.0, 64.0), st.floats(0.0, 1.0),
       st.one_of(st.none(), st.floats(0.1, 1.0)), ends)
def test_a_request_alone_over_the_device_or_the_limit_never_gets_a_batch_figure(
    segs: list, total: int, over: float, free_share: float, fraction: float | None, step_ends: tuple
) -> None:
    """Issue 35.4: a 1 TiB request on an 80 GB device never gets "a batch of about 7 % fits":
    no share of a batch makes one tensor larger than the device (or the limit) fit."""
    limit = None if fraction is None else int(total * fraction)
    cap = total if limit is None else limit
    acc = build_accounting(requested=int(cap * over) + 1, device=0, segments=segs, device_total=total,
                           device_free=int(total * free_share), limit=limit, step_ends=step_ends)
    d = diagnose(acc)
    assert d.remedy["kind"] != "batch_fraction" and "batch_fraction" not in d.numbers
    if acc.requested is not None and acc.requested > total:
        assert d.cause == "capacity" and "larger than the device" in d.summary
    else:  # over the limit only: lifting it is the change, or it is said outright
        assert d.cause == "limit" or "larger than the limit" in d.summary


@settings(max_examples=200, deadline=None)
@given(segments, st.integers(1, 1 << 38), st.integers(0, 1 << 36), st.integers(0, 1))
def test_the_agents_builder_and_the_snapshots_give_the_same_cause(
    segs: list, requested: int, free: int, stream: int
) -> None:
    """Same inputs, same cause: the agent at an OOM (memory_stats, memory_snapshot, the
    allocating thread's current stream, no NVML) and explain --snapshot on the snapshot of that
    moment with its OOM event (which records the request's stream): the fragmentation
    counterfactual counts the same stream's blocks on both paths."""
    from gpumemd.agent.oomdiag import OomDiagnoser
    from tests.unit.agent.test_oomdiag import FakeTorchAtOom

    allocated = sum(b["size"] for s in segs for b in s["blocks"] if b["state"] == "active_allocated")
    reserved = sum(s["total_size"] for s in segs)
    agent = OomDiagnoser(FakeTorchAtOom(allocated, reserved, segs, stream=stream), None, pid=7, env={})
    live_d = agent.diagnose(0, requested, TOTAL, free)
    doc = {"segments": segs,
           "device_traces": [[{"action": "oom", "size": requested, "device_free": free, "stream": stream}]]}
    offline = diagnose(accounting_from_snapshot(doc))
    assert live_d.cause == offline.cause
    assert live_d.accounting is not None and offline.accounting is not None
    assert live_d.accounting.pools == offline.accounting.pools
    assert live_d.accounting.stream == offline.accounting.stream == stream
    assert live_d.accounting.joinable_free == offline.accounting.joinable_free


def test_the_agent_counts_only_the_requests_streams_free_blocks_as_the_snapshot_does() -> None:
    """A request on the default stream; the holes sit on a side stream, where get_free_block
    never looks for it: not `fragmentation` on the agent (its current stream, read at the OOM)
    nor on the snapshot (the event's stream): the two paths agree where they once did not."""
    from gpumemd.agent.oomdiag import OomDiagnoser
    from tests.unit.agent.test_oomdiag import FakeTorchAtOom

    side = [seg([(40 * MIB, "inactive"), (20 * MIB, "active_allocated")], stream=7) for _ in range(10)]
    segs = [live(60 * GIB), *side]
    allocated = sum(b["size"] for s in segs for b in s["blocks"] if b["state"] == "active_allocated")
    reserved = sum(s["total_size"] for s in segs)
    request, free = 60 * MIB, 10 * MIB
    doc = {"segments": segs, "device_traces": [[{"action": "oom", "size": request, "device_free": free,
                                                 "stream": 0}]]}
    offline = diagnose(accounting_from_snapshot(doc))
    on_default = OomDiagnoser(FakeTorchAtOom(allocated, reserved, segs, stream=0), None, pid=7,
                              env={}).diagnose(0, request, TOTAL, free)
    assert on_default.accounting is not None and on_default.accounting.joinable_free == 0
    assert on_default.cause == offline.cause != "fragmentation"
    on_side = OomDiagnoser(FakeTorchAtOom(allocated, reserved, segs, stream=7), None, pid=7,
                           env={}).diagnose(0, request, TOTAL, free)
    assert on_side.cause == "fragmentation"  # the side stream's own request could use them
