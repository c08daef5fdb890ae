"""The fenced code blocks of the README and docs/, with the marker that may precede each.

A marker is an HTML comment on the last non-blank line before the opening fence:
`<!-- not-run: why it cannot run here -->`, or `<!-- tested-by: tests/…py -->` for blocks
another test runs (tests/integration/test_install.py runs docs/install.md's commands).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Block", "blocks", "PAGES", "shell_commands", "shell_lines"]

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*$")
_MARKER = re.compile(r"^\s*<!--\s*(not-run|tested-by):\s*(.*?)\s*-->\s*$")


@dataclass(frozen=True)
class Block:
    """One fenced block: where it is, its language tag, its text (indentation removed)."""

    page: Path
    line: int  # of the opening fence, 1-based
    lang: str
    text: str
    marker: str | None  # "not-run", "tested-by" or None
    reason: str  # the marker's text

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3)
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        body = [ln[len(indent):] if ln.startswith(indent) else ln.lstrip() for ln in lines[i + 1:j]]
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        mk = _MARKER.match(lines[k]) if k >= 0 else None
        found.append(Block(page, i + 1, lang, "\n".join(body) + "\n",
                           mk.group(1) if mk else None, mk.group(2) if mk else ""))
        i = j + 1
    return found


def shell_lines(block: Block) -> list[tuple[str, str]]:
    """The commands of a shell block with their comments, a line continued by `\\` joined to
    the next; blank and comment-only lines dropped."""
    found: list[tuple[str, str]] = []
    pending = ""
    for line in block.text.splitlines():
        m = re.match(r"^(.*?)(?:(?:^|\s)#(.*))?$", line)
        command, comment = (m.group(1), m.group(2) or "") if m else (line, "")
        command = (pending + " " + command.strip()).strip() if pending else command.strip()
        if command.endswith("\\"):
            pending = command[:-1].strip()
            continue
        pending = ""
        if command:
            found.append((command, comment.strip()))
    if pending:
        found.append((pending, ""))
    return found


def shell_commands(block: Block) -> list[str]:
    """The commands of a shell block (`shell_lines` without the comments)."""
    return [command for command, _ in shell_lines(block)]
