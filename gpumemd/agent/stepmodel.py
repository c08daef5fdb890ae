"""The model the optimizers step, without `gpumemd.watch()`: the fingerprint
(`diagnosis.calibration.fingerprint`) of the parameters of every live optimizer the step hook saw
stepping, so a training process publishes its calibration whether or not it watched its model
(docs/preflight.md, "Where the overheads come from").

Read without running user code: the optimizer's own instance dict (`retainers.own_dict`: no
property, no `__getattr__`), its `param_groups` only where they are plain lists of plain dicts,
and each parameter's dtype and shape through torch's C getters (a tensor type whose `dtype` or
`shape` is anything else, a Python property of a subclass, is not read: no fingerprint). For
preflight's factory, whose optimizer holds the model's parameters, it is the fingerprint of the
model's parameters: the same multiset, hashed by the same function.

Cost: a step reads the optimizer's own dict and its group count (a new group added by
`add_param_group` is a new model); the parameters are read once per optimizer and group count.
Optimizers are held by weak reference under their id, each checked against its reference, so
an optimizer freed and another made at its address is a new one.
"""

from __future__ import annotations

import types
import weakref
from typing import Any, NamedTuple

from gpumemd.diagnosis.calibration import MAX_TENSORS, fingerprint
from gpumemd.diagnosis.retainers import own_dict

__all__ = ["MAX_OPTIMIZERS", "SteppedModel"]

MAX_OPTIMIZERS = 64  # optimizers followed at once (watch()'s own bound on objects)
_TYPE_MRO = vars(type)["__mro__"]
_TYPE_DICT = vars(type)["__dict__"]


class _Shaped(NamedTuple):
    """What `fingerprint` reads of a tensor, read through the C getters."""

    dtype: Any
    shape: Any


_getters: dict[type, tuple[Any, Any] | None] = {}


def _c_getters(cls: type) -> tuple[Any, Any] | None:
    """The `dtype` and `shape` descriptors a tensor type resolves to, where both are C getters
    (getset descriptors: torch's own); None otherwise. Read from the types' dicts, never through
    an attribute lookup that a metaclass could answer."""
    if cls in _getters:
        return _getters[cls]
    found: dict[str, Any] = {}
    try:
        for k in _TYPE_MRO.__get__(cls, type):
            ns = _TYPE_DICT.__get__(k, type)
            for name in ("dtype", "shape"):
                if name not in found and name in ns:
                    found[name] = ns[name]
    except Exception:  # an exotic type: not read
        found = {}
    got = (found["dtype"], found["shape"]) if (
        type(found.get("dtype")) is types.GetSetDescriptorType
        and type(found.get("shape")) is types.GetSetDescriptorType) else None
    if len(_getters) > 1024:
        _getters.clear()
    _getters[cls] = got
    return got


def _groups(optimizer: Any) -> list[Any] | None:
    """The optimizer's own `param_groups`, where a plain list; else None."""
    own = own_dict(optimizer)
    groups = own.get("param_groups") if own is not None else None
    return groups if type(groups) is list else None


def _shapes(groups: list[Any], limit: int) -> list[_Shaped] | None:
    """Each parameter's (dtype, shape) once (a tensor listed in two groups: once), through the
    C getters; None where a group is not a plain dict, its params not a plain list, a
    parameter's type has no C getters, or past `limit`."""
    out: dict[int, _Shaped] = {}
    for group in groups:
        if type(group) is not dict:
            return None
        params = group.get("params")
        if type(params) is not list:
            return None
        for p in params:
            got = _c_getters(type(p))
            if got is None or len(out) >= limit:
                return None
            out.setdefault(id(p), _Shaped(got[0].__get__(p), got[1].__get__(p)))
    return list(out.values())


class _Seen(NamedTuple):
    ref: weakref.ref[Any]
    groups: int  # how many groups the shapes were read at
    shapes: list[_Shaped] | None  # None: not readable


class SteppedModel:
    """The optimizers seen stepping (`saw`, from the step hook, on the training thread) and the
    fingerprint of their parameters (`model`, read by the calibration collector)."""

    def __init__(self, limit: int = MAX_TENSORS) -> None:
        self._limit = limit
        self._seen: dict[int, _Seen] = {}
        self._model: str | None = None
        self._last: Any = None  # the last optimizer's weak reference (a step's fast path)
        self._last_groups = -1

    @property
    def model(self) -> str | None:
        """The fingerprint of the parameters of the live optimizers seen stepping; None before
        one stepped, where one could not be read, or once all are gone."""
        if self._model is not None and not any(s.ref() is not None for s in list(self._seen.values())):
            return None
        return self._model

    def saw(self, optimizer: Any) -> None:
        """`optimizer` stepped (the step hook's argument). Cheap when it is the one seen last and
        its groups are as many; never raises (a fingerprint that cannot be read is None)."""
        groups = _groups(optimizer)
        count = -1 if groups is None else len(groups)
        last = self._last
        if last is not None and last() is optimizer and count == self._last_groups:
            return
        try:
            self._see(optimizer, groups, count)
        except Exception:  # anything of an optimizer: its model is not known
            self._model = None

    def _see(self, optimizer: Any, groups: list[Any] | None, count: int) -> None:
        seen = self._seen.get(id(optimizer))
        if seen is None or seen.ref() is not optimizer or seen.groups != count:
            ref = weakref.ref(optimizer)
            shapes = None if groups is None else _shapes(groups, self._limit)
            self._seen = {k: s for k, s in self._seen.items() if s.ref() is not None}
            if len(self._seen) >= MAX_OPTIMIZERS and id(optimizer) not in self._seen:
                self._model = None
                return
            self._seen[id(optimizer)] = _Seen(ref, count, shapes)
            live = list(self._seen.values())
            if any(s.shapes is None for s in live):
                self._model = None
            else:
                self._model = fingerprint([x for s in live for x in s.shapes or ()], self._limit)
        self._last, self._last_groups = self._seen[id(optimizer)].ref, count
