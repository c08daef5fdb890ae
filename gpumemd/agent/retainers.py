"""What keeps the leak finder's growing blocks alive, in this process: the live tensors whose
storage lies in those blocks (found with `gc.get_objects()`), or, for memory no Python tensor
owns, the tensors whose autograd graph saves tensors in them (a loss accumulated with its
graph); then a walk up `gc.get_referrers` to the first named holder (gpumemd/diagnosis/retainers.py).

Runs on the leak finder's thread after the last snapshot, never on the training thread. The
gc calls hold the GIL for one heap scan each (the training thread waits that long): the walk
does one scan per level, the search is bounded by a deadline and a node budget, and the
longest single hold and their sum are measured and reported (`gil_max_s`, `gil_total_s`).
Never raises: a failure is a note in the report.

Reads without touching (docs/security.md, boundary 22): no code of the program's objects runs
(types by `type()`, own dicts of plain types only, exact torch tensor types only), the
deadline is checked inside every loop, and nothing read stays referenced after it returns (the
f_locals cache of 3.11/3.12 included).
"""

from __future__ import annotations

import bisect
import gc
import linecache
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from gpumemd.diagnosis.codeorigin import CodeOrigin
from gpumemd.diagnosis.retainers import (
    Holder,
    Root,
    growth_line,
    module_globals,
    python_roots,
    type_name,
    walk_to_holder,
)

from .graphwalk import graph_holder, name_tensor, named_reaching, tensor_reaching, with_graph
from .heapwalk import (
    MAX_GRAPH_TOTAL,
    MAX_NODES,
    Budget,
    OutOfTime,
    RetainerSearch,
    Tensors,
    Timed,
    Trail,
    block_of,
    gc_parents,
)

__all__ = ["RetainerSearch", "find_retainers", "gc_parents", "user_locals"]

BUDGET_S = 5.0  # the whole search, all sites (the training thread waits only for the gc calls' GIL)
MAX_TENSORS = 64  # tensors per site to start the walk from
MAX_FRAMES = 64  # frames per thread read for locals

_CO_OPTIMIZED = 0x1  # a function's frame (not a module's or a class body's: those are namespaces)
# 3.13's f_locals is a write-through proxy (PEP 667); before, reading it caches a dict of strong
# references on the frame until the frame exits: the search drops what it read (user_locals)
_LOCALS_CACHED = sys.version_info < (3, 13)


def _clearable(frame: Any, refs: int) -> bool:
    """The cached locals dict of a running function frame (3.11, 3.12) may be emptied: nobody
    but the frame holds it (a `locals()` the user kept is theirs), and no Python trace or
    profile function is set (one writes the dict back into the frame after each event)."""
    if frame.f_trace is not None or sys.gettrace() is not None or sys.getprofile() is not None:
        return False
    if threading.gettrace() is not None or threading.getprofile() is not None:
        return False
    return refs <= 3  # the frame's, the reader's, getrefcount's argument


def user_locals(
    skip_thread: int | None = None, *, user: Callable[[str], bool] | None = None,
    budget: Budget | None = None, notes: list[str] | None = None,
) -> dict[int, tuple[Root, Any]]:
    """id(value) -> (Root, value) for the locals of every user function frame of every other
    thread: executing frames are not gc containers, so their locals are found here, not by the
    walk. On 3.11 and 3.12 reading `f_locals` leaves a dict of strong references on the frame
    until it exits (a local the loop drops would stay allocated): that dict is emptied again
    before returning. The caller drops the values it got before it returns."""
    is_user = user or CodeOrigin.here().is_user
    out: dict[int, tuple[Root, Any]] = {}
    kept = 0
    for tid, frame in list(sys._current_frames().items()):
        if tid == skip_thread:
            continue
        f: Any = frame
        depth = 0
        while f is not None and depth < MAX_FRAMES:
            if budget is not None:
                budget.tick()
            code = f.f_code
            if code.co_flags & _CO_OPTIMIZED and is_user(code.co_filename):
                try:
                    d = f.f_locals
                    items = list(d.items())
                    if _LOCALS_CACHED and type(d) is dict:
                        if _clearable(f, sys.getrefcount(d)):
                            dict.clear(d)
                        else:
                            kept += 1
                    d = None
                except Exception:  # noqa: BLE001 - one frame: its locals unread
                    items = []
                for k, v in items:
                    if type(k) is str and id(v) not in out:
                        out[id(v)] = (
                            Root("local", k[:80], code.co_filename, f.f_lineno, code.co_name, value=True),
                            v,
                        )
                del items
            f, depth = f.f_back, depth + 1
        del f
    if kept and notes is not None:
        notes.append(f"locals of {kept} frame(s) read while a Python tracer runs (its own dict holds them)")
    return out


def _tensors_in(
    blocks: Sequence[tuple[int, int]], tensors: Iterable[Any], reader: Tensors, budget: Budget | None = None
) -> list[tuple[int, list[Any]]]:
    """Per block index, the tensors whose storage starts inside it."""
    starts = [b[0] for b in blocks]
    hits: dict[int, list[Any]] = {}
    for t in tensors:
        if budget is not None:
            budget.tick()
        i = block_of(starts, blocks, reader.ptr(t))
        if i is not None:
            hits.setdefault(i, []).append(t)
    return sorted(hits.items())


def _python_holder(
    blocks: list[tuple[int, int]],
    tensors: list[Any],
    roots: Any,
    timed: Timed,
    budget: Budget,
    reader: Tensors,
    keep: set[int],
    keys: list[Any],
) -> Holder | None:
    """The named holder of the Python tensors in `blocks` (the biggest blocks first)."""
    held = _tensors_in(blocks, tensors, reader, budget)
    held.sort(key=lambda h: -blocks[h[0]][1])
    targets: list[Any] = []
    weights: list[int] = []
    for i, ts in held:
        for j, t in enumerate(ts):
            targets.append(t)
            weights.append(blocks[i][1] if j == 0 else 0)  # views of one storage: its bytes once
    del held, targets[MAX_TENSORS:], weights[MAX_TENSORS:]
    if not targets:
        return None
    # the search's own containers refer to the tensors too: never parents
    mine = {*keep, id(targets), id(weights), id(keys)}
    holder, _n = walk_to_holder(
        targets,
        gc_parents(mine, timed, budget),
        roots,
        weights=weights,
        max_nodes=MAX_NODES,
        deadline=budget.deadline,
        clock=budget.clock,
        keys=keys,
    )
    del targets
    return holder


def _source_line(holder: Holder, near: tuple[str, int] | None, is_user: Callable[[str], bool]) -> Holder:
    """The line that grows the holder, from the source of the site's file (or the root's)."""
    for file, line in ([near] if near else []) + ([(holder.file, holder.line or 0)] if holder.file else []):
        if not file or not is_user(file):
            continue
        lines = linecache.getlines(file)
        # an attribute chain's last part is an attribute (`.kept.append(`); a closure's is a bare name
        name = (
            holder.name
            if holder.kind in ("module_attr", "hook", "global", "local")
            else holder.name.rsplit(".")[-1]
        )
        hit = growth_line(lines, name, near=line or None)
        if hit is not None:
            return Holder(
                holder.kind, holder.name, file, hit, holder.function, holder.container, holder.bytes
            )
    return holder


def find_retainers(
    sites: Sequence[tuple[Sequence[tuple[int, int]], tuple[str, int] | None]],
    *,
    torch: Any,
    modules: Mapping[str, Any] | None = None,
    budget_s: float = BUDGET_S,
    clock: Callable[[], float] = time.monotonic,
    cuda: bool = True,
    user: Callable[[str], bool] | None = None,
) -> RetainerSearch:
    """For each site (its live blocks' (address, size), and its user frame (file, line)), the
    holder of the tensors in those blocks. Never raises, never runs the objects' code, returns
    within `budget_s` (a site the budget cut short has no holder and a note), and keeps no
    reference to what it read. `cuda`: only CUDA tensors (False: any device, for CPU tests)."""
    out = RetainerSearch()
    t0 = clock()
    budget = Budget(t0 + budget_s, clock)
    timed = Timed(out)
    reader = Tensors(torch, cuda)
    mods = sys.modules if modules is None else modules
    is_user = user or CodeOrigin.here(mods).is_user
    tensors: list[Any] = []
    grad_roots: list[Any] = []
    local_values: dict[int, tuple[Root, Any]] = {}
    keys_of: list[list[Any]] = [[] for _ in sites]
    try:
        objs = timed(gc.get_objects)
        every = reader.only_exact(objs)  # type(o), never isinstance: no __class__ read
        del objs
        # Strong references only to tensors in the sites' blocks (kept alive by the leak anyway):
        # a reference to the training step's temporaries would keep their memory for the search.
        in_sites = sorted(b for blocks_raw, _ in sites for b in blocks_raw)
        tensors = [t for _, ts in _tensors_in(in_sites, every, reader, budget) for t in ts]
        grad_roots = with_graph(every, budget)
        del every
        local_values = user_locals(threading.get_ident(), user=is_user, budget=budget, notes=out.notes)
        roots = python_roots(
            mods,
            local_values,
            skip_module=lambda n: n == "gpumemd" or n.startswith("gpumemd."),
            deadline=budget.deadline,
            clock=clock,
        )
        graph_budget = [MAX_GRAPH_TOTAL]
        mine = {id(tensors), id(grad_roots), id(local_values), id(keys_of)}
        mine.update(id(v) for v in local_values.values())

        def named() -> list[tuple[Root, Any]]:
            """Tensors heading a graph under a name: the user's globals read now (the loop may
            have rebound one since the search began), the user frames' locals read above."""
            got = module_globals(mods, reader.graph_head, user=is_user, deadline=budget.deadline, clock=clock)
            return got + [(r, v) for r, v in local_values.values() if reader.graph_head(v)]

        for idx, (blocks_raw, near) in enumerate(sites):
            if budget.over():
                out.notes.append(f"retainer search stopped at its time budget ({budget_s:g} s): "
                                 f"{len(sites) - idx} site(s) without a holder")
                break
            trail = Trail()
            try:
                holder = _site_holder(
                    sorted(blocks_raw), tensors, grad_roots, roots, timed, budget, reader, mine, keys_of[idx],
                    graph_budget, named, trail,
                )
            except OutOfTime:
                out.notes.append(f"retainer search stopped at its time budget ({budget_s:g} s), "
                                 f"site {idx + 1}; " + trail.note(idx + 1))
                break
            except Exception as exc:  # noqa: BLE001 - one site's failure costs that site only
                out.notes.append(f"retainer search failed for site {idx + 1}: {type_name(type(exc))}")
                continue
            if holder is not None:
                out.holders[idx] = _source_line(holder, near, is_user)
            else:  # never silent: what was tried, and why it named nothing
                out.notes.append(trail.note(idx + 1))
        out.caused_by = _causes(sites, keys_of, reader)
        if reader.subclassed:
            out.notes.append(f"{reader.subclassed} tensor-subclass object(s) not read (their code would run)")
        if reader.hooked:
            out.notes.append(f"{reader.hooked} saved tensor(s) behind a saved_tensors_hooks unpack "
                             "hook not read (the hook would run)")
    except OutOfTime:
        out.notes.append(f"retainer search stopped at its time budget ({budget_s:g} s)")
    except Exception as exc:  # noqa: BLE001 - never into the caller: a note in the report
        out.notes.append(f"retainer search failed: {type_name(type(exc))}")
    finally:
        # drop every reference read (the locals above all): nothing the loop frees stays alive
        tensors.clear()
        grad_roots.clear()
        local_values.clear()
        keys_of.clear()
        out.seconds = clock() - t0
    return out


def _site_holder(
    blocks: list[tuple[int, int]], tensors: list[Any], grad_roots: list[Any], roots: Any, timed: Timed,
    budget: Budget, reader: Tensors, mine: set[int], keys: list[Any], graph_budget: list[int],
    named: Callable[[], list[tuple[Root, Any]]], trail: Trail,
) -> Holder | None:
    total = sum(b[1] for b in blocks)
    trail.blocks, trail.total = len(blocks), total
    saved0, unreadable0, nodes0 = reader.saved, reader.unreadable.copy(), graph_budget[0]
    # A Python holder holds at most the blocks Python tensors lie in (`visible`). The graphs are
    # walked first (cheap: few tensors have a live graph at a step's end); where one saves at
    # least that much, no Python walk can win and its heap scans are skipped.
    visible = sum(blocks[i][1] for i, _ in _tensors_in(blocks, tensors, reader, budget))
    trail.visible = visible
    try:
        best, node, best_n = graph_holder(blocks, grad_roots, graph_budget, reader, budget, trail, named)
    finally:
        trail.saved = reader.saved - saved0
        trail.unreadable = dict(reader.unreadable - unreadable0)
        trail.nodes = nodes0 - graph_budget[0]
        trail.out_of_nodes = graph_budget[0] <= 0
    trail.graph_bytes = best_n
    holder = None
    if node is None or best_n < visible:
        trail.python_walk = True
        holder = _python_holder(blocks, tensors, roots, timed, budget, reader, keep=mine, keys=keys)
        held = holder.bytes if holder is not None else 0
        # most of the bytes lead to no named Python holder: saved for backward by a graph?
        # (a saved activation may have a Python object torch keeps for it, held by nothing)
        if node is None or best_n <= held or held * 2 >= total:
            return holder
    # Named top-down first: the user's globals read now and the user frames' locals, the one
    # whose graph reaches the chosen head. The loop goes on during the search: `total = total
    # + val` may rebind the global between any two heap scans, so a walk up from a tensor
    # object read earlier can find it held by nobody.
    candidates = named()
    trail.named = len(candidates)
    root = named_reaching(node, candidates, budget)
    del candidates
    if root is not None:
        return Holder("autograd", root.name, root.file, root.line, root.function, "Tensor", best_n)
    found = name_tensor(best, roots, timed, budget, mine, keys, best_n) if best is not None else None
    best = None
    if found is None:
        # the loop went on during the search: `total = total + val` rebound the accumulator,
        # and the tensor chosen is now held only inside the newer one's graph
        newer = tensor_reaching(node, timed, budget, reader)
        if newer is not None:
            found = name_tensor(newer, roots, timed, budget, mine, keys, best_n)
        newer = None
    node = None
    if found is None:
        return holder
    return Holder("autograd", found.name, found.file, found.line, found.function, "Tensor", best_n)


def _causes(
    sites: Sequence[tuple[Sequence[tuple[int, int]], Any]], keys_of: list[list[Any]], reader: Tensors
) -> dict[int, int]:
    """Site -> the site whose tensors key the dicts on its holder's path: state created for
    another site's tensors (an optimizer's state for parameters added each step) grows
    because that site grows; that site is the root."""
    spans = sorted((a, a + n, i) for i, (blocks, _) in enumerate(sites) for a, n in blocks)
    starts = [s[0] for s in spans]
    out: dict[int, int] = {}
    for idx, keys in enumerate(keys_of):
        for k in keys:
            if not reader.exact(k):
                continue
            p = reader.ptr(k)
            if p is None:
                continue
            j = bisect.bisect_right(starts, p) - 1
            if j >= 0 and p < spans[j][1] and spans[j][2] != idx:
                out[idx] = spans[j][2]
                break
    return out
