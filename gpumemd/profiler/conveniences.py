"""The module-level conveniences, bound to a default profiler (as the seed's package has):
`get_global_profiler`/`set_global_profiler`, the `profile_function` decorator, the
`profile_context` block, and the Protocols they need of a profiler (`FunctionProfiler`,
`ContextProfiler`); `GPUMemoryProfiler` itself is `profiler.py`'s.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any, ParamSpec, Protocol, TypeVar, overload

from .callers import name_of
from .profiler import GPUMemoryProfiler

log = logging.getLogger("gpumemd.profiler")

__all__ = [
    "ContextProfiler",
    "FunctionProfiler",
    "get_global_profiler",
    "profile_context",
    "profile_function",
    "set_global_profiler",
]

P = ParamSpec("P")
T = TypeVar("T")

# --- module-level conveniences, bound to a default profiler (as the seed's package has) ------

_global_lock = threading.Lock()
_global_profiler: GPUMemoryProfiler | None = None


def get_global_profiler(device: Any = None) -> GPUMemoryProfiler:
    """The profiler `profile_function` and `profile_context` use when given none.

    Made on first use: on `device`, else the current CUDA device, else (no usable CUDA)
    the CPU, said once in the log. Later calls return the same one whatever `device` is.
    """
    global _global_profiler
    with _global_lock:
        if _global_profiler is None:
            if device is not None:
                _global_profiler = GPUMemoryProfiler(device)
            else:
                try:
                    _global_profiler = GPUMemoryProfiler(None)
                except RuntimeError as exc:
                    log.warning("default profiler: %s; profiling CPU memory instead", exc)
                    _global_profiler = GPUMemoryProfiler("cpu")
        return _global_profiler


def set_global_profiler(profiler: GPUMemoryProfiler | None) -> None:
    """Make `profiler` the default one (None: make a new one on next use)."""
    global _global_profiler
    with _global_lock:
        _global_profiler = profiler


class FunctionProfiler(Protocol):
    """What the module-level `profile_function` needs of a profiler: its public method
    `profile_function(func)`, which calls `func()` once (GPUMemoryProfiler, or any object)."""

    def profile_function(self, func: Callable[[], Any], /) -> object: ...


class ContextProfiler(Protocol):
    """What the module-level `profile_context` needs: the public `profile_context(name)`."""

    def profile_context(self, name: str, /) -> AbstractContextManager[object]: ...


_Prof = TypeVar("_Prof", bound=ContextProfiler)


@overload
def profile_function(
    func: Callable[P, T],
    *,
    name: str | None = None,
    device: Any = None,
    profiler: FunctionProfiler | None = None,
) -> Callable[P, T]: ...
@overload
def profile_function(
    func: None = None,
    *,
    name: str | None = None,
    device: Any = None,
    profiler: FunctionProfiler | None = None,
) -> Callable[[Callable[P, T]], Callable[P, T]]: ...
def profile_function(
    func: Callable[P, T] | None = None,
    *,
    name: str | None = None,
    device: Any = None,
    profiler: FunctionProfiler | None = None,
) -> Any:
    """Decorator: profile every call of the function; the call still returns its own value.

    `@profile_function` or `@profile_function(name=..., device=..., profiler=...)`. Each call
    goes through the public `profiler.profile_function(g)` — `profiler` may be any object
    with that method, else the default profiler (`get_global_profiler(device)`) — where `g`
    runs the function once with the call's arguments and is named `name` or the function's
    __name__ at decoration time. The function's value is kept alive until the profiler's
    after-reading (it is returned to the caller, so it is the call's memory) and returned.
    A profiler that never calls `g` leaves the function unprofiled: it is then called once
    directly, so the call still happens.
    """

    def decorate(f: Callable[P, T]) -> Callable[P, T]:
        label = name if name is not None else name_of(f)
        qualname = getattr(f, "__qualname__", label)  # getattr: any callable
        module = getattr(f, "__module__", "")  # getattr: any callable

        @functools.wraps(f)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
            prof: FunctionProfiler = profiler if profiler is not None else get_global_profiler(device)
            box: list[T] = []

            def run() -> None:
                box.append(f(*args, **kwargs))

            # named as the function (qualified_name: its own); three attributes, not
            # functools.update_wrapper, which costs more than the rest of the wrapper
            run.__name__, run.__qualname__, run.__module__ = label, qualname, module
            prof.profile_function(run)
            if not box:
                log.debug("profile_function: %r did not call %s; calling it unprofiled", prof, label)
                return f(*args, **kwargs)
            return box[-1]

        wrapper._is_profiled = True  # type: ignore[attr-defined]  # the seed's markers
        wrapper._profile_name = label  # type: ignore[attr-defined]
        return wrapper

    return decorate if func is None else decorate(func)


@overload
def profile_context(
    name: str = ..., device: Any = ..., *, profiler: None = None
) -> AbstractContextManager[GPUMemoryProfiler]: ...
@overload
def profile_context(
    name: str = ..., device: Any = ..., *, profiler: _Prof
) -> AbstractContextManager[_Prof]: ...
@overload
def profile_context(name: str, device: Any, profiler: _Prof) -> AbstractContextManager[_Prof]: ...
@contextmanager
def profile_context(
    name: str = "context", device: Any = None, profiler: ContextProfiler | None = None
) -> Iterator[Any]:
    """Profile the block through the public `profiler.profile_context(name)` — any object
    with that method — else the default profiler; yields that profiler (for a
    GPUMemoryProfiler, `results[-1]` is the block's result once it ends)."""
    prof: ContextProfiler = profiler if profiler is not None else get_global_profiler(device)
    with prof.profile_context(name):
        yield prof
