"""Categories inside PyTorch's allocated memory: parameters, buffers, gradients, optimizer
state, activations and the rest, per GPU, from the models and optimizers the program hands
the agent (`gpumemd.watch(model, optimizer)`; the framework callbacks do it themselves).

What a category holds (docs/categories.md has the long form):

- `parameters`: every parameter of a watched model (an FSDP2 DTensor: its local shard);
- `buffers`: the watched models' buffers (BatchNorm statistics, rotary tables);
- `gradients`: each parameter's `.grad` at the optimizer step's end (DDP's
  `gradient_as_bucket_view`: the grads are views of the buckets, counted once);
- `optimizer_state`: the tensors in `optimizer.state` (Adam's moments, momentum buffers) and
  an optimizer's parameters that are not a watched model's (fp32 master weights);
- `unsharded_parameters`: FSDP2's all-gathered (unsharded) parameters still held at the step's
  end (`set_reshard_after_backward(False)`, a root not resharded), read from FSDP2's own
  `FSDPParam` objects; those gathered and freed within the step are the peak's `activations`;
- `comm_buckets`: DDP's gradient buckets when the grads are not views of them (the default,
  `gradient_as_bucket_view=False`): a second copy of the grads the C++ reducer owns, its bytes
  from the bucket sizes DDP's own logger records (the storages are not reachable from Python);
- `activations`: at the step peak only, what the peak holds beyond the step's end
  (activations, autograd's saved tensors, FSDP2's transient all-gathers, temporaries);
- `other`: allocated at the step's end that no category claims.

When: the persistent categories are counted at a step boundary, in the optimizer-step hook
on the training thread (`on_boundary`, after the allocator's tick that closed the step), so
`at="end"` is the state at that step's end and `at="peak"` that step's peak: never a walk at
an arbitrary moment (during a backward the grads are half there; during an FSDP2 forward the
modules hold the all-gathered parameters). The pass reads pointers and sizes of storages,
O(tensors); `PassBudget` runs one only while the passes' time, this one's expected cost
included, stays within STEP_BUDGET of the time since `watch()`. Before the first boundary's
pass the figures are those counted at `watch()` (the model at rest). Under cudaMallocAsync
a step whose peak the driver's pool cannot give has no `at="peak"` series (unknown, not 0).

User code: a model's `parameters()` and `buffers()` are the user's and are called only by
`watch()` (and again at a boundary after a watched parameter was replaced), on a helper
thread the caller waits for at most `max_seconds`, pulling at most `max_tensors` items: a
generator that never ends, a blocking or raising one leaves nothing watched, said once. The
tensors found are held by weak reference; a step's pass reads only them and the optimizer's
own lists. torch is never imported: tensors are read through their own methods.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping
from itertools import chain, compress, islice
from operator import attrgetter
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.agent.wrappers import Sized, Structure, Unbounded, merged, read_buckets, structure, unsharded
from gpumemd.diagnosis.cudacaching import round_blocks
from gpumemd.known_metrics import ALLOCATED_CATEGORIES, collected_by
from gpumemd.sources.base import Family, Source

__all__ = [
    "CATEGORIES",
    "MAX_SECONDS",
    "MAX_TENSORS",
    "MAX_WATCHED",
    "COUNTED",
    "PERSISTENT",
    "STEP_BUDGET",
    "CategoryReading",
    "PassBudget",
    "CategorySource",
    "Walk",
    "account",
]

log = logging.getLogger("gpumemd.agent")

CATEGORIES = ALLOCATED_CATEGORIES  # the label values, defined with the metric (explain reads them too)
PERSISTENT = CATEGORIES[:4]  # parameters, buffers, gradients, optimizer_state: the dedup order
COUNTED = CATEGORIES[:6]  # a pass counts these: PERSISTENT, FSDP2's unsharded parameters, DDP's buckets
FAMILY = "gpumemd_allocator_category_bytes"
# The step passes' share of the training thread's time, at most (PassBudget; persistent memory
# changes rarely between steps).
STEP_BUDGET = 0.001
# watch()'s bounds on user code: items pulled from one `parameters()` or `buffers()`, seconds
# the caller waits for all of them, objects in one call.
MAX_TENSORS = 1_000_000
MAX_SECONDS = 5.0
MAX_WATCHED = 64

DeviceKey = tuple[str, int]  # (device type, index)


class Walk(NamedTuple):
    """One pass's bytes by device and persistent category, and what it skipped."""

    bytes: dict[DeviceKey, dict[str, int]]
    tensors: int  # tensors looked at
    skipped: int  # tensors without a readable storage (sparse, a wrapper subclass)
    failed: tuple[str, ...] = ()  # the watched objects that could not be read (their type names)


# what a type is: a tensor, a DTensor (its local shard holds this rank's memory); _FLAGGED: it has
# `is_<device type>` and `get_device()` (a DTensor's flags are its local tensor's type's: checked there)
_TENSOR, _SHARDED, _FLAGGED = 1, 2, 4
_Reads = dict[tuple[str, int], tuple[list[int], list[int]]]  # per (device type, index or -1): pointers, bytes


class _Counter:
    """Claims storages in category order; sums bytes per (device, category)."""

    def __init__(self, device_type: str | None) -> None:
        self.device_type = device_type
        self.seen: dict[tuple[str, int], set[int]] = {}  # per (device type, index or -1): data pointers
        self.out: dict[DeviceKey, dict[str, int]] = {}
        self.tensors = self.skipped = 0
        self._kinds: dict[type, int] = {}  # per type, not per tensor: attribute probes are slow on tensors
        self._on_want = attrgetter(f"is_{device_type}") if device_type is not None else None

    def _kind(self, cls: type) -> int:
        kind = self._kinds.get(cls)
        if kind is None:
            kind = (_SHARDED if hasattr(cls, "_local_tensor") else
                    _TENSOR if hasattr(cls, "untyped_storage") else 0)
            if kind and self.device_type is not None and hasattr(cls, f"is_{self.device_type}") \
                    and hasattr(cls, "get_device"):
                kind |= _FLAGGED
            self._kinds[cls] = kind
        return kind

    def add(self, category: str, tensors: Iterable[Any]) -> None:
        """Claim the storages behind `tensors` for `category`: each storage (device type,
        index, data pointer) once, in the first category that claims it; a storage on an
        accelerator in whole blocks. It runs in the optimizer-step hook: the tensors are read a
        type at a time, each read mapped over them with the type's own method (no attribute
        looked up per tensor); a type whose reads raise is read one tensor at a time."""
        items = [t for t in tensors if t is not None]
        groups = _by_type(items)
        plain: list[tuple[type, list[Any]]] = []
        local: list[Any] = []
        for cls, group in groups:
            kind = self._kinds.get(cls)
            if kind is None:
                kind = self._kind(cls)
            if not kind:
                continue
            self.tensors += len(group)
            if not kind & _SHARDED:
                plain.append((cls, group))
                continue
            try:  # a DTensor: its local shard holds this rank's memory
                local.extend(list(map(_LOCAL, group)))
            except Exception:
                for t in group:
                    try:
                        local.append(t._local_tensor)
                    except Exception:  # a wrapper without its local tensor: not countable
                        self.skipped += 1
        for cls, group in plain + _by_type(local):
            kind = self._kinds.get(cls)
            if kind is None:
                kind = self._kind(cls)
            reads = self._mapped(cls, group) if kind & _FLAGGED else None
            if reads is None:
                reads = self._one_by_one(group)
            for (dtype, index), (ptrs, sizes) in reads.items():
                self._claim(category, dtype, index, ptrs, sizes)

    def _mapped(self, cls: type[Any], group: list[Any]) -> _Reads | None:
        """The data pointers and bytes of the storages of `group` (tensors of type `cls`) on the
        device type counted, per (device type, index or -1), each read mapped over the group;
        None when one raised (a sparse tensor, a subclass without storage: read one at a time
        to skip only those)."""
        want = self.device_type or ""
        try:
            on = list(map(self._on_want, group))  # type: ignore[arg-type]  # _FLAGGED: a device type
            picked = group if all(on) else list(compress(group, on))
            storages = list(map(cls.untyped_storage, picked))
            types = set(map(type, storages))
            if len(types) != 1:
                return None if types else {}
            storage: type[Any] = types.pop()
            ptrs, sizes = list(map(storage.data_ptr, storages)), list(map(storage.nbytes, storages))
            if want == "cpu":  # no index: get_device() says -1 for each
                return {(want, -1): (ptrs, sizes)}
            index = list(map(cls.get_device, picked))
        except Exception:
            return None
        devices = set(index)
        if len(devices) == 1:
            return {(want, devices.pop()): (ptrs, sizes)}
        out: _Reads = {}
        for i, ptr, n in zip(index, ptrs, sizes, strict=True):
            lists = out.setdefault((want, i), ([], []))
            lists[0].append(ptr)
            lists[1].append(n)
        return out

    def _one_by_one(self, group: list[Any]) -> _Reads:
        """As `_mapped`, a tensor at a time: one that cannot be read is skipped (counted)."""
        want, on_want = self.device_type, self._on_want
        out: _Reads = {}
        for t in group:
            try:
                dtype: str
                index: int | None
                if on_want is not None and want is not None and self._kind(type(t)) & _FLAGGED:
                    if not on_want(t):
                        continue
                    dtype, index = want, t.get_device()
                else:
                    # `t.device.type` builds a string each time: the flags say the same where torch has them
                    device = t.device
                    dtype, index = device.type, device.index
                    if dtype == "meta" or (want is not None and dtype != want):
                        continue
                s = t.untyped_storage()
                ptr, n = s.data_ptr(), s.nbytes()
            except Exception:  # a sparse tensor, a subclass without storage: not countable
                self.skipped += 1
                continue
            lists = out.setdefault((dtype, -1 if index is None else index), ([], []))
            lists[0].append(ptr)
            lists[1].append(n)
        return out

    def _claim(self, category: str, dtype: str, index: int, ptrs: list[int], sizes: list[int]) -> None:
        """The storages of one device not claimed yet (by data pointer), for `category`: set
        operations and a sum over the lists, no loop per tensor."""
        seen = self.seen.setdefault((dtype, index), set())
        distinct = set(ptrs)
        if len(distinct) == len(ptrs) and seen.isdisjoint(distinct):  # each a storage of its own, new
            seen |= distinct
            counted = sizes
        else:
            size = dict(zip(ptrs, sizes, strict=True))
            fresh = size.keys() - seen
            seen |= fresh
            counted = list(map(size.__getitem__, fresh))
        # an accelerator's storage counted as the caching allocator counts it in allocated_bytes
        # (kMinBlockSize), as MemTracker does (roundup_power2_divisions rounds further: not followed)
        n = sum(counted) if dtype == "cpu" else round_blocks(counted)
        place = (dtype, index if index > 0 else 0)
        per = self.out.get(place)
        if per is None:
            per = self.out[place] = dict.fromkeys(COUNTED, 0)
        per[category] += n

    def add_sizes(self, category: str, dtype: str, index: int | None, sizes: Iterable[int]) -> None:
        """Claim allocations known by their sizes only (no storage to read: DDP's buckets), each
        in whole blocks on an accelerator."""
        if self.device_type is not None and dtype != self.device_type:
            return
        positive = [s for s in sizes if s > 0]
        n = sum(positive) if dtype == "cpu" else round_blocks(positive)
        per = self.out.setdefault((dtype, index or 0), dict.fromkeys(COUNTED, 0))
        per[category] += n


_LOCAL, _GRAD = attrgetter("_local_tensor"), attrgetter("grad")


def _by_type(items: list[Any]) -> list[tuple[type, list[Any]]]:
    """`items` grouped by their type, in the order each type first comes (one type: as is)."""
    types = set(map(type, items))
    if len(types) <= 1:
        return [(types.pop(), items)] if types else []
    groups: dict[type, list[Any]] = {}
    for x in items:
        groups.setdefault(type(x), []).append(x)
    return list(groups.items())


def _state_tensors(opt: Any) -> list[Any]:
    state = getattr(opt, "state", None)  # getattr: an optimizer, or a wrapper that forwards it
    out: list[Any] = []
    if isinstance(state, Mapping):
        per_param = list(state.values())
        if set(map(type, per_param)) <= {dict}:  # torch's optimizers: read in one go
            return list(chain.from_iterable(map(dict.values, per_param)))
        for one in per_param:
            if isinstance(one, Mapping):
                out.extend(list(one.values()))
    return out


def _group_params(opt: Any) -> list[Any]:
    out: list[Any] = []
    for group in list(getattr(opt, "param_groups", None) or ()):  # getattr: duck-typed optimizer
        if isinstance(group, Mapping):
            out.extend(group.get("params") or ())
    return out


def _count(params: list[Any], buffers: list[Any], optimizers: list[Any], failed: list[str], *,
           device_type: str | None, has_models: bool, groups: Iterable[Any] = (),
           buckets: Iterable[Sized] = ()) -> Walk:
    """The pass: the persistent categories' bytes per device, each storage counted once (the
    module docstring), over tensors already found (no model's method is called here)."""
    c = _Counter(device_type)
    ids = set(map(id, params))
    extra: list[Any] = []
    for opt in optimizers:
        try:
            held = _group_params(opt)
            if not ids.issuperset(map(id, held)):  # some are not a watched model's
                extra.extend(p for p in held if id(p) not in ids)
        except Exception:  # a user's optimizer, or a list changed under the pass
            failed.append(type(opt).__name__)
    if not has_models:  # no model watched: the optimizer's parameters are the parameters
        params, extra = list({id(p): p for p in extra}.values()), []
    c.add("parameters", params)
    c.add("buffers", buffers)
    every = params + extra
    try:
        try:
            grads = list(map(_GRAD, every))
        except AttributeError:  # getattr: anything an optimizer holds
            grads = [getattr(p, "grad", None) for p in every]
        c.add("gradients", grads)
    except Exception:  # a parameter-like object whose .grad raises
        failed.append("gradients")
    for opt in optimizers:
        try:
            c.add("optimizer_state", _state_tensors(opt))
        except Exception:
            failed.append(type(opt).__name__)
    c.add("optimizer_state", extra)  # master weights: an optimizer's own copy of the parameters
    try:
        c.add("unsharded_parameters", unsharded(groups))
    except Exception:  # FSDP2's internals changed under the pass, or another torch's
        failed.append("FSDPParamGroup")
    for dtype, index, sizes in buckets:
        c.add_sizes("comm_buckets", dtype, index, sizes)
    return Walk(c.out, c.tensors, c.skipped, tuple(failed))


def _pull(obj: Any, method: str, limit: int, deadline: float, clock: Callable[[], float]) -> list[Any]:
    """At most `limit` items of `obj.<method>()`, before `deadline`; Unbounded past either."""
    out: list[Any] = []
    for i, item in enumerate(islice(getattr(obj, method)(), limit + 1)):  # getattr: a model's own method
        if i >= limit or (not i & 1023 and clock() > deadline):
            raise Unbounded(f"{method}() gave more than {limit} items" if i >= limit
                            else f"{method}() took longer than its budget")
        out.append(item)
    return out


def account(models: Iterable[Any], optimizers: Iterable[Any], *, device_type: str | None = None) -> Walk:
    """The persistent categories' bytes per device of `models` and `optimizers` now (tests,
    benches; the agent counts at step boundaries through `CategorySource`)."""
    models, optimizers = list(models), list(optimizers)
    failed: list[str] = []
    params: dict[int, Any] = {}
    buffers: list[Any] = []
    structures: list[Structure] = []
    for m in models:
        try:
            ps, bs = list(m.parameters()), list(m.buffers())
            found = structure(m, MAX_TENSORS, float("inf"), time.perf_counter)
        except Exception:
            failed.append(type(m).__name__)
            continue
        for p in ps:  # nn.Module.parameters() skips a parameter seen twice in a model; this, across models
            params.setdefault(id(p), p)
        buffers.extend(bs)
        structures.append(found)
    found = merged(structures)
    return _count(list(params.values()), buffers, optimizers, failed, device_type=device_type,
                  has_models=bool(models), groups=found.groups, buckets=read_buckets(found.buckets, failed))


class PassBudget:
    """Runs the passes within a share of the counting thread's time, as a debt: credit accrues
    at `share` seconds per second from `watch()`'s pass (or the first `due()`), each pass is
    charged what it took, and a pass is due only when the credit covers its expected cost (the
    last pass's; the first boundary's: `watch()`'s). So the passes' time stays within share x
    the time since watch(), up to what the last pass took beyond the one before it. The credit
    is capped at one pass: time without passes (an evaluation, a pause) buys no burst."""

    __slots__ = ("credit", "estimate", "last")

    def __init__(self) -> None:
        self.credit = 0.0
        self.estimate = 0.0  # seconds the next pass is expected to take
        self.last: float | None = None  # when the credit was last brought up to date

    def due(self, now: float, share: float) -> bool:
        """Whether a pass at `now` keeps the passes within `share` (infinite: every time; 0:
        never)."""
        if share == float("inf"):
            self.credit, self.last = 0.0, now
            return True
        if self.last is not None and now > self.last:
            self.credit = min(self.credit + share * (now - self.last), self.estimate)
        self.last = now if self.last is None else max(self.last, now)
        return share > 0 and self.credit >= self.estimate

    def charge(self, took: float) -> None:
        """A pass due just now took `took` seconds."""
        self.credit -= took
        self.estimate = took

    def expect(self, now: float, took: float) -> None:
        """A pass outside the budget (`watch()`'s) began at `now` and took `took`: the next is
        expected as long; the first such pass starts the credit."""
        if self.last is None:
            self.last = now
        self.estimate = took


class _Model:
    """A watched model: the object, the tensors its `parameters()` and `buffers()` gave at
    watch(), and its FSDP2 groups and DDP loggers (`_structure`), each by weak reference;
    `sizes`: each logger's bucket sizes as last read (on the training thread: below)."""

    __slots__ = ("buckets", "buffers", "groups", "name", "params", "ref", "sizes")

    def __init__(self, obj: Any, params: list[Any], buffers: list[Any], structure: Structure) -> None:
        self.ref = weakref.ref(obj)
        self.name = type(obj).__name__
        self.params = [weakref.ref(p) for p in params]
        self.buffers = [weakref.ref(b) for b in buffers]
        self.groups = [weakref.ref(g) for g in structure.groups]
        self.buckets = [(weakref.ref(logger), dtype, index) for logger, dtype, index in structure.buckets]
        self.sizes: dict[int, Sized] = {}

    def structure(self) -> Structure:
        groups, _ = _refs(self.groups)
        return Structure(groups, [(logger, dtype, index) for ref, dtype, index in self.buckets
                                   if (logger := ref()) is not None])

    def bucket_sizes(self, read: bool, failed: list[str]) -> dict[int, Sized]:
        """Per logger (by id), its buckets: read now when `read`, else as last read. DDP's logger
        takes the reducer's lock: read on the thread that runs the step (watch(), a step
        boundary), never on the sampling thread while a backward may hold that lock."""
        if read:
            self.sizes = {}
            for found in self.structure().buckets:
                for sized in read_buckets([found], failed):  # none when it failed
                    self.sizes[id(found[0])] = sized
        return self.sizes


def _refs(objs: list[weakref.ref[Any]]) -> tuple[list[Any], bool]:
    """The live objects, and whether any died."""
    out = [x for r in objs if (x := r()) is not None]
    return out, len(out) != len(objs)


class CategoryReading(NamedTuple):
    """One GPU's categories: at the step's end (persistent ones and `other`) and at its peak."""

    device: int
    uuid: str
    end: dict[str, int]
    # None until the agent closed a step, and where that step's peak is unknown (cudaMallocAsync)
    peak: dict[str, int] | None


def _split(persistent: Mapping[str, int], end_allocated: int,
           peak: int | None) -> tuple[dict[str, int], dict[str, int] | None]:
    """The step end's and the step peak's categories from the pass's persistent bytes."""
    held = sum(persistent.values())
    end = {**persistent, "other": max(0, end_allocated - held)}
    if peak is None:
        return end, None
    at_peak = {**end, "activations": max(0, peak - held - end["other"])}
    return end, at_peak


class _Counted(NamedTuple):
    """A pass and the step it describes: per device, (allocated at its end, its peak or None
    where the backend gives none: cudaMallocAsync); None for a pass at watch() (no step: the
    allocator's figure of each sample serves)."""

    walk: Walk
    steps: dict[int, tuple[int, int | None]] | None


def _steps_of(walk: Walk, device_type: str,
              step_peak: Callable[[int], Any] | None) -> dict[int, tuple[int, int | None]]:
    out: dict[int, tuple[int, int | None]] = {}
    if step_peak is None:
        return out
    for dtype, index in walk.bytes:
        if dtype == device_type:
            r = step_peak(index)
            if r is not None:
                out[index] = (r.allocated_end_bytes, r.allocated_bytes)
    return out


class CategorySource(Source["tuple[CategoryReading, ...]"]):
    """Collector `categories`: `gpumemd_allocator_category_bytes{category, at}` per GPU, from
    what `watch()` was handed, counted at step boundaries (`on_boundary`, a step-hook boundary
    listener). No series until something is watched and the allocator has a reading; the
    last pass's cost is kept in `last_walk_seconds`, the budgeted passes' in `walk_seconds`
    and `watch()`'s in `watch_walk_seconds` (a boundary that lists a model again counts its
    `watch()` in both)."""

    name = "categories"
    names = collected_by("categories")  # the families declared with its name (known_metrics)
    _FAMILY = Family(FAMILY)

    def __init__(self, labels: Mapping[str, str], *, device_type: Callable[[], str | None] | None = None,
                 clock: Callable[[], float] = time.perf_counter,
                 on_error: Callable[[str], None] | None = None,
                 max_tensors: int = MAX_TENSORS, max_seconds: float = MAX_SECONDS,
                 at_boundaries: bool = True) -> None:
        """`on_error(where)` counts a watched object that could not be read (the agent's
        errors counter); each type is also logged, once. `at_boundaries` False (the agent's
        `tick: thread`: no optimizer-step hook) counts on the sampling thread instead, spaced
        by the same budget: at a sample's moment, not a step's end."""
        self._labels = dict(labels)
        self._on_error = on_error
        self._logged: set[str] = set()
        self._device_type = device_type or (lambda: "cuda")
        self._clock = clock
        self.max_tensors = max_tensors
        self.max_seconds = max_seconds
        self._lock = threading.Lock()  # watch() against a boundary's pass
        self._models: list[_Model] = []
        self._optimizers: list[weakref.ref[Any]] = []
        self._step_peak: Callable[[int], Any] | None = None
        self._counted: _Counted | None = None
        self.last_walk_seconds = 0.0
        self.walk_seconds = 0.0  # every budgeted pass's time, summed (the cost in place)
        self.watch_walk_seconds = 0.0  # watch()'s passes' time, summed (outside the budget)
        self.walks = 0
        self._spacing = PassBudget()
        self._resolve = False  # a watched parameter died (replaced): find the tensors again
        self.at_boundaries = at_boundaries
        # the passes' share of the counting thread's time, at most (STEP_BUDGET; benchmarks and
        # tests that want a pass at every boundary set it to infinity)
        self.budget = STEP_BUDGET

    def follow(self, step_peak: Callable[[int], Any]) -> None:
        """The allocator's last closed step per device (`AllocatorSource.last_step_peak`):
        what a boundary's pass is paired with."""
        self._step_peak = step_peak

    # --- watch(): the caller's thread, user code on a helper thread ---

    def watch(self, model: Any = None, optimizer: Any = None) -> bool:
        """Hold `model` and `optimizer` (one, or several in a list or tuple) by weak reference
        and count them now; False when none of them could be held (not weak-referenceable,
        a model whose tensors could not be listed within the bounds: logged, nothing kept)."""
        models, optimizers = self._arguments(model), self._arguments(optimizer)
        if models is None or optimizers is None:
            return False
        found: list[tuple[Any, list[Any], list[Any], Structure]] = []
        for obj in models:
            got = self._find(obj)
            if got is not None:
                found.append((obj, *got))
        held = False
        with self._lock:
            for obj, params, buffers, structure in found:
                try:
                    entry = _Model(obj, params, buffers, structure)
                except TypeError:
                    self._refused(obj, "cannot be held by weak reference")
                    continue
                self._models = [m for m in self._models if m.ref() is not obj] + [entry]
                held = True
            for obj in optimizers:
                try:
                    ref = weakref.ref(obj)
                except TypeError:
                    self._refused(obj, "cannot be held by weak reference")
                    continue
                if all(r() is not obj for r in self._optimizers):
                    self._optimizers.append(ref)
                held = True
            if held:  # counted now (the model at rest), the caller's cost; the next pass is expected as long
                start = self._clock()
                self._counted = _Counted(self._pass(), None)
                took = self._clock() - start
                self.watch_walk_seconds += took
                self._spacing.expect(start, took)
        return held

    def _arguments(self, value: Any) -> list[Any] | None:
        objs = list(value) if isinstance(value, (list, tuple)) else [value]
        objs = [o for o in objs if o is not None]
        if len(objs) > MAX_WATCHED:
            self._refused(value, f"holds {len(objs)} objects, more than {MAX_WATCHED}")
            return None
        return objs

    def _find(self, obj: Any) -> tuple[list[Any], list[Any], Structure] | None:
        """`obj.parameters()` and `obj.buffers()`, bounded (the module docstring), and its
        FSDP2 groups and DDP loggers (`_structure`), on a helper thread; None when they could
        not be read within the bounds (said once)."""
        box: dict[str, Any] = {}
        done = threading.Event()
        deadline = self._clock() + self.max_seconds
        limit, clock = self.max_tensors, self._clock

        def run() -> None:
            try:
                params = _pull(obj, "parameters", limit, deadline, clock)
                buffers = _pull(obj, "buffers", limit, deadline, clock) if hasattr(obj, "buffers") else []
                box["found"] = (params, buffers, structure(obj, limit, deadline, clock))
            except Exception as exc:  # the user's code raised, or went past the bounds
                box["error"] = exc
            finally:
                done.set()

        worker = threading.Thread(target=run, name="gpumemd-watch", daemon=True)
        worker.start()
        if not done.wait(self.max_seconds):
            self._refused(obj, f"parameters() or buffers() did not return within {self.max_seconds:g} s")
            return None
        del worker
        if "error" in box:
            error = box["error"]
            self._refused(obj, str(error) if isinstance(error, Unbounded)
                          else f"parameters() or buffers() raised {type(error).__name__}")
            return None
        found: tuple[list[Any], list[Any], Structure] = box["found"]
        return found

    def _refused(self, obj: Any, why: str) -> None:
        if self._on_error is not None:
            self._on_error("watch")
        key = f"{type(obj).__name__}: {why}"
        if key not in self._logged and len(self._logged) < 32:
            self._logged.add(key)
            log.warning("gpumemd.watch: a %s %s; not watched (counted in gpumemd_agent_errors_total"
                        "{where=\"watch\"}; said once)", type(obj).__name__, why)

    # --- a step boundary: the training thread ---

    def on_boundary(self, steps: int | None) -> None:
        """A step boundary just closed (StepHook's boundary listener): count the persistent
        categories now, at the optimizer step's end, unless the budget spaces passes out."""
        if not self._models and not self._optimizers:
            return
        start = self._clock()
        if not self._spacing.due(start, self.budget):
            return
        if self._resolve:  # a watched parameter was replaced (fully_shard after watch): find them again
            self._resolve = False
            for m in list(self._models):
                obj = m.ref()
                if obj is not None and not self.watch(obj):  # unreadable now: not watched any more
                    with self._lock:
                        self._models = [x for x in self._models if x is not m]
        with self._lock:
            walk = self._pass()
        paired = _steps_of(walk, self._device_type() or "cuda", self._step_peak)
        # the first boundary opens the allocator's first step: nothing to pair yet
        self._counted = _Counted(walk, paired or None)
        self._charge(start)

    def _charge(self, start: float) -> None:
        took = self.last_walk_seconds = self._clock() - start
        self.walk_seconds += took
        self._spacing.charge(took)

    def _pass(self, read_loggers: bool = True) -> Walk:
        """Count what is watched (callers hold the lock); `read_loggers` False (the sampling
        thread): DDP's bucket sizes as last read."""
        self._models = [m for m in self._models if m.ref() is not None]
        self._optimizers = [r for r in self._optimizers if r() is not None]
        params: dict[int, Any] = {}
        buffers: list[Any] = []
        for m in self._models:
            ps, died = _refs(m.params)
            bs, died_b = _refs(m.buffers)
            if died or died_b:
                self._resolve = True
            params.update(zip(map(id, ps), ps, strict=True))  # an object under its id, whoever lists it
            buffers.extend(bs)
        optimizers = [o for r in self._optimizers if (o := r()) is not None]
        failed: list[str] = []
        buckets: dict[int, Sized] = {}  # one logger once, whichever models reach it
        for m in self._models:
            buckets.update(m.bucket_sizes(read_loggers, failed))
        groups = merged(m.structure() for m in self._models).groups
        walk = _count(list(params.values()), buffers, optimizers, failed, device_type=self._device_type(),
                      has_models=bool(self._models), groups=groups, buckets=list(buckets.values()))
        self.walks += 1
        for name in walk.failed:
            self._failed(name)
        return walk

    def clear(self) -> None:
        """Watch nothing (benchmarks' arms)."""
        with self._lock:
            self._models, self._optimizers, self._counted = [], [], None

    @property
    def watching(self) -> bool:
        return (any(m.ref() is not None for m in self._models)
                or any(r() is not None for r in self._optimizers))

    # --- the sampling thread: no user code, no pass ---

    def read(self, cycle: Mapping[str, Any]) -> tuple[CategoryReading, ...]:
        allocator = cycle.get("allocator") or ()
        if not allocator or self._counted is None or not self.watching:
            return ()
        device_type = self._device_type() or "cuda"
        if not self.at_boundaries:
            self._pass_now(allocator)
        counted = self._counted
        out = []
        for r in allocator:
            persistent = counted.walk.bytes.get((device_type, r.device))
            if persistent is None:
                continue
            if counted.steps is None:  # counted at watch(): no step yet, allocated now
                end, peak = _split(persistent, r.allocated_bytes, None)
            elif r.device in counted.steps:
                end_allocated, step_peak = counted.steps[r.device]
                end, peak = _split(persistent, end_allocated, step_peak)
            else:
                continue
            out.append(CategoryReading(r.device, r.uuid, end, peak))
        return tuple(out)

    def _pass_now(self, allocator: Iterable[Any]) -> None:
        """`tick: thread`: a pass on the sampling thread, paired with this sample's last step."""
        start = self._clock()
        if not self._spacing.due(start, self.budget):
            return
        with self._lock:
            walk = self._pass(read_loggers=False)
        paired = {r.device: (r.step.allocated_end_bytes, r.step.allocated_bytes)
                  for r in allocator if r.step is not None}
        self._counted = _Counted(walk, paired or None)
        self._charge(start)

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
