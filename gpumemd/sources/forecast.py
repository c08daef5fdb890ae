"""The `forecast` collector: each rank's headroom and its OOM forecast (docs/forecast.md).

Runs in the agent after `allocator` and `process`, whose readings it joins, every
evaluation_interval. The training thread feeds it, each one store or one append: the batch's
tokens (`set_tokens`, from `gpumemd.set_step(step, tokens=...)` or a framework callback); at
each step boundary the agent's optimizer hook closes, the step peak paired with the largest
tokens given since the previous boundary, and the step-end allocated bytes (`on_boundary`);
and the shape probe's peaks (`add_probe`, agent/shapeprobe.py). Only exact step peaks enter
the shape fit: the allocator's counters give a step's peak exactly when the step raised the
lifetime peak (or the user reset it); any other step reads that lifetime peak as an upper
bound, which says nothing of its own shape (gpumemd/sources/allocator.py, Step peak). The
probe measures, once each, the shapes those steps leave out. The leak verdict
(diagnosis/leakverdict.py, the packaged PytorchMemoryLeak rule alerts on its growth) reads the
step-end bytes, exact at every boundary and independent of the batch's shape. The fits are
gpumemd/diagnosis/forecast.py's pure functions. Under cudaMallocAsync the same boundaries come
with exact ends and a peak that is exact or unknown (sources/allocator.py,
DriverPoolStepPeak): an unknown peak enters no fit, leaves the headroom and the step's rise
above its end unknown (their series absent), and the leak verdict reads the ends as anywhere.

    gpumemd_headroom_limit_bytes{gpu="0",rank="0",uuid="GPU-…"} 8.0e+10
    gpumemd_headroom_bytes{gpu="0",rank="0",uuid="GPU-…"} 1.2e+10
    gpumemd_forecast_tokens{gpu="0",rank="0",uuid="GPU-…"} 8192
    gpumemd_forecast_peak_bytes{gpu="0",rank="0",uuid="GPU-…"} 7.1e+10
    gpumemd_forecast_peak_error_bytes{gpu="0",rank="0",uuid="GPU-…"} 3.0e+08
    gpumemd_forecast_headroom_bytes{gpu="0",rank="0",uuid="GPU-…"} 8.9e+09
    gpumemd_forecast_steps_to_oom{gpu="0",rank="0",uuid="GPU-…"} 1200   (only while leaking)
    gpumemd_forecast_leak_bytes_per_step{gpu="0",rank="0",uuid="GPU-…"} 4194304   (only while leaking)
    gpumemd_forecast_leak_since_step{gpu="0",rank="0",uuid="GPU-…"} 1810   (only while leaking)

A series is absent while it is undefined (no limit, too few shapes, no upward trend): never
a zero that is not a reading.
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.diagnosis.forecast import ShapeForecast, Trend, headroom, leak_trend, rank_limit, shape_fit
from gpumemd.known_metrics import collected_by

from .base import Family, Source

__all__ = ["ForecastReading", "ForecastSource", "HISTORY", "MAX_TOKENS", "token_count"]

HISTORY = 256  # exact step peaks (and step ends) kept per device; the fits read bounded windows of these
WARMUP = 2  # first boundaries left out: optimizer state is created in the first step, after its forward
MAX_TOKENS = 1 << 40  # a batch's tokens, at most (agent.max_tokens' bound too)


def token_count(value: Any) -> int | None:
    """A batch's tokens from outside (user code, a callback): an integer (a Python int, a numpy
    or 0-d integer tensor: anything with `__index__`, not a bool) in [1, MAX_TOKENS]; None
    for anything else: a float, a negative, a string, a tensor of many elements."""
    if type(value) is bool or not hasattr(value, "__index__"):
        return None
    try:
        count = int(value.__index__())
    except Exception:  # noqa: BLE001 - a tensor of several elements, an object that lies
        return None
    return count if 0 < count <= MAX_TOKENS else None


class _Point(NamedTuple):
    tokens: int | None  # the largest tokens given since the previous boundary (a probe's: its step's)
    peak: int  # the step peak's allocated bytes
    probe: bool = False  # measured by the shape probe (a lower bound within the allocator's rounding)


class _End(NamedTuple):
    steps: int  # optimizer steps the hook had counted at this boundary
    end: int  # allocated bytes at the boundary (the step's end)
    rise: int | None  # the step peak above its end (an upper bound where the peak is); None: unknown
    time: float  # monotonic


class ForecastReading(NamedTuple):
    """One GPU's reading of the forecast collector: its headroom now, the step peak predicted for a
    batch of `tokens` (with its error), and the steps and seconds left while a leak is sure."""

    device: int
    uuid: str
    limit: int | None
    headroom: int | None
    tokens: int | None  # the shape predicted at
    peak: float | None  # predicted step peak there
    error: float | None
    forecast_headroom: float | None  # limit − (predicted peak + its error) − unreusable cache
    steps_to_oom: float | None
    seconds_to_oom: float | None
    leak_bytes_per_step: float | None = None  # the leak verdict's, only while leaking
    leak_since_step: int | None = None


_SPECS: tuple[tuple[str, Family], ...] = tuple((key, Family(name)) for key, name in (
    ("limit", "gpumemd_headroom_limit_bytes"),
    ("headroom", "gpumemd_headroom_bytes"),
    ("tokens", "gpumemd_forecast_tokens"),
    ("peak", "gpumemd_forecast_peak_bytes"),
    ("error", "gpumemd_forecast_peak_error_bytes"),
    ("forecast_headroom", "gpumemd_forecast_headroom_bytes"),
    ("steps_to_oom", "gpumemd_forecast_steps_to_oom"),
    ("seconds_to_oom", "gpumemd_forecast_seconds_to_oom"),
    ("leak_bytes_per_step", "gpumemd_forecast_leak_bytes_per_step"),
    ("leak_since_step", "gpumemd_forecast_leak_since_step"),
))
_PROBES = Family("gpumemd_forecast_probes")
_TOKENS = Family("gpumemd_training_tokens")


class ForecastSource(Source[tuple[ForecastReading, ...]]):
    """Collector `forecast`: headroom, the shape-aware peak forecast and the leak's time to OOM."""

    name = "forecast"
    names = collected_by("forecast")  # the families declared with its name (known_metrics)

    def __init__(self, *, labels: Mapping[str, str], step_peak: Callable[[int], Any],
                 devices: Callable[[], Iterable[int]], total_memory: Callable[[int], int] | None,
                 max_tokens: int | None = None, monotonic: Callable[[], float] = time.monotonic) -> None:
        """`step_peak(device)`: the last closed step's StepPeakReading (AllocatorSource's);
        `devices()`: the devices it keeps step peaks for; `total_memory(device)`: the GPU's bytes."""
        self._labels = dict(labels)
        self._step_peak, self._devices, self._total = step_peak, devices, total_memory
        self.max_tokens = max_tokens
        self._mono = monotonic
        self._lock = threading.Lock()  # the training thread appends, the sampling thread copies
        self._history: dict[int, collections.deque[_Point]] = {}
        self._ends: dict[int, collections.deque[_End]] = {}
        self._shapes: collections.Counter[int] = collections.Counter()  # exact points by tokens, all devices
        self._probes: collections.Counter[str] = collections.Counter()  # probe outcomes
        self._totals: dict[int, int | None] = {}
        self._cache: dict[int, tuple[Any, ShapeForecast | None, Trend | None]] = {}  # the sampling thread's
        self._trend_cache: dict[int, tuple[Any, Trend | None]] = {}
        self._pending: int | None = None  # the largest tokens since the last boundary
        self._boundaries = 0
        self.tokens: int | None = None  # the latest tokens, exported

    # --- the training thread ---

    def set_tokens(self, tokens: int) -> None:
        """The tokens of the batch about to run (validated by the caller)."""
        self.tokens = tokens
        pending = self._pending
        self._pending = tokens if pending is None or tokens > pending else pending

    def on_boundary(self, steps: int | None) -> None:
        """A step boundary closed (the hook's tick): pair each device's step peak with the
        tokens since the previous boundary; keep its end. Cheap: reads and appends per device."""
        tokens, self._pending = self._pending, None
        self._boundaries += 1
        if self._boundaries <= WARMUP:
            return
        now = self._mono()
        with self._lock:
            for device in self._devices():
                reading = self._step_peak(device)
                if reading is None:
                    continue
                ends = self._ends.get(device)
                if ends is None:
                    ends = self._ends[device] = collections.deque(maxlen=HISTORY)
                end = int(reading.allocated_end_bytes)
                peak = reading.allocated_bytes  # None: unknown (cudaMallocAsync)
                ends.append(_End(steps or 0, end, None if peak is None else max(0, int(peak) - end), now))
                # only exact peaks: a step that did not raise the allocator's lifetime peak reads
                # that peak as its bound (gpumemd never resets it), which says nothing of its shape
                if peak is not None and reading.allocated_exact:
                    history = self._points(device)
                    if history and history[-1].probe and history[-1].tokens == tokens:
                        self._drop_last(history)  # the probed step set a new high: the exact figure wins
                    self._append(history, _Point(tokens, int(peak)))

    def probe_wanted(self, tokens: int) -> bool:
        """The shape probe's question (agent/shapeprobe.py): past the warm-up, and no exact
        step peak at `tokens` yet on any device."""
        return self._boundaries >= WARMUP and self._shapes[tokens] == 0  # the next boundary is kept

    def add_probe(self, device: int, tokens: int, peak: int) -> None:
        """A probed step's peak at `tokens` (agent/shapeprobe.py)."""
        with self._lock:
            self._append(self._points(device), _Point(tokens, peak, probe=True))

    def note_probe(self, outcome: str) -> None:
        self._probes[outcome] += 1

    def _points(self, device: int) -> collections.deque[_Point]:
        history = self._history.get(device)
        if history is None:
            history = self._history[device] = collections.deque(maxlen=HISTORY)
        return history

    def _append(self, history: collections.deque[_Point], point: _Point) -> None:
        if len(history) == history.maxlen:
            self._forget(history[0])
        history.append(point)
        if point.tokens is not None:
            self._shapes[point.tokens] += 1

    def _drop_last(self, history: collections.deque[_Point]) -> None:
        self._forget(history.pop())

    def _forget(self, point: _Point) -> None:
        if point.tokens is not None:
            self._shapes[point.tokens] -= 1
            if self._shapes[point.tokens] <= 0:
                del self._shapes[point.tokens]

    # --- the sampling thread ---

    def read(self, cycle: Mapping[str, Any]) -> tuple[ForecastReading, ...]:
        allocator = cycle.get("allocator") or ()
        process = cycle.get("process")
        # getattr: the process source may have failed (no reading)
        views = {v.device: v for v in getattr(process, "devices", ()) or ()}
        out = []
        for r in allocator:
            with self._lock:
                points = list(self._history.get(r.device, ()))
                ends = list(self._ends.get(r.device, ()))
            limit = rank_limit(self._total_of(r.device), fraction_limit=r.limit_bytes,
                               **_outside(views.get(r.device), r.reserved_bytes))
            # before the first closed step, allocated now; a step whose peak is unknown: no headroom
            peak_now = r.step.allocated_bytes if r.step is not None else r.allocated_bytes
            room = None if limit is None or peak_now is None else headroom(
                limit, max(peak_now, r.allocated_bytes), r.inactive_split_bytes)
            fit, trend = self._fits(r.device, points, ends)
            if trend is not None and ends:  # OOM: when the step's rise above its end no longer fits
                rise = ends[-1].rise  # None (an unknown peak): no steps to OOM, the growth still said
                trend = trend.until(None if limit is None or rise is None
                                    else limit - r.inactive_split_bytes - rise)
            out.append(ForecastReading(
                r.device, r.uuid, limit, room,
                None if fit is None else fit.tokens, None if fit is None else fit.peak,
                None if fit is None else fit.error,
                # the top of the interval: a batch that may not fit is warned of (docs/forecast.md)
                None if fit is None or limit is None
                else limit - fit.peak - fit.error - r.inactive_split_bytes,
                None if trend is None else trend.steps_to_oom,
                None if trend is None else trend.seconds_to_oom,
                trend.slope if trend is not None and trend.leaking else None,
                trend.since_step if trend is not None and trend.leaking else None))
        return tuple(out)

    def _fits(self, device: int, points: list[_Point],
              ends: list[_End]) -> tuple[ShapeForecast | None, Trend | None]:
        """The shape fit and the trend, each computed again only when its input changed (a
        new exact peak is rare once a run's shapes are known; a step end comes each boundary)."""
        key = (len(points), points[-1] if points else None, self.max_tokens)
        cached = self._cache.get(device)
        if cached is not None and cached[0] == key:
            fit = cached[1]
        else:
            shaped = [(p.tokens, p.peak) for p in points if p.tokens is not None]
            fit = shape_fit(shaped, max_tokens=self.max_tokens)
            self._cache[device] = (key, fit, None)
        end_key = (len(ends), ends[-1] if ends else None)
        cached_trend = self._trend_cache.get(device)
        if cached_trend is not None and cached_trend[0] == end_key:
            return fit, cached_trend[1]
        trend = leak_trend([e.steps for e in ends], [e.end for e in ends], None, times=[e.time for e in ends])
        self._trend_cache[device] = (end_key, trend)
        return fit, trend

    def _total_of(self, device: int) -> int | None:
        if device not in self._totals:
            try:
                self._totals[device] = int(self._total(device)) if self._total is not None else None
            except Exception:  # noqa: BLE001 - a replay without it: no limit but the fraction's
                self._totals[device] = None
        return self._totals[device]

    def families(self, reading: tuple[ForecastReading, ...]) -> Iterable[Metric]:
        out = [family.new() for _, family in _SPECS]
        for r in reading:
            labels = {"gpu": str(r.device), "uuid": r.uuid, **self._labels}
            for (field, family), metric in zip(_SPECS, out, strict=True):
                value = getattr(r, field)  # getattr: the spec names a field of the reading
                if value is not None:
                    family.add(metric, labels, value)
        tokens = _TOKENS.new()
        if self.tokens is not None and reading:
            _TOKENS.add(tokens, dict(self._labels), self.tokens)
        probes = _PROBES.new()
        for outcome, count in sorted(dict(self._probes).items()):  # one copy: the training thread adds
            _PROBES.add(probes, {"outcome": outcome, **self._labels}, count)
        return (*out, tokens, probes)


def _outside(view: Any, reserved: int) -> dict[str, int | None]:
    """What holds the device beside PyTorch's reserved bytes, from the process source's view:
    NVML's other processes and this process's non-PyTorch bytes; where NVML cannot see this
    process, the device's used bytes (mem_get_info) less reserved, all of it as `others`."""
    if view is None:
        return {"others": None, "non_pytorch": None}
    if view.nvml_visible:
        return {"others": view.others_bytes, "non_pytorch": view.non_pytorch_bytes}
    if view.device_used_bytes is not None:
        return {"others": max(0, view.device_used_bytes - reserved), "non_pytorch": None}
    return {"others": None, "non_pytorch": None}
