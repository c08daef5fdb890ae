"""The host (/proc, psutil) behind a narrow Protocol: `HostApi`, its adapters `Proc` (Linux's
/proc, what the node daemon reads) and `Psutil` (elsewhere); `host_api()` picks one."""

from __future__ import annotations

import os
from typing import Any, NamedTuple, Protocol

__all__ = ["HostApi", "HostMemory", "Proc", "ProcessUnreadable", "Psutil", "host_api"]

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class ProcessUnreadable(Exception):
    """The process is gone, or we may not read it."""


class HostMemory(NamedTuple):
    """The machine's memory and swap, in bytes, from one read."""

    total: int
    available: int
    used: int
    swap_total: int
    swap_used: int


class HostApi(Protocol):
    """What the host source reads of the machine (memory and swap, a process's RSS): /proc,
    psutil, or a replay in tests."""

    def memory(self) -> HostMemory: ...  # memory and swap together: one read of the kernel's figures
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

    def memory(self) -> HostMemory:
        vm, sw = self._ps.virtual_memory(), self._ps.swap_memory()
        return HostMemory(vm.total, vm.available, vm.used, sw.total, sw.used)

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


_MEMINFO = (b"MemTotal:", b"MemFree:", b"MemAvailable:", b"SwapTotal:", b"SwapFree:")


class Proc:
    """HostApi over Linux's /proc, without psutil: the node daemon reads the host's memory and
    its GPU processes' RSS every sample, and psutil, once imported, stays in its resident
    memory for good. The figures are psutil's on Linux: `available` is MemAvailable (psutil
    estimates it on kernels without one: this reads it through psutil there), `used` is
    `total - available`; swap `used` is SwapTotal - SwapFree; a process's RSS is the resident
    pages of /proc/PID/statm."""

    def __init__(self, root: str = "/proc") -> None:
        self._root = root
        self._psutil: Psutil | None = None  # only for a kernel without MemAvailable

    def _meminfo(self) -> dict[str, int]:
        """The fields read here, in bytes (absent ones left out): found, not parsed line by line."""
        with open(f"{self._root}/meminfo", "rb") as f:
            data = f.read()
        out = {}
        for key in _MEMINFO:
            if data.startswith(key):
                start = 0
            else:
                start = data.find(b"\n" + key) + 1
                if start == 0:
                    continue  # not on this kernel
            end = data.find(b"\n", start)
            fields = data[start + len(key) : end if end >= 0 else None].split()
            if fields and fields[0].isdigit():
                out[key[:-1].decode()] = int(fields[0]) * 1024  # kB
        return out

    def memory(self) -> HostMemory:
        m = self._meminfo()
        total, available = m.get("MemTotal", 0), m.get("MemAvailable", 0)
        if not available:  # older than Linux 3.14: psutil's estimate
            self._psutil = self._psutil or Psutil()
            return self._psutil.memory()
        available = m.get("MemFree", 0) if available > total else available
        swap = m.get("SwapTotal", 0)
        return HostMemory(total, available, total - available, swap, swap - m.get("SwapFree", 0))

    def process_rss(self, pid: int) -> int:
        try:
            with open(f"{self._root}/{int(pid)}/statm", "rb") as f:
                return int(f.read().split()[1]) * _PAGE
        except (OSError, ValueError, IndexError) as exc:  # gone, not ours to read, or torn
            raise ProcessUnreadable(f"pid {pid}: {type(exc).__name__}") from None


def host_api() -> HostApi:
    """What reads this machine: /proc where there is one (Linux), else psutil."""
    return Proc() if os.path.isfile("/proc/meminfo") else Psutil()

