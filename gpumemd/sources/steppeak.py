"""The peak between two optimizer-step boundaries, from successive allocator readings (the
allocator source reads the counters; this keeps each device's span).

The same rules as the interval peak (gpumemd/sources/allocator.py; `span_peak` in
backends/torch_cuda.py) between two optimizer-step boundaries (`StepPeak`), for allocated
and for reserved (the allocator keeps the same current/peak/allocated/freed counters for
reserved bytes: segments mapped and released). The agent marks a boundary from its optimizer
step hook (`boundary`, then a tick); reads between boundaries (samples, the thread's ticks)
split the span as ticks split an interval. A boundary covers the optimizer steps since the
previous one (`step_peak_steps`): one, unless the agent spaced boundaries out for its budget.

Under cudaMallocAsync torch fills allocated and reserved (current and lifetime peak) from the
driver's memory pool (its used and reserved bytes and their high-water marks) and keeps no
cumulative counters (they read zero). So a step's END is exact there as on the native
allocator: allocated at the boundary. Its PEAK is exact where the pool's high-water mark rose
within the step (`span_peak`'s first rule: a lifetime peak that rose is the span's, exactly);
otherwise only the lifetime mark bounds it, which is no step's figure: that peak is unknown
(None), never the lifetime mark, a zero or the last known step's (`DriverPoolStepPeak`). The
same readings reach the same boundary listeners.
"""

from __future__ import annotations

from typing import NamedTuple

from gpumemd.backends.torch_cuda import Counters, span_peak

__all__ = ["DriverPoolStepPeak", "StepPeak", "StepPeakReading"]


def _combine(best: tuple[int, int], peak: int, exact: bool) -> tuple[int, int]:
    """(highest exact, highest bound) of a span's parts, with one more part."""
    return (max(best[0], peak), best[1]) if exact else (best[0], max(best[1], peak))


def _settle(best: tuple[int, int]) -> tuple[int, bool]:
    """A span's peak from its parts: every exact peak was reached; a bound may not have been."""
    return (best[0], True) if best[0] >= best[1] else (best[1], False)


class StepPeakReading(NamedTuple):
    """The peak of allocated and reserved bytes over the last `steps` optimizer steps, and
    allocated at its end. A peak is None where the backend gives no figure for it
    (cudaMallocAsync, a step that did not raise the pool's high-water mark): unknown, which a
    reader says as such (no series, no `at="peak"` category), never as 0 or an older figure."""

    allocated_bytes: int | None
    allocated_exact: bool
    reserved_bytes: int | None
    reserved_exact: bool
    steps: int
    allocated_end_bytes: int = 0  # allocated at the boundary that closed it (the step's end)


class StepPeak:
    """One device's peak between optimizer-step boundaries (see the module docstring).
    Nothing is published until a span has a boundary at both ends."""

    __slots__ = ("_prev", "_parts", "_open", "last")

    def __init__(self) -> None:
        self._prev: tuple[Counters, Counters] | None = None
        self._parts = ((-1, -1), (-1, -1))  # allocated's and reserved's (highest exact, highest bound)
        self._open = False  # a boundary was seen: the span since it is being measured
        self.last: StepPeakReading | None = None

    def observe(
        self, allocated: Counters, reserved: Counters, boundary: int = 0
    ) -> StepPeakReading | None:
        """One read of the counters; `boundary` > 0 closes the span, which covered that many
        optimizer steps. The last published step peak."""
        prev, self._prev = self._prev, (allocated, reserved)
        if not self._open or prev is None:
            self._open = bool(boundary)
            return self.last
        _, a_peak, a_exact = span_peak(prev[0], allocated)  # the upper bound: exact or a bound
        _, r_peak, r_exact = span_peak(prev[1], reserved)
        parts = (_combine(self._parts[0], a_peak, a_exact), _combine(self._parts[1], r_peak, r_exact))
        if not boundary:
            self._parts = parts
            return self.last
        self._parts = ((-1, -1), (-1, -1))
        self.last = StepPeakReading(*_settle(parts[0]), *_settle(parts[1]), boundary, allocated[0])
        return self.last

    def rebase(self, allocated: Counters, reserved: Counters) -> None:
        """The counters just after the agent reset the peaks (agent.step_peak_reset): the next
        span's lifetime peak starts from them, so the step that raises it reads exactly."""
        if self._prev is not None:
            self._prev = (allocated, reserved)


class DriverPoolStepPeak(StepPeak):
    """A StepPeak under cudaMallocAsync (the module docstring): the cumulative counters, which
    read zero there, are left out, so a span's peak is exact only where the pool's high-water
    mark rose in it (or the level sat at it); any other peak is published as None (unknown).
    The step's end is exact as on the native allocator. Its own class: the native backend's
    reads pay nothing for it."""

    __slots__ = ()

    def observe(
        self, allocated: Counters, reserved: Counters, boundary: int = 0
    ) -> StepPeakReading | None:
        last = self.last
        out = super().observe(
            (allocated[0], allocated[1], None, None), (reserved[0], reserved[1], None, None), boundary
        )
        if out is None or out is last or (out.allocated_exact and out.reserved_exact):
            return out
        self.last = out = out._replace(
            allocated_bytes=out.allocated_bytes if out.allocated_exact else None,
            reserved_bytes=out.reserved_bytes if out.reserved_exact else None,
        )
        return out

    def rebase(self, allocated: Counters, reserved: Counters) -> None:
        super().rebase((allocated[0], allocated[1], None, None), (reserved[0], reserved[1], None, None))
