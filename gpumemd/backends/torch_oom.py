"""PyTorch's out-of-memory observer behind a narrow Protocol: `TorchOomApi`, `TorchOom`, `LazyTorchOom`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .torch_cuda import torch_ready

__all__ = ["LazyTorchOom", "OomCallback", "TorchOom", "TorchOomApi"]

OomCallback = Callable[[int, int, int, int], None]  # device, alloc size, device total/limit, device free


class TorchOomApi(Protocol):
    """The part of torch this module uses; real (`TorchOom`) or faked in tests."""

    def attach_oom_observer(self, fn: OomCallback) -> bool: ...  # False: not available in this torch
    def num_ooms(self, device: int) -> int | None: ...
    def is_initialized(self) -> bool: ...
    def dump_snapshot(self, path: str) -> None: ...
    def history_enabled(self) -> bool: ...
    def record_history(self, max_entries: int, stacks: str) -> None: ...
    def stop_history(self) -> None: ...


class TorchOom:
    """TorchOomApi over the real torch (imported here, by the agent only)."""

    def __init__(self) -> None:
        import torch

        self._torch = torch

    def attach_oom_observer(self, fn: OomCallback) -> bool:
        attach = getattr(self._torch._C, "_cuda_attach_out_of_memory_observer", None)  # getattr: private, absent in some torch builds
        if attach is None:
            return False
        attach(fn)
        return True

    def num_ooms(self, device: int) -> int | None:
        raw = getattr(self._torch._C, "_cuda_memoryStats", None)  # getattr: private, absent in some torch builds
        if raw is None:
            return None
        return int(raw(device).get("num_ooms", 0))

    def is_initialized(self) -> bool:
        return bool(self._torch.cuda.is_initialized())

    def dump_snapshot(self, path: str) -> None:
        self._torch.cuda.memory._dump_snapshot(path)

    def history_enabled(self) -> bool:
        fn = getattr(self._torch._C, "_cuda_isHistoryEnabled", None)  # getattr: private, absent in older torch
        return bool(fn()) if fn is not None else False

    def record_history(self, max_entries: int, stacks: str) -> None:
        self._torch.cuda.memory._record_memory_history(
            enabled="all", context="alloc", stacks=stacks, max_entries=max_entries)

    def stop_history(self) -> None:
        self._torch.cuda.memory._record_memory_history(enabled=None)


class LazyTorchOom:
    """TorchOomApi, likewise lazy; the OOM observer is attached once CUDA is initialised
    (attached earlier, the allocator has no device allocators yet and drops it)."""

    def __init__(self) -> None:
        self._api: TorchOom | None = None

    def _get(self) -> TorchOom:
        if self._api is None:
            self._api = TorchOom()
        return self._api

    def is_initialized(self) -> bool:
        return torch_ready() and bool(self._get().is_initialized())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._get(), name)  # getattr: forwards the TorchOomApi to the real adapter
