"""PyTorch's CUDA caching allocator, read inside the training process.

Besides the agent, the only module that imports torch (and only when its API is built).

Exposition (one H200, rank 0, after a 256 MiB tensor)::

    gpumemd_allocator_allocated_bytes{gpu="0",uuid="GPU-56…"} 2.68439552e+08
    gpumemd_allocator_reserved_bytes{gpu="0",uuid="GPU-56…"} 2.70532608e+08
    gpumemd_allocator_inactive_split_bytes{gpu="0",uuid="GPU-56…"} 0
    gpumemd_allocator_allocated_peak_bytes{gpu="0",uuid="GPU-56…"} 2.68439552e+08
    gpumemd_allocator_alloc_retries_total{gpu="0",uuid="GPU-56…"} 0
    gpumemd_allocator_ooms_total{gpu="0",uuid="GPU-56…"} 0

`gpumemd_allocator_ooms_total` is torch's own `num_ooms`, exported as torch reads it; gpumemd's
OOM count, the one the alerts read, is the OOM watcher's `gpumemd_oom_events_total{cause}`.

Rules this source keeps:
- never create a CUDA context: nothing is read until the process initialised CUDA itself;
- never reset the user's peak statistics (`max_memory_allocated()` reads the same with us);
- CPU-only torch answers `memory_stats()` with `{}`, which is not a reading; that, and CUDA
  not initialised yet, give no series and a collector that succeeds: nothing to read is not
  a failure (a failing collector fires GpumemdCollectorFailing).

It reads `torch._C._cuda_memoryStats` rather than the public `memory_stats` (several times
slower: it flattens the same dict into a flat key per counter), falling back to the public
call where the private one is missing (docs/performance.md has the figures).

Interval peak: the highest `allocated` within one sampling interval, so a spike shorter
than the interval still shows, without resetting the user's peak statistics. The
allocator keeps cumulative `allocated`/`freed` byte counters; between two samples
(current c0 -> c1, cumulative allocations A0 -> A1, lifetime peak P0 -> P1):

- P1 > P0: the lifetime peak rose inside the interval, so the interval's peak is P1, exactly;
- otherwise the peak is at most c0 + (A1 - A0) (every byte allocated, none freed first)
  and at most P1; it is exact when that is no higher than c0 or c1 (the interval only
  allocated or only freed, for one). `span_peak` (backends/torch_cuda.py) is that rule,
  the profiler's too.

So a lone spike (a 1 GiB buffer for 5 ms) reads exactly; in a busy training loop the
figure is an upper bound, flagged by `gpumemd_allocator_interval_peak_exact` 0. The agent
publishes a sample once a second but ticks at 10 Hz (`AllocatorSource.tick`): the
published interval runs from the previous sample, and its ticks split it into short
intervals whose peaks are combined: exact where the highest exact one is at least every
bound, else the highest bound, so the ticks tighten the bound. The window
peak is the highest interval peak over `peak_window`, so a scrape every 15 s still sees a
spike that lasted 5 ms. No hooks, no history recording: it costs nothing in the user's
allocation path.

Step peak: the same rules between two optimizer-step boundaries, for allocated and reserved
(gpumemd/sources/steppeak.py).
"""

from __future__ import annotations

import collections
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.backends.torch_cuda import AllocatorStats, TorchCudaApi, peak_counters, span_peak
from gpumemd.known_metrics import collected_by

from . import alloc_conf
from .alloc_conf import AllocatorSettings, fraction_label
from .base import Family, Source
from .steppeak import DriverPoolStepPeak, StepPeak, StepPeakReading

__all__ = ["AllocatorReading", "AllocatorSource", "IntervalPeak"]

log = logging.getLogger("gpumemd.allocator")

_Counters = tuple[int, int, int, int]  # current, lifetime peak, cumulative in, cumulative out


class AllocatorReading(NamedTuple):
    """One device's allocator state, bytes unless named otherwise. A named tuple rather than
    a frozen dataclass: built every tick, and a frozen dataclass sets its fields one
    `object.__setattr__` at a time (several times slower)."""

    device: int
    uuid: str
    allocated_bytes: int
    reserved_bytes: int
    active_bytes: int
    inactive_split_bytes: int
    requested_bytes: int
    allocated_peak_bytes: int
    reserved_peak_bytes: int
    active_peak_bytes: int
    allocations: int
    segments: int
    inactive_splits: int
    alloc_retries: int
    ooms: int
    device_allocs: int
    device_frees: int
    limit_bytes: int | None  # per-process limit from set_per_process_memory_fraction
    allocated_total_bytes: int = 0  # cumulative bytes ever allocated (allocated_bytes.all.allocated)
    freed_total_bytes: int = 0
    interval_peak_bytes: int | None = None  # see the module docstring
    interval_peak_exact: bool = False
    window_peak_bytes: int | None = None
    # False under cudaMallocAsync: the caching allocator's statistics are not kept there
    stats_valid: bool = True
    device_used_bytes: int | None = None
    settings: AllocatorSettings | None = None
    step: StepPeakReading | None = None  # the last optimizer step's peak and end (StepPeak), once one closed

    @staticmethod
    def from_stats(
        device: int,
        uuid: str,
        stats: AllocatorStats | Mapping[str, Any],
        limit_bytes: int | None = None,
        peaks: IntervalPeak | None = None,
        now: float = 0.0,
        settings: AllocatorSettings | None = None,
        stats_valid: bool = True,
        device_used_bytes: int | None = None,
        steps: StepPeak | None = None,
        seq: int = 0,
    ) -> AllocatorReading:
        """A reading from the parsed statistics (a `memory_stats` dict is parsed here); with
        `peaks`, its interval peak too (computed before the reading is built: one construction
        a sample). Without valid stats (cudaMallocAsync) there is no interval peak: its
        cumulative counters read zero; the step is still followed (`steps`, a
        DriverPoolStepPeak, leaves those counters out): this read splits its span, numbered
        `seq` (StepPeak.split), and the reading has its last closed step. A field torch answered no count for
        reads 0 here: the source leaves such a read out (counted) before it gets here."""
        s = stats if isinstance(stats, AllocatorStats) else AllocatorStats.parse(stats)
        if s is None:
            raise ValueError("no allocator statistics (an empty memory_stats answer)")
        counters = (s.allocated or 0, s.allocated_peak or 0, s.allocated_total or 0, s.freed_total or 0)
        interval: tuple[int | None, bool, int | None] = (None, False, None)
        if peaks is not None and stats_valid:
            interval = peaks.observe(device, *counters, now)
        step = None
        if steps is not None:
            reserved = (s.reserved or 0, s.reserved_peak or 0, s.reserved_total or 0, s.released_total or 0)
            steps.split(seq, counters, reserved)
            step = steps.last
        return AllocatorReading(
            device,
            uuid,
            counters[0],
            s.reserved or 0,
            s.active or 0,
            s.inactive_split_bytes or 0,
            s.requested or 0,
            counters[1],
            s.reserved_peak or 0,
            s.active_peak or 0,
            s.allocations or 0,
            s.segments or 0,
            s.inactive_splits or 0,
            s.alloc_retries or 0,
            s.ooms or 0,
            s.device_allocs or 0,
            s.device_frees or 0,
            limit_bytes,
            counters[2],
            counters[3],
            *interval,
            stats_valid,
            device_used_bytes,
            settings,
            step,
        )


class IntervalPeak:
    """Per-device interval and window peaks from successive readings (see the module docstring)."""

    def __init__(self, window: float) -> None:
        self._window = window
        self._prev: dict[int, _Counters] = {}  # current, lifetime peak, allocated, freed
        # since the last published reading (ticks between samples): (highest exact, highest bound)
        self._pending: dict[int, tuple[int, int]] = {}
        # (time, peak), values decreasing: the window's maximum is the first entry
        self._recent: dict[int, collections.deque[tuple[float, int]]] = {}

    def update(self, r: AllocatorReading, now: float) -> AllocatorReading:
        peak, exact, window = self.observe(
            r.device,
            r.allocated_bytes,
            r.allocated_peak_bytes,
            r.allocated_total_bytes,
            r.freed_total_bytes,
            now,
        )
        return r._replace(interval_peak_bytes=peak, interval_peak_exact=exact, window_peak_bytes=window)

    def observe(
        self,
        device: int,
        current: int,
        lifetime_peak: int,
        allocated_total: int,
        freed_total: int,
        now: float,
        publish: bool = True,
    ) -> tuple[int, bool, int]:
        """(interval peak, exact, window peak) for one device's new counters. With `publish`
        False (a tick between samples) the interval goes on: the next published one covers it."""
        prev = self._prev.get(device)
        self._prev[device] = (current, lifetime_peak, allocated_total, freed_total)
        if prev is None:  # the first interval runs from process start: the lifetime peak
            peak, exact = max(lifetime_peak, current), True
        else:
            _, peak, exact = span_peak(prev, (current, lifetime_peak, allocated_total, freed_total))
        recent = self._recent.setdefault(device, collections.deque())
        while recent and recent[-1][1] <= peak:
            recent.pop()
        recent.append((now, peak))
        while recent[0][0] < now - self._window:
            recent.popleft()
        best_exact, best_bound = self._pending.pop(device, (-1, -1))
        if exact:
            best_exact = max(best_exact, peak)
        else:
            best_bound = max(best_bound, peak)
        if not publish:
            self._pending[device] = (best_exact, best_bound)
        # every exact peak was reached; a bound may not have been
        if best_exact >= best_bound:
            return best_exact, True, recent[0][1]
        return best_bound, False, recent[0][1]


class AllocatorSource(Source[tuple[AllocatorReading, ...]]):
    """Collector `allocator`: PyTorch's caching allocator figures (allocated, reserved, peaks,
    fragmentation, settings) per device, read inside the training process."""

    name = "allocator"
    names = collected_by("allocator")  # the families declared with its name (known_metrics)

    def __init__(
        self,
        api: TorchCudaApi,
        *,
        labels: Mapping[str, str] | None = None,
        peak_window: float | None = None,
        monotonic: Any = time.monotonic,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self._api = api
        self._env = os.environ if env is None else env  # PYTORCH_ALLOC_CONF, read once CUDA is up
        self._settings = AllocatorSettings()
        self._valid = True  # False under cudaMallocAsync (see _configure)
        self._device_settings: dict[int, AllocatorSettings] = {}  # with each device's fraction
        self._device_used: dict[int, int] = {}  # the cudaMallocAsync fallback, by device
        self._labels = dict(labels or {})  # rank identity, added to every series
        self._uuids: dict[int, str] = {}
        self._peaks = IntervalPeak(peak_window) if peak_window else None
        # with the interval peak: each device's step peak; the agent's step hook sets `boundary`
        # (its thread, the steps the span covered) for the tick it then takes, which clears it
        # once it closed them, or closes them itself (`close_steps`) while the sampler is busy
        self._steps: dict[int, StepPeak] | None = {} if peak_window else None
        self.boundary: tuple[int, int] | None = None
        self._closing = threading.Lock()  # one boundary at a time (never waited for)
        # the sampler's reads (samples, its ticks), numbered: the last begun and the last done
        # (under the sample lock), so that a boundary knows which ran before its own (StepPeak)
        self._split_begun = self._split_done = 0
        self._mono = monotonic
        self._specs = _FAMILIES + _PEAK_FAMILIES if self._peaks is not None else _FAMILIES
        self._subsets: dict[frozenset[str], tuple[_Spec, ...]] = {}
        self._count = 0  # visible devices, once CUDA is initialised
        self._limits: dict[int, int] = {}  # device -> per-process limit, where one is set
        self._limits_due = float("-inf")
        # reads left out because a field was not a count (AllocatorStats.invalid), by field
        self.invalid_answers: dict[str, int] = {}
        self._logged_invalid: set[str] = set()

    def read(self, cycle: Mapping[str, Any]) -> tuple[AllocatorReading, ...]:
        # Read every tick (10 Hz), so the tick does only this: the stats call and one
        # reading per device. The device count and readiness cannot change once CUDA is up;
        # the per-process limit changes only when the program sets it: re-read once a second.
        api = self._api
        count = self._count
        if not count:
            # Before the program initialised CUDA (reading now could create a context it never
            # asked for), and without a device, there is nothing to read: no series, and not a
            # failure (a failing collector fires GpumemdCollectorFailing after 5 minutes, and a
            # job may prepare its data on the CPU for longer). The agent says why, once.
            if not api.is_initialized():
                return ()
            count = api.device_count()
            if count == 0:
                return ()
            self._configure()
            self._count = count
        now = self._mono()
        if now >= self._limits_due:
            self._limits_due = now + 1.0
            self._limits = {}
            for device in range(count):
                fraction = api.memory_fraction(device)
                if fraction is not None:
                    self._limits[device] = int(fraction * api.total_memory(device))
                self._device_settings[device] = self._settings._replace(
                    memory_fraction=fraction_label(fraction) or self._settings.memory_fraction
                )
            if not self._valid:
                self._device_used = self._read_device_used(count)
        limits, peaks, uuids, valid = self._limits, self._peaks, self._uuids, self._valid
        settings, used_now, steps = self._device_settings, self._device_used, self._steps
        seq = self._split_begun = self._split_begun + 1
        readings = []
        for device in range(count):
            stats = AllocatorStats.parse(api.memory_stats(device))
            if stats is None:  # CPU-only builds answer {}: not a reading
                continue
            if stats.invalid:
                self._invalid_answer(stats)
                continue
            uuid = uuids.get(device)
            if uuid is None:
                uuid = uuids[device] = api.device_uuid(device)
            step = None
            if steps is not None:
                step = steps.get(device)
                if step is None:  # setdefault: a boundary's thread may add it too
                    step = steps.setdefault(device, StepPeak() if valid else DriverPoolStepPeak())
            readings.append(
                AllocatorReading.from_stats(
                    device,
                    uuid,
                    stats,
                    limits.get(device),
                    peaks,
                    now,
                    settings.get(device),
                    valid,
                    used_now.get(device),
                    step,
                    seq,
                )
            )
        self._split_done = seq
        if not readings:  # CPU-only torch answers {}: nothing to read, as above
            return ()
        # A rank sees every visible GPU but uses one: leave out devices its allocator never
        # touched (no cudaMalloc, nothing reserved), unless it has touched none yet.
        used = [r for r in readings if r.device_allocs or r.reserved_bytes]
        return tuple(used or readings)

    def _invalid_answer(self, stats: AllocatorStats) -> None:
        """A read with a field torch answered no count for is left out, counted by field."""
        for field in stats.invalid:
            self.invalid_answers[field] = self.invalid_answers.get(field, 0) + 1
            if field not in self._logged_invalid:  # once per field
                self._logged_invalid.add(field)
                log.warning("torch's memory_stats answered no count for %s: the read is left out", field)

    def last_step_peak(self, device: int) -> StepPeakReading | None:
        """The last closed step's peak on `device` (read from any thread: one reference)."""
        steps = self._steps
        step = steps.get(device) if steps is not None else None
        return step.last if step is not None else None

    def figures(self, readings: Sequence[AllocatorReading], device: int | None = None) -> dict[str, float]:
        """A sample's allocated, reserved and window-peak bytes for `device` (default: the first
        reading), and the last optimizer step's peak as of now (its hook closed it), not as of
        the sample: what a framework's logger gets. {} without readings; a figure the allocator
        does not keep (cudaMallocAsync: no window peak) is left out."""
        if not readings:
            return {}
        r = next((x for x in readings if x.device == device), readings[0])
        out = {"allocated_bytes": float(r.allocated_bytes), "reserved_bytes": float(r.reserved_bytes)}
        if r.window_peak_bytes is not None:
            out["window_peak_bytes"] = float(r.window_peak_bytes)
        step = self.last_step_peak(r.device)
        if step is not None and step.allocated_bytes is not None:  # None: unknown (cudaMallocAsync)
            out["step_peak_bytes"] = float(step.allocated_bytes)
            out["step_peak_exact"] = 1.0 if step.allocated_exact else 0.0
        return out

    def reset_step_peaks(self) -> bool:
        """Reset the allocator's peak statistics of every device with a step peak, just after a
        boundary closed, so that the next step's peak is exact whatever its shape. Opt-in only
        (agent.step_peak_reset): it changes what the user's `max_memory_allocated()` reads.
        False where the backend cannot reset (a replay, another accelerator). Under
        cudaMallocAsync torch resets the driver pool's high-water marks to their current
        figures (CUDAMallocAsyncAllocator::resetPeakStats): its steps' peaks are then exact too."""
        steps = self._steps
        if steps is None:
            return False
        for device, step in list(steps.items()):
            if not self._api.reset_peak_memory_stats(device):
                return False
            counters = peak_counters(self._api.memory_stats(device))
            if counters is not None:  # the sampler's reads begun by now may predate the reset
                step.rebase(*counters, self._split_begun)
        return True

    def step_devices(self) -> tuple[int, ...]:
        """The devices with a step peak kept (read from any thread)."""
        steps = self._steps
        return tuple(steps.copy()) if steps is not None else ()  # copy: atomic under a concurrent insert

    def _configure(self) -> None:
        """Once, when CUDA is first readable: the configuration (the variable torch read at
        its start, and the backend torch reports, which wins). Never raises: a torch without
        get_allocator_backend, or a replay that lacks it, leaves the variable's word."""
        settings = alloc_conf.from_env(self._env)
        try:
            backend = self._api.allocator_backend()
        except Exception as exc:  # optional in torch; a failure here must not hide the allocator
            log.debug("allocator backend unreadable: %s", exc)
            backend = None
        if backend is not None:
            settings = settings._replace(backend=alloc_conf.backend_label(backend))
        self._settings = settings
        self._valid = settings.backend != "cudaMallocAsync"
        if not self._valid:
            log.warning(
                "PyTorch's allocator backend is cudaMallocAsync: its caching-allocator statistics "
                "are not kept (gpumemd_allocator_stats_valid 0). Exported: allocated/reserved/active "
                "from the driver's memory pool, gpumemd_allocator_device_used_bytes and NVML's view "
                "of this process, and each optimizer step's end (its peak where the pool's high-water "
                "mark gives it); not the counters that read zero"
            )

    def _read_device_used(self, count: int) -> dict[int, int]:
        out: dict[int, int] = {}
        for device in range(count):
            try:
                used = self._api.device_memory_used(device)
            except Exception as exc:  # torch reads it through pynvml, which may be absent
                log.debug("device_memory_used(%d) unreadable: %s", device, exc)
                return out
            if used is not None:
                out[device] = used
        return out

    def tick(self) -> None:
        """Between samples: the interval peak follows the counters (each tick splits the
        interval, tightening its bound), and so does each step's span; nothing else is read or
        kept. Nothing before the first sample found CUDA initialised (a tick must not create a
        context). The step hook's tick (`boundary` set by its thread) closes the steps and
        clears `boundary`. Under cudaMallocAsync (no cumulative counters: no interval peak,
        and a split span's peak is no tighter) only a boundary's tick reads."""
        boundary = self.boundary
        # only the thread that set it (the step hook's): the sampling thread's own ticks are no step's end
        if boundary is not None and boundary[0] == threading.get_ident():
            if self._close(boundary[1], self._peaks):
                self.boundary = None
            return
        peaks, api, steps = self._peaks, self._api, self._steps
        if peaks is None or steps is None or not self._count or not self._valid:
            return
        seq = self._split_begun = self._split_begun + 1
        now = self._mono()
        for device in range(self._count):
            counters = peak_counters(api.memory_stats(device))
            if counters is None:  # not a reading (an invalid one is counted when a sample reads it)
                continue
            peaks.observe(device, *counters[0], now, publish=False)
            step = steps.get(device)
            if step is None:
                step = steps.setdefault(device, StepPeak())
            step.split(seq, *counters)
        self._split_done = seq

    def close_steps(self, steps: int) -> bool:
        """A step boundary read on the caller's thread (the step hook's) without the sample
        lock, while the sampling thread samples: it closes each device's step of `steps`
        optimizer steps on the counters read now (one statistics read a device, the minimum
        that gives the step's end and bounds its peak; no interval peak: that is the sampler's).
        False only while another thread closes steps (never waited for)."""
        return self._close(steps, None)

    def _close(self, closes: int, peaks: IntervalPeak | None) -> bool:
        """Close each device's step (`close_steps`); with `peaks` (under the sample lock: the
        hook's tick) the read splits the interval too. True when done, or nothing to close."""
        steps, count = self._steps, self._count
        if steps is None or not count:
            return True
        if not self._closing.acquire(blocking=False):
            return False
        try:
            valid, api = self._valid, self._api
            done = self._split_done  # the sampler's reads complete before this one began
            now = self._mono() if peaks is not None else 0.0
            reads = [(device, peak_counters(api.memory_stats(device))) for device in range(count)]
            begun = self._split_begun  # ... and those begun before it ended
            for device, counters in reads:
                if counters is None:  # not a reading (an invalid one is counted when a sample reads it)
                    continue
                if peaks is not None and valid:
                    peaks.observe(device, *counters[0], now, publish=False)
                step = steps.get(device)
                if step is None:
                    step = steps.setdefault(device, StepPeak() if valid else DriverPoolStepPeak())
                step.close(*counters, closes, done, begun)
        finally:
            self._closing.release()
        return True

    def families(self, reading: tuple[AllocatorReading, ...]) -> Iterable[Metric]:
        return self._render(reading, self._specs)

    def families_named(self, reading: tuple[AllocatorReading, ...], names: frozenset[str]) -> list[Metric]:
        """Only the families in `names`: the alert engine wants a few of these every sample."""
        specs = self._subsets.get(names)
        if specs is None:
            if len(self._subsets) > 8:  # rules reloaded many times: keep a few selections only
                self._subsets.clear()
            specs = self._subsets[names] = tuple(s for s in self._specs if s[1].name in names)
        return self._render(reading, specs)

    def _render(self, reading: tuple[AllocatorReading, ...], specs: tuple[_Spec, ...]) -> list[Metric]:
        out = [family.new() for _, family in specs]
        info = next((m for m in out if m.name == _CONFIG_INFO.name), None)
        for r in reading:
            labels = {"gpu": str(r.device), "uuid": r.uuid, **self._labels}  # one dict, shared by the series
            valid = r.stats_valid
            for (value_of, family), metric in zip(specs, out, strict=True):
                if not valid and family.name not in _VALID_WITHOUT_STATS:
                    continue  # zeros that are not readings (cudaMallocAsync): left out
                value = value_of(r)
                if value is not None:
                    family.add(metric, labels, value)
            if info is not None and r.settings is not None:
                _CONFIG_INFO.add(info, {**labels, **r.settings._asdict()}, 1)
        return out


def _none(r: AllocatorReading) -> None:
    return None


def _valid(r: AllocatorReading) -> int:
    return 1 if r.stats_valid else 0


def _exact(r: AllocatorReading) -> int | None:
    return None if r.interval_peak_bytes is None else (1 if r.interval_peak_exact else 0)


def _step_field(name: str, flag_of: str | None = None) -> Callable[[AllocatorReading], Any]:
    """A step reading's field; with `flag_of`, the field is that figure's exactness flag (1, 0),
    absent where the figure is (None: unknown under cudaMallocAsync)."""

    def value(r: AllocatorReading) -> Any:
        step = r.step
        if step is None:
            return None
        if flag_of is not None:
            if getattr(step, flag_of) is None:  # getattr: the spec names a field of the reading
                return None
            return 1 if getattr(step, name) else 0
        return getattr(step, name)

    return value


_Spec = tuple[Callable[[AllocatorReading], Any], Family]


def _specs(*keys: str) -> list[_Spec]:
    return [(attrgetter(key), Family(f"gpumemd_allocator_{key}")) for key in keys]


# In exposition order: (the reading's value, or None for no sample; the family).
_FAMILIES: tuple[_Spec, ...] = (
    *_specs(
        "allocated_bytes", "reserved_bytes", "active_bytes", "inactive_split_bytes", "requested_bytes",
        "allocated_peak_bytes", "reserved_peak_bytes", "active_peak_bytes", "allocations", "segments",
        "inactive_splits", "alloc_retries", "ooms", "device_allocs", "device_frees",
    ),
    (attrgetter("limit_bytes"), Family("gpumemd_allocator_limit_bytes")),
    (attrgetter("allocated_total_bytes"), Family("gpumemd_allocator_bytes_allocated")),
    (attrgetter("freed_total_bytes"), Family("gpumemd_allocator_bytes_freed")),
)
_PEAK_FAMILIES: tuple[_Spec, ...] = (
    (attrgetter("interval_peak_bytes"), Family("gpumemd_allocator_interval_peak_bytes")),
    (_exact, Family("gpumemd_allocator_interval_peak_exact")),
    (attrgetter("window_peak_bytes"), Family("gpumemd_allocator_window_peak_bytes")),
    (_step_field("allocated_bytes"), Family("gpumemd_allocator_step_peak_bytes")),
    (_step_field("allocated_exact", "allocated_bytes"), Family("gpumemd_allocator_step_peak_exact")),
    (_step_field("reserved_bytes"), Family("gpumemd_allocator_step_reserved_peak_bytes")),
    (_step_field("reserved_exact", "reserved_bytes"), Family("gpumemd_allocator_step_reserved_peak_exact")),
    (_step_field("steps"), Family("gpumemd_allocator_step_peak_steps")),
)

_CONFIG_INFO = Family("gpumemd_allocator_config_info")
_CONFIG_FAMILIES: tuple[_Spec, ...] = (
    (_none, _CONFIG_INFO),  # rendered with its own labels in _render
    (_valid, Family("gpumemd_allocator_stats_valid")),
    (attrgetter("device_used_bytes"), Family("gpumemd_allocator_device_used_bytes")),
)
_FAMILIES = _FAMILIES + _CONFIG_FAMILIES
# Under cudaMallocAsync torch fills these from the driver's memory pool (used, reserved, their
# high-water marks); every other allocator counter reads zero there and is left out. The step
# series come from those figures (DriverPoolStepPeak: a peak it cannot give is left out).
_VALID_WITHOUT_STATS = frozenset(
    {
        "gpumemd_allocator_allocated_bytes",
        "gpumemd_allocator_reserved_bytes",
        "gpumemd_allocator_active_bytes",
        "gpumemd_allocator_allocated_peak_bytes",
        "gpumemd_allocator_reserved_peak_bytes",
        "gpumemd_allocator_active_peak_bytes",
        "gpumemd_allocator_limit_bytes",
        "gpumemd_allocator_step_peak_bytes",
        "gpumemd_allocator_step_peak_exact",
        "gpumemd_allocator_step_reserved_peak_bytes",
        "gpumemd_allocator_step_reserved_peak_exact",
        "gpumemd_allocator_step_peak_steps",
        *(family.name for _, family in _CONFIG_FAMILIES),
    }
)

