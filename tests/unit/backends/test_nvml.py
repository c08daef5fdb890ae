"""`Pynvml` over a FAKE pynvml module (NVML needs a driver this box lacks), its calls counted by
name: what the daemon asks NVML each sample, and what it keeps between samples."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from bench.sample_cost import CountedModule
from gpumemd.backends.nvml import STATIC_CALLS, NvmlError, Pynvml
from gpumemd.sources.nvml import NvmlSource
from tests.fake_pynvml import FakePynvml

GPUS = 4
PER_SAMPLE = {"nvmlDeviceGetCount": 1, "nvmlDeviceGetMemoryInfo": GPUS,
              "nvmlDeviceGetComputeRunningProcesses": GPUS}


@pytest.fixture
def nvml(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[FakePynvml, CountedModule]]:
    fake = FakePynvml(gpus=GPUS, processes=[(4242, 1 << 30)])
    counted = CountedModule(fake)
    monkeypatch.setitem(sys.modules, "pynvml", counted)  # what Pynvml's `import pynvml` gets
    yield fake, counted


def test_a_sample_after_the_first_asks_only_what_changes(nvml: tuple[FakePynvml, CountedModule]) -> None:
    _, counted = nvml
    source = NvmlSource(Pynvml())
    first = source.read({})
    assert counted.counts["nvmlDeviceGetUUID"] == GPUS and counted.counts["nvmlSystemGetDriverVersion"] == 1
    counted.counts.clear()
    second = source.read({})
    assert dict(counted.counts) == PER_SAMPLE
    assert second == first  # the kept answers are the answers


def test_a_lifecycle_error_asks_the_static_answers_again(nvml: tuple[FakePynvml, CountedModule]) -> None:
    fake, counted = nvml
    source = NvmlSource(Pynvml())
    source.read({})
    fake.fail["nvmlDeviceGetCount"] = 15  # NVML_ERROR_GPU_IS_LOST
    with pytest.raises(NvmlError):
        source.read({})
    del fake.fail["nvmlDeviceGetCount"]
    counted.counts.clear()
    reading = source.read({})  # initialised afresh: every static answer read again
    assert counted.counts["nvmlInit"] == 1
    assert all(counted.counts[call] == (1 if call == "nvmlSystemGetDriverVersion" else GPUS)
               for call in STATIC_CALLS)
    assert [g.uuid for g in reading.gpus] == [f"GPU-00000000-0000-0000-0000-{i:012d}" for i in range(GPUS)]


def test_a_field_error_is_not_kept_but_asked_again(nvml: tuple[FakePynvml, CountedModule]) -> None:
    fake, counted = nvml
    fake.fail["nvmlDeviceGetPciInfo"] = 3  # NOT_SUPPORTED: the series left out, not the answer kept
    source = NvmlSource(Pynvml())
    assert all(g.pci_bus_id is None for g in source.read({}).gpus)
    del fake.fail["nvmlDeviceGetPciInfo"]
    counted.counts.clear()
    assert [g.pci_bus_id for g in source.read({}).gpus][:1] == ["00000000:18:00.0"]
    assert counted.counts["nvmlDeviceGetPciInfo"] == GPUS


def test_each_init_forgets_the_last_ones_answers(nvml: tuple[FakePynvml, CountedModule]) -> None:
    fake, _ = nvml
    api = Pynvml()
    api.init()
    assert api.name(0) == "NVIDIA H200"
    fake.device_name = "NVIDIA H200 NVL"
    assert api.name(0) == "NVIDIA H200"  # kept while NVML stays initialised
    api.shutdown()
    fake.device_name = "NVIDIA H100"  # a driver reloaded under us: a lifecycle error, then init
    api.init()
    assert api.name(0) == "NVIDIA H100"


def test_the_counting_wrapper_counts_calls_passes_the_rest(nvml: tuple[FakePynvml, CountedModule]) -> None:
    fake, counted = nvml
    counted.nvmlInit()
    counted.nvmlDeviceGetCount()
    counted.nvmlDeviceGetCount()
    assert dict(counted.counts) == {"nvmlInit": 1, "nvmlDeviceGetCount": 2}
    assert counted.NVMLError is fake.NVMLError and counted.nvmlMemory_v2 == fake.nvmlMemory_v2
