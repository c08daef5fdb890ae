"""Exceptions of one class seen where a Python frame raises them, caught or not: Python 3.12's
`sys.monitoring` RAISE event under a tool id of gpumemd's own (`RaiseWatch`).

The agent uses it only where torch refuses its OOM observer (`backend:cudaMallocAsync`): an
OOM that a retry loop, a harness or the program catches never reaches an excepthook.

The callback runs in the raising thread for every exception a Python frame raises (and again
in each frame it unwinds through): it compares the exception's type by identity with the one
class and returns at once otherwise; for that class it calls `fn(exc)`. It never raises into
the program and keeps nothing: the exception, its traceback and its frames stay the program's.
RAISE is no per-instruction event, so no bytecode is instrumented: a program that raises
nothing pays nothing. CPython runs no monitoring event while a callback runs, so the
exceptions `fn` raises and catches inside are not seen.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

__all__ = ["TOOL_IDS", "TOOL_NAME", "RaiseWatch"]

# Ids sys.monitoring names for no one (it names 0 debugger, 1 coverage, 2 profiler, 5 optimizer):
# the first free one is claimed.
TOOL_IDS = (4, 3)
TOOL_NAME = "gpumemd"


class RaiseWatch:
    """Calls `fn(exc)` in the raising thread for each raise of an exception of class `cls`
    exactly (a subclass could run the program's code). One owner starts and stops it.
    `monitoring`: `sys.monitoring` (the default), or a stand-in where the interpreter has none."""

    def __init__(self, cls: type[BaseException], fn: Callable[[BaseException], None], *,
                 monitoring: Any = None) -> None:
        self._cls, self._fn = cls, fn
        # getattr: sys.monitoring exists from Python 3.12 on
        self._mon = monitoring if monitoring is not None else getattr(sys, "monitoring", None)
        self._tool: int | None = None

    @property
    def tool_id(self) -> int | None:
        """The tool id claimed while watching; None otherwise."""
        return self._tool

    def start(self) -> str | None:
        """Claim a tool id and enable the RAISE event: None where it now watches, else why it
        cannot (the caller says it once)."""
        mon = self._mon
        if mon is None:
            v = sys.version_info
            return f"Python {v.major}.{v.minor} has no sys.monitoring (3.12 and later)"
        if self._tool is not None:
            return None
        taken = []
        for tool in TOOL_IDS:
            try:
                mon.use_tool_id(tool, TOOL_NAME)
            except ValueError:
                taken.append(f"{tool} ({mon.get_tool(tool)})")
                continue
            try:
                mon.register_callback(tool, mon.events.RAISE, self._callback())
                mon.set_events(tool, mon.events.RAISE)
            except Exception as exc:  # noqa: BLE001 - an interpreter that refuses: said by the caller
                self._release(tool)
                return f"sys.monitoring refused the RAISE event ({type(exc).__name__})"
            self._tool = tool
            return None
        return "sys.monitoring tool ids " + ", ".join(taken) + " are taken"

    def stop(self) -> None:
        """Disable the event, unregister the callback, free the id (on stop, and in a forked
        child, which inherits the registration). Takes no lock: it runs after fork too."""
        tool, self._tool = self._tool, None
        if tool is not None:
            self._release(tool)

    def _release(self, tool: int) -> None:
        mon: Any = self._mon
        for step in (lambda: mon.set_events(tool, 0),
                     lambda: mon.register_callback(tool, mon.events.RAISE, None),
                     lambda: mon.free_tool_id(tool)):
            try:
                step()
            except Exception:  # noqa: BLE001 - each step on its own: the others still run
                pass

    def _callback(self) -> Callable[[Any, int, BaseException], None]:
        cls, fn = self._cls, self._fn

        def on_raise(code: Any, offset: int, exc: BaseException) -> None:
            if type(exc) is cls:
                try:
                    fn(exc)
                except Exception:  # noqa: BLE001 - never into the program's raise
                    pass

        return on_raise
