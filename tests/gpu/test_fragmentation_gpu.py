"""The live fragmentation figures and PytorchFragmentationRisk on a real GPU, the agent on
(tests/gpu/frag_scenario.py, one process per scenario): the agent's largest free block equals
the snapshot's at the same moment, the alert fires before the fragmentation OOM it warned of,
and a steady loop on a nearly full device never fires it. Each run records the pool read's
cost (snapshot + walk) at the blocks it held (~10k fragmenting, ~1k steady)."""

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

SCRIPT = Path(__file__).with_name("frag_scenario.py")
RESULTS = os.environ.get("GPUMEMD_RESULTS")


def run(mode: str, tmp: Path) -> dict:
    tmp.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([sys.executable, str(SCRIPT), mode, str(tmp)], capture_output=True, text=True,
                          timeout=90, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    if RESULTS:
        with open(Path(RESULTS) / "fragmentation.jsonl", "a") as f:
            f.write(json.dumps(out) + "\n")
    return out


@pytest.mark.slow  # sources.pools' fast test is the OOM's: the fast tier stays under 90 s
@pytest.mark.timeout_s(120)
def test_the_risk_fires_before_the_fragmentation_oom_and_the_live_figure_is_the_snapshots(
    tmp_path: Path,
) -> None:
    out = run("fragmenting", tmp_path)
    cmp = out["compare"]
    assert cmp["live"] is not None, out
    assert cmp["live"]["largest_free_block"] == cmp["snapshot"]["largest_free_block"], cmp
    assert cmp["live"]["reference"] >= 18 << 20 and cmp["live"]["risk"] is True, cmp
    assert out["fired_after_s"] is not None and out["fired_after_s"] < out["oom_after_s"], out
    assert out["oom"] is True and "fragmentation" in out["diagnoses"], out


@pytest.mark.slow
@pytest.mark.timeout_s(120)
def test_a_steady_loop_on_a_nearly_full_device_never_fires_it(tmp_path: Path) -> None:
    out = run("steady", tmp_path)
    assert out["compare"]["live"]["largest_free_block"] == out["compare"]["snapshot"]["largest_free_block"]
    assert out["fired_after_s"] is None and "PytorchFragmentationRisk" not in out["alerts"], out
    assert out["steps"] > 20
