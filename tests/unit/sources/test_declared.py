"""Every family gpumemd renders is its declaration (gpumemd/known_metrics.py): the same type and
HELP, labels the declaration lists, rendered by the collector it names. The check lives here,
not at run time: a training process is never the place a programming error is raised."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest
from prometheus_client.core import Metric

from gpumemd import config, known_metrics
from gpumemd.backends.replay import load_capture
from gpumemd.runtime import ReloadStatus
from gpumemd.sampling.sampler import Sampler
from gpumemd.sources.node import node_sources
from tests.helpers import CAPTURES, ROOT
from tests.unit.sources.test_names import _agent

CAPTURE_FILES = sorted(CAPTURES.glob("*.json"))
FULL = config.loads("sources: {nvml: {process_names: true, utilization: true}}")
OPEN_LABELS = frozenset({"gpumemd_alerts"})  # an alert's series carries the alert's own labels
# Where a family is built from something else than a declaration: the base renderers; the spool's
# merge (an agent plugin's undeclared family keeps its rank's HELP); the agent's endpoint helper,
# which re-renders what the agent already rendered.
BUILDERS = {"gpumemd/sources/base.py", "gpumemd/sources/spool.py", "gpumemd/agent/endpoint.py"}


def mismatches(families: Iterable[Metric]) -> list[str]:
    wrong = []
    for fam in families:
        info = known_metrics.family(fam.name)
        if info is None:
            wrong.append(f"{fam.name}: not declared")
            continue
        if (fam.type, fam.documentation) != (info.type, info.help):
            wrong.append(f"{fam.name}: {fam.type} {fam.documentation!r}, declared {info.type} {info.help!r}")
        if fam.name in OPEN_LABELS:
            continue
        for s in fam.samples:
            extra = set(s.labels) - set(info.labels)
            if extra:
                wrong.append(f"{fam.name}: labels {sorted(extra)} not declared")
                break
    return wrong


@pytest.mark.parametrize("capture", CAPTURE_FILES, ids=[c.stem for c in CAPTURE_FILES])
def test_the_daemons_families_are_their_declarations(capture: Path) -> None:
    sampler = Sampler(
        node_sources(FULL, load_capture(capture)), interval=1.0, static_families=ReloadStatus().families
    )
    families = sampler.sample_once().exposition.families
    assert len(families) > 20
    assert mismatches(families) == []


def test_the_agents_families_are_their_declarations() -> None:
    families = _agent().sample_once().exposition.families
    names = {f.name for f in families}
    assert {"gpumemd_allocator_allocated_bytes", "gpumemd_oom_events", "gpumemd_agent_info"} <= names
    assert mismatches(families) == []


def test_the_leak_finders_and_the_sections_families_are_their_declarations() -> None:
    # rendered only once armed or profiled: not in the agent's sample above
    from gpumemd.agent.leakfind import LeakFinder
    from gpumemd.profiler.sections import SectionRegistry

    ident = {"rank": "3", "job_id": "j"}
    finder = LeakFinder(None, out_dir=None, labels=ident, say=lambda _: None)  # type: ignore[arg-type]
    leak = list(finder.families(((("train.py:88", 1e9, 5e7),), ("0", "train.py:88", "outputs", "leaking"))))
    registry = SectionRegistry()
    registry.record("forward", "cuda:0", 1 << 30, 1 << 20)
    sections = list(registry.families(ident))
    assert {f.name for f in leak} == known_metrics.collected_by("leak")
    assert {f.name for f in sections} == known_metrics.collected_by("sections")
    assert all(f.samples for f in leak + sections)
    assert mismatches(leak + sections) == []


def test_a_family_rendered_unlike_its_declaration_is_named() -> None:
    from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

    help_ = known_metrics.family("gpumemd_gpus").help  # type: ignore[union-attr]
    wrong_type = CounterMetricFamily("gpumemd_gpus", help_)
    wrong_help = GaugeMetricFamily("gpumemd_gpus", "GPUs.")
    wrong_labels = GaugeMetricFamily("gpumemd_gpus", help_, labels=["node"])
    wrong_labels.add_metric(["n1"], 8)
    undeclared = GaugeMetricFamily("gpumemd_gpus_seen", help_)
    got = mismatches([wrong_type, wrong_help, wrong_labels, undeclared])
    assert [line.split(":")[0] for line in got] == ["gpumemd_gpus"] * 3 + ["gpumemd_gpus_seen"]
    assert "['node'] not declared" in got[2]


def _calls(path: Path) -> Iterable[tuple[str, ast.Call]]:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
            yield (node.func.id if isinstance(node.func, ast.Name) else node.func.attr), node


def test_every_family_is_built_from_its_declaration() -> None:
    """No module passes its own HELP or type (a prometheus_client family built by hand), and
    every name a module asks for is declared: found here, not when the family is first rendered."""
    own, undeclared, asked = [], [], 0
    for path in sorted((ROOT / "gpumemd").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        for name, call in _calls(path):
            if name in ("Metric", "GaugeMetricFamily", "CounterMetricFamily", "InfoMetricFamily"):
                if rel not in BUILDERS:
                    own.append(f"{rel}:{call.lineno} {name}(...)")
            elif name in ("Family", "metric") and call.args:
                arg = call.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    asked += 1
                    if known_metrics.family(arg.value) is None:
                        undeclared.append(f"{rel}:{call.lineno} {arg.value}")
    assert own == [], "render from the declaration: Family(name) or metric(name, labels)"
    assert undeclared == [], "declare these in gpumemd/known_metrics.py"
    assert asked > 50


def test_no_module_keeps_a_copy_of_a_declared_help() -> None:
    """A HELP written again beside its declaration is the second place that drifts from it."""
    helps = {i.help for i in known_metrics.declarations()}
    copies = []
    for path in sorted((ROOT / "gpumemd").rglob("*.py")):
        if path.name == "known_metrics.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in helps:
                copies.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert copies == []


def test_each_declared_collector_renders_what_it_declares() -> None:
    """A source's `names` are its declarations; every declaration names a collector that exists."""
    from gpumemd.sampling.families import SELF_NAMES
    from gpumemd.sources.spool import daemon_family_names

    collectors = {i.collector for i in known_metrics.declarations()}
    sources = {"nvml", "host", "breakdown", "kubelet", "slurm", "mps",
               "spool", "allocator", "pools", "process",
               "training", "forecast", "oom", "agent", "categories", "calibration", "leak", "sections"}
    assert collectors == sources | {"sampler", "daemon", "alerts"}
    assert SELF_NAMES == known_metrics.collected_by("sampler") and len(SELF_NAMES) == 7
    assert known_metrics.collected_by("nvml") <= daemon_family_names()
    assert not daemon_family_names() & known_metrics.published()


def test_a_family_is_declared_once() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        known_metrics.register("gpumemd_gpus", "gauge", (), "again", "nvml")
    assert known_metrics.family("gpumemd_gpus").help == "GPUs NVML sees."  # type: ignore[union-attr]
