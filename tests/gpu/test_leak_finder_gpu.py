"""The leak finder on a real GPU: a GPT-2 (124M) training loop with one seeded leak per
kind, each run several times: the answer points at the seeded line (or, where the memory is
allocated inside the model, at the line that calls it); a steady run names no site; history
is off afterwards and the user's peak statistic is not reset."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gpu.conftest import HAS_GPU
from tests.helpers import ROOT

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not HAS_GPU, reason="needs a CUDA GPU and NVML")]

SCRIPT = Path(__file__).with_name("leak_scenario.py")
RUNS = int(os.environ.get("GPUMEMD_LEAK_RUNS", "2"))
RESULTS = os.environ.get("GPUMEMD_RESULTS")
LINES = {line.split("# LEAK:")[1].strip(): n for n, line in enumerate(SCRIPT.read_text().splitlines(), 1)
         if "# LEAK:" in line}
# Where the leaked memory is allocated inside the model, its allocation site in user code is
# the line that calls the model (for outputs_list the retaining line is the next one).
# `total += loss` with a backward each step is no GPU leak (backward frees the saved tensors;
# measured: the peak stands still): `accumulate` is an evaluation loss kept with its graph.
EXPECTED = {"accumulate": "accumulate", "outputs_list": "model_call", "hook_cache": "hook_cache",
            "dict_cache": "dict_cache", "module_attr": "module_attr"}


def run(kind: str, tmp: Path) -> dict:
    tmp.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([sys.executable, str(SCRIPT), kind, str(tmp)], capture_output=True, text=True,
                          timeout=240, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["stderr"] = proc.stderr
    if RESULTS:
        with open(Path(RESULTS) / "leak-scenarios.jsonl", "a") as f:
            f.write(json.dumps({k: v for k, v in out.items() if k != "stderr"}) + "\n")
    return out


# The fast tier (make gpu-fast) runs one seeded leak once; the full suite every kind RUNS times.
KINDS = [pytest.param("accumulate", 1, id="accumulate-once"),
         *(pytest.param(kind, RUNS, id=kind, marks=pytest.mark.slow) for kind in [*EXPECTED, "steady"])]


@pytest.mark.timeout_s(900)
@pytest.mark.parametrize(("kind", "runs"), KINDS)
def test_the_leak_finder_names_the_seeded_line(kind: str, runs: int, tmp_path: Path) -> None:
    for i in range(runs):
        out = run(kind, tmp_path / f"run{i}")
        report = out["report"]
        assert report is not None, out["stderr"][-2000:]
        assert out["history_after"] is False
        assert out["peak_after"] >= out["peak_before"]  # never reset
        if kind == "steady":
            assert report["sites"] == [], report
            continue
        top = report["sites"][0]
        assert top["file"].endswith("leak_scenario.py") and top["line"] == LINES[EXPECTED[kind]], (top, LINES)
        assert top["bytes_per_step"] > 0
        assert out["report_path"] and Path(out["report_path"]).exists()
        assert "leaking at leak_scenario.py" in out["stderr"]
