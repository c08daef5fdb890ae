"""The one leak verdict (gpumemd/diagnosis/leakverdict.py): hypothesis over step-end series (a
steady series never leaks; a linear growth of g per step is reported as g exactly, since its
first step); every place that prints or alerts on a leak agrees on the same series (the OOM
diagnosis, the forecast, the forecast collector's series, explain's finding); the packaged
rule's threshold is the verdict's in both rule files; the recorded H100 snapshots' step ends."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.alerts.rules import AlertingConfig, default_rule_mappings
from gpumemd.commands.explain import findings
from gpumemd.commands.node import Node
from gpumemd.diagnosis.forecast import WINDOW, leak_trend
from gpumemd.diagnosis.leakverdict import MIN_ENDS, MIN_GROWTH, NOT_LEAKING, LeakVerdict, leak_verdict
from gpumemd.diagnosis.oom import counterfactuals, diagnose
from gpumemd.diagnosis.snapshot import load_snapshot
from gpumemd.sources.forecast import WARMUP
from tests.unit.commands.test_explain_categories import families as explain_families
from tests.unit.diagnosis.oomscenes import scenes
from tests.unit.sources.test_forecast_source import boundary, source
from tests.unit.sources.test_process import cycle

ROOT = Path(__file__).resolve().parents[3]
MiB, GiB = 1 << 20, 1 << 30

_STEP = st.integers(min_value=1, max_value=1000)  # optimizer steps between two ends


def _steps(gaps: list[int], start: int = 0) -> list[int]:
    out, at = [], start
    for gap in gaps:
        at += gap
        out.append(at)
    return out


# --- the rule itself ---

@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=1 << 40), st.lists(_STEP, min_size=0, max_size=80),
       st.data())
def test_a_steady_series_never_leaks(level, gaps, data):
    """A band narrower than MIN_ENDS - 1 growths of MIN_GROWTH a step holds no run, whatever the
    noise and however the ends are spaced."""
    steps = _steps(gaps)
    band = (MIN_ENDS - 1) * MIN_GROWTH - 1
    noise = data.draw(st.lists(st.integers(min_value=0, max_value=band), min_size=len(steps),
                               max_size=len(steps)))
    assert leak_verdict(list(zip(steps, (level + n for n in noise), strict=True))) == NOT_LEAKING


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=1 << 40), st.integers(min_value=MIN_GROWTH, max_value=1 << 32),
       st.lists(_STEP, min_size=0, max_size=40), st.lists(_STEP, min_size=MIN_ENDS - 1, max_size=60))
def test_a_linear_growth_of_g_per_step_is_reported_as_g_exactly(level, g, flat_gaps, leak_gaps):
    """Steady ends, then g bytes a step from the last steady end on: g, exactly, since that end."""
    flat = _steps(flat_gaps)
    start = flat[-1] if flat else 0
    growing = _steps(leak_gaps, start)
    ends = [(s, level) for s in flat[:-1]] + [(start, level)]
    ends += [(s, level + g * (s - start)) for s in growing]
    v = leak_verdict(ends)
    assert v.leaking and v.bytes_per_step == g and v.since_step == start
    assert (v.steps, v.grown) == (growing[-1] - start, g * (growing[-1] - start))


def test_what_breaks_a_run() -> None:
    leak = [(s, GiB + 3 * MiB * s) for s in range(0, 140, 7)]  # boundaries every 7 steps
    assert leak_verdict(leak) == LeakVerdict(True, 3 * MiB, 0, 133, 399 * MiB)
    assert leak_verdict(leak[:MIN_ENDS]).leaking and not leak_verdict(leak[:MIN_ENDS - 1]).leaking
    assert leak_verdict([(1, 10 * GiB)] * 12) == NOT_LEAKING  # flat
    twice = leak[:10] + [(leak[9][0], leak[9][1] + GiB)] + [(s, a + GiB) for s, a in leak[10:]]
    assert leak_verdict(twice).since_step == leak[9][0]  # a step counted twice: the run starts after it
    assert leak_verdict(leak[:-1] + [(140, GiB)]) == NOT_LEAKING  # it stopped: not leaking now
    dip = leak[:4] + [(28, leak[3][1] - 1)] + leak[5:]
    assert leak_verdict(dip).since_step == 28  # an end below the last restarts the run
    under = [(0, GiB), (1, GiB + MIN_GROWTH - 1)] + [(s, GiB + s * MiB) for s in range(2, 2 + MIN_ENDS)]
    assert leak_verdict(under).since_step == 1  # a growth under MIN_GROWTH a step is no part of it
    assert leak_verdict([]) == NOT_LEAKING
    bad = [(0, GiB), (1, "2"), *((s, s * GiB) for s in range(2, 2 + MIN_ENDS))]
    assert leak_verdict(bad).since_step == 2  # type: ignore[arg-type]  # a malformed end breaks the run
    assert leak_verdict([(0, -1), *((s, s * GiB) for s in range(1, 1 + MIN_ENDS))]).since_step == 1


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=MIN_GROWTH, max_value=1 << 32), st.integers(min_value=5, max_value=1000),
       st.lists(_STEP, min_size=MIN_ENDS - 1, max_size=40))
def test_state_kept_once_as_the_leak_starts_is_not_counted_as_leaked(g, jump, gaps):
    """Issue 35.4: the OOM corpus's leak rows keep a block once, then leak g a step; the run of
    growths opens with that jump. The growth per step stays g exactly, since the jump's end."""
    steps = _steps(gaps, 1)
    ends = [(0, GiB), (1, GiB + jump * g)] + [(s, GiB + jump * g + g * (s - 1)) for s in steps]
    v = leak_verdict(ends)
    assert v.leaking and v.bytes_per_step == g and v.since_step == 1
    assert v.grown == g * (steps[-1] - 1)


# --- every place agrees on the same series ---

_ENDS = st.lists(st.tuples(_STEP, st.integers(min_value=-4 * MiB, max_value=64 * MiB)), min_size=1,
                 max_size=WINDOW)


def _series(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Step gaps and changes of the allocated bytes, as ends from 8 GiB."""
    out, step, level = [], 0, 8 * GiB
    for gap, change in pairs:
        step, level = step + gap, level + change
        out.append((step, level))
    return out


def _forecast_series(ends: list[tuple[int, int]]) -> dict[str, float]:
    """The forecast collector fed `ends` at its boundaries: its leak series, by name."""
    f, steps = source()
    for i in range(WARMUP):  # left out by the collector
        boundary(f, steps, None, GiB, exact=False, n=i)
    for n, end in ends:
        boundary(f, steps, None, end + GiB, exact=False, end=end, n=n)
    c, _ = cycle()
    out = {}
    for family in f.families(f.read(c)):
        for s in family.samples:
            out[s.name] = s.value
    return out


@settings(max_examples=150, deadline=None)
@given(_ENDS)
def test_the_places_that_print_or_alert_on_a_leak_agree(pairs):
    ends = _series(pairs)
    v = leak_verdict(ends)
    # the forecast
    trend = leak_trend([s for s, _ in ends], [a for _, a in ends], 1 << 50)
    assert trend is not None
    assert (trend.leaking, trend.slope, trend.since_step) == (v.leaking, v.bytes_per_step, v.since_step)
    assert (trend.steps_to_oom is not None) == v.leaking
    # the OOM diagnosis: the leak's counterfactual frees what the verdict says grew
    acc = dataclasses.replace(scenes()["leak"], step_ends=tuple(ends))
    (leak,) = [c for c in counterfactuals(acc) if c.cause == "leak"]
    assert leak.frees == v.grown and (leak.fits is True) <= v.leaking
    d = diagnose(acc)
    if d.cause == "leak":
        assert d.numbers["bytes_per_step"] == v.bytes_per_step and f"since step {v.since_step}" in d.summary
    # the forecast collector's series (what the packaged rule alerts on and explain reads)
    got = _forecast_series(ends)
    assert got.get("gpumemd_forecast_leak_bytes_per_step") == (v.bytes_per_step if v.leaking else None)
    assert got.get("gpumemd_forecast_leak_since_step") == (v.since_step if v.leaking else None)
    assert (got.get("gpumemd_forecast_leak_bytes_per_step", 0) >= _rule_threshold()) == v.leaking
    # explain's finding from those series
    node = Node.from_families(explain_families([]) + _as_families(got), "test")
    said = [f for f in findings(node) if f.kind == "leaking"]
    assert bool(said) == v.leaking
    if v.leaking:
        assert f"since step {v.since_step}" in said[0].message


def _as_families(series: dict[str, float]) -> list:
    from tests.unit.commands.test_explain_categories import RANK, fam

    return [fam(name, [(RANK, value)]) for name, value in series.items() if "leak" in name]


# --- the rule files: one threshold ---

def _rule_threshold() -> float:
    (rule,) = [r for r in default_rule_mappings() if r["alert"] == "PytorchMemoryLeak"]
    assert rule["metric"] == "gpumemd_forecast_leak_bytes_per_step" and rule["op"] == ">="
    return float(rule["threshold"])


def test_the_packaged_rule_and_its_prometheus_twin_hold_the_verdicts_threshold() -> None:
    assert _rule_threshold() == MIN_GROWTH
    (spec,) = [r for r in AlertingConfig().loaded().rules if r.alert == "PytorchMemoryLeak"]
    assert spec.kind == "threshold" and spec.threshold == MIN_GROWTH
    for path, groups in (("deploy/prometheus/gpumemd-rules.yml", "groups"),
                         ("deploy/k8s/base/prometheusrule.yaml", None)):
        doc = yaml.safe_load((ROOT / path).read_text())
        rules = [r for g in (doc["groups"] if groups else doc["spec"]["groups"]) for r in g["rules"]]
        (leak,) = [r for r in rules if r.get("alert") == "PytorchMemoryLeak"]
        assert " ".join(leak["expr"].split()) == f"gpumemd_forecast_leak_bytes_per_step >= {MIN_GROWTH}", path


# --- recorded: the H100 leak snapshots' step ends ---

def _allocated(path: Path) -> int:
    snap = load_snapshot(path)
    blocks = (b for seg in snap.segments() for b in snap.blocks(seg))
    return sum(b.size or 0 for b in blocks if b.state == "active_allocated")


@pytest.mark.parametrize("kind", ["leaking"])
def test_the_recorded_leak_grows_its_recorded_bytes_per_step(kind: str) -> None:
    """tests/fixtures/torch/README-leak.md: three snapshots at step ends 3 steps apart, 4 MiB
    kept a step. Three ends are one fewer than the verdict wants: not yet a leak; asked over
    three, the growth is the truth file's, to the byte."""
    import json

    fixtures = ROOT / "tests" / "fixtures" / "torch"
    truth = json.loads((fixtures / "h100__torch-2.11.0__leak-truth.json").read_text())[kind]
    every = truth["steps_between"]
    ends = [(i * every, _allocated(fixtures / f"h100__torch-2.11.0__leak-{kind}-{i + 1}.pickle"))
            for i in range(3)]
    assert leak_verdict(ends) == NOT_LEAKING
    v = leak_verdict(ends, min_ends=3)
    assert v.leaking and v.bytes_per_step == truth["leak_bytes_per_step"] and v.since_step == 0
