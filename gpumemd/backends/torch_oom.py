"""PyTorch's out-of-memory observer behind a narrow Protocol: `TorchOomApi`, `TorchOom`, `LazyTorchOom`."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import threading
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Protocol

from .torch_cuda import AllocatorStats, import_torch, torch_ready

__all__ = ["LazyTorchOom", "OomCallback", "TorchOom", "TorchOomApi", "on_cuda_init", "when_imported"]

OomCallback = Callable[[int, int, int, int], None]  # device, alloc size, device total/limit, device free


class TorchOomApi(Protocol):
    """The part of torch this module uses; real (`TorchOom`) or faked in tests."""

    def attach_oom_observer(self, fn: OomCallback) -> bool: ...  # False: not available in this torch
    # torch.OutOfMemoryError, the class torch raises at an OOM (compared by identity); None where
    # this torch names none
    def oom_error_type(self) -> type[BaseException] | None: ...
    def on_cuda_init(self, fn: Callable[[], None]) -> bool: ...  # fn runs when the program initialises CUDA
    def num_ooms(self, device: int) -> int | None: ...
    def is_initialized(self) -> bool: ...
    def dump_snapshot(self, path: str) -> None: ...
    def history_enabled(self) -> bool: ...
    def record_history(self, max_entries: int, stacks: str) -> None: ...
    def stop_history(self) -> None: ...
    def record_history_state(self, max_entries: int) -> None: ...  # live blocks' Python stacks only
    def snapshot(self) -> dict[str, Any]: ...  # torch.cuda.memory._snapshot(): segments with their frames
    # The shape probe's trace (agent/shapeprobe.py): history of allocations and frees without
    # stacks. While only the probe records, history_enabled() answers False: the OOM watcher
    # and the leak finder take history over (and the probe's end_trace then answers False).
    def record_trace(self, max_entries: int) -> None: ...
    def end_trace(self) -> bool: ...  # stopped the probe's trace; False: someone took it over


# what the probe's trace leaves out: it reads allocations and the frees that lower allocated bytes
_TRACE_SKIP = ["free_completed", "segment_alloc", "segment_free", "segment_map", "segment_unmap", "snapshot"]


class TorchOom:
    """TorchOomApi over the real torch (imported here, by the agent only)."""

    def __init__(self) -> None:
        self._torch = import_torch()
        self._trace_lock = threading.Lock()
        self._tracing = False  # the history recording is the shape probe's trace

    def attach_oom_observer(self, fn: OomCallback) -> bool:
        attach = getattr(
            self._torch._C, "_cuda_attach_out_of_memory_observer", None
        )  # getattr: private, absent in some torch builds
        if attach is None:
            return False
        attach(fn)
        return True

    def oom_error_type(self) -> type[BaseException] | None:
        cls = getattr(self._torch, "OutOfMemoryError", None)  # getattr: torch.cuda's only before 2.5
        if cls is None:
            cls = getattr(self._torch.cuda, "OutOfMemoryError", None)  # getattr: as above
        return cls if isinstance(cls, type) and issubclass(cls, BaseException) else None

    def on_cuda_init(self, fn: Callable[[], None]) -> bool:
        """Queue `fn` on torch's own initialisation path (`torch.cuda._lazy_call`): it runs
        inside the program's first CUDA use, before that use allocates anything, or at once
        where CUDA is already up. False where this torch has no such path."""
        return on_cuda_init(self._torch.cuda, fn)

    def num_ooms(self, device: int) -> int | None:
        raw = getattr(
            self._torch._C, "_cuda_memoryStats", None
        )  # getattr: private, absent in some torch builds
        if raw is None:
            return None
        stats = AllocatorStats.parse(raw(device))
        return stats.ooms if stats is not None else None

    def is_initialized(self) -> bool:
        return bool(self._torch.cuda.is_initialized())

    def dump_snapshot(self, path: str) -> None:
        self._torch.cuda.memory._dump_snapshot(path)

    def history_enabled(self) -> bool:
        """Someone records history (the program, the OOM watcher, the leak finder): not the
        shape probe's short trace, which the others may take over."""
        if self._tracing:
            return False
        fn = getattr(
            self._torch._C, "_cuda_isHistoryEnabled", None
        )  # getattr: private, absent in older torch
        return bool(fn()) if fn is not None else False

    def record_history(self, max_entries: int, stacks: str) -> None:
        with self._trace_lock:
            self._tracing = False
            self._torch.cuda.memory._record_memory_history(
                enabled="all", context="alloc", stacks=stacks, max_entries=max_entries
            )

    def stop_history(self) -> None:
        with self._trace_lock:
            self._tracing = False
            self._torch.cuda.memory._record_memory_history(enabled=None)

    def record_history_state(self, max_entries: int) -> None:
        with self._trace_lock:
            self._tracing = False
            self._torch.cuda.memory._record_memory_history(
                enabled="state", context="alloc", stacks="python", max_entries=max_entries
            )

    def record_trace(self, max_entries: int) -> None:
        record = self._torch.cuda.memory._record_memory_history
        with self._trace_lock:
            try:
                record("all", context=None, stacks="python", max_entries=max_entries,
                       skip_actions=_TRACE_SKIP)
            except TypeError:  # a torch without skip_actions: the walk ignores what it does not read
                record("all", context=None, stacks="python", max_entries=max_entries)
            self._tracing = True

    def end_trace(self) -> bool:
        with self._trace_lock:
            if not self._tracing:
                return False
            self._tracing = False
            self._torch.cuda.memory._record_memory_history(enabled=None)
            return True

    def snapshot(self) -> dict[str, Any]:
        return dict(self._torch.cuda.memory._snapshot())


def on_cuda_init(cuda_module: Any, fn: Callable[[], None]) -> bool:
    """`torch.cuda._lazy_call(fn)` (private; absent from some builds). `fn` runs inside the
    program's CUDA initialisation, where an exception would become the program's
    DeferredCudaCallError: whatever `fn` is, it is called here so that it cannot raise."""
    lazy_call = getattr(cuda_module, "_lazy_call", None)  # getattr: private, absent in some torch builds
    if lazy_call is None:
        return False

    def guarded() -> None:
        try:
            fn()
        except Exception:  # noqa: BLE001 - never into the program's CUDA initialisation
            pass

    lazy_call(guarded)
    return True


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

    def on_cuda_init(self, fn: Callable[[], None]) -> bool:
        """As TorchOom's, without importing torch: where the program has not imported it yet,
        `fn` is queued the moment it imports `torch.cuda` (an import hook that removes itself)."""

        def queue(module: ModuleType) -> None:
            on_cuda_init(module, fn)

        return when_imported("torch.cuda", queue)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._get(), name)  # getattr: forwards the TorchOomApi to the real adapter


class _AfterImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader the other finders return for one module name,
    to call back once that module has executed."""

    def __init__(self, name: str, callback: Callable[[ModuleType], None]) -> None:
        self.name, self.callback = name, callback
        self.done = threading.Event()
        self._asking = threading.local()  # this thread is inside our own walk of sys.meta_path

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        # Two hooks for one name (an agent started twice before `import torch`) ask each other
        # in turn: the one already asking answers None, so the walk ends and each wraps once.
        # (getattr: `on` is unset in a thread that never asked)
        if fullname != self.name or self.done.is_set() or getattr(self._asking, "on", False):
            return None
        self._asking.on = True
        try:
            return self._wrapped_spec(fullname, path, target)
        finally:
            self._asking.on = False

    def _wrapped_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None) -> Any:
        for finder in sys.meta_path:
            if finder is self:
                continue
            find = getattr(finder, "find_spec", None)  # getattr: legacy finders have none
            spec = find(fullname, path, target) if find is not None else None
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is None or not hasattr(
            loader, "exec_module"
        ):  # hasattr: the loader protocol's optional part
            return spec
        real_exec = loader.exec_module
        hook = self

        def exec_module(module: ModuleType) -> None:
            real_exec(module)
            hook._fire(module)

        try:
            loader.exec_module = exec_module
        except (AttributeError, TypeError):  # a loader that takes no attribute: the sampler's fallback
            return spec
        return spec

    def _fire(self, module: ModuleType) -> None:
        if self.done.is_set():
            return
        self.done.set()
        try:
            sys.meta_path.remove(self)
        except ValueError:
            pass
        try:
            self.callback(module)
        except Exception:  # noqa: BLE001 - never into the program's import of torch
            pass


def when_imported(name: str, callback: Callable[[ModuleType], None]) -> bool:
    """Call `callback(module)` once module `name` is imported: now where it already is, else
    right after the program's own import executes it. Never raises into that import."""
    module = sys.modules.get(name)
    if module is not None and not getattr(
        getattr(module, "__spec__", None), "_initializing", False
    ):  # getattr: import state
        try:
            callback(module)
        except Exception:  # noqa: BLE001
            return False
        return True
    sys.meta_path.insert(0, _AfterImport(name, callback))
    return True
