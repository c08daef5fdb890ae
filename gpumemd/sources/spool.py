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

The file is compact JSON of samples (`[name, labels, value]` per sample under each
family's name, type and help), not rendered text: `json.loads` is C, the text parser is
pure Python (a merge of 8 ranks costs well under a millisecond; tests/agent measures it).

Only agent-owned families are published (`PUBLISHED_PREFIXES`): device-level series are
the daemon's own, and two families of one name in one exposition would be invalid.

A rank is dead, and left out, when its file is older than `expire_intervals` of the
interval it declares (a live agent rewrites it every interval), or when its pid is gone
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

FORMAT = "gpumemd-spool/1"
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


def encode(families: Iterable[Metric], *, pid: int, written: float, interval: float,
           identity: Mapping[str, str]) -> bytes:
    fams = [
        [f.name, f.type, f.documentation, [[s.name, s.labels, s.value] for s in f.samples]]
        for f in families
        if f.name.startswith(PUBLISHED_PREFIXES)
    ]
    doc = {"format": FORMAT, "pid": pid, "written": written, "interval": interval,
           "identity": dict(identity), "families": fams}
    return json.dumps(doc, separators=(",", ":"), allow_nan=True).encode()


class SpoolWriter:
    """Publishes an agent's samples into the spool, at most once per `interval` (a sampler listener)."""

    def __init__(self, directory: Path, *, identity: Mapping[str, str], interval: float,
                 pid: int | None = None, clock: Callable[[], float] = time.time,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.directory = directory
        self._identity = dict(identity)
        self._interval = interval
        self._pid = os.getpid() if pid is None else pid
        self._clock, self._mono = clock, monotonic
        self._next = 0.0
        self._force = False
        self._failed = False
        self.enabled = True
        self.path = directory / f"agent-{self._pid}.json"
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
        self._next, self._force = now + self._interval, False
        self.publish(snapshot.exposition.families)

    def publish(self, families: Sequence[Metric]) -> None:
        data = encode(families, pid=self._pid, written=self._clock(), interval=self._interval,
                      identity=self._identity)
        with self._lock:
            if self.enabled:
                self._write(data)

    def _write(self, data: bytes) -> None:
        tmp = self.directory / f".agent-{self._pid}.json.tmp"
        try:
            if not self.directory.is_dir():
                self.directory.mkdir(parents=True, exist_ok=True)
                try:  # ranks of several users share it, like /tmp
                    os.chmod(self.directory, 0o1777)
                except OSError:
                    pass
            tmp.write_bytes(data)
            os.replace(tmp, self.path)
            if self._failed:
                self._failed = False
                log.info("spool %s writable again", self.directory)
        except OSError as exc:
            if not self._failed:  # log a failure once, not every second
                self._failed = True
                log.warning("cannot publish to spool %s: %s", self.directory, exc)

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
            if doc.get("format") != FORMAT:
                raise ValueError(f"format {doc.get('format')!r}")
            rank = RankFile(int(doc["pid"]), float(doc["written"]), float(doc["interval"]), dict(doc["identity"]),
                            list(doc["families"]))
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
