"""`gpumemd.preflight(...)`, the Python API: the same call before and after the subpackage is
imported (Python then binds the package to the name: it is callable), and its report."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers import ROOT


def test_gpumemd_preflight_is_the_call_before_and_after_its_package_is_imported() -> None:
    code = (
        "import gpumemd\n"
        "first = gpumemd.preflight\n"
        "import gpumemd.preflight as package\n"
        "assert first is package and gpumemd.preflight is package and package.preflight is package\n"
        "for call in (first, gpumemd.preflight):\n"
        "    r = call('tests.unit.preflight.models:tiny', [(1, 8)], device='H100-80GB')\n"
        "    assert r.fits is True and r.exit_code == 0 and r.shapes[0].figures.batch == 1\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_import_gpumemd_does_not_load_torch_for_preflight() -> None:
    code = "import sys, gpumemd, gpumemd.cli\nassert 'torch' not in sys.modules\nprint('ok')\n"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
