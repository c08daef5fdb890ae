"""The allocator snapshot behind the pool series (`pool_segments`), through TorchCuda and
TorchAccelerator over fake torch modules: include_traces=False where torch takes it, the
plain call where it does not, nothing before the program initialised the device."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from gpumemd.backends.torch_accel import TorchAccelerator
from gpumemd.backends.torch_cuda import TorchCuda
from gpumemd.sources.pools import PoolSource
from tests.fakes import FakeAcceleratorTorch
from tests.helpers import ROOT

SEGMENTS = json.loads((ROOT / "tests/fixtures/torch/h100__torch-2.11__pool-snapshot.json").read_text())[
    "segments"
]


class Snapshots:
    """memory_snapshot in the shape of a torch version, recording how it was called."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def newer(
        self, mempool_id: Any = None, include_traces: bool = True
    ) -> list[dict[str, Any]]:  # 2.11, 2.13
        self.calls.append({"mempool_id": mempool_id, "include_traces": include_traces})
        return SEGMENTS

    def older(
        self, mempool_id: Any = None
    ) -> list[dict[str, Any]]:  # before include_traces (and torch.xpu's)
        self.calls.append({"mempool_id": mempool_id})
        return SEGMENTS


def cuda_torch(snapshot: Any, initialized: bool = True) -> Any:
    cuda = SimpleNamespace(is_initialized=lambda: initialized)
    if snapshot is not None:
        cuda.memory_snapshot = snapshot
    return SimpleNamespace(cuda=cuda, _C=SimpleNamespace())


def test_torch_cuda_asks_for_the_lightweight_snapshot_where_torch_has_it() -> None:
    snaps = Snapshots()
    api = TorchCuda(cuda_torch(snaps.newer))
    assert api.pool_segments() == SEGMENTS and api.pool_segments() == SEGMENTS
    assert snaps.calls == [{"mempool_id": None, "include_traces": False}] * 2


def test_torch_cuda_calls_an_older_snapshot_plainly() -> None:
    snaps = Snapshots()
    assert TorchCuda(cuda_torch(snaps.older)).pool_segments() == SEGMENTS
    assert snaps.calls == [{"mempool_id": None}]


def test_nothing_is_read_before_cuda_is_initialised_and_no_snapshot_is_none() -> None:
    snaps = Snapshots()
    assert TorchCuda(cuda_torch(snaps.newer, initialized=False)).pool_segments() is None
    assert snaps.calls == []
    assert TorchCuda(cuda_torch(None)).pool_segments() is None


def test_an_accelerator_reads_its_device_modules_snapshot_once_initialised() -> None:
    snaps = Snapshots()
    torch = FakeAcceleratorTorch("xpu", initialized=False)
    torch.module.memory_snapshot = snaps.older  # torch.xpu.memory_snapshot's signature
    api = TorchAccelerator(torch, "xpu")
    assert api.pool_segments() is None and snaps.calls == []
    torch.initialized = True
    (r,) = PoolSource(api).read({})
    assert dict(r.pools)["user:2"] == 100663296 and snaps.calls == [{"mempool_id": None}]
    assert TorchAccelerator(FakeAcceleratorTorch("mps", initialized=True), "mps").pool_segments() is None
