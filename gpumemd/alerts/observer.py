"""The engine as a sampler observer: evaluate each sample, hand alerts to notifiers.

`observe()` runs on the sampler thread: it indexes the sample, evaluates the rules,
queues what must be sent (each notifier sends on its own thread) and returns the
`gpumemd_alerts` and notifier families for this sample's exposition. A watchdog thread
evaluates the staleness rules when samples stop coming (a hung NVML call stalls the
sampler, and then nothing else would notice). `AlertingFactory` is what the daemon and the
agent pass to `Runtime(build_observers=...)`: it keeps one observer across SIGHUP reloads,
so alerts and trend history survive a reload of unchanged rules.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from prometheus_client.core import Metric

from gpumemd import known_metrics
from gpumemd.config import AlertingConfig, Config, ConfigError
from gpumemd.sampling.observer import Observer
from gpumemd.sources.base import Family, metric
from gpumemd.spool.format import SpoolReading

from .actions import ActionRunner
from .engine import Alert, Engine, Notification
from .notify import CallbackNotifier, Notifier, build_notifiers, notifier_families, rfc3339

log = logging.getLogger("gpumemd.alerts")

__all__ = ["AlertObserver", "AlertingFactory"]

_SUCCESS = "gpumemd_collector_success"
_ALERTS_WAIT = 0.5  # seconds /api/v1/alerts waits for a running evaluation before answering from the last one
_LAST = "gpumemd_last_sample_timestamp_seconds"
# The families this observer exports itself: a rule on them sees the previous evaluation's
# values (as Prometheus's rules see ALERTS), added to the view from the last families.
_OWN = known_metrics.collected_by("alerts")
_ALERTS = Family("gpumemd_alerts")  # an alert's own labels, as Prometheus's ALERTS


class AlertObserver(Observer):
    """The alert engine as a sampler observer: evaluates each sample and queues alerts for the
    notifiers, exporting the alerts' own families."""
    name = "alerts"
    every = 0.0

    def __init__(
        self,
        alerting: AlertingConfig,
        *,
        interval: float = 1.0,
        collectors: Iterable[str] = (),
        callbacks: Sequence[Callable[[Sequence[Notification]], None]] = (),
        notifiers: Sequence[Notifier] | None = None,
        actions: ActionRunner | None = None,
        watchdog: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._lock = threading.Lock()
        self._clock = clock
        self._collectors = set(collectors)
        self._callbacks = list(callbacks)
        self._watchdog_enabled = watchdog
        self._watchdog: threading.Thread | None = None
        self._stop = threading.Event()
        self._last_observe: float | None = None
        self._collector_labels: list[tuple[str, dict[str, str]]] = []
        # ((engine.changes, each rule's dropped series), families)
        self._alert_families: tuple[tuple[int, tuple[int, ...]], list[Metric]] | None = None
        self._alerts_cache: list[dict[str, Any]] = []  # /api/v1/alerts while an evaluation holds the lock
        self._notifier_families: tuple[tuple[Any, ...], list[Metric]] | None = None
        self.alerting = alerting
        loaded = alerting.loaded()
        if loaded.errors:
            raise ConfigError(list(loaded.errors))
        self.engine = Engine(
            loaded.rules,
            interval=interval,
            resend_delay=alerting.resend_delay,
            resolved_retention=alerting.resolved_retention,
            external_labels=alerting.external_labels,
            external_url=alerting.external_url,
            max_series_per_rule=alerting.max_series_per_rule,
            actions=actions,
        )
        self.notifiers = list(notifiers) if notifiers is not None else self._build_notifiers(alerting)

    def _build_notifiers(self, alerting: AlertingConfig) -> list[Notifier]:
        out = build_notifiers(alerting.notifiers, external_url=alerting.external_url)
        out += [CallbackNotifier(f"python-{i}", fn) for i, fn in enumerate(self._callbacks)]
        return out

    def reconfigure(self, alerting: AlertingConfig, interval: float) -> None:
        """A reload: new rules (unchanged ones keep their state), new notifiers if they changed."""
        loaded = alerting.loaded()
        if loaded.errors:
            raise ConfigError(list(loaded.errors))
        with self._lock:
            e = self.engine
            e.resend_delay, e.resolved_retention = alerting.resend_delay, alerting.resolved_retention
            e.external_labels, e.external_url = (
                dict(alerting.external_labels),
                alerting.external_url.rstrip("/"),
            )
            e.max_series = alerting.max_series_per_rule
            e.set_rules(loaded.rules, interval=interval)
            if (
                alerting.notifiers != self.alerting.notifiers
                or alerting.external_url != self.alerting.external_url
            ):
                old, self.notifiers = self.notifiers, self._build_notifiers(alerting)
                for n in old:
                    n.close()
            self.alerting = alerting

    # --- the sampler thread ---

    def observe(
        self, families: Sequence[Metric], readings: Mapping[str, Any], timestamp: float
    ) -> Iterable[Metric]:
        engine = self.engine
        # Ask only for what the rules select (their metrics and divisors): in the agent that
        # spares building every other family each sample (docs/alerts.md "Cost").
        select = getattr(
            families, "select", None
        )  # getattr: LazyFamilies from the sampler; a plain sequence from a direct caller
        view = engine.view(select(engine.wanted_families) if select is not None else families)
        # The sampler offers its own series as they stand before the observers run; the
        # declared collectors (and, without a sampler, the readings) fill what it did not.
        if _SUCCESS in engine.wanted:
            if not self._collectors.issuperset(readings) or len(self._collector_labels) != len(
                self._collectors
            ):
                self._collectors.update(readings)
                self._collector_labels = [(n, {"collector": n}) for n in sorted(self._collectors)]
            have = {labels.get("collector") for labels, _ in view.series(_SUCCESS)}
            for name, labels in self._collector_labels:
                if name not in have:
                    view.add(_SUCCESS, labels, 1.0 if name in readings else 0.0)
        if _LAST in engine.wanted and not view.series(_LAST):
            view.add(_LAST, {}, timestamp)
        if not _OWN.isdisjoint(engine.wanted_families):
            for family in self.families():
                if family.name in engine.wanted_families:
                    for s in family.samples:
                        if s.name in engine.wanted:
                            view.add(s.name, s.labels, s.value)
        spool = readings.get("spool")
        with self._lock:
            if isinstance(spool, SpoolReading):  # the daemon's: whose each rank is, for the budgets per uid
                engine.set_owners(spool.owners)
            notes = engine.evaluate(view, timestamp)
            self._last_observe = timestamp
        self._dispatch(notes)
        if self._watchdog is None and self._watchdog_enabled and engine.stale_rules:
            self._start_watchdog()
        return self.families()

    def _dispatch(self, notes: list[Notification]) -> None:
        if notes:
            for n in self.notifiers:
                n.enqueue(notes)

    # --- the watchdog ---

    def check_stale(self, now: float) -> None:
        """Evaluate staleness rules at `now` if the sampler is late (watchdog; tests call it).

        Never waits on the evaluation lock: a cycle stuck in a source or in a rule is what
        this is for. It reads the last evaluation's time (one attribute, written whole) and
        takes only the engine's `stale_lock`, which nothing holds across slow work."""
        last = self._last_observe
        if last is None or now - last <= 2 * self.engine.interval:
            return
        self._dispatch(self.engine.evaluate_stale(now))

    def _start_watchdog(self) -> None:
        def run() -> None:
            while not self._stop.wait(max(self.engine.interval, 1.0)):
                try:
                    self.check_stale(self._clock())
                except Exception:  # pragma: no cover - keep watching
                    log.exception("alert watchdog failed")

        self._watchdog = threading.Thread(target=run, name="gpumemd-alerts-watchdog", daemon=True)
        self._watchdog.start()

    def close(self) -> None:
        self._stop.set()
        for n in self.notifiers:
            n.close()

    # --- exposed state ---

    def families(self) -> list[Metric]:
        """This sample's alert and notifier families; rebuilt only when something changed
        (the same family objects are shared by samples until then: nobody mutates them)."""
        # template failures count as changes too; series a rule drops are counted in its signal
        changes = (self.engine.changes, tuple(rule.dropped_series for rule in self.engine.rules))
        cached = self._alert_families
        if cached is None or cached[0] != changes:
            with self._lock:
                cached = self._alert_families = (changes, self._build_alert_families())
        state = tuple((id(n), n.sent, n.failed, n.dropped, n.queue_length()) for n in self.notifiers)
        notes = self._notifier_families
        if notes is None or notes[0] != state:
            notes = self._notifier_families = (state, notifier_families(self.notifiers))
        return [*cached[1], *notes[1]]

    def _build_alert_families(self) -> list[Metric]:
        alerts = _ALERTS.new()
        failures = metric("gpumemd_rule_evaluation_failures", ["alertname"])
        template_failures = metric("gpumemd_rule_template_failures", ["alertname"])
        dropped = metric("gpumemd_rule_alerts_dropped", ["alertname"])
        # per source: the identity labels of the rank whose series were not tracked (none: the node's)
        series_dropped = metric("gpumemd_rule_series_dropped", ["alertname", "job_id", "rank", "pid"])
        for _rule, alert in self.engine.active_alerts():
            _ALERTS.add(alerts, {**alert.labels, "alertstate": alert.state}, 1.0)
        for rule in self.engine.rules:
            if rule.failures:
                failures.add_metric([rule.name], rule.failures)
            if rule.template_failures:
                template_failures.add_metric([rule.name], rule.template_failures)
            if rule.dropped_alerts:
                dropped.add_metric([rule.name], rule.dropped_alerts)
            for source, n in sorted(rule.dropped_series_by_source().items()):
                ident = {k: v for k, v in zip(("job_id", "rank", "pid"), source, strict=True) if v}
                series_dropped.add_sample(
                    "gpumemd_rule_series_dropped_total", {"alertname": rule.name, **ident}, float(n)
                )
        return [alerts, failures, template_failures, dropped, series_dropped]

    def alerts(self) -> list[dict[str, Any]]:
        """Active alerts in the shape of Prometheus's `GET /api/v1/alerts`.

        While an evaluation holds the lock past a moment (stuck), the answer is the last one
        for the other rules and the current one for the staleness rules (the watchdog's)."""
        if self._lock.acquire(timeout=_ALERTS_WAIT):
            try:
                fresh = [(r.kind == "stale", self._alert_item(a)) for r, a in self.engine.active_alerts()]
                self._alerts_cache = [item for stale, item in fresh if not stale]
                return [item for _, item in fresh]
            finally:
                self._lock.release()
        return self._alerts_cache + [
            self._alert_item(a) for _, a in self.engine.active_alerts(stale_only=True)
        ]

    def _alert_item(self, a: Alert) -> dict[str, Any]:
        item: dict[str, Any] = {
            "labels": {**self.engine.external_labels, **a.labels},
            "annotations": dict(a.annotations),
            "state": a.state,
            "activeAt": rfc3339(a.active_at),
            "value": _prom_float(a.value),
        }
        if a.keep_firing_since is not None:
            item["keepFiringSince"] = rfc3339(a.keep_firing_since)
        return item

    def alerts_json(self) -> bytes:
        return json.dumps({"status": "success", "data": {"alerts": self.alerts()}}).encode()

    def flush(self, timeout: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout
        return all(n.flush(max(0.0, deadline - time.monotonic())) for n in self.notifiers)


def _prom_float(v: float) -> str:
    """Go's strconv.FormatFloat(v, 'e', -1, 64), as Prometheus writes alert values."""
    if v != v:
        return "NaN"
    if v in (float("inf"), float("-inf")):
        return "+Inf" if v > 0 else "-Inf"
    mant, exp = f"{v:.17e}".split("e")
    # shortest mantissa that round-trips
    for digits in range(1, 18):
        m, e = f"{v:.{digits - 1}e}".split("e")
        if float(f"{m}e{e}") == v:
            mant, exp = m, e
            break
    return f"{mant}e{int(exp):+03d}"


class AlertingFactory:
    """`build_observers` for Runtime: one AlertObserver, reconfigured on reload."""

    def __init__(
        self,
        *,
        collectors: Callable[[Config], Iterable[str]] | None = None,
        callbacks: Sequence[Callable[[Sequence[Notification]], None]] = (),
        actions: ActionRunner | None = None,
        watchdog: bool = True,
        every: float = 0.0,
    ) -> None:
        """`every`: evaluate the rules every that many seconds rather than every sample (the
        agent samples at 10 Hz; its rules need not run that often)."""
        self._collectors = collectors
        self._every = every
        self._callbacks = callbacks
        self._actions = actions
        self._watchdog = watchdog
        self.observer: AlertObserver | None = None

    def __call__(self, config: Config) -> list[AlertObserver]:
        alerting = config.alerting
        interval = max(config.sampler.interval, self._every)  # the engine's evaluation interval
        if self.observer is None:
            self.observer = AlertObserver(
                alerting,
                interval=interval,
                collectors=self._collectors(config) if self._collectors else (),
                callbacks=self._callbacks,
                actions=self._actions,
                watchdog=self._watchdog,
            )
            self.observer.every = self._every
        else:
            self.observer.reconfigure(alerting, interval)
        return [self.observer]
