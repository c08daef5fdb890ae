"""`explain --snapshot`, `--what-if` and `--diff` answer byte for byte as they did when a snapshot
file was unpickled whole into dicts: each command's text and JSON on every real torch snapshot in
tests/fixtures, against the answers recorded then (tests/golden/snapshots/answers.json, written by
main before the snapshot was read into columns; `--update-golden` rewrites it from this tree)."""

from __future__ import annotations

import json

import pytest

from gpumemd import cli
from tests.helpers import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "torch"
SNAPSHOTS = sorted(FIXTURES.glob("*.pickle"))
GOLDEN = ROOT / "tests" / "golden" / "snapshots" / "answers.json"


def _runs() -> list[list[str]]:
    runs: list[list[str]] = []
    for flags in ([], ["--json"]):
        for path in SNAPSHOTS:
            runs.append(["--snapshot", str(path.relative_to(ROOT)), *flags])
            runs.append(["--snapshot", str(path.relative_to(ROOT)), "--what-if", *flags])
        leaking = [str(p.relative_to(ROOT)) for p in SNAPSHOTS if "__leak-leaking-" in p.name]
        runs.append(["--diff", *leaking, "--steps", "6", *flags])
        pair = [str(p.relative_to(ROOT)) for p in SNAPSHOTS if "corpus-fragmentation-holes" in p.name]
        runs.append(["--diff", *pair, *flags])
    return runs


def _answer(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[object]:
    rc = cli.main(["explain", *argv])
    return [rc, capsys.readouterr().out]


def test_every_snapshot_answer_is_the_one_recorded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, update_golden: bool
) -> None:
    monkeypatch.chdir(ROOT)
    answers = {" ".join(argv): _answer(argv, capsys) for argv in _runs()}
    assert len(answers) == 4 * len(SNAPSHOTS) + 4
    assert all(out for _, out in answers.values())  # an answer each, not an empty one
    if update_golden:
        GOLDEN.write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")
    recorded = json.loads(GOLDEN.read_text())
    assert recorded.keys() == answers.keys()
    for argv, answer in answers.items():
        assert answer == recorded[argv], argv
