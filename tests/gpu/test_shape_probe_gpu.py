"""The shape probe against the allocator's own counters on a real GPU (shape_probe_scenario.py):
for every probed step, the requested peak it read from the trace equals torch's
`requested_bytes.all.peak` for that step to the byte, and its allocated figure is a lower bound
of `allocated_bytes.all.peak` within 1 %; every new shape after the warm-up is probed (the
budget's burst covers them); history is off afterwards; no agent error."""

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

SCRIPT = Path(__file__).with_name("shape_probe_scenario.py")
RESULTS = os.environ.get("GPUMEMD_RESULTS")


@pytest.mark.timeout_s(90)
def test_probed_peaks_equal_the_counters_of_the_same_step() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=80,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    if RESULTS:
        (Path(RESULTS) / "shape-probe.json").write_text(json.dumps(out, indent=1))
    assert out["probe_enabled"]
    probed = [s for s in out["steps"] if s["probe"] is not None]
    # after the warm-up every step here is at a shape not measured before, except the repeat of 128
    assert len(probed) >= 7, out["steps"]
    for s in probed:
        p = s["probe"]
        assert p["requested_peak"] == s["requested_peak"], s
        assert s["allocated_peak"] * 0.99 <= p["allocated_peak"] <= s["allocated_peak"], s
    assert out["outcomes"].get("exact") == len(probed), out["outcomes"]
    assert set(out["outcomes"]) == {"exact"}, out["outcomes"]
    assert not out["history_enabled_after"]
    assert out["errors"] == {}, out["errors"]
