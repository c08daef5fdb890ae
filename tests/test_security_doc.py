"""docs/security.md stays true: every boundary names its tests, and every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")

# `tests/x/test_y.py` or `tests/x/test_y.py::test_name` (a `…` inside a name abbreviates it), and a
# bare `::test_name` that continues the file named before it.
_REF = re.compile(r"`(tests/[\w/]+\.py)?(?:::([\w…]+))?`")


def _references() -> list[tuple[str, str | None]]:
    refs: list[tuple[str, str | None]] = []
    last: str | None = None
    for path, name in _REF.findall(DOC):
        if path:
            last = path
        if path or name:
            if last is None:
                continue
            refs.append((last, name or None))
    return refs


def _sections() -> dict[str, str]:
    parts = re.split(r"^### ", DOC, flags=re.M)[1:]
    return {part.splitlines()[0]: part for part in parts}


def test_every_boundary_names_its_tests() -> None:
    sections = _sections()
    assert len(sections) >= 20
    missing = [title for title, body in sections.items() if "*Tests:*" not in body]
    assert not missing, f"boundaries without a *Tests:* line: {missing}"


def test_every_test_file_and_test_the_threat_model_names_exists() -> None:
    refs = _references()
    assert len(refs) >= 40
    problems = []
    for path, name in refs:
        file = ROOT / path
        if not file.is_file():
            problems.append(f"{path}: no such file")
            continue
        if name is None:
            continue
        source = file.read_text(encoding="utf-8")
        if "…" in name:
            pattern = r"def " + r"\w*".join(re.escape(piece) for piece in name.split("…")) + r"\b"
        else:
            pattern = rf"def {re.escape(name)}\b"
        if not re.search(pattern, source):
            problems.append(f"{path}::{name}: no such test")
    assert not problems, "\n".join(problems)
