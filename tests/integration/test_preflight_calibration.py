"""Preflight calibrated by a running agent, end to end: a real training process (its agent watching
the tiny decoder, trained on the CPU) publishes its calibration into the spool, a real `gpumemd
serve` merges it, and `gpumemd preflight --node` on the same model picks it by its fingerprint."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import gpumemd
from gpumemd import cli
from gpumemd.diagnosis.calibration import STEP_PEAK
from tests.helpers import ROOT, gpumemd_process, scrape, sticky_spool, wait_for
from tests.unit.preflight import models

REPLAY = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
MiB = 1 << 20


@pytest.fixture
def spool() -> Iterator[Path]:
    with sticky_spool("gpumemd-calib-spool-") as d:
        yield d


def test_an_agents_calibration_reaches_preflight_through_the_daemon(
        spool: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = gpumemd.preflight(models.tiny, [(2, 16)])
    predicted = plain.shapes[0].figures.allocated_peak
    script = ROOT / "tests/integration/scripts/calib_proc.py"
    trainer = subprocess.Popen([sys.executable, str(script), str(spool), str(predicted)], cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT)},
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert trainer.stdout is not None
        line = trainer.stdout.readline()
        assert line, "the training process ended before it published"
        cfg = spool.parent / "gpumemd.yaml"
        cfg.write_text(f"sampler: {{interval: 100ms}}\nagent: {{spool_dir: {spool}}}\n")
        with gpumemd_process(["--config.file", str(cfg), "--replay", str(REPLAY)]) as (url, _):
            wait_for("the rank's calibration series", lambda: STEP_PEAK in scrape(url + "/metrics"))
            code = cli.main(["preflight", "tests.unit.preflight.models:tiny", "--shape", "2x16",
                             "--node", url, "--json"])
            doc = json.loads(capsys.readouterr().out)
    finally:
        if trainer.stdin:
            trainer.stdin.close()
        trainer.wait(30)
    assert code in (0, 1)  # fits or not on the replayed H200 with its recorded process: not the question
    shape = doc["shapes"][0]
    over = shape["overheads"]
    assert shape["model"] == plain.shapes[0].model
    assert over["sources"]["allocator"].startswith("measured: 1 process of this model at this shape")
    assert f"gpumemd serve at {url}" in over["sources"]["allocator"]
    assert over["allocator"] == 20 * MiB  # reserved kept 20 MiB beyond each step's peak
    assert over["non_pytorch"] == 700 * MiB  # NVML's bytes for the process less reserved
    assert over["sources"]["non_pytorch"].startswith("measured: 1 process of this model")
