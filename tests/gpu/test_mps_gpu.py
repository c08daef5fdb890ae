"""gpumemd under a real NVIDIA MPS server: a user-level control daemon on the visible GPU
(tests/gpu/mps_server.py) with an 8 GiB pinned memory limit and half the threads, one client
(tests/gpu/mps_client.py) holding 1 GiB with the agent running, and `gpumemd serve` beside them.

What the node daemon serves (docs/deploy.md, "MPS"): the server seen, its limit in bytes and
thread share for that GPU, the client's memory as NVML charges it; `gpumemd preflight --node`
held to the limit (a job needing about 23 GiB does not fit though the GPU has some 139 GiB free,
one needing under 1 GiB fits); what the agent in the client reports (docs/agent.md, "This
process"), and what CUDA says the device is under the limit. Figures: `mps-gpu.json`.

Skips, saying why, where the machine has no `nvidia-cuda-mps-control` or its daemon does not
come up. What the CPU covers instead: tests/unit/sources/test_mps.py reads a real process named
as the server, started with the environment this test gives the daemon.
"""

from __future__ import annotations

import datetime
import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gpumemd.sources.mps import server_settings
from tests.gpu.mps_server import (
    CONTROL,
    PIPE,
    MpsDaemon,
    MpsUnavailable,
    client_env,
    mps_daemon,
    processes_of,
    server_env,
    visible_gpu,
)
from tests.helpers import ROOT, gpumemd_process, samples, scrape

# Outside the fast tier (make gpu-fast): sources.mps imports no GPU library (tests/test_gpu_tier.py)
pytestmark = pytest.mark.slow

GiB = 1 << 30
LIMIT, LIMIT_BYTES, THREADS = "8G", 8 * GiB, "50"
HELD = GiB
FITS, TOO_BIG = "1x8", "128x8192"  # tests.unit.preflight.models:tiny: under 1 GiB, about 23 GiB
CLIENT = Path(__file__).with_name("mps_client.py")
FIGURES: dict[str, Any] = {}


def _nvml_gpus() -> tuple[list[str], list[str]]:
    """NVML's UUIDs and names, by index (no CUDA context in this process)."""
    import pynvml

    pynvml.nvmlInit()
    try:
        handles = [pynvml.nvmlDeviceGetHandleByIndex(i) for i in range(pynvml.nvmlDeviceGetCount())]
        text = [(pynvml.nvmlDeviceGetUUID(h), pynvml.nvmlDeviceGetName(h)) for h in handles]
    finally:
        pynvml.nvmlShutdown()
    return [_text(u) for u, _ in text], [_text(n) for _, n in text]


def _text(s: str | bytes) -> str:
    return s if isinstance(s, str) else s.decode()


@pytest.fixture
def mps(results_dir: Path) -> Iterator[tuple[MpsDaemon, int, str]]:
    """The control daemon on the visible GPU: (daemon, NVML index, UUID); always stopped."""
    if shutil.which(CONTROL) is None:
        pytest.skip(f"{CONTROL} is not on PATH here: no MPS to run under")
    uuids, names = _nvml_gpus()
    index, uuid = visible_gpu(os.environ.get("CUDA_VISIBLE_DEVICES"), uuids)
    # a short directory, not tmp_path: the pipe directory holds UNIX sockets (108-byte paths)
    directory = Path(tempfile.mkdtemp(prefix="gpumemd-mps-", dir="/tmp"))
    FIGURES.clear()
    FIGURES.update(date=datetime.date.today().isoformat(), device=names[index], gpu=index,
                   limit=f"0={LIMIT}", thread_percentage=THREADS)
    try:
        env = server_env(os.environ, directory, uuid, LIMIT, THREADS)
        with mps_daemon(env, directory) as daemon:
            yield daemon, index, uuid
            FIGURES["logs"] = daemon.logs()[-3000:]
        FIGURES["daemon_stopped"] = daemon.stopped
        FIGURES["mps_processes_left"] = processes_of(env[PIPE])
    except MpsUnavailable as exc:
        FIGURES["skipped"] = str(exc)[-3000:]
        pytest.skip(f"the MPS control daemon did not start here: {str(exc)[:1500]}")
    finally:
        (results_dir / "mps-gpu.json").write_text(json.dumps(FIGURES, indent=1, default=str) + "\n")
        shutil.rmtree(directory, ignore_errors=True)


def _line(proc: subprocess.Popen[str], timeout: float, stderr: Path, daemon: MpsDaemon) -> dict[str, Any]:
    """The client's one JSON line, or a failure with its stderr and the MPS logs."""
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        ready = sel.select(timeout)
    line = proc.stdout.readline() if ready else ""
    if not line:
        proc.kill()
        proc.wait(10)
        pytest.fail(f"the MPS client said nothing within {timeout:g} s (exit {proc.returncode}):\n"
                    f"{stderr.read_text(errors='replace')[-3000:]}\n{daemon.logs()}")
    return dict(json.loads(line))


def _settings(pid: int) -> dict[str, str] | None:
    """The MPS variables of a process's environment, as the daemon takes them (None: unreadable)."""
    try:
        return server_settings(Path(f"/proc/{pid}/environ").read_bytes())
    except OSError:
        return None


def _parent_settings(pid: int) -> dict[str, str] | None:
    try:
        ppid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None
    return _settings(ppid)


def _nvml_lists(index: int) -> dict[str, Any]:
    """NVML's two process lists of the GPU, [pid, used bytes] each: the compute processes (what
    the daemon and the agent read) and the MPS clients (nvmlDeviceGetMPSComputeRunningProcesses),
    or the error that answered."""
    import pynvml

    out: dict[str, Any] = {}
    pynvml.nvmlInit()
    try:
        handle = pynvml.nvmlDeviceGetHandleByIndex(index)
        for key, call in (("compute", "nvmlDeviceGetComputeRunningProcesses"),
                          ("mps_compute", "nvmlDeviceGetMPSComputeRunningProcesses")):
            try:
                out[key] = [[int(p.pid), p.usedGpuMemory] for p in getattr(pynvml, call)(handle)]
            except Exception as exc:  # noqa: BLE001 - what NVML answered is the figure
                out[key] = f"{type(exc).__name__}: {exc}"
    finally:
        pynvml.nvmlShutdown()
    return out


def _verdict(doc: dict[str, Any]) -> dict[str, Any]:
    """The first shape's verdict of preflight's JSON ({} where it could not tell)."""
    return dict(doc["shapes"][0]["verdict"]) if doc else {}


def _series(text: str, name: str) -> dict[tuple[tuple[str, str], ...], float]:
    return {lab: v for (n, lab), v in samples(text).items() if n == name}


def _value(text: str, name: str, **labels: str) -> float | None:
    for lab, v in _series(text, name).items():
        if all(dict(lab).get(k) == want for k, want in labels.items()):
            return v
    return None


def _preflight(url: str, index: int, shape: str, env: dict[str, str]) -> tuple[int, dict[str, Any]]:
    """`gpumemd preflight --node` for one shape of the tiny job: its exit and its JSON ({} and
    its stderr recorded where it could not tell)."""
    r = subprocess.run(
        [sys.executable, "-m", "gpumemd", "preflight", "tests.unit.preflight.models:tiny", "--shape", shape,
         "--node", url, "--gpu-index", str(index), "--json"],
        cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60,
    )
    if r.returncode not in (0, 1):
        FIGURES.setdefault("preflight_errors", {})[shape] = r.stderr[-3000:]
        return r.returncode, {}
    return r.returncode, dict(json.loads(r.stdout))


# H200, driver 580 (2026-11-28): the limit in the control daemon's environment, which the daemon
# exports, did not limit the client; the limits that hold are the client's environment and
# set_default_device_pinned_mem_limit (bench/mps_limit_probe.sh; docs/deploy.md, "MPS"). Every
# other expectation must hold, and these two are said until the daemon reads a limit that holds.
KNOWN_MISSES = ["the over-limit request refused", "the agent: the refusal counted once"]


@pytest.mark.timeout_s(120)
def test_the_daemon_the_agent_and_preflight_under_a_real_mps_server(
    mps: tuple[MpsDaemon, int, str], tmp_path: Path
) -> None:
    daemon, index, uuid = mps
    gpu = str(index)
    cenv = client_env(os.environ, daemon.env)
    stderr = tmp_path / "client.err"
    with open(stderr, "w") as err:
        client = subprocess.Popen([sys.executable, str(CLIENT), str(HELD), str(LIMIT_BYTES)], cwd=ROOT,
                                  env={**cenv, "PYTHONPATH": str(ROOT)}, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        c = _line(client, 60, stderr, daemon)
        FIGURES["client"] = c
        servers = daemon.server_pids()
        FIGURES["server_pids"] = servers
        # where the limit lives: the server's own environment (what sources.mps reads), its parent's
        FIGURES["environ_mps_variables"] = {
            str(pid): {"self": _settings(pid), "parent": _parent_settings(pid)}
            for pid in servers}
        assert servers, f"no MPS server after a client ran (the client did not use MPS):\n{daemon.logs()}"
        config = tmp_path / "gpumemd.yaml"
        config.write_text("sampler: {interval: 200ms}\nsources: {nvml: {process_names: true}}\n")
        with gpumemd_process(["--config.file", str(config)]) as (url, _):
            deadline, text = time.monotonic() + 20, ""
            while time.monotonic() < deadline:  # a sample that saw both the server and the client
                text = scrape(url + "/metrics")
                if (_value(text, "gpumemd_process_gpu_memory_used_bytes", pid=str(c["pid"])) is not None
                        and _value(text, "gpumemd_gpu_mps_memory_limit_bytes", gpu=gpu) is not None):
                    break
                time.sleep(0.2)  # the daemon's next sample: another process's clock
            FIGURES["nvml_process_lists"] = _nvml_lists(index)
            fits_code, fits = _preflight(url, index, FITS, cenv)
            big_code, big = _preflight(url, index, TOO_BIG, cenv)
    finally:
        assert client.stdin is not None
        client.stdin.close()
        try:
            client.wait(30)
        except subprocess.TimeoutExpired:
            client.kill()
            client.wait(10)
    used = {dict(lab)["pid"]: v for lab, v in _series(text, "gpumemd_process_gpu_memory_used_bytes").items()
            if dict(lab).get("gpu") == gpu}
    executables = {dict(lab)["pid"]: dict(lab).get("executable")
                   for lab in _series(text, "gpumemd_process_info")}
    FIGURES["daemon"] = {
        "mps_collector_success": _value(text, "gpumemd_collector_success", collector="mps"),
        "mps_memory_limit_bytes": _value(text, "gpumemd_gpu_mps_memory_limit_bytes", gpu=gpu),
        "mps_active_thread_percentage": _value(text, "gpumemd_gpu_mps_active_thread_percentage", gpu=gpu),
        "gpu_free_bytes": _value(text, "gpumemd_gpu_memory_free_bytes", gpu=gpu),
        "gpu_total_bytes": _value(text, "gpumemd_gpu_memory_total_bytes", gpu=gpu),
        # the server's bytes beside its client's: does NVML count the client's bytes twice?
        "gpu_used_bytes": _value(text, "gpumemd_gpu_memory_used_bytes", gpu=gpu),
        "processes_used_sum_bytes": sum(used.values()),
        "process_used_bytes_by_pid": used,
        "executables_by_pid": {p: executables.get(p) for p in used},
    }
    FIGURES["preflight"] = {
        shape: {"exit": code, "device": doc.get("device"), "verdict": _verdict(doc)}
        for shape, code, doc in ((FITS, fits_code, fits), (TOO_BIG, big_code, big))
    }
    d, a = FIGURES["daemon"], c["agent"]
    free, verdict = d["gpu_free_bytes"] or 0, _verdict(big)
    big_limit, fits_limit = (doc.get("device", {}).get("mps_limit") for doc in (big, fits))
    nvml_used = a["nvml_used_bytes"]
    # Every expectation is checked and every miss said at once: one device run shows them all.
    expected = {
        # the limit is enforced: CUDA refuses a request of the limit's size on top of what is held
        "the over-limit request refused": c["over_request_refused"],
        # the daemon saw the server on this GPU and read its environment, in bytes, as documented
        "the server in the daemon's process series": any(str(p) in used for p in servers),
        "the mps collector succeeded": d["mps_collector_success"] == 1.0,
        "the limit in bytes": d["mps_memory_limit_bytes"] == LIMIT_BYTES,
        "the thread share": d["mps_active_thread_percentage"] == float(THREADS),
        # the client's memory is charged to its own pid, at least what torch holds
        "the client's bytes on its pid": used.get(str(c["pid"]), 0) >= c["reserved_bytes"] == HELD,
        # preflight --node holds a job to the limit, not to the GPU's free memory
        "the GPU's free memory past the limit": free > 3 * LIMIT_BYTES,
        "too big: exit 1 under the node's limit": big_code == 1 and big_limit == LIMIT_BYTES,
        "too big: held to the MPS limit, certain": (
            verdict.get("bound") == "MPS limit" and verdict.get("fits") is False and verdict.get("certain")),
        "too big: what it needs is free on the GPU": LIMIT_BYTES - verdict.get("headroom", 0) < free,
        "fits: exit 0 under the node's limit": fits_code == 0 and fits_limit == LIMIT_BYTES,
        # the agent in the client (docs/agent.md, "This process"; docs/oom.md)
        "the agent: its GPU and torch's reserved bytes": a["uuid"] == uuid and a["reserved_bytes"] == HELD,
        "the agent: NVML sees its pid": a["nvml_visible"] is True,
        "the agent: non-PyTorch = NVML's - reserved": (
            nvml_used is not None and a["non_pytorch_bytes"] == nvml_used - a["reserved_bytes"]),
        "the agent: the refusal counted once": (
            c["oom_observer_installed"] and sum(c["oom_events"].values()) == 1),
    }
    FIGURES["missed"] = missed = [what for what, held in expected.items() if not held]
    assert missed == KNOWN_MISSES, f"{missed} (every figure: mps-gpu.json)"
