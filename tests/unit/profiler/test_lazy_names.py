"""The profiler package's public names have one source (`_PUBLIC`, name -> module): `__all__`
is made from it, each name loads its module on first use, and the typing imports (what mypy
and editors read, which the lazy loading cannot give them) name the same things."""

from __future__ import annotations

import ast
import importlib

import gpumemd.profiler as package


def _typing_imports() -> dict[str, str]:
    tree = ast.parse(open(package.__file__, encoding="utf-8").read())  # noqa: SIM115
    (block,) = [n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
    return {a.name: str(n.module) for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}


def test_the_typing_imports_are_the_public_names_from_their_modules() -> None:
    assert _typing_imports() == package._PUBLIC


def test_all_is_the_public_names_and_each_is_where_the_list_says() -> None:
    assert sorted(package.__all__) == sorted(package._PUBLIC)
    for name, module in {**package._PUBLIC, **package._ALSO}.items():
        assert getattr(package, name) is getattr(importlib.import_module(f"gpumemd.profiler.{module}"), name)
