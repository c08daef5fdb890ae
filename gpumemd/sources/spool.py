"""All ranks of a node through one scrape target: agents publish, `gpumemd serve` merges.

Each agent writes its latest sample, about once a second, to `<spool>/agent-<pid>.json`
(written to a temporary name, then renamed: a reader sees the old file or the new one,
never half of one). The node daemon's `spool` collector reads every file on each sample,
drops dead ranks, and serves the union next to its own NVML/host series, plus
`gpumemd_process_rank_info{pid,rank,…}` to join NVML's per-process view with ranks::

    gpumemd_allocator_allocated_bytes{gpu="0",rank="0",uuid="GPU-50…"} 2.68e+08
    gpumemd_allocator_allocated_bytes{gpu="1",rank="1",uuid="GPU-7a…"} 2.68e+08
    gpumemd_process_rank_info{job_id="",local_rank="1",pid="4242",rank="1",world_size="2"} 1
    gpumemd_spool_ranks 2

The file is compact JSON of samples, not rendered text: `json.loads` is C, the text parser
is pure Python (a merge of 8 ranks costs well under a millisecond; tests/agent measures it).
Format `gpumemd-spool/2` (`Encoder`) holds a table of the families' name, type and help and
one `[family index, sample name, labels, value]` row per sample; the daemon still reads
version 1 (`[name, type, help, [[name, labels, value], …]]` per family) from older agents.
An agent whose sample has not changed since its last publish does not rewrite the file: it
sets the file's mtime (the heartbeat; a version-2 rank's age runs from the later of the
two).

Only agent-owned families are published (`PUBLISHED_PREFIXES`): device-level series are
the daemon's own, and two families of one name in one exposition would be invalid.

A rank is dead, and left out, when its file is older than `expire_intervals` of the
interval it declares (a live agent rewrites or touches it every interval), or when its pid is gone
and the file is older than one interval (time for a scrape to see the last words of a
rank that just died of an OOM). Dead ranks' files are deleted. Ages are measured against
each agent's own interval, so the daemon's configuration need not match the agents'.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from .base import counter, gauge

log = logging.getLogger("gpumemd.spool")

FORMAT_V1 = "gpumemd-spool/1"  # still read: agents of an older release on the node
FORMAT = "gpumemd-spool/2"
FORMATS = (FORMAT_V1, FORMAT)
PUBLISHED_PREFIXES = ("gpumemd_allocator_", "gpumemd_process_", "gpumemd_oom_", "gpumemd_agent_",
                      "gpumemd_section")
_INFO_LABELS = ("pid", "rank", "local_rank", "world_size", "job_id")


def spool_dir(configured: str | None, env: Mapping[str, str] | None = None) -> Path | None:
    """Where agents publish and the daemon reads: the config, $GPUMEMD_SPOOL_DIR, /dev/shm; "" is off."""
    env = os.environ if env is None else env
    value = configured if configured is not None else env.get("GPUMEMD_SPOOL_DIR")
    if value is not None:
        return Path(value) if value else None
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else Path(tempfile.gettempdir())
    return base / "gpumemd-spool"


# --- the agent's side ----------------------------------------------------------------


_dumps = json.JSONEncoder(separators=(",", ":"), allow_nan=True).encode


_NOTHING: Any = object()  # no change key: always write
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)


def encode(families: Iterable[Metric], *, pid: int, written: float, interval: float,
           identity: Mapping[str, str]) -> bytes:
    """One spool file's bytes (the current format): what `SpoolWriter` writes."""
    return Encoder(pid=pid, interval=interval, identity=identity).encode(families, written)


class Encoder:
    """Encodes an agent's published families as a `gpumemd-spool/2` document::

        {"format": "gpumemd-spool/2", "pid": …, "interval": …, "identity": {…}, "written": …,
         "types": [[name, type, help], …], "samples": [[type index, sample name, labels, value], …]}

    The header and the `types` table (the same every second: the families' names, types and
    help text are most of the bytes) are serialised once and reused while they do not
    change; each publish serialises only the sample rows, in one `json.dumps` call. The
    daemon turns it back into version 1's shape (`families_of`)."""

    def __init__(self, *, pid: int, interval: float, identity: Mapping[str, str], everything: bool = False) -> None:
        dumps = _dumps
        self._everything = everything  # every family (the agent's endpoint process serves them all)
        self._head = (f'{{"format":{dumps(FORMAT)},"pid":{int(pid)},"interval":{dumps(float(interval))},'
                      f'"identity":{dumps(dict(identity))},"written":')
        self._types_key: tuple[tuple[str, str, str], ...] | None = None
        self._types = ""

    def encode(self, families: Iterable[Metric], written: float, alerts: bytes | None = None) -> bytes:
        """`alerts`: the agent's /api/v1/alerts answer (JSON), kept as the `alerts` field."""
        published = (list(families) if self._everything
                     else [f for f in families if f.name.startswith(PUBLISHED_PREFIXES)])
        key = tuple([(f.name, f.type, f.documentation) for f in published])
        if key != self._types_key:
            self._types_key, self._types = key, _dumps(key)
        rows = [[i, s.name, s.labels, s.value] for i, f in enumerate(published) for s in f.samples]
        tail = (b',"alerts":' + alerts + b"}") if alerts is not None else b"}"
        return "".join((self._head, _dumps(float(written)), ',"types":', self._types, ',"samples":',
                        _dumps(rows))).encode() + tail


def families_of(doc: Mapping[str, Any]) -> list[Any]:
    """A document's families as version 1 wrote them: [[name, type, help, [[sample name, labels, value], …]], …]."""
    if doc["format"] == FORMAT_V1:
        return list(doc["families"])
    families: list[Any] = [[name, typ, help_, []] for name, typ, help_ in doc["types"]]
    for index, sample_name, labels, value in doc["samples"]:
        families[index][3].append([sample_name, labels, value])
    return families


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
        with each sample. Both for the agent's endpoint process (gpumemd/agent_endpoint.py)."""
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
        self._last_key: Any = _NOTHING  # the change key of the sample last written
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
        key = self._change_key(snapshot) if self._change_key is not None else _NOTHING
        if key is not _NOTHING:
            key = (key, alerts)  # an alert that turns firing while the readings stand still
        if key is not _NOTHING and not force and key == self._last_key and self._heartbeat():
            return
        self.publish(snapshot.exposition.families, key, alerts)

    def publish(self, families: Sequence[Metric], key: Any = _NOTHING, alerts: bytes | None = None) -> None:
        written = self._clock()
        data = self._encoder.encode(families, written, alerts)
        with self._lock:
            if self.enabled:
                self._last_key = key if self._write(data, written) else _NOTHING

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
                self.directory.mkdir(parents=True, exist_ok=True)
                try:  # ranks of several users share it, like /tmp
                    os.chmod(self.directory, 0o1777)
                except OSError:
                    pass
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


# --- the daemon's side ---------------------------------------------------------------


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


@dataclass(frozen=True)
class RankFile:
    pid: int
    written: float
    interval: float
    identity: Mapping[str, str]
    families: Sequence[Any]  # [name, type, help, [[sample name, labels, value], ...]]


@dataclass(frozen=True)
class SpoolReading:
    ranks: tuple[RankFile, ...]
    counts: Mapping[str, int] = field(default_factory=dict)  # expired, errors, conflicts (cumulative)


class SpoolSource:
    name = "spool"

    def __init__(self, directory: Path, *, expire_intervals: int = 5,
                 clock: Callable[[], float] = time.time, alive: Callable[[int], bool] = pid_alive) -> None:
        self._dir = directory
        self._expire_intervals = expire_intervals
        self._clock, self._alive = clock, alive
        self._counts = {"expired": 0, "errors": 0, "conflicts": 0}
        self._bad: set[str] = set()  # files already logged as unreadable
        self._expired: dict[str, float] = {}  # path -> `written` of a file already counted expired

    def read(self, cycle: Mapping[str, Any]) -> SpoolReading:
        now = self._clock()
        try:
            entries = [e for e in os.scandir(self._dir) if e.name.startswith("agent-") and e.name.endswith(".json")]
        except FileNotFoundError:  # no agent has published yet
            entries = []
        ranks: dict[tuple[tuple[str, str], ...], RankFile] = {}
        for entry in entries:
            rank = self._load(entry.path)
            if rank is None:
                continue
            age = now - rank.written
            if age > self._expire_intervals * rank.interval or (age > rank.interval and not self._alive(rank.pid)):
                if self._expired.get(entry.path) != rank.written:  # count a silent file once
                    self._expired[entry.path] = rank.written
                    self._counts["expired"] += 1
                if not self._alive(rank.pid):
                    try:
                        os.unlink(entry.path)
                    except OSError:
                        pass
                continue
            key = tuple(sorted(_identity_labels(rank).items()))
            other = ranks.get(key)
            if other is not None:  # two live processes claim one identity: keep the newest
                self._counts["conflicts"] += 1
                if other.written >= rank.written:
                    continue
            ranks[key] = rank
        if len(self._expired) > 4096:  # bound it against pid churn
            self._expired.clear()
        ordered = tuple(sorted(ranks.values(), key=lambda r: (r.identity.get("rank", ""), r.pid)))
        return SpoolReading(ordered, dict(self._counts))

    def _load(self, path: str) -> RankFile | None:
        try:
            with open(path, "rb") as f:
                doc = json.loads(f.read())
                mtime = os.fstat(f.fileno()).st_mtime
            if doc.get("format") not in FORMATS:
                raise ValueError(f"format {doc.get('format')!r}")
            written = float(doc["written"])
            if doc["format"] != FORMAT_V1:  # an unchanged sample is not rewritten: its mtime is the heartbeat
                written = max(written, mtime)
            rank = RankFile(int(doc["pid"]), written, float(doc["interval"]), dict(doc["identity"]),
                            families_of(doc))
        except FileNotFoundError:  # the agent exited between listing and reading
            return None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            self._counts["errors"] += 1
            if path not in self._bad:
                self._bad.add(path)
                log.warning("spool file %s unreadable: %s", path, exc)
            return None
        self._bad.discard(path)
        return rank

    def families(self, reading: SpoolReading) -> Iterable[Metric]:
        merged: dict[str, Metric] = {}
        for rank in reading.ranks:
            for name, typ, doc, samples in rank.families:
                if not name.startswith(PUBLISHED_PREFIXES):
                    continue  # a file from an older/newer agent, or a hand-made one
                fam = merged.get(name)
                if fam is None:
                    fam = merged[name] = Metric(name, doc, typ)
                elif fam.type != typ:
                    continue
                for sample_name, labels, value in samples:
                    fam.add_sample(sample_name, labels, value)
        yield from merged.values()
        info = gauge("gpumemd_process_rank_info",
                     "A process that runs a gpumemd agent, with its rank; value 1 (join on pid).", _INFO_LABELS)
        when = gauge("gpumemd_spool_rank_last_publish_timestamp_seconds",
                     "When a rank last published into the spool.", ["pid", "rank", "job_id"])
        for rank in reading.ranks:
            ident = {**{k: "" for k in _INFO_LABELS}, **rank.identity, "pid": str(rank.pid)}
            info.add_metric([ident[k] for k in _INFO_LABELS], 1)
            when.add_metric([ident["pid"], ident["rank"], ident["job_id"]], rank.written)
        ranks = gauge("gpumemd_spool_ranks", "Live agents merged from the spool directory.")
        ranks.add_metric([], len(reading.ranks))
        yield from (info, when, ranks)
        for key, doc in (("expired", "Spool files left out because their agent is dead or silent."),
                         ("errors", "Spool files that could not be read."),
                         ("conflicts", "Spool files left out because a newer one claimed the same rank.")):
            c = counter(f"gpumemd_spool_{key}", doc)
            c.add_metric([], reading.counts.get(key, 0))
            yield c


def _identity_labels(rank: RankFile) -> dict[str, str]:
    ident = rank.identity
    out = {"rank": ident["rank"]} if ident.get("rank") else {"pid": str(rank.pid)}
    if ident.get("job_id"):
        out["job_id"] = ident["job_id"]
    return out
