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

import bisect
import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from prometheus_client.core import Metric

from gpumemd import known_metrics

from .actions import ActionRunner, FiredAlert
from .rules import OPS, RuleSpec, Selector, info_join_labels
from .signals import (
    Key,
    Labels,
    SampleView,
    Series,
    Signal,
    Source,
    SourceBudget,
    Value,
    signal_key,
    source_of,
)
from .templates import MAX_RENDERED, Context, Template, compile_template

log = logging.getLogger("gpumemd.alerts")

__all__ = [
    "FIRING",
    "INACTIVE",
    "MAX_ALERT_TEXT",
    "PENDING",
    "Alert",
    "Engine",
    "Notification",
    "Rule",
]

PENDING, FIRING, INACTIVE = "pending", "firing", "inactive"
MAX_ALERT_TEXT = 4 * MAX_RENDERED  # characters of the rendered labels and annotations of one alert


@dataclass
class Alert:
    """One active alert of a rule: its series' labels, state (pending, firing, resolved) and when
    it changed; what notifiers and the /api/v1/alerts answer are built from."""

    labels: Labels  # series labels + rule labels + alertname
    state: str
    active_at: float
    value: float
    annotations: Labels
    info: Key = ()  # the joined info series' labels the annotations were rendered with (rules with `info:`)
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


# --- rules ---------------------------------------------------------------------------


class Rule:
    """A RuleSpec compiled for evaluation: its signal, comparison and alerts."""

    def __init__(
        self,
        spec: RuleSpec,
        *,
        interval: float,
        max_series: int,
        signal: Signal | None = None,
        owners: Mapping[Source, int] | None = None,
    ) -> None:
        self.spec = spec
        self.name = spec.alert
        self.kind = spec.kind
        self.selector = Selector.parse(spec.metric)
        self.divisor = Selector.parse(spec.divide_by) if spec.divide_by else None
        # `info:`: each evaluation indexes the info series by the join labels once; a series'
        # templates then see the first match's labels as $info (none: empty, the alert still fires)
        self.info = Selector.parse(spec.info) if spec.info else None
        self.info_on = self._info_on()
        self._info_view: SampleView | None = None
        self._info_index: dict[Key, Mapping[str, str]] | None = None
        self.op = spec.op
        self.cmp = OPS[spec.op]
        self.threshold = spec.threshold
        self.hold = spec.for_
        self.keep_firing_for = spec.keep_firing_for
        self.window = spec.effective_window()
        self.max_series = max_series
        self.signal = (
            signal
            if signal is not None or spec.kind in ("absent", "stale")
            else Signal(spec, interval=interval, max_series=max_series, owners=owners)
        )
        self.confirm = bool(spec.kind == "trend" and spec.confirm_window)
        self.label_templates = {k: compile_template(str(v)) for k, v in spec.labels.items()}
        self.annotation_templates = {k: compile_template(str(v)) for k, v in spec.annotations.items()}
        self.active: dict[Key, Alert] = {}
        self.failures = 0
        self.template_failures = 0  # renderings of this rule's templates with an <error: …>
        self.on_change: Callable[[], None] = _nothing  # the engine's: its exposed families are stale
        # active alerts per source and per uid (as the signal's series)
        self.alert_budget = SourceBudget(max_series, owners)
        self._alert_sources: dict[Key, Source] = {}
        self.last_value: float | None = None  # stale rules: the last timestamp seen

    @property
    def history(self) -> dict[Key, Any]:
        return self.signal.history if self.signal is not None else {}

    @property
    def dropped_series(self) -> int:
        return self.signal.dropped_series if self.signal is not None else 0

    @property
    def dropped_alerts(self) -> int:
        """New alerts not started: their source had its budget of active ones (exported)."""
        return self.alert_budget.dropped_total

    def dropped_series_by_source(self) -> dict[Source, int]:
        return dict(self.signal.budget.dropped) if self.signal is not None else {}

    def admit_alert(self, key: Key, labels: Mapping[str, str]) -> bool:
        """Whether a new alert for the series `key` may start: its source's budget allows it
        (charged to it until `end_alert`)."""
        source = source_of(labels)
        if not self.alert_budget.take(source):
            return False
        self._alert_sources[key] = source
        return True

    def end_alert(self, key: Key) -> None:
        del self.active[key]
        self.alert_budget.give(self._alert_sources.pop(key))

    def names(self) -> list[str]:
        return (
            [self.selector.name]
            + ([self.divisor.name] if self.divisor else [])
            + ([self.info.name] if self.info else [])
        )

    def _info_on(self) -> tuple[str, ...]:
        if self.info is None:
            return ()
        series, info = known_metrics.lookup(self.selector.name), known_metrics.lookup(self.info.name)
        return info_join_labels(series, info) if series and info else ()  # validated: known and shared

    def info_for(self, series_labels: Mapping[str, str]) -> Mapping[str, str]:
        """The labels of the info series joined to this series in the current evaluation."""
        view = self._info_view
        if self.info is None or view is None:
            return {}
        if self._info_index is None:  # once per evaluation, only when some alert renders
            index: dict[Key, Mapping[str, str]] = {}
            for labels, _ in view.series(self.info.name):
                if self.info.matches(labels):
                    index.setdefault(tuple((lb, labels.get(lb, "")) for lb in self.info_on), labels)
            self._info_index = index
        return self._info_index.get(tuple((lb, series_labels.get(lb, "")) for lb in self.info_on), {})

    # --- condition: which series hold now, with their values ---

    def evaluate(self, view: SampleView, ts: float) -> list[Series]:
        if self.info is not None:
            self._info_view, self._info_index = view, None
        if self.signal is None:
            return self._absent(view) if self.kind == "absent" else self._stale(view, ts)
        return self.holding(self.signal.values(view, ts))

    def holding(self, values: list[Value]) -> list[Series]:
        cmp, thr = self.cmp, self.threshold
        if self.confirm:
            return [(k, lb, v) for k, lb, v, c in values if cmp(v, thr) and c is not None and cmp(c, thr)]
        if self.kind == "threshold":
            return [(tuple(lb.items()), lb, v) for _, lb, v, _ in values if cmp(v, thr)]
        return [(k, lb, v) for k, lb, v, _ in values if cmp(v, thr)]

    def _series(self, view: SampleView) -> list[tuple[Mapping[str, str], float]]:
        series = view.series(self.selector.name)
        if self.selector.matchers:
            series = [s for s in series if self.selector.matches(s[0])]
        return series

    def _absent(self, view: SampleView) -> list[Series]:
        if self._series(view):
            return []
        labels = {m.label: m.value for m in self.selector.matchers if m.op == "="}
        return [(tuple(labels.items()), labels, 1.0)]

    def _stale(self, view: SampleView | None, ts: float) -> list[Series]:
        if view is not None:
            series = self._series(view)
            if series:
                self.last_value = max(s[1] for s in series)
        if self.last_value is None:
            return []
        age = ts - self.last_value
        return [((), {}, age)] if self.cmp(age, self.threshold) else []

    # --- presentation ---
    #
    # Each rendering is capped (templates.MAX_RENDERED), and the labels and annotations one
    # alert renders share MAX_ALERT_TEXT: a rule's templates cannot make an alert, the
    # exposition or a notification grow without bound. A template that could not render an
    # action says `<error: …>` in place, is counted, and is logged once per rule.

    def alert_labels(
        self, series_labels: Mapping[str, str], value: float, external: Mapping[str, str]
    ) -> Labels:
        labels = dict(series_labels)
        labels.pop("__name__", None)
        if self.label_templates:
            ctx = Context(series_labels, value, external, self.info_for(series_labels))
            self._render_into(labels, self.label_templates, ctx, [MAX_ALERT_TEXT])
        labels["alertname"] = self.name
        return labels

    def annotations(
        self,
        series_labels: Mapping[str, str],
        value: float,
        external: Mapping[str, str],
        info: Mapping[str, str] | None = None,
    ) -> Labels:
        out: Labels = {}
        ctx = Context(series_labels, value, external, self.info_for(series_labels) if info is None else info)
        self._render_into(out, self.annotation_templates, ctx, [MAX_ALERT_TEXT])
        return out

    def _render_into(
        self, out: Labels, templates: Mapping[str, Template], ctx: Context, room: list[int]
    ) -> None:
        for k, t in templates.items():
            failed = t.failures
            text = t.render(ctx, min(MAX_RENDERED, room[0]))
            room[0] = max(0, room[0] - len(text))
            out[k] = text
            if t.failures != failed:
                self.template_failures += 1
                self.on_change()
                if self.template_failures == 1:  # once per rule: the counter says how often
                    log.warning(
                        "alert %s: template %s could not render (%s); it says <error: …> in place",
                        self.name,
                        k,
                        t.last_error,
                    )


def _nothing() -> None:
    pass


class _Group:
    """The rules of one signal, sorted by threshold per operator, so that a sample whose
    values cannot satisfy a rule skips it without looking (unless it has alerts to resolve)."""

    def __init__(self, signal: Signal, rules: list[tuple[int, Rule]]) -> None:
        self.signal = signal
        self.all = rules
        self.by_op: list[tuple[str, list[float], list[tuple[int, Rule]]]] = []
        ops: dict[str, list[tuple[int, Rule]]] = {}
        for item in rules:
            ops.setdefault(item[1].op, []).append(item)
        for op, items in ops.items():
            items.sort(key=lambda ir: ir[1].threshold)
            self.by_op.append((op, [r.threshold for _, r in items], items))

    def candidates(self) -> list[tuple[int, Rule]]:
        """Rules whose condition may hold for some of the signal's current values."""
        sig = self.signal
        if sig.has_nan:
            return self.all
        lo, hi = sig.vmin, sig.vmax
        out: list[tuple[int, Rule]] = []
        for op, thresholds, items in self.by_op:
            if op == ">":  # some value > thr  <=>  thr < max
                out += items[: bisect.bisect_left(thresholds, hi)]
            elif op == ">=":
                out += items[: bisect.bisect_right(thresholds, hi)]
            elif op == "<":
                out += items[bisect.bisect_right(thresholds, lo) :]
            elif op == "<=":
                out += items[bisect.bisect_left(thresholds, lo) :]
            elif op == "==":  # some value == thr  =>  lo <= thr <= hi
                out += items[bisect.bisect_left(thresholds, lo) : bisect.bisect_right(thresholds, hi)]
            elif lo == hi:  # != : every value equal: only the other thresholds
                out += [item for item in items if item[1].threshold != lo]
            else:
                out += items
        return out


# --- the engine ----------------------------------------------------------------------


class Engine:
    """Evaluates the rules on each sample with Prometheus' alert semantics (pending, `for`,
    firing, resolved) and says which alerts to send, and when."""

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
        # Each source's uid, from the daemon's verified spool files: every rule's budgets read it
        # (series and alerts per uid); updated in place, so they always see the current one.
        self.owners: dict[Source, int] = {}
        self.rules: list[Rule] = []
        self._changes = 0  # bumped whenever an alert appears, changes state or goes (cached families)
        self._changes_lock = threading.Lock()  # bumped by the sampler and by the watchdog
        # The staleness rules' state: taken by the sampler's evaluation of them and by the
        # watchdog, never across anything slow, so the watchdog cannot wait on a stuck cycle.
        self.stale_lock = threading.Lock()
        self.set_rules(specs)

    @property
    def changes(self) -> int:
        return self._changes

    def _changed(self) -> None:
        with self._changes_lock:
            self._changes += 1

    def set_rules(self, specs: Sequence[RuleSpec], interval: float | None = None) -> None:
        """Replace the rules; a rule whose definition did not change keeps its alerts and history."""
        if interval is not None:
            self.interval = interval
        old = {r.name: r for r in self.rules}
        old_signals = {
            signal_key(r.spec, self.interval): r.signal for r in self.rules if r.signal is not None
        }
        kept = {
            spec.alert: old[spec.alert]
            for spec in specs
            if spec.alert in old and old[spec.alert].spec == spec
        }
        signals: dict[tuple[Any, ...], Signal] = {}
        for spec in specs:  # kept rules keep their signal (history); new rules share it
            rule = kept.get(spec.alert)
            if rule is not None and rule.signal is not None:
                signals.setdefault(signal_key(spec, self.interval), rule.signal)
        rules = []
        for spec in specs:
            rule = kept.get(spec.alert)
            if rule is None:
                signal: Signal | None = None
                if spec.kind not in ("absent", "stale"):
                    key = signal_key(spec, self.interval)
                    signal = signals.get(key) or old_signals.get(key)
                    if signal is None:
                        signal = Signal(
                            spec, interval=self.interval, max_series=self.max_series, owners=self.owners
                        )
                    signals[key] = signal
                rule = Rule(
                    spec, interval=self.interval, max_series=self.max_series, signal=signal,
                    owners=self.owners,
                )
            rules.append(rule)
        for rule in rules:
            rule.on_change = self._changed
        self.rules = rules
        groups: dict[int, tuple[Signal, list[tuple[int, Rule]]]] = {}
        self._always: list[tuple[int, Rule]] = []
        for i, rule in enumerate(rules):
            if rule.signal is None:
                self._always.append((i, rule))
            else:
                groups.setdefault(id(rule.signal), (rule.signal, []))[1].append((i, rule))
        self._groups = [_Group(sig, items) for sig, items in groups.values()]
        # Rules with alerts to look at even when their signal says nothing; absent and stale
        # rules run every evaluation anyway (and the watchdog changes stale ones' alerts).
        self._active = {i: r for i, r in enumerate(rules) if r.active and r.signal is not None}
        self._index = {id(r): i for i, r in enumerate(rules)}
        self._changed()
        wanted = {n for r in rules for n in r.names()}
        self.wanted = frozenset(wanted)
        # Families are named without `_total`; match both so counters are found.
        self.wanted_families = frozenset(wanted | {n.removesuffix("_total") for n in wanted})
        with self.stale_lock:
            self.stale_rules = [r for r in rules if r.kind == "stale"]

    def set_owners(self, owners: Mapping[Source, int]) -> None:
        """Each source's uid from now on (the spool's latest reading); a series already held stays
        charged to the uid it was taken for."""
        if owners != self.owners:
            self.owners.clear()
            self.owners.update(owners)

    def view(self, families: Iterable[Metric]) -> SampleView:
        return SampleView(families, self.wanted, self.wanted_families)

    def evaluate(self, view: SampleView, ts: float) -> list[Notification]:
        """Evaluate every rule at `ts`; returns what must be sent now.

        Each signal's values are computed once (trend and increase history advance every
        sample, whatever holds); then only the rules whose condition can hold for some value
        (by threshold, `_Group.candidates`) or that have alerts are looked at, in rule order.
        """
        todo: list[tuple[int, Rule]] = list(self._always)
        failed: set[int] = set()
        for group in self._groups:
            try:
                if group.signal.values(view, ts):
                    todo += group.candidates()
            except Exception as exc:  # one broken signal never hides the other rules
                for i, rule in group.all:
                    failed.add(i)
                    self._failed(rule, exc)
        if self._active:
            todo += self._active.items()
        if len(todo) > 1:  # rule order (notifications come out in it), each rule once
            todo = sorted(dict(todo).items())
        out: list[Notification] = []
        for i, rule in todo:
            if i in failed:
                continue
            if rule.kind == "stale":
                with self.stale_lock:
                    self._evaluate_rule(rule, view, ts, out)
            else:
                self._evaluate_rule(rule, view, ts, out)
        return out

    def _evaluate_rule(self, rule: Rule, view: SampleView | None, ts: float, out: list[Notification]) -> None:
        """One rule's evaluation (without a view: the watchdog's staleness check), state
        changes and sends; whatever it raises is that rule's failure alone (one broken rule
        never hides or delays the others' notifications)."""
        mark = len(out)
        try:
            results = rule.evaluate(view, ts) if view is not None else rule._stale(None, ts)
            if results or rule.active:
                self._update(rule, results, ts)
                self._collect_sends(rule, ts, out)
        except Exception as exc:  # noqa: BLE001
            del out[mark:]  # nothing half-made of this rule goes out
            self._failed(rule, exc)

    def _failed(self, rule: Rule, exc: Exception) -> None:
        rule.failures += 1
        self._changed()
        log.warning("alert %s: evaluation failed: %s: %s", rule.name, type(exc).__name__, exc)

    def evaluate_stale(self, ts: float) -> list[Notification]:
        """The sampler is late: evaluate only staleness rules (from a watchdog thread). Takes
        only `stale_lock`: a cycle stuck in any other rule or source cannot hold it up."""
        out: list[Notification] = []
        with self.stale_lock:
            for rule in self.stale_rules:
                self._evaluate_rule(rule, None, ts, out)
        return out

    def _update(self, rule: Rule, results: list[Series], ts: float) -> None:
        self._transition(rule, results, ts)
        i = self._index.get(id(rule))
        if i is not None and rule.signal is not None:
            if rule.active:
                self._active[i] = rule
            else:
                self._active.pop(i, None)

    def _transition(self, rule: Rule, results: list[Series], ts: float) -> None:
        seen: set[Key] = set()
        ext = self.external_labels
        for key, labels, value in results:
            seen.add(key)
            alert = rule.active.get(key)
            # an `info:` rule re-renders when the joined series changes too (a diagnosis that
            # arrives a sample after the OOM counter still reaches the alert)
            info = rule.info_for(labels) if rule.info is not None else {}
            if alert is not None and alert.state != INACTIVE:
                joined = tuple(info.items())
                if alert.value != value or alert.info != joined:
                    if alert.info != joined and alert.state == FIRING:
                        alert.last_sent_at = None
                    alert.value = value
                    alert.info = joined
                    alert.annotations = rule.annotations(labels, value, ext, info)
                continue
            self._changed()  # a new alert, or the exported count of those not started moved
            if alert is None and not rule.admit_alert(key, labels):  # a resolved one keeps its place
                if rule.dropped_alerts == 1:  # once per rule: the counter says how often
                    log.warning(
                        "alert %s: a source has %d alerts active; its new ones are not started",
                        rule.name, self.max_series,
                    )
                continue
            rule.active[key] = Alert(
                rule.alert_labels(labels, value, ext),
                PENDING,
                ts,
                value,
                rule.annotations(labels, value, ext, info),
                tuple(info.items()),
            )
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
                    rule.end_alert(key)
                    self._changed()
                if alert.state != INACTIVE and not keep:
                    self._changed()
                    alert.state = INACTIVE
                    alert.resolved_at = ts
                if not keep:
                    continue
            else:
                alert.keep_firing_since = None
            if alert.state == PENDING and ts - alert.active_at >= rule.hold:
                self._changed()
                alert.state = FIRING
                alert.fired_at = ts
                self._on_fire(rule, alert)

    def _on_fire(self, rule: Rule, alert: Alert) -> None:
        log.debug("alert %s firing: %s", rule.name, alert.labels)
        names = rule.spec.fired_actions()
        if self.actions is not None and names:
            fired = FiredAlert(
                rule.name, dict(alert.labels), dict(alert.annotations), alert.value, alert.fired_at
            )
            self.actions.submit(
                rule.name, names, fired, cooldown=rule.spec.action_cooldown, max_runs=rule.spec.action_max
            )

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
            out.append(
                Notification(
                    labels,
                    dict(alert.annotations),
                    alert.fired_at,
                    alert.resolved_at if alert.resolved_at is not None else alert.valid_until,
                    self._generator_url(rule),
                    alert.resolved_at is not None,
                )
            )

    def _generator_url(self, rule: Rule) -> str:
        if not self.external_url:
            return ""
        return f"{self.external_url}/api/v1/alerts#{rule.name}"

    # --- state, for metrics and the API ---

    def active_alerts(self, *, stale_only: bool = False) -> list[tuple[Rule, Alert]]:
        """Pending and firing alerts, in rule order (the caller holds what guards the other rules)."""
        with self.stale_lock:
            return [
                (r, a)
                for r in (self.stale_rules if stale_only else self.rules)
                for a in list(r.active.values())
                if a.state != INACTIVE
            ]
