"""The whole API on device="cpu" (what CI and laptops without a GPU run): real memory, real torch."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gpumemd import GPUMemoryProfiler, MemorySnapshot, ProfileResult
from gpumemd.profiler import sections
from tests.fakes import FixedHost
from tests.helpers import ROOT

torch = pytest.importorskip("torch")

MiB = 1 << 20


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def ones(nbytes: int) -> torch.Tensor:
    return torch.ones(nbytes // 4, dtype=torch.float32)  # ones: pages are touched, so resident


@pytest.fixture
def prof() -> GPUMemoryProfiler:
    return GPUMemoryProfiler(device="cpu", track_tensors=False)


def test_a_kept_allocation_moves_cpu_memory(prof: GPUMemoryProfiler) -> None:
    kept: list[torch.Tensor] = []
    r = prof.profile_function(lambda: kept.append(ones(64 * MiB)))
    assert 0.9 * 64 * MiB <= r.memory_diff() <= 64 * MiB + 16 * MiB
    assert r.memory_after.cpu_memory == r.memory_after.allocated_memory  # CPU: resident memory
    assert r.memory_before.device_id == -1 and r.memory_after.inactive_memory == 0
    assert r.memory_allocated >= 0.9 * 64 * MiB and r.allocations is None
    assert r.peak_memory_usage() >= r.memory_after.allocated_memory


def test_a_temporary_above_the_high_water_mark_gives_an_exact_peak(prof: GPUMemoryProfiler) -> None:
    hwm = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    size = max(0, hwm - rss()) + 64 * MiB  # sure to set a new high-water mark; > glibc's mmap threshold

    def temporary() -> None:
        t = ones(size)
        del t

    r = prof.profile_function(temporary)
    assert r.peak_exact
    assert r.peak_memory_usage() - r.memory_before.allocated_memory >= 0.9 * size
    assert abs(r.memory_diff()) < size / 4  # returned to the system
    assert r.memory_freed >= 0.9 * size


def test_an_exception_is_recorded_and_reraised_unchanged(prof: GPUMemoryProfiler) -> None:
    boom = ValueError("boom")

    def buggy() -> None:
        raise boom

    with pytest.raises(ValueError) as info:
        prof.profile_function(buggy)
    assert info.value is boom
    assert info.traceback[-1].name == "buggy"  # the traceback still ends where it was raised
    last = prof.results[-1]
    assert last.error == "ValueError: boom" and last.function_name == "buggy"
    assert last.memory_after.operation == "after_buggy_error"
    assert prof.get_summary()["function_summaries"][last.function_name]["errors"] == 1


def test_an_exception_in_a_context_is_recorded_and_reraised(prof: GPUMemoryProfiler) -> None:
    with pytest.raises(KeyError):
        with prof.profile_context("lookup") as h:
            {}["missing"]
    assert h.result is prof.results[-1] and h.result.error == "KeyError: 'missing'"


def test_keyboard_interrupt_is_recorded_too(prof: GPUMemoryProfiler) -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prof.profile_function(interrupted)
    assert prof.results[-1].error == "KeyboardInterrupt: "


def test_context_handle_nested_contexts_and_args(prof: GPUMemoryProfiler) -> None:
    with prof.profile_context("outer") as outer:
        with prof.profile_context("inner") as inner:
            x = ones(48 * MiB)
    assert inner.result is not None and outer.result is not None
    assert inner.result.memory_diff() >= 0.9 * 48 * MiB
    assert outer.result.memory_diff() >= inner.result.memory_diff() - MiB
    assert [r.function_name for r in prof.results] == ["inner", "outer"]
    del x

    def add(a: int, b: int, *, scale: int) -> int:
        return (a + b) * scale

    assert isinstance(prof.profile_function(add, 1, 2, scale=3), ProfileResult)


def test_summary_keys_and_aggregates() -> None:
    prof = GPUMemoryProfiler(device="cpu", track_tensors=False, max_results=3)
    kept = []
    for _ in range(5):
        prof.profile_function(lambda: kept.append(ones(MiB)))
    prof.profile_function(time.sleep, 0.01)
    s = prof.get_summary()
    assert {"total_functions_profiled", "total_function_calls", "peak_memory_usage", "net_memory_change",
            "function_summaries", "leak_hints", "device"} <= set(s)
    assert s["total_functions_profiled"] == 2 and s["total_function_calls"] == 6
    assert len(prof.results) == 3  # the ring buffer is bounded; the summary still covers every call
    lam = s["function_summaries"]["<lambda>"]
    assert {"call_count", "avg_time", "avg_memory_allocated", "peak_memory"} <= set(lam)
    assert lam["call_count"] == 5 and lam["peak_memory"] <= s["peak_memory_usage"]
    assert s["function_summaries"]["sleep"]["avg_time"] >= 0.009
    # issue 16: net_memory_change is the seed's sum of allocated - freed over calls; now minus
    # the baseline has its own key.
    assert s["net_memory_change"] == s["total_memory_allocated"] - s["total_memory_freed"]
    assert s["memory_change_from_baseline"] == s["current_memory_usage"] - s["baseline_memory_usage"]
    json.dumps(s)  # plain JSON types only


def test_snapshots_ring_buffer_is_bounded_while_monitoring() -> None:
    prof = GPUMemoryProfiler(device="cpu", track_tensors=False, max_snapshots=5)
    prof.start_monitoring(interval=0.005)
    try:
        thread = prof._monitor
        prof.start_monitoring(interval=0.005)  # issue 16: a second start is ignored, as upstream's
        assert prof._monitor is thread
        deadline = time.monotonic() + 10
        first = None
        while time.monotonic() < deadline:  # until the buffer is full and has rolled over
            if len(prof.snapshots) == 5:
                first = first or prof.snapshots[0].timestamp
                if prof.snapshots[0].timestamp > first:
                    break
            time.sleep(0.005)
        assert prof.monitoring
    finally:
        prof.stop_monitoring()
    assert not prof.monitoring and len(prof.snapshots) == 5
    assert prof.snapshots[0].timestamp > (first or 0) and all(
        s.operation == "monitor" for s in prof.snapshots
    )
    prof.stop_monitoring()  # idempotent
    with pytest.raises(ValueError):
        prof.start_monitoring(interval=0)


def test_monitoring_sees_memory_move() -> None:
    prof = GPUMemoryProfiler(device="cpu", track_tensors=False)
    prof.start_monitoring(interval=0.002)
    try:
        low = prof.take_snapshot().allocated_memory
        x = ones(64 * MiB)
        n = len(prof.snapshots)
        deadline = time.monotonic() + 10
        while len(prof.snapshots) < n + 3 and time.monotonic() < deadline:
            time.sleep(0.002)
    finally:
        prof.stop_monitoring()
    assert max(s.allocated_memory for s in prof.snapshots) >= low + 0.9 * 64 * MiB
    del x


def test_clear_results_starts_over(prof: GPUMemoryProfiler) -> None:
    prof.profile_function(ones, MiB)
    old_baseline = prof.baseline
    prof.clear_results()
    assert len(prof.results) == 0 and len(prof.snapshots) == 0
    s = prof.get_summary()
    assert s["total_function_calls"] == 0 and s["function_summaries"] == {} and s["peak_memory_usage"] == 0
    assert prof.baseline.timestamp >= old_baseline.timestamp and prof.baseline.operation == "baseline"


def test_leak_hint_on_cpu() -> None:
    prof = GPUMemoryProfiler(device="cpu", track_tensors=False)
    leaked: list[torch.Tensor] = []

    # Both sizes above glibc's largest dynamic mmap threshold (32 MiB on 64-bit): each block is
    # its own mapping, so RSS grows by the leak and falls on free whatever earlier tests freed
    # (a freed mapping raises the threshold; an 8 MiB leak then came from reused heap and read low)
    def leaky_step() -> None:
        leaked.append(ones(36 * MiB))

    def clean_step() -> None:
        t = ones(48 * MiB)
        del t

    for _ in range(6):
        prof.profile_function(leaky_step)
        prof.profile_function(clean_step)
    s = prof.get_summary()
    (hint,) = s["leak_hints"]
    assert hint["function"].endswith("leaky_step") and 32 * MiB <= hint["growth_per_call"] <= 40 * MiB
    assert not s["function_summaries"]["clean_step"]["leak_suspected"]


def test_tensor_tracking_counts_created_and_deleted() -> None:
    prof = GPUMemoryProfiler(device="cpu", track_tensors=True)
    old = [torch.zeros(3), torch.zeros(3)]
    kept: list[torch.Tensor] = []

    def churn() -> None:
        old.clear()
        kept.extend(torch.ones(2) for _ in range(3))
        kept.append(torch.nn.Parameter(torch.ones(1)))  # subclasses count too

    r = prof.profile_function(churn)
    assert (r.tensors_created, r.tensors_deleted) == (4, 2)
    untracked = GPUMemoryProfiler(device="cpu", track_tensors=False).profile_function(churn)
    # issue 16: 0 when not tracked, as upstream; the flag tells "not measured"
    assert (untracked.tensors_created, untracked.tensors_deleted, untracked.tensors_tracked) == (0, 0, False)
    assert r.tensors_tracked


def test_stack_traces_when_asked() -> None:
    prof = GPUMemoryProfiler(device="cpu", track_tensors=False, collect_stack_traces=True)
    r = prof.profile_function(lambda: None)
    trace = r.memory_before.stack_trace
    assert isinstance(trace, str)  # one string, as upstream (issue 16)
    assert (
        "test_stack_traces_when_asked" in trace.splitlines()[-2]
        and "gpumemd/profiler/profiler.py" not in trace
    )
    assert GPUMemoryProfiler(device="cpu").take_snapshot().stack_trace is None


def test_stack_traces_through_the_conveniences_leave_out_every_profiler_module() -> None:
    # the decorator and the default profiler live in conveniences.py, the stack's reader in
    # callers.py: frames of neither (nor of profiler.py) are the user's
    from gpumemd.profiler import profile_context, profile_function

    prof = GPUMemoryProfiler(device="cpu", track_tensors=False, collect_stack_traces=True)

    @profile_function(profiler=prof)
    def step() -> None:
        pass

    step()
    with profile_context("block", profiler=prof):
        pass
    assert len(prof.results) == 2
    for r in prof.results:
        trace = r.memory_before.stack_trace
        assert isinstance(trace, str)
        last = trace.splitlines()[-2]
        assert "test_stack_traces_through_the_conveniences" in last, trace
        assert "gpumemd/profiler/" not in trace, trace


def test_cpu_memory_flag_on_a_gpu_profiler_is_separate() -> None:
    from tests.fakes import ReplayCuda

    off = GPUMemoryProfiler(0, track_cpu_memory=False, cuda_api=ReplayCuda(), host_api=FixedHost())
    snap = off.take_snapshot()
    assert snap.cpu_memory == 0 and not snap.cpu_memory_tracked  # issue 16: 0, with a flag


def test_device_errors_on_this_machine() -> None:
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    for device in ("cuda:0", 0, None, torch.device("cuda:0"), "cuda"):
        with pytest.raises(RuntimeError, match="no CUDA device is visible"):
            GPUMemoryProfiler(device=device)
    with pytest.raises(ValueError, match="expected 'cpu'"):
        GPUMemoryProfiler(device="gpu0")
    with pytest.raises(ValueError, match="0 or more"):
        GPUMemoryProfiler(device=-1)
    with pytest.raises(TypeError):
        GPUMemoryProfiler(device=True)
    with pytest.raises(ValueError):
        GPUMemoryProfiler(device=torch.device("meta"))
    assert str(GPUMemoryProfiler(device=torch.device("cpu")).device) == "cpu"


def test_json_export_round_trips(prof: GPUMemoryProfiler, tmp_path: Path) -> None:
    prof.profile_function(ones, MiB)
    path = tmp_path / "session.json"
    text = prof.to_json(path, indent=1)
    data = json.loads(path.read_text())
    assert json.loads(text) == data
    assert {"device", "baseline", "summary", "results", "snapshots"} <= set(data)
    r = data["results"][0]
    assert {
        "memory_allocated",
        "memory_freed",
        "memory_diff",
        "peak_memory_usage",
        "execution_time",
        "memory_before",
        "memory_after",
        "memory_peak",
        "peak_exact",
    } <= set(r)
    assert MemorySnapshot.from_dict(r["memory_after"]) == prof.results[0].memory_after
    assert "snapshots" not in prof.to_dict(snapshots=False)


def test_sections_recorded_and_rendered() -> None:
    prof = GPUMemoryProfiler(device="cpu", track_tensors=False)
    x = None
    for _ in range(2):
        with prof.profile_context("data_loading"):
            x = ones(16 * MiB)
    stats = sections.REGISTRY.get("data_loading", "cpu")
    assert stats is not None and stats.calls == 2 and stats.peak_bytes > 0
    fams = {f.name: f for f in sections.families()}
    (calls,) = fams["gpumemd_section_calls"].samples
    assert calls.labels == {"section": "data_loading", "gpu": ""} and calls.value == 2
    GPUMemoryProfiler(device="cpu", publish_sections=False).profile_function(lambda: None)
    assert sections.REGISTRY.get("<lambda>", "cpu") is None
    del x


def test_plot_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    prof = GPUMemoryProfiler(device="cpu", track_tensors=False)
    prof.start_monitoring(interval=0.005)
    try:
        with prof.profile_context("alloc"):
            x = ones(32 * MiB)
            time.sleep(0.03)
        with prof.profile_context("free"):
            del x
            time.sleep(0.03)
    finally:
        prof.stop_monitoring()
    out = prof.save_plot(tmp_path / "session.png")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 5000


def test_plot_without_matplotlib_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    with pytest.raises(ImportError, match=r"pip install matplotlib"):  # a command that works: no PyPI gpumemd
        GPUMemoryProfiler(device="cpu").save_plot(tmp_path / "x.png")


def test_threads_profiling_at_once_lose_nothing() -> None:
    prof = GPUMemoryProfiler(device="cpu", track_tensors=False, track_cpu_memory=False)

    def work() -> None:
        for _ in range(50):
            prof.profile_function(len, ())

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert prof.get_summary()["function_summaries"]["len"]["call_count"] == 200


def test_cpu_profiling_needs_no_torch_and_importing_gpumemd_imports_none() -> None:
    code = (
        "import sys, gpumemd\n"
        "assert 'torch' not in sys.modules\n"
        "from gpumemd import GPUMemoryProfiler, ProfileResult, MemorySnapshot\n"
        "p = GPUMemoryProfiler(device='cpu')\n"
        "r = p.profile_function(bytearray, 1 << 20)\n"
        "assert r.tensors_created == 0 and p.get_summary()['total_function_calls'] == 1\n"
        "assert 'torch' not in sys.modules, 'torch was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)
