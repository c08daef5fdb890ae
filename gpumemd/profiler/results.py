"""What the profiler returns: `MemorySnapshot`, `ProfileResult`, the bounded `BoundedList`
that holds them, and how a call's peak (exact, or bounds) and a leak verdict are derived
from two readings.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar, overload

from gpumemd.backends.torch_cuda import span_peak
from gpumemd.diagnosis.leakverdict import LeakVerdict, leak_verdict

from .probes import RawReading

__all__ = [
    "BoundedList", "MemorySnapshot", "MiB", "ProfileResult", "level_peak", "peak_bounds", "suspect_leak",
]

T = TypeVar("T")

MiB = 1 << 20


@dataclass(slots=True)
class MemorySnapshot:
    """Memory of the profiled device at one moment, in bytes.

    The first eleven fields, their order and their defaults are the seed profiler's
    (Stormlog / gpumemprof), so code that builds or reads its snapshots runs unchanged.
    On a CUDA device: the caching allocator's figures. On `device="cpu"`: the process's
    resident memory in allocated/reserved/active/cpu_memory, its high-water mark in the
    two max fields, 0 in inactive and cached-free, and `device_id` -1.
    """

    timestamp: float  # time.time()
    allocated_memory: int  # memory in tensors
    reserved_memory: int  # what the caching allocator holds from CUDA (allocated + cached)
    max_memory_allocated: int  # lifetime high-water marks, as torch.cuda.max_memory_*() (never reset here)
    max_memory_reserved: int
    active_memory: int  # active blocks (allocated, or freed while a stream still uses them)
    inactive_memory: int  # the allocator's inactive split blocks: cached, unusable whole (fragmentation)
    cpu_memory: int  # process resident memory; 0 when not tracked (see cpu_memory_tracked)
    device_id: int = 0  # CUDA index; -1 for the CPU
    operation: str | None = None  # "before_<name>", "after_<name>", "peak_<name>", "monitor", ...
    stack_trace: str | None = None  # with collect_stack_traces=True, on before-snapshots
    cached_free_memory: int = 0  # all cached memory no block uses: reserved - active
    cpu_memory_tracked: bool = True  # False: cpu_memory was not measured (track_cpu_memory=False)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> MemorySnapshot:
        return MemorySnapshot(**d)


@dataclass(slots=True)
class ProfileResult:
    """One profiled call of a function or block.

    Buildable from the seed profiler's fields alone (same order); gpumemd's own fields
    follow with defaults. A result built by hand states its peak: `peak_exact` and both
    bounds default to `memory_peak.allocated_memory`.
    """

    function_name: str  # the function's __name__, or the block's name
    execution_time: float  # seconds; includes the GPU work unless synchronize=False
    memory_before: MemorySnapshot
    memory_after: MemorySnapshot
    memory_peak: MemorySnapshot  # the per-call peak of each figure (they need not coincide in time)
    memory_allocated: int  # bytes allocated during the call (GPU: exact total; CPU: peak - before)
    memory_freed: int  # bytes freed during the call (GPU: exact total; CPU: peak - after)
    tensors_created: int  # what `tensor_counts` says: allocator blocks allocated, or live tensors; else 0
    tensors_deleted: int  # allocator blocks freed, or tensors alive before and gone after; else 0
    call_count: int = 1
    peak_exact: bool = True
    peak_lower_bound: int = -1  # -1: not given, taken from memory_peak
    peak_upper_bound: int = -1
    tensors_tracked: bool = True  # False: the two counts were not measured (0 stands for unknown)
    allocations: int | None = None  # allocator blocks allocated during the call (GPU only)
    frees: int | None = None  # allocator blocks freed during the call (GPU only)
    error: str | None = None  # "Type: message" when the call raised
    qualified_name: str | None = None  # "module.Outer.<locals>.f" for a function; None for a block
    # What tensors_created/_deleted count: "allocations" (the allocator's blocks, the
    # default on a GPU), "tensors" (live tensors, track_tensors=True), None (not measured).
    tensor_counts: str | None = "tensors"

    def __post_init__(self) -> None:
        if not self.tensors_tracked:
            self.tensor_counts = None
        if self.peak_lower_bound < 0:
            self.peak_lower_bound = self.memory_peak.allocated_memory
        if self.peak_upper_bound < 0:
            self.peak_upper_bound = self.memory_peak.allocated_memory

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


class BoundedList(Sequence[T]):
    """A ring buffer that reads like a list: `results` and `snapshots`.

    At most `maxlen` items; appending to a full one drops the oldest. Indexing, slicing
    (a plain list), `len`, iteration, `==` with a list, `+` and `del x[:]` behave as on a
    list, so code written for list attributes runs unchanged. Iteration and slicing work
    on a copy, so a monitor thread appending meanwhile never breaks a loop.
    """

    __slots__ = ("_items",)
    __hash__ = None  # type: ignore[assignment]  # mutable, like list

    def __init__(self, maxlen: int, items: Iterable[T] = ()) -> None:
        if maxlen < 1:
            raise ValueError("maxlen must be at least 1")
        self._items: collections.deque[T] = collections.deque(items, maxlen=maxlen)

    @property
    def maxlen(self) -> int:
        return self._items.maxlen or 0

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return list(self._items)[index]
        return self._items[index]

    def __setitem__(self, index: int, value: T) -> None:
        self._items[index] = value

    def __delitem__(self, index: int | slice) -> None:
        if isinstance(index, slice):
            kept = list(self._items)
            del kept[index]
            self._items.clear()
            self._items.extend(kept)
        else:
            del self._items[index]

    def __iter__(self) -> Iterator[T]:
        return iter(list(self._items))  # a copy: list() of a deque runs without releasing the GIL

    def __reversed__(self) -> Iterator[T]:
        return reversed(list(self._items))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BoundedList):
            return list(self._items) == list(other._items)
        if isinstance(other, list):
            return list(self._items) == other
        return NotImplemented

    def __add__(self, other: Iterable[T]) -> list[T]:
        return [*self._items, *other]

    def __radd__(self, other: Iterable[T]) -> list[T]:
        return [*other, *self._items]

    def __repr__(self) -> str:
        return repr(list(self._items))

    def append(self, item: T) -> None:
        self._items.append(item)

    def extend(self, items: Iterable[T]) -> None:
        self._items.extend(items)

    def pop(self, index: int = -1) -> T:
        if index == -1:
            return self._items.pop()
        item = self._items[index]
        del self._items[index]
        return item

    def clear(self) -> None:
        self._items.clear()

    def copy(self) -> list[T]:
        return list(self._items)


def peak_bounds(before: RawReading, after: RawReading, sampled: int) -> tuple[int, int, bool]:
    """(lower, upper, exact) for the highest allocated value during a call (`span_peak`)."""
    return span_peak(
        (before.allocated, before.allocated_peak, before.total_allocated, before.total_freed),
        (after.allocated, after.allocated_peak, after.total_allocated, after.total_freed),
        sampled,
    )


def level_peak(before: int, after: int, peak_before: int, peak_after: int) -> int:
    """Peak of a level with no per-call counter: exact if the lifetime peak rose, else the higher end."""
    return peak_after if peak_after > peak_before else max(before, after)


def suspect_leak(nets: Sequence[int], threshold: int, min_calls: int) -> LeakVerdict:
    """The one leak verdict (gpumemd/diagnosis/leakverdict.py) over the memory after each of the
    recent calls, a call for a step: suspected when the last `min_calls` calls or more each
    grew by `threshold` or more; its growth per call is the run's."""
    level = sum(abs(n) for n in nets)  # a start that keeps every level a byte count
    ends = [(0, level)]
    for i, net in enumerate(nets, 1):
        level += net
        ends.append((i, level))
    return leak_verdict(ends, min_growth=max(1, threshold), min_ends=min_calls + 1)
