"""The category passes' budget (gpumemd/agent/categorypass.py `PassBudget`): the passes' time stays
within STEP_BUDGET of the time since `watch()`, the first boundary's pass included, whatever the
step times and the passes' costs; and `CategorySource` spends it so. Clocks are injected."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.agent.categories import STEP_BUDGET, CategorySource
from gpumemd.agent.categorypass import PassBudget

SHARE = STEP_BUDGET


class Run(NamedTuple):
    passes: list[tuple[float, float, float]]  # (start, cost, expected cost) of each pass run
    end: float


def simulate(share: float, first: float, boundaries: list[tuple[float, float]]) -> Run:
    """watch()'s pass of cost `first` at 0, then per boundary (the step time before it, what a
    pass there would cost): the passes the budget lets run."""
    b = PassBudget()
    b.expect(0.0, first)
    now, passes = first, []
    for gap, cost in boundaries:
        now += gap
        if b.due(now, share):
            passes.append((now, cost, b.estimate))
            b.charge(cost)
            now += cost
    return Run(passes, now)


steps = st.floats(min_value=0.0, max_value=2.0, allow_nan=False)
costs = st.floats(min_value=1e-6, max_value=0.05, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(first=costs, boundaries=st.lists(st.tuples(steps, costs), max_size=400))
def test_the_passes_stay_within_the_budget_of_the_time_since_watch(
        first: float, boundaries: list[tuple[float, float]]) -> None:
    run = simulate(SHARE, first, boundaries)
    spent = 0.0
    for start, cost, expected in run.passes:
        # a pass runs only when the passes' time, its own expected cost included, fits
        assert spent + expected <= SHARE * start + 1e-12
        spent += cost
        # so at its end they fit, up to what it took beyond what was expected
        assert spent <= SHARE * (start + cost) + max(0.0, cost - expected) + 1e-12
    assert spent <= SHARE * run.end + max((c - e for _, c, e in run.passes), default=0.0) + 1e-12


@settings(max_examples=200, deadline=None)
@given(cost=costs, gap=st.floats(min_value=1e-4, max_value=0.5), n=st.integers(10, 3000))
def test_steady_passes_spend_the_budget_without_starving(cost: float, gap: float, n: int) -> None:
    # a constant cost: the passes spend the share, less what waiting for the next boundary loses
    run = simulate(SHARE, cost, [(gap, cost)] * n)
    spent = sum(c for _, c, _ in run.passes)
    assert spent <= SHARE * run.end + 1e-12
    per_pass = cost + SHARE * (gap + cost)  # the credit a pass needs, and at most one step's wait
    assert spent >= cost * (SHARE * run.end / per_pass - 2)


def test_the_first_pass_waits_for_the_credit_its_expected_cost_needs() -> None:
    # watch()'s pass took 2 ms: the first boundary's pass is expected as long, so it runs once
    # the time since watch() buys 2 ms at the share, not at the first boundary
    run = simulate(SHARE, 0.002, [(0.1, 0.002)] * 30)
    first_start = run.passes[0][0]
    assert 0.002 / SHARE <= first_start < 0.002 / SHARE + 0.1 + 1e-9
    assert [round(b - a, 6) for (a, *_), (b, *_) in zip(run.passes, run.passes[1:], strict=False)] == \
        [round(0.002 / SHARE + 0.002 + 0.098, 6)] * (len(run.passes) - 1)  # every 20 boundaries


def test_a_pause_buys_one_pass_not_a_burst() -> None:
    wait = 0.001 / SHARE  # the time whose share buys a 1 ms pass
    b = PassBudget()
    b.expect(0.0, 0.001)
    assert not b.due(wait / 2, SHARE) and b.due(wait + 1e-9, SHARE)
    b.charge(0.001)
    assert b.due(3600.0, SHARE)  # an hour's evaluation without boundaries
    b.charge(0.001)
    assert not b.due(3600.01, SHARE) and not b.due(3600 + 0.9 * wait, SHARE)  # spaced again at once
    assert b.due(3600 + wait + 1e-6, SHARE)


def test_a_pass_longer_than_expected_is_repaid_before_the_next() -> None:
    b = PassBudget()
    b.expect(0.0, 0.001)
    start = 0.001 / SHARE + 1e-9
    assert b.due(start, SHARE)
    b.charge(0.005)  # five times the estimate: its 4 ms of debt and the next, expected at 5 ms
    assert not b.due(start + 0.0089 / SHARE, SHARE)
    assert b.due(start + 0.009 / SHARE + 1e-6, SHARE)


def test_a_bank_starts_full_pays_a_slow_pass_and_caps_the_credit() -> None:
    b = PassBudget(bank=0.002)
    assert b.due(0.0, SHARE) and b.due_at(SHARE) == 0.0  # nothing expected yet: due at once
    b.charge(0.0008)  # a slow first pass, paid from the bank: the next, expected as slow, still fits
    assert b.due(0.0, SHARE) and b.credit == pytest.approx(0.0012)
    b.charge(0.0001)
    assert b.due(1e6, SHARE) and b.credit == pytest.approx(0.002)  # a long pause refills the bank only
    assert PassBudget().due_at(0.0) == float("-inf")  # never asked yet
    b.charge(0.002)
    assert not b.due(1e6, SHARE) and b.due_at(SHARE) == pytest.approx(1e6 + 0.002 / SHARE)
    assert b.due(b.due_at(SHARE) + 1e-6, SHARE)


def test_an_infinite_share_runs_every_pass_and_zero_none() -> None:
    b = PassBudget()
    b.expect(0.0, 1.0)
    assert all(b.due(t, float("inf")) for t in (0.0, 0.0, 1e-9))
    b.charge(1.0)
    assert not any(PassBudget().due(t, 0.0) for t in (0.0, 1e9))


class _Step(NamedTuple):
    allocated_end_bytes: int
    allocated_bytes: int


class _Clock:
    """Each read moves the time on by `tick`, so a pass's two reads make it take one tick;
    `jump` is a step's time between boundaries."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def test_the_source_runs_its_boundary_passes_within_the_budget_the_first_one_too() -> None:
    torch = pytest.importorskip("torch")
    clock = _Clock(tick=0.001)  # every pass "takes" 1 ms
    source = CategorySource({}, device_type=lambda: "cpu", clock=clock)
    source.follow(lambda device: _Step(1 << 20, 2 << 20))
    model = torch.nn.Linear(4, 4)
    assert source.watch(model)
    watched_at = clock.now
    assert source.watch_walk_seconds == pytest.approx(0.001) and source.walk_seconds == 0.0
    walks: list[int] = []
    for step in range(200):
        clock.now += 0.05  # a 50 ms step
        source.on_boundary(step)
        walks.append(source.walks)
        assert source.walk_seconds <= SHARE * (clock.now - watched_at) + 1e-12
    first = walks.index(2)  # watch()'s pass is the first
    assert first >= 0.001 / SHARE / 0.05 - 1  # not at the first boundary: after 1 s of steps
    assert source.walks - 1 >= 8  # 10 s of steps, a 1 ms pass per second of them, less the waits


def _sources_passes(budget: Any) -> int:
    torch = pytest.importorskip("torch")
    clock = _Clock(tick=0.001)
    source = CategorySource({}, device_type=lambda: "cpu", clock=clock, at_boundaries=False)
    source.budget = budget
    model = torch.nn.Linear(4, 4)
    source.watch(model)
    reading: Any = type("R", (), {"device": 0, "uuid": "GPU-x", "allocated_bytes": 1 << 20, "step": None})()
    for _ in range(100):
        clock.now += 0.05
        source.read({"allocator": (reading,)})
    return source.walks - 1


def test_the_sampling_threads_passes_share_the_budget() -> None:
    # tick: thread: the same budget spaces the passes made at a sample's moment
    assert _sources_passes(STEP_BUDGET) in range(4, 6)  # 5 s of samples, 1 ms passes
    assert _sources_passes(float("inf")) == 100
