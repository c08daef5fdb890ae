"""OOM evidence with a fake torch: de-duplicated counts, bounded snapshots, history arming."""

from __future__ import annotations

import pickle
from pathlib import Path

from gpumemd.sources.oom import OomWatcher
from tests.fakes import FakeTorch


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def oom(fake: FakeTorch, device: int = 0, times: int = 1) -> None:
    fake.num += 1
    for _ in range(times):  # the observer may fire more than once for one OOM
        fake.observer(device, 1 << 40, 150 << 30, 149 << 30)  # type: ignore[misc]


def families(w: OomWatcher) -> dict[str, list]:
    return {f.name: [(s.name, s.labels, s.value) for s in f.samples] for f in w.families(w.read({}))}


def test_observer_is_attached_only_once_cuda_is_initialised() -> None:
    fake = FakeTorch()
    fake.initialized = False
    w = OomWatcher(fake)
    w.read({})
    assert fake.observer is None
    fake.initialized = True
    w.read({})
    assert fake.observer is not None
    assert families(w)["gpumemd_oom_observer_installed"][0][2] == 1


def test_one_oom_firing_twice_counts_once_and_writes_one_snapshot(tmp_path: Path) -> None:
    fake, clock = FakeTorch(), Clock()
    published = []
    w = OomWatcher(fake, snapshot_dir=str(tmp_path), labels={"rank": "1"}, clock=clock,
                   on_event=lambda: published.append(1))
    w.install()
    oom(fake, times=2)
    fams = families(w)
    assert fams["gpumemd_oom_events"] == [("gpumemd_oom_events_total", {"gpu": "0", "rank": "1"}, 1)]
    (path,) = tmp_path.glob("*.pickle")
    assert pickle.loads(path.read_bytes())["segments"] == []
    assert path.name.startswith("gpumemd-r1-") and path.name.endswith("-oom.pickle")
    info = fams["gpumemd_agent_last_snapshot_info"][0][1]
    assert info == {"path": str(path), "reason": "oom", "rank": "1"}
    assert fams["gpumemd_agent_last_snapshot_timestamp_seconds"][0][2] == clock.t
    assert published == [1]
    clock.t += 100
    oom(fake, device=1)
    assert families(w)["gpumemd_oom_events"][1][1]["gpu"] == "1"


def test_without_stats_repeats_within_a_second_are_one_event() -> None:
    fake, clock = FakeTorch(), Clock()
    fake.stats_ok = False
    w = OomWatcher(fake, clock=clock)
    w.install()
    oom(fake, times=3)
    clock.t += 5
    oom(fake)
    assert families(w)["gpumemd_oom_events"][0][2] == 2


def test_snapshots_are_bounded_in_number_size_and_rate(tmp_path: Path) -> None:
    fake, clock = FakeTorch(), Clock()
    w = OomWatcher(fake, snapshot_dir=str(tmp_path), max_snapshots=2, max_snapshot_bytes=10_000,
                   min_dump_interval=30, clock=clock)
    paths = []
    for i in range(4):
        clock.t += 31 if i else 0
        paths.append(w.dump_snapshot("manual"))
    assert all(paths)
    assert sorted(p.name for p in tmp_path.glob("*.pickle")) == sorted(Path(p).name for p in paths[-2:])
    assert w.dump_snapshot("too-soon") is None  # within min_dump_interval of the last one
    clock.t += 31
    fake.snapshot_bytes = 50_000
    assert w.dump_snapshot("big") is None
    assert not list(tmp_path.glob("*big*")) and not list(tmp_path.glob(".*tmp"))
    results = {s[1]["result"]: s[2] for s in families(w)["gpumemd_agent_snapshots"]}
    assert results == {"written": 4, "skipped": 1, "too_large": 1}


def test_dump_failure_is_counted_never_raised(tmp_path: Path) -> None:
    fake = FakeTorch()

    def boom(path: str) -> None:
        raise RuntimeError("CUDA error")

    fake.dump_snapshot = boom  # type: ignore[method-assign]
    w = OomWatcher(fake, snapshot_dir=str(tmp_path))
    w.install()
    oom(fake)  # the observer path swallows it
    assert w.dump_snapshot("x") is None
    assert {s[1]["result"]: s[2] for s in families(w)["gpumemd_agent_snapshots"]} == {"failed": 2}


def test_no_snapshot_dir_no_file_and_stopped_watcher_ignores_ooms(tmp_path: Path) -> None:
    fake = FakeTorch()
    w = OomWatcher(fake)
    w.install()
    assert w.dump_snapshot() is None
    w.active = False
    oom(fake)
    assert families(w)["gpumemd_oom_events"] == []


def test_memory_history_modes() -> None:
    off, armed, on = FakeTorch(), FakeTorch(), FakeTorch()
    assert OomWatcher(off, history="off").arm_memory_history() is False and off.history == []
    w = OomWatcher(armed, history="armed", history_max_entries=500)
    w.read({})
    assert armed.history == []
    assert w.arm_memory_history() is True and armed.history == [(500, "python")]
    assert families(w)["gpumemd_agent_memory_history_recording"][0][2] == 1
    w.disarm_memory_history()
    assert armed.history == []
    on.initialized = False
    w_on = OomWatcher(on, history="on")
    w_on.read({})
    assert on.history == []  # waits for the program to initialise CUDA
    on.initialized = True
    w_on.read({})
    assert on.history == [(20000, "python")]
