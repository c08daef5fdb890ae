"""Config validates alert rules without importing alerts: `gpumemd.alerts.rules` registers its
compiler, and every entry point imports it, so `load()` stays the one gate everywhere."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers import ROOT


def fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True).stdout.strip()


def test_config_alone_imports_no_alerts_and_says_so_when_rules_are_asked_for() -> None:
    out = fresh("import sys, gpumemd.config as c\n"
                "print('gpumemd.alerts' in sys.modules)\n"
                "try:\n    c.AlertingConfig().loaded()\nexcept RuntimeError as e:\n    print('refused', 'alerts.rules' in str(e))")
    assert out.split("\n") == ["False", "refused True"]


@pytest.mark.parametrize("entry", ["gpumemd.cli", "gpumemd.daemon", "gpumemd.runtime", "gpumemd.agent.agent"])
def test_every_entry_point_registers_the_rule_compiler(entry: str) -> None:
    bad = 'alerting:\n  rules: [{alert: X, metric: no_such_metric, op: ">", threshold: 1}]\n'
    out = fresh(f"import {entry}\nfrom gpumemd.config import loads\n"
                f"try:\n    loads({bad!r})\n"
                "except Exception as e:\n    print(type(e).__name__, str(e))\nelse:\n    print('accepted')")
    assert out.startswith("ConfigError") and 'unknown metric "no_such_metric"' in out, out
