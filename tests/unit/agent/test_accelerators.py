"""The agent on an accelerator NVML cannot see, over `FakeAcceleratorTorch` (tests/fakes.py: a
fake, no XPU here): the allocator and host series are exported, NVML is never touched, each
device in use reads `gpumemd_process_nvml_visible` 0, the collector does not fail (a failing
one would fire the default GpumemdCollectorFailing alert on every such job), and one line says
why over many samples."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import gpumemd.agent.wiring as wiring
from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.backends.torch_accel import LazyTorchCuda
from gpumemd.spool.format import parse as parse_spool
from tests.fakes import READINGS, FakeAcceleratorTorch

SAMPLES = 12
NVML_ONLY = "device-level memory is read through NVML only"


class _NeverNvml:
    """A fake NVML that fails the test on any use: on XPU nothing may read NVML."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"NVML read on a device it cannot see: {name}")


class _NoOom:
    """A fake of torch's OOM hooks (gpumemd/backends/torch_oom.py) with nothing to attach."""

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(name)


def _agent(torch: FakeAcceleratorTorch) -> Agent:
    pytest.importorskip("torch")  # the announcer waits for the program's torch import
    agent = Agent(listen_address=None, spool_dir="", nvml=True, nvml_interval=0.001,
                 identity=Identity(pid=4242, rank=0, local_rank=0, world_size=1),
                 apis={"torch": LazyTorchCuda(torch), "nvml": _NeverNvml(), "oom": _NoOom(), "env": {},
                       "rss": lambda: 1 << 30, "peak_rss": lambda: 1 << 30})
    return agent


def _samples(agent: Agent, n: int) -> Any:
    agent.runtime = agent.build()
    assert agent._announcer is not None
    agent._announcer.armed = True  # as start() does, after its own line
    snapshot = None
    for _ in range(n):
        snapshot = agent.runtime.sampler.sample_once()
    return snapshot


def _series(snapshot: Any) -> dict[str, list[tuple[dict[str, str], float]]]:
    return {f.name: [(s.labels, s.value) for s in f.samples] for f in snapshot.exposition.families}


def test_xpu_exports_the_allocator_and_says_once_that_nvml_cannot_see_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(wiring.log, "hasHandlers", lambda: False)  # a program that configured no logging
    torch = FakeAcceleratorTorch("xpu", initialized=True)
    agent = _agent(torch)
    series = _series(_samples(agent, SAMPLES))
    allocated = series["gpumemd_allocator_allocated_bytes"]
    assert allocated == [
        (
            {"gpu": "0", "uuid": "a1b2c3d4-xpu", "rank": "0"},
            READINGS["after_256MiB_and_4000B"]["memory_allocated"],
        )
    ]
    success = dict((labels["collector"], value) for labels, value in series["gpumemd_collector_success"])
    assert success["allocator"] == 1 and success["process"] == 1
    assert series["gpumemd_process_nvml_visible"] == [({"gpu": "0", "uuid": "a1b2c3d4-xpu", "rank": "0"}, 0)]
    assert not series.get("gpumemd_process_nvml_used_bytes")  # no device figure, not a zero
    assert series["gpumemd_process_host_resident_bytes"] == [({"rank": "0"}, 1 << 30)]  # the host stays
    lines = [line for line in capsys.readouterr().err.splitlines() if NVML_ONLY in line]
    assert lines == [
        f"gpumemd: pid 4242: {NVML_ONLY} (NVIDIA CUDA), so on xpu the allocator and host series "
        "are exported and gpumemd_process_nvml_visible is 0"
    ]


def test_with_logging_configured_the_line_goes_through_it_once(
    caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level("INFO", logger="gpumemd")
    _samples(_agent(FakeAcceleratorTorch("xpu", initialized=True)), SAMPLES)
    about = [r for r in caplog.records if NVML_ONLY in r.getMessage()]
    assert len(about) == 1 and about[0].name == "gpumemd.agent", [r.getMessage() for r in about]
    assert "on xpu" in about[0].getMessage()
    assert NVML_ONLY not in capsys.readouterr().err


def test_rocm_keeps_torch_cuda_and_also_reports_nvml_blind(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(wiring.log, "hasHandlers", lambda: False)
    agent = _agent(FakeAcceleratorTorch("cuda", hip="7.0"))
    series = _series(_samples(agent, 3))
    success = dict((labels["collector"], value) for labels, value in series["gpumemd_collector_success"])
    assert success["process"] == 1
    assert sum(NVML_ONLY in line and "on rocm" in line for line in capsys.readouterr().err.splitlines()) == 1


def test_a_cpu_only_torch_keeps_todays_process_collector_and_never_reads_nvml(
    capsys: pytest.CaptureFixture[str],
) -> None:
    agent = _agent(FakeAcceleratorTorch(None))
    series = _series(_samples(agent, 3))
    success = dict((labels["collector"], value) for labels, value in series["gpumemd_collector_success"])
    assert success["process"] == 1 and success["allocator"] == 1  # nothing to read is not a failure
    assert not series.get("gpumemd_allocator_allocated_bytes")
    assert NVML_ONLY not in capsys.readouterr().err


def test_the_daemon_accepts_an_xpu_agents_spool_file_with_an_empty_uuid(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    a = Agent(
        listen_address=None,
        spool_dir=str(tmp_path),
        nvml=False,
        identity=Identity(pid=os.getpid(), rank=0),
        apis={
            "torch": LazyTorchCuda(FakeAcceleratorTorch("xpu", initialized=True, uuid=None)),
            "oom": _NoOom(),
            "env": {},
        },
    )
    a.runtime = a.build()
    a._publish(a.runtime.sampler.sample_once())
    (path,) = tmp_path.glob("agent-*.json")
    result = parse_spool(path.read_bytes())
    families = {f[0]: f for f in getattr(result, "families", ())}
    assert "gpumemd_allocator_allocated_bytes" in families, result
    ((_, labels, value, *_),) = families["gpumemd_allocator_allocated_bytes"][3]
    assert (
        labels["uuid"] == ""
        and labels["gpu"] == "0"
        and value == READINGS["after_256MiB_and_4000B"]["memory_allocated"]
    )
