"""The peak between two optimizer-step boundaries, from successive allocator readings (the
allocator source reads the counters; this keeps each device's span).

The same rules as the interval peak (gpumemd/sources/allocator.py; `span_peak` in
backends/torch_cuda.py) between two optimizer-step boundaries (`StepPeak`), for allocated
and for reserved (the allocator keeps the same current/peak/allocated/freed counters for
reserved bytes: segments mapped and released). The agent's optimizer-step hook reads each
boundary on the training thread and never waits for the sampler; reads between boundaries
(samples, the thread's ticks) split the span as ticks split an interval, handed over to the
boundary's thread (`StepPeak`). A boundary covers the optimizer steps since the
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

import collections
from typing import NamedTuple

from gpumemd.backends.torch_cuda import Counters, span_peak

__all__ = ["MAX_SPLITS", "DriverPoolStepPeak", "StepPeak", "StepPeakReading"]


MAX_SPLITS = 256  # the sampler's reads kept for one span: its ticks through a long step

_Parts = tuple[tuple[int, int], tuple[int, int]]  # allocated's and reserved's (highest exact, highest bound)
_EMPTY: _Parts = ((-1, -1), (-1, -1))


def _combine(best: tuple[int, int], peak: int, exact: bool) -> tuple[int, int]:
    """(highest exact, highest bound) of a span's parts, with one more part."""
    return (max(best[0], peak), best[1]) if exact else (best[0], max(best[1], peak))


def _part(parts: _Parts, before: tuple[Counters, Counters], after: tuple[Counters, Counters]) -> _Parts:
    """A span's parts with the part between two of its reads (allocated, reserved) added."""
    _, a_peak, a_exact = span_peak(before[0], after[0])  # the upper bound: exact or a bound
    _, r_peak, r_exact = span_peak(before[1], after[1])
    return _combine(parts[0], a_peak, a_exact), _combine(parts[1], r_peak, r_exact)


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
    Nothing is published until a span has a boundary at both ends.

    Two threads read the counters: the boundary's (the step hook's, the training thread) and
    the sampler's (its samples and ticks, between boundaries). Only the boundary's thread
    changes the span (`close`, `rebase`): it never waits for the sampler, so the sampler's
    reads are handed over (`split`, any thread) and applied at the next close in the order
    they were read. A read's order against a boundary's is known from the source's sequence
    numbers (`close`): one that ran while the boundary read is dropped, which only loosens a
    bound, so a boundary always closes exactly its own step."""

    __slots__ = ("_prev", "_splits", "_fence", "_open", "_seq", "last")

    def __init__(self) -> None:
        self._prev: tuple[Counters, Counters] | None = None  # the span's last applied read
        # the sampler's reads since, not yet applied: (sequence number, allocated, reserved)
        self._splits: collections.deque[tuple[int, Counters, Counters]] = collections.deque()
        self._fence = 0  # reads numbered up to this one ran before or during the last boundary's
        self._open = False  # a boundary was seen: the span since it is being measured
        self._seq = 0  # `observe`'s own numbering
        self.last: StepPeakReading | None = None

    def split(self, seq: int, allocated: Counters, reserved: Counters) -> None:
        """A read between boundaries, numbered `seq` (increasing) by its source, handed to
        the next `close`. Any thread, lock-free (a deque append); bounded: past MAX_SPLITS
        reads a span's later ones are dropped (only its bound loosens)."""
        if self._open and len(self._splits) < MAX_SPLITS:
            self._splits.append((seq, allocated, reserved))

    def close(self, allocated: Counters, reserved: Counters, steps: int, done: int,
              begun: int) -> StepPeakReading | None:
        """A boundary's read closes the span of `steps` optimizer steps (the boundary's thread
        only). The reads handed over are applied first, those that ran between the previous
        boundary's read and this one's: numbered past the last fence and up to `done` (the
        source's reads complete before this read began). Those up to `begun` (begun before it
        ended) that were not done may have run on either side of it: dropped, now or at the
        next close. The last published step peak."""
        fence, self._fence = self._fence, max(self._fence, begun)
        prev, splits = self._prev, self._splits
        parts = _EMPTY
        while splits and splits[0][0] <= begun:
            seq, a, r = splits.popleft()
            if fence < seq <= done and prev is not None:
                parts = _part(parts, prev, (a, r))
                prev = (a, r)
        self._prev = (allocated, reserved)
        if not self._open or prev is None:
            self._open = True
            return self.last
        parts = _part(parts, prev, (allocated, reserved))
        self.last = self._published(
            StepPeakReading(*_settle(parts[0]), *_settle(parts[1]), steps, allocated[0]))
        return self.last

    def observe(
        self, allocated: Counters, reserved: Counters, boundary: int = 0
    ) -> StepPeakReading | None:
        """One read where every read is on one thread (a replay, tests): a split, or with
        `boundary` > 0 the close of a span of that many optimizer steps."""
        self._seq = seq = max(self._seq, self._fence) + 1
        if not boundary:
            self.split(seq, allocated, reserved)
            return self.last
        return self.close(allocated, reserved, boundary, seq, seq)

    def rebase(self, allocated: Counters, reserved: Counters, begun: int = 0) -> None:
        """The counters just after the agent reset the peaks (agent.step_peak_reset): the next
        span's lifetime peak starts from them, so the step that raises it reads exactly; the
        reads numbered up to `begun` (the source's, after this read) may have seen the peak
        before the reset: dropped."""
        if self._prev is not None:
            self._prev = (allocated, reserved)
        self._fence = max(self._fence, begun, self._seq)

    def _published(self, reading: StepPeakReading) -> StepPeakReading:
        return reading


class DriverPoolStepPeak(StepPeak):
    """A StepPeak under cudaMallocAsync (the module docstring): the cumulative counters, which
    read zero there, are left out, so a span's peak is exact only where the pool's high-water
    mark rose in it (or the level sat at it); any other peak is published as None (unknown).
    The step's end is exact as on the native allocator. Its own class: the native backend's
    reads pay nothing for it."""

    __slots__ = ()

    def split(self, seq: int, allocated: Counters, reserved: Counters) -> None:
        super().split(seq, _pool(allocated), _pool(reserved))

    def close(self, allocated: Counters, reserved: Counters, steps: int, done: int,
              begun: int) -> StepPeakReading | None:
        return super().close(_pool(allocated), _pool(reserved), steps, done, begun)

    def rebase(self, allocated: Counters, reserved: Counters, begun: int = 0) -> None:
        super().rebase(_pool(allocated), _pool(reserved), begun)

    def _published(self, reading: StepPeakReading) -> StepPeakReading:
        if reading.allocated_exact and reading.reserved_exact:
            return reading
        return reading._replace(
            allocated_bytes=reading.allocated_bytes if reading.allocated_exact else None,
            reserved_bytes=reading.reserved_bytes if reading.reserved_exact else None,
        )


def _pool(counters: Counters) -> Counters:
    """The pool's counters without the cumulative ones (they read zero there: unknown)."""
    return (counters[0], counters[1], None, None)
