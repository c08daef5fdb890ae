"""Which of a compiled graph's nodes inductor writes to a buffer, and when each buffer is made and
freed (`Plan`): the walk of compiled.py allocates by it. What inductor fuses into the kernel
that reads it has no buffer (`_kind`: a view, a pointwise op, a cast, an indexing, a random
draw); an extern kernel's output, a reduction's, a graph output and what an extern kernel reads
are buffers; a pad a matrix multiply reads is its matrix's own buffer where inductor pads in
place (`_pads_in_place`); a buffer is freed after the last kernel that reads it, directly or
through fused ops and views. Two orders differ from the graph's, as inductor's scheduler moves
them: a saved pointwise output is computed with the kernel that reads its last input (`_hoist`),
and sibling pointwise buffers of one size reading a buffer in common are one kernel
(`_fuse_siblings`); then the kernels run in the order inductor's reordering for peak memory
picks (memorder.py), where the job's inductor settings have it on."""

from __future__ import annotations

import operator

import torch
from torch import fx

from .memorder import reorder

__all__ = ["Plan"]

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

    def __init__(self, gm: fx.GraphModule, donated: frozenset[fx.Node] = frozenset()) -> None:
        self.donated = donated  # inputs a kernel may write over (`donated`): the backward's own saved tensors
        nodes = list(gm.graph.nodes)
        self.index = {n: i for i, n in enumerate(nodes)}
        kinds = {n: _kind(n) for n in nodes}
        out = gm.graph.output_node()
        outputs: list[fx.Node] = []
        fx.node.map_arg(out.args, outputs.append)
        base: dict[fx.Node, fx.Node] = {}  # a view's base (the node whose buffer it reads)

        def root(n: fx.Node) -> fx.Node:
            return base.get(n, n)

        from torch._inductor import config

        filled: list[fx.Node] = []  # pads made in place
        for n in nodes:
            if config.inplace_padding and config.comprehensive_padding and _pads_in_place(n, kinds):
                kinds[n] = "view"  # the padded matrix is its input's buffer, the pad's columns filled
                filled.append(n)
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
        fused = _fuse_siblings([n for n in gm.graph.nodes if n in self.pointwise], reads, self.materialised)
        if config.reorder_for_peak_memory:
            reorder(gm, _kernels(gm, self.materialised, fused), reads, self.outputs,
                    _after_readers(filled, reads, self.materialised, self.index))
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
        # the graph's inputs each kernel reads for the last time (a fused op reads its input in
        # its consumer's kernel: the input is held until there)
        self.inputs_at: dict[int, list[fx.Node]] = {}
        for r in nodes:
            if kinds[r] == "input" and r in self.last:
                self.inputs_at.setdefault(self.last[r], []).append(r)


def _pads_in_place(n: fx.Node, kinds: dict[fx.Node, str]) -> bool:
    """inductor's in-place padding (`lowering.inplace_constant_pad_nd`): a pad of a 2-D matrix's
    rows on the right, read by a matrix multiply alone, is a view of the matrix's own buffer when
    the rows' stride leaves room for the pad (comprehensive padding: a row of more than
    `padding_stride_threshold` elements is strided to a multiple of `padding_alignment_bytes`).
    The matrix must be a pointwise op's or a reduction's buffer, not a view, an input or an
    output of the graph (whose strides are eager's)."""
    if n.target is not _aten.constant_pad_nd.default or len(n.users) != 1:
        return False
    from torch._inductor import config

    user = next(iter(n.users))
    x, pad = n.args[0], n.args[1]
    if user.target not in (_aten.mm.default, _aten.addmm.default) or not isinstance(x, fx.Node):
        return False
    if kinds[x] not in ("inline", "reduction") or any(u.op == "output" for u in x.users):
        return False
    t = x.meta.get("val")
    if not isinstance(t, torch.Tensor) or t.dim() != 2 or not isinstance(pad, (list, tuple)) or len(pad) != 4:
        return False
    if pad[0] != 0 or pad[2] != 0 or pad[3] != 0 or not isinstance(pad[1], int) or pad[1] <= 0:
        return False
    cols = t.shape[1]
    align = max(1, config.padding_alignment_bytes // t.element_size())
    if not isinstance(cols, int):
        return False
    stride = -(-cols // align) * align if cols > config.padding_stride_threshold else cols
    return stride >= cols + pad[1]


def _after_readers(filled: list[fx.Node], reads: dict[fx.Node, set[fx.Node]],
                   materialised: set[fx.Node], index: dict[fx.Node, int]) -> dict[fx.Node, set[fx.Node]]:
    """The multiply reading a pad made in place runs after the kernels that read the matrix
    before the fill (the graph's order): inductor's fill writes into the matrix's buffer, and its
    scheduler keeps an earlier read of a buffer before a write to it (the transposed copy of the
    loss's gradient, made before the in-place pad's multiply on the H200)."""
    after: dict[fx.Node, set[fx.Node]] = {}
    for pad in filled:
        mm, x = next(iter(pad.users)), pad.args[0]
        after[mm] = {m for m in materialised if m is not mm and index[m] < index[pad] and x in reads[m]}
    return after


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


def _kernels(gm: fx.GraphModule, materialised: set[fx.Node],
             fused: dict[fx.Node, fx.Node]) -> list[list[fx.Node]]:
    """The graph's kernels in its order: each materialised buffer, a sibling with the one it was
    fused with (`fused`: the later -> the earlier)."""
    groups: dict[fx.Node, list[fx.Node]] = {}
    for n in gm.graph.nodes:
        if n in materialised:
            first = fused.get(n, n)
            groups.setdefault(first if first in groups else n, []).append(n)
    return list(groups.values())


def _numel(n: fx.Node) -> int | None:
    t = n.meta.get("val")
    return t.numel() if isinstance(t, torch.Tensor) else None


def _fuse_siblings(pointwise: list[fx.Node], reads: dict[fx.Node, set[fx.Node]],
                   materialised: set[fx.Node]) -> dict[fx.Node, fx.Node]:
    """Two materialised pointwise buffers of one size that read a buffer in common are one kernel
    for inductor (its scheduler fuses nodes that share reads and none of which needs the other):
    the later is computed with the earlier, both buffers allocated there, where the graph's order
    may compute it after the earlier's readers and so never hold both (a padded matrix multiply's
    two padded copies of one gradient, in a cut GPT-2's backward: docs/preflight.md). Returns
    each buffer so moved -> the one it is computed with."""
    fused: dict[fx.Node, fx.Node] = {}
    place = {n: i for i, n in enumerate(pointwise)}
    earlier: dict[tuple[int, fx.Node], list[fx.Node]] = {}  # (size, a buffer read) -> buffers so far
    for n in pointwise:
        size = _numel(n)
        if size is None:
            continue
        found = {e for r in reads[n] for e in earlier.get((size, r), ())}
        for r in reads[n]:
            earlier.setdefault((size, r), []).append(n)
        if not found:
            continue
        siblings = sorted(found, key=place.__getitem__)
        order = {m: k for k, m in enumerate(n.graph.nodes)}  # as the moves so far left it
        computed = [r for r in reads[n] if r.op != "placeholder"]
        for e in siblings:
            if order[n] > order[e] and all(order[r] < order[e] for r in computed) and not _needs(n, e, order):
                _hoist(n, [*computed, e], materialised, order)
                fused[n] = fused.get(e, e)
                break
    return fused


def _needs(n: fx.Node, e: fx.Node, order: dict[fx.Node, int]) -> bool:
    """Whether `n` is computed from `e` (through any node after `e`)."""
    stack, seen = [n], set()
    while stack:
        m = stack.pop()
        for a in m.all_input_nodes:
            if a is e:
                return True
            if a not in seen and order[a] > order[e]:
                seen.add(a)
                stack.append(a)
    return False
