"""A sample's families, built lazily and at most once: `Once`, the `LazyFamilies` an observer
sees, the selection of the families an observer asks for (only the sources that may hold
one render, a `selective` source only those), and the sampler's own series."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from prometheus_client.core import Metric

from gpumemd import known_metrics
from gpumemd.sources.base import Family, Source
from gpumemd.version import __version__

__all__ = [
    "SELF_NAMES",
    "LazyFamilies",
    "Once",
    "Rendered",
    "seen_by",
    "seen_by_names",
    "select",
    "self_metrics",
]

_SUCCESS = Family("gpumemd_collector_success")
_DURATION = Family("gpumemd_collector_duration_seconds")
_LAST = Family("gpumemd_last_sample_timestamp_seconds")
_TOOK = Family("gpumemd_sample_duration_seconds")
_SAMPLES = Family("gpumemd_samples")
_BUSY = Family("gpumemd_sampler_busy_seconds")
_BUILD = Family("gpumemd_build_info")
_SELF = (_SUCCESS, _DURATION, _LAST, _TOOK, _SAMPLES, _BUSY, _BUILD)
SELF_NAMES = known_metrics.collected_by("sampler")


_BUILDING = threading.RLock()  # families are built rarely (a scrape, the spool, the rules): one lock for all


class Once:
    """A zero-argument function's result, computed on the first call, from any thread.
    `failed` is set by a renderer whose source (or observer) raised while building."""

    __slots__ = ("_fn", "_value", "failed")

    def __init__(self, fn: Callable[[], list[Metric]]) -> None:
        self._fn: Callable[[], list[Metric]] | None = fn
        self._value: list[Metric] = []
        self.failed = False

    @property
    def done(self) -> bool:
        return self._fn is None

    def __call__(self) -> list[Metric]:
        if self._fn is not None:
            with _BUILDING:
                if self._fn is not None:
                    self._value, self._fn = self._fn(), None
        return self._value


class LazyFamilies(Sequence[Metric]):
    """The families an observer sees, built on its first look (the sampler builds none otherwise)."""

    def __init__(
        self,
        build: Callable[[], list[Metric]],
        select: Callable[[frozenset[str]], list[Metric]] | None = None,
    ) -> None:
        self._build = Once(build)
        self._select = select

    def select(self, names: frozenset[str]) -> Sequence[Metric]:
        """At least the families named in `names` (family names: a counter's without `_total`),
        maybe others: the caller filters. Builds no source's families that cannot hold one."""
        return self if self._select is None or self._build.done else self._select(names)

    def __getitem__(self, index: Any) -> Any:
        return self._build()[index]

    def __len__(self) -> int:
        return len(self._build())

    def __iter__(self) -> Iterator[Metric]:
        return iter(self._build())


def seen_by(sources: Callable[[], list[Metric]], observed: tuple[Once, ...]) -> Callable[[], list[Metric]]:
    def build() -> list[Metric]:
        families = list(sources())
        for once in observed:
            families.extend(once())
        return families

    return build


Rendered = tuple[Source[Any], Any, "Once"]  # a source, its reading, its families (built on first use)


def seen_by_names(
    rendered: Sequence[Rendered],
    observed: tuple[tuple[frozenset[str] | None, Once], ...],
    own: Once,
    static: Once | None,
    note_failure: Callable[[str, str, int], None],
) -> Callable[[frozenset[str]], list[Metric]]:
    """What an observer's `select(names)` builds: the sources, the observers before it and the
    sampler's own series that may hold one of `names`, nothing else."""

    def selection(names: frozenset[str]) -> list[Metric]:
        families = select(rendered, names, note_failure)
        for declared, once in observed:  # an observer that declares its names, only when selected
            if declared is None or not declared.isdisjoint(names):
                families.extend(once())
        if not names.isdisjoint(SELF_NAMES):  # the sampler's own series only when selected
            families.extend(own())
        if static is not None and names:
            families.extend(static())
        return families

    return selection


def select(
    rendered: Sequence[Rendered], names: frozenset[str], note_failure: Callable[[str, str, int], None]
) -> list[Metric]:
    """The families of the sources that may hold one of `names` (`Source.names`; a source
    declaring None always counts). A `selective` source renders only those (`families_named`),
    unless its full families exist already (then they are reused)."""
    families: list[Metric] = []
    if not names:
        return families
    for source, reading, full in rendered:
        declared = source.names
        if declared is not None and declared.isdisjoint(names):
            continue
        if source.selective and not full.done:
            try:
                families.extend(source.families_named(reading, names))
                continue
            except Exception as exc:  # the full rendering decides this sample's success
                note_failure(
                    f"{source.name} (selected rendering)", f"{type(exc).__name__}: {exc}", logging.WARNING
                )
        families.extend(full())
    return families


def self_metrics(
    timestamp: float,
    success: Mapping[str, bool],
    durations: Mapping[str, float],
    took: float,
    samples_total: int,
    busy_seconds: float,
) -> Iterable[Metric]:
    ok, dur, last, sample, samples, busy, build = (f.new() for f in _SELF)
    for name in success:
        labels = {"collector": name}
        _SUCCESS.add(ok, labels, 1 if success[name] else 0)
        _DURATION.add(dur, labels, durations[name])
    _LAST.add(last, {}, timestamp)
    _TOOK.add(sample, {}, took)
    _SAMPLES.add(samples, {}, samples_total)
    _BUSY.add(busy, {}, busy_seconds)
    _BUILD.add(build, {"version": __version__}, 1)
    return (ok, dur, last, sample, samples, busy, build)
