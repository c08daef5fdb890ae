"""`gpumemd serve` against real NVML: a second process's allocation shows up, to the byte."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import ROOT, gpumemd_process, samples, scrape

# Outside the fast tier (make gpu-fast): the daemon runs in the fast tier under test_explain_gpu.py
pytestmark = pytest.mark.slow

GiB = 1 << 30


def _value(s: dict, name: str, **labels: str) -> float | None:
    for (n, lab), v in s.items():
        if n == name and all(dict(lab).get(k) == val for k, val in labels.items()):
            return v
    return None


def _capture(path: Path, description: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "gpumemd", "capture", "-o", str(path), "--description", description],
        cwd=ROOT, check=True, capture_output=True,
    )


def test_allocation_in_second_process_moves_process_and_device_series(
    tmp_path: Path, results_dir: Path
) -> None:
    config = tmp_path / "gpumemd.yaml"
    config.write_text("sampler: {interval: 200ms}\nsources: {nvml: {process_names: true}}\n")
    captures = results_dir / "captures"
    captures.mkdir(exist_ok=True)
    with gpumemd_process(["--config.file", str(config)]) as (url, _):
        before = samples(scrape(url + "/metrics"))
        assert _value(before, "gpumemd_collector_success", collector="nvml") == 1.0
        _capture(captures / "idle.json", "idle: no process on the GPU")
        holder = subprocess.Popen(
            [sys.executable, str(ROOT / "tests/gpu/holder.py"), str(GiB)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert holder.stdout is not None
            held = json.loads(holder.stdout.readline())
            pid = str(held["pid"])
            held_at = time.time()
            deadline = time.monotonic() + 15
            after = before
            while time.monotonic() < deadline:  # until a sample taken after the allocation
                after = samples(scrape(url + "/metrics"))
                taken = _value(after, "gpumemd_last_sample_timestamp_seconds") or 0.0
                if taken > held_at and _value(after, "gpumemd_process_gpu_memory_used_bytes", pid=pid):
                    break
                time.sleep(0.2)
            _capture(captures / "holding-1GiB.json", f"one process (pid {pid}) holding 1 GiB through torch")
            process_used = _value(after, "gpumemd_process_gpu_memory_used_bytes", pid=pid)
            rss = _value(after, "gpumemd_process_resident_memory_bytes", pid=pid)
            exe = [
                dict(lab).get("executable")
                for (n, lab) in after
                if n == "gpumemd_process_info" and dict(lab).get("pid") == pid
            ]
        finally:
            holder.stdin.close()  # type: ignore[union-attr]
            holder.wait(30)
        # the GPU the holder ran on, as NVML numbers it (CUDA_VISIBLE_DEVICES may name another than 0)
        gpu = next((dict(lab)["gpu"] for (n, lab) in after
                    if n == "gpumemd_process_gpu_memory_used_bytes" and dict(lab).get("pid") == pid), "0")
        used_before = _value(before, "gpumemd_gpu_memory_used_bytes", gpu=gpu)
        used_after = _value(after, "gpumemd_gpu_memory_used_bytes", gpu=gpu)
        info = [dict(lab) for (n, lab) in after if n == "gpumemd_gpu_info" and dict(lab).get("gpu") == gpu][0]
    assert process_used is not None and used_before is not None and used_after is not None
    context_bytes = process_used - held["reserved_bytes"]
    device_delta = used_after - used_before
    result = {
        "date": datetime.date.today().isoformat(),
        "device": info["name"],
        "driver": info["driver_version"],
        "torch": held["torch"],
        "requested_bytes": GiB,
        "torch_allocated_bytes": held["allocated_bytes"],
        "torch_reserved_bytes": held["reserved_bytes"],
        "nvml_process_used_bytes": process_used,
        "cuda_context_and_other_non_pytorch_bytes": context_bytes,
        "device_used_before_bytes": used_before,
        "device_used_after_bytes": used_after,
        "device_used_delta_bytes": device_delta,
        "process_rss_bytes": rss,
        "executable": exe[0] if exe else None,
    }
    (results_dir / "daemon-gpu.json").write_text(json.dumps(result, indent=1) + "\n")
    # torch holds exactly what was asked (1 GiB is a multiple of the 2 MiB segment size) ...
    assert held["reserved_bytes"] == GiB
    # ... NVML's per-process figure is that plus the CUDA context (a few hundred MiB) ...
    assert 0 < context_bytes < GiB
    # ... and the device's used memory moved by what NVML attributes to the process.
    assert abs(device_delta - process_used) <= 64 << 20
    assert rss and rss > 0
    assert exe and exe[0] and "/" not in exe[0]
