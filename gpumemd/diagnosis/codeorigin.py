"""Which code is the user's: the leak finder names the first frame in user code.

A file is library code when it lies under a root of installed code: the standard library and
the installed-packages directories (`sysconfig`, `site`), and the package roots of gpumemd and
torch as this process imported them (`__spec__.origin`). Anything else is the user's, whatever
its folders are called: a checkout in `/home/u/gpumemd/` or `/workspace/torch/` is user code.
Paths are compared by whole leading components of their absolute form, never by substrings.

Snapshots read offline (`gpumemd explain`) come from another host whose roots this process
does not know: there a component named `site-packages` or `dist-packages`, and the standard
library's `lib/pythonX.Y/` layout, mark installed code (`foreign=True`).
"""

from __future__ import annotations

import os
import re
import site
import sys
import sysconfig
import types
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["CodeOrigin"]

MAX_CACHE = 4096  # files remembered per classifier

_PY_LIB = re.compile(r"python\d+(?:\.\d+)?t?")  # a component `python3.12` (matched whole)
_INSTALLED = frozenset({"site-packages", "dist-packages"})
_MODULE_DICT = vars(types.ModuleType)["__dict__"]  # the module type's own descriptor: no module code runs


def _norm(path: str) -> str:
    return os.path.normpath(os.path.abspath(path))


def _module_root(mod: Any) -> str | None:
    """The package directory of a module object, read through the module type's own `__dict__`
    descriptor (a lazy module's `__getattr__` never runs); None when it has no file."""
    if not issubclass(type(mod), types.ModuleType):
        return None
    try:
        d = _MODULE_DICT.__get__(mod, types.ModuleType)
    except Exception:  # noqa: BLE001 - a broken module object: no root
        return None
    if type(d) is not dict:
        return None
    spec = d.get("__spec__")
    origin = None
    sd = _plain_dict(spec)
    if sd is not None:
        origin = sd.get("origin")
    if type(origin) is not str:
        origin = d.get("__file__")
    if type(origin) is not str or not os.path.isabs(origin):
        return None
    return os.path.dirname(_norm(origin))


def _plain_dict(obj: Any) -> dict[str, Any] | None:
    """A ModuleSpec's own attributes (a plain class of importlib); anything else: None."""
    if obj is None or type(obj).__module__ not in ("importlib._bootstrap", "_frozen_importlib"):
        return None
    try:
        d = object.__getattribute__(obj, "__dict__")
    except Exception:  # noqa: BLE001
        return None
    return d if type(d) is dict else None


class CodeOrigin:
    """`is_user(filename)`: True for a frame's file in user code (see the module docstring)."""

    def __init__(self, roots: Iterable[str], *, foreign: bool = False) -> None:
        self.roots = tuple(sorted({_norm(r) for r in roots if r}))
        self.foreign = foreign
        self._cache: dict[str, bool] = {}

    @classmethod
    def here(cls, modules: Mapping[str, Any] | None = None, *, foreign: bool = False) -> CodeOrigin:
        """This process's roots: the standard library, installed packages, gpumemd and torch."""
        roots: list[str] = []
        for key in ("stdlib", "platstdlib", "purelib", "platlib"):
            p = sysconfig.get_paths().get(key)
            if p:
                roots += [p, os.path.realpath(p)]
        try:
            roots += site.getsitepackages()
        except AttributeError:  # an old virtualenv's site module lacks it
            pass
        user_site = site.getusersitepackages() if hasattr(site, "getusersitepackages") else None
        if isinstance(user_site, str):
            roots.append(user_site)
        mods = sys.modules if modules is None else modules
        gpumemd_root = os.path.dirname(os.path.dirname(_norm(__file__)))  # gpumemd/diagnosis/.. -> gpumemd
        roots.append(gpumemd_root)
        for name in ("torch",):
            r = _module_root(mods.get(name))
            if r is not None:
                roots += [r, os.path.realpath(r)]
        return cls(roots, foreign=foreign)

    def is_library(self, filename: str) -> bool:
        hit = self._cache.get(filename)
        if hit is None:
            hit = self._library(filename)
            if len(self._cache) >= MAX_CACHE:
                self._cache.clear()
            self._cache[filename] = hit
        return hit

    def is_user(self, filename: str) -> bool:
        return not self.is_library(filename)

    def _library(self, filename: str) -> bool:
        if not filename or filename.startswith("<") or filename == "??" or not os.path.isabs(filename):
            return True  # <frozen ...>, <string>, a C frame: not a file the user wrote
        path = _norm(filename)
        for root in self.roots:
            if path == root or path.startswith(root.rstrip(os.sep) + os.sep):
                return True
        if self.foreign:
            parts = path.split(os.sep)
            if _INSTALLED.intersection(parts):
                return True
            for a, b in zip(parts, parts[1:], strict=False):
                if a in ("lib", "lib64") and _PY_LIB.fullmatch(b):
                    return True
        return False
