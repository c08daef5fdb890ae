"""The daemon's side of the spool: `SpoolReader` reads every rank's file from a directory
other users can write into.

What it reads is bounded (files, bytes, series, in total and per owning uid), validated by one
function (`format.validate`), attributed (the file's owner must own the pid it is named for,
checked before the file is read), and a bad file costs one rejection, counted once per version
of the file, never the sample. A `(job_id, rank)` identity belongs to the uid whose live process
claimed it first (claims.py): the claim is bound to that process's start time (a reused pid is not the
claimant) and kept in a file of the daemon's own in the spool, so a restarted daemon honours it
instead of handing the identity to whichever file it reads first; an identity nobody holds goes to
the earliest-started of the processes that claim it in one scan; a claimant the scheduler vouches
for (its cgroups name the job) takes it from a holder it does not. Ranks served by the last scan are
read and admitted first, so nothing published later (junk files, more ranks, more series) can take
their place; the totals are shared by the uids present, so uids together never crowd out another.
"""

from __future__ import annotations

import gc
import logging
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gpumemd.config import SpoolSourceConfig

from .claims import OPEN_FLAGS, Claims
from .format import (
    DROP_REASONS,
    NOTHING,
    REASONS,
    RankFile,
    Rejection,
    SpoolReading,
    agent_schema,
    file_pid,
    own_pidns,
    parse,
    source_key,
)
from .format import identity_labels as _identity_labels
from .procs import pid_alive, proc_jobs, proc_owner, proc_start

__all__ = ["SpoolReader", "identity_labels"]

log = logging.getLogger("gpumemd.spool")


_OPEN = OPEN_FLAGS  # a rank's file is opened as the claims file is


def _group_id(group: str) -> int:
    if group.isdigit():
        return int(group)
    import grp  # noqa: PLC0415 (POSIX only, and only when configured)

    return grp.getgrnam(group).gr_gid


_Key = tuple[int, int, int]  # (inode, size, mtime_ns): a version of a file


CHURN_WINDOW = 60.0  # seconds: `max_uid_new_series` is per window


@dataclass
class _Churn:
    start: float
    count: int = 0
    known: set[int] = field(default_factory=set)


class SpoolReader:
    """The daemon's reading of the spool directory: every live, verified rank's file.

    Each read opens the directory once (O_NOFOLLOW) and works relative to that descriptor, so a
    directory swapped for a symlink mid-scan changes nothing. A file is parsed once per version:
    an accepted one is reused while its inode and size stand (a heartbeat only moves the mtime;
    only its owner can rewrite it in place, and it is their rank), a rejected or expired one is
    skipped until its (inode, size, mtime_ns) change.

    `read_only`: never create, delete or change anything (`gpumemd explain`'s local sample)."""

    def __init__(
        self,
        directory: Path,
        *,
        expire_intervals: int = 5,
        clock: Callable[[], float] = time.time,
        alive: Callable[[int], bool] = pid_alive,
        owner: Callable[[int], int | None] = proc_owner,
        started: Callable[[int], int | None] = proc_start,
        settings: SpoolSourceConfig | None = None,
        jobs: Callable[[int], frozenset[str]] = proc_jobs,
        pidns: str | None | Any = NOTHING,
        reserved: frozenset[str] | None = None,
        read_only: bool = False,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """`owner(pid)`: the uid of live process pid, `started(pid)` its start time, `jobs(pid)` the
        scheduler jobs its cgroups name (all injected by tests); `settings`: a
        `config.SpoolSourceConfig` (defaults when None); `pidns`: ours (None: unknown);
        `reserved`: family names no rank may publish (the daemon's own); `monotonic`: the scan's
        time budget's clock."""
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
        self._max_total_bytes = int(settings.max_total_bytes)
        self._uid_files, self._uid_series = int(settings.max_uid_files), int(settings.max_uid_series)
        self._uid_bytes, self._uid_churn = int(settings.max_uid_bytes), int(settings.max_uid_new_series)
        self._scan_bytes, self._scan_seconds = int(settings.max_scan_bytes), float(settings.max_scan_seconds)
        self._read_only = read_only
        self._monotonic = monotonic
        self._schema = agent_schema()
        self._pidns = own_pidns() if pidns is NOTHING else pidns
        self._reserved = reserved or frozenset()
        self._uid = os.geteuid()
        self._counts = {"expired": 0, "errors": 0, "conflicts": 0, "deferred": 0}
        self._rejected = dict.fromkeys(REASONS, 0)
        self._dropped = dict.fromkeys(DROP_REASONS, 0)
        # (job_id, rank) -> the process that holds it
        self._claims = Claims(directory, alive=alive, started=started, jobs=jobs, max_files=self._max_files,
                              read_only=read_only)
        self._scans = 0
        self._churn: dict[int, _Churn] = {}  # uid -> its new label sets in this window
        self._served: list[str] = []  # names of the files served by the last scan, in scan order
        self._served_set: set[str] = set()
        self._fresh: set[str] = set()  # names parsed in this scan (a new version)
        self._budget: dict[str, float] = {}  # this scan's bytes read, new files read, when it started
        # name -> (inode, size) of a parsed version refused by a budget or a claim: not held in
        # memory, not parsed again until it changes (a heartbeat does not)
        self._parked: dict[str, tuple[int, int]] = {}
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
        owners = {
            source_key(r.pid, r.identity): uid for r in ranks if (uid := self._owner_uid(r)) is not None
        }
        return SpoolReading(
            ranks, {**self._counts, "errors": errors}, dict(self._rejected), dict(self._dropped), owners
        )

    def _open_dir(self) -> int | None:
        path = str(self._dir)
        try:
            dfd = os.open(
                path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
            )  # getattr: not on every platform
        except FileNotFoundError:
            if not self._read_only:
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
            log.info(
                "spool %s created (mode %s%s)",
                self._dir,
                "1777" if self._world else "1770",
                f", group {self._group}" if self._group else "",
            )
        except FileExistsError:
            pass
        except (OSError, KeyError, OverflowError) as exc:  # KeyError: no such group
            log.warning("cannot create spool %s: %s", self._dir, exc)

    def _entries(self, dfd: int) -> list[tuple[str, int]]:
        """The directory's agent files as (name, pid), at most `max_files`: the ranks served by
        the last scan first, by name (not by where readdir happens to list them), then the
        others in readdir's order, of which at most `64 * max_files` entries are looked at;
        at most `max_uid_files` of one owner's."""
        found = [(name, file_pid(name) or 0) for name in self._served]
        known = set(self._served)
        self._listed = set()  # skipped by the cap: still present, still said once
        limit = 64 * self._max_files  # entries looked at, whatever their names
        with os.scandir(dfd) as it:
            for i, entry in enumerate(it):
                if i >= limit:
                    log.debug("spool %s: more than %d entries, the rest not looked at", self._dir, limit)
                    break
                pid = file_pid(entry.name)
                if pid is not None and entry.name not in known:
                    found.append((entry.name, pid))
        if len(found) <= min(self._uid_files, self._max_files):
            return found
        # One uid could pass its cap, or several fill the total: each file's owner decides.
        owned: list[tuple[str, int, int | None]] = []
        for name, pid in found:
            good = self._good.get(name) if name in known else None
            if good is not None:
                owned.append((name, pid, good[2].uid))
                continue
            try:
                owned.append((name, pid, os.stat(name, dir_fd=dfd, follow_symlinks=False).st_uid))
            except OSError:  # gone since it was listed
                continue
        keep: set[str] = set()
        per_uid: dict[int | None, int] = {}
        share = _share(self._max_files, owned)
        later = []
        for name, _pid, uid in owned:  # each uid's files up to its share of the total first
            if per_uid.get(uid, 0) >= self._uid_files:
                self._reject(name, None, "too_many_files", f"uid {uid} has more than {self._uid_files}")
                self._listed.add(name)
            elif per_uid.get(uid, 0) >= share:
                later.append((name, uid))
            else:
                per_uid[uid] = per_uid.get(uid, 0) + 1
                keep.add(name)
        for name, uid in later:  # then what is left of the total, in scan order
            if len(keep) >= self._max_files or per_uid.get(uid, 0) >= self._uid_files:
                self._reject(name, None, "too_many_files",
                             f"more than {self._max_files} files, uid {uid} past its share of {share}")
                self._listed.add(name)
            else:
                per_uid[uid] = per_uid.get(uid, 0) + 1
                keep.add(name)
        return [(name, pid) for name, pid, _ in owned if name in keep]

    def _scan(self, dfd: int, now: float) -> list[RankFile]:
        ranks: dict[tuple[tuple[str, str], ...], tuple[str, RankFile]] = {}
        self._scans += 1
        self._claims.load_once(dfd)
        self._fresh = set()
        self._budget = {"bytes": 0, "new": 0, "start": self._monotonic()}
        self._served_set = set(self._served)
        entries = self._entries(dfd)
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
                self._expire(dfd, name, dead or not verified)
                continue
            key = tuple(sorted(_identity_labels(rank.pid, rank.identity).items()))
            if not self._claimed(name, rank, self._owner_uid(rank)):
                continue
            other = ranks.get(key)
            if other is not None and self._owner_uid(other[1]) != self._owner_uid(rank):
                # the claim moved in this scan to an earlier-started process of another uid
                self._park(other[0])
                self._reject(other[0], ("claim", rank.pid), "identity_conflict",
                             f"rank {rank.identity.get('rank', '')[:64]!r} goes to the earlier-started "
                             f"or scheduler-vouched pid {rank.pid} of uid {self._owner_uid(rank)}")
                del ranks[key]
            elif other is not None:  # one uid's two live processes claim one identity: keep the newest
                self._counts["conflicts"] += 1
                if other[1].written >= rank.written:
                    continue
                del ranks[key]
            ranks[key] = (name, rank)
        self._claims.save()
        served = self._admit(list(ranks.values()), now)
        self._served = [name for name, _ in served]
        live = {name for name, _ in entries} | self._listed
        for cache in (self._good, self._skip, self._said, self._logged, self._parked):
            for name in [n for n in cache if n not in live]:
                del cache[name]
        if len(self._owners) > 4 * self._max_files:  # bound it against pid churn
            self._owners.clear()
        return [rank for _, rank in served]

    def _expire(self, dfd: int, name: str, delete: bool) -> None:
        self._counts["expired"] += 1
        self._good.pop(name, None)
        if delete and not self._read_only:  # unverified: silent that long, gone or not
            try:
                os.unlink(name, dir_fd=dfd)
            except OSError:
                pass
        try:  # left (alive, or not ours to delete): skipped until it changes
            st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
            self._skip[name] = (st.st_ino, st.st_size, st.st_mtime_ns)
        except OSError:
            pass

    def _park(self, name: str) -> None:
        good = self._good.pop(name, None)
        if good is not None:
            self._parked[name] = (good[0], good[1])

    def _owner_uid(self, rank: RankFile) -> int | None:
        """Whose rank this is: the owner of its pid where known (a root-owned file speaks for
        the pid's owner), else the file's owner."""
        owner = self._owners.get(rank.pid)
        return owner if owner is not None else rank.uid

    def _claimed(self, name: str, rank: RankFile, uid: int | None) -> bool:
        """Whether `rank` may hold its `(job_id, rank)` identity (claims.py); a rank-less file's
        identity is its own pid."""
        ident = rank.identity.get("rank")
        if not ident or uid is None:
            return True
        key = (rank.identity.get("job_id") or "", ident)
        holder = self._claims.claim(key, uid, rank.pid, self._scans)
        if holder is None:
            return True
        self._park(name)
        self._reject(
            name,
            ("claim", holder.uid, holder.pid, uid),
            "identity_conflict",
            f"rank {ident[:64]!r} of job {key[0][:64]!r} belongs to uid {holder.uid} (pid {holder.pid}), "
            f"not to uid {uid}",
        )
        return False

    def _admit(self, ranks: list[tuple[str, RankFile]], now: float) -> list[tuple[str, RankFile]]:
        """The ranks within the budgets (series and bytes, in total and per uid; new label sets
        per uid and window), in scan order: the ranks served last time first, so a newcomer is
        the one refused. The totals are shared: each uid's ranks are admitted up to its share of
        them (the total over the uids present) before any uid's ranks past their share, so uids
        together never crowd out another's."""
        owned = [(name, rank, self._owner_uid(rank)) for name, rank in ranks]
        share_series = _share(self._max_total, owned)
        share_bytes = _share(self._max_total_bytes, owned)
        used = {"series": 0, "bytes": 0}
        uid_series: dict[int | None, int] = {}
        uid_bytes: dict[int | None, int] = {}
        admitted: set[str] = set()
        later = []
        for name, rank, uid in owned:
            series, cost = uid_series.get(uid, 0) + rank.series, uid_bytes.get(uid, 0) + rank.bytes
            if series > self._uid_series:
                self._refuse(name, "too_many_series", f"uid {uid}'s series pass {self._uid_series}")
            elif cost > self._uid_bytes:
                self._refuse(name, "too_many_bytes", f"uid {uid}'s series pass the bytes budget")
            elif series > share_series or cost > share_bytes:
                later.append((name, rank, uid))
            elif self._take(name, rank, uid, now, used, uid_series, uid_bytes):
                admitted.add(name)
        for name, rank, uid in later:  # past their uid's share: what the total has left, in scan order
            series, cost = uid_series.get(uid, 0) + rank.series, uid_bytes.get(uid, 0) + rank.bytes
            if used["series"] + rank.series > self._max_total or series > self._uid_series:
                self._refuse(name, "too_many_series", f"the ranks' series pass {self._max_total}, uid "
                             f"{uid}'s past its share of {share_series}")
            elif used["bytes"] + rank.bytes > self._max_total_bytes or cost > self._uid_bytes:
                self._refuse(name, "too_many_bytes", f"all ranks' series pass the bytes budget, uid "
                             f"{uid}'s past its share")
            elif self._take(name, rank, uid, now, used, uid_series, uid_bytes):
                admitted.add(name)
        return [(name, rank) for name, rank in ranks if name in admitted]

    def _refuse(self, name: str, reason: str, detail: str) -> None:
        self._park(name)
        self._reject(name, None, reason, detail)

    def _take(self, name: str, rank: RankFile, uid: int | None, now: float, used: dict[str, int],
              uid_series: dict[int | None, int], uid_bytes: dict[int | None, int]) -> bool:
        """Admit `rank` into the counts, unless its uid's churn refuses it."""
        if uid is not None and not self._churn_ok(name, rank, uid, now):
            return False
        used["series"] += rank.series
        used["bytes"] += rank.bytes
        uid_series[uid] = uid_series.get(uid, 0) + rank.series
        uid_bytes[uid] = uid_bytes.get(uid, 0) + rank.bytes
        return True

    def _churn_ok(self, name: str, rank: RankFile, uid: int, now: float) -> bool:
        """A new version may bring at most `max_uid_new_series` label sets its uid's ranks have
        not had in this window; more is churn, and the version is refused (until it changes)."""
        if name not in self._fresh:
            return True  # a version already admitted
        churn = self._churn.get(uid)
        if churn is None or not 0 <= now - churn.start < CHURN_WINDOW:
            known: set[int] = set()  # what the uid's admitted versions hold is not new in the next window
            for held, (_, _, good) in self._good.items():
                if held not in self._fresh and (good.uid == uid or self._owners.get(good.pid) == uid):
                    for fam in good.families:
                        known.update(fam[4])
            churn = self._churn[uid] = _Churn(now, 0, known)
            if len(self._churn) > 4 * self._max_files:
                self._churn = {uid: churn}
        keys: set[int] = set()
        for fam in rank.families:
            keys.update(fam[4])
        new = keys - churn.known
        if churn.count + len(new) > self._uid_churn:
            self._park(name)
            self._reject(
                name,
                ("churn", self._parked.get(name)),
                "label_churn",
                f"uid {uid}: more than {self._uid_churn} new label sets in {CHURN_WINDOW:.0f} s",
            )
            return False
        churn.count += len(new)
        churn.known |= new
        return True

    def _load(self, dfd: int, name: str, name_pid: int) -> RankFile | None:
        try:
            st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
        except FileNotFoundError:  # the agent exited between listing and reading
            return None
        except OSError as exc:
            self._reject(name, None, "not_regular", f"cannot stat: {exc.strerror or exc}")
            return None
        key = (st.st_ino, st.st_size, st.st_mtime_ns)
        if self._skip.get(name) == key or self._parked.get(name) == (st.st_ino, st.st_size):
            return None
        good = self._good.get(name)
        if (
            good is not None
            and good[0] == st.st_ino
            and good[1] == st.st_size
            and stat.S_ISREG(st.st_mode)
            and st.st_nlink == 1
        ):
            return self._stamped(good[2], st)
        previous = self._good.pop(name, None)
        if not stat.S_ISREG(st.st_mode):
            return self._reject(name, key, "not_regular", "not a regular file")
        if st.st_size > self._max_bytes:
            return self._reject(name, key, "too_large", f"{st.st_size} bytes, more than {self._max_bytes}")
        # The scan's budget defers new files to the next scan, never a rank served by the last
        # one (bounded by the per-uid budgets already); each scan reads at least one new file.
        if name not in self._served_set:
            if self._budget["new"] and (
                self._budget["bytes"] + st.st_size > self._scan_bytes
                or self._monotonic() - self._budget["start"] > self._scan_seconds
            ):
                self._counts["deferred"] += 1
                return None
            self._budget["new"] += 1
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
            # Who may speak for the pid is decided before a byte is read: one file under many
            # names (a hardlink), or a file of a uid that does not own the pid it is named for,
            # costs a stat, not a parse. (Under accept_unverified the pid may be another PID
            # namespace's, whose owner this one cannot see: decided after the parse.)
            if fst.st_nlink != 1:
                return self._reject(name, key, "hardlinked", f"{fst.st_nlink} names for one file")
            owner = None if self._accept_unverified else self._owner(name_pid)
            if owner is not None and fst.st_uid not in (0, owner):
                return self._reject(
                    name,
                    ("owner", fst.st_uid, owner),
                    "not_owner",
                    f"owned by uid {fst.st_uid}, pid {name_pid} by uid {owner}",
                )
            self._budget["bytes"] += fst.st_size
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
        result = parse(
            b"".join(chunks),
            name_pid=name_pid,
            reserved=self._reserved,
            max_series=self._max_series,
            schema=self._schema,
            previous=previous[2] if previous is not None else None,  # its series' labels checked
        )
        del chunks
        if isinstance(result, Rejection):
            return self._reject(name, key, result.reason, result.detail)
        for reason, n in result.dropped.items():  # once per version, as it is parsed once
            self._dropped[reason] += n
        self._fresh.add(name)
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
            self._reject(
                name,
                ("owner", rank.uid, owner),
                "not_owner",
                f"owned by uid {rank.uid}, pid {rank.pid} by uid {owner}",
            )
            return None
        if self._accept_unverified:
            return False
        if not foreign and now - rank.written > rank.interval:
            return True  # a rank that died before we saw it: the expiry deletes it
        self._reject(
            name,
            ("unverified", rank.pid),
            "pid_unknown",
            f"pid {rank.pid} is {'in another PID namespace' if foreign else 'not running'}: "
            "owner unverifiable (sources.spool.accept_unverified)",
        )
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


def _share(total: int, owned: list[Any]) -> int:
    """Each uid's share of a `total` among the uids owning `owned` (rows ending in the uid)."""
    return total // max(1, len({row[-1] for row in owned}))


def identity_labels(rank: RankFile) -> dict[str, str]:
    """The labels that tell `rank`'s series from every other rank's (format.identity_labels)."""
    return _identity_labels(rank.pid, rank.identity)
