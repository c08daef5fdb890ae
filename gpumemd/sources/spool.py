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

import functools
import gc
import json
import logging
import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric
from prometheus_client.samples import Sample

from gpumemd.config import SpoolSourceConfig

from .base import Source, counter, gauge

__all__ = [
    "FORMAT", "FORMATS", "FORMAT_V1", "PUBLISHED_PREFIXES", "REASONS", "Encoder", "RankFile", "Rejection",
    "SpoolReading", "SpoolSource", "SpoolWriter", "daemon_family_names", "encode", "families_of", "own_pidns",
    "parse", "pid_alive", "proc_owner", "spool_dir", "validate",
]

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

        {"format": "gpumemd-spool/2", "pid": …, "interval": …, "identity": {…}, "pidns": …, "written": …,
         "types": [[name, type, help], …], "samples": [[type index, sample name, labels, value], …]}

    The header and the `types` table (the same every second: the families' names, types and
    help text are most of the bytes) are serialised once and reused while they do not
    change; each publish serialises only the sample rows, in one `json.dumps` call. The
    daemon turns it back into version 1's shape (`families_of`)."""

    def __init__(self, *, pid: int, interval: float, identity: Mapping[str, str], everything: bool = False) -> None:
        dumps = _dumps
        self._everything = everything  # every family (the agent's endpoint process serves them all)
        pidns = own_pidns()  # lets the daemon tell a pid it cannot see from a dead one
        self._head = (f'{{"format":{dumps(FORMAT)},"pid":{int(pid)},"interval":{dumps(float(interval))},'
                      f'"identity":{dumps(dict(identity))},'
                      + (f'"pidns":{dumps(pidns)},' if pidns is not None else "") + '"written":')
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


# --- the daemon's side ---------------------------------------------------------------
#
# The spool is an untrusted boundary: any process that can write into the directory can put
# anything there. What the daemon reads is bounded (files, bytes, series), validated by one
# function (`validate`), attributed (the file's owner must own the pid it is named for), and
# a bad file costs one rejection, counted once per version of the file, never the sample.

REASONS = ("not_regular", "too_large", "too_many_files", "not_json", "schema", "not_owner", "pid_unknown",
           "name_collision", "too_many_series", "unsafe_directory")
"""`gpumemd_spool_rejected_total{reason}`: a fixed set, so a hostile file cannot mint label values."""

MAX_FILE_BYTES = 4 << 20
MAX_FILES = 1024
MAX_SERIES = 10_000
MAX_TOTAL_SERIES = 65_536
MAX_PID = 1 << 22  # the kernel's pid_max ceiling
MAX_INTERVAL = 7 * 86400.0
MAX_WRITTEN = 1e11  # seconds since the epoch: year 5138
MAX_IDENTITY = 16  # keys
MAX_NAME = 200  # metric and label names, characters
MAX_VALUE = 1024  # label values, identity values, help text
MAX_LABELS = 32  # per series
MAX_FAMILIES = 1024  # per file
TYPES = ("gauge", "counter", "info", "unknown")
_SUFFIXES = {"gauge": ("",), "unknown": ("",), "counter": ("_total", "_created"), "info": ("_info",)}
_OPEN = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
# Lower-case snake_case names, no colons (recording rules'), no `le`/`quantile` labels and no
# histogram/summary/counter suffixes on other types: what promtool's lint asks, which
# gpumemd's own agents always meet.
_METRIC_RE = re.compile(r"[a-z_][a-z0-9_]*\Z")
_LABEL_RE = re.compile(r"[a-z_][a-z0-9_]*\Z")
_RESERVED_LABELS = frozenset({"le", "quantile"})
_OTHER_SUFFIXES = ("_total", "_count", "_sum", "_bucket", "_created", "_info")
_DEFAULT_HELP = "Published by a gpumemd agent."
_FILE_RE = re.compile(r"agent-([1-9][0-9]{0,6})\.json\Z")
_OWN_FAMILIES = ("gpumemd_process_rank_info", "gpumemd_spool_rank_last_publish_timestamp_seconds",
                 "gpumemd_spool_ranks", "gpumemd_spool_expired", "gpumemd_spool_errors",
                 "gpumemd_spool_conflicts", "gpumemd_spool_rejected")


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


def own_pidns() -> str | None:
    """This process's PID namespace (`pid:[4026531836]`): ranks in another cannot be verified."""
    try:
        return os.readlink("/proc/self/ns/pid")
    except OSError:
        return None


def daemon_family_names() -> frozenset[str]:
    """Every family `gpumemd serve` exports itself under the agents' prefixes or anywhere: a spool
    family of one of these names would be a second HELP/TYPE in one exposition."""
    return _daemon_names()


@functools.lru_cache(maxsize=1)
def _daemon_names() -> frozenset[str]:
    from .host import HostSource  # noqa: PLC0415 (siblings, imported when first needed)
    from .kubelet import KubeletSource  # noqa: PLC0415
    from .nvml import NvmlSource  # noqa: PLC0415
    from .slurm import SlurmSource  # noqa: PLC0415

    return frozenset({*NvmlSource.names, *HostSource.names, *KubeletSource.names, *SlurmSource.names,
                      *_OWN_FAMILIES})


def _rendered(names: Iterable[str]) -> frozenset[str]:
    """Every sample name families of these names could render, whatever their type."""
    return frozenset(n + suffix for n in names for suffix in ("", "_total", "_created", "_info"))


@dataclass(frozen=True)
class RankFile:
    pid: int
    written: float
    interval: float
    identity: Mapping[str, str]
    # (name, type, help, samples, series keys) of the published families only; Sample tuples,
    # built once per file version, so a merge only extends lists
    families: Sequence[tuple[str, str, str, tuple[Sample, ...], frozenset[int]]]
    pidns: str | None = None  # the writer's PID namespace, where it said
    series: int = 0  # samples in `families`
    uid: int | None = None  # the file's owner (set when read from a directory)


@dataclass(frozen=True)
class Rejection:
    reason: str  # one of REASONS
    detail: str  # for the log, never a label


@dataclass(frozen=True)
class SpoolReading:
    ranks: tuple[RankFile, ...]
    counts: Mapping[str, int] = field(default_factory=dict)  # expired, errors, conflicts (cumulative)
    rejected: Mapping[str, int] = field(default_factory=dict)  # reason -> files (cumulative)


class _Bad(Exception):
    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def _number(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _Bad("schema", f"{what}: expected a number")
    try:
        out = float(value)
    except OverflowError:
        raise _Bad("schema", f"{what}: out of range") from None
    if not low <= out <= high:  # NaN fails too
        raise _Bad("schema", f"{what}: out of range")
    return out


def _text(value: Any, what: str, limit: int = MAX_VALUE) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise _Bad("schema", f"{what}: expected a string of at most {limit} characters")
    return value


def _label_name(k: str) -> None:
    if len(k) > MAX_NAME or not _LABEL_RE.match(k) or k.startswith("__") or k in _RESERVED_LABELS:
        raise _Bad("schema", f"label name {k[:64]!r}")


def _value(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _Bad("schema", "sample value: expected a number")
    try:
        return float(value)  # inf and nan are valid sample values
    except OverflowError:
        raise _Bad("schema", "sample value: out of range") from None


def _raw_families(doc: dict[str, Any]) -> list[tuple[Any, Any, Any, list[Any]]]:
    """The document's families in version 1's shape, structure checked, nothing else yet."""
    if doc["format"] == FORMAT_V1:
        fams = doc.get("families")
        if not isinstance(fams, list) or len(fams) > MAX_FAMILIES:
            raise _Bad("schema", "families: expected a list")
        out = []
        for fam in fams:
            if not isinstance(fam, list) or len(fam) != 4 or not isinstance(fam[3], list):
                raise _Bad("schema", "family: expected [name, type, help, samples]")
            out.append((fam[0], fam[1], fam[2], fam[3]))
        return out
    types, rows = doc.get("types"), doc.get("samples")
    if not isinstance(types, list) or len(types) > MAX_FAMILIES or not isinstance(rows, list):
        raise _Bad("schema", "types and samples: expected lists")
    v2: list[tuple[Any, Any, Any, list[Any]]] = []
    for entry in types:
        if not isinstance(entry, list) or len(entry) != 3:
            raise _Bad("schema", "types: expected [name, type, help] rows")
        v2.append((entry[0], entry[1], entry[2], []))
    for row in rows:
        if not isinstance(row, list) or len(row) != 4:
            raise _Bad("schema", "samples: expected [type index, name, labels, value] rows")
        index = row[0]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(v2):
            raise _Bad("schema", "samples: type index out of range")
        v2[index][3].append(row[1:])
    return v2


def validate(doc: Any, *, name_pid: int | None = None, reserved: frozenset[str] | None = None,
             max_series: int = MAX_SERIES) -> RankFile | Rejection:
    """One spool document (parsed JSON) as a RankFile holding only the families the daemon
    merges, or the reason it is refused. Never raises: everything here came from outside.

    `name_pid`: the pid in the file's name, which the document's must equal; `reserved`: the
    daemon's own family names (default: `daemon_family_names()`)."""
    try:
        return _validate(doc, name_pid, daemon_family_names() if reserved is None else reserved, max_series)
    except _Bad as bad:
        return Rejection(bad.reason, str(bad))
    except (RecursionError, MemoryError) as exc:  # not reachable through json.loads' own limits
        return Rejection("schema", type(exc).__name__)


def _validate(doc: Any, name_pid: int | None, reserved: frozenset[str], max_series: int) -> RankFile:
    if not isinstance(doc, dict):
        raise _Bad("schema", "expected a JSON object")
    if doc.get("format") not in FORMATS:
        raise _Bad("schema", "format: not a gpumemd spool format")
    pid = doc.get("pid")
    if isinstance(pid, bool) or not isinstance(pid, int) or not 0 < pid <= MAX_PID:
        raise _Bad("schema", "pid: expected a process id")
    if name_pid is not None and pid != name_pid:
        raise _Bad("schema", f"pid {pid} in a file named for {name_pid}")
    interval = _number(doc.get("interval"), "interval", 1e-3, MAX_INTERVAL)
    written = _number(doc.get("written"), "written", 0.0, MAX_WRITTEN)
    identity = doc.get("identity")
    if not isinstance(identity, dict) or len(identity) > MAX_IDENTITY:
        raise _Bad("schema", f"identity: expected a mapping of at most {MAX_IDENTITY} strings")
    for k, v in identity.items():
        _text(k, "identity key", MAX_NAME)
        _text(v, f"identity {k[:64]}")
    pidns = doc.get("pidns")
    if pidns is not None:
        _text(pidns, "pidns", 64)
    rendered_reserved = _rendered(reserved)
    families: list[tuple[str, str, str, tuple[Sample, ...], frozenset[int]]] = []
    good_names: set[str] = set()  # label names already checked in this document
    names: set[str] = set()
    series = 0
    for name, typ, help_, rows in _raw_families(doc):
        name = _text(name, "family name", MAX_NAME)
        if not _METRIC_RE.match(name):
            raise _Bad("schema", f"family name {name[:64]!r}")
        if name in names:
            raise _Bad("schema", f"family {name} twice")
        names.add(name)
        if not name.startswith(PUBLISHED_PREFIXES):
            continue  # the agent's other families (for its endpoint process): not merged
        if typ not in TYPES:
            raise _Bad("schema", f"family {name}: type {str(typ)[:32]!r}")
        help_ = _text(help_, f"family {name} help") or _DEFAULT_HELP
        suffixes = _SUFFIXES[typ]
        sample_names = {name + s for s in suffixes}
        if name in reserved or sample_names & rendered_reserved:
            raise _Bad("name_collision", f"family {name} is the daemon's own")
        if name.endswith(_OTHER_SUFFIXES):
            raise _Bad("schema", f"family {name}: a name that another type's samples end with")
        if series + len(rows) > max_series:
            raise _Bad("too_many_series", f"more than {max_series} series")
        # A series' key is the (per-process salted) hash of its name and label set: an int the
        # cyclic collector never visits, where tuples and frozensets doubled its work.
        keys: set[int] = set()
        samples = []
        for row in rows:  # the hot loop: a rank of 1,000 series runs it 1,000 times a rewrite
            if type(row) is not list or len(row) != 3:
                raise _Bad("schema", f"family {name}: expected [name, labels, value] samples")
            sample_name, labels, value = row
            if type(sample_name) is not str or sample_name not in sample_names:
                raise _Bad("schema", f"family {name}: sample name {str(sample_name)[:64]!r}")
            if type(labels) is not dict or len(labels) > MAX_LABELS:
                raise _Bad("schema", f"family {name}: labels: expected a mapping of at most {MAX_LABELS}")
            for k, v in labels.items():
                if k not in good_names:
                    _label_name(k)
                    good_names.add(k)
                if type(v) is not str or len(v) > MAX_VALUE:
                    raise _Bad("schema", f"label {k}: expected a string of at most {MAX_VALUE} characters")
            key = hash((sample_name, frozenset(labels.items())))
            if key in keys:
                raise _Bad("schema", f"family {name}: a series twice")
            keys.add(key)
            samples.append(Sample(sample_name, labels, value if type(value) is float else _value(value)))
        series += len(samples)
        families.append((name, typ, help_, tuple(samples), frozenset(keys)))
    return RankFile(pid, written, interval, dict(identity), families, pidns, series)


def parse(data: bytes, **kwargs: Any) -> RankFile | Rejection:
    """`validate(json.loads(data))`: not_json where the bytes are not one JSON document."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        return Rejection("not_json", f"not JSON: {str(exc)[:120]}")
    return validate(doc, **kwargs)


def _group_id(group: str) -> int:
    if group.isdigit():
        return int(group)
    import grp  # noqa: PLC0415 (POSIX only, and only when configured)

    return grp.getgrnam(group).gr_gid


_Key = tuple[int, int, int]  # (inode, size, mtime_ns): a version of a file


class SpoolSource(Source[SpoolReading]):
    """The daemon's collector `spool`: every live, verified rank's agent-owned families.

    Each read opens the directory once (O_NOFOLLOW) and works relative to that descriptor, so a
    directory swapped for a symlink mid-scan changes nothing. A file is parsed once per version:
    an accepted one is reused while its inode and size stand (a heartbeat only moves the mtime;
    only its owner can rewrite it in place, and it is their rank), a rejected or expired one is
    skipped until its (inode, size, mtime_ns) change."""

    name = "spool"

    def __init__(self, directory: Path, *, expire_intervals: int = 5,
                 clock: Callable[[], float] = time.time, alive: Callable[[int], bool] = pid_alive,
                 owner: Callable[[int], int | None] = proc_owner, settings: SpoolSourceConfig | None = None,
                 pidns: str | None | Any = _NOTHING, reserved: frozenset[str] | None = None) -> None:
        """`owner(pid)`: the uid of live process pid (injected by tests); `settings`: a
        `config.SpoolSourceConfig` (defaults when None); `pidns`: ours (None: unknown)."""
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
        self._pidns = own_pidns() if pidns is _NOTHING else pidns
        self._reserved = daemon_family_names() | (reserved or frozenset())
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

    def read(self, cycle: Mapping[str, Any]) -> SpoolReading:
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
            dfd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
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
            key = tuple(sorted(_identity_labels(rank).items()))
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

    # -- rendering -------------------------------------------------------------------

    def families(self, reading: SpoolReading) -> Iterable[Metric]:
        merged: dict[str, Metric] = {}
        claimed: dict[str, str] = {}  # rendered sample name -> family: one family per name
        seen: set[int] = set()  # series keys (see _validate)
        for rank in reading.ranks:
            for name, typ, doc, samples, keys in rank.families:
                fam = merged.get(name)
                if fam is None:
                    names = [name + s for s in _SUFFIXES.get(typ, ("",))]
                    if any(claimed.get(n, name) != name for n in names):
                        continue  # another rank's family renders these names
                    for n in names:
                        claimed[n] = name
                    fam = merged[name] = Metric(name, doc, typ)
                elif fam.type != typ:
                    continue
                if seen.isdisjoint(keys):  # the usual case: ranks' labels differ
                    fam.samples.extend(samples)
                    seen.update(keys)
                    continue
                for sample in samples:
                    series = hash((sample.name, frozenset(sample.labels.items())))
                    if series not in seen:  # two ranks claim one series: the first (by rank) stands
                        seen.add(series)
                        fam.samples.append(sample)
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
                         ("errors", "Spool files rejected, any reason (deprecated: gpumemd_spool_rejected_total)."),
                         ("conflicts", "Spool files left out because a newer one claimed the same rank.")):
            c = counter(f"gpumemd_spool_{key}", doc)
            c.add_metric([], reading.counts.get(key, 0))
            yield c
        rejected = counter("gpumemd_spool_rejected", "Spool files (or the directory) refused, by reason.", ["reason"])
        for reason in REASONS:
            rejected.add_metric([reason], reading.rejected.get(reason, 0))
        yield rejected


def _identity_labels(rank: RankFile) -> dict[str, str]:
    ident = rank.identity
    out = {"rank": ident["rank"]} if ident.get("rank") else {"pid": str(rank.pid)}
    if ident.get("job_id"):
        out["job_id"] = ident["job_id"]
    return out
