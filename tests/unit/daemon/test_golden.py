"""Golden exposition per recorded capture, and promtool over every golden file.

Regenerate with `pytest tests/unit/daemon/test_golden.py --update-golden` and review the diff.
Timing series (durations, timestamps) are left out of the comparison: they differ each run.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpumemd import config
from gpumemd.backends.replay import load_capture
from gpumemd.runtime import ReloadStatus
from gpumemd.sampling.sampler import Sampler
from gpumemd.sources.node import node_sources
from tests.fakes import fake_mps_node
from tests.helpers import CAPTURES, GOLDEN

CAPTURE_FILES = sorted(CAPTURES.glob("*.json"))
TIMING = (
    "gpumemd_collector_duration_seconds",
    "gpumemd_last_sample_timestamp_seconds",
    "gpumemd_sample_duration_seconds",
    "gpumemd_config_last_reload_success_timestamp_seconds",
)


@pytest.fixture(scope="module")
def full() -> Iterator[config.Config]:
    """Every optional series on, so the golden file shows all the daemon can export: the MPS
    limits from a /proc tree where the one-process capture's pid (450) is the GPU's MPS server
    and 449 its control daemon, listening in a pipe directory a FAKE control program answers for
    (tests/fakes.py: 40G and 50 % for that server's device 0)."""
    with fake_mps_node() as node:
        for pid, ppid, env in ((449, 1, f"CUDA_MPS_PIPE_DIRECTORY={node.pipe}"), (450, 449, "PATH=/usr/bin")):
            proc = node.root / "proc" / str(pid)
            proc.mkdir(parents=True)
            (proc / "comm").write_bytes(b"nvidia-cuda-mps\n")
            (proc / "stat").write_bytes(f"{pid} (nvidia-cuda-mps) S {ppid} 1".encode())
            (proc / "environ").write_bytes(env.encode() + b"\0")
        node.serve(450, "40G", "50.0")
        control = node.bin / "nvidia-cuda-mps-control"
        yield config.loads("sources: {nvml: {process_names: true, utilization: true}, "
                           f"mps: {{proc_root: {node.root / 'proc'}, control: {control}}}}}")


def render(capture: Path, full: config.Config) -> str:
    # the daemon's families: its sources', the sampler's own, and its reload status (Runtime)
    sampler = Sampler(
        node_sources(full, load_capture(capture)), interval=1.0, static_families=ReloadStatus().families
    )
    text = sampler.sample_once().exposition.body().decode()
    return "".join(line + "\n" for line in text.splitlines() if not line.startswith(TIMING))


@pytest.mark.parametrize("capture", CAPTURE_FILES, ids=[c.stem for c in CAPTURE_FILES])
def test_golden_exposition(capture: Path, update_golden: bool, full: config.Config) -> None:
    golden = GOLDEN / f"{capture.stem}.prom"
    text = render(capture, full)
    if update_golden:
        golden.write_text(text)
    assert golden.exists(), f"no golden file; run pytest {__file__} --update-golden"
    assert text == golden.read_text()


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool not installed (make test installs it)")
@pytest.mark.parametrize("capture", CAPTURE_FILES, ids=[c.stem for c in CAPTURE_FILES])
def test_promtool_accepts_the_exposition(capture: Path, full: config.Config) -> None:
    text = render(capture, full)
    result = subprocess.run(
        ["promtool", "check", "metrics"], input=text, capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "" and result.stderr.strip() == "", result.stdout + result.stderr
