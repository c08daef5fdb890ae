"""What the README and docs/ say exists, exists: every metric name, every command-line flag,
every file path in the repository they name, and every page they link to."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import itertools
import re
from pathlib import Path

import pytest

from gpumemd import cli
from gpumemd.alerts import known_metrics

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# Flags of other programs that the docs show in their own command lines.
FOREIGN_FLAGS = {
    "--rm", "--gpus", "--pid",  # docker run
    "--build-arg",  # docker build
    "--nproc-per-node",  # torchrun
    "--junitxml", "--durations",  # pytest
    "--strict",  # kubernetes-validate
    "--index-url", "--group",  # pip
}

# `{a,b}` inside a name is an alternation (`gpumemd_section_{peak,net}_bytes`); at its end, labels
# (not after `:`: a recording rule's name such as `node:gpumemd_…:max`); a trailing `*` is a prefix
_METRIC = re.compile(r"(?<![:\w])(gpumemd_[a-z0-9_]*(?:\{[a-z0-9_,]+\}[a-z0-9_]+)*)(\*?)")
_FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9.-]*[a-z0-9]")
_PATH = re.compile(r"`((?:gpumemd|tests|bench|deploy|docs)/[A-Za-z0-9_./*{},-]+)`")
_LINK = re.compile(r"\]\(((?!https?:|#)[^)#\s]+)")
_MODULE = re.compile(r"`(gpumemd(?:\.[A-Za-z_]\w*)+)")  # a dotted name: `gpumemd.agent.start`


def _expand(name: str) -> list[str]:
    """`gpumemd_section_{peak,net}_bytes` -> both names."""
    parts = re.split(r"\{([a-z0-9_,]+)\}", name)
    choices = [[p] if i % 2 == 0 else p.split(",") for i, p in enumerate(parts)]
    return ["".join(c) for c in itertools.product(*choices)]


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def _gpumemd_flags() -> set[str]:
    flags: set[str] = set()
    parsers = [cli._parser()]
    while parsers:
        p = parsers.pop()
        for action in p._actions:
            flags.update(o for o in action.option_strings if o.startswith("--"))
            if isinstance(action, argparse._SubParsersAction):
                parsers.extend(action.choices.values())
    return flags


def _script_flags() -> set[str]:
    """Flags of the repository's own scripts (bench/, deploy/) and of its test suite."""
    found: set[str] = set()
    for script in [*(ROOT / "bench").glob("*.py"), *(ROOT / "deploy").rglob("*.py"), ROOT / "tests" / "conftest.py"]:
        found.update(re.findall(r"\"(--[a-z][a-z0-9.-]*)\"", script.read_text()))
    return found


def _resolves(dotted: str) -> bool:
    """A module, or a module's attribute (`gpumemd.steptrace.step`)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        try:
            obj = importlib.import_module(name)
        except ImportError:
            try:
                if importlib.util.find_spec(name) is not None:
                    return True  # it exists; importing it needs an optional dependency (lightning…)
            except (ImportError, ValueError):
                pass
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_metric_name_on_the_page_exists(page: Path) -> None:
    known = known_metrics.sample_names()
    unknown = []
    for token, star in set(_METRIC.findall(_text(page))):
        for name in _expand(token):
            if name.endswith("_") or star:  # a prefix (`gpumemd_allocator_`): some name must start with it
                if not any(k.startswith(name) for k in known):
                    unknown.append(name)
                continue
            if known_metrics.lookup(name) is None:
                unknown.append(name)
    assert sorted(unknown) == [], f"{page.name} names metrics gpumemd does not export"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_flag_on_the_page_exists(page: Path) -> None:
    allowed = _gpumemd_flags() | _script_flags() | FOREIGN_FLAGS
    unknown = sorted({f for f in _FLAG.findall(_text(page)) if f not in allowed})
    assert unknown == [], f"{page.name} names flags nothing takes"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_repository_path_and_link_on_the_page_exists(page: Path) -> None:
    text = _text(page)
    missing = []
    for path in set(_PATH.findall(text)):
        if not any(True for _ in ROOT.glob(path.rstrip("/"))) and not any(
                any(True for _ in ROOT.glob(p)) for p in _expand(path)):
            missing.append(path)
    for link in set(_LINK.findall(text)):
        if not (page.parent / link).exists():
            missing.append(link)
    for dotted in set(_MODULE.findall(text)):
        if not _resolves(dotted):
            missing.append(dotted)
    assert sorted(missing) == [], f"{page.name} names files that do not exist"


def test_the_readme_is_a_short_path() -> None:
    lines = _text(ROOT / "README.md").splitlines()
    assert len(lines) <= 150, "README.md: keep it a newcomer's path; details belong in docs/"
