"""The spool's one schema: a rank's file format, its limits, and the validator the daemon reads
it back with (`validate`, `parse`: every limit checked, a bad file a `Rejection` with a fixed
reason). The document's bytes are `encoder.py`'s, the agent's writer `writer.py`, the daemon's
reader `reader.py`.

The spool is an untrusted boundary: any process that can write into the directory can put
anything there, so nothing here trusts a document's types, sizes or names.
"""

from __future__ import annotations

import logging
import math
import os
import re
import secrets
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from prometheus_client.samples import Sample

# The canonical list of metrics (data only, no gpumemd import): the agents' families' types
# are the daemon's schema (agent_schema); an exception to the layers, named in pyproject.toml.
from gpumemd import known_metrics
from gpumemd.untrusted import Each, Fields, Schema, TooCostly, loads_json

from .handed import Handed, most_labels
from .served import as_served

log = logging.getLogger("gpumemd.spool")

__all__ = [
    "AGENT_NAMESPACE", "DROP_REASONS", "FORMAT", "FORMATS", "FORMAT_V1", "IDENTITY_LABELS", "INFO_LABELS",
    "NOTHING", "REASONS", "SUFFIXES", "RankFamily", "RankFile", "Rejection", "SpoolReading", "agent_schema",
    "counter_value", "families_of", "file_name", "file_pid", "gauge_value", "identity_labels",
    "own_pidns", "parse", "rendered_names", "source_key", "spool_dir", "text_value", "validate",
]

FORMAT_V1 = "gpumemd-spool/1"  # still read: agents of an older release on the node


FORMAT = "gpumemd-spool/2"


FORMATS = (FORMAT_V1, FORMAT)


AGENT_NAMESPACE = ("gpumemd_allocator_", "gpumemd_process_", "gpumemd_oom_", "gpumemd_agent_",
                   "gpumemd_section", "gpumemd_host_pinned_memory_", "gpumemd_training_",
                   "gpumemd_headroom_", "gpumemd_forecast_", "gpumemd_leak_")
"""The names the daemon reads from a rank file at all. What an agent publishes is not this but
`known_metrics.published()` (origin AGENT), each inside it (tests/unit/spool/test_published.py);
the namespace also admits a family this daemon does not know (a newer agent's), as a gauge."""




INFO_LABELS = ("pid", "rank", "local_rank", "world_size", "job_id")


IDENTITY_LABELS = frozenset(INFO_LABELS)
"""Labels only the daemon sets on a rank's series, from the file's verified pid and identity."""


def spool_dir(configured: str | None, env: Mapping[str, str] | None = None) -> Path | None:
    """Where agents publish and the daemon reads: the config, $GPUMEMD_SPOOL_DIR, /dev/shm; "" is off."""
    env = os.environ if env is None else env
    value = configured if configured is not None else env.get("GPUMEMD_SPOOL_DIR")
    if value is not None:
        return Path(value) if value else None
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else Path(tempfile.gettempdir())
    return base / "gpumemd-spool"


# `agent-<pid>-<secret>.json`: the secret (64 random bits, per writer) makes the name one no other
# user can predict, so none can create it first and stop a rank publishing; `agent-<pid>.json`
# (older agents) is still read. Either way the file's owner must own the pid (reader.py).
_FILE_RE = re.compile(r"agent-([1-9][0-9]{0,6})(?:-[0-9a-f]{16})?\.json\Z")


def file_name(pid: int) -> str:
    """A new, unpredictable name for `pid`'s spool file."""
    return f"agent-{pid}-{secrets.token_hex(8)}.json"


def file_pid(name: str) -> int | None:
    """The pid a spool file's name is for; None for a name that is not a rank's file."""
    m = _FILE_RE.match(name)
    return int(m.group(1)) if m is not None else None


NOTHING: Any = object()  # a sentinel: no value given (a writer's change key, a reader's pidns)


def families_of(doc: Mapping[str, Any]) -> list[Any]:
    """A document's families as version 1 wrote them:
    [[name, type, help, [[sample name, labels, value], …]], …]."""
    if doc["format"] == FORMAT_V1:
        return list(doc["families"])
    families: list[Any] = [[name, typ, help_, []] for name, typ, help_ in doc["types"]]
    for index, sample_name, labels, value in doc["samples"]:
        families[index][3].append([sample_name, labels, value])
    return families


REASONS = (
    "not_regular",
    "too_large",
    "too_many_files",
    "not_json",
    "schema",
    "not_owner",
    "pid_unknown",
    "name_collision",
    "too_many_series",
    "unsafe_directory",
    "hardlinked",
    "identity_conflict",
    "too_many_bytes",
    "label_churn",
)
"""`gpumemd_spool_rejected_total{reason}`: a fixed set, so a hostile file cannot mint label values."""


DROP_REASONS = (
    "value",
    "non_finite",
    "negative_counter",
    "label_name",
    "label_value",
    "too_many_labels",
    "sample_name",
    "series_twice",
    "family_type",
)
"""`gpumemd_spool_dropped_series_total{reason}`: one series of one rank left out, the rest of its
file served. `value`: not a number; `non_finite`: NaN or ±Inf; `negative_counter`; `label_name`,
`label_value` (not a string, too long, not encodable UTF-8), `too_many_labels`; `sample_name`: not
one its family renders; `series_twice`: the same labels twice in a family; `family_type`: every
series of a family whose declared type is not the daemon's for that name."""


MAX_SERIES = 10_000  # validate()'s default; the daemon passes spool.max_series


MAX_INTERVAL = 7 * 86400.0


MAX_WRITTEN = 1e11  # seconds since the epoch: year 5138


MAX_IDENTITY = 16  # keys


MAX_NAME = 200  # metric and label names, characters


MAX_VALUE = 1024  # label values, identity values, help text


MAX_LABELS = 32  # per series


MAX_FAMILIES = 1024  # per file


TYPES = ("gauge", "counter", "info", "unknown")


SUFFIXES = {"gauge": ("",), "unknown": ("",), "counter": ("_total", "_created"), "info": ("_info",)}


# Lower-case snake_case names, no colons (recording rules'), no `le`/`quantile` labels and no
# histogram/summary/counter suffixes on other types: what promtool's lint asks, which
# gpumemd's own agents always meet.
_METRIC_RE = re.compile(r"[a-z_][a-z0-9_]*\Z")


_LABEL_RE = re.compile(r"[a-z_][a-z0-9_]*\Z")


_RESERVED_LABELS = frozenset({"le", "quantile"})


_OTHER_SUFFIXES = ("_total", "_count", "_sum", "_bucket", "_created", "_info")


_DEFAULT_HELP = "Published by a gpumemd agent."


SERIES_OVERHEAD = 1200
"""Bytes a served series costs beyond its label strings (the parsed Sample, its dict, the merged
list); each byte of the file costs `LABEL_CHAR_BYTES` more (its strings held parsed, rendered in
the exposition, and the allocator's slack): an estimate that needs no look at each label, and
that a file cannot shrink below what it spells out. Calibrated against a real daemon's RSS
(docs/deploy.md)."""


LABEL_CHAR_BYTES = 4


def agent_schema() -> dict[str, str]:
    """The daemon's types of the families agents publish, by family name: the canonical list
    of gpumemd's metrics (`gpumemd.known_metrics`, data only), restricted to those it says the
    agent publishes (`known_metrics.published()`). A file's declared type is checked against
    this, never trusted."""
    out: dict[str, str] = {}
    for sample_name in known_metrics.sample_names():
        info = known_metrics.lookup(sample_name)
        if info is not None and info.origin == known_metrics.AGENT:
            out[info.name] = info.type
    return out


def gauge_value(value: Any) -> float | None:
    """A gauge's value: a finite number, else None (the series is dropped)."""
    if type(value) is float:
        return value if math.isfinite(value) else None
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    try:
        return float(value)
    except OverflowError:
        return None


def counter_value(value: Any) -> float | None:
    """A counter's (or its `_created`'s) value: finite and not negative, else None. A value
    below the last one is served: Prometheus reads it as a reset (a restarted process)."""
    out = gauge_value(value)
    return out if out is not None and out >= 0.0 else None


def text_value(value: Any, limit: int = MAX_VALUE) -> str | None:
    """A label value, identity value or help text: a string of at most `limit` characters
    that encodes as UTF-8 (JSON's `"\\ud800"` decodes to a lone surrogate, which does not)."""
    if type(value) is not str or len(value) > limit:
        return None
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return None
    return value


def identity_labels(pid: int, identity: Mapping[str, str]) -> dict[str, str]:
    """The labels a rank's series are told apart by: `rank` (or `pid` where it has none) and
    `job_id` where it has one; the daemon sets them on every series of the rank."""
    out = {"rank": identity["rank"]} if identity.get("rank") else {"pid": str(pid)}
    if identity.get("job_id"):
        out["job_id"] = identity["job_id"]
    return out


RankFamily = tuple[str, str, str, tuple[Sample, ...], frozenset[int]]
"""One family of a rank's file: name, type, help, its Sample tuples, its series keys."""


@dataclass(frozen=True)
class RankFile:
    """One rank's validated spool file: who wrote it, when, and the families the daemon merges."""

    pid: int
    written: float
    interval: float
    identity: Mapping[str, str]
    # the published families only; Sample tuples, built once per file version (a family whose
    # values stand: once for all its versions), so a merge only extends lists
    families: Sequence[RankFamily]
    pidns: str | None = None  # the writer's PID namespace, where it said
    series: int = 0  # samples in `families`
    uid: int | None = None  # the file's owner (set when read from a directory)
    bytes: int = 0  # estimated memory its series cost the daemon (SERIES_OVERHEAD, LABEL_CHAR_BYTES)
    dropped: Mapping[str, int] = field(default_factory=dict)  # DROP_REASONS -> series left out


@dataclass(frozen=True)
class SpoolReading:
    """One scan of the spool directory: the ranks' files in use, and the cumulative counts of what
    was expired, rejected and dropped. Here, beside the files, so the alert engine (which the agent
    loads too) can read whose each rank is without the daemon's reader."""

    ranks: tuple[RankFile, ...]
    counts: Mapping[str, int] = field(
        default_factory=dict
    )  # expired, errors, conflicts, deferred (cumulative)
    rejected: Mapping[str, int] = field(default_factory=dict)  # reason -> files (cumulative)
    dropped: Mapping[str, int] = field(default_factory=dict)  # DROP_REASONS -> series (cumulative)
    # (job_id, rank, pid) labels of each rank's series -> the uid that owns the rank: the alert
    # engine's rule budgets per uid
    owners: Mapping[tuple[str, str, str], int] = field(default_factory=dict)


def source_key(pid: int, identity: Mapping[str, str]) -> tuple[str, str, str]:
    """The (job_id, rank, pid) labels `identity_labels` sets on a rank's series."""
    labels = identity_labels(pid, identity)
    return (labels.get("job_id", ""), labels.get("rank", ""), labels.get("pid", ""))


@dataclass(frozen=True)
class Rejection:
    """Why a spool file was refused (one of REASONS) and a detail for the log."""

    reason: str  # one of REASONS
    detail: str  # for the log, never a label


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
    out = text_value(value, limit)
    if out is None:
        raise _Bad("schema", f"{what}: expected a UTF-8 string of at most {limit} characters")
    return out


def _label_name_ok(k: Any) -> bool:
    return (
        type(k) is str
        and len(k) <= MAX_NAME
        and _LABEL_RE.match(k) is not None
        and not k.startswith("__")
        and k not in _RESERVED_LABELS
    )


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


def validate(
    doc: Any,
    *,
    name_pid: int | None = None,
    reserved: frozenset[str] | None = None,
    max_series: int = MAX_SERIES,
    schema: Mapping[str, str] | None = None,
    previous: RankFile | None = None,
) -> RankFile | Rejection:
    """One spool document (parsed JSON) as a RankFile holding only the families the daemon
    merges, or the reason it is refused. Never raises: everything here came from outside.

    `name_pid`: the pid in the file's name, which the document's must equal; `reserved`: the
    names of the reader's own families (the daemon's: `sources.spool.daemon_family_names()`),
    which no rank may publish; `schema`: the daemon's type of each family agents publish
    (`agent_schema()` when None). A family of another name under the agent prefixes is served
    only as a gauge. One bad value, label or sample name drops that series only
    (`RankFile.dropped`); the file's structure, header and identity are all or nothing.

    `previous`: this file's last accepted version. A family whose series (sample names and
    labels, in order) are those it served, under the same pid and identity, has only its values
    checked (a training rank rewrites its values every second, its labels rarely); the result
    is the one without it."""
    try:
        return _validate(
            doc,
            name_pid,
            frozenset() if reserved is None else reserved,
            max_series,
            agent_schema() if schema is None else schema,
            previous,
        )
    except _Bad as bad:
        return Rejection(bad.reason, str(bad))
    except (RecursionError, MemoryError) as exc:  # not reachable through json.loads' own limits
        return Rejection("schema", type(exc).__name__)


def _drop_reason(value: Any) -> str:
    """Why `value` is not a series' value (gauge_value or counter_value said None)."""
    number = gauge_value(value)
    if number is not None:
        return "negative_counter"
    return "non_finite" if type(value) is float else "value"


def _served_before(previous: RankFile | None, pid: int, identity: Any) -> dict[str, RankFamily]:
    """The families `previous` served, by name; none where its pid or identity differ (the
    identity's labels on every series are set from them)."""
    if previous is None or previous.pid != pid or previous.identity != identity:
        return {}
    return {fam[0]: fam for fam in previous.families}


def _validate(
    doc: Any,
    name_pid: int | None,
    reserved: frozenset[str],
    max_series: int,
    schema: Mapping[str, str],
    previous: RankFile | None = None,
) -> RankFile:
    if not isinstance(doc, dict):
        raise _Bad("schema", "expected a JSON object")
    if doc.get("format") not in FORMATS:
        raise _Bad("schema", "format: not a gpumemd spool format")
    pid = doc.get("pid")
    if not known_metrics.is_pid(pid):
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
    # The identity labels of every series are the daemon's, from the verified pid and the
    # identity: set where the agent puts them, removed where the identity has no value, so a
    # file speaks only for itself (a rank-less file's series never carry `rank`).
    verified = {k: identity.get(k) or "" for k in INFO_LABELS}
    verified["pid"] = str(pid)
    forced = identity_labels(pid, identity)
    forced_keys, forced_items = set(forced), forced.items()
    rendered_reserved = rendered_names(reserved)
    before = _served_before(previous, pid, identity)
    published = known_metrics.published()  # known families: merged when agents publish them
    families: list[RankFamily] = []
    dropped: dict[str, int] = {}
    good_names: set[str] = set()  # label names already checked in this document
    names: set[str] = set()
    series = 0
    for name, typ, help_, rows in _raw_families(doc):
        was = before.get(name) if type(name) is str else None
        if (
            was is not None
            and typ == was[1]
            and help_ == was[2]
            and name not in names
            and series + len(rows) <= max_series
        ):  # declared as the last version was: every check of the family's name and type stands
            same = as_served(rows, was[3], was[1] == "counter", MAX_LABELS)
            if same is not None:  # the series it served, new values: their labels and keys stand
                names.add(name)
                series += len(same)
                families.append(was if same is was[3] else (name, was[1], was[2], tuple(same), was[4]))
                continue
        name = _text(name, "family name", MAX_NAME)
        if not _METRIC_RE.match(name):
            raise _Bad("schema", f"family name {name[:64]!r}")
        if name in names:
            raise _Bad("schema", f"family {name} twice")
        names.add(name)
        if not name.startswith(AGENT_NAMESPACE):
            continue  # the agent's other families (for its endpoint process): not merged
        if typ not in TYPES:
            raise _Bad("schema", f"family {name}: type {str(typ)[:32]!r}")
        help_ = text_value(help_) or _DEFAULT_HELP
        if name in reserved or {name + s for s in SUFFIXES[typ]} & rendered_reserved:
            raise _Bad("name_collision", f"family {name} is the daemon's own")
        if name not in published and known_metrics.family(name) is not None:
            continue  # known, and agents do not publish it (a daemon's or sampler's): never a rank's
        # A gauge `*_info` (value 1, labels: gpumemd_agent_info, gpumemd_allocator_config_info) is
        # Prometheus' convention; an `info`-typed family would render the same sample names, so
        # agents publish none and it is refused.
        if typ == "info":
            raise _Bad("schema", f"family {name}: type info (agents publish gauges)")
        if name.endswith(_OTHER_SUFFIXES) and not (typ == "gauge" and name.endswith("_info")):
            raise _Bad("schema", f"family {name}: a name that another type's samples end with")
        if series + len(rows) > max_series:
            raise _Bad("too_many_series", f"more than {max_series} series")
        # The type is the daemon's: a known family declared otherwise, or an unknown one
        # declared anything but a gauge, is dropped (never served under the file's type).
        want = schema.get(name, "gauge")
        if (typ if typ != "unknown" else "gauge") != want:
            dropped["family_type"] = dropped.get("family_type", 0) + len(rows)
            continue
        sample_names = {name + s for s in SUFFIXES[want]}
        counter = want == "counter"
        check = counter_value if counter else gauge_value
        # A series' key is the (per-process salted) hash of its name and label set: an int the
        # cyclic collector never visits, where tuples and frozensets doubled its work.
        keys: set[int] = set()
        samples = []
        for row in rows:  # the hot loop: a rank of 1,000 series runs it 1,000 times a rewrite
            if type(row) is not list or len(row) != 3:
                raise _Bad("schema", f"family {name}: expected [name, labels, value] samples")
            sample_name, labels, raw = row
            why = None
            if type(sample_name) is not str or sample_name not in sample_names:
                why = "sample_name"
            elif type(labels) is not dict:
                why = "label_name"
            elif len(labels) > MAX_LABELS:
                why = "too_many_labels"
            else:
                for k, v in labels.items():
                    if k not in good_names:
                        if not _label_name_ok(k):
                            why = "label_name"
                            break
                        good_names.add(k)
                    if (
                        type(v) is not str
                        or len(v) > MAX_VALUE
                        or (not v.isascii() and text_value(v) is None)
                    ):
                        why = "label_value"
                        break
            if why is not None:
                value = None
            elif type(raw) is float and raw - raw == 0.0 and (raw >= 0.0 or not counter):
                value = raw  # the usual case, inline: finite (x - x is NaN for ±Inf and NaN), sign as needed
            else:
                value = check(raw)
            if value is None:
                why = why or _drop_reason(raw)
            else:
                present = IDENTITY_LABELS.intersection(labels)
                if (
                    present != forced_keys or not forced_items <= labels.items()
                ):  # else: already the verified ones
                    for k in present:
                        if verified[k]:
                            labels[k] = verified[k]
                        else:
                            del labels[k]
                    labels.update(forced)
                key = hash((sample_name, frozenset(labels.items())))
                if key not in keys:
                    keys.add(key)
                    samples.append(Sample(sample_name, labels, value))
                    continue
                why = "series_twice"
            dropped[why] = dropped.get(why, 0) + 1
        series += len(samples)
        families.append((name, want, help_, tuple(samples), frozenset(keys)))
    return RankFile(
        pid,
        written,
        interval,
        dict(identity),
        families,
        pidns,
        series,
        bytes=SERIES_OVERHEAD * series,
        dropped=dropped,
    )


_MOST_LABELS = most_labels(SERIES_OVERHEAD, MAX_LABELS)


_DOCUMENT_KEYS = ("format", "pid", "interval", "written", "identity", "pidns", "types", "families")
"""The keys of a spool document `validate` reads beside `samples` (the rest are never built)."""


def parse(data: bytes, **kwargs: Any) -> RankFile | Rejection:
    """`validate(json.loads(data))`: not_json where the bytes are not one JSON document,
    too_large where its objects would pass `untrusted.allowance` (estimated before parsing)."""
    # A file's rows shaped as series are the caller's as they are read (`Handed`), version 2's
    # and version 1's; a file that names `samples` or `families` twice has that list read whole,
    # as `json.loads` keeps the last.
    handed = Handed(kwargs.get("max_series", MAX_SERIES), _MOST_LABELS)
    names: dict[str, Schema] = dict.fromkeys((*_DOCUMENT_KEYS, "samples"))
    if data.count(b'"samples"') <= 1:
        names["samples"] = Each(handed.keep, run=handed.run)
    if data.count(b'"families"') <= 1:
        rows = Each(handed.keep_v1, run=handed.run_v1)
        names["families"] = Each(handed.keep_family, Each(handed.family_part, rows))
    try:
        doc = loads_json(data, Fields(names))
    except TooCostly as exc:
        return Rejection("too_large", str(exc))
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        return Rejection("not_json", f"not JSON: {str(exc)[:120]}")
    handed.restore(doc)
    result = validate(doc, **kwargs)
    if isinstance(result, RankFile):  # the label strings' memory, from the bytes that spelled them
        result = replace(result, bytes=result.bytes + LABEL_CHAR_BYTES * len(data))
    return result


def own_pidns() -> str | None:
    """This process's PID namespace (`pid:[4026531836]`): ranks in another cannot be verified."""
    try:
        return os.readlink("/proc/self/ns/pid")
    except OSError:
        return None


def rendered_names(names: Iterable[str]) -> frozenset[str]:
    """Every sample name families of these names could render, whatever their type."""
    return frozenset(n + suffix for n in names for suffix in ("", "_total", "_created", "_info"))
