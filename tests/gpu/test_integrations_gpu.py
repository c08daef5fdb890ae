"""The Lightning and Hugging Face callbacks in real training loops (lightning and
transformers are on the device image), each in its own process
(tests/gpu/integration_scenarios.py). Figures go to `<results_dir>/integrations-gpu.json`.
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.gpu.alloc_trace import check_rules, spans
from tests.helpers import ROOT

SCRIPT = Path(__file__).with_name("integration_scenarios.py")
FIGURES: dict[str, Any] = {"date": datetime.date.today().isoformat()}


def scenario(name: str, tmp: Path, results_dir: Path) -> dict[str, Any]:
    pytest.importorskip({"lightning": "lightning", "huggingface": "transformers"}[name])
    out = subprocess.run(
        [sys.executable, str(SCRIPT), name, str(tmp)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=55,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 0, out.stderr[-4000:]
    r = json.loads(out.stdout.strip().splitlines()[-1])
    FIGURES[name] = r
    (results_dir / "integrations-gpu.json").write_text(json.dumps(FIGURES, indent=1) + "\n")
    return r


def check_step_peaks(r: dict[str, Any], optimizer_steps: int) -> None:
    """Every optimizer step after the recorder started closed a step boundary, and each step
    peak obeys the rules against the allocator's own trace (tests/gpu/alloc_trace.py)."""
    trace = r["trace"]
    rows = trace["rows"]
    assert trace["trace_entries"] < trace["trace_max_entries"]  # the replay saw every entry
    for row in rows:  # the replay is the allocator's own accounting at every step's end
        assert (row["trace"]["allocated"], row["trace"]["reserved"]) == (row["allocated"], row["reserved"]), (
            row
        )
    assert len(rows) >= optimizer_steps // 2 and all(row["hook_ran"] for row in rows), rows
    measured = spans(rows, opened_before=True)
    assert len(measured) >= len(rows) // 2, measured
    for span in measured:  # a step whose boundary met the agent's thread mid-sample joins the next one's span
        check_rules(span)
    assert sum(span["agent"]["steps"] == 1 for span in measured) >= len(measured) // 2, (
        measured
    )  # the budget lifted


@pytest.mark.slow  # the fast tier's integration is Hugging Face's (the shared hooks: integrations/_hooks.py)
@pytest.mark.timeout_s(60)
def test_lightning_fit_with_the_callback(tmp_path: Path, results_dir: Path) -> None:
    r = scenario("lightning", tmp_path, results_dir)
    assert r["steps"] == list(range(1, 21))  # the global step advanced with every optimizer step
    assert r["global_step"] == [20]
    assert r["allocated"] == [r["torch_allocated"]]  # the series, as torch reads itself after fit
    assert {"gpumemd/allocated_bytes", "gpumemd/reserved_bytes"} <= set(r["columns"])
    assert r["logged_allocated"] and max(r["logged_allocated"]) > 0  # through Lightning's logger, mid-fit
    assert "integration" not in r["errors"]
    check_step_peaks(r, 20)


@pytest.mark.timeout_s(60)
def test_huggingface_train_with_the_callback(tmp_path: Path, results_dir: Path) -> None:
    r = scenario("huggingface", tmp_path, results_dir)
    assert r["steps"] == list(range(1, 21))  # 40 micro-batches, 20 optimizer steps
    assert r["global_step"] == [20]
    assert r["allocated"] == [r["torch_allocated"]] and r["torch_allocated"] > 0
    assert any("gpumemd/allocated_bytes" in keys for keys in r["logged"]), r["logged"]
    assert "integration" not in r["errors"]
    check_step_peaks(r, 20)  # gradient accumulation over 2 micro-batches: one step per optimizer step
