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
    for flag in ("--gpus", "--mode", "--steps", "--oom-rank", "--share-one-gpu", "--out", "--phase-timeout"):
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
    want = [str(r) for r in range(8)]
    assert got["ranks"] == want and got["joined"] == want, got["ranks"]
    off = got["breakdown_off_bytes"]
    assert all(abs(v) <= multigpu.TOLERANCE for v in off.values()), off
    assert sorted(got["non_pytorch"], key=int) == want and all(v > 0 for v in got["non_pytorch"].values())
    assert got["allocator_ooms"] == {r: 0.0 for r in want}, got["allocator_ooms"]
    assert got["series"] > 8 * 17
