"""The sampler: isolation of failing sources, snapshots, the ring buffer, render-once."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from prometheus_client.core import GaugeMetricFamily, Metric

from gpumemd.sampling.exposition import Exposition
from gpumemd.sampling.observer import Observer
from gpumemd.sampling.sampler import Sampler
from gpumemd.sources.base import Source, SourceUnavailable
from tests.helpers import samples


class Constant(Source[float]):
    def __init__(self, name: str, value: float) -> None:
        self.name, self.value, self.reads = name, value, 0

    def read(self, cycle: Mapping[str, Any]) -> float:
        self.reads += 1
        return self.value

    def families(self, reading: float) -> Iterable[Metric]:
        g = GaugeMetricFamily(f"test_{self.name}", "A constant.")
        g.add_metric([], reading)
        yield g


class Raising(Constant):
    def __init__(self, name: str, exc: Exception) -> None:
        super().__init__(name, 0)
        self.exc = exc

    def read(self, cycle: Mapping[str, Any]) -> float:
        raise self.exc


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def sampler(*sources: Any, interval: float = 1.0, **kw: Any) -> Sampler:
    clock = Clock()
    return Sampler(list(sources), interval=interval, wall_clock=clock, monotonic=clock, **kw)


def test_a_failing_source_never_hides_the_others() -> None:
    s = sampler(Constant("a", 1), Raising("broken", RuntimeError("boom")), Constant("b", 2))
    got = samples(s.sample_once().exposition.body().decode())
    assert got[("test_a", ())] == 1 and got[("test_b", ())] == 2
    assert got[("gpumemd_collector_success", (("collector", "broken"),))] == 0
    assert got[("gpumemd_collector_success", (("collector", "a"),))] == 1


def test_unavailable_source_logs_once(caplog: Any) -> None:
    s = sampler(Raising("nvml", SourceUnavailable("NVML is not available: no library")))
    with caplog.at_level("INFO", logger="gpumemd.sampler"):
        for _ in range(5):
            s.sample_once()
    assert len(caplog.records) == 1 and "no library" in caplog.records[0].getMessage()


def test_recovery_is_logged(caplog: Any) -> None:
    flaky = Raising("flaky", RuntimeError("down"))
    s = sampler(flaky)
    s.sample_once()
    flaky.read = lambda cycle: 1.0  # type: ignore[method-assign]
    with caplog.at_level("INFO", logger="gpumemd.sampler"):
        snap = s.sample_once()
    assert snap.success["flaky"] is True
    assert any("recovered" in r.getMessage() for r in caplog.records)


def test_later_sources_see_earlier_readings() -> None:
    seen: list[Any] = []

    class Looks(Constant):
        def read(self, cycle: Mapping[str, Any]) -> float:
            seen.append(dict(cycle))
            return 0

    sampler(Constant("first", 7), Looks("second", 0)).sample_once()
    assert seen == [{"first": 7}]


def test_ring_buffer_is_bounded_and_snapshots_are_numbered() -> None:
    s = sampler(Constant("a", 1), history=3)
    for _ in range(5):
        s.sample_once()
    assert [snap.sequence for snap in s.cycle.history] == [3, 4, 5]
    assert s.latest is not None and s.latest.sequence == s.cycle.history[-1].sequence
    assert not hasattr(s.cycle.history[0], "exposition")  # the history holds no rendered bytes


class Many(Constant):
    """A source whose reading others size (the spool: ranks x series)."""

    def read(self, cycle: Mapping[str, Any]) -> list[float]:  # type: ignore[override]
        return [float(i) for i in range(1000)]

    def families(self, reading: Any) -> Iterable[Metric]:
        return ()


class Small(Constant):
    history_readings = True  # declares its reading small: the history may keep it


def test_history_does_not_grow_with_the_readings_only_small_sources_keep_theirs() -> None:
    s = sampler(Many("spool", 0), Small("host", 3), Raising("broken", RuntimeError("x")), history=50)
    for _ in range(60):
        snap = s.sample_once()
    assert len(s.cycle.history) == 50
    assert snap.readings["spool"] == [float(i) for i in range(1000)]  # the latest keeps everything
    for entry in s.cycle.history:
        assert dict(entry.readings) == {"host": 3}
        assert dict(entry.success) == {"spool": True, "host": True, "broken": False}
    # bounded by history x collectors, whatever the spool holds
    assert sum(len(e.readings) + len(e.success) for e in s.cycle.history) == 50 * (1 + 3)
    s.replace(sources=[Many("spool", 0)])
    s.sample_once()
    assert dict(s.cycle.history[-1].readings) == {}


def test_observers_add_families_and_see_the_sources() -> None:
    class Doubler(Observer):
        name = "doubler"

        def observe(self, families: Any, readings: Any, timestamp: float) -> Iterable[Metric]:
            g = GaugeMetricFamily("test_doubled", "Twice a.")
            g.add_metric([], readings["a"] * 2)
            return [g]

    got = samples(sampler(Constant("a", 21), observers=[Doubler()]).sample_once().exposition.body().decode())
    assert got[("test_doubled", ())] == 42
    assert got[("gpumemd_collector_success", (("collector", "doubler"),))] == 1


def test_exposition_renders_each_format_once(monkeypatch: Any) -> None:
    from gpumemd.sampling import exposition

    calls = []
    real = exposition.prom_text.generate_latest
    monkeypatch.setattr(exposition.prom_text, "generate_latest", lambda r: calls.append(1) or real(r))
    exp = Exposition([])
    for _ in range(10):
        exp.body()
        exp.body(gzipped=True)
    assert len(calls) == 1


def test_lazy_render_defers_until_asked(monkeypatch: Any) -> None:
    from gpumemd.sampling import exposition

    calls = []
    real = exposition.prom_text.generate_latest
    monkeypatch.setattr(exposition.prom_text, "generate_latest", lambda r: calls.append(1) or real(r))
    s = sampler(Constant("a", 1), eager_render=False)
    snap = s.sample_once()
    assert calls == []
    snap.exposition.body()
    rendered = len(calls)
    assert rendered  # asked: rendered (family by family, through the sampler's text cache)
    snap.exposition.body()
    assert len(calls) == rendered


def test_the_text_cache_formats_only_the_families_whose_series_changed(monkeypatch: Any) -> None:
    """Unchanged families are not formatted again, nor one whose values alone moved (its
    lines' heads are reused); one with a new series is; the body is always the bytes
    generate_latest writes for all of them at once."""
    from prometheus_client.core import GaugeMetricFamily

    from gpumemd.sampling import exposition

    def families(value: float, gpus: tuple[str, ...] = ("0",)) -> list[Any]:
        still = GaugeMetricFamily("test_still", "never changes", labels=["gpu"])
        still.add_metric(["0"], 7.0)
        moving = GaugeMetricFamily("test_moving", "changes", labels=["gpu"])
        for gpu in gpus:
            moving.add_metric([gpu], value)
        return [still, moving]

    real = exposition.prom_text.generate_latest
    cache = exposition.TextCache()
    first = Exposition(families(1.0), cache).body()
    assert first == real(exposition._Families(families(1.0)))  # the same bytes
    calls: list[list[str]] = []
    monkeypatch.setattr(exposition.prom_text, "generate_latest",
                        lambda r: calls.append([f.name for f in r.collect()]) or real(r))
    second = Exposition(families(2.0), cache).body()
    assert calls == [] and second != first
    assert second == real(exposition._Families(families(2.0)))
    assert Exposition(families(2.0), cache).body() == second and calls == []
    nan = Exposition(families(float("nan")), cache).body()
    assert calls == [] and nan == real(exposition._Families(families(float("nan"))))
    grown = Exposition(families(3.0, ("0", "1")), cache).body()
    assert calls == [["test_moving"]] and grown == real(exposition._Families(families(3.0, ("0", "1"))))


def test_timestamp_comes_from_the_injected_clock() -> None:
    clock = Clock()
    s = Sampler([Constant("a", 1)], interval=1.0, wall_clock=clock, monotonic=clock)
    clock.now = 1234.5
    got = samples(s.sample_once().exposition.body().decode())
    assert got[("gpumemd_last_sample_timestamp_seconds", ())] == 1234.5


def test_pause_parks_the_thread_and_resume_samples_again() -> None:
    import time

    src = Constant("a", 1)
    s = Sampler([src], interval=0.005)
    s.start()
    try:
        deadline = time.monotonic() + 5
        while src.reads < 3 and time.monotonic() < deadline:
            time.sleep(0.005)
        s.pause()
        time.sleep(0.05)  # a cycle under way when pause() came may still finish
        reads = src.reads
        time.sleep(0.1)
        assert src.reads == reads  # parked: no samples while paused
        s.resume()
        while src.reads < reads + 3 and time.monotonic() < deadline:
            time.sleep(0.005)
        assert src.reads >= reads + 3
    finally:
        s.stop()
    assert s._thread is None


def test_lazy_families_are_built_once_and_rendering_failures_are_isolated() -> None:
    class BadRender(Constant):
        def families(self, reading: float) -> Iterable[Metric]:
            raise ValueError("cannot render")

    built = []

    class Counting(Constant):
        def families(self, reading: float) -> Iterable[Metric]:
            built.append(reading)
            return super().families(reading)

    s = sampler(Counting("a", 1), BadRender("bad", 2), eager_render=False)
    snap = s.sample_once()
    assert built == [] and snap.success["bad"] is True  # read fine; nothing rendered yet
    got = samples(snap.exposition.body().decode())
    snap.exposition.body(openmetrics_format=True)
    assert built == [1]
    assert got[("test_a", ())] == 1
    assert got[("gpumemd_collector_success", (("collector", "bad"),))] == 0


class Every(Constant):
    """A source read at its own pace (`every` seconds) on the thread's ticks."""

    def __init__(self, name: str, value: float, every: float) -> None:
        super().__init__(name, value)
        self.every = every


class Counting(Observer):
    name = "counting"

    def __init__(self, every: float) -> None:
        self.every, self.calls = every, 0

    def observe(self, families: Any, readings: Any, timestamp: float) -> Iterable[Metric]:
        self.calls += 1
        g = GaugeMetricFamily("test_observed", "How often the observer ran.")
        g.add_metric([], self.calls)
        return [g]


def test_ticks_read_a_source_with_every_at_its_own_pace_and_keep_its_last_reading() -> None:
    fast, slow, observer = Constant("fast", 1), Every("slow", 7, every=1.0), Counting(every=0.5)
    s = sampler(fast, slow, observers=[observer], interval=0.1)
    clock: Any = s._mono
    for _ in range(25):  # 2.5 s of 10 Hz ticks
        snap = s.sample_once(due_only=True)
        clock.now += 0.1
    assert fast.reads == 25
    assert slow.reads == 3  # at 0, 1.0 and 2.0 s
    assert observer.calls == 5  # at 0, 0.5, 1.0, 1.5 and 2.0 s
    got = samples(snap.exposition.body().decode())  # the last tick: slow's and the observer's last stand
    assert got[("test_slow", ())] == 7 and got[("test_observed", ())] == 5
    assert got[("gpumemd_collector_success", (("collector", "slow"),))] == 1
    s.sample_once()  # a direct call (a test, an OOM's urgent sample) reads everything
    assert (fast.reads, slow.reads, observer.calls) == (26, 4, 6)


def test_a_slow_source_that_failed_stays_failed_until_it_is_read_again() -> None:
    broken = Raising("broken", RuntimeError("boom"))
    broken.every = 1.0
    s = sampler(broken)
    s.sample_once(due_only=True)
    s._mono.now += 0.5
    snap = s.sample_once(due_only=True)
    assert snap.success == {"broken": False}
    assert "broken" not in snap.readings


def test_the_time_the_thread_spends_in_its_ticks_is_exported() -> None:
    import time

    clock = Clock()

    class Slow(Constant):
        def read(self, cycle: Mapping[str, Any]) -> float:
            clock.now += 0.25  # each tick takes 0.25 s on the injected clock
            return super().read(cycle)

    src = Slow("a", 1)
    s = Sampler([src], interval=0.005, wall_clock=clock, monotonic=clock)
    s.sample_once()  # a direct sample is not the thread's: not counted
    s.start()
    try:
        deadline = time.monotonic() + 5
        while s.busy[0] < 4 and time.monotonic() < deadline:
            time.sleep(0.005)
    finally:
        s.stop()
    ticks, seconds = s.busy
    assert ticks >= 4 and seconds == 0.25 * ticks
    assert s.latest is not None
    got = samples(s.latest.exposition.body().decode())
    assert got[("gpumemd_sampler_busy_seconds_total", ())] == 0.25 * (ticks - 1)  # as it stood at that sample


class Ticking(Constant):
    """A source whose `tick()` runs between samples (the agent's allocator)."""

    def __init__(self, name: str, value: float) -> None:
        super().__init__(name, value)
        self.ticks = 0

    def tick(self) -> None:
        self.ticks += 1


def test_between_samples_a_wake_up_only_ticks_the_sources_that_tick() -> None:
    fast, slow, observer = Ticking("fast", 1), Every("slow", 7, every=1.0), Counting(every=1.0)
    published: list[Any] = []
    s = sampler(
        fast, slow, observers=[observer], listeners=[published.append], interval=0.1, sample_every=1.0
    )
    clock: Any = s._mono
    start = next_sample = clock.now
    for _ in range(25):  # 2.5 s of 10 Hz wake-ups, on float sums as the thread keeps them
        next_sample = s.wake_up(clock.now, next_sample)
        clock.now += 0.1
    assert [p.timestamp - start for p in published] == pytest.approx([0.0, 1.0, 2.0])  # wall clock: the same
    assert (fast.reads, slow.reads, observer.calls) == (3, 3, 3)
    assert fast.ticks == 22  # the other wake-ups
    assert s.sample_period == 1.0


def test_a_tick_on_the_callers_thread_ticks_and_never_waits() -> None:
    fast, other = Ticking("fast", 1), Constant("other", 2)
    published: list[Any] = []
    s = sampler(fast, other, listeners=[published.append], interval=0.1, sample_every=1.0)
    first = s.sample_once()  # what Runtime.start does
    assert s.tick_now()
    assert (fast.ticks, fast.reads, other.reads, len(published)) == (1, 1, 1, 1)  # no read, no sample
    assert s.latest is first and s.busy[0] == 1
    with s._lock:  # the thread is sampling: the caller does not wait
        assert not s.tick_now()
    assert fast.ticks == 1
    clock: Any = s._mono
    clock.now += 0.05
    s.wake_up(clock.now, clock.now + 1.0)  # the caller ticked within the interval: the thread need not
    assert fast.ticks == 1
    clock.now += 0.1
    s.wake_up(clock.now, clock.now + 1.0)
    assert fast.ticks == 2


def test_while_the_caller_ticks_the_thread_sleeps_until_the_next_sample() -> None:
    s = sampler(Ticking("fast", 1), interval=0.1, sample_every=1.0)
    clock: Any = s._mono
    t = clock.now
    assert s.next_wake(t, t + 1.0, t) == pytest.approx(t + 0.1)  # nobody else ticks: every interval
    assert s.tick_now()
    assert s.next_wake(t, t + 1.0, t) == t + 1.0  # the caller ticks: no wake-up until the sample
    clock.now = t + 0.25  # the caller stopped two intervals ago: the thread ticks again
    assert s.next_wake(t + 0.2, t + 1.0, clock.now) == pytest.approx(t + 0.3)
    assert s.next_wake(t, t + 1.0, t + 0.5) == pytest.approx(
        t + 0.6
    )  # fell behind: one interval from now, no burst


def test_a_tick_that_raises_is_logged_and_the_sample_still_reads_the_source(caplog: Any) -> None:
    class Broken(Ticking):
        def tick(self) -> None:
            raise RuntimeError("tick broke")

    src = Broken("broken", 3)
    s = sampler(src, interval=0.1, sample_every=1.0)
    assert s.tick_now()
    assert "tick broke" in caplog.text
    assert s.sample_once().readings == {"broken": 3}


def test_sources_replaced_on_reload_are_the_ones_ticked() -> None:
    old, new = Ticking("old", 1), Ticking("new", 2)
    s = sampler(old, interval=0.1, sample_every=1.0)
    s.replace(sources=[new])
    assert s.tick_now()
    assert (old.ticks, new.ticks) == (0, 1)
