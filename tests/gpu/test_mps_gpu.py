"""gpumemd under a real NVIDIA MPS server: a user-level control daemon on the visible GPU
(tests/gpu/mps_server.py) given an 8 GiB pinned memory limit through its pipe
(`set_default_device_pinned_mem_limit`: where it holds, bench/mps_limit_probe.sh) and half the
threads in its environment, one client (tests/gpu/mps_client.py) holding 1 GiB with the agent
running, and `gpumemd serve` beside them.

What holds (docs/deploy.md, "MPS"): the client held to the limit (CUDA's free memory under it,
a request of the limit's size on top of what it holds refused, the agent counting that OOM);
what the node daemon serves: the server seen, the limit in bytes and the thread share its
control daemon answers for that GPU, the client's memory as NVML charges it, and a limit changed
on the running server (`set_device_pinned_mem_limit <server> 0 6G`) served within the daemon's
refresh; `gpumemd preflight --node` held to the limit (a job needing about 23 GiB does not fit
though the GPU has some 139 GiB free, one needing under 1 GiB fits); what the agent in the client
reports (docs/agent.md, "This process"), its OOM diagnosis naming the server's limit, which its
environment does not name (inferred from CUDA's free memory: docs/oom.md, "The MPS limit"), and
the control daemon in its fix; and a second client whose own environment says 4G held to 4 GiB,
its agent's OOM diagnosis naming that limit and that variable. Figures: `mps-gpu.json`.

Skips, saying why, where the machine has no `nvidia-cuda-mps-control` or its daemon does not
come up. What the CPU covers instead: tests/unit/sources/test_mps.py asks a FAKE control program
about real processes named as the control daemon and the server, as the collector does here.
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
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from gpumemd.sources.mps import server_settings
from gpumemd.sources.mps_control import Control, trusted_pipe
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
from tests.gpu.mps_server import LIMIT as LIMIT_VAR
from tests.helpers import ROOT, gpumemd_process, samples, scrape

# Outside the fast tier (make gpu-fast): sources.mps imports no GPU library (tests/test_gpu_tier.py)
pytestmark = pytest.mark.slow

GiB = 1 << 30
LIMIT, LIMIT_BYTES, THREADS = "8G", 8 * GiB, "50"
CHANGED, CHANGED_BYTES = "6G", 6 * GiB  # set on the running server
OWN, OWN_BYTES = "4G", 4 * GiB  # a client's own environment's, below the server's
HELD = GiB
REFRESH = 1.0  # sources.mps.refresh: how long the daemon keeps a control daemon's answers
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
                   limit=f"set_default_device_pinned_mem_limit 0 {LIMIT}", thread_percentage=THREADS)
    try:
        env = server_env(os.environ, directory, uuid, THREADS)
        with mps_daemon(env, directory) as daemon:
            # what an unset default reads (the collector's "no limit"), then the limit as it holds
            FIGURES["default_limit_commands"] = daemon.set_default_limit(LIMIT)
            FIGURES["default_threads"] = daemon.command("get_default_active_thread_percentage")
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


@contextmanager
def _client(env: dict[str, str], over: int, tmp_path: Path, name: str,
            daemon: MpsDaemon) -> Iterator[dict[str, Any]]:
    """An MPS client holding HELD with the agent running, having asked for `over` more: its JSON
    line, while it still holds (it lets go as the block ends)."""
    stderr = tmp_path / f"{name}.err"
    with open(stderr, "w") as err:
        client = subprocess.Popen([sys.executable, str(CLIENT), str(HELD), str(over)], cwd=ROOT,
                                  env={**env, "PYTHONPATH": str(ROOT)}, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        yield _line(client, 60, stderr, daemon)
    finally:
        assert client.stdin is not None
        client.stdin.close()
        try:
            client.wait(30)
        except subprocess.TimeoutExpired:
            client.kill()
            client.wait(10)


def _served(url: str, gpu: str, want: float | None, pid: int | None, within: float) -> tuple[str, float]:
    """Scrapes until the daemon serves `want` as the GPU's MPS limit (any value: None) and, where
    given, `pid`'s bytes: the last exposition and the seconds it took."""
    t0 = time.monotonic()
    text = ""
    while time.monotonic() - t0 < within:
        text = scrape(url + "/metrics")
        limit = _value(text, "gpumemd_gpu_mps_memory_limit_bytes", gpu=gpu)
        seen = pid is None or _value(text, "gpumemd_process_gpu_memory_used_bytes", pid=str(pid)) is not None
        if seen and (limit is not None if want is None else limit == want):
            break
        time.sleep(0.2)  # the daemon's next sample: another process's clock
    return text, round(time.monotonic() - t0, 2)


@pytest.mark.timeout_s(150)
def test_the_daemon_the_agent_and_preflight_under_a_real_mps_server(
    mps: tuple[MpsDaemon, int, str], tmp_path: Path
) -> None:
    daemon, index, uuid = mps
    gpu = str(index)
    cenv = client_env(os.environ, daemon.env)
    with _client(cenv, LIMIT_BYTES, tmp_path, "client", daemon) as c:
        FIGURES["client"] = c
        servers = daemon.server_pids()
        FIGURES["server_pids"] = servers
        # what the daemon reads of the server's and its control daemon's environment
        FIGURES["environ_mps_variables"] = {
            str(pid): {"self": _settings(pid), "parent": _parent_settings(pid)}
            for pid in servers}
        assert servers, f"no MPS server after a client ran (the client did not use MPS):\n{daemon.logs()}"
        server = servers[0]
        FIGURES["server_answers"] = {line: daemon.command(line) for line in (
            f"get_device_pinned_mem_limit {server} 0", f"get_active_thread_percentage {server}")}
        # the collector's own call (its environment the pipe directory alone) and its trust check
        own_call = Control().ask(daemon.env[PIPE], f"get_device_pinned_mem_limit {server} 0")
        FIGURES["collector_call"] = None if own_call is None else [own_call.text, own_call.failure]
        FIGURES["pipe_trusted_owner"] = trusted_pipe(daemon.env[PIPE], frozenset({0, os.geteuid()}))
        config = tmp_path / "gpumemd.yaml"
        config.write_text("sampler: {interval: 200ms}\nsources: {nvml: {process_names: true}, "
                          f"mps: {{refresh: {REFRESH:g}s}}}}\n")
        with gpumemd_process(["--config.file", str(config)]) as (url, _):
            text, FIGURES["seconds_to_limit"] = _served(url, gpu, None, c["pid"], 20)
            FIGURES["nvml_process_lists"] = _nvml_lists(index)
            fits_code, fits = _preflight(url, index, FITS, cenv)
            big_code, big = _preflight(url, index, TOO_BIG, cenv)
            # the running server's limit changed through the pipe: served within the refresh
            FIGURES["changed"] = {line: daemon.command(line) for line in (
                f"set_device_pinned_mem_limit {server} 0 {CHANGED}",
                f"get_device_pinned_mem_limit {server} 0")}
            changed_text, FIGURES["seconds_to_changed_limit"] = _served(url, gpu, CHANGED_BYTES, None,
                                                                       REFRESH + 10)
        # a client's own limit below its server's: the one it is held to
        with _client({**cenv, LIMIT_VAR: f"0={OWN}"}, OWN_BYTES, tmp_path, "own", daemon) as own:
            FIGURES["client_own_limit"] = own
    used = {dict(lab)["pid"]: v for lab, v in _series(text, "gpumemd_process_gpu_memory_used_bytes").items()
            if dict(lab).get("gpu") == gpu}
    executables = {dict(lab)["pid"]: dict(lab).get("executable")
                   for lab in _series(text, "gpumemd_process_info")}
    FIGURES["daemon"] = {
        "mps_collector_success": _value(text, "gpumemd_collector_success", collector="mps"),
        "mps_memory_limit_bytes": _value(text, "gpumemd_gpu_mps_memory_limit_bytes", gpu=gpu),
        "mps_active_thread_percentage": _value(text, "gpumemd_gpu_mps_active_thread_percentage", gpu=gpu),
        "mps_control_failures": {dict(lab)["reason"]: v for lab, v in
                                 _series(text, "gpumemd_mps_control_failures_total").items()},
        "mps_memory_limit_bytes_after_change": _value(changed_text, "gpumemd_gpu_mps_memory_limit_bytes",
                                                      gpu=gpu),
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
    diagnosis = (c["oom_diagnosis"].get("0") or ["", "", ""])[:3]
    # Every expectation is checked and every miss said at once: one device run shows them all.
    expected = {
        # the limit holds: CUDA's free memory is what is left under it (the context's bytes less),
        # and a request of the limit's size on top of what is held is refused
        "the client held to the limit: CUDA's free under it": (
            LIMIT_BYTES - HELD - GiB <= c["cuda_free_bytes"] <= LIMIT_BYTES - HELD),
        "the over-limit request refused": c["over_request_refused"],
        # the daemon saw the server on this GPU and asked its control daemon, in bytes, as documented
        "the server in the daemon's process series": any(str(p) in used for p in servers),
        "the mps collector succeeded": d["mps_collector_success"] == 1.0,
        "the collector's own call answers the limit": FIGURES["collector_call"] == [LIMIT, None],
        "the limit in bytes, from the pipe": d["mps_memory_limit_bytes"] == LIMIT_BYTES,
        "the thread share": d["mps_active_thread_percentage"] == float(THREADS),
        "no control call failed": not any(d["mps_control_failures"].values()),
        "the running server's new limit served within the refresh": (
            d["mps_memory_limit_bytes_after_change"] == CHANGED_BYTES
            and FIGURES["seconds_to_changed_limit"] <= REFRESH + 2),
        # the client's memory is charged to its own pid, at least what torch holds
        "the client's bytes on its pid": used.get(str(c["pid"]), 0) >= c["reserved_bytes"] == HELD,
        # preflight --node holds a job to the limit, not to the GPU's free memory
        "the GPU's free memory past the limit": free > 3 * LIMIT_BYTES,
        "too big: exit 1 under the node's limit": (
            big_code == 1 and big_limit == LIMIT_BYTES
            and big.get("device", {}).get("mps_limit_by") == "node"),
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
        # the server's limit, not in the client's environment: inferred at the OOM (issue 38: it was
        # `capacity`, "use a larger GPU"), its fix through the control daemon, not a variable
        "the agent's diagnosis: the server's limit, about 8 GiB": (
            diagnosis[0] == "limit" and "MPS server's memory limit" in diagnosis[1]
            and "8.0 GiB" in diagnosis[1]),
        "the agent's fix: through the control daemon": (
            "set_default_device_pinned_mem_limit" in diagnosis[2] and LIMIT_VAR not in diagnosis[2]),
        # a client's own environment below the server's limit: held to its own
        "own 4G: CUDA's free under it": OWN_BYTES - HELD - GiB <= own["cuda_free_bytes"] <= OWN_BYTES - HELD,
        "own 4G: a request of its size on top refused": own["over_request_refused"],
        "own 4G: the agent's diagnosis names the limit": own["oom_diagnosis"].get("0", [""])[0] == "limit",
        "own 4G: its fix names its own variable": (
            own["oom_diagnosis"].get("0", ["", "", ""])[2].startswith(LIMIT_VAR)),
    }
    FIGURES["missed"] = missed = [what for what, held in expected.items() if not held]
    assert not missed, f"{missed} (every figure: mps-gpu.json)"
