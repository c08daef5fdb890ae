"""What the agent's ticks read: the allocator every tick, the rest at its own pace.

A tick at 10 Hz holds the training loop's GIL; measured on an H100 (docs/agent.md, Cost),
reading only the allocator on most ticks took the 10 Hz tick from 668 to 293 µs in place.
These tests pin the wiring: which collector is read how often, that the alert rules run
every evaluation_interval with that as the engine's interval, and that an OOM's sample
still reads everything at once."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer
from tests.fakes import FakeTorch, capture
from tests.helpers import CAPTURES

CAPTURE = CAPTURES / "h200__580.159.04__one-process-1GiB.json"


class Counted:
    """Counts the calls a replayed API answers, by method."""

    def __init__(self, inner: Any) -> None:
        self._inner, self.calls = inner, {}

    def __getattr__(self, method: str) -> Any:
        fn = getattr(self._inner, method)

        def call(*args: Any) -> Any:
            self.calls[method] = self.calls.get(method, 0) + 1
            return fn(*args)

        return call


def agent(**settings: Any) -> tuple[Agent, Counted, Counted, list[int]]:
    torch, nvml, rss_reads = Counted(torch_replayer(capture("after_256MiB_and_4000B"))), \
        Counted(nvml_replayer(load_capture(CAPTURE))), []

    def rss() -> int:
        rss_reads.append(1)
        return 2_000_000_000

    settings.setdefault("spool_dir", "")
    a = Agent(
        listen_address=None,
        identity=Identity(pid=450, rank=0, local_rank=0, world_size=1),
        apis={
            "torch": torch,
            "nvml": nvml,
            "oom": FakeTorch(),
            "rss": rss,
            "peak_rss": lambda: 3_000_000_000,
        },
        **settings,
    )
    return a, torch, nvml, rss_reads


def test_ticks_read_the_allocator_every_time_and_the_rest_at_their_intervals() -> None:
    a, torch, nvml, rss_reads = agent(interval=0.1, nvml_interval=3600, evaluation_interval=3600)
    sampler = a.build().sampler
    for _ in range(20):  # twenty ticks within far less than an hour
        snap = sampler.sample_once(due_only=True)
    assert torch.calls["memory_stats"] == 20
    assert len(rss_reads) == 1 and nvml.calls["processes"] == 1
    assert sampler.cycle.durations.keys() >= {"allocator", "process", "oom", "agent", "alerts"}
    # The process and alert families of the first tick stand in the last one's exposition.
    names = {f.name for f in snap.exposition.families}
    assert {
        "gpumemd_allocator_allocated_bytes",
        "gpumemd_process_host_resident_bytes",
        "gpumemd_alerts",
    } <= names
    assert snap.success["process"] and snap.success["alerts"]
    sampler.sample_once()  # what an OOM triggers: everything, now
    assert len(rss_reads) == 2 and torch.calls["memory_stats"] == 21


def test_rules_run_every_evaluation_interval_and_the_engine_knows_it() -> None:
    a, *_ = agent(interval=0.1, evaluation_interval=2.0)
    runtime = a.build()
    observer = a.alerting.observer
    assert observer.every == 2.0 and observer.engine.interval == 2.0
    assert [s.every for s in runtime.sampler._sources] == [
        0.0,
        a.config.agent.nvml_interval,
        a.config.agent.pool_interval,
        2.0,
        2.0,
        0.0,
        2.0,
        2.0,
        2.0,
        2.0,
    ]
    # oom leak categories (every sample: its step peak is the allocator's) calibration (its step
    # peaks taken at the boundaries) training forecast self


def test_the_allocator_limit_is_reread_once_a_second() -> None:
    from gpumemd.sources.allocator import AllocatorSource

    api, now = Counted(torch_replayer(capture("after_256MiB_and_4000B"))), [0.0]
    source = AllocatorSource(api, peak_window=30.0, monotonic=lambda: now[0])
    for _ in range(10):  # ten 10 Hz ticks: one second
        source.read({})
        now[0] += 0.1
    assert api.calls["memory_fraction"] == 1 and api.calls["memory_stats"] == 10
    now[0] = 1.0
    source.read({})  # a second after the first: read again
    assert api.calls["memory_fraction"] == 2
    assert api.calls["device_count"] == 1  # cached once CUDA is up


def test_with_tick_step_the_training_threads_optimizer_steps_tick_and_stop_unhooks() -> None:
    import torch

    # The thread samples once an hour: every tick here is an optimizer step's.
    a, api, *_ = agent(interval=3600, evaluation_interval=3600, nvml_interval=3600, tick="step")
    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def steps(n: int) -> None:
        for _ in range(n):
            opt.zero_grad()
            net(torch.ones(1, 4)).sum().backward()
            opt.step()
            time.sleep(0.002)  # more than `step_tick_interval` between steps: each one ticks

    a.start()  # its first sample hooks the optimizer steps (torch is imported)
    try:
        sampler = a.runtime.sampler if a.runtime is not None else None
        assert sampler is not None and sampler.sample_every == 3600
        a.steps.tick_interval = 0.001
        before, ticks, samples = api.calls["memory_stats"], sampler.busy[0], sampler.cycle.samples_total
        steps(5)
        assert api.calls["memory_stats"] == before + 5  # the allocator's tick: one stats read a step
        assert sampler.busy[0] == ticks + 5 and sampler.cycle.samples_total == samples  # ticks, no sample
        assert a.errors.counts == {}
        a.steps.tick_interval = 3600.0
        a.steps.peak_budget = 0.0  # step boundaries at ticks only
        steps(3)  # within the interval: a clock read, no tick
        assert api.calls["memory_stats"] == before + 6  # the first of them, due since the last
    finally:
        a.stop()
    after = api.calls["memory_stats"]
    a.steps.tick_interval = 0.001
    steps(3)  # unhooked
    assert api.calls["memory_stats"] == after


def test_the_agent_samples_as_often_as_its_rules_nvml_or_spool_are_due(tmp_path: Path) -> None:
    slow = {"evaluation_interval": 5.0, "nvml_interval": 5.0, "spool_interval": 0.5}
    for settings, every in (
        ({}, 1.0),
        ({"evaluation_interval": 5.0, "nvml_interval": 2.0}, 2.0),
        (slow, 5.0),  # the spool is off: its interval does not count
        ({**slow, "spool_dir": str(tmp_path)}, 0.5),
    ):
        a, *_ = agent(interval=0.1, **settings)
        runtime = a.build()
        try:
            assert (runtime.sampler.interval, runtime.sampler.sample_every) == (0.1, every)
        finally:
            if a.spool is not None:
                a.spool.remove()


def test_a_compiled_training_step_breaks_no_more_with_the_step_hook_and_every_step_is_counted() -> None:
    """Traced, the hook calls its tick through torch.compiler.disable: dynamo cannot trace
    that call, so the frame of torch's post-hook loop (after the optimizer's own graph break,
    no tensor work in it) runs eagerly and the tick runs every step. No graph break is added
    to the step's, and the step is counted each time the compiled code runs."""
    import torch
    from torch._dynamo.utils import counters

    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def compiled_step() -> Any:
        @torch.compile(backend="eager")  # dynamo traces the step and its hooks; no C compiler needed
        def train_step(x: torch.Tensor) -> None:
            opt.zero_grad()
            net(x).sum().backward()
            opt.step()

        return train_step

    def graph_breaks(train_step: Any) -> tuple[int, list[str]]:
        """Graph breaks, and what dynamo could not trace."""
        torch._dynamo.reset()  # compile afresh: the code object is the same
        counters.clear()
        for _ in range(3):
            train_step(torch.ones(1, 4))
        return sum(counters["graph_break"].values()), list(counters["unimplemented"])

    without, untraced = graph_breaks(compiled_step())
    a, api, *_ = agent(interval=3600, evaluation_interval=3600, nvml_interval=3600)  # tick: step, the default
    a.start()
    try:
        assert a.steps.handle is not None
        a.steps.tick_interval = 0.0
        breaks, untraced_with = graph_breaks(compiled_step())
        assert breaks == without
        assert untraced == [] and any("`disable`" in why for why in untraced_with), untraced_with
        assert a.training.optimizer_steps == 3  # counted when the compiled code ran, not when traced
        assert a.errors.counts == {}
    finally:
        a.stop()
