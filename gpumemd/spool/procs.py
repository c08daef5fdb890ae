"""What the daemon asks the kernel of a live process a spool file is named for: whether it
lives (`pid_alive`), which uid owns it (`proc_owner`), when it started (`proc_start`: with the
pid, one process for its lifetime) and which scheduler jobs its cgroups name (`proc_jobs`). Each
answers for our PID namespace and never raises: a process gone or unreadable is "none".
They are `SpoolReader`'s defaults, which it hands to `Claims`; tests inject their own.
"""

from __future__ import annotations

import os
import re

__all__ = ["pid_alive", "proc_jobs", "proc_owner", "proc_start"]


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    except OSError:
        return False
    return True


def proc_owner(pid: int) -> int | None:
    """The uid that owns live process `pid` in our PID namespace; None where there is none."""
    try:
        return os.stat(f"/proc/{pid}").st_uid
    except (OSError, ValueError):
        return None


def proc_start(pid: int) -> int | None:
    """When live process `pid` started (clock ticks since boot, /proc/<pid>/stat's 22nd field):
    with the pid, what names one process for its lifetime; None where it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read(4096)
        # the command name (field 2) is in parentheses and may hold spaces or ')': split after the last
        return int(data[data.rindex(b")") + 2 :].split()[19])
    except (OSError, ValueError, IndexError):
        return None


_JOB_SEGMENT = re.compile(r"/job_([A-Za-z0-9._-]{1,64})(?=/|$)", re.MULTILINE)


def proc_jobs(pid: int) -> frozenset[str]:
    """The scheduler jobs whose cgroups hold live process `pid` (`/proc/<pid>/cgroup`: Slurm's
    `…/job_<id>/…`, cgroup v1 or v2): set by the scheduler as root, so no user can put a process
    of theirs into another's job. Empty where none is named or it cannot be read."""
    try:
        with open(f"/proc/{pid}/cgroup", "rb") as f:
            data = f.read(64 << 10).decode("ascii", "replace")
    except (OSError, ValueError):
        return frozenset()
    return frozenset(_JOB_SEGMENT.findall(data))
