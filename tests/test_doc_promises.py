"""Promises of the README and docs/ that tests/test_docs.py does not check, checked against the
tree: a `gpumemd …` command line uses that command's own flags, a `make X` target exists, a
settings table gives each key's real default, a `key: value` shown loads, the layer diagram is
the import-linter contract, the README links every page, an alert or variable named exists.

Each checker returns its problems for a page's text, so that a planted error can show it fails
(the `test_planted_*` tests at the end).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import re
import typing
from pathlib import Path
from typing import Any

import pytest
import tomllib
import yaml

from gpumemd import cli, config
from gpumemd.config.loader import convert_flag
from tests import docblocks
from tests.docblocks import PAGES, ROOT
from tests.test_docs import resolves

SHELL = {"sh", "console"}
# Values the docs quote because gpumemd refuses them (docs/security.md, boundary 19).
REFUSED_ON_PURPOSE = {"alerting.notifiers: [webhook]"}
_SPAN = re.compile(r"(?<!`)`([^`]+)`(?!`)")
_SECTIONS = ("web", "sampler", "sources", "log", "agent", "alerting")


def _prose(text: str) -> str:
    """The page without its fenced blocks (blank lines in their place, so lines keep their numbers)."""
    out, fence = [], ""
    for line in text.splitlines():
        m = re.match(r"^\s*(`{3,}|~{3,})", line)
        if fence:
            fence = "" if m and line.strip().startswith(fence) else fence
            out.append("")
        elif m:
            fence = m.group(1)
            out.append("")
        else:
            out.append(line)
    return "\n".join(out)


def _code(page: Path, text: str) -> list[tuple[int, str]]:
    """(line, text) of every shell line and every inline code span of the page (a span may
    wrap onto the next line)."""
    found = []
    for block in docblocks.blocks(page):
        if block.lang in SHELL:
            for i, line in enumerate(block.text.splitlines()):
                found.append((block.line + 1 + i, line[2:] if line.startswith("$ ") else line))
    prose = _prose(text)
    for m in _SPAN.finditer(prose):
        if "\n\n" not in m.group(1):
            found.append((prose.count("\n", 0, m.start()) + 1, m.group(1).replace("\n", " ")))
    return found


# --- `gpumemd COMMAND --flag`: the command exists and takes the flag ---------------------------


def _commands() -> dict[str, argparse.ArgumentParser]:
    """Every (sub)command's parser by its name: "", "serve", "rules export", ..."""
    found: dict[str, argparse.ArgumentParser] = {}
    todo: list[tuple[str, argparse.ArgumentParser]] = [("", cli._parser())]
    while todo:
        name, parser = todo.pop()
        found[name] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                todo.extend(((f"{name} {sub}").strip(), p) for sub, p in action.choices.items())
    return found


_GPUMEMD = re.compile(r"(?:^|(?<=[\s$(;|&]))gpumemd((?: +[^\s|;&)`]+)*)")


def command_problems(page: Path, text: str) -> list[str]:
    parsers = _commands()
    problems = []
    for line, code in _code(page, text):
        if re.search(r"\b(?:from|import) gpumemd\b", code):
            continue  # Python, not a command line
        for m in _GPUMEMD.finditer(code.split(" #")[0]):
            words = [w.strip("[],;:.'\"") for w in m.group(1).split()]
            name = ""
            while words and f"{name} {words[0]}".strip() in parsers:
                name = f"{name} {words.pop(0)}".strip()
            parser = parsers[name]
            if not name and words and re.fullmatch(r"[a-z][a-z-]*", words[0]):
                problems.append(f"{page.name}:{line}: gpumemd has no command {words[0]!r}: {code.strip()}")
                continue
            takes = {o for a in parser._actions for o in a.option_strings} | {"-h", "--help"}
            remainder = any(a.nargs == argparse.REMAINDER for a in parser._actions)
            for word in words:
                if word == "--" or (remainder and not word.startswith("-")):
                    break  # the command `gpumemd run` runs: its own flags
                flag = word.split("=", 1)[0]
                if word.startswith("-") and flag not in takes:
                    problems.append(f"{page.name}:{line}: `gpumemd {name}` takes no {flag}: {code.strip()}")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_gpumemd_command_line_uses_that_commands_flags(page: Path) -> None:
    assert command_problems(page, page.read_text(encoding="utf-8")) == []


def script_problems(page: Path, text: str) -> list[str]:
    """`python3 bench/x.py --flag`: that script takes the flag (test_docs accepts a flag any script
    takes)."""
    problems = []
    for line, code in _code(page, text):
        for m in re.finditer(r"((?:bench|deploy)/[\w/]+\.py)([^|;&`#]*)", code):
            script = ROOT / m.group(1)
            source = script.read_text(encoding="utf-8") if script.is_file() else ""
            for flag in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", m.group(2)):
                if f'"{flag}"' not in source and f"'{flag}'" not in source:
                    problems.append(f"{page.name}:{line}: {m.group(1)} takes no {flag}")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_script_command_line_uses_that_scripts_flags(page: Path) -> None:
    assert script_problems(page, page.read_text(encoding="utf-8")) == []


# --- `make X` --------------------------------------------------------------------------------

_MAKE = re.compile(r"(?:^|(?<=[\s$(;&]))make ((?:[A-Za-z_]+=\S*\s+)*)([a-z][\w-]*)(?![\w=-])")


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text()
    return set(re.findall(r"^([a-z][\w-]*):(?!=)", text, flags=re.M))


def make_problems(page: Path, text: str) -> list[str]:
    targets = make_targets()
    return [
        f"{page.name}:{line}: no Makefile target {m.group(2)!r}: {code.strip()}"
        for line, code in _code(page, text)
        for m in _MAKE.finditer(code.split(" #")[0])
        if m.group(2) not in targets
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_make_target_shown_exists(page: Path) -> None:
    assert make_problems(page, page.read_text(encoding="utf-8")) == []


# --- settings: tables of `| key | default |`, `key: value` spans, dotted keys ----------------


def _keys(cls: Any = config.Config, prefix: str = "") -> dict[str, Any]:
    """Every configuration key (dotted) with its default; sections too (their dataclass)."""
    found: dict[str, Any] = {}
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        if f.name.startswith("_"):
            continue
        dotted = prefix + f.name
        if dataclasses.is_dataclass(hints[f.name]):
            found[dotted] = hints[f.name]
            found.update(_keys(hints[f.name], dotted + "."))
        elif f.default is not dataclasses.MISSING:
            found[dotted] = f.default
        else:
            factory: Any = f.default_factory
            found[dotted] = factory()
    return found


_UNITS = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


def _cell_value(cell: str) -> Any:
    """A table's default as the loader takes it: `X` as written (a YAML value); `none`; plain
    prose sizes and durations (`4 MiB`, `10,000`, `0.5 s`)."""
    if cell == "none":
        return None
    code = re.fullmatch(r"`([^`]*)`(?: \(.*\))?", cell)
    if code:
        return yaml.safe_load(code.group(1))
    m = re.fullmatch(r"([\d,.]+) ?(KiB|MiB|GiB|s|ms)?", cell)
    if not m:
        raise ValueError(f"not a default this test reads: {cell!r}")
    number = m.group(1).replace(",", "")
    if m.group(2) in _UNITS:
        return int(float(number) * _UNITS[m.group(2)])
    return f"{number}{m.group(2)}" if m.group(2) else yaml.safe_load(number)


def settings_tables(text: str) -> list[tuple[int, str, str, str]]:
    """(line, section, key, default cell) of every `| key | default |` table: its section is the
    backticked name (`agent:`, `sources.spool`) of the nearest heading or bold line above."""
    lines = text.splitlines()
    rows = []
    for i, line in enumerate(lines):
        if not re.match(r"^\|\s*key\s*\|\s*default\s*\|", line):
            continue
        section = next(
            (m.group(1) for above in reversed(lines[:i]) if above.startswith(("#", "**"))
             for m in [re.search(r"`([a-z_.]+):?`", above)] if m),
            "",
        )
        for j in range(i + 2, len(lines)):
            if not lines[j].startswith("|"):
                break
            cells = [c.strip() for c in lines[j].strip().strip("|").split("|")]
            rows.append((j + 1, section, cells[0].strip("`"), cells[1]))
    return rows


def settings_problems(page: Path, text: str) -> list[str]:
    keys = _keys()
    problems = []
    table_keys: dict[str, str] = {}  # a bare key of the page's tables: its dotted name
    for line, section, key, cell in settings_tables(text):
        dotted = f"{section}.{key}"
        table_keys[key] = dotted
        where = f"{page.name}:{line}: {dotted}"
        if dotted not in keys:
            problems.append(f"{where}: no such key")
            continue
        if cell.startswith("`$"):
            continue  # from the environment, said in words (`$GPUMEMD_SPOOL_DIR`, else ...)
        try:
            value, errors = convert_flag(dotted, _cell_value(cell), dotted)
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            continue
        if errors:
            problems.append(f"{where}: the default as shown does not load: {errors}")
        elif value != keys[dotted]:
            problems.append(f"{where}: shown {cell}, the default is {keys[dotted]!r}")
    for line, code in _code(page, text):
        m = re.fullmatch(r"([a-z_][a-z0-9_.]*): (.+)", code)
        if m and code not in REFUSED_ON_PURPOSE:
            named = m.group(1) if m.group(1) in keys else table_keys.get(m.group(1))
            if named and not dataclasses.is_dataclass(keys[named]):
                _, errors = convert_flag(named, yaml.safe_load(m.group(2)), named)
                if errors:
                    problems.append(f"{page.name}:{line}: `{code}` does not load: {errors}")
        m = re.fullmatch(rf"((?:{'|'.join(_SECTIONS)})\.[a-z_.]*[a-z_])", code)
        if m and m.group(1) not in keys and not _module_path(m.group(1)):
            problems.append(f"{page.name}:{line}: `{code}` is no configuration key (nor a module)")
    return problems


def _module_path(dotted: str) -> bool:
    """`sources.base`, `agent.wiring.Counted`: a module of gpumemd, or a name in one."""
    return resolves("gpumemd." + dotted)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_setting_shown_exists_with_its_default_and_loads(page: Path) -> None:
    assert settings_problems(page, page.read_text(encoding="utf-8")) == []


# --- docs/architecture.md's layer diagram is pyproject.toml's layers contract -----------------


def diagram_layers(text: str) -> list[set[str]]:
    """The layers of the diagram after "## Layers": each unindented line's leading names."""
    block = text.split("## Layers", 1)[1].split("```", 2)[1]
    return [
        {name.strip() for name in re.split(r"\s{2,}", line, maxsplit=1)[0].split("|")}
        for line in block.splitlines()
        if line.strip() and not line.startswith(" ")
    ]


def contract_layers() -> list[set[str]]:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers" and "containers" not in c]
    return [{n.strip().removeprefix("gpumemd.") for n in layer.split("|")} for layer in layers]


def test_the_layer_diagram_is_the_import_linter_contract() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert diagram_layers(text) == contract_layers()


# --- the README reaches every page; alerts and variables named exist --------------------------


def unlinked_pages(readme: str) -> list[str]:
    linked = set(re.findall(r"\]\((docs/[\w.-]+\.md)", readme))
    return sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md") if f"docs/{p.name}" not in linked)


def test_the_readme_links_every_page_of_docs() -> None:
    assert unlinked_pages((ROOT / "README.md").read_text(encoding="utf-8")) == []


def alert_names() -> set[str]:
    return {
        name
        for f in (ROOT / "gpumemd" / "alerts").glob("*.yaml")
        for name in re.findall(r"^\s*- alert: (\w+)", f.read_text(), flags=re.M)
    }


_ALERT = re.compile(r"`((?:Gpu|Pytorch|NonPytorch|Gpumemd)[A-Z]\w*)`")


def alert_problems(page: Path, text: str) -> list[str]:
    known = alert_names()
    sources = [*(ROOT / "gpumemd").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    classes = {c for f in sources for c in re.findall(r"^class (\w+)", f.read_text(), flags=re.M)}
    unknown = set(_ALERT.findall(text)) - known - classes
    return [f"{page.name}: no rule is called {n}" for n in sorted(unknown)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_alert_named_is_a_rule(page: Path) -> None:
    assert alert_problems(page, page.read_text(encoding="utf-8")) == []


def rule_headings(text: str) -> set[str]:
    return set(re.findall(r"^### ((?:Gpu|Pytorch|NonPytorch|Gpumemd)[A-Z]\w*)\s*$", text, flags=re.M))


def test_every_rule_has_its_section_in_docs_alerts_and_every_section_a_rule() -> None:
    assert rule_headings((ROOT / "docs" / "alerts.md").read_text(encoding="utf-8")) == alert_names()


@functools.cache
def _variables_in_the_tree() -> frozenset[str]:
    """Every `GPUMEMD_*` name outside the docs, file by file: no text of the whole tree is built
    (a freed string of many MiB raises glibc's mmap threshold for the tests after this one)."""
    found: set[str] = set()
    patterns = ("gpumemd/**/*.py", "bench/**/*.py", "tests/**/*.py", "deploy/**/*", "Makefile", "Dockerfile")
    for pattern in patterns:
        for f in ROOT.glob(pattern):
            if f.is_file() and f != Path(__file__):  # this file plants a name nothing reads
                found.update(re.findall(r"\bGPUMEMD_[A-Z0-9_]+", f.read_text(errors="replace")))
    return frozenset(found)


def variable_problems(page: Path, text: str) -> list[str]:
    """A `GPUMEMD_*` variable the page names is read (or set) somewhere outside the docs."""
    named = sorted(set(re.findall(r"\bGPUMEMD_[A-Z0-9_]+", text)))
    return [f"{page.name}: nothing reads {v}" for v in named if v not in _variables_in_the_tree()]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_gpumemd_variable_named_is_read(page: Path) -> None:
    assert variable_problems(page, page.read_text(encoding="utf-8")) == []


# --- `Class.member`: a class of gpumemd has that member -----------------------------------------


def _class_sources() -> dict[str, list[str]]:
    """Each class name defined in gpumemd/ with the source of the modules defining it."""
    found: dict[str, list[str]] = {}
    for f in (ROOT / "gpumemd").rglob("*.py"):
        source = f.read_text(encoding="utf-8")
        for name in re.findall(r"^class (\w+)", source, flags=re.M):
            found.setdefault(name, []).append(source)
    return found


def member_problems(page: Path, text: str) -> list[str]:
    """A method, property, field or instance attribute (`self.x =`) the module defines."""
    classes = _class_sources()
    problems = []
    for m in re.finditer(r"`([A-Z]\w+)\.([a-z_]\w*)", text):
        cls, member = m.groups()
        pattern = rf"^\s+(?:def {member}\b|{member}\s*[:=]|self\.{member}\s*[:=])"
        if cls in classes and not any(re.search(pattern, src, flags=re.M) for src in classes[cls]):
            problems.append(f"{page.name}:{text.count(chr(10), 0, m.start()) + 1}: {cls} has no {member}")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_class_member_named_exists(page: Path) -> None:
    assert member_problems(page, page.read_text(encoding="utf-8")) == []


# --- `gpumemd/x.py` (`name`, `Class.method`) and `name` in `gpumemd/x.py`: defined in that file --

_IN_FILE = re.compile(
    # a file, then only the names it holds in parentheses: (`SafeDir`, `write_user_file`)
    r"`((?:gpumemd/)?(?:[a-z_]+/)*[a-z_]+\.py)` \((`[\w.]+`(?:\(\))?(?:,\s*`[\w.]+`(?:\(\))?)*)\)"
    r"|`([A-Za-z_][\w.]*)(?:\(\))?`,? in `((?:gpumemd|tests|bench)/[\w/]+\.py)`"
)


def placed_name_problems(page: Path, text: str) -> list[str]:
    problems = []
    for m in _IN_FILE.finditer(text):
        path = m.group(1) or m.group(4)
        names = re.findall(r"`([\w.]+)`", m.group(2)) if m.group(1) else [m.group(3)]
        file = ROOT / path if path.startswith(("gpumemd/", "tests/", "bench/")) else ROOT / "gpumemd" / path
        if not file.is_file():
            continue  # test_docs checks the file
        source = file.read_text(encoding="utf-8")
        for name in names:
            leaf = name.split(".")[-1]
            defined = rf"(?:def|class) {leaf}\b|^\s*{leaf}\s*[:=]|self\.{leaf}\s*[:=]"
            if not re.search(defined, source, flags=re.M):
                problems.append(f"{page.name}:{text.count(chr(10), 0, m.start()) + 1}: {path} has no {name}")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_name_placed_in_a_file_is_defined_there(page: Path) -> None:
    assert placed_name_problems(page, page.read_text(encoding="utf-8")) == []


# --- a repository path in the prose (not in code: test_docs checks those) exists -----------------

_BARE_PATH = re.compile(r"(?<![\w/.:-])((?:gpumemd|tests|bench|deploy|docs)/[\w./*-]*[\w*/])")


def bare_path_problems(page: Path, text: str) -> list[str]:
    prose = _SPAN.sub("", _prose(text))
    return [
        f"{page.name}:{prose.count(chr(10), 0, m.start()) + 1}: no {m.group(1)} in the repository"
        for m in _BARE_PATH.finditer(prose)
        if not any(True for _ in ROOT.glob(m.group(1).rstrip("/")))
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_repository_path_in_the_prose_exists(page: Path) -> None:
    assert bare_path_problems(page, page.read_text(encoding="utf-8")) == []


def package_path_problems(page: Path, text: str) -> list[str]:
    """`alerts/notify.py`, `agent/boot/`: a path inside gpumemd/ written from its packages down
    (test_docs checks the ones written from the repository's root)."""
    src = ROOT / "gpumemd"
    packages = {p.name for p in src.iterdir() if p.is_dir()}
    return [
        f"{page.name}:{text.count(chr(10), 0, m.start()) + 1}: no gpumemd/{m.group(1)}"
        for m in re.finditer(r"`((?:[a-z_]+/)+[\w.*]*)`", text)
        if m.group(1).split("/")[0] in packages and not any(True for _ in src.glob(m.group(1).rstrip("/")))
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_package_relative_path_exists(page: Path) -> None:
    assert package_path_problems(page, page.read_text(encoding="utf-8")) == []


# --- each checker fails on a planted error ----------------------------------------------------

def _planted(tmp_path: Path, text: str) -> Path:
    page = tmp_path / "planted.md"
    page.write_text(text)
    return page


def test_planted_commands_and_flags_are_found(tmp_path: Path) -> None:
    text = (
        "```sh\ngpumemd top --diff a b        # top has no --diff\n$ gpumemd serve --replay x\n```\n"
        "Run `gpumemd explain --snapshot F --url U`, `gpumemd rules export --format x`,\n"
        "`gpumemd status`, and `gpumemd run -- python train.py --epochs 3` (its own flags).\n"
    )
    problems = command_problems(_planted(tmp_path, text), text)
    assert [p.split(": ", 1)[1].split(":")[0] for p in problems] == [
        "`gpumemd top` takes no --diff",
        "`gpumemd rules export` takes no --format",
        "gpumemd has no command 'status'",
    ]
    text = "`python3 bench/scale.py --out s.json`, `python3 bench/http_impact.py --cpu --nodes 3`\n"
    assert script_problems(_planted(tmp_path, text), text) == [
        "planted.md:1: bench/http_impact.py takes no --nodes"
    ]


def test_planted_make_targets_are_found(tmp_path: Path) -> None:
    text = "```sh\nmake test PYTEST_ARGS=-x\nmake docs\n```\nthen `make GPU_PY=python3 gpu-slow`.\n"
    problems = make_problems(_planted(tmp_path, text), text)
    assert [p.split("target ")[1].split(":")[0] for p in problems] == ["'docs'", "'gpu-slow'"]


def test_planted_settings_are_found(tmp_path: Path) -> None:
    text = (
        "## Settings (`agent:`)\n\n| key | default | |\n|---|---|---|\n"
        "| `interval` | `100ms` | right |\n| `peak_window` | `10s` | wrong default |\n"
        "| `oom_max_snapshot_bytes` | `512MiB` | does not load as written |\n| `bogus` | `1` | no key |\n\n"
        "**Spool** (`sources.spool`):\n\n| key | default | |\n|---|---|---|\n"
        "| `max_file_bytes` | 4 MiB | right |\n| `max_scan_seconds` | 0.5 s | right |\n\n"
        "Set `agent.tick: often`, `interval: fast` (a key of the table), `sampler.intervall`;\n"
        "`sources.base` is a module, `agent.memory_history: off` loads.\n"
    )
    problems = [p.split(": ", 1)[1] for p in settings_problems(_planted(tmp_path, text), text)]
    expected = [
        "agent.peak_window: shown `10s`",
        "agent.oom_max_snapshot_bytes: the default as shown does not load",
        "agent.bogus: no such key",
        "`agent.tick: often` does not load",
        "`interval: fast` does not load",
        "`sampler.intervall` is no configuration key",
    ]
    assert len(problems) == len(expected) and all(map(str.startswith, problems, expected)), problems


def test_planted_layer_diagram_and_readme_and_names_are_found(tmp_path: Path) -> None:
    diagram = "## Layers\n```\ncli | steptrace\nagent | daemon   entry points\n     runtime continues\n```\n"
    assert diagram_layers(diagram) == [{"cli", "steptrace"}, {"agent", "daemon"}]
    assert diagram_layers(diagram) != contract_layers()
    assert unlinked_pages("[docs/agent.md](docs/agent.md)") != []
    assert rule_headings("### GpuMemoryNearlyFull\n### PytorchNoSuchRule\n") != alert_names()
    text = "`GpuMemoryNearlyFull`, `GpuMemoryNearlyEmpty`, `GpumemdCallback`; GPUMEMD_NO_SUCH_VAR"
    page = _planted(tmp_path, text)
    assert alert_problems(page, text) == ["planted.md: no rule is called GpuMemoryNearlyEmpty"]
    assert variable_problems(page, text) == ["planted.md: nothing reads GPUMEMD_NO_SUCH_VAR"]
    text = "`Agent.url_address`, `Agent.memory_figures()`, `Sampler.busy`, `Agent.no_such`, `Other.x`"
    assert member_problems(page, text) == ["planted.md:1: Agent has no no_such"]
    text = (
        "`gpumemd/cli.py` (`_Parser`, `_did_you_mean`, `_gone`),"
        " `alerts/engine.py` (`Engine.evaluate_stale`), `gpumemd/cli.py` (prose, `not_a_name`);"
        " `select_api` in `gpumemd/backends/torch_accel.py`,"
        " `select_apl` in `gpumemd/backends/torch_accel.py`"
    )
    assert placed_name_problems(page, text) == [
        "planted.md:1: gpumemd/cli.py has no _gone",
        "planted.md:1: gpumemd/backends/torch_accel.py has no select_apl",
    ]
    text = "tested (tests/deploy), by tests/integration/test_sbom.py; `tests/deploy/x.py` is code.\n"
    assert bare_path_problems(page, text) == ["planted.md:1: no tests/deploy in the repository"]
    text = "`alerts/notify.py`, `agent/boot/`, `sources/breakdown/split.py`, `k8s/base/x.yaml`"
    assert package_path_problems(page, text) == ["planted.md:1: no gpumemd/sources/breakdown/split.py"]
