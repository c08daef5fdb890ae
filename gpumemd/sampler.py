"""The sampler: reads every source on a background thread and publishes immutable snapshots.

Each cycle reads the sources in order (each sees the readings before it, so `host` can
look up the processes `nvml` found), isolates their failures, asks the observers (the
alert engine) for their families, and publishes one `Snapshot`: readings, families, and an
`Exposition` rendered at most once. Recent snapshots stay in a bounded ring buffer.
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from prometheus_client.core import Metric

from . import __version__
from .exposition import Exposition
from .sources.base import Source, SourceUnavailable, counter, gauge

log = logging.getLogger("gpumemd.sampler")


class Observer(Protocol):
    """Sees each sample's families before they are published and may add its own."""

    name: str

    def observe(self, families: Sequence[Metric], readings: Mapping[str, Any], timestamp: float) -> Iterable[Metric]: ...


@dataclass(frozen=True)
class Sample:
    """What one cycle read; small, so hundreds fit in the ring buffer."""

    sequence: int
    timestamp: float  # wall clock, seconds since the epoch
    readings: Mapping[str, Any]  # by source name; a failed source is absent
    success: Mapping[str, bool]


@dataclass(frozen=True)
class Snapshot(Sample):
    """The latest sample with its exposition (only the latest keeps one: metric families
    and rendered bytes are ~30 kB a sample, which the history must not multiply)."""

    exposition: Exposition


class Sampler:
    def __init__(
        self,
        sources: Sequence[Source],
        *,
        interval: float,
        history: int = 300,
        observers: Sequence[Observer] = (),
        listeners: Sequence[Callable[[Snapshot], None]] = (),
        eager_render: bool = True,
        static_families: Callable[[], Iterable[Metric]] | None = None,
        wall_clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.interval = interval
        self._sources = list(sources)
        self._observers = list(observers)
        self._listeners = list(listeners)
        self._eager = eager_render
        self._static = static_families
        self._wall, self._mono = wall_clock, monotonic
        self.history: collections.deque[Sample] = collections.deque(maxlen=history)
        self.latest: Snapshot | None = None
        self._sequence = 0
        self._samples_total = 0
        self._last_error: dict[str, str] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()  # one cycle at a time (thread vs sample_once in tests)

    # --- configuration changes (SIGHUP) ---

    def replace(self, *, sources: Sequence[Source] | None = None, observers: Sequence[Observer] | None = None,
                interval: float | None = None) -> None:
        with self._lock:
            if sources is not None:
                self._sources = list(sources)
            if observers is not None:
                self._observers = list(observers)
            if interval is not None:
                self.interval = interval

    # --- one cycle ---

    def sample_once(self) -> Snapshot:
        with self._lock:
            return self._cycle()

    def _run_isolated(self, name: str, fn: Callable[[], Any]) -> tuple[Any, bool, float]:
        start = self._mono()
        try:
            result, ok = fn(), True
        except SourceUnavailable as exc:
            result, ok = None, False
            self._note_failure(name, str(exc), logging.INFO)
        except Exception as exc:  # one broken collector never takes the sample down
            result, ok = None, False
            self._note_failure(name, f"{type(exc).__name__}: {exc}", logging.WARNING)
        else:
            if self._last_error.pop(name, None) is not None:
                log.info("collector %s recovered", name)
        return result, ok, self._mono() - start

    def _note_failure(self, name: str, message: str, level: int) -> None:
        if self._last_error.get(name) != message:  # log a failure once, not every cycle
            self._last_error[name] = message
            log.log(level, "collector %s failed: %s", name, message)

    def _cycle(self) -> Snapshot:
        cycle_start = self._mono()
        timestamp = self._wall()
        readings: dict[str, Any] = {}
        families: list[Metric] = []
        success: dict[str, bool] = {}
        durations: dict[str, float] = {}
        for source in self._sources:
            def read_and_render(source: Source = source) -> list[Metric]:
                reading = source.read(readings)
                rendered = list(source.families(reading))
                readings[source.name] = reading
                return rendered
            rendered, ok, took = self._run_isolated(source.name, read_and_render)
            success[source.name], durations[source.name] = ok, took
            if ok:
                families.extend(rendered)
        for observer in self._observers:
            def observe(observer: Observer = observer) -> list[Metric]:
                return list(observer.observe(families, readings, timestamp))
            rendered, ok, took = self._run_isolated(observer.name, observe)
            success[observer.name], durations[observer.name] = ok, took
            if ok:
                families.extend(rendered)
        self._samples_total += 1
        self._sequence += 1
        families.extend(self._self_metrics(timestamp, success, durations, self._mono() - cycle_start))
        if self._static is not None:
            families.extend(self._static())
        exposition = Exposition(families)
        if self._eager:
            exposition.body()
        snapshot = Snapshot(self._sequence, timestamp, readings, success, exposition)
        self.latest = snapshot
        self.history.append(Sample(self._sequence, timestamp, readings, success))
        for listener in self._listeners:
            try:
                listener(snapshot)
            except Exception:
                log.exception("sample listener failed")
        return snapshot

    def _self_metrics(self, timestamp: float, success: Mapping[str, bool], durations: Mapping[str, float],
                      took: float) -> Iterable[Metric]:
        ok = gauge("gpumemd_collector_success", "Whether a collector succeeded in the last sample.", ["collector"])
        dur = gauge("gpumemd_collector_duration_seconds", "How long a collector took in the last sample.", ["collector"])
        for name in success:
            ok.add_metric([name], 1 if success[name] else 0)
            dur.add_metric([name], durations[name])
        last = gauge("gpumemd_last_sample_timestamp_seconds", "When the last sample was taken (Unix time).")
        last.add_metric([], timestamp)
        sample = gauge("gpumemd_sample_duration_seconds", "How long the last sample took, all collectors.")
        sample.add_metric([], took)
        samples = counter("gpumemd_samples", "Samples taken since start.")
        samples.add_metric([], self._samples_total)
        build = gauge("gpumemd_build_info", "gpumemd's version; value 1.", ["version"])
        build.add_metric([__version__], 1)
        return (ok, dur, last, sample, samples, build)

    # --- the thread ---

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name="gpumemd-sampler", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _loop(self) -> None:
        next_at = self._mono()
        while not self._stop.is_set():
            try:
                self.sample_once()
            except Exception:  # pragma: no cover - _cycle isolates everything it calls
                log.exception("sample failed")
            next_at += self.interval
            now = self._mono()
            if next_at < now:  # fell behind (a slow sample, a suspended process): skip, don't burst
                next_at = now + self.interval
            self._stop.wait(next_at - now)
