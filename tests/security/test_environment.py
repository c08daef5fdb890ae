"""The environment boundary: every variable gpumemd reads holds any bytes (os.environ decodes
what is not UTF-8 into lone surrogates). A rank's identity comes out as bounded, encodable
label values or not at all; a real agent process started under garbage says so in a line at
most, and its spool file and exposition stay valid."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.agent.identity import from_env
from tests.helpers import ROOT

_VARS = ("RANK", "LOCAL_RANK", "WORLD_SIZE", "SLURM_PROCID", "GPUMEMD_JOB_ID", "TORCHELASTIC_RUN_ID",
         "SLURM_JOB_ID")


def _environ_text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")  # what os.environ holds for these bytes


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(_VARS), st.binary(max_size=200).map(_environ_text), max_size=5))
def test_any_launcher_environment_gives_bounded_encodable_labels(env: dict[str, str]) -> None:
    ident = from_env(env, pid=42)
    for labels in (ident.labels(), ident.info_labels()):
        for value in labels.values():
            value.encode("utf-8")  # no lone surrogate: every exposition and JSON writer can take it
            assert len(value) <= 64
    for n in (ident.rank, ident.local_rank, ident.world_size):
        assert n is None or 0 <= n < 1 << 31


def test_ranks_are_plain_decimal_numbers() -> None:
    assert from_env({"RANK": "1_0"}).rank is None
    assert from_env({"RANK": "+3"}).rank is None
    assert from_env({"RANK": "\u0663"}).rank is None  # an Arabic-Indic 3: int() takes it
    assert from_env({"RANK": "9" * 4301}).rank is None  # int() refuses it with a ValueError of its own
    assert from_env({"RANK": " 7 "}).rank == 7


def test_an_agent_under_a_job_id_of_invalid_utf8_publishes_a_valid_spool_file(tmp_path: Path) -> None:
    spool = tmp_path / "spool"
    script = (
        "import glob, os, sys, time, gpumemd\n"
        "gpumemd.start(listen_address=None, interval=0.05, spool_interval=0.05)\n"
        "deadline = time.monotonic() + 20\n"
        "while not glob.glob(os.environ['GPUMEMD_SPOOL_DIR'] + '/agent-*.json') "
        "and time.monotonic() < deadline:\n"
        "    time.sleep(0.02)\n"
        "sys.stdout.buffer.write("
        "open(glob.glob(os.environ['GPUMEMD_SPOOL_DIR'] + '/agent-*.json')[0], 'rb').read())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GPUMEMD_SPOOL_DIR": str(spool), "RANK": "3"}
    env_b = {k.encode(): v.encode() for k, v in env.items()}
    env_b[b"GPUMEMD_JOB_ID"] = b"job-\xff\xfe-\xed\xa0\x80"  # not UTF-8, and an encoded surrogate
    proc = subprocess.run([sys.executable, "-c", script], env=env_b, capture_output=True, timeout=60)  # type: ignore[arg-type]
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    doc = json.loads(proc.stdout)  # the file as it was published
    assert doc["identity"]["rank"] == "3"
    job = doc["identity"]["job_id"]
    job.encode("utf-8")
    assert job.startswith("job-")
