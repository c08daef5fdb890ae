"""Collector `agent`: who this process is (rank, job) and the agent's own errors, counted by
where they happened (`Errors`, which the agent's `Counted` wrapper feeds), and the files it
could not write, by kind and reason (`gpumemd.fs.write_errors`: a spool directory of
another user, a full filesystem...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from prometheus_client.core import Metric

from gpumemd.fs import WriteErrors, write_errors
from gpumemd.known_metrics import collected_by

from .base import Source, metric

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


@dataclass(frozen=True)
class _Reading:
    errors: dict[str, int]
    writes: dict[tuple[str, str], int]


class AgentSelf(Source[_Reading]):
    """Collector `agent`: who this process is, and the agent's own errors."""

    name = "agent"
    names = collected_by("agent")  # the families declared with its name (known_metrics)

    def __init__(self, ident: Identity, errors: Errors, writes: WriteErrors | None = None) -> None:
        self._ident, self._errors = ident, errors
        self._writes = writes if writes is not None else write_errors

    def read(self, cycle: Mapping[str, Any]) -> _Reading:
        return _Reading(dict(self._errors.counts), self._writes.counts())

    def families(self, reading: _Reading) -> Iterable[Metric]:
        info_labels = self._ident.info_labels()
        info = metric("gpumemd_agent_info", list(info_labels))
        info.add_metric(list(info_labels.values()), 1)
        ids = self._ident.labels()
        errors = metric("gpumemd_agent_errors", ["where", *ids])
        for where, n in sorted(reading.errors.items()):
            errors.add_metric([where, *ids.values()], n)
        if not reading.writes:  # rendered once there is something to count (an old exposition stays)
            return (info, errors)
        writes = metric("gpumemd_agent_write_errors", ["what", "reason", *ids])
        for (what, reason), n in sorted(reading.writes.items()):
            writes.add_metric([what, reason, *ids.values()], n)
        return (info, errors, writes)
