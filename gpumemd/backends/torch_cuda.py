"""PyTorch's CUDA caching allocator behind a narrow Protocol: `TorchCudaApi`, `TorchCuda`.

The lazy adapter that picks this one or another accelerator's is `torch_accel.LazyTorchCuda`
(the chooser lives there: this module imports nothing of its siblings)."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Mapping
from typing import Any, Protocol

__all__ = ["TorchCuda", "TorchCudaApi", "import_torch", "init_cuda", "light_snapshot", "nest", "torch_ready"]


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
