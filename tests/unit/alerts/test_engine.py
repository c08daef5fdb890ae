"""The state machine, table-driven, with the clock driven by the test (no sleeps)."""

from __future__ import annotations

import json
import math

import pytest

from gpumemd.alerts.engine import FIRING, INACTIVE, PENDING
from gpumemd.alerts.observer import AlertObserver
from gpumemd.alerts.rules import AlertingConfig
from tests.fakes import GPU0, counter, gauge, make_engine, states, step

RATIO_RULE = {
    "alert": "Full",
    "metric": "gpumemd_gpu_memory_used_bytes",
    "divide_by": "gpumemd_gpu_memory_total_bytes",
    "op": ">",
    "threshold": 0.9,
    "labels": {"severity": "warning"},
    "annotations": {"summary": "GPU {{ $labels.gpu }} is {{ $value | humanizePercentage }} full"},
}


def fams(ratio: float | None) -> list:
    if ratio is None:
        return [gauge("gpumemd_gpu_memory_total_bytes", [(GPU0, 100.0)])]
    return [
        gauge("gpumemd_gpu_memory_used_bytes", [(GPU0, ratio * 100)]),
        gauge("gpumemd_gpu_memory_total_bytes", [(GPU0, 100.0)]),
    ]


P, F, R, N = PENDING, FIRING, INACTIVE, None  # N: no alert kept at all

CASES = [
    # name, rule overrides, [(t, ratio)], expected state after each step
    ("for 0 fires at once", {}, [(0, 0.95)], [F]),
    ("below threshold: nothing", {}, [(0, 0.5), (10, 0.9)], [N, N]),
    (
        "pending until for has passed",
        {"for": "30s"},
        [(0, 0.95), (10, 0.95), (20, 0.95), (30, 0.95)],
        [P, P, P, F],
    ),
    (
        "a pending alert that misses one evaluation resets",
        {"for": "30s"},
        [(0, 0.95), (20, 0.95), (30, 0.5), (40, 0.95), (60, 0.95), (70, 0.95)],
        [P, P, N, P, P, F],
    ),
    (
        "a missing series counts as false",
        {"for": "20s"},
        [(0, 0.95), (10, None), (20, 0.95), (40, 0.95)],
        [P, N, P, F],
    ),
    (
        "firing resolves, is kept for retention, then dropped",
        {},
        [(0, 0.95), (10, 0.5), (500, 0.5), (911, 0.5)],
        [F, R, R, N],
    ),
    (
        "keep_firing_for holds a firing alert",
        {"keep_firing_for": "30s"},
        [(0, 0.95), (10, 0.5), (30, 0.5), (39, 0.5), (40, 0.5)],
        [F, F, F, F, R],
    ),
    (
        "keep_firing_for restarts when the condition returns",
        {"keep_firing_for": "30s"},
        [(0, 0.95), (10, 0.5), (20, 0.95), (30, 0.5), (55, 0.5), (60, 0.5)],
        [F, F, F, F, F, R],
    ),
    (
        "keep_firing_for does not hold a pending alert",
        {"for": "1m", "keep_firing_for": "5m"},
        [(0, 0.95), (10, 0.5)],
        [P, N],
    ),
    (
        "a resolved alert that returns starts over as pending",
        {"for": "20s"},
        [(0, 0.95), (20, 0.95), (30, 0.5), (40, 0.95), (60, 0.95)],
        [P, F, R, P, F],
    ),
    ("op < and ==", {"op": "<", "threshold": 0.1}, [(0, 0.05), (10, 0.2)], [F, R]),
]


@pytest.mark.parametrize("name,overrides,steps,expected", CASES, ids=[c[0] for c in CASES])
def test_state_machine(name, overrides, steps, expected):
    engine = make_engine([{**RATIO_RULE, **overrides}], interval=10, resend_delay=60, resolved_retention=900)
    got = []
    for t, ratio in steps:
        step(engine, fams(ratio), float(t))
        got.append(states(engine).get("Full"))
    assert got == expected


def test_sends_follow_prometheus_timing():
    engine = make_engine([{**RATIO_RULE, "for": "30s"}], interval=10, resend_delay=60, resolved_retention=900)
    sent = {}
    for t in range(0, 200, 10):
        ratio = 0.95 if t < 120 else 0.5
        sent[t] = step(engine, fams(ratio), float(t))
    # pending alerts are never sent; the first send is when it fires, at 30
    assert all(not sent[t] for t in (0, 10, 20))
    first = sent[30][0]
    assert (first.starts_at, first.ends_at, first.resolved) == (30, 30 + 4 * 60, False)
    assert first.labels == {**GPU0, "severity": "warning", "alertname": "Full"}
    assert first.annotations == {"summary": "GPU 0 is 95% full"}
    # resent once resend_delay has passed (strictly), with a fresh endsAt
    assert [t for t in range(40, 120, 10) if sent[t]] == [100]
    assert sent[100][0].ends_at == 100 + 240 and sent[100][0].starts_at == 30
    # resolved at 120: sent at once with endsAt = resolution time, then every resend_delay
    resolved = sent[120][0]
    assert resolved.resolved and resolved.ends_at == 120 and resolved.starts_at == 30
    assert [t for t in range(130, 200, 10) if sent[t]] == [190]


def test_ends_at_uses_the_longer_of_interval_and_resend_delay():
    engine = make_engine([RATIO_RULE], interval=120, resend_delay=60)
    (note,) = step(engine, fams(0.95), 1000.0)
    assert note.ends_at == 1000 + 4 * 120


def test_value_and_annotations_follow_the_latest_sample():
    engine = make_engine([RATIO_RULE], interval=10)
    step(engine, fams(0.95), 0)
    step(engine, fams(0.99), 10)
    (alert,) = engine.rules[0].active.values()
    assert alert.value == pytest.approx(0.99)
    assert alert.annotations["summary"] == "GPU 0 is 99% full"
    assert alert.active_at == 0


def test_divide_by_joins_on_divisor_labels_and_ignores_extra_numerator_labels():
    rule = {
        "alert": "ProcBig",
        "metric": "gpumemd_process_gpu_memory_used_bytes",
        "divide_by": "gpumemd_gpu_memory_total_bytes",
        "threshold": 0.5,
    }
    engine = make_engine([rule])
    fam = [
        gauge(
            "gpumemd_process_gpu_memory_used_bytes",
            [
                ({**GPU0, "pid": "1"}, 60.0),
                ({**GPU0, "pid": "2"}, 10.0),
                ({"gpu": "1", "uuid": "GPU-b", "pid": "3"}, 90.0),
            ],
        ),
        gauge("gpumemd_gpu_memory_total_bytes", [(GPU0, 100.0)]),  # GPU 1 has no total: no join
    ]
    step(engine, fam, 0)
    alerts = [a for a in engine.rules[0].active.values()]
    assert [(a.labels["pid"], a.value) for a in alerts] == [("1", 0.6)]


def test_label_matchers_select_series():
    rule = {**RATIO_RULE, "metric": 'gpumemd_gpu_memory_used_bytes{gpu=~"1|2"}'}
    engine = make_engine([rule])
    step(engine, fams(0.95), 0)
    assert states(engine) == {}


def test_increase_rule_counts_resets_and_forgets_after_the_window():
    rule = {"alert": "Oom", "kind": "increase", "metric": "gpumemd_oom_events_total", "window": "1m"}
    engine = make_engine([rule], interval=10)
    labels = {**GPU0, "rank": "0"}
    seq = [(0, 3), (10, 3), (20, 4), (30, 4), (90, 4), (100, 1), (170, 1)]  # 3 at start is a baseline
    got = []
    for t, v in seq:
        step(engine, [counter("gpumemd_oom_events_total", [(labels, v)])], t)
        got.append(states(engine).get("Oom"))
    # +1 at 20 fires; out of the 1m window at 90; a reset (4 -> 1) counts as +1; gone by 170
    assert got == [None, None, F, F, R, F, R]


def test_absent_rule_fires_with_the_equality_matchers_as_labels():
    rule = {"alert": "NoAlloc", "kind": "absent", "metric": 'gpumemd_allocator_allocated_bytes{rank="0"}'}
    engine = make_engine([rule])
    step(engine, [], 0)
    (alert,) = engine.rules[0].active.values()
    assert alert.labels == {"rank": "0", "alertname": "NoAlloc"}
    step(engine, [gauge("gpumemd_allocator_allocated_bytes", [({**GPU0, "rank": "0"}, 1.0)])], 10)
    assert states(engine) == {"NoAlloc": INACTIVE}


def test_a_broken_rule_does_not_stop_the_others(monkeypatch):
    engine = make_engine([RATIO_RULE, {**RATIO_RULE, "alert": "Other"}])

    def boom(view, ts):
        raise RuntimeError("bug")

    monkeypatch.setattr(engine.rules[0], "evaluate", boom)
    step(engine, fams(0.95), 0)
    assert states(engine) == {"Other": FIRING}
    assert engine.rules[0].failures == 1


def test_division_by_zero_is_inf_as_in_promql():
    engine = make_engine([RATIO_RULE])
    step(
        engine,
        [
            gauge("gpumemd_gpu_memory_used_bytes", [(GPU0, 5.0)]),
            gauge("gpumemd_gpu_memory_total_bytes", [(GPU0, 0.0)]),
        ],
        0,
    )
    (alert,) = engine.rules[0].active.values()
    assert math.isinf(alert.value)


# --- through the observer: exposed state, synthesized self-metrics, the watchdog ---


def observer(rules, **kw) -> AlertObserver:
    cfg = AlertingConfig(default_rules=False, rules=tuple(rules), notifiers=())
    return AlertObserver(cfg, interval=1.0, watchdog=False, **kw)


def test_gpumemd_alerts_family_and_api_shape():
    obs = observer([{**RATIO_RULE, "for": "5s"}, {**RATIO_RULE, "alert": "Now"}])
    out = obs.observe(fams(0.95), {}, 1_700_000_000.0)
    series = {
        (s.labels["alertname"], s.labels["alertstate"]): (s.labels, s.value)
        for f in out
        if f.name == "gpumemd_alerts"
        for s in f.samples
    }
    assert set(series) == {("Full", "pending"), ("Now", "firing")}
    labels, value = series[("Now", "firing")]
    assert value == 1 and labels["gpu"] == "0" and labels["severity"] == "warning"
    body = json.loads(obs.alerts_json())
    assert body["status"] == "success"
    now = [a for a in body["data"]["alerts"] if a["labels"]["alertname"] == "Now"][0]
    assert now["state"] == "firing" and now["activeAt"] == "2023-11-14T22:13:20.000Z"
    assert float(now["value"]) == pytest.approx(0.95) and now["value"].startswith("9.5e-01")
    assert now["annotations"] == {"summary": "GPU 0 is 95% full"}


def test_collector_success_is_synthesized_for_declared_collectors():
    rule = {"alert": "CollectorDown", "metric": "gpumemd_collector_success", "op": "==", "threshold": 0}
    obs = observer([rule], collectors=["nvml", "host"])
    obs.observe([], {"host": object()}, 0.0)  # nvml failed (absent from readings)
    (alert,) = obs.engine.rules[0].active.values()
    assert alert.labels["collector"] == "nvml" and alert.state == FIRING


def test_watchdog_fires_stale_rule_when_samples_stop_and_resolves_on_the_next():
    rule = {
        "alert": "Stale",
        "kind": "stale",
        "metric": "gpumemd_last_sample_timestamp_seconds",
        "threshold": 30,
    }
    got = []
    obs = observer([rule], callbacks=[got.extend])
    obs.observe([], {}, 100.0)
    obs.check_stale(110.0)
    assert states(obs.engine) == {}
    obs.check_stale(131.0)  # 31 s since the last sample
    assert states(obs.engine) == {"Stale": FIRING}
    assert obs.flush(2.0) and got and not got[-1].resolved
    obs.observe([], {}, 140.0)
    assert states(obs.engine) == {"Stale": INACTIVE}
    assert obs.flush(2.0) and got[-1].resolved


def test_reload_keeps_state_of_unchanged_rules():
    obs = observer([{**RATIO_RULE, "for": "10s"}, {**RATIO_RULE, "alert": "Other", "for": "10s"}])
    obs.observe(fams(0.95), {}, 0.0)
    changed = {**RATIO_RULE, "alert": "Other", "for": "10s", "threshold": 0.5}
    cfg = AlertingConfig(default_rules=False, rules=({**RATIO_RULE, "for": "10s"}, changed), notifiers=())
    obs.reconfigure(cfg, 1.0)
    obs.observe(fams(0.95), {}, 10.0)
    # Full kept its pending alert from t=0 and fires at 10; Other was replaced and starts over
    assert states(obs.engine) == {"Full": FIRING, "Other": PENDING}


def test_grouped_evaluation_matches_every_rule_evaluated_alone():
    """Rules sharing a signal are pruned by threshold (engine._Group); the alerts must be
    exactly those of each rule evaluated on its own, NaN and infinities included."""
    import math
    import random

    from gpumemd.alerts.rules import OPS

    rnd = random.Random(7)
    choices = [0.0, 0.5, 1.0, 2.0, math.nan, math.inf, -math.inf]
    specs = [
        {
            "alert": f"R{i}",
            "metric": "gpumemd_gpu_memory_used_bytes",
            "op": op,
            "threshold": rnd.choice([0.0, 0.5, 1.0, 2.0, 3.0]),
        }
        for i, op in enumerate(rnd.choice(list(OPS)) for _ in range(60))
    ]
    engine = make_engine(specs)
    for t in range(200):
        values = [rnd.choice(choices) for _ in range(rnd.randint(0, 3))]
        series = [({"gpu": str(i), "uuid": f"GPU-{i}"}, v) for i, v in enumerate(values)]
        step(engine, [gauge("gpumemd_gpu_memory_used_bytes", series)] if series else [], float(t))
        for spec, rule in zip(specs, engine.rules, strict=True):
            want = {str(i) for i, v in enumerate(values) if OPS[spec["op"]](v, spec["threshold"])}
            got = {a.labels["gpu"] for a in rule.active.values() if a.state != "inactive"}
            assert got == want, (spec, values)
