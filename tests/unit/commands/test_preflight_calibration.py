"""`gpumemd preflight --calibration FILE`: a saved scrape's calibration series of the job's model
calibrate its shapes, and the screen and --json say where each overhead came from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpumemd import cli
from gpumemd.diagnosis.calibration import NON_PYTORCH, OVERHEAD, STEP_PEAK, fingerprint
from tests.unit.preflight import models

JOB = "tests.unit.preflight.models:tiny"
MiB = 1 << 20


def _scrape(tmp_path: Path, model: str, peak: int) -> Path:
    lines = []
    for rank in range(3):
        labels = f'gpu="0",uuid="GPU-a",rank="{rank}",model="{model}"'
        lines += [f"{STEP_PEAK}{{{labels}}} {peak}", f"{OVERHEAD}{{{labels}}} {200 * MiB}",
                  f"{NON_PYTORCH}{{{labels}}} {(600 + 10 * rank) * MiB}"]
    lines.append(f'{STEP_PEAK}{{rank="9",model="not a hash"}} 1')  # refused, never read
    path = tmp_path / "node7.prom"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_saved_scrapes_calibration_of_the_model(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["preflight", JOB, "--shape", "2x16", "--gpu", "H200"]
    assert cli.main([*argv, "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)["shapes"][0]
    model = fingerprint(models.Decoder(64, 2, 1000, 172, 4).parameters())
    assert plain["model"] == model
    saved = _scrape(tmp_path, model, plain["allocated_peak"])
    assert cli.main([*argv, "--json", "--calibration", str(saved)]) == 0
    shape = json.loads(capsys.readouterr().out)["shapes"][0]
    assert shape["overheads"]["non_pytorch"] == 610 * MiB and shape["overheads"]["allocator"] == 200 * MiB
    assert shape["reserved_peak"] == shape["allocated_peak"] + 200 * MiB
    sources = shape["overheads"]["sources"]
    assert sources["allocator"].startswith(
        f"measured: 3 processes of this model at this shape (step peak {plain['allocated_peak']} B")
    assert str(saved) in sources["non_pytorch"]
    assert cli.main([*argv, "--calibration", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "from: non-PyTorch bytes: measured: 3 processes of this model" in out
    assert "of it measured, beyond the replay" in out


def test_another_models_scrape_says_the_replay_and_the_defaults(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    saved = _scrape(tmp_path, "aaaaaaaaaaaa", 70 * MiB)
    assert cli.main(["preflight", JOB, "--shape", "2x16", "--gpu", "H200", "--json", "--calibration",
                     str(saved)]) == 0
    sources = json.loads(capsys.readouterr().out)["shapes"][0]["overheads"]["sources"]
    assert sources["allocator"].startswith("modelled") and sources["non_pytorch"].startswith("defaults")
