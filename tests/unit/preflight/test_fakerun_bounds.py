"""Ops whose output's size depends on values (gpumemd/preflight/bounds.py, through fakerun): real CPU
torch scripts using each, run on fake tensors at the bound their input gives — the same memory
as the step with every element kept, through ops of a fixed size — and again with the outputs
empty (the interval's bottom); an op with no bound is still not run."""

from __future__ import annotations

import pytest

from gpumemd.preflight import fakerun
from gpumemd.preflight.fakerun import NotRunnable
from tests.helpers import ROOT

PATH = ROOT / "tests" / "fixtures" / "preflight" / "scripts" / "sized_by_values.py"
SCRIPT, LINES = str(PATH), PATH.read_text().splitlines()


def _line(text: str) -> int:
    return next(i for i, line in enumerate(LINES, 1) if text in line)


def _allocated(events: list[tuple[int, int]]) -> int:
    return sum(n for _, n in events if n)


@pytest.mark.parametrize("op, at, aten", [
    ("nonzero", "keep.nonzero()", "nonzero"),
    ("argwhere", "torch.argwhere(keep)", "nonzero"),
    ("mask", "logits[keep], y[keep]", "index"),
    ("masked_select", "torch.masked_select(", "masked_select"),
    ("unique", "torch.unique(y, return_counts=True)", "_unique2"),
    ("unique_dim", "torch.unique(logits.detach(), dim=0)", "unique_dim"),
    ("unique_consecutive", "torch.unique_consecutive(y)", "unique_consecutive"),
])
def test_each_op_is_taken_at_its_bound_and_named(op: str, at: str, aten: str) -> None:
    bounded = fakerun.run_script(SCRIPT, [op])
    every = fakerun.run_script(SCRIPT, [op, "all"])  # every token kept, through ops of a fixed size
    assert not every.bounded
    assert bounded.peak == every.peak  # the bound is the step that keeps everything ...
    assert _allocated(bounded.events) >= _allocated(every.events)  # ... never less (nonzero's rows too)
    [(site, n)] = bounded.bounded.items()
    assert site.endswith(f"sized_by_values.py:{_line(at)} ({aten})") and n >= 2  # each of the two steps
    assert bounded.low_events is not None and _allocated(bounded.low_events) < _allocated(bounded.events)


def test_an_op_with_no_bound_from_its_input_is_not_run() -> None:
    with pytest.raises(NotRunnable, match=r"DynamicOutputShapeException: aten\.bincount.*no bound"):
        fakerun.run_script(SCRIPT, ["bincount"])
