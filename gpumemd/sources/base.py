"""What every source shares: the Source base class, errors, and the families it renders (each
declared once, in gpumemd/known_metrics.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Generic, TypeVar

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.samples import Sample

from gpumemd import known_metrics
from gpumemd.backends import SourceUnavailable

__all__ = ["MAX_BYTES", "Family", "Source", "SourceUnavailable", "byte_count", "cap", "label_text", "metric"]

R = TypeVar("R")


class Source(Generic[R]):
    """A collector: `read()` does the I/O and returns a frozen reading in base units,
    `families()` renders one and is pure. Every capability the sampler and the runtime use
    is declared here with its default, so a subclass states what it has and a wrapper
    (the agent's `Counted`, `PodLabels`) forwards each member by construction: nothing is
    discovered with getattr.

    `ticking` and `selective` are derived from the subclass (whether it overrides `tick` and
    `families_named`); a wrapper sets them from what it wraps.
    """

    name: str = ""  # the `collector` label (the module's name)
    every: float = 0.0
    # Every family name families() may return; None: unknown, so it is built for any selection.
    names: frozenset[str] | None = None
    # Readings small enough to keep in the sampler's history (not the spool: others decide its size).
    history_readings: bool = False
    ticking: bool = False  # has a `tick()` of its own: called on the ticks between samples
    selective: bool = False  # `families_named` renders less than `families()` (the sampler then uses it)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.ticking = cls.tick is not Source.tick
        cls.selective = cls.families_named is not Source.families_named

    def read(self, cycle: Mapping[str, Any]) -> R:
        """Do the I/O; `cycle` holds the readings of the sources read before this one."""
        raise NotImplementedError

    def families(self, reading: R) -> Iterable[Metric]:
        """Render a reading; pure, no I/O. Called only when a sample's families are wanted
        (a scrape, the spool writer, an observer), maybe on another thread while the next
        read runs: depend on the reading and on what was fixed at construction only."""
        raise NotImplementedError

    def families_named(self, reading: R, wanted: frozenset[str]) -> Iterable[Metric]:
        """At least the families of `wanted` (family names: a counter's without `_total`);
        by default the full rendering, filtered."""
        return [f for f in self.families(reading) if f.name in wanted]

    def tick(self) -> None:
        """Between samples (the agent's ticks): follow what moves faster than a sample."""

    def close(self) -> None:
        """Release what the source holds (NVML, sockets, files); called once, on stop or reload."""


_SURROGATE = re.compile("[\ud800-\udfff]")


MAX_BYTES = 1 << 62  # far above any device or host; NVML's "not available" (2**64 - 1) is above it


def byte_count(value: Any) -> int | None:
    """A byte count from outside (NVML, a replayed capture): an int in [0, MAX_BYTES], else None."""
    if type(value) is int and 0 <= value <= MAX_BYTES:
        return value
    return None


def label_text(value: Any, limit: int) -> str | None:
    """A string from outside for a label value: valid UTF-8 (no lone surrogate, which no
    exposition can encode), capped at `limit` characters; None where it is not a string."""
    if not isinstance(value, str):
        return None
    return cap(_SURROGATE.sub("\ufffd", value[: limit + 1]), limit)


def cap(value: str, limit: int) -> str:
    """Cap a label value that comes from outside (process and GPU names)."""
    return value if len(value) <= limit else value[: limit - 1] + "…"


def _declared(name: str) -> known_metrics.MetricInfo:
    info = known_metrics.family(name)
    if info is None:  # a programming error: any test that renders the family finds it
        raise LookupError(f"{name} is not declared in gpumemd/known_metrics.py")
    return info


def metric(name: str, labels: Iterable[str] = ()) -> GaugeMetricFamily | CounterMetricFamily:
    """A new family of a declared name (a counter's without `_total`), with its declared HELP and
    type; `labels`: the label names of this rendering, each one the declaration lists (the golden
    tests check it: tests/unit/sources/test_declared.py)."""
    info = _declared(name)
    if info.type == "counter":  # prometheus_client appends `_total`
        return CounterMetricFamily(name, info.help, labels=list(labels))
    return GaugeMetricFamily(name, info.help, labels=list(labels))


class Family:
    """A declared family (gpumemd/known_metrics.py) whose name, help and type are checked once,
    here, then built cheaply for each sample that needs families (a scrape, the spool, an observer).

    prometheus_client validates the name again for every GaugeMetricFamily and builds a
    label dict per `add_metric`; at 10-100 samples a second that was most of a sample's
    cost. `new()` skips the repeated validation; `add()` takes a label dict the caller
    builds once per series key and shares between the families of one sample (nothing
    downstream mutates sample labels: renderers read them, the alert engine copies them).
    """

    __slots__ = ("name", "documentation", "type", "sample_name")

    def __init__(self, name: str) -> None:
        proto = metric(name)  # validates
        self.name, self.documentation, self.type = proto.name, proto.documentation, proto.type
        self.sample_name = proto.name + "_total" if proto.type == "counter" else proto.name

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
