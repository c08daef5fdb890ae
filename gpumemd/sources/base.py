"""What every source shares: the Source protocol, errors, and metric-family helpers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.samples import Sample


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


class Family:
    """A family whose name, help, type and label names are fixed: checked once, here, then
    built cheaply for each sample that needs families (a scrape, the spool, an observer).

    prometheus_client validates the name again for every GaugeMetricFamily and builds a
    label dict per `add_metric`; at 10-100 samples a second that was most of a sample's
    cost. `new()` skips the repeated validation; `add()` takes a label dict the caller
    builds once per series key and shares between the families of one sample (nothing
    downstream mutates sample labels: renderers read them, the alert engine copies them).
    """

    __slots__ = ("name", "documentation", "type", "sample_name")

    def __init__(self, name: str, doc: str, typ: str = "gauge", labels: Iterable[str] = ()) -> None:
        proto = counter(name, doc, labels) if typ == "counter" else gauge(name, doc, labels)  # validates
        self.name, self.documentation, self.type = proto.name, doc, proto.type
        self.sample_name = proto.name + "_total" if typ == "counter" else proto.name

    def new(self) -> Metric:
        return _Prevalidated(self)

    def add(self, metric: Metric, labels: dict[str, str], value: float) -> None:
        metric.samples.append(Sample(self.sample_name, labels, value))


class _Prevalidated(Metric):
    """A Metric from a `Family`: the same attributes Metric.__init__ sets, without checking
    the name again (deliberately not calling it; the golden exposition tests pin the output)."""

    def __init__(self, family: Family) -> None:  # the base __init__ only validates and assigns
        self.name = family.name
        self.documentation = family.documentation
        self.unit = ""
        self.type = family.type
        self.samples = []
