"""inductor's reordering of a graph's kernels for peak memory (`torch._inductor.memory`, on by
`config.reorder_for_peak_memory`), as the buffer plan sees the kernels.

After fusion inductor's scheduler tries three topological orders of its kernels besides the
graph's own (least peak memory first, breadth first, depth first by bytes touched), estimates
the peak of each from the buffers' sizes and last readers, and keeps the lowest (the graph's own
on a tie). Here a kernel is a `Unit`: a buffer the plan materialises, or sibling buffers it fuses
into one kernel (buffers.py); its inputs are the buffers and graph inputs it reads through fused
ops and views. The same three orders and the same estimate choose the order, and the graph's
nodes are moved into it (each kernel's fused producers just before it), so the walk allocates and
frees in the order the GPU runs. A cut GPT-2's backward is the case in point: inductor pads the
head's weight before the gradient's two padded copies, so the forward's saved weight is freed
before they exist (docs/preflight.md, "Padded matrix multiplies").
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import torch
from torch import fx

__all__ = ["Unit", "nbytes", "reorder", "units_of"]


# graph inputs inductor's estimate leaves out (`utils.is_nonfreeable_buffers`): the parameters,
# the tangents, the RNG states; the backward's saved tensors are the freeable ones
_NOT_FREEABLE = ("primals_", "arg", "fwd_rng_state", "bwd_rng_state", "tangents")


def nbytes(n: fx.Node) -> int:
    """A node's output bytes as inductor's estimate counts them (elements times their size), 0
    where not known."""
    val = n.meta.get("val")
    vals = val if isinstance(val, (tuple, list)) else (val,)
    total = 0
    for v in vals:
        if isinstance(v, torch.Tensor) and isinstance(v.numel(), int):
            total += v.numel() * v.element_size()
    return total


@dataclass(eq=False)
class Unit:
    """One kernel: the buffers it writes (`nodes`, in graph order) and what it reads."""

    nodes: list[fx.Node]
    index: int  # its place in the graph's order
    size: int = 0  # the bytes it allocates
    reads: set[fx.Node] = field(default_factory=set)  # buffers and inputs, not its own
    preds: set[Unit] = field(default_factory=set)
    succs: set[Unit] = field(default_factory=set)


class _Buffers:
    """The buffers' readers and sizes (inductor's `MemoryPlanningInfoForBuffer`)."""

    def __init__(self, units: list[Unit], inputs: set[fx.Node], outputs: set[fx.Node]) -> None:
        self.readers: dict[fx.Node, list[Unit]] = {}
        for u in units:
            for r in u.reads:
                self.readers.setdefault(r, []).append(u)
        self.inputs = [i for i in inputs if i in self.readers]
        self.outputs = outputs
        self.size = {n: nbytes(n) for u in units for n in u.nodes}
        self.size.update((i, nbytes(i)) for i in self.inputs)

    def peak(self, order: Sequence[Unit]) -> int:
        """inductor's `estimate_peak_memory` of this order."""
        step = {u: k for k, u in enumerate(order)}
        delta = [0] * (len(order) + 1)

        def end(buf: fx.Node, made: int) -> int:
            return max((step[u] for u in self.readers.get(buf, ())), default=made)

        for i in self.inputs:
            delta[0] += self.size[i]
            if i not in self.outputs:
                delta[end(i, 0) + 1] -= self.size[i]
        for u in order:
            for n in u.nodes:
                delta[step[u]] += self.size[n]
                if n not in self.outputs:
                    delta[end(n, step[u]) + 1] -= self.size[n]
        most = live = 0
        for d in delta:
            live += d
            most = max(most, live)
        return most


def _lpmf(units: list[Unit], bufs: _Buffers) -> list[Unit]:
    """inductor's `topological_sort_lpmf`: least peak memory first."""
    indegree = {u: len(u.preds) for u in units}
    outdegree = {b: len(rs) + (b in bufs.outputs) for b, rs in bufs.readers.items()}
    for u in units:
        for n in u.nodes:
            outdegree.setdefault(n, int(n in bufs.outputs))
    to_free = dict.fromkeys(units, 0)
    for u in units:
        to_free[u] += sum(bufs.size.get(b, 0) for b in u.reads if outdegree.get(b) == 1)
        to_free[u] += sum(bufs.size[n] for n in u.nodes if outdegree[n] == 0)
    live = sum(bufs.size[i] for i in bufs.inputs)
    most = max(live, sum(bufs.size.get(o, 0) for o in bufs.outputs))
    gap = most - live
    ready = [u for u in units if not indegree[u]]
    order: list[Unit] = []
    while ready:
        chosen = min(ready, key=lambda u: (u.size if u.size > gap else 0, u.size - to_free[u], u.index))
        ready.remove(chosen)
        order.append(chosen)
        live += chosen.size
        most = max(most, live)
        live -= to_free[chosen]
        gap = most - live
        for s in sorted(chosen.succs, key=lambda s: s.index):
            indegree[s] -= 1
            if not indegree[s]:
                ready.append(s)
        for b in chosen.reads:
            if b not in outdegree:
                continue
            outdegree[b] -= 1
            if outdegree[b] == 1:
                for r in bufs.readers.get(b, ()):
                    to_free[r] += bufs.size.get(b, 0)
    return order


def _bfs(units: list[Unit]) -> list[Unit]:
    """inductor's `topological_sort_bfs`: the unit whose inputs were made earliest first."""
    indegree = {u: len(u.preds) for u in units}
    at: dict[Unit, int] = {}
    heap: list[tuple[list[int], int, Unit]] = [([], u.index, u) for u in units if not indegree[u]]
    heapq.heapify(heap)
    order: list[Unit] = []
    while heap:
        _, _, u = heapq.heappop(heap)
        at[u] = len(order)
        order.append(u)
        for s in sorted(u.succs, key=lambda s: s.index):
            indegree[s] -= 1
            if not indegree[s]:
                heapq.heappush(heap, (sorted({at[p] for p in s.preds}), s.index, s))
    return order


def _dfs(units: list[Unit], bufs: _Buffers) -> list[Unit]:
    """inductor's `topological_sort_dfs`: by the bytes each unit writes and reads, smallest first."""
    weight = {u: u.size + sum(bufs.size.get(b, 0) for b in u.reads) for u in units}
    seen: set[Unit] = set()
    order: list[Unit] = []

    def visit(u: Unit) -> None:
        stack: list[tuple[Unit, list[Unit]]] = [(u, sorted(u.preds, key=lambda p: (weight[p], p.index)))]
        seen.add(u)
        while stack:
            top, todo = stack[-1]
            while todo and todo[0] in seen:
                todo.pop(0)
            if todo:
                nxt = todo.pop(0)
                seen.add(nxt)
                stack.append((nxt, sorted(nxt.preds, key=lambda p: (weight[p], p.index))))
            else:
                stack.pop()
                order.append(top)

    for u in sorted(units, key=lambda u: (weight[u], u.index)):
        if u not in seen:
            visit(u)
    return order


def units_of(gm: fx.GraphModule, groups: list[list[fx.Node]], reads: dict[fx.Node, set[fx.Node]],
             outputs: set[fx.Node], after: Mapping[fx.Node, set[fx.Node]] | None = None,
             ) -> tuple[list[Unit], _Buffers]:
    """The graph's kernels (`reorder`'s arguments) as units, and their buffers."""
    own = {n: k for k, g in enumerate(groups) for n in g}
    units = [Unit(list(g), k) for k, g in enumerate(groups)]
    inputs = {n for n in gm.graph.nodes if n.op == "placeholder" and not n.name.startswith(_NOT_FREEABLE)}
    for u in units:
        u.reads = {r for n in u.nodes for r in reads.get(n, ())
                   if r not in u.nodes and (r in own or r in inputs)}
        u.size = sum(nbytes(n) for n in u.nodes)
        u.preds = {units[own[r]] for r in u.reads if r in own}
        u.preds |= {units[own[r]] for n in u.nodes for r in (after or {}).get(n, ()) if r in own}
        u.preds.discard(u)
        for p in u.preds:
            p.succs.add(u)
    return units, _Buffers(units, inputs, outputs)


def reorder(gm: fx.GraphModule, groups: list[list[fx.Node]], reads: dict[fx.Node, set[fx.Node]],
            outputs: set[fx.Node], after: Mapping[fx.Node, set[fx.Node]] | None = None) -> bool:
    """Move `gm`'s nodes into the order inductor would run its kernels (`groups`: each kernel's
    buffers, in graph order; `reads`: what each node reads through fused ops and views;
    `outputs`: the graph's output buffers; `after`: kernels a node must follow besides those it
    reads). Whether the order changed."""
    units, bufs = units_of(gm, groups, reads, outputs, after)
    methods: list[Callable[[], list[Unit]]] = [lambda: _lpmf(units, bufs), lambda: _bfs(units),
                                               lambda: _dfs(units, bufs)]
    best, least = units, bufs.peak(units)
    for method in methods:
        order = method()
        if len(order) == len(units):
            peak = bufs.peak(order)
            if peak < least:
                best, least = order, peak
    if best is units:
        return False
    _move(gm, [n for u in best for n in u.nodes])
    return True


def _move(gm: fx.GraphModule, kernels: list[fx.Node]) -> None:
    """The graph's nodes in the kernels' new order: each kernel's own inputs not placed yet (the
    fused ops and views it computes from) just before it, the placeholders first, the rest after."""
    nodes = list(gm.graph.nodes)
    placed: set[fx.Node] = {n for n in nodes if n.op == "placeholder"}
    order: list[fx.Node] = []

    def place(n: fx.Node) -> None:
        stack = [(n, iter(n.all_input_nodes))]
        while stack:
            top, it = stack[-1]
            nxt = next((a for a in it if a not in placed), None)
            if nxt is None:
                stack.pop()
                if top not in placed:
                    placed.add(top)
                    order.append(top)
            else:
                stack.append((nxt, iter(nxt.all_input_nodes)))

    for k in kernels:
        place(k)
    for n in nodes:
        if n.op != "output":
            place(n)
    at = next((n for n in reversed(nodes) if n.op == "placeholder"), None)
    for n in order:
        if at is None:  # no placeholder: the first node's place
            if n is not nodes[0]:
                nodes[0].prepend(n)
        else:
            at.append(n)
        at = n
