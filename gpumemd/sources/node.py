"""The node daemon's sources, wired in this one place: which collectors `gpumemd serve` runs,
in which order, configured how, on the real libraries or a capture's answers. The daemon and
`gpumemd explain`'s local sample both take them from here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gpumemd.backends.host import host_api as this_host
from gpumemd.backends.nvml import Pynvml
from gpumemd.backends.replay import host_replayer, nvml_replayer
from gpumemd.config import Config
from gpumemd.spool.format import spool_dir

from .attribution import with_attribution
from .base import Source
from .breakdown import BreakdownSource
from .host import HostSource
from .mps import MpsSource
from .mps_control import Control
from .nvml import NvmlSource
from .spool import SpoolSource

__all__ = ["node_sources"]


def node_sources(config: Config, capture: dict[str, Any] | None = None, *,
                 read_only: bool = False) -> Sequence[Source]:
    """The daemon's sources, reading the real libraries or, with a capture, replaying it.
    `read_only`: change nothing on the node (`gpumemd explain`: no spool file deleted or created)."""
    sources: list[Source] = []
    nv = config.sources.nvml
    if nv.enabled:
        api = nvml_replayer(capture) if capture is not None else Pynvml()
        sources.append(
            NvmlSource(
                api,
                processes=nv.processes,
                process_names=nv.process_names,
                max_processes=nv.max_processes,
                utilization=nv.utilization,
                max_label_length=config.web.max_label_length,
                required=nv.required,
            )
        )
    mps = config.sources.mps
    if nv.enabled and mps.enabled and (capture is None or mps.proc_root):  # a replay: only a given /proc
        control = Control(mps.control, timeout=mps.timeout, ttl=mps.refresh)
        # a replay: no pipe directory of this machine's stands for the recorded node's
        sources.append(MpsSource(mps.proc_root or "/proc", control=control,
                                 pipe_directory=mps.pipe_directory if capture is None else ""))
    if config.sources.host.enabled:
        host_api = host_replayer(capture) if capture is not None else this_host()
        sources.append(HostSource(host_api, process_rss=config.sources.host.process_rss))
    # The agents of this node's ranks, merged into this one target. A replay reads a spool
    # only when one is configured: a recorded node must not pick up this machine's agents.
    spool = spool_dir(config.agent.spool_dir) if capture is None or config.agent.spool_dir else None
    if spool is not None:
        sources.append(SpoolSource(spool, expire_intervals=config.agent.spool_expire_intervals,
                                   settings=config.sources.spool, read_only=read_only))
    if nv.enabled:  # after nvml and spool: it joins their readings of the same sample
        sources.append(BreakdownSource())
    return with_attribution(config, sources)  # kubelet (pod labels) and Slurm, where enabled
