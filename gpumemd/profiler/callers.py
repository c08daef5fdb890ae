"""What the profiler records of a call besides its memory: the callable's names (its
`__name__`, the seed profiler's key, and its qualified name, to tell apart functions that
share one; through `functools.partial` too), its error as text, and the caller's stack.
"""

from __future__ import annotations

import contextlib
import os
import traceback
from collections.abc import Callable
from typing import Any

__all__ = ["caller_stack", "describe", "name_of", "qualname_of"]


def name_of(func: Callable[..., Any]) -> str:
    """The function's __name__ (the seed profiler's key: a reassigned name counts)."""
    name = getattr(func, "__name__", None)  # getattr: any callable: a partial or an object has none
    if isinstance(name, str):
        return name
    inner = getattr(func, "func", None)  # functools.partial
    if inner is not None:
        return name_of(inner)
    return type(func).__name__


def qualname_of(func: Callable[..., Any]) -> str | None:
    """'module.Outer.<locals>.f', to tell apart functions that share a __name__."""
    qual = getattr(func, "__qualname__", None)  # getattr: any callable
    if not isinstance(qual, str):
        inner = getattr(func, "func", None)  # functools.partial
        return qualname_of(inner) if inner is not None else None
    module = getattr(func, "__module__", None)  # getattr: any callable
    return f"{module}.{qual}" if isinstance(module, str) else qual


def describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 500 else text[:499] + "…"


# the profiler's own modules and the standard library's contextlib (by its file, not a name's
# ending: a user's mycontextlib.py is the user's), whose frames a recorded stack leaves out
_OWN = frozenset(
    [os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
     for name in ("callers.py", "profiler.py", "conveniences.py")]
    + [os.path.abspath(contextlib.__file__)]
)


def caller_stack(limit: int = 32) -> str:
    """The caller's stack as one string, without the profiler's and contextlib's own frames."""
    frames = [
        f
        for f in traceback.extract_stack(limit=limit + 8)
        if os.path.abspath(f.filename) not in _OWN
    ]
    return "".join(traceback.format_list(frames[-limit:]))
