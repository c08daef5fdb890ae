"""The peak per optimizer step on a real GPU (tests/gpu/step_peak_scenario.py, its own process).

Figures go to `<results_dir>/step-peak-gpu.json`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

# Outside the fast tier (make gpu-fast): the step peak is checked in the fast tier's Hugging Face run
pytestmark = pytest.mark.slow

MiB = 1 << 20
SCENARIO = Path(__file__).with_name("step_peak_scenario.py")


@pytest.mark.timeout_s(60)
def test_each_steps_temporary_is_its_exact_step_peak_busy_sampler_or_not_and_the_users_peak_is_untouched(
    results_dir: Path,
) -> None:
    """The agent's default budget (no override) over 0.1 s steps: a boundary after each. Steps 6
    and 7 run while a thread holds the sampler (a sample in progress): their boundaries are
    read by the hook itself, and step 7's 512 MiB temporary is still its own exact peak."""
    out = subprocess.run(
        [sys.executable, str(SCENARIO)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=50,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 0, out.stderr[-4000:]
    r = json.loads(out.stdout.strip().splitlines()[-1])
    (results_dir / "step-peak-gpu.json").write_text(json.dumps(r, indent=1) + "\n")
    assert r["hooked"]
    rows = r["rows"]
    assert rows[0]["step_peak"] is None  # the first boundary opens the first measured step
    for step, size in r["temporaries"].items():
        row = rows[int(step)]
        peak = row["step_peak"]
        expected = r["allocated_before_temporary"][step] + size
        assert (peak["allocated_bytes"], peak["allocated_exact"], peak["steps"]) == (expected, True, 1), row
        assert peak["reserved_bytes"] == row["max_memory_reserved"] and peak["reserved_exact"], row
    for row in rows[1:]:
        assert row["step_peak"]["steps"] == 1, row  # one step per optimizer step over 4 micro-batches
        assert row["open_steps"] == 0, row  # every step closed at its own boundary, busy sampler or not
        assert row["step_peak"]["allocated_bytes"] <= row["max_memory_allocated"], row
    held = [row for row in rows if row["sampler_held"]]
    assert held and all(row["tick_refused_while_held"] for row in held)  # the sampler really was busy
    assert r["optimizer_steps"] == len(rows)
    # the agent never resets the user's peak statistics: the last, largest temporary is still the peak
    last = rows[-1]
    assert r["max_memory_allocated_at_end"] == last["max_memory_allocated"]
    assert last["max_memory_allocated"] == last["step_peak"]["allocated_bytes"]
