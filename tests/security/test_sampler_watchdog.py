"""The sampler's watchdog and health never wait on what they watch (issue 23).

A backtracking matcher stalled the sampler inside the alert evaluation, and the staleness
watchdog needed the evaluation's lock to fire GpumemdSamplesStale, so nothing said the
daemon had stopped watching. Matchers are linear now (test_regexes.py); a rule evaluation
can still only be made to hang by a fake, so these tests use one (named as such). They
drive the watchdog on an injected clock and bound every wait with a timeout, so a
regression fails instead of hanging the suite.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from prometheus_client.core import GaugeMetricFamily, Metric

from gpumemd.alerts.engine import FIRING
from gpumemd.alerts.observer import AlertObserver
from gpumemd.config import AlertingConfig
from gpumemd.http.endpoints import App
from gpumemd.http.protocol import Request
from gpumemd.sampling.sampler import STALL_FLOOR, Sampler
from gpumemd.sources.base import Source
from tests.fakes import gauge

STALE = {"alert": "GpumemdSamplesStale", "kind": "stale", "metric": "gpumemd_last_sample_timestamp_seconds",
         "threshold": 30}
STUCK = {"alert": "Stuck", "metric": 'gpumemd_gpu_memory_used_bytes{gpu=~"0|1"}', "threshold": 0}


def _within(seconds: float, fn: Callable[[], Any]) -> Any:
    """fn() on another thread; its result, or an AssertionError if it did not return in time."""
    out: list[Any] = []
    t = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{fn} did not return within {seconds}s (it waits on what it watches)"
    return out[0]


class _StuckSelector:
    """A fake for a fault we cannot cause: a rule evaluation that does not return (a matcher
    that never finishes) until `gate` opens."""

    def __init__(self, real: Any, gate: threading.Event, entered: threading.Event) -> None:
        self.real, self.gate, self.entered = real, gate, entered
        self.name, self.matchers = real.name, real.matchers

    def matches(self, labels: Mapping[str, str]) -> bool:
        self.entered.set()
        self.gate.wait(20)
        return bool(self.real.matches(labels))


def test_a_stuck_rule_evaluation_cannot_hold_up_the_stale_alert_or_the_alerts_api() -> None:
    got: list[Any] = []
    obs = AlertObserver(AlertingConfig(default_rules=False, rules=(STALE, STUCK), notifiers=()), interval=1.0,
                        callbacks=[got.extend], watchdog=False)
    fams = [gauge("gpumemd_gpu_memory_used_bytes", [({"gpu": "0"}, 1.0)])]
    obs.observe(fams, {}, 100.0)
    signal = next(r for r in obs.engine.rules if r.name == "Stuck").signal
    gate, entered = threading.Event(), threading.Event()
    signal.selector = _StuckSelector(signal.selector, gate, entered)  # type: ignore[assignment]
    cycle = threading.Thread(target=obs.observe, args=(fams, {}, 101.0), daemon=True)
    cycle.start()
    try:
        assert entered.wait(5), "the evaluation did not reach the stuck rule"
        _within(2.0, lambda: obs.check_stale(140.0))  # 39 s after the last completed evaluation
        firing = [a for r, a in obs.engine.active_alerts(stale_only=True) if a.state == FIRING]
        assert [a.labels["alertname"] for a in firing] == ["GpumemdSamplesStale"]
        assert _within(5.0, lambda: obs.flush(4.0))
        assert any(n.labels["alertname"] == "GpumemdSamplesStale" and not n.resolved for n in got)
        api = _within(2.0, obs.alerts)  # served from the last answer and the watchdog's own state
        assert "GpumemdSamplesStale" in {a["labels"]["alertname"] for a in api}
    finally:
        gate.set()
        cycle.join(10)
    assert not cycle.is_alive()


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class _StuckSource(Source[float]):
    """A fake for a fault we cannot cause on demand: a read that hangs (an NVML call that
    never returns) until `gate` opens."""

    name = "stuck"

    def __init__(self) -> None:
        self.gate, self.entered = threading.Event(), threading.Event()
        self.gate.set()

    def read(self, cycle: Mapping[str, Any]) -> float:
        self.entered.set()
        self.gate.wait(20)
        return 1.0

    def families(self, reading: float) -> Iterable[Metric]:
        g = GaugeMetricFamily("test_stuck", "x")
        g.add_metric([], reading)
        return [g]


def _get(app: App, path: str) -> tuple[int, str]:
    response = app(Request("GET", path, "", {}))
    return response.status, response.body.decode()


def test_health_answers_503_at_once_while_a_source_hangs_and_ready_stays_200() -> None:
    clock, source = _Clock(), _StuckSource()
    sampler = Sampler([source], interval=1.0, monotonic=clock)
    app = App(lambda: sampler.latest, interval=lambda: sampler.sample_period, health=sampler.problem)
    sampler.sample_once()
    source.gate.clear()
    source.entered.clear()
    sampler.start()
    try:
        assert source.entered.wait(5), "the thread did not reach the source"
        assert _within(2.0, lambda: _get(app, "/-/healthy")) == (200, "Healthy\n")  # not late yet
        clock.now += STALL_FLOOR + 1
        status, body = _within(2.0, lambda: _get(app, "/-/healthy"))
        assert status == 503 and "stuck in stuck" in body
        assert _within(2.0, lambda: _get(app, "/-/ready")) == (200, "Ready\n")
        assert _within(2.0, lambda: _get(app, "/metrics"))[0] == 200  # the last sample, still served
    finally:
        source.gate.set()
        sampler.stop()


def test_the_watchdog_fires_while_the_sampler_is_stuck_in_a_source_and_resolves_after() -> None:
    got: list[Any] = []
    obs = AlertObserver(AlertingConfig(default_rules=False, rules=(STALE,), notifiers=()), interval=1.0,
                        callbacks=[got.extend], watchdog=False)
    obs.observe([], {}, 100.0)
    _within(2.0, lambda: obs.check_stale(131.0))
    assert obs.flush(4.0) and [n.resolved for n in got] == [False]
    obs.observe([], {}, 132.0)
    assert obs.flush(4.0) and [n.resolved for n in got] == [False, True]
