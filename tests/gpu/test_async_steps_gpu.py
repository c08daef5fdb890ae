"""Step ends under backend:cudaMallocAsync on a real GPU (tests/gpu/async_steps_scenario.py, its
own process: the backend is chosen at CUDA's initialisation): every closed step's end equals
`memory_allocated()` at that optimizer step's end, the exported
`gpumemd_forecast_leak_bytes_per_step` equals the seeded leak per step exactly (the driver
pool counts a request's own bytes: no rounding to undo), and an OOM after a leak is
diagnosed `leak` with the seeded growth per step. Figures go to $GPUMEMD_RESULTS/async-steps.json."""

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

SCRIPT = Path(__file__).with_name("async_steps_scenario.py")


def test_under_cudamallocasync_the_forecast_and_the_oom_diagnosis_get_exact_step_ends(
    tmp_path: Path, results_dir: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}
    proc = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True, text=True,
                          timeout=50, env=env)
    lines = [json.loads(x) for x in proc.stdout.splitlines() if x.startswith("{")]
    found = sorted(tmp_path.glob("*.diagnosis.json"))
    diagnosis = json.loads(found[-1].read_text()) if found else None
    record = {"rc": proc.returncode, "phases": lines, "diagnosis": diagnosis,
              "stderr_tail": proc.stderr[-3000:]}
    (results_dir / "async-steps.json").write_text(json.dumps(record, indent=1))
    assert len(lines) == 2, proc.stderr[-4000:]
    one, two = lines
    assert one["backend"] == "cudaMallocAsync"
    got = one["series"]
    assert got["gpumemd_allocator_stats_valid"] == 0
    assert len(one["closed"]) >= 12, one  # the scenario's CLOSED: enough ends for the verdict
    # every step the agent closed ends where torch's own figure says, to the byte
    assert all(end == truth for _, end, truth, _, _ in one["closed"]), one["closed"]
    assert got["gpumemd_forecast_leak_bytes_per_step"] == one["leak"], (got, one["closed"])  # exactly
    assert "gpumemd_forecast_leak_since_step" in got
    # the OOM after a leak: uncaught, diagnosed by the agent as the leak, per step exactly
    assert proc.returncode == 1 and "OutOfMemoryError" in proc.stderr, proc.stderr[-4000:]
    assert diagnosis is not None, proc.stderr[-4000:]
    assert diagnosis["cause"] == "leak", diagnosis
    assert diagnosis["numbers"]["bytes_per_step"] == two["per"], diagnosis["numbers"]
    # a peak is exact or unknown, never a bound; here each step's peak sits LEAK above the last
    # one's (the same allocations, the leak under them), so the pool's mark rises every step and
    # each peak after the first steps (CUDA's own workspaces made) is exact
    assert all(known == exact for *_, known, exact in one["closed"])
    assert all(known for *_, known, _ in one["closed"][2:]), one["closed"]
