"""Categories inside PyTorch's allocated memory: parameters, buffers, gradients, optimizer
state, activations and the rest, per GPU, from the models and optimizers the program hands
the agent (`gpumemd.watch(model, optimizer)`; the framework callbacks do it themselves).

What a category holds (docs/categories.md has the long form):

- `parameters`: every parameter of a watched model (an FSDP2 DTensor: its local shard);
- `buffers`: the watched models' buffers (BatchNorm statistics, rotary tables);
- `gradients`: each parameter's `.grad`, as last seen: `zero_grad(set_to_none=True)` frees
  them between steps, and the step holds them at its end and its peak (DDP's
  `gradient_as_bucket_view`: the grads are views of the buckets, counted once);
- `optimizer_state`: the tensors in `optimizer.state` (Adam's moments, momentum buffers) and
  an optimizer's parameters that are not a watched model's (fp32 master weights);
- `activations`: at the step peak only, what the peak holds beyond the step's end
  (activations, autograd's saved tensors, temporaries);
- `other`: allocated at the step's end that no category claims (DDP's own gradient buckets
  without `gradient_as_bucket_view`: the reducer is not public; caches, the user's tensors).

A storage (untyped storage: its data pointer and size) is counted once, in the first
category that claims it, in the order of `PERSISTENT`: a tied weight, a parameter shared by
two modules and a gradient that is a view of a parameter's memory count once. Only tensors
on the agent's accelerator count, each on its own device.

The walk runs on the sampling thread (`CategorySource.read`, every evaluation interval), never
on the training thread; it holds the models and optimizers by weak reference only. torch is
never imported: the objects are read through the attributes every tensor has.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.known_metrics import ALLOCATED_CATEGORIES, collected_by
from gpumemd.sources.base import Family, Source

__all__ = ["CATEGORIES", "PERSISTENT", "CategoryReading", "CategorySource", "Walk", "account"]

log = logging.getLogger("gpumemd.agent")

CATEGORIES = ALLOCATED_CATEGORIES  # the label values, defined with the metric (explain reads them too)
PERSISTENT = CATEGORIES[:4]  # parameters, buffers, gradients, optimizer_state: the dedup order
FAMILY = "gpumemd_allocator_category_bytes"
# The walk's share of the sampling thread's time, at most: after a walk that took t, the next
# one waits t / WALK_BUDGET (the persistent categories change rarely; between walks each
# sample reuses them with the allocator's fresh figures). docs/categories.md has the costs.
WALK_BUDGET = 0.001
# The caching allocator hands out blocks in multiples of this (CUDA's kMinBlockSize), and
# counts them so in allocated_bytes: a storage on an accelerator counts its rounded size,
# as MemTracker does (roundup_power2_divisions rounds further: not followed).
BLOCK = 512

DeviceKey = tuple[str, int]  # (device type, index)
_Where = tuple[str, "int | None", int, int]  # a storage: device type, index, data pointer, bytes


class Walk(NamedTuple):
    """One walk's bytes by device and persistent category, and what it skipped."""

    bytes: dict[DeviceKey, dict[str, int]]
    tensors: int  # tensors looked at
    skipped: int  # tensors without a readable storage (sparse, a wrapper subclass)
    failed: tuple[str, ...] = ()  # the watched objects that could not be read (their type names)


_TENSOR, _SHARDED = 1, 2  # what a type is: a tensor, a DTensor (its local shard holds this rank's memory)


class _Counter:
    """Claims storages in category order; sums bytes per (device, category)."""

    def __init__(self, device_type: str | None) -> None:
        self.device_type = device_type
        self.seen: set[tuple[str, int | None, int]] = set()
        self.out: dict[DeviceKey, dict[str, int]] = {}
        self.tensors = self.skipped = 0
        self._kinds: dict[type, int] = {}  # per type, not per tensor: attribute probes are slow on tensors

    def _kind(self, cls: type) -> int:
        kind = self._kinds.get(cls)
        if kind is None:
            kind = self._kinds[cls] = (_SHARDED if hasattr(cls, "_local_tensor") else
                                       _TENSOR if hasattr(cls, "untyped_storage") else 0)
        return kind

    def storage(self, t: Any) -> _Where | None:
        """(device type, index, data pointer, bytes) of the storage behind `t`; None: not
        a tensor, or not countable here."""
        kind = self._kind(type(t))
        if not kind:
            return None
        self.tensors += 1
        try:
            if kind == _SHARDED:
                t = t._local_tensor
            device = t.device
            dtype = device.type
            if dtype == "meta" or (self.device_type is not None and dtype != self.device_type):
                return None
            s = t.untyped_storage()
            n = s.nbytes()
            if dtype != "cpu" and n > 0:
                n = -(-n // BLOCK) * BLOCK
            return dtype, device.index, s.data_ptr(), n
        except Exception:  # a sparse tensor, a subclass without storage: not countable
            self.skipped += 1
            return None

    def claim(self, category: str, where: _Where | None) -> None:
        if where is None:
            return
        dtype, index, ptr, nbytes = where
        key = (dtype, index, ptr)
        if nbytes <= 0 or key in self.seen:
            return
        self.seen.add(key)
        device = (dtype, index or 0)
        per = self.out.get(device)
        if per is None:
            per = self.out[device] = dict.fromkeys(PERSISTENT, 0)
        per[category] += nbytes

    def add(self, category: str, tensors: Iterable[Any]) -> None:
        # No explicit yield: the interpreter hands the GIL to a waiting thread (training)
        # every switch interval, so the walk holds it for that long at a stretch at most.
        storage, claim = self.storage, self.claim
        for t in tensors:
            if t is not None:
                claim(category, storage(t))


def _state_tensors(opt: Any) -> list[Any]:
    state = getattr(opt, "state", None)  # getattr: an optimizer, or a wrapper that forwards it
    out: list[Any] = []
    if isinstance(state, Mapping):
        for per_param in list(state.values()):  # a copy: the training thread adds state at its first step
            if isinstance(per_param, Mapping):
                out.extend(list(per_param.values()))
    return out


def _group_params(opt: Any) -> list[Any]:
    out: list[Any] = []
    for group in list(getattr(opt, "param_groups", None) or ()):  # getattr: duck-typed optimizer
        if isinstance(group, Mapping):
            out.extend(group.get("params") or ())
    return out


def _read(objs: list[Any], what: Callable[[Any], Iterable[Any]], failed: list[str]) -> list[list[Any]]:
    """`what(obj)` as a list for each object; one that raises (a user's object, or a dict the
    training thread changes under the walk) gives [] and its type name in `failed`."""
    out = []
    for obj in objs:
        try:
            out.append(list(what(obj)))
        except Exception:
            failed.append(type(obj).__name__)
            out.append([])
    return out


def account(models: Iterable[Any], optimizers: Iterable[Any], *, device_type: str | None = None,
            grads: _GradMemo | None = None) -> Walk:
    """The persistent categories' bytes per device, each storage counted once (the module
    docstring). `device_type` (e.g. "cuda") keeps only that kind of device; `grads` remembers
    each parameter's gradient between walks (see `_GradMemo`)."""
    models, optimizers = list(models), list(optimizers)
    c = _Counter(device_type)
    failed: list[str] = []
    params: list[Any] = []
    ids: set[int] = set()
    for ps in _read(models, lambda m: m.parameters(), failed):
        for p in ps:  # nn.Module.parameters() skips a parameter seen twice in a model; this, across models
            if id(p) not in ids:
                ids.add(id(p))
                params.append(p)
    extra = [p for ps in _read(optimizers, _group_params, failed) for p in ps if id(p) not in ids]
    if not models:  # no model watched: the optimizer's parameters are the parameters
        params, extra = list({id(p): p for p in extra}.values()), []
    c.add("parameters", params)
    for bs in _read(models, lambda m: m.buffers(), failed):
        c.add("buffers", bs)
    every = params + extra
    try:
        if grads is not None:
            for where in grads.update(every, c):
                c.claim("gradients", where)
        else:
            c.add("gradients", (getattr(p, "grad", None) for p in every))
    except Exception:  # a parameter-like object whose .grad raises
        failed.append("gradients")
    for state in _read(optimizers, _state_tensors, failed):
        c.add("optimizer_state", state)
    c.add("optimizer_state", extra)  # master weights: an optimizer's own copy of the parameters
    return Walk(c.out, c.tensors, c.skipped, tuple(failed))


class _GradMemo:
    """Each parameter's gradient storage as last seen. The walk runs while the training
    thread trains: between `zero_grad(set_to_none=True)` and the backward that fills them the
    grads are None, yet the step's end and its peak hold them. A parameter that stops asking
    for a gradient (frozen) drops its entry; one that is gone (collected) too."""

    def __init__(self) -> None:
        self._last: dict[int, tuple[weakref.ref[Any], _Where]] = {}

    def update(self, params: list[Any], c: _Counter) -> list[_Where]:
        keep: dict[int, tuple[weakref.ref[Any], _Where]] = {}
        out = []
        for p in params:
            grad = getattr(p, "grad", None)  # getattr: an optimizer's params may be anything
            where = c.storage(grad) if grad is not None else None
            if where is None:
                old = self._last.get(id(p))
                if grad is None and old is not None and old[0]() is p and getattr(p, "requires_grad", False):
                    where = old[1]
            if where is not None:
                try:
                    keep[id(p)] = (weakref.ref(p), where)
                except TypeError:  # not weak-referenceable: counted now, not remembered
                    pass
                out.append(where)
        self._last = keep
        return out


class CategoryReading(NamedTuple):
    """One GPU's categories: at the step's end (persistent ones and `other`) and at its peak."""

    device: int
    uuid: str
    end: dict[str, int]
    peak: dict[str, int] | None  # None until the agent closed a step (the allocator's step peak)


def _split(persistent: Mapping[str, int], end_allocated: int,
           peak: int | None) -> tuple[dict[str, int], dict[str, int] | None]:
    """The step end's and the step peak's categories from the walk's persistent bytes."""
    held = sum(persistent.values())
    end = {**persistent, "other": max(0, end_allocated - held)}
    if peak is None:
        return end, None
    at_peak = {**end, "activations": max(0, peak - held - end["other"])}
    return end, at_peak


class CategorySource(Source["tuple[CategoryReading, ...]"]):
    """Collector `categories`: `gpumemd_allocator_category_bytes{category, at}` per GPU, from
    what `watch()` was handed. No series until something is watched and the allocator has a
    reading; the walk's cost is kept in `last_walk_seconds`."""

    name = "categories"
    names = collected_by("categories")  # the families declared with its name (known_metrics)
    _FAMILY = Family(FAMILY)

    def __init__(self, labels: Mapping[str, str], *, device_type: Callable[[], str | None] | None = None,
                 clock: Callable[[], float] = time.perf_counter,
                 on_error: Callable[[str], None] | None = None) -> None:
        """`on_error(where)` counts a watched object the walk could not read (the agent's
        errors counter); each type is also logged, once."""
        self._labels = dict(labels)
        self._on_error = on_error
        self._logged: set[str] = set()
        self._device_type = device_type or (lambda: "cuda")
        self._clock = clock
        self._lock = threading.Lock()  # watch() (the training thread) against the walk's copy
        self._models: list[weakref.ref[Any]] = []
        self._optimizers: list[weakref.ref[Any]] = []
        self._grads = _GradMemo()
        self.last_walk_seconds = 0.0
        self.last_walk: Walk | None = None
        self.walks = 0
        self._next_walk = float("-inf")
        self._stale = True  # watch() since the last walk: walk at the next sample

    def watch(self, model: Any = None, optimizer: Any = None) -> bool:
        """Hold `model` and `optimizer` (one, or several in a list or tuple) by weak reference;
        False when none of them could be held (not weak-referenceable: logged)."""
        held = False
        for target, objs in ((self._models, model), (self._optimizers, optimizer)):
            for obj in objs if isinstance(objs, (list, tuple)) else (objs,):
                if obj is None:
                    continue
                try:
                    ref = weakref.ref(obj)
                except TypeError:
                    log.warning("gpumemd.watch: a %s cannot be held by weak reference; not watched",
                                type(obj).__name__)
                    continue
                with self._lock:
                    if all(r() is not obj for r in target):
                        target.append(ref)
                        self._stale = True
                held = True
        return held

    @property
    def watching(self) -> bool:
        return any(r() is not None for r in (*self._models, *self._optimizers))

    def _alive(self) -> tuple[list[Any], list[Any]]:
        with self._lock:
            self._models = [r for r in self._models if r() is not None]
            self._optimizers = [r for r in self._optimizers if r() is not None]
            return ([m for r in self._models if (m := r()) is not None],
                    [o for r in self._optimizers if (o := r()) is not None])

    def read(self, cycle: Mapping[str, Any]) -> tuple[CategoryReading, ...]:
        allocator = cycle.get("allocator") or ()
        if not allocator or not self.watching:
            return ()
        walk = self.last_walk
        start = self._clock()
        if walk is None or self._stale or start >= self._next_walk:
            self._stale = False
            models, optimizers = self._alive()
            walk = account(models, optimizers, device_type=self._device_type(), grads=self._grads)
            del models, optimizers  # no reference beyond the walk
            took = self.last_walk_seconds = self._clock() - start
            self._next_walk = start + took / WALK_BUDGET
            self.last_walk, self.walks = walk, self.walks + 1
            for name in walk.failed:
                self._failed(name)
        out = []
        for r in allocator:
            persistent = walk.bytes.get((self._device_type() or "cuda", r.device))
            if persistent is None:
                continue
            step = r.step
            end_allocated = getattr(step, "allocated_end_bytes", None) if step is not None else None
            end, peak = _split(persistent, r.allocated_bytes if end_allocated is None else end_allocated,
                               step.allocated_bytes if step is not None else None)
            out.append(CategoryReading(r.device, r.uuid, end, peak))
        return tuple(out)

    def _failed(self, name: str) -> None:
        if self._on_error is not None:
            self._on_error("watch")
        if name not in self._logged and len(self._logged) < 32:
            self._logged.add(name)
            log.warning("gpumemd.watch: a watched %s could not be read; its memory counts as other "
                        "(counted in gpumemd_agent_errors_total{where=\"watch\"}; said once)", name)

    def families(self, reading: tuple[CategoryReading, ...]) -> Iterable[Metric]:
        if not reading:  # nothing watched: no family at all (not even its HELP line)
            return ()
        metric = self._FAMILY.new()
        for r in reading:
            base = {"gpu": str(r.device), "uuid": r.uuid, **self._labels}
            for at, values in (("peak", r.peak), ("end", r.end)):
                for category in CATEGORIES:
                    if values is not None and category in values:
                        self._FAMILY.add(metric, {**base, "category": category, "at": at}, values[category])
        return (metric,)
