"""The MPS control daemon's answers, asked through its pipe: `echo CMD | nvidia-cuda-mps-control`
with `CUDA_MPS_PIPE_DIRECTORY` naming the directory it listens in (NVIDIA's MPS docs).

The pipe directory is another user's input: a process's environment or a configured path names
it, and a local user who could make the daemon talk to a socket of theirs would report a false
limit for a GPU. So a directory is asked only where it is trusted (`trusted_pipe`): reached from
`/` with no symbolic link on the way, each directory above it root's or the owner's and not
writable by group or others unless sticky; the directory itself and its `control` socket the
owner's, the directory writable by nobody else; the owner root or this daemon's user (and, where
the control daemon's pid is known, that daemon's user). Nothing else lies between the check and
the call: no one but the owner can rename or replace anything on that way.

The call (`Control.ask`): the binary fixed at start (found once on this daemon's PATH, or
configured; never from a process's environment), no shell, an environment of only
`CUDA_MPS_PIPE_DIRECTORY`, the one command on stdin, at most `MAX_ANSWER` bytes read back, a
timeout after which its process group is killed. Answers (a failure too) are kept for `ttl`
seconds of the injected clock per (directory, command), so a scrape asks at most once a TTL;
a read asks at most `max_calls` times, stops at the first timeout, and starts no call once its
calls together have taken the timeout: a read waits on the pipe about one timeout at most.
"""

from __future__ import annotations

import os
import selectors
import shutil
import signal
import stat
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["BINARY", "DEFAULT_PIPE", "MAX_ANSWER", "PIPE_VAR", "Answer", "Control", "trusted_pipe"]

BINARY = "nvidia-cuda-mps-control"
PIPE_VAR = "CUDA_MPS_PIPE_DIRECTORY"
DEFAULT_PIPE = "/tmp/nvidia-mps"  # NVIDIA's, where the control daemon's environment names none
MAX_ANSWER = 4096  # a limit, a share or a list of server pids: far less
MAX_PATH = 512  # the socket's path must fit a sockaddr_un (108 bytes) anyway
_WAY = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_WRITABLE = stat.S_IWGRP | stat.S_IWOTH


@dataclass(frozen=True)
class Answer:
    """What one command got: its text (stripped) where it exited 0, else why not
    (`timeout`, `failed`: another exit or no binary, `answer`: too long or not text)."""

    text: str | None
    failure: str | None = None
    cached: bool = False  # an earlier call's, within the TTL: said (counted, logged) then


def trusted_pipe(path: str, owners: frozenset[int]) -> int | None:
    """The owner uid of a pipe directory that may be asked (module docstring), or None. `owners`:
    the uids it may be (root, this daemon's, the control daemon's). Raises nothing."""
    if not path.startswith("/") or len(path) > MAX_PATH or "\0" in path:
        return None
    parts = [p for p in path.split("/") if p not in ("", ".")]
    if not parts or ".." in parts:
        return None
    fds = [os.open("/", _WAY)]
    try:
        for name in parts:  # each one lstat'ed through its parent's fd: no link is followed
            st = os.stat(name, dir_fd=fds[-1], follow_symlinks=False)
            if not stat.S_ISDIR(st.st_mode):
                return None
            fds.append(os.open(name, _WAY, dir_fd=fds[-1]))
            if os.fstat(fds[-1]).st_ino != st.st_ino:  # replaced between the lstat and the open
                return None
        way = [os.fstat(fd) for fd in fds]
        here = way.pop()
        if here.st_uid not in owners or here.st_mode & _WRITABLE:
            return None
        for st in way:  # above it: nobody but root or the owner may move what lies below
            if st.st_uid not in (0, here.st_uid) or (st.st_mode & _WRITABLE
                                                      and not st.st_mode & stat.S_ISVTX):
                return None
        sock = os.stat("control", dir_fd=fds[-1], follow_symlinks=False)
        if not stat.S_ISSOCK(sock.st_mode) or sock.st_uid != here.st_uid:
            return None
        return here.st_uid
    except (OSError, ValueError):  # missing, not ours to search, a loop
        return None
    finally:
        for fd in fds:
            os.close(fd)


def _run(argv: list[str], pipe: str, command: str, timeout: float) -> Answer:
    """One bounded call (module docstring)."""
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env={PIPE_VAR: pipe}, close_fds=True,
                                start_new_session=True)
    except (OSError, ValueError):
        return Answer(None, "failed")
    assert proc.stdin is not None and proc.stdout is not None
    deadline = time.monotonic() + timeout
    out = bytearray()
    failure: str | None = None
    try:
        try:
            proc.stdin.write(command.encode() + b"\n")
            proc.stdin.close()
        except OSError:  # it exited before reading: its exit says why
            pass
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    failure = "timeout"
                    break
                if not sel.select(left):
                    continue
                chunk = os.read(proc.stdout.fileno(), MAX_ANSWER + 1 - len(out))
                if not chunk:
                    break
                out += chunk
                if len(out) > MAX_ANSWER:
                    failure = "answer"
                    break
        if failure is None:
            try:
                code = proc.wait(max(deadline - time.monotonic(), 0.001))
            except subprocess.TimeoutExpired:
                failure = "timeout"
            else:
                failure = None if code == 0 else "failed"
    finally:
        if proc.returncode is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # its group: anything it started goes with it
            except OSError:
                pass
            proc.wait()
        proc.stdout.close()
    if failure is not None:
        return Answer(None, failure)
    try:
        return Answer(out.decode("ascii").strip())
    except UnicodeDecodeError:
        return Answer(None, "answer")


class Control:
    """Commands to MPS control daemons, bounded and cached (module docstring). `binary`: the
    control CLI's path ("": found on this process's PATH now; None where there is none)."""

    def __init__(self, binary: str = "", *, timeout: float = 1.0, ttl: float = 10.0, max_calls: int = 16,
                 clock: Callable[[], float] = time.monotonic,
                 runner: Callable[[list[str], str, str, float], Answer] = _run) -> None:
        found = binary or shutil.which(BINARY)
        self.binary = os.path.abspath(found) if found else None  # fixed now, whatever PATH or cwd later
        self._timeout, self._ttl, self._max_calls = timeout, ttl, max_calls
        self._clock, self._runner = clock, runner
        self._cache: dict[tuple[str, str], tuple[float, Answer]] = {}
        self._calls = 0
        self._timed_out = False
        self._read_began = clock()

    def new_read(self) -> None:
        """A read begins: its bounds on calls start again; expired answers are let go."""
        self._calls, self._timed_out = 0, False
        self._read_began = now = self._clock()
        self._cache = {k: v for k, v in self._cache.items() if v[0] > now}

    def ask(self, pipe: str, command: str) -> Answer | None:
        """The answer (a cached one within the TTL), or None: not asked (no binary, this read's
        calls or time spent, or a call of this read timed out)."""
        now = self._clock()
        hit = self._cache.get((pipe, command))
        if hit is not None and hit[0] > now:
            return Answer(hit[1].text, hit[1].failure, cached=True)
        if (self.binary is None or self._timed_out or self._calls >= self._max_calls
                or now - self._read_began >= self._timeout):
            return None
        self._calls += 1
        answer = self._runner([self.binary], pipe, command, self._timeout)
        self._timed_out = answer.failure == "timeout"
        if len(self._cache) < 4 * self._max_calls:  # bounded: one read's commands, a few times over
            self._cache[(pipe, command)] = (now + self._ttl, answer)
        return answer
