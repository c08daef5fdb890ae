"""The GPU suite's two tiers, checked on the CPU (docs/development.md, "Tests").

`make gpu-fast` (`-m "gpu and not slow"`) must exercise every GPU-facing module on the device:
tests/gpu/conftest.py's FAST_TIER names, per module, the fast tests that do. Here it is held
against the tree (a new module that imports torch, pynvml, cupy or a GPU backend has no row:
fail) and against pytest's own selection (a named test marked slow or gone, or a fast test no
row names: fail). And a GPU test that hangs fails with every thread's stack, not a stuck run.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.gpu.conftest import EXTRA_GPU_FACING, FAST_TIER
from tests.helpers import ROOT

# What makes a module GPU-facing: it imports one of these (at any level, in any function).
GPU_IMPORTS = ("torch", "pynvml", "cupy", "gpumemd.backends.nvml", "gpumemd.backends.torch_cuda",
               "gpumemd.backends.torch_accel", "gpumemd.backends.torch_oom")
FAST = "gpu and not slow"


def modules(root: Path) -> dict[str, Path]:
    """Every module and package of the `gpumemd` tree under `root`, by dotted name."""
    out = {}
    for path in sorted((root / "gpumemd").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imported(name: str, path: Path) -> set[str]:
    """The absolute names a module imports, its relative imports resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def gpu_facing(root: Path) -> set[str]:
    found = {name for name, path in modules(root).items()
             if any(n == g or n.startswith(g + ".") for n in imported(name, path) for g in GPU_IMPORTS)}
    return found | EXTRA_GPU_FACING


def covered(module: str) -> bool:
    """A row for the module, or for a package that holds it (`gpumemd.integrations`)."""
    return any(module == key or module.startswith(key + ".") for key in FAST_TIER)


def test_every_gpu_facing_module_has_a_fast_gpu_test() -> None:
    missing = sorted(m for m in gpu_facing(ROOT) if not covered(m))
    assert missing == [], (
        "GPU-facing modules without a row in tests/gpu/conftest.py's FAST_TIER: give each a "
        f"fast GPU test (or name the fast test that exercises it): {missing}"
    )


def test_every_row_is_a_module_of_the_tree() -> None:
    assert sorted(FAST_TIER.keys() - modules(ROOT).keys()) == []
    assert sorted(EXTRA_GPU_FACING - modules(ROOT).keys()) == []


def test_a_new_module_that_imports_a_gpu_backend_is_found(tmp_path: Path) -> None:
    # The rule must be able to fail: a module added under any package, importing the CUDA
    # backend relatively inside a function, is GPU-facing and has no row.
    package = tmp_path / "gpumemd" / "sources"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "fragments.py").write_text("def read():\n    from ..backends import torch_cuda\n")
    (package / "plain.py").write_text("import json\n")
    found = gpu_facing(tmp_path) - EXTRA_GPU_FACING
    assert found == {"gpumemd.sources.fragments"} and not covered("gpumemd.sources.fragments")


def collected(marks: str) -> set[str]:
    """The GPU tests pytest selects with `-m marks` (collected here too: only skipped)."""
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "-m",
            marks,
            "tests/gpu",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return {
        line.removeprefix("tests/gpu/") for line in r.stdout.splitlines() if line.startswith("tests/gpu/")
    }


def test_the_fast_tier_runs_exactly_the_tests_the_table_names() -> None:
    fast, named = collected(FAST), {test for tests in FAST_TIER.values() for test in tests}
    assert sorted(named - fast) == [], "named in FAST_TIER but slow or gone"
    assert sorted(fast - named) == [], (
        "in the fast tier but named in no FAST_TIER row: mark it "
        "@pytest.mark.slow, or name it as the test of a module"
    )
    assert fast < collected("gpu")  # the full suite is the fast tier and the slow tests


def test_a_hung_gpu_test_fails_with_every_threads_stack(tmp_path: Path) -> None:
    # the GPU conftest's limit, loaded as a plugin around a test that sleeps past it
    (tmp_path / "test_hangs.py").write_text(
        "import time\nimport pytest\n\n\n@pytest.mark.timeout_s(1)\ndef test_hangs():\n    time.sleep(30)\n"
    )
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "tests.gpu.conftest",
            "test_hangs.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 1, r.stdout[-3000:] + r.stderr[-3000:]
    assert "GpuTestTimeout" in r.stdout and "ran past 1 s" in r.stdout, r.stdout[-3000:]
    assert "most recent call first" in r.stdout and "test_hangs.py" in r.stdout, r.stdout[-3000:]
