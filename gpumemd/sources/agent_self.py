"""Collector `agent`: who this process is (rank, job) and the agent's own errors, counted by
where they happened (`Errors`, which the agent's `Counted` wrapper feeds).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from prometheus_client.core import Metric

from .base import Source, counter, gauge

__all__ = ["AgentSelf", "Errors", "Identity"]


class Identity(Protocol):
    """What the collector needs of `gpumemd.agent.identity.Identity` (the agent's layer)."""

    def info_labels(self) -> dict[str, str]: ...
    def labels(self) -> dict[str, str]: ...


class Errors:
    """Exceptions inside the agent, counted by where they happened."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def note(self, where: str) -> None:
        self.counts[where] = self.counts.get(where, 0) + 1


class AgentSelf(Source[dict[str, int]]):
    """Collector `agent`: who this process is, and the agent's own errors."""

    name = "agent"
    names = frozenset({"gpumemd_agent_info", "gpumemd_agent_errors"})  # see NvmlSource.names

    def __init__(self, ident: Identity, errors: Errors) -> None:
        self._ident, self._errors = ident, errors

    def read(self, cycle: Mapping[str, Any]) -> dict[str, int]:
        return dict(self._errors.counts)

    def families(self, reading: dict[str, int]) -> Iterable[Metric]:
        info_labels = self._ident.info_labels()
        info = gauge("gpumemd_agent_info", "The process a gpumemd agent runs in, and its rank; value 1.",
                     list(info_labels))
        info.add_metric(list(info_labels.values()), 1)
        ids = self._ident.labels()
        errors = counter("gpumemd_agent_errors", "Exceptions inside the agent, logged and never raised.",
                         ["where", *ids])
        for where, n in sorted(reading.items()):
            errors.add_metric([where, *ids.values()], n)
        return (info, errors)
