"""CUDA graphs and memory pools on a real GPU (tests/gpu/graphs_scenario.py, one process per
scenario). Figures go to `<results_dir>/graphs-<scenario>.json`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT

# Outside the fast tier (make gpu-fast): CUDA graphs; their pools are in the fast tier's graph_pools OOM
pytestmark = pytest.mark.slow

GiB = 1 << 30
SCENARIO = Path(__file__).with_name("graphs_scenario.py")


EXPANDABLE = "expandable_segments:True"


def run(name: str, results_dir: Path, timeout: int, alloc_conf: str = "") -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTORCH_CUDA_ALLOC_CONF", None)
    if alloc_conf:
        env["PYTORCH_CUDA_ALLOC_CONF"] = alloc_conf
    out = subprocess.run([sys.executable, str(SCENARIO), name], cwd=ROOT, capture_output=True, text=True,
                         timeout=timeout, env=env)
    assert out.returncode == 0, out.stderr[-4000:]
    r: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    suffix = "-expandable" if alloc_conf else ""
    (results_dir / f"graphs-{name}{suffix}.json").write_text(json.dumps(r, indent=1) + "\n")
    return r


def by_kind(theirs: dict[str, dict[str, int]], field: str) -> dict[str, int]:
    """torch's snapshot sums ("default", "graph:1", "user:2") summed by kind."""
    out: dict[str, int] = {}
    for pool, row in theirs.items():
        kind = pool.split(":")[0]
        out[kind] = out.get(kind, 0) + row[field]
    return out


@pytest.mark.timeout_s(90)
def test_the_agent_sampling_at_100hz_during_a_global_capture_does_not_break_it(results_dir: Path) -> None:
    r = run("capture_under_ticks", results_dir, 80)
    assert r["capture_error"] == "", r
    assert r["samples_during_capture"] >= 5, r  # the thread really ran inside the capture
    assert r["replay_matches_eager"] is True, r
    assert r["errors_after"] == r["errors_before"], r
    assert r["thread_alive"] and r["success"]["allocator"] and r["success"]["pools"], r


@pytest.mark.timeout_s(90)
@pytest.mark.parametrize("alloc_conf", ["", EXPANDABLE])
def test_graph_and_mempool_pools_match_torchs_snapshot_and_peaks_and_ooms_still_hold(
        results_dir: Path, alloc_conf: str) -> None:
    r = run("pools", results_dir, 80, alloc_conf)
    theirs = r["snapshot_by_pool"]
    private = r["agent_private_pools"]
    # each private pool's series is torch's own figure for that pool
    for pool in (r["graph_pool_id"], r["shared_pool_id"], r["mempool_id"]):
        assert pool in theirs and private[pool] == theirs[pool]["reserved"], (pool, r)
    assert r["agent_reserved_by_kind"]["graph"] == theirs[r["graph_pool_id"]]["reserved"], r
    user = theirs[r["shared_pool_id"]]["reserved"] + theirs[r["mempool_id"]]["reserved"]
    assert r["agent_reserved_by_kind"]["user"] == user, r
    assert r["agent_reserved_by_kind"]["default"] == theirs["default"]["reserved"], r
    assert r["agent_allocated_by_kind"]["graph"] == theirs[r["graph_pool_id"]]["allocated"], r
    assert r["agent_pools_by_kind"] == {"default": 1, "graph": 1, "user": 2}, r
    # kinds add up to reserved (nothing allocated between the two reads)
    assert (
        sum(r["agent_reserved_by_kind"].values()) == r["memory_reserved"] == r["allocator_reserved_series"]
    ), r
    # after the replays: a lone 1 GiB spike is the interval's exact peak; an OOM is counted
    assert (r["interval_peak"], r["interval_peak_exact"]) == (r["allocated_before_spike"] + GiB, True), r
    assert r["oom_raised"] and r["observer_installed"] and r["oom_events"] == 1, r
    # the agent never resets the user's peak statistics
    assert r["max_memory_allocated_after"] == r["max_memory_allocated_before_samples"], r
    assert r["max_memory_allocated_after"] >= r["allocated_before_spike"] + GiB, r
    assert not r["agent_errors"], r


@pytest.mark.timeout_s(180)
@pytest.mark.parametrize("alloc_conf", ["", EXPANDABLE])
def test_torch_compiles_cuda_graphs_show_as_their_own_pool(results_dir: Path, alloc_conf: str) -> None:
    r = run("compiled", results_dir, 170, alloc_conf)
    theirs = r["snapshot_by_pool"]
    private = [pool for pool in theirs if pool != "default"]
    assert private, r  # reduce-overhead recorded its graphs into a pool of their own
    for pool in private:  # at most 8 private pools: each has its own series, torch's figure
        assert r["agent_private_pools"][pool] == theirs[pool]["reserved"], (pool, r)
    assert r["agent_reserved_by_kind"] == {
        "default": 0,
        "graph": 0,
        "user": 0,
        **by_kind(theirs, "reserved"),
    }, r
    assert r["agent_allocated_by_kind"] == {
        "default": 0,
        "graph": 0,
        "user": 0,
        **by_kind(theirs, "allocated"),
    }, r
    assert (
        sum(r["agent_reserved_by_kind"].values()) == r["memory_reserved"] == r["allocator_reserved_series"]
    ), r
    assert not r["agent_errors"], r


@pytest.mark.timeout_s(120)
def test_the_pool_reads_cost_is_measured(results_dir: Path) -> None:
    r = run("cost", results_dir, 110)
    assert [row["blocks"] >= target for row, target in zip(r["rows"], (1_000, 10_000), strict=True)] == [
        True,
        True,
    ]
    for row in r["rows"]:
        assert 0 < row["pool_read"]["median_us"] <= row["pool_read"]["p99_us"], row
