"""A script written the way Stormlog / gpumemprof users write them, with one line changed:
the import (`from gpumemprof import ...` -> `from gpumemd import ...`).

Closures made by one factory and renamed, decorated functions, context managers (the
profiler's and the module-level one), monitoring read back by slicing, and the summary's
keys. It picks CUDA when there is one, else the CPU, and checks what upstream code relies
on with plain asserts; it prints "upstream-style script: OK" when every check held.

    python3 tests/unit/profiler/scripts/upstream_style.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))  # run from a checkout

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402

from gpumemd import GPUMemoryProfiler, profile_context, profile_function  # noqa: E402  (the changed line)

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def make_tensor(size_mb: int, dev: torch.device) -> torch.Tensor:
    rows = max(1, size_mb * 1024 * 1024 // 4 // 1024)
    return torch.randn(rows, 1024, device=dev)


def profile_allocations(profiler: GPUMemoryProfiler) -> None:
    for idx in range(3):
        size_mb = 32 * (idx + 1)

        def allocate(sz: int = size_mb, dev: torch.device = device) -> float:
            t = make_tensor(sz, dev)
            return float(t.mean().item())

        allocate.__name__ = f"tensor_alloc_{size_mb}mb"
        result = profiler.profile_function(allocate)
        print(f"  {result.function_name}: allocated {result.memory_allocated / 1024**2:.1f} MB, "
              f"peak {result.peak_memory_usage() / 1024**2:.1f} MB, {result.execution_time * 1e3:.1f} ms")


@profile_function
def forward_pass(model: nn.Module, x: torch.Tensor) -> torch.Tensor:
    return model(x)


@profile_function(name="loss_and_backward")
def backward_pass(out: torch.Tensor, target: torch.Tensor) -> float:
    loss = nn.functional.cross_entropy(out, target)
    loss.backward()
    return float(loss.item())


def main() -> None:
    print(f"device: {device}")
    profiler = GPUMemoryProfiler(device=device, track_tensors=True)
    assert profiler.device.type == device.type
    assert profiler.results == [] and profiler.snapshots == []

    print("tensor allocation:")
    profile_allocations(profiler)
    summary = profiler.get_summary()
    names = [n for n in summary["function_summaries"] if n.startswith("tensor_alloc_")]
    assert names == ["tensor_alloc_32mb", "tensor_alloc_64mb", "tensor_alloc_96mb"], names
    assert all(summary["function_summaries"][n]["call_count"] == 1 for n in names)
    big = profiler.results[-1]
    if device.type == "cuda":  # the allocator counts every byte; on the CPU the figure is the process's
        # resident memory, which a freed-and-reused 96 MB may not move (the peak is an RSS high-water mark)
        assert big.memory_allocated >= 96 * 1024 * 1024 * 0.9, big.memory_allocated
    assert big.tensors_created >= 0 and big.tensors_deleted >= 0  # ints, never None
    assert big.memory_before.operation == "before_tensor_alloc_96mb"
    assert big.memory_after.max_memory_allocated >= big.memory_after.allocated_memory

    model = nn.Sequential(nn.Linear(256, 512), nn.ReLU(), nn.Linear(512, 10)).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    print("training:")
    profiler.start_monitoring(interval=0.01)
    profiler.start_monitoring(interval=0.01)  # a second start is ignored
    for epoch in range(3):
        with profiler.profile_context(f"epoch_{epoch + 1}"):
            for _ in range(2):  # the decorated passes go to the default profiler
                x = torch.randn(64, 256, device=device)
                y = torch.randint(0, 10, (64,), device=device)
                optimizer.zero_grad()
                loss = backward_pass(forward_pass(model, x), y)
                optimizer.step()
        print(f"  epoch {epoch + 1}: loss {loss:.4f}")
    deadline = time.monotonic() + 10
    while len(profiler.snapshots) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    profiler.stop_monitoring()

    recent = profiler.snapshots[-5:]
    first = profiler.snapshots[:10]
    assert len(recent) == 5 and len(first) == 10 and isinstance(first, list)
    monitored = [s for s in profiler.snapshots if s.operation == "monitor"]
    assert monitored, "the monitor took no snapshot"
    peak_seen = max(s.allocated_memory for s in profiler.snapshots)
    print(f"monitoring: {len(profiler.snapshots)} snapshots, {len(monitored)} from the monitor, "
          f"highest allocated {peak_seen / 1024**2:.1f} MB")

    model.eval()
    with torch.no_grad(), profile_context("inference") as prof:
        probs = torch.softmax(model(torch.randn(128, 256, device=device)), dim=-1)
    assert float(probs.sum()) > 0
    inference = prof.results[-1]
    assert inference.function_name == "inference", inference.function_name
    assert prof.get_summary()["function_summaries"]["forward_pass"]["call_count"] == 6
    assert prof.get_summary()["function_summaries"]["loss_and_backward"]["call_count"] == 6

    summary = profiler.get_summary()
    for key in ("total_functions_profiled", "total_function_calls", "total_execution_time",
                "total_memory_allocated", "total_memory_freed", "net_memory_change", "peak_memory_usage",
                "current_memory_usage", "baseline_memory_usage", "memory_change_from_baseline",
                "monitoring_active", "snapshots_collected"):
        assert key in summary, key
    assert summary["net_memory_change"] == summary["total_memory_allocated"] - summary["total_memory_freed"]
    assert not summary["monitoring_active"] and summary["snapshots_collected"] == len(profiler.snapshots)
    print("summary:")
    print(f"  device: {summary['device']}")
    print(f"  functions: {summary['total_functions_profiled']}, calls: {summary['total_function_calls']}")
    print(f"  peak: {summary['peak_memory_usage'] / 1024**2:.1f} MB, "
          f"net change: {summary['net_memory_change'] / 1024**2:.1f} MB, "
          f"time: {summary['total_execution_time']:.3f} s")
    for name, stats in summary["function_summaries"].items():
        print(f"  {name}: {stats['call_count']} calls, avg {stats['avg_time'] * 1e3:.2f} ms, "
              f"total allocated {stats['total_memory_allocated'] / 1024**2:.1f} MB, "
              f"peak {stats['peak_memory'] / 1024**2:.1f} MB")

    profiler.clear_results()
    assert (
        profiler.results == [] and profiler.get_summary().get("message") == "No profiling results available"
    )
    print("upstream-style script: OK")


if __name__ == "__main__":
    main()
