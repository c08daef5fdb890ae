"""A `torch.compile`'d model's training step on fake tensors, as inductor would hold its memory.

The model's forward and backward are traced by AOTAutograd with inductor's own decompositions
and partitioner (its joint-graph passes, then the min-cut rematerialisation partitioner), so the
tensors saved between forward and backward are the ones a compiled step saves. The two graphs
are then run node by node on the fake tensors (`torch.fx.Interpreter`), and only what inductor
would materialise is allocated:

- the output of every op it does not fuse (matrix multiplies, convolutions, attention, scatters,
  concatenations: an extern kernel's output is a buffer) and the inputs such an op reads (a
  fused producer feeding it is written to a buffer first);
- a reduction's output (its pointwise producers are fused into it);
- every graph output (the loss, the saved tensors, the gradients);
- nothing for a view, nor for a pointwise op (or an indexing, a cast, a fill, a random draw)
  read only by fused kernels: inductor computes it inside its consumer's kernel; nor for a pad
  inductor makes in place (a matrix's rows padded for a multiply, in the room its padded
  strides leave).

A buffer is freed after the last kernel that reads it, directly or through fused ops and views
(inductor's `del buf` at last use), and so is a graph input (a saved tensor in backward); a
pointwise kernel that writes a buffer may take the place of an input freed by the same kernel
(inductor's in-place buffer reuse): a buffer of its own, or a donated saved tensor (`donated`:
not one the caller still holds, such as logits the model also returns). A parameter tied to
another (an embedding shared with the head) is one input; the model's output is returned as its
tensors and rebuilt around them (`Output`: a Hugging Face cache is no pytree).

Graph breaks: the model's first forward runs once under dynamo itself, on the fake tensors and
uncounted (`Cut`: the graphs it captures, how often they run, the ops it leaves to run eagerly).
One graph run once with nothing outside it is traced as above. Otherwise the step runs as dynamo
runs it: each of its graphs through AOTAutograd with inductor's decompositions and partitioner
(its own forward and backward, its own saved tensors) and walked by the same `Plan`, the code
between them run as the eager step runs it, the gradients accumulated by autograd across them.
Where dynamo fails on the fake tensors, the one graph stands and the tracker is told
(`unfollowed`: a note, a wider interval). The matrix multiplies inductor's `pad_mm` would time
for padding are padded as the GPU's timing decided where inductor's cache holds it
(padcache.py), the others counted, and padded in a second reading only (padding.py). The kernels
run in the order inductor's reordering for peak memory picks (memorder.py). What is not
modelled: CUDA graphs' pools, the bytes of a buffer's padded strides (its size is eager's), an
op inductor realises for its many reads or the size of its inner function, and the compile's own
allocations (autotuning is off by default). docs/preflight.md, "A compiled step", says what this
reads against a GPU.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Protocol

import torch
from torch import fx
from torch.utils._pytree import tree_flatten, tree_unflatten

from gpumemd.diagnosis.retainers import own_dict  # the instance dict, read without running code

from .buffers import Plan
from .dynamo import Cut, Outside, first_line, optimize
from .padding import padding_as_the_gpu

__all__ = ["MAX_OUTPUT_OBJECTS", "Allocations", "CompiledModule", "Output", "Plan", "as_dynamo_traces",
           "compiled_original", "donated", "wrap"]

MAX_OUTPUT_OBJECTS = 10_000  # objects one model output's walk visits (a cache's layers, an output's fields)
_MAX_OUTPUT_DEPTH = 16

# inductor's settings for the trace only: nothing is timed on fake tensors, nor autotuned; the
# multiplies pad_mm would time for padding are counted, padded only in the padded reading (padding.py)
_NO_BENCHMARKS = {"shape_padding": True, "force_shape_pad": False, "max_autotune": False,
                  "max_autotune_gemm": False, "benchmark_kernel": False, "benchmark_fusion": False}


@contextmanager
def _trace_settings(into: Allocations) -> Iterator[None]:
    """inductor's settings for the trace (`_NO_BENCHMARKS`), its padding decided without timing."""
    from torch._inductor import config as inductor_config

    with inductor_config.patch(_NO_BENCHMARKS), padding_as_the_gpu(into):
        yield


class Allocations(Protocol):
    """What the compiled step's run tells the fake run's allocation stream."""

    follow: bool  # dynamo's cut asked and followed; False: the step traced as one graph
    several: bool  # set where a cut of several graphs (or code outside them) was followed
    pads: Mapping[str, bool]  # pad_mm's decisions this GPU's timing left in inductor's cache (padcache.py)
    padded: bool  # the multiplies pad_mm would time for padding, not decided there, are padded (padding.py)
    decided: int  # counted here: those decided by `pads`
    unaligned: int  # and the others, padded or not

    def allocate(self, nbytes: int, category: str | None = None) -> int:
        """A new allocation of `nbytes`; its key."""

    def release(self, key: int) -> None:
        """The allocation `key` freed."""

    def track(self, t: Any, category: str | None = None) -> None:
        """A tensor's storage, allocated now if new, freed when it dies."""

    def untracked(self) -> AbstractContextManager[Any]:
        """A context in which the ops' own outputs are not counted."""

    def compiling(self) -> AbstractContextManager[Any]:
        """A context in which dynamo traces past the allocation stream (its own trace and
        AOTAutograd's unseen; the compiled graphs' runs seen, as `untracked` lets them be)."""

    def note(self, text: str) -> None:
        """A line for the report's notes (once)."""

    def unfollowed(self, why: str) -> None:
        """Dynamo could not cut the model into its graphs (`why`): the one graph traced here
        stands for the step, and the report says so and widens its interval."""


class _Walk(fx.Interpreter):
    """The graph's ops on fake tensors; its buffers allocated and freed as `Plan` says."""

    def __init__(self, gm: fx.GraphModule, p: Plan, into: Allocations) -> None:
        super().__init__(gm, garbage_collect_values=True)
        self.plan, self.into = p, into
        self.keys: dict[fx.Node, int] = {}
        self.held: dict[fx.Node, Any] = {}  # inputs kept until the kernel that reads them last

    def boxed_run(self, args_list: list[Any]) -> Any:
        # the inputs enter as the initial environment (no run_node of theirs): held from here
        self.held = {n: a for n, a in zip(self.graph.find_nodes(op="placeholder"), args_list, strict=False)
                     if n in self.plan.last}
        return super().boxed_run(args_list)

    def run_node(self, n: fx.Node) -> Any:
        value = super().run_node(n)
        p = self.plan
        if n not in p.materialised:
            return value
        dead = p.frees.get(p.index[n], [])
        inputs = p.inputs_at.get(p.index[n], [])
        if n in p.pointwise:  # written over an input it reads last (inductor's in-place reuse)
            self._free(dead)
            # a donated input read here last (a saved tensor no one else holds) goes first too
            last = self.user_to_last_uses.get(n, [])
            for d in [d for d in inputs if d in p.donated]:
                self.held.pop(d, None)
                if d in last:
                    last.remove(d)
                    del self.env[d]
        if n in p.outputs:
            for t in _tensors(value):
                self.into.track(t)
        else:
            nbytes = sum(t.untyped_storage().nbytes() for t in _tensors(value))
            if nbytes:
                self.keys[n] = self.into.allocate(nbytes)
        self._free(dead)
        for d in inputs:
            self.held.pop(d, None)
        return value

    def _free(self, dead: list[fx.Node]) -> None:
        for r in dead:
            key = self.keys.pop(r, None)
            if key is not None:
                self.into.release(key)


def _tensors(value: Any) -> Iterator[torch.Tensor]:
    items = value if isinstance(value, (tuple, list)) else (value,)
    for t in items:
        if isinstance(t, torch.Tensor):
            yield t


def _compiler(into: Allocations, graphs: list[fx.GraphModule], backward: bool = False) -> Callable[..., Any]:
    def compile_graph(gm: fx.GraphModule, _example_inputs: Any) -> Callable[..., Any]:
        p = Plan(gm, donated(graphs[0], gm) if backward and graphs else frozenset())
        graphs.append(gm)

        def run(args: list[Any]) -> Any:
            with into.untracked():
                return _Walk(gm, p, into).boxed_run(args)

        run._boxed_call = True  # type: ignore[attr-defined]  # AOTAutograd hands its list over
        return run

    return compile_graph


def donated(fw: fx.GraphModule, bw: fx.GraphModule) -> frozenset[fx.Node]:
    """The backward's inputs inductor may write its outputs over: AOTAutograd's donated buffers
    (`collect_fw_donated_buffer_idxs`), the saved tensors whose storage is none of the forward's
    inputs, of what the forward returns to the caller (its logits: alive in the caller's hands)
    or of the backward's outputs. A tangent is never one."""
    from torch.multiprocessing.reductions import StorageWeakRef

    def storage(n: Any) -> Any:
        t = n.meta.get("val") if isinstance(n, fx.Node) else None
        return StorageWeakRef(t.untyped_storage()) if isinstance(t, torch.Tensor) else None

    # AOTAutograd's names: the backward's inputs are the saved values, then the tangents (and
    # the random ops' seeds)
    saved = [n for n in bw.graph.find_nodes(op="placeholder")
             if not any(w in str(n.target) for w in ("tangents", "_seed", "_base_offset"))]
    fw_outs: list[Any] = []
    fx.node.map_arg(fw.graph.output_node().args, fw_outs.append)
    bw_outs: list[Any] = []
    fx.node.map_arg(bw.graph.output_node().args, bw_outs.append)
    held = {storage(n) for n in [*fw.graph.find_nodes(op="placeholder"),
                                 *fw_outs[:max(0, len(fw_outs) - len(saved))], *bw_outs]}
    return frozenset(n for n in saved if storage(n) is not None and storage(n) not in held)


def _partitioner() -> Callable[..., Any]:
    """inductor's: its joint-graph passes, then the min-cut partitioner as inductor calls it."""
    from torch._inductor.compile_fx import partition_fn

    return partition_fn


class Output:
    """A model's output as the traced graph returns it: every tensor it holds in one flat list
    (the graph's outputs, as dynamo makes them), and the rest kept to put them back after each
    run. Pytree's containers (tuples, lists, dicts, an output class its library registered) are
    taken apart by pytree; any other object (a Hugging Face model's key-value cache) by its own
    attribute dict, read and rebuilt without running its code (`object.__new__`, no `__init__`,
    no property): nothing is registered with pytree in the caller's process. A module, an object
    whose dict cannot be read that way (slots, a C type), a cycle, or what lies past the walk's
    bounds is kept as traced, its tensors not outputs."""

    def __init__(self, value: Any) -> None:
        self.tensors: list[torch.Tensor] = []
        self._places: dict[int, int] = {}  # a traced tensor's id -> its place in `tensors`
        self._visits = 0
        self._shape = self._take(value, 0, set())

    def rebuild(self, flat: Sequence[Any]) -> Any:
        """The output again, the run's tensors (`flat`, in `tensors`' order) in the traced ones' places."""
        return _put(self._shape, flat)

    def _take(self, value: Any, depth: int, path: set[int]) -> tuple[Any, ...]:
        if isinstance(value, torch.Tensor):
            place = self._places.setdefault(id(value), len(self.tensors))
            if place == len(self.tensors):
                self.tensors.append(value)
            return ("tensor", place)
        self._visits += 1
        if (depth > _MAX_OUTPUT_DEPTH or self._visits > MAX_OUTPUT_OBJECTS or id(value) in path
                or isinstance(value, torch.nn.Module)):
            return ("const", value)
        children, spec = tree_flatten(value, is_leaf=lambda x: x is not value)  # one level down
        path.add(id(value))
        try:
            if not spec.is_leaf():
                parts = [self._take(c, depth + 1, path) for c in children]
                kept = all(p[0] == "const" for p in parts)
                return ("const", value) if kept else ("tree", spec, parts)
            own = own_dict(value)
            if own is None or not _blank(type(value)):
                return ("const", value)
            inner = self._take(dict(own), depth + 1, path)
            return ("const", value) if inner[0] == "const" else ("object", type(value), inner)
        finally:
            path.discard(id(value))


def _blank(cls: type) -> bool:
    """Whether `object.__new__` makes an instance of `cls` (not a builtin's subclass)."""
    try:
        return own_dict(object.__new__(cls)) is not None
    except TypeError:
        return False


def _put(shape: tuple[Any, ...], flat: Sequence[Any]) -> Any:
    kind = shape[0]
    if kind == "tensor":
        return flat[shape[1]]
    if kind == "const":
        return shape[1]
    if kind == "tree":
        return tree_unflatten([_put(p, flat) for p in shape[2]], shape[1])
    obj = object.__new__(shape[1])
    own = own_dict(obj)
    if own is not None:
        own.update(_put(shape[2], flat))
    return obj


class CompiledModule(torch.nn.Module):
    """`torch.compile(model)` as the fake run sees it. Its first call runs the model under dynamo
    once, uncounted, to learn how dynamo cuts it (`cut`). Dynamo's one graph: the model's forward
    through AOTAutograd with inductor's partitioner, its graphs walked as inductor would hold them
    (`graphs`: the forward's, then the backward's, once traced). Several graphs, or code dynamo
    leaves to run eagerly (a graph break): the step as dynamo runs it (`pieces`): each of its
    graphs through AOTAutograd and inductor's partitioner and walked as one graph is, the code
    between them run as the eager step runs it."""

    def __init__(self, module: torch.nn.Module, into: Allocations) -> None:
        super().__init__()
        self.module = module
        self.into = into
        self.graphs: list[fx.GraphModule] = []
        self._fn: Callable[..., Any] | None = None
        self._output: Output | None = None  # the traced output's shape
        self.cut: Cut | None = None  # how dynamo cuts the model, from the first call
        self.pieces: list[list[fx.GraphModule]] = []  # each dynamo graph's forward and backward, where cut
        self._dynamo: Callable[..., Any] | None = None

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        if self.cut is None:
            self.cut = self._probe(args, kwargs) if self.into.follow else Cut.one()
        if self.cut.followed and self.cut.several:
            self.into.several = True
            return self._as_dynamo_runs(args, kwargs)
        return self._one_graph(args, kwargs)

    def _call(self, *args: Any, **kwargs: Any) -> Any:
        """The module's call, as dynamo compiles it (`_plain` around it)."""
        return self.module(*args, **kwargs)

    def _probe(self, args: Sequence[Any], kwargs: dict[str, Any]) -> Cut:
        """The model's forward once under dynamo, nothing counted: the graphs it captures (each
        run as dynamo captured it), how often they run, and the ops run outside them (the code
        dynamo leaves to run eagerly: at a break, in a frame it skips)."""
        cut = Cut()

        def record(gm: fx.GraphModule, _inputs: Any) -> Callable[..., Any]:
            cut.graphs.append(len(gm.graph.nodes))

            def run(*a: Any) -> Any:
                cut.runs += 1
                with outside.inside():
                    return gm.forward(*a)

            return run

        outside = Outside()
        try:
            with self.into.untracked(), _dynamo_traces(self.into), _plain(self.module), outside:
                optimize(record)(self._call)(*args, **kwargs)
        except Exception as exc:  # dynamo's own refusal, of any kind: said, and the one graph stands
            cut.unfollowed = f"{type(exc).__name__}: {first_line(exc)}"
        cut.eager_ops = outside.ops
        if not cut.unfollowed and not cut.graphs:
            # dynamo off, every frame skipped, or a torch whose dynamo skips frames under the
            # fake run's tracker: which, this run cannot tell
            cut.unfollowed = "dynamo captured no graph of it"
        if cut.unfollowed:
            self.into.unfollowed(cut.unfollowed)
        elif cut.several:
            self.into.note(
                f"torch.compile: dynamo cuts the model into {len(cut.graphs)} graph(s), run {cut.runs} "
                f"time(s) a forward, {cut.eager_ops} op(s) run eagerly outside them (graph breaks): each "
                "graph is predicted as inductor compiles it, the code between as the eager step runs it "
                "(docs/preflight.md, 'Graph breaks')")
        return cut

    def _as_dynamo_runs(self, args: Sequence[Any], kwargs: dict[str, Any]) -> Any:
        # the compile's garbage is left as the job's own compile leaves it: dynamo's exceptions at
        # a break keep the frames they were raised in, and their tensors, in reference cycles that
        # hold the first step's tensors into the second (a real step measured from its compile)
        if self._dynamo is None:
            self._dynamo = optimize(self._backend)(self._call)
        with _dynamo_traces(self.into), _plain(self.module):
            return self._dynamo(*args, **kwargs)

    def _backend(self, gm: fx.GraphModule, example_inputs: Sequence[Any]) -> Callable[..., Any]:
        """One of dynamo's graphs as inductor compiles it (`compile_fx`'s AOTAutograd, its
        decompositions and partitioner), its forward and backward walked (`_compiler`)."""
        from torch._functorch.aot_autograd import aot_module_simplified
        from torch._guards import detect_fake_mode
        from torch._inductor.decomposition import select_decomp_table
        from torch._inductor.virtualized import V

        graphs: list[fx.GraphModule] = []
        self.pieces.append(graphs)
        with V.set_fake_mode(detect_fake_mode(list(example_inputs))), _trace_settings(self.into):
            compiled: Callable[..., Any] = aot_module_simplified(
                gm, list(example_inputs), fw_compiler=_compiler(self.into, graphs),
                bw_compiler=_compiler(self.into, graphs, backward=True), partition_fn=_partitioner(),
                decompositions=select_decomp_table())
        return compiled

    def _one_graph(self, args: Sequence[Any], kwargs: dict[str, Any]) -> Any:
        from torch._functorch.aot_autograd import aot_function
        from torch._inductor.decomposition import select_decomp_table

        module = self.module
        # each parameter once, under its first name: a tied one (an embedding shared with the
        # head) is one tensor, its other names tied to it by functional_call
        state = {**dict(module.named_parameters()), **dict(module.named_buffers()),
                 **_fake_attributes(module)}
        if self._fn is None:
            def functional(params: dict[str, Any], *a: Any, **k: Any) -> list[torch.Tensor]:
                # a module compiled in place (`module.compile()`) would call this wrapper again
                inner = module.__dict__.pop("_compiled_call_impl", None)
                try:
                    out = torch.func.functional_call(module, params, a, k, tie_weights=True)
                finally:
                    if inner is not None:
                        module.__dict__["_compiled_call_impl"] = inner
                self._output = Output(out)
                return self._output.tensors

            self._fn = aot_function(functional, _compiler(self.into, self.graphs),
                                    _compiler(self.into, self.graphs, backward=True),
                                    partition_fn=_partitioner(), decompositions=select_decomp_table())
        from torch._guards import detect_fake_mode
        from torch._inductor.virtualized import V

        # inductor's joint-graph passes read the fake mode from its virtualised state
        with (self.into.untracked(), V.set_fake_mode(detect_fake_mode(list(state.values()))),
              _trace_settings(self.into), as_dynamo_traces()):
            flat = self._fn(state, *args, **kwargs)
        assert self._output is not None  # set by the trace, which the first call runs
        return self._output.rebuild(flat)


@contextmanager
def _plain(module: torch.nn.Module) -> Iterator[None]:
    """The module's own call: one compiled in place (`module.compile()`) would call its
    `CompiledModule` again."""
    inner = module.__dict__.pop("_compiled_call_impl", None)
    try:
        yield
    finally:
        if inner is not None:
            module.__dict__["_compiled_call_impl"] = inner


@contextmanager
def _dynamo_traces(into: Allocations) -> Iterator[None]:
    """Dynamo traces over the fake run: past its tracker (`compiling`), every shape static (a
    second shape traces anew, never a dynamic graph), under inductor's no-benchmark settings."""
    import torch._dynamo

    with (into.compiling(), _trace_settings(into),
          torch._dynamo.config.patch(automatic_dynamic_shapes=False, assume_static_by_default=True)):
        yield


@contextmanager
def as_dynamo_traces() -> Iterator[None]:
    """`torch.compiler.is_compiling()` true, as dynamo folds it while it traces: the model's code
    takes the branches a compiled step runs (a Hugging Face model keeps its explicit attention
    mask then, where its eager step drops an all-ones one, and attention takes another kernel).
    torch's own flag, the one its `_compile_session_context` sets, put back after."""
    old = torch.compiler._is_compiling_flag
    torch.compiler._is_compiling_flag = True
    try:
        yield
    finally:
        torch.compiler._is_compiling_flag = old


def _fake_attributes(module: torch.nn.Module) -> dict[str, torch.Tensor]:
    """The fake tensors the modules hold as plain attributes (neither parameter nor buffer, made
    under the fake mode): inputs of the trace, as dynamo lifts them, where the tracer would keep
    each as a constant of the graph, which AOTAutograd refuses for a fake tensor."""
    from torch._subclasses.fake_tensor import FakeTensor

    found: dict[str, torch.Tensor] = {}
    for prefix, m in module.named_modules():  # a shared module once: one swap serves its every name
        for name, value in (own_dict(m) or {}).items():
            if isinstance(value, FakeTensor):
                found[f"{prefix}.{name}" if prefix else name] = value
    return found


def wrap(model: Any, into: Allocations) -> Any:
    """The model as a compiled step holds memory: a module (or `torch.compile`'s wrapper of
    one) becomes a `CompiledModule`; anything else is returned as it is."""
    if isinstance(model, CompiledModule):
        return model
    orig = compiled_original(model)
    if orig is not None:
        return CompiledModule(orig, into)
    if isinstance(model, torch.nn.Module):
        return CompiledModule(model, into)
    return model


def compiled_original(model: Any) -> torch.nn.Module | None:
    """The module inside `torch.compile(module)`'s wrapper, or None."""
    eval_frame = sys.modules.get("torch._dynamo.eval_frame")  # not loaded: nothing was compiled
    if eval_frame is not None and isinstance(model, eval_frame.OptimizedModule):
        orig = model._orig_mod
        return orig if isinstance(orig, torch.nn.Module) else None
    return None

