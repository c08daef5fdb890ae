"""gpumemd: GPU-memory observability for PyTorch training clusters.

`gpumemd.start()` / `gpumemd.Agent` load the in-process agent on first use: importing
gpumemd (or the node daemon) never imports torch, nor the agent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .version import __version__

if TYPE_CHECKING:
    from .agent import Agent, arm_memory_history, dump_snapshot, find_leak, set_step, start, stop, watch
    from .profiler import GPUMemoryProfiler, MemorySnapshot, ProfileResult, profile_context, profile_function

__all__ = [
    "Agent",
    "__version__",
    "arm_memory_history",
    "dump_snapshot",
    "find_leak",
    "set_step",
    "start",
    "stop",
    "watch",
    "GPUMemoryProfiler",
    "MemorySnapshot",
    "ProfileResult",
    "profile_context",
    "profile_function",
]
_LAZY = {"Agent", "start", "stop", "dump_snapshot", "arm_memory_history", "find_leak", "set_step", "watch"}
_PROFILER = {"GPUMemoryProfiler", "MemorySnapshot", "ProfileResult", "profile_context", "profile_function"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from . import agent

        return getattr(agent, name)  # getattr: the lazy public API
    if name in _PROFILER:  # the profiler library API, also loaded on first use
        from . import profiler

        return getattr(profiler, name)  # getattr: the lazy public API
    raise AttributeError(f"module 'gpumemd' has no attribute {name!r}")
