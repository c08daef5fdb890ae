"""The sampler: reads every source on a background thread and publishes immutable snapshots.

Each cycle reads the sources in order (each sees the readings before it, so `host` can
look up the processes `nvml` found), isolates their failures, asks the observers (the
alert engine) for their families, and publishes one `Snapshot`: readings, and an
`Exposition` whose families are built, and rendered, at most once and only when asked
for. An observer may ask for some families only (`LazyFamilies.select`): then only the
sources that declare one of those names (`Source.names`) render, and those that can
render a subset (`families_named`) render just that. Observers also see the sampler's own
series (as they stand when the observers run) and any static families, so a rule may
select every family the exposition holds. A source or observer with an `every` runs at
that pace on the thread's samples, its last result standing in between. Recent samples
stay in a bounded ring buffer: their sequence, timestamp and success by collector, and the
readings only of sources that declare them small (`history_readings = True`): a source
whose size others decide (the spool) must not make memory grow with the history.

The thread cannot die silently: an exception escaping its loop is logged once, with its
reason, and the loop restarts after a backoff; after `max_restarts` deaths with no sample
in between it gives up and calls `on_death` (the daemon exits non-zero so that its
supervisor restarts it). `problem()` names what is wrong while the thread is dead or has
completed no sample for max(3 sample periods, 30 s): /-/healthy answers 503 with it.

The thread wakes every `interval` (a tick); with `sample_every`, only a tick that far
from the last sample is a sample, and the ticks between call `tick()` on the sources that
have one and do nothing else (the agent: the allocator's interval peak follows each
tick, everything else is read, evaluated and published once a second; building a sample
cost a cold tick ~85 µs of Python on an H100). `tick_now` takes a tick on the caller's
thread (the training thread, after an optimizer step); while those keep coming, the
thread sleeps from sample to sample.
"""

from __future__ import annotations

import collections
import logging
import math
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.sources.base import Family, Source, SourceUnavailable
from gpumemd.version import __version__

from .exposition import Exposition

log = logging.getLogger("gpumemd.sampler")


class Observer:
    """Sees each sample's families before they are published and may add its own (the alert
    engine, the profiler's sections). Every capability is declared here with its default.

    The families come as a `LazyFamilies` from the sampler (built on first use); an observer
    that needs only some names calls `families.select(names)`."""

    name: str = ""
    every: float = 0.0  # run every `every` seconds on the thread's samples, its last families standing between
    # The family names observe() may return; None: unknown, so it is built for any selection.
    names: frozenset[str] | None = None

    def observe(self, families: Sequence[Metric], readings: Mapping[str, Any], timestamp: float) -> Iterable[Metric]:
        raise NotImplementedError

    def alerts_json(self) -> bytes | None:
        """The /api/v1/alerts answer of an alert engine; None: this observer is none."""
        return None


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


_SUCCESS = Family("gpumemd_collector_success", "Whether a collector succeeded in the last sample.")
_DURATION = Family("gpumemd_collector_duration_seconds", "How long a collector took in the last sample.")
_LAST = Family("gpumemd_last_sample_timestamp_seconds", "When the last sample was taken (Unix time).")
_TOOK = Family("gpumemd_sample_duration_seconds", "How long the last sample took, all collectors.")
_SAMPLES = Family("gpumemd_samples", "Samples taken since start.", "counter")
_BUSY = Family("gpumemd_sampler_busy_seconds",
               "Time spent in ticks and samples, on the sampling thread or the caller's (in the agent: holding "
               "the training process's GIL).", "counter")
_BUILD = Family("gpumemd_build_info", "gpumemd's version; value 1.")
_SELF = (_SUCCESS, _DURATION, _LAST, _TOOK, _SAMPLES, _BUSY, _BUILD)
_SELF_NAMES = frozenset(f.name for f in _SELF)

# Defence in depth against absurd configured durations and counts (the config validator
# caps them too): no time arithmetic or Event.wait may overflow, no deque may fail to build.
MAX_INTERVAL = 86400.0
MAX_WAIT = 3600.0
MAX_HISTORY = 1_000_000  # the config validator's maximum too
STALL_FLOOR = 30.0  # seconds without a completed sample before the sampler counts as stalled
_NO_READINGS: Mapping[str, Any] = MappingProxyType({})


def _sane_period(seconds: float, default: float) -> float:
    """A period the thread can wait on: NaN or non-positive -> `default`, at most a day."""
    try:
        seconds = float(seconds)
    except (TypeError, ValueError, OverflowError):
        return default
    if math.isnan(seconds):
        return default
    return min(seconds, MAX_INTERVAL) if seconds > 0 else (0.0 if seconds == 0 else default)


def _wait_time(seconds: float) -> float:
    return 0.0 if not seconds > 0 else min(seconds, MAX_WAIT)  # NaN -> 0


def _history_names(sources: Sequence[Source]) -> frozenset[str]:
    return frozenset(s.name for s in sources if s.history_readings)


def _short(exc: BaseException, limit: int = 300) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _ticking(sources: Sequence[Source]) -> list[Source]:
    """The sources a tick between samples calls (`tick()`: the agent's allocator)."""
    return [s for s in sources if s.ticking]


_BUILDING = threading.RLock()  # families are built rarely (a scrape, the spool, the rules): one lock for all


class _Once:
    """A zero-argument function's result, computed on the first call, from any thread.
    `failed` is set by a renderer whose source (or observer) raised while building."""

    __slots__ = ("_fn", "_value", "failed")

    def __init__(self, fn: Callable[[], list[Metric]]) -> None:
        self._fn: Callable[[], list[Metric]] | None = fn
        self._value: list[Metric] = []
        self.failed = False

    @property
    def done(self) -> bool:
        return self._fn is None

    def __call__(self) -> list[Metric]:
        if self._fn is not None:
            with _BUILDING:
                if self._fn is not None:
                    self._value, self._fn = self._fn(), None
        return self._value


class LazyFamilies(Sequence[Metric]):
    """The families an observer sees, built on its first look (the sampler builds none otherwise)."""

    def __init__(self, build: Callable[[], list[Metric]],
                 select: Callable[[frozenset[str]], list[Metric]] | None = None) -> None:
        self._build = _Once(build)
        self._select = select

    def select(self, names: frozenset[str]) -> Sequence[Metric]:
        """At least the families named in `names` (family names: a counter's without `_total`),
        maybe others: the caller filters. Builds no source's families that cannot hold one."""
        return self if self._select is None or self._build.done else self._select(names)

    def __getitem__(self, index: Any) -> Any:
        return self._build()[index]

    def __len__(self) -> int:
        return len(self._build())

    def __iter__(self) -> Iterator[Metric]:
        return iter(self._build())


def _seen_by(sources: Callable[[], list[Metric]], observed: tuple[_Once, ...]) -> Callable[[], list[Metric]]:
    def build() -> list[Metric]:
        families = list(sources())
        for once in observed:
            families.extend(once())
        return families
    return build


_Rendered = tuple[Source, Any, _Once]  # a source, its reading, its families (built on first use)


class _Kept(NamedTuple):
    """What a source or observer with an `every` gave when it last ran, until `due`."""

    due: float  # monotonic
    reading: Any  # a source's; None for an observer
    ok: bool
    took: float
    families: _Once | None


def _seen_by_names(sampler: Sampler, rendered: Sequence[_Rendered], observed: tuple[tuple[Any, _Once], ...],
                   own: _Once, static: _Once | None) -> Callable[[frozenset[str]], list[Metric]]:
    def select(names: frozenset[str]) -> list[Metric]:
        families = sampler._select(rendered, names)
        for declared, once in observed:  # an observer that declares its names, only when selected
            if declared is None or not declared.isdisjoint(names):
                families.extend(once())
        if not names.isdisjoint(_SELF_NAMES):  # the sampler's own series only when selected
            families.extend(own())
        if static is not None and names:
            families.extend(static())
        return families
    return select


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
        sample_every: float = 0.0,
        max_restarts: int = 5,
        restart_backoff: tuple[float, float] = (1.0, 60.0),
        on_death: Callable[[str], None] | None = None,
    ) -> None:
        self.interval = _sane_period(interval, 1.0)
        self.sample_every = _sane_period(sample_every, 0.0)  # 0: every tick is a sample
        self._ticking = _ticking(sources)
        self._caller_ticked = float("-inf")  # when tick_now last ticked (monotonic)
        self._sources = list(sources)
        self._observers = list(observers)
        self._listeners = list(listeners)
        self._eager = eager_render
        self._static = static_families
        self._wall, self._mono = wall_clock, monotonic
        # (sequence, timestamp, success) per sample; readings only of `history_readings` sources
        self.history: collections.deque[Sample] = collections.deque(maxlen=max(1, min(history, MAX_HISTORY)))
        self._history_names = _history_names(sources)
        self.latest: Snapshot | None = None
        self._sequence = 0
        self._samples_total = 0
        self.durations: Mapping[str, float] = {}  # the last cycle's, by collector and observer (benchmarks)
        # What the thread's ticks took in place, from its wake-up to its next wait: the time it
        # held the GIL (less any waits for it inside a tick), and `tick_now`'s; [ticks,
        # seconds]. Exported as gpumemd_sampler_busy_seconds_total: what an agent costs.
        self.busy = [0, 0.0]
        self._last_error: dict[str, str] = {}
        self._stop = threading.Event()
        self._wake = threading.Event()  # set by stop(), pause() and resume()
        self.paused = False
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()  # one cycle at a time (thread vs sample_once in tests)
        self._kept: dict[str, _Kept] = {}  # by name: sources and observers with an `every`
        # Health: when the last cycle completed (monotonic), what runs now, why the thread is down.
        self.max_restarts = max_restarts
        self.restart_backoff = restart_backoff
        self.on_death = on_death
        self.restarts = 0  # deaths of the loop since start
        self._completed = self._mono()
        self._running = ""  # the collector or observer in progress (a stall names it)
        self._down: str | None = None  # set while the loop is dead (restarting, or given up)
        self.gave_up = False
        self._stalled = False
        self._sample_error: str | None = None

    @property
    def samples_taken(self) -> int:
        return self._samples_total

    @property
    def sample_period(self) -> float:
        """How often the thread publishes a sample."""
        return max(self.interval, self.sample_every)

    @property
    def cycle_lock(self) -> threading.Lock:
        """Held while a cycle or tick runs (the agent holds it across fork: a child must not
        inherit it mid-sample)."""
        return self._lock

    # --- configuration changes (SIGHUP) ---

    def replace(self, *, sources: Sequence[Source] | None = None, observers: Sequence[Observer] | None = None,
                interval: float | None = None) -> None:
        with self._lock:
            if sources is not None:
                self._sources = list(sources)
                self._ticking = _ticking(sources)
                self._history_names = _history_names(sources)
            if observers is not None:
                self._observers = list(observers)
            self._kept.clear()  # new sources or observers run on the next tick
            if interval is not None:
                self.interval = _sane_period(interval, self.interval)

    # --- one cycle ---

    def sample_once(self, *, due_only: bool = False) -> Snapshot:
        """Take a sample now. A direct call reads every source and runs every observer; the
        thread's ticks pass `due_only`: a source or observer with an `every` (seconds) then
        runs only once that much time passed since it last ran, and its last reading (or
        families) stands in for it until then."""
        with self._lock:
            return self._cycle(due_only)

    def _run_isolated(self, name: str, fn: Callable[[Any], Any], arg: Any) -> tuple[Any, bool, float]:
        start = self._mono()
        self._running = name
        try:
            result, ok = fn(arg), True
        except SourceUnavailable as exc:
            result, ok = None, False
            self._note_failure(name, str(exc), logging.INFO)
        except Exception as exc:  # one broken collector never takes the sample down
            result, ok = None, False
            self._note_failure(name, f"{type(exc).__name__}: {exc}", logging.WARNING)
        else:
            if self._last_error.pop(name, None) is not None:
                log.info("collector %s recovered", name)
        self._running = ""
        return result, ok, self._mono() - start

    def _note_failure(self, name: str, message: str, level: int) -> None:
        if self._last_error.get(name) != message:  # log a failure once, not every cycle
            self._last_error[name] = message
            log.log(level, "collector %s failed: %s", name, message)

    def tick_now(self) -> bool:
        """A tick on the caller's thread (the agent's optimizer-step hook: the training
        thread itself, so no GIL hand-off): `tick()` of the sources that have one, nothing
        else. Never waits: while the thread samples, this tick is skipped (False)."""
        if self.paused or not self._lock.acquire(blocking=False):
            return False
        try:
            start = self._mono()
            self._tick_sources()
            now = self._mono()
            self._count_busy(now - start)
            self._caller_ticked = now
        finally:
            self._lock.release()
        return True

    def _tick_sources(self) -> None:
        for source in self._ticking:
            try:
                source.tick()
            except Exception as exc:  # the next sample's read says whether the source works
                self._note_failure(f"{source.name} (tick)", f"{type(exc).__name__}: {exc}", logging.WARNING)

    def _cycle(self, due_only: bool = False) -> Snapshot:
        # A cycle only *reads*: building prometheus_client families (a Metric, a label dict
        # and a Sample per series, ~70 % of a sample's cost) is deferred until someone asks
        # for them — a scrape, the spool writer (1 Hz), an observer that reads them — and is
        # then done once per sample (`Exposition.families`). An unscraped 10 Hz agent pays
        # the reads alone.
        cycle_start = self._mono()
        timestamp = self._wall()
        readings: dict[str, Any] = {}
        success: dict[str, bool] = {}
        durations: dict[str, float] = {}
        # Each source's families are built at most once a sample, whoever asks first: an
        # observer's selection or the full list (a scrape, the spool writer); a source that
        # was not due keeps its families from when it was read, built or not.
        rendered: list[_Rendered] = []
        for source in self._sources:
            name = source.name
            last = self._standing(name, cycle_start, due_only)
            if last is not None:
                _, reading, ok, took, once = last  # not due: its last reading stands
            else:
                reading, ok, took = self._run_isolated(name, source.read, readings)
                once = self._guarded(name, partial(source.families, reading)) if ok else None
                self._keep(source, _Kept(cycle_start, reading, ok, took, once))
            success[name], durations[name] = ok, took
            if once is not None:
                readings[name] = reading
                rendered.append((source, reading, once))
        source_families = _Once(lambda: [f for _, _, once in rendered for f in once()])
        # The observers (the rules) also see the sampler's own series as they stand now (the
        # sources' success and durations, this sample's timestamp and count) and the static
        # families: every family the exposition holds can be selected by a rule.
        sources_ok, sources_took = dict(success), dict(durations)
        own = _Once(lambda: list(self._self_metrics(
            timestamp, sources_ok, sources_took, self._mono() - cycle_start, self._samples_total + 1, self.busy[1])))
        static_fn = self._static
        static = _Once(lambda: list(static_fn())) if static_fn is not None else None
        extras = (own,) if static is None else (own, static)
        observed: list[tuple[str, _Once]] = []
        declared: list[tuple[frozenset[str] | None, _Once]] = []  # (the observer's `names` or None, its families)
        for observer in self._observers:
            name = observer.name
            last = self._standing(name, cycle_start, due_only)
            if last is not None:
                _, _, ok, took, once = last  # not due: its last families stand
            else:
                # It sees the sources' families and those of the observers before it, as a
                # sequence built on first use: one that never looks costs nothing, one that
                # selects (the alert engine) builds only the sources that hold what it selects.
                # An eager sampler renders everything anyway: no selection, nothing built twice.
                before = tuple(once for _, once in observed)
                select = None if self._eager else _seen_by_names(self, rendered, tuple(declared), own, static)
                seen = LazyFamilies(_seen_by(source_families, before + extras), select)

                def observe(observer: Observer, seen: LazyFamilies = seen) -> Iterable[Metric]:
                    return observer.observe(seen, readings, timestamp)

                out, ok, took = self._run_isolated(name, observe, observer)
                # what observe() returned may be lazy (a generator), consumed only when the
                # sample's families are built: an observer returns a list if they must reflect
                # the sample moment
                once = self._guarded(name, partial(iter, out)) if ok else None
                self._keep(observer, _Kept(cycle_start, None, ok, took, once))
            success[name], durations[name] = ok, took
            if once is not None:
                observed.append((name, once))
                declared.append((observer.names, once))
        self.durations = durations
        self._samples_total += 1
        self._sequence += 1
        took = self._mono() - cycle_start
        samples_total, busy_seconds = self._samples_total, self.busy[1]

        def build() -> list[Metric]:
            families = list(source_families())
            for _, once in observed:
                families.extend(once())
            ok = dict(success)
            for source, _, once in rendered:
                if once.failed:
                    ok[source.name] = False
            for name, once in observed:
                if once.failed:
                    ok[name] = False
            families.extend(self._self_metrics(timestamp, ok, durations, took, samples_total, busy_seconds))
            if static is not None:
                families.extend(static())
            return families

        exposition = Exposition(build)
        if self._eager:
            self._running = "rendering"
            exposition.body()
            self._running = ""
        snapshot = Snapshot(self._sequence, timestamp, readings, success, exposition)
        self.latest = snapshot
        names = self._history_names
        kept = {n: readings[n] for n in names if n in readings} if names else _NO_READINGS
        self.history.append(Sample(self._sequence, timestamp, kept, success))
        for listener in self._listeners:
            try:
                listener(snapshot)
            except Exception as exc:
                # a listener is any callable: a function has a __qualname__, an object its type's
                key = f"listener {getattr(listener, '__qualname__', type(listener).__name__)}"
                self._note_once(key, f"sample {key} failed: {_short(exc)}", logging.WARNING)
        self._completed = self._mono()
        if self._last_error.pop("sample", None) is not None:
            log.warning("sampling recovered")
        if self._stalled:
            self._stalled = False
            log.warning("sampler recovered: a sample completed again")
        return snapshot

    def _note_once(self, key: str, line: str, level: int) -> None:
        """Log `line` unless it is what `key` last logged (a repeated failure, once)."""
        if self._last_error.get(key) != line:
            self._last_error[key] = line
            log.log(level, "%s", line)

    def _standing(self, name: str, now: float, due_only: bool) -> _Kept | None:
        """What stands in for a source or observer this cycle: its kept result while it is
        not due on a thread's sample; None: run it."""
        last = self._kept.get(name)
        # due on the sample nearest its time: one a little early is not skipped for a whole period
        return last if last is not None and due_only and now < last.due - self.sample_period / 2 else None

    def _count_busy(self, seconds: float) -> None:
        busy = self.busy
        busy[0] += 1
        busy[1] += seconds

    def _keep(self, part: Source | Observer, ran: _Kept) -> None:
        """Keep what a source or observer with an `every` gave, until it is due again."""
        every = part.every
        if every:
            self._kept[part.name] = ran._replace(due=ran.due + every)

    def _guarded(self, name: str, produce: Callable[[], Iterable[Metric]]) -> _Once:
        """A source's or observer's families, built on first use; one whose building raises
        is left out and reported as failed (`gpumemd_collector_success` 0)."""
        def guarded() -> list[Metric]:
            try:
                return list(produce())
            except Exception as exc:
                once.failed = True
                # its own key: the next read's success must not log "recovered" for it
                self._note_failure(f"{name} (rendering)", f"{type(exc).__name__}: {exc}", logging.WARNING)
                return []
        once = _Once(guarded)
        return once

    def _select(self, rendered: Sequence[_Rendered], names: frozenset[str]) -> list[Metric]:
        """The families of the sources that may hold one of `names` (`Source.names`; a source
        declaring None always counts). A `selective` source renders only those (`families_named`),
        unless its full families exist already (then they are reused)."""
        families: list[Metric] = []
        if not names:
            return families
        for source, reading, full in rendered:
            declared = source.names
            if declared is not None and declared.isdisjoint(names):
                continue
            if source.selective and not full.done:
                try:
                    families.extend(source.families_named(reading, names))
                    continue
                except Exception as exc:  # the full rendering decides this sample's success
                    self._note_failure(f"{source.name} (selected rendering)", f"{type(exc).__name__}: {exc}",
                                       logging.WARNING)
            families.extend(full())
        return families

    def _self_metrics(self, timestamp: float, success: Mapping[str, bool], durations: Mapping[str, float],
                      took: float, samples_total: int, busy_seconds: float) -> Iterable[Metric]:
        ok, dur, last, sample, samples, busy, build = (f.new() for f in _SELF)
        for name in success:
            labels = {"collector": name}
            _SUCCESS.add(ok, labels, 1 if success[name] else 0)
            _DURATION.add(dur, labels, durations[name])
        _LAST.add(last, {}, timestamp)
        _TOOK.add(sample, {}, took)
        _SAMPLES.add(samples, {}, samples_total)
        _BUSY.add(busy, {}, busy_seconds)
        _BUILD.add(build, {"version": __version__}, 1)
        return (ok, dur, last, sample, samples, busy, build)

    # --- the thread ---

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._completed = self._mono()
        self._down, self.gave_up, self.restarts = None, False, 0
        self._thread = threading.Thread(target=self._supervise, name="gpumemd-sampler", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def pause(self) -> None:
        """Stop sampling until `resume()`; the thread parks without a timeout (no wake-ups,
        so a paused sampler costs the program nothing). `sample_once()` still works."""
        self.paused = True
        self._wake.set()

    def resume(self) -> None:
        self._completed = self._mono()  # a pause is not a stall
        self.paused = False
        self._wake.set()

    # --- health ---

    def problem(self) -> str | None:
        """Why the sampler is unhealthy, in one line, or None: its thread died (restarting,
        or given up), or it completed no sample for max(3 sample periods, 30 s)."""
        down = self._down
        if down is not None:
            return down
        thread = self._thread
        if thread is None or self.paused or self._stop.is_set():
            return None
        if not thread.is_alive():  # cannot happen through _supervise; named if it does
            return "sampler thread is not running"
        limit = max(3 * self.sample_period, STALL_FLOOR)
        late = self._mono() - self._completed
        if late <= limit:
            return None
        running = self._running
        reason = (f"sampler stalled: no sample completed for {late:.0f}s (limit {limit:.0f}s)"
                  + (f", stuck in {running}" if running else ""))
        if not self._stalled:
            self._stalled = True
            log.error("%s", reason)
        return reason

    def _supervise(self) -> None:
        """The thread: the loop, restarted after a backoff when something escapes it (any
        BaseException: a thread that ends silently is what this guards against)."""
        deaths = 0  # since the last completed sample
        while not self._stop.is_set():
            completed = self._completed
            try:
                self._loop()
                return
            except BaseException as exc:  # noqa: BLE001 - the thread's last line of defence
                if self._stop.is_set():
                    return
                deaths = 1 if self._completed != completed else deaths + 1
                self.restarts += 1
                reason = _short(exc)
                where = f" in {self._running}" if self._running else ""
                if deaths > self.max_restarts:
                    self.gave_up = True
                    self._down = (f"sampler thread died{where} ({reason}); gave up after "
                                  f"{self.max_restarts} restarts without a sample")
                    log.error("%s", self._down)
                    if self.on_death is not None:
                        try:
                            self.on_death(self._down)
                        except Exception as cb_exc:  # the daemon's own callback: say why, stop anyway
                            log.error("sampler on_death callback failed: %s", _short(cb_exc))
                    return
                first, most = self.restart_backoff
                delay = min(first * 2 ** (deaths - 1), most)
                self._down = (f"sampler thread died{where} ({reason}); "
                              f"restart {deaths} of {self.max_restarts} in {delay:g}s")
                self._note_once("thread", self._down, logging.ERROR)
                if self._stop.wait(_wait_time(delay)):
                    return
                self._running, self._down = "", None

    def _loop(self) -> None:
        next_at = next_sample = self._mono()
        while not self._stop.is_set():
            if self.paused:
                self._wake.wait()
                self._wake.clear()
                next_at = next_sample = self._mono()
                continue
            woke = self._mono()
            try:
                next_sample = self.wake_up(woke, next_sample)
            except Exception as exc:  # _cycle isolates what it calls; rendering or a bug may not
                self._note_once("sample", f"sample failed: {_short(exc)}", logging.ERROR)
            now = self._mono()
            self._count_busy(now - woke)
            next_at = self.next_wake(next_at, next_sample, now)
            # One Event for stop, pause and resume: each is seen at once; clear() comes
            # before the flags are read again, so none is lost.
            self._wake.wait(_wait_time(next_at - now))
            self._wake.clear()

    def wake_up(self, woke: float, next_sample: float) -> float:
        """One wake-up of the thread: a sample if one is due (on the tick nearest its time:
        float sums drift), else a tick unless the caller ticked within the interval; returns
        when the next sample is due."""
        if woke >= next_sample - self.interval / 2:
            self.sample_once(due_only=True)
            if not self.sample_every:
                return woke  # every tick samples
            next_sample += self.sample_every
            return next_sample if next_sample > woke else woke + self.sample_every  # fell behind: skip
        if woke - self._caller_ticked >= self.interval:
            with self._lock:
                self._tick_sources()
        return next_sample

    def next_wake(self, last: float, next_sample: float, now: float) -> float:
        """When the thread wakes next: one `interval` after its last wake-up (later if it
        fell behind: skip, don't burst); at the next sample while the caller's ticks
        (`tick_now`) kept coming in the last two intervals: a wake-up then would have
        nothing to do, and would cost the caller the GIL."""
        at = last + self.interval
        if at < now:
            at = now + self.interval
        if now - self._caller_ticked < 2 * self.interval and next_sample > at:
            at = next_sample
        return at
