"""The job view of four ranks through a real Prometheus, on a CPU: four `gpumemd run` ranks of
tests/gpu/job_rank.py --cpu, started one process a rank as a scheduler (srun) starts them, each
publishing its rank without a GPU. `jobview` sees all four and the world size; one SIGKILLed,
it names that rank missing, and only it. The GPU twin (tests/gpu/test_jobview_gpu.py) adds the
memory: the worst rank, the imbalance, one rank a GPU."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from tests.gpu.jobview_scenario import killed_rank, stack, start
from tests.integration.external import PROMETHEUS, needs_prometheus

pytestmark = [needs_prometheus, pytest.mark.e2e]


def test_four_ranks_all_seen_then_the_killed_one_named_missing(tmp_path: Path) -> None:
    assert PROMETHEUS is not None
    job, stop = f"cpu-{uuid.uuid4().hex[:8]}", tmp_path / "stop"
    with stack(tmp_path, PROMETHEUS) as st:
        ranks = start(st, job, 4, stop, ["--cpu"], tmp_path / "ranks.stderr", torchrun=False)
        try:
            assert ranks.wait_ready(4, 90), (tmp_path / "ranks.stderr").read_text()[-3000:]
            assert all(r["agent"] for r in ranks.ready), ranks.ready
            figures = killed_rank(st, job, ranks, 4, victim=2, timeout=60)
        finally:
            codes = ranks.stop(stop)
    assert figures.get("all_seen"), figures  # four ranks answering, world size 4
    assert figures.get("finding") == "1 of 4 ranks missing: 2", figures
    assert sorted(figures["answering"]) == ["0", "1", "3"]
    assert codes[2] == -9 and [codes[i] for i in (0, 1, 3)] == [0, 0, 0], codes
