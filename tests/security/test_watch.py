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
