"""Collector `host` on its own: host memory, and the RSS of exactly the processes NVML found in
the same cycle (a vanished or unreadable process left out of that sample)."""

from __future__ import annotations

from types import SimpleNamespace

from gpumemd.backends.host import HostMemory, ProcessUnreadable
from gpumemd.sources.host import HostSource
from tests.helpers import samples


class FakeHost:
    """A HostApi with fixed answers; pid 13 has gone (or may not be read)."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def memory(self) -> HostMemory:
        return HostMemory(1000, 600, 400, 50, 5)

    def process_rss(self, pid: int) -> int:
        self.asked.append(pid)
        if pid == 13:
            raise ProcessUnreadable(pid)
        return pid * 100


def nvml_with(*pids: int) -> SimpleNamespace:
    return SimpleNamespace(pids=lambda: set(pids))


def render(source: HostSource, reading: object) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    from prometheus_client.exposition import generate_latest

    class One:
        def collect(self) -> object:
            return source.families(reading)  # type: ignore[arg-type]

    return samples(generate_latest(One()).decode())  # type: ignore[arg-type]


def test_reads_the_rss_of_the_pids_nvml_found_and_leaves_out_an_unreadable_one() -> None:
    api = FakeHost()
    source = HostSource(api)
    reading = source.read({"nvml": nvml_with(42, 13, 7)})
    assert api.asked == [7, 13, 42]  # sorted, each once
    assert dict(reading.process_rss_bytes) == {7: 700, 42: 4200}
    got = render(source, reading)
    assert got[("gpumemd_host_memory_total_bytes", ())] == 1000
    assert got[("gpumemd_host_memory_available_bytes", ())] == 600
    assert got[("gpumemd_host_swap_used_bytes", ())] == 5
    assert got[("gpumemd_process_resident_memory_bytes", (("pid", "42"),))] == 4200
    assert ("gpumemd_process_resident_memory_bytes", (("pid", "13"),)) not in got


def test_without_nvml_in_the_cycle_or_with_process_rss_off_only_host_memory() -> None:
    api = FakeHost()
    assert dict(HostSource(api).read({}).process_rss_bytes) == {}
    off = HostSource(api, process_rss=False)
    reading = off.read({"nvml": nvml_with(42)})
    assert api.asked == [] and dict(reading.process_rss_bytes) == {}
    assert {name for name, _ in render(off, reading)} == {
        "gpumemd_host_memory_total_bytes",
        "gpumemd_host_memory_available_bytes",
        "gpumemd_host_memory_used_bytes",
        "gpumemd_host_swap_total_bytes",
        "gpumemd_host_swap_used_bytes",
    }


def test_every_family_it_renders_is_declared_in_names() -> None:
    source = HostSource(FakeHost())
    rendered = {f.name for f in source.families(source.read({"nvml": nvml_with(42)}))}
    assert source.names is not None and rendered <= source.names
