"""How the agent reads a tensor of any type without running that type's code (issue 36).

The category pass (agent/categorypass.py) and the stepped optimizers' fingerprint
(agent/stepmodel.py) read the user's tensors inside the user's optimizer step. Each read is
torch's own C descriptor (`untyped_storage`, `get_device`, `is_<device>`, `device`, `grad`,
DTensor's `_local_tensor` slot, `dtype`, `shape`), found once per type in the namespaces along
its MRO (`class_namespaces`) and called directly: never an attribute looked up on the type (a
metaclass's `__getattribute__`, `__getattr__` or property would run) or on a tensor (its type's
`__getattribute__` or a property would), and types are told apart by id (`TypeMemo`: a
metaclass's `__hash__` or `__eq__` never runs; the memo holds each type, so a type freed and
another made at its address never share an answer). torch's C code still calls, of its own
accord, a tensor type's `__getattribute__`, `__torch_function__` and `__torch_dispatch__`
(`_HOOKS`): a type where one of them is defined by a class that is not torch's is `USER`, and
its tensors are not read at all. torch is never imported.
"""

from __future__ import annotations

import types
from collections.abc import Iterable
from operator import attrgetter
from typing import Any, NamedTuple

from gpumemd.diagnosis.retainers import TypeMemo, class_namespaces, type_module

__all__ = ["FLAGGED", "SHARDED", "TENSOR", "USER", "Shaped", "TypeReads", "reads", "shapes", "storage_reads"]

# what a type is: a tensor, a DTensor (its local shard holds this rank's memory); FLAGGED: it has
# `is_<device type>` and `get_device()`; USER: a tensor type whose reads would run its own code
TENSOR, SHARDED, FLAGGED, USER = 1, 2, 4, 8
# what torch's C code calls on a tensor of its own accord (reading an attribute, dispatching a
# method or a getter): where one is not torch's, reading the type's tensors runs its code
_HOOKS = ("__getattribute__", "__torch_function__", "__torch_dispatch__")
_METHOD, _GETSET, _MEMBER = types.MethodDescriptorType, types.GetSetDescriptorType, types.MemberDescriptorType
_READS: dict[str, type] = {"untyped_storage": _METHOD, "get_device": _METHOD, "device": _GETSET,
                           "grad": _GETSET, "_local_tensor": _MEMBER, "dtype": _GETSET, "shape": _GETSET}


class TypeReads(NamedTuple):
    """How the tensors of one type are read: each a callable of one tensor (torch's own C
    descriptor, or where that is the same read and faster, `attrgetter` of its name: `_getter`;
    `dtype` and `shape` the descriptor's `__get__`);
    None where the type has none. A read is the first definition in a torch class (a subclass's
    Python override of a read is not called: the memory is torch's), except `dtype` and
    `shape`, which are None where the type overrides them (what the program sees)."""

    kind: int
    storage: Any  # `untyped_storage()`
    get_device: Any  # `get_device()`
    on: Any  # `is_<device type>`
    device: Any  # `device`
    grad: Any  # `grad`
    local: Any  # DTensor's `_local_tensor` slot
    dtype: Any
    shape: Any


_NOTHING = TypeReads(0, None, None, None, None, None, None, None, None)


def _torch_owned(k: type) -> bool:
    module = type_module(k)
    return module == "torch" or module.startswith("torch.")


def _getter(name: str, found: Any, first: Any, plain: bool) -> Any:
    """A read of `found`, the C data descriptor (getset, slot) `name` resolves to in torch: the
    attribute looked up by name where that is sure to reach it (`plain`: no `__getattr__` of the
    type's own to fall back to, and `found` the first definition along the MRO; a data
    descriptor wins over an instance's dict), else the descriptor's `__get__`."""
    if found is None:
        return None
    return attrgetter(name) if plain and first is found else found.__get__


def _type_reads(cls: type, device_type: str | None) -> TypeReads:
    want = dict(_READS)
    flag = f"is_{device_type}" if device_type is not None else None
    if flag is not None:
        want[flag] = _GETSET
    found: dict[str, Any] = {}  # the first definition in a torch class, where torch's C descriptor
    first: dict[str, Any] = {}  # the first definition anywhere, where torch's C descriptor
    hooks: set[str] = set()
    user = fallback = False
    try:
        for k, ns in class_namespaces(cls):
            owned = _torch_owned(k)
            for hook in _HOOKS:
                if hook not in hooks and hook in ns:
                    hooks.add(hook)
                    user = user or not (owned or k is object)
            fallback = fallback or ("__getattr__" in ns and not owned)
            for name, descriptor in want.items():
                if name in ns:
                    ok = owned and type(ns[name]) is descriptor
                    if name not in first:
                        first[name] = ns[name] if ok else None
                    if owned and name not in found:
                        found[name] = ns[name] if ok else None
    except Exception:  # an exotic type: not read
        return _NOTHING
    get, plain = found.get, not (user or fallback)
    kind = (SHARDED if get("_local_tensor") is not None else
            TENSOR if get("untyped_storage") is not None else 0)
    if kind and flag is not None and get(flag) is not None and get("get_device") is not None:
        kind |= FLAGGED
    if kind and user:
        kind |= USER

    def read(name: str | None) -> Any:
        return _getter(name, get(name), first.get(name), plain) if name is not None else None

    def seen(name: str) -> Any:  # dtype, shape: only where not overridden; `__get__`, which
        # dynamo traces in a compiled step's boundary frames (`attrgetter`'s call breaks a graph)
        found = first.get(name)
        return found.__get__ if found is not None else None

    return TypeReads(kind, get("untyped_storage"), get("get_device"), read(flag), read("device"),
                     read("grad"), read("_local_tensor"), seen("dtype"), seen("shape"))


# per device type: each type's reads, by the type's id (TypeMemo: never hashed, the type held)
_memos: dict[str | None, TypeMemo[TypeReads]] = {}


def reads(cls: type, device_type: str | None) -> TypeReads:
    """How `cls`'s tensors are read (the module docstring), `on` for `device_type`; once per type."""
    memo = _memos.get(device_type)
    if memo is not None and cls in memo:
        return memo[cls]
    # found before anything is stored: dynamo, which compiles a compiled step's boundary frames
    # one by one, breaks a graph where a class's namespace is read after a dict changed
    found = _type_reads(cls, device_type)
    if memo is None:
        memo = _memos[device_type] = TypeMemo(1024)
    memo[cls] = found
    return found


_storage_memo: TypeMemo[tuple[Any, Any] | None] = TypeMemo(64)


def storage_reads(cls: type) -> tuple[Any, Any] | None:
    """A storage type's `data_ptr` and `nbytes`, torch's C methods (as `reads`); None where it
    has none."""
    if cls in _storage_memo:
        return _storage_memo[cls]
    found: dict[str, Any] = {}
    try:
        for k, ns in class_namespaces(cls):
            if _torch_owned(k):
                for name in ("data_ptr", "nbytes"):
                    if name not in found and name in ns:
                        found[name] = ns[name]
    except Exception:  # an exotic type: not read
        found = {}
    ptr, n = found.get("data_ptr"), found.get("nbytes")
    got = (ptr, n) if type(ptr) is _METHOD and type(n) is _METHOD else None
    _storage_memo[cls] = got
    return got


class Shaped(NamedTuple):
    """What a fingerprint (`diagnosis.calibration.fingerprint`) reads of a tensor."""

    dtype: Any
    shape: Any


def shapes(tensors: Iterable[Any], limit: int) -> list[Shaped] | None:
    """Each tensor's (dtype, shape) once (by id), through torch's C getters; None where a type
    overrides them, would run its own code (`USER`), has none (not a tensor), or past `limit`."""
    out: dict[int, Shaped] = {}
    for t in tensors:
        r = reads(type(t), None)
        if r.dtype is None or r.shape is None or r.kind & USER or len(out) >= limit:
            return None
        out.setdefault(id(t), Shaped(r.dtype(t), r.shape(t)))
    return list(out.values())
