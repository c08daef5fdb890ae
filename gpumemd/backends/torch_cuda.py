"""PyTorch's CUDA caching allocator behind a narrow Protocol: `TorchCudaApi`, `TorchCuda`.

The lazy adapter that picks this one or another accelerator's is `torch_accel.LazyTorchCuda`
(the chooser lives there: this module imports nothing of its siblings)."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Protocol

__all__ = [
    "AllocatorStats", "Counters", "ReadCounters", "TorchCuda", "TorchCudaApi", "import_torch", "init_cuda",
    "light_snapshot", "nest", "peak_counters", "span_peak", "torch_ready",
]

# (the nested dict's group, its key, the record's field, what an older torch that lacks the key reads)
_FIELDS: tuple[tuple[str, str, str, int | None], ...] = (
    ("allocated_bytes", "current", "allocated", None),
    ("allocated_bytes", "peak", "allocated_peak", None),
    ("allocated_bytes", "allocated", "allocated_total", 0),
    ("allocated_bytes", "freed", "freed_total", 0),
    ("reserved_bytes", "current", "reserved", None),
    ("reserved_bytes", "peak", "reserved_peak", None),
    ("reserved_bytes", "allocated", "reserved_total", 0),
    ("reserved_bytes", "freed", "released_total", 0),
    ("active_bytes", "current", "active", None),
    ("active_bytes", "peak", "active_peak", None),
    ("inactive_split_bytes", "current", "inactive_split_bytes", None),
    ("requested_bytes", "current", "requested", None),
    ("allocation", "current", "allocations", None),
    ("allocation", "allocated", "allocations_total", None),
    ("allocation", "freed", "frees_total", None),
    ("segment", "current", "segments", None),
    ("inactive_split", "current", "inactive_splits", None),
    ("", "num_alloc_retries", "alloc_retries", 0),
    ("", "num_ooms", "ooms", 0),
    ("", "num_device_alloc", "device_allocs", 0),
    ("", "num_device_free", "device_frees", 0),
)
ReadCounters = tuple[int, int, int, int]  # Counters with both cumulative counters read
_new = tuple.__new__  # a named tuple without its generated __new__'s argument binding


class AllocatorStats(NamedTuple):
    """One read of torch's allocator statistics (`memory_stats`' nested dict), the only parse
    of that dict: bytes unless named otherwise, None where torch answered no count (a value
    that is not a non-negative int: a bool, a float, NaN, a string) or left out a key it always
    has; those fields are named in `invalid`. Keys an older torch lacks read 0, as before.
    A named tuple rather than a frozen dataclass: built every tick and twice per profiled call,
    and a frozen dataclass sets its fields one `object.__setattr__` at a time (several times
    slower, as `AllocatorReading` found)."""

    allocated: int | None
    allocated_peak: int | None
    allocated_total: int | None  # cumulative bytes ever allocated
    freed_total: int | None
    reserved: int | None
    reserved_peak: int | None
    reserved_total: int | None  # cumulative bytes of segments mapped
    released_total: int | None
    active: int | None
    active_peak: int | None
    inactive_split_bytes: int | None
    requested: int | None
    allocations: int | None  # blocks, not bytes
    allocations_total: int | None
    frees_total: int | None
    segments: int | None
    inactive_splits: int | None
    alloc_retries: int | None
    ooms: int | None
    device_allocs: int | None
    device_frees: int | None
    invalid: tuple[str, ...] = ()

    @classmethod
    def parse(cls, stats: Mapping[str, Any]) -> AllocatorStats | None:
        """The record of one `memory_stats` answer; None for `{}` (a CPU-only build: no reading).
        Never raises."""
        if not stats:
            return None
        try:
            a = stats["allocated_bytes"]["all"]
            r = stats["reserved_bytes"]["all"]
            ac = stats["active_bytes"]["all"]
            n = stats["allocation"]["all"]
            a0, a1, a2, a3 = a["current"], a["peak"], a.get("allocated", 0), a.get("freed", 0)
            r0, r1, r2, r3 = r["current"], r["peak"], r.get("allocated", 0), r.get("freed", 0)
            c0, c1 = ac["current"], ac["peak"]
            s0 = stats["inactive_split_bytes"]["all"]["current"]
            q0 = stats["requested_bytes"]["all"]["current"]
            n0, n1, n2 = n["current"], n["allocated"], n["freed"]
            g0 = stats["segment"]["all"]["current"]
            i0 = stats["inactive_split"]["all"]["current"]
            k0, k1 = stats.get("num_alloc_retries", 0), stats.get("num_ooms", 0)
            k2, k3 = stats.get("num_device_alloc", 0), stats.get("num_device_free", 0)
        except Exception:  # noqa: BLE001 - a key missing or not a dict: the careful walk names it
            return cls._careful(stats)
        # every tick: a chain of identity checks is the cheapest test (bool and float are not int)
        if (
            type(a0) is type(a1) is type(a2) is type(a3) is type(r0) is type(r1) is type(r2) is type(r3)
            is type(c0) is type(c1) is type(s0) is type(q0) is type(n0) is type(n1) is type(n2)
            is type(g0) is type(i0) is type(k0) is type(k1) is type(k2) is type(k3) is int
            and min(a0, a1, a2, a3, r0, r1, r2, r3, c0, c1, s0, q0, n0, n1, n2, g0, i0, k0, k1, k2, k3) >= 0
        ):
            return _new(
                cls, (a0, a1, a2, a3, r0, r1, r2, r3, c0, c1, s0, q0, n0, n1, n2, g0, i0, k0, k1, k2, k3, ())
            )
        return cls._careful(stats)

    @classmethod
    def _careful(cls, stats: Mapping[str, Any]) -> AllocatorStats | None:
        if not isinstance(stats, Mapping):
            return None
        values: list[int | None] = []
        invalid: list[str] = []
        for group, key, field, missing in _FIELDS:
            node: Any = stats
            if group:
                node = node.get(group) if isinstance(node, Mapping) else None
                node = node.get("all") if isinstance(node, Mapping) else None
            value = node.get(key, missing) if isinstance(node, Mapping) else None
            if type(value) is not int or value < 0:
                value = None
                invalid.append(field)
            values.append(value)
        return _new(cls, (*values, tuple(invalid)))


def peak_counters(stats: Mapping[str, Any]) -> tuple[ReadCounters, ReadCounters] | None:
    """`AllocatorStats`' allocated and reserved counters alone (current, peak, cumulative in,
    cumulative out), validated as `parse` validates them: the agent's tick reads only
    these after every optimizer step, so it does not build the whole record. None where torch
    answered `{}` or any of the eight is not a count."""
    try:
        a = stats["allocated_bytes"]["all"]
        r = stats["reserved_bytes"]["all"]
        a0, a1, a2, a3 = a["current"], a["peak"], a.get("allocated", 0), a.get("freed", 0)
        r0, r1, r2, r3 = r["current"], r["peak"], r.get("allocated", 0), r.get("freed", 0)
    except Exception:  # noqa: BLE001 - {} or a malformed answer: no counters
        return None
    if (
        type(a0) is type(a1) is type(a2) is type(a3) is type(r0) is type(r1) is type(r2) is type(r3) is int
        and min(a0, a1, a2, a3, r0, r1, r2, r3) >= 0
    ):
        return (a0, a1, a2, a3), (r0, r1, r2, r3)
    return None


# (current, lifetime peak, cumulative in, cumulative out) of one allocator level; the
# cumulative counters may be unknown (None: a CPU probe, a torch that answers none).
Counters = tuple[int, int, int | None, int | None]


def span_peak(before: Counters, after: Counters, sampled: int = 0) -> tuple[int, int, bool]:
    """(lower, upper, exact) bounds of a level's highest value between two readings, without
    resetting the user's peak statistics (`sampled`: a value seen in between). The one home of
    this arithmetic: the allocator source's interval and step peaks and the profiler's call peak.

    A lifetime peak that rose is the span's peak, exactly. Otherwise the level stayed at or
    under the old lifetime peak and under `current before + bytes allocated since` (every byte
    allocated, none freed first); a peak reset inside the span (a lower lifetime peak) leaves
    only the second bound and raises the lower one to the new peak."""
    c0, p0, in0, _ = before
    c1, p1, in1, _ = after
    if p1 > p0:
        return p1, p1, True
    lo = max(c0, c1, sampled)
    hi: int | None
    if p1 < p0:
        lo = max(lo, p1)
        hi = None
    else:
        hi = p0
    if in0 is not None and in1 is not None and in1 >= in0:  # not reset by reset_accumulated_memory_stats
        grown = c0 + (in1 - in0)
        hi = grown if hi is None else min(hi, grown)
    if hi is None:
        return lo, lo, False
    if lo >= hi:
        return lo, lo, True
    return lo, hi, False


class TorchCudaApi(Protocol):
    """The part of torch.cuda the allocator source reads; real or replayed."""

    def is_initialized(self) -> bool: ...
    def device_count(self) -> int: ...
    def memory_stats(self, device: int) -> dict[str, Any]: ...  # nested, as torch._C._cuda_memoryStats
    def device_uuid(self, device: int) -> str: ...
    def memory_fraction(self, device: int) -> float | None: ...  # set_per_process_memory_fraction, if set
    def total_memory(self, device: int) -> int: ...
    def mem_get_info(self, device: int) -> tuple[int, int]: ...  # (free, total); only on a device in use
    # The three below are optional in torch: None / {} where this torch lacks them.
    def allocator_backend(self) -> str | None: ...  # get_allocator_backend(): native, cudaMallocAsync
    def device_memory_used(self, device: int) -> int | None: ...  # device-wide used, through NVML
    def host_memory_stats(self) -> dict[str, Any]: ...  # the pinned host allocator, nested
    # memory_snapshot(include_traces=False): every device's segments as torch gives them (dicts
    # with device, total_size, allocated_size, segment_pool_id...); None where this torch has
    # no snapshot or CUDA is not initialised. Costs a walk of every block: not for every tick.
    def pool_segments(self) -> list[dict[str, Any]] | None: ...
    # This thread's current stream on `device` as the allocator's snapshot names streams (the
    # raw cudaStream_t, 0 for the default stream); None where unknown. Read at an OOM, in the
    # allocating thread: the stream the refused request was for. Never creates a context.
    def current_stream(self, device: int) -> int | None: ...
    # Only for the opt-in agent.step_peak_reset (the peaks are the user's statistics): False
    # where this backend cannot reset them (another accelerator, a replay).
    def reset_peak_memory_stats(self, device: int) -> bool: ...


def nest(flat: Mapping[str, Any]) -> dict[str, Any]:
    """Public `memory_stats()` keys (`allocated_bytes.all.current`) back into the nested form."""
    out: dict[str, Any] = {}
    for key, value in flat.items():
        node = out
        *parents, leaf = key.split(".")
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = value
    return out


class TorchCuda:
    """TorchCudaApi over the real torch.cuda (imported here, never by the daemon)."""

    def __init__(self, torch: Any = None) -> None:
        self._torch = torch if torch is not None else import_torch()
        # getattr: private, absent in some torch builds
        self._raw = getattr(self._torch._C, "_cuda_memoryStats", None)
        self._snapshot: Callable[[], Any] | None = None  # memory_snapshot, bound once CUDA is up

    def is_initialized(self) -> bool:
        return bool(self._torch.cuda.is_initialized())

    def device_count(self) -> int:
        return int(self._torch.cuda.device_count())

    def memory_stats(self, device: int) -> dict[str, Any]:
        if self._raw is not None:
            return self._raw(device)  # a fresh dict each call: no copy
        return nest(self._torch.cuda.memory_stats(device))

    def reset_peak_memory_stats(self, device: int) -> bool:
        """Only with agent.step_peak_reset (opt-in): the peaks are the user's statistics."""
        self._torch.cuda.reset_peak_memory_stats(device)
        return True

    def device_uuid(self, device: int) -> str:
        uuid = str(
            getattr(self._torch.cuda.get_device_properties(device), "uuid", "")
        )  # getattr: older torch lacks it
        return uuid if not uuid or uuid.startswith(("GPU-", "MIG-")) else f"GPU-{uuid}"  # NVML's spelling

    def memory_fraction(self, device: int) -> float | None:
        get = getattr(self._torch.cuda, "get_per_process_memory_fraction", None)  # getattr: newer torch only
        fraction = get(device) if get is not None else None
        return None if fraction is None or fraction >= 1.0 else float(fraction)

    def total_memory(self, device: int) -> int:
        return int(self._torch.cuda.get_device_properties(device).total_memory)

    def mem_get_info(self, device: int) -> tuple[int, int]:
        # Creates a CUDA context on a device that has none: callers ask only for devices in use.
        free, total = self._torch.cuda.mem_get_info(device)
        return int(free), int(total)

    def allocator_backend(self) -> str | None:
        get = getattr(self._torch.cuda, "get_allocator_backend", None)
        return None if get is None else str(get())

    def device_memory_used(self, device: int) -> int | None:
        get = getattr(self._torch.cuda, "device_memory_used", None)  # NVML by index: no CUDA context
        return None if get is None else int(get(device))

    def host_memory_stats(self) -> dict[str, Any]:
        raw = getattr(self._torch._C, "_cuda_hostMemoryStats", None)
        if raw is None or not self.is_initialized():  # as torch's own wrapper: nothing before CUDA init
            return {}
        return dict(raw())

    def current_stream(self, device: int) -> int | None:
        if not self.is_initialized():  # CUDA is up at an OOM; before it, no stream is asked for
            return None
        return int(self._torch.cuda.current_stream(device).cuda_stream)

    def pool_segments(self) -> list[dict[str, Any]] | None:
        if not self.is_initialized():  # never the call that creates a context
            return None
        if self._snapshot is None:
            self._snapshot = light_snapshot(
                getattr(self._torch.cuda, "memory_snapshot", None)
            )  # getattr: stubs lack it
        return self._snapshot()


def light_snapshot(snapshot: Callable[..., Any] | None) -> Callable[[], list[dict[str, Any]] | None]:
    """A device module's `memory_snapshot` as a call without arguments: `include_traces=False`
    where it takes it (the allocator's trace ring is otherwise copied too); None without one."""
    if snapshot is None:
        return lambda: None
    try:
        light = "include_traces" in inspect.signature(snapshot).parameters
    except (TypeError, ValueError):  # no signature to read: the plain call
        light = False
    if light:
        return lambda: list(snapshot(include_traces=False))
    return lambda: list(snapshot())


def import_torch() -> Any:
    """The torch module (ImportError without it): the backends' one import of the program's
    torch. A function, so an adapter's `torch` argument (a fake in tests) is never redefined
    by an import (mypy without torch installed says no-redef)."""
    import torch

    return torch


def torch_ready() -> bool:
    """torch is imported (by the program) and not half-way through its own import."""
    mod = sys.modules.get("torch")
    return mod is not None and not getattr(
        getattr(mod, "__spec__", None), "_initializing", False
    )  # getattr: a module's import state


def init_cuda() -> None:
    """Import torch and initialise CUDA where a device is visible (`gpumemd capture --torch`,
    a process of its own); raises ImportError without torch."""
    torch = import_torch()
    if torch.cuda.is_available():
        torch.cuda.init()
