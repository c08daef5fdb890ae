"""The optimizer-step hook (gpumemd/agent/stephook.py) against its declared interface
(`StepTarget`, `StepAllocator`, `StepListener`), without torch: a fake target whose sampler
records the allocator's boundary at each tick, and the boundaries' budget with an injected
clock. The agent's own use of it is tested through the agent (test_step_peak.py,
test_cadence.py, test_busy_sampler.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.agent.stephook import STEP_PEAK_BANK, STEP_PEAK_BUDGET, StepHook
from gpumemd.sources.agent_self import Errors
from gpumemd.sources.training import TrainingStep


class FakeAllocator:
    """A fake StepAllocator: records the steps each lock-free close was asked to close."""

    def __init__(self) -> None:
        self.boundary: tuple[int, int] | None = None
        self.closed: list[int] = []
        self.contended = False  # another thread is closing

    def close_steps(self, steps: int) -> bool:
        if self.contended:
            return False
        self.closed.append(steps)
        return True


class FakeTarget:
    """A fake StepTarget: a sampler that ticks (or is busy, or fails) and an allocator."""

    def __init__(self) -> None:
        self.hookable = True
        self.stepping = True
        self.allocator = FakeAllocator()
        self.seen: list[Any] = []  # the allocator's boundary at each tick
        self.answer: bool | Exception = True  # tick_now's: ticked, busy (False), or it raises
        self.closes = True  # a tick closes the boundary's steps (clears it), as AllocatorSource.tick

    def step_sampler(self) -> Any:
        return self

    def step_allocator(self) -> Any:
        return self.allocator

    def tick_now(self) -> bool:
        self.seen.append(self.allocator.boundary)
        if isinstance(self.answer, Exception):
            raise self.answer
        if self.answer and self.closes:
            self.allocator.boundary = None
        return self.answer


class Listener:
    def __init__(self) -> None:
        self.steps = 0

    def on_step(self) -> None:
        self.steps += 1


def hook(**kw: Any) -> tuple[StepHook, FakeTarget, Errors]:
    target, errors = FakeTarget(), Errors()
    return StepHook(target, TrainingStep({}), errors, tick_interval=3600.0, **kw), target, errors


def test_each_step_is_counted_told_and_closes_a_step_when_the_budget_allows() -> None:
    h, target, errors = hook(peak_budget=float("inf"))  # a boundary after every step
    listener = Listener()
    h.listeners.append(listener)
    for _ in range(3):
        h.step()
    assert h.training.optimizer_steps == 3 and listener.steps == 3
    assert [b[1] for b in target.seen] == [1, 1, 1]  # each boundary closes the one step open
    assert target.allocator.boundary is None and h.open_steps == 0 and errors.counts == {}


def test_with_no_budget_the_steps_between_ticks_close_together() -> None:
    h, target, _ = hook(peak_budget=0.0)
    for _ in range(4):
        h.step()
    assert [b[1] for b in target.seen] == [1]  # the first step's tick only: the interval is an hour
    h.next_tick = 0.0  # the tick is due
    h.step()
    assert [b[1] for b in target.seen] == [1, 4]  # the next boundary closes the 4 steps since


def test_a_busy_sampler_never_leaves_a_step_open_the_hook_closes_it_itself() -> None:
    h, target, _ = hook(peak_budget=float("inf"))
    closed: list[int | None] = []
    h.boundary_listeners.append(type("L", (), {"on_boundary": lambda self, steps: closed.append(steps)})())
    target.answer = False  # the sampling thread holds the sampler
    h.step()
    h.step()
    target.answer = True
    h.step()
    assert [b[1] for b in target.seen] == [1, 1, 1]  # each tried the tick with its one step
    assert target.allocator.closed == [1, 1]  # the busy ones closed by the hook's own read
    assert closed == [1, 2, 3] and h.open_steps == 0 and target.allocator.boundary is None


def test_a_step_stays_open_where_no_close_happened_and_the_next_boundary_says_so() -> None:
    h, target, errors = hook(peak_budget=float("inf"))
    target.closes = False  # the tick ran but did not close (its read failed: the sampler counts it)
    h.step()
    target.answer, target.allocator.contended = False, True  # busy, and another thread closing
    h.step()
    target.answer, target.closes, target.allocator.contended = True, True, False
    h.step()
    assert [b[1] for b in target.seen] == [1, 2, 3] and h.open_steps == 0 and errors.counts == {}


def test_a_failing_tick_is_counted_never_raised_and_the_boundary_is_cleared() -> None:
    h, target, errors = hook(peak_budget=float("inf"))
    target.answer = RuntimeError("the sampler broke")
    h.step()
    assert errors.counts == {"step-tick": 1} and target.allocator.boundary is None
    assert h.training.optimizer_steps == 1  # the step still counted


def test_a_target_not_stepping_counts_steps_but_reads_nothing() -> None:
    h, target, _ = hook(peak_budget=float("inf"))
    target.stepping = False  # stopped, or a forked child
    h.step()
    assert h.training.optimizer_steps == 1 and target.seen == []


def test_install_waits_for_torch_and_never_hooks_a_forked_child() -> None:
    h, target, _ = hook()
    target.hookable = False
    h.install()
    assert h.handle is None
    h.remove()  # nothing installed: a no-op


# --- the boundaries' budget (PassBudget, as the category passes'), with an injected clock ---


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class CostlyTarget(FakeTarget):
    """Each tick (a boundary's read) takes the next of `costs` seconds on the clock."""

    def __init__(self, clock: Clock, costs: list[float]) -> None:
        super().__init__()
        self.clock, self.costs = clock, costs
        self.reads: list[tuple[float, float]] = []  # (start, cost) of each boundary read

    def tick_now(self) -> bool:
        cost = self.costs[len(self.reads) % len(self.costs)]
        self.reads.append((self.clock.now, cost))
        self.clock.now += cost
        return super().tick_now()


def run(gaps: list[float], costs: list[float]) -> tuple[StepHook, CostlyTarget]:
    clock = Clock()
    target = CostlyTarget(clock, costs)
    h = StepHook(target, TrainingStep({}), Errors(), tick_interval=float("inf"), clock=clock)
    for gap in gaps:
        clock.now += gap  # the step's own time
        h.step()
    return h, target


@settings(max_examples=300, deadline=None)
@given(gaps=st.lists(st.floats(min_value=0.0, max_value=0.2), min_size=1, max_size=400),
       costs=st.lists(st.floats(min_value=1e-6, max_value=5e-3), min_size=1, max_size=20))
def test_the_boundaries_reads_stay_within_their_share_plus_the_bank_and_no_step_is_lost(
        gaps: list[float], costs: list[float]) -> None:
    h, target = run(gaps, costs)
    start = gaps[0]  # the first step: where the budget's time begins
    spent, expected, over = 0.0, 0.0, 0.0
    for at, cost in target.reads:
        # a read runs only when the reads' time, its own expected cost included, fits the share and the
        # bank (the first: expected at nothing, the bank full)
        assert spent + expected <= STEP_PEAK_BUDGET * (at - start) + STEP_PEAK_BANK + 1e-12
        spent += cost
        over = max(over, cost - expected)
        expected = cost
    assert spent <= STEP_PEAK_BUDGET * (target.clock.now - start) + STEP_PEAK_BANK + over + 1e-12
    # every step is in exactly one boundary's count, or still open: spaced out, said, never dropped
    assert sum(b[1] for b in target.seen) + h.open_steps == len(gaps) == h.training.optimizer_steps


def test_a_slow_read_is_paid_from_the_bank_and_merges_no_step() -> None:
    # 0.1 s steps, reads of 60 us and one of 0.5 ms (a collection inside it): a boundary after each
    costs = [60e-6] * 5 + [0.5e-3] + [60e-6] * 30
    h, target = run([0.1] * 36, costs)
    assert [b[1] for b in target.seen] == [1] * 36 and h.open_steps == 0


def test_steps_shorter_than_a_reads_share_close_together_and_say_how_many() -> None:
    # 5 ms steps, 60 us reads: 1.2 % a step if each had one; once the bank is spent, one boundary
    # every few steps, the peak covering them (`step_peak_steps`)
    h, target = run([0.005] * 2000, [60e-6])
    counts = [b[1] for b in target.seen]
    assert sum(counts) + h.open_steps == 2000
    assert counts[:10] == [1] * 10  # the bank's first reads
    assert set(counts[-50:]) <= {4, 5} and max(counts) <= 5  # 60 us / 0.3 % = 20 ms of steps
    spent = sum(cost for _, cost in target.reads)
    assert spent <= STEP_PEAK_BUDGET * (target.clock.now - 0.005) + STEP_PEAK_BANK + 1e-12


def test_a_boundary_is_charged_its_read_and_listeners_but_not_a_pass_under_its_own_budget() -> None:
    clock = Clock()
    target = CostlyTarget(clock, [50e-6])
    h = StepHook(target, TrainingStep({}), Errors(), tick_interval=float("inf"), clock=clock)

    class Forecast:  # a listener without a budget of its own: 20 us a boundary
        def on_boundary(self, steps: int | None) -> None:
            clock.now += 20e-6

    class Categories:  # a listener whose pass its own budget spaces: 500 us, said by its answer
        def on_boundary(self, steps: int | None) -> float:
            clock.now += 500e-6
            return 500e-6

    h.boundary_listeners = [Forecast(), Categories()]
    clock.now = 1.0
    h.step()
    assert h.spacing.estimate == pytest.approx(70e-6)  # the read and the forecast's pairing
    assert h.spacing.credit == pytest.approx(STEP_PEAK_BANK - 70e-6)
