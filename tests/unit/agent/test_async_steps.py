"""Step ends under `backend:cudaMallocAsync`: the allocator source closes each optimizer step on
the driver pool's figures (an exact end; a peak exact or unknown, sources/allocator.py
DriverPoolStepPeak), and every boundary listener gets them through the path the native
allocator uses: the forecast and its leak verdict (the packaged PytorchMemoryLeak rule), the
categories, the OOM diagnosis. Real CPU-torch optimizer steps drive the agent's hook;
`PoolLedger` is a fake of torch's answers under that backend only (CPU torch cannot run it)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.agent.agent import Agent
from gpumemd.agent.categories import CategorySource
from gpumemd.alerts.engine import FIRING, PENDING
from gpumemd.diagnosis.leakverdict import MIN_ENDS
from gpumemd.sources.allocator import AllocatorSource
from gpumemd.sources.steppeak import DriverPoolStepPeak, StepPeak, StepPeakReading
from tests.fakes import states, step
from tests.unit.agent.test_allocator_config import async_stats
from tests.unit.agent.test_forecast import _engine, series
from tests.unit.agent.test_forecast import agent as forecast_agent
from tests.unit.agent.test_step_peak import Ledger, MiB, exported

GIB = 1 << 30
# the H100 recording under backend:cudaMallocAsync (bench/results/2026-11-24-h100-s5-final/
# allocator-modes-gpu.json, torch 2.11, a 256 MiB tensor and a few small ones): the pool's used
# bytes are the requests' own sizes (no 512-byte rounding), its reserved bytes a whole number of MiB
RECORDED_USED, RECORDED_RESERVED = 268439456, 301989888


class PoolLedger(Ledger):
    """A FAKE of torch's answers under backend:cudaMallocAsync (CUDAMallocAsyncAllocator::
    getDeviceStats): allocated/active = the driver pool's used bytes and their high-water mark,
    reserved = the pool's reserved bytes and theirs (grown 2 MiB at a time, kept: torch sets
    the pool's release threshold to the maximum), every other statistic zero, the cumulative
    allocated/freed counters too. Its figures start from the H100 recording."""

    def __init__(self) -> None:
        super().__init__(RECORDED_USED)
        self.reserved = self.reserved_peak = RECORDED_RESERVED

    def alloc(self, n: int) -> None:
        super().alloc(n)
        while self.reserved < self.current:
            self.reserved += 2 * MiB
        self.reserved_peak = max(self.reserved_peak, self.reserved)

    def user_reset(self) -> None:
        """torch.cuda.reset_peak_memory_stats() by the program: the pool's marks to now."""
        self.peak, self.reserved_peak = self.current, self.reserved

    def reset_peak_memory_stats(self, device: int) -> bool:
        """The same call made by the agent (agent.step_peak_reset, opt-in)."""
        self.user_reset()
        return True

    def memory_stats(self, device: int) -> dict[str, Any]:
        self.reads += 1
        return async_stats(self.current, self.reserved, self.peak, self.reserved_peak)

    def allocator_backend(self) -> str | None:
        return "cudaMallocAsync"


def agent(ledger: Ledger) -> Agent:
    return forecast_agent(ledger)  # test_forecast's agent: a boundary after every optimizer step


def train(ledger: Ledger, opt: torch.optim.Optimizer, w: torch.Tensor, *, temporary: int,
          keep: int = 0) -> None:
    """One optimizer step: a temporary allocated and freed inside it (the activations), `keep`
    bytes kept from it (a leak)."""
    ledger.alloc(temporary)
    ledger.free(temporary)
    if keep:
        ledger.alloc(keep)
    w.grad = torch.ones(2)
    opt.step()


def loop() -> tuple[torch.Tensor, torch.optim.Optimizer]:
    w = torch.nn.Parameter(torch.zeros(2))
    return w, torch.optim.SGD([w], lr=0.1)


def test_a_step_end_is_exact_and_its_peak_exact_only_where_the_pools_mark_rose() -> None:
    ledger = PoolLedger()
    w, opt = loop()
    a = agent(ledger)
    try:
        train(ledger, opt, w, temporary=MiB)  # the first boundary opens the first measured step
        assert a.sample_once().readings["allocator"][0].step is None
        train(ledger, opt, w, temporary=512 * MiB)  # the pool's high-water mark rose: exact
        r = a.sample_once().readings["allocator"][0]
        assert not r.stats_valid
        assert r.step == StepPeakReading(RECORDED_USED + 512 * MiB, True, ledger.reserved_peak, True, 1,
                                         RECORDED_USED)
        got = exported(a)
        assert got["gpumemd_allocator_step_peak_bytes"] == RECORDED_USED + 512 * MiB
        assert got["gpumemd_allocator_step_peak_exact"] == 1
        assert a.memory_figures()["step_peak_bytes"] == RECORDED_USED + 512 * MiB
        # below the mark: only the lifetime mark bounds it, no step's figure: unknown, not the mark
        train(ledger, opt, w, temporary=8 * MiB, keep=4000)
        r = a.sample_once().readings["allocator"][0]
        # (the pool keeps what it reserved: its level sits at its mark, so that peak is exact)
        assert r.step == StepPeakReading(None, False, ledger.reserved, True, 1, RECORDED_USED + 4000)
        got = exported(a)
        assert got["gpumemd_allocator_step_peak_steps"] == 1  # a step closed...
        for absent in ("step_peak_bytes", "step_peak_exact"):
            assert f"gpumemd_allocator_{absent}" not in got, absent  # ...whose peak is unknown
        assert got["gpumemd_allocator_step_reserved_peak_exact"] == 1
        assert "step_peak_bytes" not in a.memory_figures()
        assert a.errors.counts == {}
    finally:
        a.stop()


def test_with_the_opt_in_peak_reset_every_steps_peak_is_exact() -> None:
    ledger = PoolLedger()
    w, opt = loop()
    a = forecast_agent(ledger, step_peak_reset=True)
    try:
        train(ledger, opt, w, temporary=GIB)  # a spike before: without the reset, later peaks are unknown
        peaks = []
        for temporary in (8 * MiB, 64 * MiB, 2 * MiB, 0):
            train(ledger, opt, w, temporary=temporary)
            peaks.append(a.sample_once().readings["allocator"][0].step)
        assert [(p.allocated_bytes, p.allocated_exact) for p in peaks] == [
            (RECORDED_USED + t, True) for t in (8 * MiB, 64 * MiB, 2 * MiB, 0)
        ]
    finally:
        a.stop()


def test_the_forecast_exports_the_seeded_leak_per_step_and_the_packaged_rule_fires() -> None:
    """A spike at warm-up leaves every later step under the pool's mark (its peak unknown): the
    leak per step is still exact (the ends are), its steps to OOM and the headroom unknown."""
    ledger = PoolLedger()
    w, opt = loop()
    a = agent(ledger)
    try:
        train(ledger, opt, w, temporary=GIB)
        for _ in range(20):
            train(ledger, opt, w, temporary=64 * MiB)
        engine = _engine("PytorchMemoryLeak")
        assert "gpumemd_forecast_leak_bytes_per_step" not in series(a)
        step(engine, a.sample_once().exposition.families, 0)
        assert states(engine) == {}
        seeded = 3 * MiB + 4000  # the driver counts the request's bytes (the recording)
        began = a.steps.training.optimizer_steps
        for _ in range(MIN_ENDS - 1):
            train(ledger, opt, w, temporary=64 * MiB, keep=seeded)
        got = series(a)
        assert got["gpumemd_forecast_leak_bytes_per_step"] == seeded
        assert got["gpumemd_forecast_leak_since_step"] == began
        # the step's rise above its end is unknown: no time to OOM, and no headroom, never 0
        assert "gpumemd_forecast_steps_to_oom" not in got and "gpumemd_headroom_bytes" not in got
        assert got["gpumemd_headroom_limit_bytes"] == ledger.total_memory(0)
        fams = a.sample_once().exposition.families
        step(engine, fams, 100)
        assert states(engine) == {"PytorchMemoryLeak": PENDING}
        step(engine, fams, 221)
        assert states(engine) == {"PytorchMemoryLeak": FIRING}
    finally:
        a.stop()


def test_a_leak_that_raises_the_pools_mark_each_step_has_exact_peaks_and_a_time_to_oom() -> None:
    ledger = PoolLedger()
    w, opt = loop()
    a = agent(ledger)
    try:
        for _ in range(40):
            train(ledger, opt, w, temporary=64 * MiB, keep=64 * MiB)  # each step above the last
        got = series(a)
        assert got["gpumemd_forecast_leak_bytes_per_step"] == 64 * MiB
        end = ledger.current  # the last boundary's end
        assert exported(a)["gpumemd_allocator_step_peak_exact"] == 1
        # the step's peak: its end (64 MiB kept where 64 MiB were freed)
        assert got["gpumemd_headroom_bytes"] == ledger.total_memory(0) - end
        # the newest end and the rise above it meet the limit after (limit − rise − end) / slope
        left = got["gpumemd_forecast_steps_to_oom"]
        assert left == pytest.approx((ledger.total_memory(0) - end) / (64 * MiB), rel=0.02)
    finally:
        a.stop()


def test_the_oom_diagnosis_reads_its_step_ends_from_the_same_boundaries() -> None:
    """The H200 corpus's `leak.async.after_leak` shape: 256 MiB kept a step, then a request
    larger than what is free; the diagnosis's growth per step is the seeded one, exactly,
    from the allocator's closed steps (no read of its own)."""
    ledger = PoolLedger()
    w, opt = loop()
    a = agent(ledger)
    try:
        for _ in range(14):
            train(ledger, opt, w, temporary=MiB, keep=256 * MiB)
        total = ledger.total_memory(0)
        request = total - ledger.current + GIB  # more than is free, less than the growth
        d = a.diagnoser.diagnose(0, request, total, total - ledger.reserved)
        assert d.cause == "leak", d
        assert d.numbers["bytes_per_step"] == 256 * MiB
        assert d.accounting is not None and len(d.accounting.step_ends) == 13
    finally:
        a.stop()


def test_the_categories_have_no_peak_where_the_steps_peak_is_unknown() -> None:
    ledger = PoolLedger()
    src = AllocatorSource(ledger, peak_window=30.0, monotonic=lambda: 0.0)
    cats = CategorySource({}, device_type=lambda: "cpu")
    cats.budget = float("inf")
    cats.follow(src.last_step_peak)
    model = torch.nn.Linear(64, 64)
    assert cats.watch(model)
    params = sum(p.numel() * p.element_size() for p in model.parameters())

    def boundary(n: int) -> Any:
        src.boundary = (threading.get_ident(), 1)
        src.tick()
        src.boundary = None
        cats.on_boundary(n)
        return cats.read({"allocator": src.read({})})[0]

    src.read({})  # CUDA is up: the source reads
    boundary(1)  # opens
    ledger.alloc(128 * MiB)
    ledger.free(128 * MiB)
    exact = boundary(2)
    assert exact.peak is not None and exact.peak["activations"] == 128 * MiB
    assert exact.end["other"] == RECORDED_USED - params
    ledger.alloc(MiB)
    ledger.free(MiB)
    unknown = boundary(3)
    assert unknown.peak is None and unknown.end == exact.end  # the end is exact; the peak unknown, not stale
    ats = [s.labels["at"] for f in cats.families((unknown,)) for s in f.samples]
    assert ats == ["end"] * len(unknown.end)


def test_native_boundaries_read_as_before_and_async_ticks_between_boundaries_read_nothing() -> None:
    for ledger, kind in ((Ledger(), StepPeak), (PoolLedger(), DriverPoolStepPeak)):
        src = AllocatorSource(ledger, peak_window=30.0, monotonic=lambda: 0.0)
        src.read({})
        reads = ledger.reads
        src.tick()  # the sampling thread's tick: no boundary
        assert ledger.reads - reads == (1 if kind is StepPeak else 0)
        reads = ledger.reads
        src.boundary = (threading.get_ident(), 1)
        src.tick()
        assert ledger.reads - reads == 1  # one statistics read a boundary, either backend
        assert type(src._steps[0]) is kind  # noqa: SLF001 - which reading the backend gets


def test_a_peak_reset_by_the_program_inside_a_step_leaves_that_step_unknown() -> None:
    """The program resets the marks inside a step after an older spike: the mark reads lower
    than at the step's start, and that step's peak is unknown. (A reset followed by a new high
    above the old mark cannot be told from the counters, on either backend: docs/agent.md.)"""
    ledger = PoolLedger()
    steps = DriverPoolStepPeak()
    ledger.alloc(GIB)  # an older spike: the mark is high when the step starts
    ledger.free(GIB)

    def read(boundary: int = 0) -> StepPeakReading | None:
        stats = ledger.memory_stats(0)
        a, r = stats["allocated_bytes"]["all"], stats["reserved_bytes"]["all"]
        return steps.observe((a["current"], a["peak"], 0, 0), (r["current"], r["peak"], 0, 0), boundary)

    read(1)
    ledger.alloc(2 * MiB)
    ledger.free(2 * MiB)
    ledger.user_reset()  # the mark drops to now: the step's 2 MiB are forgotten by the pool
    ledger.alloc(MiB)
    ledger.free(MiB)
    got = read(1)
    assert got is not None and got.allocated_bytes is None and got.allocated_end_bytes == RECORDED_USED
    ledger.alloc(2 * MiB)  # a step that only allocates: the level sits at the mark at its end
    assert read(1) == StepPeakReading(RECORDED_USED + 2 * MiB, True, ledger.reserved, True, 1,
                                      RECORDED_USED + 2 * MiB)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from(("alloc", "free", "read", "reset")),
                                   st.integers(1, 64)), max_size=12), min_size=2, max_size=8))
def test_a_published_peak_is_the_steps_true_peak_or_unknown(spans: list[list[tuple[str, int]]]) -> None:
    """Random steps over the pool (allocations, frees, samples read between boundaries, the
    program resetting the marks): each closed step's peak is its true highest level, or None;
    its end is the level at the boundary. Never the lifetime mark of another step, never 0. A
    step in which the program reset the marks is held to its end only: a reset followed by a new
    high cannot be told from the counters (either backend's; the test above has the case that can)."""
    ledger = PoolLedger()
    steps = DriverPoolStepPeak()
    held: list[int] = []

    def read(boundary: int = 0) -> StepPeakReading | None:
        stats = ledger.memory_stats(0)
        a, r = stats["allocated_bytes"]["all"], stats["reserved_bytes"]["all"]
        return steps.observe((a["current"], a["peak"], 0, 0), (r["current"], r["peak"], 0, 0), boundary)

    read(1)
    for span in spans:
        top, reset = ledger.current, False
        for op, n in span:
            if op == "alloc":
                ledger.alloc(n * MiB)
                held.append(n * MiB)
                top = max(top, ledger.current)
            elif op == "free" and held:
                ledger.free(held.pop(n % len(held)))
            elif op == "read":
                read()
            elif op == "reset":
                ledger.user_reset()
                reset = True
        got = read(1)
        assert got is not None and got.allocated_end_bytes == ledger.current
        if not reset:
            assert got.allocated_bytes is None or (got.allocated_bytes == top and got.allocated_exact)
