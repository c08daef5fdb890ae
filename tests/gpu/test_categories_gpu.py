"""Memory by category on a real GPU: GPT-2 small + AdamW through the agent (`watch`); the
parameters, gradients and optimizer state equal MemTracker's figures and the storage sums to
the byte, and the categories add up to the step peak (tests/gpu/categories_scenario.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.gpu.conftest import HAS_GPU
from tests.helpers import ROOT

# Outside the fast tier (make gpu-fast): GPT-2 with MemTracker, and a torch.compile, take two minutes
pytestmark = [
    pytest.mark.gpu,
    pytest.mark.slow,
    pytest.mark.skipif(not HAS_GPU, reason="needs a CUDA GPU and NVML"),
]

SCRIPT = Path(__file__).with_name("categories_scenario.py")
RESULTS = os.environ.get("GPUMEMD_RESULTS")


def run(mode: str) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), mode],
        capture_output=True,
        text=True,
        timeout=280,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    out: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    if RESULTS:
        (Path(RESULTS) / f"categories-{mode}.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


def check(out: dict[str, Any]) -> None:
    assert out["watched"] is True
    last = out["rows"][-1]
    end, peak, expected = last["end"], last["peak"], out["expected"]
    assert end is not None and peak is not None, out["rows"]
    for category in ("parameters", "buffers", "gradients", "optimizer_state"):
        assert end[category] == expected[category], (category, end, expected)  # to the byte
        assert out["series"][f"{category}/end"] == expected[category]
    assert expected["parameters"] > 0 and expected["gradients"] > 0 and expected["optimizer_state"] > 0
    # the step's end: the persistent categories are (nearly) all of it
    assert end["other"] <= 0.05 * last["step_end"], last  # cuBLAS workspaces, the batch: not a category
    # the step peak: the categories add up to it within 1 %
    assert abs(sum(peak.values()) - last["step_peak"]) <= 0.01 * last["step_peak"], last
    assert peak["activations"] > 0


@pytest.mark.timeout_s(300)
def test_gpt2_adamw_categories_match_memtracker_and_the_storage_sums() -> None:
    out = run("eager")
    check(out)
    mt = out["memtracker"]
    if isinstance(mt, str):
        pytest.fail(f"MemTracker did not run on this torch ({mt}); the storage sums held")
    end = out["rows"][-1]["end"]
    assert end["parameters"] == mt["Parameter"]
    assert end["gradients"] == mt["Gradient"]
    assert end["optimizer_state"] == mt["Optstate"]
    assert end["buffers"] == mt.get("Buffer", 0)


@pytest.mark.timeout_s(300)
def test_gpt2_adamw_categories_under_torch_compile() -> None:
    check(run("compile"))
