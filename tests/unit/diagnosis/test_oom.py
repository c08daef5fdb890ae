"""The OOM classifier and its fixes, as pure functions: one scene per cause (figures shaped
like the H100/H200 readings: an 80 GiB device), a golden per cause, and hypothesis over any
figures."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.diagnosis.oom import CAUSES, AllocatorConfig, OomFigures, OtherProcess, diagnose

GIB, MIB = 1 << 30, 1 << 20
TOTAL = 80 * GIB
GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "diagnosis"

SCENES = {
    # a 32 GiB fraction limit on an idle 80 GiB GPU refuses a 4 GiB tensor
    "limit": OomFigures(
        requested=4 * GIB,
        device_total=TOTAL,
        device_free=70 * GIB,
        limit=32 * GIB,
        allocated=30 * GIB,
        reserved=30 * GIB,
        largest_free_block=0,
        others=(),
    ),
    # 9 GiB free in the cache in 300 MiB pieces, 2 GiB asked, 1 GiB left on the device
    "fragmentation": OomFigures(
        requested=2 * GIB,
        device_total=TOTAL,
        device_free=1 * GIB,
        allocated=60 * GIB,
        reserved=69 * GIB,
        largest_free_block=310 * MIB,
        others=(),
    ),
    # allocated up 512 MiB at each of the last 6 step ends
    "leak": OomFigures(
        requested=1 * GIB,
        device_total=TOTAL,
        device_free=200 * MIB,
        allocated=77 * GIB,
        reserved=77 * GIB,
        largest_free_block=0,
        others=(),
        step_allocated=tuple(74 * GIB + i * 512 * MIB for i in range(6)),
    ),
    # 6 GiB in a CUDA graph's private pool
    "graph_pools": OomFigures(
        requested=4 * GIB,
        device_total=TOTAL,
        device_free=1 * GIB,
        allocated=73 * GIB,
        reserved=73 * GIB,
        largest_free_block=0,
        pool_reserved=6 * GIB,
        largest_pool=("0/2", 6 * GIB),
        others=(),
    ),
    # a CuPy process holds 20 GiB
    "other_processes": OomFigures(
        requested=4 * GIB,
        device_total=TOTAL,
        device_free=1 * GIB,
        allocated=55 * GIB,
        reserved=55 * GIB,
        largest_free_block=0,
        others=(OtherProcess(4242, 20 * GIB, name="python3"),),
    ),
    # NCCL grew from 1 GiB to 6 GiB outside PyTorch
    "non_pytorch": OomFigures(
        requested=4 * GIB,
        device_total=TOTAL,
        device_free=1 * GIB,
        allocated=70 * GIB,
        reserved=70 * GIB,
        largest_free_block=0,
        others=(),
        process_used=76 * GIB,
        non_pytorch=6 * GIB,
        non_pytorch_baseline=1 * GIB,
    ),
    # a step that needs 100 GiB on an 80 GiB device, after two steady steps
    "capacity": OomFigures(
        requested=20 * GIB,
        device_total=TOTAL,
        device_free=2 * GIB,
        allocated=60 * GIB,
        reserved=60 * GIB,
        largest_free_block=0,
        others=(),
        step_allocated=(20 * GIB, 20 * GIB),
    ),
}


@pytest.mark.parametrize("cause", CAUSES)
def test_each_cause_has_a_scene_that_it_wins(cause: str, update_golden: bool) -> None:
    d = diagnose(SCENES[cause])
    assert d.cause == cause, d
    doc = json.dumps(d.to_json(), indent=1, sort_keys=True, allow_nan=False) + "\n"
    path = GOLDEN / f"{cause}.json"
    if update_golden:
        path.write_text(doc)
    assert doc == path.read_text(), f"regenerate with --update-golden and review {path}"


def test_the_limit_fix_names_a_fraction_that_fits() -> None:
    d = diagnose(SCENES["limit"])
    assert d.numbers["fraction"] == 0.43  # (30 + 4) / 80, rounded up
    assert "set_per_process_memory_fraction(0.43)" in d.fix
    assert d.numbers["fraction"] * TOTAL >= 34 * GIB


def test_fragmentation_never_recommends_a_setting_measured_not_to_help() -> None:
    """On the H100 (tests/gpu/test_oom_diagnosis_gpu.py) expandable segments, max_split_size_mb
    and empty_cache left the same OOM in place: the fix is the allocation order."""
    base = SCENES["fragmentation"]
    for cfg in (
        AllocatorConfig(),
        AllocatorConfig(expandable_segments=True),
        AllocatorConfig(uses_cuda_ipc=True),
        AllocatorConfig(backend="cudaMallocAsync"),
    ):
        d = diagnose(OomFigures(**{**base.__dict__, "config": cfg}))
        assert d.cause == "fragmentation"
        assert "PYTORCH_CUDA_ALLOC_CONF" not in d.fix and "allocate the 2.0 GiB tensor before" in d.fix


def test_capacity_estimates_the_batch_that_fits() -> None:
    d = diagnose(SCENES["capacity"])
    # persistent 20 GiB, this step's need 60 + 20 - 20 = 60 GiB, room 80 - 20 = 60 GiB: 90 % (10 % kept back)
    assert d.numbers["batch_fraction"] == 0.9
    assert d.numbers["shortfall_bytes"] == 20 * GIB - 2 * GIB


def test_other_processes_are_named_biggest_first() -> None:
    fig = OomFigures(
        **{
            **SCENES["other_processes"].__dict__,
            "others": (OtherProcess(7, 1 * GIB), OtherProcess(8, 19 * GIB, rank="3")),
        }
    )
    d = diagnose(fig)
    assert d.fix.index("pid 8 rank 3") < d.fix.index("pid 7")


def test_a_steady_step_history_is_not_a_leak() -> None:
    steady = OomFigures(**{**SCENES["leak"].__dict__, "step_allocated": (74 * GIB,) * 6})
    assert diagnose(steady).cause != "leak"


def test_an_offline_snapshot_without_the_device_says_so_rather_than_guessing() -> None:
    d = diagnose(OomFigures(requested=2 * GIB, allocated=10 * GIB, reserved=10 * GIB, largest_free_block=0))
    assert d.cause == "capacity" and "unknown" in d.summary and "shortfall_bytes" not in d.numbers
    assert "device_free" in d.missing


sizes = st.one_of(st.none(), st.integers(-(1 << 40), 1 << 40))
configs = st.builds(
    AllocatorConfig,
    backend=st.sampled_from(["native", "cudaMallocAsync"]),
    expandable_segments=st.booleans(),
    uses_cuda_ipc=st.booleans(),
)


@settings(max_examples=500, deadline=None)
@given(
    st.builds(
        OomFigures,
        requested=st.integers(-(1 << 40), 1 << 40),
        device_total=sizes,
        device_free=sizes,
        limit=sizes,
        allocated=sizes,
        reserved=sizes,
        largest_free_block=sizes,
        pool_reserved=sizes,
        process_used=sizes,
        non_pytorch=sizes,
        non_pytorch_baseline=sizes,
        others=st.one_of(
            st.none(),
            st.lists(
                st.builds(
                    OtherProcess, pid=st.integers(-5, 1 << 22), used_bytes=st.integers(-(1 << 40), 1 << 40)
                ),
                max_size=3,
            ).map(tuple),
        ),
        config=configs,
        step_allocated=st.lists(st.integers(-(1 << 40), 1 << 40), max_size=8).map(tuple),
    )
)
def test_any_figures_give_exactly_one_cause_and_an_honest_fix(fig: OomFigures) -> None:
    d = diagnose(fig)
    assert d.cause in CAUSES
    assert d.summary and d.fix and "\n" not in d.summary + d.fix
    for value in d.numbers.values():
        assert math.isfinite(value) and value >= 0
    json.dumps(d.to_json(), allow_nan=False)  # strict JSON
    assert "expandable_segments:True" not in d.fix  # measured not to fix an OOM's fragmentation
    for n in (d.figures.allocated, d.figures.reserved, d.figures.device_free) if d.figures else ():
        assert n is None or n >= 0


def test_capacity_names_the_biggest_category_of_the_step_peak_and_its_lever() -> None:
    cats = (("parameters", 4 * GIB), ("gradients", 4 * GIB), ("optimizer_state", 8 * GIB),
            ("activations", 44 * GIB), ("other", 0))
    d = diagnose(OomFigures(**{**SCENES["capacity"].__dict__, "categories": cats}))
    assert d.cause == "capacity"
    assert (
        "activations are 73 % of the step peak (44.0 GiB): activation checkpointing or a smaller micro-batch"
        in d.fix
    )
    assert d.numbers["largest_category_share"] == round(44 / 60, 4)
    assert (
        d.to_json()["figures"]["categories"] == [list(c) for c in cats]
        or d.to_json()["figures"]["categories"] == cats
    )  # .diagnosis.json carries them
    heavy = (("parameters", 10 * GIB), ("optimizer_state", 40 * GIB), ("activations", 10 * GIB))
    d = diagnose(OomFigures(**{**SCENES["capacity"].__dict__, "categories": heavy}))
    assert "optimizer state are 67 %" in d.fix and "ZeRO" in d.fix
    # without categories (nothing watched), or with sizes that are no sizes: the fix as before
    plain = diagnose(SCENES["capacity"])
    assert "of the step peak" not in plain.fix and "largest_category_share" not in plain.numbers
    bad = diagnose(OomFigures(**{**SCENES["capacity"].__dict__, "categories": (("activations", -5),)}))
    assert bad.fix == plain.fix
