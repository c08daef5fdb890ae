"""The in-process agent: `gpumemd.start()` in a training process, or `gpumemd run -- ...`.

Modules: `agent` (the Agent and its lifecycle), `wiring` (what it is made of), `process`
(the process-wide agent, fork and exit), `endpoint` (its HTTP endpoint process), `identity`,
`steptrace`, `oomdiag` (the diagnosis at an OOM), `leakfind` and `retainers` (which line
leaks, what holds it), `categories` (memory by category, after `watch()`), `boot/` (what
`gpumemd run` puts on PYTHONPATH). The names below load `agent` on first use, so importing a
sibling (identity, steptrace) loads nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .agent import Agent, arm_memory_history, dump_snapshot, find_leak, set_step, start, stop, watch
    from .process import current

__all__ = [
    "Agent",
    "arm_memory_history",
    "current",
    "dump_snapshot",
    "find_leak",
    "set_step",
    "start",
    "stop",
    "watch",
]


def __getattr__(name: str) -> Any:
    if name == "current":
        from .process import current

        return current
    if name in __all__:
        from . import agent

        return getattr(agent, name)  # getattr: the lazy public API
    raise AttributeError(f"module 'gpumemd.agent' has no attribute {name!r}")
