"""A training job's first steps on fake CUDA tensors, on any machine: the allocation and
free stream the caching allocator would see, and each live byte's category at the peak.

The job runs under `FakeTensorMode` (shapes, dtypes and devices, no data) with a CUDA device
that a CPU-only torch does not have. What needs CUDA itself is stood in for, for the run only
(`fake_cuda()`), and put back after:

- `torch.cuda.is_available()` and the device queries answer as one GPU would (autocast,
  `GradScaler` and the user's own `if torch.cuda.is_available()` take their CUDA branch);
  `synchronize`, `manual_seed`, `set_device`, `empty_cache` do nothing; the memory statistics
  read the fake stream; `set_per_process_memory_fraction` is recorded (`Stream.fraction`: the
  verdict holds it);
- `Tensor.cuda()`/`Tensor.to("cuda")` are the `_to_copy` op itself (torch's own methods first
  initialise CUDA, which a CPU-only build cannot); a real CPU tensor (a data loader's batch) is
  made fake first;
- in-place random fills of a fake CUDA tensor (`uniform_`, `normal_`: `nn.init`) leave it as it
  is: torch's decomposition asks for the CUDA generator, and values are not memory;
- `nn.Module._apply` (`.cuda()`, `.to()`, `.half()`) puts new parameters in place of the old
  (torch swaps fake parameters' contents, which fails while the fake mode holds a weak reference);
- `GradScaler` steps the optimizer without reading its inf check (`found_inf.item()`): the
  gradients are taken as finite, as once the scale has settled;
- a data loader's worker processes and pinned memory are turned off (a fake tensor cannot be
  sent between processes; pinning needs CUDA), and it loads outside the fake mode (its
  samplers read values).

A read of a fake tensor's value (`.item()`, `float(t)`, `bool(t)`, `if loss > x`, `.tolist()`)
returns a stand-in of the dtype's kind, 0 (0.0, False) and counted by call site (`Stream.
value_reads`), in the tracker's dispatch mode only: a real tensor's value is its own, and
nothing is patched for it. Where values were read the run is made again with 1 (1.0, True) in
their place (`_stand_ins`): if the allocations differ, a value steers memory (a size taken
from a value) and the job is `NotRunnable`; if only the run with 1 reaches its steps (`if
loss.item() < 1: break`, a skipped step on `not isfinite(...)`), that run is the answer.

An op whose output's size depends on values is made at the bound its input gives (bounds.py),
counted by call site (`Stream.bounded`), and the run made again with those outputs empty
(`Stream.low_events`): the interval reaches down to it. One with no bound cannot run.

What cannot run (torch's own error, reported as `NotRunnable`): CUDA streams and events,
`torch.Generator(device="cuda")`, custom CUDA kernels without a meta implementation.
`torch.compile` of a module runs as inductor would hold the step's memory (compiled.py); of a
function, eagerly.
"""

from __future__ import annotations

import contextlib
import operator
import os
import runpy
import sys
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch
from torch._subclasses.fake_tensor import (
    DataDependentOutputException,
    DynamicOutputShapeException,
    FakeTensor,
    FakeTensorMode,
)
from torch.utils._python_dispatch import TorchDispatchMode, _disable_current_modes
from torch.utils._pytree import tree_flatten
from torch.utils.weak import WeakIdKeyDictionary

from gpumemd.diagnosis.calibration import fingerprint
from gpumemd.diagnosis.snapshot import request_block

from . import bounds, dynamo, standins
from . import compiled as inductor
from .stephooks import StepHooks, Stop, grad_hooks
from .verdict import Event

__all__ = [
    "CATEGORIES", "MAX_VALUE_READS", "Job", "NotRunnable", "Stream", "blocks", "model_id", "reads_text",
    "run", "run_script",
]

CATEGORIES = ("parameters", "gradients", "optimizer_state", "activations", "temporaries", "other")
"""parameters (and buffers), each parameter's .grad, the optimizer's state, what the forward
made, what backward and the optimizer made that is none of those, and the rest (the batch)."""

_LOCAL_SCALAR = torch.ops.aten._local_scalar_dense.default
MAX_VALUE_READS = 10_000  # stand-ins one run may hand out (a loop that never steps, a huge .tolist())
_NOT_USER = (os.path.dirname(torch.__file__) + os.sep, os.path.dirname(os.path.dirname(__file__)) + os.sep,
             os.path.dirname(contextlib.__file__) + os.sep)


class NotRunnable(Exception):
    """The job could not run on fake tensors: why, in one line. `value_reads`: the stand-ins
    its run handed out, by call site (`Stream.value_reads`)."""

    def __init__(self, message: str, value_reads: dict[str, int] | None = None) -> None:
        super().__init__(message)
        self.value_reads = dict(value_reads or {})


@dataclass
class Job:
    """What a factory hands preflight: the model, its optimizer, and `batch(batch, seq)` that
    makes one batch of that shape (on the GPU, as the training loop would). `loss(model, batch)`
    gives the loss to call backward on (default: the output's `.loss`, a dict's `"loss"`, or
    the output's mean); `autocast`, a dtype to run the forward under (bf16 autocast)."""

    model: Any
    optimizer: Any
    batch: Callable[[int, int], Any]
    loss: Callable[[Any, Any], Any] | None = None
    autocast: torch.dtype | None = None


@dataclass
class Stream:
    """What one fake run allocated and freed on the GPU, in order, and what it held at its peak
    (by category, rounded to the allocator's 512-byte blocks)."""

    events: list[Event]
    peak: int  # the rounded live bytes' highest value (what MemTracker reports)
    at_peak: dict[str, int]
    steps: int
    seconds: float
    phase_at_peak: str = ""
    notes: list[str] = field(default_factory=list)
    blocks: tuple[int, ...] = ()  # the model's repeated blocks' parameter bytes (`blocks`)
    fraction: float | None = None  # the job's own set_per_process_memory_fraction, if it set one
    value_reads: dict[str, int] = field(default_factory=dict)  # "file:line" -> stand-ins handed out
    stand_in: int = 0  # what they returned: 0 (0.0, False), or 1 where only that reached the steps
    short_with_zero: str = ""  # why the run with 0 did not reach its steps, where 1 was taken
    compiled: bool = False  # a model ran as a torch.compile'd step (compiled.py)
    uncut: bool = False  # its graph breaks could not be followed: predicted as one graph (compiled.py)
    several: bool = False  # dynamo's cut into several graphs followed (one_graph=True: the second reading)
    unaligned: int = 0  # matrix multiplies inductor's pad_mm would time for padding, undecided (padding.py)
    decided: int = 0  # those the GPU's timing had decided (padcache.py)
    bounded: dict[str, int] = field(default_factory=dict)  # "file:line (op)" -> outputs made at their bound
    low_events: list[Event] | None = None  # the run with those outputs empty (None: it did not run)
    model: str | None = None  # the parameters' fingerprint (`model_id`): agents' calibration is keyed by it


_aten = torch.ops.aten
# What a fake bool tensor holds where every value of the fake tensors it came from is the stand-in:
# `isfinite` (abs, ne inf, eq itself) is True, `loss > 1e6` is False with 0 or 1, so the ordinary
# path of a step (finite, not diverged) is the one taken
_COMPARE: dict[Any, Callable[[Any, Any], bool]] = {
    _aten.lt: operator.lt, _aten.gt: operator.gt, _aten.le: operator.le, _aten.ge: operator.ge,
    _aten.eq: operator.eq, _aten.ne: operator.ne,
}
_FIXED = {_aten.isnan: False, _aten.isinf: False, _aten.isposinf: False, _aten.isneginf: False,
          _aten.isfinite: True}
_JOIN: dict[Any, Callable[[Any, Any], bool]] = {
    _aten.logical_and: operator.and_, _aten.bitwise_and: operator.and_, _aten.mul: operator.and_,
    _aten.logical_or: operator.or_, _aten.bitwise_or: operator.or_, _aten.add: operator.or_,
    _aten.logical_xor: operator.xor, _aten.bitwise_xor: operator.xor,
}
_NOT = (_aten.logical_not, _aten.bitwise_not)
_SAME = (_aten.all, _aten.any, _aten.clone, _aten._to_copy, _aten.detach, _aten.alias, _aten.view,
         _aten._unsafe_view, _aten.expand, _aten.select, _aten.slice, _aten.squeeze, _aten.unsqueeze,
         _aten.reshape, _aten.amax, _aten.amin, _aten.max, _aten.min)


class _TooManyReads(BaseException):  # noqa: N818  a BaseException: a script's `except Exception` must not keep it
    """Raised from a value read past MAX_VALUE_READS."""


def _site() -> str:
    """The reading call's place in the job's own code: the first frame outside torch, gpumemd
    and contextlib (a path under the working directory is shown relative to it)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(_NOT_USER):
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return "?"
    name = frame.f_code.co_filename
    with contextlib.suppress(ValueError):
        rel = os.path.relpath(name)
        name = name if rel.startswith("..") else rel
    return f"{name}:{frame.f_lineno}"


class _Tracker(TorchDispatchMode):
    """Every op's new CUDA storages become allocations; a storage's end (its last reference
    gone) becomes its free, as the caching allocator sees them."""

    _compiling = 0  # dynamo asks the class (`ignore_compile_internals`), not the instance

    def __init__(self, remap: bool) -> None:
        super().__init__()
        self.remap = remap  # a CPU-only torch: the job's CUDA tensors are made as fake CPU ones
        self.device_type = "cpu" if remap else "cuda"
        self.events: list[Event] = []
        self.sizes: dict[int, int] = {}  # key -> rounded bytes
        self.category: dict[int, str] = {}  # what each allocation is (kept after its free)
        self.keys: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
        self.total = self.peak = 0
        self.peak_at = 0  # the events up to the peak
        self.phase = "setup"
        self.phase_at_peak = ""
        self.next_key = 1
        self.closed = False
        self.fraction: float | None = None  # set_per_process_memory_fraction's, as the job set it
        self.paused = 0  # inside a compiled graph's run: its ops' outputs are not counted (compiled.py)
        self.compiled = 0  # the models run as compiled steps
        self.uncut = False  # a compiled model's graph breaks could not be followed (`unfollowed`)
        self.follow = True  # dynamo's cut followed (compiled.py); False: each step traced as one graph
        self.several = False  # a cut of several graphs was followed
        self.padded = False  # the multiplies pad_mm would time for padding are padded (padding.py)
        self.pads: Mapping[str, bool] = {}  # their decisions from inductor's cache (padcache.py)
        self.unaligned = self.decided = 0  # those multiplies, counted in the trace: undecided, decided
        self.notes: list[str] = []
        self.stand_in = 0
        self.value_reads: dict[str, int] = {}
        self.reads = 0
        self.known = WeakIdKeyDictionary()  # fake bool tensor -> its value (by identity: == is elementwise)
        self.low = False  # the ops sized by values make empty outputs (the interval's bottom), not full ones
        self.bounded: dict[str, int] = {}

    def _of(self, a: Any) -> Any:
        """A comparison's operand: a fake tensor's stand-in (or known bool), a number, else None."""
        if isinstance(a, FakeTensor):
            return self.known.get(a, self.stand_in)
        return a if isinstance(a, (bool, int, float)) else None

    def _know(self, func: Any, args: Any, out: Any) -> None:
        """The value a new fake bool tensor holds under the stand-ins (`_COMPARE`), where told."""
        op = func.overloadpacket
        value: Any = None
        if op in _COMPARE and len(args) >= 2:
            a, b = self._of(args[0]), self._of(args[1])
            value = None if a is None or b is None else _COMPARE[op](a, b)
        elif op in _FIXED:
            value = _FIXED[op]
        elif op in _JOIN and len(args) >= 2:
            a, b = self._of(args[0]), self._of(args[1])
            value = None if a is None or b is None else _JOIN[op](bool(a), bool(b))
        elif op in _NOT and args:
            a = self._of(args[0])
            value = None if a is None else not a
        elif op in _SAME and args and isinstance(args[0], FakeTensor) and args[0] in self.known:
            value = self.known[args[0]]
        if value is not None:
            self.known[out] = bool(value)

    def value(self, t: FakeTensor) -> Any:
        """A stand-in for a fake tensor's value, of its dtype's kind, counted by call site."""
        self.reads += 1
        if self.reads > MAX_VALUE_READS:
            raise _TooManyReads
        site = _site()
        self.value_reads[site] = self.value_reads.get(site, 0) + 1
        if t.dtype == torch.bool:
            return self.known.get(t, bool(self.stand_in))
        if t.dtype.is_floating_point:
            return float(self.stand_in)
        if t.dtype.is_complex:
            return complex(self.stand_in)
        return self.stand_in

    @classmethod
    def ignore_compile_internals(cls) -> bool:
        """Whether dynamo traces with this mode on the stack (it skips every frame otherwise):
        inside `compiling`, where it turns the mode off for its trace and on for the graphs' run."""
        return cls._compiling > 0

    @contextlib.contextmanager
    def compiling(self) -> Iterator[None]:
        """Dynamo traces the model past this mode (compiled.py follows its graph breaks)."""
        type(self)._compiling += 1
        try:
            yield
        finally:
            type(self)._compiling -= 1

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def unfollowed(self, why: str) -> None:
        """Dynamo could not cut the model into its graphs: a note, and the interval widened."""
        self.uncut = True
        self.note(f"torch.compile: dynamo could not be followed on fake tensors ({why}); the step is "
                  "predicted as one graph, its graph breaks unknown, and its interval widened "
                  "(docs/preflight.md, 'Graph breaks')")

    @contextlib.contextmanager
    def untracked(self) -> Iterator[None]:
        """The ops' own outputs uncounted: a compiled graph says what it allocates (compiled.py)."""
        self.paused += 1
        try:
            yield
        finally:
            self.paused -= 1

    def allocate(self, nbytes: int, category: str | None = None) -> int:
        """A new allocation of `nbytes` that no tensor stands for (a compiled graph's buffer)."""
        key = self.next_key
        self.next_key += 1
        size = request_block(nbytes)
        self.sizes[key] = size
        self.category[key] = category or self._phase_category()
        self.total += size
        self.events.append((key, nbytes))
        if self.total > self.peak:
            self.peak = self.total
            self.peak_at = len(self.events)
            self.phase_at_peak = self.phase
        return key

    def release(self, key: int) -> None:
        self._free(key)

    def close(self) -> list[Event]:
        """The stream as it stands; the storages that outlive the run free nothing into it."""
        self.closed = True
        return list(self.events)

    def _free(self, key: int) -> None:
        if self.closed:
            return
        size = self.sizes.pop(key, 0)
        if size:
            self.events.append((key, 0))
            self.total -= size

    def track(self, t: Any, category: str | None = None) -> None:
        """Count `t`'s storage if new (a tensor made outside an op: a parameter, a batch)."""
        if not isinstance(t, FakeTensor) or t.device.type != self.device_type:
            return
        st = t.untyped_storage()
        key = self.keys.get(st)
        nbytes = st.nbytes()
        if key is not None and self.sizes.get(key, -1) != request_block(nbytes) and nbytes:
            self._free(key)  # resized in place: the allocator frees and allocates anew
            key = None
        if key is None:
            if not nbytes:
                return
            key = self.allocate(nbytes, category)
            self.keys[st] = key
            weakref.finalize(st, self._free, key).atexit = False
        elif category is not None and key in self.sizes:
            self.category[key] = category  # a grad, or the optimizer's state, once known as one

    def at_peak(self) -> dict[str, int]:
        """The bytes live at the peak by what each allocation turned out to be (the optimizer's
        state made in the first step's peak is known as state only after that step)."""
        live: dict[int, int] = {}
        for key, size in self.events[: self.peak_at]:
            if size:
                live[key] = request_block(size)
            else:
                live.pop(key, None)
        out = dict.fromkeys(CATEGORIES, 0)
        for key, size in live.items():
            out[self.category[key]] += size
        return out

    def _phase_category(self) -> str:
        if torch._C._current_autograd_node() is not None:
            return "temporaries"
        return {"forward": "activations", "optimizer": "temporaries"}.get(self.phase, "other")

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        kwargs = kwargs or {}
        if func is _LOCAL_SCALAR:  # .item(), bool(t), .tolist()
            if not isinstance(args[0], FakeTensor):
                with _disable_current_modes():  # a real tensor's value is its own
                    return func(*args, **kwargs)
            try:  # a constant the fake mode kept (torch.optim's step count) has its value
                return func(*args, **kwargs)
            except DataDependentOutputException:
                return self.value(args[0])
        device = kwargs.get("device")
        if self.remap and device is not None and torch.device(device).type == "cuda":
            kwargs = {**kwargs, "device": standins.CPU}
        try:
            out = func(*args, **kwargs)
        except DynamicOutputShapeException:
            if func.overloadpacket.__name__ not in bounds.BOUNDED:
                raise
            out = self.bound(func, args, kwargs)
        if isinstance(out, FakeTensor) and out.dtype == torch.bool:
            self._know(func, args, out)
        if not self.paused:
            for t in tree_flatten(out)[0]:
                self.track(t)
        return out


    def bound(self, func: Any, args: Any, kwargs: dict[str, Any]) -> Any:
        """An op sized by values at its input's bound (or, `low`, empty), counted by call site."""
        site = f"{_site()} ({func.overloadpacket.__name__})"
        self.bounded[site] = self.bounded.get(site, 0) + 1
        return bounds.output(func, args, kwargs, low=self.low, allocated=self.track)


def _default_device(tracker: _Tracker) -> contextlib.AbstractContextManager[Any]:
    """Tensors made without a device go to the GPU, as the job's would (remapped: they are the
    CPU tensors that stand for it already; torch's device context would initialise CUDA)."""
    return contextlib.nullcontext() if tracker.remap else torch.device("cuda")


def _default_loss(out: Any) -> Any:
    loss = getattr(out, "loss", None)  # getattr: a model's output of any type (Hugging Face's carry .loss)
    if loss is None and isinstance(out, dict):
        loss = out.get("loss")
    if loss is None:
        first = out if isinstance(out, torch.Tensor) else tree_flatten(out)[0][0]
        loss = first.float().mean()
    return loss


def _fail(exc: BaseException, where: str, tracker: _Tracker | None = None) -> NotRunnable:
    text = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else ""
    hint = ""
    low = text.lower()
    kind = type(exc).__name__
    if kind in ("DataDependentOutputException", "DynamicOutputShapeException") or "data-dependent" in low \
            or "_local_scalar_dense" in low:
        hint = (" (a fake tensor has no values: an op whose output's size depends on them and has no bound "
                "from its input's size — bincount(), repeat_interleave() by a tensor — cannot run)")
    elif ("cuda" in low and ("stream" in low or "event" in low or "generator" in low or "linked" in low)) \
            or "dummy base class" in low:  # a CPU-only torch's torch.cuda.Event, CUDAGraph: no "cuda" said
        hint = " (CUDA streams, events and generators have no fake stand-in, nor CUDA graphs)"
    return NotRunnable(f"{where}: {kind}: {text}{hint}", tracker.value_reads if tracker else None)


def _too_many(tracker: _Tracker, where: str) -> NotRunnable:
    return NotRunnable(f"{where}: more than {MAX_VALUE_READS} value reads of fake tensors (a loop that "
                       "never steps the optimizer, or a large .tolist())", tracker.value_reads)


def run(factory: Callable[..., Any], batch: int, seq: int, *, steps: int = 2, remap: bool | None = None,
        compiled: bool = False, one_graph: bool = False, padded: bool = False,
        pads: Mapping[str, bool] | None = None, **kwargs: Any) -> Stream:
    """Build the job with `factory(**kwargs)` (a `Job` or `(model, optimizer, batch_fn)`) on the
    fake GPU and run `steps` training steps at (batch, seq). `compiled`: the model runs as
    `torch.compile(model)` would (as it does where the factory compiles it itself); `one_graph`:
    a compiled step traced as one graph, dynamo's cut not asked; `padded`: the matrix multiplies
    inductor would time for padding padded (padding.py: the padded reading), except those `pads`
    decides (pad_mm's key -> whether it pads: padcache.py)."""
    return _bounds(lambda stand_in, low: _run_once(factory, batch, seq, steps, remap, compiled, stand_in,
                                                   low, kwargs, one_graph, padded, pads or {}))


def _run_once(factory: Callable[..., Any], batch: int, seq: int, steps: int, remap: bool | None,
              compiled: bool, stand_in: int, low: bool, kwargs: dict[str, Any], one_graph: bool,
              padded: bool, pads: Mapping[str, bool]) -> Stream:
    tracker = _Tracker(standins.remapped() if remap is None else remap)
    tracker.stand_in, tracker.low, tracker.follow = stand_in, low, not one_graph
    tracker.padded, tracker.pads = padded, pads
    mode = FakeTensorMode(allow_non_fake_inputs=True)
    started = time.perf_counter()
    hooks = StepHooks(tracker, steps)
    with dynamo.garbage_held(), standins.fake_cuda(mode, tracker), mode, tracker:
        try:
            with _default_device(tracker):
                built = factory(**kwargs)
            job = built if isinstance(built, Job) else Job(*built)
        except NotRunnable:
            raise
        except _TooManyReads:
            raise _too_many(tracker, "building the job") from None
        except Exception as exc:
            raise _fail(exc, "building the job", tracker) from None
        model = model_id(job.model, job.optimizer)
        if compiled or inductor.compiled_original(job.model) is not None:
            job.model = inductor.wrap(job.model, tracker)
            tracker.compiled += 1
        hooks.persistent(job.optimizer, job.model)
        groups = blocks(job.model) if isinstance(job.model, torch.nn.Module) else ()
        grads = grad_hooks(tracker, [p for g in job.optimizer.param_groups for p in g["params"]])
        hooks.install(stop=False)
        where = f"running a step at batch {batch} x {seq}"
        try:
            for _ in range(steps):
                tracker.phase = "setup"
                with _default_device(tracker):
                    data = job.batch(batch, seq)
                tracker.phase = "forward"
                ctx = (torch.autocast("cuda", dtype=job.autocast) if job.autocast is not None
                       else contextlib.nullcontext())
                with ctx:
                    loss = job.loss(job.model, data) if job.loss else _default_loss(_call(job.model, data))
                tracker.phase = "backward"
                loss.backward()
                del loss, data
                job.optimizer.step()
                job.optimizer.zero_grad(set_to_none=True)
        except _TooManyReads:
            raise _too_many(tracker, where) from None
        except Exception as exc:
            raise _fail(exc, where, tracker) from None
        finally:
            hooks.remove()
            for h in grads:
                h.remove()
            dynamo.release()
    if not tracker.peak:
        raise NotRunnable("the job put nothing on the GPU (the model and batch stayed on the CPU)",
                          tracker.value_reads)
    return Stream(tracker.close(), tracker.peak, tracker.at_peak(), steps, time.perf_counter() - started,
                  tracker.phase_at_peak, list(tracker.notes), groups, compiled=bool(tracker.compiled),
                  uncut=tracker.uncut, several=tracker.several, unaligned=tracker.unaligned,
                  decided=tracker.decided, fraction=tracker.fraction,
                  value_reads=tracker.value_reads,
                  stand_in=stand_in, bounded=tracker.bounded, model=model)


def reads_text(reads: dict[str, int], stand_in: int = 0) -> str:
    """The stand-ins' note: how many, the call sites (most read first, at most five)."""
    sites = sorted(reads.items(), key=lambda kv: -kv[1])
    shown = ", ".join(f"{site} x{n}" if n > 1 else site for site, n in sites[:5])
    more = f", and {len(sites) - 5} more" if len(sites) > 5 else ""
    total = sum(reads.values())
    return (f"{total} value read{'s' if total != 1 else ''} of fake tensors returned {stand_in} "
            f"({shown}{more})")


def _bounds(attempt: Callable[[int, bool], Stream]) -> Stream:
    """The run with the ops sized by values at their bound (`_Tracker.bound`) and the value
    stand-ins (`_stand_ins`); where an op was bounded, again with its outputs empty, with the same
    stand-in: the interval's bottom (`Stream.low_events`; None where that run failed)."""
    stream = _stand_ins(lambda stand_in: attempt(stand_in, False))
    if stream.bounded:
        with contextlib.suppress(NotRunnable):  # an empty selection the job cannot take: no bottom known
            stream.low_events = attempt(stream.stand_in, True).events
    return stream


def _stand_ins(attempt: Callable[[int], Stream]) -> Stream:
    """The run with 0 in place of every value read; where values were read, again with 1: the
    allocations must not differ (else a value steers memory and the job cannot be told), and
    where only the run with 1 reached its steps (an early stop, a skipped step), it is the one."""
    try:
        zero = attempt(0)
    except NotRunnable as exc:
        if not exc.value_reads:
            raise
        try:
            one = attempt(1)
        except NotRunnable:
            raise NotRunnable(f"{exc} [{reads_text(exc.value_reads)}; with 1 in their place it did not "
                              "run either]", exc.value_reads) from None
        one.short_with_zero = str(exc)
        return one
    if not zero.value_reads:
        return zero
    try:
        one = attempt(1)
    except NotRunnable:
        return zero  # the path with 0 is the one measured; the note names the reads
    if _allocations(zero) != _allocations(one):
        raise NotRunnable(
            f"a value steers memory: {reads_text(zero.value_reads)}, and the job allocates other sizes "
            "when they return 1 (a size taken from a value, e.g. torch.empty(int(n.item()))): a fake "
            "tensor has no values, so its memory cannot be told", zero.value_reads)
    return zero


def _allocations(stream: Stream) -> list[int]:
    return [n for _, n in stream.events if n]


def blocks(model: torch.nn.Module) -> tuple[int, ...]:
    """The parameter bytes of each of the model's repeated blocks: the entries of its
    `nn.ModuleList` holding the most parameter bytes (a decoder's layers), the groups FSDP2 is
    applied to one by one; () where the model has no such list. A parameter shared with a module
    outside the list (a tied head) counts in the list's entry."""
    lists = [m for m in model.modules() if isinstance(m, torch.nn.ModuleList) and len(m) > 1]

    def size(m: torch.nn.Module) -> int:
        return sum(p.numel() * p.element_size() for p in m.parameters())

    if not lists:
        return ()
    best = max(lists, key=size)
    return tuple(size(b) for b in best) if size(best) else ()


def model_id(model: Any, optimizer: Any) -> str | None:
    """The fingerprint agents key their calibration by (`diagnosis.calibration.fingerprint`, the
    agent's `watch()` computes the same): of the model's parameters, else of the optimizer's."""
    if isinstance(model, torch.nn.Module):
        return fingerprint(model.parameters())
    return None if optimizer is None else fingerprint(
        {id(p): p for g in optimizer.param_groups for p in g["params"]}.values())


def _call(model: Any, data: Any) -> Any:
    if isinstance(data, dict):
        return model(**data)
    return model(*data) if isinstance(data, (tuple, list)) else model(data)


def run_script(path: str, argv: Sequence[str] = (), *, steps: int = 2, remap: bool | None = None,
               one_graph: bool = False, padded: bool = False,
               pads: Mapping[str, bool] | None = None) -> Stream:
    """Run a training script as `__main__` on the fake GPU until its optimizer has stepped
    `steps` times (a stop raised from the optimizer's post-hook ends it there); `one_graph`,
    `padded` and `pads` as `run`."""
    return _bounds(lambda stand_in, low: _script_once(path, argv, steps, remap, stand_in, low, one_graph,
                                                      padded, pads or {}))


def _script_once(path: str, argv: Sequence[str], steps: int, remap: bool | None, stand_in: int,
                 low: bool, one_graph: bool, padded: bool, pads: Mapping[str, bool]) -> Stream:
    tracker = _Tracker(standins.remapped() if remap is None else remap)
    tracker.stand_in, tracker.low, tracker.follow = stand_in, low, not one_graph
    tracker.padded, tracker.pads = padded, pads
    mode = FakeTensorMode(allow_non_fake_inputs=True)
    hooks = StepHooks(tracker, steps)
    started = time.perf_counter()
    saved_argv = sys.argv
    sys.argv = [path, *argv]
    try:
        # the script's prints go to stderr: stdout is the report's (`--json`)
        with dynamo.garbage_held(), standins.fake_cuda(mode, tracker), mode, tracker, \
                _default_device(tracker), contextlib.redirect_stdout(sys.stderr):
            hooks.install(stop=True)
            try:
                runpy.run_path(path, run_name="__main__")
            except Stop:
                pass
            except _TooManyReads:
                raise _too_many(tracker, path) from None
            except SystemExit as exc:
                if hooks.done < steps:
                    raise NotRunnable(f"{path}: exited ({exc.code}) after {hooks.done} optimizer step(s)",
                                      tracker.value_reads) from None
            except Exception as exc:
                raise _fail(exc, path, tracker) from None
            finally:
                hooks.remove()
                dynamo.release()
    finally:
        sys.argv = saved_argv
    if hooks.done < steps:
        raise NotRunnable(f"{path}: ended after {hooks.done} optimizer step(s), {steps} needed "
                          "(torch.optim's step hooks saw no more)", tracker.value_reads)
    return Stream(tracker.close(), tracker.peak, tracker.at_peak(), steps, time.perf_counter() - started,
                  tracker.phase_at_peak, list(tracker.notes), compiled=bool(tracker.compiled),
                  uncut=tracker.uncut, several=tracker.several, unaligned=tracker.unaligned,
                  decided=tracker.decided, fraction=tracker.fraction,
                  value_reads=tracker.value_reads,
                  stand_in=stand_in, bounded=tracker.bounded, model=model_id(None, hooks.optimizer))
