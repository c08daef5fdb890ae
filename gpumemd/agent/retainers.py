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
import collections
import gc
import linecache
import sys
import threading
import time
import types
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpumemd.diagnosis.codeorigin import CodeOrigin
from gpumemd.diagnosis.oom import human_bytes
from gpumemd.diagnosis.retainers import (
    Holder,
    Root,
    growth_line,
    module_globals,
    python_roots,
    walk_to_holder,
)

__all__ = ["RetainerSearch", "find_retainers", "gc_parents", "user_locals"]

BUDGET_S = 5.0  # the whole search, all sites (the training thread waits only for the gc calls' GIL)
MAX_NODES = 20_000
MAX_GRAPH_NODES = 50_000  # grad_fn nodes visited per root
MAX_GRAPH_TOTAL = 400_000  # grad_fn nodes visited per search
MAX_TENSORS = 64  # tensors per site to start the walk from
MAX_FRAMES = 64  # frames per thread read for locals

_FRAME = types.FrameType
_CO_OPTIMIZED = 0x1  # a function's frame (not a module's or a class body's: those are namespaces)
# 3.13's f_locals is a write-through proxy (PEP 667); before, reading it caches a dict of strong
# references on the frame until the frame exits: the search drops what it read (user_locals)
_LOCALS_CACHED = sys.version_info < (3, 13)


class OutOfTime(Exception):
    """The search's wall-clock budget ran out inside a loop: that branch is abandoned."""


@dataclass
class RetainerSearch:
    """The outcome: a holder per site (index into the report's sites), and what it cost."""

    holders: dict[int, Holder] = field(default_factory=dict)
    seconds: float = 0.0
    gil_max_s: float = 0.0  # the longest single gc call (the training thread waits for it)
    gil_total_s: float = 0.0
    heap_scans: int = 0  # gc calls over the whole heap (each holds the GIL through it)
    notes: list[str] = field(default_factory=list)
    # site index -> index of the site whose tensors key the holder's state (state created for them)
    caused_by: dict[int, int] = field(default_factory=dict)


@dataclass
class _Trail:
    """What the search tried for one site, for the note when it names nothing."""

    blocks: int = 0
    total: int = 0
    visible: int = 0  # bytes of the blocks Python tensors lie in
    python_walk: bool = False  # the walk up from those tensors ran
    heads: int = 0  # tensors heading an autograd graph
    top: int = 0  # of them, those no other one's graph reaches
    died: int = 0  # of those, the ones whose tensor died before the walk (rebound by the loop)
    nodes: int = 0  # graph nodes walked
    saved: int = 0  # saved values read
    unreadable: dict[str, int] = field(default_factory=dict)
    graph_bytes: int = 0  # of the blocks, those the best graph saves
    named: int = 0  # named tensors (user globals read at the naming, user locals) checked against the graph
    out_of_nodes: bool = False

    def note(self, site: int) -> str:
        """Why site `site` (1-based) has no holder: what was tried, what each step found."""
        head = (f"site {site}: no holder named for {human_bytes(self.total)} in {self.blocks} block(s): "
                f"{human_bytes(self.visible)} lie in tensors Python sees")
        if self.python_walk and self.visible:
            head += " (the walk up from them met no named holder)"
        graphs = (f"; {self.heads} tensor(s) head an autograd graph ({self.top} not inside another's, "
                  f"{self.died} of those died before their walk), {self.nodes} graph node(s) walked "
                  f"with the named ones, {self.saved} saved tensor(s) read")
        if self.unreadable:
            graphs += " (unreadable: " + ", ".join(f"{n} {k}" for k, n in sorted(self.unreadable.items()))
            graphs += ")"
        if self.out_of_nodes:
            graphs += ", the graph node budget ran out"
        if not self.graph_bytes:
            why = ": no graph saves these blocks"
        else:
            why = (f": one graph saves {human_bytes(self.graph_bytes)} of them, but none of {self.named} "
                   "named tensor(s) reaches it and the heap walk from its tensor met no named holder")
        return (head + graphs + why)[:600]


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
            self.out.heap_scans += 1


class _Budget:
    """The deadline, checked inside every loop (`tick`) of the search."""

    def __init__(self, deadline: float, clock: Callable[[], float]) -> None:
        self.deadline, self.clock = deadline, clock
        self._n = 0

    def over(self) -> bool:
        return self.clock() > self.deadline

    def tick(self) -> None:
        self._n += 1
        if self._n % 64 == 0 and self.clock() > self.deadline:
            raise OutOfTime


def gc_parents(exclude: set[int], timed: Callable[..., Any] | None = None, budget: _Budget | None = None
               ) -> Callable[[list[Any]], Iterable[tuple[Any, Any]]]:
    """`parents` for walk_to_holder over the real heap: one `gc.get_referrers` scan per level;
    the walk's own containers (`exclude` ids) and frames are never parents."""
    call = timed or (lambda fn, *a: fn(*a))

    def parents(frontier: list[Any]) -> Iterable[tuple[Any, Any]]:
        ids = {id(o): o for o in frontier}
        mine = exclude | {id(frontier), id(ids)}
        refs = call(gc.get_referrers, *frontier)
        out = []
        for r in refs:
            if budget is not None:
                budget.tick()
            if id(r) in mine or type(r) is _FRAME:
                continue
            for c in gc.get_referents(r):
                if id(c) in ids:
                    out.append((r, c))
        del refs
        return out

    return parents


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
    budget: _Budget | None = None, notes: list[str] | None = None,
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


class _Tensors:
    """Reads tensors of the exact torch types only (Tensor, Parameter): a subclass's
    `__torch_function__` runs on every attribute it has, so its instances are never read."""

    def __init__(self, torch: Any, cuda: bool) -> None:
        kinds = [torch.Tensor]
        param = getattr(getattr(torch, "nn", None), "Parameter", None)  # torch's own module
        if type(param) is type or isinstance(param, type):
            kinds.append(param)
        self.kinds = tuple(k for k in kinds if isinstance(k, type))
        self.cuda = cuda
        self.subclassed = 0  # tensor subclass instances met (not read)
        self.hooked = 0  # saved tensors behind a saved_tensors_hooks unpack hook (not read)
        self.saved = 0  # saved values read from graph nodes
        self.unreadable: collections.Counter[str] = collections.Counter()  # saved values whose read raised

    def graph_head(self, o: Any) -> bool:
        """An exact tensor heading an autograd graph (`grad_fn`, torch's own getset)."""
        if type(o) not in self.kinds:
            return False
        try:
            return o.grad_fn is not None
        except Exception:  # noqa: BLE001
            return False

    def exact(self, o: Any) -> bool:
        t = type(o)
        if t in self.kinds:
            return True
        if self.kinds and issubclass(t, self.kinds[0]):
            self.subclassed += 1
        return False

    def only_exact(self, objs: list[Any]) -> list[Any]:
        """The exact tensors among `objs` (a heap's worth): one C-level count of the types, the
        subclass test once per type, not once per object."""
        kinds = self.kinds
        if not kinds:
            return []
        counted = collections.Counter(map(type, objs))
        self.subclassed += sum(n for t, n in counted.items() if t not in kinds and issubclass(t, kinds[0]))
        return [o for o in objs if type(o) in kinds]

    def ptr(self, t: Any) -> int | None:
        """The storage address of an exact tensor (on CUDA unless `cuda` is off)."""
        try:
            if self.cuda and not t.is_cuda:
                return None
            p = t.untyped_storage().data_ptr()
        except Exception:  # noqa: BLE001 - a tensor without storage (meta, sparse)
            return None
        return p if type(p) is int else None


def _block_of(starts: Sequence[int], blocks: Sequence[tuple[int, int]], ptr: int | None) -> int | None:
    """The index of the block (sorted (address, size); `starts` their addresses) that `ptr`
    lies in, or None."""
    if ptr is None:
        return None
    i = bisect.bisect_right(starts, ptr) - 1
    return i if i >= 0 and ptr < blocks[i][0] + blocks[i][1] else None


def _tensors_in(
    blocks: Sequence[tuple[int, int]], tensors: Iterable[Any], reader: _Tensors, budget: _Budget | None = None
) -> list[tuple[int, list[Any]]]:
    """Per block index, the tensors whose storage starts inside it."""
    starts = [b[0] for b in blocks]
    hits: dict[int, list[Any]] = {}
    for t in tensors:
        if budget is not None:
            budget.tick()
        i = _block_of(starts, blocks, reader.ptr(t))
        if i is not None:
            hits.setdefault(i, []).append(t)
    return sorted(hits.items())


def _saved_names(node: Any, cache: dict[type, list[str]]) -> list[str]:
    """The `_saved_*` attributes of an autograd node's type (from the type's own namespaces)."""
    t = type(node)
    names = cache.get(t)
    if names is None:
        names = []
        try:
            for k in type.__dict__["__mro__"].__get__(t, type):
                names += [a for a in type.__dict__["__dict__"].__get__(k, type) if a.startswith("_saved_")]
        except Exception:  # noqa: BLE001
            names = []
        cache[t] = names
    return names


_MISSING = object()


def _saved_value(node: Any, name: str, reader: _Tensors) -> Any:
    """The tensor(s) an autograd node saved as `name`, without running a user's unpack hook:
    through `_raw<name>` (torch's SavedTensor: its `unpack_hook` and `data` are read, never
    called), a saved tensor behind a hook counted in `reader.hooked` and left out. A torch whose
    SavedTensor has no `unpack_hook` is read through the unpacking getter (its hooks would run)."""
    raw = getattr(node, "_raw" + name, None)  # a C getset of torch's autograd node
    if raw is None:
        return getattr(node, name)  # a C getset: unpacks the saved tensor
    items = raw if type(raw) in (tuple, list) else (raw,)
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
    reader: _Tensors, clock: _Budget, seen: set[int],
) -> int:
    """Bytes of `blocks` that tensors saved in `root`'s grad_fn graph lie in (bounded walk);
    `seen`: the nodes this walk visited (a root met in another root's graph holds a part of it)."""
    matched: set[int] = set()
    stack = [root.grad_fn]
    attrs: dict[type, list[str]] = {}
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
                for t in v if type(v) in (tuple, list) else (v,):
                    reader.saved += 1
                    i = _block_of(starts, blocks, reader.ptr(t)) if reader.exact(t) else None
                    if i is not None:
                        matched.add(i)
                del v
            except Exception as exc:  # noqa: BLE001 - freed by a backward (nothing saved)
                reader.unreadable[type(exc).__name__] += 1
                continue
        try:
            stack.extend(fn for fn, _ in node.next_functions)
        except Exception:  # noqa: BLE001
            pass
    return sum(blocks[i][1] for i in matched)


def _python_holder(
    blocks: list[tuple[int, int]],
    tensors: list[Any],
    roots: Any,
    timed: _Timed,
    budget: _Budget,
    reader: _Tensors,
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


def _top_roots(
    grad_roots: list[Any], graph_budget: list[int], budget: _Budget, trail: _Trail | None = None
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


def _graph_holder(
    blocks: list[tuple[int, int]], grad_roots: list[Any], graph_budget: list[int],
    reader: _Tensors, budget: _Budget, trail: _Trail | None = None,
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
    budget = _Budget(t0 + budget_s, clock)
    timed = _Timed(out)
    reader = _Tensors(torch, cuda)
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
        grad_roots = _with_graph(every, budget)
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
            trail = _Trail()
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
                out.notes.append(f"retainer search failed for site {idx + 1}: {type(exc).__name__}")
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
        out.notes.append(f"retainer search failed: {type(exc).__name__}")
    finally:
        # drop every reference read (the locals above all): nothing the loop frees stays alive
        tensors.clear()
        grad_roots.clear()
        local_values.clear()
        keys_of.clear()
        out.seconds = clock() - t0
    return out


def _site_holder(
    blocks: list[tuple[int, int]], tensors: list[Any], grad_roots: list[Any], roots: Any, timed: _Timed,
    budget: _Budget, reader: _Tensors, mine: set[int], keys: list[Any], graph_budget: list[int],
    named: Callable[[], list[tuple[Root, Any]]], trail: _Trail,
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
        best, node, best_n = _graph_holder(blocks, grad_roots, graph_budget, reader, budget, trail, named)
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
    root = _named_reaching(node, candidates, budget)
    del candidates
    if root is not None:
        return Holder("autograd", root.name, root.file, root.line, root.function, "Tensor", best_n)
    found = _name_tensor(best, roots, timed, budget, mine, keys, best_n) if best is not None else None
    best = None
    if found is None:
        # the loop went on during the search: `total = total + val` rebound the accumulator,
        # and the tensor chosen is now held only inside the newer one's graph
        newer = _tensor_reaching(node, timed, budget, reader)
        if newer is not None:
            found = _name_tensor(newer, roots, timed, budget, mine, keys, best_n)
        newer = None
    node = None
    if found is None:
        return holder
    return Holder("autograd", found.name, found.file, found.line, found.function, "Tensor", best_n)


def _reaches(head: Any, node: Any, graph_budget: list[int], budget: _Budget) -> bool:
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


def _named_reaching(node: Any, candidates: list[tuple[Root, Any]], budget: _Budget) -> Root | None:
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


def _name_tensor(
    t: Any, roots: Any, timed: _Timed, budget: _Budget, mine: set[int], keys: list[Any], weight: int
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


def _with_graph(tensors: Iterable[Any], budget: _Budget) -> list[Any]:
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


def _tensor_reaching(node: Any, timed: _Timed, budget: _Budget, reader: _Tensors) -> Any:
    """A tensor alive now whose graph reaches the autograd `node` (bounded; None if none)."""
    objs = timed(gc.get_objects)
    fresh = _with_graph((o for o in objs if type(o) in reader.kinds), budget)
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


def _causes(
    sites: Sequence[tuple[Sequence[tuple[int, int]], Any]], keys_of: list[list[Any]], reader: _Tensors
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
