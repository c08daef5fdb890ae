"""Realistic OOM accountings for the diagnosis's CPU tests: an 80 GiB device, segments shaped
as torch's `memory_snapshot()` writes them, one scene per cause plus the issue-35 cases
(issue 35: the misdiagnoses seen on an H100). Shared by test_oom.py and the agent's tests."""

from __future__ import annotations

from typing import Any

from gpumemd.diagnosis.accounting import AllocatorConfig, OomAccounting, OtherProcess, build_accounting

GIB, MIB = 1 << 30, 1 << 20
TOTAL = 80 * GIB
CONTEXT = 512 * MIB  # this process's CUDA context in the scenes

_next = [0x7F0000000000]


def seg(blocks: list[tuple[int, str]], *, pool: tuple[int, int] = (0, 0), stream: int = 0,
        expandable: bool = False) -> dict[str, Any]:
    """One segment of consecutive blocks (size, state), laid out from a 2 MiB-aligned address."""
    base = _next[0]
    size = sum(s for s, _ in blocks)
    _next[0] += -(-size // (2 * MIB)) * 2 * MIB
    out, a = [], base
    for s, state in blocks:
        out.append({"address": a, "size": s, "requested_size": s, "state": state})
        a += s
    return {"device": 0, "address": base, "total_size": size, "stream": stream,
            "segment_type": "small" if size <= 2 * MIB else "large", "segment_pool_id": pool,
            "is_expandable": expandable, "blocks": out}


def live(size: int, **kw: Any) -> dict[str, Any]:
    return seg([(size, "active_allocated")], **kw)


def sums(segments: list[dict[str, Any]]) -> tuple[int, int]:
    """(allocated, reserved) as memory_stats counts them."""
    allocated = sum(b["size"] for s in segments for b in s["blocks"] if b["state"] == "active_allocated")
    return allocated, sum(s["total_size"] for s in segments)


def scene(segments: list[dict[str, Any]], requested: int, device_free: int, *,
          non_pytorch: int = CONTEXT, baseline: int | None = CONTEXT, **kw: Any) -> OomAccounting:
    """The agent's accounting of one OOM: NVML's figure for this process is its reserved bytes
    plus `non_pytorch`; `baseline` the lowest non-PyTorch reading before (None: no sample yet)."""
    allocated, reserved = sums(segments)
    args: dict[str, Any] = dict(
        requested=requested, device=0, segments=segments, device_total=TOTAL, device_free=device_free,
        allocated=allocated, reserved=reserved, process_used=reserved + non_pytorch,
        context_baseline=baseline, others=(), config=AllocatorConfig(),
    )
    args.update(kw)
    return build_accounting(**args)


def fragmented(n: int = 200) -> list[dict[str, Any]]:
    """100 MiB segments, each a 20 MiB tensor between two 40 MiB holes (two whole 20 MiB pages
    each), beside a 60 GiB working set."""
    return [live(60 * GIB)] + [
        seg([(40 * MIB, "inactive"), (20 * MIB, "active_allocated"), (40 * MIB, "inactive")])
        for _ in range(n)
    ]


def stranded(n: int = 300) -> list[dict[str, Any]]:
    """20 MiB segments, each [12 MiB free][6 MiB tensor][2 MiB free] (the H100 recording's
    layout): no whole 20 MiB page is free anywhere."""
    return [live(60 * GIB)] + [
        seg([(12 * MIB, "inactive"), (6 * MIB, "active_allocated"), (2 * MIB, "inactive")]) for _ in range(n)
    ]


def graph_pool() -> list[dict[str, Any]]:
    """A temporary freed inside a CUDA-graph capture: the graph's private pool holds 47 GiB free."""
    return [live(20 * GIB), seg([(GIB, "active_allocated"), (47 * GIB, "inactive")], pool=(1, 0))]


def leak_ends(start: int, per_step: int, every: int = 10, count: int = 10) -> tuple[tuple[int, int], ...]:
    """Step ends seen at every `every`-th optimizer step (a boundary spaced by the budget)."""
    return tuple((every * (i + 1), start + per_step * every * (i + 1)) for i in range(count))


def scenes() -> dict[str, OomAccounting]:
    """One scene per cause (`capacity-device`: a 1 TiB request after a 16 MiB/step loop)."""
    frag = fragmented()
    leaked = leak_ends(20 * GIB, 16 * MIB)
    return {
        "fragmentation": scene(frag, 60 * MIB, 10 * MIB),
        "fragmentation-stranded": scene(stranded(), 16 * MIB, 14 * MIB),
        "limit": scene([live(30 * GIB)], 4 * GIB, 49 * GIB, limit=32 * GIB),
        "limit-mps": scene([live(14 * GIB)], 4 * GIB, 2 * GIB, limit=16 * GIB, limit_by="mps",
                           non_pytorch=GIB),
        # the MPS server's limit (its control daemon's, 8 GiB), inferred at the OOM: the H200 client's
        # figures (bench/results/2026-11-28-h200x2-s16/call6/mps-gpu.json), NVML's free the GPU's
        "limit-mps-node": scene([live(GIB)], 8 * GIB, 7_232_342_960, limit=7_232_342_960 + 1_361_051_648,
                                limit_by="mps", mps_limit_by="node", gpu_free=70 * GIB,
                                non_pytorch=1_361_051_648 - GIB),
        "graph_pools": scene(graph_pool(), 30 * GIB, 11 * GIB),
        "leak": scene([live(leaked[-1][1])], GIB, 100 * MIB, step_ends=leaked),
        # CuPy's 48 GiB in this process, before the agent's first sample (no baseline read)
        "non_pytorch": scene([live(28 * GIB)], 20 * GIB, 3 * GIB + 512 * MIB,
                             non_pytorch=48 * GIB + CONTEXT, baseline=None),
        "other_processes": scene([live(30 * GIB)], 16 * GIB, 9 * GIB + 512 * MIB,
                                 others=(OtherProcess(4242, 40 * GIB, name="python3"),)),
        "capacity": scene([live(20 * GIB), live(40 * GIB)], 30 * GIB, 19 * GIB + 512 * MIB,
                          step_ends=((1, 20 * GIB), (2, 20 * GIB), (3, 20 * GIB))),
        "capacity-device": scene([live(leaked[-1][1])], 1 << 40, 50 * GIB, step_ends=leaked),
    }
