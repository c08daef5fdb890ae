"""`gpumemd run`: whatever the command line or the environment, one clear line and the
shell's exit status, never a traceback; the agent it starts survives the process's pools
and forks (gpumemd/cli.py `_exec_failure`, gpumemd/agent/process.py fork handlers)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from gpumemd.agent import identity
from gpumemd.agent.wiring import effective_listen_address
from gpumemd.config import AgentConfig
from tests.helpers import ROOT, agent_env


def _run(
    *args: str, env: dict[str, str] | None = None, timeout: float = 30.0
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpumemd", "run", *args],
        cwd=ROOT,
        env=env or agent_env(),
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
    )


def _cases(tmp: Path) -> list[tuple[list[str], int, str]]:
    plain = tmp / "plain.txt"
    plain.write_text("not a program\n")
    plain.chmod(0o644)
    script = tmp / "noshebang"
    script.write_bytes(b"\x7fELF garbage")
    script.chmod(0o755)
    return [
        (["--", ""], 127, "'': command not found"),
        (["--"], 2, "no command given"),
        ([], 2, "no command given"),
        (["--", str(tmp / "missing")], 127, "No such file or directory"),
        (["--", "gpumemd-no-such-command-anywhere"], 127, "command not found"),
        (["--", str(tmp)], 126, "Is a directory"),
        (["--", str(plain)], 126, "Permission denied"),
        (["--", str(script)], 126, "Exec format error"),
        (["--", "no\x1b[31msuch\nprogram"], 127, "command not found"),
        (["--", "x" * 5000], 126, ""),  # a name too long for the file system
    ]


def test_every_command_that_cannot_start_is_one_line_and_the_shells_status(tmp_path: Path) -> None:
    for args, status, needle in _cases(tmp_path):
        got = _run(*args)
        lines = got.stderr.splitlines()
        assert got.returncode == status, (args[:2], got.returncode, got.stderr[-500:])
        assert len(lines) == 1 and "Traceback" not in got.stderr, (args[:2], got.stderr[-1000:])
        assert lines[0].startswith("gpumemd run: ") and needle in lines[0], (args[:2], lines)
        assert len(lines[0]) < 300 and "\x1b" not in lines[0]


def test_garbage_launcher_variables_are_ignored_not_used() -> None:
    env = {"LOCAL_RANK": "\u0663", "RANK": "1_0", "WORLD_SIZE": "9" * 5000, "SLURM_JOB_ID": "a\udcffb\x1bc"}
    ident = identity.from_env(env, pid=7)
    assert (ident.rank, ident.local_rank, ident.world_size) == (None, None, None)
    assert ident.job_id is not None
    ident.job_id.encode(
        "utf-8"
    )  # a label value: encodable, no lone surrogate (tests/security/test_environment.py)
    # a LOCAL_RANK that pushes the port past 65535: no endpoint, said once, not a bad address later
    far = identity.Identity(pid=7, local_rank=99_999_999)
    assert effective_listen_address(AgentConfig(listen_address="127.0.0.1:9968"), far) is None
    near = identity.Identity(pid=7, local_rank=3)
    assert effective_listen_address(AgentConfig(listen_address="127.0.0.1:9968"), near) == "127.0.0.1:9971"


POOLS_AND_FORKS = """
import atexit
import multiprocessing as mp
import os
import sys


def worker(x):
    # a pool's worker is multiprocessing's helper: `gpumemd run` starts no agent in it
    return x * x, "gpumemd.agent.agent" in sys.modules


if __name__ == "__main__":
    import torch

    import gpumemd.agent.process as process

    agent = process.current()
    assert agent is not None, "the agent did not start"
    x = torch.ones(1000)
    # Workers beyond the CPUs only queue: each method's start-up path, concurrent, is what counts.
    for method in ("spawn", "forkserver"):
        with mp.get_context(method).Pool(4) as pool:
            got = pool.map(worker, range(100))
        assert [sq for sq, _ in got] == [i * i for i in range(100)]
        assert not any(loaded for _, loaded in got), f"an agent started in a {method} worker"
    published = sorted(os.listdir(os.environ["GPUMEMD_SPOOL_DIR"]))
    pids = []
    for i in range(50):
        pid = os.fork()
        if pid == 0:
            # a child does a little torch and runs the exit handlers (the agent's among them);
            # then _exit: a full interpreter teardown with torch loaded costs about a second
            status = 0
            try:
                assert process.current() is None
                float((x * i).sum())
                atexit._run_exitfuncs()
            except BaseException as exc:
                print(f"child {i}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
                status = 1
            os._exit(status)
        pids.append(pid)
    bad = [os.waitstatus_to_exitcode(os.waitpid(p, 0)[1]) for p in pids]
    assert bad == [0] * 50, bad
    # the parent's agent is still this process's, and no child removed what it published
    assert process.current() is agent
    assert set(published) <= set(os.listdir(os.environ["GPUMEMD_SPOOL_DIR"])), published
    print("ok", flush=True)
"""


def test_the_agent_survives_pools_and_forks_without_a_traceback(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    script = tmp_path / "pools.py"
    script.write_text(POOLS_AND_FORKS)
    spool = tmp_path / "spool"
    spool.mkdir(mode=0o700)
    env = agent_env(GPUMEMD_SPOOL_DIR=str(spool))
    got = _run("--web.listen-address", "127.0.0.1:0", "--", sys.executable, str(script), env=env, timeout=60)
    assert got.returncode == 0, got.stderr[-3000:]
    assert got.stdout.strip() == "ok"
    assert "Traceback" not in got.stderr and "Error" not in got.stderr, got.stderr[-3000:]
    assert stat.S_ISDIR(os.stat(spool).st_mode)
