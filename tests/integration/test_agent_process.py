"""The agent in real processes: serves over HTTP, `gpumemd run` injects it, fork is safe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import psutil

from gpumemd.spool.format import file_pid
from tests.helpers import ROOT, agent_env, free_port, samples, scrape, wait_until_ready

SCRIPTS = Path(__file__).parent / "scripts"


env = agent_env


def start(cmd: list[str], environ: dict[str, str]) -> tuple[subprocess.Popen[str], dict]:
    proc = subprocess.Popen(cmd, cwd=ROOT, env=environ, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        proc.kill()
        raise AssertionError(f"process said nothing: {proc.communicate(timeout=10)[1]}")
    return proc, json.loads(line)


def finish(proc: subprocess.Popen[str], timeout: float = 20) -> int:
    try:
        proc.communicate(input="", timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode


def test_import_gpumemd_and_the_daemon_never_imports_torch_or_the_agent() -> None:
    code = (
        "import sys, gpumemd, gpumemd.daemon; "
        "assert 'torch' not in sys.modules and 'gpumemd.agent' not in sys.modules; "
        "assert callable(gpumemd.start) and 'gpumemd.agent' in sys.modules and 'torch' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env(), check=True, timeout=60)


def test_agent_serves_in_a_real_process_with_rank_labels(tmp_path: Path) -> None:
    proc, hello = start(
        [sys.executable, str(SCRIPTS / "agent_proc.py"), "0"],
        env(RANK="3", LOCAL_RANK="1", WORLD_SIZE="4", SLURM_JOB_ID="777", GPUMEMD_SPOOL_DIR=str(tmp_path)),
    )
    try:
        url = f"http://{hello['address']}"
        assert hello["address"].startswith("127.0.0.1:")  # loopback by default
        wait_until_ready(url)
        s = samples(scrape(url + "/metrics"))
        info = [dict(lab) for (n, lab) in s if n == "gpumemd_agent_info"]
        assert info == [
            {"pid": str(hello["pid"]), "rank": "3", "local_rank": "1", "world_size": "4", "job_id": "777"}
        ]
        rss = [dict(lab) for (n, lab) in s if n == "gpumemd_process_host_resident_bytes"]
        assert rss == [{"rank": "3", "job_id": "777"}]
        # CPU torch: no CUDA, so no allocator series, and not a failing collector (no false alert)
        assert s[("gpumemd_collector_success", (("collector", "allocator"),))] == 1
        assert not any(name.startswith("gpumemd_allocator_allocated_bytes") for name, _ in s)
        assert s[("gpumemd_collector_success", (("collector", "process"),))] == 1
        assert not hello["torch"]  # the agent imported no torch
        assert [file_pid(n) for n in os.listdir(tmp_path)] == [hello["pid"]]
    finally:
        assert finish(proc) == 0
    assert os.listdir(tmp_path) == []  # a clean stop removes the spool file


def test_gpumemd_run_injects_the_agent_and_returns_the_exit_status(tmp_path: Path) -> None:
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "gpumemd",
        "run",
        "--web.listen-address",
        f"127.0.0.1:{port}",
        "--",
        sys.executable,
        str(SCRIPTS / "run_target.py"),
    ]
    proc, hello = start(cmd, env(RANK="1", LOCAL_RANK="0", GPUMEMD_SPOOL_DIR=str(tmp_path)))
    try:
        assert hello["address"] == f"127.0.0.1:{port}"  # port + LOCAL_RANK 0
        text = scrape(f"http://127.0.0.1:{port}/metrics")
        assert 'gpumemd_agent_info{job_id="",local_rank="0"' in text and 'rank="1"' in text
        assert not hello["torch"]
        # the rank's endpoint process (it runs the same sitecustomize) started no agent of its own
        (endpoint,) = psutil.Process(proc.pid).children()  # `gpumemd run` execs: proc is the rank
        assert "gpumemd.agent.endpoint" in endpoint.cmdline() and endpoint.children() == []
        assert [file_pid(f) for f in os.listdir(tmp_path) if not f.startswith(".")] == [proc.pid]
    finally:
        rc = finish(proc)
    assert rc == 3


def test_gpumemd_run_errors() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "gpumemd", "run"],
        cwd=ROOT,
        env=env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and "no command" in r.stderr
    r = subprocess.run(
        [sys.executable, "-m", "gpumemd", "run", "--", "/no/such/program"],
        cwd=ROOT,
        env=env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 127


def test_gpumemd_run_with_an_interpreter_lacking_the_dependencies_says_what_to_install(
    tmp_path: Path,
) -> None:
    """A program run by another interpreter (a bare venv here) gets gpumemd's code from
    `gpumemd run`, not its dependencies: the line names the interpreter and the install into
    it (from this clone), and the program runs on."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "bare")], check=True,
                   timeout=60)
    bare = tmp_path / "bare" / "bin" / "python"
    r = subprocess.run([sys.executable, "-m", "gpumemd", "run", "--", str(bare), "-c", "print('ran')"],
                       cwd=tmp_path, env=env(GPUMEMD_SPOOL_DIR=""), capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0 and r.stdout == "ran\n", r.stderr
    (line,) = [ln for ln in r.stderr.splitlines() if "agent not started" in ln]
    assert "ModuleNotFoundError" not in line
    assert f"{bare} cannot import " in line and line.endswith(f"{bare} -m pip install {ROOT}"), line


def test_sitecustomize_skips_helpers_and_launchers() -> None:
    from gpumemd.agent.boot.sitecustomize import should_start

    py = "/usr/bin/python3"
    assert should_start([py, "train.py"], {})
    assert not should_start([py, "-c", "from multiprocessing.spawn import spawn_main; spawn_main()"], {})
    assert not should_start([py, "-m", "torch.distributed.run", "--nproc-per-node", "2", "t.py"], {})
    assert not should_start([py, "/venv/bin/torchrun", "--nproc-per-node", "2", "t.py"], {})
    assert not should_start([py, "train.py"], {"GPUMEMD_AGENT_SKIP": "train"})
    assert not should_start([py, "train.py"], {"GPUMEMD_AGENT_DISABLE": "1"})


def test_sitecustomize_chains_to_the_one_it_shadows(tmp_path: Path) -> None:
    other = tmp_path / "site"
    other.mkdir()
    (other / "sitecustomize.py").write_text("import builtins; builtins.CHAINED = True\n")
    code = "import builtins; print(getattr(builtins, 'CHAINED', False))"
    environ = env(
        GPUMEMD_AGENT_DISABLE="1",
        PYTHONPATH=os.pathsep.join([str(ROOT / "gpumemd/agent/boot"), str(ROOT), str(other)]),
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=environ, capture_output=True, text=True, timeout=60
    )
    assert out.stdout.strip() == "True", out.stderr


def test_fork_of_a_process_running_the_agent(tmp_path: Path) -> None:
    proc, hello = start([sys.executable, str(SCRIPTS / "fork_proc.py"), str(tmp_path)], env())
    try:
        children = hello["children"]
        assert [c["status"] for c in children] == [0] * 25, proc.stderr
        assert max(c["seconds"] for c in children) < 10  # nobody waited on a lock the parent held
        assert [file_pid(n) for n in hello["spool"]] == [hello["pid"]]  # no child left a spool file behind
        s = samples(scrape(f"http://{hello['address']}/metrics"))  # the parent still serves
        assert s[("gpumemd_collector_success", (("collector", "process"),))] == 1
    finally:
        finish(proc)


def test_the_agent_says_where_it_serves_and_publishes_once_on_stderr(tmp_path: Path) -> None:
    """Without any logging set up by the program, `gpumemd run` still says where the agent
    serves and publishes, and why the allocator is not readable (CPU torch), once each."""
    code = "import torch, time; time.sleep(1.5)"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "gpumemd",
            "run",
            "--web.listen-address",
            "",
            "--",
            sys.executable,
            "-c",
            code,
        ],
        cwd=ROOT,
        env=env(GPUMEMD_SPOOL_DIR=str(tmp_path)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    lines = [line for line in r.stderr.splitlines() if line.startswith("gpumemd: ")]
    started = [line for line in lines if "agent started" in line]
    assert len(started) == 1 and "no HTTP endpoint" in started[0], lines
    assert f"publishing to {tmp_path}/agent-" in started[0]
    allocator = [line for line in lines if "allocator is not readable" in line]
    assert len(allocator) == 1 and "without CUDA" in allocator[0], lines


def test_with_logging_configured_the_agent_logs_instead(tmp_path: Path) -> None:
    code = (
        "import logging, sys; "
        "logging.basicConfig(level=logging.INFO, stream=sys.stdout, format='%(name)s %(message)s'); "
        "import gpumemd; gpumemd.start(listen_address=None); gpumemd.stop()"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env(GPUMEMD_SPOOL_DIR=str(tmp_path)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert "gpumemd: " not in r.stderr
    assert sum("agent started in pid" in line for line in r.stdout.splitlines()) == 1, r.stdout


def test_the_allocator_announcer_says_each_state_once(monkeypatch) -> None:
    from types import SimpleNamespace

    import torch  # noqa: F401  (the reason given reads it: a CPU build here)

    import gpumemd.agent.wiring
    from gpumemd.agent.wiring import AllocatorAnnouncer

    said: list[str] = []
    monkeypatch.setattr(gpumemd.agent.wiring, "say", said.append)
    monkeypatch.setattr(gpumemd.agent.wiring, "torch_ready", lambda: True)
    announce = AllocatorAnnouncer(pid=42)
    unreadable = SimpleNamespace(readings={}, success={"allocator": False})
    readable = SimpleNamespace(
        readings={"allocator": [SimpleNamespace(device=0)]}, success={"allocator": True}
    )
    announce(readable)  # not armed yet: the agent's start line comes first
    assert said == []
    announce.armed = True
    announce(unreadable)
    announce(unreadable)
    announce(readable)
    announce(readable)
    assert len(said) == 2 and "not readable yet" in said[0], said
    assert said[1] == "pid 42: PyTorch's allocator is readable (GPU 0)"
