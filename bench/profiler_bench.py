"""GPUMemoryProfiler costs: profile_function overhead on a ~1 ms function, and track_tensors.

    python3 bench/profiler_bench.py --out FILE [--device cuda:0|cpu] [--calls 300]

On a GPU the function keeps the device busy ~1 ms (torch.cuda._sleep, calibrated) and
waits for it; on the CPU it spins ~1 ms. Bare and profiled calls are interleaved and
medians compared. The target: overhead <= 100 us without tensor tracking. The profiler
synchronizes the device around each call by default: `no_tensor_tracking` is that default,
`no_tensor_tracking_sync_off` the same with synchronize=False (the difference is the cost of
two synchronizes on an idle device). `sync_timing` (GPU only) profiles a ~1 ms kernel that
is only launched: the execution_time each setting reports against the kernel's own time.
track_tensors is timed against the naive walk (isinstance over gc.get_objects()) at a few
heap sizes. Bounded: well under two minutes.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import torch  # noqa: E402

from gpumemd.profiler import GPUMemoryProfiler  # noqa: E402
from gpumemd.profiler.probes import live_tensors  # noqa: E402


def one_ms_cycles() -> int:
    """torch.cuda._sleep cycles that keep the GPU busy ~1 ms."""
    torch.cuda._sleep(1000)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(5):
        torch.cuda._sleep(1_000_000)
    torch.cuda.synchronize()
    return int(1e-3 / ((time.perf_counter() - t0) / 5e6))


def one_ms_function(device: str) -> Callable[[], None]:
    if device == "cpu":
        def spin() -> None:
            end = time.perf_counter() + 1e-3
            while time.perf_counter() < end:
                pass
        return spin
    cycles = one_ms_cycles()

    def kernel() -> None:
        torch.cuda._sleep(cycles)
        torch.cuda.synchronize()
    return kernel


def sync_timing(device: str, calls: int) -> dict[str, float]:
    """execution_time of a ~1 ms kernel the function only launches, synchronize on and off."""
    cycles = one_ms_cycles()

    def launch() -> None:
        torch.cuda._sleep(cycles)

    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    launch()
    end.record()
    end.synchronize()
    out: dict[str, float] = {"kernel_us": start.elapsed_time(end) * 1e3}
    for sync in (True, False):
        with GPUMemoryProfiler(device, track_tensors=False, synchronize=sync, max_results=1000) as prof:
            times = []
            for _ in range(calls):
                times.append(prof.profile_function(launch).execution_time)
                torch.cuda.synchronize()  # the next call starts on an idle device either way
        out[f"sync_{'on' if sync else 'off'}_execution_time_us"] = statistics.median(times) * 1e6
    return out


def overhead(fn: Callable[[], None], prof: GPUMemoryProfiler, calls: int) -> dict[str, float]:
    for _ in range(min(20, calls)):
        prof.profile_function(fn)
    bare, profiled = [], []
    for _ in range(calls):
        t0 = time.perf_counter()
        fn()
        t1 = time.perf_counter()
        prof.profile_function(fn)
        t2 = time.perf_counter()
        bare.append(t1 - t0)
        profiled.append(t2 - t1)
    b, p = statistics.median(bare), statistics.median(profiled)
    q = statistics.quantiles([y - x for x, y in zip(bare, profiled, strict=True)], n=100)
    return {
        "bare_us": b * 1e6,
        "profiled_us": p * 1e6,
        "overhead_us": (p - b) * 1e6,
        "overhead_p99_us": q[98] * 1e6,
    }


def timed(f: Callable[[], Any], n: int) -> float:
    f()
    t0 = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - t0) / n


def naive_count(device_index: int) -> int:
    # The seed's way: isinstance on every object (hasattr-free; torch.Tensor only).
    return sum(1 for o in gc.get_objects() if isinstance(o, torch.Tensor) and o.get_device() == device_index)


def tensor_walk(device: str, index: int) -> list[dict[str, Any]]:
    """track_tensors' walk vs the naive one, at growing heaps with 5000 live tensors."""
    tensors = [torch.zeros(4, device=device) for _ in range(5000)]
    junk: list[Any] = []
    rows = []
    for extra in (0, 500_000, 1_500_000):
        junk.extend([i] for i in range(extra - len(junk)))  # lists: tracked by the gc (small dicts are not)
        n_objects = len(gc.get_objects())
        rows.append(
            {
                "gc_objects": n_objects,
                "live_tensors": len(tensors),
                "naive_isinstance_walk_ms": timed(lambda: naive_count(index), 3) * 1e3,
                "track_tensors_walk_ms": timed(lambda: live_tensors(index), 3) * 1e3,
            }
        )
    del junk, tensors
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--device", default="cuda:0" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--calls", type=int, default=300)
    args = ap.parse_args()
    index = -1 if args.device == "cpu" else int(args.device.partition(":")[2] or 0)
    if args.device != "cpu":
        torch.cuda.init()
        torch.empty(1, device=args.device)  # a context, as a training process has
    fn = one_ms_function(args.device)
    out: dict[str, Any] = {
        "device": args.device,
        "torch": torch.__version__,
        "python": platform.python_version(),
        "gpu": torch.cuda.get_device_name(index) if index >= 0 else None,
        "host": platform.node(),
        "calls": args.calls,
    }
    configs: dict[str, dict[str, Any]] = {
        "no_tensor_tracking": {"track_tensors": False},  # synchronize=True, the default
        "no_tensor_tracking_sync_off": {"track_tensors": False, "synchronize": False},
        "no_tensor_tracking_no_cpu_memory": {"track_tensors": False, "track_cpu_memory": False},
        "no_tensor_tracking_peak_sampler_1ms": {"track_tensors": False, "peak_sampling_interval": 0.001},
    }
    out["overhead"] = {}
    for name, kw in configs.items():
        with GPUMemoryProfiler(args.device, max_results=1000, **kw) as prof:
            out["overhead"][name] = overhead(fn, prof, args.calls)
        print(name, out["overhead"][name], flush=True)
    with GPUMemoryProfiler(args.device, track_tensors=True, max_results=1000) as prof:
        out["overhead"]["track_tensors"] = overhead(fn, prof, max(10, args.calls // 15))
    print("track_tensors", out["overhead"]["track_tensors"], flush=True)
    with GPUMemoryProfiler(args.device, track_tensors=False) as prof:
        probe = prof._probe
        out["reading_us"] = {
            "device_read": timed(probe.read, 2000) * 1e6,
            "process_rss": timed(prof._cpu_probe.rss, 2000) * 1e6,
            "take_snapshot": timed(prof.take_snapshot, 2000) * 1e6,
        }
    print("reading", out["reading_us"], flush=True)
    if args.device != "cpu":
        out["sync_timing"] = sync_timing(args.device, min(args.calls, 200))
        print("sync_timing", out["sync_timing"], flush=True)
    out["tensor_walk"] = tensor_walk(args.device, index)
    for row in out["tensor_walk"]:
        print("walk", row, flush=True)
    out["target_overhead_us"] = 100
    out["meets_target"] = out["overhead"]["no_tensor_tracking"]["overhead_us"] <= 100
    Path(args.out).write_text(json.dumps(out, indent=1))
    print("wrote", args.out)


if __name__ == "__main__":
    main()
