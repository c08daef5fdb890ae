"""The alert engine: rules evaluated on each sample, with Prometheus's alert state machine.

Semantics follow Prometheus's `rules/alerting.go`: an alert is pending from the first
evaluation its condition holds, firing once it has held for `for`; a pending alert whose
condition fails once is dropped; a firing one is resolved (kept `resolved_retention` to
be sent as resolved) unless `keep_firing_for` holds it. Firing alerts are (re)sent when
first firing and then every `resend_delay`, with `endsAt = now + 4 × max(interval,
resend_delay)`; a resolved alert is sent once with `endsAt` = when it resolved, and again
each `resend_delay` while retained. `startsAt` is when it started firing.

Time is never read here: every call takes the timestamp (the sample's), so tests drive it.
Cost matters (the engine runs on the sampler thread every sample): samples are indexed
once per evaluation for the names rules use, and a rule whose condition is false and has
no active alerts costs one comparison per series.
"""

from __future__ import annotations

import collections
import logging
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from prometheus_client.core import Metric

from . import known_metrics
from .actions import ActionRunner, FiredAlert
from .rules import OPS, RuleSpec, Selector
from .templates import Context, Template, compile_template

log = logging.getLogger("gpumemd.alerts")

PENDING, FIRING, INACTIVE = "pending", "firing", "inactive"

Labels = dict[str, str]
Key = tuple[tuple[str, str], ...]
Series = tuple[Key, Mapping[str, str], float]


@dataclass
class Alert:
    labels: Labels  # series labels + rule labels + alertname
    state: str
    active_at: float
    value: float
    annotations: Labels
    fired_at: float = 0.0
    resolved_at: float | None = None
    last_sent_at: float | None = None
    keep_firing_since: float | None = None
    valid_until: float = 0.0


@dataclass(frozen=True)
class Notification:
    """One alert as sent to receivers (Alertmanager's alert shape)."""

    labels: Mapping[str, str]
    annotations: Mapping[str, str]
    starts_at: float
    ends_at: float
    generator_url: str
    resolved: bool

    @property
    def fingerprint(self) -> Key:
        return tuple(sorted(self.labels.items()))


# --- one sample, indexed for rules ---------------------------------------------------


class SampleView:
    """The samples of one evaluation that some rule selects, by sample name."""

    def __init__(self, families: Iterable[Metric], wanted: frozenset[str], wanted_families: frozenset[str]) -> None:
        by_name: dict[str, list[Series]] = {}
        for family in families:
            if family.name not in wanted_families:
                continue
            for s in family.samples:
                if s.name in wanted:
                    by_name.setdefault(s.name, []).append((tuple(s.labels.items()), s.labels, s.value))
        self.by_name = by_name
        self.cache: dict[Any, Any] = {}  # joins shared by rules with the same selectors

    def add(self, name: str, labels: Mapping[str, str], value: float) -> None:
        self.by_name.setdefault(name, []).append((tuple(labels.items()), labels, value))

    def series(self, name: str) -> list[Series]:
        return self.by_name.get(name, [])


# --- bounded history for trend and increase rules ------------------------------------


class _Window:
    """Least-squares over a sliding time window with O(1) updates (running sums).

    Points are stored relative to a base (t0, v0) that is moved to the oldest point when
    the sums are rebuilt (every `maxlen` additions), so the sums stay small and rounding
    does not accumulate. The deque's maxlen bounds memory whatever the sample rate.
    """

    __slots__ = ("width", "points", "n", "st", "sv", "stt", "stv", "t0", "v0", "adds")

    def __init__(self, width: float, maxlen: int) -> None:
        self.width = width
        self.points: collections.deque[tuple[float, float]] = collections.deque(maxlen=maxlen)
        self.n = 0
        self.st = self.sv = self.stt = self.stv = 0.0
        self.t0 = self.v0 = 0.0
        self.adds = 0

    def add(self, t: float, v: float) -> None:
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

    def oldest(self) -> float | None:
        return self.points[0][0] + self.t0 if self.points else None

    def fit(self, at: float, ahead: float | None) -> float | None:
        """The slope (per second), or with `ahead` the line's value at `at + ahead`."""
        n = self.n
        if n < 2:
            return None
        denom = n * self.stt - self.st * self.st
        if denom <= 0:
            return None
        slope = (n * self.stv - self.st * self.sv) / denom
        if ahead is None:
            return slope
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


# --- rules ---------------------------------------------------------------------------


class Rule:
    """A RuleSpec compiled for evaluation, with its alerts and per-series history."""

    def __init__(self, spec: RuleSpec, *, interval: float, max_series: int) -> None:
        self.spec = spec
        self.name = spec.alert
        self.kind = spec.kind
        self.selector = Selector.parse(spec.metric)
        self.divisor = Selector.parse(spec.divide_by) if spec.divide_by else None
        den_info = known_metrics.lookup(self.divisor.name) if self.divisor else None
        self.join = den_info.labels if den_info else ()
        self.cmp = OPS[spec.op]
        self.threshold = spec.threshold
        self.hold = spec.for_
        self.keep_firing_for = spec.keep_firing_for
        self.window = spec.effective_window()
        self.max_series = max_series
        self.label_templates = {k: compile_template(str(v)) for k, v in spec.labels.items()}
        self.static_labels = all(t.static for t in self.label_templates.values())
        self.annotation_templates = {k: compile_template(str(v)) for k, v in spec.annotations.items()}
        self.active: dict[Key, Alert] = {}
        self.history: dict[Key, Any] = {}
        self.dropped_series = 0
        self.failures = 0
        self.last_value: float | None = None  # stale rules: the last timestamp seen
        step = spec.bucket or interval
        # Ring sizes: the window's worth of points at the sample interval (or bucket), plus slack.
        self._maxlen = int(math.ceil(self.window / step)) + 2 if self.window else 0
        self._confirm_maxlen = int(math.ceil((spec.confirm_window or 0) / step)) + 2
        self._evaluations = 0

    def names(self) -> list[str]:
        return [self.selector.name] + ([self.divisor.name] if self.divisor else [])

    # --- condition: which series hold now, with their values ---

    def evaluate(self, view: SampleView, ts: float) -> list[Series]:
        self._evaluations += 1
        if self._evaluations % 64 == 0:
            self._collect_garbage(ts)
        kind = self.kind
        if kind == "threshold":
            return self._threshold(view)
        if kind == "trend":
            return self._trend(view, ts)
        if kind == "increase":
            return self._increase(view, ts)
        if kind == "absent":
            return self._absent(view)
        return self._stale(view, ts)

    def _series(self, view: SampleView) -> list[Series]:
        series = view.series(self.selector.name)
        if self.selector.matchers:
            series = [s for s in series if self.selector.matches(s[1])]
        return series

    def _divisors(self, view: SampleView) -> dict[tuple[str, ...], float]:
        key = ("div", self.divisor, self.join)
        index: dict[tuple[str, ...], float] | None = view.cache.get(key)
        if index is None:
            index = view.cache[key] = self._build_divisors(view)
        return index

    def _ratios(self, view: SampleView) -> list[Series]:
        """Every selected series divided by its divisor (computed once per view)."""
        key = ("ratio", self.selector, self.divisor, self.join)
        out: list[Series] | None = view.cache.get(key)
        if out is None:
            index = self._divisors(view)
            join = self.join
            out = []
            for skey, labels, value in self._series(view):
                den = index.get(tuple(labels.get(n, "") for n in join))
                if den is not None:
                    out.append((skey, labels, self._divide(value, den)))
            view.cache[key] = out
        return out

    def _build_divisors(self, view: SampleView) -> dict[tuple[str, ...], float]:
        assert self.divisor is not None
        index: dict[tuple[str, ...], float] = {}
        clash: set[tuple[str, ...]] = set()
        join = self.join
        for _, labels, value in view.series(self.divisor.name):
            if self.divisor.matchers and not self.divisor.matches(labels):
                continue
            k = tuple(labels.get(n, "") for n in join)
            if k in index:
                clash.add(k)  # Prometheus refuses duplicate series on the "one" side; so do we
            index[k] = value
        for k in clash:
            del index[k]
        return index

    @staticmethod
    def _divide(num: float, den: float) -> float:
        if den == 0:
            return math.nan if num == 0 or math.isnan(num) else math.copysign(math.inf, num)
        return num / den

    def _threshold(self, view: SampleView) -> list[Series]:
        cmp, thr = self.cmp, self.threshold
        series = self._ratios(view) if self.divisor is not None else self._series(view)
        return [s for s in series if cmp(s[2], thr)]

    def _admit(self, key: Key) -> bool:
        if key in self.history:
            return True
        if len(self.history) >= self.max_series:
            if self.dropped_series == 0:
                log.warning("alert %s: more than %d series; ignoring new ones", self.name, self.max_series)
            self.dropped_series += 1
            return False
        return True

    def _trend(self, view: SampleView, ts: float) -> list[Series]:
        spec = self.spec
        bucket, use_max = spec.bucket, spec.aggregate == "max"
        ahead = spec.predict
        need = spec.min_coverage * self.window
        index = self._divisors(view) if self.divisor else None
        out: list[Series] = []
        for key, labels, value in self._series(view):
            if not self._admit(key):
                continue
            hist = self.history.get(key)
            if hist is None:
                hist = self.history[key] = _TrendSeries(spec, self._maxlen, self._confirm_maxlen)
            hist.seen = ts
            point: tuple[float, float] | None = (ts, value)
            if bucket:
                idx = int(ts // bucket)
                if hist.bucket_idx is None or idx != hist.bucket_idx:
                    # A bucket closed: its aggregate is one point, stamped at the bucket's end.
                    if hist.bucket_idx is None:
                        point = None
                    else:
                        point = ((hist.bucket_idx + 1) * bucket, hist.bucket_val)
                    hist.bucket_idx, hist.bucket_val = idx, value
                else:
                    point = None  # the open bucket: the line is still the one fitted to closed ones
                    if (value > hist.bucket_val) if use_max else (value < hist.bucket_val):
                        hist.bucket_val = value
            if point is not None:
                hist.main.add(*point)
                if hist.confirm is not None:
                    hist.confirm.add(*point)
            oldest = hist.main.oldest()
            if oldest is None or ts - oldest < need:
                continue
            result = hist.main.fit(ts, ahead)
            if result is None:
                continue
            den = 1.0
            if index is not None:
                d = index.get(tuple(labels.get(n, "") for n in self.join))
                if d is None:
                    continue
                den = d
                result = self._divide(result, den)
            if not self.cmp(result, self.threshold):
                continue
            if hist.confirm is not None:
                confirm = hist.confirm.fit(ts, ahead)
                if confirm is None or not self.cmp(self._divide(confirm, den), self.threshold):
                    continue
            out.append((key, labels, result))
        return out

    def _increase(self, view: SampleView, ts: float) -> list[Series]:
        window = self.window
        out: list[Series] = []
        for key, labels, value in self._series(view):
            hist = self.history.get(key)
            if hist is None:
                if self._admit(key):
                    self.history[key] = _IncreaseSeries(value, ts)  # first sight: a baseline, no increase
                continue
            hist.seen = ts
            delta = value - hist.last if value >= hist.last else value  # a counter reset starts from 0
            hist.last = value
            if delta:
                hist.deltas.append((ts, delta))
                hist.total += delta
            cutoff = ts - window
            while hist.deltas and hist.deltas[0][0] <= cutoff:
                hist.total -= hist.deltas.popleft()[1]
            if not hist.deltas:
                hist.total = 0.0  # no rounding residue once the window is empty
            if self.cmp(hist.total, self.threshold):
                out.append((key, labels, hist.total))
        return out

    def _absent(self, view: SampleView) -> list[Series]:
        if self._series(view):
            return []
        labels = {m.label: m.value for m in self.selector.matchers if m.op == "="}
        return [(tuple(labels.items()), labels, 1.0)]

    def _stale(self, view: SampleView | None, ts: float) -> list[Series]:
        if view is not None:
            series = self._series(view)
            if series:
                self.last_value = max(s[2] for s in series)
        if self.last_value is None:
            return []
        age = ts - self.last_value
        return [((), {}, age)] if self.cmp(age, self.threshold) else []

    def _collect_garbage(self, ts: float) -> None:
        horizon = self.window + 60.0
        for key in [k for k, h in self.history.items() if ts - h.seen > horizon]:
            del self.history[key]

    # --- presentation ---

    def alert_labels(self, series_labels: Mapping[str, str], value: float, external: Mapping[str, str]) -> Labels:
        labels = dict(series_labels)
        labels.pop("__name__", None)
        if self.label_templates:
            ctx = Context(series_labels, value, external)
            for k, t in self.label_templates.items():
                labels[k] = t.render(ctx) if not t.static else t.source
        labels["alertname"] = self.name
        return labels

    def annotations(self, series_labels: Mapping[str, str], value: float, external: Mapping[str, str]) -> Labels:
        ctx = Context(series_labels, value, external)
        return {k: t.render(ctx) for k, t in self.annotation_templates.items()}


def _series_labels(alert: Alert, rule: Rule) -> Labels:
    """Labels for templates: the alert's, without what the rule added."""
    return {k: v for k, v in alert.labels.items() if k != "alertname" and k not in rule.label_templates}


# --- the engine ----------------------------------------------------------------------


class Engine:
    def __init__(
        self,
        specs: Sequence[RuleSpec],
        *,
        interval: float = 1.0,
        resend_delay: float = 60.0,
        resolved_retention: float = 900.0,
        external_labels: Mapping[str, str] | None = None,
        external_url: str = "",
        max_series_per_rule: int = 512,
        actions: ActionRunner | None = None,
    ) -> None:
        self.interval = interval
        self.resend_delay = resend_delay
        self.resolved_retention = resolved_retention
        self.external_labels = dict(external_labels or {})
        self.external_url = external_url.rstrip("/")
        self.max_series = max_series_per_rule
        self.actions = actions
        self.rules: list[Rule] = []
        self.set_rules(specs)

    def set_rules(self, specs: Sequence[RuleSpec], interval: float | None = None) -> None:
        """Replace the rules; a rule whose definition did not change keeps its alerts and history."""
        if interval is not None:
            self.interval = interval
        old = {r.name: r for r in self.rules}
        rules = []
        for spec in specs:
            prev = old.get(spec.alert)
            rules.append(prev if prev is not None and prev.spec == spec else
                         Rule(spec, interval=self.interval, max_series=self.max_series))
        self.rules = rules
        wanted = {n for r in rules for n in r.names()}
        self.wanted = frozenset(wanted)
        # Families are named without `_total`; match both so counters are found.
        self.wanted_families = frozenset(wanted | {n.removesuffix("_total") for n in wanted})
        self.stale_rules = [r for r in rules if r.kind == "stale"]

    def view(self, families: Iterable[Metric]) -> SampleView:
        return SampleView(families, self.wanted, self.wanted_families)

    def evaluate(self, view: SampleView, ts: float) -> list[Notification]:
        """Evaluate every rule at `ts`; returns what must be sent now."""
        out: list[Notification] = []
        for rule in self.rules:
            try:
                results = rule.evaluate(view, ts)
            except Exception as exc:  # one broken rule never hides the others
                rule.failures += 1
                log.warning("alert %s: evaluation failed: %s: %s", rule.name, type(exc).__name__, exc)
                continue
            if results or rule.active:
                self._update(rule, results, ts)
                self._collect_sends(rule, ts, out)
        return out

    def evaluate_stale(self, ts: float) -> list[Notification]:
        """The sampler is late: evaluate only staleness rules (from a watchdog thread)."""
        out: list[Notification] = []
        for rule in self.stale_rules:
            results = rule._stale(None, ts)
            if results or rule.active:
                self._update(rule, results, ts)
                self._collect_sends(rule, ts, out)
        return out

    def _update(self, rule: Rule, results: list[Series], ts: float) -> None:
        seen: set[Key] = set()
        ext = self.external_labels
        for key, labels, value in results:
            seen.add(key)
            alert = rule.active.get(key)
            if alert is not None and alert.state != INACTIVE:
                if alert.value != value:
                    alert.value = value
                    alert.annotations = rule.annotations(labels, value, ext)
                continue
            if alert is None and len(rule.active) >= self.max_series:
                rule.dropped_series += 1
                continue
            rule.active[key] = Alert(rule.alert_labels(labels, value, ext), PENDING, ts, value,
                                     rule.annotations(labels, value, ext))
        for key, alert in list(rule.active.items()):
            if key not in seen:
                keep = False
                if alert.state == FIRING and rule.keep_firing_for > 0:
                    if alert.keep_firing_since is None:
                        alert.keep_firing_since = ts
                    keep = ts - alert.keep_firing_since < rule.keep_firing_for
                if alert.state == PENDING or (
                    alert.resolved_at is not None and ts - alert.resolved_at > self.resolved_retention
                ):
                    del rule.active[key]
                if alert.state != INACTIVE and not keep:
                    alert.state = INACTIVE
                    alert.resolved_at = ts
                if not keep:
                    continue
            else:
                alert.keep_firing_since = None
            if alert.state == PENDING and ts - alert.active_at >= rule.hold:
                alert.state = FIRING
                alert.fired_at = ts
                self._on_fire(rule, alert)

    def _on_fire(self, rule: Rule, alert: Alert) -> None:
        log.debug("alert %s firing: %s", rule.name, alert.labels)
        if self.actions is not None and rule.spec.actions:
            fired = FiredAlert(rule.name, dict(alert.labels), dict(alert.annotations), alert.value, alert.fired_at)
            self.actions.submit(rule.name, rule.spec.actions, fired,
                                cooldown=rule.spec.action_cooldown, max_runs=rule.spec.action_max)

    def _collect_sends(self, rule: Rule, ts: float, out: list[Notification]) -> None:
        delay = self.resend_delay
        for alert in rule.active.values():
            if alert.state == PENDING:
                continue
            last = alert.last_sent_at
            resolved_since_sent = alert.resolved_at is not None and (last is None or alert.resolved_at > last)
            if not (resolved_since_sent or last is None or last + delay < ts):
                continue
            alert.last_sent_at = ts
            alert.valid_until = ts + 4 * max(self.interval, delay)  # survives two missed sends
            labels = {**self.external_labels, **alert.labels} if self.external_labels else dict(alert.labels)
            out.append(Notification(
                labels, dict(alert.annotations), alert.fired_at,
                alert.resolved_at if alert.resolved_at is not None else alert.valid_until,
                self._generator_url(rule), alert.resolved_at is not None,
            ))

    def _generator_url(self, rule: Rule) -> str:
        if not self.external_url:
            return ""
        return f"{self.external_url}/api/v1/alerts#{rule.name}"

    # --- state, for metrics and the API ---

    def active_alerts(self) -> list[tuple[Rule, Alert]]:
        return [(r, a) for r in self.rules for a in r.active.values() if a.state != INACTIVE]


def render_template(source: str, labels: Mapping[str, str], value: float) -> str:
    """Render one template string (tests, docs)."""
    return Template(source).render(Context(labels, value, {}))
