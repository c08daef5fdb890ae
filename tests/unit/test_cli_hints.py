"""The command line's hints: no abbreviations, an unknown flag answered with the
subcommand's usage and the flag it meant, a listen address given as a port alone answered
with `:PORT` (never `PORT:PORT`, which no one can bind) by check-config and serve alike."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from gpumemd.cli import main
from gpumemd.http.protocol import parse_listen_address
from tests.helpers import ROOT


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """main(args) -> (exit status, standard error); argparse's errors exit with SystemExit."""
    try:
        rc = main(list(args))
    except SystemExit as exc:
        rc = int(exc.code or 0)
    return rc, capsys.readouterr().err


def test_port_is_answered_with_the_serve_usage_and_the_listen_address_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rc, err = cli(capsys, "serve", "--port", "9000")
    assert rc == 2
    assert err.startswith("usage: gpumemd serve ") and "--replay CAPTURE" in err
    assert (
        "gpumemd serve: error: unrecognized arguments: --port 9000 (did you mean --web.listen-address?)"
        in err
    )


@pytest.mark.parametrize("flag", ["--listen", "--address", "--listen-address=:9000"])
def test_listen_aliases_point_at_the_listen_address_flag(
    capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    rc, err = cli(capsys, "serve", flag, ":9000")
    assert rc == 2 and "(did you mean --web.listen-address?)" in err


def test_config_is_not_taken_as_config_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """argparse's abbreviations took `--config` (and `--web.listen`) silently."""
    conf = tmp_path / "c.yaml"
    conf.write_text("{}\n")
    rc, err = cli(capsys, "check-config", "--config", str(conf))
    assert rc == 2 and "usage: gpumemd check-config " in err
    assert "(did you mean --config.file?)" in err
    rc, err = cli(capsys, "check-config", "--web.listen", ":1", str(conf))
    assert rc == 2 and "(did you mean --web.listen-address?)" in err


def test_a_misspelled_flag_gets_the_closest_of_that_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    rc, err = cli(capsys, "top", "--intervl", "2s")
    assert rc == 2 and err.startswith("usage: gpumemd top ") and "(did you mean --interval?)" in err


def test_port_on_explain_points_at_url(capsys: pytest.CaptureFixture[str]) -> None:
    """explain has no listen address: the alias table offers what it does have."""
    rc, err = cli(capsys, "explain", "--port", "9967")
    assert rc == 2 and "(did you mean --url?)" in err and "--web.listen-address" not in err


def test_a_nested_subcommand_prints_its_own_usage(capsys: pytest.CaptureFixture[str]) -> None:
    rc, err = cli(capsys, "rules", "export", "--config", "x.yaml")
    assert (
        rc == 2 and err.startswith("usage: gpumemd rules export ") and "(did you mean --config.file?)" in err
    )


def test_nothing_close_is_no_hint(capsys: pytest.CaptureFixture[str]) -> None:
    rc, err = cli(capsys, "serve", "--zzzzzz", "stray")
    assert rc == 2 and "unrecognized arguments: --zzzzzz stray\n" in err and "did you mean" not in err


@pytest.mark.parametrize("command", ["check-config", "serve"])
def test_a_port_alone_is_answered_with_colon_port(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    conf = tmp_path / "c.yaml"
    conf.write_text("{}\n")
    rc, err = cli(capsys, command, "--config.file", str(conf), "--web.listen-address", "9967")
    assert rc == 2
    assert "a port alone: write :9967 for every interface, or 127.0.0.1:9967 for this host only" in err
    assert "9967:9967" not in err


def test_a_numeric_host_is_refused_by_check_config_and_serve(tmp_path: Path) -> None:
    """The old hint `9967:9967` passed check-config, and serve could not bind it (the C
    resolver reads host "9967" as 0.0.39.15). Real processes, bounded: on the old code serve
    would have tried to bind."""
    conf = tmp_path / "c.yaml"
    conf.write_text("{}\n")
    for command in ("check-config", "serve"):
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "gpumemd",
                command,
                "--config.file",
                str(conf),
                "--web.listen-address",
                "9967:9967",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert r.returncode == 2, (command, r)
        assert 'the host "9967" is not an IP address: write :9967 for every interface' in r.stderr, r.stderr
        assert "Traceback" not in r.stderr


def test_the_config_file_and_the_server_share_the_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conf = tmp_path / "c.yaml"
    conf.write_text('web:\n  listen_address: "9967"\n')
    rc, err = cli(capsys, "check-config", str(conf))
    assert rc == 2 and "web.listen_address:" in err and "write :9967" in err
    with pytest.raises(ValueError, match="write :9967"):
        parse_listen_address("9967")
    with pytest.raises(ValueError, match="not an IP address"):
        parse_listen_address("9967:9967")
    assert parse_listen_address(":9967") == ("0.0.0.0", 9967)


def test_every_argparse_parser_in_gpumemd_refuses_abbreviations() -> None:
    """The class, not the listed case: each ArgumentParser(...) call in the package says
    allow_abbrev=False (the CLI's _Parser sets it for its subcommands)."""
    offenders = []
    for path in sorted((ROOT / "gpumemd").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "ArgumentParser"
            ):
                kw = {k.arg: k.value for k in node.keywords}
                value = kw.get("allow_abbrev")
                if not (isinstance(value, ast.Constant) and value.value is False):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
