"""bench/multigpu.py on a machine without enough GPUs: it compiles, parses, explains itself,
and refuses cleanly (exit 2, one line, no traceback) rather than starting anything."""

from __future__ import annotations

import os
import py_compile
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import multigpu  # noqa: E402

SCRIPTS = [ROOT / "bench" / "multigpu.py", ROOT / "bench" / "multigpu_train.py"]


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "CUDA_VISIBLE_DEVICES": "",
    }  # CUDA has 0 GPUs, whatever the box
    return subprocess.run(
        [sys.executable, str(SCRIPTS[0]), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_the_scripts_compile(script: Path, tmp_path: Path) -> None:
    py_compile.compile(str(script), cfile=str(tmp_path / "x.pyc"), doraise=True)


def test_help_names_every_option() -> None:
    r = bench("--help")
    assert r.returncode == 0, r.stderr
    for flag in ("--gpus", "--mode", "--steps", "--oom-rank", "--share-one-gpu", "--out", "--phase-timeout",
                 "--baseline-tree"):
        assert flag in r.stdout, (flag, r.stdout)


def test_arguments_parse() -> None:
    a = multigpu.parse_args(["--gpus", "8", "--mode", "fsdp", "--oom-rank", "3", "--steps", "200"])
    assert (a.gpus, a.mode, a.oom_rank, a.steps, a.share_one_gpu) == (8, "fsdp", 3, 200, False)
    d = multigpu.parse_args([])
    assert (d.gpus, d.mode, d.oom_rank, d.steps) == (2, "ddp", -1, 300)
    with pytest.raises(SystemExit) as e:
        multigpu.parse_args(["--gpus", "2", "--oom-rank", "2"])
    assert e.value.code == 2


@pytest.mark.parametrize(
    ("args", "need"),
    [(["--gpus", "2"], 2), (["--gpus", "8", "--mode", "fsdp"], 8), (["--gpus", "2", "--share-one-gpu"], 1)],
)
def test_too_few_gpus_is_exit_2_and_one_line(args: list[str], need: int) -> None:
    r = bench(*args)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert r.stderr.strip() == f"multigpu.py: needs {need} GPUs (CUDA has 0)", r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""


def test_a_bad_option_is_exit_2_without_a_traceback() -> None:
    r = bench("--gpus", "2", "--oom-rank", "5")
    assert r.returncode == 2 and "--oom-rank 5" in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_its_analysis_reads_a_real_daemons_exposition_of_8_ranks(tmp_path: Path) -> None:
    """The bench's metric names and checks against `gpumemd serve` merging 8 synthetic ranks."""
    import time

    import synth_capture

    from gpumemd.backends.replay import load_capture
    from tests.helpers import gpumemd_process, scrape

    capture = ROOT / "tests" / "fixtures" / "captures" / "synthetic__8xh200__8-ranks.json"
    synth_capture.write_spool(load_capture(capture), tmp_path / "spool", written=time.time(), job_id="b")
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(
        f"agent: {{spool_dir: {tmp_path / 'spool'}}}\nsources: {{spool: {{accept_unverified: true}}}}\n"
    )
    with gpumemd_process(["--config.file", str(cfg), "--replay", str(capture)]) as (url, _):
        got = multigpu.analyse(multigpu.parse(scrape(url + "/metrics")), [str(g) for g in range(8)])
        explained = multigpu.explain(url, {**os.environ, "PYTHONPATH": str(ROOT)})
    assert explained.get("ranks") == [str(r) for r in range(8)], explained
    want = [str(r) for r in range(8)]
    assert got["ranks"] == want and got["joined"] == want, got["ranks"]
    off = got["breakdown_off_bytes"]
    assert all(abs(v) <= multigpu.TOLERANCE for v in off.values()), off
    assert sorted(got["non_pytorch"], key=int) == want and all(v > 0 for v in got["non_pytorch"].values())
    assert got["allocator_ooms"] == {r: 0.0 for r in want}, got["allocator_ooms"]
    assert got["series"] > 8 * 17


def test_readings_compare_with_the_truth_of_a_recent_step_end(tmp_path: Path) -> None:
    """`--watch`'s comparison: a rank's categories equal when they equal a step end's truth
    logged within TRUTH_WINDOW_S of the scrape (or the one in effect then); a rank silent
    long after it watched is a miss; a line half written waits for the next read."""
    import json

    at_rest = {"parameters": 100, "buffers": 0, "gradients": 0, "optimizer_state": 0}
    trained = {**at_rest, "gradients": 100, "optimizer_state": 200}
    path = tmp_path / "truth-0.jsonl"
    path.write_text(json.dumps({"t": 100.0, "step": 0, "categories": at_rest}) + "\n"
                    + json.dumps({"t": 110.0, "step": 1, "categories": trained}) + "\n"
                    + '{"t": 111.0, "st')  # being written
    truth = multigpu.Truth(path)
    tally: dict[str, object] = {"readings": 0, "equal": 0, "by_category": {}, "misses": []}
    truths = {"0": truth}
    multigpu.compare({"0": trained}, truths, 112.0, tally)  # the step end's
    multigpu.compare({"0": at_rest}, truths, 112.0, tally)  # watch()'s, still within the window
    multigpu.compare({"0": at_rest}, truths, 110.0 + multigpu.TRUTH_WINDOW_S + 1, tally)  # too old now
    half = {**trained, "gradients": 50}  # a walk in the middle of a backward
    multigpu.compare({"0": half}, truths, 112.0, tally)
    multigpu.compare({}, truths, 112.0, tally)  # published nothing, 12 s after watch()
    # not counted at a step boundary yet (no step peak: the budget spaces the passes): watch()'s
    multigpu.compare({"0": at_rest}, truths, 110.0 + multigpu.TRUTH_WINDOW_S + 1, tally, at_rest={"0"})
    assert len(truth.lines) == 2
    assert (tally["readings"], tally["equal"]) == (6, 3)
    assert tally["by_category"]["gradients"] == [6, 3] and tally["by_category"]["parameters"] == [6, 5]
    rows = [("gpumemd_allocator_category_bytes", {"rank": r, "at": at, "category": "parameters"}, 1.0)
            for r, at in (("0", "end"), ("1", "end"), ("1", "peak"))]
    assert multigpu.ranks_at_rest(rows) == {"0"}
    path.write_text(path.read_text() + 'ep": 2, "categories": {}}\n')
    truth.update()
    assert [s for _, s, _ in truth.lines] == [0, 1, 2]
