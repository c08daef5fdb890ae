"""The profiler library: `GPUMemoryProfiler`, `profile_function`, `profile_context`.

Modules: `profiler` (GPUMemoryProfiler and the module-level conveniences), `results`
(what it returns), `probes` (one reading of a device), `sections` (profiled sections
as Prometheus families, which the agent exports), `plot` (the optional PNG). The names
below load `profiler` on first use, so the agent can import `sections` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .probes import Device
    from .profiler import (
        ContextProfiler,
        FunctionProfiler,
        GPUMemoryProfiler,
        ProfileHandle,
        get_global_profiler,
        profile_context,
        profile_function,
        set_global_profiler,
    )
    from .results import BoundedList, MemorySnapshot, ProfileResult

__all__ = [
    "BoundedList",
    "ContextProfiler",
    "Device",
    "FunctionProfiler",
    "GPUMemoryProfiler",
    "MemorySnapshot",
    "ProfileHandle",
    "ProfileResult",
    "get_global_profiler",
    "profile_context",
    "profile_function",
    "set_global_profiler",
]


# where each name lives; loaded on first use (the agent imports `sections` alone)
_WHERE = {
    "BoundedList": "results",
    "MemorySnapshot": "results",
    "ProfileResult": "results",
    "MiB": "results",
    "Device": "probes",
    "DEVICE_FORMS": "probes",
}


def __getattr__(name: str) -> Any:
    if name in __all__ or name in _WHERE:
        import importlib

        module = importlib.import_module(f"{__name__}.{_WHERE.get(name, 'profiler')}")
        return getattr(module, name)  # getattr: the lazy public API
    raise AttributeError(f"module 'gpumemd.profiler' has no attribute {name!r}")
