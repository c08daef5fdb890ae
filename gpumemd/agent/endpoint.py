"""The agent's HTTP endpoint, served from a helper process instead of the training process.

Every request a server answers in the training process takes the GIL from the training
loop: a scrape flood, even idle connections, cost a dispatch-bound loop step time
(measured in bench/results/2026-11-21-h200/http-load-2026-11-21.json). So, by
default (`agent.endpoint: process`), the agent only publishes its sample into a file in a
private directory in /dev/shm (the node spool, when on, gets the same bytes: serving never
depends on the spool's state), with every family it has and its alerts, once per
`spool_interval` (1 s); a small
child process — `python -m gpumemd.agent.endpoint` — serves that file with the same
hardened server (gpumemd/http/server.py, TLS and basic auth from `web.config_file`), parsing it
again whenever it changes. Scrapes, floods and idle connections then cost the training
process nothing; the price is one more small process per rank and a sample up to
`spool_interval` old. `agent.endpoint: thread` serves from a thread of the training
process as before.

Lifetime: the child's standard input is a pipe whose only write end the agent holds
(close-on-exec, and closed in children forked from Python), so the child reads
end-of-file the moment the agent stops or its process dies, even by SIGKILL; it then
stops serving, removes the private directory if it has one, and exits. It ignores
SIGINT, SIGTERM and SIGHUP: a Ctrl-C or a scheduler signalling every process of a job
must not take the endpoint away from a training process that handles the signal (to
checkpoint, say). Its first line on standard output is the address it listens on
("listening HOST PORT"); if it exits before that, or later while the agent runs, a thread
of the agent that waits on that pipe (blocked in a read: no wake-ups) reaps it, logs it
and counts it in `gpumemd_agent_errors_total{where="listen"}` (never listened) or
`{where="endpoint"}` (died later). The agent samples on either way; the child is not
restarted.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd import logs
from gpumemd.http.endpoints import App
from gpumemd.http.server import HttpServer
from gpumemd.sampling.cycle import Snapshot
from gpumemd.sampling.exposition import Exposition
from gpumemd.spool.format import FORMAT, families_of
from gpumemd.untrusted import loads_json

log = logging.getLogger("gpumemd.agent")

__all__ = ["EndpointProcess", "PublishedSample", "main", "private_directory", "remove_private_directory"]

_READY = b"listening"


# --- the training process's side ---------------------------------------------------------

def private_directory() -> Path:
    """A new directory the endpoint process reads (0700, an unpredictable name; in /dev/shm
    where there is one) that gets each sample first: serving this process's own sample never
    depends on the node spool (another user's directory, a full filesystem); the node spool,
    when on, gets the same bytes."""
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
    return Path(tempfile.mkdtemp(prefix="gpumemd-agent-", dir=shm))


def remove_private_directory(directory: str | None) -> None:
    """Remove a `private_directory()` and what is in it (None: nothing to remove)."""
    if directory is not None:
        shutil.rmtree(directory, ignore_errors=True)



class EndpointProcess:
    """Starts, watches and stops the helper process that serves one agent's published file.

    `on_exit(where)` is called (on the watching thread) when the child exits while the
    agent runs: `where` is "listen" if it never listened, else "endpoint". `on_answer(address)`
    is called once, on that thread, when the child says where it listens (HOST, PORT) or exits
    without listening (None): the agent says where it serves only then."""

    def __init__(self, published: Path, listen_address: str, *, web_config_file: str | None = None,
                 private: bool = False, title: str = "gpumemd agent", start_timeout: float = 20.0,
                 on_exit: Callable[[str], None] | None = None,
                 on_answer: Callable[[tuple[str, int] | None], None] | None = None) -> None:
        self._published = os.path.abspath(published)  # the child runs in /
        self._listen = listen_address
        self._web_config = os.path.abspath(web_config_file) if web_config_file else None
        self._private = private
        self._title = title
        self._timeout = start_timeout
        self._on_exit = on_exit
        self._on_answer = on_answer
        self._proc: subprocess.Popen[bytes] | None = None
        self._watcher: threading.Thread | None = None
        self._address: tuple[str, int] | None = None
        self._answered = threading.Event()  # the child said where it listens, or exited
        self._stopping = False
        self.returncode: int | None = None  # once the child has exited

    def start(self) -> None:
        """Spawn the child (fork+exec: nothing of this process runs in it); does not wait.
        Raises OSError if it cannot be spawned."""
        cmd = [sys.executable, "-m", "gpumemd.agent.endpoint", "--published", self._published,
               "--web.listen-address", self._listen, "--title", self._title]
        if self._web_config:
            cmd += ["--web.config.file", self._web_config]
        if self._private:
            cmd.append("--private")
        env = dict(os.environ)
        env["GPUMEMD_AGENT_DISABLE"] = "1"  # `gpumemd run`'s sitecustomize: no agent in the helper
        # The child imports gpumemd exactly as this process does (a checkout, a test's sys.path).
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) if p else os.getcwd()
                                            for p in sys.path if isinstance(p, str))
        # Unbuffered pipes: raw file objects hold no lock a fork could inherit taken.
        self._proc = proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0,
                                             cwd="/", env=env, close_fds=True)
        self._watcher = threading.Thread(
            target=self._watch, args=(proc,), name="gpumemd-endpoint", daemon=True
        )
        self._watcher.start()

    def _watch(self, proc: subprocess.Popen[bytes]) -> None:
        """Read the child's first line, then wait (blocked in read) for it to exit; reap it."""
        assert proc.stdout is not None
        fd, head = proc.stdout.fileno(), b""
        try:
            while chunk := os.read(fd, 4096):  # EOF: the child has exited (or closed stdout)
                if not self._answered.is_set():
                    head += chunk
                    if b"\n" in head:
                        self._address = _address_of(head.split(b"\n", 1)[0])
                        self._answer()
        except OSError:
            pass
        finally:
            if not self._answered.is_set():
                self._answer()  # exited without listening
            proc.stdout.close()
        self.returncode = proc.wait()
        if self._stopping:
            return
        where = "endpoint" if self._address is not None else "listen"
        log.warning(
            "the agent's endpoint process (pid %d, %s) exited with status %s; the agent samples on "
            "without HTTP",
            proc.pid,
            self._listen,
            self.returncode,
        )
        if self._on_exit is not None:
            try:
                self._on_exit(where)
            except Exception:  # a thread of the training process: log, never raise
                log.exception("handling the endpoint process's exit failed")

    def _answer(self) -> None:
        self._answered.set()
        if self._on_answer is not None and not self._stopping:
            try:
                self._on_answer(self._address)
            except Exception:  # a thread of the training process: log, never raise
                log.exception("handling the endpoint process's answer failed")

    @property
    def address(self) -> tuple[str, int] | None:
        """(host, port) served, once the child listens; None if it could not. Waits for it."""
        self._answered.wait(self._timeout)
        return self._address

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def stop(self, timeout: float = 5.0) -> None:
        """Close the pipe (the child stops, cleans up, exits) and reap it; kill it if it lingers."""
        self._stopping = True
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            log.warning("the agent's endpoint process (pid %d) did not exit; killing it", proc.pid)
            proc.kill()
            proc.wait(timeout)
        if self._watcher is not None:
            self._watcher.join(timeout)

    def abandon_in_child(self) -> None:
        """In a child forked from the agent's process: close our copies of the pipes, so the
        helper does not outlive the parent; there is no watching thread here."""
        self._stopping = True
        proc, self._proc = self._proc, None
        self._answered = threading.Event()  # a fresh one: the parent's may be mid-use
        self._answered.set()
        if proc is not None:
            for pipe in (proc.stdin, proc.stdout):
                if pipe is not None:
                    pipe.close()
            proc.returncode = 0  # not our child: nothing here may wait for it


def _address_of(line: bytes) -> tuple[str, int] | None:
    """("HOST", PORT) from the child's "listening HOST PORT" line; None from anything else."""
    words = line.split()
    if len(words) == 3 and words[0] == _READY and words[2].isdigit():
        return words[1].decode(errors="replace"), int(words[2])
    return None


# --- the helper process's side -----------------------------------------------------------


class PublishedSample:
    """The latest sample the agent published, as a `Snapshot` the endpoints serve: the
    file is parsed again only when it changed (its inode, size or mtime). A file that is
    not ours (another user's, in a shared spool directory) is not served."""

    def __init__(self, path: Path) -> None:
        self._path = str(path)
        self._key: tuple[int, int, int] | None = None
        self._snapshot: Snapshot | None = None
        self._alerts: bytes | None = None
        self._interval = 1.0
        self._uid = os.getuid()
        self._lock = threading.Lock()  # worker threads (basic auth) ask concurrently

    def latest(self) -> Snapshot | None:
        try:
            st = os.stat(self._path)
        except OSError:  # not yet written, removed as the agent stops, an unreadable directory:
            return self._snapshot  # the last good sample (or none yet: 503), never an error
        key = (st.st_ino, st.st_size, st.st_mtime_ns)
        if key != self._key:
            with self._lock:
                if key != self._key:
                    self._load(key, st)
        return self._snapshot

    def _load(self, key: tuple[int, int, int], st: os.stat_result) -> None:
        try:
            if st.st_uid != self._uid:
                raise ValueError(f"owned by uid {st.st_uid}, not by this process's user")
            doc = loads_json(_read_regular(self._path))
            if doc.get("format") != FORMAT:
                raise ValueError(f"format {doc.get('format')!r}")
            families = _metrics(families_of(doc))
            written = max(float(doc["written"]), st.st_mtime)  # an unchanged sample may only be touched
            alerts = doc.get("alerts")
            interval = float(doc["interval"])
        except FileNotFoundError:
            return  # replaced or removed since the stat: the next request looks again
        except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
            self._key = key  # logged once per version of the file
            log.warning("published sample %s not served: %s", self._path, exc)
            return  # the last good one is served meanwhile
        sequence = self._snapshot.sequence + 1 if self._snapshot is not None else 1
        self._alerts = json.dumps(alerts).encode() if alerts is not None else None
        self._interval = interval
        self._snapshot = Snapshot(sequence, written, {}, {}, Exposition(families))
        self._key = key

    def alerts_json(self) -> bytes | None:
        self.latest()
        return self._alerts

    def interval(self) -> float:
        return self._interval


def _read_regular(path: str) -> bytes:
    """The bytes of a regular file, never through a symlink, never blocking on a FIFO."""
    cloexec = getattr(os, "O_CLOEXEC", 0)  # getattr: not on every platform
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | cloexec)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file")
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read()
    finally:
        os.close(fd)


def _metrics(families: Sequence[Any]) -> list[Metric]:
    out = []
    for name, typ, help_, samples in families:
        fam = Metric(name, help_, typ)
        for sample_name, labels, value in samples:
            fam.add_sample(sample_name, labels, value)
        out.append(fam)
    return out


def _wait_for_eof(fd: int) -> None:
    """Block until the agent closes the pipe or its process dies."""
    while True:
        try:
            if not os.read(fd, 4096):
                return
        except InterruptedError:
            continue
        except OSError:
            return


def main(argv: Sequence[str] | None = None) -> int:
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)  # our lifetime is the agent's: see the module docstring
    p = argparse.ArgumentParser(
        prog="python -m gpumemd.agent.endpoint",
        allow_abbrev=False,
        description="Serve a gpumemd agent's published sample (started by the agent; "
        "exits when its standard input closes).",
    )
    p.add_argument("--published", required=True, help="the agent's published file")
    p.add_argument("--web.listen-address", dest="listen_address", required=True, metavar="HOST:PORT")
    p.add_argument("--web.config.file", dest="web_config_file", metavar="FILE")
    p.add_argument("--title", default="gpumemd agent")
    p.add_argument(
        "--private",
        action="store_true",
        help="the file's directory is the agent's alone: remove it when the agent is gone",
    )
    p.add_argument(
        "--log.level", dest="log_level", default="warn", choices=("debug", "info", "warn", "error")
    )
    args = p.parse_args(argv)

    logs.setup(level=args.log_level)  # on the training process's standard error: problems only
    sample = PublishedSample(Path(args.published))
    app = App(sample.latest, interval=sample.interval, alerts_json=sample.alerts_json, title=args.title)
    try:
        server = HttpServer(args.listen_address, app, web_config=args.web_config_file)
        server.start()
    except Exception as exc:  # a taken port, a bad web configuration: say why, exit
        print(
            f"gpumemd agent endpoint: cannot serve on {args.listen_address}: "
            f"{getattr(exc, 'strerror', None) or exc}",
            file=sys.stderr,
            flush=True,
        )  # getattr: OSError has strerror, others not
        return 1
    host, port = server.address
    os.write(1, _READY + f" {host} {port}\n".encode())
    _wait_for_eof(0)
    server.stop()
    if args.private:
        shutil.rmtree(os.path.dirname(args.published), ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
