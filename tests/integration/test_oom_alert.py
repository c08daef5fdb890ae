"""A real daemon's PytorchOutOfMemory carries the rank's OOM diagnosis (cause, fix, summary).

A real `gpumemd serve` reads a spool rank file that publishes the allocator's OOM counter and
the agent's `gpumemd_oom_last_diagnosis_info` (as gpumemd/sources/oom.py exports them); the
default rule's `info:` joins them, and a loopback webhook receives the alert with the answer.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from prometheus_client.core import Metric

from gpumemd.spool.writer import SpoolWriter
from tests.fakes import Receiver
from tests.helpers import EIGHT_RANKS, gpumemd_process, samples, scrape, wait_for

FIX = "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"


@pytest.fixture
def live_pid() -> Iterator[int]:
    """A live process for the spool rank file to belong to (the daemon drops dead pids' files)."""
    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        yield proc.pid
    finally:
        proc.communicate(b"", timeout=10)


def _families(uuid: str, ooms: float, diagnosed: bool) -> list[Metric]:
    # gpumemd's OOM counter, each cause from 0 (the agent's: torch's device index, no uuid)
    oom = Metric("gpumemd_oom_events", "x", "counter")
    for cause in ("fragmentation", "undiagnosed"):
        labels = {"rank": "5", "job_id": "j", "gpu": "0", "cause": cause}
        oom.add_sample("gpumemd_oom_events_total", labels, ooms if cause == "fragmentation" else 0.0)
    fams = [oom]
    if diagnosed:  # the agent's info series: torch's device index and the identity, no uuid
        info = Metric("gpumemd_oom_last_diagnosis_info", "x", "gauge")
        info.add_sample("gpumemd_oom_last_diagnosis_info", {
            "gpu": "0", "cause": "fragmentation", "fix": FIX, "rank": "5", "job_id": "j",
            "summary": "9.1 GiB free in PyTorch's cache, largest block 310 MiB < 2.0 GiB requested"}, 1.0)
        fams.append(info)
    return fams



def test_a_real_daemon_sends_pytorch_out_of_memory_with_cause_and_fix(tmp_path: Path, live_pid: int) -> None:
    spool = tmp_path / "spool"
    spool.mkdir(mode=0o755)
    capture = json.loads(EIGHT_RANKS.read_text())
    uuid = capture["nvml"]["uuid(0)"]["ok"]
    replay = tmp_path / "replay.json"  # GPU 0's process is our live rank
    replay.write_text(re.sub(r"\b10000\b", str(live_pid), EIGHT_RANKS.read_text()))
    writer = SpoolWriter(spool, identity={"rank": "5", "job_id": "j"}, interval=30.0, pid=live_pid)
    writer.publish(_families(uuid, 0.0, diagnosed=False))
    rx = Receiver()
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(yaml.safe_dump({
        "sampler": {"interval": "100ms"},
        "agent": {"spool_dir": str(spool)},
        "alerting": {"resend_delay": "1h",  # the answer must not wait for a resend
                     "notifiers": [{"type": "webhook", "url": rx.url, "min_backoff": "50ms"}]},
    }))
    try:
        with gpumemd_process(["--config.file", str(cfg), "--replay", str(replay)]) as (url, _proc):
            def ooms() -> float | None:
                return next((v for (n, lab), v in samples(scrape(url + "/metrics")).items()
                             if n == "gpumemd_oom_events_total" and dict(lab).get("rank") == "5"
                             and dict(lab).get("cause") == "fragmentation"), None)

            wait_for("rank 5's OOM counter at 0 in the daemon", lambda: ooms() == 0.0)
            writer.publish(_families(uuid, 1.0, diagnosed=True))  # the OOM and its diagnosis

            def oom_alert(body: Any) -> dict[str, Any] | None:
                return next((a for b in rx.bodies for a in b["alerts"]
                             if a["labels"]["alertname"] == "PytorchOutOfMemory"
                             and a["annotations"].get("cause")), None)

            assert rx.wait_for(lambda _: oom_alert(None) is not None, timeout=8), rx.bodies
            alert = oom_alert(None)
            assert alert is not None
            assert alert["labels"]["rank"] == "5" and alert["status"] == "firing"
            assert alert["annotations"]["cause"] == "fragmentation"
            assert alert["annotations"]["fix"] == FIX
            assert (
                alert["annotations"]["summary"]
                == "Rank 5 of job j on GPU 0 ran out of GPU memory: fragmentation"
            )
            assert "largest block 310 MiB" in alert["annotations"]["description"]
            assert f"Fix: {FIX}" in alert["annotations"]["description"]
    finally:
        rx.close()
