"""The live fragmentation figures on a real GPU, with the agent on (tests/gpu/test_fragmentation_gpu.py).

    python3 tests/gpu/frag_scenario.py MODE OUTDIR      (MODE: fragmenting | steady)

`fragmenting`: an 18 MiB tensor comes and goes (the reference request), 6 MiB tensors fill the
device in 20 MiB segments, two of each three are freed (12 MiB holes between live tensors),
the last free MiB are filled; then a second 18 MiB tensor OOMs with cause `fragmentation`.
`steady`: the device nearly full with one tensor, 1,000 small blocks, and a loop that
allocates and frees an 18 MiB and a 6 MiB tensor each step: no fragmentation, no alert.

Prints one JSON line: when the PytorchFragmentationRisk alert fired, the agent's last pool
reading next to `figures_from_segments` of a snapshot taken at the same moment (nothing
allocates in between), and the cost of a pool read at the block count held: the snapshot, the
fragmentation walk alone (`walk_ms`, what was timed before the one-pass merge) and the pool read's
one pass (`pass_ms`: the pool sums and the walk together, sources/pools.py `summarize`).
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path

mode, outdir = sys.argv[1], Path(sys.argv[2])

import gpumemd  # noqa: E402
from gpumemd.alerts.engine import Notification  # noqa: E402
from gpumemd.config import Config  # noqa: E402
from gpumemd.diagnosis.snapshot import figures_from_segments  # noqa: E402
from gpumemd.sources.pools import summarize  # noqa: E402

RULE = {"alert": "PytorchFragmentationRisk", "metric": "gpumemd_allocator_fragmentation_risk", "op": ">",
        "threshold": 0, "for": "1s", "labels": {"severity": "warning"},
        "annotations": {"summary": "GPU {{ $labels.gpu }} fragmentation risk"}}
cfg = Config()
cfg = dataclasses.replace(cfg, alerting=dataclasses.replace(cfg.alerting, rules=(RULE,)))
got: list[Notification] = []
agent = gpumemd.start(
    cfg,
    listen_address=None,
    spool_dir="",
    oom_snapshot_dir=str(outdir),
    oom_min_dump_interval=0.0,
    pool_interval=0.2,
    evaluation_interval=0.2,
    on_alert=got.extend,
)

import torch  # noqa: E402

MIB = 1 << 20
result: dict = {"mode": mode}
t0 = time.monotonic()


def fired() -> float | None:
    for n in list(got):
        if n.labels.get("alertname") == "PytorchFragmentationRisk" and not n.resolved:
            return time.monotonic() - t0
    return None


def live_vs_snapshot() -> dict:
    """Wait for two pool reads with nothing allocating, then the agent's figures and a snapshot's."""
    time.sleep(0.6)
    snap = agent.runtime.sampler.latest if agent.runtime is not None else None
    pools = snap.readings.get("pools") if snap is not None else None
    segs = torch.cuda.memory_snapshot()
    seg = figures_from_segments(segs, 0)
    frag = pools[0].fragmentation if pools else None
    return {
        "live": None if frag is None else frag._asdict(),
        "snapshot": {
            "largest_free_block": seg.largest_free_block,
            "largest_live_request": max(seg.live_requests.values(), default=0),
            "held_free_bytes": sum(seg.held_free_blocks),
            "releasable": seg.releasable,
        },
        "blocks": sum(len(s["blocks"]) for s in segs),
        "segments": len(segs),
    }


def read_cost(reps: int = 5) -> dict:
    """A pool read's work, as the agent does it: the light snapshot, then the one pass over it."""
    api = agent._torch_api()  # the agent's TorchCudaApi: its pool_segments is what PoolSource calls
    snap_s, walk_s, pass_s = [], [], []
    for _ in range(reps):
        a = time.perf_counter()
        segs = api.pool_segments()
        b = time.perf_counter()
        figures_from_segments(segs, 0)
        c = time.perf_counter()
        summarize(segs)
        pass_s.append(time.perf_counter() - c)
        walk_s.append(c - b)
        snap_s.append(b - a)
    return {
        "blocks": sum(len(s["blocks"]) for s in segs),
        "snapshot_ms": sorted(snap_s)[reps // 2] * 1e3,
        "walk_ms": sorted(walk_s)[reps // 2] * 1e3,
        "pass_ms": sorted(pass_s)[reps // 2] * 1e3,
    }


torch.cuda.init()
free, total = torch.cuda.mem_get_info(0)
keep: list = []
small: list = []

if mode == "fragmenting":
    for _ in range(3):  # a step's largest tensor, seen live by a pool read and freed: the reference
        big = torch.empty(18 * MIB, dtype=torch.uint8, device="cuda")
        time.sleep(0.5)
        del big
        time.sleep(0.5)
    torch.cuda.empty_cache()
    while torch.cuda.mem_get_info(0)[0] >= 24 * MIB:
        small.append(torch.empty(6 * MIB, dtype=torch.uint8, device="cuda"))
    rest = (torch.cuda.mem_get_info(0)[0] - 2 * MIB) // (2 * MIB) * (2 * MIB)
    if rest > 0:  # the device's last MiB: a request of 18 MiB must not get them
        keep.append(torch.empty(rest, dtype=torch.uint8, device="cuda"))
    for i in range(len(small) - 1):  # the last kept: its segment may hold fewer than three
        if i % 3 != 2:
            small[i] = None
    result["filled"] = len(small)
    result["device_free_after_fill"] = torch.cuda.mem_get_info(0)[0]
    deadline = time.monotonic() + 20
    while fired() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    result["fired_after_s"] = fired()
    result["compare"] = live_vs_snapshot()
    result["cost"] = read_cost()
    try:
        keep.append(torch.empty(18 * MIB, dtype=torch.uint8, device="cuda"))
        result["oom"] = False
    except torch.OutOfMemoryError:
        result["oom"] = True
    result["oom_after_s"] = time.monotonic() - t0
    time.sleep(0.3)
    result["diagnoses"] = [
        json.loads(p.read_text())["cause"] for p in sorted(outdir.glob("*.diagnosis.json"))
    ]

elif mode == "steady":
    keep.append(torch.empty(free - 1536 * MIB, dtype=torch.uint8, device="cuda"))  # near full
    for _ in range(1000):  # ~1,000 blocks (1 MiB tensors: the small pool's 2 MiB segments)
        small.append(torch.empty(MIB, dtype=torch.uint8, device="cuda"))
    result["compare"] = live_vs_snapshot()
    result["cost"] = read_cost()
    end = time.monotonic() + 5
    steps = 0
    while time.monotonic() < end:
        act = torch.empty(18 * MIB, dtype=torch.uint8, device="cuda")
        tmp = torch.empty(6 * MIB, dtype=torch.uint8, device="cuda")
        time.sleep(0.03)
        del act, tmp
        steps += 1
    time.sleep(0.5)
    result["steps"] = steps
    result["fired_after_s"] = fired()

else:
    raise SystemExit(f"unknown mode {mode}")

result["alerts"] = [n.labels.get("alertname") for n in got]
print(json.dumps(result), flush=True)
gpumemd.stop()
