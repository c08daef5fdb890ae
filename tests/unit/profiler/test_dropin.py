"""Issue 16: code written for the seed's profiler (Stormlog / gpumemprof) runs unchanged on
gpumemd's, on CPU. One test (or a few) per point of the issue; the upstream-style script
(tests/unit/profiler/scripts/upstream_style.py) runs here on the CPU and, unchanged, on a GPU
in tests/gpu/test_profiler_gpu.py.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gpumemd
from gpumemd import GPUMemoryProfiler, MemorySnapshot, ProfileResult, profile_context, profile_function
from gpumemd.profiler import BoundedList, Device, get_global_profiler, set_global_profiler
from tests.fakes import FixedHost, ReplayCuda, raw, shifted
from tests.helpers import ROOT

MiB = 1 << 20
SCRIPT = Path(__file__).resolve().parent / "scripts" / "upstream_style.py"

# The keys of the seed profiler's to_dict()s and get_summary() (its public output).
UPSTREAM_SNAPSHOT_KEYS = {
    "timestamp",
    "allocated_memory",
    "reserved_memory",
    "max_memory_allocated",
    "max_memory_reserved",
    "active_memory",
    "inactive_memory",
    "cpu_memory",
    "device_id",
    "operation",
    "stack_trace",
}
UPSTREAM_RESULT_KEYS = {
    "function_name",
    "execution_time",
    "memory_before",
    "memory_after",
    "memory_peak",
    "memory_allocated",
    "memory_freed",
    "memory_diff",
    "peak_memory_usage",
    "tensors_created",
    "tensors_deleted",
    "call_count",
}
UPSTREAM_SUMMARY_KEYS = {
    "device",
    "total_functions_profiled",
    "total_function_calls",
    "total_execution_time",
    "total_memory_allocated",
    "total_memory_freed",
    "net_memory_change",
    "peak_memory_usage",
    "current_memory_usage",
    "baseline_memory_usage",
    "memory_change_from_baseline",
    "function_summaries",
    "monitoring_active",
    "snapshots_collected",
}
UPSTREAM_FUNCTION_KEYS = {
    "call_count",
    "total_time",
    "avg_time",
    "total_memory_allocated",
    "avg_memory_allocated",
    "peak_memory",
}


def cpu_profiler(**kw: Any) -> GPUMemoryProfiler:
    kw.setdefault("track_tensors", False)
    return GPUMemoryProfiler("cpu", **kw)


class SyncingReplay(ReplayCuda):
    """A replay with a device queue: `launch(s)` queues s seconds of "GPU work", which
    `synchronize` waits out (as torch.cuda.synchronize waits for queued kernels)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.syncs: list[int] = []
        self.reads_at_sync: list[int] = []  # how many allocator reads preceded each synchronize
        self.queued = 0.0

    def launch(self, seconds: float) -> None:
        self.queued += seconds

    def synchronize(self, device: int) -> None:
        self.syncs.append(device)
        self.reads_at_sync.append(self.reads)
        time.sleep(self.queued)  # the queued work runs now (stands in for the GPU's time)
        self.queued = 0.0


@pytest.fixture
def fresh_default() -> Iterator[None]:
    set_global_profiler(None)
    yield
    set_global_profiler(None)


# --- 1. MemorySnapshot ---------------------------------------------------------------------


def test_1_snapshot_builds_from_upstream_fields_and_dicts_match() -> None:
    snap = MemorySnapshot(
        timestamp=0.0,
        allocated_memory=1,
        reserved_memory=1,
        max_memory_allocated=1,
        max_memory_reserved=1,
        active_memory=1,
        inactive_memory=0,
        cpu_memory=0,
        device_id=0,
    )
    assert snap.operation is None and snap.stack_trace is None and snap.device_id == 0
    positional = MemorySnapshot(0.0, 1, 2, 3, 4, 5, 6, 7)  # upstream's field order
    assert (positional.max_memory_allocated, positional.max_memory_reserved, positional.cpu_memory) == (
        3,
        4,
        7,
    )
    d = positional.to_dict()
    assert UPSTREAM_SNAPSHOT_KEYS <= set(d) and {"cached_free_memory", "cpu_memory_tracked"} <= set(d)
    upstream_dict = {k: d[k] for k in UPSTREAM_SNAPSHOT_KEYS}  # what upstream's to_dict() writes
    assert MemorySnapshot.from_dict(upstream_dict) == positional
    assert MemorySnapshot.from_dict(json.loads(json.dumps(d))) == positional


def test_1_profiled_snapshots_carry_the_lifetime_peaks() -> None:
    api = ReplayCuda(raw("after_init"))
    p = GPUMemoryProfiler(0, track_tensors=False, cuda_api=api, host_api=FixedHost())
    grown = shifted(api.stats, current=512 * MiB, allocated=512 * MiB, allocs=1)
    r = p.profile_function(api.set, grown)
    stats = grown["allocated_bytes"]["all"]
    assert r.memory_after.max_memory_allocated == stats["peak"] == r.memory_peak.max_memory_allocated
    assert r.memory_after.max_memory_reserved == grown["reserved_bytes"]["all"]["peak"]
    cpu = cpu_profiler().take_snapshot()
    assert cpu.max_memory_allocated >= cpu.allocated_memory > 0  # the CPU: the resident high-water mark


# --- 2. ProfileResult ----------------------------------------------------------------------


def test_2_result_builds_from_upstream_fields_alone() -> None:
    snap = MemorySnapshot(0.0, 10, 20, 30, 40, 10, 0, 0)
    peak = MemorySnapshot(0.0, 25, 20, 30, 40, 10, 0, 0)
    r = ProfileResult(
        function_name="f",
        execution_time=0.5,
        memory_before=snap,
        memory_after=snap,
        memory_peak=peak,
        memory_allocated=15,
        memory_freed=15,
        tensors_created=1,
        tensors_deleted=1,
    )
    assert r.call_count == 1 and r.peak_memory_usage() == 25 and r.memory_diff() == 0
    assert (
        r.peak_exact and r.peak_lower_bound == r.peak_upper_bound == 25
    )  # a hand-built result states its peak
    positional = ProfileResult("f", 0.5, snap, snap, peak, 15, 15, 1, 1)
    assert positional == r
    d = r.to_dict()
    assert UPSTREAM_RESULT_KEYS <= set(d) and {"peak_exact", "peak_lower_bound", "peak_upper_bound"} <= set(d)
    assert d["memory_before"] == snap.to_dict()  # nested snapshots as dicts, as upstream
    kept = ProfileResult(
        "g", 0.0, snap, snap, peak, 0, 0, 0, 0, peak_exact=False, peak_lower_bound=12, peak_upper_bound=25
    )
    assert (kept.peak_exact, kept.peak_lower_bound, kept.peak_upper_bound) == (False, 12, 25)


# --- 3. profiler.device --------------------------------------------------------------------


def test_3_device_is_a_torch_device_with_type_and_index() -> None:
    torch = pytest.importorskip("torch")
    p = GPUMemoryProfiler("cuda:1", cuda_api=ReplayCuda(devices=2), host_api=FixedHost())
    assert isinstance(p.device, torch.device) and (p.device.type, p.device.index) == ("cuda", 1)
    assert str(p.device) == "cuda:1" and p.get_summary()["device"] == "cuda:1"
    c = cpu_profiler()
    assert isinstance(c.device, torch.device) and c.device.type == "cpu" and c.device.index is None


def test_3_without_torch_the_cpu_device_is_a_lookalike() -> None:
    code = (
        "import sys\n"
        "from gpumemd import GPUMemoryProfiler\n"
        "from gpumemd.profiler import Device\n"
        "p = GPUMemoryProfiler(device='cpu')\n"
        "assert type(p.device) is Device and p.device.type == 'cpu' and p.device.index is None\n"
        "assert str(p.device) == 'cpu' and p.device == Device('cpu')\n"
        "assert 'torch' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)
    d = Device("cuda", 2)
    assert str(d) == "cuda:2" and d == Device("cuda", 2) and d != Device("cuda", 1) and d != "cuda:2"
    assert repr(d) == "device(type='cuda', index=2)" and len({d, Device("cuda", 2)}) == 1
    torch = pytest.importorskip("torch")
    assert d == torch.device("cuda:2")


# --- 4. results / snapshots: bounded, but list-like ----------------------------------------


def test_4_results_and_snapshots_compare_and_slice_like_lists() -> None:
    p = cpu_profiler(max_results=3, max_snapshots=4)
    assert p.results == [] and [] == p.snapshots and not p.results and len(p.snapshots) == 0
    assert p.results[:10] == [] and p.snapshots[-5:] == []
    for i in range(5):
        p.profile_function(lambda: None) if i % 2 else p.profile_function(len, "")
    assert len(p.results) == 3 and len(p.snapshots) == 4  # the bounds hold
    assert p.results[-1].function_name == "len" and p.results[:10] == list(p.results)
    assert [r.function_name for r in p.results] == ["len", "<lambda>", "len"]
    assert p.results[0:2] == list(p.results)[:2] and p.results[::-1] == list(reversed(p.results))
    assert p.snapshots[-1] is p.results[-1].memory_after
    assert isinstance(p.results[:1], list) and p.results != [] and p.results != "abc"
    assert p.results + [] == list(p.results) and [] + p.results == list(p.results)
    del p.results[:]
    assert p.results == [] and p.results.maxlen == 3


def test_4_iterating_while_the_monitor_appends_never_breaks() -> None:
    p = cpu_profiler(max_snapshots=50)
    p.start_monitoring(interval=0.0005)
    try:
        deadline = time.monotonic() + 10
        while len(p.snapshots) < 50 and time.monotonic() < deadline:
            sum(1 for _ in p.snapshots)  # a deque would raise "mutated during iteration"
        seen = [s.operation for s in p.snapshots[:10]]
    finally:
        p.stop_monitoring()
    assert len(p.snapshots) == 50 and seen == ["monitor"] * 10


ops = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(0, 99)),
        st.tuples(st.just("extend"), st.lists(st.integers(0, 99), max_size=5)),
        st.tuples(st.just("pop"), st.integers(-3, 2)),
        st.tuples(st.just("del"), st.integers(-4, 4), st.integers(-4, 4)),
        st.tuples(st.just("clear")),
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    maxlen=st.integers(1, 6),
    script=ops,
    start=st.integers(-8, 8) | st.none(),
    stop=st.integers(-8, 8) | st.none(),
    step=st.sampled_from([None, 1, 2, -1, -2]),
)
def test_4_bounded_list_behaves_as_a_list_that_keeps_its_last_maxlen_items(
    maxlen: int, script: list[tuple[Any, ...]], start: int | None, stop: int | None, step: int | None
) -> None:
    b: BoundedList[int] = BoundedList(maxlen)
    model: list[int] = []
    for op in script:
        if op[0] == "append":
            b.append(op[1])
            model.append(op[1])
        elif op[0] == "extend":
            b.extend(op[1])
            model.extend(op[1])
        elif op[0] == "pop":
            if -len(model) <= op[1] < len(model):
                assert b.pop(op[1]) == model.pop(op[1])
        elif op[0] == "del":
            del b[op[1] : op[2]]
            del model[op[1] : op[2]]
        else:
            b.clear()
            model.clear()
        del model[:-maxlen]  # the ring buffer keeps the newest maxlen
        assert b == model and len(b) == len(model) and list(b) == model
    assert b[start:stop:step] == model[start:stop:step]
    if model:
        assert b[-1] == model[-1] and b[0] == model[0]
    assert repr(b) == repr(model)


# --- 5. function names ---------------------------------------------------------------------


def test_5_closures_from_one_factory_keep_their_own_names() -> None:
    p = cpu_profiler()
    for size_mb in (32, 64, 96):

        def allocate(sz: int = size_mb) -> int:
            return len(bytearray(sz * 1024))

        allocate.__name__ = f"tensor_alloc_{size_mb}mb"
        p.profile_function(allocate)
    s = p.get_summary()
    assert set(s["function_summaries"]) == {"tensor_alloc_32mb", "tensor_alloc_64mb", "tensor_alloc_96mb"}
    assert all(f["call_count"] == 1 for f in s["function_summaries"].values())
    r = p.results[-1]
    assert r.function_name == "tensor_alloc_96mb" and r.memory_before.operation == "before_tensor_alloc_96mb"
    assert (
        r.qualified_name
        == f"{__name__}.test_5_closures_from_one_factory_keep_their_own_names.<locals>.allocate"
    )

    def outer() -> Any:
        def simple_function() -> None:
            return None

        return simple_function

    assert (
        p.profile_function(outer()).function_name == "simple_function"
    )  # not outer.<locals>.simple_function


def test_5_profile_function_drops_the_return_value_before_the_after_reading() -> None:
    """The method returns the result, not the value: a returned tensor is freed inside the
    call (the seed's example `my_function` relies on it); the decorator keeps the value."""
    refs: list[weakref.ref[Any]] = []
    alive_at_read: list[bool] = []

    class Payload:
        pass

    def make() -> Payload:
        obj = Payload()
        refs.append(weakref.ref(obj))
        return obj

    class SpyHost(FixedHost):
        def process_rss(self, pid: int) -> int:
            alive_at_read.append(bool(refs) and refs[-1]() is not None)
            return self.rss

    p = GPUMemoryProfiler("cpu", track_tensors=False, host_api=SpyHost())
    alive_at_read.clear()
    p.profile_function(make)
    assert alive_at_read == [False, False]  # before: not made yet; after: already dropped
    alive_at_read.clear()
    kept = profile_function(make, profiler=p)()
    assert alive_at_read == [False, True] and isinstance(kept, Payload)


# --- 6. zeros, not None --------------------------------------------------------------------


def test_6_untracked_counts_are_zero_with_a_flag() -> None:
    r = cpu_profiler(track_tensors=False).profile_function(lambda: None)
    assert r.tensors_created == 0 and r.tensors_deleted == 0 and not r.tensors_tracked
    assert not r.tensors_created > 0  # what upstream code writes
    p = GPUMemoryProfiler(
        0, track_tensors=False, track_cpu_memory=False, cuda_api=ReplayCuda(), host_api=FixedHost()
    )
    r = p.profile_function(lambda: None)
    for snap in (r.memory_before, r.memory_after, r.memory_peak):
        assert snap.cpu_memory == 0 and not snap.cpu_memory_tracked
    on = GPUMemoryProfiler(0, cuda_api=ReplayCuda(), host_api=FixedHost(rss=5 * MiB)).take_snapshot()
    assert on.cpu_memory == 5 * MiB and on.cpu_memory_tracked


# --- 7. execution_time includes the GPU work -----------------------------------------------


def test_7_synchronizes_before_and_after_by_default() -> None:
    api = SyncingReplay()
    p = GPUMemoryProfiler(0, track_tensors=False, cuda_api=api, host_api=FixedHost())
    assert p.synchronize
    api.syncs.clear()
    r = p.profile_function(api.launch, 0.02)  # returns at once; the "GPU" still has 20 ms to do
    assert api.syncs == [0, 0] and r.execution_time >= 0.02

    off = GPUMemoryProfiler(0, track_tensors=False, synchronize=False, cuda_api=api, host_api=FixedHost())
    api.syncs.clear()
    r = off.profile_function(api.launch, 0.02)
    assert api.syncs == [] and not off.synchronize and r.execution_time < 0.02  # the launch only
    api.queued = 0.0


def test_7_each_reading_precedes_its_synchronize_and_the_time_still_holds_the_gpu_work() -> None:
    # The readings overlap the device's queued work (the counters move only in host calls:
    # tests/gpu/test_profiler_gpu.py checks that a synchronize moves none); the time is
    # taken after the synchronize, so it still covers the work the call left queued.
    api = SyncingReplay()
    p = GPUMemoryProfiler(0, track_tensors=False, cuda_api=api, host_api=FixedHost())
    api.reads, api.reads_at_sync = 0, []
    api.launch(0.01)  # the program's earlier work, still queued when the call begins
    grown = shifted(api.stats, current=MiB, allocated=MiB, allocs=1)

    def step() -> None:
        api.set(grown)
        api.launch(0.02)

    r = p.profile_function(step)
    assert api.reads_at_sync == [1, 2]  # before-reading, synchronize, call, after-reading, synchronize
    assert r.execution_time >= 0.02
    assert r.memory_after.allocated_memory == grown["allocated_bytes"]["all"]["current"]
    assert r.memory_allocated == MiB and r.allocations == 1


def test_7_a_heap_walk_waits_for_the_device_first() -> None:
    # track_tensors=True walks the heap after the call (milliseconds): never inside the time
    pytest.importorskip("torch")
    api = SyncingReplay()
    p = GPUMemoryProfiler(0, track_tensors=True, cuda_api=api, host_api=FixedHost())
    api.reads, api.reads_at_sync = 0, []
    r = p.profile_function(api.launch, 0.02)
    assert api.reads_at_sync == [1, 1] and r.execution_time >= 0.02


def test_7_work_queued_before_the_call_is_not_counted() -> None:
    api = SyncingReplay()
    p = GPUMemoryProfiler(0, track_tensors=False, cuda_api=api, host_api=FixedHost())
    api.launch(0.03)  # the program's own earlier work
    r = p.profile_function(lambda: None)
    assert r.execution_time < 0.03


def test_7_never_synchronizes_an_uninitialised_device_or_after_an_error() -> None:
    api = SyncingReplay(initialized=False)
    p = GPUMemoryProfiler(0, track_tensors=False, cuda_api=api, host_api=FixedHost())
    p.profile_function(lambda: None)
    assert api.syncs == []  # a synchronize would create the CUDA context the program never asked for
    api.initialized = True
    with pytest.raises(ValueError):
        p.profile_function(_raise)
    assert api.syncs == [0]  # before only: after a failure a synchronize may raise a CUDA error again


def _raise() -> None:
    raise ValueError("x")


def test_7_cpu_has_nothing_to_synchronize() -> None:
    assert not cpu_profiler().synchronize and not cpu_profiler(synchronize=True).synchronize


# --- 8. start_monitoring twice ---------------------------------------------------------------


def test_8_a_second_start_monitoring_is_ignored(caplog: pytest.LogCaptureFixture) -> None:
    p = cpu_profiler()
    caplog.set_level(logging.DEBUG, logger="gpumemd.profiler")
    p.start_monitoring(interval=0.01)
    try:
        first = p._monitor
        p.start_monitoring(interval=0.5)
        assert p._monitor is first and p.monitoring
        assert "already running" in caplog.text
        names = [t.name for t in threading.enumerate() if t.name == "gpumemd-profiler-monitor"]
        assert len(names) == 1
    finally:
        p.stop_monitoring()
    assert not p.monitoring


# --- 9. get_summary ----------------------------------------------------------------------


def test_9_empty_summary_has_the_message_and_every_key() -> None:
    s = cpu_profiler().get_summary()
    assert s["message"] == "No profiling results available"
    assert (
        UPSTREAM_SUMMARY_KEYS <= set(s) and s["total_function_calls"] == 0 and s["function_summaries"] == {}
    )


def test_9_summary_keys_and_meanings() -> None:
    api = ReplayCuda(raw("after_free_256MiB"))
    p = GPUMemoryProfiler(0, track_tensors=False, cuda_api=api, host_api=FixedHost())

    def grow() -> None:  # keeps 3 MiB, with 1 MiB of temporaries
        api.set(shifted(api.stats, current=3 * MiB, allocated=4 * MiB, freed=MiB, allocs=2, frees=1))

    def shrink() -> None:  # frees 1 MiB
        api.set(shifted(api.stats, current=-MiB, freed=MiB, frees=1))

    p.profile_function(grow)
    p.profile_function(grow)
    p.profile_function(shrink)
    p.start_monitoring(interval=10)
    try:
        s = p.get_summary()
    finally:
        p.stop_monitoring()
    assert UPSTREAM_SUMMARY_KEYS <= set(s) and "message" not in s
    assert (s["total_memory_allocated"], s["total_memory_freed"]) == (8 * MiB, 3 * MiB)
    assert s["net_memory_change"] == 5 * MiB  # upstream's meaning: sum of allocated - freed
    assert (
        s["memory_change_from_baseline"] == s["current_memory_usage"] - s["baseline_memory_usage"] == 5 * MiB
    )
    assert s["monitoring_active"] and s["snapshots_collected"] >= 6 and s["device"] == "cuda:0"
    assert s["total_execution_time"] == pytest.approx(sum(r.execution_time for r in p.results))
    g = s["function_summaries"]["grow"]
    assert (
        UPSTREAM_FUNCTION_KEYS <= set(g) and g["total_memory_allocated"] == 8 * MiB and g["call_count"] == 2
    )
    assert not p.get_summary()["monitoring_active"]
    json.dumps(s)


def test_9_function_stats_groups_results_by_name() -> None:
    p = cpu_profiler()
    for _ in range(2):
        p.profile_function(len, "")
    with p.profile_context("block"):
        pass
    fs = p.function_stats
    assert [len(fs["len"]), len(fs["block"])] == [2, 1] and fs["len"][0] is p.results[0]


# --- 10. stack traces, operation names, inactive memory ------------------------------------


def test_10_stack_trace_is_a_string_and_operations_are_named_as_upstream() -> None:
    p = cpu_profiler(collect_stack_traces=True)
    with p.profile_context("block"):
        pass
    r = p.results[-1]
    assert (
        isinstance(r.memory_before.stack_trace, str) and "test_10_stack_trace" in r.memory_before.stack_trace
    )
    ops = (r.memory_before.operation, r.memory_after.operation, r.memory_peak.operation)
    assert ops == ("before_block", "after_block", "peak_block")
    with pytest.raises(ValueError):
        p.profile_function(_raise)
    assert p.results[-1].memory_after.operation == "after__raise_error"  # upstream's name for a failed call


def test_10_inactive_is_the_allocators_inactive_split_and_cached_free_is_reserved_minus_active() -> None:
    stats = raw("after_free_256MiB")
    api = ReplayCuda(stats)
    snap = GPUMemoryProfiler(0, cuda_api=api, host_api=FixedHost()).take_snapshot()
    assert snap.inactive_memory == stats["inactive_split_bytes"]["all"]["current"]
    assert (
        snap.cached_free_memory
        == stats["reserved_bytes"]["all"]["current"] - stats["active_bytes"]["all"]["current"]
    )
    assert snap.cached_free_memory >= snap.inactive_memory  # split blocks are part of what is cached
    cpu = cpu_profiler().take_snapshot()
    assert (cpu.inactive_memory, cpu.cached_free_memory, cpu.device_id) == (0, 0, -1)


# --- 11. module-level conveniences --------------------------------------------------------


def test_11_exported_from_the_package_without_breaking_its_api() -> None:
    assert {
        "start",
        "stop",
        "Agent",
        "GPUMemoryProfiler",
        "ProfileResult",
        "MemorySnapshot",
        "profile_function",
        "profile_context",
    } <= set(gpumemd.__all__)
    assert gpumemd.profile_function is profile_function and gpumemd.profile_context is profile_context


def test_11_decorator_both_forms_return_the_functions_value(fresh_default: None) -> None:
    p = cpu_profiler()

    @profile_function(profiler=p)
    def add(a: int, b: int) -> int:
        return a + b

    @profile_function(name="custom", profiler=p)
    def mul(a: int, b: int) -> int:
        return a * b

    assert add(2, 3) == 5 and mul(2, 3) == 6 and add.__name__ == "add"
    assert [r.function_name for r in p.results] == ["add", "custom"]
    assert add._is_profiled and mul._profile_name == "custom"  # type: ignore[attr-defined]
    with pytest.raises(ZeroDivisionError):
        profile_function(lambda: 1 // 0, profiler=p)()
    assert p.results[-1].error is not None


def test_11_default_profiler_falls_back_to_the_cpu_without_cuda(
    fresh_default: None, caplog: pytest.LogCaptureFixture
) -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA: the default profiler is on it")

    @profile_function
    def step() -> str:
        return "done"

    assert step() == "done"
    default = get_global_profiler()
    assert default.device.type == "cpu" and default.results[-1].function_name == "step"
    assert "profiling CPU memory instead" in caplog.text
    with profile_context("block") as prof:
        pass
    assert prof is default and prof.results[-1].function_name == "block"
    assert get_global_profiler("cuda:0") is default  # made once


def test_11_profile_context_on_a_given_profiler(fresh_default: None) -> None:
    p = cpu_profiler()
    set_global_profiler(p)
    with profile_context("phase") as prof:
        pass
    other = cpu_profiler()
    with profile_context("elsewhere", profiler=other) as prof2:
        pass
    assert prof is p and prof2 is other and other.results[-1].function_name == "elsewhere"


# --- the upstream-style script ------------------------------------------------------------


def test_upstream_style_script_runs_unchanged_on_this_machine() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "upstream-style script: OK" in done.stdout
    assert "tensor_alloc_96mb" in done.stdout
