"""Reading a type without running its code (diagnosis/retainers.py): `class_namespaces`, the one
lookup along a type's MRO that the retainer search, the graph walk and the stepped model use;
`TypeMemo`, their answers per type kept without hashing a type; `own_dict(s)` on such types;
`type_name` and `type_module`."""

from __future__ import annotations

from typing import Any

import pytest

from gpumemd.diagnosis.retainers import (
    TypeMemo,
    class_namespaces,
    own_dict,
    own_dicts,
    type_module,
    type_name,
)


class _Ran:
    calls: list[str] = []


class _Hostile(type):
    """A metaclass whose every attribute of a class is Python code."""

    @property
    def __mro__(cls) -> tuple[type, ...]:  # type: ignore[override]
        _Ran.calls.append("__mro__")
        return (object,)

    @property
    def __dict__(cls) -> dict[str, Any]:  # type: ignore[override]
        _Ran.calls.append("metaclass __dict__")
        return {}

    def __getattr__(cls, name: str) -> Any:
        _Ran.calls.append(f"__getattr__ {name}")
        return None

    def __getattribute__(cls, name: str) -> Any:
        _Ran.calls.append(f"__getattribute__ {name}")
        return type.__getattribute__(cls, name)


class _Base:
    @property
    def __dict__(self) -> dict[str, Any]:  # type: ignore[override]
        _Ran.calls.append("instance __dict__")
        return {}

    shape = "base's"


class _Child(_Base, metaclass=_Hostile):
    dtype = "child's"


def test_each_class_with_its_own_namespace_along_the_mro_running_no_user_code() -> None:
    _Ran.calls.clear()
    got = list(class_namespaces(_Child))
    assert _Ran.calls == []
    assert [k for k, _ in got] == [_Child, _Base, object]  # the real MRO, not the property's
    own = [ns for _, ns in got]
    assert "dtype" in own[0] and "shape" not in own[0]
    assert own[1]["shape"] == "base's" and isinstance(own[1]["__dict__"], property)
    assert "__getattribute__" in own[2]
    assert _Ran.calls == []  # the lookups ran nothing either
    # a plain class: what vars() along __mro__ reads
    assert [(k, dict(ns)) for k, ns in class_namespaces(KeyError)] == [
        (k, dict(vars(k))) for k in KeyError.__mro__
    ]


def test_a_namespace_a_lookup_would_run_code_in_raises() -> None:
    class Key:  # a key whose comparison is user code (a lookup of a colliding str calls it)
        def __hash__(self) -> int:
            return hash("dtype")

        def __eq__(self, other: object) -> bool:
            _Ran.calls.append("__eq__")
            return False

    class Odd:
        locals()[Key()] = 1  # a class body's namespace takes any key

    _Ran.calls.clear()
    with pytest.raises(TypeError):
        list(class_namespaces(Odd))
    with pytest.raises(TypeError):
        list(class_namespaces(Odd()))  # type: ignore[arg-type]
    assert _Ran.calls == []


class _Compared(type):
    """A metaclass whose hash and comparison are Python code."""

    def __hash__(cls) -> int:
        _Ran.calls.append("__hash__")
        return 0

    def __eq__(cls, other: object) -> bool:
        _Ran.calls.append("__eq__")
        return True  # every such class "equal": a memo keyed by hash would mix them up


class _One(metaclass=_Compared):
    pass


class _Two(metaclass=_Compared):
    pass


def test_a_memo_answers_per_type_never_hashing_one_and_starts_again_past_its_bound() -> None:
    memo: TypeMemo[str] = TypeMemo(2)
    _Ran.calls.clear()
    memo[_One] = "one"
    memo[_Two] = "two"
    assert (_One in memo, _Two in memo, int in memo) == (True, True, False)
    assert (memo[_One], memo[_Two]) == ("one", "two")
    memo[int] = "int"  # a third: the memo starts again
    assert (_One in memo, int in memo, memo[int]) == (False, True, "int")
    assert _Ran.calls == []


def test_own_dicts_of_a_compared_metaclass_read_without_running_it() -> None:
    objs = [_One(), _One()]
    for i, o in enumerate(objs):
        o.n = i  # type: ignore[attr-defined]
    _Ran.calls.clear()
    assert own_dicts(objs) == [{"n": 0}, {"n": 1}] and own_dict(objs[0]) == {"n": 0}
    assert own_dicts([objs[0], _Two()]) == [{"n": 0}, {}]
    assert _Ran.calls == []


def test_a_types_name_and_module_read_without_its_metaclass() -> None:
    _Ran.calls.clear()
    assert (type_name(_Child), type_module(_Child)) == ("_Child", __name__)
    assert (type_name(int), type_module(int)) == ("int", "builtins")
    assert (type_name(3), type_module(3)) == ("?", "?")  # type: ignore[arg-type]  # not a type
    assert _Ran.calls == []
