"""explain's offline answers (gpumemd/commands/snapshots.py): the leak diff of snapshot files,
bounded in files, and a file that is not a snapshot said in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpumemd.commands.snapshots import MAX_DIFF_FILES, explain_diff, explain_snapshot, render_diff
from gpumemd.diagnosis.snapshot import SnapshotUnreadable
from tests.helpers import ROOT

LEAKING = [ROOT / f"tests/fixtures/torch/h100__torch-2.11.0__leak-leaking-{i}.pickle" for i in (1, 2, 3)]


def test_three_snapshots_of_a_leak_name_a_growing_site_without_the_two_snapshot_note() -> None:
    report = explain_diff([str(p) for p in LEAKING], steps=6)
    assert report.snapshots == 3 and report.steps == 6 and report.sites
    assert not any("two snapshots" in n for n in report.notes)
    assert render_diff(report).startswith(f"{len(report.sites)} growing site")


def test_two_snapshots_say_that_three_would_tell_a_leak_from_state_made_once() -> None:
    report = explain_diff([str(p) for p in LEAKING[:2]])
    assert report.steps == 1 and report.sites
    assert any(n.startswith("two snapshots:") for n in report.notes)


def test_the_diff_reads_at_most_max_diff_files() -> None:
    report = explain_diff([str(LEAKING[0])] * (MAX_DIFF_FILES + 3))
    assert report.snapshots == MAX_DIFF_FILES and not report.sites


def test_a_file_that_is_not_a_snapshot_is_one_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.pickle"
    junk.write_bytes(b"not a pickle")
    with pytest.raises(SnapshotUnreadable):
        explain_snapshot(str(junk))
    with pytest.raises(SnapshotUnreadable):
        explain_diff([str(junk), str(LEAKING[0])])
