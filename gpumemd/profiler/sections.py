"""Profiled sections as metrics: the last call's peak and net bytes of each named section.

`GPUMemoryProfiler` records every profiled function or `profile_context` block here; the
in-process agent adds `families()` to its sampler, so a dashboard can show which phase of
a training step holds the memory::

    gpumemd_section_peak_bytes{gpu="0",section="forward"} 3.2e+10
    gpumemd_section_net_bytes{gpu="0",section="forward"} 1.1e+10
    gpumemd_section_calls_total{gpu="0",section="forward"} 1200
    gpumemd_section_dropped_total 0

Section names become label values, so their number is capped (`max_sections`, 64 by
default): records for a new name past the cap are dropped and counted in
`gpumemd_section_dropped_total` (a name built from a step number would otherwise grow
the series without bound). Names are cut to 120 characters.

Thread-safe. `record()` is a dict update under a lock; `families()` copies the table
under the same lock and renders outside it, so a scrape never holds up a training step.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from prometheus_client.core import Metric

from gpumemd.sources.base import cap, metric

__all__ = ["NAME_LIMIT", "REGISTRY", "SectionRegistry", "SectionStats", "families", "record"]

NAME_LIMIT = 120


@dataclass(frozen=True)
class SectionStats:
    """One section's figures, as of its last call."""

    peak_bytes: int  # per-call peak of the last call (GPU: allocated; CPU: resident)
    net_bytes: int  # memory after minus memory before, last call
    calls: int


class SectionRegistry:
    """Bounded, thread-safe table: (section, device) -> SectionStats."""

    def __init__(self, max_sections: int = 64) -> None:
        if max_sections < 1:
            raise ValueError("max_sections must be at least 1")
        self.max_sections = max_sections
        self._lock = threading.Lock()
        self._stats: dict[tuple[str, str], SectionStats] = {}
        self._dropped = 0

    def record(self, section: str, device: str, peak_bytes: int, net_bytes: int) -> bool:
        """Store one call's figures; False when the name was dropped (cap reached)."""
        key = (cap(section, NAME_LIMIT), device)
        with self._lock:
            old = self._stats.get(key)
            if old is None and len(self._stats) >= self.max_sections:
                self._dropped += 1
                return False
            self._stats[key] = SectionStats(int(peak_bytes), int(net_bytes), (old.calls if old else 0) + 1)
            return True

    def get(self, section: str, device: str) -> SectionStats | None:
        with self._lock:
            return self._stats.get((cap(section, NAME_LIMIT), device))

    def snapshot(self) -> tuple[dict[tuple[str, str], SectionStats], int]:
        """A copy of the table and the dropped count, taken under the lock."""
        with self._lock:
            return dict(self._stats), self._dropped

    def clear(self) -> None:
        with self._lock:
            self._stats.clear()
            self._dropped = 0

    def families(self, labels: Mapping[str, str] | None = None) -> Iterable[Metric]:
        """Render the table; `labels` (rank identity) are added to every series."""
        table, dropped = self.snapshot()  # the lock is held only for the copy
        extra_names = list(labels or {})
        extra = [str(v) for v in (labels or {}).values()]
        # `gpu` (the index, as on every other GPU series) so sections join the allocator's
        # series; a CPU-memory section has no gpu label.
        names = ["section", "gpu", *extra_names]
        peak = metric("gpumemd_section_peak_bytes", names)
        net = metric("gpumemd_section_net_bytes", names)
        calls = metric("gpumemd_section_calls", names)
        for (section, device), s in sorted(table.items()):
            values = [section, device.removeprefix("cuda:") if device.startswith("cuda") else "", *extra]
            peak.add_metric(values, s.peak_bytes)
            net.add_metric(values, s.net_bytes)
            calls.add_metric(values, s.calls)
        dropped_fam = metric("gpumemd_section_dropped", extra_names)
        dropped_fam.add_metric(extra, dropped)
        return [peak, net, calls, dropped_fam]


REGISTRY = SectionRegistry()


def record(section: str, device: str, peak_bytes: int, net_bytes: int) -> bool:
    """Record into the process-wide registry (what the agent exports)."""
    return REGISTRY.record(section, device, peak_bytes, net_bytes)


def families(labels: Mapping[str, str] | None = None) -> Iterable[Metric]:
    """The process-wide registry's metric families; cheap enough for every sample."""
    return REGISTRY.families(labels)
