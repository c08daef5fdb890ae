"""What the commands read, and how: a daemon's /metrics and /api/v1/alerts, Prometheus's
instant queries, each through `gpumemd.httpclient` (one deadline for the whole answer,
bounded bytes, no redirects), and each answer checked as hostile input.

An answer is parsed line by line or field by field: a bad line or sample is skipped and
counted (`Skips`, said in one note), never the rest of the answer; a document of the wrong
shape is one error line (`DaemonAnswerError`, `PrometheusAnswerError`); `reachable_error`
says any failure to get an answer in one line. Nothing in an answer can raise anything else.
"""

from __future__ import annotations

import math
import re
import time
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from gpumemd.httpclient import RequestFailed, request, require_2xx
from gpumemd.untrusted import Each, Fields, TooCostly, read_json

from .format import text

__all__ = [
    "DaemonAnswer",
    "DaemonAnswerError",
    "NoGpu",
    "PrometheusAnswerError",
    "Series",
    "Skips",
    "as_float",
    "index",
    "parse_alerts",
    "parse_exposition",
    "parse_vector",
    "query",
    "reachable_error",
    "read_daemon",
]

# what is read of a daemon's answer (its /metrics grows with ranks; the cap only stops a runaway)
MAX_METRICS_BYTES = 64 << 20
MAX_ALERTS_BYTES = 16 << 20
MAX_ALERTS = 10_000
MAX_ANSWER_BYTES = 64 << 20  # one Prometheus query's answer: grows with ranks, likewise
MAX_RESULTS = 200_000

Series = dict[str, list[tuple[dict[str, str], float]]]


class DaemonAnswerError(ValueError):
    """The daemon's answer holds nothing gpumemd can read (not a gpumemd serve, or broken)."""


class PrometheusAnswerError(DaemonAnswerError):
    """Prometheus's answer is not an instant vector gpumemd can read (or says an error); a
    DaemonAnswerError, so the commands' one-line reporting (reachable_error) says it."""


class NoGpu(Exception):
    """Nothing to explain here: NVML is missing or failed."""


def reachable_error(exc: BaseException) -> str:
    """A failure to get a daemon's answer, said in one line."""
    if isinstance(exc, (RequestFailed, DaemonAnswerError, NoGpu)):
        return str(exc)
    if isinstance(exc, RecursionError):
        return "JSON nested too deeply"
    return f"{type(exc).__name__}: {exc}"


class Skips:
    """What was skipped of an answer, by reason, said in one note."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def add(self, what: str) -> None:
        if what in self.counts or len(self.counts) < 100:
            self.counts[what] = self.counts.get(what, 0) + 1

    def notes(self) -> list[str]:
        if not self.counts:
            return []
        top = sorted(self.counts.items(), key=lambda kv: -kv[1])
        said = "; ".join(f"{what} ({n})" for what, n in top[:5]) + ("; ..." if len(top) > 5 else "")
        return [f"skipped {sum(self.counts.values())} invalid part(s) of the answer: {said}"]


def as_float(v: Any) -> float:
    """Any value as a float; NaN when it is none."""
    try:
        return float(v)
    except (TypeError, ValueError, OverflowError):
        return math.nan


def index(digits: str | None) -> int | None:
    """A GPU index or a pid: decimal digits, bounded."""
    return int(digits) if digits and len(digits) <= 10 and digits.isascii() and digits.isdigit() else None


# --- a daemon's answer ----------------------------------------------------------------------

_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
# A label's name and its value's opening quote; the value's end is found where the line's
# escapes are masked (`_PAIR`: each backslash and the character after it, two placeholders of the
# same length), so the value is one run of a single character class and its quote: matched in
# time and memory linear in the line on every Python, without a repeated group (which keeps a
# backtracking entry per escape where re has no possessive quantifiers, Python 3.10).
_KEY = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"')
_VALUE = re.compile(r'([^"\\\n]*)"\s*')
_PAIR = re.compile(r"\\[^\n]")
MAX_LINE = 128 << 10
"""Characters of one exposition line: past it the line is skipped, not parsed (a daemon's lines
are far shorter: the spool bounds a rank's labels at 32 of 1,024 characters)."""
_ESCAPE = re.compile(r"\\(.)")
_NUMBER = re.compile(r"[+-]?(?:Inf|NaN|[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?|[0-9]+\.)$")


@dataclass
class DaemonAnswer:
    """A daemon's answer, read and parsed: its series, its alerts, and what was skipped."""

    base: str
    series: Series
    alerts: list[dict[str, Any]]
    skips: Skips


def read_daemon(url: str, timeout: float = 5.0) -> DaemonAnswer:
    """A running daemon's answer: /metrics, and /api/v1/alerts for what its rules see; both
    within `timeout` seconds in all (RequestFailed, an OSError, past it)."""
    base = url.rstrip("/")
    if base.endswith("/metrics"):
        base = base[: -len("/metrics")]
    deadline = time.monotonic() + timeout
    resp = require_2xx(request(base + "/metrics", timeout=timeout, max_bytes=MAX_METRICS_BYTES))
    series, bad = parse_exposition(resp.body.decode("utf-8", "replace"))
    if not any(name.startswith("gpumemd_") for name in series):
        raise DaemonAnswerError("its /metrics has no gpumemd series: not a gpumemd serve?")
    skips = Skips()
    if bad:
        skips.counts["lines of /metrics that are not samples"] = bad
    doc: Any = {"data": {"alerts": []}}
    try:
        answer = request(
            base + "/api/v1/alerts",
            timeout=max(0.001, deadline - time.monotonic()),
            max_bytes=MAX_ALERTS_BYTES,
        )
        if answer.status != 404:  # 404: alerting off, or an older daemon: the tree does without them
            doc = read_json(require_2xx(answer).body, _ALERTS)
    except (RequestFailed, ValueError, RecursionError) as exc:
        skips.add(f"/api/v1/alerts: {reachable_error(exc)}"[:200])
    return DaemonAnswer(base, series, parse_alerts(doc, skips), skips)


def parse_exposition(text: str) -> tuple[Series, int]:
    """Prometheus text exposition -> (series by name, lines skipped). A line that is not a
    valid sample is skipped, never the rest of the answer (linear time: no backtracking)."""
    series: Series = {}
    bad = 0
    for line in text.split("\n"):
        if len(line) > MAX_LINE:
            bad += 1
            continue
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parsed = _sample(line)
        if parsed is None:
            bad += 1
        else:
            series.setdefault(parsed[0], []).append((parsed[1], parsed[2]))
    return series, bad


def _sample(line: str) -> tuple[str, dict[str, str], float] | None:
    m = _NAME.match(line)
    if m is None:
        return None
    name, i, labels = m.group(), m.end(), {}
    if line.startswith("{", i):
        i += 1
        # outside values a valid line has no backslash, so the pairs masked are the values' escapes
        masked = _PAIR.sub("__", line) if "\\" in line else line
        while not line.startswith("}", i):
            key = _KEY.match(line, i)
            if key is None or key.group(1) in labels:
                return None
            value = _VALUE.match(masked, key.end())
            if value is None:
                return None
            labels[key.group(1)] = text(_unescape(line[value.start(1) : value.end(1)]))
            i = value.end()
            if line.startswith(",", i):
                i += 1
            elif not line.startswith("}", i):
                return None
        i += 1
    rest = line[i:].split()
    if not 1 <= len(rest) <= 2 or (i < len(line) and not line[i].isspace()) or not _NUMBER.match(rest[0]):
        return None
    return name, labels, float(rest[0])


def _unescape(value: str) -> str:
    """A label value with its escapes undone (backslash-backslash, backslash-quote, backslash-n;
    a backslash before any other character is that character), in a few C-speed passes rather
    than a Python call per escape: the escaped backslashes first become a character the value
    does not hold, so the other escapes cannot pair with them."""
    if "\\" not in value:
        return value
    hold = next(c for c in ("\x00", "\x01", "\ue000", "\ue001", "\ue002") if c not in value)
    value = value.replace("\\\\", hold).replace("\\n", "\n").replace('\\"', '"')
    if "\\" in value:  # escapes Prometheus does not write
        value = _ESCAPE.sub(_second, value)
    return value.replace(hold, "\\")


def _second(m: re.Match[str]) -> str:
    return m.group(1)


def parse_alerts(doc: Any, skipped: Skips | None = None) -> list[dict[str, Any]]:
    """`GET /api/v1/alerts` of any shape -> alerts as {labels, annotations, state, value}:
    strings printable and bounded, value a finite float or None; anything else skipped."""
    skips = skipped or Skips()
    data = doc.get("data") if isinstance(doc, dict) else None
    items = data.get("alerts") if isinstance(data, dict) else None
    if not isinstance(items, (list, tuple)):
        skips.add("an alerts document without data.alerts")
        return []
    out: list[dict[str, Any]] = []
    for a in list(items)[:MAX_ALERTS]:
        got = a if isinstance(a, tuple) else _alert(a)
        if isinstance(got, _Skip):
            skips.add(got.why)
        else:
            out.append(got[0])
    if len(items) > MAX_ALERTS:
        skips.add(f"alerts past the first {MAX_ALERTS}")
    return out


class _Skip(NamedTuple):
    """Why one item of an answer is skipped. An item kept is a tuple too: the streaming reader
    keeps each item as its parser would, as it reads it, and JSON builds no tuple."""

    why: str


def _alert(a: Any) -> tuple[dict[str, Any]] | _Skip:
    labels = a.get("labels") if isinstance(a, Mapping) else None
    state = a.get("state") if isinstance(a, Mapping) else None
    if (
        not isinstance(labels, Mapping)
        or not isinstance(labels.get("alertname"), str)
        or not isinstance(state, str)
    ):
        return _Skip("an alert without an alertname or a state")
    notes = a.get("annotations")
    value = as_float(a.get("value")) if isinstance(a.get("value"), (str, int, float)) else math.nan
    return ({
        "labels": _strings(labels),
        "annotations": _strings(notes if isinstance(notes, Mapping) else {}),
        "state": text(state),
        "value": value if math.isfinite(value) else None,
    },)


# what `read_daemon` builds of the alerts answer: each alert kept as `parse_alerts` keeps it
_ALERTS = Fields({"data": Fields({"alerts": Each(_alert, Fields(dict.fromkeys(
    ("labels", "annotations", "state", "value"))))})})


def _strings(m: Mapping[Any, Any]) -> dict[str, str]:
    return {text(k): text(v) for k, v in m.items() if isinstance(k, str) and isinstance(v, str)}


# --- Prometheus's answer ---------------------------------------------------------------


def _number(v: Any) -> float | None:
    """Prometheus's sample value: a string of a float ("NaN", "+Inf" included) -> float."""
    if not isinstance(v, str) or len(v) > 64:
        return None
    try:
        return float(v)
    except ValueError:
        return None


def parse_vector(doc: Any, skips: Skips) -> list[tuple[dict[str, str], float]]:
    """An instant query's answer of any shape -> [(labels, value)]; a wrong document raises
    PrometheusAnswerError (one line), a bad sample is skipped and counted."""
    if not isinstance(doc, dict):
        raise PrometheusAnswerError("not a Prometheus API answer (not a JSON object)")
    if doc.get("status") != "success":
        err = doc.get("error")
        said = text(err)[:200] if isinstance(err, str) else "no error text"
        raise PrometheusAnswerError(f"the query failed: {said}")
    data = doc.get("data")
    if (
        not isinstance(data, dict)
        or data.get("resultType") != "vector"
        or not isinstance(data.get("result"), list)
    ):
        raise PrometheusAnswerError('not an instant vector (data.resultType "vector" with a result list)')
    out: list[tuple[dict[str, str], float]] = []
    for item in data["result"][:MAX_RESULTS]:
        got = item if isinstance(item, tuple) else _result(item)
        if isinstance(got, _Skip):
            skips.add(got.why)
        else:
            out.append(got)
    if len(data["result"]) > MAX_RESULTS:
        skips.add(f"results past the first {MAX_RESULTS}")
    return out


def _result(item: Any) -> tuple[dict[str, str], float] | _Skip:
    """One result of an instant vector as (labels, value), or why it is skipped."""
    metric = item.get("metric") if isinstance(item, dict) else None
    value = item.get("value") if isinstance(item, dict) else None
    if not isinstance(metric, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in metric.items()
    ):
        return _Skip("a result whose metric is not labels of strings")
    if (
        not isinstance(value, list)
        or len(value) != 2
        or isinstance(value[0], bool)
        or not isinstance(value[0], (int, float))
        or (n := _number(value[1])) is None
    ):
        return _Skip('a result whose value is not [time, "number"]')
    return {text(k): text(v) for k, v in metric.items()}, n


# what `query` builds of Prometheus's answer: each result kept as `parse_vector` keeps it
_VECTOR = Fields(
    {"status": None, "error": None, "data": Fields({"resultType": None, "result": Each(_result)})}
)


def query(
    base: str, expr: str, deadline: float, timeout: float, skips: Skips, max_bytes: int = MAX_ANSWER_BYTES
) -> list[tuple[dict[str, str], float]]:
    """One instant query `expr` of the Prometheus at `base`, within what is left to `deadline`,
    its answer at most `max_bytes`."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise RequestFailed("timeout", f"timed out: no complete answer within {timeout:g}s")
    url = f"{base}/api/v1/query?" + urllib.parse.urlencode({"query": expr})
    resp = request(url, timeout=left, max_bytes=max_bytes)
    if resp.status not in (400, 422):  # a bad expression: the answer's error says why
        require_2xx(resp)
    try:
        doc = read_json(resp.body, _VECTOR)
    except TooCostly as exc:
        raise PrometheusAnswerError(f"HTTP {resp.status}: {exc}") from None
    except (ValueError, RecursionError):
        raise PrometheusAnswerError(f"HTTP {resp.status}: not JSON (is this a Prometheus?)") from None
    return parse_vector(doc, skips)
