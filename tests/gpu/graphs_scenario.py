"""GPU scenarios for tests/gpu/test_graphs_gpu.py (CUDA graphs and memory pools), one per
process (clean CUDA state each).

    python tests/gpu/graphs_scenario.py SCENARIO   -> one JSON line on stdout
"""

from __future__ import annotations

import inspect
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402
from gpumemd.backends.torch_cuda import TorchCuda  # noqa: E402
from gpumemd.sources.pools import PoolSource, kind_of  # noqa: E402
from tests.gpu.agent_scenarios import cause_oom  # noqa: E402

MiB, GiB = 1 << 20, 1 << 30
CAPTURE_ITERS = 40  # kernels captured, a short sleep between: the capture spans many agent ticks


def agent(**kw: object) -> Agent:
    kw.setdefault("listen_address", None)
    kw.setdefault("spool_dir", "")
    return Agent(**kw).start()  # type: ignore[arg-type]


def series(a: Agent) -> dict[str, dict[tuple[tuple[str, str], ...], float]]:
    """The agent's exposition now: {family: {sorted labels (identity labels dropped): value}}."""
    out: dict[str, dict[tuple[tuple[str, str], ...], float]] = {}
    for f in a.sample_once().exposition.families:
        for s in f.samples:
            key = tuple(sorted((k, v) for k, v in s.labels.items() if k in ("kind", "pool", "gpu")))
            out.setdefault(s.name, {})[key] = s.value
    return out


def snapshot_sums() -> dict[str, dict[str, int]]:
    """torch's own snapshot, summed by pool: {"kind:id" or "default": {reserved, allocated}}."""
    out: dict[str, dict[str, int]] = {}
    for seg in torch.cuda.memory_snapshot():
        first, second = seg["segment_pool_id"]
        kind = kind_of(first, second)
        name = "default" if kind == "default" else f"{kind}:{first or second}"
        row = out.setdefault(name, {"reserved": 0, "allocated": 0})
        row["reserved"] += seg["total_size"]
        row["allocated"] += seg["allocated_size"]
    return out


def capture(static_x: torch.Tensor, pool: object = None) -> tuple[torch.cuda.CUDAGraph, torch.Tensor]:
    """A graph of CAPTURE_ITERS matmuls (default capture_error_mode "global"), slow enough on the
    CPU that the agent's thread runs during it; its intermediates live in the graph's pool."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # warm-up off the default stream, as torch's docs do
        for _ in range(2):
            y = static_x @ static_x
    torch.cuda.current_stream().wait_stream(side)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g, pool=pool):
        y = static_x
        for _ in range(CAPTURE_ITERS):
            y = torch.tanh(y @ static_x)
            time.sleep(0.005)
    return g, y


def eager(x: torch.Tensor) -> torch.Tensor:
    y = x
    for _ in range(CAPTURE_ITERS):
        y = torch.tanh(y @ x)
    return y


def capture_under_ticks() -> dict:
    """(b) The agent sampling and ticking at 100 Hz on its thread during a global-mode capture:
    every source (allocator, pools snapshot, NVML, mem_get_info fallback, OOM) at 100 Hz."""
    torch.cuda.init()
    x = torch.randn(1024, 1024, device="cuda") / 32
    a = agent(tick="thread", interval=0.01, evaluation_interval=0.01, nvml_interval=0.01, pool_interval=0.01)
    a.sample_once()
    sampler = a.runtime.sampler  # type: ignore[union-attr]
    ticks_before, samples_before, errors_before = (
        sampler.busy[0],
        sampler.cycle.samples_total,
        dict(a.errors.counts),
    )
    error = ""
    started = time.monotonic()
    try:
        g, y = capture(x)
    except Exception as exc:  # what the capture raised is the finding
        error = f"{type(exc).__name__}: {exc}"
        g, y = None, None
    capture_s = time.monotonic() - started
    ticks_during = sampler.busy[0] - ticks_before
    samples_during = sampler.cycle.samples_total - samples_before
    correct = None
    if g is not None:
        for _ in range(5):
            g.replay()
        torch.cuda.synchronize()
        correct = bool(torch.allclose(y, eager(x), atol=1e-3, rtol=1e-3))
    time.sleep(0.2)  # the thread keeps sampling after the capture: its reads still succeed
    snap = a.sample_once()
    out = {
        "capture_error": error,
        "capture_s": capture_s,
        "thread_wakes_during_capture": ticks_during,
        "samples_during_capture": samples_during,
        "replay_matches_eager": correct,
        "errors_before": errors_before,
        "errors_after": dict(a.errors.counts),
        "success": {k: bool(v) for k, v in snap.success.items()},
        "failures_logged": dict(sampler.cycle.last_error),  # diagnostics only: what reads said failing
        "thread_alive": bool(a.runtime.sampler._thread and a.runtime.sampler._thread.is_alive()),  # type: ignore[union-attr]
    }
    a.stop()
    return out


def pools() -> dict:
    """(a) pool series equal to torch's snapshot; (c) interval peak and OOM after replays;
    (d) max_memory_allocated untouched."""
    torch.cuda.init()
    x = torch.randn(2048, 2048, device="cuda") / 45
    a = agent(interval=10.0, pool_interval=10.0)  # the thread stays idle: we sample by hand
    a.sample_once()
    g, y = capture(x)  # a private pool the capture created: kind graph
    shared = torch.cuda.graph_pool_handle()  # a user pool shared by captures: kind user
    g2, y2 = capture(x, pool=shared)
    mempool = torch.cuda.MemPool()
    with torch.cuda.use_mem_pool(mempool):
        in_pool = [torch.empty(48 * MiB, dtype=torch.uint8, device="cuda") for _ in range(2)]
    for _ in range(10):
        g.replay()
        g2.replay()
    torch.cuda.synchronize()
    mine = series(a)
    theirs = snapshot_sums()
    raw = torch.cuda.memory_snapshot()  # recorded: tests/fixtures replays it on CPU
    reserved_now = torch.cuda.memory_reserved()
    by_kind = {dict(k)["kind"]: v for k, v in mine["gpumemd_allocator_pool_reserved_bytes"].items()}
    alloc_by_kind = {dict(k)["kind"]: v for k, v in mine["gpumemd_allocator_pool_allocated_bytes"].items()}
    pools_by_kind = {dict(k)["kind"]: v for k, v in mine["gpumemd_allocator_pools"].items()}
    private = {dict(k)["pool"]: v for k, v in mine["gpumemd_allocator_private_pool_reserved_bytes"].items()}
    mempool_id = f"user:{mempool.id[1]}"
    # (c) a lone 1 GiB spike between two samples after the replays: the interval peak is exact
    torch.cuda.synchronize()
    before = a.sample_once().readings["allocator"][0]
    spike = torch.empty(GiB, dtype=torch.uint8, device="cuda")
    spike.fill_(1)
    del spike
    torch.cuda.synchronize()
    after = a.sample_once().readings["allocator"][0]
    # the OOM observer still counts an OOM
    oom_raised = cause_oom()
    snap = a.sample_once()
    oom = snap.readings["oom"]
    # (d) the agent never resets the user's peak: max_memory_allocated is the spike's
    user_max = torch.cuda.max_memory_allocated()
    for _ in range(3):
        a.sample_once()
    a.stop()
    out = {
        "agent_reserved_by_kind": by_kind,
        "agent_allocated_by_kind": alloc_by_kind,
        "agent_pools_by_kind": pools_by_kind,
        "agent_private_pools": private,
        "snapshot_by_pool": theirs,
        "memory_reserved": reserved_now,
        "mempool_id": mempool_id,
        "graph_pool_id": f"graph:{g.pool()[0]}",
        "shared_pool_id": f"user:{shared[1]}",
        "allocator_reserved_series": list(mine["gpumemd_allocator_reserved_bytes"].values())[0],
        "interval_peak": after.interval_peak_bytes,
        "interval_peak_exact": after.interval_peak_exact,
        "allocated_before_spike": before.allocated_bytes,
        "oom_raised": oom_raised,
        "oom_events": sum(n for (device, _cause), n in oom.events.items() if device == 0),
        "observer_installed": oom.observer_installed,
        "max_memory_allocated_before_samples": user_max,
        "max_memory_allocated_after": torch.cuda.max_memory_allocated(),
        "agent_errors": dict(a.errors.counts),
        "raw_segments": raw,
        "kept": len(in_pool) + int(y.numel() > 0) + int(y2.numel() > 0),
    }
    return out


def compiled() -> dict:
    """torch.compile's CUDA graphs (`mode="reduce-overhead"`, cudagraph trees): their pool in the
    series as torch's snapshot has it, kinds adding up to reserved."""
    torch.cuda.init()
    torch.manual_seed(0)
    net = torch.nn.Sequential(
        torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)
    ).cuda()
    model = torch.compile(net, mode="reduce-overhead")
    x = torch.randn(512, 1024, device="cuda")
    a = agent(interval=10.0, pool_interval=10.0)  # the thread stays idle: we sample by hand
    a.sample_once()
    with torch.no_grad():
        for _ in range(6):  # warm-up runs, then the recorded graph replays
            y = model(x)
            y = y.clone()
    torch.cuda.synchronize()
    mine = series(a)
    theirs = snapshot_sums()
    out = {
        "agent_reserved_by_kind": {
            dict(k)["kind"]: v for k, v in mine["gpumemd_allocator_pool_reserved_bytes"].items()
        },
        "agent_allocated_by_kind": {
            dict(k)["kind"]: v for k, v in mine["gpumemd_allocator_pool_allocated_bytes"].items()
        },
        "agent_private_pools": {
            dict(k)["pool"]: v for k, v in mine["gpumemd_allocator_private_pool_reserved_bytes"].items()
        },
        "snapshot_by_pool": theirs,
        "memory_reserved": torch.cuda.memory_reserved(),
        "allocator_reserved_series": list(mine["gpumemd_allocator_reserved_bytes"].values())[0],
        "alloc_conf": os.environ.get("PYTORCH_CUDA_ALLOC_CONF", ""),
        "agent_errors": dict(a.errors.counts),
        "kept": int(y.numel() > 0),
    }
    a.stop()
    return out


def _time_read(source: PoolSource, rounds: int) -> dict:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter_ns()
        source.read({})
        times.append((time.perf_counter_ns() - t0) / 1000)
    times.sort()
    return {
        "median_us": statistics.median(times),
        "p99_us": times[int(0.99 * (len(times) - 1))],
        "rounds": rounds,
    }


def cost() -> dict:
    """One pool read (the snapshot and its sums) with about 1,000 and 10,000 blocks, next to
    one memory_stats read."""
    torch.cuda.init()
    api = TorchCuda()
    source = PoolSource(api)
    keep: list[torch.Tensor] = []
    rows = []
    for target in (1_000, 10_000):
        while True:
            blocks = sum(len(s["blocks"]) for s in torch.cuda.memory_snapshot())
            if blocks >= target:
                break
            keep.extend(torch.empty(512, dtype=torch.uint8, device="cuda") for _ in range(target - blocks))
        row = {
            "blocks": blocks,
            "segments": len(torch.cuda.memory_snapshot()),
            "pool_read": _time_read(source, 300),
        }
        t = []
        for _ in range(300):
            t0 = time.perf_counter_ns()
            api.memory_stats(0)
            t.append((time.perf_counter_ns() - t0) / 1000)
        row["memory_stats_median_us"] = statistics.median(t)
        rows.append(row)
    # the read contends with the training thread only for the allocator's lock: time an
    # allocation loop with and without a reader hammering the snapshot
    stop = threading.Event()

    def hammer() -> None:
        while not stop.is_set():
            source.read({})

    def loop() -> float:
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(2000):
            torch.empty(4096, dtype=torch.uint8, device="cuda")
        torch.cuda.synchronize()
        return (time.perf_counter() - t0) / 2000 * 1e6

    quiet = loop()
    reader = threading.Thread(target=hammer, daemon=True)
    reader.start()
    busy = loop()
    stop.set()
    reader.join()
    return {
        "rows": rows,
        "alloc_us_quiet": quiet,
        "alloc_us_while_reading_continuously": busy,
        "light_snapshot": "include_traces" in inspect.signature(torch.cuda.memory_snapshot).parameters,
        "device": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
    }


if __name__ == "__main__":
    name = sys.argv[1]
    print(
        json.dumps(
            {"capture_under_ticks": capture_under_ticks, "pools": pools, "cost": cost, "compiled": compiled}[
                name
            ]()
        ),
        flush=True,
    )
