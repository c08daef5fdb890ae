"""Own-process reconciliation: NVML used - torch reserved, PID-namespace fallback, host RSS."""

from __future__ import annotations

import sys

from gpumemd.backends.nvml import LIBRARY_NOT_FOUND, NvmlError
from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer
from gpumemd.sources.allocator import AllocatorSource
from gpumemd.sources.process import ProcessSource, peak_rss_bytes
from tests.fakes import ROOT, capture

HOLDING = load_capture(ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json")
PID = 450  # the process holding 1 GiB in that capture


def cycle(state: str = "after_256MiB_and_4000B") -> tuple[dict, object]:
    torch = torch_replayer(capture(state))
    return {"allocator": AllocatorSource(torch).read({})}, torch


def by_name(src: ProcessSource, reading: object) -> dict[str, list]:
    return {f.name: [(s.labels, s.value) for s in f.samples] for f in src.families(reading)}


def test_non_pytorch_memory_is_nvml_process_used_minus_reserved() -> None:
    c, torch = cycle()
    src = ProcessSource(nvml=nvml_replayer(HOLDING), torch_api=torch, rss=lambda: 5, peak_rss=lambda: 7,
                        labels={"rank": "0"}, pid=PID)
    fams = by_name(src, src.read(c))
    reserved = 270532608
    assert fams["gpumemd_process_nvml_visible"][0][1] == 1
    assert fams["gpumemd_process_nvml_used_bytes"][0][1] == 1616904192
    assert fams["gpumemd_process_non_pytorch_bytes"][0] == (
        {"gpu": "0", "uuid": "GPU-50bfc93b-52b4-cb57-7e91-b4095c5b2f72", "rank": "0"}, 1616904192 - reserved)
    assert fams["gpumemd_gpu_unattributed_bytes"][0][1] == 1626144768 - 1616904192
    assert fams["gpumemd_process_device_used_bytes"] == []
    assert fams["gpumemd_process_host_resident_bytes"] == [({"rank": "0"}, 5)]
    assert fams["gpumemd_process_host_resident_peak_bytes"] == [({"rank": "0"}, 7)]


def test_pid_nvml_cannot_see_falls_back_to_mem_get_info(caplog: object) -> None:
    c, torch = cycle()
    src = ProcessSource(nvml=nvml_replayer(HOLDING), torch_api=torch, labels={}, pid=12345)
    fams = by_name(src, src.read(c))
    assert fams["gpumemd_process_nvml_visible"][0][1] == 0
    assert fams["gpumemd_process_non_pytorch_bytes"] == []
    free, total = 149286944768, 150109880320  # recorded mem_get_info in that state
    assert fams["gpumemd_process_device_used_bytes"][0][1] == total - free
    assert "no process with pid 12345" in caplog.text  # type: ignore[attr-defined]


def test_without_nvml_only_the_fallback_and_no_visibility_claim() -> None:
    class NoLibrary:
        def init(self) -> None:
            raise NvmlError(LIBRARY_NOT_FOUND, "no libnvidia-ml")

    c, torch = cycle()
    src = ProcessSource(nvml=NoLibrary(), torch_api=torch, pid=1)  # type: ignore[arg-type]
    fams = by_name(src, src.read(c))
    assert fams["gpumemd_process_nvml_visible"] == []
    assert fams["gpumemd_process_device_used_bytes"][0][1] > 0
    src.read(c)  # NVML is not asked again


def test_nothing_read_on_devices_without_reserved_memory() -> None:
    c, torch = cycle("after_init")  # CUDA initialised, nothing reserved: maybe no context there
    calls = []

    class Spy:
        def __getattr__(self, name: str) -> object:
            calls.append(name)
            raise AssertionError(name)

    src = ProcessSource(nvml=Spy(), torch_api=Spy(), pid=1)  # type: ignore[arg-type]
    assert src.read(c).devices == ()
    assert calls == []


def test_nvml_is_read_every_nvml_interval_only() -> None:
    c, torch = cycle()
    clock = iter([0.0, 0.5, 1.2]).__next__
    reads = []
    nv = nvml_replayer(HOLDING)

    class Counting:
        def __getattr__(self, name: str) -> object:
            if name == "processes":
                reads.append(name)
            return getattr(nv, name)

    src = ProcessSource(nvml=Counting(), torch_api=torch, pid=PID, nvml_interval=1.0, monotonic=clock)  # type: ignore[arg-type]
    for _ in range(3):
        src.read(c)
    assert len(reads) == 2


def test_peak_rss_units(monkeypatch: object) -> None:
    import resource

    raw = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    monkeypatch.setattr(sys, "platform", "darwin")  # type: ignore[attr-defined]
    assert peak_rss_bytes() in (raw, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    monkeypatch.setattr(sys, "platform", "linux")  # type: ignore[attr-defined]
    assert (peak_rss_bytes() or 0) >= raw * 1024
