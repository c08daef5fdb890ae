"""bench/job_scale.py, small: 2 nodes x 8 ranks at a 1 s scrape, so the bench cannot rot
between the runs that measure (its figures: bench/results/2026-11-25-cpu-job-scale/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.integration.external import PROMETHEUS, needs_prometheus

sys.path.insert(0, str(ROOT / "bench"))
import job_scale  # noqa: E402

pytestmark = [needs_prometheus, pytest.mark.e2e]


def test_two_nodes_every_job_rule_records_and_the_figures_are_read(tmp_path: Path) -> None:
    assert PROMETHEUS is not None
    exposition = job_scale.add_job_series(job_scale.node_exposition(tmp_path))
    assert exposition.count("gpumemd_allocator_step_peak_bytes{") == job_scale.RANKS_PER_NODE
    rules = tmp_path / "rules.yml"
    subprocess.run(
        [sys.executable, "-m", "gpumemd", "rules", "export", "-o", str(rules)],
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    got = job_scale.measure(2, exposition, rules, PROMETHEUS, interval=1.0, rounds=4, tmp=tmp_path)
    assert got["targets_up"] == 2
    assert (
        got["recorded_series_by_name"]["job_rank:gpumemd_headroom_bytes:min"] == 2 * job_scale.RANKS_PER_NODE
    )
    assert got["recorded_series_by_name"]["job:gpumemd_ranks:count"] == 1
    assert set(got["rule_group_last_duration_s"]) == {"gpumemd", "gpumemd-job"}
    assert got["series_per_node"] > 100 and got["prometheus_rss_bytes"] > 0
