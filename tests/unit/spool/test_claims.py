"""Who holds each rank identity (gpumemd/spool/claims.py): the first live claimant's uid, an
earlier-started process within one scan, a restarted rank of the same uid; the record a
restarted daemon reads, and a record it must not trust."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gpumemd.spool.claims import CLAIMS_PREFIX, CLAIMS_SUFFIX, Claims

KEY = ("job-7", "0")


class Procs:
    """Which pids live and when each started (the kernel's answers, set by the test)."""

    def __init__(self, **starts: int) -> None:
        self.starts = {int(pid[1:]): start for pid, start in starts.items()}

    def alive(self, pid: int) -> bool:
        return pid in self.starts

    def started(self, pid: int) -> int | None:
        return self.starts.get(pid)


def claims(directory: Path, procs: Procs, max_files: int = 8) -> Claims:
    return Claims(directory, alive=procs.alive, started=procs.started, jobs=lambda pid: frozenset(),
                  max_files=max_files, read_only=False)


@contextmanager
def opened(directory: Path) -> Iterator[int]:
    dfd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        yield dfd
    finally:
        os.close(dfd)


def test_the_first_live_claimant_holds_another_uid_is_refused_its_own_uid_served(tmp_path: Path) -> None:
    procs = Procs(p100=5, p200=6, p300=7)
    c = claims(tmp_path, procs)
    assert c.claim(KEY, 1000, 100, scan=1) is None
    holder = c.claim(KEY, 2000, 200, scan=2)
    assert holder is not None and (holder.uid, holder.pid) == (1000, 100)
    assert c.claim(KEY, 1000, 300, scan=2) is None  # a restarted rank of the holder's uid
    del procs.starts[100]
    assert c.claim(KEY, 2000, 200, scan=3) is None  # the holder died: the next claimant takes it


def test_a_reused_pid_is_not_the_claimant(tmp_path: Path) -> None:
    procs = Procs(p100=5)
    c = claims(tmp_path, procs)
    assert c.claim(KEY, 1000, 100, scan=1) is None
    procs.starts[100] = 99  # pid 100 is another process now
    assert c.claim(KEY, 2000, 100, scan=2) is None


def test_within_one_scan_the_earlier_started_process_wins(tmp_path: Path) -> None:
    c = claims(tmp_path, Procs(p100=50, p200=10))
    assert c.claim(KEY, 1000, 100, scan=1) is None
    assert c.claim(KEY, 2000, 200, scan=1) is None  # started first: takes it in the same scan
    holder = c.claim(KEY, 1000, 100, scan=2)
    assert holder is not None and holder.uid == 2000


def test_a_restarted_daemon_keeps_the_claims_and_distrusts_a_bad_record(tmp_path: Path) -> None:
    procs = Procs(p100=5, p200=6)
    first = claims(tmp_path, procs)
    assert first.claim(KEY, 1000, 100, scan=1) is None
    first.save()
    (saved,) = [p for p in tmp_path.iterdir() if p.name.startswith(CLAIMS_PREFIX)]
    assert saved.name.endswith(CLAIMS_SUFFIX) and saved.stat().st_mode & 0o777 == 0o600
    second = claims(tmp_path, procs)
    with opened(tmp_path) as dfd:
        second.load_once(dfd)
    holder = second.claim(KEY, 2000, 200, scan=1)
    assert holder is not None and (holder.uid, holder.pid) == (1000, 100)
    saved.write_text('[["job-7", "0", -1, 100, 5]]')  # not a claim: the whole record is dropped
    third = claims(tmp_path, procs)
    with opened(tmp_path) as dfd:
        third.load_once(dfd)
    assert third.claim(KEY, 2000, 200, scan=1) is None


def test_at_the_cap_the_claims_of_dead_processes_are_dropped(tmp_path: Path) -> None:
    procs = Procs(p1=1)
    c = claims(tmp_path, procs, max_files=1)  # at most 4 claims
    for i in range(4):
        procs.starts[10 + i] = 1
        assert c.claim(("job", str(i)), 1000, 10 + i, scan=1) is None
    for i in range(4):
        del procs.starts[10 + i]
    assert c.claim(("job", "new"), 1000, 1, scan=2) is None
    c.save()
    (saved,) = [p for p in tmp_path.iterdir() if p.name.startswith(CLAIMS_PREFIX)]
    assert saved.read_text() == '[["job", "new", 1000, 1, 1]]'
