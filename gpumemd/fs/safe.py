"""Every file gpumemd writes goes through here: spool files, allocator snapshots, step
traces, profiler outputs, captures.

The threat: another local user who can write into (or name) the directory plants a
symlink, a FIFO or a file at a name we are about to write, hoping we write through it
(over the victim's checkpoint) or stop publishing. So:

- the directory is reached once per operation from `/`, one component at a time
  (`openat(parent, name, O_DIRECTORY|O_NOFOLLOW)`), and every later step is relative to the
  fd that walk ends on: nothing re-resolves the path in between. Each directory on the way
  must be root's or this user's and not writable by group or others unless sticky (as
  OpenSSH's StrictModes): nobody else can move what lies below it. A symbolic link on the
  way is followed only if root or this user owns it, and its target is walked by the same
  rule (`/var/run` -> `/run` passes; another user's link in `/tmp` does not);
- the directory must be this user's, or root's with the sticky bit (the spool's shared
  layout, root:<group> 1770/1777); one writable by group or others without the sticky bit
  is refused (anyone could rename our files away or replace them);
- data goes to a fresh temp file (`O_CREAT|O_EXCL|O_NOFOLLOW`, an unpredictable name), then
  `rename` inside the directory: nothing is ever written through, or truncated in, a file
  we did not create, and a planted temp name cannot stop a publish;
- rotation and removal touch only regular files of this user under our own names
  (`lstat` through the dir fd), so dangling symlinks, FIFOs, directories or other users'
  files are skipped, never counted, and the count and byte bounds keep holding.

Expected failures (permissions, a full or read-only filesystem, a file where the directory
should be...) are a `WriteError` with a short `reason`; `Problems` turns them into one log
line per state and a count in `write_errors` (the agent exports it as
`gpumemd_agent_write_errors_total{what,reason}`).

`os` calls only (Linux and macOS): `dir_fd` and `follow_symlinks=False` where the platform has
them (`os.supports_dir_fd`), which CPython has on both.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import secrets
import stat
import threading
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Problems", "SafeDir", "WriteError", "WriteErrors", "file_stamp", "name_part", "read_owned",
           "write_errors", "write_report", "write_user_file"]

_log = logging.getLogger(__name__)

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)  # getattr: not on every platform
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | _CLOEXEC
# the directories on the way: searched, never read (Linux's O_PATH; a 0711 home passes)
_WAY_FLAGS = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY | os.O_NOFOLLOW | _CLOEXEC
_MAX_LINKS = 40  # symbolic links followed in one walk: the kernel's own bound (ELOOP past it)
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | _CLOEXEC
_TEMP_AGE = 600.0  # a temp file of ours older than this is a crashed writer's: swept by rotate()

# errno -> the `reason` label: a small, fixed set (a label value, so never free text)
_REASONS = {
    errno.EACCES: "permission", errno.EPERM: "permission", errno.ENOSPC: "no-space",
    errno.EDQUOT: "quota", errno.EROFS: "read-only", errno.ENOTDIR: "not-a-directory",
    errno.ELOOP: "symlink", errno.EEXIST: "exists", errno.ENOENT: "missing", errno.EFBIG: "too-large",
    errno.EISDIR: "is-a-directory", errno.EMLINK: "too-many-links", errno.ENAMETOOLONG: "name-too-long",
}


class WriteError(OSError):
    """An expected failure to write `what` (a kind of file: "spool", "snapshot", ...) under
    `path`: `reason` is a short label value ("permission", "no-space", "not-owned", ...)
    and `str()` one line for a log. An OSError (with the cause's errno, if any), so a
    library caller's `except OSError` still holds."""

    def __init__(self, what: str, path: str | os.PathLike[str], reason: str, detail: str,
                 code: int | None = None) -> None:
        super().__init__(code or 0, detail)
        self.what, self.path, self.reason, self.detail = what, os.fspath(path), reason, detail

    def __str__(self) -> str:
        return f"cannot write {self.what} in {self.path}: {self.detail}"

    @classmethod
    def of(cls, what: str, path: str | os.PathLike[str], exc: OSError) -> WriteError:
        if isinstance(exc, WriteError):
            return exc
        reason = _REASONS.get(exc.errno or 0, "io")
        return cls(what, path, reason, exc.strerror or str(exc), exc.errno)


class WriteErrors:
    """Expected write failures of this process, counted by (what, reason)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, str], int] = {}

    def note(self, what: str, reason: str) -> None:
        with self._lock:
            self._counts[(what, reason)] = self._counts.get((what, reason), 0) + 1

    def counts(self) -> dict[tuple[str, str], int]:
        with self._lock:
            return dict(self._counts)


write_errors = WriteErrors()  # the process's: one agent per process exports it


class Problems:
    """One writer's failures: every one counted, logged once per state (a new reason), and
    once more when writing works again — never every second."""

    def __init__(self, logger: logging.Logger, counts: WriteErrors | None = None) -> None:
        self._log = logger
        self._counts = counts if counts is not None else write_errors
        self._state: tuple[str, str] | None = None  # (what, reason) of the failure standing

    @property
    def failing(self) -> bool:
        return self._state is not None

    def failed(self, err: WriteError) -> None:
        self._counts.note(err.what, err.reason)
        state = (err.what, err.reason)  # not the path: each snapshot has a name of its own
        if state != self._state:
            self._state = state
            self._log.warning("%s", err)

    def ok(self, what: str, path: str | os.PathLike[str]) -> None:
        if self._state is not None:
            self._state = None
            self._log.info("%s: writing %s works again", os.fspath(path), what)


@dataclass(frozen=True)
class _Entry:
    name: str
    size: int
    mtime: float


class SafeDir:
    """A directory gpumemd writes into (see the module docstring). Each operation opens and
    checks it; each raises `WriteError` for an expected failure and nothing else for one.

    `create`: make a missing directory with `mode` (and its parents 0755). `owner_check`: refuse
    a directory that is not this user's (or root's and sticky), or that others may write
    without the sticky bit, or whose way from `/` another user controls; off only for a path a
    user named on a command line."""

    def __init__(self, path: str | os.PathLike[str], *, what: str, create: bool = True, mode: int = 0o700,
                 owner_check: bool = True) -> None:
        self.path = Path(path)
        # a directory a user named may be a symlink (their choice); a configured one may not
        self._flags = _DIR_FLAGS if owner_check else _DIR_FLAGS & ~os.O_NOFOLLOW
        self.what = what
        self._create, self._mode, self._owner_check = create, mode, owner_check
        self._euid = os.geteuid()

    # --- the directory ---

    @contextmanager
    def opened(self) -> Iterator[int]:
        """The checked directory's fd, closed on exit."""
        fd = self._open()
        try:
            yield fd
        finally:
            os.close(fd)

    def _open(self) -> int:
        try:
            if self._owner_check:
                return self._walk()
            try:
                fd = os.open(self.path, self._flags)
            except FileNotFoundError:
                if not self._create:
                    raise
                os.makedirs(self.path, mode=self._mode, exist_ok=True)
                fd = os.open(self.path, self._flags)
        except OSError as exc:
            if isinstance(exc, FileExistsError):  # makedirs: a file where the directory should be
                raise WriteError(self.what, self.path, "not-a-directory", "not a directory") from None
            raise WriteError.of(self.what, self.path, exc) from None
        return fd

    def _walk(self) -> int:
        """The directory's fd (read), reached from `/` one component at a time: each directory
        on the way checked by `_check_way`, each symbolic link by `_check_link` and then its
        target walked, the directory itself by `_check` (and never a link). Missing
        directories are made when `create`: the way 0755, the directory itself `mode`."""
        given = os.fspath(self.path)
        if not given.startswith("/"):
            given = os.getcwd().rstrip("/") + "/" + given
        todo = [part for part in given.split("/") if part not in ("", ".")]
        todo.reverse()  # a stack: a link's target goes on top
        way = [os.open("/", _WAY_FLAGS)]
        shown: list[str] = []  # the components walked, for messages
        links = 0
        try:
            self._check_way(os.fstat(way[0]), "/")
            while todo:
                name = todo.pop()
                if name == "..":
                    if len(way) > 1:
                        os.close(way.pop())
                        shown.pop()
                    continue
                at = "/" + "/".join([*shown, name])
                try:
                    st = os.stat(name, dir_fd=way[-1], follow_symlinks=False)
                except FileNotFoundError:
                    if not self._create:
                        raise
                    try:
                        os.mkdir(name, self._mode if not todo else 0o755, dir_fd=way[-1])
                    except FileExistsError:
                        pass  # made meanwhile: checked below like any other
                    st = os.stat(name, dir_fd=way[-1], follow_symlinks=False)
                if stat.S_ISLNK(st.st_mode):
                    if not todo:
                        raise WriteError(self.what, self.path, "symlink",
                                         "the directory is a symbolic link (not followed: name its target)")
                    self._check_link(st, at)
                    links += 1
                    if links > _MAX_LINKS:
                        raise OSError(errno.ELOOP, "too many levels of symbolic links")
                    target = os.readlink(name, dir_fd=way[-1])
                    if target.startswith("/"):
                        for below in way[1:]:
                            os.close(below)
                        del way[1:], shown[:]
                    todo.extend(reversed([part for part in target.split("/") if part not in ("", ".")]))
                    continue
                way.append(os.open(name, _WAY_FLAGS, dir_fd=way[-1]))
                shown.append(name)
                if todo:
                    self._check_way(os.fstat(way[-1]), at)
            fd = os.open(".", _DIR_FLAGS, dir_fd=way[-1])
        finally:
            for on_way in way:
                os.close(on_way)
        try:
            self._check(os.fstat(fd))
        except BaseException:
            os.close(fd)
            raise
        return fd

    def _check_way(self, st: os.stat_result, at: str) -> None:
        """A directory on the way: root's or ours, and writable by nobody else unless sticky."""
        if st.st_uid not in (0, self._euid):
            raise WriteError(self.what, self.path, "not-owned",
                             f"{at} on the way is owned by uid {st.st_uid}, not by root nor by this user "
                             f"({self._euid}): it could move what lies below; refused")
        if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not st.st_mode & stat.S_ISVTX:
            raise WriteError(self.what, self.path, "shared-not-sticky",
                             f"{at} on the way (mode {stat.S_IMODE(st.st_mode):o}) is writable by others "
                             "without the sticky bit: they could move what lies below; refused")

    def _check_link(self, st: os.stat_result, at: str) -> None:
        """A symbolic link on the way is followed only if root or this user made it."""
        if st.st_uid not in (0, self._euid):
            raise WriteError(self.what, self.path, "symlink",
                             f"{at} on the way is a symbolic link owned by uid {st.st_uid}, not by root "
                             f"nor by this user ({self._euid}); not followed")

    def _check(self, st: os.stat_result) -> None:
        if not self._owner_check:
            return
        sticky = bool(st.st_mode & stat.S_ISVTX)
        if st.st_uid != self._euid and not (st.st_uid == 0 and sticky):
            raise WriteError(self.what, self.path, "not-owned",
                             f"the directory is owned by uid {st.st_uid}, not by this user ({self._euid}) "
                             "nor by root with the sticky bit; refused")
        if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not sticky:
            raise WriteError(self.what, self.path, "shared-not-sticky",
                             f"the directory (mode {stat.S_IMODE(st.st_mode):o}) is writable by others "
                             "without the sticky bit; refused")

    # --- writing ---

    def write(self, name: str, data: bytes, *, mode: int = 0o644, fsync: bool = False,
              mtime: float | None = None) -> Path:
        """Replace `name` with `data`, atomically (temp file, rename); `mtime` sets the
        file's times; `fsync` for what must survive a crash (not the spool: tmpfs)."""
        with self.opened() as dfd:
            tmp = _temp_name(name)
            try:
                fd = os.open(tmp, _NEW_FLAGS, mode, dir_fd=dfd)
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(fd, view):]
                    if mtime is not None:
                        os.utime(fd, (mtime, mtime))
                    if fsync:
                        os.fsync(fd)
                finally:
                    os.close(fd)
                os.rename(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
            except OSError as exc:
                _unlink_quietly(tmp, dfd)
                raise WriteError.of(self.what, self.path / name, exc) from None
            except BaseException:
                _unlink_quietly(tmp, dfd)
                raise
        return self.path / name

    def write_by_path(self, name: str, produce: Callable[[str], None], *,
                      max_bytes: int | None = None) -> int | None:
        """For writers that only take a path (torch's `_dump_snapshot`, the profiler's
        `export_chrome_trace`): `produce(path)` writes into a fresh private directory
        (mode 0700, an unpredictable name, made through the dir fd: nobody else can plant
        anything there), then the result is checked (a regular file of ours) and renamed
        to `name`. The path handed over is `/proc/self/fd/<dir fd>/...` where there is
        one, so it resolves through the checked directory, not the path again. The size
        written, or None when it was over `max_bytes` (deleted). `produce`'s own
        exceptions propagate after the clean-up."""
        with self.opened() as dfd:
            sub = _temp_name(name)
            try:
                os.mkdir(sub, 0o700, dir_fd=dfd)
            except OSError as exc:
                raise WriteError.of(self.what, self.path / name, exc) from None
            try:
                base = (
                    f"/proc/self/fd/{dfd}" if os.path.isdir(f"/proc/self/fd/{dfd}") else os.fspath(self.path)
                )
                # under its final name: writers pick the format from the suffix (.json.gz: gzip)
                produce(os.path.join(base, sub, name))
                subfd = os.open(sub, _DIR_FLAGS, dir_fd=dfd)
                try:
                    st = os.stat(name, dir_fd=subfd, follow_symlinks=False)
                    if not stat.S_ISREG(st.st_mode) or st.st_uid != self._euid:
                        raise WriteError(self.what, self.path / name, "not-a-file", "the writer left no file")
                    if max_bytes is not None and st.st_size > max_bytes:
                        return None
                    os.rename(name, name, src_dir_fd=subfd, dst_dir_fd=dfd)
                    return st.st_size
                finally:
                    os.close(subfd)
            except OSError as exc:
                raise WriteError.of(self.what, self.path / name, exc) from None
            finally:
                _remove_private(sub, dfd)

    # --- touching, removing, rotating: regular files of this user only ---

    def touch(self, name: str, when: float) -> bool:
        """Set `name`'s times (a heartbeat) without following a symlink; False when it is
        not there or not a regular file of ours (to be written again)."""
        with self.opened() as dfd:
            try:
                if not self._mine(os.stat(name, dir_fd=dfd, follow_symlinks=False)):
                    return False
                os.utime(name, (when, when), dir_fd=dfd, follow_symlinks=False)
                return True
            except OSError:
                return False

    def remove(self, name: str) -> bool:
        """Remove `name` if it is a regular file of this user; never anything else."""
        with self.opened() as dfd:
            return self._remove_mine(dfd, name)

    def remove_temps(self, name: str) -> None:
        """Remove what a writer of `name` left (a crash mid-write): its temp files of ours."""
        with self.opened() as dfd:
            for entry in self._entries(dfd, f".{name}.", ".tmp"):
                _unlink_quietly(entry.name, dfd)

    def rotate(self, prefix: str, suffix: str, *, keep: int, max_bytes: int | None = None) -> list[str]:
        """Keep the newest `keep` of our files named `prefix*suffix`, and only as many of
        the newest as fit in `max_bytes` together; delete the rest (and stale temp files of
        ours). Anything else in the directory is neither counted nor touched. The names
        deleted."""
        with self.opened() as dfd:
            mine = sorted(self._entries(dfd, prefix, suffix), key=lambda e: (e.mtime, e.name), reverse=True)
            removed, total = [], 0
            for i, entry in enumerate(mine):
                total += entry.size
                if i >= keep or (max_bytes is not None and total > max_bytes):
                    if self._remove_mine(dfd, entry.name):
                        removed.append(entry.name)
            stale = time.time() - _TEMP_AGE
            for entry in self._entries(dfd, "." + prefix, ".tmp"):
                if entry.mtime < stale:
                    _unlink_quietly(entry.name, dfd)
            return removed

    def _entries(self, dfd: int, prefix: str, suffix: str) -> list[_Entry]:
        out = []
        try:
            names = os.listdir(dfd)
        except OSError as exc:
            raise WriteError.of(self.what, self.path, exc) from None
        for n in names:
            if not (n.startswith(prefix) and n.endswith(suffix)):
                continue
            try:
                st = os.stat(n, dir_fd=dfd, follow_symlinks=False)
            except OSError:
                continue  # gone meanwhile
            if self._mine(st):
                out.append(_Entry(n, st.st_size, st.st_mtime))
        return out

    def _mine(self, st: os.stat_result) -> bool:
        return stat.S_ISREG(st.st_mode) and st.st_uid == self._euid

    def _remove_mine(self, dfd: int, name: str) -> bool:
        # In a directory that passed _check nobody else can swap the name between the lstat
        # and the unlink (ours alone, or sticky: others cannot rename or delete our files).
        try:
            if not self._mine(os.stat(name, dir_fd=dfd, follow_symlinks=False)):
                return False
            os.unlink(name, dir_fd=dfd)
            return True
        except OSError:
            return False


def _temp_name(name: str) -> str:
    if not name or "/" in name or name in (".", ".."):  # a name inside the directory, nothing else
        raise ValueError(f"not a file name: {name!r}")
    # ".<name>.<random>.tmp": unpredictable (nobody can pre-create it), tied to the final
    # name (rotate() and remove_temps() sweep a crashed writer's), hidden (no reader takes it
    # for data).
    return f".{name}.{secrets.token_hex(8)}.tmp"


def _unlink_quietly(name: str, dfd: int) -> None:
    try:
        os.unlink(name, dir_fd=dfd)
    except OSError:
        pass


def _remove_private(sub: str, dfd: int) -> None:
    """Empty and remove a private directory write_by_path made (what a failed writer left)."""
    try:
        subfd = os.open(sub, _DIR_FLAGS, dir_fd=dfd)
    except OSError:
        return
    try:
        for n in os.listdir(subfd):
            _unlink_quietly(n, subfd)
    finally:
        os.close(subfd)
    try:
        os.rmdir(sub, dir_fd=dfd)
    except OSError:
        pass


def read_owned(dfd: int, name: str, *, limit: int, owners: Collection[int]) -> bytes:
    """The bytes of `name` in a checked directory (`dfd`, from `SafeDir.opened`): opened without
    following a link or blocking on a FIFO, a regular file of one of `owners` that no other user
    may write, of at most `limit` bytes. ValueError saying why not (the open's failure too)."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | _CLOEXEC, dir_fd=dfd)
    except OSError as exc:
        raise ValueError(f"not opened ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file")
        if st.st_uid not in owners or st.st_mode & 0o022:
            raise ValueError(f"owned by uid {st.st_uid}, or writable by others")
        if st.st_size > limit:
            raise ValueError(f"larger than {limit} bytes")
        data = os.read(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ValueError(f"larger than {limit} bytes")
    return data


def write_user_file(path: str | os.PathLike[str], data: bytes, *, what: str = "output") -> Path:
    """A file a user named on a command line (`gpumemd capture -o FILE`): replaced
    atomically like `mv` would (temp file, rename; an existing file is replaced, never
    written through or truncated), but a symbolic link at the name is refused rather than
    followed or replaced (name its target). The directory is the user's choice: its owner
    is not checked. Raises `WriteError`."""
    p = Path(path)
    if not p.name or p.name in (".", ".."):
        raise WriteError(what, p, "not-a-file", "not a file name")
    directory = SafeDir(p.parent if str(p.parent) else ".", what=what, create=False, owner_check=False)
    with directory.opened() as dfd:
        try:
            st = os.stat(p.name, dir_fd=dfd, follow_symlinks=False)
        except FileNotFoundError:
            st = None
        except OSError as exc:
            raise WriteError.of(what, p, exc) from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise WriteError(what, p, "symlink", "is a symbolic link; not followed (name its target)")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise WriteError(what, p, "not-a-file", "exists and is not a regular file")
    return directory.write(p.name, data, mode=0o666, fsync=True)  # less the umask, as any new file


def file_stamp(now: float) -> str:
    """A UTC time for a file's name, to the millisecond (`20261128T031549.123`): the snapshots,
    diagnoses and leak reports sort by it."""
    return time.strftime("%Y%m%dT%H%M%S", time.gmtime(now)) + f"{now % 1:.3f}"[1:]


_NOT_IN_NAMES = re.compile(r"[^A-Za-z0-9_.-]+")


def name_part(text: str) -> str:
    """A caller's text as part of a file's name (a snapshot's or a trace's reason, a label):
    at most 40 characters of [A-Za-z0-9_.-], runs of anything else one `-`; `manual` if none."""
    return _NOT_IN_NAMES.sub("-", text).strip("-")[:40] or "manual"


def write_report(directory: SafeDir, problems: Problems, what: str, name: str, doc: Mapping[str, object],
                 *, rotate: tuple[str, str], keep: int) -> str | None:
    """A JSON report (`what`: a diagnosis, a leak report) written as `name` through `directory`
    (mode 0600), then its kind (`rotate`: prefix, suffix) cut to the newest `keep`. A document
    that does not serialise is logged and not written; a failed write is counted, logged once per
    state (`problems`). The path written, or None."""
    try:
        data = json.dumps(doc, allow_nan=False, indent=1).encode()
    except ValueError as exc:
        _log.warning("%s not written: %s", what, exc)
        return None
    try:
        path = directory.write(name, data, mode=0o600)
        directory.rotate(*rotate, keep=keep)
    except WriteError as err:
        problems.failed(err)
        return None
    problems.ok(what, path.parent)
    return str(path)

