"""Rules on any family gpumemd exports evaluate: its own series (gpumemd_build_info, the
collectors' success, the sample's timestamp), the reload status, the alert engine's own
families and the agent's observers' — not only what the sources render."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.core import GaugeMetricFamily, Metric

from gpumemd import config as config_mod
from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.agent.wiring import SectionsObserver
from gpumemd.alerts.engine import FIRING, PENDING
from gpumemd.alerts.observer import AlertingFactory, AlertObserver
from gpumemd.alerts.rules import AlertingConfig
from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer
from gpumemd.daemon import build_runtime
from gpumemd.sampling.sampler import Sampler
from gpumemd.sources.base import Source
from tests.fakes import FakeTorch
from tests.fakes import capture as torch_capture
from tests.helpers import ROOT, gpumemd_process, samples, scrape

CAPTURE = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
BUILD_RULE = {"alert": "BuildInfo", "metric": "gpumemd_build_info", "op": "==", "threshold": 1}


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


class Constant(Source[float]):
    name = "c"

    def read(self, cycle: Mapping[str, Any]) -> float:
        return 1.0

    def families(self, reading: float) -> Iterable[Metric]:
        return ()


def states(observer: AlertObserver) -> dict[str, str]:
    return {r.name: a.state for r in observer.engine.rules for a in r.active.values()}


def observer(rules: list[dict[str, Any]]) -> AlertObserver:
    return AlertObserver(
        AlertingConfig(default_rules=False, rules=tuple(rules), notifiers=()), watchdog=False
    )


@pytest.mark.parametrize("eager", [True, False], ids=["daemon (eager)", "agent (lazy, selecting)"])
def test_a_rule_on_build_info_goes_pending_then_fires_on_the_injected_clock(eager: bool) -> None:
    clock = Clock()
    obs = observer([{**BUILD_RULE, "for": "30s"}])
    s = Sampler(
        [Constant()], interval=1.0, observers=[obs], wall_clock=clock, monotonic=clock, eager_render=eager
    )
    s.sample_once()
    assert states(obs) == {"BuildInfo": PENDING}
    clock.now += 30
    s.sample_once()
    assert states(obs) == {"BuildInfo": FIRING}
    (alert,) = obs.alerts()
    assert alert["labels"]["version"] and alert["value"] == "1e+00"


def test_rules_on_the_samplers_own_series_see_this_sample() -> None:
    clock = Clock()
    rules = [
        {"alert": "Samples", "metric": "gpumemd_samples_total", "op": "==", "threshold": 2},
        {
            "alert": "Last",
            "metric": "gpumemd_last_sample_timestamp_seconds",
            "op": "==",
            "threshold": clock.now + 5,
        },
        {"alert": "Ok", "metric": 'gpumemd_collector_success{collector="c"}', "op": "==", "threshold": 1},
        {"alert": "Busy", "metric": "gpumemd_sampler_busy_seconds_total", "op": ">=", "threshold": 0},
    ]
    obs = observer(rules)
    s = Sampler([Constant()], interval=1.0, observers=[obs], wall_clock=clock, monotonic=clock)
    s.sample_once()
    assert states(obs) == {"Ok": FIRING, "Busy": FIRING}
    clock.now += 5
    s.sample_once()
    assert states(obs) == {"Ok": FIRING, "Busy": FIRING, "Samples": FIRING, "Last": FIRING}
    # one series per collector: the sampler's, not doubled by the observer's own
    ok = [a for r in obs.engine.rules if r.name == "Ok" for a in r.active.values()]
    assert len(ok) == 1


def test_rules_on_the_engines_own_families_see_the_last_evaluation() -> None:
    clock = Clock()
    obs = observer(
        [
            BUILD_RULE,
            {
                "alert": "AnyFiring",
                "metric": 'gpumemd_alerts{alertstate="firing"}',
                "op": "==",
                "threshold": 1,
            },
        ]
    )
    s = Sampler([Constant()], interval=1.0, observers=[obs], wall_clock=clock, monotonic=clock)
    s.sample_once()
    assert states(obs) == {"BuildInfo": FIRING}
    s.sample_once()  # like Prometheus's ALERTS: the previous evaluation's alerts
    assert states(obs)["AnyFiring"] == FIRING


def test_a_rule_on_an_observers_families_before_the_rules_fires_in_the_agent() -> None:
    """The agent's sections observer runs before the rules and declares its names: a lazy
    sampler builds them for a rule that selects them, and only then."""
    built = []

    def sections() -> list[Metric]:
        built.append(1)
        g = GaugeMetricFamily("gpumemd_section_peak_bytes", "Peak.", labels=["section", "gpu"])
        g.add_metric(["forward", "0"], 5e9)
        return [g]

    clock = Clock()
    rule = {"alert": "BigForward", "metric": "gpumemd_section_peak_bytes", "op": ">", "threshold": 1e9}
    obs = observer([rule])
    s = Sampler(
        [Constant()],
        interval=1.0,
        observers=[SectionsObserver(sections), obs],
        wall_clock=clock,
        monotonic=clock,
        eager_render=False,
    )
    s.sample_once()
    assert states(obs) == {"BigForward": FIRING} and built == [1]
    other = observer([BUILD_RULE])  # a rule set that selects no section: nothing built
    s.replace(observers=[SectionsObserver(sections), other])
    s.sample_once()
    assert states(other) == {"BuildInfo": FIRING} and built == [1]


def _every_sample_name_rules(names: Iterable[str]) -> list[dict[str, Any]]:
    # `!=` an unlikely value holds for every series (NaN included): each rule must fire
    return [
        {"alert": f"Sel{i}", "metric": n, "op": "!=", "threshold": -123456.789} for i, n in enumerate(names)
    ]


def _names(text: str) -> list[str]:
    from prometheus_client.parser import text_string_to_metric_families

    return sorted(
        {
            s.name
            for f in text_string_to_metric_families(text)
            for s in f.samples
            if not s.name.endswith("_created")
        }
    )


@pytest.mark.parametrize(
    "capture", sorted((ROOT / "tests/fixtures/captures").glob("*.json")), ids=lambda p: p.stem
)
def test_every_family_the_daemon_exports_can_be_selected_by_a_rule(capture: Path) -> None:
    plain = build_runtime(config_mod.Config(), load_capture(str(capture)))
    names = _names(plain.sampler.sample_once().exposition.body().decode())
    plain.stop()
    assert "gpumemd_build_info" in names and "gpumemd_config_last_reload_successful" in names
    rules = _every_sample_name_rules(names)
    cfg = config_mod.from_mapping(config_mod.Config, {"alerting": {"default_rules": False, "rules": rules}})
    rt = build_runtime(cfg, load_capture(str(capture)))
    try:
        rt.sampler.sample_once()
        rt.sampler.sample_once()  # the engine's own families: seen from the second evaluation
        observer = rt.sampler.cycle.observers[0]
        firing = {r.name for r in observer.engine.rules if r.active}
        missed = sorted(r["metric"] for r in rules if r["alert"] not in firing)
        assert missed == [], "rules on these exported names never fire"
    finally:
        rt.stop()


def _agent(config: config_mod.Config | None) -> Agent:
    return Agent(
        config,
        listen_address=None,
        spool_dir="",
        identity=Identity(pid=450, rank=0, local_rank=0, world_size=2, job_id="4242"),
        apis={
            "torch": torch_replayer(torch_capture("after_256MiB_and_4000B")),
            "nvml": nvml_replayer(load_capture(CAPTURE)),
            "oom": FakeTorch(),
            "rss": lambda: 2_000_000_000,
            "peak_rss": lambda: 2_500_000_000,
        },
    )


def test_every_family_the_agent_exports_can_be_selected_by_a_rule() -> None:
    runtime = _agent(None).build()
    runtime.sampler.sample_once()
    names = _names(runtime.sampler.sample_once().exposition.body().decode())
    runtime.stop()
    assert "gpumemd_build_info" in names and "gpumemd_allocator_allocated_bytes" in names
    rules = _every_sample_name_rules(names)
    cfg = config_mod.from_mapping(config_mod.Config, {"alerting": {"default_rules": False, "rules": rules}})
    agent = _agent(cfg)
    runtime = agent.build()
    try:
        runtime.sampler.sample_once()
        runtime.sampler.sample_once()
        assert agent.alerting is not None and agent.alerting.observer is not None
        firing = {r.name for r in agent.alerting.observer.engine.rules if r.active}
        missed = sorted(r["metric"] for r in rules if r["alert"] not in firing)
        assert missed == [], "rules on these exported names never fire"
    finally:
        runtime.stop()


def test_a_rule_on_build_info_fires_in_a_real_daemon(tmp_path: Path) -> None:
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(
        "alerting:\n  default_rules: false\n  rules:\n"
        "    - {alert: BuildInfo, metric: gpumemd_build_info, op: '==', threshold: 1, for: 0s}\n"
    )
    with gpumemd_process(["--replay", str(CAPTURE), "--config.file", str(cfg)]) as (url, _):
        deadline = time.monotonic() + 15
        while True:  # the first sample evaluates it; poll the API against a deadline
            with urllib.request.urlopen(url + "/api/v1/alerts", timeout=5) as resp:
                alerts = json.loads(resp.read())["data"]["alerts"]
            if alerts:
                break
            assert time.monotonic() < deadline, "BuildInfo never fired"
            time.sleep(0.05)
    (alert,) = alerts
    assert alert["labels"]["alertname"] == "BuildInfo" and alert["state"] == "firing"
    assert alert["labels"]["version"]


def test_alerting_factory_reuses_the_observer_across_reloads() -> None:
    # the reload path the daemon takes keeps one engine; a rule on build_info survives it
    factory = AlertingFactory(watchdog=False)
    cfg = config_mod.from_mapping(
        config_mod.Config, {"alerting": {"default_rules": False, "rules": [BUILD_RULE]}}
    )
    (first,) = factory(cfg)
    (again,) = factory(cfg)
    assert first is again and [r.name for r in again.engine.rules] == ["BuildInfo"]


def test_an_allocator_with_nothing_to_read_yet_fires_no_collector_failing_alert() -> None:
    """A job that prepares its data on the CPU for longer than the rule's 5 minutes (CUDA not
    initialised, so nothing to read) is not a failing collector; a source that really fails is.
    The default rule, on the injected clock."""
    from gpumemd.alerts.rules import default_rule_mappings
    from gpumemd.sources.allocator import AllocatorSource
    from gpumemd.sources.base import SourceUnavailable
    from tests.fakes import TorchSequence, stats

    class NotYet(TorchSequence):
        def is_initialized(self) -> bool:
            return False

    class Broken(Constant):
        name = "broken"

        def read(self, cycle: Mapping[str, Any]) -> float:
            raise SourceUnavailable("NVML library not found")

    (rule,) = [r for r in default_rule_mappings() if r["alert"] == "GpumemdCollectorFailing"]
    clock = Clock()
    obs = observer([rule])
    s = Sampler(
        [AllocatorSource(NotYet([stats(0, 0, 0, 0)]), env={}), Broken()],
        interval=1.0,
        observers=[obs],
        wall_clock=clock,
        monotonic=clock,
    )
    for _ in range(11):
        s.sample_once()
        clock.now += 60
    firing = {a.labels["collector"] for r in obs.engine.rules for a in r.active.values() if a.state == FIRING}
    assert firing == {"broken"}


def _nvml_present() -> bool:
    try:
        from gpumemd.backends.nvml import Pynvml

        Pynvml().init()
        return True
    except Exception:
        return False


@pytest.mark.skipif(_nvml_present(), reason="this machine has NVML: its absence cannot be shown here")
@pytest.mark.parametrize(
    ("code", "required", "fires"),
    [(None, False, False), (None, True, True), (9, False, True), (15, False, True)],
    ids=["library-absent", "library-absent-but-required", "driver-not-loaded", "gpu-lost"],
)
def test_collector_failing_fires_for_a_failing_driver_not_for_a_node_without_one(
    code: int | None, required: bool, fires: bool
) -> None:
    """No NVML library (this machine: the real pynvml adapter finds no libnvidia-ml.so) is a
    CPU node: the default GpumemdCollectorFailing stays quiet past its 5 minutes, unless the
    configuration says this node must have GPUs (sources.nvml.required). NVML present but
    failing (a replay whose init answers DRIVER_NOT_LOADED or GPU_IS_LOST: faults we cannot
    cause here) fires it. The default rule, on the injected clock, through the daemon's sources."""
    from gpumemd.alerts.rules import default_rule_mappings
    from gpumemd.sources.node import node_sources

    (rule,) = [r for r in default_rule_mappings() if r["alert"] == "GpumemdCollectorFailing"]
    cfg = config_mod.loads(
        f"sources: {{nvml: {{required: {str(required).lower()}}}, host: {{enabled: false}}}}\n"
        "agent: {spool_dir: ''}\n"
    )  # '': no spool
    capture = None if code is None else {"nvml": {"init()": {"error": code, "message": "injected"}}}
    clock = Clock()
    obs = observer([rule])
    s = Sampler(node_sources(cfg, capture), interval=1.0, observers=[obs], wall_clock=clock, monotonic=clock)
    for _ in range(11):
        snapshot = s.sample_once()
        clock.now += 60
    firing = {a.labels["collector"] for r in obs.engine.rules for a in r.active.values() if a.state == FIRING}
    assert firing == ({"nvml"} if fires else set())
    assert snapshot.success["nvml"] is not fires


# A rule that selects a series per collector, with room for one alert: the others are dropped.
MANY_RULES = {
    "default_rules": False,
    "max_series_per_rule": 1,
    "rules": [{"alert": "EveryCollector", "metric": "gpumemd_collector_success", "op": ">=", "threshold": 0}],
}
DROPPED = ("gpumemd_rule_alerts_dropped_total", (("alertname", "EveryCollector"),))


def _promtool_clean(text: str) -> None:
    if shutil.which("promtool") is None:
        pytest.skip("promtool not installed (make test installs it)")
    r = subprocess.run(
        ["promtool", "check", "metrics"], input=text, capture_output=True, text=True, timeout=30
    )
    assert r.returncode == 0 and not (r.stdout + r.stderr).strip(), r.stdout + r.stderr


def _agent_exposition(alerting: dict) -> tuple[Any, str]:
    """An agent with these alerting settings, sampled twice: its one rule and its exposition."""
    agent = _agent(config_mod.from_mapping(config_mod.Config, {"alerting": alerting}))
    runtime = agent.build()
    try:
        runtime.sampler.sample_once()
        text = runtime.sampler.sample_once().exposition.body().decode()
    finally:
        runtime.stop()
    assert agent.alerting is not None and agent.alerting.observer is not None
    (rule,) = agent.alerting.observer.engine.rules
    return rule, text


def test_the_agent_exports_the_alerts_a_rule_dropped() -> None:
    rule, text = _agent_exposition(MANY_RULES)
    assert rule.dropped_alerts > 0 and len(rule.active) == 1
    assert samples(text)[DROPPED] > 0
    _promtool_clean(text)


# A trend rule over a series per collector, with history for one: the others are not tracked.
MANY_SERIES = {
    "default_rules": False,
    "max_series_per_rule": 1,
    "rules": [{"alert": "EveryCollectorTrend", "kind": "trend", "metric": "gpumemd_collector_success",
               "window": "1m", "op": ">", "threshold": 1}],
}
SERIES_DROPPED = ("gpumemd_rule_series_dropped_total", (("alertname", "EveryCollectorTrend"),))


def test_the_agent_exports_the_series_a_rule_did_not_track() -> None:
    rule, text = _agent_exposition(MANY_SERIES)
    assert rule.dropped_series > 0
    assert samples(text)[SERIES_DROPPED] == rule.dropped_series
    _promtool_clean(text)


def test_the_daemon_exports_the_alerts_a_rule_dropped(tmp_path: Path) -> None:
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(json.dumps({"alerting": MANY_RULES}))  # JSON is YAML
    with gpumemd_process(["--replay", str(CAPTURE), "--config.file", str(cfg)]) as (url, _):
        deadline = time.monotonic() + 15
        while DROPPED not in samples(text := scrape(url + "/metrics")):  # after the first evaluation
            assert time.monotonic() < deadline, "no gpumemd_rule_alerts_dropped_total"
            time.sleep(0.05)
    assert samples(text)[DROPPED] > 0
    _promtool_clean(text)
