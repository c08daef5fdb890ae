"""The agent's own engine end to end: a real Agent with the default rules sees an OOM,
diagnoses it, writes `.diagnosis.json`, and the PytorchOutOfMemory notification that reaches a
real loopback webhook carries the diagnosis's cause, fix and summary (the `info:` join in
the agent, not only in the daemon: tests/integration/test_oom_alert.py).

An OOM cannot be caused on a CPU: `FakeTorch` (tests/fakes.py) is a FAKE of torch's OOM
observer API, called as the allocator calls it; the allocator's figures are the H200's
recorded ones, replayed. The GPU run does the same with a real OOM (tests/gpu)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.backends.replay import torch_replayer
from tests.fakes import FakeTorch, Receiver, capture
from tests.helpers import wait_for


class BeforeAndAfterOom:
    """Torch's allocator answers, replayed: the H200's before the OOM, then its after_oom ones
    (num_ooms 1) once the fake observer was called, as a real allocator moves on."""

    def __init__(self) -> None:
        self.before = torch_replayer(capture("after_256MiB_and_4000B"))
        self.after = torch_replayer(capture("after_oom"))
        self.oomed = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.after if self.oomed else self.before, name)


def test_the_agents_pytorch_out_of_memory_reaches_a_webhook_with_cause_fix_and_summary(
    tmp_path: Path,
) -> None:
    rx = Receiver()
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(
        yaml.safe_dump(
            {
                "agent": {
                    "spool_dir": "",
                    "interval": "50ms",
                    "evaluation_interval": "100ms",
                    "oom_snapshot_dir": str(tmp_path / "oom"),
                    "oom_min_dump_interval": "0s",
                },
                "alerting": {
                    "resend_delay": "1h",
                    "notifiers": [{"type": "webhook", "url": rx.url, "min_backoff": "50ms"}],
                },
            }
        )
    )
    fake_oom = FakeTorch()  # the FAKE OOM API: its observer is what torch's allocator would call
    allocator = BeforeAndAfterOom()
    agent = Agent(
        str(cfg),
        listen_address=None,
        identity=Identity(pid=450, rank=3, local_rank=3, world_size=8, job_id="77"),
        apis={"torch": allocator, "oom": fake_oom, "env": {}, "nvml": None},
    )
    agent.start()
    try:
        wait_for("the OOM observer attached", lambda: fake_oom.observer is not None, timeout=8)
        wait_for(
            "a sample with no OOM yet (the counter's 0)",
            lambda: agent.runtime is not None and agent.runtime.sampler.latest is not None,
            timeout=8,
        )
        fake_oom.num = 1
        allocator.oomed = True  # torch counts the OOM before it calls its observers
        fake_oom.observer(0, 1 << 45, 150109880320, 149555380224)  # type: ignore[misc]  # 32 TiB asked

        def oom_alert() -> dict[str, Any] | None:
            return next(
                (
                    a
                    for b in rx.bodies
                    for a in b["alerts"]
                    if a["labels"]["alertname"] == "PytorchOutOfMemory" and a["annotations"].get("cause")
                ),
                None,
            )

        assert rx.wait_for(lambda _: oom_alert() is not None, timeout=8), rx.bodies
        alert = oom_alert()
        assert alert is not None and alert["status"] == "firing" and alert["labels"]["rank"] == "3"
        (written,) = sorted((tmp_path / "oom").glob("*.diagnosis.json"))
        d = json.loads(written.read_text())
        assert d["cause"] == "capacity"
        assert alert["annotations"]["cause"] == d["cause"]
        assert alert["annotations"]["fix"] == d["fix"]
        assert alert["annotations"]["summary"] == "Rank 3 of job 77 on GPU 0 ran out of GPU memory: capacity"
        assert d["summary"] in alert["annotations"]["description"]
        assert f"Fix: {d['fix']}" in alert["annotations"]["description"]
    finally:
        agent.stop()
        rx.close()
