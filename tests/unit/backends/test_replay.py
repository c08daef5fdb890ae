"""The host's recorder and replayer: one `memory()` read, kept as the two calls captures hold."""

from __future__ import annotations

import pytest

from gpumemd.backends.host import HostMemory, ProcessUnreadable
from gpumemd.backends.replay import host_recorder, host_replayer, load_capture
from tests.helpers import ROOT


class CountingHost:
    """A HostApi counting its reads; pid 13 cannot be read."""

    def __init__(self) -> None:
        self.reads = 0

    def memory(self) -> HostMemory:
        self.reads += 1
        return HostMemory(1000, 600, 400, 50, 5)

    def process_rss(self, pid: int) -> int:
        if pid == 13:
            raise ProcessUnreadable("gone")
        return pid * 100


def test_a_recorded_memory_read_replays_as_itself_from_the_captures_two_calls() -> None:
    host, calls = CountingHost(), {}
    recorded = host_recorder(host, calls)
    assert recorded.memory() == HostMemory(1000, 600, 400, 50, 5) and host.reads == 1
    assert recorded.process_rss(7) == 700
    with pytest.raises(ProcessUnreadable):
        recorded.process_rss(13)
    assert calls == {
        "virtual_memory()": {"ok": {"total": 1000, "available": 600, "used": 400}},
        "swap_memory()": {"ok": {"total": 50, "used": 5}},
        "process_rss(7)": {"ok": 700},
        "process_rss(13)": {"error": "unreadable", "message": "gone"},
    }
    replayed = host_replayer({"host": calls})
    assert replayed.memory() == HostMemory(1000, 600, 400, 50, 5)
    assert replayed.process_rss(7) == 700
    with pytest.raises(ProcessUnreadable):
        replayed.process_rss(13)


def test_a_capture_recorded_on_hardware_replays_its_memory() -> None:
    capture = load_capture(ROOT / "tests/fixtures/captures/h200__580.159.04__idle.json")
    vm, swap = capture["host"]["virtual_memory()"]["ok"], capture["host"]["swap_memory()"]["ok"]
    assert host_replayer(capture).memory() == HostMemory(
        vm["total"], vm["available"], vm["used"], swap["total"], swap["used"]
    )


def test_a_capture_without_the_host_has_no_memory() -> None:
    with pytest.raises(ProcessUnreadable):
        host_replayer({}).memory()
