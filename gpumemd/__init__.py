"""gpumemd: GPU-memory observability for PyTorch training clusters.

`gpumemd.start()` / `gpumemd.Agent` load the in-process agent on first use: importing
gpumemd (or the node daemon) never imports torch, nor the agent.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .version import __version__

if TYPE_CHECKING:  # `X as X`: re-exported (what mypy and editors see; loaded lazily below)
    from .agent import Agent as Agent
    from .agent import arm_memory_history as arm_memory_history
    from .agent import dump_snapshot as dump_snapshot
    from .agent import find_leak as find_leak
    from .agent import set_step as set_step
    from .agent import start as start
    from .agent import stop as stop
    from .agent import watch as watch
    from .preflight import preflight as preflight
    from .profiler import GPUMemoryProfiler as GPUMemoryProfiler
    from .profiler import MemorySnapshot as MemorySnapshot
    from .profiler import ProfileResult as ProfileResult
    from .profiler import profile_context as profile_context
    from .profiler import profile_function as profile_function

# The public names, each with the subpackage that defines it (loaded on first use): the one list
# `__all__` and the lazy loading are made from (tests/unit/test_lazy_api.py holds the typing
# imports above to it).
_PUBLIC = {
    "Agent": "agent",
    "arm_memory_history": "agent",
    "dump_snapshot": "agent",
    "find_leak": "agent",
    "set_step": "agent",
    "start": "agent",
    "stop": "agent",
    "watch": "agent",
    "preflight": "preflight",
    "GPUMemoryProfiler": "profiler",
    "MemorySnapshot": "profiler",
    "ProfileResult": "profiler",
    "profile_context": "profiler",
    "profile_function": "profiler",
}
__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str) -> Any:
    home = _PUBLIC.get(name)
    if home is None:
        raise AttributeError(f"module 'gpumemd' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)  # getattr: the lazy public API
