"""The OOM diagnosis on a real GPU: one scripted OOM per cause, each run several times (the
cause is right every time, its figures equal the ground truth the script read at the OOM),
then run again with the diagnosis's remedy applied (it completes), and again under each
allocator setting the diagnosis says does not help (it still runs out).

Each scenario is its own process (tests/gpu/oom_scenario.py) running the gpumemd agent; the
OOMs of `capacity` happen on the first allocation after `torch.cuda.init()`, so the observer
must be attached on torch's CUDA initialisation path.
"""

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

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not HAS_GPU, reason="needs a CUDA GPU and NVML")]

SCRIPT = Path(__file__).with_name("oom_scenario.py")
RUNS = int(os.environ.get("GPUMEMD_OOM_RUNS", "3"))
RESULTS = os.environ.get("GPUMEMD_RESULTS")  # where the device run keeps every scenario's answer
MIB = 1 << 20


def scenario(
    cause: str, tmp: Path, *, fixed: dict[str, Any] | None = None, env: dict[str, str] | None = None
) -> dict:
    tmp.mkdir(parents=True, exist_ok=True)
    args = [sys.executable, str(SCRIPT), cause, str(tmp)]
    if fixed is not None:
        fix_file = tmp / "fix.json"
        fix_file.write_text(json.dumps(fixed))
        args += ["--fixed", str(fix_file)]
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.run(args, capture_output=True, text=True, timeout=150, env=full_env)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["stderr"] = proc.stderr
    if out.get("diagnoses"):
        out["diagnosis"] = json.loads(Path(out["diagnoses"][-1]).read_text())
    if RESULTS:
        with open(Path(RESULTS) / "oom-scenarios.jsonl", "a") as f:
            f.write(json.dumps({k: v for k, v in out.items() if k != "stderr"}) + "\n")
    return out


def check_figures(out: dict) -> None:
    """The diagnosis's figures against what the script read in its except handler."""
    d, truth = out["diagnosis"], out["truth"]
    figs = d["figures"]
    assert figs["allocated"] == truth["allocated"]
    assert figs["reserved"] == truth["reserved"]
    if truth["nvml_used"] is not None and figs["process_used"] is not None:
        assert abs(figs["process_used"] - truth["nvml_used"]) <= MIB
    assert out["oom_call_s"] < 5.0  # the failing call, diagnosis and snapshot included
    line = [x for x in out["stderr"].splitlines() if "OOM on GPU 0" in x]
    assert line and d["cause"] in line[-1] and d["fix"] in line[-1]


# scenario -> (the cause, the remedy's kind)
EXPECTED = {
    "capacity": ("capacity", "batch_fraction"),
    "capacity_device": ("capacity", "none"),
    "limit": ("limit", "lift_limit"),
    "fragmentation": ("fragmentation", "none"),
    "fragmentation_pages": ("fragmentation", "alloc_conf"),
    "other_processes": ("other_processes", "free_other_processes"),
    "graph_pools": ("graph_pools", "free_pools"),
    "non_pytorch": ("non_pytorch", "free_non_pytorch"),
    "leak": ("leak", "fix_leak"),
}


# The fast tier (make gpu-fast) runs one scenario once, and its fix; the full suite every scenario RUNS times.
# graph_pools: the diagnosis reads the allocator's pools as well as its totals and NVML.
CASES = [
    pytest.param("graph_pools", 1, id="graph_pools-once"),
    *(pytest.param(name, RUNS, id=name, marks=pytest.mark.slow) for name in EXPECTED),
]


@pytest.mark.timeout_s(900)
@pytest.mark.parametrize(("name", "runs"), CASES)
def test_each_scripted_oom_is_diagnosed_right_and_its_fix_works(name: str, runs: int, tmp_path: Path) -> None:
    cause, kind = EXPECTED[name]
    answers = []
    for i in range(runs):
        out = scenario(name, tmp_path / f"run{i}")
        assert out["completed"] is False, "the scripted OOM did not happen"
        assert out["observer_installed"]
        assert out.get("diagnosis"), f"no diagnosis written; stderr: {out['stderr'][-2000:]}"
        d = out["diagnosis"]
        assert d["format"] == "gpumemd-oom-diagnosis/2"
        assert (d["cause"], d["remedy"]["kind"]) == (cause, kind), d
        check_figures(out)
        answers.append(d)
    d = answers[-1]
    if name == "other_processes":
        assert f"pid {out['holder_pid']}" in d["fix"] and out["holder_pid"] in d["remedy"]["pids"]
    if name == "leak":
        per_step = out["leak_bytes_per_step"]  # per optimizer step, from the step ends
        assert abs(d["numbers"]["bytes_per_step"] - per_step) <= 0.01 * per_step
    if name.startswith("fragmentation"):
        figs = d["figures"]
        assert figs["largest_free_block"] < figs["requested"] <= figs["default_free"] + figs["device_free"]
        assert "no allocator setting joins" not in d["fix"]
    if name == "capacity_device":
        assert "larger than the device" in d["summary"] and "%" not in d["fix"]
    # every setting the diagnosis says does not help, applied: the same OOM
    for conf in d["does_not_help"]:
        hinted = scenario(name, tmp_path / conf.replace(":", "-"), env={"PYTORCH_CUDA_ALLOC_CONF": conf})
        assert hinted["completed"] is False, (conf, hinted)
    if kind == "none" and name != "fragmentation":
        return  # nothing to apply: no change makes it fit
    # the remedy, applied, works (an allocator setting through the environment, the rest by the script)
    if kind == "alloc_conf":
        again = scenario(name, tmp_path / "fixed", env={"PYTORCH_CUDA_ALLOC_CONF": d["remedy"]["alloc_conf"]})
    else:
        again = scenario(name, tmp_path / "fixed", fixed=d)
    assert again["completed"] is True, again


ASYNC_SCRIPT = Path(__file__).with_name("oom_async_scenario.py")


def async_run(kind: str, tmp: Path, *extra: str) -> tuple[subprocess.CompletedProcess[str], dict]:
    tmp.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}
    proc = subprocess.run([sys.executable, str(ASYNC_SCRIPT), kind, str(tmp), *extra], capture_output=True,
                          text=True, timeout=150, env=env)
    assert proc.stdout.strip(), proc.stderr[-4000:]  # the script ran up to its request
    head = json.loads(proc.stdout.strip().splitlines()[0])
    if RESULTS:
        with open(Path(RESULTS) / "oom-async.jsonl", "a") as f:
            found = sorted(tmp.glob("*.diagnosis.json"))
            f.write(json.dumps({"kind": kind, "extra": extra, "rc": proc.returncode, "head": head,
                                "diagnosis": json.loads(found[-1].read_text()) if found else None}) + "\n")
    return proc, head


@pytest.mark.slow  # two processes and a re-run: outside the fast tier
@pytest.mark.parametrize(("kind", "cause", "remedy"),
                         [("capacity", "capacity", None), ("limit", "limit", "lift_limit")])
def test_an_uncaught_oom_under_cudamallocasync_is_diagnosed_late(kind: str, cause: str, remedy: str | None,
                                                                  tmp_path: Path) -> None:
    """torch refuses the observer under this backend: the agent diagnoses the uncaught OOM from
    its message and the allocator's totals (at the raise through sys.monitoring on Python 3.12 and
    later, else at its chained excepthook), once; torch's traceback prints as it would without
    the agent (the program's own hook ran), and the remedy re-run fits."""
    proc, head = async_run(kind, tmp_path / "run")
    assert head["backend"] == "cudaMallocAsync"
    assert proc.returncode == 1 and "completed" not in proc.stdout
    assert "Traceback" in proc.stderr and "OutOfMemoryError" in proc.stderr  # the default hook still ran
    (path,) = (tmp_path / "run").glob("*.diagnosis.json")
    d = json.loads(path.read_text())
    assert d["seen"] == ("raise" if sys.version_info >= (3, 12) else "excepthook") and d["cause"] == cause, d
    figs = d["figures"]
    assert figs["config"]["backend"] == "cudaMallocAsync" and figs["pools"] == []
    assert abs(figs["requested"] - head["ask"]) <= 0.01 * (1 << 30)  # the message's two decimals
    assert figs["allocated"] >= head["keep"]
    assert d["counterfactuals"]["fragmentation"] is None  # no segments under this backend
    assert "segments (backend:cudaMallocAsync tracks no blocks)" in d["missing"]
    line = [x for x in proc.stderr.splitlines() if "OOM on GPU 0" in x]
    assert line and cause in line[-1]
    if remedy is None:
        return
    assert d["remedy"]["kind"] == remedy
    fixed, _ = async_run(kind, tmp_path / "fixed", str(d["remedy"]["fraction"]))
    assert fixed.returncode == 0 and "completed" in fixed.stdout, fixed.stderr[-3000:]


@pytest.mark.slow  # two processes and a re-run: outside the fast tier
@pytest.mark.parametrize(("kind", "cause", "remedy"),
                         [("capacity", "capacity", None), ("limit", "limit", "lift_limit")])
def test_a_caught_oom_under_cudamallocasync_is_diagnosed_at_the_raise(
    kind: str, cause: str, remedy: str | None, tmp_path: Path
) -> None:
    """A retry loop catches the OOM: no excepthook sees it, sys.monitoring's RAISE event does
    (Python 3.12 and later); diagnosed once, with its cause and remedy, and the remedy re-run fits."""
    if sys.version_info < (3, 12):
        pytest.skip("sys.monitoring is Python 3.12's: on 3.11 a caught OOM is not seen (docs/oom.md)")
    proc, head = async_run(f"caught-{kind}", tmp_path / "run")
    assert head["backend"] == "cudaMallocAsync" and head["caught"] is True
    assert proc.returncode == 0 and "retried" in proc.stdout, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr  # the program's own handling, unchanged
    (path,) = (tmp_path / "run").glob("*.diagnosis.json")  # once, though it unwound through frames
    d = json.loads(path.read_text())
    assert d["seen"] == "raise" and d["cause"] == cause, d
    assert not any("not seen" in m for m in d["missing"]), d["missing"]
    figs = d["figures"]
    assert figs["config"]["backend"] == "cudaMallocAsync"
    assert abs(figs["requested"] - head["ask"]) <= 0.01 * (1 << 30)  # the message's two decimals
    assert figs["allocated"] >= head["keep"]
    assert d["fix"] and isinstance(d["remedy"], dict) and d["remedy"].get("kind")
    line = [x for x in proc.stderr.splitlines() if "OOM on GPU 0" in x]
    assert len(line) == 1 and cause in line[0]
    if remedy is None:
        return
    assert d["remedy"]["kind"] == remedy
    fixed, _ = async_run(kind, tmp_path / "fixed", str(d["remedy"]["fraction"]))
    assert fixed.returncode == 0 and "completed" in fixed.stdout, fixed.stderr[-3000:]
