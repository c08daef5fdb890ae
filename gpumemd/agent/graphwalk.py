"""What autograd graphs save, for the retainer search (agent/retainers.py): the saved tensors of
a graph that lie in a site's blocks (read through torch's raw SavedTensor: unpack hooks never
run), the heads of the graphs the process keeps, which graph contains which, and the named
tensor (a user's global or local) whose graph reaches the chosen head.

Reads without touching (docs/security.md, boundary 22); every loop checks the budget."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gpumemd.diagnosis.retainers import Holder, Root, TypeMemo, class_namespaces, type_name, walk_to_holder

from .heapwalk import (
    MAX_GRAPH_TOTAL,
    MAX_NODES,
    Budget,
    Tensors,
    Timed,
    Trail,
    block_of,
    gc_parents,
)

__all__ = ["graph_holder", "name_tensor", "named_reaching", "tensor_reaching", "with_graph"]

MAX_GRAPH_NODES = 50_000  # grad_fn nodes visited per root
_MISSING = object()


def _saved_names(node: Any, memo: TypeMemo[list[str]]) -> list[str]:
    """The `_saved_*` attributes of an autograd node's type (from the type's own namespaces)."""
    t = type(node)
    if t in memo:
        return memo[t]
    names: list[str] = []
    try:
        for _, ns in class_namespaces(t):
            names += [a for a in ns if a.startswith("_saved_")]
    except Exception:  # noqa: BLE001
        names = []
    memo[t] = names
    return names


def _listed(v: Any) -> bool:
    """A plain tuple or list (by identity: `type(v) in (tuple, list)` would run the __eq__ of
    a metaclass of the program's)."""
    return type(v) is tuple or type(v) is list


def _saved_value(node: Any, name: str, reader: Tensors) -> Any:
    """The tensor(s) an autograd node saved as `name`, without running a user's unpack hook:
    through `_raw<name>` (torch's SavedTensor: its `unpack_hook` and `data` are read, never
    called), a saved tensor behind a hook counted in `reader.hooked` and left out. A torch whose
    SavedTensor has no `unpack_hook` is read through the unpacking getter (its hooks would run)."""
    raw = getattr(node, "_raw" + name, None)  # a C getset of torch's autograd node
    if raw is None:
        return getattr(node, name)  # a C getset: unpacks the saved tensor
    items = raw if _listed(raw) else (raw,)
    hooks = [getattr(r, "unpack_hook", _MISSING) for r in items]  # torch's own pybind type: a property
    if _MISSING in hooks:
        return getattr(node, name)
    out = []
    for r, hook in zip(items, hooks, strict=True):
        if hook is not None:
            reader.hooked += 1
            continue
        try:
            out.append(r.data)
        except Exception:  # noqa: BLE001 - a SavedTensor without a readable `data`
            if any(h is not None for h in hooks):
                raise
            return getattr(node, name)  # no hook on any of them: the getter runs none
    return out


def _saved_in(
    root: Any, starts: list[int], blocks: Sequence[tuple[int, int]], budget: list[int],
    reader: Tensors, clock: Budget, seen: set[int],
) -> int:
    """Bytes of `blocks` that tensors saved in `root`'s grad_fn graph lie in (bounded walk);
    `seen`: the nodes this walk visited (a root met in another root's graph holds a part of it)."""
    matched: set[int] = set()
    stack = [root.grad_fn]
    attrs: TypeMemo[list[str]] = TypeMemo(MAX_GRAPH_NODES)
    walked = 0
    while stack and budget[0] > 0 and walked < MAX_GRAPH_NODES:
        clock.tick()
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        budget[0] -= 1
        walked += 1
        for a in _saved_names(node, attrs):
            try:
                v = _saved_value(node, a, reader)
                for t in v if _listed(v) else (v,):
                    reader.saved += 1
                    i = block_of(starts, blocks, reader.ptr(t)) if reader.exact(t) else None
                    if i is not None:
                        matched.add(i)
                del v
            except Exception as exc:  # noqa: BLE001 - freed by a backward (nothing saved)
                reader.unreadable[type_name(type(exc))] += 1
                continue
        try:
            stack.extend(fn for fn, _ in node.next_functions)
        except Exception:  # noqa: BLE001
            pass
    return sum(blocks[i][1] for i in matched)


def _top_roots(
    grad_roots: list[Any], graph_budget: list[int], budget: Budget, trail: Trail | None = None
) -> list[Any]:
    """The roots whose grad_fn no other root's graph reaches: one walk of every graph
    together. A root inside another's graph (a newer loss added to an accumulator, a saved
    activation's Python object) holds a part of that graph and never wins over it. The heads
    are held until the return: the loop goes on and frees graphs meanwhile, and a freed node's
    id given to another node would make a head look inside a graph it is not in."""
    heads: dict[int, tuple[Any, Any]] = {}  # id(grad_fn) -> (weak ref to its tensor, grad_fn)
    for ref in grad_roots:
        budget.tick()
        r = ref()
        if r is not None:
            fn = r.grad_fn
            if fn is not None and id(fn) not in heads:
                heads[id(fn)] = (ref, fn)
            fn = None
        r = None
    interior: set[int] = set()
    seen: set[int] = set()
    stack = [fn for _ref, fn in heads.values()]
    while stack and graph_budget[0] > 0:
        budget.tick()
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        graph_budget[0] -= 1
        try:
            nxt = [fn for fn, _ in node.next_functions if fn is not None]
        except Exception:  # noqa: BLE001
            continue
        for fn in nxt:
            interior.add(id(fn))
            stack.append(fn)
    del stack
    node = fn = None
    out = [ref for key, (ref, _fn) in heads.items() if key not in interior]
    if trail is not None:
        trail.heads, trail.top = len(heads), len(out)
    heads.clear()
    return out


def graph_holder(
    blocks: list[tuple[int, int]], grad_roots: list[Any], graph_budget: list[int],
    reader: Tensors, budget: Budget, trail: Trail | None = None,
    named: Callable[[], list[tuple[Root, Any]]] | None = None,
) -> tuple[Any, Any, int]:
    """The tensor whose autograd graph saves the most of `blocks`' bytes (of the roots no
    other root's graph reaches: the accumulator, not the newest loss added to it), its graph's
    head node, and those bytes. The loop goes on during the search: `total = total + val`
    rebinds the accumulator, whose tensor found at the start may die before its graph is walked
    while the newer one was not there yet; so the named tensors read now (`named`: the user's
    globals and locals) are walked too. The tensor is None where it died before the return (its
    head node lives on inside the newer tensor's graph)."""
    starts = [b[0] for b in blocks]
    best, node, best_n = None, None, 0
    # the named tensors' heads, walked first (alive under their names anyway: holding them
    # keeps no temporary of the step alive), so a top root with one of them is not walked again
    named_heads: dict[int, Any] = {}
    tops = _top_roots(grad_roots, graph_budget, budget, trail)

    def candidates() -> Iterable[tuple[Any, bool]]:
        # the named ones first: where the roots found at the start are many (the Python objects
        # torch keeps for saved activations head graphs of their own once the accumulator that
        # reached them died), the node budget may not last to the end of them
        for _root, t in named() if named is not None else ():
            yield t, True
        for ref in tops:
            r = ref()
            if r is None and trail is not None:
                trail.died += 1
            if r is not None:
                yield r, False
            r = None

    for r, is_named in candidates():
        if graph_budget[0] <= 0:
            break
        fn = r.grad_fn
        if fn is None or id(fn) in named_heads:
            continue
        if is_named:
            named_heads[id(fn)] = fn
        got = _saved_in(r, starts, blocks, graph_budget, reader, budget, set())
        # a tie: the graph that contains the other's (a local `val` saving the newest step only)
        if got > best_n or (got and got == best_n and _reaches(fn, node, graph_budget, budget)):
            best, node, best_n = weakref.ref(r), fn, got
        r = fn = None
    named_heads.clear()
    return (best() if best is not None else None), node, best_n


def _reaches(head: Any, node: Any, graph_budget: list[int], budget: Budget) -> bool:
    """Whether the graph below `head` (a grad_fn) contains the autograd `node` (bounded)."""
    stack, seen = [head], set()
    while stack and graph_budget[0] > 0:
        budget.tick()
        n = stack.pop()
        if n is node:
            return True
        if n is None or id(n) in seen:
            continue
        seen.add(id(n))
        graph_budget[0] -= 1
        try:
            stack.extend(fn for fn, _ in n.next_functions)
        except Exception:  # noqa: BLE001
            continue
    return False


def named_reaching(node: Any, candidates: list[tuple[Root, Any]], budget: Budget) -> Root | None:
    """The named tensor whose grad_fn is `node`, else the first whose graph reaches it."""
    heads = []
    for root, t in candidates:
        budget.tick()
        try:
            fn = t.grad_fn
        except Exception:  # noqa: BLE001
            continue
        if fn is node:
            return root
        heads.append((root, fn))
    graph_budget = [MAX_GRAPH_TOTAL]
    for root, fn in heads:
        if _reaches(fn, node, graph_budget, budget):
            return root
    return None


def name_tensor(
    t: Any, roots: Any, timed: Timed, budget: Budget, mine: set[int], keys: list[Any], weight: int
) -> Holder | None:
    targets = [t]
    t = None
    found, _n = walk_to_holder(
        targets,
        gc_parents({*mine, id(targets), id(keys)}, timed, budget),
        roots,
        weights=[weight],
        max_nodes=MAX_NODES,
        deadline=budget.deadline,
        clock=budget.clock,
    )
    del targets
    return found


def with_graph(tensors: Iterable[Any], budget: Budget) -> list[Any]:
    """Weak references to those of `tensors` that head an autograd graph (`grad_fn`, torch's own
    attribute); one whose read raises is skipped."""
    out = []
    for t in tensors:
        budget.tick()
        try:
            if t.grad_fn is not None:
                out.append(weakref.ref(t))
        except Exception:  # noqa: BLE001
            continue
    return out


def tensor_reaching(node: Any, timed: Timed, budget: Budget, reader: Tensors) -> Any:
    """A tensor alive now whose graph reaches the autograd `node` (bounded; None if none)."""
    objs = timed(gc.get_objects)
    fresh = with_graph((o for o in objs if reader.exact_type(o)), budget)
    del objs
    graph_budget = [MAX_GRAPH_TOTAL]
    for ref in _top_roots(fresh, graph_budget, budget):
        r = ref()
        if r is None:
            continue
        if _reaches(r.grad_fn, node, graph_budget, budget):
            return r
        r = None
    return None
