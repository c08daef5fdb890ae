"""Helpers for alert tests: build metric families, engines and rules without a sampler."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric

from gpumemd.alerts.engine import Engine, Notification
from gpumemd.alerts.rules import rule_from_dict

GPU0 = {"gpu": "0", "uuid": "GPU-a"}


def gauge(name: str, series: Iterable[tuple[Mapping[str, str], float]]) -> Metric:
    series = list(series)
    labels = list(series[0][0]) if series else []
    fam = GaugeMetricFamily(name, "test", labels=labels)
    for lab, value in series:
        fam.add_metric([lab[k] for k in labels], value)
    return fam


def counter(name: str, series: Iterable[tuple[Mapping[str, str], float]]) -> Metric:
    series = list(series)
    labels = list(series[0][0]) if series else []
    fam = CounterMetricFamily(name.removesuffix("_total"), "test", labels=labels)
    for lab, value in series:
        fam.add_metric([lab[k] for k in labels], value)
    return fam


def make_engine(rules: Sequence[Mapping[str, Any]], **kw: Any) -> Engine:
    return Engine([rule_from_dict(r) for r in rules], **kw)


def step(engine: Engine, families: Sequence[Metric], ts: float) -> list[Notification]:
    return engine.evaluate(engine.view(families), ts)


def states(engine: Engine) -> dict[str, str]:
    """alertname -> state of its (single) alert, for table tests."""
    return {r.name: a.state for r in engine.rules for a in r.active.values()}


@pytest.fixture
def gpu0() -> dict[str, str]:
    return dict(GPU0)
