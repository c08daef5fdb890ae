"""The calibration by model and shape: the fingerprint (one function for the agent and preflight),
the calibration series read back from a scrape (checked, bounded) and the choice of the nearest
shape's medians, with where each figure came from."""

from __future__ import annotations

import math

import torch
from hypothesis import given
from hypothesis import strategies as st

from gpumemd import known_metrics
from gpumemd.diagnosis.calibration import (
    FAMILIES,
    MAX_MEASUREMENTS,
    MAX_WORLD,
    NON_PYTORCH,
    OVERHEAD,
    STEP_PEAK,
    WORLD_LABEL,
    Measurement,
    choose,
    fingerprint,
    is_model,
    measurements,
)

MiB = 1 << 20
M = "0123456789ab"


def test_the_families_are_declared_published_with_a_model_label() -> None:
    for name in FAMILIES:
        info = known_metrics.family(name)
        assert info is not None and info.origin == known_metrics.AGENT and "model" in info.labels
        assert info.collector == "calibration"


def test_the_fingerprint_is_of_shapes_and_dtypes_in_any_order() -> None:
    a = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Linear(8, 2))
    params = list(a.parameters())
    f = fingerprint(params)
    assert f is not None and is_model(f)
    assert fingerprint(reversed(params)) == f  # an optimizer's groups list them in another order
    assert fingerprint([torch.empty(s, device="meta") for s in ((8, 4), (8,), (2, 8), (2,))]) == f
    assert fingerprint(p.half() for p in params) != f  # the dtype counts
    assert fingerprint(torch.nn.Linear(4, 9).parameters()) != fingerprint(torch.nn.Linear(4, 8).parameters())
    assert fingerprint([]) is None and fingerprint(params, limit=3) is None


@given(st.text(max_size=20))
def test_a_model_label_is_twelve_hex_digits_and_nothing_else(value: str) -> None:
    assert is_model(value) == (len(value) == 12 and all(c in "0123456789abcdef" for c in value))


def _series(*rows: tuple[str, dict[str, str], float]) -> dict[str, list[tuple[dict[str, str], float]]]:
    out: dict[str, list[tuple[dict[str, str], float]]] = {}
    for name, labels, value in rows:
        out.setdefault(name, []).append((labels, value))
    return out


def test_series_join_by_their_labels_and_bad_ones_are_counted_not_read() -> None:
    r0 = {"gpu": "0", "rank": "0", "model": M}
    r1 = {"gpu": "0", "rank": "1", "model": M}
    got, skipped = measurements(_series(
        (STEP_PEAK, r0, 4e9), (OVERHEAD, r0, 2e8), (NON_PYTORCH, r0, 7e8),
        (NON_PYTORCH, r1, 8e8),
        (STEP_PEAK, {"model": "<script>"}, 1.0),  # user text: never a fingerprint
        (OVERHEAD, r1, math.nan), (OVERHEAD, r1, -1.0), (OVERHEAD, r1, 1e300),
    ), "node-7")
    assert skipped == 4
    assert sorted(got, key=lambda m: m.non_pytorch or 0) == [
        Measurement(M, 4_000_000_000, 200_000_000, 700_000_000, "node-7"),
        Measurement(M, None, None, 800_000_000, "node-7"),
    ]


def test_past_the_bound_series_are_counted_not_read() -> None:
    rows = [(STEP_PEAK, {"rank": str(i), "model": M}, 1.0) for i in range(MAX_MEASUREMENTS + 10)]
    got, skipped = measurements(_series(*rows), "n")
    assert len(got) == MAX_MEASUREMENTS and skipped == 10


def _m(peak: int | None, overhead: int | None, non_pytorch: int | None, model: str = M,
       where: str = "node-7") -> Measurement:
    return Measurement(model, peak, overhead, non_pytorch, where)


def test_this_shape_the_medians_of_the_nearest_processes() -> None:
    found = [_m(1000 * MiB, 40 * MiB, 700 * MiB), _m(1010 * MiB, 60 * MiB, 760 * MiB),
             _m(1005 * MiB, 50 * MiB, 900 * MiB), _m(4000 * MiB, 400 * MiB, 710 * MiB),
             _m(1000 * MiB, 999 * MiB, 1, model="ffffffffffff")]  # another model: never read
    c = choose(found, M, 1020 * MiB)
    assert c.non_pytorch == (735 * MiB, 165 * MiB)  # every process of the model, any shape
    assert "4 processes of this model on node-7" in c.non_pytorch_from
    assert c.overhead == 50 * MiB
    assert c.overhead_from.startswith("measured: 3 processes of this model at this shape")


def test_another_shape_scaled_by_the_step_peaks_and_nothing_for_an_unmeasured_model() -> None:
    found = [_m(1000 * MiB, 40 * MiB, None), _m(4000 * MiB, 400 * MiB, None)]
    c = choose(found, M, 2000 * MiB)
    assert c.overhead == 80 * MiB and "another shape" in c.overhead_from  # nearest: 1000 MiB, ×2
    assert c.non_pytorch is None and c.non_pytorch_from == ""
    none = choose(found, "aaaaaaaaaaaa", 2000 * MiB)
    assert (none.non_pytorch, none.overhead) == (None, None)
    assert choose(found, None, 2000 * MiB).overhead is None  # a job whose model is unknown


def test_the_world_size_label_is_read_and_a_bad_one_is_no_world() -> None:
    rows = [(NON_PYTORCH, {"rank": str(i), "model": M, WORLD_LABEL: w}, 1.0)
            for i, w in enumerate(["4", "0", "x", "99999999", str(MAX_WORLD)])]
    got, skipped = measurements(_series(*rows), "n")
    assert skipped == 0 and sorted(m.world or 0 for m in got) == [0, 0, 0, 4, MAX_WORLD]


def test_ranks_of_the_jobs_world_size_hold_nccls_bytes_and_others_never_stand_for_it() -> None:
    def m(non_pytorch: int, world: int | None) -> Measurement:
        return Measurement(M, 1000 * MiB, 40 * MiB, non_pytorch * MiB, "node-7", world)

    found = [m(700, None), m(710, 1), m(1540, 4), m(1560, 4), m(1530, 2)]
    four = choose(found, M, 1000 * MiB, world=4)
    assert four.nccl_included and four.non_pytorch == (1550 * MiB, 10 * MiB)
    assert "at world size 4" in four.non_pytorch_from and "2 processes" in four.nccl_from
    eight = choose(found, M, 1000 * MiB, world=8)  # no rank of 8: the single processes, NCCL's default
    assert not eight.nccl_included and eight.non_pytorch == (705 * MiB, 5 * MiB) and eight.nccl_from == ""
    one = choose(found, M, 1000 * MiB)  # a single process: never a rank's bytes (NCCL's in them)
    assert one.non_pytorch == (705 * MiB, 5 * MiB) and not one.nccl_included
    ranks_only = choose([m(1540, 4)], M, 1000 * MiB, world=2)
    assert ranks_only.non_pytorch is None and ranks_only.overhead == 40 * MiB  # the overhead: any world
