"""The host (/proc, psutil) behind a narrow Protocol: `HostApi`, its adapter `Psutil`."""

from __future__ import annotations

import os
from typing import Any, Protocol

__all__ = ["HostApi", "ProcessUnreadable", "Psutil"]

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class ProcessUnreadable(Exception):
    """The process is gone, or we may not read it."""


class HostApi(Protocol):
    """What the host source reads of the machine (memory, swap, a process's RSS): psutil, or a
    replay in tests."""

    def virtual_memory(self) -> dict[str, int]: ...  # total, available, used
    def swap_memory(self) -> dict[str, int]: ...  # total, used
    def process_rss(self, pid: int) -> int: ...  # raises ProcessUnreadable


class Psutil:
    """HostApi over psutil; keeps Process objects between samples (a read is then cheaper)."""

    def __init__(self) -> None:
        import psutil

        self._ps = psutil
        self._procs: dict[int, Any] = {}
        # The agent reads its own RSS every sample: /proc/self/statm through a kept file
        # descriptor (pread at 0 regenerates it) is far cheaper than psutil's is_running() +
        # memory_info(). None: not opened yet; False: not available (not Linux).
        self._own: tuple[int, int] | bool | None = None  # (pid, fd)

    def _own_rss(self, pid: int) -> int | None:
        own = self._own
        try:
            if not isinstance(own, tuple) or own[0] != pid:  # first use, or a forked child
                if isinstance(own, tuple):
                    os.close(own[1])  # the parent's view, inherited
                own = self._own = (
                    pid,
                    os.open("/proc/self/statm", os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)),
                )  # getattr: not on every platform
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
