"""The job's findings from ranks as `from_prometheus` builds them (no Prometheus needed)."""

from __future__ import annotations

from gpumemd.alerts.export import job_group, job_thresholds
from gpumemd.commands.jobview import Job, RankView, actionable, job_findings, node_ranks, render
from gpumemd.commands.node import GpuView, Node, ProcessView

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


def test_the_worst_rank_alone_is_information_not_an_action() -> None:
    ranks = [_rank(i, 10 * GiB, 10 * GiB, 40 * GiB) for i in range(4)]
    for r in ranks:
        r.gpu_total = 80 * GiB
    found = job_findings(Job("test", "77", {}, ranks, world_size=4))
    assert [f.kind for f in found] == ["worst_rank"]
    assert actionable(found) == []


def test_headroom_under_the_rules_threshold_is_actionable() -> None:
    limit = job_thresholds()["headroom_fraction"]
    ranks = [_rank(i, 10 * GiB, 10 * GiB, 40 * GiB) for i in range(4)]
    ranks[2] = _rank(2, 10 * GiB, 10 * GiB, int(limit * 80 * GiB) - 1)
    for r in ranks:
        r.gpu_total = 80 * GiB
    found = job_findings(Job("test", "77", {}, ranks, world_size=4))
    assert [f.kind for f in actionable(found)] == ["headroom_low"]
    assert "rank 2 " in found[0].message and "of its GPU" in found[0].message
    ranks[2] = _rank(2, 10 * GiB, 10 * GiB, int(limit * 80 * GiB) + 1)  # just above: information
    ranks[2].gpu_total = 80 * GiB
    assert actionable(job_findings(Job("test", "77", {}, ranks, world_size=4))) == []


def test_imbalance_at_the_rules_ratio_missing_ranks_and_ooms_are_actionable() -> None:
    ratio = job_thresholds()["imbalance_ratio"]
    ranks = [_rank(i, 10 * GiB, 10 * GiB, 40 * GiB) for i in range(4)]
    ranks[0] = _rank(0, 10 * GiB, int(10 * GiB * ratio), 40 * GiB)  # exactly the rule's ratio
    assert [f.kind for f in actionable(job_findings(Job("t", "77", {}, ranks, world_size=4)))] == [
        "imbalance"
    ]
    ranks[0] = _rank(0, 10 * GiB, 10 * GiB, 40 * GiB)
    assert [f.kind for f in actionable(job_findings(Job("t", "77", {}, ranks, world_size=5)))] == [
        "ranks_missing"
    ]
    ranks[1] = _rank(1, 10 * GiB, 10 * GiB, 40 * GiB, ooms=1)
    assert [f.kind for f in actionable(job_findings(Job("t", "77", {}, ranks, world_size=4)))] == ["ooms"]
    assert [f.kind for f in actionable(job_findings(Job("t", "77", {}, [], world_size=None)))] == ["no_ranks"]


def test_the_thresholds_are_the_job_alerts_numbers() -> None:
    alerts = {r["alert"]: r["expr"] for r in job_group()["rules"] if "alert" in r}
    got = job_thresholds()
    assert alerts["GpumemdJobHeadroomLow"].endswith(f"< {got['headroom_fraction']:g}")
    assert alerts["GpumemdJobImbalance"].endswith(f">= {got['imbalance_ratio']:g}")


def test_ranks_sharing_a_gpu_share_its_free_memory() -> None:
    # GPU 0: 40 GiB free shared by ranks 0 and 1 (20 each); GPU 1: rank 2 alone with 30 GiB free.
    def proc(pid: int, rank: int) -> ProcessView:
        return ProcessView(
            pid, 12 * GiB, rank=str(rank), job_id="77", agent=True, allocated=10 * GiB, reserved=10 * GiB
        )

    node = Node(
        "n",
        [
            GpuView(0, "GPU-a", total=80 * GiB, free=40 * GiB, processes=[proc(1, 0), proc(2, 1)]),
            GpuView(1, "GPU-b", total=80 * GiB, free=30 * GiB, processes=[proc(3, 2)]),
        ],
    )
    ranks = node_ranks(node, "n:9967", "77", {})
    assert {r.rank: r.headroom for r in ranks} == {"0": 20 * GiB, "1": 20 * GiB, "2": 30 * GiB}
    worst = job_findings(Job("t", "77", {}, ranks, world_size=3))[0]
    assert "worst rank: rank 0 on n:9967 GPU 0" in worst.message


def test_ranks_that_publish_without_a_gpu_are_not_missing() -> None:
    """Two live CPU ranks: Prometheus has their rank info and no GPU series. They publish, so
    none is missing and the job is not empty: one line of information, nothing to act on."""
    import json

    from gpumemd.commands.jobview import from_prometheus
    from tests.security.hostile_http import Hostile, answer

    result = [
        {"metric": {"__name__": "gpumemd_process_rank_info", "job_id": "77", "rank": str(r),
                    "world_size": "2", "instance": "cpu-node:9967", "pid": str(100 + r)}, "value": [0, "1"]}
        for r in (0, 1)
    ] + [{"metric": {"__name__": "gpumemd_nvml_available", "instance": "cpu-node:9967"}, "value": [0, "0"]}]
    body = json.dumps({"status": "success", "data": {"resultType": "vector", "result": result}}).encode()
    with Hostile(answer(200, body, "application/json")) as prometheus:
        job = from_prometheus(prometheus.url, "77", timeout=5)
    assert job.ranks == [] and job.without_gpu == ["0", "1"] and job.world_size == 2
    found = job_findings(job)
    assert [f.kind for f in found] == ["ranks_without_gpu"], found
    assert found[0].message == "2 ranks publish but hold no GPU (CPU ranks: no GPU memory): 0, 1"
    assert actionable(found) == []
    assert "job 77: 2 ranks of 2 on 1 nodes" in render(job, found)
    # a third rank of three that does not publish is still missing
    job.world_size = 3
    assert [f.message for f in actionable(job_findings(job))] == ["1 of 3 ranks missing: 2"]
