"""GPUMemoryProfiler: memory of one function, one block, or a monitored stretch of time.

The library side of gpumemd, for the question "what did this step / function / block do to
memory?". It reads through the same sources as the agent: the caching allocator's stats
(`sources.allocator`, the 8 µs private call) for a CUDA device, psutil (`sources.host`)
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
"""

from __future__ import annotations

import collections
import gc
import json
import logging
import os
import re
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, NamedTuple, ParamSpec, TypeVar

from . import sections
from .sources.allocator import AllocatorReading, TorchCuda, TorchCudaApi
from .sources.host import HostApi, ProcessUnreadable, Psutil

try:  # POSIX only; without it the CPU high-water mark is unknown and CPU peaks are sampled ones
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

log = logging.getLogger("gpumemd.profiler")

__all__ = ["GPUMemoryProfiler", "MemorySnapshot", "ProfileResult", "ProfileHandle"]

P = ParamSpec("P")
T = TypeVar("T")

MiB = 1 << 20


# --- data -------------------------------------------------------------------------------

@dataclass(slots=True)
class MemorySnapshot:
    """Memory of the profiled device at one moment, in bytes.

    On a CUDA device: the caching allocator's figures. On `device="cpu"`: the process's
    resident memory in allocated/reserved/active (inactive 0) and `device_id` -1.
    """

    timestamp: float  # time.time()
    operation: str  # what was happening: "<name>:before", "<name>:after", "monitor", ...
    device_id: int  # CUDA index; -1 for the CPU
    allocated_memory: int  # memory in tensors
    reserved_memory: int  # what the caching allocator holds from CUDA (allocated + cached)
    active_memory: int  # active blocks (allocated, or freed while a stream still uses them)
    inactive_memory: int  # cached but unused: reserved - active
    cpu_memory: int | None = None  # process resident memory, when tracked
    inactive_split_memory: int = 0  # cached memory in split blocks (fragmentation)
    stack_trace: list[str] | None = None  # with collect_stack_traces=True

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> MemorySnapshot:
        return MemorySnapshot(**d)


@dataclass(slots=True)
class ProfileResult:
    """One profiled call of a function or block."""

    function_name: str
    memory_before: MemorySnapshot
    memory_after: MemorySnapshot
    memory_peak: MemorySnapshot  # the per-call peak of each figure (they need not coincide in time)
    memory_allocated: int  # bytes allocated during the call (GPU: exact total; CPU: peak - before)
    memory_freed: int  # bytes freed during the call (GPU: exact total; CPU: peak - after)
    execution_time: float  # seconds (GPU work included only with synchronize=True)
    peak_exact: bool
    peak_lower_bound: int
    peak_upper_bound: int
    tensors_created: int | None = None  # with track_tensors: live tensors after, not before
    tensors_deleted: int | None = None  # with track_tensors: live tensors before, not after
    allocations: int | None = None  # allocator blocks allocated during the call (GPU only)
    frees: int | None = None  # allocator blocks freed during the call (GPU only)
    error: str | None = None  # "Type: message" when the call raised

    def memory_diff(self) -> int:
        """Net change: allocated after minus allocated before."""
        return self.memory_after.allocated_memory - self.memory_before.allocated_memory

    def peak_memory_usage(self) -> int:
        """Highest allocated memory during the call (exact when `peak_exact`; see the module doc)."""
        return self.memory_peak.allocated_memory

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["memory_diff"] = self.memory_diff()
        d["peak_memory_usage"] = self.peak_memory_usage()
        return d


class _Raw(NamedTuple):
    """One reading of the profiled device, before it becomes a snapshot."""

    allocated: int
    reserved: int
    active: int
    inactive_split: int
    allocated_peak: int  # lifetime high-water marks (never reset by us)
    reserved_peak: int
    active_peak: int
    total_allocated: int | None  # cumulative allocator counters; None on the CPU
    total_freed: int | None
    allocs: int | None
    frees: int | None


_ZERO = _Raw(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)


# --- probes: one reading of a device through the shared sources --------------------------

class _CudaProbe:
    """Reads one device's allocator through a TorchCudaApi (real torch.cuda or a replay)."""

    def __init__(self, api: TorchCudaApi, index: int) -> None:
        self.api = api
        self.index = index
        self._initialized = False

    def read(self) -> _Raw:
        if not self._initialized:
            # Before the process initialised CUDA nothing is allocated; reading now could
            # create a context the program never asked for.
            if not self.api.is_initialized():
                return _ZERO
            self._initialized = True
        stats = self.api.memory_stats(self.index)
        if not stats:  # CPU-only builds answer {}
            return _ZERO
        r = AllocatorReading.from_stats(self.index, "", stats)
        totals = stats["allocated_bytes"]["all"]
        counts = stats["allocation"]["all"]
        return _Raw(r.allocated_bytes, r.reserved_bytes, r.active_bytes, r.inactive_split_bytes,
                    r.allocated_peak_bytes, r.reserved_peak_bytes, r.active_peak_bytes,
                    int(totals["allocated"]), int(totals["freed"]), int(counts["allocated"]), int(counts["freed"]))


def _max_rss() -> int:
    """The process's resident high-water mark in bytes (0 where unknown)."""
    if resource is None:
        return 0
    peak = int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return peak if sys.platform == "darwin" else peak * 1024  # Linux reports KiB


class _CpuProbe:
    """Process resident memory (psutil, as the host source reads it) and its high-water mark."""

    def __init__(self, host: HostApi) -> None:
        self.host = host

    def rss(self) -> int:
        try:
            return self.host.process_rss(os.getpid())
        except ProcessUnreadable:
            return 0

    def read(self) -> _Raw:
        rss = self.rss()
        hwm = max(_max_rss(), rss)
        return _Raw(rss, rss, rss, 0, hwm, hwm, hwm, None, None, None, None)


class _PeakSampler:
    """One background thread that samples allocated memory while profiled calls run.

    Idle (waiting on a condition) between calls; each call gets a token whose maximum the
    thread raises. It only ever raises the lower bound of a peak: short spikes between two
    samples go unseen.
    """

    def __init__(self, read: Callable[[], int], interval: float) -> None:
        self._read = read
        self.interval = interval
        self._cond = threading.Condition()
        self._active: dict[int, int] = {}
        self._next = 0
        self._thread: threading.Thread | None = None
        self._closed = False

    def begin(self) -> int:
        with self._cond:
            self._next += 1
            token = self._next
            self._active[token] = 0
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="gpumemd-peak-sampler", daemon=True)
                self._thread.start()
            self._cond.notify()
            return token

    def end(self, token: int) -> int:
        with self._cond:
            return self._active.pop(token, 0)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._active and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
            try:
                value = self._read()
            except Exception:  # a failed read only loses one sample
                value = 0
            with self._cond:
                for token, seen in self._active.items():
                    if value > seen:
                        self._active[token] = value
            time.sleep(self.interval)


# --- device resolution ----------------------------------------------------------------------

_CUDA_RE = re.compile(r"cuda:(\d+)")
DEVICE_FORMS = "'cpu', 'cuda', 'cuda:N', an int N, a torch.device, or None (the current CUDA device)"


def _parse_device(device: Any) -> tuple[str, int | None]:
    """('cpu', None) or ('cuda', index or None for the current device)."""
    if device is None:
        return "cuda", None
    if isinstance(device, bool):
        raise TypeError(f"device={device!r}: expected {DEVICE_FORMS}")
    if isinstance(device, int):
        if device < 0:
            raise ValueError(f"device={device}: a CUDA index is 0 or more")
        return "cuda", device
    if isinstance(device, str):
        text = device.strip().lower()
        if text == "cpu":
            return "cpu", None
        if text == "cuda":
            return "cuda", None
        m = _CUDA_RE.fullmatch(text)
        if m:
            return "cuda", int(m.group(1))
        raise ValueError(f"device={device!r}: expected {DEVICE_FORMS}")
    kind, index = getattr(device, "type", None), getattr(device, "index", None)  # torch.device, duck-typed
    if kind == "cpu":
        return "cpu", None
    if kind == "cuda" and (index is None or isinstance(index, int)):
        return "cuda", index
    raise ValueError(f"device={device!r}: expected {DEVICE_FORMS}")


def _current_device(api: TorchCudaApi) -> int:
    get = getattr(api, "current_device", None)
    if callable(get):
        return int(get())
    torch = sys.modules.get("torch")
    # torch.cuda.current_device() would initialise CUDA; before that the current device is 0.
    if torch is not None and torch.cuda.is_initialized():
        return int(torch.cuda.current_device())
    return 0


def _live_tensors(device_index: int) -> dict[int, weakref.ref[Any]]:
    """The tensors the garbage collector sees on one device (-1: the CPU), by id.

    The cost is walking `gc.get_objects()`; the walk keeps to a set lookup of each object's
    exact type (no isinstance, no attribute access) and touches only tensors beyond that.
    Weak references tell a freed tensor from a new one that got its id (address) back.
    Without torch imported there are no tensors, and nothing is walked.
    """
    torch = sys.modules.get("torch")
    if torch is None:
        return {}
    kinds = {torch.Tensor}
    todo = [torch.Tensor]
    while todo:  # Parameter, Buffer and user subclasses: a handful of classes
        for sub in todo.pop().__subclasses__():
            if sub not in kinds:
                kinds.add(sub)
                todo.append(sub)
    objects = gc.get_objects()
    try:
        tensors = [o for o in objects if type(o) in kinds]
    finally:
        del objects
    return {id(t): weakref.ref(t) for t in tensors if t.get_device() == device_index}


def _tensor_changes(before: dict[int, weakref.ref[Any]], after: dict[int, weakref.ref[Any]]) -> tuple[int, int]:
    """(created, deleted): alive after but not before, and alive before but gone after."""
    created = 0
    for key, ref in after.items():
        old = before.get(key)
        if old is None or old() is not ref():  # a new id, or a freed tensor's id reused
            created += 1
    deleted = sum(1 for ref in before.values() if ref() is None)
    return created, deleted


# --- the profiler ---------------------------------------------------------------------------

@dataclass
class _FunctionStats:
    calls: int = 0
    errors: int = 0
    total_time: float = 0.0
    total_allocated: int = 0
    total_diff: int = 0
    peak: int = 0
    peaks_exact: bool = True
    nets: collections.deque[int] | None = None  # net change of recent calls after the first


class ProfileHandle:
    """What `profile_context` yields: `.result` is set when the block ends."""

    __slots__ = ("name", "result")

    def __init__(self, name: str) -> None:
        self.name = name
        self.result: ProfileResult | None = None


class _Call(NamedTuple):
    name: str
    raw: _Raw
    snapshot: MemorySnapshot
    tensors: dict[int, weakref.ref[Any]] | None
    token: int | None
    started: float


class GPUMemoryProfiler:
    """Profile memory of functions, blocks and stretches of time on one device.

    device: "cuda:N", N, torch.device, None (current CUDA device) or "cpu" (process
        resident memory only). Checked here: a bad index or a machine without CUDA raises.
    track_tensors: count tensors created/deleted per call by walking the garbage
        collector's objects (costly: milliseconds per call in a large process).
    track_cpu_memory: also record the process's resident memory in each snapshot.
    collect_stack_traces: keep the caller's stack in each before-snapshot (costly).
    max_snapshots: bound of the `snapshots` ring buffer (oldest dropped first).
    max_results: bound of the `results` ring buffer; `get_summary()` still covers every call.
    peak_sampling_interval: seconds; when set, a background thread samples memory while a
        profiled call runs, which tightens inexact peaks' lower bound (costs GIL time).
    synchronize: synchronize the CUDA device before and after each call, so that
        execution_time includes the GPU work (it changes the program's timing).
    publish_sections: record each call into `gpumemd.sections`, which the agent exports.
    leak_threshold_bytes: net growth per call that counts as growth for leak hints
        (default 1 byte on CUDA, where counts are exact; 1 MiB on the CPU, where resident
        memory is noisy). leak_min_calls: calls (after the first) needed before a hint.
    cuda_api, host_api: the sources' interfaces (tests pass replays); default real ones.
    """

    def __init__(
        self,
        device: Any = None,
        track_tensors: bool = True,
        track_cpu_memory: bool = True,
        collect_stack_traces: bool = False,
        *,
        max_snapshots: int = 10_000,
        max_results: int = 10_000,
        peak_sampling_interval: float | None = None,
        synchronize: bool = False,
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
        kind, index = _parse_device(device)
        self._host: HostApi = host_api if host_api is not None else Psutil()
        self._cpu_probe = _CpuProbe(self._host)
        self._sync: Callable[[], None] | None = None
        if kind == "cpu":
            self.device = "cpu"
            self.device_id = -1
            self._probe: _CudaProbe | _CpuProbe = self._cpu_probe
        else:
            if cuda_api is None:
                try:
                    cuda_api = TorchCuda()
                except ImportError:
                    raise RuntimeError(f"device={device!r} needs torch; install it, or profile "
                                       "CPU memory with device='cpu'") from None
            count = cuda_api.device_count()
            if count <= 0:
                raise RuntimeError(f"device={device!r}: no CUDA device is visible (no GPU, no driver, or "
                                   "a CPU-only torch); use device='cpu' to profile CPU memory")
            if index is None:
                index = _current_device(cuda_api)
            if index >= count:
                raise ValueError(f"device={device!r}: cuda:{index} does not exist; "
                                 f"{count} CUDA device(s) visible: cuda:0..cuda:{count - 1}")
            self.device = f"cuda:{index}"
            self.device_id = index
            self._probe = _CudaProbe(cuda_api, index)
            if synchronize and isinstance(cuda_api, TorchCuda):
                torch = sys.modules["torch"]
                self._sync = lambda: torch.cuda.synchronize(index)
        self.track_tensors = track_tensors
        self.track_cpu_memory = track_cpu_memory
        self.collect_stack_traces = collect_stack_traces
        self.max_snapshots = max_snapshots
        self.max_results = max_results
        self.publish_sections = publish_sections
        self.leak_threshold_bytes = (leak_threshold_bytes if leak_threshold_bytes is not None
                                     else (MiB if self.device == "cpu" else 1))
        self.leak_min_calls = leak_min_calls
        self.leak_window = leak_window
        self.snapshots: collections.deque[MemorySnapshot] = collections.deque(maxlen=max_snapshots)
        self.results: collections.deque[ProfileResult] = collections.deque(maxlen=max_results)
        self._lock = threading.Lock()
        self._stats: dict[str, _FunctionStats] = {}
        self._monitor: tuple[threading.Thread, threading.Event] | None = None
        self._sampler = (_PeakSampler(lambda: self._probe.read().allocated, peak_sampling_interval)
                         if peak_sampling_interval is not None else None)
        self.baseline = self.take_snapshot("baseline")

    def __repr__(self) -> str:
        return f"GPUMemoryProfiler(device={self.device!r}, results={len(self.results)})"

    # --- snapshots ---

    def _cpu(self) -> int | None:
        if self.device == "cpu":
            return None  # filled from the reading itself
        return self._cpu_probe.rss() if self.track_cpu_memory else None

    def _snapshot(self, raw: _Raw, cpu: int | None, operation: str, stack: list[str] | None = None) -> MemorySnapshot:
        return MemorySnapshot(
            timestamp=time.time(), operation=operation, device_id=self.device_id,
            allocated_memory=raw.allocated, reserved_memory=raw.reserved, active_memory=raw.active,
            inactive_memory=max(0, raw.reserved - raw.active),
            cpu_memory=raw.allocated if self.device == "cpu" else cpu,
            inactive_split_memory=raw.inactive_split, stack_trace=stack,
        )

    def take_snapshot(self, operation: str = "manual") -> MemorySnapshot:
        """Read the device now (not stored; `snapshots` holds the monitor's)."""
        stack = _stack() if self.collect_stack_traces else None
        return self._snapshot(self._probe.read(), self._cpu(), operation, stack)

    # --- profiling ---

    def _begin(self, name: str) -> _Call:
        # Walk for tensors before reading: the walk's own list must not count on the CPU.
        tensors = _live_tensors(self.device_id) if self.track_tensors else None
        stack = _stack() if self.collect_stack_traces else None
        if self._sync is not None:
            self._sync()
        raw = self._probe.read()
        snap = self._snapshot(raw, self._cpu(), f"{name}:before", stack)
        token = self._sampler.begin() if self._sampler is not None else None
        return _Call(name, raw, snap, tensors, token, time.perf_counter())

    def _end(self, call: _Call, error: BaseException | None) -> ProfileResult:
        if self._sync is not None and error is None:
            self._sync()
        elapsed = time.perf_counter() - call.started
        raw = self._probe.read()
        sampled = self._sampler.end(call.token) if self._sampler is not None and call.token is not None else 0
        after = self._snapshot(raw, self._cpu(), f"{call.name}:after")
        tensors_after = _live_tensors(self.device_id) if call.tensors is not None else None
        result = self._result(call, raw, after, sampled, elapsed, tensors_after, error)
        self._record(result)
        return result

    def _result(self, call: _Call, raw: _Raw, after: MemorySnapshot, sampled: int, elapsed: float,
                tensors_after: dict[int, weakref.ref[Any]] | None, error: BaseException | None) -> ProfileResult:
        b = call.raw
        lo, hi, exact = _peak_bounds(b, raw, sampled)
        # An inexact peak: the upper bound where the allocator counters give a per-call
        # one (never under-reports), else the highest value seen.
        peak = hi if exact or raw.total_allocated is not None else lo
        before = call.snapshot
        peak_snap = MemorySnapshot(
            timestamp=after.timestamp, operation=f"{call.name}:peak", device_id=self.device_id,
            allocated_memory=peak,
            reserved_memory=_level_peak(b.reserved, raw.reserved, b.reserved_peak, raw.reserved_peak),
            active_memory=_level_peak(b.active, raw.active, b.active_peak, raw.active_peak),
            inactive_memory=0,
            cpu_memory=_max_opt(before.cpu_memory, after.cpu_memory),
            inactive_split_memory=max(b.inactive_split, raw.inactive_split),
        )
        peak_snap.inactive_memory = max(0, peak_snap.reserved_memory - peak_snap.active_memory)
        if self.device == "cpu":
            peak_snap.cpu_memory = peak
        if raw.total_allocated is not None and b.total_allocated is not None:
            allocated = raw.total_allocated - b.total_allocated
            freed = (raw.total_freed or 0) - (b.total_freed or 0)
            allocs: int | None = (raw.allocs or 0) - (b.allocs or 0)
            frees: int | None = (raw.frees or 0) - (b.frees or 0)
        else:
            allocated, freed = max(0, peak - b.allocated), max(0, peak - raw.allocated)
            allocs = frees = None
        created = deleted = None
        if call.tensors is not None and tensors_after is not None:
            created, deleted = _tensor_changes(call.tensors, tensors_after)
        return ProfileResult(
            function_name=call.name, memory_before=before, memory_after=after, memory_peak=peak_snap,
            memory_allocated=allocated, memory_freed=freed, execution_time=elapsed,
            peak_exact=exact, peak_lower_bound=lo, peak_upper_bound=hi,
            tensors_created=created, tensors_deleted=deleted, allocations=allocs, frees=frees,
            error=None if error is None else _describe(error),
        )

    def _record(self, result: ProfileResult) -> None:
        diff = result.memory_diff()
        with self._lock:
            self.results.append(result)
            self.snapshots.append(result.memory_before)
            self.snapshots.append(result.memory_after)
            st = self._stats.get(result.function_name)
            if st is None:
                st = self._stats[result.function_name] = _FunctionStats()
            elif st.nets is None:  # the first call (warm-up: lazy state, caches) is not a leak sign
                st.nets = collections.deque([diff], maxlen=self.leak_window)
            else:
                st.nets.append(diff)
            st.calls += 1
            st.errors += result.error is not None
            st.total_time += result.execution_time
            st.total_allocated += result.memory_allocated
            st.total_diff += diff
            st.peak = max(st.peak, result.peak_memory_usage())
            st.peaks_exact = st.peaks_exact and result.peak_exact
        if self.publish_sections:
            sections.record(result.function_name, self.device, result.peak_memory_usage(), diff)

    def profile_function(self, func: Callable[P, Any], *args: P.args, **kwargs: P.kwargs) -> ProfileResult:
        """Call `func(*args, **kwargs)` and return its ProfileResult (not its return value).

        If it raises, the result (with its after-snapshot) is still recorded in `results`
        and the exception propagates unchanged.
        """
        call = self._begin(_name_of(func))
        try:
            func(*args, **kwargs)
        except BaseException as exc:
            self._end(call, exc)
            raise
        return self._end(call, None)

    @contextmanager
    def profile_context(self, name: str = "context") -> Iterator[ProfileHandle]:
        """Profile the block; the yielded handle's `.result` is set when it ends."""
        handle = ProfileHandle(name)
        call = self._begin(name)
        try:
            yield handle
        except BaseException as exc:
            handle.result = self._end(call, exc)
            raise
        handle.result = self._end(call, None)

    # --- monitoring ---

    def start_monitoring(self, interval: float = 0.1) -> None:
        """Take a snapshot every `interval` seconds on a background thread, into `snapshots`."""
        if interval <= 0:
            raise ValueError("interval must be positive")
        with self._lock:
            if self._monitor is not None and self._monitor[0].is_alive():
                raise RuntimeError("monitoring is already running; stop_monitoring() first")
            stop = threading.Event()
            thread = threading.Thread(target=self._monitor_loop, args=(interval, stop),
                                      name="gpumemd-profiler-monitor", daemon=True)
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
        """Aggregates over every profiled call since the last clear_results()."""
        with self._lock:
            stats = {name: (st.calls, st.errors, st.total_time, st.total_allocated, st.total_diff, st.peak,
                            st.peaks_exact, list(st.nets or ())) for name, st in self._stats.items()}
        now = self.take_snapshot("summary")
        functions: dict[str, dict[str, Any]] = {}
        hints: list[dict[str, Any]] = []
        for name, (calls, errors, total_time, total_alloc, total_diff, peak, exact, nets) in stats.items():
            suspected, growth = _leak(nets, self.leak_threshold_bytes, self.leak_min_calls)
            functions[name] = {
                "call_count": calls,
                "avg_time": total_time / calls,
                "avg_memory_allocated": total_alloc / calls,
                "peak_memory": peak,
                "total_time": total_time,
                "avg_memory_diff": total_diff / calls,
                "errors": errors,
                "peaks_exact": exact,
                "leak_suspected": suspected,
                "growth_per_call": growth,
            }
            if suspected:
                hints.append({
                    "function": name, "calls_considered": len(nets), "growth_per_call": growth,
                    "total_growth": sum(nets),
                    "message": (f"{name}: memory grew in {sum(1 for n in nets if n >= self.leak_threshold_bytes)}"
                                f" of its last {len(nets)} calls, {growth / MiB:.2f} MiB per call on average"),
                })
        hints.sort(key=lambda h: -float(h["growth_per_call"]))
        return {
            "device": self.device,
            "total_functions_profiled": len(functions),
            "total_function_calls": sum(f["call_count"] for f in functions.values()),
            "peak_memory_usage": max((f["peak_memory"] for f in functions.values()), default=0),
            "net_memory_change": now.allocated_memory - self.baseline.allocated_memory,
            "baseline_memory": self.baseline.allocated_memory,
            "current_memory": now.allocated_memory,
            "function_summaries": functions,
            "leak_hints": hints,
        }

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
            "device": self.device,
            "baseline": self.baseline.to_dict(),
            "summary": self.get_summary(),
            "results": [r.to_dict() for r in results],
        }
        if snapshots:
            out["snapshots"] = [s.to_dict() for s in snaps]
        return out

    def to_json(self, path: str | Path | None = None, *, snapshots: bool = True, indent: int | None = None) -> str:
        """to_dict() as JSON; written to `path` when given."""
        text = json.dumps(self.to_dict(snapshots=snapshots), indent=indent)
        if path is not None:
            Path(path).write_text(text)
        return text

    def save_plot(self, path: str | Path, *, title: str | None = None) -> Path:
        """PNG of the session: allocated and reserved over time, profiled sections marked.

        Needs matplotlib (`pip install 'gpumemd[plot]'`).
        """
        from .profiler_plot import plot_session

        with self._lock:
            snaps, results = list(self.snapshots), list(self.results)
        return plot_session(snaps, results, path, title=title or f"gpumemd profiler, {self.device}")

    def close(self) -> None:
        """Stop the monitor and the peak sampler threads."""
        self.stop_monitoring()
        if self._sampler is not None:
            self._sampler.close()

    def __enter__(self) -> GPUMemoryProfiler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- helpers ------------------------------------------------------------------------------

def _peak_bounds(before: _Raw, after: _Raw, sampled: int) -> tuple[int, int, bool]:
    """(lower, upper, exact) for the highest allocated value during a call."""
    lo = max(before.allocated, after.allocated, sampled)
    if after.allocated_peak > before.allocated_peak:  # a new lifetime high-water mark: it is the call's peak
        return after.allocated_peak, after.allocated_peak, True
    if after.allocated_peak < before.allocated_peak:  # the program reset peak stats during the call
        lo = max(lo, after.allocated_peak)
        hi = None
    else:
        hi = before.allocated_peak  # the call stayed at or below the lifetime peak
    if before.total_allocated is not None and after.total_allocated is not None:
        grown = before.allocated + (after.total_allocated - before.total_allocated)
        hi = grown if hi is None else min(hi, grown)
    if hi is None:
        return lo, lo, False
    if lo >= hi:
        return lo, lo, True
    return lo, hi, False


def _level_peak(before: int, after: int, peak_before: int, peak_after: int) -> int:
    """Peak of a level with no per-call counter: exact if the lifetime peak rose, else the higher end."""
    return peak_after if peak_after > peak_before else max(before, after)


def _max_opt(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    return a if b is None else max(a, b)


def _leak(nets: Sequence[int], threshold: int, min_calls: int) -> tuple[bool, float]:
    """(suspected, mean growth per call) from the net change of recent calls.

    Suspected when at least `min_calls` calls are known, at least three quarters of them
    grew by `threshold` or more, and the mean growth is at least `threshold`.
    """
    if len(nets) < min_calls:
        return False, 0.0
    mean = sum(nets) / len(nets)
    growing = sum(1 for n in nets if n >= threshold)
    return (growing * 4 >= len(nets) * 3 and mean >= threshold), mean


def _name_of(func: Callable[..., Any]) -> str:
    name = getattr(func, "__qualname__", None) or getattr(func, "__name__", None)
    if isinstance(name, str):
        return name
    inner = getattr(func, "func", None)  # functools.partial
    if inner is not None:
        return _name_of(inner)
    return type(func).__name__


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 500 else text[:499] + "…"


_HERE = os.path.abspath(__file__)


def _stack(limit: int = 32) -> list[str]:
    """The caller's stack, without the profiler's and contextlib's own frames."""
    frames = [f for f in traceback.extract_stack(limit=limit + 8)
              if os.path.abspath(f.filename) != _HERE and not f.filename.endswith("contextlib.py")]
    return traceback.format_list(frames[-limit:])
