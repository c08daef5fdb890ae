"""The profiler library: `GPUMemoryProfiler`, `profile_function`, `profile_context`.

Modules: `profiler` (GPUMemoryProfiler and the module-level conveniences), `results`
(what it returns), `probes` (one reading of a device), `sections` (profiled sections
as Prometheus families, which the agent exports), `plot` (the optional PNG). The names
below load `profiler` on first use, so the agent can import `sections` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # `X as X`: re-exported (what mypy and editors see; loaded lazily below)
    from .probes import Device as Device
    from .profiler import ContextProfiler as ContextProfiler
    from .profiler import FunctionProfiler as FunctionProfiler
    from .profiler import GPUMemoryProfiler as GPUMemoryProfiler
    from .profiler import ProfileHandle as ProfileHandle
    from .profiler import get_global_profiler as get_global_profiler
    from .profiler import profile_context as profile_context
    from .profiler import profile_function as profile_function
    from .profiler import set_global_profiler as set_global_profiler
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
    "ContextProfiler": "profiler",
    "FunctionProfiler": "profiler",
    "GPUMemoryProfiler": "profiler",
    "ProfileHandle": "profiler",
    "get_global_profiler": "profiler",
    "profile_context": "profiler",
    "profile_function": "profiler",
    "set_global_profiler": "profiler",
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
