"""Collector `calibration`: what `gpumemd preflight` calibrates its overheads by, measured in this
process and keyed by the watched model (docs/preflight.md, "Where the overheads come from").

Per GPU, under `model` (the fingerprint `gpumemd.watch` computed of the watched parameters'
shapes and dtypes, `diagnosis.calibration.fingerprint`, the function preflight runs on its fake
model): the step peak (allocated, the shape's proxy), reserved less allocated at the step's peaks
(the allocator's overhead there) and the bytes outside PyTorch. Each is the median of the last
`KEEP` figures: the exact step peaks the allocator closed at the step boundaries it already sees
(a bound is not a measurement), and the process collector's NVML readings. Nothing is read here
that the other sources have not read: no user object, no torch call. No model watched, no series.
The cuBLAS/cuDNN workspaces are not published: the allocator's counters do not tell them apart
from tensors (preflight keeps its documented figure for them).
"""

from __future__ import annotations

import statistics
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.diagnosis.calibration import NON_PYTORCH, OVERHEAD, STEP_PEAK
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
    """Reads the allocator's and the process collector's readings of the same cycle (it runs
    after both) and the watched model's fingerprint (`model()`); keeps the last KEEP figures
    per GPU, forgotten when the model changes."""

    name = "calibration"
    names = collected_by("calibration")  # the families declared with its name (known_metrics)
    _PEAK, _OVERHEAD, _NON_PYTORCH = Family(STEP_PEAK), Family(OVERHEAD), Family(NON_PYTORCH)

    def __init__(self, labels: Mapping[str, str], model: Callable[[], str | None]) -> None:
        self._labels = dict(labels)
        self._model = model
        self._for: str | None = None  # the model the kept figures are of
        self._kept: dict[int, _Kept] = {}
        # per GPU, the StepPeakReading seen last: a step is taken once, and a step closed under
        # the model watched before is not the new one's
        self._last_step: dict[int, Any] = {}

    def read(self, cycle: Mapping[str, Any]) -> tuple[CalibrationReading, ...]:
        model = self._model()
        if model != self._for:
            self._for, self._kept = model, {}
        if model is None:
            self._last_step = {r.device: r.step for r in cycle.get("allocator") or ()}
            return ()
        process = cycle.get("process")
        views = {v.device: v for v in (process.devices if process is not None else ())}
        out = []
        for r in cycle.get("allocator") or ():
            kept = self._kept.get(r.device)
            if kept is None:
                kept = self._kept[r.device] = _Kept()
            step, last = r.step, self._last_step.get(r.device)
            self._last_step[r.device] = step
            if (step is not None and step is not last and step.allocated_exact
                    and step.reserved_exact and step.allocated_bytes and step.reserved_bytes is not None):
                kept.peak.append(step.allocated_bytes)
                kept.overhead.append(max(0, step.reserved_bytes - step.allocated_bytes))
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
