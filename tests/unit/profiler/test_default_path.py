"""Issue 24 items 6 and 7: the default profiling path does not walk the Python heap (its
counts come from the allocator's own counters, and are None where those are unavailable),
and the module-level `profile_function` / `profile_context` go through a profiler's public
method, so any object that has it works (upstream Stormlog's contract)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from gpumemd.backends.torch_cuda import TorchCuda
from gpumemd.profiler import GPUMemoryProfiler, profile_context, profile_function
from tests.fakes import FixedHost, ReplayCuda, raw, shifted

MiB = 1 << 20


def replay_profiler(api: ReplayCuda, **kw: Any) -> GPUMemoryProfiler:
    return GPUMemoryProfiler("cuda:0", cuda_api=api, host_api=FixedHost(), **kw)


# --- item 7: duck-typed module-level functions ---------------------------------------------

class _DummyProfiler:
    """Has the public methods only (no private ones): as upstream's test's dummy."""

    def __init__(self, call_func: bool = True) -> None:
        self.calls = 0
        self.seen_name: str | None = None
        self.call_func = call_func
        self.contexts: list[str] = []

    def profile_function(self, func: Any) -> object:
        self.calls += 1
        self.seen_name = getattr(func, "__name__", None)  # getattr: what upstream's dummy reads
        if self.call_func:
            func()
        return object()

    @contextmanager
    def profile_context(self, name: str) -> Iterator[None]:
        self.contexts.append(name)
        yield


def test_profile_function_decorator_executes_once_and_returns_result() -> None:
    # Adapted from upstream Stormlog's
    # tests/test_profiler_regressions.py::test_profile_function_decorator_executes_once_and_returns_result
    profiler = _DummyProfiler()
    state = {"calls": 0}

    @profile_function(name="custom_profile_name", profiler=profiler)
    def tracked_operation() -> str:
        state["calls"] += 1
        return "ok"

    result: object = tracked_operation()

    assert result == "ok"
    assert state["calls"] == 1
    assert profiler.calls == 1
    assert profiler.seen_name == "custom_profile_name"


def test_decorator_passes_arguments_and_propagates_the_exception_through_a_duck_profiler() -> None:
    profiler = _DummyProfiler()
    seen: list[tuple[int, int]] = []

    @profile_function(profiler=profiler)
    def add(a: int, *, b: int) -> int:
        seen.append((a, b))
        if a < 0:
            raise ValueError("negative")
        return a + b

    assert add(2, b=3) == 5 and seen == [(2, 3)] and profiler.seen_name == "add"
    with pytest.raises(ValueError, match="negative"):
        add(-1, b=0)
    assert profiler.calls == 2 and len(seen) == 2


def test_a_profiler_that_never_calls_the_function_still_gets_it_run_once() -> None:
    profiler = _DummyProfiler(call_func=False)
    calls = []

    @profile_function(profiler=profiler)
    def work() -> str:
        calls.append(1)
        return "done"

    assert work() == "done" and calls == [1] and profiler.calls == 1


def test_profile_context_goes_through_the_public_method_and_yields_the_profiler() -> None:
    profiler = _DummyProfiler()
    with profile_context("block", profiler=profiler) as prof:
        ran = True
    assert ran and prof is profiler and profiler.contexts == ["block"]


def test_decorator_on_a_real_profiler_records_one_result_and_returns_the_value() -> None:
    api = ReplayCuda(raw("after_init"))
    p = replay_profiler(api)

    @profile_function(name="step", profiler=p)
    def allocate(n: int) -> int:
        api.set(shifted(api.stats, current=n, allocated=n, allocs=1))
        return n

    assert allocate(MiB) == MiB
    (r,) = p.results
    assert r.function_name == "step" and r.memory_allocated == MiB and r.allocations == 1
    assert r.qualified_name is not None and r.qualified_name.endswith("allocate")
    assert p.get_summary()["function_summaries"]["step"]["call_count"] == 1


# --- item 6: the default path does not walk the heap ----------------------------------------

@pytest.fixture
def no_heap_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """gc.get_objects() raises: a profiler that walks the heap fails the test."""
    import torch  # noqa: F401  # imported: with torch absent nothing would be walked anyway

    def walked() -> list[Any]:
        raise AssertionError("gc.get_objects() called: the default path walked the heap")

    monkeypatch.setattr(gc, "get_objects", walked)


@pytest.mark.usefixtures("no_heap_walk")
def test_defaults_on_a_gpu_never_walk_the_heap() -> None:
    api = ReplayCuda(raw("after_init"))
    p = replay_profiler(api)

    def grow() -> None:
        api.set(shifted(api.stats, current=2 * MiB, allocated=3 * MiB, freed=MiB, allocs=3, frees=1))

    r = p.profile_function(grow)
    with p.profile_context("block") as handle:
        grow()
    decorated = profile_function(profiler=p)(grow)
    decorated()
    with profile_context("module_block", profiler=p):
        grow()
    assert handle.result is not None and len(p.results) == 4
    # the counts are the allocator's blocks, said so on the result
    assert (r.tensors_created, r.tensors_deleted) == (3, 1) == (r.allocations, r.frees)
    assert r.tensor_counts == "allocations" and r.tensors_tracked
    assert p.tensor_counts == "allocations" and not p.track_tensors


@pytest.mark.usefixtures("no_heap_walk")
def test_defaults_on_the_cpu_never_walk_the_heap_and_say_the_counts_are_unmeasured() -> None:
    p = GPUMemoryProfiler("cpu", host_api=FixedHost())
    r = p.profile_function(lambda: None)
    with p.profile_context("block"):
        pass
    assert (r.tensors_created, r.tensors_deleted) == (0, 0)  # ints, as upstream code expects
    assert r.tensor_counts is None and not r.tensors_tracked
    assert r.allocations is None and r.frees is None


def test_the_heap_walk_stays_behind_track_tensors_true(monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    p = GPUMemoryProfiler("cpu", track_tensors=True, host_api=FixedHost())
    keep: list[Any] = []
    r = p.profile_function(lambda: keep.extend([torch.zeros(1), torch.zeros(1)]))
    assert (r.tensors_created, r.tensor_counts, r.tensors_tracked) == (2, "tensors", True)

    def walked() -> list[Any]:
        raise RuntimeError("walked")

    monkeypatch.setattr(gc, "get_objects", walked)
    with pytest.raises(RuntimeError, match="walked"):  # the fixture above can catch a walk
        p.profile_function(lambda: None)


def test_track_tensors_false_measures_no_counts() -> None:
    api = ReplayCuda(raw("after_init"))
    p = replay_profiler(api, track_tensors=False)
    r = p.profile_function(api.set, shifted(api.stats, current=MiB, allocated=MiB, allocs=1))
    assert (r.tensors_created, r.tensors_deleted, r.tensors_tracked, r.tensor_counts) == (0, 0, False, None)
    assert r.allocations == 1  # the allocator's own fields are still filled


# --- the allocation counters where the allocator answers nothing ------------------------------

def test_unavailable_memory_stats_give_none_not_zero() -> None:
    api = ReplayCuda({})  # what a torch without CUDA statistics answers
    r = replay_profiler(api).profile_function(lambda: None)
    assert r.allocations is None and r.frees is None
    assert (r.tensors_created, r.tensor_counts, r.tensors_tracked) == (0, None, False)


class _VisibleCudaOnCpuTorch(TorchCuda):
    """A fake for what cannot happen here: the real torch.cuda of this CPU-only torch, with a
    device made to look visible and initialised, so the profiler reads its real (empty)
    memory_stats."""

    def device_count(self) -> int:
        return 1

    def is_initialized(self) -> bool:
        return True


def test_cpu_torch_memory_stats_give_none_allocation_counters() -> None:
    import torch

    if torch.cuda.is_available():
        pytest.skip("a CUDA torch answers real statistics")
    p = GPUMemoryProfiler(0, synchronize=False, cuda_api=_VisibleCudaOnCpuTorch(), host_api=FixedHost())
    r = p.profile_function(lambda: None)
    assert (r.allocations, r.frees, r.tensor_counts) == (None, None, None)


def test_before_cuda_is_initialised_the_counters_are_zero_not_unknown() -> None:
    # Nothing can be allocated on a device before CUDA starts: 0 is known, not unmeasured.
    api = ReplayCuda(raw("after_init"), initialized=False)
    r = replay_profiler(api).profile_function(lambda: None)
    assert (r.allocations, r.frees, r.tensors_created, r.tensor_counts) == (0, 0, 0, "allocations")


def test_a_hand_built_untracked_result_says_its_counts_are_unmeasured() -> None:
    from gpumemd.profiler import MemorySnapshot, ProfileResult

    s = MemorySnapshot(0.0, 0, 0, 0, 0, 0, 0, 0)
    assert ProfileResult("f", 0.0, s, s, s, 0, 0, 1, 1).tensor_counts == "tensors"
    assert ProfileResult("f", 0.0, s, s, s, 0, 0, 0, 0, tensors_tracked=False).tensor_counts is None
