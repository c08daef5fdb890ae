"""The device-generic allocator adapter (`TorchAccelerator`) and the one choice between it
and `TorchCuda` (`select_api`), on CPU over `FakeAcceleratorTorch` (tests/fakes.py): a fake,
since no XPU, MPS or ROCm device is here. Its stats are the public flat `memory_stats()`
recorded on an H200, so both adapters can be compared on the same reading."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from gpumemd.backends.replay import torch_replayer
from gpumemd.backends.torch_accel import (
    LazyTorchCuda,
    TorchAccelerator,
    accelerator_name,
    select_api,
    uuid_text,
)
from gpumemd.backends.torch_cuda import TorchCuda
from gpumemd.sources.allocator import AllocatorSource
from tests.fakes import READINGS, FakeAcceleratorTorch, capture, raw

STATE = "after_256MiB_and_4000B"


def exposition(source: AllocatorSource) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of one read, keyed by name and labels (the uuid label left out: it is the device's)."""
    out = {}
    for family in source.families(source.read({})):
        for s in family.samples:
            labels = tuple(sorted((k, v) for k, v in s.labels.items() if k != "uuid"))
            out[(s.name, labels)] = s.value
    return out


def _cuda_torch() -> Any:
    """A fake torch.cuda answering the same H200 recording through TorchCuda's own calls."""
    cuda = SimpleNamespace(
        is_initialized=lambda: True, device_count=lambda: 1,
        get_device_properties=lambda i: SimpleNamespace(uuid=READINGS["properties"]["uuid"],
                                                        total_memory=READINGS["properties"]["total_memory"]),
        get_per_process_memory_fraction=lambda i: 1.0, get_allocator_backend=lambda: "native")
    return SimpleNamespace(cuda=cuda, _C=SimpleNamespace(_cuda_memoryStats=lambda i: raw(STATE)))


PATHS = pytest.mark.parametrize("missing", [(), ("_accelerator_getDeviceStats",)], ids=["private", "public"])


@PATHS
@pytest.mark.parametrize(
    "cuda_api",
    [lambda: TorchCuda(_cuda_torch()), lambda: torch_replayer(capture(STATE))],
    ids=["TorchCuda", "replayed"],
)
def test_the_same_series_with_the_same_values_as_over_torch_cuda(
    cuda_api: Any, missing: tuple[str, ...]
) -> None:
    torch = FakeAcceleratorTorch("xpu", initialized=True, missing=missing)
    over_accel = AllocatorSource(TorchAccelerator(torch, "xpu"), labels={"rank": "0"}, peak_window=30, env={})
    over_cuda = AllocatorSource(cuda_api(), labels={"rank": "0"}, peak_window=30, env={})
    accel, cuda = exposition(over_accel), exposition(over_cuda)
    assert accel == cuda
    assert (
        accel[("gpumemd_allocator_allocated_bytes", (("gpu", "0"), ("rank", "0")))]
        == (READINGS[STATE]["memory_allocated"])
    )
    assert len(accel) > 20  # every family of a real reading, not an empty pair
    assert ("memory_stats" in torch.calls) == bool(missing) and ("raw_stats" in torch.calls) == (not missing)


def test_the_uuid_label_is_what_the_properties_say_or_empty() -> None:
    (r,) = AllocatorSource(TorchAccelerator(FakeAcceleratorTorch(initialized=True), "xpu"), env={}).read({})
    assert r.uuid == "a1b2c3d4-xpu"
    bare = FakeAcceleratorTorch(initialized=True, uuid=None)
    source = AllocatorSource(TorchAccelerator(bare, "xpu"), env={})
    (r,) = source.read({})
    assert r.uuid == ""
    samples = [s for f in source.families((r,)) for s in f.samples]
    assert samples and all(s.labels["uuid"] == "" and s.labels["gpu"] == "0" for s in samples)
    huge = FakeAcceleratorTorch(initialized=True, uuid="x" * 500)
    assert len(TorchAccelerator(huge, "xpu").device_uuid(0)) == 64  # a label value stays bounded


@pytest.mark.parametrize("raw", [bytes(range(16)), list(range(16)), tuple(range(16))])
def test_raw_uuid_bytes_read_as_the_usual_hex_form(raw: Any) -> None:
    assert uuid_text(raw) == "00010203-0405-0607-0809-0a0b0c0d0e0f"


def test_odd_uuids_are_text_capped_and_never_raise() -> None:
    assert uuid_text([300] * 16) == str([300] * 16)[:64]  # not bytes: its text
    assert uuid_text(None) == "" and uuid_text(b"short") == "b'short'"


def test_what_torch_has_no_generic_form_for_answers_none() -> None:
    api = TorchAccelerator(FakeAcceleratorTorch(initialized=True), "xpu")
    assert (
        api.allocator_backend(),
        api.device_memory_used(0),
        api.memory_fraction(0),
        api.host_memory_stats(),
    ) == (None, None, None, {})
    assert api.mem_get_info(0) == (1 << 30, 2 << 30) and api.total_memory(0) == 64 << 30


@PATHS
def test_nothing_touches_the_device_before_the_program_initialised_it(missing: tuple[str, ...]) -> None:
    torch = FakeAcceleratorTorch("xpu", initialized=False, missing=missing)
    source = AllocatorSource(TorchAccelerator(torch, "xpu"), env={})
    for _ in range(3):
        assert source.read({}) == ()  # nothing to read yet: no series, not a failure
    assert set(torch.calls) == {"is_initialized"}
    torch.initialized = True  # the program used its device
    (r,) = source.read({})
    assert r.allocated_bytes == READINGS[STATE]["memory_allocated"]
    stats_call = "memory_stats" if missing else "raw_stats"
    assert torch.calls.index(stats_call) > torch.calls.index("is_initialized")


def test_a_device_module_without_is_initialized_waits_for_torchs_allocator() -> None:
    torch = FakeAcceleratorTorch("mps", missing=["is_initialized"])
    api = TorchAccelerator(torch, "mps")
    assert not api.is_initialized() and torch.calls == ["allocator_initialized"]
    torch.initialized = True
    assert api.is_initialized()
    neither = TorchAccelerator(
        FakeAcceleratorTorch(
            "mps", missing=["is_initialized", "_accelerator_isAllocatorInitialized"], initialized=True
        ),
        "mps",
    )
    assert not neither.is_initialized()  # no way to know without touching it: never read


@pytest.mark.parametrize(
    "kind,hip,cuda,expected,adapter",
    [
        ("cuda", None, "13.0", "cuda", TorchCuda),
        ("cuda", "7.0", None, "rocm", TorchCuda),  # HIP behind the cuda name
        ("xpu", None, None, "xpu", TorchAccelerator),
        ("mps", None, None, "mps", TorchAccelerator),
        (None, None, None, None, TorchCuda),  # CPU-only: today's path, {} = "no CUDA device"
    ],
)
def test_selection(
    kind: str | None, hip: str | None, cuda: str | None, expected: str | None, adapter: type
) -> None:
    torch = FakeAcceleratorTorch(kind, hip=hip, cuda=cuda)
    assert accelerator_name(torch) == expected
    assert type(select_api(torch)) is adapter
    assert torch.calls == []  # choosing touched no device


def test_an_older_torch_without_torch_accelerator_keeps_the_cuda_path() -> None:
    assert accelerator_name(FakeAcceleratorTorch("xpu", cuda="12.1", missing=["accelerator"])) == "cuda"
    assert accelerator_name(FakeAcceleratorTorch("xpu", missing=["accelerator"])) is None
    assert type(select_api(FakeAcceleratorTorch("xpu", missing=["accelerator"]))) is TorchCuda


def test_a_torch_accelerator_without_memory_stats_is_not_readable_and_never_raises() -> None:
    torch = FakeAcceleratorTorch(
        "xpu",
        initialized=True,
        missing=["memory_stats", "_accelerator_getDeviceStats", "device_count", "get_memory_info"],
    )
    api = select_api(torch)
    assert isinstance(api, TorchAccelerator) and api.memory_stats(0) == {} and api.device_count() == 0
    assert AllocatorSource(api, env={}).read({}) == ()


def test_a_broken_current_accelerator_falls_back_to_todays_path() -> None:
    torch = FakeAcceleratorTorch("xpu")

    def broken(check_available: bool = False) -> Any:
        raise RuntimeError("half-initialised torch")

    torch.accelerator.current_accelerator = broken
    assert accelerator_name(torch) is None and type(select_api(torch)) is TorchCuda


def test_the_lazy_api_chooses_once_and_says_which() -> None:
    torch = FakeAcceleratorTorch("xpu", initialized=True)
    lazy = LazyTorchCuda(torch)
    assert lazy.accelerator() == "xpu" and lazy.is_initialized()
    first = lazy._get()
    assert isinstance(first, TorchAccelerator)
    (r,) = AllocatorSource(lazy, env={}).read({})
    assert r.allocated_bytes == READINGS[STATE]["memory_allocated"] and lazy._get() is first


def test_the_lazy_api_over_the_real_cpu_torch_is_todays_torch_cuda() -> None:
    pytest.importorskip("torch")
    lazy = LazyTorchCuda()
    assert lazy.accelerator() is None  # torch 2.13 CPU: no accelerator
    assert type(lazy._get()) is TorchCuda
    assert AllocatorSource(lazy, env={}).read({}) == ()


def test_a_device_module_torch_cannot_name_leaves_torch_accelerator_to_read() -> None:
    torch = FakeAcceleratorTorch("npu", initialized=True)

    def unknown(device_type: str) -> Any:
        raise RuntimeError(f"Unsupported device type {device_type}")

    torch.get_device_module = unknown  # type: ignore[method-assign]
    api = select_api(torch)
    assert isinstance(api, TorchAccelerator) and api.is_initialized()  # torch's allocator says so
    assert (
        api.device_uuid(0) == ""
        and api.memory_stats(0)["allocated_bytes"]["all"]["current"] == (READINGS[STATE]["memory_allocated"])
    )


def test_the_private_call_keeps_the_public_calls_guard() -> None:
    torch = FakeAcceleratorTorch("mps", missing=["is_initialized"])
    api = TorchAccelerator(torch, "mps")
    assert api.memory_stats(0) == {} and "raw_stats" not in torch.calls  # no allocator yet: not read
