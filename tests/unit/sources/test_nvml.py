"""The NVML source on recorded H200 answers, and on faults injected into a replay.

Injected faults (a GPU falling off the bus, a field NVML refuses) are edits of a real
capture: they are faults we cannot cause on the device machine on purpose.
"""

from __future__ import annotations

import copy
import json
import logging
from typing import Any

import pytest

from gpumemd.backends.nvml import NvmlError
from gpumemd.backends.replay import nvml_replayer
from gpumemd.sources.nvml import NvmlSource
from tests.helpers import CAPTURES

HOLDING = json.loads((CAPTURES / "h200__580.159.04__one-process-1GiB.json").read_text())
GPU_IS_LOST, NOT_SUPPORTED, NO_PERMISSION = 15, 3, 4


class Counting:
    """Wraps a replayed API and counts init() calls (to see NVML re-initialise)."""

    def __init__(self, api: Any) -> None:
        self.api, self.inits = api, 0

    def init(self) -> None:
        self.inits += 1
        self.api.init()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.api, name)


def with_answer(key: str, answer: dict[str, Any]) -> dict[str, Any]:
    cap = copy.deepcopy(HOLDING)
    cap["nvml"][key] = answer
    return cap


def names(source: NvmlSource, reading: Any) -> dict[str, list[Any]]:
    return {f.name: f.samples for f in source.families(reading)}


def test_reads_the_recorded_h200() -> None:
    src = NvmlSource(nvml_replayer(HOLDING), process_names=True)
    r = src.read({})
    (gpu,) = r.gpus
    assert gpu.name == "NVIDIA H200"
    assert gpu.total_bytes == 150754820096
    assert gpu.reserved_bytes == 644939776  # v2 splits driver-reserved memory out of used
    assert gpu.used_bytes == 1626144768
    assert gpu.processes is not None and gpu.processes[0].used_bytes == 1616904192
    assert r.process_names == {gpu.processes[0].pid: "python3"}


def test_v2_unsupported_falls_back_to_v1() -> None:
    cap = with_answer("memory_info_v2(0)", {"error": NOT_SUPPORTED, "message": "Not Supported"})
    src = NvmlSource(nvml_replayer(cap))
    gpu = src.read({}).gpus[0]
    assert gpu.used_bytes == HOLDING["nvml"]["memory_info(0)"]["ok"]["used"]  # v1 includes reserved
    assert gpu.reserved_bytes is None
    assert "gpumemd_gpu_memory_reserved_bytes" in names(src, src.read({}))
    assert names(src, src.read({}))["gpumemd_gpu_memory_reserved_bytes"] == []


def test_field_error_leaves_one_series_out_and_logs_once(caplog: pytest.LogCaptureFixture) -> None:
    cap = with_answer("processes(0)", {"error": NO_PERMISSION, "message": "Insufficient Permissions"})
    src = NvmlSource(nvml_replayer(cap))
    with caplog.at_level(logging.INFO, logger="gpumemd.nvml"):
        for _ in range(3):
            reading = src.read({})
    fams = names(src, reading)
    assert fams["gpumemd_process_gpu_memory_used_bytes"] == []
    assert fams["gpumemd_gpu_memory_used_bytes"][0].value == 1626144768  # the rest is there
    assert len([r for r in caplog.records if "processes" in r.getMessage()]) == 1


def test_lifecycle_error_fails_the_collection_and_reinitialises_next_time() -> None:
    lost = with_answer("memory_info_v2(0)", {"error": GPU_IS_LOST, "message": "GPU is lost"})
    api = Counting(nvml_replayer(lost))
    src = NvmlSource(api)
    with pytest.raises(NvmlError):
        src.read({})
    assert api.inits == 1
    api.api = nvml_replayer(HOLDING)  # the GPU is back
    assert src.read({}).gpus[0].used_bytes == 1626144768
    assert api.inits == 2  # NVML was started afresh


def test_no_nvml_library_is_a_node_without_gpus_not_a_failure(caplog: pytest.LogCaptureFixture) -> None:
    """libnvidia-ml.so not found: a CPU node. The collector succeeds with no GPU series and
    gpumemd_nvml_available 0, in one info line however many samples; a library that appears
    later is read."""
    cap = {"nvml": {"init()": {"error": 12, "message": "NVML Shared Library Not Found"}}}
    api = Counting(nvml_replayer(cap))
    src = NvmlSource(api)
    with caplog.at_level(logging.INFO, logger="gpumemd.nvml"):
        for _ in range(3):
            reading = src.read({})
    assert reading.gpus == () and reading.absent == "NVML Shared Library Not Found"
    assert set(names(src, reading)) == {"gpumemd_nvml_available"}  # no GPU series at all
    assert names(src, reading)["gpumemd_nvml_available"][0].value == 0
    (line,) = [r for r in caplog.records if r.name == "gpumemd.nvml"]
    assert line.levelno == logging.INFO and "no NVIDIA driver on this node" in line.getMessage()
    assert "--replay" in line.getMessage()
    assert api.inits == 3  # looked for every sample: a driver installed later is found
    api.api = nvml_replayer(HOLDING)
    reading = src.read({})
    assert len(reading.gpus) == 1 and names(src, reading)["gpumemd_nvml_available"][0].value == 1


def test_a_driver_that_is_not_loaded_is_a_failure() -> None:
    """The library is there but the kernel driver is not: a GPU node in trouble, which fails
    the collection (and fires GpumemdCollectorFailing), unlike no library at all."""
    cap = {"nvml": {"init()": {"error": 9, "message": "Driver Not Loaded"}}}
    with pytest.raises(NvmlError, match="Driver Not Loaded"):
        NvmlSource(nvml_replayer(cap)).read({})


def test_processes_over_the_cap_are_counted_not_exported() -> None:
    cap = copy.deepcopy(HOLDING)
    cap["nvml"]["processes(0)"] = {"ok": [{"pid": 100 + i, "used_bytes": (i + 1) << 20} for i in range(5)]}
    src = NvmlSource(nvml_replayer(cap), max_processes=2)
    reading = src.read({})
    assert [p.pid for p in reading.gpus[0].processes or ()] == [104, 103]  # the largest kept
    src.read({})
    fams = names(src, src.read({}))
    assert fams["gpumemd_process_series_dropped"][0].value == 9  # 3 dropped in each of 3 samples


def test_unattributable_process_memory_is_left_out_not_zero() -> None:
    cap = copy.deepcopy(HOLDING)
    cap["nvml"]["processes(0)"] = {"ok": [{"pid": 7, "used_bytes": None}]}
    src = NvmlSource(nvml_replayer(cap))
    fams = names(src, src.read({}))
    assert fams["gpumemd_process_gpu_memory_used_bytes"] == []
    assert fams["gpumemd_gpu_processes"][0].value == 1


def test_long_gpu_names_are_capped() -> None:
    cap = with_answer("name(0)", {"ok": "X" * 500})
    src = NvmlSource(nvml_replayer(cap), max_label_length=20)
    info = names(src, src.read({}))["gpumemd_gpu_info"][0]
    assert len(info.labels["name"]) == 20
