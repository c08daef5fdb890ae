"""The model the optimizers step, without `gpumemd.watch()`: the fingerprint
(`diagnosis.calibration.fingerprint`) of the parameters of every live optimizer the step hook saw
stepping, so a training process publishes its calibration whether or not it watched its model
(docs/preflight.md, "Where the overheads come from").

Read without running user code: the optimizer's own instance dict (`retainers.own_dict`: no
property, no `__getattr__`), its `param_groups` only where they are plain lists of plain dicts,
and each parameter's dtype and shape through torch's C getters (agent/tensorreads.py: a tensor
type whose `dtype` or `shape` is anything else, a Python property of a subclass, or whose own
`__torch_function__` torch would call, is not read: no fingerprint). For
preflight's factory, whose optimizer holds the model's parameters, it is the fingerprint of the
model's parameters: the same multiset, hashed by the same function.

Cost: a step compares the optimizer with the last one seen (a new one is noted by weak
reference); the calibration collector's read takes each optimizer's group count from its own
dict (a group added by `add_param_group` is a new model) and reads the parameters once per
optimizer and group count. Optimizers are held by weak reference under their id, each checked
against its reference, so an optimizer freed and another made at its address is a new one.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

from gpumemd.agent.tensorreads import Shaped, shapes
from gpumemd.diagnosis.calibration import MAX_TENSORS, fingerprint
from gpumemd.diagnosis.retainers import own_dict

__all__ = ["MAX_OPTIMIZERS", "SteppedModel"]

MAX_OPTIMIZERS = 64  # optimizers followed at once (watch()'s own bound on objects)


def _groups(optimizer: Any) -> list[Any] | None:
    """The optimizer's own `param_groups`, where a plain list; else None."""
    own = own_dict(optimizer)
    groups = own.get("param_groups") if own is not None else None
    return groups if type(groups) is list else None


def _shapes(groups: list[Any], limit: int) -> list[Shaped] | None:
    """Each parameter's (dtype, shape) once (a tensor listed in two groups: once), through the
    C getters (`tensorreads.shapes`); None where a group is not a plain dict, its params not a
    plain list, a parameter's type cannot be read so, or past `limit`."""
    params: list[Any] = []
    for group in groups:
        if type(group) is not dict:
            return None
        found = group.get("params")
        if type(found) is not list:
            return None
        params.extend(found)
    return shapes(params, limit)


class SteppedModel:
    """The optimizers seen stepping (`saw`, from the step hook, on the training thread) and the
    fingerprint of their parameters (`model`, read by the calibration collector on the sampling
    thread and at step boundaries). `saw` only notes a new optimizer's weak reference: a compiled
    step's frames are compiled one by one by dynamo, and a hash or a dict read of an optimizer
    there would break a graph; `model` reads the optimizers and hashes, only when one was added,
    died or changed its group count."""

    def __init__(self, limit: int = MAX_TENSORS) -> None:
        self._limit = limit
        self._refs: dict[int, weakref.ref[Any]] = {}  # by id: the optimizers seen stepping
        self._last: Any = None  # the last optimizer's weak reference (a step's fast path)
        self._lock = threading.Lock()  # model(): the sampling thread against a step boundary's
        self._key: tuple[tuple[int, int], ...] = ()  # the optimizers (id, group count) hashed last
        self._shapes: dict[tuple[int, int], list[Shaped] | None] = {}  # per (id, group count)
        self._model: str | None = None

    def saw(self, optimizer: Any) -> None:
        """`optimizer` stepped (the step hook's argument): noted by weak reference, the first
        time (or the first after another stepped). Never raises, never reads the optimizer."""
        last = self._last
        if last is not None and last() is optimizer:
            return
        try:
            ref = self._refs.get(id(optimizer))
            if ref is None or ref() is not optimizer:
                if len(self._refs) >= MAX_OPTIMIZERS:
                    self._refs = {k: r for k, r in self._refs.items() if r() is not None}
                if len(self._refs) >= MAX_OPTIMIZERS:
                    return
                ref = self._refs[id(optimizer)] = weakref.ref(optimizer)
            self._last = ref
        except TypeError:  # not weakly referenceable: not followed
            return

    @property
    def model(self) -> str | None:
        """The fingerprint of the parameters of the live optimizers seen stepping; None before
        one stepped, where one could not be read, or once all are gone. Reads each optimizer's
        own dict (its group count); the parameters again only where that changed."""
        with self._lock:
            try:
                return self._read()
            except Exception:  # anything of an optimizer: its model is not known
                return None

    def _read(self) -> str | None:
        live: list[tuple[int, Any]] = [(k, o) for k, r in list(self._refs.items()) if (o := r()) is not None]
        if len(live) != len(self._refs):
            self._refs = {k: r for k, r in list(self._refs.items()) if r() is not None}
        groups = [_groups(o) for _, o in live]
        key = tuple((k, -1 if g is None else len(g)) for (k, _), g in zip(live, groups, strict=True))
        if key == self._key:
            return self._model
        shapes = {}
        for g, at in zip(groups, key, strict=True):  # read again only where new or regrouped
            shapes[at] = self._shapes[at] if at in self._shapes else (
                None if g is None else _shapes(g, self._limit))
        self._shapes, self._key = shapes, key
        if not shapes or any(v is None for v in shapes.values()):
            self._model = None
        else:
            self._model = fingerprint([x for v in shapes.values() for x in v or ()], self._limit)
        return self._model
