"""The profiler library: `GPUMemoryProfiler`, `profile_function`, `profile_context`."""

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

__all__ = ['BoundedList', 'Device', 'GPUMemoryProfiler', 'MemorySnapshot', 'ProfileHandle', 'ProfileResult', 'get_global_profiler', 'profile_context', 'profile_function', 'set_global_profiler']
