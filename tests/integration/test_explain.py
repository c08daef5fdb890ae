"""`gpumemd explain`: the same answer from a running daemon and from a sample taken here,
golden trees for recorded captures, and its exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import EIGHT_RANKS, ROOT, free_port, gpumemd_process

CAPTURES = ROOT / "tests" / "fixtures" / "captures"
GOLDEN = ROOT / "tests" / "golden" / "explain"
ONE = CAPTURES / "h200__580.159.04__one-process-1GiB.json"
RANKS = EIGHT_RANKS


def explain(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpumemd", "explain", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT),
                                                      "PYTHONIOENCODING": "utf-8", **(env or {})})




def compare(name: str, text: str, update: bool) -> None:
    path = GOLDEN / f"{name}.txt"
    if update:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert text == path.read_text(), f"regenerate with --update-golden and review: {path}"


def test_a_process_without_an_agent(update_golden: bool) -> None:
    r = explain("--replay", str(ONE))
    assert r.returncode == 1, r.stderr  # a finding: the process runs no agent
    compare("one-process-1GiB", r.stdout, update_golden)


def test_eight_ranks_joined_to_their_processes(eight_ranks_config: Path, update_golden: bool) -> None:
    r = explain("--replay", str(RANKS), "--config.file", str(eight_ranks_config), "--gpu", "1")
    assert r.returncode == 1, r.stderr  # rank 1 retried an allocation
    compare("8-ranks-gpu1", r.stdout, update_golden)
    j = json.loads(explain("--replay", str(RANKS), "--config.file", str(eight_ranks_config), "--json").stdout)
    assert len(j["gpus"]) == 8
    for g in j["gpus"]:
        assert sum(g["parts"].values()) == g["total"]
        (p,) = g["processes"]
        assert p["agent"] and p["rank"] == str(g["gpu"]) and p["job_id"] == "77"
        assert p["allocated"] + (p["reserved"] - p["allocated"]) + p["non_pytorch"] == p["used"]
    assert {f["kind"] for f in j["findings"]} == {"alloc_retries"}


def test_a_running_daemon_gives_the_same_answer(eight_ranks_config: Path) -> None:
    here = explain("--replay", str(RANKS), "--config.file", str(eight_ranks_config), "--json")
    with gpumemd_process(["--replay", str(RANKS), "--config.file", str(eight_ranks_config)]) as (url, _):
        there = explain("--url", url, "--json")
    assert there.returncode == here.returncode == 1, there.stderr
    a, b = json.loads(here.stdout), json.loads(there.stdout)
    assert a["gpus"] == b["gpus"]
    assert [f["message"] for f in a["findings"]] == [f["message"] for f in b["findings"]
                                                     if f["kind"] != "growing"]
    assert b["source"].startswith("gpumemd serve at http://127.0.0.1:") and not b["notes"]


def test_exit_statuses(eight_ranks_config: Path) -> None:
    idle = explain("--replay", str(CAPTURES / "h200__580.159.04__idle.json"))
    assert idle.returncode == 0 and "findings: none" in idle.stdout
    assert (
        explain("--replay", str(RANKS), "--config.file", str(eight_ranks_config), "--gpu", "9").returncode
        == 2
    )
    dead = explain("--url", f"http://127.0.0.1:{free_port()}")
    assert dead.returncode == 2 and "Traceback" not in dead.stderr and "refused" in dead.stderr.lower()


def test_no_daemon_and_no_nvml_is_a_clear_error() -> None:
    r = explain(env={"LD_LIBRARY_PATH": "/nonexistent", "GPUMEMD_SPOOL_DIR": ""})
    if r.returncode != 2 and "nvml" not in r.stderr.lower():
        pytest.skip("this machine has NVML or a daemon on :9967")
    assert r.returncode == 2 and "no GPU to read here" in r.stderr and "Traceback" not in r.stderr


def _without_nvml() -> dict[str, str]:
    return {"LD_LIBRARY_PATH": "/nonexistent", "GPUMEMD_SPOOL_DIR": ""}


def test_a_daemon_on_a_node_without_gpus_is_said_to_have_none() -> None:
    with gpumemd_process([], env=_without_nvml()) as (url, _):
        r = explain("--url", url)
        if "GPU " in r.stdout:
            pytest.skip("this machine has a working NVML")
        top = subprocess.run([sys.executable, "-m", "gpumemd", "top", "--url", url, "--count", "1"], cwd=ROOT,
                             capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr
    assert "no GPUs: NVML is not on that node" in r.stdout.splitlines()[1], r.stdout
    assert top.returncode == 0 and "no GPUs: NVML is not on that node" in top.stdout, top.stdout + top.stderr


def test_a_replayed_capture_without_a_gpu_names_the_capture(tmp_path: Path) -> None:
    capture = tmp_path / "cpu-node.json"
    made = subprocess.run([sys.executable, "-m", "gpumemd", "capture", "--keep-errors", "-o", str(capture)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **_without_nvml()})
    if "with errors" not in made.stdout + made.stderr:
        pytest.skip("this machine has a working NVML")
    r = explain("--replay", str(capture))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith(f"gpumemd explain: {capture}: the capture holds no GPU: "), r.stderr
    assert "gpumemd serve" not in r.stderr

