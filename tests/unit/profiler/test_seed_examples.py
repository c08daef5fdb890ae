# ruff: noqa: B007, B018  (the examples are kept as the seed writes them)
"""Every code example of the profiler seed, run as written but for two adaptations: the
import path (`gpumemd`) and the device (`"cpu"`; `.cuda()` dropped). The same examples run
unchanged on `cuda:0` in tests/gpu/test_profiler_gpu.py; the device-management example is
GPU-only and lives there too.
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from gpumemd import GPUMemoryProfiler  # noqa: E402


def train_step(model, data):  # type: ignore[no-untyped-def]
    output = model(data)
    loss = output.sum()
    loss.backward()
    return loss


def test_profiling_a_function(capsys: pytest.CaptureFixture[str]) -> None:
    profiler = GPUMemoryProfiler(device="cpu")

    model = torch.nn.Linear(1000, 1000)
    data = torch.randn(32, 1000)

    result = profiler.profile_function(train_step, model, data)

    print(f"Memory allocated: {result.memory_allocated / 1024**2:.2f} MB")
    print(f"Peak memory: {result.peak_memory_usage() / 1024**2:.2f} MB")
    print(f"Execution time: {result.execution_time:.4f}s")

    out = capsys.readouterr().out
    assert out.startswith("Memory allocated: ") and "Peak memory: " in out and "Execution time: " in out
    assert result.execution_time > 0 and result.peak_memory_usage() > 0


def test_using_context_manager() -> None:
    profiler = GPUMemoryProfiler(device="cpu")
    with profiler.profile_context(name="data_loading"):
        data = torch.randn(1000, 1000)
        processed = data @ data.T
        result = processed.softmax(dim=-1)
    assert profiler.results[-1].function_name == "data_loading" and result.shape == (1000, 1000)


def test_continuous_monitoring(capsys: pytest.CaptureFixture[str]) -> None:
    profiler = GPUMemoryProfiler(device="cpu")
    model = torch.nn.Linear(64, 64)
    dataloader = [torch.randn(8, 64) for _ in range(4)]

    def train_epoch(model, dataloader):  # type: ignore[no-untyped-def]
        for batch in dataloader:
            train_step(model, batch)

    profiler.start_monitoring(interval=0.1)  # Sample every 100ms

    # Run your training loop
    for epoch in range(10):
        train_epoch(model, dataloader)

    profiler.stop_monitoring()

    # Access collected snapshots
    print(f"Collected {len(profiler.snapshots)} snapshots")

    assert len(profiler.snapshots) >= 1 and "Collected " in capsys.readouterr().out


def test_configuration_options() -> None:
    profiler = GPUMemoryProfiler(
        device="cpu",                 # GPU device to profile
        track_tensors=True,           # Count tensor creation/deletion
        track_cpu_memory=True,        # Track CPU memory alongside GPU
        collect_stack_traces=False    # Collect stack traces (expensive)
    )
    assert profiler.track_tensors and profiler.track_cpu_memory and not profiler.collect_stack_traces


def my_function() -> torch.Tensor:
    return torch.ones(1 << 18)


def test_understanding_profile_results() -> None:
    profiler = GPUMemoryProfiler(device="cpu")
    result = profiler.profile_function(my_function)

    # Memory metrics
    result.memory_allocated      # Bytes allocated during execution
    result.memory_freed          # Bytes freed during execution
    result.memory_diff()         # Net memory change
    result.peak_memory_usage()   # Maximum memory used

    # Tensor tracking (if enabled)
    result.tensors_created       # Number of tensors created
    result.tensors_deleted       # Number of tensors deleted

    # Timing
    result.execution_time        # Total execution time in seconds

    # Detailed snapshots
    result.memory_before         # MemorySnapshot before execution
    result.memory_after          # MemorySnapshot after execution
    result.memory_peak           # MemorySnapshot at peak usage

    assert result.memory_allocated - result.memory_freed == result.memory_diff()
    assert isinstance(result.tensors_created, int) and isinstance(result.tensors_deleted, int)


def test_memory_snapshots() -> None:
    profiler = GPUMemoryProfiler(device="cpu")
    result = profiler.profile_function(my_function)
    snapshot = result.memory_after

    snapshot.allocated_memory     # Actual tensor data
    snapshot.reserved_memory      # CUDA memory pool size
    snapshot.active_memory        # Active allocations from allocator
    snapshot.inactive_memory      # Cached but unused memory
    snapshot.cpu_memory          # CPU memory usage (if tracked)
    snapshot.timestamp           # When snapshot was taken
    snapshot.operation           # Operation being profiled
    snapshot.device_id           # GPU device index

    assert snapshot.reserved_memory - snapshot.allocated_memory == 0  # the CPU has no cache of its own
    assert snapshot.operation == "after_my_function" and snapshot.device_id == -1


def test_getting_profiling_summaries(capsys: pytest.CaptureFixture[str]) -> None:
    profiler = GPUMemoryProfiler(device="cpu")
    profiler.profile_function(my_function)
    profiler.profile_function(my_function)

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

    out = capsys.readouterr().out
    assert "Total functions profiled: 1\n" in out and "Total function calls: 2\n" in out
    assert "my_function:\n  Calls: 2\n" in out


def test_peak_memory_tracking() -> None:
    profiler = GPUMemoryProfiler(device="cpu")
    # Peak memory is reset before each profile
    result = profiler.profile_function(my_function)

    # Get peak memory that occurred during this specific execution
    peak = result.peak_memory_usage()
    assert peak >= result.memory_after.allocated_memory


def buggy_function() -> None:
    raise RuntimeError("bug")


def test_error_handling(capsys: pytest.CaptureFixture[str]) -> None:
    profiler = GPUMemoryProfiler(device="cpu")
    with pytest.raises(RuntimeError, match="bug"):
        try:
            result = profiler.profile_function(buggy_function)  # noqa: F841
        except Exception:
            # Memory snapshot was still captured
            print("Function failed but memory was tracked")
            # Result is stored in profiler.results
            last_result = profiler.results[-1]
            print(f"Memory before error: {last_result.memory_after.allocated_memory}")
            raise
    assert "Function failed but memory was tracked" in capsys.readouterr().out


def test_clearing_results() -> None:
    profiler = GPUMemoryProfiler(device="cpu")
    profiler.profile_function(my_function)
    profiler.clear_results()
    # All results, snapshots, and statistics are cleared
    # Peak memory stats are reset
    # New baseline snapshot is captured
    assert (
        not profiler.results
        and not profiler.snapshots
        and profiler.get_summary()["total_function_calls"] == 0
    )


def test_tensor_tracking(capsys: pytest.CaptureFixture[str]) -> None:
    kept = []

    def create_tensors() -> None:
        kept.extend(torch.ones(8) for _ in range(5))

    profiler = GPUMemoryProfiler(device="cpu", track_tensors=True)
    result = profiler.profile_function(create_tensors)

    print(f"Tensors created: {result.tensors_created}")
    print(f"Tensors deleted: {result.tensors_deleted}")
    assert "Tensors created: 5\nTensors deleted: 0\n" in capsys.readouterr().out
