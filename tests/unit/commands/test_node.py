"""The node explain and top read (gpumemd/commands/node.py): built from series, every value
checked, what was skipped said in a note, an agent's split never past what NVML charges."""

from __future__ import annotations

from gpumemd.commands.client import parse_exposition
from gpumemd.commands.node import MAX_BYTES_VALUE, Node

GiB = 1 << 30


def node(*lines: str) -> Node:
    series, _ = parse_exposition("\n".join([*lines, ""]))
    return Node.from_series(series, "test")


def test_a_gpu_without_a_uuid_and_a_size_that_is_not_one_are_skipped_and_said() -> None:
    n = node(
        'gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-a"} 8e10',
        'gpumemd_gpu_memory_total_bytes{gpu="1"} 8e10',
        f'gpumemd_gpu_memory_used_bytes{{gpu="0",uuid="GPU-a"}} {float(MAX_BYTES_VALUE) * 4}',
        'gpumemd_gpu_memory_free_bytes{gpu="0",uuid="GPU-a"} -1',
    )
    (g,) = n.gpus
    assert (g.uuid, g.total, g.used, g.free) == ("GPU-a", int(8e10), 0, 0)
    assert len(n.notes) == 1 and "uuid" in n.notes[0] and "used" in n.notes[0] and "free" in n.notes[0]


def test_an_agents_process_is_split_within_what_nvml_charges_it() -> None:
    n = node(
        'gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-a"} 8e10',
        f'gpumemd_process_gpu_memory_used_bytes{{gpu="0",pid="41",uuid="GPU-a"}} {4 * GiB}',
        'gpumemd_process_rank_info{job_id="9",pid="41",rank="3"} 1',
        f'gpumemd_allocator_allocated_bytes{{gpu="0",job_id="9",rank="3",uuid="GPU-a"}} {3 * GiB}',
        f'gpumemd_allocator_reserved_bytes{{gpu="0",job_id="9",rank="3",uuid="GPU-a"}} {6 * GiB}',
    )
    (p,) = n.gpus[0].processes
    assert (p.pid, p.rank, p.job_id, p.agent) == (41, "3", "9", True)
    assert p.reserved + p.non_pytorch == 4 * GiB and p.allocated == 3 * GiB
    assert not n.notes


def test_no_gpu_on_a_node_without_nvml_says_why() -> None:
    n = node("gpumemd_nvml_available 0")
    assert n.gpus == [] and "no NVIDIA driver" in n.no_gpus
