"""A configuration's URLs at the check-config boundary: alerting.runbook_base_url, which is
put into every alert payload, is an absolute http(s) URL of bounded length, checked in time
linear in its length, and reported in one short line whatever it holds."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from gpumemd.config.schema import AlertingConfig
from tests.helpers import ROOT


def check_config(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpumemd", "check-config", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)


def test_a_huge_runbook_base_url_is_refused_quickly_in_one_line(tmp_path: Path) -> None:
    """Near the file's 1 MiB cap: a backtracking URL pattern took minutes here."""
    conf = tmp_path / "c.yaml"
    conf.write_text('alerting:\n  runbook_base_url: "http://' + "a" * 900_000 + ' x"\n')
    start = time.monotonic()
    r = check_config(conf)
    assert time.monotonic() - start < 10
    assert r.returncode == 2 and "Traceback" not in r.stderr
    (line,) = r.stderr.splitlines()
    assert "alerting.runbook_base_url: expected an absolute http(s) URL" in line and len(line) < 300


@pytest.mark.parametrize("value", [
    "http://" + "a" * 200_000 + " ",  # non-matching at the very end: the worst case for backtracking
    "https://wiki.example.com/" + "/" * 100_000 + "\n",
    "javascript:alert(1)", "file:///etc/passwd", "//example.com/x", "https://exa mple.com/",
    "https://example.com/\u202eevil",  # control/format characters are escaped in the message
])
def test_hostile_runbook_base_urls_are_refused_in_linear_time(value: str) -> None:
    start = time.perf_counter()
    errors = AlertingConfig(default_rules=False, runbook_base_url=value).validate()
    assert time.perf_counter() - start < 0.5
    if value.startswith("https://example.com/\u202e"):
        return  # a valid absolute URL (the payload carries it as data); only its display is escaped
    (err,) = [e for e in errors if e.startswith("runbook_base_url:")]
    assert len(err) < 300 and err.isprintable()


def test_the_longest_accepted_base_url_is_bounded() -> None:
    ok = "https://wiki.example.com/" + "a" * (2048 - len("https://wiki.example.com/"))
    assert AlertingConfig(default_rules=False, runbook_base_url=ok).validate() == []
    assert AlertingConfig(default_rules=False, runbook_base_url=ok + "a").validate() != []
