"""Configuration, rule and web-config YAML keeps what it builds within `untrusted.allowance` of
the file (docs/security.md, section 2): four times its bytes and 1 MiB, as JSON. A file built to
cost the most per byte (a map a line, distinct short keys) is refused the moment what is built
reaches it; large legitimate files (the default rules renamed to 600, terse rules to 1 MiB,
100,000 one-character values) are read as PyYAML's safe loader reads them. On main the reader
built PyYAML's tree of nodes first: 185 times the file of one-character values, 52 times terse
rules, 90 times distinct keys (bench/results/2026-11-28-cpu-yaml-4x).

Peak memory is Python's own allocations as tracemalloc counts them around `yamlsafe.load_file`,
the file's own bytes included. And a notifier's `timeout` has a maximum.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from bench.yaml_budget import TERSE, rule_file, up_to
from gpumemd import config
from gpumemd.config import yamlsafe
from gpumemd.untrusted import allowance
from tests.helpers import peak_allocated

MIB = 1 << 20
# what the reader allocates beyond its price: frames, one event, one scalar's node
UNPRICED = 64 << 10
REFUSED = "refused: its objects would take more than "


# name: (text, read or refused)
CASES: dict[str, tuple[str, bool]] = {
    "one-character values, flow": ("[" + ",".join(["a"] * 99_999) + "]", True),
    "one-character values, block": ("- a\n" * 99_999, True),
    "600 default rules": (rule_file(600), True),
    "terse rules": (up_to(TERSE, 512 << 10, "alerting:\n  default_rules: false\n  rules:\n"), True),
    "long keys and values": (up_to("k{i:0>1000}: v{i:0>1000}\n", MIB), True),
    "nested 64 deep": ("a: " + "[" * 61 + "{b: [1, 2.5, x]}" + "]" * 61 + "\n", True),
    "nested 64 deep, repeated": (up_to("- " + "[" * 62 + "a{i}" + "]" * 62 + "\n", 256 << 10), False),
    "distinct short keys to 1 MiB": (up_to("k{i}: 1\n", MIB), False),
    "a map a line": ("- {k: 1}\n" * 33_000, False),
    "a list of empty maps": ("[" + ",".join(["{}"] * 99_000) + "]", False),
}


@pytest.mark.parametrize("name", CASES)
def test_configuration_yaml_keeps_what_it_builds_within_its_allowance(tmp_path: Path, name: str) -> None:
    text, read = CASES[name]
    path = tmp_path / "c.yaml"
    path.write_text(text)
    size = path.stat().st_size
    assert size <= yamlsafe.MAX_FILE_BYTES
    outcome: list[object] = []

    def load() -> None:
        try:
            outcome.append(yamlsafe.load_file(path))
        except yamlsafe.YamlError as exc:
            outcome.append(exc)

    peak = peak_allocated(load)
    assert peak <= allowance(size) + size + UNPRICED, f"{peak / size:.1f} times the file"
    if read:
        assert outcome[0] == yaml.safe_load(text)
    else:
        assert isinstance(outcome[0], yamlsafe.YamlError) and str(outcome[0]).startswith(REFUSED), outcome[0]


def test_a_file_past_its_allowance_is_one_line_naming_where(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("sampler: {interval: 1s}\nx:\n" + "- {k: 1}\n" * 33_000)
    with pytest.raises(config.ConfigError) as err:
        config.load(path)
    (line,) = err.value.lines()
    where = r"\d+ MiB \(\d+x its \d+ bytes\) \(line \d+, column 3\)"
    assert re.fullmatch(re.escape(f"{path}: {REFUSED}") + where, line), line


@pytest.mark.parametrize(
    ("timeout", "error"),
    [("5m", None), ("301s", 'must be at most 5m, got "301s"'), ("365d", 'must be at most 5m, got "365d"')],
)
def test_a_notifiers_timeout_has_a_maximum(timeout: str, error: str | None) -> None:
    text = f"alerting: {{notifiers: [{{type: webhook, url: 'http://127.0.0.1:1/', timeout: {timeout}}}]}}\n"
    if error is None:
        assert config.loads(text).alerting.notifiers[0].timeout == 300.0
        return
    with pytest.raises(config.ConfigError) as err:
        config.loads(text)
    assert err.value.errors == [f"alerting.notifiers[0].timeout: {error}"]
