"""One rank's bad values never break a node-wide consumer (issue 23).

The breakdown (every GPU of the node), the alert engine and its templates read every rank's
figures. A rank that publishes +Inf, NaN, a negative or an absurd byte count must lose only
its own contribution: every other GPU keeps its breakdown, every other rank its alerts, and
those alerts reach the receivers. The spool reader validates values too (another layer);
these consumers must hold on their own, so the unit and property tests feed them directly.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prometheus_client.core import Metric

from gpumemd.alerts.engine import Engine
from gpumemd.alerts.rules import rule_from_dict
from gpumemd.sources.breakdown import CATEGORIES, BreakdownSource, breakdown, rank_memory
from gpumemd.sources.nvml import GpuProcess, GpuReading, NvmlReading
from gpumemd.spool.format import SpoolReading
from gpumemd.spool.writer import SpoolWriter
from tests.fakes import Receiver, counter, gauge
from tests.helpers import EIGHT_RANKS, gpumemd_process, samples, scrape, wait_for

GIB = 1 << 30
BAD_VALUES = [math.inf, -math.inf, -1.0, -(2.0 ** 70), 2.0 ** 80, 1e308, 10 ** 400]
ALLOC = ("gpumemd_allocator_allocated_bytes", "gpumemd_allocator_reserved_bytes",
         "gpumemd_allocator_inactive_split_bytes")


# --- the breakdown, fed directly -------------------------------------------------------


class _Rank:
    """A spool rank as rank_memory reads it: a pid and (name, type, help, samples, keys) families."""

    def __init__(self, pid: int, uuid: str, values: tuple[Any, Any, Any]) -> None:
        self.pid = pid
        self.families = []
        for name, value in zip(ALLOC, values, strict=True):
            fam = Metric(name, "x", "gauge")
            fam.add_sample(name, {"uuid": uuid, "rank": str(pid)}, value)
            self.families.append((name, "gauge", "x", fam.samples, ()))


def _Spool(ranks: list[_Rank]) -> SpoolReading:  # noqa: N802 - reads like the class it builds
    return SpoolReading(tuple(ranks))  # type: ignore[arg-type]  # rank_memory reads pid and families


def _node(n: int) -> NvmlReading:
    """n GPUs of 80 GiB, each with one process (pid 100 + i) using 8 GiB."""
    gpus = tuple(GpuReading(i, f"GPU-{i}", "H100", None, 80 * GIB, 9 * GIB, 71 * GIB, GIB,
                            (GpuProcess(100 + i, 8 * GIB),)) for i in range(n))
    return NvmlReading("580", gpus, {}, 0)


def _parts(reading: list[Any]) -> dict[str, dict[str, int]]:
    return {g.uuid: dict(g.parts) for g in reading}


@pytest.mark.parametrize("bad", BAD_VALUES + [math.nan], ids=lambda v: repr(v)[:12])
def test_one_ranks_bad_figure_leaves_every_gpu_and_the_other_ranks_intact(bad: Any) -> None:
    spool = _Spool([_Rank(100, "GPU-0", (bad, 4 * GIB, 0)), _Rank(101, "GPU-1", (2 * GIB, 4 * GIB, GIB))])
    source = BreakdownSource()
    reading = source.read({"nvml": _node(4), "spool": spool})
    got = _parts(reading)
    assert sorted(got) == ["GPU-0", "GPU-1", "GPU-2", "GPU-3"]
    for uuid, parts in got.items():
        assert sum(parts.values()) == 80 * GIB and all(v >= 0 for v in parts.values()), (uuid, parts)
    # rank 101 joined; rank 100's process is counted as one without an agent (NaN: no reading)
    assert got["GPU-1"]["pytorch_allocated"] == 2 * GIB and got["GPU-1"]["pytorch_fragmented"] == GIB
    if bad == bad:
        assert got["GPU-0"]["other_processes"] == 8 * GIB and got["GPU-0"]["pytorch_allocated"] == 0
    fams = {f.name: f for f in source.families(reading)}
    dropped = fams["gpumemd_gpu_memory_breakdown_dropped"].samples[0].value
    assert dropped == (0 if bad != bad else 1)  # NaN is "no reading", not a bad figure


figure = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.just(10**400),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 3), st.tuples(figure, figure, figure)), max_size=6))
def test_breakdown_never_raises_and_always_sums_whatever_ranks_publish(ranks: list[Any]) -> None:
    spool = _Spool([_Rank(100 + gpu, f"GPU-{gpu}", values) for gpu, values in ranks])
    got = _parts(breakdown(_node(4), rank_memory(spool)))
    assert len(got) == 4
    for parts in got.values():
        assert sorted(parts) == sorted(CATEGORIES)
        assert sum(parts.values()) == 80 * GIB and all(v >= 0 for v in parts.values()), parts


# --- the alert engine and its templates, fed directly -------------------------------------

RULES = [
    {
        "alert": "Printed",
        "metric": "gpumemd_allocator_allocated_bytes",
        "op": ">",
        "threshold": 0,
        "annotations": {
            "summary": '{{ printf "%d" $value }} bytes, {{ $value | humanize1024 }}B',
            "ratio": "{{ $value | humanizePercentage }} {{ $value | humanizeDuration }}",
        },
        "labels": {"size": '{{ printf "%.2f" $value }}'},
    },
    {
        "alert": "Trend",
        "kind": "trend",
        "metric": "gpumemd_allocator_allocated_bytes",
        "window": "4s",
        "op": ">",
        "threshold": -1e300,
        "annotations": {"summary": "{{ $value | humanize }}"},
    },
    {
        "alert": "Oom",
        "kind": "increase",
        "metric": "gpumemd_oom_events_total",
        "window": "1m",
        "op": ">",
        "threshold": 0,
        "annotations": {"summary": '{{ printf "%d" $value }} OOMs on {{ $labels.rank }}'},
    },
]


def _families(a: Any, b: float, ooms_a: Any, ooms_b: float) -> list[Metric]:
    ra, rb = {"rank": "0", "gpu": "0"}, {"rank": "1", "gpu": "1"}
    return [
        gauge("gpumemd_allocator_allocated_bytes", [(ra, a), (rb, b)]),
        counter(
            "gpumemd_oom_events_total", [({**ra, "cause": "leak"}, ooms_a), ({**rb, "cause": "leak"}, ooms_b)]
        ),
    ]


def test_a_ranks_infinity_renders_a_placeholder_and_the_other_ranks_oom_is_sent() -> None:
    engine = Engine([rule_from_dict(r) for r in RULES], interval=1.0)
    sent: list[Any] = []
    for t in range(6):
        sent += engine.evaluate(
            engine.view(_families(math.inf, 1000.0 + t, math.inf, float(t >= 3))), float(t)
        )
    oom = [n for n in sent if n.labels["alertname"] == "Oom"]
    assert [n.labels["rank"] for n in oom] == ["1"] and oom[0].annotations["summary"] == "1 OOMs on 1"
    printed = {n.labels["rank"]: n for n in sent if n.labels["alertname"] == "Printed"}
    assert printed["1"].annotations["summary"].startswith("1000 bytes")
    assert printed["0"].annotations["summary"].startswith("<error: %d cannot format +Inf>")
    assert all(r.failures == 0 for r in engine.rules)
    assert {r.name: r.template_failures > 0 for r in engine.rules} == {
        "Printed": True,
        "Trend": False,
        "Oom": False,
    }


finite_or_not = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.integers(-(2**70), 2**70), st.just(10**400)
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(finite_or_not, finite_or_not), min_size=1, max_size=8))
def test_the_engine_never_raises_whatever_one_rank_publishes(values: list[tuple[Any, Any]]) -> None:
    engine = Engine([rule_from_dict(r) for r in RULES], interval=1.0)
    for t, (bad, bad_ooms) in enumerate(values):
        notes = engine.evaluate(engine.view(_families(bad, 1000.0 + t, bad_ooms, float(t))), float(t))
        for n in notes:
            assert all(len(v) <= 4097 for v in n.annotations.values())
    assert all(r.failures == 0 for r in engine.rules), [(r.name, r.failures) for r in engine.rules]


# --- a real daemon: rank A publishes +Inf, rank B a real OOM --------------------------------


def _replay_with_pids(tmp: Path, pids: tuple[int, int]) -> Path:
    """The 8-GPU capture with the processes of GPUs 0 and 1 renamed to our two live ranks."""
    text = EIGHT_RANKS.read_text()
    for old, new in zip((10000, 10001), pids, strict=True):
        text = re.sub(rf"\b{old}\b", str(new), text)
    out = tmp / "replay.json"
    out.write_text(text)
    return out


def _rank_families(rank: int, uuid: str, allocated: float, ooms: float) -> list[Metric]:
    labels = {"rank": str(rank), "job_id": "j", "gpu": str(rank), "uuid": uuid}
    fams = []
    for name, value in zip(ALLOC, (allocated, 1.5 * GIB, 0.0), strict=True):
        fam = Metric(name, "x", "gauge")
        fam.add_sample(name, labels, value)
        fams.append(fam)
    oom = Metric("gpumemd_oom_events", "x", "counter")  # the agent's: no uuid, a cause
    agent = {k: v for k, v in labels.items() if k != "uuid"}
    oom.add_sample("gpumemd_oom_events_total", {**agent, "cause": "undiagnosed"}, ooms)
    return [*fams, oom]


def test_a_real_daemon_splits_every_gpu_and_sends_the_other_ranks_oom(tmp_path: Path, two_ranks) -> None:
    spool = tmp_path / "spool"
    spool.mkdir(mode=0o755)
    pid_a, pid_b = two_ranks
    capture = json.loads(EIGHT_RANKS.read_text())
    uuids = {i: capture["nvml"][f"uuid({i})"]["ok"] for i in range(2)}
    writers = [
        SpoolWriter(spool, identity={"rank": str(r), "job_id": "j"}, interval=30.0, pid=pid)
        for r, pid in enumerate((pid_a, pid_b))
    ]
    writers[0].publish(_rank_families(0, uuids[0], math.inf, math.inf))
    writers[1].publish(_rank_families(1, uuids[1], 1.0 * GIB, 0.0))
    rx = Receiver()
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(
        yaml.safe_dump(
            {
                "sampler": {"interval": "100ms"},
                "agent": {"spool_dir": str(spool)},
                "alerting": {
                    "resend_delay": "1h",
                    "notifiers": [{"type": "webhook", "url": rx.url, "min_backoff": "50ms"}],
                    "rules": [RULES[0]],
                },
            }
        )
    )
    try:
        with gpumemd_process(
            ["--config.file", str(cfg), "--replay", str(_replay_with_pids(tmp_path, two_ranks))]
        ) as (url, _proc):

            def got() -> dict[Any, float]:
                return samples(scrape(url + "/metrics"))

            def ooms_b() -> float | None:
                return next(
                    (
                        v
                        for (n, lab), v in got().items()
                        if n == "gpumemd_oom_events_total" and dict(lab).get("rank") == "1"
                    ),
                    None,
                )

            wait_for("rank 1's OOM counter at 0 in the daemon", lambda: ooms_b() == 0.0)
            writers[1].publish(_rank_families(1, uuids[1], 1.0 * GIB, 1.0))  # the real OOM
            wait_for("rank 1's OOM counter at 1", lambda: ooms_b() == 1.0)

            def delivered(name: str, rank: str) -> bool:
                return any(
                    a["labels"]["alertname"] == name and a["labels"].get("rank") == rank
                    for b in rx.bodies
                    for a in b["alerts"]
                )

            assert rx.wait_for(lambda _: delivered("PytorchOutOfMemory", "1"), timeout=8), rx.bodies
            assert rx.wait_for(lambda _: delivered("Printed", "1"), timeout=8), rx.bodies
            s = got()
            split = {dict(lab)["uuid"] for (n, lab) in s if n == "gpumemd_gpu_memory_breakdown_bytes"}
            assert len(split) == 8  # every GPU of the node, rank A's included
            assert s[("gpumemd_collector_success", (("collector", "breakdown"),))] == 1.0
            assert s[("gpumemd_collector_success", (("collector", "alerts"),))] == 1.0
            # rank B joined on its pid: its PyTorch bytes are in GPU 1's split
            b_alloc = s[
                (
                    "gpumemd_gpu_memory_breakdown_bytes",
                    (("category", "pytorch_allocated"), ("gpu", "1"), ("uuid", uuids[1])),
                )
            ]
            assert b_alloc == 1.0 * GIB
    finally:
        rx.close()
