"""Host memory, and the resident memory of the processes NVML found on a GPU (psutil).

Exposition::

    gpumemd_host_memory_total_bytes 1.35e+11
    gpumemd_host_memory_available_bytes 1.32e+11
    gpumemd_host_swap_used_bytes 0
    gpumemd_process_resident_memory_bytes{pid="424"} 1.9e+09

A process that vanished between NVML's list and our look-up, or that we may not read
(AccessDenied, another user's process without privileges), is left out of this sample.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from prometheus_client.core import Metric

from .base import gauge

log = logging.getLogger("gpumemd.host")

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class ProcessUnreadable(Exception):
    """The process is gone, or we may not read it."""


class HostApi(Protocol):
    def virtual_memory(self) -> dict[str, int]: ...  # total, available, used
    def swap_memory(self) -> dict[str, int]: ...  # total, used
    def process_rss(self, pid: int) -> int: ...  # raises ProcessUnreadable


@dataclass(frozen=True)
class HostReading:
    total_bytes: int
    available_bytes: int
    used_bytes: int
    swap_total_bytes: int
    swap_used_bytes: int
    process_rss_bytes: Mapping[int, int]


class HostSource:
    name = "host"
    names = frozenset({  # every family name families() may return (see NvmlSource.names)
        "gpumemd_host_memory_total_bytes", "gpumemd_host_memory_available_bytes", "gpumemd_host_memory_used_bytes",
        "gpumemd_host_swap_total_bytes", "gpumemd_host_swap_used_bytes", "gpumemd_process_resident_memory_bytes",
    })

    def __init__(self, api: HostApi, *, process_rss: bool = True) -> None:
        self._api = api
        self._process_rss = process_rss

    def read(self, cycle: Mapping[str, Any]) -> HostReading:
        vm = self._api.virtual_memory()
        swap = self._api.swap_memory()
        rss: dict[int, int] = {}
        nvml = cycle.get("nvml")
        if self._process_rss and nvml is not None:
            for pid in sorted(nvml.pids()):
                try:
                    rss[pid] = self._api.process_rss(pid)
                except ProcessUnreadable:
                    continue
        return HostReading(vm["total"], vm["available"], vm["used"], swap["total"], swap["used"], rss)

    def families(self, reading: HostReading) -> Iterable[Metric]:
        for name, doc, value in (
            ("gpumemd_host_memory_total_bytes", "Host memory in total.", reading.total_bytes),
            ("gpumemd_host_memory_available_bytes", "Host memory available to new processes.", reading.available_bytes),
            ("gpumemd_host_memory_used_bytes", "Host memory used.", reading.used_bytes),
            ("gpumemd_host_swap_total_bytes", "Swap in total.", reading.swap_total_bytes),
            ("gpumemd_host_swap_used_bytes", "Swap used.", reading.swap_used_bytes),
        ):
            g = gauge(name, doc)
            g.add_metric([], value)
            yield g
        if self._process_rss:
            rss = gauge("gpumemd_process_resident_memory_bytes", "Resident host memory of a GPU process.", ["pid"])
            for pid, value in sorted(reading.process_rss_bytes.items()):
                rss.add_metric([str(pid)], value)
            yield rss


class Psutil:
    """HostApi over psutil; keeps Process objects between samples (6 µs vs 15 µs a read)."""

    def __init__(self) -> None:
        import psutil

        self._ps = psutil
        self._procs: dict[int, Any] = {}
        # The agent reads its own RSS every sample: /proc/self/statm through a kept file
        # descriptor (pread at 0 regenerates it) costs ~2 µs; psutil's is_running() +
        # memory_info() ~15 µs. None: not opened yet; False: not available (not Linux).
        self._own: tuple[int, int] | bool | None = None  # (pid, fd)

    def _own_rss(self, pid: int) -> int | None:
        own = self._own
        try:
            if not isinstance(own, tuple) or own[0] != pid:  # first use, or a forked child
                if isinstance(own, tuple):
                    os.close(own[1])  # the parent's view, inherited
                own = self._own = (pid, os.open("/proc/self/statm", os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)))
            return int(os.pread(own[1], 128, 0).split()[1]) * _PAGE
        except (OSError, ValueError, IndexError):
            self._own = False
            return None

    def virtual_memory(self) -> dict[str, int]:
        vm = self._ps.virtual_memory()
        return {"total": vm.total, "available": vm.available, "used": vm.used}

    def swap_memory(self) -> dict[str, int]:
        sw = self._ps.swap_memory()
        return {"total": sw.total, "used": sw.used}

    def process_rss(self, pid: int) -> int:
        if pid == os.getpid() and self._own is not False:
            rss = self._own_rss(pid)
            if rss is not None:
                return rss
        ps = self._ps
        proc = self._procs.get(pid)
        try:
            if proc is None or not proc.is_running():  # is_running also catches PID reuse
                proc = self._procs[pid] = ps.Process(pid)
            return int(proc.memory_info().rss)
        except (ps.NoSuchProcess, ps.AccessDenied, ps.ZombieProcess) as exc:
            self._procs.pop(pid, None)
            raise ProcessUnreadable(str(exc)) from None
        finally:
            if len(self._procs) > 4096:  # bound the cache against PID churn
                self._procs.clear()
