"""gpumemd's public names have one source (`gpumemd._PUBLIC`, name -> subpackage): `__all__` is
made from it, each name loads its subpackage on first use, and the typing imports (what mypy and
editors read) name the same things from the same places."""

from __future__ import annotations

import ast
import importlib

import gpumemd


def test_the_typing_imports_are_the_public_names_from_their_subpackages() -> None:
    tree = ast.parse(open(gpumemd.__file__, encoding="utf-8").read())  # noqa: SIM115
    (block,) = [n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
    imported = {a.name: str(n.module) for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}
    assert imported == gpumemd._PUBLIC


def test_all_is_the_public_names_and_each_is_its_subpackages() -> None:
    assert sorted(gpumemd.__all__) == sorted(["__version__", *gpumemd._PUBLIC])
    for name, home in gpumemd._PUBLIC.items():
        assert getattr(gpumemd, name) is getattr(importlib.import_module(f"gpumemd.{home}"), name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        gpumemd.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("gpumemd.no_such_name did not raise")


def test_the_agent_packages_names_have_one_list_too() -> None:
    import gpumemd.agent as package

    tree = ast.parse(open(package.__file__, encoding="utf-8").read())  # noqa: SIM115
    (block,) = [n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
    imported = {a.name: str(n.module) for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}
    assert imported == package._PUBLIC
    assert sorted(package.__all__) == sorted(package._PUBLIC)
    for name, home in package._PUBLIC.items():
        assert getattr(package, name) is getattr(importlib.import_module(f"gpumemd.agent.{home}"), name)
