"""The agent's `Counted` wrapper forwards every member `Source` declares: a capability added
to Source cannot silently disappear behind it (it used to forward each one by hand)."""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from prometheus_client.core import GaugeMetricFamily, Metric

from gpumemd.agent.wiring import Counted
from gpumemd.sources.agent_self import Errors
from gpumemd.sources.attribution import PodLabels
from gpumemd.sources.base import Source


def declared_members() -> tuple[set[str], set[str]]:
    """(data members, methods) that Source declares for subclasses to use."""
    data = {n for n in Source.__annotations__}
    methods = {n for n, v in vars(Source).items() if inspect.isfunction(v) and not n.startswith("_")}
    return data, methods


class Spy(Source[int]):
    name = "spy"
    names = frozenset({"spy_a", "spy_b"})
    history_readings = True

    def __init__(self) -> None:
        self.calls: list[str] = []

    def read(self, cycle: Mapping[str, Any]) -> int:
        self.calls.append("read")
        return 7

    def families(self, reading: int) -> Iterable[Metric]:
        self.calls.append("families")
        return [
            GaugeMetricFamily("spy_a", "a", value=reading),
            GaugeMetricFamily("spy_b", "b", value=reading),
        ]

    def families_named(self, reading: int, wanted: frozenset[str]) -> Iterable[Metric]:
        self.calls.append("families_named")
        return [f for f in self.families(reading) if f.name in wanted]

    def tick(self) -> None:
        self.calls.append("tick")

    def close(self) -> None:
        self.calls.append("close")


def test_source_declares_what_the_sampler_and_runtime_use() -> None:
    data, methods = declared_members()
    assert data == {"name", "every", "names", "history_readings", "ticking", "selective"}
    assert methods == {"read", "families", "families_named", "tick", "close"}


@pytest.mark.parametrize("wrapper", ["counted", "pod_labels"])
def test_a_wrapper_forwards_every_declared_member(wrapper: str) -> None:
    inner = Spy()
    outer: Source[Any] = (
        Counted(inner, Errors()) if wrapper == "counted" else PodLabels(inner, attribution=None)
    )  # type: ignore[arg-type]
    data, methods = declared_members()
    assert type(outer).__mro__[1] is Source
    for member in data - {
        "every",
        "selective",
    }:  # Counted's `every` is the agent's; PodLabels' selective, False
        assert getattr(outer, member) == getattr(inner, member), member
    assert outer.ticking and inner.ticking
    # PodLabels labels the full rendering: the inherited filter over its own families is right
    forwarded = methods - {"families_named"} if wrapper == "pod_labels" else methods
    for method in forwarded:
        assert method in vars(type(outer)), (
            f"{type(outer).__name__} inherits {method} instead of forwarding it"
        )
    outer.tick()
    outer.read({})
    outer.close()
    assert inner.calls == ["tick", "read", "close"]


def test_counted_forwards_selection_and_counts_errors() -> None:
    inner, errors = Spy(), Errors()
    counted = Counted(inner, errors, every=2.5)
    assert (counted.selective, counted.every) == (True, 2.5)
    assert [f.name for f in counted.families_named(7, frozenset({"spy_b"}))] == ["spy_b"]

    class Broken(Spy):
        def read(self, cycle: Mapping[str, Any]) -> int:
            raise RuntimeError("boom")

    broken = Counted(Broken(), errors)
    with pytest.raises(RuntimeError):
        broken.read({})
    assert errors.counts == {"spy": 1}


def test_the_default_families_named_filters_the_full_rendering() -> None:
    class Plain(Source[int]):
        name = "plain"

        def read(self, cycle: Mapping[str, Any]) -> int:
            return 1

        def families(self, reading: int) -> Iterable[Metric]:
            return [GaugeMetricFamily("x", "x", value=1), GaugeMetricFamily("y", "y", value=2)]

    plain = Plain()
    assert (plain.ticking, plain.selective, plain.every, plain.names, plain.history_readings) == (
        False,
        False,
        0.0,
        None,
        False,
    )
    assert [f.name for f in plain.families_named(1, frozenset({"y"}))] == ["y"]
    plain.tick()
    plain.close()  # no-ops by default
