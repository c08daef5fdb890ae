"""The shape probe: one step's exact peak at a batch shape the forecast has not measured yet,
without touching the user's peak statistics (docs/forecast.md, The shape probe).

The allocator's counters give a step's peak exactly only when the step raised the lifetime
peak, and gpumemd never resets it (it is the user's `max_memory_allocated()`). So when
`set_step(tokens=...)` announces a shape the forecast has no exact peak for, the probe turns
on torch's allocation history without stacks (a trace of sizes: no Python frames are taken)
for that one step, and at the optimizer step reads the trace, turns it off and walks it
(`diagnosis/trace.py`): the requested bytes at the start plus the running sum of the sizes.
The walk must end on the counters' requested bytes, or the probe is discarded.

Its cost is the trace's read at the step's end, on the training thread. A budget bounds it:
the probes together spend at most `PROBE_BURST_S` plus `PROBE_SHARE` of the time since the
agent started. History someone else records (the program, the OOM watcher, the leak finder)
is never touched: no probe runs then, and one that is taken over is discarded.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from gpumemd.backends.torch_cuda import AllocatorStats, TorchCudaApi
from gpumemd.backends.torch_oom import TorchOomApi
from gpumemd.diagnosis.trace import TracePeak, trace_peak
from gpumemd.sources.agent_self import Errors

__all__ = ["MAX_ENTRIES", "PROBE_BURST_S", "PROBE_SHARE", "ProbeSink", "ShapeProbe", "STALE_S"]

PROBE_SHARE = 0.001  # the probes' share of the time since the agent started, at most, in the long run
PROBE_BURST_S = 0.05  # what the first probes may spend before the share applies
MAX_ENTRIES = 1 << 18  # trace entries one probe keeps: a step with more is not probed exactly
STALE_S = 60.0  # a probe with no optimizer step for this long is dropped at the next set_step


class ProbeSink(Protocol):
    """Where the probe's answers go: the forecast (sources/forecast.py ForecastSource)."""

    def probe_wanted(self, tokens: int) -> bool:
        """Past the warm-up, and no exact step peak at `tokens` yet."""

    def add_probe(self, device: int, tokens: int, peak: int) -> None:
        """A probed step's peak (allocated bytes, a lower bound within the allocator's rounding)."""

    def note_probe(self, outcome: str) -> None:
        """Counts one probe's outcome (`gpumemd_forecast_probes_total{outcome}`)."""


def _current(stats: TorchCudaApi, device: int) -> tuple[int, int] | None:
    """(requested, allocated) bytes now, from the counters; None if either is not a count."""
    read = AllocatorStats.parse(stats.memory_stats(device))
    if read is None or read.requested is None or read.allocated is None:
        return None
    return read.requested, read.allocated


class ShapeProbe:
    """The agent's shape probe (module docstring): `before_step` from `set_step(tokens=)`,
    `on_step` as a step listener (stephook.StepListener). Both run on the training thread,
    never raise (failures are counted in the agent's errors as `probe`) and cost one attribute
    check while no probe runs."""

    def __init__(self, history: TorchOomApi, stats: TorchCudaApi, sink: ProbeSink,
                 devices: Callable[[], Iterable[int]], errors: Errors, *, live: Callable[[], bool],
                 share: float = PROBE_SHARE, burst: float = PROBE_BURST_S,
                 clock: Callable[[], float] = time.monotonic,
                 timer: Callable[[], float] = time.perf_counter) -> None:
        self._history, self._stats, self._sink = history, stats, sink
        self._devices, self._errors, self._live = devices, errors, live
        self.share, self.burst = share, burst
        self._clock, self._timer = clock, timer
        self.credit = burst  # seconds the probes may still spend
        self._credited: float | None = None  # when the credit was last topped up
        self.armed = False
        self._tokens = 0
        self._armed_at = 0.0
        self._arm_cost = 0.0
        self._starts: dict[int, tuple[int, int]] = {}
        self.last: TracePeak | None = None  # the last probe's walk (diagnostics, the GPU test)
        self.spent = 0.0  # seconds the probes took on the training thread, all together

    def before_step(self, tokens: int) -> None:
        """The batch about to run has `tokens`: arm a probe if the forecast wants this shape."""
        try:
            if self.armed:
                self._tokens = max(self._tokens, tokens)  # micro-batches before one optimizer step
                if self._clock() - self._armed_at > STALE_S:  # no optimizer step came: not a step's peak
                    self._disarm("stale")
                return
            if not self._sink.probe_wanted(tokens) or not self._live() or not self._afford():
                return
            t0 = self._timer()
            history = self._history
            if not history.is_initialized() or history.history_enabled():
                return  # no CUDA yet (never create its context), or someone else's history
            starts = {}
            for device in self._devices():
                now = _current(self._stats, device)
                if now is None:
                    return
                starts[device] = now
            if not starts:
                return
            history.record_trace(MAX_ENTRIES)
            self.armed, self._tokens, self._starts = True, tokens, starts
            self._armed_at = self._clock()
            self._arm_cost = self._timer() - t0
        except Exception:  # noqa: BLE001 - never into the training loop
            self._errors.note("probe")

    def on_step(self) -> None:
        """After each optimizer step: a running probe reads its trace and ends."""
        if not self.armed:
            return
        t0 = self._timer()
        self.armed = False
        try:
            snapshot = self._history.snapshot()
            ours = self._history.end_trace()
            if not ours:
                self._sink.note_probe("taken_over")
            else:
                self._walk(snapshot)
        except Exception:  # noqa: BLE001 - never into the training loop
            self._errors.note("probe")
            self._end()
        cost = self._arm_cost + (self._timer() - t0)
        self.credit -= cost
        self.spent += cost

    def stop(self) -> None:
        """The agent stops: a running probe ends, discarded."""
        if self.armed:
            self._disarm("stopped")

    def _walk(self, snapshot: Any) -> None:
        traces = snapshot.get("device_traces") if type(snapshot) is dict else None
        for device, (requested, allocated) in self._starts.items():
            entries = traces[device] if type(traces) is list and 0 <= device < len(traces) else None
            peak = trace_peak(entries, requested_start=requested, allocated_start=allocated,
                              max_entries=MAX_ENTRIES)
            end = _current(self._stats, device)
            if peak is None or end is None or peak.requested_end != end[0]:
                self._sink.note_probe("inexact")  # the trace missed events: nothing is kept
                continue
            self.last = peak
            self._sink.add_probe(device, self._tokens, peak.allocated_peak)
            self._sink.note_probe("exact")

    def _afford(self) -> bool:
        now = self._clock()
        if self._credited is not None:
            self.credit = min(self.burst, self.credit + (now - self._credited) * self.share)
        self._credited = now
        return self.credit > 0

    def _disarm(self, outcome: str) -> None:
        self.armed = False
        self._end()
        self._sink.note_probe(outcome)

    def _end(self) -> None:
        try:
            self._history.end_trace()
        except Exception:  # noqa: BLE001 - never into the training loop
            self._errors.note("probe")
