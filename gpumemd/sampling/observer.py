"""The Observer contract: what the sampler asks of the alert engine and the profiler's sections."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from prometheus_client.core import Metric

__all__ = ["Observer"]


class Observer:
    """Sees each sample's families before they are published and may add its own (the alert
    engine, the profiler's sections). Every capability is declared here with its default.

    The families come as a `LazyFamilies` from the sampler (built on first use); an observer
    that needs only some names calls `families.select(names)`."""

    name: str = ""
    every: float = (
        0.0  # run every `every` seconds on the thread's samples, its last families standing between
    )
    # The family names observe() may return; None: unknown, so it is built for any selection.
    names: frozenset[str] | None = None

    def observe(
        self, families: Sequence[Metric], readings: Mapping[str, Any], timestamp: float
    ) -> Iterable[Metric]:
        raise NotImplementedError

    def alerts_json(self) -> bytes | None:
        """The /api/v1/alerts answer of an alert engine; None: this observer is none."""
        return None
