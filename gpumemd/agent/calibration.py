"""Collector `calibration`: what `gpumemd preflight` calibrates its overheads by, measured in this
process and keyed by the watched model (docs/preflight.md, "Where the overheads come from").

Per GPU, under `model` (the fingerprint `gpumemd.watch` computed of the watched parameters'
shapes and dtypes, `diagnosis.calibration.fingerprint`, the function preflight runs on its fake
model; without `watch()`, that of the parameters of the optimizers the step hook saw stepping,
agent/stepmodel.py) and `world_size` (the launcher's, where it said: the NCCL buffers of a rank
of that many are in its non-PyTorch bytes): the step peak (allocated, the shape's proxy),
reserved less allocated at the step's peaks (the allocator's overhead there) and the bytes
outside PyTorch. Each is the median of the last `KEEP` figures: the exact step peaks the
allocator closed, taken at the step boundaries the agent's hook already marks (a bound is not a
measurement: a steady step that does not raise the allocator's lifetime peak has none, so these
are mostly the first steps', and a new shape's), and the process collector's NVML readings.
Nothing is read here that the other sources have not read: no user object, no torch call. No
model, no series.
The cuBLAS/cuDNN workspaces are not published: the allocator's counters do not tell them apart
from tensors (preflight keeps its documented figure for them).
"""

from __future__ import annotations

import statistics
import threading
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.diagnosis.calibration import NON_PYTORCH, OVERHEAD, STEP_PEAK, WORLD_LABEL
from gpumemd.known_metrics import collected_by
from gpumemd.sources.base import Family, Source

__all__ = ["KEEP", "CalibrationReading", "CalibrationSource"]

_STEP_PEAK, _OVERHEAD = attrgetter("step_peak"), attrgetter("overhead")
_NON_PYTORCH = attrgetter("non_pytorch")
KEEP = 9  # figures each median reads: the newest (an odd step, an evaluation's, moves none)


class CalibrationReading(NamedTuple):
    """One GPU's calibration: medians, None where not measured yet."""

    device: int
    uuid: str
    model: str
    step_peak: int | None
    overhead: int | None
    non_pytorch: int | None


class _Kept:
    __slots__ = ("non_pytorch", "overhead", "peak")

    def __init__(self) -> None:
        self.peak: deque[int] = deque(maxlen=KEEP)
        self.overhead: deque[int] = deque(maxlen=KEEP)
        self.non_pytorch: deque[int] = deque(maxlen=KEEP)


def _median(values: deque[int]) -> int | None:
    return int(statistics.median(values)) if values else None


class CalibrationSource(Source["tuple[CalibrationReading, ...]"]):
    """Takes each exact step peak at the step boundary that closed it (`on_boundary`, a step-hook
    boundary listener, after `follow`), and the non-PyTorch bytes of the process collector's
    reading of the same cycle (it runs after it); keeps the last KEEP figures per GPU under the
    watched model's fingerprint (`model()`), forgotten when the model changes. `world`: the
    job's ranks (the `world_size` label), None where the launcher did not say."""

    name = "calibration"
    names = collected_by("calibration")  # the families declared with its name (known_metrics)
    _PEAK, _OVERHEAD, _NON_PYTORCH = Family(STEP_PEAK), Family(OVERHEAD), Family(NON_PYTORCH)

    def __init__(self, labels: Mapping[str, str], model: Callable[[], str | None],
                 world: int | None = None) -> None:
        self._labels = dict(labels)
        if world is not None and world > 0:
            self._labels[WORLD_LABEL] = str(world)
        self._model = model
        self._lock = threading.Lock()  # the training thread's boundaries against the sampling thread
        self._for: str | None = None  # the model the kept figures are of
        self._kept: dict[int, _Kept] = {}
        # per GPU, the StepPeakReading seen last: a step is taken once, and a step closed under
        # the model watched before is not the new one's
        self._last_step: dict[int, Any] = {}
        self._step_peak: Callable[[int], Any] | None = None
        self._devices: Callable[[], Iterable[int]] = tuple

    def follow(self, step_peak: Callable[[int], Any], devices: Callable[[], Iterable[int]]) -> None:
        """The allocator's last closed step per device and the devices that have one
        (`AllocatorSource.last_step_peak`, `step_devices`): what a boundary takes."""
        self._step_peak, self._devices = step_peak, devices

    def on_boundary(self, steps: int | None) -> None:
        """A step boundary closed (the training thread): take each device's step peak if exact.
        Cheap: a reference read and two appends per device."""
        step_peak = self._step_peak
        if step_peak is None:
            return
        with self._lock:
            model = self._current()
            for device in self._devices():
                self._take(model, device, step_peak(device))

    def _current(self) -> str | None:
        model = self._model()
        if model != self._for:
            self._for, self._kept = model, {}
        return model

    def _kept_for(self, device: int) -> _Kept:
        kept = self._kept.get(device)
        if kept is None:
            kept = self._kept[device] = _Kept()
        return kept

    def _take(self, model: str | None, device: int, step: Any) -> None:
        last, self._last_step[device] = self._last_step.get(device), step
        if (model is None or step is None or step is last or not step.allocated_exact
                or not step.reserved_exact or not step.allocated_bytes or step.reserved_bytes is None):
            return
        kept = self._kept_for(device)
        kept.peak.append(step.allocated_bytes)
        kept.overhead.append(max(0, step.reserved_bytes - step.allocated_bytes))

    def read(self, cycle: Mapping[str, Any]) -> tuple[CalibrationReading, ...]:
        process = cycle.get("process")
        views = {v.device: v for v in (process.devices if process is not None else ())}
        out = []
        with self._lock:
            model = self._current()
            for r in cycle.get("allocator") or ():
                self._take(model, r.device, r.step)  # a step no boundary listener took (tick: thread)
                if model is None:
                    continue
                kept = self._kept_for(r.device)
                view = views.get(r.device)
                n = view.non_pytorch_bytes if view is not None else None
                if type(n) is int and n >= 0:
                    kept.non_pytorch.append(n)
                if kept.peak or kept.non_pytorch:
                    out.append(CalibrationReading(r.device, r.uuid, model, _median(kept.peak),
                                                  _median(kept.overhead), _median(kept.non_pytorch)))
        return tuple(out)

    def families(self, reading: tuple[CalibrationReading, ...]) -> Iterable[Metric]:
        if not reading:
            return ()
        out = []
        for family, field in ((self._PEAK, _STEP_PEAK), (self._OVERHEAD, _OVERHEAD),
                              (self._NON_PYTORCH, _NON_PYTORCH)):
            metric = family.new()
            for r in reading:
                value = field(r)
                if value is not None:
                    labels = {"gpu": str(r.device), "uuid": r.uuid, **self._labels, "model": r.model}
                    family.add(metric, labels, value)
            out.append(metric)
        return out
