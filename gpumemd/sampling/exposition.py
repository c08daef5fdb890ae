"""Turn metric families into the bytes a scraper receives, once per sample.

An `Exposition` holds one sample's families and renders each format (Prometheus text,
OpenMetrics, gzip of either) at most once, however many scrapers ask. The daemon renders
the text eagerly in the sampler thread so a scrape only copies bytes; the in-process agent
renders lazily on the first scrape, so a training process that nobody scrapes pays nothing.

A family that cannot be rendered (a value that is no number, a bad label) is left out and
logged once by its error; the others are served: one bad family never freezes /metrics.
"""

from __future__ import annotations

import gzip
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from math import copysign
from operator import attrgetter
from typing import Any

from prometheus_client import exposition as prom_text
from prometheus_client.core import Metric
from prometheus_client.openmetrics import exposition as openmetrics
from prometheus_client.utils import floatToGoString

__all__ = [
    "OPENMETRICS_TYPE",
    "TEXT_TYPE",
    "Exposition",
    "TextCache",
    "wants_gzip",
    "wants_openmetrics",
]

log = logging.getLogger("gpumemd.exposition")
_REPORTED: set[str] = set()  # render errors logged already (bounded: see _report)
_MAX_REPORTED = 256

# The classic text format (what generate_latest writes); every Prometheus since 2013 reads it.
TEXT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
OPENMETRICS_TYPE = openmetrics.CONTENT_TYPE_LATEST


class _Families:
    """The registry-shaped view `generate_latest` takes (a private registry, no globals)."""

    def __init__(self, families: Sequence[Metric]) -> None:
        self._families = families

    def collect(self) -> Iterable[Metric]:
        return self._families


class TextCache:
    """Each family's text from the sample before, reused while its samples are unchanged,
    and its sample lines' heads (name and labels) reused while only the values moved.

    A sampler renders every sample (the daemon, eagerly, once a second), yet most families
    read the same from one sample to the next (totals, info series, an idle GPU's memory).
    Comparing a family's samples with the last ones costs a fraction of formatting them
    again. While ranks train, most allocator families change every sample, but only in
    their values: formatting a line's labels (escaping, sorting) is most of the cost, so a
    family whose series are the same as before is written from the heads cut out of its
    last text and the new values, and a line whose value stands (another rank's, whose file
    did not change) is its last line. The daemon renders on its sampler thread, holding the
    GIL; a scrape arriving meanwhile waits for it (docs/performance.md).
    The text of a family depends only on its name, type, help and samples, and the
    classic format is the concatenation of the families' texts, so the body is the same
    bytes either way. It holds the families of the last sample only."""

    def __init__(self) -> None:
        self._texts: dict[tuple[str, str, str, str], _Text] = {}

    def render(self, families: Sequence[Metric]) -> bytes:
        """The classic text of `families` (raises as generate_latest does on a bad family)."""
        old, new = self._texts, {}
        chunks = []
        for family in families:
            key = (family.name, family.type, family.documentation, family.unit)
            hit = old.get(key)
            samples = family.samples
            if hit is None or key in new:
                text = _Text(family)
            elif hit.samples == samples and hit.same_zeros(samples):
                text = hit
            else:
                text = hit.again(family)
            new[key] = text
            chunks.append(text.body)
        self._texts = new  # swapped whole: a concurrent render reads one or the other
        return b"".join(chunks)


class _Text:
    """One family's samples, their text, and its lines cut at each value when they can be reused."""

    __slots__ = ("body", "heads", "lines", "samples", "zeros")

    def __init__(self, family: Metric, cut: tuple[list[str], list[str]] | None = None,
                 body: bytes | None = None) -> None:
        self.samples = list(family.samples)
        # (index, sign) of each zero: equal samples write the same text but for 0.0 and -0.0
        self.zeros = _zeros(self.samples)
        self.body = prom_text.generate_latest(_Families([family])) if body is None else body
        if cut is None:
            cut = _cut(self.body, self.samples)
        # heads: [HELP and TYPE lines, then each sample line up to its value]; lines: each
        # sample line whole, reused while its sample's value stands
        self.heads: list[str] | None = cut[0] if cut is not None else None
        self.lines: list[str] | None = cut[1] if cut is not None else None

    def same_zeros(self, samples: list[Any]) -> bool:
        """Whether `samples`, equal to this text's, hold each zero with its sign."""
        return all(copysign(1.0, samples[i].value) == sign for i, sign in self.zeros)

    def again(self, family: Metric) -> _Text:
        """This family's text for new samples: from the heads when only values changed, a
        line whose value stands reused as it was (while ranks train, one rank's file changes
        at a time: most of a merged family's lines are the last sample's)."""
        heads, lines, old = self.heads, self.lines, self.samples
        samples = family.samples
        if heads is None or lines is None or len(samples) != len(old):
            return _Text(family)
        new: list[str] = []
        append = new.append
        for h, s, o, line in zip(heads[1:], samples, old, lines, strict=True):
            if s is not o:  # else a rank whose file did not change: its very samples
                if s.name != o.name or s.labels != o.labels or s.timestamp is not None \
                        or s.native_histogram is not None:
                    return _Text(family)
                value = s.value
                # An equal value writes the same text (floatToGoString writes float(value)),
                # but for 0.0 and -0.0: a zero is written again.
                if value != o.value or value == 0:
                    line = f"{h} {floatToGoString(value)}\n"
            append(line)
        return _Text(family, (heads, new), (heads[0] + "".join(new)).encode())


def _zeros(samples: list[Any]) -> tuple[tuple[int, float], ...]:
    if 0 not in map(_value_of, samples):  # the usual case, in C
        return ()
    return tuple((i, copysign(1.0, s.value)) for i, s in enumerate(samples) if s.value == 0)


def _cut(body: bytes, samples: list[Any]) -> tuple[list[str], list[str]] | None:
    """([HELP and TYPE lines, then each sample line up to its value], [each sample line]), or
    None when the lines are not one per sample in order (timestamps, OpenMetrics-only samples
    moved to the end)."""
    lines = body.decode().split("\n")
    if len(lines) != len(samples) + 3 or lines[-1]:
        return None
    for s in samples:
        if s.timestamp is not None or s.native_histogram is not None or s.name.endswith(_MOVED):
            return None
    whole = [line + "\n" for line in lines[2:-1]]
    return ["\n".join(lines[:2]) + "\n", *[line.rsplit(" ", 1)[0] for line in lines[2:-1]]], whole


_value_of = attrgetter("value")
_MOVED = ("_created", "_gsum", "_gcount")  # the samples generate_latest writes apart


class Exposition:
    """One sample's families — given, or built by a function on first use (the agent's
    sampler defers building them: most samples are never scraped) — and their renderings."""

    def __init__(
        self,
        families: Sequence[Metric] | Callable[[], Sequence[Metric]],
        text_cache: TextCache | None = None,
    ) -> None:
        """`text_cache`: the sampler's, shared by its samples (the classic text format only)."""
        self._text_cache = text_cache
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
        render: Callable[[Any], bytes] = (
            openmetrics.generate_latest if openmetrics_format else prom_text.generate_latest
        )
        if not openmetrics_format and self._text_cache is not None:
            render = _cached(self._text_cache)
        families = self.families
        try:
            return render(_Families(families))
        except Exception:  # some family does not render: find it, serve the rest
            pass
        kept = []
        for family in families:
            try:
                render(_Families([family]))
            except Exception as exc:
                _report(
                    # getattr: whatever an observer returned, maybe not a Metric
                    f"family {getattr(family, 'name', '?')!s:.200} left out of the exposition: "
                    f"{type(exc).__name__}: {str(exc)[:200]}"
                )
            else:
                kept.append(family)
        return render(_Families(kept))


def _cached(cache: TextCache) -> Callable[[_Families], bytes]:
    return lambda registry: cache.render(list(registry.collect()))


def _report(line: str) -> None:
    if line not in _REPORTED:
        if len(_REPORTED) >= _MAX_REPORTED:
            _REPORTED.clear()
        _REPORTED.add(line)
        log.error("%s", line)


def wants_openmetrics(accept: str) -> bool:
    """Content negotiation as Prometheus does it: OpenMetrics only when asked for."""
    return "application/openmetrics-text" in accept


def wants_gzip(accept_encoding: str) -> bool:
    return any(part.split(";")[0].strip() == "gzip" for part in accept_encoding.split(","))
