"""A step boundary is never lost to a busy sampler (issue 37): real CPU-torch optimizer steps
drive the agent's hook while a real thread holds the sampler or samples without pause; the
allocator is a replayed ledger (the TorchCudaApi seam: no CUDA here) that the loop moves as a
training step would, its counters read under one lock as torch's allocator reads its own."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.sources.steppeak import StepPeakReading
from tests.fakes import FakeTorch, TorchSequence, stats

MiB = 1 << 20


class Ledger(TorchSequence):
    """The allocator's counters, moved by the loop; each read is consistent (one lock, as the
    allocator's mutex). `before` and `after` (by thread id) run once inside that thread's next
    read, before or after its counters are taken: where a test puts another thread's work
    between two reads."""

    def __init__(self, current: int = 100 * MiB) -> None:
        super().__init__([])
        self.current = self.peak = self.allocated = current
        self.freed = 0
        self.reads = 0
        self.lock = threading.Lock()
        self.before: dict[int, Callable[[], None]] = {}
        self.after: dict[int, Callable[[], None]] = {}

    def alloc(self, n: int) -> None:
        with self.lock:
            self.current += n
            self.allocated += n
            self.peak = max(self.peak, self.current)

    def free(self, n: int) -> None:
        with self.lock:
            self.current -= n
            self.freed += n

    def memory_stats(self, device: int) -> dict[str, Any]:
        me = threading.get_ident()
        before = self.before.pop(me, None)
        if before is not None:
            before()
        with self.lock:
            self.reads += 1
            counters = (self.current, self.peak, self.allocated, self.freed)
        after = self.after.pop(me, None)
        if after is not None:
            after()
        return stats(*counters)


def agent(ledger: Ledger, interval: float = 3600) -> Agent:
    a = Agent(
        listen_address=None,
        identity=Identity(pid=452, rank=0, local_rank=0, world_size=1),
        apis={"torch": ledger, "oom": FakeTorch(), "rss": lambda: 1, "peak_rss": lambda: 1},
        spool_dir="",
        nvml=False,
        interval=interval,
        evaluation_interval=3600,
        nvml_interval=3600,
        tick="step",
    )
    a.start()  # its first sample hooks the optimizer steps (torch is imported)
    a.steps.peak_budget = float("inf")  # a boundary after every step: what is checked is that none is lost
    return a


def last_step(a: Agent) -> StepPeakReading | None:
    """The last closed step, read as a logger reads it: no sample (the sampler may be held)."""
    allocator = a._allocator
    assert allocator is not None
    return allocator.last_step_peak(0)


def test_a_sampler_held_busy_never_merges_steps_each_step_has_its_own_exact_peak() -> None:
    import torch

    ledger = Ledger()
    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    a = agent(ledger)
    assert a.runtime is not None
    held, release = threading.Event(), threading.Event()

    def hold() -> None:  # the sampling thread in the middle of a sample, as long as the test says
        with a.runtime.sampler.cycle_lock:  # type: ignore[union-attr]
            held.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    try:
        opt.step()  # the first boundary opens the first measured step
        holder.start()
        assert held.wait(30)
        peaks = []
        for i in range(1, 6):
            ledger.alloc(i * 64 * MiB)  # each step's temporary, a new high each time
            ledger.free(i * 64 * MiB)
            opt.step()
            peaks.append(last_step(a))
        assert not a.runtime.sampler.tick_now()  # the sampler was busy all along
        assert [(p.allocated_bytes, p.allocated_exact, p.steps, p.allocated_end_bytes)
                for p in peaks if p is not None] == [
            (100 * MiB + i * 64 * MiB, True, 1, 100 * MiB) for i in range(1, 6)
        ]
        assert a.steps.open_steps == 0 and a.errors.counts == {}
    finally:
        release.set()
        holder.join(30)
        a.stop()


def test_a_sampler_read_taken_while_a_boundary_read_is_dropped_not_counted_in_that_step() -> None:
    """The sampler's read begins before the boundary's and takes its counters after it, with
    another thread's 512 MiB allocated in between (a fake of a moment a test cannot cause
    otherwise): that read belongs to no one step, so the step closed is not raised by it."""
    import torch

    ledger = Ledger()
    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    a = agent(ledger)
    assert a.runtime is not None
    sampler = a.runtime.sampler
    in_read, go = threading.Event(), threading.Event()
    sampled: list[Any] = []

    def sample() -> None:  # the sampling thread: its read waits, numbered, until the test says
        def wait() -> None:
            in_read.set()
            go.wait(30)

        ledger.before[threading.get_ident()] = wait
        sampled.append(sampler.sample_once())

    thread = threading.Thread(target=sample)
    try:
        opt.step()  # opens the first measured step
        ledger.alloc(32 * MiB)
        ledger.free(32 * MiB)
        thread.start()
        assert in_read.wait(30)  # the sampler holds its lock, inside its read

        def other_thread() -> None:  # after the boundary's counters are taken, inside its read
            ledger.alloc(512 * MiB)
            go.set()
            thread.join(30)  # the sampler takes its counters now, and its sample completes
            ledger.free(512 * MiB)

        ledger.after[threading.get_ident()] = other_thread
        opt.step()  # the sampler is busy: the hook's own read closes the step
        step = last_step(a)
        assert step is not None
        assert (step.allocated_bytes, step.allocated_exact, step.steps) == (132 * MiB, True, 1)
        assert sampled  # the sample completed, its read handed over
        opt.step()  # the next step: the 512 MiB was between its boundaries' reads
        step = last_step(a)
        assert step is not None
        assert (step.allocated_bytes, step.allocated_exact, step.steps) == (612 * MiB, True, 1)
    finally:
        go.set()
        thread.join(30)
        a.stop()


def test_steps_with_a_thread_sampling_without_pause_each_close_exactly_their_own_step() -> None:
    """A real sampling thread reads as fast as it can while the loop steps: every step closes
    alone (N = 1), its end is the level at its boundary, its peak is never below the step's
    true peak and equals it where flagged exact."""
    import torch

    ledger = Ledger()
    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    a = agent(ledger)
    assert a.runtime is not None
    sampler, allocator = a.runtime.sampler, a._allocator
    assert allocator is not None
    stop = threading.Event()
    samples = [0]

    def sample() -> None:
        while not stop.is_set():
            sampler.sample_once()
            with sampler.cycle_lock:  # a tick of the thread's between samples, as it takes them
                allocator.tick()
            samples[0] += 1

    rng = random.Random(37)
    thread = threading.Thread(target=sample)
    try:
        opt.step()  # opens the first measured step
        thread.start()
        held: list[int] = []
        busy_before = sampler.busy[0]
        for _ in range(300):
            top = ledger.current
            for _ in range(rng.randint(0, 6)):
                if held and rng.random() < 0.4:
                    ledger.free(held.pop(rng.randrange(len(held))))
                else:
                    n = rng.randint(1, 64) * MiB
                    ledger.alloc(n)
                    held.append(n)
                    top = max(top, ledger.current)
            if len(held) > 8:
                ledger.free(held.pop(0))
            opt.step()
            step = last_step(a)
            assert step is not None and step.steps == 1, step
            assert step.allocated_end_bytes == ledger.current
            assert step.allocated_bytes is not None and step.allocated_bytes >= top
            if step.allocated_exact:
                assert step.allocated_bytes == top, (step, top)
        assert a.steps.open_steps == 0 and a.errors.counts == {}
        # the thread sampled meanwhile, and held the sampler at some boundaries: the hook read those itself
        assert samples[0] > 0 and sampler.busy[0] - busy_before < 300
    finally:
        stop.set()
        thread.join(30)
        a.stop()
