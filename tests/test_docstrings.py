"""Every public class in gpumemd/ says what it is for, so a newcomer can read a module's
interface without its body. Public: named in the module's `__all__`, or not starting with `_`.

Read from the source (ast), not imported: the integrations' modules import frameworks that
this test must not need, and a class defined under `if TYPE_CHECKING:` counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gpumemd"


def _all_names(tree: ast.Module) -> set[str]:
    """The module's `__all__` as written (a literal list or tuple), empty if none."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__"
                                                for t in node.targets):
            try:
                return set(ast.literal_eval(node.value))
            except ValueError:
                return set()
    return set()


def public_classes_without_docstring(root: Path) -> list[str]:
    """`path:line Name` of each public class under `root` that has no docstring."""
    missing = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        exported = _all_names(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            if node.name.startswith("_") and node.name not in exported:
                continue
            if ast.get_docstring(node) is None:
                missing.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name}")
    return missing


def test_every_public_class_has_a_docstring() -> None:
    missing = public_classes_without_docstring(PACKAGE)
    assert not missing, "public classes without a docstring (say what each is for):\n" + "\n".join(missing)


def test_the_check_sees_a_class_without_one(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "m.py").write_text('__all__ = ["_Exported"]\n\n'
                              "class Bare:\n    x = 1\n\n"
                              'class Said:\n    """For something."""\n\n'
                              "class _Private:\n    pass\n\n"
                              "class _Exported:\n    pass\n")
    assert public_classes_without_docstring(pkg) == ["pkg/m.py:3 Bare", "pkg/m.py:12 _Exported"]
