"""The profiler library: `GPUMemoryProfiler`, `profile_function`, `profile_context`.

Modules: `profiler` (GPUMemoryProfiler), `conveniences` (the module-level conveniences
bound to a default profiler), `callers` (a call's names, error and stack), `results`
(what it returns), `probes` (one reading of a device), `sections` (profiled sections
as Prometheus families, which the agent exports), `plot` (the optional PNG). The names
below load `profiler` on first use, so the agent can import `sections` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # `X as X`: re-exported (what mypy and editors see; loaded lazily below)
    from .conveniences import ContextProfiler as ContextProfiler
    from .conveniences import FunctionProfiler as FunctionProfiler
    from .conveniences import get_global_profiler as get_global_profiler
    from .conveniences import profile_context as profile_context
    from .conveniences import profile_function as profile_function
    from .conveniences import set_global_profiler as set_global_profiler
    from .probes import Device as Device
    from .profiler import GPUMemoryProfiler as GPUMemoryProfiler
    from .profiler import ProfileHandle as ProfileHandle
    from .results import BoundedList as BoundedList
    from .results import MemorySnapshot as MemorySnapshot
    from .results import ProfileResult as ProfileResult

# The one list of the public names, each with the module it lives in; `__all__` is made from
# it and tests/unit/profiler/test_lazy_names.py checks the typing imports above against it.
# Each module is loaded on first use of one of its names (the agent imports `sections` alone).
_PUBLIC = {
    "BoundedList": "results",
    "MemorySnapshot": "results",
    "ProfileResult": "results",
    "Device": "probes",
    "ContextProfiler": "conveniences",
    "FunctionProfiler": "conveniences",
    "GPUMemoryProfiler": "profiler",
    "ProfileHandle": "profiler",
    "get_global_profiler": "conveniences",
    "profile_context": "conveniences",
    "profile_function": "conveniences",
    "set_global_profiler": "conveniences",
}
# importable from here too, as they were from the one module the profiler once was; not in __all__
_ALSO = {"MiB": "results", "DEVICE_FORMS": "probes"}

__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> Any:
    where = _PUBLIC.get(name) or _ALSO.get(name)
    if where is not None:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{where}"), name)  # getattr: the lazy public API
    raise AttributeError(f"module 'gpumemd.profiler' has no attribute {name!r}")
