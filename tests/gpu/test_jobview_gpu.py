"""`explain --prometheus --job` on a real job: `gpumemd serve` and `gpumemd run -- torchrun
--nproc-per-node N` (tests/gpu/job_rank.py: the last rank holds 3x each other rank and has the
least headroom), a real Prometheus scraping the daemon at 1 s. Two layouts, written for any N:
two ranks on ONE GPU (they share its free memory), and four ranks one a GPU (skipped under four
GPUs; the heavy rank placed on the GPU with the least free memory, its peak 8 GiB over its
holding, so that it is the worst rank whatever else runs on the others).

Checked: jobview names the last rank the worst rank and the imbalance (allocated max/median 3 /
the median) within one scrape interval of the daemon's /metrics first showing every rank at its
memory; all N ranks present, world size N, none missing; each rank's headroom counts its share
of its GPU's free memory; the CLI exits 1 (imbalance is actionable). Then the killed rank: the
same job started one process a rank (as srun does; torchrun would stop the others), rank 0
SIGKILLed, and the job view through Prometheus names it missing, the others still answering.
Measured (record()): the latency from the ranks reaching their memory to the daemon, and to
Prometheus's answer; the killed rank's time to be named missing. Skipped without a Prometheus
binary (env PROMETHEUS_BIN, else `prometheus` on PATH).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.gpu.jobview_scenario import SCRAPE_S, killed_rank, look, stack, start
from tests.helpers import ROOT, samples, scrape

# slow tier: it covers no GPU-facing module the fast tier lacks (tests/gpu/conftest.py, FAST_TIER)
pytestmark = pytest.mark.slow

PROMETHEUS = os.environ.get("PROMETHEUS_BIN") or shutil.which("prometheus")
GiB = 1 << 30


def record(results_dir: Path, name: str, doc: dict[str, Any]) -> None:
    (results_dir / f"jobview-{name}.json").write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")


def _cuda_count() -> int:
    import torch

    return torch.cuda.device_count()


def _placement(n: int, shared: bool) -> tuple[list[int], dict[str, Any]]:
    """The CUDA device of each rank: all on 0, or one a GPU with the last rank on the GPU with the
    least free memory (NVML's, in PCI order: the ranks run with CUDA_DEVICE_ORDER=PCI_BUS_ID)."""
    if shared:
        return [0] * n, {}
    import pynvml

    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "")
    pynvml.nvmlInit()
    try:
        count = pynvml.nvmlDeviceGetCount()
        nvml = [int(x) for x in visible.split(",")] if visible and visible.replace(",", "").isdigit() \
            else list(range(count))
        free = {i: pynvml.nvmlDeviceGetMemoryInfo(pynvml.nvmlDeviceGetHandleByIndex(nvml[i])).free
                for i in range(min(n, len(nvml)))}
    finally:
        pynvml.nvmlShutdown()
    order = sorted(free, key=lambda i: -free[i])  # the most free first: the last rank gets the least
    return order[:n], {"free_bytes_by_cuda_device": free}


LAYOUTS = [
    pytest.param(2, True, 1, id="two_ranks_one_gpu"),
    pytest.param(4, False, 8, id="four_ranks_four_gpus"),
]


@pytest.mark.skipif(PROMETHEUS is None or not os.access(PROMETHEUS, os.X_OK),
                    reason="no prometheus binary (set PROMETHEUS_BIN)")
@pytest.mark.parametrize("n, shared, spike_gib", LAYOUTS)
@pytest.mark.timeout_s(150)
def test_worst_rank_imbalance_every_rank_and_the_killed_one(tmp_path: Path, results_dir: Path, n: int,
                                                             shared: bool, spike_gib: int) -> None:
    assert PROMETHEUS is not None
    if not shared and _cuda_count() < n:
        pytest.skip(f"{n} ranks one a GPU need {n} GPUs; {_cuda_count()} visible")
    started = time.monotonic()
    gpus, placed = _placement(n, shared)
    rank_args = ["--gpus", ",".join(map(str, gpus)), "--spike-gib", str(spike_gib)]
    stop, job = tmp_path / "stop", f"gpu-{uuid.uuid4().hex[:8]}"
    name = "two_ranks_one_gpu" if shared else f"{n}_ranks_{n}_gpus"
    expect = {str(r): GiB for r in range(n - 1)} | {str(n - 1): 3 * GiB}
    ratio = 3 / statistics.median(v / GiB for v in expect.values())
    figures: dict[str, Any] = {"ranks": n, "gpus_by_rank": gpus, **placed, "scrape_interval_s": SCRAPE_S}
    with stack(tmp_path, PROMETHEUS) as st:
        st.env["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"  # the ranks' device order is NVML's (_placement)
        ranks = start(st, job, n, stop, rank_args, tmp_path / "ranks.stderr", torchrun=True)
        try:
            ranks.wait_ready(n, 60)
            deadline = time.monotonic() + 40
            daemon_at = prom_at = None
            got = None
            while time.monotonic() < deadline and prom_at is None:
                if len(ranks.ready) == n and daemon_at is None:
                    s = samples(scrape(st.url + "/metrics"))
                    held = {dict(lab).get("rank"): v for (m, lab), v in s.items()
                            if m == "gpumemd_allocator_allocated_bytes" and dict(lab).get("job_id") == job}
                    if held == expect:
                        daemon_at = time.time()
                if daemon_at is not None and (seen := look(st.prom_url, job)) is not None:
                    kinds = {f.kind: f for f in seen[1]}
                    worst = kinds.get("worst_rank") or kinds.get("headroom_low")
                    # Prometheus's last scrape may predate the daemon's steady figures (a rank's
                    # spike): the answer counts once it holds every rank at its steady bytes
                    steady = {r.rank: r.allocated for r in seen[0].ranks} == expect
                    if worst and f"rank {n - 1} " in worst.message and "imbalance" in kinds and steady:
                        prom_at, got = time.time(), seen
                        break
                time.sleep(0.05)
            reached = max((r["ready"] for r in ranks.ready), default=None)
            figures.update(ready=list(ranks.ready), reached=reached, daemon_at=daemon_at,
                           prometheus_at=prom_at,
                           daemon_latency_s=daemon_at - reached if daemon_at and reached else None,
                           prometheus_after_daemon_s=prom_at - daemon_at if prom_at and daemon_at else None,
                           prometheus_latency_s=prom_at - reached if prom_at and reached else None)
            if got is not None:
                figures["jobview_ranks"] = [vars(r) for r in got[0].ranks]
                figures["findings"] = [f.message for f in got[1]]
            cli = subprocess.run([sys.executable, "-m", "gpumemd", "explain", "--prometheus", st.prom_url,
                                  "--job", job], cwd=ROOT, env=st.env, capture_output=True, text=True,
                                 timeout=30)
            figures["cli"] = {"exit": cli.returncode, "stdout": cli.stdout[-3000:]}
        finally:
            codes = ranks.stop(stop)
        figures["torchrun_exit"] = codes
        # the killed rank: the same ranks started one process a rank (torchrun stops them all)
        stop2, job2 = tmp_path / "stop2", f"{job}-k"
        direct = start(st, job2, n, stop2, rank_args, tmp_path / "direct.stderr", torchrun=False)
        try:
            if direct.wait_ready(n, 60):
                figures["killed"] = killed_rank(st, job2, direct, n, victim=0, timeout=30)
        finally:
            figures["direct_exit"] = direct.stop(stop2)
    figures["seconds"] = round(time.monotonic() - started, 1)
    record(results_dir, name, figures)
    assert len(ranks.ready) == n and all(r["agent"] for r in ranks.ready), ranks.ready
    assert sorted(r["device"] for r in ranks.ready) == sorted(gpus), ranks.ready
    assert daemon_at is not None, f"the daemon never showed the ranks at {expect}"
    assert got is not None, figures
    assert prom_at - daemon_at <= SCRAPE_S + 0.5, figures  # one scrape, and the query's own time
    job_view, found = got
    kinds = {f.kind: f for f in found}
    assert f"allocated max/median {ratio:.2f}" in kinds["imbalance"].message, kinds["imbalance"].message
    assert f"rank {n - 1} holds" in kinds["imbalance"].message
    assert "ranks_missing" not in kinds and job_view.world_size == n
    assert sorted(r.rank for r in job_view.ranks) == [str(r) for r in range(n)]
    assert len({(r.instance, r.gpu) for r in job_view.ranks}) == (1 if shared else n)
    heavy = next(r for r in job_view.ranks if r.rank == str(n - 1))
    for r in job_view.ranks:
        (gpu,) = [g for g in job_view.nodes[r.instance].gpus if g.gpu == r.gpu]
        sharing = sum(1 for o in job_view.ranks if (o.instance, o.gpu) == (r.instance, r.gpu))
        assert r.headroom is not None and r.headroom <= r.reserved + gpu.free // sharing - r.allocated + 1
        assert r is heavy or heavy.headroom is not None and heavy.headroom < r.headroom
    assert figures["cli"]["exit"] == 1, figures["cli"]
    assert f"worst rank: rank {n - 1} on 127.0.0.1:" in cli.stdout and "imbalance: allocated" in cli.stdout
    assert codes == [0], (tmp_path / "ranks.stderr").read_text()[-4000:]
    killed = figures.get("killed") or {}
    assert killed.get("all_seen") and killed.get("finding") == f"1 of {n} ranks missing: 0", (
        figures, (tmp_path / "direct.stderr").read_text()[-3000:])
    assert sorted(killed["answering"]) == [str(r) for r in range(1, n)]
    assert figures["direct_exit"][0] == -9 and figures["direct_exit"][1:] == [0] * (n - 1)
    assert figures["seconds"] <= 120, figures["seconds"]
