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
from itertools import islice
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.agent.categorypass import PassBudget, Walk, count, group_params
from gpumemd.agent.tensorreads import shapes
from gpumemd.agent.wrappers import Sized, Structure, Unbounded, merged, read_buckets, structure
from gpumemd.diagnosis.calibration import fingerprint
from gpumemd.diagnosis.retainers import type_name
from gpumemd.known_metrics import ALLOCATED_CATEGORIES, collected_by
from gpumemd.sources.base import Family, Source

__all__ = [
    "CATEGORIES",
    "MAX_SECONDS",
    "MAX_TENSORS",
    "MAX_WATCHED",
    "PERSISTENT",
    "STEP_BUDGET",
    "CategoryReading",
    "CategorySource",
    "account",
]

log = logging.getLogger("gpumemd.agent")

CATEGORIES = ALLOCATED_CATEGORIES  # the label values, defined with the metric (explain reads them too)
PERSISTENT = CATEGORIES[:4]  # parameters, buffers, gradients, optimizer_state: the dedup order
FAMILY = "gpumemd_allocator_category_bytes"
# The step passes' share of the training thread's time, at most (PassBudget; persistent memory
# changes rarely between steps). Set under the goal (docs/categories.md): the debt may be overrun
# by what the last pass took beyond the one before.
STEP_BUDGET = 0.0008
# watch()'s bounds on user code: items pulled from one `parameters()` or `buffers()`, seconds
# the caller waits for all of them, objects in one call.
MAX_TENSORS = 1_000_000
MAX_SECONDS = 5.0
MAX_WATCHED = 64



def _fingerprint(params: Callable[[], Iterable[Any] | dict[int, Any]]) -> str | None:
    """The fingerprint of the parameters `params()` lists (a dict: its values), their dtypes and
    shapes read through torch's C getters (`tensorreads.shapes`: no code of their types runs);
    None where they cannot be read so (a user's optimizer, a parameter-like object)."""
    try:
        found = params()
        shaped = shapes(found.values() if type(found) is dict else found, MAX_TENSORS)
        return fingerprint(shaped) if shaped is not None else None
    except Exception:
        return None


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
            failed.append(type_name(type(m)))
            continue
        for p in ps:  # nn.Module.parameters() skips a parameter seen twice in a model; this, across models
            params.setdefault(id(p), p)
        buffers.extend(bs)
        structures.append(found)
    found = merged(structures)
    return count(list(params.values()), buffers, optimizers, failed, device_type=device_type,
                  has_models=bool(models), groups=found.groups, buckets=read_buckets(found.buckets, failed))


class _Model:
    """A watched model: the object, the tensors its `parameters()` and `buffers()` gave at
    watch(), and its FSDP2 groups and DDP loggers (`_structure`), each by weak reference;
    `sizes`: each logger's bucket sizes as last read (on the training thread: below)."""

    __slots__ = ("buckets", "buffers", "fingerprint", "groups", "name", "params", "ref", "sizes")

    def __init__(self, obj: Any, params: list[Any], buffers: list[Any], structure: Structure,
                 fingerprint: str | None = None) -> None:
        self.ref = weakref.ref(obj)
        self.fingerprint = fingerprint  # of its parameters' shapes and dtypes (diagnosis.calibration)
        self.name = type_name(type(obj))
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
        self._optimizer_model: str | None = None  # `model` when only optimizers are watched
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
        found: list[tuple[Any, list[Any], list[Any], Structure, str | None]] = []
        for obj in models:
            got = self._find(obj)
            if got is not None:
                found.append((obj, *got))
        held = False
        if optimizers and not models and not self._models:  # the optimizer's parameters are the model's
            self._optimizer_model = _fingerprint(lambda: {id(p): p for o in optimizers
                                                          for p in group_params(o)})
        with self._lock:
            for obj, params, buffers, structure, model in found:
                try:
                    entry = _Model(obj, params, buffers, structure, model)
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
        # by type() and the builtins' own iterators: no `__class__` property, no caller's `__iter__` runs
        t = type(value)
        objs = (list(list.__iter__(value)) if issubclass(t, list) else
                list(tuple.__iter__(value)) if issubclass(t, tuple) else [value])
        objs = [o for o in objs if o is not None]
        if len(objs) > MAX_WATCHED:
            self._refused(value, f"holds {len(objs)} objects, more than {MAX_WATCHED}")
            return None
        return objs

    def _find(self, obj: Any) -> tuple[list[Any], list[Any], Structure, str | None] | None:
        """`obj.parameters()` and `obj.buffers()`, bounded (the module docstring), its FSDP2
        groups and DDP loggers (`_structure`), and its parameters' fingerprint, on a helper
        thread; None when they could not be read within the bounds (said once)."""
        box: dict[str, Any] = {}
        done = threading.Event()
        deadline = self._clock() + self.max_seconds
        limit, clock = self.max_tensors, self._clock

        def run() -> None:
            try:
                params = _pull(obj, "parameters", limit, deadline, clock)
                buffers = _pull(obj, "buffers", limit, deadline, clock) if hasattr(obj, "buffers") else []
                found = structure(obj, limit, deadline, clock)
                box["found"] = (params, buffers, found, _fingerprint(lambda: params))
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
            self._refused(obj, str(error) if issubclass(type(error), Unbounded)
                          else f"parameters() or buffers() raised {type_name(type(error))}")
            return None
        found: tuple[list[Any], list[Any], Structure, str | None] = box["found"]
        return found

    @property
    def model(self) -> str | None:
        """The fingerprint (diagnosis.calibration) of the last watched model alive, else of the
        optimizers' parameters where no model was watched: the `calibration` collector's key."""
        for m in reversed(self._models):
            if m.fingerprint is not None and m.ref() is not None:
                return m.fingerprint
        return self._optimizer_model if any(r() is not None for r in self._optimizers) else None

    def _refused(self, obj: Any, why: str) -> None:
        if self._on_error is not None:
            self._on_error("watch")
        name = type_name(type(obj))  # type's own descriptor: no metaclass runs
        key = f"{name}: {why}"
        if key not in self._logged and len(self._logged) < 32:
            self._logged.add(key)
            log.warning("gpumemd.watch: a %s %s; not watched (counted in gpumemd_agent_errors_total"
                        "{where=\"watch\"}; said once)", name, why)

    # --- a step boundary: the training thread ---

    def on_boundary(self, steps: int | None) -> float | None:
        """A step boundary just closed (StepHook's boundary listener): count the persistent
        categories now, at the optimizer step's end, unless the budget spaces passes out. The
        pass's seconds, charged to its own budget (None: no pass)."""
        if not self._models and not self._optimizers:
            return None
        start = self._clock()
        if not self._spacing.due(start, self.budget):
            return None
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
        return self._charge(start)

    def _charge(self, start: float) -> float:
        took = self.last_walk_seconds = self._clock() - start
        self.walk_seconds += took
        self._spacing.charge(took)
        return took

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
        walk = count(list(params.values()), buffers, optimizers, failed, device_type=self._device_type(),
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
