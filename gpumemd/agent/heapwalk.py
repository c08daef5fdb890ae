"""The retainer search's gear (agent/retainers.py, agent/graphwalk.py): its wall-clock budget and
the trail of what it read, an object's gc parents (one heap scan each, timed: the GIL is held
through it), and the live tensors of the process by the block their storage lies in.

Reads without touching (docs/security.md, boundary 22): types by `type()`, exact torch tensor
types only, the deadline checked inside every loop."""

from __future__ import annotations

import bisect
import collections
import gc
import itertools
import time
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpumemd.diagnosis.oom import human_bytes
from gpumemd.diagnosis.retainers import Holder

__all__ = ["FRAME", "MAX_GRAPH_TOTAL", "MAX_NODES", "Budget", "OutOfTime", "RetainerSearch", "Tensors",
           "Timed", "Trail", "block_of", "gc_parents"]

FRAME = types.FrameType
MAX_NODES = 20_000
MAX_GRAPH_TOTAL = 400_000  # grad_fn nodes visited per search


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
class Trail:
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


class Timed:
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


class Budget:
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


def gc_parents(exclude: set[int], timed: Callable[..., Any] | None = None, budget: Budget | None = None
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
            if id(r) in mine or type(r) is FRAME:
                continue
            for c in gc.get_referents(r):
                if id(c) in ids:
                    out.append((r, c))
        del refs
        return out

    return parents


class Tensors:
    """Reads tensors of the exact torch types only (Tensor, Parameter): a subclass's
    `__torch_function__` runs on every attribute it has, so its instances are never read."""

    def __init__(self, torch: Any, cuda: bool) -> None:
        kinds = [torch.Tensor]
        param = getattr(getattr(torch, "nn", None), "Parameter", None)  # torch's own module
        if type(param) is type or isinstance(param, type):
            kinds.append(param)
        self.kinds = tuple(k for k in kinds if isinstance(k, type))
        # the kinds by id (held by `kinds`: an id names one alone): `type(o) in kinds` would
        # run the __eq__ of a metaclass of the program's
        self._kind_ids = frozenset(map(id, self.kinds))
        self.cuda = cuda
        self.subclassed = 0  # tensor subclass instances met (not read)
        self.hooked = 0  # saved tensors behind a saved_tensors_hooks unpack hook (not read)
        self.saved = 0  # saved values read from graph nodes
        self.unreadable: collections.Counter[str] = collections.Counter()  # saved values whose read raised

    def exact_type(self, o: Any) -> bool:
        """`o` is of one of the exact tensor types (a subclass is not)."""
        return id(type(o)) in self._kind_ids

    def graph_head(self, o: Any) -> bool:
        """An exact tensor heading an autograd graph (`grad_fn`, torch's own getset)."""
        if id(type(o)) not in self._kind_ids:
            return False
        try:
            return o.grad_fn is not None
        except Exception:  # noqa: BLE001
            return False

    def exact(self, o: Any) -> bool:
        t = type(o)
        if id(t) in self._kind_ids:
            return True
        if self.kinds and issubclass(t, self.kinds[0]):
            self.subclassed += 1
        return False

    def only_exact(self, objs: list[Any]) -> list[Any]:
        """The exact tensors among `objs` (a heap's worth): C-level passes over the types' ids
        (never a type's hash: a metaclass's `__hash__` would run), the subclass test once per
        type, not once per object."""
        if not self.kinds:
            return []
        base, ids = self.kinds[0], self._kind_ids
        tids = list(map(id, map(type, objs)))
        by_id = dict(zip(tids, map(type, objs), strict=True))  # each type once
        subs = {i for i, t in by_id.items() if i not in ids and issubclass(t, base)}
        if subs:
            self.subclassed += sum(map(subs.__contains__, tids))
        return list(itertools.compress(objs, map(ids.__contains__, tids)))

    def ptr(self, t: Any) -> int | None:
        """The storage address of an exact tensor (on CUDA unless `cuda` is off)."""
        try:
            if self.cuda and not t.is_cuda:
                return None
            p = t.untyped_storage().data_ptr()
        except Exception:  # noqa: BLE001 - a tensor without storage (meta, sparse)
            return None
        return p if type(p) is int else None


def block_of(starts: Sequence[int], blocks: Sequence[tuple[int, int]], ptr: int | None) -> int | None:
    """The index of the block (sorted (address, size); `starts` their addresses) that `ptr`
    lies in, or None."""
    if ptr is None:
        return None
    i = bisect.bisect_right(starts, ptr) - 1
    return i if i >= 0 and ptr < blocks[i][0] + blocks[i][1] else None
