"""DDP's second gradient copy, reproduced on gloo ranks (bench/ddp_second_copy.py) and checked
against the per-rank model's two answers (`per_rank`'s `allocated` and `allocated_low`): the
first step's buckets outlive DDP's rebuild exactly while its finished all-reduces are held (under
NCCL, until the watchdog's sweep; here a FAKE list of them, see the script), and then the second
step peaks one gradient's worth higher, and ends it one gradient's worth higher, on that rank only."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from gpumemd.preflight.verdict import DEFAULT_OVERHEADS, Figures, per_rank
from tests.helpers import ROOT

pytest.importorskip("torch")
sys.path.insert(0, str(ROOT / "bench"))

from ddp_second_copy import run  # noqa: E402

SCALARS = 64


@pytest.fixture(scope="module")
def runs() -> dict[str, Any]:
    return run(world=2)


def test_held_first_buckets_add_one_gradient_copy_to_the_second_steps_peak_only(runs: dict[str, Any]) -> None:
    for released, held in zip(runs["released"], runs["held"], strict=True):
        copy = held["params"]
        assert copy == held["buckets"] > 0  # the buckets: every parameter's elements once
        # each step's rise above what it began with; a few 16-byte scalars (a loss, a step count) fall
        # on either side of a step's edge by timing: within SCALARS of the copy, which is a megabyte
        rise = [[s["peak"] - s["before"] for s in x["steps"]] for x in (released, held)]
        extra = [h - r for r, h in zip(*rise, strict=True)]
        assert [abs(e - c) <= SCALARS for e, c in zip(extra, (0, copy, 0), strict=True)] == [True] * 3, extra
        # the second step ends with the first copy still allocated where it was held, not where let go
        assert abs(held["steps"][1]["after"] - held["steps"][1]["before"] - copy) <= SCALARS
        assert abs(released["steps"][1]["after"] - released["steps"][1]["before"]) <= SCALARS


def test_the_per_rank_models_two_answers_are_the_two_runs(runs: dict[str, Any]) -> None:
    params = runs["held"][0]["params"]
    fig = Figures(1, 1, {"parameters": params}, 0, 10 * params, 10 * params, 0, 0, 0, 0, "", 0.0)
    ddp = per_rank(fig, runs["world"], "ddp", DEFAULT_OVERHEADS)
    for r, h in zip(runs["released"], runs["held"], strict=True):
        second = h["steps"][1], r["steps"][1]
        gap = second[0]["peak"] - second[0]["before"] - (second[1]["peak"] - second[1]["before"])
        assert ddp["allocated"] - ddp["allocated_low"] == params and abs(gap - params) <= SCALARS
