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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any, Generic, TypeVar

__all__ = [
    "MAX_NAME",
    "Holder",
    "Root",
    "TypeMemo",
    "class_namespaces",
    "edge_label",
    "growth_line",
    "holder_path",
    "module_globals",
    "own_dict",
    "own_dicts",
    "python_roots",
    "resolve_labels",
    "type_module",
    "type_name",
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


_TYPE_DICT = type.__dict__["__dict__"]  # a class's own namespace, read with type's own descriptor
_TYPE_NAME = type.__dict__["__name__"]
_TYPE_MODULE = type.__dict__["__module__"]
_TYPE_MRO = type.__dict__["__mro__"]
_MODULE_DICT = vars(types.ModuleType)["__dict__"]
V = TypeVar("V")


class TypeMemo(Generic[V]):
    """An answer per type, found by the type's id, never its hash: a dict keyed by the type, or
    `in` against types, would run a metaclass's `__hash__` or `__eq__`. The memo holds each type
    it answers for, so that id names it alone; past `bound` types it starts again."""

    def __init__(self, bound: int) -> None:
        self._bound = bound
        self._by_id: dict[int, tuple[type, V]] = {}

    def __contains__(self, t: type) -> bool:
        return id(t) in self._by_id

    def __getitem__(self, t: type) -> V:
        return self._by_id[id(t)][1]

    def __setitem__(self, t: type, value: V) -> None:
        if len(self._by_id) >= self._bound:
            self._by_id.clear()
        self._by_id[id(t)] = (t, value)


_plain_memo: TypeMemo[bool] = TypeMemo(4096)


def _type_text(descriptor: Any, t: type) -> str:
    """What type's own `descriptor` reads of `t` where it is a str, else "?" (a metaclass's code
    never runs)."""
    try:
        text = descriptor.__get__(t, type)
    except Exception:  # noqa: BLE001
        return "?"
    return text if type(text) is str else "?"


def type_name(t: type) -> str:
    """A type's name, read with type's own descriptor."""
    return _type_text(_TYPE_NAME, t)


def type_module(t: type) -> str:
    """A type's module, read with type's own descriptor."""
    return _type_text(_TYPE_MODULE, t)


def class_namespaces(t: type) -> Iterator[tuple[type, Mapping[str, Any]]]:
    """Each class along `t`'s MRO (`t` first) with its own namespace, read with type's own
    descriptors: a metaclass's `__mro__`, `__dict__` or `__getattr__` never runs. A lookup in a
    namespace runs no code either: one holding a key that is not exactly a str (whose `__eq__`
    a lookup could call) raises TypeError, as does a `t` that is not a type."""
    for k in _TYPE_MRO.__get__(t, type):
        ns = _TYPE_DICT.__get__(k, type)
        if not all(type(key) is str for key in ns):
            raise TypeError("a class namespace with a key that is not a str")
        yield k, ns


def _plain(t: type) -> bool:
    """A type whose instance dict can be read without running its code: no `__getattribute__`
    of its own anywhere in its bases, and `__dict__` the interpreter's slot (not a property).
    (`object.__getattribute__` never falls back to `__getattr__`: a lazy proxy's `__getattr__`
    cannot run.)"""
    if t in _plain_memo:
        return _plain_memo[t]
    ok = True
    try:
        seen_dict = False
        for k, ns in class_namespaces(t):
            if k is not object and "__getattribute__" in ns:
                ok = False
                break
            if not seen_dict and "__dict__" in ns:
                seen_dict = True
                ok = type(ns["__dict__"]) is types.GetSetDescriptorType
                if not ok:
                    break
        ok = ok and seen_dict
    except Exception:  # noqa: BLE001 - an exotic type: not read
        ok = False
    _plain_memo[t] = ok
    return ok


def own_dict(obj: Any) -> dict[str, Any] | None:
    """`obj`'s own attribute dict, read without running any of its code (never `getattr`, never
    a property, a lazy module's `__getattr__` or a proxy's `__class__`); None when that cannot be
    done safely."""
    t = type(obj)
    try:
        if issubclass(t, types.ModuleType):
            d = _MODULE_DICT.__get__(obj, types.ModuleType)
        elif t is type or not _plain(t):
            return None
        else:
            d = object.__getattribute__(obj, "__dict__")
    except Exception:  # noqa: BLE001 - no dict
        return None
    return d if type(d) is dict else None


def own_dicts(objs: list[Any]) -> list[dict[str, Any] | None]:
    """`own_dict` of each of `objs`, the rule checked once per type and the dicts read by one
    mapped call (the category pass reads one FSDPParam per parameter at every step)."""
    out: list[dict[str, Any] | None] = []
    if len(set(map(id, map(type, objs)))) != 1:  # types by id: a metaclass's __hash__ never runs
        return list(map(own_dict, objs))
    t = type(objs[0])
    if issubclass(t, types.ModuleType) or t is type or not _plain(t):
        return list(map(own_dict, objs))
    try:
        out = list(map(object.__getattribute__, objs, repeat("__dict__", len(objs))))
    except Exception:  # noqa: BLE001 - one without a dict
        return list(map(own_dict, objs))
    return out if set(map(id, map(type, out))) == {id(dict)} else list(map(own_dict, objs))


def _is_module(obj: Any) -> bool:
    """An nn.Module without importing torch: its instance dict has `_modules` and `_parameters`."""
    d = own_dict(obj)
    return d is not None and "_modules" in d and "_parameters" in d


def edge_label(parent: Any, child: Any, keys: list[Any] | None = None) -> str | None:
    """How `parent` refers to `child`: `[=name]` (a dict key that is an identifier: an attribute
    when the dict is a namespace, see `holder_path`), `[int]`/`[str]`/`[T]` (any other key, by
    its type: a key's value is user data and never shown), `[]` (an item of a list/tuple/set),
    `<cell>`; None when it cannot say. Types by `type()`, dicts by `dict.items`: no code of
    the objects runs. `keys`: a dict key that is not a str or an int is appended (the caller
    tells which are tensors: state created for another site's tensors)."""
    t = type(parent)
    try:
        if issubclass(t, dict):
            for k, v in dict.items(parent):
                if v is child:
                    kt = type(k)
                    if kt is str and (str.isidentifier(k) or str.isdigit(k)):
                        return f"[={k[:MAX_NAME]}]"
                    if keys is not None and kt is not str and kt is not int:
                        keys.append(k)
                    return f"[{type_name(kt)}]"
            return None
        if issubclass(t, (list, tuple, set, frozenset)):
            return "[]"
        if t is types.CellType:
            return ""  # the function's closure names the cell
        if t is types.FunctionType:
            if parent.__closure__ is child:
                return ""  # the closure: python_roots names the cell
            return None
        d = own_dict(parent)
        if d is not None:
            if d is child:
                return ""  # the instance dict: its key is the attribute
            for k, v in dict.items(d):
                if v is child and type(k) is str:
                    return f"[={k[:MAX_NAME]}]"
    except Exception:  # noqa: BLE001 - an object changing under the walk: no label
        return None
    return None


_NAMESPACE_AFTER = ("._modules", "._parameters", "._buffers")


def resolve_labels(labels: Sequence[str], chain: Sequence[Any]) -> list[str]:
    """Labels made printable: a `[=name]` key is `.name` where its dict is a namespace (the
    instance dict of the object above it, or an nn.Module's `_modules`/`_parameters`/`_buffers`),
    `[str]` elsewhere (a key of the user's dict is data). `labels[j + 1]` is how `chain[j]`
    refers to `chain[j + 1]`; `labels[0]` the root's name."""
    out = [labels[0]] if labels else []
    for j, lb in enumerate(labels[1:]):
        if lb.startswith("[="):
            d = chain[j] if j < len(chain) else None
            above = chain[j - 1] if 0 < j <= len(chain) else None
            space = (
                not issubclass(type(d), dict)  # an object's own attribute (its dict not materialised)
                or (above is not None and own_dict(above) is d)
                or (bool(out) and out[-1] in _NAMESPACE_AFTER)
            )
            lb = "." + lb[2:-1] if space else "[str]"
        out.append(lb)
    return out


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
    out = [
        "[str]" if lb.startswith("[=") else lb  # an unresolved key: data, never shown
        for lb in labels
        if lb not in ("._modules", "._parameters", "._buffers", ".__dict__", "")
    ]
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
    keys: list[Any] | None = None,
) -> tuple[Holder | None, int]:
    """Breadth-first up from `targets` to the roots that hold them; the holder of the most
    bytes (`weights`: each target's, default 1), named by its path. `keys`: collects the
    dict keys met that are neither str nor int (see `edge_label`). The walk goes on until the
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
        for edges, (parent, child) in enumerate(parents([n.obj for n in frontier])):
            if deadline is not None and edges % 256 == 255 and clock() > deadline:
                break
            cn = by_id.get(id(child))
            if cn is None or skip(parent):
                continue
            if (pn := level.get(id(parent))) is not None:
                pn.weight += cn.weight
                continue
            if id(parent) in seen:
                continue
            label = edge_label(parent, child, keys)
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
    name = holder_path(resolve_labels(labels, chain))
    kind = root.kind
    if any(("hooks" in lb and lb.startswith("._")) for lb in labels):
        kind = "hook"
    elif kind in ("global", "local") and any(_is_module(o) for o in chain):
        kind = "module_attr"
    container = next(
        (
            o
            for o in reversed(chain[:-1])
            if issubclass(type(o), (list, dict, set, tuple)) and not _is_instance_dict(o, chain)
        ),
        chain[-1] if chain else None,
    )
    return Holder(kind, name, root.file, root.line, root.function, type_name(type(container)), node.weight)


def _is_instance_dict(d: Any, chain: list[Any]) -> bool:
    return any(own_dict(o) is d for o in chain if o is not d)


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
    # `NAME = torch.cat([NAME, x])`: rebound to an expression of itself (a growing concatenation)
    assign = re.compile(pre + re.escape(base) + r"\s*=(?!=)")
    itself = re.compile(r"(?<![\w.])" + re.escape(base) + r"(?!\w)")
    hits = []
    for i, text in enumerate(lines[:100_000], 1):
        code = text.split("#", 1)[0][:1000]
        if any(p.search(code) for p in pats[:-1]) or sub.search(code):
            hits.append(i)
        elif (m := assign.search(code)) is not None and itself.search(code, m.end()):
            hits.append(i)
    if not hits:
        return None
    return min(hits, key=lambda i: abs(i - near)) if near is not None else hits[0]


def python_roots(
    modules: Mapping[str, Any],
    local_values: Mapping[int, tuple[Root, Any]],
    *,
    skip_module: Callable[[str], bool] = lambda name: False,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Roots:
    """The roots of a Python process: module globals (`modules`: sys.modules), the locals of
    user frames (`local_values`: id(value) -> (Root, value)), closure cells of functions."""
    globals_of: dict[int, tuple[str, str | None]] = {}
    for n, (name, mod) in enumerate(list(modules.items())):
        if deadline is not None and n % 256 == 255 and clock() > deadline:
            break
        d = own_dict(mod)  # a module's dict by the module type's descriptor: no lazy __getattr__
        if d is not None and type(name) is str and not skip_module(name):
            f = d.get("__file__")
            globals_of[id(d)] = (name, f if type(f) is str else None)

    def roots(obj: Any, child: Any, below: Any = None) -> Root | None:
        if child is None:
            hit = local_values.get(id(obj))
            return hit[0] if hit is not None and hit[1] is obj else None
        if type(obj) is dict and id(obj) in globals_of:
            label = edge_label(obj, child)
            if label and label.startswith("[="):
                return Root("global", label[2:-1], globals_of[id(obj)][1])
            return None
        if type(obj) is types.FunctionType and obj.__closure__ is child:
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


def module_globals(
    modules: Mapping[str, Any],
    keep: Callable[[Any], bool],
    *,
    user: Callable[[str], bool],
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[tuple[Root, Any]]:
    """(Root, value) for each global of a user module (its `__file__` user code by `user`) whose
    value `keep` accepts, read now: each module's dict through the module type's descriptor,
    its items by `dict.items` (no lazy `__getattr__`, no code of the values runs)."""
    out: list[tuple[Root, Any]] = []
    for n, mod in enumerate(list(modules.values())):
        if deadline is not None and n % 256 == 255 and clock() > deadline:
            break
        d = own_dict(mod)
        f = d.get("__file__") if d is not None else None
        if d is None or type(f) is not str or not user(f):
            continue
        for k, v in list(dict.items(d)):
            if type(k) is str and keep(v):
                out.append((Root("global", k[:MAX_NAME], f), v))
    return out
