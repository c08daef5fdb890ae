"""The job view of four ranks through a real Prometheus, on a CPU: `gpumemd run -- torchrun
--nproc-per-node 4` ranks of tests/gpu/job_rank.py --cpu, each publishing its rank without a
GPU, all four seen with the world size and none missing; then the same four started one process
a rank, as a scheduler (srun) starts them, one SIGKILLed: the job view names that rank missing,
and only it. The GPU twin (tests/gpu/test_jobview_gpu.py) adds the memory: the worst rank, the
imbalance, one rank a GPU."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest

from tests.gpu.jobview_scenario import killed_rank, look, stack, start
from tests.integration.external import PROMETHEUS, needs_prometheus

pytestmark = [needs_prometheus, pytest.mark.e2e]


def test_four_ranks_all_seen_then_the_killed_one_named_missing(tmp_path: Path) -> None:
    assert PROMETHEUS is not None
    job, stop = f"cpu-{uuid.uuid4().hex[:8]}", tmp_path / "stop"
    with stack(tmp_path, PROMETHEUS) as st:
        ranks = start(st, job, 4, stop, ["--cpu"], tmp_path / "ranks.stderr", torchrun=True)
        seen = None
        try:
            assert ranks.wait_ready(4, 90), (tmp_path / "ranks.stderr").read_text()[-3000:]
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                seen = look(st.prom_url, job)
                if seen and len(seen[0].without_gpu) == 4:
                    break
                time.sleep(0.1)
        finally:
            codes = ranks.stop(stop)
        assert seen is not None and seen[0].without_gpu == ["0", "1", "2", "3"], seen
        assert seen[0].world_size == 4 and "ranks_missing" not in {f.kind for f in seen[1]}
        assert codes == [0] and all(r["agent"] for r in ranks.ready), (codes, ranks.ready)
        job2, stop2 = f"{job}-k", tmp_path / "stop2"
        direct = start(st, job2, 4, stop2, ["--cpu"], tmp_path / "direct.stderr", torchrun=False)
        try:
            assert direct.wait_ready(4, 90), (tmp_path / "direct.stderr").read_text()[-3000:]
            figures = killed_rank(st, job2, direct, 4, victim=2, timeout=60)
        finally:
            codes = direct.stop(stop2)
    assert figures.get("all_seen"), figures  # four ranks answering, world size 4
    assert figures.get("finding") == "1 of 4 ranks missing: 2", figures
    assert sorted(figures["answering"]) == ["0", "1", "3"]
    assert codes[2] == -9 and [codes[i] for i in (0, 1, 3)] == [0, 0, 0], codes
