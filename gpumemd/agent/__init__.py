"""The in-process agent: `gpumemd.start()` in a training process, or `gpumemd run -- ...`.

Modules: `agent` (the Agent and its lifecycle), `api` (`start()`, `stop()`, ... on this
process's agent), `wiring` (what it is made of), `process` (the process-wide agent, fork and
exit), `endpoint` (its HTTP endpoint process), `identity`, `steptrace`, `oomdiag` (the
diagnosis at an OOM), `leakfind` and `retainers` (which line leaks, what holds it),
`categories` (memory by category, after `watch()`), `boot/` (what `gpumemd run` puts on
PYTHONPATH). The names below load `agent` or `api` on first use, so importing a sibling
(identity, steptrace) loads nothing else.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # `X as X`: re-exported (what mypy and editors see; loaded lazily below)
    from .agent import Agent as Agent
    from .api import arm_memory_history as arm_memory_history
    from .api import dump_snapshot as dump_snapshot
    from .api import find_leak as find_leak
    from .api import set_step as set_step
    from .api import start as start
    from .api import stop as stop
    from .api import watch as watch
    from .process import current as current

# The public names, each with the module that defines it (loaded on first use): the one list
# `__all__` and the lazy loading are made from.
_PUBLIC = {
    "Agent": "agent",
    "arm_memory_history": "api",
    "current": "process",
    "dump_snapshot": "api",
    "find_leak": "api",
    "set_step": "api",
    "start": "api",
    "stop": "api",
    "watch": "api",
}
__all__ = list(_PUBLIC)


def __getattr__(name: str) -> Any:
    home = _PUBLIC.get(name)
    if home is None:
        raise AttributeError(f"module 'gpumemd.agent' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)  # getattr: the lazy public API
