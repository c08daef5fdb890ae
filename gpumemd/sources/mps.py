"""Collector `mps`: the limits NVIDIA's Multi-Process Service gives a client of a GPU, asked of
the MPS control daemon through its pipe (torch-free; the daemon's).

Exposition (H200, driver 580.159.04, 2026-11-28: a control daemon given
`set_default_device_pinned_mem_limit 0 8G` and `set_default_active_thread_percentage 50`
through its pipe, bench/results/2026-11-28-h200x2-s16/mps-limit-probe.txt)::

    gpumemd_gpu_mps_memory_limit_bytes{gpu="0",uuid="GPU-56…"} 8.589934592e+09
    gpumemd_gpu_mps_active_thread_percentage{gpu="0",uuid="GPU-56…"} 50
    gpumemd_mps_control_failures_total{reason="timeout"} 0

Where the limit holds (measured there, docs/deploy.md "MPS"): what the control pipe sets, and
a client's own `CUDA_MPS_PINNED_DEVICE_MEM_LIMIT` below it; not that variable in the control
daemon's (hence the server's) environment, which left a client the whole GPU. So on a GPU where
NVML lists a server (`/proc/<pid>/comm` "nvidia-cuda-mps"), the daemon asks that server's
control daemon (the server's parent, named the same) `get_device_pinned_mem_limit <pid>
<ordinal>` and `get_active_thread_percentage <pid>`, in the pipe directory its environment
names (else NVIDIA's `/tmp/nvidia-mps`); on a GPU without one, the defaults a new server would
get (`get_default_device_pinned_mem_limit <ordinal>`, `get_default_active_thread_percentage`)
of the control daemon listening in the configured pipe directory (`sources.mps.pipe_directory`,
`--collector.mps.pipe-directory`), if one listens there. The ordinal is the control daemon's
device numbering: the position in its `CUDA_VISIBLE_DEVICES` (an NVML index or a UUID), else
NVML's index (CUDA's order, where it is the PCI bus order).

Processes' environments are another user's input: only the server's and its control daemon's
are opened, at most `MAX_ENVIRON` bytes, and only `CUDA_VISIBLE_DEVICES`
(`mps_limit.visible_devices`) and `CUDA_MPS_PIPE_DIRECTORY` taken; a pipe directory is asked
only where `mps_control.trusted_pipe` trusts it, and each answer goes through its one
validator (`mps_limit.parse`, `_percentage`). Anything else leaves that GPU without the series,
counted in `gpumemd_mps_control_failures_total{reason}` and logged once per reason.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from prometheus_client.core import Metric

from gpumemd.known_metrics import collected_by

from . import mps_limit
from .base import Source, metric
from .mps_control import BINARY, DEFAULT_PIPE, MAX_PATH, PIPE_VAR, Answer, Control, trusted_pipe

__all__ = ["FAILURES", "MAX_ENVIRON", "MpsReading", "MpsSource", "server_settings"]

log = logging.getLogger("gpumemd.mps")

MAX_ENVIRON = 1 << 20  # a process's environment past a MiB is not one a daemon started with
SERVER_COMM = b"nvidia-cuda-mps"  # /proc/<pid>/comm of the server and its control daemon (15 bytes)
FAILURES = ("unreadable", "untrusted", "timeout", "failed", "answer")
"""`gpumemd_mps_control_failures_total{reason}`: a server's or control daemon's process not
readable, a pipe directory not trusted, a call timed out or failed, an answer not a value."""
_VISIBLE = mps_limit.VISIBLE_VAR
_WANTED = (_VISIBLE.encode(), PIPE_VAR.encode())
_PERCENT = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,6})?", re.ASCII)
_NO_LIMIT = re.compile(r"0(?:\.0+)?[KMGT]?B?", re.ASCII | re.IGNORECASE)
_PID_FILE = "nvidia-cuda-mps-control.pid"
_V = TypeVar("_V", int, float)


@dataclass(frozen=True)
class MpsReading:
    """Each GPU's MPS client limits: (gpu, uuid, value) for those its control daemon answered."""

    memory_limits: tuple[tuple[str, str, int], ...]
    thread_percentages: tuple[tuple[str, str, float], ...]
    failures: tuple[tuple[str, int], ...] = ()  # (reason, count so far), FAILURES' order


def _percentage(value: str | None) -> float | None:
    if value is None or not _PERCENT.fullmatch(value):
        return None
    pct = float(value)
    return pct if 0 < pct <= 100 else None


def _limit(value: str) -> int | None:
    """A control daemon's limit answer ("8G") in bytes; 0: no limit set; None: not a limit."""
    if _NO_LIMIT.fullmatch(value):
        return 0
    parsed = mps_limit.parse(value)
    return parsed.get(mps_limit.ALL) if parsed is not None and len(parsed) == 1 else None


def server_settings(environ: bytes) -> dict[str, str]:
    """The two variables of a NUL-separated environment (`/proc/<pid>/environ`), nothing else."""
    out: dict[str, str] = {}
    for entry in environ.split(b"\0"):
        name, sep, value = entry.partition(b"=")
        if sep and name in _WANTED:
            out[name.decode()] = value[: MAX_PATH + 1].decode("utf-8", "replace")
    return out


@dataclass(frozen=True)
class _Daemon:
    """A control daemon as the collector asks it: its pipe directory (trusted), its devices."""

    pipe: str
    visible: list[str] | None


class MpsSource(Source[MpsReading]):
    """The MPS client limits on each GPU, from its control daemon (module docstring)."""

    name = "mps"
    names = collected_by("mps")  # the families declared with its name (known_metrics)

    def __init__(self, proc_root: str | Path = "/proc", *, pipe_directory: str = DEFAULT_PIPE,
                 control: Control | None = None) -> None:
        self._proc = Path(proc_root)
        self._pipe = pipe_directory  # "": none (a replay's: this machine's is not the recorded node's)
        self._control = control if control is not None else Control()
        self._euid = os.geteuid()
        self._failures = dict.fromkeys(FAILURES, 0)
        self._said_no_binary = False

    # --- /proc ---

    def _comm(self, pid: int) -> bool:
        with open(self._proc / str(pid) / "comm", "rb") as f:
            return f.read(64).strip() == SERVER_COMM

    def _settings(self, pid: int) -> dict[str, str] | None:
        """An MPS process's two variables, or None: not MPS's, gone, unreadable, too large."""
        try:
            if not self._comm(pid):
                return None
            with open(self._proc / str(pid) / "environ", "rb") as f:
                environ = f.read(MAX_ENVIRON + 1)
        except OSError:  # gone, another PID namespace, or another user's without privileges
            return None
        return None if len(environ) > MAX_ENVIRON else server_settings(environ)

    def _parent(self, pid: int) -> int | None:
        try:
            with open(self._proc / str(pid) / "stat", "rb") as f:
                return int(f.read(4096).rsplit(b")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            return None

    def _uid(self, pid: int) -> int | None:
        try:
            return os.stat(self._proc / str(pid)).st_uid  # the kernel's: the process's owner
        except OSError:
            return None

    # --- the control daemons ---

    def _failed(self, reason: str, what: str) -> None:
        self._failures[reason] += 1
        if self._failures[reason] == 1:  # once per reason: a node's state, not each scrape's
            log.warning("gpumemd: an MPS limit not read (%s: %s); that GPU's series left out "
                        "(gpumemd_mps_control_failures_total)", reason, what)

    def _trusted(self, pipe: str, owners: frozenset[int]) -> int | None:
        owner = trusted_pipe(pipe, owners)
        if owner is None:
            self._failed("untrusted", "the pipe directory is not root's or this daemon's user's alone")
        return owner

    def _server_daemon(self, server: int) -> _Daemon | None:
        """A running server's control daemon: its parent, named as it is, its pipe trusted."""
        env = self._settings(server)
        parent = self._parent(server)
        daemon = None if parent is None else self._settings(parent)
        uid = None if parent is None else self._uid(parent)
        if env is None or daemon is None or uid is None:
            self._failed("unreadable", "the server's or its control daemon's environment")
            return None
        pipe = daemon.get(PIPE_VAR) or DEFAULT_PIPE
        if self._trusted(pipe, frozenset({uid} & {0, self._euid})) is None:
            return None
        return _Daemon(pipe, mps_limit.visible_devices(env.get(_VISIBLE)))

    def _idle_daemon(self) -> _Daemon | None:
        """The control daemon of the configured pipe directory, where one listens there."""
        if not self._pipe or not os.path.lexists(os.path.join(self._pipe, "control")):
            return None  # no control daemon: no MPS here, nothing to say
        owner = self._trusted(self._pipe, frozenset({0, self._euid}))
        if owner is None:
            return None
        try:  # its devices: the daemon's environment, found by the pid it wrote
            fd = os.open(os.path.join(self._pipe, _PID_FILE), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            try:
                pid = int(os.read(fd, 32))
            finally:
                os.close(fd)
        except (OSError, ValueError):
            pid = 0
        env = self._settings(pid) if pid > 0 and self._uid(pid) == owner else None
        if env is None:
            self._failed("unreadable", "the control daemon's environment (its devices)")
            return None
        return _Daemon(self._pipe, mps_limit.visible_devices(env.get(_VISIBLE)))

    def _answer(self, daemon: _Daemon, command: str, parse: Callable[[str], _V | None]) -> _V | None:
        """The answer to `command` through its validator; a failure counted where it was asked
        (an answer kept from an earlier read was counted then)."""
        answer: Answer | None = self._control.ask(daemon.pipe, command)
        if answer is None:  # not asked this read (its calls spent): the next read asks
            return None
        value = None if answer.text is None else parse(answer.text)
        if value is None and not answer.cached:
            self._failed(answer.failure or "answer", command.split(" ", 1)[0])
        return value

    def _ask(self, daemon: _Daemon, server: int | None, index: int, uuid: str,
             limits: list[tuple[str, str, int]], threads: list[tuple[str, str, float]]) -> None:
        ordinal = mps_limit.ordinal(index, uuid, daemon.visible)
        if ordinal is None:
            return
        if server is None:
            memory = f"get_default_device_pinned_mem_limit {ordinal}"
            share = "get_default_active_thread_percentage"
        else:
            memory = f"get_device_pinned_mem_limit {server} {ordinal}"
            share = f"get_active_thread_percentage {server}"
        limit = self._answer(daemon, memory, _limit)
        if limit:  # 0: no limit set
            limits.append((str(index), uuid, limit))
        pct = self._answer(daemon, share, _percentage)
        if pct is not None:
            threads.append((str(index), uuid, pct))

    def read(self, cycle: Mapping[str, Any]) -> MpsReading:
        nvml = cycle.get("nvml")
        if nvml is None:  # no GPU processes known this sample: none to read (the nvml collector says why)
            return MpsReading((), (), tuple(self._failures.items()))
        self._control.new_read()
        daemons: dict[int, _Daemon | None] = {}
        idle: list[_Daemon | None] = []  # the configured pipe's daemon, looked for once a read
        limits: list[tuple[str, str, int]] = []
        threads: list[tuple[str, str, float]] = []
        for g in nvml.gpus:
            server = None
            for p in g.processes or ():
                try:
                    if self._comm(p.pid):
                        server = p.pid
                        break
                except OSError:
                    continue  # gone, or another PID namespace's
            if server is not None:
                if server not in daemons:
                    daemons[server] = self._server_daemon(server)
                daemon = daemons[server]
            else:
                if not idle:
                    idle.append(self._idle_daemon())
                daemon = idle[0]
            if daemon is not None and self._control.binary is None:
                if not self._said_no_binary:  # MPS runs here, and nothing to ask it with
                    self._said_no_binary = True
                    log.warning("gpumemd: MPS runs on this node but %s is not on the daemon's PATH: no MPS "
                                "limits read (sources.mps.control names it)", BINARY)
            elif daemon is not None:
                self._ask(daemon, server, g.index, g.uuid, limits, threads)
        return MpsReading(tuple(limits), tuple(threads), tuple(self._failures.items()))

    def families(self, reading: MpsReading) -> Iterable[Metric]:
        limits = metric("gpumemd_gpu_mps_memory_limit_bytes", ["gpu", "uuid"])
        for gpu, uuid, n in reading.memory_limits:
            limits.add_metric([gpu, uuid], n)
        threads = metric("gpumemd_gpu_mps_active_thread_percentage", ["gpu", "uuid"])
        for gpu, uuid, pct in reading.thread_percentages:
            threads.add_metric([gpu, uuid], pct)
        failures = metric("gpumemd_mps_control_failures", ["reason"])
        for reason, n in reading.failures:
            failures.add_metric([reason], n)
        yield limits
        yield threads
        yield failures
