"""docs/architecture.md's package map against the tree: every package and module of gpumemd/
appears in the map, and the map names nothing that does not exist (a module moved or
removed leaves a line behind; a new one is a line to write)."""

from __future__ import annotations

import re

from tests.helpers import ROOT

SRC = ROOT / "gpumemd"
_NAME = re.compile(r"^(?:[A-Za-z_]\w*/)*(?:[A-Za-z_]\w*\.(?:py|yaml|typed)|[A-Za-z_]\w*/)$")


def map_entries(text: str) -> set[str]:
    """The paths the map names, relative to gpumemd/: in the map's block, the leading names of
    each line (one or several), at 2 spaces a top-level entry, at 4 a member of the last
    package above it; deeper lines continue a description."""
    block = text.split("## The package map", 1)[1].split("```", 2)[1]
    entries: set[str] = set()
    package = ""
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if indent not in (2, 4):
            continue
        for word in line.split():
            if not _NAME.match(word):
                break
            path = word if indent == 2 else package + word
            entries.add(path.rstrip("/"))
            if indent == 2 and word.endswith("/"):
                package = word
            # a nested name (boot/sitecustomize.py) names its folder too
            parent = path.rstrip("/").rpartition("/")[0]
            while parent:
                entries.add(parent)
                parent = parent.rpartition("/")[0]
    return entries


def tree_entries() -> set[str]:
    """Every package (a folder with Python in it) and module of gpumemd/; a subpackage's
    `__init__.py` is its folder's line."""
    out: set[str] = set()
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC)
        if "__pycache__" in rel.parts:
            continue
        if rel.name != "__init__.py" or len(rel.parts) == 1:
            out.add(rel.as_posix())
        for i in range(1, len(rel.parts)):
            out.add("/".join(rel.parts[:i]))
    return out


def test_every_package_and_module_is_in_the_map() -> None:
    missing = sorted(tree_entries() - map_entries((ROOT / "docs" / "architecture.md").read_text()))
    assert missing == [], f"docs/architecture.md's package map lacks: {missing}"


def test_the_map_names_only_what_exists() -> None:
    named = map_entries((ROOT / "docs" / "architecture.md").read_text())
    stale = sorted(p for p in named if not (SRC / p).exists())
    assert stale == [], f"docs/architecture.md's package map names what is not in gpumemd/: {stale}"


def test_the_map_reader_sees_a_missing_and_a_stale_line() -> None:
    text = "## The package map\n```\ngpumemd/\n  cli.py   the command\n  agent/   the agent\n" \
           "    agent.py   Agent\n    boot/sitecustomize.py   started by run\n" \
           "                     wrapped.py description words\n  sources/\n    a.py b.py c.py  three\n```\n"
    assert map_entries(text) == {"cli.py", "agent", "agent/agent.py", "agent/boot",
                                 "agent/boot/sitecustomize.py", "sources", "sources/a.py", "sources/b.py",
                                 "sources/c.py"}
