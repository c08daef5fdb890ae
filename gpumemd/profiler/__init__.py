"""The profiler library: `GPUMemoryProfiler`, `profile_function`, `profile_context`.

Modules: `profiler` (the profiler, its probes and results), `sections` (profiled sections
as Prometheus families, which the agent exports), `plot` (the optional PNG). The names
below load `profiler` on first use, so the agent can import `sections` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .profiler import (
        BoundedList,
        Device,
        GPUMemoryProfiler,
        MemorySnapshot,
        ProfileHandle,
        ProfileResult,
        get_global_profiler,
        profile_context,
        profile_function,
        set_global_profiler,
    )

__all__ = ["BoundedList", "Device", "GPUMemoryProfiler", "MemorySnapshot", "ProfileHandle", "ProfileResult",
           "get_global_profiler", "profile_context", "profile_function", "set_global_profiler"]


_CONSTANTS = {"DEVICE_FORMS", "MiB"}  # public by use before the package existed


def __getattr__(name: str) -> Any:
    if name in __all__ or name in _CONSTANTS:
        from . import profiler

        return getattr(profiler, name)
    raise AttributeError(f"module 'gpumemd.profiler' has no attribute {name!r}")
