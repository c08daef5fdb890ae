"""Headroom and the OOM forecast through the agent: real CPU-torch optimizer steps drive the
hook, a replayed allocator (tests/unit/agent/test_step_peak.py's Ledger) moves its peak with
the batch's tokens as a sequence model's would, and the agent's own alert engine evaluates
the default rules on what it exports, with the clock driven by the test."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
import torch

import gpumemd
from gpumemd.agent import process
from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.alerts.engine import FIRING, PENDING
from gpumemd.alerts.rules import default_rule_mappings
from tests.fakes import FakeTorch, make_engine, states, step
from tests.unit.agent.test_step_peak import Ledger, MiB

BASE = 100 * MiB  # the Ledger's resting allocation


def peak_of(tokens: int) -> int:
    return 30_000 * tokens + 4 * tokens * tokens  # a seq² score matrix (attention without flash)


class Fraction(Ledger):
    """The Ledger with a per-process memory fraction set (torch.cuda.set_per_process_memory_fraction)."""

    def __init__(self, fraction: float | None) -> None:
        super().__init__()
        self.fraction = fraction

    def memory_fraction(self, device: int) -> float | None:
        return self.fraction


def agent(ledger: Ledger, oom: Any = None, **overrides: Any) -> Agent:
    """test_step_peak's agent, as this process's (gpumemd.set_step reaches it)."""
    a = Agent(listen_address=None, identity=Identity(pid=os.getpid(), rank=0, local_rank=0, world_size=1),
              apis={"torch": ledger, "oom": oom or FakeTorch(), "rss": lambda: 1, "peak_rss": lambda: 1},
              spool_dir="", nvml=False, interval=3600, evaluation_interval=3600, nvml_interval=3600,
              tick="step", **overrides)
    process.set_current(a)
    a.start()
    a.steps.peak_budget = float("inf")  # a step boundary after every step, however short
    return a


def rising(rng: random.Random, shapes: list[int], n: int) -> list[int]:
    """Long-tailed lengths whose longest come later (a ceiling that rises over the run): the
    steps that set a new high are the ones whose peak the allocator's counters give exactly."""
    return [rng.choice(shapes[: 1 + 2 * i * len(shapes) // n]) for i in range(n)]  # all shapes from mid-run


def train(a: Any, ledger: Ledger, lengths: list[int], *, set_step: Any = None) -> None:
    w = torch.nn.Parameter(torch.zeros(2))
    opt = torch.optim.SGD([w], lr=0.1)
    for i, t in enumerate(lengths):
        (set_step or a.set_training_step)(i, tokens=t)
        ledger.alloc(peak_of(t))
        ledger.free(peak_of(t))
        w.grad = torch.ones(2)
        opt.step()


def series(a: Any) -> dict[str, float]:
    snap = a.sample_once()
    return {s.name: s.value for f in snap.exposition.families for s in f.samples
            if s.name.startswith(("gpumemd_forecast", "gpumemd_headroom", "gpumemd_training_tokens"))}


def errors(a: Any) -> dict[str, float]:
    snap = a.sample_once()
    return {s.labels["where"]: s.value for f in snap.exposition.families for s in f.samples
            if s.name == "gpumemd_agent_errors_total"}


def test_the_peak_at_the_longest_batch_is_predicted_from_shorter_ones():
    ledger = Ledger()
    a = agent(ledger)
    try:
        rng = random.Random(1)
        train(a, ledger, rising(rng, [256, 384, 512, 768, 1024, 1536], 60))
        got = series(a)
        assert got["gpumemd_forecast_tokens"] == 1536
        assert got["gpumemd_forecast_peak_bytes"] == pytest.approx(BASE + peak_of(1536), rel=1e-6)
        a.forecast.max_tokens = 4096  # agent.max_tokens: a shape not seen yet
        got = series(a)
        assert got["gpumemd_forecast_tokens"] == 4096
        assert got["gpumemd_forecast_peak_bytes"] == pytest.approx(BASE + peak_of(4096), rel=1e-3)
        total = ledger.total_memory(0)
        assert got["gpumemd_headroom_limit_bytes"] == total  # no NVML, no fraction: the device
        # headroom at the last step's peak (a 1536-or-shorter batch)
        assert total - BASE - peak_of(1536) <= got["gpumemd_headroom_bytes"] <= total - BASE
        assert got["gpumemd_training_tokens"] > 0
    finally:
        a.stop()


def test_a_step_below_the_lifetime_peak_is_not_fitted():
    # a long batch first: every later, shorter step reads the lifetime peak as its bound
    ledger = Ledger()
    a = agent(ledger)
    try:
        train(a, ledger, [2048] * 3 + [256, 512, 768, 1024] * 5)
        assert "gpumemd_forecast_peak_bytes" not in series(a)  # one exact shape: no fit, no wrong one
        assert len(a.forecast._history.get(0, ())) <= 1
    finally:
        a.stop()


def test_no_tokens_no_forecast_series_and_no_zero():
    ledger = Ledger()
    a = agent(ledger)
    try:
        w = torch.nn.Parameter(torch.zeros(2))
        opt = torch.optim.SGD([w], lr=0.1)
        for i in range(20):
            gpumemd.set_step(i)  # the old signature: still a step, no shape
            w.grad = torch.ones(2)
            opt.step()
        got = series(a)
        assert "gpumemd_headroom_bytes" in got
        assert not any(k.startswith("gpumemd_forecast") for k in got)  # undefined: absent, not 0
        assert "gpumemd_training_tokens" not in got
    finally:
        a.stop()


@pytest.mark.parametrize("bad", [0, -1, 1.5, float("nan"), "512", True, 1 << 70, [512],
                                 torch.tensor([1, 2]), torch.tensor(2.5)])
def test_a_bad_token_count_is_counted_and_ignored_never_raised(bad):
    ledger = Ledger()
    a = agent(ledger)
    try:
        gpumemd.set_step(3, tokens=bad)
        assert a.training.step == 3  # the step still counts
        assert a.forecast.tokens is None
        assert errors(a).get("tokens") == 1
        gpumemd.set_step(4, tokens=torch.tensor(640))  # a 0-d integer tensor is a count
        assert a.forecast.tokens == 640
    finally:
        a.stop()


class Lying:
    def __index__(self) -> int:
        raise RuntimeError("no")


def test_an_object_that_raises_is_counted():
    ledger = Ledger()
    a = agent(ledger)
    try:
        gpumemd.set_step(1, tokens=Lying())
        gpumemd.set_step(-1, tokens=7)
        assert errors(a) == {"tokens": 1, "step": 1}
        assert a.forecast.tokens == 7
    finally:
        a.stop()


def _engine(rule: str) -> Any:
    (spec,) = [r for r in default_rule_mappings() if r["alert"] == rule]
    return make_engine([spec], interval=1)


def test_the_forecast_rule_fires_after_its_for_before_the_long_batch_and_is_silent_when_steady():
    # the limit: a fraction that holds 1024-token batches with room, not 3072-token ones
    ledger = Fraction(None)
    ledger.fraction = (BASE + peak_of(2048)) / ledger.total_memory(0)
    a = agent(ledger)
    try:
        a.forecast.max_tokens = 3072
        engine = _engine("PytorchOOMForecast")
        steady = _engine("PytorchOOMForecast")
        rng = random.Random(2)
        train(a, ledger, rising(rng, [256, 512, 768, 1024], 30))
        fams = a.sample_once().exposition.families
        assert series(a)["gpumemd_forecast_headroom_bytes"] < 0
        step(engine, fams, 0)
        assert states(engine) == {"PytorchOOMForecast": PENDING}
        step(engine, fams, 59)
        assert states(engine) == {"PytorchOOMForecast": PENDING}  # for: 1m
        step(engine, fams, 61)
        assert states(engine) == {"PytorchOOMForecast": FIRING}
        (alert,) = engine.rules[0].active.values()
        assert alert.annotations["summary"].startswith("Rank 0 on GPU 0 is predicted to run out of memory")
        assert "-" in alert.annotations["summary"]  # a negative headroom reads negative
    finally:
        a.stop()
    # the same run with a limit that holds the longest batch: never pending
    ledger = Fraction((BASE + peak_of(4096)) / ledger.total_memory(0))
    a = agent(ledger)
    try:
        a.forecast.max_tokens = 3072
        train(a, ledger, rising(rng, [256, 512, 768, 1024], 30))
        fams = a.sample_once().exposition.families
        assert series(a)["gpumemd_forecast_headroom_bytes"] > 0
        for ts in (0, 61, 200):
            step(steady, fams, ts)
        assert states(steady) == {}
    finally:
        a.stop()


def test_the_headroom_rule_fires_after_5m_under_3_percent():
    ledger = Fraction(None)
    ledger.fraction = (BASE + peak_of(1024)) * 1.02 / ledger.total_memory(0)  # 2 % left at the step peak
    a = agent(ledger)
    try:
        train(a, ledger, [1024] * 10)
        engine = _engine("PytorchHeadroomLow")
        fams = a.sample_once().exposition.families
        got = series(a)
        assert 0 < got["gpumemd_headroom_bytes"] / got["gpumemd_headroom_limit_bytes"] < 0.03
        for ts in (0, 299):
            step(engine, fams, ts)
        assert states(engine) == {"PytorchHeadroomLow": PENDING}
        step(engine, fams, 301)
        assert states(engine) == {"PytorchHeadroomLow": FIRING}
    finally:
        a.stop()


def test_a_leak_gets_a_time_to_oom_and_a_steady_run_none():
    ledger = Ledger()
    a = agent(ledger)
    try:
        train(a, ledger, [512] * 20)
        assert "gpumemd_forecast_steps_to_oom" not in series(a)
        w = torch.nn.Parameter(torch.zeros(2))
        opt = torch.optim.SGD([w], lr=0.1)
        for _ in range(70):  # the whole window leaks (a leak that starts within it is seen later)
            ledger.alloc(64 * MiB)  # kept: a leak of 64 MiB a step
            w.grad = torch.ones(2)
            opt.step()
        got = series(a)
        left = got["gpumemd_forecast_steps_to_oom"]
        expected = (got["gpumemd_headroom_limit_bytes"] - ledger.current) / (64 * MiB)
        assert left == pytest.approx(expected, rel=0.05)
        assert got["gpumemd_forecast_seconds_to_oom"] > 0
    finally:
        a.stop()


def test_the_packaged_leak_rule_fires_on_the_verdict_and_never_on_a_steady_run():
    """Real optimizer steps through the agent's hook: a steady run exports no verdict and the
    packaged PytorchMemoryLeak stays quiet; a leak of 3 MiB a step exports 3 MiB exactly, since
    the step it began, and the rule fires once it has held for its `for` (2m)."""
    from gpumemd.diagnosis.leakverdict import MIN_ENDS

    ledger = Ledger()
    a = agent(ledger)
    try:
        train(a, ledger, [512, 1024, 256] * 10)  # shapes move the peak, never the step end
        engine = _engine("PytorchMemoryLeak")
        got = series(a)
        assert "gpumemd_forecast_leak_bytes_per_step" not in got
        for ts in (0, 121, 300):
            step(engine, a.sample_once().exposition.families, ts)
        assert states(engine) == {}
        w = torch.nn.Parameter(torch.zeros(2))
        opt = torch.optim.SGD([w], lr=0.1)
        began = a.steps.training.optimizer_steps  # the last steady end: the run starts there
        for i in range(MIN_ENDS - 1):
            ledger.alloc(3 * MiB)  # kept: a leak of 3 MiB a step
            w.grad = torch.ones(2)
            opt.step()
            if i < MIN_ENDS - 2:
                assert "gpumemd_forecast_leak_bytes_per_step" not in series(a)  # too few ends yet
        got = series(a)
        assert got["gpumemd_forecast_leak_bytes_per_step"] == 3 * MiB
        assert got["gpumemd_forecast_leak_since_step"] == began
        fams = a.sample_once().exposition.families
        step(engine, fams, 400)
        assert states(engine) == {"PytorchMemoryLeak": PENDING}
        step(engine, fams, 521)
        assert states(engine) == {"PytorchMemoryLeak": FIRING}
    finally:
        a.stop()


@pytest.fixture(autouse=True)
def _no_agent_left():
    yield
    running = process.current()
    if running is not None:
        running.stop()


def test_the_series_go_through_the_spool_with_their_sign():
    # a limit the 1024-token batch exceeds: headroom and forecast headroom are negative
    from gpumemd.spool.encoder import encode
    from gpumemd.spool.format import agent_schema, parse

    ledger = Fraction((BASE + peak_of(512)) / Ledger().total_memory(0))
    a = agent(ledger)
    try:
        a.forecast.max_tokens = 4096
        train(a, ledger, rising(random.Random(3), [256, 384, 512, 768, 1024], 50) + [1024])
        fams = a.sample_once().exposition.families
        data = encode(fams, pid=os.getpid(), written=1.0, interval=1.0, identity={"rank": "0"})
        got = parse(data, name_pid=os.getpid(), schema=agent_schema())
        values = {name: samples[0].value for name, _, _, samples, _ in got.families if samples}
        for name in ("gpumemd_headroom_bytes", "gpumemd_forecast_headroom_bytes"):
            assert values[name] < 0, values  # through the spool, still negative
        assert {"gpumemd_headroom_limit_bytes", "gpumemd_forecast_peak_bytes", "gpumemd_forecast_tokens",
                "gpumemd_training_tokens"} <= set(values)
    finally:
        a.stop()


class Resettable(Ledger):
    """The Ledger with torch.cuda.reset_peak_memory_stats: the lifetime peak drops to now."""

    def __init__(self) -> None:
        super().__init__()
        self.resets = 0

    def reset_peak_memory_stats(self, device: int) -> bool:
        self.resets += 1
        self.peak = self.current
        return True


def shuffled(rng: random.Random, n: int) -> list[int]:
    """Long-tailed lengths in a random order (a real data loader's): few steps set a new high."""
    return [min(768, max(64, round(rng.lognormvariate(5.5, 0.6) / 64) * 64)) for _ in range(n)]


def test_opt_in_step_peak_reset_makes_every_step_exact_and_fits_a_random_order():
    # in a random order only the steps that set a new high are exact by default: too few
    # shapes to extrapolate a seq² curve; with agent.step_peak_reset every step is exact
    rng = random.Random(4)
    lengths = shuffled(rng, 80)
    default = Resettable()
    a = agent(default)
    try:
        train(a, default, lengths)
        exact = {p.tokens for p in a.forecast._history.get(0, ())}
        assert default.resets == 0  # never by default: the peak statistics are the user's
    finally:
        a.stop()
    ledger = Resettable()
    a = agent(ledger, step_peak_reset=True, max_tokens=4 * 768)
    try:
        train(a, ledger, lengths)
        points = list(a.forecast._history.get(0, ()))
        assert len(points) == len(lengths) - 2  # every boundary after the warm-up, exact
        assert all(p.peak == BASE + peak_of(p.tokens) for p in points)  # each step's own peak
        assert len({p.tokens for p in points}) > len(exact) + 3
        got = series(a)
        assert got["gpumemd_forecast_peak_bytes"] == pytest.approx(BASE + peak_of(4 * 768), rel=1e-3)
        assert ledger.resets >= len(lengths) - 1
        assert errors(a) == {}
    finally:
        a.stop()


def test_step_peak_reset_without_a_reset_call_is_harmless():
    # a replay (or an accelerator) whose reset_peak_memory_stats cannot: no reset, no error, the
    # default's pairs
    ledger = Ledger()
    a = agent(ledger, step_peak_reset=True)
    try:
        train(a, ledger, [256, 512, 768, 1024] * 3)
        assert "gpumemd_forecast_peak_bytes" in series(a)
        assert errors(a) == {}
    finally:
        a.stop()


def test_a_fixed_length_run_has_its_own_peak_as_the_forecast_and_a_positive_headroom():
    ledger = Resettable()
    a = agent(ledger, step_peak_reset=True)  # by default no step after the first is exact: no forecast
    try:
        train(a, ledger, [512] * 20)
        got = series(a)
        assert got["gpumemd_forecast_tokens"] == 512
        assert got["gpumemd_forecast_peak_bytes"] == BASE + peak_of(512)
        assert got["gpumemd_forecast_headroom_bytes"] == ledger.total_memory(0) - BASE - peak_of(512)
    finally:
        a.stop()


# GPT-2 124M, eager attention, AdamW, micro-batch 4 on an H100: the step peaks measured at
# 1024/1536/2048 tokens a row (bench/results/2026-11-25-h100-forecast), as a + b·L + c·L²
_GPT2 = (13_819_403_264, 24_008_846_336, 36_923_898_880)


def gpt2_peak(length: int) -> int:
    (p1, p2, p3), h = _GPT2, 512
    c = (p3 - 2 * p2 + p1) / (2 * h * h)
    b = (p2 - p1) / h - c * (1536 + 1024)
    return int(p1 + b * (length - 1024) + c * (length * length - 1024 * 1024))


class Gpt2(Resettable):
    """A Resettable whose lifetime peak is the measured GPT-2 curve, under a memory fraction."""

    fraction: float | None = None

    def memory_fraction(self, device: int) -> float | None:
        return self.fraction


class TracingGpt2(Gpt2):
    """A fake of the allocator's trace on the replayed counters (the GPU's is
    tests/gpu/test_shape_probe_gpu.py): while the probe records, each alloc and free is an entry."""

    def __init__(self) -> None:
        super().__init__()
        self.trace: list[dict[str, Any]] | None = None

    def alloc(self, n: int) -> None:
        super().alloc(n)
        if self.trace is not None:
            self.trace.append({"action": "alloc", "size": n})

    def free(self, n: int) -> None:
        super().free(n)
        if self.trace is not None:
            self.trace.append({"action": "free_requested", "size": n})

    def memory_stats(self, device: int) -> dict[str, Any]:
        out = super().memory_stats(device)
        out["requested_bytes"]["all"]["current"] = self.current
        return out


class TracingOom(FakeTorch):
    """FakeTorch whose probe trace is TracingGpt2's."""

    def __init__(self, ledger: TracingGpt2) -> None:
        super().__init__()
        self.ledger = ledger

    def record_trace(self, max_entries: int) -> None:
        super().record_trace(max_entries)
        self.ledger.trace = []

    def end_trace(self) -> bool:
        ours = super().end_trace()
        if ours:
            self.ledger.trace = None
        return ours

    def snapshot(self) -> dict:
        return {"segments": [], "device_traces": [list(self.ledger.trace or [])]}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_gpu_scenarios_random_order_gets_a_forecast_before_the_long_batch_by_default(seed):
    # tests/gpu/forecast_scenario.py's lengths for this seed, replayed on the measured curve:
    # with the shape probe (the default) or agent.step_peak_reset the forecast at 2048 a row is
    # negative well before step 100; from the steps that set a new high alone (no probe, no
    # reset) it is absent or too low to warn
    from tests.gpu.forecast_scenario import BATCH, STEPS, lengths

    drawn = lengths(random.Random(seed), STEPS)
    limit = (gpt2_peak(1024) + gpt2_peak(2048)) // 2
    first_negative = {}
    for mode in ("records", "probe", "reset"):
        ledger = TracingGpt2()
        ledger.fraction = limit / ledger.total_memory(0)
        a = agent(ledger, TracingOom(ledger), step_peak_reset=mode == "reset", shape_probe=mode == "probe",
                  max_tokens=BATCH * 2048)
        try:
            w = torch.nn.Parameter(torch.zeros(2))
            opt = torch.optim.SGD([w], lr=0.1)
            for i, length in enumerate(drawn):
                a.set_training_step(i, tokens=BATCH * length)
                ledger.alloc(gpt2_peak(length) - BASE)
                ledger.free(gpt2_peak(length) - BASE)
                w.grad = torch.ones(2)
                opt.step()
                room = series(a).get("gpumemd_forecast_headroom_bytes")
                if room is not None and room < 0 and mode not in first_negative:
                    first_negative[mode] = i
            got = series(a)
            probes = a.forecast._probes if a.forecast is not None else {}
        finally:
            a.stop()
        if mode != "records":
            assert got["gpumemd_forecast_peak_bytes"] == pytest.approx(gpt2_peak(2048), rel=0.03)
        if mode == "probe":
            assert probes.get("exact", 0) >= 5 and set(probes) == {"exact"}, probes
            assert ledger.resets == 0  # the user's peak statistics untouched
        else:
            assert probes == {}
    assert first_negative["probe"] < STEPS // 2
    assert first_negative["reset"] < STEPS // 2
    assert first_negative.get("records", STEPS) > max(first_negative["probe"], first_negative["reset"])
