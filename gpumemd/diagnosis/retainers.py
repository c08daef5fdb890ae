"""What keeps leaking memory alive: a bounded walk up an object graph from the objects that
own leaking blocks (tensors) to the first *named* holder: a local of a user frame, a module
global, a closure cell, or an attribute chain below one of these (an nn.Module attribute is
`model.kept`, a hook's closure is `hook.<cell>`).

Pure over an abstract graph: `parents(frontier)` yields (parent, child) edges one level up
(the agent implements it with one `gc.get_referrers` heap scan per level); `roots` names the
objects that are roots (module globals' dicts, user frames' locals). The naming of an edge
(`edge_label`) is plain Python: dict keys, instance attributes, list items, closure cells.
The agent side (gpumemd/agent/retainers.py) finds the tensors and the roots.

`growth_line` finds, in source lines, the line that grows a named holder (`NAME.append(`,
`NAME[...] =`, `NAME = NAME +`, `NAME +=`), so the answer can say where it grew.
"""

from __future__ import annotations

import re
import time
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "MAX_NAME",
    "Holder",
    "Root",
    "edge_label",
    "growth_line",
    "holder_path",
    "python_roots",
    "walk_to_holder",
]

MAX_NAME = 200  # characters of a holder's name in reports and series
MAX_DEPTH = 12


@dataclass(frozen=True)
class Root:
    """A named root: `kind` is local, global or closure; where it lives."""

    kind: str
    name: str
    file: str | None = None
    line: int | None = None
    function: str | None = None
    value: bool = False  # the object is the root's value (a local), not its container (globals, a closure)


@dataclass(frozen=True)
class Holder:
    """The named object keeping leaking memory alive. `kind`: local, global, module_attr,
    closure, hook, autograd (a tensor whose grad_fn graph holds the memory) or attr."""

    kind: str
    name: str
    file: str | None = None
    line: int | None = None  # the line that grows it when found in the source, else the root's line
    function: str | None = None
    container: str = ""  # the holder's type: list, dict, Tensor, …
    bytes: int = 0  # of the site's blocks, those it keeps (as far as the walk saw)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "file": self.file,
            "line": self.line,
            "function": self.function,
            "type": self.container,
            "bytes": self.bytes,
        }

    def human(self) -> str:
        where = f" at {self.file.rsplit('/', 1)[-1]}:{self.line}" if self.file and self.line else ""
        return f"held by {self.kind.replace('_', ' ')} `{self.name}`{where}"


def _is_module(obj: Any) -> bool:
    """An nn.Module without importing torch: its instance dict has `_modules` and `_parameters`."""
    d = getattr(obj, "__dict__", None)
    return isinstance(d, dict) and "_modules" in d and "_parameters" in d


def edge_label(parent: Any, child: Any) -> str | None:
    """How `parent` refers to `child`: `.name` (attribute or instance dict), `[key]`, `[]`
    (an item of a list/tuple/set), `<cell>`; None when it cannot say (an opaque C object)."""
    try:
        if isinstance(parent, dict):
            for k, v in parent.items():
                if v is child:
                    return (
                        f".{k}"
                        if isinstance(k, str) and (k.isidentifier() or k.isdigit())
                        else f"[{_key(k)}]"
                    )
            return None
        if isinstance(parent, (list, tuple, set, frozenset)):
            return "[]"
        if isinstance(parent, types.CellType):
            return ""  # the function's closure names the cell
        if isinstance(parent, types.FunctionType):
            if parent.__closure__ is child:
                return ""  # the closure: python_roots names the cell
            return None
        d = getattr(parent, "__dict__", None)
        if isinstance(d, dict):
            if d is child:
                return ""  # the instance dict: its key is the attribute
            for k, v in d.items():
                if v is child:
                    return f".{k}"
    except Exception:  # a hostile __eq__/__getattr__ on a user object: no label
        return None
    return None


def _key(k: Any) -> str:
    if isinstance(k, (int, str)):
        return repr(k)[:40]
    return "…"


@dataclass
class _Node:
    obj: Any
    child: _Node | None  # the node one step nearer to the leak
    label: str  # how `obj` refers to `child.obj`
    weight: int = 0  # bytes of the targets it leads to


def holder_path(labels: Sequence[str]) -> str:
    """The dotted name of a path of labels root-first: `model` `._modules` `.h` `[]` → `model.h`
    (an nn.Module's `_modules`/`_parameters`/`_buffers` and `.__dict__` are dropped, and a
    trailing item of a container is left out: the holder is the container)."""
    out = [lb for lb in labels if lb not in ("._modules", "._parameters", "._buffers", ".__dict__", "")]
    while len(out) > 1 and out[-1].startswith("["):
        out.pop()
    return "".join(out)[:MAX_NAME]


Parents = Callable[[list[Any]], Iterable[tuple[Any, Any]]]
Roots = Callable[[Any, Any, Any], "Root | None"]


def walk_to_holder(
    targets: Sequence[Any],
    parents: Parents,
    roots: Roots,
    *,
    weights: Sequence[int] | None = None,
    skip: Callable[[Any], bool] = lambda o: False,
    max_nodes: int = 20_000,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[Holder | None, int]:
    """Breadth-first up from `targets` to the roots that hold them; the holder of the most
    bytes (`weights`: each target's, default 1), named by its path. The walk goes on until the
    roots found hold half the bytes: a small tensor that took a freed block's place (a local
    `loss`) must not hide the list that holds the rest. Bounded by `max_nodes` visited and
    `deadline` (on `clock`); (None, visited) when neither finds one.
    `roots(obj, child, below)`: a Root when `obj` is one (a local's value: `child` is None) or
    holds one (a module's globals dict: the name bound to `child`; a function whose closure
    tuple is `child`: the free variable whose cell is `below`)."""
    seen: dict[int, _Node] = {}
    frontier: list[_Node] = []
    found: list[tuple[Root, _Node]] = []
    for i, t in enumerate(targets):
        w = weights[i] if weights is not None and i < len(weights) else 1
        if id(t) in seen:
            seen[id(t)].weight += w
            continue
        seen[id(t)] = n = _Node(t, None, "", w)
        root = roots(t, None, None)
        if root is not None:
            found.append((root, n))  # named: not walked further
        else:
            frontier.append(n)
    total = sum(n.weight for n in seen.values())
    depth = 0
    while (
        frontier
        and depth < MAX_DEPTH
        and len(seen) < max_nodes
        and 2 * sum(n.weight for _, n in found) < total
    ):
        if deadline is not None and clock() > deadline:
            break
        by_id = {id(n.obj): n for n in frontier}
        level: dict[int, _Node] = {}  # parents met at this level: more children add their weight
        nxt: list[_Node] = []
        for parent, child in parents([n.obj for n in frontier]):
            cn = by_id.get(id(child))
            if cn is None or skip(parent):
                continue
            if (pn := level.get(id(parent))) is not None:
                pn.weight += cn.weight
                continue
            if id(parent) in seen:
                continue
            label = edge_label(parent, child)
            if label is None:
                continue
            below = cn.child.obj if cn.child is not None else None
            held = roots(parent, child, below)  # a container of named roots: one root per name
            node = _Node(parent, cn, label, cn.weight)
            if held is not None:
                found.append((held, node))
                continue
            seen[id(parent)] = level[id(parent)] = node
            if (root := roots(parent, None, None)) is not None:
                found.append((root, node))
            else:
                nxt.append(node)
            if len(seen) >= max_nodes:
                break
        frontier, depth = nxt, depth + 1
    if not found:
        return None, len(seen)
    return _name(*max(found, key=lambda f: (f[1].weight, -_rank(f[0])))), len(seen)


def _rank(root: Root) -> int:
    # several roots at one depth: a user's local or global names it better than a closure
    return {"local": 0, "global": 1}.get(root.kind, 2)


def _name(root: Root, node: _Node) -> Holder:
    chain: list[Any] = []  # root-most first
    labels = [root.name]
    n: _Node | None = node if root.value else node.child
    while n is not None:
        chain.append(n.obj)
        if n.child is not None:
            labels.append(n.label)
        n = n.child
    name = holder_path(labels)
    kind = root.kind
    if any(("hooks" in lb and lb.startswith("._")) for lb in labels):
        kind = "hook"
    elif kind in ("global", "local") and any(_is_module(o) for o in chain):
        kind = "module_attr"
    container = next(
        (
            o
            for o in reversed(chain[:-1])
            if isinstance(o, (list, dict, set, tuple)) and not _is_instance_dict(o, chain)
        ),
        chain[-1] if chain else None,
    )
    return Holder(kind, name, root.file, root.line, root.function, type(container).__name__, node.weight)


def _is_instance_dict(d: Any, chain: list[Any]) -> bool:
    return any(getattr(o, "__dict__", None) is d for o in chain if o is not d)


_GROW = (
    "{n}.append(",
    "{n}.extend(",
    "{n}.insert(",
    "{n}.add(",
    "{n}.update(",
    "{n}.setdefault(",
    "{n} +=",
    "{n} = {n} +",
    "{n}[",
)


def growth_line(lines: Sequence[str], name: str, near: int | None = None) -> int | None:
    """1-based number of the line that grows `name` (its last dotted part for an attribute
    chain: `model.kept` matches `.kept.append(`), the one nearest `near` when several do."""
    base = name.rsplit(".", 1)[-1].split("[", 1)[0]
    if not base.isidentifier():
        return None
    pre = r"(?<![\w])" if "." not in name else r"\."
    pats = [re.compile(pre + re.escape(p.format(n=base)).replace(r"\ ", r"\s*")) for p in _GROW]
    sub = re.compile(pre + re.escape(base) + r"\[[^\]]*\]\s*=[^=]")
    hits = []
    for i, text in enumerate(lines[:100_000], 1):
        code = text.split("#", 1)[0]
        if any(p.search(code) for p in pats[:-1]) or sub.search(code):
            hits.append(i)
    if not hits:
        return None
    return min(hits, key=lambda i: abs(i - near)) if near is not None else hits[0]


def python_roots(
    modules: Mapping[str, Any],
    local_values: Mapping[int, tuple[Root, Any]],
    *,
    skip_module: Callable[[str], bool] = lambda name: False,
) -> Roots:
    """The roots of a Python process: module globals (`modules`: sys.modules), the locals of
    user frames (`local_values`: id(value) -> (Root, value)), closure cells of functions."""
    globals_of: dict[int, tuple[str, str | None]] = {}
    for name, mod in list(modules.items()):
        d = getattr(mod, "__dict__", None)
        if isinstance(d, dict) and isinstance(name, str) and not skip_module(name):
            f = d.get("__file__")
            globals_of[id(d)] = (name, f if isinstance(f, str) else None)

    def roots(obj: Any, child: Any, below: Any = None) -> Root | None:
        if child is None:
            hit = local_values.get(id(obj))
            return hit[0] if hit is not None and hit[1] is obj else None
        if isinstance(obj, dict) and id(obj) in globals_of:
            label = edge_label(obj, child)
            if label and label.startswith("."):
                return Root("global", label[1:], globals_of[id(obj)][1])
            return None
        if isinstance(obj, types.FunctionType) and obj.__closure__ is child:
            for var, cell in zip(obj.__code__.co_freevars, obj.__closure__, strict=False):
                if cell is below:
                    code = obj.__code__
                    return Root(
                        "closure",
                        f"{obj.__qualname__}.{var}"[:MAX_NAME],
                        code.co_filename,
                        code.co_firstlineno,
                        obj.__name__,
                    )
        return None

    return roots
