"""One reading of a device, and how the profiler finds it: the allocator's counters through
`backends.torch_cuda` for a CUDA device, resident memory and the kernel's high-water mark
through `backends.host` for the CPU; the background peak sampler; device parsing; the
live-tensor walk (torch's own objects, found through the garbage collector).
"""

from __future__ import annotations

import gc
import os
import re
import sys
import threading
import time
import weakref
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from gpumemd.backends.host import HostApi, ProcessUnreadable
from gpumemd.backends.torch_cuda import AllocatorStats, TorchCuda, TorchCudaApi

try:  # POSIX only; without it the CPU high-water mark is unknown and CPU peaks are sampled ones
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

__all__ = [
    "DEVICE_FORMS",
    "CpuProbe",
    "CudaProbe",
    "Device",
    "PeakSampler",
    "RawReading",
    "current_device",
    "device_object",
    "live_tensors",
    "parse_device",
    "synchronizer",
    "tensor_changes",
]


class Device:
    """`profiler.device` when torch is not imported: `.type`, `.index` and `str()` as on a torch.device."""

    __slots__ = ("type", "index")

    def __init__(self, type: str, index: int | None = None) -> None:  # noqa: A002 - torch.device's names
        self.type = type
        self.index = index

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __repr__(self) -> str:
        return f"device(type={self.type!r}" + ("" if self.index is None else f", index={self.index}") + ")"

    def __eq__(self, other: object) -> bool:
        kind, index = (
            getattr(other, "type", None),
            getattr(other, "index", None),
        )  # getattr: a torch.device or a Device, duck-typed
        return isinstance(kind, str) and (kind, index) == (self.type, self.index)

    def __hash__(self) -> int:
        return hash((self.type, self.index))


def device_object(kind: str, index: int | None) -> Any:
    """A torch.device where torch is already imported (always so for CUDA), else a Device."""
    torch = sys.modules.get("torch")
    make = getattr(torch, "device", None)  # getattr: a torch stub in tests may lack it
    if callable(make):
        return make(kind) if index is None else make(kind, index)
    return Device(kind, index)


class RawReading(NamedTuple):
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


_new = tuple.__new__

# Before the process initialised CUDA nothing can be allocated on it: every counter is 0.
_ZERO = RawReading(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
# A torch that answers no statistics (a CPU-only build): levels read 0, but the counters
# are unknown, not 0 — a result then says None for its allocations and frees.
_UNREAD = RawReading(0, 0, 0, 0, 0, 0, 0, None, None, None, None)


class CudaProbe:
    """Reads one device's allocator through a TorchCudaApi (real torch.cuda or a replay)."""

    def __init__(self, api: TorchCudaApi, index: int) -> None:
        self.api = api
        self.index = index
        self._initialized = False

    def read(self) -> RawReading:
        return self.reading(self.sample())

    def sample(self) -> Mapping[str, Any] | None:
        """torch's answer, unparsed (None: CUDA is not initialised, nothing is allocated);
        `reading` parses it, later: a profiled call's before-reading is parsed after the call."""
        if not self._initialized:
            # Before the process initialised CUDA nothing is allocated; reading now could
            # create a context the program never asked for.
            if not self.api.is_initialized():
                return None
            self._initialized = True
        return self.api.memory_stats(self.index)  # a fresh dict each call (torch's binding)

    def reading(self, sample: Mapping[str, Any] | None) -> RawReading:
        if sample is None:
            return _ZERO
        stats = AllocatorStats.parse(sample)
        if stats is None or stats.invalid:  # CPU-only builds answer {}; a value that is no count
            return _UNREAD
        # Every field is a count here (`invalid` is empty); built without the named tuple's
        # argument binding: two of these per profiled call.
        return _new(
            RawReading,
            (
                stats.allocated,
                stats.reserved,
                stats.active,
                stats.inactive_split_bytes,
                stats.allocated_peak,
                stats.reserved_peak,
                stats.active_peak,
                stats.allocated_total,
                stats.freed_total,
                stats.allocations_total,  # allocator blocks (allocations), not bytes
                stats.frees_total,
            ),
        )


def _max_rss() -> int:
    """The process's resident high-water mark in bytes (0 where unknown)."""
    if resource is None:
        return 0
    peak = int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return peak if sys.platform == "darwin" else peak * 1024  # Linux reports KiB


class CpuProbe:
    """Process resident memory (psutil, as the host source reads it) and its high-water mark."""

    def __init__(self, host: HostApi) -> None:
        self.host = host

    def rss(self) -> int:
        try:
            return self.host.process_rss(os.getpid())
        except ProcessUnreadable:
            return 0

    def read(self) -> RawReading:
        rss = self.rss()
        hwm = max(_max_rss(), rss)
        return RawReading(rss, rss, rss, 0, hwm, hwm, hwm, None, None, None, None)

    def sample(self) -> RawReading:  # as CudaProbe's: here reading is all the work
        return self.read()

    def reading(self, sample: RawReading) -> RawReading:
        return sample


class PeakSampler:
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


_CUDA_RE = re.compile(r"cuda:(\d+)")


DEVICE_FORMS = "'cpu', 'cuda', 'cuda:N', an int N, a torch.device, or None (the current CUDA device)"


def parse_device(device: Any) -> tuple[str, int | None]:
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


def current_device(api: TorchCudaApi) -> int:
    get = getattr(
        api, "current_device", None
    )  # getattr: optional on a TorchCudaApi (recorded captures lack it)
    if callable(get):
        return int(get())
    torch = sys.modules.get("torch")
    # torch.cuda.current_device() would initialise CUDA; before that the current device is 0.
    if torch is not None and torch.cuda.is_initialized():
        return int(torch.cuda.current_device())
    return 0


def live_tensors(device_index: int) -> dict[int, weakref.ref[Any]]:
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


def tensor_changes(
    before: dict[int, weakref.ref[Any]], after: dict[int, weakref.ref[Any]]
) -> tuple[int, int]:
    """(created, deleted): alive after but not before, and alive before but gone after."""
    created = 0
    for key, ref in after.items():
        old = before.get(key)
        if old is None or old() is not ref():  # a new id, or a freed tensor's id reused
            created += 1
    deleted = sum(1 for ref in before.values() if ref() is None)
    return created, deleted


def synchronizer(api: TorchCudaApi, index: int) -> Callable[[], None] | None:
    """Waits for the device's queued work; never the one to create a CUDA context.

    The api's own `synchronize(index)` where it has one (replays in tests), else
    torch.cuda.synchronize for the real torch.cuda; None where there is nothing to wait on.
    """
    sync = getattr(
        api, "synchronize", None
    )  # getattr: optional on a TorchCudaApi (recorded captures lack it)
    if not callable(sync):
        if not isinstance(api, TorchCuda):
            return None
        return _torch_synchronizer(api, index)

    def wait() -> None:
        if api.is_initialized():
            sync(index)

    return wait


def _torch_synchronizer(api: TorchCuda, index: int) -> Callable[[], None]:
    """torch.cuda.synchronize(index), without its device switch when `index` is current.

    torch.cuda.synchronize enters a device context on every call; a profiled call
    synchronizes twice, so where the device is already the current one the profiler calls
    the synchronize binding directly (the public function where torch lacks the bindings).
    """
    torch = sys.modules["torch"]
    public = torch.cuda.synchronize
    raw = getattr(torch._C, "_cuda_synchronize", None)  # getattr: private bindings, absent in some builds
    current = getattr(torch._C, "_cuda_getDevice", None)  # getattr: as above

    def wait() -> None:
        if not api.is_initialized():
            return
        if raw is not None and current is not None and current() == index:
            raw()
        else:
            public(index)

    return wait
