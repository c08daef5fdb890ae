"""The in-process agent: `gpumemd.start()` in a training process, or `gpumemd run -- ...`.

Modules: `agent` (the Agent and its lifecycle), `wiring` (what it is made of), `process`
(the process-wide agent, fork and exit), `endpoint` (its HTTP endpoint process), `identity`,
`steptrace`, `oomdiag` (the diagnosis at an OOM), `leakfind` and `retainers` (which line
leaks, what holds it), `categories` (memory by category, after `watch()`), `boot/` (what
`gpumemd run` puts on PYTHONPATH). The names below load `agent` on first use, so importing a
sibling (identity, steptrace) loads nothing else.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # `X as X`: re-exported (what mypy and editors see; loaded lazily below)
    from .agent import Agent as Agent
    from .agent import arm_memory_history as arm_memory_history
    from .agent import dump_snapshot as dump_snapshot
    from .agent import find_leak as find_leak
    from .agent import set_step as set_step
    from .agent import start as start
    from .agent import stop as stop
    from .agent import watch as watch
    from .process import current as current

# The public names, each with the module that defines it (loaded on first use): the one list
# `__all__` and the lazy loading are made from.
_PUBLIC = {
    "Agent": "agent",
    "arm_memory_history": "agent",
    "current": "process",
    "dump_snapshot": "agent",
    "find_leak": "agent",
    "set_step": "agent",
    "start": "agent",
    "stop": "agent",
    "watch": "agent",
}
__all__ = list(_PUBLIC)


def __getattr__(name: str) -> Any:
    home = _PUBLIC.get(name)
    if home is None:
        raise AttributeError(f"module 'gpumemd.agent' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)  # getattr: the lazy public API
