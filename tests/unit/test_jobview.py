"""The job's findings from ranks as `from_prometheus` builds them (no Prometheus needed)."""

from __future__ import annotations

from gpumemd.jobview import Job, RankView, job_findings, render

GiB = 1 << 30


def _rank(rank: int, allocated: int, peak: int | None, headroom: int, ooms: int = 0) -> RankView:
    return RankView(str(rank), f"node{rank // 2}:9967", rank % 2, 100 + rank, allocated, allocated, peak,
                    headroom, ooms, "fragmentation" if ooms else "")


def test_step_peak_imbalance_at_30_percent_and_an_oom_named_by_rank() -> None:
    ranks = [_rank(i, 10 * GiB, 10 * GiB, 40 * GiB) for i in range(15)]
    ranks[5] = _rank(5, 10 * GiB, 13 * GiB + GiB // 10, 2 * GiB, ooms=1)  # 1.31x the median step peak
    job = Job("test", "77", {}, ranks, world_size=16)
    found = {f.kind: f.message for f in job_findings(job)}
    assert found["worst_rank"].startswith("worst rank: rank 5 on node2:9967 GPU 1")
    assert "step peak max/median 1.31" in found["imbalance"] and "rank 5" in found["imbalance"]
    assert found["ranks_missing"] == "1 of 16 ranks missing: 15"
    assert "rank 5 on node2:9967 GPU 1: 1 OOMs, the last: fragmentation" == found["ooms"]
    assert "rank 5 " in render(job, job_findings(job))


def test_balanced_within_30_percent_is_no_finding() -> None:
    ranks = [_rank(i, 10 * GiB, int(10 * GiB * (1.29 if i == 0 else 1.0)), 40 * GiB) for i in range(4)]
    kinds = [f.kind for f in job_findings(Job("test", "77", {}, ranks, world_size=4))]
    assert kinds == ["worst_rank"]
