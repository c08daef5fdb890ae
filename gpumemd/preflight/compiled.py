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
  read only by fused kernels: inductor computes it inside its consumer's kernel.

A buffer is freed after the last kernel that reads it, directly or through fused ops and views
(inductor's `del buf` at last use); a pointwise kernel that writes a buffer may take the place
of an input freed by the same kernel (inductor's in-place buffer reuse). What is not modelled:
inductor's reordering for peak memory, a pointwise op it materialises because many kernels read
it, graph breaks (one graph is traced here where dynamo may cut several), CUDA graphs' pools,
and the compile's own allocations (autotuning is off by default). docs/preflight.md, "A compiled
step", says what this reads against a GPU.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any, Protocol

import torch
from torch import fx

__all__ = ["Allocations", "CompiledModule", "Plan", "compiled_original", "wrap"]

_aten = torch.ops.aten
# ops inductor computes inside the kernel that reads them (no buffer of their own)
_INLINED = {
    _aten.embedding.default, _aten.gather.default, _aten.index.Tensor, _aten.full.default,
    _aten.scalar_tensor.default, _aten.zeros.default, _aten.ones.default, _aten.full_like.default,
    _aten.zeros_like.default, _aten.ones_like.default, _aten.empty.memory_format, _aten.empty_like.default,
    _aten._to_copy.default, _aten.rand_like.default, _aten.rand.default, _aten.randn.default,
    _aten.randn_like.default, torch.ops.prims.iota.default, _aten.arange.default, _aten.arange.start,
    _aten.arange.start_step, _aten.lift_fresh_copy.default, _aten.select_scatter.default,
    _aten.slice_scatter.default, _aten._unsafe_masked_index.default, _aten.constant_pad_nd.default,
}
# ops that write into their first argument's buffer (the accumulating scatters): it is their output
_INTO_SELF = {
    _aten.index_put.default, _aten.index_put_.default, _aten.scatter.src, _aten.scatter.value,
    _aten.scatter_add.default, _aten.scatter_reduce.two, _aten.index_add.default,
    _aten._unsafe_index_put.default, _aten._unsafe_masked_index_put_accumulate.default,
    _aten._index_put_impl_.default,
}
# a concatenation's inputs are computed straight into its buffer (no buffer of their own)
_INTO_OUTPUT = {_aten.cat.default}


class Allocations(Protocol):
    """What the compiled step's run tells the fake run's allocation stream."""

    def allocate(self, nbytes: int, category: str | None = None) -> int:
        """A new allocation of `nbytes`; its key."""

    def release(self, key: int) -> None:
        """The allocation `key` freed."""

    def track(self, t: Any, category: str | None = None) -> None:
        """A tensor's storage, allocated now if new, freed when it dies."""

    def untracked(self) -> AbstractContextManager[Any]:
        """A context in which the ops' own outputs are not counted."""


def _kind(node: fx.Node) -> str:
    """'input', 'view', 'inline' (fused into its readers), 'reduction', 'extern' (a kernel of its
    own: its output a buffer, its inputs too), or 'other' (the output node, an attribute)."""
    if node.op != "call_function":
        return "input" if node.op == "placeholder" else "other"
    target = node.target
    if target is operator.getitem:  # one output of a multi-output op: a part of its buffers
        return "view"
    if not isinstance(target, torch._ops.OpOverload):
        return "extern"
    returns = target._schema.returns
    if returns and returns[0].alias_info is not None and not returns[0].alias_info.is_write:
        return "view"
    tags = target.tags
    name = target._schema.name.partition("::")[2]
    # a cast, or inductor's own random draws and seeds (made inside the kernel that reads them)
    if torch.Tag.pointwise in tags or target in _INLINED or target.namespace == "prims" and (
            name == "convert_element_type" or name.startswith("inductor_")):
        return "inline"
    if torch.Tag.reduction in tags:
        return "reduction"
    if torch.Tag.nondeterministic_seeded in tags and not node.all_input_nodes:
        return "inline"
    return "extern"


class Plan:
    """One graph's buffers: which nodes inductor materialises, where each buffer is last read,
    and which are graph outputs (their storages outlive the graph: tracked as tensors)."""

    def __init__(self, gm: fx.GraphModule) -> None:
        nodes = list(gm.graph.nodes)
        self.index = {n: i for i, n in enumerate(nodes)}
        kinds = {n: _kind(n) for n in nodes}
        out = gm.graph.output_node()
        outputs: list[fx.Node] = []
        fx.node.map_arg(out.args, outputs.append)
        base: dict[fx.Node, fx.Node] = {}  # a view's base (the node whose buffer it reads)

        def root(n: fx.Node) -> fx.Node:
            return base.get(n, n)

        for n in nodes:
            if kinds[n] == "view" and n.all_input_nodes:
                base[n] = root(n.all_input_nodes[0])
        self.materialised: set[fx.Node] = set()
        for n in nodes:
            if kinds[n] in ("extern", "reduction"):
                self.materialised.add(n)
            if kinds[n] == "extern":
                skip = n.args[0] if n.target in _INTO_SELF and n.args else None
                for a in n.all_input_nodes:
                    if a is not skip and n.target not in _INTO_OUTPUT and kinds[root(a)] == "inline":
                        self.materialised.add(root(a))
        for a in outputs:
            if kinds[root(a)] == "inline":
                self.materialised.add(root(a))
        self.outputs = {root(a) for a in outputs}
        # the buffers each materialised node reads, through fused ops and views
        reads: dict[fx.Node, set[fx.Node]] = {}
        for n in nodes:
            direct: set[fx.Node] = set()
            for a in n.all_input_nodes:
                r = root(a)
                if r in self.materialised or kinds[r] == "input":
                    direct.add(r)
                else:
                    direct |= reads.get(r, set())
            reads[n] = direct
        self.pointwise = {n for n in self.materialised if kinds[n] == "inline"}
        for n in nodes:
            if n in self.pointwise and n in self.outputs:
                order = {m: i for i, m in enumerate(gm.graph.nodes)}  # as the moves so far left it
                _hoist(n, [r for r in reads[n] if kinds[r] != "input"], self.materialised, order)
        nodes = list(gm.graph.nodes)
        self.index = {n: i for i, n in enumerate(nodes)}
        self.last: dict[fx.Node, int] = {}
        for n in nodes:
            if n in self.materialised or n.op == "output":
                for r in reads[n]:
                    self.last[r] = self.index[n]
        # the buffers to free after each node (those read there for the last time; one no kernel
        # reads, at once)
        self.frees: dict[int, list[fx.Node]] = {}
        for r in self.materialised - self.outputs:
            self.frees.setdefault(self.last.get(r, self.index[r]), []).append(r)


def _hoist(n: fx.Node, buffers: list[fx.Node], materialised: set[fx.Node], index: dict[fx.Node, int]) -> None:
    """Move a saved pointwise output (a mask, an activation kept for backward) and the fused ops
    it is computed from to just after the last buffer it reads: inductor fuses it into the
    kernel that reads that buffer already, where the graph's order (the partitioner's) may
    compute it at the forward's end and so keep its inputs alive until then."""
    if not buffers:
        return
    after = max(buffers, key=lambda r: index[r])
    chain: list[fx.Node] = []
    seen: set[fx.Node] = set()

    def collect(m: fx.Node) -> None:
        for a in m.all_input_nodes:
            later = index[a] > index[after] and a.op == "call_function"
            if later and a not in seen and a not in materialised:
                seen.add(a)
                collect(a)
                chain.append(a)

    collect(n)
    if index[n] <= index[after]:
        return
    at = after
    for m in [*sorted(chain, key=lambda m: index[m]), n]:
        at.append(m)
        at = m


class _Walk(fx.Interpreter):
    """The graph's ops on fake tensors; its buffers allocated and freed as `Plan` says."""

    def __init__(self, gm: fx.GraphModule, p: Plan, into: Allocations) -> None:
        super().__init__(gm, garbage_collect_values=True)
        self.plan, self.into = p, into
        self.keys: dict[fx.Node, int] = {}

    def run_node(self, n: fx.Node) -> Any:
        value = super().run_node(n)
        p = self.plan
        if n not in p.materialised:
            return value
        dead = p.frees.get(p.index[n], [])
        if n in p.pointwise:  # written over an input it reads last (inductor's in-place reuse)
            self._free(dead)
            # the graph's own inputs read here last (a saved tensor in backward) go first too
            last = self.user_to_last_uses.get(n, [])
            for d in [d for d in last if d.op == "placeholder"]:
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


def _compiler(into: Allocations, graphs: list[fx.GraphModule]) -> Callable[..., Any]:
    def compile_graph(gm: fx.GraphModule, _example_inputs: Any) -> Callable[..., Any]:
        graphs.append(gm)
        p = Plan(gm)

        def run(args: list[Any]) -> Any:
            with into.untracked():
                return _Walk(gm, p, into).boxed_run(args)

        run._boxed_call = True  # type: ignore[attr-defined]  # AOTAutograd hands its list over
        return run

    return compile_graph


def _partitioner() -> Callable[..., Any]:
    """inductor's: its joint-graph passes, then the min-cut partitioner as inductor calls it."""
    from torch._inductor.compile_fx import partition_fn

    return partition_fn


class CompiledModule(torch.nn.Module):
    """`torch.compile(model)` as the fake run sees it: the model's forward through AOTAutograd
    with inductor's partitioner, its graphs walked as inductor would hold them (`graphs`: the
    forward's, then the backward's, once traced)."""

    def __init__(self, module: torch.nn.Module, into: Allocations) -> None:
        super().__init__()
        self.module = module
        self.into = into
        self.graphs: list[fx.GraphModule] = []
        self._fn: Callable[..., Any] | None = None

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        from torch._functorch.aot_autograd import aot_function
        from torch._inductor.decomposition import select_decomp_table

        module = self.module
        state = {**dict(module.named_parameters(remove_duplicate=False)),
                 **dict(module.named_buffers(remove_duplicate=False))}
        if self._fn is None:
            def functional(params: dict[str, Any], *a: Any, **k: Any) -> Any:
                # a module compiled in place (`module.compile()`) would call this wrapper again
                inner = module.__dict__.pop("_compiled_call_impl", None)
                try:
                    return torch.func.functional_call(module, params, a, k)
                finally:
                    if inner is not None:
                        module.__dict__["_compiled_call_impl"] = inner

            compiler = _compiler(self.into, self.graphs)
            self._fn = aot_function(functional, compiler, compiler, partition_fn=_partitioner(),
                                    decompositions=select_decomp_table())
        from torch._guards import detect_fake_mode
        from torch._inductor.virtualized import V

        # inductor's joint-graph passes read the fake mode from its virtualised state
        with self.into.untracked(), V.set_fake_mode(detect_fake_mode(list(state.values()))):
            return self._fn(state, *args, **kwargs)


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

