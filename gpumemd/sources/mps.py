"""Collector `mps`: the limits NVIDIA's Multi-Process Service gives a new client of a GPU, read
from the environment of the MPS server NVML lists on it (torch-free; the daemon's).

Exposition (a node whose MPS control daemon was started with
`CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=40G` and `CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=50`)::

    gpumemd_gpu_mps_memory_limit_bytes{gpu="0",uuid="GPU-56…"} 4.294967296e+10
    gpumemd_gpu_mps_active_thread_percentage{gpu="0",uuid="GPU-56…"} 50

The server (`nvidia-cuda-mps-server`, `/proc/<pid>/comm` "nvidia-cuda-mps") is started by the
control daemon with its environment, whose two variables are the defaults of every client it
serves: a client's device allocations past the limit fail as if the GPU were full, whatever is
free. The limit's ordinal is the server's device numbering: the position in its
`CUDA_VISIBLE_DEVICES` (an NVML index or a UUID), else NVML's index (CUDA's order, where it is
the PCI bus order: `CUDA_DEVICE_ORDER=PCI_BUS_ID`, or a node of one GPU model). A limit set later
through the control daemon's pipe (`set_default_device_pinned_mem_limit`) or by a client itself
is not in that environment, and is not read.

The environment is another process's, and holds anything: only processes NVML lists on a GPU
whose name is the server's are opened; only the three variables are taken from it, each through
its one validator (`mps_limit.parse`, `_percentage`, `_visible`); an environment past
`MAX_ENVIRON` bytes is not read. One that the daemon may not read (another user's, without
privileges) leaves that GPU without the series.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd.known_metrics import collected_by

from . import mps_limit
from .base import Source, metric

__all__ = ["MAX_ENVIRON", "MpsReading", "MpsSource", "server_settings"]

MAX_ENVIRON = 1 << 20  # a process's environment past a MiB is not one a daemon started with
SERVER_COMM = b"nvidia-cuda-mps"  # /proc/<pid>/comm: the server's name cut to 15 bytes
_THREADS = "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE"
_VISIBLE = "CUDA_VISIBLE_DEVICES"
_WANTED = (mps_limit.ENV_VAR.encode(), _THREADS.encode(), _VISIBLE.encode())
_PERCENT = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,6})?", re.ASCII)
_DEVICE = re.compile(r"[0-9]{1,4}|(?:MIG-|GPU-)?[0-9A-Za-z-]{1,80}", re.ASCII)


@dataclass(frozen=True)
class MpsReading:
    """Each GPU's MPS server defaults: (gpu, uuid, value) for those the server's environment sets."""

    memory_limits: tuple[tuple[str, str, int], ...]
    thread_percentages: tuple[tuple[str, str, float], ...]


def _percentage(value: str | None) -> float | None:
    if value is None or not _PERCENT.fullmatch(value):
        return None
    pct = float(value)
    return pct if 0 < pct <= 100 else None


def _visible(value: str | None) -> list[str] | None:
    """CUDA_VISIBLE_DEVICES as the entries it lists (None: unset or not a list of devices)."""
    if value is None:
        return None
    items = [item.strip() for item in value.split(",")][:1024]
    return items if items and all(_DEVICE.fullmatch(item) for item in items) else None


def server_settings(environ: bytes) -> dict[str, str]:
    """The three variables of a NUL-separated environment (`/proc/<pid>/environ`), nothing else."""
    out: dict[str, str] = {}
    for entry in environ.split(b"\0"):
        name, sep, value = entry.partition(b"=")
        if sep and name in _WANTED:
            out[name.decode()] = value[: mps_limit.MAX_CHARS + 1].decode("utf-8", "replace")
    return out


def _ordinal(index: int, uuid: str, visible: list[str] | None) -> int | None:
    """This GPU's number in the server's numbering (None: the server does not see it)."""
    if visible is None:
        return index
    for i, item in enumerate(visible):
        if item == str(index) or (item.startswith("GPU-") and uuid.startswith(item)):
            return i
    return None


class MpsSource(Source[MpsReading]):
    """The MPS server's default client limits on each GPU that runs one (module docstring)."""

    name = "mps"
    names = collected_by("mps")  # the families declared with its name (known_metrics)

    def __init__(self, proc_root: str | Path = "/proc") -> None:
        self._proc = Path(proc_root)

    def _settings(self, pid: int) -> dict[str, str] | None:
        """A server's variables, or None: not the server, gone, unreadable, too large."""
        try:
            with open(self._proc / str(pid) / "comm", "rb") as f:
                if f.read(64).strip() != SERVER_COMM:
                    return None
            with open(self._proc / str(pid) / "environ", "rb") as f:
                environ = f.read(MAX_ENVIRON + 1)
        except OSError:  # gone, another PID namespace, or another user's without privileges
            return None
        return None if len(environ) > MAX_ENVIRON else server_settings(environ)

    def read(self, cycle: Mapping[str, Any]) -> MpsReading:
        nvml = cycle.get("nvml")
        if nvml is None:  # no GPU processes known this sample: none to read (the nvml collector says why)
            return MpsReading((), ())
        servers: dict[int, dict[str, str] | None] = {}
        limits, threads = [], []
        for g in nvml.gpus:
            for p in g.processes or ():
                if p.pid not in servers:
                    servers[p.pid] = self._settings(p.pid)
                env = servers[p.pid]
                if env is None:
                    continue
                ordinal = _ordinal(g.index, g.uuid, _visible(env.get(_VISIBLE)))
                parsed = mps_limit.parse(env.get(mps_limit.ENV_VAR, ""))
                if ordinal is not None and parsed:
                    limit = parsed.get(ordinal, parsed.get(mps_limit.ALL))
                    if limit is not None:
                        limits.append((str(g.index), g.uuid, limit))
                pct = _percentage(env.get(_THREADS))
                if ordinal is not None and pct is not None:
                    threads.append((str(g.index), g.uuid, pct))
                break  # one server a GPU
        return MpsReading(tuple(limits), tuple(threads))

    def families(self, reading: MpsReading) -> Iterable[Metric]:
        limits = metric("gpumemd_gpu_mps_memory_limit_bytes", ["gpu", "uuid"])
        for gpu, uuid, n in reading.memory_limits:
            limits.add_metric([gpu, uuid], n)
        threads = metric("gpumemd_gpu_mps_active_thread_percentage", ["gpu", "uuid"])
        for gpu, uuid, pct in reading.thread_percentages:
            threads.add_metric([gpu, uuid], pct)
        yield limits
        yield threads
