"""GPUMemoryProfiler on a real GPU: the seed's examples and an upstream-style script
(tests/unit/profiler/scripts/upstream_style.py) unchanged on cuda:0, execution_time that includes
the GPU work, exact figures for known tensor sizes, max_memory_allocated() untouched (its
overhead: bench/profiler_bench.py). Each test is bounded (timeout_s, tests/gpu/conftest.py).

Run: python3 -m pytest tests/gpu -k profiler   (figures: $GPUMEMD_RESULTS/profiler-gpu.json)
"""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

torch = pytest.importorskip("torch")

from gpumemd import GPUMemoryProfiler  # noqa: E402
from gpumemd.profiler import sections, set_global_profiler  # noqa: E402

MiB = 1 << 20
_written: set[Path] = set()


def record(results_dir: Path, key: str, value: Any) -> None:
    """Add one test's figures to profiler-gpu.json (started afresh by each run)."""
    path = results_dir / "profiler-gpu.json"
    data = json.loads(path.read_text()) if path in _written and path.exists() else {
        "torch": torch.__version__, "device": torch.cuda.get_device_name(0)}
    data[key] = value
    path.write_text(json.dumps(data, indent=1, sort_keys=True))
    _written.add(path)


@pytest.fixture(autouse=True)
def _no_peak_reset(monkeypatch: pytest.MonkeyPatch) -> None:
    """The profiler must never reset peak statistics: make any attempt fail loudly."""
    def refuse(*a: object, **k: object) -> None:
        raise AssertionError("peak statistics were reset")

    monkeypatch.setattr(torch.cuda, "reset_peak_memory_stats", refuse)
    monkeypatch.setattr(torch.cuda.memory, "reset_peak_memory_stats", refuse)
    monkeypatch.setattr(torch._C, "_cuda_resetPeakMemoryStats", refuse, raising=False)
    monkeypatch.setattr(torch.cuda, "reset_max_memory_allocated", refuse, raising=False)


@pytest.fixture
def empty_cache() -> None:
    """Exact byte counts need no odd-sized cached blocks around: a cached free block that
    is less than 1 MiB larger than a request is handed out whole (not split). Releasing the
    cache changes neither allocated memory nor any peak."""
    torch.cuda.synchronize()
    torch.cuda.empty_cache()


def mb(n: int) -> torch.Tensor:
    return torch.empty(n, dtype=torch.uint8, device="cuda:0")


# --- the seed's examples, as written (import path gpumemd) ---------------------------------

@pytest.mark.slow  # the seed's examples: the CPU suite runs them too: the fast tier stays under 90 s
@pytest.mark.timeout_s(20)
def test_profiler_seed_examples_unchanged(capsys: pytest.CaptureFixture[str], results_dir: Path) -> None:
    def train_step(model, data):  # type: ignore[no-untyped-def]
        output = model(data)
        loss = output.sum()
        loss.backward()
        return loss

    profiler = GPUMemoryProfiler(device="cuda:0")

    model = torch.nn.Linear(1000, 1000).cuda()
    data = torch.randn(32, 1000).cuda()

    result = profiler.profile_function(train_step, model, data)

    print(f"Memory allocated: {result.memory_allocated / 1024**2:.2f} MB")
    print(f"Peak memory: {result.peak_memory_usage() / 1024**2:.2f} MB")
    print(f"Execution time: {result.execution_time:.4f}s")

    with profiler.profile_context(name="data_loading"):
        data = torch.randn(1000, 1000).cuda()
        processed = data @ data.T
        result = processed.softmax(dim=-1)

    dataloader = [torch.randn(32, 1000).cuda() for _ in range(4)]

    def train_epoch(model, dataloader):  # type: ignore[no-untyped-def]
        for batch in dataloader:
            train_step(model, batch)
        time.sleep(0.02)

    profiler.start_monitoring(interval=0.1)  # Sample every 100ms

    # Run your training loop
    for epoch in range(10):  # noqa: B007
        train_epoch(model, dataloader)

    profiler.stop_monitoring()

    # Access collected snapshots
    print(f"Collected {len(profiler.snapshots)} snapshots")

    profiler = GPUMemoryProfiler(
        device="cuda:0",              # GPU device to profile
        track_tensors=True,           # Count tensor creation/deletion
        track_cpu_memory=True,        # Track CPU memory alongside GPU
        collect_stack_traces=False    # Collect stack traces (expensive)
    )

    def my_function():  # type: ignore[no-untyped-def]
        return torch.ones(1 << 20, device="cuda")

    result = profiler.profile_function(my_function)
    r = result
    # The returned tensor is dropped by profile_function: allocated and freed inside the call.
    # (Not exact here: live 4 MB tensors share 20 MiB segments whose odd-sized free
    # remainders may be handed out whole; exact sizes are tested below on an empty cache.)
    assert 4 * MiB <= r.memory_allocated < 5 * MiB and r.memory_freed == r.memory_allocated
    assert r.memory_diff() == 0
    assert r.peak_memory_usage() >= r.memory_after.allocated_memory
    assert (r.tensors_created, r.tensors_deleted) == (0, 0)  # the returned tensor is dropped
    snapshot = result.memory_after
    assert snapshot.device_id == 0 and snapshot.reserved_memory >= snapshot.allocated_memory
    # issue 16: inactive_memory is the allocator's inactive-split figure, as upstream reports it
    # (read next to torch's own: the old `result` tensor was freed since the snapshot above)
    now = profiler.take_snapshot()
    assert now.inactive_memory == torch.cuda.memory_stats(0)["inactive_split_bytes.all.current"]
    assert now.max_memory_allocated == torch.cuda.max_memory_allocated(0)
    assert snapshot.cached_free_memory == snapshot.reserved_memory - snapshot.active_memory
    assert snapshot.cpu_memory and snapshot.operation == "after_my_function"

    summary = profiler.get_summary()

    print(f"Total functions profiled: {summary['total_functions_profiled']}")
    print(f"Total function calls: {summary['total_function_calls']}")
    print(f"Peak memory usage: {summary['peak_memory_usage'] / 1024**2:.2f} MB")
    print(f"Net memory change: {summary['net_memory_change'] / 1024**2:.2f} MB")

    # Per-function statistics
    for func_name, stats in summary['function_summaries'].items():
        print(f"{func_name}:")
        print(f"  Calls: {stats['call_count']}")
        print(f"  Avg time: {stats['avg_time']:.4f}s")
        print(f"  Avg memory: {stats['avg_memory_allocated'] / 1024**2:.2f} MB")
        print(f"  Peak memory: {stats['peak_memory'] / 1024**2:.2f} MB")

    # Peak memory is reset before each profile
    result = profiler.profile_function(my_function)

    # Get peak memory that occurred during this specific execution
    peak = result.peak_memory_usage()
    assert peak >= result.memory_before.allocated_memory + 4 * MiB

    def buggy_function():  # type: ignore[no-untyped-def]
        x = mb(8 * MiB)  # noqa: F841
        raise RuntimeError("bug")

    with pytest.raises(RuntimeError, match="bug"):
        try:
            result = profiler.profile_function(buggy_function)
        except Exception:
            # Memory snapshot was still captured
            print("Function failed but memory was tracked")
            # Result is stored in profiler.results
            last_result = profiler.results[-1]
            print(f"Memory before error: {last_result.memory_after.allocated_memory}")
            raise
    failed = profiler.results[-1]
    assert 8 * MiB <= failed.memory_allocated < 9 * MiB and failed.error == "RuntimeError: bug"

    profiler.clear_results()
    assert not profiler.results

    kept = []

    def create_tensors():  # type: ignore[no-untyped-def]
        kept.extend(torch.ones(16, device="cuda") for _ in range(5))

    profiler = GPUMemoryProfiler(track_tensors=True)
    result = profiler.profile_function(create_tensors)

    print(f"Tensors created: {result.tensors_created}")
    print(f"Tensors deleted: {result.tensors_deleted}")
    assert (result.tensors_created, result.tensors_deleted) == (5, 0)

    # All of these work
    profiler = GPUMemoryProfiler(device="cuda:0")
    profiler = GPUMemoryProfiler(device=0)
    profiler = GPUMemoryProfiler(device=torch.device("cuda:0"))
    profiler = GPUMemoryProfiler(device=None)  # Auto-detect current device
    assert profiler.device == torch.device(f"cuda:{torch.cuda.current_device()}")
    assert profiler.device.index == torch.cuda.current_device()
    with pytest.raises(ValueError, match="does not exist"):
        GPUMemoryProfiler(device=torch.cuda.device_count())

    out = capsys.readouterr().out
    assert "Collected " in out and "Tensors created: 5" in out
    record(results_dir, "seed_examples_output", out.splitlines())


# --- issue 16: an upstream-style script, and timing that includes the GPU work ------------

@pytest.fixture
def fresh_default() -> Iterator[None]:
    set_global_profiler(None)
    yield
    set_global_profiler(None)


@pytest.fixture(scope="module")
def optimizer_imports() -> None:
    """An optimizer's first step imports torch._dynamo and friends: seconds on a fresh
    machine whose .pyc caches are cold. Done once here, before the test's time limit
    starts (module fixtures come before the per-test one), so the limit bounds the profiler."""
    w = torch.zeros(1, device="cuda:0", requires_grad=True)
    w.sum().backward()
    torch.optim.Adam([w]).step()
    torch.cuda.synchronize()


@pytest.mark.slow  # an optimizer's first step imports torch._dynamo: seconds; the rest of this file is fast
@pytest.mark.timeout_s(20)
def test_upstream_style_script_unchanged_on_cuda(capsys: pytest.CaptureFixture[str], results_dir: Path,
                                                  optimizer_imports: None, fresh_default: None) -> None:
    """The script CI runs on the CPU, here in this process (so the no-peak-reset guard
    watches it too): its decorators' default profiler lands on the current CUDA device."""
    path = Path(__file__).resolve().parent.parent / "unit" / "profiler" / "scripts" / "upstream_style.py"
    spec = importlib.util.spec_from_file_location("upstream_style", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.device.type == "cuda"
    module.main()
    out = capsys.readouterr().out
    assert "upstream-style script: OK" in out and "device: cuda" in out
    record(results_dir, "upstream_style_output", out.splitlines())


@pytest.mark.timeout_s(20)
def test_execution_time_includes_the_gpu_work(results_dir: Path) -> None:
    """A ~50 ms loop of matmuls the function only launches: with the default (synchronize)
    execution_time covers the kernels as CUDA events time them; with synchronize=False it
    is the launch cost only."""
    a = torch.randn(4096, 4096, device="cuda:0")
    a @ a  # cuBLAS handle and workspace, outside the timed calls
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        a @ a
    end.record()
    end.synchronize()
    n = max(1, min(400, round(50 / (start.elapsed_time(end) / 5))))  # 400 launches stay well inside the queue
    events: list[tuple[Any, Any]] = []

    def matmul_loop() -> None:
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(n):
            a @ a
        e.record()
        events.append((s, e))

    def kernel_seconds() -> float:
        s, e = events[-1]
        e.synchronize()
        return float(s.elapsed_time(e)) / 1e3

    figures: dict[str, Any] = {"matmuls": n}
    synced = GPUMemoryProfiler("cuda:0", track_tensors=False)
    r = synced.profile_function(matmul_loop)
    k = kernel_seconds()
    # The host interval holds the events' interval: begun before the first, ended after the last.
    assert r.execution_time >= k - 1e-4 and k >= 0.02, (r.execution_time, k)
    figures["sync_default"] = {"execution_time_s": r.execution_time, "kernels_s": k}
    with synced.profile_context("block"):
        matmul_loop()
    k = kernel_seconds()
    assert synced.results[-1].execution_time >= k - 1e-4
    figures["sync_default_context"] = {"execution_time_s": synced.results[-1].execution_time, "kernels_s": k}

    lazy = GPUMemoryProfiler("cuda:0", track_tensors=False, synchronize=False)
    r = lazy.profile_function(matmul_loop)
    k = kernel_seconds()
    figures["sync_off"] = {"execution_time_s": r.execution_time, "kernels_s": k}
    assert r.execution_time < k, figures  # the launches only
    torch.cuda.synchronize()
    record(results_dir, "execution_time_vs_kernels", figures)


# --- issue 39: each reading before its synchronize ---------------------------------------

def _sleep_cycles(seconds: float) -> int:
    """torch.cuda._sleep cycles that keep the GPU busy about `seconds`."""
    torch.cuda._sleep(1000)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    torch.cuda._sleep(10_000_000)
    torch.cuda.synchronize()
    return int(seconds * 10_000_000 / (time.perf_counter() - t0))


@pytest.mark.timeout_s(20)
def test_a_synchronize_moves_no_allocator_counter(results_dir: Path, empty_cache: None) -> None:
    """The profiler reads the allocator before it synchronizes (the read overlaps the GPU's
    queued work): exact only if a synchronize moves no counter. With work queued on two
    streams, a block freed while another stream still uses it (record_stream: its free is
    deferred) and an allocation freed at once, torch's whole statistics dict reads the same
    before and after a synchronize; and a profiled call that leaves such work queued
    reports torch's own figures of after the synchronize, its exact peak, and a time that
    covers its kernels."""
    cycles = _sleep_cycles(0.05)
    side = torch.cuda.Stream()
    warm = [mb(64 * MiB), mb(32 * MiB)]  # cached blocks: no cudaMalloc (which may wait) below
    del warm
    with torch.cuda.stream(side):
        torch.cuda._sleep(cycles)
    torch.cuda._sleep(cycles)
    x = mb(64 * MiB)
    x.record_stream(side)
    del x  # freed now, reusable once `side` is done: allocated drops now, active stays until then
    y = mb(32 * MiB)
    del y
    pending = not side.query() and not torch.cuda.current_stream().query()
    before = torch._C._cuda_memoryStats(0)
    torch.cuda.synchronize()
    after = torch._C._cuda_memoryStats(0)
    assert pending, "the GPU work was done before the read: the test saw nothing queued"
    assert before == after

    torch.cuda.empty_cache()
    warm = [mb(128 * MiB), mb(16 * MiB)]  # as above, and each size reused whole: exact counts
    del warm
    p = GPUMemoryProfiler("cuda:0", track_tensors=False)
    kept = []
    events: list[Any] = []

    def queued() -> None:
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        with torch.cuda.stream(side):
            torch.cuda._sleep(cycles)
        torch.cuda.current_stream().wait_stream(side)
        t = mb(128 * MiB)
        t.record_stream(side)
        del t
        kept.append(mb(16 * MiB))
        e.record()
        events.append((s, e))

    cur = torch.cuda.memory_allocated(0)
    r = p.profile_function(queued)
    s, e = events[-1]
    kernels = float(s.elapsed_time(e)) / 1e3
    stats = torch.cuda.memory_stats(0)
    assert r.memory_after.allocated_memory == stats["allocated_bytes.all.current"] == cur + 16 * MiB
    assert r.memory_after.active_memory == stats["active_bytes.all.current"]
    assert r.memory_after.reserved_memory == stats["reserved_bytes.all.current"]
    assert (r.memory_allocated, r.memory_freed) == (144 * MiB, 128 * MiB)
    assert r.peak_memory_usage() == cur + 144 * MiB and r.peak_upper_bound == cur + 144 * MiB
    assert r.execution_time >= kernels - 1e-4 and kernels >= 0.03, (r.execution_time, kernels)
    kept.clear()
    record(results_dir, "reading_before_synchronize", {
        "statistics_equal_across_a_synchronize": before == after, "kernels_s": kernels,
        "execution_time_s": r.execution_time, "peak_exact": r.peak_exact, "peak": r.peak_memory_usage()})


# --- exact figures for known sizes -------------------------------------------------------

@pytest.mark.timeout_s(20)
def test_profiler_exact_for_known_sizes(results_dir: Path, empty_cache: None) -> None:
    p = GPUMemoryProfiler("cuda:0", track_tensors=False)
    kept = []
    r = p.profile_function(lambda: kept.append(mb(256 * MiB)))
    assert (r.memory_allocated, r.memory_freed, r.memory_diff()) == (256 * MiB, 0, 256 * MiB)
    assert r.peak_exact and r.peak_memory_usage() == r.memory_before.allocated_memory + 256 * MiB
    assert (r.allocations, r.frees) == (1, 0)
    small = p.profile_function(lambda: kept.append(mb(4000)))
    assert small.memory_allocated == 4096 and small.memory_diff() == 4096  # rounded to 512 bytes
    kept.clear()

    # A temporary above the lifetime peak: a new high-water mark, so exact.
    cur, life = torch.cuda.memory_allocated(0), torch.cuda.max_memory_allocated(0)
    size = ((life - cur) // (2 * MiB) + 1) * 2 * MiB + 256 * MiB

    def temporary() -> None:
        a = mb(size - 128 * MiB)
        b = mb(128 * MiB)
        del a, b

    first = p.profile_function(temporary)
    true_peak = cur + size
    assert first.peak_exact and first.peak_memory_usage() == true_peak
    assert (first.memory_allocated, first.memory_freed, first.memory_diff()) == (size, size, 0)
    assert first.memory_peak.reserved_memory >= true_peak

    # The same call again stays under the lifetime peak: bounds; the upper one is the truth.
    second = p.profile_function(temporary)
    assert not second.peak_exact
    assert (second.peak_lower_bound, second.peak_upper_bound) == (cur, true_peak)
    assert second.peak_memory_usage() == true_peak

    # With the sampler, a peak held for a while is seen: exact again.
    ps = GPUMemoryProfiler("cuda:0", track_tensors=False, peak_sampling_interval=0.0005)

    def held() -> None:
        t = mb(64 * MiB)
        time.sleep(0.02)  # releases the GIL: the sampler reads
        del t

    third = ps.profile_function(held)
    ps.close()
    assert third.peak_exact and third.peak_memory_usage() == torch.cuda.memory_allocated(0) + 64 * MiB

    # The profiler's readings are torch's own.
    snap = p.take_snapshot()
    assert snap.allocated_memory == torch.cuda.memory_allocated(0)
    assert snap.reserved_memory == torch.cuda.memory_reserved(0)
    record(
        results_dir,
        "exact",
        {
            "kept_256MiB": r.to_dict(),
            "temporary_new_peak": first.to_dict(),
            "temporary_again": second.to_dict(),
            "held_with_sampler": third.to_dict(),
            "size": size,
        },
    )


@pytest.mark.timeout_s(20)
def test_profiler_leaves_max_memory_allocated_unchanged(results_dir: Path, empty_cache: None) -> None:
    kept = [mb(512 * MiB)]
    del kept[:]  # the lifetime peak is now at least 512 MiB above the current level
    peak_before = torch.cuda.max_memory_allocated(0)
    reserved_peak_before = torch.cuda.max_memory_reserved(0)
    p = GPUMemoryProfiler("cuda:0", peak_sampling_interval=0.001)

    def step() -> None:
        a = mb(64 * MiB)
        b = mb(32 * MiB)
        del a
        kept.append(b)

    for _ in range(5):
        p.profile_function(step)
        assert torch.cuda.max_memory_allocated(0) == peak_before
    with p.profile_context("block"):
        kept.clear()
    p.clear_results()
    p.get_summary()
    p.close()
    assert torch.cuda.max_memory_allocated(0) == peak_before
    assert torch.cuda.max_memory_reserved(0) == reserved_peak_before
    record(
        results_dir,
        "max_memory_allocated_unchanged",
        {"before": peak_before, "after": torch.cuda.max_memory_allocated(0)},
    )


@pytest.mark.slow  # the other profiler tests cover the module: the fast tier stays under 90 s
@pytest.mark.timeout_s(20)
def test_profiler_leak_hint_and_sections_on_gpu(results_dir: Path, empty_cache: None) -> None:
    p = GPUMemoryProfiler("cuda:0", track_tensors=False)
    leaked = []
    p.start_monitoring(interval=0.005)
    try:
        for _ in range(5):
            with p.profile_context("forward"):
                leaked.append(mb(16 * MiB))
                time.sleep(0.01)
            with p.profile_context("backward"):
                t = mb(32 * MiB)
                time.sleep(0.01)
                del t
    finally:
        p.stop_monitoring()
    s = p.get_summary()
    (hint,) = s["leak_hints"]
    assert hint["function"] == "forward" and hint["growth_per_call"] == 16 * MiB
    fwd = sections.REGISTRY.get("forward", "cuda:0")
    assert fwd is not None and fwd.net_bytes == 16 * MiB and fwd.calls >= 5
    p.to_json(results_dir / "profiler-gpu-session.json")
    try:
        p.save_plot(results_dir / "profiler-gpu-session.png")
    except ImportError:
        pass  # matplotlib missing: the plot is optional
    record(results_dir, "leak_hint", hint)
    leaked.clear()


# --- overhead ------------------------------------------------------------------------------


# profile_function's overhead is a benchmark, not a timed test: bench/profiler_bench.py.


# --- issue 24: the default path at the allocator's speed; the module-level contract ---------


@pytest.mark.timeout_s(30)
def test_profiler_default_counts_allocations_without_walking_the_heap(
    results_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gc
    import statistics

    p = GPUMemoryProfiler("cuda:0", max_results=2000)
    r = p.profile_function(lambda: [mb(MiB) for _ in range(5)])  # returned, then dropped
    assert (r.allocations, r.frees) == (5, 5) == (r.tensors_created, r.tensors_deleted)
    assert r.tensor_counts == "allocations" and r.tensors_tracked

    def walked() -> list[Any]:
        raise AssertionError("the default path walked the heap")

    monkeypatch.setattr(gc, "get_objects", walked)
    buf = torch.zeros(1024, device="cuda:0")

    def small() -> torch.Tensor:
        torch.cuda._sleep(10_000)
        return buf + 1

    diffs = []
    for _ in range(300):
        t0 = time.perf_counter()
        small()
        torch.cuda.synchronize()
        t1 = time.perf_counter()
        p.profile_function(small)
        diffs.append(time.perf_counter() - t1 - (t1 - t0))
    overhead_us = statistics.median(diffs) * 1e6
    record(results_dir, "default_overhead_us_over_bare_plus_synchronize", overhead_us)
    # bench/profiler_overhead.py measures it against the 100 us target; here a loose bound
    # that any heap walk (tens of milliseconds) breaks
    assert overhead_us < 1000, overhead_us


@pytest.mark.timeout_s(20)
def test_profiler_module_decorator_through_the_public_method_on_cuda(empty_cache: None) -> None:
    from gpumemd.profiler import profile_function

    p = GPUMemoryProfiler("cuda:0")
    calls = []

    @profile_function(name="make", profiler=p)
    def make(n: int) -> torch.Tensor:
        calls.append(n)
        return mb(n)

    t = make(4 * MiB)
    assert calls == [4 * MiB] and t.numel() == 4 * MiB
    r = p.results[-1]
    # the returned tensor is the caller's: alive at the after-reading, so the call's memory
    assert r.function_name == "make" and r.memory_diff() == 4 * MiB and (r.allocations, r.frees) == (1, 0)
