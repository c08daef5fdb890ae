"""One sampling cycle: read every source in order, isolate its failures, keep what a source
or observer with an `every` gave until it is due again, let the observers add their
families, and publish a `Snapshot` whose families are built (and rendered) at most once,
when someone asks. The sampler (`sampler.py`) adds the thread, ticks and health.
"""

from __future__ import annotations

import collections
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.sources.base import Source, SourceUnavailable

from .exposition import Exposition, TextCache
from .families import LazyFamilies, Once, Rendered, seen_by, seen_by_names, self_metrics
from .observer import Observer

log = logging.getLogger("gpumemd.sampler")

__all__ = ["CycleRunner", "Kept", "Sample", "Snapshot", "short_error"]

_NO_READINGS: Mapping[str, Any] = MappingProxyType({})


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
    and rendered bytes are far larger than a sample, and the history must not multiply them)."""

    exposition: Exposition


def short_error(exc: BaseException, limit: int = 300) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Kept(NamedTuple):
    """What a source or observer with an `every` gave when it last ran, until `due`."""

    due: float  # monotonic
    result: Any  # a source's reading; what an observer's observe() returned
    ok: bool
    took: float
    families: Once | None


class CycleRunner:
    """The cycle a `Sampler` runs (module docstring), and what cycles keep between them: the
    sources, observers and listeners, the latest snapshot and the history, the results of
    those with an `every`, and the health record the sampler reads (`completed`, `running`,
    `stalled`, `last_error`). `period()` is the sampler's sample period (it may change)."""

    def __init__(
        self,
        sources: Sequence[Source[Any]],
        observers: Sequence[Observer],
        listeners: Sequence[Callable[[Snapshot], None]],
        *,
        history: int,
        eager: bool,
        static: Callable[[], Iterable[Metric]] | None,
        wall: Callable[[], float],
        mono: Callable[[], float],
        busy: list[Any],
        period: Callable[[], float],
    ) -> None:
        self.sources: list[Source[Any]] = []
        self.observers: list[Observer] = []
        self._history_names: frozenset[str] = frozenset()
        self._kept: dict[str, Kept] = {}  # by name: sources and observers with an `every`
        self.replace(sources, observers)
        self.listeners = list(listeners)
        self._eager = eager
        self._text_cache = TextCache()  # unchanged families are not formatted again
        self._static = static
        self._wall, self._mono = wall, mono
        self._period = period
        # (sequence, timestamp, success) per sample; readings only of `history_readings` sources
        self.history: collections.deque[Sample] = collections.deque(maxlen=history)
        self.latest: Snapshot | None = None
        self._sequence = 0
        self.samples_total = 0
        self.durations: Mapping[str, float] = {}  # the last cycle's, by collector and observer (benchmarks)
        self.busy = busy  # the sampler's [ticks, seconds]: its own series report them
        self.last_error: dict[str, str] = {}
        # Health: when the last cycle completed (monotonic), what runs now, whether a stall was said.
        self.completed = mono()
        self.running = ""  # the collector or observer in progress (a stall names it)
        self.stalled = False

    def replace(
        self, sources: Sequence[Source[Any]] | None = None, observers: Sequence[Observer] | None = None
    ) -> None:
        """New sources or observers (a reload): each runs on the next cycle."""
        if sources is not None:
            self.sources = list(sources)
            self._history_names = frozenset(s.name for s in sources if s.history_readings)
        if observers is not None:
            self.observers = list(observers)
        self._kept.clear()

    def _run_isolated(self, name: str, fn: Callable[[Any], Any], arg: Any) -> tuple[Any, bool, float]:
        start = self._mono()
        self.running = name
        try:
            result, ok = fn(arg), True
        except SourceUnavailable as exc:
            result, ok = None, False
            self.note_failure(name, str(exc), logging.INFO)
        except Exception as exc:  # one broken collector never takes the sample down
            result, ok = None, False
            self.note_failure(name, f"{type(exc).__name__}: {exc}", logging.WARNING)
        else:
            if self.last_error.pop(name, None) is not None:
                log.info("collector %s recovered", name)
        self.running = ""
        return result, ok, self._mono() - start

    def note_failure(self, name: str, message: str, level: int) -> None:
        if self.last_error.get(name) != message:  # log a failure once, not every cycle
            self.last_error[name] = message
            log.log(level, "collector %s failed: %s", name, message)

    def run(self, due_only: bool = False) -> Snapshot:
        """One cycle (module docstring); `due_only`: the thread's, where what is not due stands."""
        # A cycle only *reads*: building prometheus_client families (a Metric, a label dict
        # and a Sample per series, most of a sample's cost) is deferred until someone asks
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
        rendered: list[Rendered] = []
        for source in self.sources:
            name = source.name
            # not due: its last reading stands, with its families
            _, reading, ok, took, once = self._run_or_reuse(
                source, cycle_start, due_only, source.read, readings, partial(partial, source.families)
            )
            success[name], durations[name] = ok, took
            if once is not None:
                readings[name] = reading
                rendered.append((source, reading, once))
        source_families = Once(lambda: [f for _, _, once in rendered for f in once()])
        # The observers (the rules) also see the sampler's own series as they stand now (the
        # sources' success and durations, this sample's timestamp and count) and the static
        # families: every family the exposition holds can be selected by a rule.
        sources_ok, sources_took = dict(success), dict(durations)
        own = Once(
            lambda: list(
                self_metrics(
                    timestamp,
                    sources_ok,
                    sources_took,
                    self._mono() - cycle_start,
                    self.samples_total + 1,
                    self.busy[1],
                )
            )
        )
        static_fn = self._static
        static = Once(lambda: list(static_fn())) if static_fn is not None else None
        extras = (own,) if static is None else (own, static)
        observed: list[tuple[str, Once]] = []
        # (the observer's `names` or None, its families)
        declared: list[tuple[frozenset[str] | None, Once]] = []

        def observe(observer: Observer) -> Iterable[Metric]:
            # It sees the sources' families and those of the observers before it, as a
            # sequence built on first use: one that never looks costs nothing, one that
            # selects (the alert engine) builds only the sources that hold what it selects.
            # An eager sampler renders everything anyway: no selection, nothing built twice.
            before = tuple(once for _, once in observed)
            select = (
                None
                if self._eager
                else seen_by_names(rendered, tuple(declared), own, static, self.note_failure)
            )
            return observer.observe(
                LazyFamilies(seen_by(source_families, before + extras), select), readings, timestamp
            )

        for observer in self.observers:
            name = observer.name
            # What observe() returned may be lazy (a generator), consumed only when the
            # sample's families are built: an observer returns a list if they must reflect
            # the sample moment. Not due: its last families stand.
            _, _, ok, took, once = self._run_or_reuse(
                observer, cycle_start, due_only, observe, observer, partial(partial, iter)
            )
            success[name], durations[name] = ok, took
            if once is not None:
                observed.append((name, once))
                declared.append((observer.names, once))
        self.durations = durations
        self.samples_total += 1
        self._sequence += 1
        took = self._mono() - cycle_start
        samples_total, busy_seconds = self.samples_total, self.busy[1]

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
            families.extend(self_metrics(timestamp, ok, durations, took, samples_total, busy_seconds))
            if static is not None:
                families.extend(static())
            return families

        exposition = Exposition(build, self._text_cache)
        if self._eager:
            self.running = "rendering"
            exposition.body()
            self.running = ""
        snapshot = Snapshot(self._sequence, timestamp, readings, success, exposition)
        self.latest = snapshot
        names = self._history_names
        kept = {n: readings[n] for n in names if n in readings} if names else _NO_READINGS
        self.history.append(Sample(self._sequence, timestamp, kept, success))
        for listener in self.listeners:
            try:
                listener(snapshot)
            except Exception as exc:
                # a listener is any callable: a function has a __qualname__, an object its type's
                key = f"listener {getattr(listener, '__qualname__', type(listener).__name__)}"
                self.note_once(key, f"sample {key} failed: {short_error(exc)}", logging.WARNING)
        self.completed = self._mono()
        if self.last_error.pop("sample", None) is not None:
            log.warning("sampling recovered")
        if self.stalled:
            self.stalled = False
            log.warning("sampler recovered: a sample completed again")
        return snapshot

    def note_once(self, key: str, line: str, level: int) -> None:
        """Log `line` unless it is what `key` last logged (a repeated failure, once)."""
        if self.last_error.get(key) != line:
            self.last_error[key] = line
            log.log(level, "%s", line)

    def _standing(self, name: str, now: float, due_only: bool) -> Kept | None:
        """What stands in for a source or observer this cycle: its kept result while it is
        not due on a thread's sample; None: run it."""
        last = self._kept.get(name)
        # due on the sample nearest its time: one a little early is not skipped for a whole period
        return last if last is not None and due_only and now < last.due - self._period() / 2 else None

    def _run_or_reuse(
        self,
        part: Source[Any] | Observer,
        now: float,
        due_only: bool,
        run: Callable[[Any], Any],
        arg: Any,
        families_of: Callable[[Any], Callable[[], Iterable[Metric]]],
    ) -> Kept:
        """The step sources and observers share: what one that is not due on a thread's
        sample gave when it last ran, else run it now, isolated (its families built on first
        use), and keep the result of one with an `every` until it is due again."""
        last = self._standing(part.name, now, due_only)
        if last is not None:
            return last
        result, ok, took = self._run_isolated(part.name, run, arg)
        ran = Kept(now, result, ok, took, self._guarded(part.name, families_of(result)) if ok else None)
        if part.every:
            self._kept[part.name] = ran._replace(due=now + part.every)
        return ran

    def _guarded(self, name: str, produce: Callable[[], Iterable[Metric]]) -> Once:
        """A source's or observer's families, built on first use; one whose building raises
        is left out and reported as failed (`gpumemd_collector_success` 0)."""

        def guarded() -> list[Metric]:
            try:
                return list(produce())
            except Exception as exc:
                once.failed = True
                # its own key: the next read's success must not log "recovered" for it
                self.note_failure(f"{name} (rendering)", f"{type(exc).__name__}: {exc}", logging.WARNING)
                return []

        once = Once(guarded)
        return once
