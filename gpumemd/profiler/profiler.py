"""GPUMemoryProfiler: memory of one function, one block, or a monitored stretch of time.

The library side of gpumemd, for the question "what did this step / function / block do to
memory?". It reads through the same sources as the agent: the caching allocator's stats
(`backends.torch_cuda`, one cheap private call) for a CUDA device, psutil (`backends.host`)
for the process's resident memory.

Per-call peak without touching the user's peak statistics
---------------------------------------------------------
`torch.cuda.max_memory_allocated()` is the process's lifetime high-water mark; frameworks
and users read it, so the profiler never resets it. Each call is measured from two
readings (before, after) of the allocator counters:

* the lifetime peak rose during the call: the call set a new high-water mark, so its peak
  *is* the new lifetime peak — exact;
* otherwise the call stayed at or under the old lifetime peak, and it cannot have held
  more than `before + bytes allocated during the call` (the allocator's cumulative
  `allocated_bytes.all.allocated` counter): the upper bound is the smaller of the two;
  the lower bound is `max(before, after)` (and, with `peak_sampling_interval`, the highest
  value a background sampler saw). When the bounds meet — nothing was freed during the
  call, or nothing allocated — the peak is exact.

`peak_memory_usage()` gives the exact value where `peak_exact` is true, else the upper
bound (never an under-estimate); `peak_lower_bound`/`peak_upper_bound` give both. On
`device="cpu"` the same is done with resident memory and the kernel's high-water mark
(`getrusage`'s `ru_maxrss`); there is no allocation counter, so an inexact CPU peak is
the highest value observed (a lower bound).

Its size is earned: `GPUMemoryProfiler` is one public class whose methods share one lock
and one set of counters; what is not the profiler's own lives apart (`results.py`,
`probes.py`, `callers.py`, `aggregates.py`, `sections.py`, `plot.py`), and so do the module-level
conveniences bound to a default profiler (`conveniences.py`).
"""

from __future__ import annotations

import collections
import json
import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple, ParamSpec, TypeVar

from gpumemd.backends.host import HostApi, Psutil
from gpumemd.backends.torch_cuda import TorchCuda, TorchCudaApi
from gpumemd.fs import write_user_file

from . import sections
from .aggregates import FunctionStats, function_summaries
from .callers import caller_stack, describe, name_of, qualname_of
from .probes import (
    CpuProbe,
    CudaProbe,
    Device,
    PeakSampler,
    RawReading,
    current_device,
    device_object,
    live_tensors,
    parse_device,
    synchronizer,
    tensor_changes,
)
from .results import BoundedList, MemorySnapshot, MiB, ProfileResult, level_peak, peak_bounds

log = logging.getLogger("gpumemd.profiler")

__all__ = [
    "BoundedList",
    "Device",
    "GPUMemoryProfiler",
    "MemorySnapshot",
    "ProfileHandle",
    "ProfileResult",
]

P = ParamSpec("P")
T = TypeVar("T")


class ProfileHandle:
    """What `profile_context` yields: `.result` is set when the block ends."""

    __slots__ = ("name", "result")

    def __init__(self, name: str) -> None:
        self.name = name
        self.result: ProfileResult | None = None


class _Call(NamedTuple):
    name: str
    qualified_name: str | None
    sample: Any  # the probe's before-reading, parsed at the end (`CudaProbe.sample`)
    cpu: int | None
    stamp: float  # time.time() of the before-reading
    stack: str | None
    tensors: dict[int, weakref.ref[Any]] | None
    token: int | None
    started: float


class GPUMemoryProfiler:
    """Profile memory of functions, blocks and stretches of time on one device.

    A drop-in for the seed profiler (Stormlog / gpumemprof): same constructor, methods,
    fields and summary keys; docs/profiler.md lists where gpumemd deliberately differs.

    device: "cuda:N", N, torch.device, None (current CUDA device) or "cpu" (process
        resident memory only). Checked here: a bad index or a machine without CUDA raises.
        `profiler.device` is a torch.device (a `Device` with the same `.type`, `.index`
        and `str()` when torch is not imported: device="cpu" never imports it).
    track_tensors: what `tensors_created`/`tensors_deleted` count. None (default): the
        allocator's blocks allocated/freed during the call (its own counters: free, exact;
        they are allocations, not tensors; not measured on device="cpu"). True: live tensors,
        by walking the garbage collector's objects twice per call (milliseconds per call,
        growing with the Python heap). False: not measured.
    track_cpu_memory: also record the process's resident memory in each snapshot.
    collect_stack_traces: keep the caller's stack in each before-snapshot (costly).
    max_snapshots: bound of the `snapshots` ring buffer (oldest dropped first).
    max_results: bound of the `results` ring buffer; `get_summary()` still covers every call.
    peak_sampling_interval: seconds; when set, a background thread samples memory while a
        profiled call runs, which tightens inexact peaks' lower bound (costs GIL time).
    synchronize: (default True) synchronize the CUDA device before and after each profiled
        call, so that execution_time includes the GPU work the call launched, not only its
        launch cost. False leaves the program's asynchrony alone: execution_time is then
        host time only. Nothing to synchronize on device="cpu".
    publish_sections: record each call into `gpumemd.profiler.sections`, which the agent exports.
    leak_threshold_bytes: net growth per call that counts as growth for leak hints
        (default 1 byte on CUDA, where counts are exact; 1 MiB on the CPU, where resident
        memory is noisy). leak_min_calls: calls (after the first) needed before a hint.
    cuda_api, host_api: the sources' interfaces (tests pass replays); default real ones.
    """

    def __init__(
        self,
        device: Any = None,
        track_tensors: bool | None = None,
        track_cpu_memory: bool = True,
        collect_stack_traces: bool = False,
        *,
        max_snapshots: int = 10_000,
        max_results: int = 10_000,
        peak_sampling_interval: float | None = None,
        synchronize: bool = True,
        publish_sections: bool = True,
        leak_threshold_bytes: int | None = None,
        leak_min_calls: int = 3,
        leak_window: int = 32,
        cuda_api: TorchCudaApi | None = None,
        host_api: HostApi | None = None,
    ) -> None:
        if max_snapshots < 1 or max_results < 1:
            raise ValueError("max_snapshots and max_results must be at least 1")
        if peak_sampling_interval is not None and peak_sampling_interval <= 0:
            raise ValueError("peak_sampling_interval must be positive (or None)")
        if leak_min_calls < 1 or leak_window < leak_min_calls:
            raise ValueError("need 1 <= leak_min_calls <= leak_window")
        kind, index = parse_device(device)
        self._host: HostApi = host_api if host_api is not None else Psutil()
        self._cpu_probe = CpuProbe(self._host)
        self._sync: Callable[[], None] | None = None
        self._on_cpu = kind == "cpu"
        if kind == "cpu":
            self._device_name = "cpu"
            self.device_id = -1
            self._probe: CudaProbe | CpuProbe = self._cpu_probe
            self.device: Any = device_object("cpu", None)
        else:
            if cuda_api is None:
                try:
                    cuda_api = TorchCuda()
                except ImportError:
                    raise RuntimeError(
                        f"device={device!r} needs torch; install it, or profile CPU memory with device='cpu'"
                    ) from None
            count = cuda_api.device_count()
            if count <= 0:
                raise RuntimeError(
                    f"device={device!r}: no CUDA device is visible (no GPU, no driver, or "
                    "a CPU-only torch); use device='cpu' to profile CPU memory"
                )
            if index is None:
                index = current_device(cuda_api)
            if index >= count:
                raise ValueError(
                    f"device={device!r}: cuda:{index} does not exist; "
                    f"{count} CUDA device(s) visible: cuda:0..cuda:{count - 1}"
                )
            self._device_name = f"cuda:{index}"
            self.device_id = index
            self.device = device_object("cuda", index)
            self._probe = CudaProbe(cuda_api, index)
            if synchronize:
                self._sync = synchronizer(cuda_api, index)
        self.synchronize = self._sync is not None
        self.track_tensors = track_tensors is True  # True: the heap walk
        # what a result's tensors_created/_deleted count (ProfileResult.tensor_counts)
        self.tensor_counts: str | None = (
            "tensors"
            if track_tensors is True
            else "allocations"
            if track_tensors is None and not self._on_cpu
            else None
        )
        self.track_cpu_memory = track_cpu_memory
        self.collect_stack_traces = collect_stack_traces
        self.max_snapshots = max_snapshots
        self.max_results = max_results
        self.publish_sections = publish_sections
        self.leak_threshold_bytes = (
            leak_threshold_bytes if leak_threshold_bytes is not None else (MiB if self._on_cpu else 1)
        )
        self.leak_min_calls = leak_min_calls
        self.leak_window = leak_window
        self.snapshots: BoundedList[MemorySnapshot] = BoundedList(max_snapshots)
        self.results: BoundedList[ProfileResult] = BoundedList(max_results)
        self._lock = threading.Lock()
        self._stats: dict[str, FunctionStats] = {}
        self._monitor: tuple[threading.Thread, threading.Event] | None = None
        self._sampler = (
            PeakSampler(lambda: self._probe.read().allocated, peak_sampling_interval)
            if peak_sampling_interval is not None
            else None
        )
        self.baseline = self.take_snapshot("baseline")

    def __repr__(self) -> str:
        return f"GPUMemoryProfiler(device={self._device_name!r}, results={len(self.results)})"

    @property
    def function_stats(self) -> dict[str, list[ProfileResult]]:
        """Results by function name, as the seed profiler keeps them — from the bounded
        `results` buffer (get_summary() covers every call)."""
        out: dict[str, list[ProfileResult]] = collections.defaultdict(list)
        for r in self.results:
            out[r.function_name].append(r)
        return out

    # --- snapshots ---

    def _cpu(self) -> int | None:
        if self._on_cpu:
            return None  # filled from the reading itself
        return self._cpu_probe.rss() if self.track_cpu_memory else None

    def _snapshot(
        self,
        raw: RawReading,
        cpu: int | None,
        operation: str,
        stack: str | None = None,
        stamp: float | None = None,
    ) -> MemorySnapshot:
        if self._on_cpu:
            cpu = raw.allocated
        return MemorySnapshot(
            timestamp=time.time() if stamp is None else stamp,
            allocated_memory=raw.allocated,
            reserved_memory=raw.reserved,
            max_memory_allocated=raw.allocated_peak,
            max_memory_reserved=raw.reserved_peak,
            active_memory=raw.active,
            inactive_memory=raw.inactive_split,
            cpu_memory=cpu or 0,
            device_id=self.device_id,
            operation=operation,
            stack_trace=stack,
            cached_free_memory=max(0, raw.reserved - raw.active),
            cpu_memory_tracked=cpu is not None,
        )

    def take_snapshot(self, operation: str = "manual") -> MemorySnapshot:
        """Read the device now (not stored; `snapshots` holds the monitor's)."""
        stack = caller_stack() if self.collect_stack_traces else None
        return self._snapshot(self._probe.read(), self._cpu(), operation, stack)

    # --- profiling ---

    def _begin(self, name: str, qualified_name: str | None) -> _Call:
        # Walk for tensors (only with track_tensors=True) before reading: the walk's own
        # list must not count on the CPU.
        tensors = live_tensors(self.device_id) if self.track_tensors else None
        stack = caller_stack() if self.collect_stack_traces else None
        # Read, then synchronize: the allocator's counters move only in host calls (no
        # synchronize moves one), so they read the same either way, and this way the read
        # overlaps earlier work still on the device (docs/profiler.md, "Overhead"). What
        # is read is parsed in _end, where it overlaps the call's own GPU work.
        sample = self._probe.sample()
        cpu, stamp = self._cpu(), time.time()
        if self._sync is not None:  # work queued before the call is not the call's
            self._sync()
        token = self._sampler.begin() if self._sampler is not None else None
        return _Call(name, qualified_name, sample, cpu, stamp, stack, tensors, token, time.perf_counter())

    def _end(self, call: _Call, error: BaseException | None) -> ProfileResult:
        # Not after an error: a CUDA error would surface again from the synchronize.
        sync = self._sync if error is None else None
        if sync is not None and call.tensors is not None:  # a heap walk is too long to hide in the time
            sync()
            sync = None
        ended = time.perf_counter()  # host time only, unless a synchronize follows
        # The after-reading and the result come before the synchronize (the counters read
        # the same, as in _begin), so they overlap the GPU work the call left queued; the
        # time is taken once the device is done: it can include them where that work
        # finished sooner, never leave out the call's GPU work.
        raw = self._probe.read()
        sampled = self._sampler.end(call.token) if self._sampler is not None and call.token is not None else 0
        after = self._snapshot(raw, self._cpu(), f"after_{call.name}" + ("" if error is None else "_error"))
        tensors_after = live_tensors(self.device_id) if call.tensors is not None else None
        result = self._result(call, raw, after, sampled, ended - call.started, tensors_after, error)
        if self.publish_sections:  # needs no time: published while the device finishes too
            sections.record(call.name, self._device_name, result.peak_memory_usage(), result.memory_diff())
        if sync is not None:
            sync()
            result.execution_time = time.perf_counter() - call.started
        self._record(result)
        return result

    def _result(
        self,
        call: _Call,
        raw: RawReading,
        after: MemorySnapshot,
        sampled: int,
        elapsed: float,
        tensors_after: dict[int, weakref.ref[Any]] | None,
        error: BaseException | None,
    ) -> ProfileResult:
        b = self._probe.reading(call.sample)
        lo, hi, exact = peak_bounds(b, raw, sampled)
        # An inexact peak: the upper bound where the allocator counters give a per-call
        # one (never under-reports), else the highest value seen.
        peak = hi if exact or raw.total_allocated is not None else lo
        before = self._snapshot(b, call.cpu, f"before_{call.name}", call.stack, call.stamp)
        reserved = level_peak(b.reserved, raw.reserved, b.reserved_peak, raw.reserved_peak)
        active = level_peak(b.active, raw.active, b.active_peak, raw.active_peak)
        peak_snap = MemorySnapshot(
            timestamp=after.timestamp,
            allocated_memory=peak,
            reserved_memory=reserved,
            max_memory_allocated=raw.allocated_peak,
            max_memory_reserved=raw.reserved_peak,
            active_memory=active,
            inactive_memory=max(b.inactive_split, raw.inactive_split),
            cpu_memory=peak if self._on_cpu else max(before.cpu_memory, after.cpu_memory),
            device_id=self.device_id,
            operation=f"peak_{call.name}",
            cached_free_memory=max(0, reserved - active),
            cpu_memory_tracked=after.cpu_memory_tracked,
        )
        if raw.total_allocated is not None and b.total_allocated is not None:
            allocated = raw.total_allocated - b.total_allocated
            freed = (raw.total_freed or 0) - (b.total_freed or 0)
            allocs: int | None = (raw.allocs or 0) - (b.allocs or 0)
            frees: int | None = (raw.frees or 0) - (b.frees or 0)
        else:
            allocated, freed = max(0, peak - b.allocated), max(0, peak - raw.allocated)
            allocs = frees = None
        created = deleted = 0
        counts = None
        if call.tensors is not None and tensors_after is not None:
            created, deleted = tensor_changes(call.tensors, tensors_after)
            counts = "tensors"
        elif self.tensor_counts == "allocations" and allocs is not None and frees is not None:
            created, deleted, counts = allocs, frees, "allocations"
        return ProfileResult(
            function_name=call.name,
            execution_time=elapsed,
            memory_before=before,
            memory_after=after,
            memory_peak=peak_snap,
            memory_allocated=allocated,
            memory_freed=freed,
            tensors_created=created,
            tensors_deleted=deleted,
            peak_exact=exact,
            peak_lower_bound=lo,
            peak_upper_bound=hi,
            tensors_tracked=counts is not None,
            allocations=allocs,
            frees=frees,
            error=None if error is None else describe(error),
            qualified_name=call.qualified_name,
            tensor_counts=counts,
        )

    def _record(self, result: ProfileResult) -> None:
        diff = result.memory_diff()
        with self._lock:
            self.results.append(result)
            self.snapshots.append(result.memory_before)
            self.snapshots.append(result.memory_after)
            st = self._stats.get(result.function_name)
            if st is None:
                st = self._stats[result.function_name] = FunctionStats()
            elif st.nets is None:  # the first call (warm-up: lazy state, caches) is not a leak sign
                st.nets = collections.deque([diff], maxlen=self.leak_window)
            else:
                st.nets.append(diff)
            st.calls += 1
            st.errors += result.error is not None
            st.total_time += result.execution_time
            st.total_allocated += result.memory_allocated
            st.total_freed += result.memory_freed
            st.total_diff += diff
            st.peak = max(st.peak, result.peak_memory_usage())
            st.peaks_exact = st.peaks_exact and result.peak_exact

    def _call(
        self, name: str, func: Callable[P, T], args: Any, kwargs: Any, keep: bool
    ) -> tuple[T | None, ProfileResult]:
        """Call `func(*args, **kwargs)` profiled as `name`: (its value if `keep`, its result).

        Without `keep` the value is dropped before the after-reading, so a returned tensor
        nobody else holds counts as freed inside the call.
        """
        call = self._begin(name, qualname_of(func))
        try:
            value: T | None = func(*args, **kwargs)
            if not keep:
                value = None
        except BaseException as exc:
            self._end(call, exc)
            raise
        return value, self._end(call, None)

    def profile_function(self, func: Callable[P, Any], *args: P.args, **kwargs: P.kwargs) -> ProfileResult:
        """Call `func(*args, **kwargs)` and return its ProfileResult (not its return value).

        The result is named after `func.__name__` (the seed profiler's rule: a renamed
        function or closure keeps its own entry); `qualified_name` holds the full name.
        execution_time includes the GPU work `func` launched unless synchronize=False.
        If it raises, the result (with its after-snapshot) is still recorded in `results`
        and the exception propagates unchanged.
        """
        return self._call(name_of(func), func, args, kwargs, keep=False)[1]

    @contextmanager
    def profile_context(self, name: str = "context") -> Iterator[ProfileHandle]:
        """Profile the block; the yielded handle's `.result` is set when it ends."""
        handle = ProfileHandle(name)
        call = self._begin(name, None)
        try:
            yield handle
        except BaseException as exc:
            handle.result = self._end(call, exc)
            raise
        handle.result = self._end(call, None)

    # --- monitoring ---

    def start_monitoring(self, interval: float = 0.1) -> None:
        """Take a snapshot every `interval` seconds on a background thread, into `snapshots`.

        A call while monitoring is already running is ignored (its interval too).
        """
        if interval <= 0:
            raise ValueError("interval must be positive")
        with self._lock:
            if self._monitor is not None and self._monitor[0].is_alive():
                log.debug("profiler monitor: already running; start_monitoring() ignored")
                return
            stop = threading.Event()
            thread = threading.Thread(
                target=self._monitor_loop, args=(interval, stop), name="gpumemd-profiler-monitor", daemon=True
            )
            self._monitor = (thread, stop)
        thread.start()

    def stop_monitoring(self) -> None:
        with self._lock:
            monitor, self._monitor = self._monitor, None
        if monitor is not None:
            monitor[1].set()
            monitor[0].join()

    @property
    def monitoring(self) -> bool:
        m = self._monitor
        return m is not None and m[0].is_alive()

    def _monitor_loop(self, interval: float, stop: threading.Event) -> None:
        due = time.monotonic()
        failed = False
        while not stop.is_set():
            try:
                self.snapshots.append(self._snapshot(self._probe.read(), self._cpu(), "monitor"))
            except Exception as exc:  # keep monitoring; say so once
                if not failed:
                    log.warning("profiler monitor: reading failed: %s", exc)
                    failed = True
            due += interval
            delay = due - time.monotonic()
            if delay < 0:  # fell behind (a long GIL hold): skip, do not burst
                due, delay = time.monotonic(), 0.0
            stop.wait(delay)

    # --- summaries and export ---

    def get_summary(self) -> dict[str, Any]:
        """Aggregates over every profiled call since the last clear_results().

        The seed profiler's keys with its meanings (`net_memory_change`: the sum over calls
        of allocated minus freed; `memory_change_from_baseline`: now minus the baseline),
        plus gpumemd's (`leak_hints`, per-function `errors`, `peaks_exact`, ...). With no
        call yet, `message` says so and the figures are zero.
        """
        with self._lock:
            stats = {
                name: (
                    st.calls,
                    st.errors,
                    st.total_time,
                    st.total_allocated,
                    st.total_freed,
                    st.total_diff,
                    st.peak,
                    st.peaks_exact,
                    list(st.nets or ()),
                )
                for name, st in self._stats.items()
            }
            snapshots = len(self.snapshots)
        now = self.take_snapshot("current")
        functions, hints = function_summaries(stats, self.leak_threshold_bytes, self.leak_min_calls)
        total_alloc = sum(f["total_memory_allocated"] for f in functions.values())
        total_freed = sum(f["total_memory_freed"] for f in functions.values())
        summary: dict[str, Any] = {
            "device": self._device_name,
            "total_functions_profiled": len(functions),
            "total_function_calls": sum(f["call_count"] for f in functions.values()),
            "total_execution_time": sum(f["total_time"] for f in functions.values()),
            "total_memory_allocated": total_alloc,
            "total_memory_freed": total_freed,
            "net_memory_change": total_alloc - total_freed,
            "peak_memory_usage": max((f["peak_memory"] for f in functions.values()), default=0),
            "current_memory_usage": now.allocated_memory,
            "baseline_memory_usage": self.baseline.allocated_memory,
            "memory_change_from_baseline": now.allocated_memory - self.baseline.allocated_memory,
            "function_summaries": functions,
            "monitoring_active": self.monitoring,
            "snapshots_collected": snapshots,
            "leak_hints": hints,
        }
        if not functions:
            summary["message"] = "No profiling results available"
        return summary

    def clear_results(self) -> None:
        """Forget results, snapshots and aggregates; take a new baseline.

        The device's peak statistics are left alone (the profiler never resets them).
        """
        with self._lock:
            self.results.clear()
            self.snapshots.clear()
            self._stats.clear()
        self.baseline = self.take_snapshot("baseline")

    def to_dict(self, *, snapshots: bool = True) -> dict[str, Any]:
        """Results, summary and (optionally) snapshots, JSON-serialisable."""
        with self._lock:
            results = list(self.results)
            snaps = list(self.snapshots) if snapshots else []
        out: dict[str, Any] = {
            "device": self._device_name,
            "baseline": self.baseline.to_dict(),
            "summary": self.get_summary(),
            "results": [r.to_dict() for r in results],
        }
        if snapshots:
            out["snapshots"] = [s.to_dict() for s in snaps]
        return out

    def to_json(
        self, path: str | Path | None = None, *, snapshots: bool = True, indent: int | None = None
    ) -> str:
        """to_dict() as JSON; written to `path` when given (replaced atomically; a symlink
        there is refused, not followed: `gpumemd.fs.write_user_file`; an OSError when it
        cannot be written)."""
        text = json.dumps(self.to_dict(snapshots=snapshots), indent=indent)
        if path is not None:
            write_user_file(path, text.encode(), what="profile")
        return text

    def save_plot(self, path: str | Path, *, title: str | None = None) -> Path:
        """PNG of the session: allocated and reserved over time, profiled sections marked.

        Needs matplotlib (`pip install matplotlib`).
        """
        from .plot import plot_session

        with self._lock:
            snaps, results = list(self.snapshots), list(self.results)
        return plot_session(snaps, results, path, title=title or f"gpumemd profiler, {self._device_name}")

    def close(self) -> None:
        """Stop the monitor and the peak sampler threads."""
        self.stop_monitoring()
        if self._sampler is not None:
            self._sampler.close()

    def __enter__(self) -> GPUMemoryProfiler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
