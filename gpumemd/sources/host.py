"""Host memory, and the resident memory of the processes NVML found on a GPU (psutil).

Exposition::

    gpumemd_host_memory_total_bytes 1.35e+11
    gpumemd_host_memory_available_bytes 1.32e+11
    gpumemd_host_swap_used_bytes 0
    gpumemd_process_resident_memory_bytes{pid="424"} 1.9e+09

A process that vanished between NVML's list and our look-up, or that we may not read
(AccessDenied, another user's process without privileges), is left out of this sample.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from prometheus_client.core import Metric

from gpumemd.backends.host import HostApi, ProcessUnreadable
from gpumemd.known_metrics import collected_by

from .base import Source, metric

log = logging.getLogger("gpumemd.host")

__all__ = ["HostReading", "HostSource"]


@dataclass(frozen=True)
class HostReading:
    """One reading of the host: memory and swap in bytes, and the RSS of each GPU process."""
    total_bytes: int
    available_bytes: int
    used_bytes: int
    swap_total_bytes: int
    swap_used_bytes: int
    process_rss_bytes: Mapping[int, int]


class HostSource(Source[HostReading]):
    """Collector `host`: the node's memory and swap, and the resident memory of the processes
    using a GPU."""
    name = "host"
    names = collected_by("host")  # the families declared with its name (known_metrics)

    def __init__(self, api: HostApi, *, process_rss: bool = True) -> None:
        self._api = api
        self._process_rss = process_rss

    def read(self, cycle: Mapping[str, Any]) -> HostReading:
        m = self._api.memory()
        rss: dict[int, int] = {}
        nvml = cycle.get("nvml")
        if self._process_rss and nvml is not None:
            for pid in sorted(nvml.pids()):
                try:
                    rss[pid] = self._api.process_rss(pid)
                except ProcessUnreadable:
                    continue
        return HostReading(m.total, m.available, m.used, m.swap_total, m.swap_used, rss)

    def families(self, reading: HostReading) -> Iterable[Metric]:
        for name, value in (
            ("gpumemd_host_memory_total_bytes", reading.total_bytes),
            ("gpumemd_host_memory_available_bytes", reading.available_bytes),
            ("gpumemd_host_memory_used_bytes", reading.used_bytes),
            ("gpumemd_host_swap_total_bytes", reading.swap_total_bytes),
            ("gpumemd_host_swap_used_bytes", reading.swap_used_bytes),
        ):
            g = metric(name)
            g.add_metric([], value)
            yield g
        if self._process_rss:
            rss = metric("gpumemd_process_resident_memory_bytes", ["pid"])
            for pid, value in sorted(reading.process_rss_bytes.items()):
                rss.add_metric([str(pid)], value)
            yield rss
