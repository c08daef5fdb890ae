"""Config validates alert rules without importing alerts: `gpumemd.alerts.rules.register_compiler()`
hands config its compiler, called explicitly by runtime and cli (so by every entry point), and
`load()` stays the one gate everywhere. Importing a module registers nothing by side effect."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.helpers import ROOT


def fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True).stdout.strip()


def test_config_alone_imports_no_alerts_and_says_so_when_rules_are_asked_for() -> None:
    out = fresh(
        "import sys, gpumemd.config as c\n"
        "print('gpumemd.alerts' in sys.modules)\n"
        "try:\n    c.AlertingConfig().loaded()\n"
        "except RuntimeError as e:\n    print('refused', 'alerts.rules' in str(e))"
    )
    assert out.split("\n") == ["False", "refused True"]


@pytest.mark.parametrize("entry", ["gpumemd.cli", "gpumemd.daemon", "gpumemd.runtime", "gpumemd.agent.agent"])
def test_every_entry_point_registers_the_rule_compiler(entry: str) -> None:
    bad = 'alerting:\n  rules: [{alert: X, metric: no_such_metric, op: ">", threshold: 1}]\n'
    out = fresh(
        f"import {entry}\nfrom gpumemd.config import loads\n"
        f"try:\n    loads({bad!r})\n"
        "except Exception as e:\n    print(type(e).__name__, str(e))\nelse:\n    print('accepted')"
    )
    assert out.startswith("ConfigError") and 'unknown metric "no_such_metric"' in out, out


def test_importing_the_rules_module_registers_nothing() -> None:
    out = fresh(
        "import gpumemd.alerts.rules as r, gpumemd.config as c\n"
        "try:\n    c.AlertingConfig().loaded()\nexcept RuntimeError:\n    print('refused')\n"
        "r.register_compiler()\nprint(len(c.AlertingConfig().loaded().rules) > 0)"
    )
    assert out.split("\n") == ["refused", "True"]


def test_the_compiler_is_registered_in_the_two_declared_places_only() -> None:
    # One declared way: an explicit call in runtime (the daemon, the agent, explain's local
    # sample) and cli (check-config without a runtime), not an import kept for its side effect.
    calls = []
    src = ROOT / "gpumemd"
    for path in sorted(src.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "register_compiler",
                "set_rule_compiler",
            ):
                calls.append(path.relative_to(src).as_posix())
    assert sorted(calls) == ["alerts/rules.py", "cli.py", "runtime.py"], calls
