"""The agent's side of the spool: `SpoolWriter` publishes a rank's sample into
`<spool>/agent-<pid>-<secret>.json`, atomically and only when the sample changed. Every file
operation goes through `gpumemd.fs.SafeDir` (a shared spool is another user's ground)."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd.fs import Problems, SafeDir, WriteError

from .encoder import Encoder
from .format import NOTHING, file_name

__all__ = ["SpoolWriter"]

log = logging.getLogger("gpumemd.spool")


class SpoolWriter:
    """Publishes an agent's samples into the spool, at most once per `interval` (a sampler listener).

    A publish whose sample reads the same as the last one written (`change_key`: the agent
    passes its sources' readings and the profiled sections' table) rewrites nothing: it only
    sets the file's mtime to now (one `utime`), the heartbeat the daemon's expiry reads
    (`gpumemd-spool/2`: a rank's age is from the later of `written` and the file's mtime).
    Written files get their mtime set to `written` too, so the two agree under a test clock.

    `private`: a directory of this process alone (the agent's endpoint process reads from
    it) that gets the same bytes first, so serving the agent's own sample never depends on
    the node spool's state. A directory that cannot be written is logged once, counted
    (`gpumemd_agent_write_errors_total{what="spool"}`) and retried at the next publish."""

    def __init__(self, directory: Path, *, identity: Mapping[str, str], interval: float,
                 pid: int | None = None, clock: Callable[[], float] = time.time,
                 monotonic: Callable[[], float] = time.monotonic,
                 change_key: Callable[[Any], Any] | None = None, everything: bool = False,
                 alerts: Callable[[], bytes | None] | None = None, private: Path | None = None) -> None:
        """`everything`: publish every family, not only the agent-owned ones the daemon
        merges (which it still picks out); `alerts`: the /api/v1/alerts answer to publish
        with each sample. Both for the agent's endpoint process (gpumemd/agent/endpoint.py)."""
        self.directory = directory
        self._identity = dict(identity)
        self._interval = interval
        self._pid = os.getpid() if pid is None else pid
        self._clock, self._mono = clock, monotonic
        self._change_key = change_key
        self._encoder = Encoder(
            pid=self._pid, interval=interval, identity=self._identity, everything=everything
        )
        self._alerts = alerts
        self._next = 0.0
        self._force = False
        self._failed = False
        self._last_key: Any = NOTHING  # the change key of the sample last written
        self.enabled = True
        self.name = file_name(self._pid)  # unpredictable: no other user can take it first
        self.path = directory / self.name
        self.private_path = private / self.name if private is not None else None
        # Created private to this user when missing (the daemon creates a shared spool 1770
        # with the publishers' group first): never world-writable; a daemon of this user reads it.
        self._dirs = [
            (SafeDir(d, what="spool"), Problems(log)) for d in (private, directory) if d is not None
        ]
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
            now = self._clock()
            for directory, problems in self._dirs:
                try:
                    if not directory.touch(self.name, now):
                        return False
                except WriteError as err:
                    problems.failed(err)
                    return False
            return True

    def _write(self, data: bytes, written: float) -> bool:
        """True when every directory got the sample; each failure is logged once and counted."""
        ok = True
        for directory, problems in self._dirs:
            try:
                directory.write(self.name, data, mtime=written)  # tmpfs: no fsync
                problems.ok("spool", directory.path)
            except WriteError as err:
                problems.failed(err)
                ok = False
        return ok

    def remove(self) -> None:
        """Stop publishing; remove this writer's files (only regular files of this user)."""
        with self._lock:
            self.enabled = False
        for directory, _ in self._dirs:
            if not os.path.isdir(directory.path):
                continue  # gone (the agent removed its private one): opening it would make it again
            try:
                directory.remove(self.name)
                directory.remove_temps(self.name)
            except WriteError:
                pass  # nothing of ours to remove there

    def drop_private(self) -> None:
        """The endpoint process is gone: stop writing its private copy."""
        with self._lock:
            if self.private_path is not None:
                directory, _ = self._dirs.pop(0)
                self.private_path = None
                try:
                    directory.remove(self.name)
                except WriteError:
                    pass
