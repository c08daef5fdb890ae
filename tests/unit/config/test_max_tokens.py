"""agent.max_tokens: the OOM forecast's largest batch (docs/forecast.md), validated like every key."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gpumemd.config import ConfigError
from gpumemd.config.loader import loads


@pytest.mark.parametrize("text, expected", [("8192", 8192), ("null", None), ("1_099_511_627_776", 1 << 40)])
def test_max_tokens_is_accepted(text, expected):
    assert loads(f"agent:\n  max_tokens: {text}\n").agent.max_tokens == expected
    assert loads("agent: {}\n").agent.max_tokens is None


@pytest.mark.parametrize("text", ["0", "-5", "1.5", "'4096'", "true", "1_099_511_627_777", "[1]"])
def test_a_bad_max_tokens_is_a_config_error(text):
    with pytest.raises(ConfigError, match="agent.max_tokens"):
        loads(f"agent:\n  max_tokens: {text}\n")


def test_check_config_accepts_and_refuses_it(tmp_path):
    good, bad = tmp_path / "good.yml", tmp_path / "bad.yml"
    good.write_text("agent:\n  max_tokens: 65536\n")
    bad.write_text("agent:\n  max_tokens: 0\n")
    run = [sys.executable, "-m", "gpumemd", "check-config", "--agent", "--config.file"]
    ok = subprocess.run([*run, str(good)], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    refused = subprocess.run([*run, str(bad)], capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0 and "agent.max_tokens: must be > 0" in refused.stderr + refused.stdout
