"""A node without GPUs (a CPU node's daemon: `gpumemd_nvml_available 0`) is said to be one by
`explain` and `top`, not shown as an empty tree with "findings: none"."""

from __future__ import annotations

import json

from gpumemd.commands.explain import findings, render, to_json
from gpumemd.commands.node import Node
from gpumemd.commands.top import frame


def _node(**series: float) -> Node:
    return Node.from_series({name: [({}, value)] for name, value in series.items()}, "gpumemd serve at here")


def test_explain_says_there_is_no_nvidia_driver_there() -> None:
    node = _node(gpumemd_nvml_available=0, gpumemd_host_memory_total_bytes=8e9)
    text = render(node, findings(node))
    assert text.splitlines()[1] == (
        "no GPUs: NVML is not on that node (gpumemd_nvml_available 0: no NVIDIA driver); host memory only"
    )
    notes = json.loads(to_json(node, findings(node)))["notes"]
    assert notes[0].startswith("no GPUs: NVML is not on that node")


def test_top_says_it_too() -> None:
    node = _node(gpumemd_nvml_available=0)
    assert "no GPUs: NVML is not on that node" in "\n".join(frame(node, width=120))


def test_nvml_here_but_no_gpu_answered_is_said_differently() -> None:
    node = _node(gpumemd_nvml_available=1)
    assert node.no_gpus == "NVML answered with none"
    assert "no GPUs" not in render(_with_gpu(), [])


def _with_gpu() -> Node:
    labels = {"uuid": "GPU-1", "gpu": "0"}
    return Node.from_series({"gpumemd_gpu_memory_total_bytes": [(labels, 8e9)]}, "here")
