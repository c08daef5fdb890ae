"""The shape probe's state machine (gpumemd/agent/shapeprobe.py) against named fakes of torch's
allocation history and counters (no GPU here: the real trace is tests/gpu/test_shape_probe_gpu.py).
It arms only for a shape the forecast wants, with CUDA up and nobody else's history on; it keeps a
probe only when the walk ends on the counters' requested bytes; someone who takes history over is
never switched off; its time stays within the budget; it never raises into the training loop."""

from __future__ import annotations

from typing import Any

import pytest

from gpumemd.agent.shapeprobe import MAX_ENTRIES, STALE_S, ShapeProbe
from gpumemd.sources.agent_self import Errors


class FakeAllocator:
    """A fake of the caching allocator's counters and its trace (a CPU stand-in for the GPU's)."""

    def __init__(self) -> None:
        self.requested = self.allocated = 1000
        self.trace: list[dict[str, Any]] | None = None  # recording when a list
        self.foreign = False  # someone else records history
        self.initialized = True
        self.fail: str | None = None  # a method that raises
        self.took_over = False
        self.stopped = 0

    def _maybe_fail(self, name: str) -> None:
        if self.fail == name:
            raise RuntimeError(name)

    # the counters (TorchCudaApi.memory_stats)
    def memory_stats(self, device: int) -> dict[str, Any]:
        self._maybe_fail("memory_stats")
        return {"requested_bytes": {"all": {"current": self.requested}},
                "allocated_bytes": {"all": {"current": self.allocated}}}

    def alloc(self, n: int) -> None:
        self.requested += n
        self.allocated += n
        if self.trace is not None:
            self.trace.append({"action": "alloc", "size": n})

    def free(self, n: int) -> None:
        self.requested -= n
        self.allocated -= n
        if self.trace is not None:
            self.trace.append({"action": "free_requested", "size": n})

    # history (TorchOomApi)
    def is_initialized(self) -> bool:
        return self.initialized

    def history_enabled(self) -> bool:
        return self.foreign

    def record_trace(self, max_entries: int) -> None:
        self._maybe_fail("record_trace")
        assert max_entries == MAX_ENTRIES
        self.trace = []

    def end_trace(self) -> bool:
        if self.took_over:
            return False
        self.stopped += 1
        self.trace = None
        return True

    def snapshot(self) -> dict[str, Any]:
        self._maybe_fail("snapshot")
        return {"segments": [], "device_traces": [list(self.trace or [])]}


class Sink:
    def __init__(self) -> None:
        self.wanted: set[int] = {100, 200, 300}
        self.points: list[tuple[int, int, int]] = []
        self.outcomes: dict[str, int] = {}

    def probe_wanted(self, tokens: int) -> bool:
        return tokens in self.wanted

    def add_probe(self, device: int, tokens: int, peak: int) -> None:
        self.points.append((device, tokens, peak))

    def note_probe(self, outcome: str) -> None:
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def probe(fake: FakeAllocator, sink: Sink, *, live: bool = True, cost: float = 0.001, **kw: Any) -> Any:
    clock = Clock()
    timer = iter(i * cost for i in range(10**6))  # each timer read is `cost` later: a probe costs ~2 cost
    p = ShapeProbe(fake, fake, sink, lambda: [0], Errors(), live=lambda: live, clock=clock,
                   timer=lambda: next(timer), **kw)
    return p, clock


def one_step(p: Any, fake: FakeAllocator, tokens: int, rise: int = 5120) -> None:
    p.before_step(tokens)
    fake.alloc(rise)
    fake.alloc(300)
    fake.free(rise)
    fake.free(300)
    p.on_step()


def test_a_wanted_shape_is_probed_exactly() -> None:
    fake, sink = FakeAllocator(), Sink()
    p, _ = probe(fake, sink)
    one_step(p, fake, 100)
    assert sink.points == [(0, 100, 1000 + 5120 + 512)]  # the rounded lower bound: 300 -> a 512-byte block
    assert p.last.requested_peak == 1000 + 5120 + 300
    assert sink.outcomes == {"exact": 1}
    assert fake.stopped == 1 and fake.trace is None  # history off again


def test_a_shape_not_wanted_is_not_probed() -> None:
    fake, sink = FakeAllocator(), Sink()
    p, _ = probe(fake, sink)
    one_step(p, fake, 999)
    assert sink.points == [] and fake.stopped == 0 and not p.armed


@pytest.mark.parametrize("why", ["no_cuda", "foreign", "not_live"])
def test_no_probe_without_cuda_under_someone_elses_history_or_when_not_live(why: str) -> None:
    fake, sink = FakeAllocator(), Sink()
    fake.initialized = why != "no_cuda"
    fake.foreign = why == "foreign"
    p, _ = probe(fake, sink, live=why != "not_live")
    one_step(p, fake, 100)
    assert sink.points == [] and fake.stopped == 0 and fake.trace is None


def test_a_walk_that_misses_events_is_discarded() -> None:
    fake, sink = FakeAllocator(), Sink()
    p, _ = probe(fake, sink)
    p.before_step(100)
    fake.alloc(5000)
    fake.requested += 7  # an allocation the trace did not see (another thread between reads)
    fake.free(5000)
    p.on_step()
    assert sink.points == [] and sink.outcomes == {"inexact": 1}


def test_history_taken_over_is_left_on_and_the_probe_discarded() -> None:
    fake, sink = FakeAllocator(), Sink()
    p, _ = probe(fake, sink)
    p.before_step(100)
    fake.took_over = True  # the leak finder started its own recording meanwhile
    fake.alloc(10)
    p.on_step()
    assert sink.points == [] and sink.outcomes == {"taken_over": 1} and fake.stopped == 0


def test_micro_batches_before_one_optimizer_step_pair_the_largest() -> None:
    fake, sink = FakeAllocator(), Sink()
    p, _ = probe(fake, sink)
    p.before_step(100)
    p.before_step(300)
    p.before_step(200)
    fake.alloc(1024)
    fake.free(1024)
    p.on_step()
    assert [t for _, t, _ in sink.points] == [300]


def test_a_probe_with_no_optimizer_step_goes_stale() -> None:
    fake, sink = FakeAllocator(), Sink()
    p, clock = probe(fake, sink)
    p.before_step(100)
    clock.now += STALE_S + 1
    p.before_step(200)  # an evaluation loop that calls set_step and never steps the optimizer
    assert not p.armed and fake.trace is None and sink.outcomes == {"stale": 1}


def test_stop_ends_a_running_probe() -> None:
    fake, sink = FakeAllocator(), Sink()
    p, _ = probe(fake, sink)
    p.before_step(100)
    p.stop()
    assert not p.armed and fake.trace is None and sink.outcomes == {"stopped": 1}


def test_the_budget_bounds_the_probes_time() -> None:
    fake, sink = FakeAllocator(), Sink()
    sink.wanted = set(range(1, 10**6))
    # each probe costs ~4 ms of timer; the burst is 10 ms; then 1 % of the clock's time
    p, clock = probe(fake, sink, cost=0.002, burst=0.01, share=0.01)
    for tokens in range(1, 20):
        one_step(p, fake, tokens)
    burst = len(sink.points)
    assert 2 <= burst <= 4  # the burst, and one over it
    clock.now += 1.0  # 10 ms of credit: about two more probes
    for tokens in range(100, 120):
        one_step(p, fake, tokens)
    assert 1 <= len(sink.points) - burst <= 3
    spent = 0.01 + 1.0 * 0.01
    assert p.credit >= -0.005  # never more than one probe over the budget
    assert len(sink.points) * 0.004 <= spent + 0.005


@pytest.mark.parametrize("where", ["memory_stats", "record_trace", "snapshot"])
def test_a_failing_torch_is_counted_never_raised(where: str) -> None:
    fake, sink = FakeAllocator(), Sink()
    errors = Errors()
    p = ShapeProbe(fake, fake, sink, lambda: [0], errors, live=lambda: True)
    fake.fail = where
    one_step(p, fake, 100)
    assert errors.counts == {"probe": 1}
    assert sink.points == [] and not p.armed
    assert fake.trace is None  # a probe that failed after arming turned its trace off
