"""What alert rules compare with their thresholds, computed once per sample: the sample indexed
by the names rules use (SampleView), and per-series signals (threshold, trend, increase).

Rules that select the same series the same way (same metric, divisor, and for trends the
same window, bucket, prediction...) share one Signal: its per-series values, and the
history behind trend and increase values, are computed once per sample however many rules
compare them with their thresholds. Time is never read here: every call takes the
sample's timestamp.
"""

from __future__ import annotations

import collections
import logging
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from prometheus_client.core import Metric

from gpumemd import known_metrics

from .rules import RuleSpec, Selector

log = logging.getLogger("gpumemd.alerts")

__all__ = ["Key", "Labels", "SampleView", "Series", "Signal", "Source", "SourceBudget", "Value", "signal_key",
           "source_of"]

Labels = dict[str, str]


Key = tuple[tuple[str, str], ...]


Series = tuple[Key, Mapping[str, str], float]


Source = tuple[str, str, str]
"""Whose a series is: its (job_id, rank, pid) labels, the identity the daemon sets on every series
of a rank from its verified file (pid for a process without a rank; all empty for the node's own)."""

_SOURCE_LABELS = ("job_id", "rank", "pid")
_NODE: Source = ("", "", "")


def source_of(labels: Mapping[str, str]) -> Source:
    return (labels.get("job_id", ""), labels.get("rank", ""), labels.get("pid", ""))


class SourceBudget:
    """How many series (or alerts) of one rule each source may hold, at two levels.

    Per source: `per_source` each, so one rank's churn never takes another's place. Per uid: the
    node bound (`NODE_SOURCES` sources' worth) is shared by the uids present (those holding some
    of this rule's series, and the one asking), so one uid's churn across many ranks or pids never
    takes another uid's share; past its uid's share a source still gets its first
    `per_source // 8`. A source's uid comes from `owners` (the daemon's verified spool files,
    kept current by the engine); a source no file vouches for counts under the unknown uid (None),
    and the node's own series (the empty source) are charged to no uid. A uid that arrives while
    others hold the whole bound takes its share at once: the others shrink to theirs as their
    series go. Every take and give is O(1). What is refused is counted per source (`dropped`, at
    most `MAX_COUNTED` sources named; the rest under the empty source)."""

    NODE_SOURCES = 64
    MAX_COUNTED = 256

    def __init__(self, per_source: int, owners: Mapping[Source, int] | None = None) -> None:
        self.per_source = per_source
        self.node = per_source * self.NODE_SOURCES
        self.floor = max(1, per_source // 8)
        self.owners: Mapping[Source, int] = owners if owners is not None else {}
        self.held: dict[Source, int] = {}
        self.uid_held: dict[int | None, int] = {}  # the uids present: each one's series held
        self._charged: dict[Source, int | None] = {}  # the uid each held source is charged to
        self.dropped: dict[Source, int] = {}
        self.dropped_total = 0

    @property
    def total(self) -> int:
        """The series held by every source, derived (take and give keep per-source and per-uid counts)."""
        return sum(self.held.values())

    def share(self, uid: int | None) -> int:
        """The most series `uid`'s sources together may hold now (each past it keeps its floor)."""
        present = len(self.uid_held) + (uid not in self.uid_held)
        return max(self.per_source, self.node // present)

    def take(self, source: Source) -> bool:
        held = self.held.get(source, 0)
        if held >= self.per_source:
            return self._refuse(source)
        if source == _NODE:
            pass  # the node's own series: per_source, as ever, charged to no uid
        elif held:
            uid = self._charged[source]
            if held >= self.floor and self.uid_held[uid] >= self.share(uid):
                return self._refuse(source)
            self.uid_held[uid] += 1
        else:  # a source's first series: within its floor, whatever its uid holds
            uid = self.owners.get(source)
            self._charged[source] = uid
            self.uid_held[uid] = self.uid_held.get(uid, 0) + 1
        self.held[source] = held + 1
        return True

    def _refuse(self, source: Source) -> bool:
        self.dropped_total += 1
        if source not in self.dropped and len(self.dropped) >= self.MAX_COUNTED:
            source = _NODE
        self.dropped[source] = self.dropped.get(source, 0) + 1
        return False

    def give(self, source: Source) -> None:
        held = self.held.get(source, 0) - 1
        if held > 0:
            self.held[source] = held
        else:
            self.held.pop(source, None)
        if source != _NODE:
            uid = self._charged[source] if held > 0 else self._charged.pop(source)
            left = self.uid_held[uid] - 1
            if left > 0:
                self.uid_held[uid] = left
            else:
                del self.uid_held[uid]


class SampleView:
    """The samples of one evaluation that some rule selects, by sample name: (labels, value).

    Every value is a float: one no float can hold (an int past 1e308, a string) is left out of
    the view (counted in `dropped`), so no rule, divisor or template of another series can fail
    on it. NaN and ±Inf stay (a threshold compares them as PromQL does); trend and increase
    history skips them (`Signal._tracked`), so one bad reading cannot poison a window.
    """

    __slots__ = ("by_name", "cache", "dropped")

    def __init__(
        self, families: Iterable[Metric], wanted: frozenset[str], wanted_families: frozenset[str]
    ) -> None:
        by_name: dict[str, list[tuple[Mapping[str, str], float]]] = {}
        self.dropped = 0
        if wanted_families:  # no rule selects anything from the families: do not even look at them
            for family in families:
                if family.name in wanted_families:
                    for s in family.samples:
                        if s.name in wanted:
                            value: float | None = s.value
                            if value.__class__ is not float:
                                value = self._float(value)
                                if value is None:
                                    continue
                            got = by_name.get(s.name)
                            if got is None:
                                got = by_name[s.name] = []
                            got.append((s.labels, value))
        self.by_name = by_name
        self.cache: dict[Any, Any] = {}  # joins shared by rules with the same selectors

    def _float(self, value: Any) -> float | None:
        try:
            return float(value)
        except (TypeError, ValueError, OverflowError):
            self.dropped += 1
            return None

    def add(self, name: str, labels: Mapping[str, str], value: float) -> None:
        if value.__class__ is not float:
            got = self._float(value)
            if got is None:
                return
            value = got
        self.by_name.setdefault(name, []).append((labels, value))

    def series(self, name: str) -> list[tuple[Mapping[str, str], float]]:
        return self.by_name.get(name, _EMPTY)


_EMPTY: list[Any] = []


def _key(labels: Mapping[str, str]) -> Key:
    return tuple(labels.items())


class _Window:
    """Least-squares over a sliding time window with O(1) updates (running sums).

    Points are stored relative to a base (t0, v0) that is moved to the oldest point when
    the sums are rebuilt (every `maxlen` additions), so the sums stay small and rounding
    does not accumulate. The deque's maxlen bounds memory whatever the sample rate.
    """

    __slots__ = ("width", "points", "n", "st", "sv", "stt", "stv", "t0", "v0", "adds", "_slope")

    def __init__(self, width: float, maxlen: int) -> None:
        self.width = width
        self.points: collections.deque[tuple[float, float]] = collections.deque(maxlen=maxlen)
        self.n = 0
        self.st = self.sv = self.stt = self.stv = 0.0
        self.t0 = self.v0 = 0.0
        self.adds = 0
        self._slope: float | None | bool = False  # False: not computed since the last change

    def add(self, t: float, v: float) -> None:
        self._slope = False
        if self.n == 0:
            self.t0, self.v0 = t, v
        if len(self.points) == self.points.maxlen:
            self._drop()
        x, y = t - self.t0, v - self.v0
        self.points.append((x, y))
        self.n += 1
        self.st += x
        self.sv += y
        self.stt += x * x
        self.stv += x * y
        self.adds += 1
        cutoff = t - self.width - self.t0
        while self.points and self.points[0][0] < cutoff:
            self._drop()
        if self.adds >= (self.points.maxlen or 64):
            self._rebuild()

    def _drop(self) -> None:
        x, y = self.points.popleft()
        self.n -= 1
        self.st -= x
        self.sv -= y
        self.stt -= x * x
        self.stv -= x * y

    def _rebuild(self) -> None:
        self.adds = 0
        if not self.points:
            self.n = 0
            self.st = self.sv = self.stt = self.stv = 0.0
            return
        bx, by = self.points[0]
        pts = [(x - bx, y - by) for x, y in self.points]
        self.t0 += bx
        self.v0 += by
        self.points.clear()
        self.points.extend(pts)
        self.n = len(pts)
        self.st = sum(x for x, _ in pts)
        self.sv = sum(y for _, y in pts)
        self.stt = sum(x * x for x, _ in pts)
        self.stv = sum(x * y for x, y in pts)

    def fit(self, at: float, ahead: float | None) -> float | None:
        """The slope (per second), or with `ahead` the line's value at `at + ahead`."""
        slope = self._slope
        if slope is False:
            n = self.n
            denom = n * self.stt - self.st * self.st
            slope = self._slope = None if n < 2 or denom <= 0 else (n * self.stv - self.st * self.sv) / denom
        if slope is None or ahead is None:
            return slope
        n = self.n
        mean_t, mean_v = self.st / n, self.sv / n
        return self.v0 + mean_v + slope * (at - self.t0 - mean_t + ahead)


class _TrendSeries:
    __slots__ = ("main", "confirm", "bucket_idx", "bucket_val", "seen")

    def __init__(self, spec: RuleSpec, maxlen: int, confirm_maxlen: int) -> None:
        assert spec.window is not None
        self.main = _Window(spec.window, maxlen)
        self.confirm = _Window(spec.confirm_window, confirm_maxlen) if spec.confirm_window else None
        self.bucket_idx: int | None = None
        self.bucket_val = 0.0
        self.seen = 0.0


class _IncreaseSeries:
    __slots__ = ("last", "deltas", "total", "seen")

    def __init__(self, value: float, ts: float) -> None:
        self.last = value
        self.deltas: collections.deque[tuple[float, float]] = collections.deque()
        self.total = 0.0
        self.seen = ts


Value = tuple[Key, Mapping[str, str], float, "float | None"]


def signal_key(spec: RuleSpec, interval: float) -> tuple[Any, ...]:
    """Rules with equal keys compute identical per-series values."""
    kind = spec.kind
    if kind == "threshold":
        return (kind, spec.metric, spec.divide_by)
    if kind == "trend":
        return (
            kind,
            spec.metric,
            spec.divide_by,
            spec.window,
            spec.confirm_window,
            spec.bucket or interval,
            spec.aggregate if spec.bucket else None,
            spec.predict,
            spec.min_coverage,
        )
    if kind == "increase":
        return (kind, spec.metric, spec.effective_window())
    return (kind, spec.alert)  # absent, stale: per rule


class Signal:
    """Selected series (optionally divided), shared by the rules of one signal key.

    Its values are `(key, labels, value, confirm)`: `confirm` is the confirm window's value for
    trends that have one, else None.
    """

    def __init__(
        self, spec: RuleSpec, *, interval: float, max_series: int, owners: Mapping[Source, int] | None = None
    ) -> None:
        """`owners`: each source's uid (the engine's, kept current from the spool)."""
        self.spec = spec
        self.kind = spec.kind
        self.selector = Selector.parse(spec.metric)
        self.name = self.selector.name
        self.matchers = self.selector.matchers
        self.divisor = Selector.parse(spec.divide_by) if spec.divide_by else None
        den_info = known_metrics.lookup(self.divisor.name) if self.divisor else None
        # Joined on the divisor's labels, as PromQL's `ignoring(<the numerator's others>)`;
        # pod labels follow from uuid, so they add nothing to the key but its cost.
        self.join = tuple(n for n in den_info.labels if n not in known_metrics.POD_LABELS) if den_info else ()
        self.window = spec.effective_window()
        self.max_series = max_series
        self.history: dict[Key, Any] = {}
        # per source and per uid: one rank's (or one uid's) churn never drops another's series
        self.budget = SourceBudget(max_series, owners)
        self._sources: dict[Key, Source] = {}  # the source each tracked series is charged to
        self._div_key = ("div", spec.divide_by, self.join)
        self._ts: float | None = None
        self._view: SampleView | None = None
        self._values: list[Value] = []
        self.has_nan = False
        self.vmin = self.vmax = 0.0
        step = spec.bucket or interval
        self._maxlen = int(math.ceil(self.window / step)) + 2 if self.window else 0
        self._confirm_maxlen = int(math.ceil((spec.confirm_window or 0) / step)) + 2
        self._evaluations = 0

    @property
    def dropped_series(self) -> int:
        return self.budget.dropped_total

    def names(self) -> list[str]:
        return [self.name] + ([self.divisor.name] if self.divisor else [])

    def values(self, view: SampleView, ts: float) -> list[Value]:
        """This sample's values (computed on the first call for `view`, cached for the rest)."""
        if view is self._view and ts == self._ts:
            return self._values
        self._view, self._ts = view, ts
        self._evaluations += 1
        if self._evaluations % 64 == 0 and self.history:
            self._collect_garbage(ts)
        if self.name not in view.by_name:  # not in this sample: nothing to compute
            self._values = _EMPTY
            return _EMPTY
        kind = self.kind
        if kind == "threshold":
            out = self._threshold(view)
        elif kind == "trend":
            out = self._trend(view, ts)
        else:
            out = self._increase(view, ts)
        self._values = out
        if len(out) == 1:
            v = out[0][2]
            self.vmin = self.vmax = v
            self.has_nan = v != v
        elif out:
            vs = [v[2] for v in out]
            self.vmin, self.vmax = min(vs), max(vs)
            self.has_nan = any(v != v for v in vs)
        return out

    def _series(self, view: SampleView) -> list[tuple[Mapping[str, str], float]]:
        series = view.series(self.name)
        if self.matchers:
            matches = self.selector.matches
            series = [s for s in series if matches(s[0])]
        return series

    def _divisors(self, view: SampleView) -> dict[tuple[str, ...], float]:
        index: dict[tuple[str, ...], float] | None = view.cache.get(self._div_key)
        if index is None:
            index = view.cache[self._div_key] = self._build_divisors(view)
        return index

    def _build_divisors(self, view: SampleView) -> dict[tuple[str, ...], float]:
        assert self.divisor is not None
        index: dict[tuple[str, ...], float] = {}
        clash: set[tuple[str, ...]] = set()
        join = self.join
        divisor = self.divisor
        for labels, value in view.series(divisor.name):
            if divisor.matchers and not divisor.matches(labels):
                continue
            k = tuple([labels.get(n, "") for n in join])
            if k in index:
                clash.add(k)  # Prometheus refuses duplicate series on the "one" side; so do we
            index[k] = value
        for k in clash:
            del index[k]
        return index

    def _threshold(self, view: SampleView) -> list[Value]:
        series = self._series(view)
        if not series:
            return _EMPTY
        if self.divisor is None:  # keys (label tuples) are made only for the series that hold
            return [((), labels, value, None) for labels, value in series]
        index = self._divisors(view)
        if not index:
            return _EMPTY
        join = self.join
        out: list[Value] = []
        for labels, value in series:
            den = index.get(tuple([labels.get(n, "") for n in join]))
            if den is not None:
                out.append(((), labels, _divide(value, den), None))
        return out

    def _admit(self, key: Key, labels: Mapping[str, str]) -> bool:
        source = source_of(labels)
        if self.budget.take(source):
            self._sources[key] = source
            return True
        if self.budget.dropped.get(source) == 1:  # once per source (of those counted by name)
            log.warning(
                "alert %s: source %s has %d series; ignoring its new ones",
                self.spec.alert, _describe(source), self.budget.held.get(source, 0),
            )
        return False

    def _tracked(
        self, series: list[tuple[Mapping[str, str], float]], start: Callable[[float], Any]
    ) -> Iterator[tuple[Key, Mapping[str, str], float, Any, bool]]:
        """The opening trend and increase share: each series with its history (`start(value)`
        makes a new one, if the rule may hold another series) and whether it is new."""
        history = self.history
        for labels, value in series:
            if not math.isfinite(value):  # NaN, ±Inf: no point of a line or a counter; the others go on
                continue
            key = _key(labels)
            hist = history.get(key)
            new = hist is None
            if new:
                if not self._admit(key, labels):
                    continue
                hist = history[key] = start(value)
            yield key, labels, value, hist, new

    def _trend(self, view: SampleView, ts: float) -> list[Value]:
        series = self._series(view)
        if not series:
            return _EMPTY
        spec = self.spec
        bucket, use_max = spec.bucket, spec.aggregate == "max"
        ahead = spec.predict
        need = spec.min_coverage * self.window
        index = self._divisors(view) if self.divisor else None
        out: list[Value] = []
        start = lambda _value: _TrendSeries(spec, self._maxlen, self._confirm_maxlen)  # noqa: E731
        for key, labels, value, hist, _ in self._tracked(series, start):
            hist.seen = ts
            if bucket:
                idx = int(ts // bucket)
                if hist.bucket_idx is None:
                    hist.bucket_idx, hist.bucket_val = idx, value
                elif idx != hist.bucket_idx:
                    # A bucket closed: its aggregate is one point, stamped at the bucket's end.
                    t = (hist.bucket_idx + 1) * bucket
                    hist.main.add(t, hist.bucket_val)
                    if hist.confirm is not None:
                        hist.confirm.add(t, hist.bucket_val)
                    hist.bucket_idx, hist.bucket_val = idx, value
                elif (value > hist.bucket_val) if use_max else (value < hist.bucket_val):
                    hist.bucket_val = value
            else:
                hist.main.add(ts, value)
                if hist.confirm is not None:
                    hist.confirm.add(ts, value)
            main = hist.main
            if not main.points or ts - (main.points[0][0] + main.t0) < need:
                continue
            result = main.fit(ts, ahead)
            if result is None:
                continue
            den = 1.0
            if index is not None:
                d = index.get(tuple([labels.get(n, "") for n in self.join]))
                if d is None:
                    continue
                den = d
                result = _divide(result, den)
            confirm: float | None = None
            if hist.confirm is not None:
                c = hist.confirm.fit(ts, ahead)
                if c is None:
                    continue  # no confirming line: the condition cannot hold
                confirm = _divide(c, den) if index is not None else c
            out.append((key, labels, result, confirm))
        return out

    def _increase(self, view: SampleView, ts: float) -> list[Value]:
        series = self._series(view)
        if not series:
            return _EMPTY
        window = self.window
        out: list[Value] = []
        for key, labels, value, hist, new in self._tracked(series, lambda value: _IncreaseSeries(value, ts)):
            if new:
                continue  # first sight: a baseline, no increase
            hist.seen = ts
            delta = value - hist.last if value >= hist.last else value  # a counter reset starts from 0
            hist.last = value
            if delta:
                hist.deltas.append((ts, delta))
                hist.total += delta
            deltas = hist.deltas
            if deltas:
                cutoff = ts - window
                while deltas and deltas[0][0] <= cutoff:
                    hist.total -= deltas.popleft()[1]
                if not deltas:
                    hist.total = 0.0  # no rounding residue once the window is empty
            out.append((key, labels, hist.total, None))
        return out

    def _collect_garbage(self, ts: float) -> None:
        horizon = self.window + 60.0
        for key in [k for k, h in self.history.items() if ts - h.seen > horizon]:
            del self.history[key]
            self.budget.give(self._sources.pop(key))


def _describe(source: Source) -> str:
    """`{job_id="7",rank="3"}`: a source as its labels (bounded: label values are)."""
    parts = [f'{n}="{v[:64]}"' for n, v in zip(_SOURCE_LABELS, source, strict=True) if v]
    return "{" + ",".join(parts) + "}"


def _divide(num: float, den: float) -> float:
    if den == 0:
        return math.nan if num == 0 or math.isnan(num) else math.copysign(math.inf, num)
    return num / den
