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

GiB = 1 << 30
SCENARIO = Path(__file__).with_name("graphs_scenario.py")


def run(name: str, results_dir: Path, timeout: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, str(SCENARIO), name], cwd=ROOT, capture_output=True, text=True,
                         timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-4000:]
    r: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    (results_dir / f"graphs-{name}.json").write_text(json.dumps(r, indent=1) + "\n")
    return r


@pytest.mark.timeout_s(90)
def test_the_agent_sampling_at_100hz_during_a_global_capture_does_not_break_it(results_dir: Path) -> None:
    r = run("capture_under_ticks", results_dir, 80)
    assert r["capture_error"] == "", r
    assert r["samples_during_capture"] >= 5, r  # the thread really ran inside the capture
    assert r["replay_matches_eager"] is True, r
    assert r["errors_after"] == r["errors_before"], r
    assert r["thread_alive"] and r["success"]["allocator"] and r["success"]["pools"], r


@pytest.mark.timeout_s(90)
def test_graph_and_mempool_pools_match_torchs_snapshot_and_peaks_and_ooms_still_hold(results_dir: Path) -> None:
    r = run("pools", results_dir, 80)
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
    assert sum(r["agent_reserved_by_kind"].values()) == r["memory_reserved"] == r["allocator_reserved_series"], r
    # after the replays: a lone 1 GiB spike is the interval's exact peak; an OOM is counted
    assert (r["interval_peak"], r["interval_peak_exact"]) == (r["allocated_before_spike"] + GiB, True), r
    assert r["oom_raised"] and r["observer_installed"] and r["oom_events"] == 1, r
    # the agent never resets the user's peak statistics
    assert r["max_memory_allocated_after"] == r["max_memory_allocated_before_samples"], r
    assert r["max_memory_allocated_after"] >= r["allocated_before_spike"] + GiB, r
    assert not r["agent_errors"], r


@pytest.mark.timeout_s(120)
def test_the_pool_reads_cost_is_measured(results_dir: Path) -> None:
    r = run("cost", results_dir, 110)
    assert [row["blocks"] >= target for row, target in zip(r["rows"], (1_000, 10_000), strict=True)] == [True, True]
    for row in r["rows"]:
        assert 0 < row["pool_read"]["median_us"] <= row["pool_read"]["p99_us"], row
