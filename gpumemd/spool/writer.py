"""The agent's side of the spool: `SpoolWriter` publishes a rank's sample into
`<spool>/agent-<pid>.json`, atomically and only when the sample changed."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from .format import NOTHING, Encoder

__all__ = ["SpoolWriter"]

log = logging.getLogger("gpumemd.spool")

_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)  # getattr: not on every platform


class SpoolWriter:
    """Publishes an agent's samples into the spool, at most once per `interval` (a sampler listener).

    A publish whose sample reads the same as the last one written (`change_key`: the agent
    passes its sources' readings and the profiled sections' table) rewrites nothing: it only
    sets the file's mtime to now (one `utime`), the heartbeat the daemon's expiry reads
    (`gpumemd-spool/2`: a rank's age is from the later of `written` and the file's mtime).
    Written files get their mtime set to `written` too, so the two agree under a test clock."""

    def __init__(self, directory: Path, *, identity: Mapping[str, str], interval: float,
                 pid: int | None = None, clock: Callable[[], float] = time.time,
                 monotonic: Callable[[], float] = time.monotonic,
                 change_key: Callable[[Any], Any] | None = None, everything: bool = False,
                 alerts: Callable[[], bytes | None] | None = None) -> None:
        """`everything`: publish every family, not only the agent-owned ones the daemon
        merges (which it still picks out); `alerts`: the /api/v1/alerts answer to publish
        with each sample. Both for the agent's endpoint process (gpumemd/agent/endpoint.py)."""
        self.directory = directory
        self._identity = dict(identity)
        self._interval = interval
        self._pid = os.getpid() if pid is None else pid
        self._clock, self._mono = clock, monotonic
        self._change_key = change_key
        self._encoder = Encoder(pid=self._pid, interval=interval, identity=self._identity, everything=everything)
        self._alerts = alerts
        self._next = 0.0
        self._force = False
        self._failed = False
        self._last_key: Any = NOTHING  # the change key of the sample last written
        self.enabled = True
        self.path = directory / f"agent-{self._pid}.json"
        self._path, self._tmp = str(self.path), str(directory / f".agent-{self._pid}.json.tmp")
        self._lock = threading.Lock()  # a publish never lands after remove()

    def request(self) -> None:
        """Publish the next sample whatever the interval (an OOM just happened)."""
        self._force = True

    def __call__(self, snapshot: Any) -> None:
        if not self.enabled:
            return
        now = self._mono()
        if now < self._next and not self._force:
            return
        force = self._force
        # a sample due on the interval may come a little early: it still publishes
        self._next, self._force = now + self._interval * 0.9, False
        alerts = self._alerts() if self._alerts is not None else None
        key = self._change_key(snapshot) if self._change_key is not None else NOTHING
        if key is not NOTHING:
            key = (key, alerts)  # an alert that turns firing while the readings stand still
        if key is not NOTHING and not force and key == self._last_key and self._heartbeat():
            return
        self.publish(snapshot.exposition.families, key, alerts)

    def publish(self, families: Sequence[Metric], key: Any = NOTHING, alerts: bytes | None = None) -> None:
        written = self._clock()
        data = self._encoder.encode(families, written, alerts)
        with self._lock:
            if self.enabled:
                self._last_key = key if self._write(data, written) else NOTHING

    def _heartbeat(self) -> bool:
        """Mark the unchanged file as fresh; False when it must be written again (it is gone)."""
        with self._lock:
            if not self.enabled:
                return True
            try:
                now = self._clock()
                os.utime(self._path, (now, now))
                return True
            except OSError:
                return False

    def _write(self, data: bytes, written: float) -> bool:
        # os calls on str paths: open, write, futimens, close, rename (each releases the GIL
        # once); the directory is created only when the open says it is missing.
        try:
            try:
                fd = os.open(self._tmp, _FLAGS, 0o644)
            except FileNotFoundError:
                # Nobody made it (the daemon creates it 1770 with the publishers' group): private
                # to this user, never world-writable; a daemon of this user still reads it.
                self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
                fd = os.open(self._tmp, _FLAGS, 0o644)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.utime(fd, (written, written))
            finally:
                os.close(fd)
            os.rename(self._tmp, self._path)
            if self._failed:
                self._failed = False
                log.info("spool %s writable again", self.directory)
            return True
        except OSError as exc:
            if not self._failed:  # log a failure once, not every second
                self._failed = True
                log.warning("cannot publish to spool %s: %s", self.directory, exc)
            return False

    def remove(self) -> None:
        with self._lock:
            self.enabled = False
        for p in (self.path, self.directory / f".agent-{self._pid}.json.tmp"):
            try:
                p.unlink()
            except OSError:
                pass


