"""`gpumemd explain` says how much of a rank's reserved memory sits in CUDA-graph and user
pools, when the agent's pool series are there (gpumemd/commands/explain.py)."""

from __future__ import annotations

from prometheus_client.core import GaugeMetricFamily

from gpumemd.commands.explain import render
from gpumemd.commands.node import Node

MiB, GiB = 1 << 20, 1 << 30
UUID = "GPU-0000"


def families(pools: dict[str, int]) -> list[GaugeMetricFamily]:
    def fam(name: str, rows: list[tuple[dict[str, str], float]]) -> GaugeMetricFamily:
        f = GaugeMetricFamily(name, "", labels=sorted({k for labels, _ in rows for k in labels}))
        for labels, value in rows:
            f.add_metric([labels[k] for k in f._labelnames], value)
        return f

    rank = {"gpu": "0", "uuid": UUID, "rank": "0"}
    return [
        fam("gpumemd_gpu_memory_total_bytes", [({"gpu": "0", "uuid": UUID}, 80 * GiB)]),
        fam("gpumemd_gpu_memory_used_bytes", [({"gpu": "0", "uuid": UUID}, 3 * GiB)]),
        fam("gpumemd_process_gpu_memory_used_bytes", [({"gpu": "0", "uuid": UUID, "pid": "7"}, 3 * GiB)]),
        fam("gpumemd_process_rank_info", [({"rank": "0", "pid": "7"}, 1)]),
        fam("gpumemd_allocator_allocated_bytes", [(rank, GiB)]),
        fam("gpumemd_allocator_reserved_bytes", [(rank, 2 * GiB)]),
        fam("gpumemd_allocator_pool_reserved_bytes", [({**rank, "kind": k}, v) for k, v in pools.items()]),
    ]


def test_a_rank_with_graph_and_user_pools_says_how_much_of_reserved_they_hold() -> None:
    node = Node.from_families(families({"default": GiB, "graph": 768 * MiB, "user": 256 * MiB}), "test")
    (line,) = [x for x in render(node, []).splitlines() if "pid 7 rank 0" in x]
    assert line.endswith("3.0 GiB  1.0 GiB in graph/user pools"), line


def test_no_private_pool_memory_says_nothing() -> None:
    node = Node.from_families(families({"default": 2 * GiB, "graph": 0, "user": 0}), "test")
    assert "pools" not in render(node, [])
