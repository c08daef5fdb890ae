"""Trend rules on training-loop memory curves: the saw-tooth must not fire, a leak must.

The curve is built from allocator readings recorded on an H200 (tests/fixtures/torch):
each training step allocates the recorded 256 MiB activation tensor and frees it again
(allocated goes 4096 B -> 268 439 552 B -> 4096 B), sampled at the agent's 10 Hz by a
sampler whose phase drifts against the step. A warm-up at the start allocates the model
and optimizer state at once (a step of several GB: the classic false leak alarm).
"""

from __future__ import annotations

import json
import random

import pytest

from gpumemd.alerts.engine import FIRING
from gpumemd.alerts.rules import AlertingConfig, rule_from_dict
from gpumemd.alerts.signals import _Window
from tests.fakes import GPU0, gauge, make_engine, step
from tests.helpers import FIXTURES

FIXTURE = FIXTURES / "torch" / "h200__torch-2.11__readings.json"
RANK0 = {**GPU0, "rank": "0"}


def recorded_levels() -> tuple[float, float]:
    data = json.loads(FIXTURE.read_text())
    return float(data["after_free_256MiB"]["memory_allocated"]), float(
        data["after_256MiB_and_4000B"]["memory_allocated"]
    )


def default_rule(name: str) -> dict:
    (spec,) = [r for r in AlertingConfig().loaded().rules if r.alert == name]
    return spec


# A floor-of-allocated trend rule (the packaged PytorchMemoryLeak before it read the leak verdict
# over exact step ends, docs/alerts.md): what a user's own trend rule on these curves sees
FLOOR_TREND = rule_from_dict({
    "alert": "FloorGrowing", "kind": "trend", "metric": "gpumemd_allocator_allocated_bytes", "window": "10m",
    "confirm_window": "5m", "bucket": "30s", "aggregate": "min", "op": ">", "threshold": 262144, "for": "2m",
})


def curve(t: float, *, step_s: float, leak_per_step: float, warmup_bytes: float = 6e9) -> float:
    """allocated bytes at time t of a training loop (recorded low/high levels per step)."""
    low, high = recorded_levels_cached
    steps = int(t / step_s)
    phase = (t / step_s) % 1.0
    activations = (high - low) * (
        phase / 0.6 if phase < 0.6 else (1 - phase) / 0.4
    )  # forward up, backward down
    warm = warmup_bytes if t > 2.0 else warmup_bytes * t / 2.0
    return low + warm + activations + leak_per_step * steps


recorded_levels_cached = recorded_levels()


def run(
    rule_spec, *, minutes: float, step_s: float, leak_per_step: float, interval: float = 0.1, seed: int = 0
) -> float | None:
    """Drive the engine over the curve; returns when the alert fired (seconds), or None."""
    from gpumemd.alerts.engine import Engine

    engine = Engine([rule_spec], interval=interval)
    rnd = random.Random(seed)
    t = 1000.0  # the sampler's clock; jitter makes its phase drift against the step
    start = t
    while t - start < minutes * 60:
        value = curve(t - start, step_s=step_s, leak_per_step=leak_per_step)
        step(engine, [gauge("gpumemd_allocator_allocated_bytes", [(RANK0, value)])], t)
        if any(a.state == FIRING for a in engine.rules[0].active.values()):
            return t - start
        t += interval * (1 + rnd.uniform(-0.05, 0.05))
    return None


@pytest.mark.parametrize("step_s", [0.37, 1.0, 2.3])
def test_steady_sawtooth_with_warmup_never_fires(step_s):
    assert run(FLOOR_TREND, minutes=20, step_s=step_s, leak_per_step=0) is None


@pytest.mark.parametrize("step_s", [0.37, 1.0])
def test_one_mb_per_step_leak_fires_within_the_window(step_s):
    spec = FLOOR_TREND
    fired = run(spec, minutes=15, step_s=step_s, leak_per_step=1e6)
    assert fired is not None, "a 1 MB/step leak must fire"
    # min_coverage (half the window) + for: within the configured 10 m window
    assert fired <= spec.window


def test_plain_least_squares_over_a_long_window_also_ignores_the_sawtooth():
    """Without buckets: the slope over 10 min of a 256 MiB saw-tooth is noise well below 256 KiB/s."""
    rule = {
        "alert": "Leak",
        "kind": "trend",
        "metric": "gpumemd_allocator_allocated_bytes",
        "window": "10m",
        "threshold": 262144,
        "min_coverage": 1.0,
    }
    engine = make_engine([rule], interval=0.5)
    for i in range(2400):  # 20 minutes at 2 Hz, after warm-up
        t = 5000 + i * 0.5
        step(
            engine,
            [
                gauge(
                    "gpumemd_allocator_allocated_bytes",
                    [(RANK0, curve(t, step_s=0.7, leak_per_step=0, warmup_bytes=0))],
                )
            ],
            t,
        )
    assert not engine.rules[0].active


def test_predict_linear_style_rule_fires_before_the_gpu_is_full():
    spec = default_rule("GpuMemoryWillFill")
    engine = make_engine([], interval=1.0)
    engine.set_rules([spec])
    total = 150_754_820_096.0  # the recorded H200
    fired_at = None
    for i in range(0, 3600, 5):  # 2 GB a minute from 40 % full: 100 % in ~45 min
        used = 0.4 * total + 2e9 * i / 60
        step(
            engine,
            [
                gauge("gpumemd_gpu_memory_used_bytes", [(GPU0, used)]),
                gauge("gpumemd_gpu_memory_total_bytes", [(GPU0, total)]),
            ],
            float(i),
        )
        if fired_at is None and any(a.state == FIRING for a in engine.rules[0].active.values()):
            fired_at = i
            (alert,) = engine.rules[0].active.values()
            assert used < total and alert.value > 1
    assert fired_at is not None and fired_at < 45 * 60


def test_running_least_squares_matches_a_direct_fit_after_many_rebuilds():
    win = _Window(60.0, maxlen=70)
    rnd = random.Random(1)
    pts = []
    for i in range(5000):
        t, v = 1e9 + i, 1.4e11 + 3e5 * i + rnd.uniform(-1e8, 1e8)
        win.add(t, v)
        pts.append((t, v))
    recent = [(t, v) for t, v in pts if t >= pts[-1][0] - 60]
    n = len(recent)
    mt = sum(t for t, _ in recent) / n
    mv = sum(v for _, v in recent) / n
    slope = sum((t - mt) * (v - mv) for t, v in recent) / sum((t - mt) ** 2 for t, _ in recent)
    assert win.fit(pts[-1][0], None) == pytest.approx(slope, rel=1e-6)
    assert len(win.points) <= 70
