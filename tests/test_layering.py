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


def test_a_contract_catches_an_arrow_running_back_up(tmp_path: Path) -> None:
    # The contracts must be able to fail: a copy of the package where a source imports the
    # runtime (relatively, inside a function) breaks the layers contract.
    import shutil as sh

    work = tmp_path / "repo"
    sh.copytree(ROOT / "gpumemd", work / "gpumemd", ignore=sh.ignore_patterns("__pycache__"))
    sh.copy(ROOT / "pyproject.toml", work / "pyproject.toml")
    host = work / "gpumemd" / "sources" / "host.py"
    host.write_text(host.read_text() + "\n\ndef _upward() -> None:\n    from .. import runtime  # noqa: F401\n")
    r = subprocess.run([lint_imports(), "--no-cache"], cwd=work, capture_output=True, text=True, timeout=300,
                       env={"PYTHONPATH": str(work), "PATH": "/usr/bin:/bin"})
    assert r.returncode != 0, r.stdout[-2000:]
    assert "gpumemd.sources.host -> gpumemd.runtime" in r.stdout, r.stdout[-3000:]
