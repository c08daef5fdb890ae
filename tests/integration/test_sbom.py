"""`make sbom`: a CycloneDX SBOM of the daemon's runtime packages, as CI and a release run it.

It resolves gpumemd's dependencies from the package index into a virtualenv of its own; the
schema validation cyclonedx-py does by default (about 8 s of loading JSON schemas) is left to
`make sbom` itself: here the document's content is checked instead, to keep the test short.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from tests.helpers import ROOT

VENV = Path(sys.executable).parent.parent


@pytest.mark.skipif(shutil.which("make") is None or not (VENV / "bin" / "cyclonedx-py").exists(),
                    reason="needs make and cyclonedx-py (pip install cyclonedx-bom: the test extra)")
def test_make_sbom_describes_the_runtime_packages(tmp_path: Path) -> None:
    out = tmp_path / "sbom.cdx.json"
    # -o: this virtualenv is the one `make sbom` would otherwise create (.venv/.test)
    r = subprocess.run(["make", "-s", "-o", f"{VENV}/.test", "sbom", f"VENV={VENV}", f"PY={sys.executable}",
                        f"SBOM={out}", f"SBOM_ENV={tmp_path / 'env'}", "SBOM_ARGS=--no-validate"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    bom = json.loads(out.read_text())
    assert bom["bomFormat"] == "CycloneDX" and bom["specVersion"] == "1.6"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    root = bom["metadata"]["component"]
    from gpumemd.version import __version__  # pyproject's version is dynamic: this one

    assert (root["name"], root["version"], root["type"]) == ("gpumemd", __version__, "application")
    components = {c["name"].lower().replace("_", "-"): c for c in bom["components"]}
    wanted = [d.split(">")[0].split("=")[0].split("[")[0].strip().lower()
              for d in project["dependencies"] + project["optional-dependencies"]["kubelet"]]
    for name in wanted:
        c = components[name]
        assert c["version"] and c["purl"] == f"pkg:pypi/{name}@{c['version']}", c
    # the runtime only: none of the test tools or torch
    assert not {"pytest", "torch", "ruff", "mypy", "cyclonedx-bom"} & set(components)
