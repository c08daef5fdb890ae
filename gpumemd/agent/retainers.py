"""What keeps the leak finder's growing blocks alive, in this process: the live tensors whose
storage lies in those blocks (found with `gc.get_objects()`), or, for memory no Python tensor
owns, the tensors whose autograd graph saves tensors in them (a loss accumulated with its
graph); then a walk up `gc.get_referrers` to the first named holder (gpumemd/diagnosis/retainers.py).

Runs on the leak finder's thread after the last snapshot, never on the training thread. The
gc calls hold the GIL for one heap scan each (the training thread waits that long): the walk
does one scan per level, the search is bounded by a deadline and a node budget, and the
longest single hold and their sum are measured and reported (`gil_max_s`, `gil_total_s`).
Never raises: a failure is a note in the report.
"""

from __future__ import annotations

import bisect
import gc
import linecache
import re
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpumemd.diagnosis.leak import DEFAULT_SKIP
from gpumemd.diagnosis.retainers import Holder, Root, growth_line, python_roots, walk_to_holder

__all__ = ["RetainerSearch", "find_retainers", "gc_parents", "user_locals"]

BUDGET_S = 5.0  # the whole search, all sites (the training thread waits only for the gc calls' GIL)
MAX_NODES = 20_000
MAX_GRAPH_NODES = 20_000  # grad_fn nodes visited per search
MAX_TENSORS = 64  # tensors per site to start the walk from


@dataclass
class RetainerSearch:
    """The outcome: a holder per site (index into the report's sites), and what it cost."""

    holders: dict[int, Holder] = field(default_factory=dict)
    seconds: float = 0.0
    gil_max_s: float = 0.0  # the longest single gc call (the training thread waits for it)
    gil_total_s: float = 0.0
    notes: list[str] = field(default_factory=list)


class _Timed:
    """Wraps the GIL-holding gc calls to measure them."""

    def __init__(self, out: RetainerSearch) -> None:
        self.out = out

    def __call__(self, fn: Callable[..., Any], *args: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args)
        finally:
            dt = time.perf_counter() - t0
            self.out.gil_max_s = max(self.out.gil_max_s, dt)
            self.out.gil_total_s += dt


def gc_parents(exclude: set[int], timed: Callable[..., Any] | None = None
               ) -> Callable[[list[Any]], Iterable[tuple[Any, Any]]]:
    """`parents` for walk_to_holder over the real heap: one `gc.get_referrers` scan per level;
    the walk's own containers (`exclude` ids) and frames are never parents."""
    call = timed or (lambda fn, *a: fn(*a))

    def parents(frontier: list[Any]) -> Iterable[tuple[Any, Any]]:
        ids = {id(o): o for o in frontier}
        mine = exclude | {id(frontier)}
        refs = call(gc.get_referrers, *frontier)
        out = []
        for r in refs:
            if id(r) in mine or isinstance(r, type(sys._getframe())):
                continue
            for c in gc.get_referents(r):
                if id(c) in ids:
                    out.append((r, c))
        return out

    return parents


_SKIP = [re.compile(p) for p in DEFAULT_SKIP]


def _user_file(name: str) -> bool:
    return not any(p.search(name) for p in _SKIP)


def user_locals(skip_thread: int | None = None) -> dict[int, tuple[Root, Any]]:
    """id(value) -> (Root, value) for the locals of every user frame of every other thread:
    executing frames are not gc containers, so their locals are found here, not by the walk."""
    out: dict[int, tuple[Root, Any]] = {}
    for tid, frame in list(sys._current_frames().items()):
        if tid == skip_thread:
            continue
        f: Any = frame
        depth = 0
        while f is not None and depth < 64:
            code = f.f_code
            if _user_file(code.co_filename) and f.f_locals is not f.f_globals:  # module level: a global
                for k, v in list(f.f_locals.items()):
                    if isinstance(k, str) and id(v) not in out:
                        out[id(v)] = (
                            Root("local", k[:80], code.co_filename, f.f_lineno, code.co_name, value=True),
                            v,
                        )
            f, depth = f.f_back, depth + 1
    return out


def _tensors_in(
    blocks: Sequence[tuple[int, int]], tensors: Iterable[Any], cuda: bool = True
) -> list[tuple[int, list[Any]]]:
    """Per block index, the tensors whose storage starts inside it."""
    starts = [b[0] for b in blocks]
    hits: dict[int, list[Any]] = {}
    for t in tensors:
        try:
            if cuda and not t.is_cuda:
                continue
            ptr = t.untyped_storage().data_ptr()
        except Exception:
            continue
        i = bisect.bisect_right(starts, ptr) - 1
        if i >= 0 and ptr < blocks[i][0] + blocks[i][1]:
            hits.setdefault(i, []).append(t)
    return sorted(hits.items())


def _saved_in(
    root: Any, starts: list[int], blocks: Sequence[tuple[int, int]], budget: list[int], cuda: bool = True
) -> int:
    """Bytes of `blocks` that tensors saved in `root`'s grad_fn graph lie in (bounded walk)."""
    matched: set[int] = set()
    stack = [root.grad_fn]
    seen: set[int] = set()
    attrs: dict[type, list[str]] = {}
    while stack and budget[0] > 0:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        budget[0] -= 1
        names = attrs.get(type(node))
        if names is None:
            names = attrs[type(node)] = [a for a in dir(node) if a.startswith("_saved_")]
        for a in names:
            try:
                v = getattr(node, a)
                for t in v if isinstance(v, (tuple, list)) else (v,):
                    if not hasattr(t, "untyped_storage") or (cuda and not getattr(t, "is_cuda", False)):
                        continue
                    p = t.untyped_storage().data_ptr()
                    i = bisect.bisect_right(starts, p) - 1
                    if i >= 0 and p < blocks[i][0] + blocks[i][1]:
                        matched.add(i)
            except Exception:  # freed by a backward (nothing saved), or a tensor without storage
                continue
        try:
            stack.extend(fn for fn, _ in node.next_functions)
        except Exception:
            pass
    return sum(blocks[i][1] for i in matched)


def _python_holder(
    blocks: list[tuple[int, int]],
    tensors: list[Any],
    roots: Any,
    timed: _Timed,
    deadline: float,
    clock: Callable[[], float],
    cuda: bool,
    keep: set[int],
) -> Holder | None:
    """The named holder of the Python tensors in `blocks` (the biggest blocks first)."""
    held = _tensors_in(blocks, tensors, cuda)
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
    mine = {*keep, id(targets), id(weights)}
    holder, _n = walk_to_holder(
        targets,
        gc_parents(mine, timed),
        roots,
        weights=weights,
        max_nodes=MAX_NODES,
        deadline=deadline,
        clock=clock,
    )
    return holder


def _source_line(holder: Holder, near: tuple[str, int] | None) -> Holder:
    """The line that grows the holder, from the source of the site's file (or the root's)."""
    for file, line in ([near] if near else []) + ([(holder.file, holder.line or 0)] if holder.file else []):
        if not file or not _user_file(file):
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
) -> RetainerSearch:
    """For each site (its live blocks' (address, size), and its user frame (file, line)), the
    holder of the tensors in those blocks. Never raises. `cuda`: only CUDA tensors (False:
    any device, for tests on a CPU)."""
    out = RetainerSearch()
    t0 = clock()
    deadline = t0 + budget_s
    timed = _Timed(out)
    try:
        objs = timed(gc.get_objects)
        kind = torch.Tensor  # type(o), not isinstance: a proxy object's __class__ can warn or raise
        every = [o for o in objs if issubclass(type(o), kind)]
        del objs
        # Strong references only to tensors in the sites' blocks (kept alive by the leak anyway):
        # a reference to the training step's temporaries would keep their memory for the search.
        in_sites = sorted(b for blocks_raw, _ in sites for b in blocks_raw)
        tensors = [t for _, ts in _tensors_in(in_sites, every, cuda) for t in ts]
        grad_roots = [weakref.ref(t) for t in every if getattr(t, "grad_fn", None) is not None]
        del every
        local_values = user_locals(skip_thread=threading.get_ident())
        roots = python_roots(
            modules if modules is not None else sys.modules,
            local_values,
            skip_module=lambda n: n == "gpumemd" or n.startswith("gpumemd."),
        )
        graph_budget = [MAX_GRAPH_NODES]
        for idx, (blocks_raw, near) in enumerate(sites):
            if clock() > deadline:
                out.notes.append("retainer search stopped at its time budget")
                break
            blocks = sorted(blocks_raw)
            holder = _python_holder(
                blocks,
                tensors,
                roots,
                timed,
                deadline,
                clock,
                cuda,
                keep={id(tensors), id(grad_roots), id(local_values), *(id(v) for v in local_values.values())},
            )
            held = holder.bytes if holder is not None else 0
            if held * 2 < sum(b[1] for b in blocks) and clock() < deadline:
                # most of the bytes lead to no named Python holder: saved for backward by a graph?
                # (a saved activation may have a Python object torch keeps for it, held by nothing)
                starts = [b[0] for b in blocks]
                best, best_n = None, held
                for ref in grad_roots:
                    r = ref()
                    n = _saved_in(r, starts, blocks, graph_budget, cuda) if r is not None else 0
                    if n > best_n:
                        best, best_n = r, n
                    r = None
                if best is not None:
                    targets = [best]
                    mine = {
                        id(targets),
                        id(tensors),
                        id(grad_roots),
                        id(local_values),
                        *(id(v) for v in local_values.values()),
                    }
                    found, _n = walk_to_holder(
                        targets,
                        gc_parents(mine, timed),
                        roots,
                        weights=[best_n],
                        max_nodes=MAX_NODES,
                        deadline=deadline,
                        clock=clock,
                    )
                    if found is not None:
                        holder = Holder(
                            "autograd", found.name, found.file, found.line, found.function, "Tensor", best_n
                        )
                    del targets
                best = None
            if holder is not None:
                out.holders[idx] = _source_line(holder, near)
    except Exception as exc:  # never into the caller: a note in the report
        out.notes.append(f"retainer search failed: {type(exc).__name__}")
    finally:
        out.seconds = clock() - t0
    return out
