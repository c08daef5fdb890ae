"""The peak per optimizer step: real CPU-torch optimizer steps drive the agent's hook, and a
replayed allocator (a ledger the loop moves, answered at the TorchCudaApi seam) says what
the CUDA allocator would count."""

from __future__ import annotations

import threading
from typing import Any

from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.sources.allocator import AllocatorSource
from gpumemd.sources.steppeak import StepPeakReading
from tests.fakes import FakeTorch, TorchSequence, stats

MiB = 1 << 20


class Ledger(TorchSequence):
    """The allocator's counters, moved by the test's loop as a training step would move them."""

    def __init__(self, current: int = 100 * MiB) -> None:
        super().__init__([])
        self.current = self.peak = self.allocated = current
        self.freed = 0
        self.reads = 0

    def alloc(self, n: int) -> None:
        self.current += n
        self.allocated += n
        self.peak = max(self.peak, self.current)

    def free(self, n: int) -> None:
        self.current -= n
        self.freed += n

    def memory_stats(self, device: int) -> dict[str, Any]:
        self.reads += 1
        return stats(self.current, self.peak, self.allocated, self.freed)


def agent(ledger: Ledger) -> Agent:
    a = Agent(
        listen_address=None,
        identity=Identity(pid=451, rank=0, local_rank=0, world_size=1),
        apis={"torch": ledger, "oom": FakeTorch(), "rss": lambda: 1, "peak_rss": lambda: 1},
        spool_dir="",
        nvml=False,
        interval=3600,
        evaluation_interval=3600,
        nvml_interval=3600,
        tick="step",
    )
    a.start()  # its first sample hooks the optimizer steps (torch is imported)
    a.steps.peak_budget = float("inf")  # a step boundary after every step, however short
    return a


def step_peak(a: Agent) -> StepPeakReading | None:
    snap = a.sample_once()
    return snap.readings["allocator"][0].step


def exported(a: Agent) -> dict[str, float]:
    snap = a.sample_once()
    return {
        s.name: s.value
        for f in snap.exposition.families
        for s in f.samples
        if s.name.startswith(("gpumemd_allocator_step", "gpumemd_training_optimizer"))
    }


def test_each_optimizer_step_has_its_peak_exact_when_the_lifetime_peak_rose_else_a_bound() -> None:
    import torch

    ledger = Ledger()
    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    a = agent(ledger)
    try:

        def step(temporary: int) -> None:
            opt.zero_grad()
            net(torch.ones(1, 4)).sum().backward()
            ledger.alloc(temporary)  # the step's temporary, freed before the optimizer step ends
            ledger.free(temporary)
            opt.step()

        step(1 * MiB)  # the first boundary opens the first measured step
        assert step_peak(a) is None
        step(256 * MiB)
        reserved = stats(0, 0, 0, 0)["reserved_bytes"]["all"][
            "current"
        ]  # the replay's: unchanged by the steps
        # the lifetime peak rose; the step ended at 100 MiB
        assert step_peak(a) == StepPeakReading(356 * MiB, True, reserved, True, 1, 100 * MiB)
        step(8 * MiB)  # below the lifetime peak, allocated and freed: the bound min(c0 + 8 MiB, P1)
        r = step_peak(a)
        assert r is not None and (r.allocated_bytes, r.allocated_exact, r.steps) == (108 * MiB, False, 1)
        ledger.alloc(4 * MiB)  # a step that only allocates: exact below the lifetime peak
        opt.step()
        r = step_peak(a)
        assert r is not None and (r.allocated_bytes, r.allocated_exact) == (104 * MiB, True)
        series = exported(a)
        assert series["gpumemd_allocator_step_peak_bytes"] == 104 * MiB
        assert series["gpumemd_allocator_step_peak_exact"] == 1
        assert series["gpumemd_allocator_step_peak_steps"] == 1
        assert series["gpumemd_training_optimizer_steps_total"] == 4
        assert "gpumemd_allocator_step_reserved_peak_bytes" in series
        assert a.memory_figures()["step_peak_bytes"] == 104 * MiB  # for a framework's logger
        assert a.errors.counts == {}
    finally:
        a.stop()


def test_gradient_accumulation_one_step_per_optimizer_step_over_four_micro_batches() -> None:
    import torch

    ledger = Ledger()
    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    backward_passes = []
    net.weight.register_hook(lambda grad: backward_passes.append(1))
    a = agent(ledger)
    try:
        peaks = []
        for step in range(3):
            opt.zero_grad()
            for micro in range(4):  # activations held through each micro-batch's backward
                activations = (step * 4 + micro + 1) * MiB
                ledger.alloc(activations)
                (net(torch.ones(1, 4)).sum() / 4).backward()
                ledger.free(activations)
            opt.step()
            peaks.append(step_peak(a))
        assert len(backward_passes) == 12 and a.training.optimizer_steps == 3  # once per 4 backward passes
        # the highest micro-batch of each step, exactly (each raised the lifetime peak)
        assert [(p.allocated_bytes, p.allocated_exact, p.steps) for p in peaks[1:]] == [
            (108 * MiB, True, 1),
            (112 * MiB, True, 1),
        ]
        assert exported(a)["gpumemd_training_optimizer_steps_total"] == 3
    finally:
        a.stop()


def test_with_a_budget_the_step_peak_covers_the_steps_since_the_last_read_and_says_how_many() -> None:
    import torch

    ledger = Ledger()
    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    a = agent(ledger)
    try:
        a.steps.peak_budget = 0.0  # boundaries at ticks only
        opt.step()  # the first step is due: it ticks and opens a span
        ledger.alloc(64 * MiB)
        ledger.free(64 * MiB)
        reads = ledger.reads
        for _ in range(4):
            opt.step()  # within the tick interval: no read
        assert ledger.reads == reads
        a.steps.next_tick = 0.0  # the tick is due
        opt.step()
        r = step_peak(a)
        assert r is not None and (r.allocated_bytes, r.allocated_exact, r.steps) == (164 * MiB, True, 5)
    finally:
        a.stop()


def test_the_sampling_threads_own_ticks_and_samples_close_no_step() -> None:
    ledger = Ledger()
    source = AllocatorSource(ledger, peak_window=30.0, monotonic=lambda: 0.0)
    source.read({})
    source.boundary = (threading.get_ident(), 1)
    source.tick()  # opens the span
    ledger.alloc(32 * MiB)
    source.boundary = (threading.get_ident() + 1, 1)  # another thread's boundary
    source.tick()
    source.boundary = None
    ledger.free(32 * MiB)
    assert source.read({})[0].step is None  # split, not closed
    source.boundary = (threading.get_ident(), 2)
    source.tick()
    (r,) = source.read({})
    assert r.step == StepPeakReading(132 * MiB, True, r.step.reserved_bytes, True, 2, 100 * MiB)


def test_the_hook_never_raises_into_the_loop() -> None:
    import torch

    class Broken(Ledger):
        raised = 0

        def memory_stats(self, device: int) -> dict[str, Any]:
            if self.reads > 1:
                self.raised += 1
                raise RuntimeError("driver gone")
            return super().memory_stats(device)

    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    broken = Broken()
    a = agent(broken)
    try:
        for _ in range(3):
            opt.step()  # the reads after the first raise inside the tick
        assert a.training.optimizer_steps == 3 and broken.raised >= 2
        assert (
            a.errors.counts.get("allocator") == broken.raised
        )  # counted (Counted wraps the tick), never raised
    finally:
        a.stop()


def test_a_compiled_optimizer_step_is_counted_and_closes_its_step_each_time_the_compiled_code_runs() -> None:
    """`torch.compile(opt.step)` traces the hook: the tick must run when the compiled code
    runs, not once while it is traced (dynamo's `eager` backend: the tracing is the same as
    inductor's, without a C++ compiler)."""
    import torch

    ledger = Ledger()
    a = agent(ledger)
    try:
        p = torch.nn.Parameter(torch.zeros(8))
        opt = torch.optim.AdamW([p], lr=1e-3)
        compiled_step = torch.compile(opt.step, backend="eager")
        peaks = []
        for i in range(5):
            p.grad = torch.ones(8)
            ledger.alloc(MiB * (i + 1))  # the step's temporary: a new lifetime peak each step
            ledger.free(MiB * (i + 1))
            compiled_step()
            peaks.append(step_peak(a))
        assert a.training.optimizer_steps == 5
        assert peaks[0] is None  # the first step's boundary opens the first measured step
        # each later compiled step closed its own step, exactly
        assert [(p.allocated_bytes, p.allocated_exact, p.steps) for p in peaks[1:] if p is not None] == [
            (100 * MiB + MiB * (i + 1), True, 1) for i in range(1, 5)
        ]
    finally:
        a.stop()
        torch._dynamo.reset()


def test_the_hook_breaks_no_fullgraph_compile_that_would_work_without_it() -> None:
    """The hook ends a traced graph (torch.compiler.disable); that is free only because torch's
    optimizer step already breaks its graph (optimizer.py `_use_grad`). If a torch ever makes
    a step fullgraph-compilable, this fails, and the hook must find another way."""
    import torch

    def fullgraph_compiles() -> bool:
        p = torch.nn.Parameter(torch.zeros(8))
        p.grad = torch.ones(8)
        opt = torch.optim.AdamW([p], lr=1e-3)
        try:
            torch.compile(opt.step, backend="eager", fullgraph=True)()
            return True
        except Exception:  # dynamo's Unsupported, by torch version
            return False
        finally:
            torch._dynamo.reset()

    without = fullgraph_compiles()
    a = agent(Ledger())
    try:
        assert a.steps.handle is not None
        assert fullgraph_compiles() == without
    finally:
        a.stop()
