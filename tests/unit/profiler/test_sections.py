"""gpumemd.profiler.sections: bounded, thread-safe, rendered as Prometheus families."""

from __future__ import annotations

import threading

import pytest
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import Metric

from gpumemd.profiler import sections
from gpumemd.profiler.sections import SectionRegistry


def render(fams: object) -> str:
    class Collector:
        def collect(self) -> object:
            return fams

    reg = CollectorRegistry()
    reg.register(Collector())  # type: ignore[arg-type]
    return generate_latest(reg).decode()


def test_last_call_wins_and_calls_count() -> None:
    reg = SectionRegistry()
    reg.record("forward", "cuda:0", 100, 40)
    reg.record("forward", "cuda:0", 90, -10)
    s = reg.get("forward", "cuda:0")
    assert s is not None and (s.peak_bytes, s.net_bytes, s.calls) == (90, -10, 2)


def test_cap_on_names_and_overflow_counter() -> None:
    reg = SectionRegistry(max_sections=2)
    assert reg.record("a", "cpu", 1, 1) and reg.record("b", "cpu", 1, 1)
    assert not reg.record("c", "cpu", 1, 1)
    assert reg.record("a", "cpu", 2, 2)  # known names keep updating
    table, dropped = reg.snapshot()
    assert set(table) == {("a", "cpu"), ("b", "cpu")} and dropped == 1
    with pytest.raises(ValueError):
        SectionRegistry(max_sections=0)


def test_long_names_are_cut() -> None:
    reg = SectionRegistry()
    reg.record("x" * 500, "cpu", 1, 1)
    ((name, _),) = reg.snapshot()[0]
    assert len(name) == sections.NAME_LIMIT and name.endswith("…")


def test_exposition_text() -> None:
    reg = SectionRegistry(max_sections=1)
    reg.record("forward", "cuda:0", 3 << 30, 1 << 30)
    reg.record("backward", "cuda:0", 1, 1)
    text = render(reg.families())
    assert 'gpumemd_section_peak_bytes{gpu="0",section="forward"} 3.221225472e+09' in text
    assert 'gpumemd_section_net_bytes{gpu="0",section="forward"} 1.073741824e+09' in text
    assert 'gpumemd_section_calls_total{gpu="0",section="forward"} 1.0' in text
    assert "gpumemd_section_dropped_total 1.0" in text


def test_extra_labels_on_every_series() -> None:
    reg = SectionRegistry()
    reg.record("step", "cuda:1", 5, 0)
    text = render(reg.families({"rank": "3"}))
    assert 'gpumemd_section_peak_bytes{gpu="1",rank="3",section="step"} 5.0' in text
    assert 'gpumemd_section_dropped_total{rank="3"} 0.0' in text


def test_empty_registry_renders_cleanly() -> None:
    fams: list[Metric] = list(SectionRegistry().families())
    assert [f.name for f in fams] == ["gpumemd_section_peak_bytes", "gpumemd_section_net_bytes",
                                      "gpumemd_section_calls", "gpumemd_section_dropped"]
    assert render(fams)


def test_concurrent_records_and_renders() -> None:
    reg = SectionRegistry(max_sections=8)
    stop = threading.Event()
    renders = []

    def scrape() -> None:
        while not stop.is_set():
            renders.append(list(reg.families()))

    def write(k: int) -> None:
        for i in range(2000):
            reg.record(f"s{(i + k) % 10}", "cpu", i, i)

    scraper = threading.Thread(target=scrape)
    scraper.start()
    writers = [threading.Thread(target=write, args=(k,)) for k in range(4)]
    for w in writers:
        w.start()
    for w in writers:
        w.join()
    stop.set()
    scraper.join()
    table, dropped = reg.snapshot()
    assert len(table) == 8 and sum(s.calls for s in table.values()) + dropped == 8000
    assert renders


def test_module_level_functions_use_the_process_registry() -> None:
    sections.record("phase", "cpu", 7, 1)
    fams = {f.name: f for f in sections.families()}
    assert fams["gpumemd_section_peak_bytes"].samples[0].value == 7
