"""The reserved side of preflight's interval against recorded GPU runs (issue 38), replayed from
tests/fixtures/preflight/reserved-recorded-2026-11-28.json (written by
`bench/preflight_reserved_check.py --fixture`, which reads bench/results).

Plainly: this fixture is the data the new terms were set and checked on. `Overheads.stranded`
was set from the one-GPU rows of part "fit" (4 x H200); the per-rank rows of part "checked"
(session 11, worlds 4 and 3, with the one "fits" that ran out) are where the gap was found and
the terms checked, and DDP's bucket rounding was read from them. Held out: the H100 one-GPU
rows, session 11's world-2 jobs (seen, no choice made from them) and session 10's four ranks
(tests/fixtures/preflight/ranks-h200x4-2026-11-28.json)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from gpumemd.preflight.verdict import DEFAULT_OVERHEADS, ddp_bucket_slack, per_rank

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))
import preflight_reserved_check as check  # noqa: E402  (the offline recompute the bench's table comes from)

FIXTURE = ROOT / "tests" / "fixtures" / "preflight" / "reserved-recorded-2026-11-28.json"
MISS = ("bert:sgd:16x256", 3, "ddp")


def _fixture() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text())


def _one_gpu(part: str) -> list[dict[str, Any]]:
    return [r for r in _fixture()["one_gpu"] if r["part"] == part]


def test_stranded_is_the_fit_rows_largest_share_rounded_up_to_a_whole_request() -> None:
    shares = [check.share(r) for r in _one_gpu("fit")]
    assert len(shares) == 24 and max(shares) > 1  # one logits-sized segment and a little more
    assert DEFAULT_OVERHEADS.stranded == check.rounded_up(max(shares))


@pytest.mark.parametrize("part", ["fit", "held_out"])
def test_every_one_gpu_rows_segments_are_within_the_top(part: str) -> None:
    rows = _one_gpu(part)
    assert rows
    missed = [r["config"] for r in rows if not check.covered(r, DEFAULT_OVERHEADS.stranded)]
    assert missed == []
    # without the term, rows of both parts were over: the term is what covers them
    assert any(not check.covered(r, 0) for r in rows)


def test_each_fit_row_is_covered_by_the_rule_applied_to_the_others() -> None:
    fit = _one_gpu("fit")
    for i, row in enumerate(fit):
        others = check.rounded_up(max(check.share(x) for j, x in enumerate(fit) if j != i))
        assert check.covered(row, others), row["config"]


@pytest.mark.parametrize("part", ["checked", "held_out"])
def test_every_ranks_nvml_bytes_are_within_the_per_rank_top(part: str) -> None:
    fx = _fixture()["ranks"]
    rows = [r for r in fx["rows"] if r["part"] == part]
    assert rows
    for r in rows:
        p = fx["predictions"][r["config"]]
        top = per_rank(check.figures_of(p, r["config"]), r["world"], r["strategy"], DEFAULT_OVERHEADS)["top"]
        assert r["real"]["used_after"] <= top, (r["config"], r["world"], r["strategy"], r["rank"])


def test_session_10s_four_ranks_held_out_are_within_the_top() -> None:
    rows = check.analyse(_fixture())["s10"]
    assert len(rows) == 16 and all(r["nvml"] <= r["top"] for r in rows)


def test_the_top_then_was_under_nvml_on_the_checked_ranks() -> None:
    """The rows the gap was found on: the interval's top then (no stranded requests, no bucket
    rounding) read under NVML's bytes on twelve rank rows, the miss's three among them."""
    a = check.analyse(_fixture())
    under = {(r["config"], r["world"], r["strategy"]) for r in a["ranks"] if r["nvml"] > r["old_top"]}
    assert MISS in under and len([r for r in a["ranks"] if r["nvml"] > r["old_top"]]) == 12


def _check(a: dict[str, Any], config: str, world: int, strategy: str) -> dict[str, Any]:
    key = (config, world, strategy)
    return next(c for c in a["checks"] if (c["config"], c["world"], c["strategy"]) == key)


def test_the_fits_that_ran_out_does_not_fit_at_its_cap_now_and_its_new_edge_was_never_reached() -> None:
    a = check.analyse(_fixture())
    c = _check(a, *MISS)
    assert c["outcome"] == ["OOM"]
    # at the cap it ran out under, the verdict now says "does not fit": its edge moved above it
    assert c["edge"] > c["cap"]
    # and at the new edge it runs: no rank's uncapped run reserved that much
    assert c["edge"] >= c["uncapped_reserved"] and c["now"] == "runs"


def test_the_others_still_fit_where_they_ran() -> None:
    """Every edge verdict that ran still runs (its cap only grew), and every DDP configuration
    still fits the whole H200 each of its ranks ran on."""
    fx = _fixture()
    a = check.analyse(fx)
    ran = [c for c in a["checks"] if c["outcome"] == ["ran"]]
    assert len(ran) == 20 and all(c["edge"] >= c["cap"] and c["now"] == "runs" for c in ran)
    ddp = [c for c in a["checks"] if c["strategy"] == "ddp"]
    assert len(ddp) == 11 and all(c["whole_gpu_fits"] for c in ddp)
    for r in fx["ranks"]["rows"]:
        p = fx["ranks"]["predictions"][r["config"]]
        top = per_rank(check.figures_of(p, r["config"]), r["world"], r["strategy"], DEFAULT_OVERHEADS)["top"]
        assert top < p["device_total"]


def test_the_headroom_it_costs_is_the_terms_and_no_more() -> None:
    """Each edge cap grew by the stranded requests (and DDP's bucket rounding), to the search's
    2 MiB step: nothing else moved."""
    fx = _fixture()["ranks"]
    a = check.analyse(_fixture())
    for c in a["checks"]:
        p = fx["predictions"][c["config"]]
        f = check.figures_of(p, c["config"])
        grew = f.stranded_bytes + (ddp_bucket_slack(f) if c["strategy"] == "ddp" else 0)
        assert 0 <= c["edge"] - c["cap"] - grew < check.STEP, c
