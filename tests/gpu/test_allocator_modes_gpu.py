"""The allocator's configuration series on a real GPU, one mode per process
(tests/gpu/allocator_modes.py): the default allocator, expandable segments, cudaMallocAsync.

Figures go to `<results_dir>/allocator-modes-gpu.json`.
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

from tests.helpers import ROOT

# Outside the fast tier (make gpu-fast): the allocator's modes; the default mode is in every fast test
pytestmark = pytest.mark.slow

SCRIPT = Path(__file__).with_name("allocator_modes.py")
FIGURES: dict[str, Any] = {"date": datetime.date.today().isoformat()}


def run_mode(conf: str | None, results_dir: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTORCH_ALLOC_CONF", None)
    env.pop("PYTORCH_CUDA_ALLOC_CONF", None)
    if conf is not None:
        env["PYTORCH_CUDA_ALLOC_CONF"] = conf
    out = subprocess.run([sys.executable, str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, timeout=50,
                         env=env)
    assert out.returncode == 0, out.stderr[-4000:]
    r = json.loads(out.stdout.strip().splitlines()[-1])
    FIGURES[conf or "default"] = r
    (results_dir / "allocator-modes-gpu.json").write_text(json.dumps(FIGURES, indent=1) + "\n")
    r["stderr"] = out.stderr
    return r


def one(r: dict[str, Any], name: str) -> tuple[dict[str, str], float]:
    rows = r["families"].get(name) or []
    assert len(rows) == 1, (name, rows)
    return rows[0][0], rows[0][1]


@pytest.mark.timeout_s(60)
def test_default_allocator_is_native_with_valid_stats_and_pinned_memory(results_dir: Path) -> None:
    r = run_mode(None, results_dir)
    labels, value = one(r, "gpumemd_allocator_config_info")
    assert value == 1 and labels["backend"] == "native" == r["backend"]
    assert labels["expandable_segments"] == "false" and labels["max_split_size"] == "unlimited"
    assert one(r, "gpumemd_allocator_stats_valid")[1] == 1
    assert one(r, "gpumemd_allocator_allocated_bytes")[1] == r["torch_allocated"]
    assert one(r, "gpumemd_allocator_reserved_bytes")[1] == r["torch_reserved"]
    assert r["families"]["gpumemd_allocator_device_used_bytes"] == []
    if r["torch_pinned"] is None:
        assert r["families"]["gpumemd_host_pinned_memory_allocated_bytes"] == []
        pytest.skip(f"torch {r['torch']} has no host_memory_stats")
    allocated, reserved = r["torch_pinned"]
    assert one(r, "gpumemd_host_pinned_memory_allocated_bytes")[1] == allocated >= 8 << 20
    assert one(r, "gpumemd_host_pinned_memory_reserved_bytes")[1] == reserved >= allocated


@pytest.mark.timeout_s(60)
def test_expandable_segments_are_said_and_the_bytes_stay_exact(results_dir: Path) -> None:
    r = run_mode("expandable_segments:True", results_dir)
    labels, _ = one(r, "gpumemd_allocator_config_info")
    assert labels["expandable_segments"] == "true" and labels["backend"] == "native"
    assert one(r, "gpumemd_allocator_stats_valid")[1] == 1
    assert one(r, "gpumemd_allocator_allocated_bytes")[1] == r["torch_allocated"]
    assert one(r, "gpumemd_allocator_reserved_bytes")[1] == r["torch_reserved"]


@pytest.mark.timeout_s(60)
def test_cuda_malloc_async_exports_no_zeros_and_the_fallback(results_dir: Path) -> None:
    r = run_mode("backend:cudaMallocAsync", results_dir)
    assert r["backend"] == "cudaMallocAsync"
    labels, _ = one(r, "gpumemd_allocator_config_info")
    assert labels["backend"] == "cudaMallocAsync"
    assert one(r, "gpumemd_allocator_stats_valid")[1] == 0
    assert r["stderr"].count("cudaMallocAsync: its caching-allocator statistics") <= 1
    zeros = [(name, rows) for name, rows in r["families"].items()
             if name.startswith("gpumemd_allocator_") and name.endswith("_bytes") for _, v in rows if v == 0]
    assert zeros == []
    for gone in ("requested_bytes", "segments", "allocations", "interval_peak_bytes", "bytes_allocated"):
        assert r["families"].get(f"gpumemd_allocator_{gone}", []) == [], gone
    # the driver pool's figures, as torch itself reports them
    assert one(r, "gpumemd_allocator_allocated_bytes")[1] == r["torch_allocated"] >= 256 << 20
    if r["device_memory_used"] is not None:
        assert one(r, "gpumemd_allocator_device_used_bytes")[1] > 256 << 20
    assert r["families"].get("gpumemd_process_nvml_used_bytes") or r["families"].get(
        "gpumemd_process_device_used_bytes"
    )
