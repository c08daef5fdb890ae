"""Turn metric families into the bytes a scraper receives, once per sample.

An `Exposition` holds one sample's families and renders each format (Prometheus text,
OpenMetrics, gzip of either) at most once, however many scrapers ask. The daemon renders
the text eagerly in the sampler thread so a scrape only copies bytes; the in-process agent
renders lazily on the first scrape, so a training process that nobody scrapes pays nothing.
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Callable, Iterable, Sequence

from prometheus_client import exposition as prom_text
from prometheus_client.core import Metric
from prometheus_client.openmetrics import exposition as openmetrics

# The classic text format (what generate_latest writes); every Prometheus since 2013 reads it.
TEXT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
OPENMETRICS_TYPE = openmetrics.CONTENT_TYPE_LATEST


class _Families:
    """The registry-shaped view `generate_latest` takes (a private registry, no globals)."""

    def __init__(self, families: Sequence[Metric]) -> None:
        self._families = families

    def collect(self) -> Iterable[Metric]:
        return self._families


class Exposition:
    """One sample's families — given, or built by a function on first use (the agent's
    sampler defers building them: most samples are never scraped) — and their renderings."""

    def __init__(self, families: Sequence[Metric] | Callable[[], Sequence[Metric]]) -> None:
        self._families: Sequence[Metric] | None = None
        self._build: Callable[[], Sequence[Metric]] | None = None
        if callable(families):
            self._build = families
        else:
            self._families = families
        self._rendered: dict[tuple[bool, bool], bytes] = {}
        # Reentrant: a gzip body renders its plain body first, under the same lock (a plain
        # Lock deadlocked Prometheus's default scrape, OpenMetrics + gzip, on a fresh sample).
        self._lock = threading.RLock()

    @property
    def families(self) -> Sequence[Metric]:
        families = self._families
        if families is None:
            with self._lock:  # a scrape and the spool writer may ask at once: build once
                if self._families is None:
                    assert self._build is not None
                    self._families, self._build = self._build(), None
                families = self._families
        return families

    def body(self, *, openmetrics_format: bool = False, gzipped: bool = False) -> bytes:
        key = (openmetrics_format, gzipped)
        body = self._rendered.get(key)
        if body is None:
            with self._lock:  # concurrent scrapers of a fresh sample render it once
                body = self._rendered.get(key)
                if body is None:
                    body = self._rendered[key] = self._render(openmetrics_format, gzipped)
        return body

    def _render(self, openmetrics_format: bool, gzipped: bool) -> bytes:
        if gzipped:
            return gzip.compress(self.body(openmetrics_format=openmetrics_format), compresslevel=6)
        registry = _Families(self.families)
        if openmetrics_format:
            return openmetrics.generate_latest(registry)
        return prom_text.generate_latest(registry)


def wants_openmetrics(accept: str) -> bool:
    """Content negotiation as Prometheus does it: OpenMetrics only when asked for."""
    return "application/openmetrics-text" in accept


def wants_gzip(accept_encoding: str) -> bool:
    return any(part.split(";")[0].strip() == "gzip" for part in accept_encoding.split(","))


def samples_by_name(families: Iterable[Metric]) -> dict[str, list[tuple[dict[str, str], float]]]:
    """Every sample, keyed by its full name (`_total` included): what rules select from."""
    out: dict[str, list[tuple[dict[str, str], float]]] = {}
    for family in families:
        for s in family.samples:
            out.setdefault(s.name, []).append((s.labels, s.value))
    return out
