"""What every source shares: the Source protocol, errors, and metric-family helpers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric


class SourceUnavailable(Exception):
    """The thing a source reads is not there (no NVML library, no CUDA device).

    A clean, expected state: the collector reports success 0 and one log line says why.
    """


class Source(Protocol):
    name: str  # the `collector` label

    def read(self, cycle: Mapping[str, Any]) -> Any:
        """Do the I/O; `cycle` holds the readings of the sources read before this one."""

    def families(self, reading: Any) -> Iterable[Metric]:
        """Render a reading; pure, no I/O. Called only when a sample's families are wanted
        (a scrape, the spool writer, an observer), maybe on another thread while the next
        read runs: depend on the reading and on what was fixed at construction only."""


def cap(value: str, limit: int) -> str:
    """Cap a label value that comes from outside (process and GPU names)."""
    return value if len(value) <= limit else value[: limit - 1] + "…"


def gauge(name: str, doc: str, labels: Iterable[str] = ()) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, doc, labels=list(labels))


def counter(name: str, doc: str, labels: Iterable[str] = ()) -> CounterMetricFamily:
    # prometheus_client appends `_total`; callers pass the name without it.
    return CounterMetricFamily(name, doc, labels=list(labels))
