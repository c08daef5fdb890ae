"""A user-level NVIDIA MPS control daemon for one GPU, for tests/gpu/test_mps_gpu.py (no torch).

The daemon (`nvidia-cuda-mps-control -d`, as NVIDIA's docs start it) has its own pipe and log
directories, so nothing outside the test connects to it, and its processes are known by that
pipe directory in their environment: `quit` through the pipe when done, and any of them still
there after the bound is killed by pid. No GPU setting (compute mode) is changed, no root needed.

The GPU is named by UUID to the daemon and to its clients: a client whose CUDA_VISIBLE_DEVICES
names an index would be remapped by the server (NVIDIA's MPS docs, CUDA_VISIBLE_DEVICES), and a
client that failed to reach the server would still land on this GPU, not on another test's.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CONTROL", "LIMIT", "LOG", "PIPE", "THREADS", "MpsDaemon", "MpsUnavailable", "client_env",
           "mps_daemon", "processes_of", "server_env", "stand_in_server", "visible_gpu"]

CONTROL = "nvidia-cuda-mps-control"
LIMIT, THREADS = "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE"
PIPE, LOG = "CUDA_MPS_PIPE_DIRECTORY", "CUDA_MPS_LOG_DIRECTORY"
SERVER_COMM = b"nvidia-cuda-mps"  # /proc/<pid>/comm of the control daemon and of its servers
_MAX_LOG = 4000  # the tail of a log said in a failure


class MpsUnavailable(RuntimeError):
    """The control daemon did not come up here (the machine's, not gpumemd's): the test skips."""


def visible_gpu(visible: str | None, uuids: list[str]) -> tuple[int, str]:
    """(NVML index, UUID) of the first GPU CUDA_VISIBLE_DEVICES names (`uuids`: NVML's, by
    index). An index is NVML's (CUDA's order on a node of one GPU model); a UUID or its prefix
    is matched; unset: GPU 0."""
    first = (visible or "0").split(",")[0].strip()
    if first.isdigit():
        i = int(first)
        if i >= len(uuids):
            raise ValueError(f"CUDA_VISIBLE_DEVICES={visible!r}: NVML has {len(uuids)} GPU(s)")
        return i, uuids[i]
    for i, uuid in enumerate(uuids):
        if first.startswith("GPU-") and uuid.startswith(first):
            return i, uuid
    raise ValueError(f"CUDA_VISIBLE_DEVICES={visible!r} names no GPU NVML lists")


def server_env(base: Mapping[str, str], directory: Path, uuid: str, threads: str) -> dict[str, str]:
    """The control daemon's environment, which the server it starts inherits: its pipe and log
    directories under `directory`, the one GPU by UUID, and the thread share every client gets
    (it holds from there: 66 of 132 SMs at 50, H200). No memory limit: one there does not hold
    (bench/mps_limit_probe.sh); `MpsDaemon.set_default_limit` gives it through the pipe."""
    env = {k: v for k, v in base.items() if not k.startswith("CUDA_MPS_")}
    return {**env, PIPE: str(directory / "pipe"), LOG: str(directory / "log"),
            "CUDA_VISIBLE_DEVICES": uuid, THREADS: threads}


def client_env(base: Mapping[str, str], server: Mapping[str, str]) -> dict[str, str]:
    """A client's environment: the server's pipe and log directories and GPU, and no limit of
    its own (the limit it runs under is its control daemon's, the one the node daemon reads)."""
    env = {k: v for k, v in base.items() if not k.startswith("CUDA_MPS_")}
    return {**env, PIPE: server[PIPE], LOG: server[LOG],
            "CUDA_VISIBLE_DEVICES": server["CUDA_VISIBLE_DEVICES"]}


@dataclass
class MpsDaemon:
    env: dict[str, str]
    control: str
    directory: Path
    stopped: str = ""  # how it ended: "quit", "killed N" (processes), "none left"

    def command(self, line: str, timeout: float = 10.0) -> str:
        """One command through the control pipe (`get_server_list`, `quit`): its answer."""
        r = subprocess.run([self.control], input=line + "\n", env=self.env, capture_output=True,
                           text=True, timeout=timeout)
        return r.stdout.strip()

    def set_default_limit(self, limit: str) -> dict[str, str]:
        """The pinned memory limit every new server's clients get on device 0 (the daemon's
        numbering: its one GPU), through the pipe, as it holds: each command's answer."""
        ask = ("get_default_device_pinned_mem_limit 0", f"set_default_device_pinned_mem_limit 0 {limit}",
               "get_default_device_pinned_mem_limit 0")
        return {f"{i} {line}": self.command(line) for i, line in enumerate(ask)}

    def server_pids(self) -> list[int]:
        return [int(w) for w in self.command("get_server_list").split() if w.isdigit()]

    def logs(self) -> str:
        """The tails of the daemon's output and of its log directory (control.log, server.log)."""
        parts = []
        for path in [self.directory / "control.out", *sorted(Path(self.env[LOG]).glob("*.log"))]:
            try:
                parts.append(f"--- {path.name}\n{path.read_text(errors='replace')[-_MAX_LOG:]}")
            except OSError:
                pass
        return "\n".join(parts)


def processes_of(pipe: str, proc: Path = Path("/proc")) -> list[int]:
    """The MPS processes (control daemon, servers: `comm` "nvidia-cuda-mps") whose environment
    names this pipe directory: the ones this test started, whatever their pids and groups."""
    want = f"{PIPE}={pipe}".encode()
    out = []
    for d in proc.glob("[0-9]*"):
        try:
            if (d / "comm").read_bytes().strip() != SERVER_COMM:
                continue
            if want in (d / "environ").read_bytes().split(b"\0"):
                out.append(int(d.name))
        except (OSError, ValueError):
            continue  # gone, or another user's
    return sorted(out)


def stand_in_server(directory: Path, env: Mapping[str, str], wait_s: float = 10.0) -> subprocess.Popen[bytes]:
    """For the CPU tests: a process named as an MPS server (`sleep` behind a link named
    `nvidia-cuda-mps-server`: the kernel takes `comm` from the name executed) with this
    environment, returned once its environment is readable (Popen returns as the exec starts,
    before the kernel has set the new environment up: /proc/<pid>/environ reads empty)."""
    link = directory / "nvidia-cuda-mps-server"
    link.symlink_to(shutil.which("sleep") or "/bin/sleep")
    proc = subprocess.Popen([str(link), "60"], env=dict(env))
    deadline = time.monotonic() + wait_s
    while not Path(f"/proc/{proc.pid}/environ").read_bytes() and time.monotonic() < deadline:
        time.sleep(0.01)  # the kernel finishing another process's exec: no clock to inject
    return proc


def _stop(daemon: MpsDaemon, quit_s: float) -> str:
    """`quit` through the pipe; what is left of ours after `quit_s` is killed: how it ended."""
    pipe = daemon.env[PIPE]
    if not processes_of(pipe):
        return "none left"
    try:
        daemon.command("quit", timeout=quit_s)
    except (subprocess.TimeoutExpired, OSError):
        pass
    deadline = time.monotonic() + quit_s
    while processes_of(pipe) and time.monotonic() < deadline:
        time.sleep(0.1)  # the daemon's own shutdown: another process's clock
    left = processes_of(pipe)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return f"killed {len(left)}" if left else "quit"


@contextmanager
def mps_daemon(env: dict[str, str], directory: Path, control: str = CONTROL, start_s: float = 15.0,
               quit_s: float = 15.0) -> Iterator[MpsDaemon]:
    """The control daemon (`-d`) with `env` (server_env), until the block ends; always stopped.
    MpsUnavailable where its pipe does not appear within `start_s` (its output and logs said)."""
    Path(env[PIPE]).mkdir(parents=True, exist_ok=True)
    os.chmod(env[PIPE], 0o755)  # whatever the umask: gpumemd asks only a pipe no one else may write
    Path(env[LOG]).mkdir(parents=True, exist_ok=True)
    daemon = MpsDaemon(env, control, directory)
    try:
        try:
            with open(directory / "control.out", "wb") as out:
                r = subprocess.run([control, "-d"], env=env, stdin=subprocess.DEVNULL, stdout=out,
                                   stderr=subprocess.STDOUT, timeout=start_s)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise MpsUnavailable(f"{control} -d: {exc}\n{daemon.logs()}") from None
        deadline = time.monotonic() + start_s
        while not (Path(env[PIPE]) / "control").exists():  # the daemon's socket: it listens
            if time.monotonic() > deadline:
                raise MpsUnavailable(f"{control} -d (exit {r.returncode}) did not listen within "
                                     f"{start_s:g} s:\n{daemon.logs()}")
            time.sleep(0.05)  # another process's readiness: no clock to inject
        yield daemon
    finally:
        daemon.stopped = _stop(daemon, quit_s)
