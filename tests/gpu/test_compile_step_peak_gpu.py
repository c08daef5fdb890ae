"""The peak per optimizer step of a `torch.compile`'d model, against the allocator's own trace
(tests/gpu/compile_step_peak_scenario.py, its own process: its docstring says how the truth
is taken). Figures go to `<results_dir>/compile-step-peak-gpu.json`.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.gpu.alloc_trace import check_rules, spans
from tests.helpers import ROOT

# Outside the fast tier (make gpu-fast): torch.compile takes most of a minute
pytestmark = pytest.mark.slow

MiB = 1 << 20
SCENARIO = Path(__file__).with_name("compile_step_peak_scenario.py")


@functools.cache
def scenario() -> dict[str, Any]:
    """One run for the module's tests (compiling is the slow part)."""
    out = subprocess.run(
        [sys.executable, str(SCENARIO)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=220,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 0, out.stderr[-4000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def record(results_dir: Path, r: dict[str, Any]) -> None:
    figures = {**r, "spans": spans(r["rows"])}
    (results_dir / "compile-step-peak-gpu.json").write_text(json.dumps(figures, indent=1) + "\n")


@pytest.mark.timeout_s(240)
def test_a_compiled_models_step_peak_matches_the_allocator_trace_and_the_users_peak_is_untouched(
    results_dir: Path,
) -> None:
    r = scenario()
    record(results_dir, r)
    assert r["hooked"]
    assert r["trace_entries"] < r["trace_max_entries"]  # the trace did not wrap: the replay saw every entry
    rows = r["rows"]
    for row in rows:  # the replay is the allocator's own accounting at every step's end
        assert (row["trace"]["allocated"], row["trace"]["reserved"]) == (row["allocated"], row["reserved"]), (
            row
        )
    eager_optimizer = [row for row in rows if row["phase"] != "compiled_optimizer"]
    assert all(row["hook_ran"] for row in eager_optimizer)
    assert all(row["boundary"] for row in eager_optimizer if row["phase"] == "every_step")
    measured = [s for s in spans(rows) if s["phase"] != "compiled_optimizer"]
    assert len(measured) >= 12, measured
    for span in measured:
        check_rules(span)
    for span in (s for s in measured if s["phase"] == "every_step"):
        assert span["agent"]["steps"] == 1, span
    temporary = [s for s in measured if s["temporary"]]
    assert len(temporary) == 1, temporary
    before = rows[[row["temporary"] for row in rows].index(True) - 1]["allocated"]
    assert temporary[0]["trace_allocated_peak"] >= before + 256 * MiB
    assert temporary[0]["agent"]["allocated_exact"], temporary  # the lifetime peak rose: exact by the rules
    # the agent reset nothing: the user's peak is the highest the process ever held
    highest = max([r["start"]["max_memory_allocated"], *(row["trace"]["allocated_peak"] for row in rows)])
    assert r["max_memory_allocated_at_end"] == highest


@pytest.mark.timeout_s(240)
def test_a_compiled_optimizer_step_is_counted_once_and_its_step_peak_matches_the_trace(
    results_dir: Path,
) -> None:
    r = scenario()
    record(results_dir, r)
    rows = [row for row in r["rows"] if row["phase"] == "compiled_optimizer"]
    assert [row["hook_ran"] for row in rows] == [True] * len(rows), rows  # one count per optimizer step
    assert r["optimizer_steps"] == r["steps_taken"]
    measured = [s for s in spans(r["rows"]) if s["phase"] == "compiled_optimizer"]
    assert len(measured) >= len(rows) - 1, measured
    for span in measured:
        check_rules(span)
