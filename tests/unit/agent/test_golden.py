"""Golden exposition of the agent, on the real H200 recordings (torch + NVML), replayed.

Regenerate with `pytest tests/unit/agent/test_golden.py --update-golden` (or
GPUMEMD_UPDATE_GOLDEN=1) and review the diff. Timing series are left out.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer
from tests.fakes import ROOT, FakeTorch, capture

GOLDEN = ROOT / "tests/golden/agent__h200__torch-2.11__after-256MiB.prom"
TIMING = ("gpumemd_collector_duration_seconds", "gpumemd_last_sample_timestamp_seconds",
          "gpumemd_sample_duration_seconds")
NVML = load_capture(ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json")


def render() -> str:
    import torch  # as in a training process: the step hook is installed

    fake_oom = FakeTorch()
    agent = Agent(
        listen_address=None, spool_dir="",
        identity=Identity(pid=450, rank=0, local_rank=0, world_size=2, job_id="4242"),
        apis={"torch": torch_replayer(capture("after_256MiB_and_4000B")), "nvml": nvml_replayer(NVML),
              "oom": fake_oom, "rss": lambda: 2_000_000_000, "peak_rss": lambda: 2_500_000_000, "env": {}},
    )
    runtime = agent.build()
    # memory by category: a watched CPU model stands for the replayed GPU's (the series' values
    # are its exact sizes; only the step's end, as the replay closes no optimizer step)
    net = torch.nn.Linear(64, 32)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    net(torch.ones(1, 64)).sum().backward()
    opt.step()
    agent.categories._device_type = lambda: "cpu"
    agent.watch(net, opt)
    runtime.sampler.sample_once()  # attaches the (fake) OOM observer
    fake_oom.num = 1
    fake_oom.observer(0, 1 << 45, 150109880320, 149555380224)  # type: ignore[misc]
    text = runtime.sampler.sample_once().exposition.body().decode()
    if agent.steps.handle is not None:  # built, never started: stop() would leave the global hook
        agent.steps.handle.remove()
    return "".join(line + "\n" for line in text.splitlines()
                   if not line.startswith(TIMING) and "gpumemd_section" not in line)


def test_agent_golden_exposition(request: pytest.FixtureRequest) -> None:
    text = render()
    update = os.environ.get("GPUMEMD_UPDATE_GOLDEN") or request.config.getoption(
        "--update-golden", default=False
    )
    if update:
        GOLDEN.write_text(text)
    assert GOLDEN.exists(), f"no golden file; run pytest {__file__} --update-golden"
    assert text == GOLDEN.read_text()


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool not installed")
def test_promtool_accepts_the_agent_exposition() -> None:
    result = subprocess.run(
        ["promtool", "check", "metrics"], input=render(), capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stdout + result.stderr
