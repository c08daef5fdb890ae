"""Fixtures shared by the integration tests."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from gpumemd.backends.replay import load_capture
from tests.helpers import EIGHT_RANKS, ROOT

sys.path.insert(0, str(ROOT / "bench"))
import synth_capture  # noqa: E402  (writes synthetic ranks through the real agent code)


@pytest.fixture
def eight_ranks_config(tmp_path: Path) -> Path:
    """A config whose spool holds eight ranks, one per GPU of EIGHT_RANKS (job 77), accepted
    unverified: their pids run nowhere here."""
    synth_capture.write_spool(load_capture(EIGHT_RANKS), tmp_path / "spool", written=time.time(), job_id="77")
    cfg = tmp_path / "gpumemd.yml"
    cfg.write_text(
        f"agent: {{spool_dir: {tmp_path / 'spool'}}}\nsources: {{spool: {{accept_unverified: true}}}}\n"
    )
    return cfg
