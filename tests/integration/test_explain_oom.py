"""`gpumemd explain` and the OOM diagnosis: offline on snapshot files recorded on an H100
(bench/record_oom_snapshot.py), and each rank's last diagnosis in a daemon's answer."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

from gpumemd.commands.explain import findings, parse_exposition
from gpumemd.commands.node import Node
from tests.helpers import ROOT

FIXTURES = ROOT / "tests/fixtures/torch"
TRUTH = json.loads((FIXTURES / "h100__torch-2.11.0__oom-truth.json").read_text())


def explain(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpumemd", "explain", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=20, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_a_recorded_fragmentation_oom_is_diagnosed_from_its_snapshot() -> None:
    proc = explain("--snapshot", str(FIXTURES / "h100__torch-2.11.0__oom-fragmentation.pickle"), "--json")
    assert proc.returncode == 1, proc.stderr
    d = json.loads(proc.stdout)
    truth = TRUTH["fragmentation"]
    assert d["cause"] == "fragmentation"
    assert d["figures"]["requested"] == truth["requested"]
    assert d["figures"]["allocated"] == truth["allocated"] and d["figures"]["reserved"] == truth["reserved"]
    assert d["figures"]["largest_free_block"] < truth["requested"]
    assert any("NVML" in line for line in d["lacking"])
    # no whole 20 MiB page is free in its segments: no setting named, none denied (the H100 run
    # found expandable segments did not fix this layout; the model shows nothing either way)
    assert d["format"] == "gpumemd-oom-diagnosis/2" and d["remedy"] == {"kind": "none"}
    assert d["does_not_help"] == [] and d["figures"]["default_free_pages"] == 0


def test_a_recorded_capacity_oom_names_its_request_and_what_it_lacks() -> None:
    proc = explain("--snapshot", str(FIXTURES / "h100__torch-2.11.0__oom-capacity.pickle"))
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith("cause: capacity") and "lacking: NVML" in proc.stdout
    assert "larger than the device's free memory and PyTorch's whole cache" in proc.stdout
    assert "does not help: PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True" in proc.stdout


def test_a_file_that_is_no_snapshot_is_one_line_and_exit_2(tmp_path: Path) -> None:
    class Evil:
        def __reduce__(self) -> tuple:
            return (print, ("ran",))

    for name, data in (("text.pickle", b"hello"), ("evil.pickle", pickle.dumps(Evil()))):
        (tmp_path / name).write_bytes(data)
        proc = explain("--snapshot", str(tmp_path / name))
        assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1 and "ran" not in proc.stdout, proc


def test_each_ranks_last_diagnosis_is_in_its_ooms_finding() -> None:
    text = "\n".join([
        'gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-a"} 8.0e10',
        'gpumemd_gpu_memory_used_bytes{gpu="0",uuid="GPU-a"} 7.9e10',
        'gpumemd_gpu_memory_free_bytes{gpu="0",uuid="GPU-a"} 1.0e9',
        'gpumemd_process_gpu_memory_used_bytes{gpu="0",pid="41",uuid="GPU-a"} 7.8e10',
        'gpumemd_process_rank_info{job_id="",local_rank="3",pid="41",rank="3",world_size="8"} 1',
        'gpumemd_oom_events_total{cause="other_processes",gpu="0",rank="3"} 1',
        'gpumemd_oom_events_total{cause="undiagnosed",gpu="0",rank="3"} 1',
        'gpumemd_oom_last_diagnosis_info{cause="other_processes",fix="free the GPU from: pid 877 40.1 GiB",'
        'gpu="0",rank="3",summary="other processes hold 40.1 GiB on GPU 0"} 1', ""])
    series, _bad = parse_exposition(text)
    node = Node.from_series(series, "test")
    (oom,) = [f for f in findings(node) if f.kind == "ooms"]
    assert "pid 41 rank 3" in oom.message and "other_processes" in oom.message and "pid 877" in oom.message
    assert "2 out-of-memory errors" in oom.message  # gpumemd's one counter, every cause


def test_a_fifo_named_like_a_snapshot_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "oom.pickle"
    os.mkfifo(fifo)
    proc = explain("--snapshot", str(fifo))  # explain() bounds it at 60 s; a blocking open never returns
    assert proc.returncode == 2 and "not a regular file" in proc.stderr, proc
