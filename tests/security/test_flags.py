"""The commands' flags as hostile input: a bad --timeout, --interval or integer flag is one line
naming the flag and exit status 2 — the same line from every command that takes the flag (one
validator per value type, config's), never a traceback, and nothing is read before the check.

The brief's values run the real `gpumemd` as processes, several at a time; the other cases go
through cli.main in this process (the same code, without a process's start each). --url points
at a closed port, so a value wrongly accepted shows as a different exit or line, never a wait."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gpumemd.cli import main
from tests.helpers import ROOT, free_port

# every way the commands read with a --timeout: a node (explain, top), Prometheus (explain, top
# with --job), and the offline explain, which takes the flag too
_URL = f"http://127.0.0.1:{free_port()}"
TIMEOUT_TAKERS = (
    ("explain", "--url", _URL),
    ("explain", "--prometheus", _URL),
    ("explain", "--prometheus", _URL, "--job", "7"),
    ("explain", "--snapshot", "/nonexistent.pickle"),
    ("top", "--url", _URL, "--count", "1"),
    ("top", "--prometheus", _URL, "--job", "7", "--count", "1"),
    ("preflight", "tests.unit.preflight.models:tiny", "--node", _URL),
)


def run_all(commands: list[tuple[str, ...]]) -> list[subprocess.CompletedProcess[str]]:
    """Each command as a real `gpumemd` process, all at once; each bounded in time."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "gpumemd", *argv], cwd=ROOT, env=env, text=True,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        for argv in commands
    ]
    done = []
    for argv, p in zip(commands, procs, strict=True):
        try:
            out, err = p.communicate(timeout=8)
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            pytest.fail(f"gpumemd {' '.join(argv)} did not end in 8 s")
        done.append(subprocess.CompletedProcess(argv, p.returncode, out, err))
    return done


def one_line_everywhere(results: list[subprocess.CompletedProcess[str]]) -> str:
    """The one stderr line every result gave (asserting exit 2, one line, the same in all)."""
    for r in results:
        assert r.returncode == 2, (r.args, r.returncode, r.stderr)
        assert "Traceback" not in r.stderr, r.stderr
        assert r.stderr.count("\n") == 1 and r.stderr.endswith("\n"), (r.args, r.stderr)
    lines = {r.stderr for r in results}
    assert len(lines) == 1, lines
    return lines.pop().rstrip("\n")


def in_process(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> subprocess.CompletedProcess[str]:
    """`gpumemd argv` through cli.main in this process (the values' cases past the brief's)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(argv, status, out, err)


@pytest.mark.parametrize("value", ["-1", "1e309", "abc", ""])
def test_a_timeout_that_is_no_duration_is_one_line_the_same_from_every_command(value: str) -> None:
    line = one_line_everywhere(run_all([(*c, f"--timeout={value}") for c in TIMEOUT_TAKERS]))
    shown = {"": '""', "abc": '"abc"', "-1": '"-1"', "1e309": '"1e309"'}[value]
    assert line == f"--timeout: expected a duration like 500ms, 30s or 2m, got {shown}"


NO_DURATION = "expected a duration like 500ms, 30s or 2m"


@pytest.mark.parametrize(("value", "says"), [
    ("5", NO_DURATION), ("NaN", NO_DURATION), ("--5s", NO_DURATION), ("1" * 100, NO_DURATION),
    ("5s\x1b[2J", NO_DURATION), ("0s", "must be at least 100ms"), ("50ms", "must be at least 100ms"),
    ("6m", "must be at most 5m"), ("9999999999w", "must be at most 5m"),
])
def test_every_bad_timeout_is_one_printable_line_the_same_from_every_command(
    value: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_line_everywhere([in_process((*c, f"--timeout={value}"), capsys) for c in TIMEOUT_TAKERS])
    assert line.startswith(f"--timeout: {says}, got "), line
    assert line.isprintable() and len(line) < 200, line  # control characters escaped, a long value cut


def test_an_interval_is_checked_by_the_same_validator(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [("top", "--url", _URL, "--count", "1"), ("top", "--prometheus", _URL, "--job", "7")]
    for value, says in [("abc", "expected a duration like 500ms, 30s or 2m"), ("2h", "must be at most 1h"),
                        ("10ms", "must be at least 100ms")]:
        assert one_line_everywhere([in_process((*a, "--interval", value), capsys) for a in argv]) == (
            f'--interval: {says}, got "{value}"'
        )


# (command, flag, its smallest value): every integer flag of the commands
INTEGER_FLAGS = [
    (("explain", "--url", _URL), "--gpu", 0),
    (("explain", "--diff", "/nonexistent/a", "/nonexistent/b"), "--steps", 1),
    (("explain", "--snapshot", "/nonexistent.pickle"), "--requested", 1),
    (("top", "--url", _URL), "--count", 1),
    (("preflight", "tests.unit.preflight.models:tiny", "--node", _URL), "--world", 1),
    (("preflight", "tests.unit.preflight.models:tiny", "--node", _URL), "--steps", 2),
    (("preflight", "tests.unit.preflight.models:tiny", "--node", _URL), "--gpu-index", 0),
    (("preflight", "tests.unit.preflight.models:tiny"), "--total", 1),
]


def test_an_integer_flag_that_is_no_integer_is_one_line_from_the_real_command() -> None:
    results = run_all([(*argv, f"{flag}=1e309") for argv, flag, _ in INTEGER_FLAGS])
    for r, (_, flag, _) in zip(results, INTEGER_FLAGS, strict=True):
        assert one_line_everywhere([r]) == f'{flag}: expected an integer, got "1e309"'


@pytest.mark.parametrize("value", ["abc", "", "1.5", "0x10", "9" * 100, "1\x1b", "-"])
def test_an_integer_flag_that_is_no_integer_is_one_line(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv, flag, _ in INTEGER_FLAGS:
        line = one_line_everywhere([in_process((*argv, f"{flag}={value}"), capsys)])
        assert line.startswith(f"{flag}: expected an integer, got ") and line.isprintable(), line


def test_an_integer_flag_below_its_least_or_huge_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, flag, least in INTEGER_FLAGS:
        below = one_line_everywhere([in_process((*argv, f"{flag}={least - 1}"), capsys)])
        assert below == f'{flag}: must be at least {least}, got "{least - 1}"'
        huge = one_line_everywhere([in_process((*argv, f"{flag}={'9' * 30}"), capsys)])
        assert huge.startswith(f"{flag}: must be at most "), huge
