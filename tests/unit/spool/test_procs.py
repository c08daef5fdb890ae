"""What the daemon asks the kernel of a pid (gpumemd/spool/procs.py), asked of real processes:
one alive, one reaped, one whose command name holds a space and a ')'."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from gpumemd.spool.procs import _JOB_SEGMENT, pid_alive, proc_jobs, proc_owner, proc_start


@pytest.fixture
def odd_child(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A live process whose /proc/<pid>/stat command field is `(a) b)`."""
    exe = tmp_path / "a) b"
    exe.symlink_to(sys.executable)
    child = subprocess.Popen([str(exe), "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        yield child
    finally:
        child.kill()
        child.wait()


@pytest.fixture
def reaped() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_live_process_is_alive_and_owned_and_a_reaped_one_is_neither(reaped: int) -> None:
    assert pid_alive(os.getpid())
    assert proc_owner(os.getpid()) == os.geteuid()
    assert not pid_alive(reaped)
    assert proc_owner(reaped) is None
    assert proc_start(reaped) is None
    assert proc_jobs(reaped) == frozenset()


def test_the_start_time_is_read_past_a_command_name_holding_a_parenthesis(odd_child) -> None:
    with open(f"/proc/{odd_child.pid}/stat", "rb") as f:
        assert b"(a) b)" in f.read()  # the name this test is about
    start = proc_start(odd_child.pid)
    assert start is not None and start >= (proc_start(os.getpid()) or 0)
    # psutil's create_time is the same field, in seconds from boot
    assert start / os.sysconf("SC_CLK_TCK") + psutil.boot_time() == pytest.approx(
        psutil.Process(odd_child.pid).create_time(), abs=0.05
    )


def test_the_jobs_are_slurms_job_segments_of_either_cgroup_version() -> None:
    cgroups = (
        "0::/system.slice/slurmstepd.scope/job_4242/step_0/user/task_0\n"
        "4:memory:/slurm/uid_1000/job_77.x/step_batch\n"
        "3:cpuset:/slurm/uid_1000/not_job_9/job_\n"
        "1:cpu:/job_8/\n"
    )
    assert set(_JOB_SEGMENT.findall(cgroups)) == {"4242", "77.x", "8"}
