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
tick, everything else is read, evaluated and published once a second; a whole sample
costs a cold tick far more than one read: docs/performance.md). `tick_now` takes a tick on the caller's
thread (the training thread, after an optimizer step); while those keep coming, the
thread sleeps from sample to sample.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Iterable, Sequence

from prometheus_client.core import Metric

from gpumemd.sources.base import Source

from .cycle import CycleRunner, Snapshot, short_error
from .observer import Observer

log = logging.getLogger("gpumemd.sampler")

__all__ = ["MAX_HISTORY", "MAX_INTERVAL", "MAX_WAIT", "STALL_FLOOR", "Sampler"]


# Defence in depth against absurd configured durations and counts (the config validator
# caps them too): no time arithmetic or Event.wait may overflow, no deque may fail to build.
MAX_INTERVAL = 86400.0
MAX_WAIT = 3600.0
MAX_HISTORY = 1_000_000  # the config validator's maximum too
STALL_FLOOR = 30.0  # seconds without a completed sample before the sampler counts as stalled


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


def _ticking(sources: Sequence[Source]) -> list[Source]:
    """The sources a tick between samples calls (`tick()`: the agent's allocator)."""
    return [s for s in sources if s.ticking]


class Sampler:
    """The sampling thread over one `CycleRunner` (`cycle`): ticks, samples, restarts and
    health (module docstring)."""

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
        self._mono = monotonic
        # What the thread's ticks took in place, from its wake-up to its next wait: the time it
        # held the GIL (less any waits for it inside a tick), and `tick_now`'s; [ticks,
        # seconds]. Exported as gpumemd_sampler_busy_seconds_total: what an agent costs.
        self.busy = [0, 0.0]
        self.cycle = CycleRunner(sources, observers, listeners, history=max(1, min(history, MAX_HISTORY)),
                                 eager=eager_render, static=static_families, wall=wall_clock, mono=monotonic,
                                 busy=self.busy, period=lambda: self.sample_period)
        self._stop = threading.Event()
        self._wake = threading.Event()  # set by stop(), pause() and resume()
        self.paused = False
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()  # one cycle at a time (thread vs sample_once in tests)
        # Health: why the thread is down; when the last cycle completed and what runs now: `cycle`.
        self.max_restarts = max_restarts
        self.restart_backoff = restart_backoff
        self.on_death = on_death
        self.restarts = 0  # deaths of the loop since start
        self._down: str | None = None  # set while the loop is dead (restarting, or given up)
        self.gave_up = False

    # --- what the cycles keep (CycleRunner's), as the runtime, the endpoints and tests read it ---

    @property
    def latest(self) -> Snapshot | None:
        return self.cycle.latest

    # The sampler's attributes before the cycle was its own object: the runtime and the agent
    # read (and append to) these lists through the sampler.
    @property
    def _sources(self) -> list[Source]:
        return self.cycle.sources

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
                self._ticking = _ticking(sources)
            self.cycle.replace(sources, observers)  # new sources or observers run on the next tick
            if interval is not None:
                self.interval = _sane_period(interval, self.interval)

    # --- one cycle ---

    def sample_once(self, *, due_only: bool = False) -> Snapshot:
        """Take a sample now. A direct call reads every source and runs every observer; the
        thread's ticks pass `due_only`: a source or observer with an `every` (seconds) then
        runs only once that much time passed since it last ran, and its last reading (or
        families) stands in for it until then."""
        with self._lock:
            return self.cycle.run(due_only)

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
                self.cycle.note_failure(
                    f"{source.name} (tick)", f"{type(exc).__name__}: {exc}", logging.WARNING
                )

    def _count_busy(self, seconds: float) -> None:
        busy = self.busy
        busy[0] += 1
        busy[1] += seconds

    # --- the thread ---

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self.cycle.completed = self._mono()
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
        self.cycle.completed = self._mono()  # a pause is not a stall
        self.paused = False
        self._wake.set()

    # --- health ---

    def last_error(self, collector: str) -> str | None:
        """Why `collector` failed in the last sample it failed in (None once it recovers)."""
        return self.cycle.last_error.get(collector)

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
        late = self._mono() - self.cycle.completed
        if late <= limit:
            return None
        running = self.cycle.running
        reason = f"sampler stalled: no sample completed for {late:.0f}s (limit {limit:.0f}s)" + (
            f", stuck in {running}" if running else ""
        )
        if not self.cycle.stalled:
            self.cycle.stalled = True
            log.error("%s", reason)
        return reason

    def _supervise(self) -> None:
        """The thread: the loop, restarted after a backoff when something escapes it (any
        BaseException: a thread that ends silently is what this guards against)."""
        deaths = 0  # since the last completed sample
        while not self._stop.is_set():
            completed = self.cycle.completed
            try:
                self._loop()
                return
            except BaseException as exc:  # noqa: BLE001 - the thread's last line of defence
                if self._stop.is_set():
                    return
                deaths = 1 if self.cycle.completed != completed else deaths + 1
                self.restarts += 1
                reason = short_error(exc)
                where = f" in {self.cycle.running}" if self.cycle.running else ""
                if deaths > self.max_restarts:
                    self.gave_up = True
                    self._down = (
                        f"sampler thread died{where} ({reason}); gave up after "
                        f"{self.max_restarts} restarts without a sample"
                    )
                    log.error("%s", self._down)
                    if self.on_death is not None:
                        try:
                            self.on_death(self._down)
                        except Exception as cb_exc:  # the daemon's own callback: say why, stop anyway
                            log.error("sampler on_death callback failed: %s", short_error(cb_exc))
                    return
                first, most = self.restart_backoff
                delay = min(first * 2 ** (deaths - 1), most)
                self._down = (
                    f"sampler thread died{where} ({reason}); "
                    f"restart {deaths} of {self.max_restarts} in {delay:g}s"
                )
                self.cycle.note_once("thread", self._down, logging.ERROR)
                if self._stop.wait(_wait_time(delay)):
                    return
                self.cycle.running, self._down = "", None

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
                self.cycle.note_once("sample", f"sample failed: {short_error(exc)}", logging.ERROR)
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
