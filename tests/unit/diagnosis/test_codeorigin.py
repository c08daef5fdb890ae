"""User code by module origin (diagnosis/codeorigin.py): library code is what lies under the
standard library, installed packages, gpumemd's and torch's package roots; a user's checkout
is user code whatever its folders are called (issue 37: `/home/u/gpumemd/`, `/workspace/torch/`)."""

from __future__ import annotations

import os
import threading
import types

import pytest

import gpumemd
from gpumemd.diagnosis.codeorigin import CodeOrigin
from gpumemd.diagnosis.leak import find_leaks


@pytest.mark.parametrize("foreign", [False, True])
@pytest.mark.parametrize(
    "path",
    [
        "/home/u/gpumemd/train.py",
        "/workspace/torch/train.py",
        "/home/u/torch/nn/linear.py",
        "/srv/site-packages-like/train.py",
        "/home/u/lib/pythonic/train.py",
        __file__,
    ],
)
def test_user_checkouts_are_user_code_whatever_their_folders_are_named(path: str, foreign: bool) -> None:
    assert CodeOrigin.here(foreign=foreign).is_user(path)


def test_library_code_by_its_roots() -> None:
    origin = CodeOrigin.here()
    assert not origin.is_user(threading.__file__)  # the standard library
    assert not origin.is_user(os.path.join(os.path.dirname(gpumemd.__file__), "agent", "leakfind.py"))
    assert not origin.is_user("<frozen importlib._bootstrap>") and not origin.is_user("??")
    torch = pytest.importorskip("torch")
    assert not origin.is_user(torch.nn.modules.linear.__file__)


def test_another_hosts_installed_layouts_are_library_code_offline() -> None:
    foreign = CodeOrigin.here(foreign=True)
    assert not foreign.is_user("/opt/conda/lib/python3.12/site-packages/torch/nn/modules/linear.py")
    assert not foreign.is_user("/usr/lib/python3/dist-packages/transformers/models/gpt2.py")
    assert not foreign.is_user("/usr/lib/python3.12/threading.py")
    assert CodeOrigin.here().is_user("/opt/conda/lib/python3.99/x.py")  # in-process: not a root here


def test_a_torch_imported_from_a_checkout_is_library_code() -> None:
    """torch's package root comes from the imported module (`__spec__.origin`), so a torch
    built from source in /workspace/pytorch/torch stays library code; its root is read through
    the module type's own dict (a lazy module's __getattr__ never runs)."""
    calls: list[str] = []

    class Lazy(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            calls.append(name)
            raise AttributeError(name)

    fake = Lazy("torch")
    fake.__file__ = "/workspace/pytorch/torch/__init__.py"
    origin = CodeOrigin.here({"torch": fake})
    assert not origin.is_user("/workspace/pytorch/torch/nn/functional.py")
    assert origin.is_user("/workspace/pytorch/train.py") and calls == []


def test_the_leak_site_is_the_first_frame_in_a_checkout_named_gpumemd() -> None:
    frames = [
        {"filename": "/opt/conda/lib/python3.12/site-packages/torch/nn/linear.py", "line": 1, "name": "f"},
        {"filename": "/home/u/gpumemd/train.py", "line": 88, "name": "step"},
    ]

    def snap(n: int) -> dict:
        blocks = [{"address": i << 20, "size": 1 << 20, "state": "active_allocated", "frames": frames}
                  for i in range(n)]
        return {"segments": [{"device": 0, "blocks": blocks}]}

    report = find_leaks([snap(1), snap(3), snap(5)], 6)
    assert [(s.file, s.line) for s in report.sites] == [("/home/u/gpumemd/train.py", 88)]


def test_the_retainer_tests_pass_in_a_checkout_whose_folder_is_named_gpumemd(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 37: a checkout in a folder named `gpumemd` was library code to a path substring."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(gpumemd.__file__).parents[1]
    checkout = tmp_path / "gpumemd"
    shutil.copytree(root / "gpumemd", checkout / "gpumemd", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(root / "tests", checkout / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(checkout),
         "tests/unit/agent/test_retainers.py"],
        cwd=checkout, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(checkout)},
    )
    assert run.returncode == 0, run.stdout[-3000:]
    assert " passed" in run.stdout and "failed" not in run.stdout

