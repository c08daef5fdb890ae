"""Is it leaking? The one verdict, over exact step-end figures (docs/alerts.md, PytorchMemoryLeak).

A step end is (optimizer steps counted, allocated bytes at that step's end): at the end of an
optimizer step the activations are freed and what is left is what the loop keeps, so a steady
loop reads the same bytes at every end and a leak reads more each time. The verdict: the
newest run of step ends, each at least `MIN_GROWTH` bytes per optimizer step above the one
before, spans at least `MIN_ENDS` ends. It began at the run's first end, or after the
growths that opened the run when each was more than four times the run's median growth per step
(state kept once as the leak starts: not leaked); its growth per step is its growth over its
steps from there, exact for a linear leak.

The OOM diagnosis's `leak` cause, the forecast's steps to OOM, the `forecast` collector's
`gpumemd_forecast_leak_bytes_per_step` (which the packaged PytorchMemoryLeak rule alerts on,
its threshold declared here), `gpumemd explain`, the profiler's leak hints (a call for a step)
and the leak finder's "grew at every snapshot" read this one function. Pure. A run is no
longer than the ends its caller keeps: `since_step` is then the oldest end kept.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["MIN_ENDS", "MIN_GROWTH", "NOT_LEAKING", "LeakVerdict", "leak_verdict"]

# bytes per optimizer step between two ends: a steady loop's ends are equal (the allocator counts
# whole 512-byte blocks), and a leak this small still fills a GPU in a long run
MIN_GROWTH = 256 << 10

# step ends in the run (MIN_ENDS - 1 growths in a row): warm-up's state made once (the optimizer's,
# a scaler's) grows one or two ends, a leak every one; step ends that move with the batch (an
# output still referenced when the step ends) rise at six ends in a row by chance once in 6!; and
# a leak that runs out of memory within a few steps still gets its OOM diagnosed as one
MIN_ENDS = 6

_MAX = 1 << 63  # larger figures are not a GPU's: such an end breaks the run


@dataclass(frozen=True)
class LeakVerdict:
    """Leaking or not; while leaking, the growth per optimizer step and since which step."""

    leaking: bool
    bytes_per_step: float = 0.0  # over the run; 0.0 when not leaking
    since_step: int | None = None  # the optimizer step of the run's first end
    steps: int = 0  # optimizer steps the run spans
    grown: int = 0  # bytes grown over the run


NOT_LEAKING = LeakVerdict(False)


def _end(value: object) -> tuple[int, int] | None:
    if not isinstance(value, tuple) or len(value) != 2:
        return None
    steps, allocated = value
    if type(steps) is not int or type(allocated) is not int:
        return None
    return (steps, allocated) if 0 <= steps < _MAX and 0 <= allocated < _MAX else None


def leak_verdict(ends: Sequence[tuple[int, int]], *, min_growth: int = MIN_GROWTH,
                 min_ends: int = MIN_ENDS) -> LeakVerdict:
    """The verdict over `ends`, oldest first. A step counted twice, a step count going back or
    a malformed end breaks the run (it is no growth per step)."""
    newer = _end(ends[-1]) if ends else None
    if newer is None:
        return NOT_LEAKING
    run = [newer]  # newest first
    for i in range(len(ends) - 2, -1, -1):  # backwards from the newest: O(the run), never more
        older = _end(ends[i])
        if older is None:
            break
        (s0, a0), (s1, a1) = older, newer
        if s1 <= s0 or a1 - a0 < min_growth * (s1 - s0):
            break
        run.append(older)
        newer = older
    if len(run) < max(2, min_ends):
        return NOT_LEAKING
    run.reverse()
    rates = [(a1 - a0) / (s1 - s0) for (s0, a0), (s1, a1) in itertools.pairwise(run)]
    typical = statistics.median(rates)
    first = 0
    while first < len(rates) - 2 and rates[first] > 4 * typical:
        first += 1  # a jump that opened the run (state kept once) is no part of the leak
    (s0, a0), (s1, a1) = run[first], run[-1]
    return LeakVerdict(True, (a1 - a0) / (s1 - s0), s0, s1 - s0, a1 - a0)
