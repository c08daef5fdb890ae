"""`gpumemd explain --diff`: snapshot files are hostile input. Each is read with the snapshot
loader (regular files only, bounded bytes, a pickle that may name no class); whatever the
files hold, the answer is exit 0/1 with bounded output or exit 2 with one line, never a
traceback, never code run, never a hang."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT


def explain(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpumemd", "explain", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=20, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def snap(blocks: list) -> bytes:
    return pickle.dumps({"segments": [{"device": 0, "blocks": blocks}]})


def frame(file: str, line: int = 1, name: str = "f") -> dict:
    return {"filename": file, "line": line, "name": name}


def good(tmp: Path, name: str, n: int) -> str:
    path = tmp / name
    path.write_bytes(snap([{"address": i << 20, "size": 8 << 20, "state": "active_allocated",
                            "frames": [frame("/home/u/train.py", 88, "step")]} for i in range(n)]))
    return str(path)


def test_a_pickle_that_asks_for_a_class_runs_nothing(tmp_path: Path) -> None:
    class Evil:
        def __reduce__(self) -> tuple:
            return (os.system, (f"touch {tmp_path / 'ran'}",))

    evil = tmp_path / "evil.pickle"
    evil.write_bytes(pickle.dumps(Evil()))
    proc = explain("--diff", good(tmp_path, "a.pickle", 1), str(evil))
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1 and "refused" in proc.stderr, proc
    assert not (tmp_path / "ran").exists()


def test_a_fifo_a_directory_a_truncated_file_and_a_missing_one_are_one_line_each(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.pickle"
    os.mkfifo(fifo)
    trunc = tmp_path / "trunc.pickle"
    trunc.write_bytes(snap([])[:-5])
    first = good(tmp_path, "a.pickle", 1)
    for bad in (str(fifo), str(tmp_path), str(trunc), str(tmp_path / "absent.pickle")):
        proc = explain("--diff", first, bad)
        assert (
            proc.returncode == 2 and len(proc.stderr.splitlines()) == 1 and "Traceback" not in proc.stderr
        ), proc


def test_too_few_too_many_files_and_a_bad_step_count_are_refused(tmp_path: Path) -> None:
    a = good(tmp_path, "a.pickle", 1)
    for args in (["--diff", a], ["--diff", *([a] * 17)], ["--diff", a, a, "--steps", "0"]):
        proc = explain(*args)
        assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc


def test_a_snapshot_with_a_hundred_thousand_growing_sites_is_one_line(tmp_path: Path) -> None:
    """100,000 blocks of one distinct frame each (a distinct file name, traceback and frame a
    block: about 3.8 times its bytes as columns) are refused at the allowance in one line; 2,000
    such sites are read, and the answer is bounded."""
    def many(n: int) -> bytes:  # every site grows by one 2 MiB block
        return snap(
            [
                {
                    "address": i,
                    "size": 2 << 20,
                    "state": "active_allocated",
                    "frames": [frame(f"/home/u/m{i % 100_000}.py", i)],
                }
                for i in range(n)
            ]
        )

    (tmp_path / "a.pickle").write_bytes(snap([]))
    (tmp_path / "b.pickle").write_bytes(many(100_000))
    proc = explain("--diff", str(tmp_path / "a.pickle"), str(tmp_path / "b.pickle"))
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1 and "refused" in proc.stderr, proc
    (tmp_path / "c.pickle").write_bytes(many(2_000))
    proc = explain("--diff", str(tmp_path / "a.pickle"), str(tmp_path / "c.pickle"))
    assert proc.returncode == 1, proc.stderr
    assert len(proc.stdout.splitlines()) <= 40 and len(proc.stdout) < 16_000


def test_escape_sequences_in_frames_do_not_reach_the_terminal(tmp_path: Path) -> None:
    evil = "/home/u/\x1b]0;owned\x07\x1b[2J.py"
    (tmp_path / "a.pickle").write_bytes(snap([]))
    (tmp_path / "b.pickle").write_bytes(
        snap(
            [
                {
                    "address": 1,
                    "size": 4 << 20,
                    "state": "active_allocated",
                    "frames": [frame(evil, 7, "\x1b[31mred")],
                }
            ]
        )
    )
    proc = explain("--diff", str(tmp_path / "a.pickle"), str(tmp_path / "b.pickle"))
    assert proc.returncode == 1 and "\x1b" not in proc.stdout and "\x07" not in proc.stdout, proc


def test_fields_of_the_wrong_type_and_deep_nesting_are_skipped(tmp_path: Path) -> None:
    nested: list = []
    for _ in range(50):
        nested = [nested]
    odd = {
        "segments": [
            None,
            1,
            "x",
            {"blocks": "no"},
            {
                "blocks": [
                    {"size": float("nan"), "state": "active_allocated"},
                    {"size": -5, "state": "active_allocated"},
                    {"size": 1 << 70, "frames": nested},
                ]
            },
        ]
    }
    (tmp_path / "a.pickle").write_bytes(pickle.dumps(odd))
    (tmp_path / "b.pickle").write_bytes(pickle.dumps(odd))
    proc = explain("--diff", str(tmp_path / "a.pickle"), str(tmp_path / "b.pickle"), "--json")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc


def test_a_snapshot_without_history_is_said_plainly(tmp_path: Path) -> None:
    bare = [{"address": 1, "size": 4 << 20, "state": "active_allocated", "frames": []}]
    (tmp_path / "a.pickle").write_bytes(snap(bare))
    (tmp_path / "b.pickle").write_bytes(snap(bare * 3))
    proc = explain("--diff", str(tmp_path / "a.pickle"), str(tmp_path / "b.pickle"))
    assert proc.returncode == 0, proc
    assert "snapshot 1: none of its 1 live blocks has Python frames" in proc.stdout
    assert "_record_memory_history" in proc.stdout
