"""The architecture, enforced: who may import torch and pynvml, and no arrow running back up."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "gpumemd"


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def modules() -> dict[str, set[str]]:
    return {str(p.relative_to(PKG)): imports(p) for p in PKG.rglob("*.py")}


def test_only_allocator_source_agent_and_profiler_import_torch() -> None:
    allowed = {"sources/allocator.py", "agent.py", "oom.py", "profiler.py", "profiler_plot.py", "reconcile.py",
               "sources/process.py", "agent_boot/sitecustomize.py", "capture.py", "steptrace.py"}
    offenders = {m for m, imps in modules().items() if any(i == "torch" or i.startswith("torch.") for i in imps)}
    assert offenders <= allowed, offenders - allowed


def test_only_the_nvml_source_imports_pynvml() -> None:
    offenders = {m for m, imps in modules().items() if "pynvml" in imps}
    assert offenders <= {"sources/nvml.py"}, offenders


def test_sources_know_nothing_of_http_or_the_runtime() -> None:
    upper = {"server", "endpoints", "runtime", "daemon", "agent", "cli"}
    for module, imps in modules().items():
        if module.startswith("sources/"):
            text = (PKG / module).read_text()
            assert not any(f"from ..{u} import" in text or f"gpumemd.{u}" in imps for u in upper), module
