"""The daemon's side of the spool: `SpoolReader` reads every rank's file from a directory
other users can write into.

What it reads is bounded (files, bytes, series), validated by one function
(`format.validate`), attributed (the file's owner must own the pid it is named for), and a bad
file costs one rejection, counted once per version of the file, never the sample.
"""

from __future__ import annotations

import gc
import logging
import os
import re
import stat
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gpumemd.config import SpoolSourceConfig

from .format import NOTHING, REASONS, RankFile, Rejection, own_pidns, parse

__all__ = ["SpoolReader", "SpoolReading", "identity_labels", "pid_alive", "proc_owner"]

log = logging.getLogger("gpumemd.spool")


_OPEN = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)  # getattr: not on every platform
_FILE_RE = re.compile(r"agent-([1-9][0-9]{0,6})\.json\Z")


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


@dataclass(frozen=True)
class SpoolReading:
    ranks: tuple[RankFile, ...]
    counts: Mapping[str, int] = field(default_factory=dict)  # expired, errors, conflicts (cumulative)
    rejected: Mapping[str, int] = field(default_factory=dict)  # reason -> files (cumulative)


def _group_id(group: str) -> int:
    if group.isdigit():
        return int(group)
    import grp  # noqa: PLC0415 (POSIX only, and only when configured)

    return grp.getgrnam(group).gr_gid


_Key = tuple[int, int, int]  # (inode, size, mtime_ns): a version of a file


class SpoolReader:
    """The daemon's reading of the spool directory: every live, verified rank's file.

    Each read opens the directory once (O_NOFOLLOW) and works relative to that descriptor, so a
    directory swapped for a symlink mid-scan changes nothing. A file is parsed once per version:
    an accepted one is reused while its inode and size stand (a heartbeat only moves the mtime;
    only its owner can rewrite it in place, and it is their rank), a rejected or expired one is
    skipped until its (inode, size, mtime_ns) change."""

    def __init__(self, directory: Path, *, expire_intervals: int = 5,
                 clock: Callable[[], float] = time.time, alive: Callable[[int], bool] = pid_alive,
                 owner: Callable[[int], int | None] = proc_owner, settings: SpoolSourceConfig | None = None,
                 pidns: str | None | Any = NOTHING, reserved: frozenset[str] | None = None) -> None:
        """`owner(pid)`: the uid of live process pid (injected by tests); `settings`: a
        `config.SpoolSourceConfig` (defaults when None); `pidns`: ours (None: unknown); `reserved`: family names no rank may publish
        (the daemon's own)."""
        self._dir = directory
        self._expire_intervals = expire_intervals
        self._clock, self._alive, self._owner = clock, alive, owner
        settings = settings if settings is not None else SpoolSourceConfig()
        self._group = settings.group
        self._world = bool(settings.world_writable)
        self._accept_unverified = bool(settings.accept_unverified)
        self._max_bytes = int(settings.max_file_bytes)
        self._max_files = int(settings.max_files)
        self._max_series = int(settings.max_series)
        self._max_total = int(settings.max_total_series)
        self._pidns = own_pidns() if pidns is NOTHING else pidns
        self._reserved = reserved or frozenset()
        self._uid = os.geteuid()
        self._counts = {"expired": 0, "errors": 0, "conflicts": 0}
        self._rejected = dict.fromkeys(REASONS, 0)
        self._good: dict[str, tuple[int, int, RankFile]] = {}  # name -> (inode, size, parsed)
        self._skip: dict[str, _Key] = {}  # name -> version rejected or expired: not read again
        self._said: dict[str, tuple[_Key | None, str]] = {}  # name -> (version, reason) last counted
        self._logged: dict[str, set[str]] = {}  # name -> reasons logged (once each, while the file is there)
        self._owners: dict[int, int] = {}  # pid -> uid, seen alive: a rank's last words after it died
        self._dir_said: tuple[Any, str] | None = None
        self._listed: set[str] = set()  # skipped by the file cap in the last scan
        self._created = False

    # -- reading ---------------------------------------------------------------------

    def read(self) -> SpoolReading:
        now = self._clock()
        dfd = self._open_dir()
        if dfd is None:
            return self._reading(())
        # Ranks' files are many small acyclic objects: with the cyclic collector on, parsing
        # them sets off full collections over the whole heap, most of a large merge's cost.
        # Off for the scan (bounded by the caps), on again after; reference counting frees
        # what dies meanwhile.
        collecting = gc.isenabled()
        gc.disable()
        try:
            ranks = self._scan(dfd, now)
        finally:
            if collecting:
                gc.enable()
            os.close(dfd)
        ordered = tuple(sorted(ranks, key=lambda r: (r.identity.get("rank", ""), r.pid)))
        return self._reading(ordered)

    def _reading(self, ranks: tuple[RankFile, ...]) -> SpoolReading:
        errors = sum(self._rejected.values())  # the deprecated errors counter: every rejection
        return SpoolReading(ranks, {**self._counts, "errors": errors}, dict(self._rejected))

    def _open_dir(self) -> int | None:
        path = str(self._dir)
        try:
            dfd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))  # getattr: not on every platform
        except FileNotFoundError:
            self._create()
            return None  # no agent can have published yet
        except OSError as exc:  # a symlink (ELOOP), not a directory, not ours to read
            self._unsafe(None, f"cannot open it: {exc.strerror or exc}")
            return None
        st = os.fstat(dfd)
        problem = None
        if st.st_uid not in (0, self._uid):
            problem = f"owned by uid {st.st_uid}, neither root nor this daemon"
        elif st.st_mode & 0o022 and not st.st_mode & stat.S_ISVTX:
            problem = f"mode {stat.S_IMODE(st.st_mode):o}: writable by others without the sticky bit"
        if problem is not None:
            os.close(dfd)
            self._unsafe((st.st_ino, st.st_uid, st.st_mode), problem)
            return None
        if self._dir_said is not None:
            log.info("spool %s is safe again", path)
            self._dir_said = None
        return dfd

    def _unsafe(self, key: Any, problem: str) -> None:
        if self._dir_said != (key, problem):  # once per state of the directory
            self._dir_said = (key, problem)
            self._rejected["unsafe_directory"] += 1
            log.warning("spool %s not read: %s", self._dir, problem)

    def _create(self) -> None:
        """Create the directory the agents publish into: 1770 with the configured group, or
        1777 where the node's users share no group (`world_writable`)."""
        if self._created:
            return
        self._created = True  # tried once; an agent may create it instead (private to its user)
        try:
            self._dir.parent.mkdir(parents=True, exist_ok=True)
            os.mkdir(self._dir, 0o700)
            if self._group:
                os.chown(self._dir, -1, _group_id(self._group))
            os.chmod(self._dir, 0o1777 if self._world else 0o1770)
            log.info("spool %s created (mode %s%s)", self._dir, "1777" if self._world else "1770",
                     f", group {self._group}" if self._group else "")
        except FileExistsError:
            pass
        except (OSError, KeyError, OverflowError) as exc:  # KeyError: no such group
            log.warning("cannot create spool %s: %s", self._dir, exc)

    def _entries(self, dfd: int) -> list[tuple[str, int]]:
        """The directory's agent files as (name, pid), at most `max_files`: known ranks first."""
        found: list[tuple[str, int]] = []
        self._listed = set()  # skipped by the cap: still present, still said once
        limit = 8 * self._max_files  # entries looked at, whatever their names
        with os.scandir(dfd) as it:
            for i, entry in enumerate(it):
                if i >= limit:
                    log.debug("spool %s: more than %d entries, the rest not looked at", self._dir, limit)
                    break
                m = _FILE_RE.match(entry.name)
                if m is not None:
                    found.append((entry.name, int(m.group(1))))
        if len(found) > self._max_files:
            found.sort(key=lambda e: (e[0] not in self._good, e[0]))
            for name, _ in found[self._max_files:]:
                self._reject(name, None, "too_many_files", f"more than {self._max_files} files")
                self._listed.add(name)
            del found[self._max_files:]
        return found

    def _scan(self, dfd: int, now: float) -> list[RankFile]:
        ranks: dict[tuple[tuple[str, str], ...], RankFile] = {}
        entries = self._entries(dfd)
        total = 0
        for name, name_pid in entries:
            rank = self._load(dfd, name, name_pid)
            if rank is None:
                continue
            verified = self._verify(name, rank, now)
            if verified is None:
                continue
            if rank.written > now:  # a time to come would never expire and win every conflict
                rank = replace(rank, written=now)
            age = now - rank.written
            dead = verified and not self._alive(rank.pid)
            if age > self._expire_intervals * rank.interval or (age > rank.interval and dead):
                self._counts["expired"] += 1
                self._good.pop(name, None)
                if dead or not verified:  # unverified: silent that long, gone or not
                    try:
                        os.unlink(name, dir_fd=dfd)
                    except OSError:
                        pass
                try:  # left (alive, or not ours to delete): skipped until it changes
                    st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
                    self._skip[name] = (st.st_ino, st.st_size, st.st_mtime_ns)
                except OSError:
                    pass
                continue
            if total + rank.series > self._max_total:
                self._reject(name, None, "too_many_series", f"the ranks' series pass {self._max_total}")
                continue
            total += rank.series
            key = tuple(sorted(identity_labels(rank).items()))
            other = ranks.get(key)
            if other is not None:  # two live processes claim one identity: keep the newest
                self._counts["conflicts"] += 1
                if other.written >= rank.written:
                    continue
            ranks[key] = rank
        live = {name for name, _ in entries} | self._listed
        for cache in (self._good, self._skip, self._said, self._logged):
            for name in [n for n in cache if n not in live]:
                del cache[name]
        if len(self._owners) > 4 * self._max_files:  # bound it against pid churn
            self._owners.clear()
        return list(ranks.values())

    def _load(self, dfd: int, name: str, name_pid: int) -> RankFile | None:
        try:
            st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
        except FileNotFoundError:  # the agent exited between listing and reading
            return None
        except OSError as exc:
            self._reject(name, None, "not_regular", f"cannot stat: {exc.strerror or exc}")
            return None
        key = (st.st_ino, st.st_size, st.st_mtime_ns)
        if self._skip.get(name) == key:
            return None
        good = self._good.get(name)
        if good is not None and good[0] == st.st_ino and good[1] == st.st_size and stat.S_ISREG(st.st_mode):
            return self._stamped(good[2], st)
        self._good.pop(name, None)
        if not stat.S_ISREG(st.st_mode):
            return self._reject(name, key, "not_regular", "not a regular file")
        if st.st_size > self._max_bytes:
            return self._reject(name, key, "too_large", f"{st.st_size} bytes, more than {self._max_bytes}")
        try:
            fd = os.open(name, _OPEN, dir_fd=dfd)
        except FileNotFoundError:
            return None
        except OSError as exc:  # a symlink swapped in (ELOOP), unreadable
            return self._reject(name, key, "not_regular", f"cannot open: {exc.strerror or exc}")
        try:
            fst = os.fstat(fd)
            key = (fst.st_ino, fst.st_size, fst.st_mtime_ns)
            if not stat.S_ISREG(fst.st_mode):
                return self._reject(name, key, "not_regular", "not a regular file")
            chunks, left = [], self._max_bytes + 1
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        except OSError as exc:
            return self._reject(name, key, "not_regular", f"cannot read: {exc.strerror or exc}")
        finally:
            os.close(fd)
        if left <= 0:
            return self._reject(name, key, "too_large", f"more than {self._max_bytes} bytes")
        result = parse(b"".join(chunks), name_pid=name_pid, reserved=self._reserved, max_series=self._max_series)
        del chunks
        if isinstance(result, Rejection):
            return self._reject(name, key, result.reason, result.detail)
        rank = replace(result, uid=fst.st_uid)
        self._good[name] = (fst.st_ino, fst.st_size, rank)
        self._said.pop(name, None)
        return self._stamped(rank, fst)

    @staticmethod
    def _stamped(rank: RankFile, st: os.stat_result) -> RankFile:
        """Version 2's heartbeat: a rank's age runs from the later of `written` and the mtime."""
        if st.st_mtime <= rank.written:
            return rank
        return replace(rank, written=st.st_mtime)

    def _verify(self, name: str, rank: RankFile, now: float) -> bool | None:
        """True: the file's owner owns its pid (or is root); False: unverifiable and accepted
        (`accept_unverified`); None: rejected."""
        foreign = rank.pidns is not None and self._pidns is not None and rank.pidns != self._pidns
        owner = None if foreign else self._owner(rank.pid)
        if owner is not None:
            self._owners[rank.pid] = owner
        elif not foreign:
            owner = self._owners.get(rank.pid)  # died since we saw it: its last words
        if owner is not None:
            if rank.uid in (0, owner, None):
                return True
            self._reject(name, ("owner", rank.uid, owner), "not_owner",
                         f"owned by uid {rank.uid}, pid {rank.pid} by uid {owner}")
            return None
        if self._accept_unverified:
            return False
        if not foreign and now - rank.written > rank.interval:
            return True  # a rank that died before we saw it: the expiry deletes it
        self._reject(name, ("unverified", rank.pid), "pid_unknown",
                     f"pid {rank.pid} is {'in another PID namespace' if foreign else 'not running'}: "
                     "owner unverifiable (sources.spool.accept_unverified)")
        return None

    def _reject(self, name: str, key: Any, reason: str, detail: str) -> RankFile | None:
        """Count a file once per version and reason, log it once per reason; a version is
        skipped after.
        Returns None (nothing to merge), for the callers to return."""
        if isinstance(key, tuple) and len(key) == 3 and all(isinstance(k, int) for k in key):
            self._skip[name] = key
        if self._said.get(name) != (key, reason):
            self._said[name] = (key, reason)
            self._rejected[reason] += 1
            logged = self._logged.setdefault(name, set())
            if reason not in logged:  # a file rewritten every second is counted, not logged, again
                logged.add(reason)
                log.warning("spool file %s rejected (%s): %s", name, reason, detail)
        return None


def identity_labels(rank: RankFile) -> dict[str, str]:
    ident = rank.identity
    out = {"rank": ident["rank"]} if ident.get("rank") else {"pid": str(rank.pid)}
    if ident.get("job_id"):
        out["job_id"] = ident["job_id"]
    return out
