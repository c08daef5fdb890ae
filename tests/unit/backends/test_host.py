"""The host backends: `Proc` (Linux's /proc, what the daemon reads) gives psutil's figures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from gpumemd.backends.host import HostMemory, Proc, ProcessUnreadable, Psutil, host_api

linux = pytest.mark.skipif(not os.path.isfile("/proc/meminfo"), reason="Linux's /proc only")
MiB = 1 << 20


@linux
def test_proc_reads_what_psutil_reads_on_this_machine() -> None:
    proc, ps = Proc(), Psutil()
    mine, theirs = proc.memory(), ps.memory()
    assert mine.total == theirs.total
    # read a moment apart on a machine that runs other work: the same within a little
    assert abs(mine.available - theirs.available) < 256 * MiB
    assert mine.used == mine.total - mine.available
    assert mine.swap_total == theirs.swap_total
    pid = os.getpid()
    assert abs(proc.process_rss(pid) - psutil.Process(pid).memory_info().rss) < 64 * MiB
    assert isinstance(host_api(), Proc)


@linux
def test_a_process_gone_is_unreadable() -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait(30)
    with pytest.raises(ProcessUnreadable):
        Proc().process_rss(child.pid)


def _meminfo(root: Path, **fields: int) -> Proc:
    root.mkdir(exist_ok=True)
    (root / "meminfo").write_text("".join(f"{k}: {v} kB\n" for k, v in fields.items()))
    return Proc(str(root))


def test_psutils_rules_on_a_recorded_meminfo(tmp_path: Path) -> None:
    proc = _meminfo(tmp_path, MemTotal=1000, MemFree=100, MemAvailable=600, SwapTotal=50, SwapFree=45)
    assert proc.memory() == HostMemory(1024000, 614400, 409600, 51200, 5120)
    # MemAvailable above MemTotal (a kernel's accounting glitch): psutil reads MemFree instead
    proc = _meminfo(tmp_path, MemTotal=1000, MemFree=100, MemAvailable=2000)
    assert proc.memory().available == 102400
    (tmp_path / "77").mkdir()
    (tmp_path / "77" / "statm").write_text("900 250 30 1 0 200 0\n")
    assert proc.process_rss(77) == 250 * os.sysconf("SC_PAGE_SIZE")


def test_one_read_of_meminfo_answers_a_samples_memory_and_swap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proc = _meminfo(tmp_path, MemTotal=1000, MemFree=100, MemAvailable=600, SwapTotal=50, SwapFree=45)
    opened: list[str] = []
    real_open = open
    monkeypatch.setattr("builtins.open",
                        lambda path, *a, **k: opened.append(str(path)) or real_open(path, *a, **k))
    assert proc.memory() == HostMemory(1024000, 614400, 409600, 51200, 5120)
    assert opened == [f"{tmp_path}/meminfo"]
    _meminfo(tmp_path, MemTotal=1000, MemFree=100, MemAvailable=600, SwapTotal=50, SwapFree=10)
    assert proc.memory().swap_used == 40 * 1024  # each call a read of the file as it is now
