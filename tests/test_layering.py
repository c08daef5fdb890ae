"""The architecture, enforced: the import-linter contracts in pyproject.toml (layers, who may
import torch, pynvml, psutil and grpc, the daemon never importing the agent) hold.

import-linter resolves relative imports and function-level imports too; this runs it from
the suite so `pytest` alone catches an arrow running back up (`make lint` runs it as well).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def lint_imports() -> str:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if exe is None:
        pytest.skip("import-linter is not installed (pip install -e . --group test)")
    return exe


def test_the_import_contracts_hold() -> None:
    r = subprocess.run([lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert "0 broken" in r.stdout, r.stdout[-2000:]


def _broken_copy(tmp_path: Path, edits: dict[str, str]) -> str:
    """lint-imports' report on a copy of the package with `edits` (a module's path -> text
    appended to it); asserts that some contract broke."""
    import shutil as sh

    work = tmp_path / "repo"
    sh.copytree(ROOT / "gpumemd", work / "gpumemd", ignore=sh.ignore_patterns("__pycache__"))
    sh.copy(ROOT / "pyproject.toml", work / "pyproject.toml")
    for path, text in edits.items():
        module = work / "gpumemd" / path
        module.write_text(module.read_text() + text)
    r = subprocess.run([lint_imports(), "--no-cache"], cwd=work, capture_output=True, text=True, timeout=300,
                       env={"PYTHONPATH": str(work), "PATH": "/usr/bin:/bin"})
    assert r.returncode != 0, r.stdout[-2000:]
    return r.stdout


def test_a_contract_catches_an_arrow_running_back_up(tmp_path: Path) -> None:
    # The contracts must be able to fail: a copy of the package where a source imports the
    # runtime (relatively, inside a function) breaks the layers contract.
    upward = "\n\ndef _upward() -> None:\n    from .. import runtime  # noqa: F401\n"
    out = _broken_copy(tmp_path, {"sources/host.py": upward})
    assert "gpumemd.sources.host -> gpumemd.runtime" in out, out[-3000:]


# Each circle the tree once had, put back: a deferred import between the torch adapters, a
# type-only one between the agent's modules, and a sibling package imported back.
@pytest.mark.parametrize(("path", "text", "package"), [
    ("backends/torch_cuda.py", "\n\ndef _deferred() -> None:\n    from . import torch_accel  # noqa: F401\n",
     "gpumemd.backends"),
    ("agent/process.py", "\nif TYPE_CHECKING:\n    from .agent import Agent  # noqa: F401\n",
     "gpumemd.agent"),
    ("spool/format.py", "\n\ndef _names() -> None:\n    from gpumemd.alerts import rules  # noqa: F401\n",
     "gpumemd"),
])
def test_a_circle_inside_a_package_breaks_a_contract(tmp_path: Path, path: str, text: str,
                                                     package: str) -> None:
    out = _broken_copy(tmp_path, {path: text})
    assert f"No cycles are allowed in {package}." in out, out[-3000:]


def test_the_agent_loading_the_daemons_spool_reader_breaks_a_contract(tmp_path: Path) -> None:
    back = "\nfrom .breakdown import BreakdownSource  # noqa: F401\n"
    out = _broken_copy(tmp_path, {"sources/process.py": back})
    assert "The agent never loads the daemon's spool reader" in out and "BROKEN" in out, out[-3000:]


def test_the_node_daemons_sources_are_wired_in_one_place() -> None:
    # sources/node.py builds the daemon's collectors (serve, explain's local sample); capture.py
    # builds its own on purpose: it records the backends' answers with everything on,
    # whatever the configuration says, and is no daemon.
    import ast

    daemon_sources = {"NvmlSource", "HostSource", "SpoolSource", "BreakdownSource", "with_attribution"}
    built: dict[str, set[str]] = {}
    src = ROOT / "gpumemd"
    for path in sorted(src.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in daemon_sources):
                built.setdefault(path.relative_to(src).as_posix(), set()).add(node.func.id)
    assert built == {
        "sources/node.py": daemon_sources,
        "commands/capture.py": {"NvmlSource", "HostSource"},
    }, built


# The commands run where no training runs: importing the agent (even inside a function), or
# torch directly, breaks a contract; so does the agent importing a command, and a lower
# module of the package importing a higher one.
@pytest.mark.parametrize(
    ("path", "text", "contract"),
    [
        (
            "commands/top.py",
            "\n\ndef _agent() -> None:\n    from gpumemd.agent import identity  # noqa: F401\n",
            "The commands and the agent are independent of each other",
        ),
        (
            "agent/identity.py",
            "\n\ndef _explain() -> None:\n    from gpumemd.commands import explain  # noqa: F401\n",
            "The commands and the agent are independent of each other",
        ),
        (
            "commands/format.py",
            "\n\ndef _torch() -> None:\n    import torch  # noqa: F401\n",
            "The commands never import torch or the profiler (capture --torch reads it through the backend)",
        ),
        (
            "commands/client.py",
            "\n\ndef _up() -> None:\n    from . import explain  # noqa: F401\n",
            "Inside the commands: the commands' flags > top, the job view > explain > node > client > format",
        ),
    ],
)
def test_the_commands_importing_the_agent_or_torch_break_a_contract(
    tmp_path: Path, path: str, text: str, contract: str
) -> None:
    out = _broken_copy(tmp_path, {path: text})
    assert f"{contract} BROKEN" in " ".join(out.split()), out[-3000:]  # the report wraps long names
