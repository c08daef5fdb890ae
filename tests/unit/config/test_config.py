"""Configuration: every error at once, with its path; exit status 2; no traceback."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import typing
from pathlib import Path

import pytest
import yaml

from gpumemd import config
from tests.helpers import ROOT

BAD = [
    ("sampler: {interval: fast}", 'sampler.interval: expected a duration like 500ms, 30s or 2m, got "fast"'),
    ("sampler: {interval: 10}", "sampler.interval: expected a duration like 500ms, 30s or 2m, got 10"),
    ("sampler: {interval: 0s}", "sampler.interval: must be > 0, got 0.0"),
    ("sampler: {history: -5}", "sampler.history: must be > 0, got -5"),
    ("sampler: {history: many}", 'sampler.history: expected an integer, got "many"'),
    ("sampler: {history: 1.5}", "sampler.history: expected an integer, got 1.5"),
    ("samplr: {}", "samplr: unknown key (known here:"),
    ("sampler: {intervl: 1s}", "sampler.intervl: unknown key (known here: history, interval)"),
    ("web: {listen_address: localhost}", 'web.listen_address: expected HOST:PORT or :PORT, got "localhost"'),
    ("web: {listen_address: ':99999'}", 'web.listen_address: expected HOST:PORT or :PORT, got ":99999"'),
    ("web: {max_label_length: 0}", "web.max_label_length: must be > 0, got 0"),
    (
        "sources: {nvml: {enabled: yes please}}",
        'sources.nvml.enabled: expected true or false, got "yes please"',
    ),
    ("sources: {nvml: {max_processes: -1}}", "sources.nvml.max_processes: must be >= 0, got -1"),
    ("sources: {nvml: []}", "sources.nvml: expected a mapping, got a list"),
    ("sources: {host: {process_rss: 1}}", "sources.host.process_rss: expected true or false, got 1"),
    ("log: {level: loud}", 'log.level: expected one of debug, info, warn, error, got "loud"'),
    ("log: {format: xml}", 'log.format: expected one of logfmt, json, got "xml"'),
    ("- a\n- b", "(top level): expected a mapping, got a list"),
    ("sampler: {interval: [1s]}", "sampler.interval: expected a duration like 500ms, 30s or 2m, got a list"),
    ("web: {config_file: 3}", "web.config_file: expected a string, got 3"),
    ("sources: {mps: {pipe_directory: nvidia-mps}}", "sources.mps.pipe_directory: expected an absolute path"),
    ("sources: {mps: {control: nvidia-cuda-mps-control}}", "sources.mps.control: expected an absolute path"),
    ("sources: {mps: {timeout: 0s}}", "sources.mps.timeout: must be > 0"),
    ("sources: {mps: {timeout: 1m}}", "sources.mps.timeout: must be at most 10s"),
]


@pytest.mark.parametrize(
    ("text", "message"), BAD, ids=[b[1].split(":")[0] + f"-{i}" for i, b in enumerate(BAD)]
)
def test_bad_config_is_reported_with_its_path(text: str, message: str) -> None:
    with pytest.raises(config.ConfigError) as err:
        config.loads(text)
    assert any(e.startswith(message) for e in err.value.errors), err.value.errors


@pytest.mark.parametrize(("word", "value"), [("off", "off"), ("on", "on"), ("no", "off"), ('"off"', "off")])
def test_an_unquoted_off_or_on_is_the_choice_of_that_name(word: str, value: str) -> None:
    # YAML 1.1 reads `off`/`on` as booleans; docs/agent.md shows `memory_history: off` unquoted
    assert config.loads(f"agent: {{memory_history: {word}}}").agent.memory_history == value


def test_a_boolean_is_no_choice_where_the_choices_are_not_off_and_on() -> None:
    with pytest.raises(config.ConfigError) as err:
        config.loads("agent: {tick: off}")
    assert err.value.errors == ["agent.tick: expected one of thread, step, got false"]


def test_every_error_in_a_file_is_reported_at_once() -> None:
    text = (
        "sampler: {interval: fast, history: 0}\nweb: {listen_address: nope}\nlog: {level: loud}\nextra: 1\n"
    )
    with pytest.raises(config.ConfigError) as err:
        config.loads(text)
    assert len(err.value.errors) == 5


def test_yaml_syntax_error_names_the_line() -> None:
    with pytest.raises(config.ConfigError) as err:
        config.loads("sampler:\n  interval: [1s\n", source="x.yaml")
    assert err.value.errors[0].startswith("x.yaml: not valid YAML (line 3")


def test_empty_file_gives_defaults() -> None:
    assert config.loads("") == config.Config()


def test_example_config_is_valid_and_documents_every_default() -> None:
    assert config.load(ROOT / "config.example.yaml") == config.Config()


def _schema_keys(cls: type, prefix: str = "") -> set[str]:
    keys = set()
    hints = typing.get_type_hints(cls, include_extras=True)
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        key = f"{prefix}{f.name}"
        keys.add(key)
        if dataclasses.is_dataclass(hints[f.name]):
            keys |= _schema_keys(hints[f.name], key + ".")
    return keys


def _yaml_keys(data: object, prefix: str = "") -> set[str]:
    keys = set()
    if isinstance(data, dict):
        for k, v in data.items():
            keys.add(f"{prefix}{k}")
            keys |= _yaml_keys(v, f"{prefix}{k}.")
    return keys


def test_example_config_names_every_key_of_the_schema() -> None:
    example = yaml.safe_load((ROOT / "config.example.yaml").read_text())
    undocumented = _schema_keys(config.Config) - _yaml_keys(example)
    assert not undocumented, f"add these to config.example.yaml: {sorted(undocumented)}"


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("500ms", 0.5), ("30s", 30.0), ("2m", 120.0), ("1h30m", 5400.0), ("1d", 86400.0), ("1.5s", 1.5)],
)
def test_durations(text: str, seconds: float) -> None:
    assert config.parse_duration(text) == seconds
    assert config.parse_duration(config.format_duration(seconds)) == seconds


@pytest.mark.parametrize("text", ["", "5", "s", "1x", "1s2", "-1s", "1 s"])
def test_bad_durations(text: str) -> None:
    with pytest.raises(ValueError):
        config.parse_duration(text)


def test_overrides_win_over_the_file() -> None:
    c = config.apply_overrides(
        config.loads("web: {listen_address: ':1'}"), {"web.listen_address": "127.0.0.1:2"}
    )
    assert c.web.listen_address == "127.0.0.1:2"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpumemd", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_check_config_lists_every_error_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("sampler: {interval: fast}\nsources: {nvml: {bogus: 1}}\n")
    result = _cli("check-config", str(bad))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert lines == [
        f'{bad}: sampler.interval: expected a duration like 500ms, 30s or 2m, got "fast"',
        f"{bad}: sources.nvml.bogus: unknown key "
        "(known here: enabled, max_processes, process_names, processes, required, utilization)",
    ]
    assert "Traceback" not in result.stderr


def test_check_config_accepts_a_good_file() -> None:
    result = _cli("check-config", str(ROOT / "config.example.yaml"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("OK")


def test_config_example_prints_the_shipped_example_which_is_the_repositorys(tmp_path: Path) -> None:
    # One file: the package's (the wheel ships it); the repository's name is a link to it, so
    # the two cannot drift (a copy would).
    shipped = ROOT / "gpumemd" / "config" / "example.yaml"
    link = ROOT / "config.example.yaml"
    assert link.is_symlink() and link.readlink() == Path("gpumemd/config/example.yaml"), (
        "config.example.yaml is a link to gpumemd/config/example.yaml: edit that file"
    )
    assert not shipped.is_symlink()
    result = _cli("config", "example")
    assert result.returncode == 0, result.stderr
    assert result.stdout == shipped.read_text(encoding="utf-8")
    written = tmp_path / "gpumemd.yaml"  # the README's path: print it, then check it
    written.write_text(result.stdout)
    assert config.load(written) == config.Config()
    assert _cli("check-config", str(written)).returncode == 0


def test_config_without_an_action_is_usage_and_exit_2() -> None:
    result = _cli("config")
    assert (
        result.returncode == 2
        and "usage: gpumemd config" in result.stderr
        and "Traceback" not in result.stderr
    )


def test_serve_with_a_bad_config_exits_2_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("log: {level: loud}\n")
    result = _cli("serve", "--config.file", str(bad))
    assert result.returncode == 2
    assert "log.level" in result.stderr and "Traceback" not in result.stderr


def test_missing_config_file_is_a_clear_error(tmp_path: Path) -> None:
    result = _cli("check-config", str(tmp_path / "nope.yaml"))
    assert result.returncode == 2
    assert "No such file or directory" in result.stderr and "Traceback" not in result.stderr


def test_check_config_takes_the_file_either_way(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gpumemd.cli import main

    good = tmp_path / "good.yaml"
    good.write_text("log: {level: warn}\n")
    assert main(["check-config", str(good)]) == 0
    assert main(["check-config", "--config.file", str(good)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"{good}: OK", f"{good}: OK"]
    assert main(["check-config", str(good), "--config.file", str(tmp_path / "other.yaml")]) == 2
    assert "give the configuration file once" in capsys.readouterr().err


def test_check_config_applies_flags_like_serve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gpumemd.cli import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("log: {level: loud}\n")
    assert (
        main(
            ["check-config", str(bad), "--web.listen-address", ":99999", "--web.config.file", "/nonexistent"]
        )
        == 2
    )
    assert capsys.readouterr().err.splitlines() == [
        f'{bad}: log.level: expected one of debug, info, warn, error, got "loud"',
        '--web.listen-address: expected HOST:PORT or :PORT, got ":99999" '
        "(the port must be a number from 0 to 65535)",
    ]  # the file's and the flags' own errors first; references are checked once both are sound


def test_serve_takes_the_mps_pipe_directory_flag_through_the_files_check(
        capsys: pytest.CaptureFixture[str]) -> None:
    from gpumemd.cli import main

    assert main(["serve", "--collector.mps.pipe-directory", "run/nvidia-mps"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "--collector.mps.pipe-directory: expected an absolute path (at most 512 characters)"]


def test_an_unexpected_exception_while_loading_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gpumemd.cli import main

    def broken(path: object) -> config.Config:
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setattr(config, "load", broken)
    assert main(["check-config", "whatever.yaml"]) == 2
    err = capsys.readouterr().err
    assert err == "whatever.yaml: cannot check the configuration: RuntimeError: a bug\\nover two lines\n"
