"""Who holds each rank identity in the spool: a `(job_id, rank)` belongs to the uid whose live
process claimed it first.

A claim is bound to the claiming process's start time (a reused pid is not the claimant) and
lasts while that process lives; another process of the holder's uid (a restarted rank) is
served, another uid's is refused. An identity nobody holds goes to the earliest-started of the
processes that claim it in one scan. A claimant the scheduler vouches for (its cgroups name the
job: procs.proc_jobs) takes the identity from a holder it does not vouch for, so a job id guessed
and claimed before the job started goes to the job's own process. The claims are kept in a file
of the daemon's own in the spool (`.gpumemd-claims-<secret>.json`), so a restarted daemon honours
them instead of handing the identity to whichever file it reads first. Bounded: claims of dead
processes are dropped at the cap, and the file is read whole and valid or not at all.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpumemd.fs import SafeDir, WriteError, read_owned
from gpumemd.known_metrics import is_pid
from gpumemd.untrusted import loads_json

__all__ = ["CLAIMS_PREFIX", "CLAIMS_SUFFIX", "OPEN_FLAGS", "Claim", "Claims"]

log = logging.getLogger("gpumemd.spool")

OPEN_FLAGS = (
    os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
)  # how a file in the spool is opened to read (the ranks' too); getattr: not on every platform

CLAIMS_PREFIX, CLAIMS_SUFFIX = ".gpumemd-claims-", ".json"
"""The daemon's record of who holds each identity (`.gpumemd-claims-<secret>.json` in the spool):
a name with a secret, so no other user can hold it first; only a file of the daemon's own is read."""
_MAX_CLAIMS_BYTES = 4 << 20


@dataclass
class Claim:
    """The process that holds an identity."""

    uid: int
    pid: int
    start: int | None = None  # the process's start time (proc_start): a reused pid is another process
    scan: int = -1  # the scan that made it: only a claim of this scan yields to an earlier-started process


class Claims:
    """One spool reader's claims, `(job_id, rank)` -> Claim; `alive(pid)`, `started(pid)` and
    `jobs(pid)` (the scheduler jobs whose cgroups hold pid) as the reader's (injected by tests);
    at most `4 * max_files` claims."""

    def __init__(
        self,
        directory: Path,
        *,
        alive: Callable[[int], bool],
        started: Callable[[int], int | None],
        jobs: Callable[[int], frozenset[str]],
        max_files: int,
        read_only: bool,
    ) -> None:
        self._dir = directory
        self._alive, self._started, self._jobs = alive, started, jobs
        self._max_files = max_files
        self._read_only = read_only
        self._uid = os.geteuid()
        self._claims: dict[tuple[str, str], Claim] = {}
        self._loaded = False
        self._saved: list[list[Any]] | None = None  # what the claims file holds now
        self._name = f"{CLAIMS_PREFIX}{secrets.token_hex(8)}{CLAIMS_SUFFIX}"
        self._said = False

    def claim(self, key: tuple[str, str], uid: int, pid: int, scan: int) -> Claim | None:
        """`uid`'s process `pid` claims `key` in scan `scan`: None when it may hold it (it holds it
        now, or its uid does), else the claim that holds it."""
        claim = self._claims.get(key)
        start = self._started(pid)
        mine = theirs = False  # whether the scheduler vouches for this claimant, for the holder
        if claim is not None and claim.uid != uid:
            mine, theirs = self._vouched(key[0], pid), self._vouched(key[0], claim.pid)
        earlier = claim is not None and claim.scan == scan and _earlier(start, claim.start) and mine >= theirs
        if claim is None or not self.holds(claim) or earlier or mine > theirs:
            if len(self._claims) >= 4 * self._max_files:  # bound it: drop the claims of dead processes
                self._claims = {k: c for k, c in self._claims.items() if self.holds(c)}
            self._claims[key] = Claim(uid, pid, start, scan)
            return None
        if claim.uid == uid:  # another process of the holder's uid (a restarted rank): served
            return None
        return claim

    def _vouched(self, job: str, pid: int) -> bool:
        """Whether the scheduler put process `pid` into job `job`'s cgroup."""
        return bool(job) and job in self._jobs(pid)

    def holds(self, claim: Claim) -> bool:
        """Whether the claiming process still lives: its pid, started when it claimed."""
        if not self._alive(claim.pid):
            return False
        start = self._started(claim.pid) if claim.start is not None else None
        return start is None or start == claim.start

    def load_once(self, dfd: int) -> None:
        """The claims a daemon before this one recorded, read at the first scan (`dfd`: the spool)."""
        if not self._loaded:
            self._loaded = True
            self._load(dfd)

    def _load(self, dfd: int) -> None:
        """The newest claims file of our own uid, whole and valid, or none (said once)."""
        best: tuple[float, str] | None = None
        try:
            with os.scandir(dfd) as it:
                for i, entry in enumerate(it):
                    if i >= 64 * self._max_files:
                        break
                    if entry.name.startswith(CLAIMS_PREFIX) and entry.name.endswith(CLAIMS_SUFFIX):
                        st = entry.stat(follow_symlinks=False)
                        if stat.S_ISREG(st.st_mode) and st.st_uid == self._uid and st.st_nlink == 1:
                            if best is None or (st.st_mtime, entry.name) > best:
                                best = (st.st_mtime, entry.name)
        except OSError:
            return
        if best is None:
            return
        try:
            rows = loads_json(read_owned(dfd, best[1], limit=_MAX_CLAIMS_BYTES, owners=(self._uid,)))
            claims = {}
            for job, ident, uid, pid, start in rows[: 4 * self._max_files]:
                if not (isinstance(job, str) and isinstance(ident, str) and len(job) + len(ident) <= 2048
                        and type(uid) is int and uid >= 0 and is_pid(pid)
                        and (start is None or (type(start) is int and start >= 0))):
                    raise ValueError("a claim that is not [job, rank, uid, pid, start]")
                claims[(job, ident)] = Claim(uid, pid, start)
        except (OSError, ValueError, TypeError, RecursionError) as exc:  # json's errors are ValueErrors
            log.warning("spool %s: the claims of the last daemon not read (%s): first claims start afresh",
                        self._dir, exc)
            return
        self._claims.update(claims)
        log.info("spool %s: %d identity claims of the last daemon kept", self._dir, len(claims))

    def save(self) -> None:
        """Record the claims of live processes, when they changed (a restarted daemon reads them)."""
        if self._read_only:
            return
        rows = sorted([job, ident, c.uid, c.pid, c.start] for (job, ident), c in self._claims.items())
        if rows == self._saved:
            return
        directory = SafeDir(self._dir, what="claims", create=False)
        try:
            directory.write(self._name, json.dumps(rows).encode(), mode=0o600)
            directory.rotate(CLAIMS_PREFIX, CLAIMS_SUFFIX, keep=1)
            self._saved = rows
            self._said = False
        except WriteError as exc:
            if not self._said:  # said once per failing streak; the claims hold in memory meanwhile
                self._said = True
                log.warning("spool %s: identity claims not recorded: %s", self._dir, exc)


def _earlier(start: int | None, than: int | None) -> bool:
    return start is not None and than is not None and start < than
