"""No module of gpumemd/ imports another module's private name (`from .x import _name`): what a
module shares is public and in its `__all__`, or it lives where it is used. Read from the source
(ast), so the integrations' framework imports are not needed.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gpumemd"


def _module_of(path: Path, root: Path) -> list[str]:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def private_imports(root: Path) -> list[str]:
    """`path:line module._name` for each private name one module of `root` imports from another."""
    found = []
    for path in sorted(root.rglob("*.py")):
        here = _module_of(path, root)
        package = here if path.name == "__init__.py" else here[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            if source.split(".")[0] != root.name:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} {source}.{alias.name}")
    return found


def test_no_module_imports_another_modules_private_name() -> None:
    found = "\n".join(private_imports(PACKAGE))
    assert not found, f"private names imported across modules (make them public, or move them):\n{found}"


def test_the_check_sees_relative_and_absolute_private_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "gpumemd"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .sub.m import public, __version__\n")
    (pkg / "sub" / "__init__.py").write_text("from .m import _hidden\n")
    (pkg / "sub" / "n.py").write_text("from gpumemd.sub.m import _other\nfrom ..sub import m as _m\n")
    assert private_imports(pkg) == ["gpumemd/sub/__init__.py:1 gpumemd.sub.m._hidden",
                                    "gpumemd/sub/n.py:1 gpumemd.sub.m._other"]
