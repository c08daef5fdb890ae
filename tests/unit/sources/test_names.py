"""Each source's `names` (what the sampler selects on for the alert engine) covers every
family it renders, on every recorded capture; `families_named` renders exactly the selected
ones, as `families` would; the alert engine's selection sees what the full list shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpumemd import config
from gpumemd.backends.podresources import Assignment
from gpumemd.sources.kubelet import KubeletReading, KubeletSource, PodAttribution
from gpumemd.sources.mps import MpsReading, MpsSource
from gpumemd.sources.node import node_sources
from gpumemd.sources.slurm import SlurmReading, SlurmSource
from tests.fakes import FakeTorch
from tests.fakes import capture as torch_capture
from tests.helpers import CAPTURES

CAPTURE_FILES = sorted(CAPTURES.glob("*.json"))
FULL = config.loads("sources: {nvml: {process_names: true, utilization: true}}")


def check(source, reading) -> None:
    declared = source.names
    full = list(source.families(reading))
    assert {f.name for f in full} <= declared, f"{source.name}: add these to its `names`"
    named = getattr(source, "families_named", None)
    if named is None:
        return
    for pick in (declared, frozenset(sorted(declared)[::2]), frozenset({"gpumemd_nothing"})):
        assert list(named(reading, pick)) == [f for f in full if f.name in pick]


@pytest.mark.parametrize("capture", CAPTURE_FILES, ids=[c.stem for c in CAPTURE_FILES])
def test_daemon_sources_declare_their_names(capture: Path) -> None:
    from gpumemd.backends.replay import load_capture

    readings: dict = {}
    for source in node_sources(FULL, load_capture(capture)):
        readings[source.name] = reading = source.read(readings)
        if source.name != "spool":  # the spool republishes whatever agents wrote: undeclared
            check(source, reading)


def test_attribution_sources_declare_their_names() -> None:
    check(SlurmSource(), SlurmReading({42: "7"}, (("0", "GPU-a", "7"),)))
    check(MpsSource(), MpsReading((("0", "GPU-a", 1 << 30),), (("0", "GPU-a", 50.0),)))
    kubelet = KubeletSource(api=None, attribution=PodAttribution())  # type: ignore[arg-type]
    check(kubelet, KubeletReading((Assignment("ns", "pod", "c", "nvidia.com/gpu", "GPU-a"),)))


def _agent():
    from gpumemd.agent.agent import Agent
    from gpumemd.agent.identity import Identity
    from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer

    nvml = load_capture(CAPTURES / "h200__580.159.04__one-process-1GiB.json")
    fake_oom = FakeTorch()
    agent = Agent(
        listen_address=None, spool_dir="",
        identity=Identity(pid=450, rank=0, local_rank=0, world_size=2, job_id="4242"),
        apis={"torch": torch_replayer(torch_capture("after_256MiB_and_4000B")), "nvml": nvml_replayer(nvml),
              "oom": fake_oom, "rss": lambda: 2_000_000_000, "peak_rss": lambda: 2_500_000_000},
    )
    sampler = agent.build().sampler
    sampler.sample_once()  # attaches the (fake) OOM observer
    fake_oom.num = 1
    fake_oom.observer(0, 1 << 45, 150109880320, 149555380224)  # an OOM: the snapshot families too
    return sampler


def test_agent_sources_declare_their_names() -> None:
    sampler = _agent()
    readings: dict = {}
    for source in sampler._sources:
        readings[source.name] = reading = source.read(readings)
        check(source, reading)


def test_the_alert_engines_selection_sees_what_the_full_list_shows() -> None:
    sampler = _agent()
    observer = next(o for o in sampler.cycle.observers if o.name == "alerts")
    snap = sampler.sample_once()
    wanted = observer.engine.wanted
    full = {s.name: s for f in snap.exposition.families for s in f.samples if s.name in wanted}
    seen: dict = {}

    real = observer.engine.view

    def spy(families):
        view = real(families)
        seen.update(view.by_name)
        return view

    observer.engine.view = spy  # type: ignore[method-assign]
    try:
        snap = sampler.sample_once()
    finally:
        del observer.engine.view
    # every selected name the sources export reaches the engine (self-metrics are its own)
    assert set(full) - {"gpumemd_collector_success", "gpumemd_last_sample_timestamp_seconds"} <= set(seen)
