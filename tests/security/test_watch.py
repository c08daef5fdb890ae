"""The objects a program hands `gpumemd.watch` are the user's: any of them may raise, lie
about their type or change under the walk. The agent never raises into the program for
them, keeps no object alive, counts each one it could not read (gpumemd_agent_errors_total
{where="watch"}), says so once, and still exports what the other watched objects hold."""

from __future__ import annotations

import gc
import logging
import weakref
from typing import Any

import pytest

import gpumemd
from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from tests.fakes import FakeTorch, TorchSequence, stats

torch = pytest.importorskip("torch")


class _Allocator(TorchSequence):
    def __init__(self) -> None:
        super().__init__([])

    def memory_stats(self, device: int) -> dict[str, Any]:
        return stats(1 << 30, 1 << 30, 1 << 30, 0)


class RaisingModel:
    def parameters(self) -> Any:
        raise RuntimeError("boom")

    def buffers(self) -> Any:
        raise RuntimeError("boom")


class LyingOptimizer:
    """`state` raises, `param_groups` holds things that are no groups and no tensors."""

    param_groups = [{"params": [object(), 3, None]}, "not a group"]

    @property
    def state(self) -> Any:
        raise KeyError("no state for you")


class GradRaises(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.w = torch.nn.Parameter(torch.zeros(4))

    def parameters(self, recurse: bool = True) -> Any:  # a parameter-like whose .grad raises
        class P:
            @property
            def grad(self) -> Any:
                raise ValueError("grad")

        return [P()]


def _agent() -> Agent:
    a = Agent(listen_address=None, identity=Identity(pid=453, rank=0, local_rank=0, world_size=1),
              apis={"torch": _Allocator(), "oom": FakeTorch(), "rss": lambda: 1, "peak_rss": lambda: 1},
              spool_dir="", nvml=False, interval=3600, evaluation_interval=3600, nvml_interval=3600)
    a.categories._device_type = lambda: "cpu"  # the replayed GPU 0 holds this test's CPU tensors
    a.runtime = a.build()
    return a


def _categories(a: Agent) -> dict[tuple[str, str], float]:
    snap = a.runtime.sampler.sample_once()
    return {(s.labels["category"], s.labels["at"]): s.value for f in snap.exposition.families
            for s in f.samples if s.name == "gpumemd_allocator_category_bytes"}


def test_without_an_agent_watch_is_a_no_op() -> None:
    gpumemd.stop()
    assert gpumemd.watch(torch.nn.Linear(2, 2), None) is False
    assert gpumemd.watch(object(), object()) is False  # not even weak-referenceable: no exception


def test_hostile_objects_are_counted_logged_once_and_do_not_hide_the_good_ones(
        caplog: pytest.LogCaptureFixture) -> None:
    a = _agent()
    good = torch.nn.Linear(8, 8)
    hostile = [RaisingModel(), GradRaises()]
    lying = LyingOptimizer()
    assert a.watch(hostile, lying) is True
    assert a.watch(good) is True
    with caplog.at_level(logging.WARNING, logger="gpumemd.agent"):
        got = _categories(a)
        _categories(a)  # a second walk: counted again, not logged again
    assert got[("parameters", "end")] == 8 * 8 * 4 + 8 * 4  # the good model, exactly
    assert a.errors.counts["watch"] >= 4  # each unreadable object, each walk
    said = [r for r in caplog.records if "could not be read" in r.getMessage()]
    assert len({r.getMessage() for r in said}) == len(said)  # each type once
    assert a.errors.counts.get("categories", 0) == 0  # the collector itself never failed


def test_non_weakrefable_and_none_are_refused_quietly() -> None:
    a = _agent()
    assert a.watch([object(), None], (1, 2)) is False
    assert _categories(a) == {}


def test_a_watched_model_is_not_kept_alive_by_the_agent() -> None:
    a = _agent()
    model = torch.nn.Linear(16, 16)
    opt = torch.optim.Adam(model.parameters())
    a.watch(model, opt)
    assert _categories(a)[("parameters", "end")] == 16 * 16 * 4 + 16 * 4
    ref = weakref.ref(model)
    del model, opt
    gc.collect()
    assert ref() is None
    assert _categories(a) == {}  # nothing left to watch: no series


# --- bounded: watch() pulls at most MAX_TENSORS items for at most MAX_SECONDS, off the
# sampling thread; a never-ending, blocking or raising parameters() leaves nothing watched


class Endless:
    """`parameters()` never ends: the same tensor, forever (counted, so the test sees how
    many were pulled; stopped by the test's own ceiling where the code under test would not)."""

    def __init__(self, ceiling: int) -> None:
        self.pulled = 0
        self.ceiling = ceiling
        self.t = torch.zeros(2)

    def parameters(self) -> Any:
        while self.pulled < self.ceiling:
            self.pulled += 1
            yield self.t
        raise AssertionError("pulled past the test's ceiling")

    def buffers(self) -> Any:
        return iter(())


class Blocking:
    def __init__(self) -> None:
        import threading

        self.release = threading.Event()
        self.entered = threading.Event()

    def parameters(self) -> Any:
        self.entered.set()
        self.release.wait(60)  # blocks until the test lets it go
        return iter(())

    def buffers(self) -> Any:
        return iter(())


class Raising:
    def parameters(self) -> Any:
        yield torch.zeros(2)
        raise RuntimeError("boom")

    def buffers(self) -> Any:
        return iter(())


def _sample_within(a: Agent, seconds: float) -> bool:
    """A sample taken on a thread of its own: True when it finished within `seconds`."""
    import threading

    done = threading.Event()

    def run() -> None:
        _categories(a)
        done.set()

    threading.Thread(target=run, daemon=True).start()
    return done.wait(seconds)


def test_a_never_ending_parameters_is_pulled_at_most_max_tensors_times(
        caplog: pytest.LogCaptureFixture) -> None:
    a = _agent()
    a.categories.max_tensors = 1000
    endless = Endless(ceiling=200_000)
    with caplog.at_level(logging.WARNING, logger="gpumemd.agent"):
        assert a.watch(endless) is False
        assert endless.pulled <= 1001
        assert a.watch(endless) is False  # twice: said once
    assert _sample_within(a, 10.0) and _categories(a) == {}
    assert endless.pulled <= 2 * 1001  # the samples pulled nothing
    said = [r for r in caplog.records if "more than 1000 items" in r.getMessage()]
    assert len(said) == 1
    assert a.errors.counts["watch"] == 2


def test_a_blocking_parameters_stalls_neither_the_caller_nor_sampling() -> None:
    import time

    a = _agent()
    a.categories.max_seconds = 0.5
    blocking = Blocking()
    try:
        start = time.monotonic()
        assert a.watch(blocking) is False
        assert time.monotonic() - start < 5.0  # the caller waited its bound, not the object
        assert blocking.entered.is_set()
        assert _sample_within(a, 10.0)  # sampling goes on while parameters() still blocks
        assert not a.categories.watching
    finally:
        blocking.release.set()


def test_a_raising_parameters_leaves_nothing_watched() -> None:
    a = _agent()
    good = torch.nn.Linear(4, 4)
    assert a.watch(Raising()) is False
    assert a.errors.counts["watch"] == 1
    assert not a.categories.watching and _categories(a) == {}
    assert a.watch(good) is True  # the next watch is unaffected
    assert _categories(a)[("parameters", "end")] == 4 * 4 * 4 + 4 * 4


def test_watch_validates_its_arguments() -> None:
    a = _agent()
    from gpumemd.agent.categories import MAX_WATCHED

    many = [torch.nn.Linear(1, 1) for _ in range(MAX_WATCHED + 1)]
    assert a.watch(many) is False  # more objects than the bound: none held
    assert not a.categories.watching
    assert a.watch("a string", 3) is False  # not weak-referenceable: refused, counted
    assert not a.categories.watching


def test_a_model_that_blocks_when_listed_again_is_dropped_not_retried() -> None:
    # a watched parameter replaced: the next boundary lists the model again, within the bounds;
    # a parameters() that now blocks costs that one wait, then the model is not watched any more
    a = _agent()
    a.categories.max_seconds = 0.3
    a.categories.budget = float("inf")

    class Changing(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.w = torch.nn.Parameter(torch.zeros(4))
            self.blocking = Blocking()
            self.block = False

        def parameters(self, recurse: bool = True) -> Any:
            if self.block:
                return self.blocking.parameters()
            return super().parameters(recurse)

    model = Changing()
    try:
        assert a.watch(model) is True
        model.w = torch.nn.Parameter(torch.zeros(8))  # the listed one is gone
        gc.collect()
        model.block = True
        a.categories.on_boundary(1)  # sees the loss
        a.categories.on_boundary(2)  # lists again: blocks, waits its bound, drops the model
        assert not a.categories.watching
        before = a.errors.counts["watch"]
        a.categories.on_boundary(3)
        assert a.errors.counts["watch"] == before  # not tried again
    finally:
        model.blocking.release.set()


class Tripwired(torch.nn.Module):
    """A module whose class turns every attribute the structure walk reads (`_modules`,
    `logger`, `device`, FSDP2's state) into a property that records the call: the walk reads
    the instance dict, so none may run."""

    calls: list[str] = []

    def __init__(self) -> None:
        super().__init__()
        self.inner = torch.nn.Linear(4, 4)

    def __getattribute__(self, name: str) -> Any:
        if name in ("logger", "device", "gradient_as_bucket_view", "_fsdp_param_groups"):
            Tripwired.calls.append(name)
            raise RuntimeError(f"{name} is the user's")
        return super().__getattribute__(name)


def test_the_structure_walk_reads_instance_dicts_and_calls_no_module_code() -> None:
    a = _agent()
    model = Tripwired()
    vars(model)["logger"] = object()  # not DDP's logger type: not read further
    assert a.watch(model) is True
    assert Tripwired.calls == []
    assert _categories(a)[("comm_buckets", "end")] == 0 == _categories(a)[("unsharded_parameters", "end")]
    assert _categories(a)[("parameters", "end")] == 4 * 4 * 4 + 4 * 4


class Tree:
    """Module-like objects by their instance dicts: `_modules` chains and a cycle."""

    def __init__(self) -> None:
        self._modules: dict[str, Any] = {}

    def parameters(self) -> Any:
        return iter(())

    def buffers(self) -> Any:
        return iter(())


def test_a_module_tree_past_the_bounds_leaves_nothing_watched_and_a_cycle_ends() -> None:
    a = _agent()
    a.categories.max_tensors = 50
    root = node = Tree()
    for i in range(200):  # deeper than the bound on modules walked
        node._modules[str(i)] = node = Tree()
    assert a.watch(root) is False and a.errors.counts["watch"] == 1
    assert not a.categories.watching
    x, y = Tree(), Tree()
    x._modules["y"], y._modules["x"] = y, x  # a cycle: each module walked once
    assert a.watch(x) is True
