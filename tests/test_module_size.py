"""No module of gpumemd grows past 650 lines (issue 39): past it a concept hides in the module,
and it is split where that concept is (docs/development.md, *Module size*)."""

from __future__ import annotations

from tests.helpers import ROOT

MAX_LINES = 650


def test_no_module_is_over_the_limit() -> None:
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for path in (ROOT / "gpumemd").rglob("*.py")
    }
    assert len(sizes) > 100 and max(sizes.values()) > MAX_LINES // 2  # the package, read whole
    over = {name: lines for name, lines in sorted(sizes.items()) if lines > MAX_LINES}
    assert not over, f"modules over {MAX_LINES} lines (split where a concept hides): {over}"
