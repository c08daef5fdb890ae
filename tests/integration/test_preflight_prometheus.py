"""Preflight calibrated by a fleet's Prometheus, end to end: a real training process (the tiny
decoder trained on the CPU, never watched: its stepped optimizer keys the calibration; a rank of
a world of 2) publishes into the spool, a real `gpumemd serve` merges it, a real Prometheus
scrapes the daemon, and `gpumemd preflight --prometheus` on the same factory finds the run by its
fingerprint, NCCL's bytes measured in the rank's non-PyTorch bytes. With `--update-golden` the
answers Prometheus gave are recorded (tests/fixtures/prometheus/calibration: the unit tests'
answers, tests/unit/commands/test_fleet.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

import gpumemd
from gpumemd import cli
from gpumemd.commands.fleet import Fleet
from gpumemd.diagnosis.calibration import FAMILIES, NON_PYTORCH
from tests.helpers import ROOT, gpumemd_process, scrape, sticky_spool, wait_for
from tests.integration.external import needs_prometheus, prometheus
from tests.unit.preflight import models

pytestmark = [needs_prometheus, pytest.mark.e2e]

REPLAY = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
RECORDED = ROOT / "tests/fixtures/prometheus/calibration"
JOB = "tests.unit.preflight.models:tiny"
MiB = 1 << 20


@pytest.fixture
def spool() -> Iterator[Path]:
    with sticky_spool("gpumemd-fleet-spool-") as d:
        yield d


def _query(prom: str, expr: str) -> bytes:
    with urllib.request.urlopen(f"{prom}/api/v1/query?" + urllib.parse.urlencode({"query": expr}),
                                timeout=5) as resp:
        return bytes(resp.read())


def test_a_fleets_prometheus_calibrates_preflight_of_an_unwatched_rank(
        spool: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], update_golden: bool) -> None:
    plain = gpumemd.preflight(models.tiny, [(2, 16)])
    predicted, model = plain.shapes[0].figures.allocated_peak, plain.shapes[0].model
    assert model is not None
    script = ROOT / "tests/integration/scripts/calib_proc.py"
    trainer = subprocess.Popen([sys.executable, str(script), str(spool), str(predicted), "unwatched", "2"],
                               cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert trainer.stdout is not None
        assert trainer.stdout.readline(), "the training process ended before it published"
        cfg = tmp_path / "gpumemd.yaml"
        cfg.write_text(f"sampler: {{interval: 100ms}}\nagent: {{spool_dir: {spool}}}\n")
        rules = tmp_path / "rules.yml"
        rules.write_text("groups: []\n")
        with gpumemd_process(["--config.file", str(cfg), "--replay", str(REPLAY)]) as (url, _):
            wait_for("the rank's calibration series", lambda: NON_PYTORCH in scrape(url + "/metrics"))
            with prometheus(tmp_path, url.removeprefix("http://"), rules) as prom:
                fleet = Fleet(prom, since=3600.0)
                wait_for("Prometheus's calibration series",
                         lambda: all(json.loads(_query(prom, fleet.expression(f, model)))["data"]["result"]
                                     for f in FAMILIES))
                argv = ["preflight", JOB, "--shape", "2x16", "--gpu", "H200", "--world", "2", "--json",
                        "--prometheus", prom, "--since", "1h"]
                code = cli.main([*argv, "--match", 'job="gpumemd"'])
                doc = json.loads(capsys.readouterr().out)
                other = cli.main([*argv, "--match", 'job="another"', "--match", 'instance=~".+"'])
                elsewhere = json.loads(capsys.readouterr().out)
                single = cli.main([*argv[:-5], "--world", "1", "--json", "--prometheus", prom])
                alone = json.loads(capsys.readouterr().out)
                if update_golden:
                    RECORDED.mkdir(parents=True, exist_ok=True)
                    for f in FAMILIES:
                        (RECORDED / f"{f}.json").write_bytes(_query(prom, fleet.expression(f, model)))
    finally:
        if trainer.stdin:
            trainer.stdin.close()
        trainer.wait(30)
    assert code == 0 and other == 0 and single == 0
    shape = doc["shapes"][0]
    over, sources = shape["overheads"], shape["overheads"]["sources"]
    assert shape["model"] == model
    assert sources["allocator"].startswith("measured: 1 process of this model at this shape")
    assert f"Prometheus at {prom}" in sources["allocator"]
    assert over["allocator"] == 20 * MiB  # reserved kept 20 MiB beyond each step's peak
    assert over["non_pytorch"] == 700 * MiB  # NVML's bytes for the process less reserved
    assert sources["non_pytorch"].startswith("measured: 1 process of this model at world size 2")
    assert over["nccl"] == 0 and shape["nccl"] == 0  # in the measured non-PyTorch bytes, not twice
    assert sources["nccl"].startswith("measured: in the non-PyTorch bytes of 1 process of this model")
    # another job's series only: nothing of this model, said; the defaults and the replay
    theirs = elsewhere["shapes"][0]["overheads"]
    assert theirs["sources"]["allocator"].startswith("modelled") and theirs["nccl"] == 840 * MiB
    assert any("holds no run of this job's model" in n for n in elsewhere["notes"])
    # a single process is not a rank of 2: its non-PyTorch bytes are not this rank's (NCCL's in them)
    mine = alone["shapes"][0]["overheads"]
    assert mine["sources"]["non_pytorch"].startswith("defaults") and mine["allocator"] == 20 * MiB
