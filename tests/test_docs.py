"""What the README and docs/ say exists, exists: every metric name, every command-line flag,
every file path in the repository they name, and every page they link to; and every code
block runs (or says why it cannot run here)."""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import importlib.util
import itertools
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from gpumemd import cli, config, known_metrics
from tests import docblocks
from tests.docblocks import PAGES, ROOT
from tests.helpers import EIGHT_RANKS

# Flags of other programs that the docs show in their own command lines.
FOREIGN_FLAGS = {
    "--rm", "--gpus", "--pid",  # docker run
    "--build-arg",  # docker build
    "--format",  # docker inspect
    "--follow-tags",  # git push
    "--nproc-per-node", "--rdzv-id", "--standalone",  # torchrun
    "--junitxml", "--durations",  # pytest
    "--strict",  # kubernetes-validate
    "--index-url", "--group", "--no-deps", "--upgrade",  # pip
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
    for script in [
        *(ROOT / "bench").glob("*.py"),
        *(ROOT / "deploy").rglob("*.py"),
        ROOT / "tests" / "conftest.py",
    ]:
        found.update(re.findall(r"\"(--[a-z][a-z0-9.-]*)\"", script.read_text()))
    return found


def resolves(dotted: str) -> bool:
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
            any(True for _ in ROOT.glob(p)) for p in _expand(path)
        ):
            missing.append(path)
    for link in set(_LINK.findall(text)):
        if not (page.parent / link).exists():
            missing.append(link)
    for dotted in set(_MODULE.findall(text)):
        if not resolves(dotted):
            missing.append(dotted)
    assert sorted(missing) == [], f"{page.name} names files that do not exist"


def test_the_readme_is_a_short_path() -> None:
    # the blocks' markers (HTML comments) are not shown to a reader
    lines = [ln for ln in _text(ROOT / "README.md").splitlines() if not ln.startswith("<!--")]
    assert len(lines) <= 150, "README.md: keep it a newcomer's path; details belong in docs/"


# --- Docs that run --------------------------------------------------------------------------------
# Every fenced block of the README and docs/ runs here, or says why not with
# `<!-- not-run: why -->` (or `<!-- tested-by: FILE -->`: that test runs it) on the line before.
#   python   a subprocess in a temp dir holding FIXTURE_FILES, with FIXTURE_PY's names defined
#   sh       each line, all `gpumemd` (this tree's); exit 0, or the status its comment documents
#   console  the `$ ` lines run in one shell; their output must be the block's other lines
#   yaml     parsed; a gpumemd configuration (its top-level keys are sections) passes check-config;
#            one whose first line is `# NAME.yml` is that file for the page's other blocks
#   promql   each expression parsed by promtool, as a recording rule

BLOCKS = [b for page in PAGES for b in docblocks.blocks(page)]
FIXTURE_PY = """\
# the docs' stand-ins for the user's code (torch's CPU build, imported only where a block uses them)
def _model_and_batch():
    import torch
    return torch.nn.Linear(8, 8), torch.ones(4, 8)
def train():
    model, batch = _model_and_batch()
    model(batch).sum().backward()
def evaluate():
    model, batch = _model_and_batch()
    model(batch).sum()
# one agent per process at a time: a second while one runs would claim its port and spool file
import gpumemd.agent.agent as _agent, gpumemd.agent.process as _process
_start = _agent.Agent.start
def _one_at_a_time(self):
    assert not [a for a in _process.running if a is not self], "a second agent while one runs"
    return _start(self)
_agent.Agent.start = _one_at_a_time
"""
FIXTURE_FILES = {
    "agent.yaml": "agent: {listen_address: null}  # no port taken: tests run side by side\n",
    "bad.yaml": "sampler: {interval: fast}\nsources: {nvml: {bogus: 1}}\n",
}
# The files a configuration block names under /etc/gpumemd: made in the temp dir, the paths rewritten.
FIXTURE_ETC = {"hook-url": "http://127.0.0.1:9/hook\n", "hook-pw": "secret\n", "rules/": ""}
# Programs the docs show that need what no test box has: their lines are not run.
ELSEWHERE = {
    "docker": "needs a Docker engine (CI lints the Dockerfile and compose file: test_deploy_lint.py)",
    "kubectl": "needs a Kubernetes cluster (CI renders and validates deploy/k8s: test_deploy_lint.py)",
    "kustomize": "edits the user's own overlay (CI renders deploy/k8s offline: test_deploy_lint.py)",
}
RUNNABLE = {"python", "sh", "console", "yaml", "promql"}
RUNS_HERE = {"gpumemd"}  # the programs a shell block may run here: nothing else is started
_EXIT = re.compile(r"\bexit (\d)\b")
_NAMED = re.compile(r"# ([\w.-]+\.ya?ml)\n")


def _fixtures(tmp: Path, page: Path) -> dict[str, str]:
    """The temp dir every block runs in, and the environment: this tree's gpumemd first on PATH,
    the agent's spool in the temp dir, a replayed node (capture.json and its ranks' spool)."""
    for name, text in FIXTURE_FILES.items():
        (tmp / name).write_text(text)
    for other in docblocks.blocks(page):  # the files the page shows (`# spool.yml`)
        named = _NAMED.match(other.text) if other.lang == "yaml" else None
        if named:
            (tmp / named.group(1)).write_text(other.text)
    shutil.copy(EIGHT_RANKS, tmp / "capture.json")
    if str(ROOT / "bench") not in sys.path:
        sys.path.insert(0, str(ROOT / "bench"))
    import synth_capture  # the ranks of the replayed node, written through the agent's own code

    from gpumemd.backends.replay import load_capture

    synth_capture.write_spool(load_capture(EIGHT_RANKS), tmp / "spool", written=time.time(), job_id="77")
    for name, text in FIXTURE_ETC.items():
        path = tmp / "etc" / "gpumemd" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith("/"):
            path.mkdir(exist_ok=True)
        else:
            path.write_text(text)
    bin_dir = tmp / ".bin"
    bin_dir.mkdir()
    (bin_dir / "gpumemd").write_text(f'#!/bin/sh\nexec {sys.executable} -m gpumemd "$@"\n')
    (bin_dir / "gpumemd").chmod(0o755)
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "GPUMEMD_SPOOL_DIR": str(tmp / "agent-spool"),
    }


def _run_sh(block: docblocks.Block, tmp: Path, env: dict[str, str]) -> None:
    lines = docblocks.shell_lines(block)
    others = [c for c, _ in lines if c.split()[0] not in RUNS_HERE]
    assert others == [], (
        f"{block.where}: only {sorted(RUNS_HERE)} commands run here; "
        "put <!-- not-run: why --> before this block"
    )
    for command, comment in lines:
        r = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
        documented = _EXIT.search(comment)
        allowed = {0, int(documented.group(1))} if documented else {0}
        assert r.returncode in allowed, f"{block.where}: {command}: exit {r.returncode}: {r.stderr[-2000:]}"


def _run_console(block: docblocks.Block, tmp: Path, env: dict[str, str]) -> None:
    lines = block.text.splitlines()
    script = "\n".join(ln[2:] for ln in lines if ln.startswith("$ "))
    expected = [ln for ln in lines if not ln.startswith("$ ")]
    r = subprocess.run(
        ["bash", "-c", script],
        cwd=tmp,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert r.stdout.splitlines() == expected, f"{block.where}: the transcript differs"


def _check_yaml(block: docblocks.Block, tmp: Path, env: dict[str, str]) -> None:
    data = yaml.safe_load(block.text)
    assert data is not None, f"{block.where}: empty"
    sections = {f.name for f in dataclasses.fields(config.Config)}
    if isinstance(data, dict) and set(data) <= sections:
        path = tmp / "block.yaml"
        path.write_text(block.text.replace("/etc/gpumemd/", f"{tmp}/etc/gpumemd/"))
        r = subprocess.run(
            [sys.executable, "-m", "gpumemd", "check-config", "--agent", str(path)],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert r.returncode == 0, f"{block.where}: check-config: {r.stderr}"


def _check_promql(block: docblocks.Block, tmp: Path) -> None:
    promtool = shutil.which("promtool")
    if promtool is None:
        pytest.skip("promtool not installed (apt-get install prometheus)")
    expressions, current = [], []
    for line in [*block.text.splitlines(), ""]:
        if line.strip() and not line.lstrip().startswith("#"):
            current.append(line)
        elif current:
            expressions.append(" ".join(current))
            current = []
    rules = {
        "groups": [
            {
                "name": "docs",
                "rules": [{"record": f"docs:expr{i}", "expr": e} for i, e in enumerate(expressions)],
            }
        ]
    }
    (tmp / "rules.yml").write_text(yaml.safe_dump(rules))
    r = subprocess.run(
        [promtool, "check", "rules", str(tmp / "rules.yml")], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, f"{block.where}: {r.stdout}{r.stderr}"


def _elsewhere(block: docblocks.Block) -> list[str]:
    """Why a shell block's lines cannot run here, if every one of them is such a line."""
    commands = docblocks.shell_commands(block) if block.lang == "sh" else []
    reasons = [ELSEWHERE.get(c.split()[0]) for c in commands]
    return [r for r in reasons if r] if commands and all(reasons) else []


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: f"{b.page.name}:{b.line}")
def test_every_block_runs_or_says_why_not(block: docblocks.Block, tmp_path: Path) -> None:
    if block.marker == "not-run":
        assert len(block.reason.split()) >= 3, f"{block.where}: say why it cannot run here"
        return
    if block.marker == "tested-by":
        test = ROOT / block.reason
        assert test.is_file() and str(block.page.relative_to(ROOT)) in test.read_text(), (
            f"{block.where}: {block.reason} does not run this page's blocks"
        )
        return
    if _elsewhere(block):
        return
    assert block.lang in RUNNABLE, (
        f"{block.where}: a ```{block.lang} block this test cannot run: give it a "
        "language it runs, or <!-- not-run: why --> before it"
    )
    env = _fixtures(tmp_path, block.page)
    if block.lang == "python":
        (tmp_path / "block.py").write_text(FIXTURE_PY + block.text)
        r = subprocess.run(
            [sys.executable, "block.py"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            stdin=subprocess.DEVNULL,
        )
        assert r.returncode == 0 and "Traceback" not in r.stderr, f"{block.where}: {r.stderr[-3000:]}"
    elif block.lang == "sh":
        _run_sh(block, tmp_path, env)
    elif block.lang == "console":
        _run_console(block, tmp_path, env)
    elif block.lang == "yaml":
        _check_yaml(block, tmp_path, env)
    else:
        _check_promql(block, tmp_path)
