"""A node's GPU memory as `gpumemd explain` and `top` read it: its GPUs (`GpuView`), the processes
on each (`ProcessView`), the alerts and notes (`Node`), built from series by `Node.from_series()`.

The series come from a daemon's /metrics (`client.parse_exposition()`) or a local sample
(`Node.from_families()`), so both give the same node. They are input like any other: every
field is checked here before use — sizes finite, non-negative integers, a GPU needs its
`uuid`, label text printable and bounded, the alerts document of any shape. What was skipped
is said in a note; nothing in the series can raise.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpumemd.diagnosis.oom import CAUSES
from gpumemd.known_metrics import ALLOCATED_CATEGORIES
from gpumemd.sources.memsplit import split_process

from . import client
from .client import Series, parse_alerts
from .format import text

__all__ = ["MAX_BYTES_VALUE", "MAX_LEAK_SITES", "GpuView", "Node", "ProcessView", "series_of"]

MAX_BYTES_VALUE = 1 << 62  # larger than any memory: a value past it is not a size
MAX_LEAK_SITES = 3  # the agent exports its top 3 sites; a hostile answer may hold more


@dataclass
class ProcessView:
    """One process on one GPU as `gpumemd explain` shows it: what NVML charges it and, where its
    agent publishes, the allocator's split of it."""

    pid: int
    used: int  # what NVML charges it on this GPU
    rank: str = ""
    job_id: str = ""
    executable: str = ""
    agent: bool = False
    allocated: int = 0
    reserved: int = 0
    fragmented: int = 0
    non_pytorch: int = 0
    window_peak: int | None = None
    limit: int | None = None
    retries: int = 0
    ooms: int = 0
    rss: int | None = None
    pools: int = 0  # reserved in CUDA-graph and user pools (the agent's pool source), part of reserved
    oom_cause: str = ""  # the last OOM's diagnosis (docs/oom.md): its cause, summary and fix
    oom_summary: str = ""
    oom_fix: str = ""
    # the leak finder's last answer (docs/agent.md): its one line, the holder, the top sites' growth
    leak_summary: str = ""
    leak_retained_by: str = ""
    leak_sites: list[tuple[str, float]] = field(
        default_factory=list
    )  # (site, bytes per step), at most MAX_LEAK_SITES
    # allocated by category (gpumemd.watch): {"end": {...}, "peak": {...}}, each category's bytes
    categories: dict[str, dict[str, int]] = field(default_factory=dict)
    # the agent's forecast (docs/forecast.md): room left at the step peak (negative: over), the
    # longest batch's predicted peak and its room, and the leak's steps and seconds to OOM
    headroom: int | None = None
    forecast_tokens: int | None = None
    forecast_peak: int | None = None
    forecast_error: int | None = None
    forecast_headroom: int | None = None
    steps_to_oom: float | None = None
    seconds_to_oom: float | None = None
    # the leak verdict (diagnosis/leakverdict.py), exported by the agent only while leaking
    leak_per_step: int | None = None
    leak_since: int | None = None

    @property
    def who(self) -> str:
        out = f"pid {self.pid}" + (f" rank {self.rank}" if self.rank else "")
        out += f" job {self.job_id}" if self.job_id else ""
        return out + (f" ({self.executable})" if self.executable else "")


@dataclass
class GpuView:
    """One GPU as `gpumemd explain` shows it: its totals, its breakdown and its processes."""

    gpu: int
    uuid: str
    name: str = ""
    total: int = 0
    used: int = 0
    free: int = 0
    reserved: int = 0
    parts: dict[str, int] = field(default_factory=dict)  # the breakdown's categories
    unattributed_reason: str = ""
    processes: list[ProcessView] = field(default_factory=list)
    # the MPS server's defaults for a new client (sources/mps.py): its device memory, its threads' share
    mps_limit: int | None = None
    mps_threads: float | None = None


def series_of(families: Iterable[Any]) -> Series:
    """prometheus_client metric families (a local sample) as the series a scrape parses to."""
    series: Series = {}
    for fam in families:
        for s in fam.samples:
            series.setdefault(s.name, []).append(
                ({str(k): text(str(v)) for k, v in s.labels.items()}, client.as_float(s.value))
            )
    return series


@dataclass
class Node:
    """One node's GPUs, alerts and notes, built from series (a daemon's /metrics or a local
    sample): what `findings()` and `render()` read."""

    source: str
    gpus: list[GpuView]
    alerts: list[dict[str, Any]] = field(default_factory=list)  # the daemon's, validated (parse_alerts)
    notes: list[str] = field(default_factory=list)
    failing_collectors: list[str] = field(default_factory=list)  # gpumemd_collector_success 0
    no_gpus: str = ""  # why the node shows no GPU (no NVIDIA driver there, ...); "" with GPUs

    @classmethod
    def from_families(
        cls, families: Iterable[Any], source: str, alerts: Sequence[Mapping[str, Any]] = ()
    ) -> Node:
        """`families`: prometheus_client metric families (a local sample)."""
        return cls.from_series(series_of(families), source, alerts)

    @classmethod
    def from_series(
        cls,
        series: Series,
        source: str,
        alerts: Sequence[Mapping[str, Any]] = (),
        skipped: client.Skips | None = None,
    ) -> Node:
        """The node those series describe; every value checked, what was not valid skipped
        and counted in a note (never an exception)."""
        skips = skipped or client.Skips()

        def each(name: str) -> list[tuple[dict[str, str], float]]:
            return series.get(name, [])

        def nbytes(name: str, value: float) -> int | None:
            if math.isfinite(value) and 0 <= value <= MAX_BYTES_VALUE:
                return int(value)
            skips.add(f"{name} = {value}")
            return None

        gpus: dict[str, GpuView] = {}
        for labels, value in each("gpumemd_gpu_memory_total_bytes"):
            uuid, index, total = labels.get("uuid"), client.index(labels.get("gpu")), nbytes("total", value)
            if not uuid:
                skips.add("a GPU total without a uuid label")
            elif index is None:
                skips.add("a GPU total without a gpu index")
            elif total is not None:
                gpus[uuid] = GpuView(index, uuid, total=total)
        for key in ("used", "free", "reserved"):
            for labels, value in each(f"gpumemd_gpu_memory_{key}_bytes"):
                g = gpus.get(labels.get("uuid", ""))
                if g is not None and (n := nbytes(key, value)) is not None:
                    setattr(g, key, n)
        for labels, _ in each("gpumemd_gpu_info"):
            if labels.get("uuid") in gpus:
                gpus[labels["uuid"]].name = labels.get("name", "")
        for labels, value in each("gpumemd_gpu_memory_breakdown_bytes"):
            g = gpus.get(labels.get("uuid", ""))
            if g is not None and (n := nbytes("breakdown", value)) is not None:
                g.parts[labels.get("category", "")] = n
        for labels, value in each("gpumemd_gpu_mps_memory_limit_bytes"):
            g = gpus.get(labels.get("uuid", ""))
            if g is not None and (n := nbytes("MPS limit", value)) is not None:
                g.mps_limit = n
        for labels, value in each("gpumemd_gpu_mps_active_thread_percentage"):
            g = gpus.get(labels.get("uuid", ""))
            if g is not None and 0 < value <= 100:
                g.mps_threads = value
            elif g is not None:
                skips.add(f"MPS thread percentage = {value}")
        for labels, _ in each("gpumemd_gpu_memory_unattributed_info"):
            if labels.get("uuid") in gpus:
                gpus[labels["uuid"]].unattributed_reason = labels.get("reason", "")

        # who each agent is: its identity labels (rank and job, or pid) -> its pid
        ranks: dict[tuple[str, str], dict[str, str]] = {}

        def identity(labels: Mapping[str, str]) -> tuple[str, str]:
            who = labels["rank"] if labels.get("rank") else "pid:" + labels.get("pid", "")
            return who, labels.get("job_id", "")

        for labels, _ in each("gpumemd_process_rank_info"):
            ranks[identity(labels)] = labels

        def pid_of(labels: Mapping[str, str]) -> int | None:
            info = ranks.get(identity(labels))
            if info is None and labels.get("rank"):  # series without the job label: the rank alone
                same = [i for (r, _), i in ranks.items() if r == labels["rank"]]
                info = same[0] if len(same) == 1 else None
            return client.index(info.get("pid") if info else labels.get("pid"))

        names = {
            pid: lab.get("executable", "")
            for lab, _ in each("gpumemd_process_info")
            if (pid := client.index(lab.get("pid"))) is not None
        }
        rss = {
            pid: n
            for lab, v in each("gpumemd_process_resident_memory_bytes")
            if (pid := client.index(lab.get("pid"))) is not None and (n := nbytes("rss", v)) is not None
        }
        procs: dict[tuple[str, int], ProcessView] = {}
        for labels, value in each("gpumemd_process_gpu_memory_used_bytes"):
            pid, used = client.index(labels.get("pid")), nbytes("process used", value)
            if labels.get("uuid") in gpus and pid is not None and used is not None:
                view = ProcessView(pid, used, executable=names.get(pid, ""), rss=rss.get(pid))
                procs[(labels["uuid"], pid)] = view
                gpus[labels["uuid"]].processes.append(view)
        for info in ranks.values():
            if (rank_pid := client.index(info.get("pid"))) is not None:
                for (_uuid, pid), view in procs.items():
                    if pid == rank_pid:
                        view.rank, view.job_id, view.agent = (
                            info.get("rank", ""),
                            info.get("job_id", ""),
                            True,
                        )
        fields = {
            "gpumemd_allocator_allocated_bytes": "allocated",
            "gpumemd_allocator_reserved_bytes": "reserved",
            "gpumemd_allocator_inactive_split_bytes": "fragmented",
            "gpumemd_allocator_window_peak_bytes": "window_peak",
            "gpumemd_allocator_limit_bytes": "limit",
            "gpumemd_allocator_alloc_retries_total": "retries",
        }
        for name, attr in fields.items():
            for labels, value in each(name):
                owner = pid_of(labels)
                found = procs.get((labels.get("uuid", ""), owner)) if owner is not None else None
                if found is not None and (n := nbytes(attr, value)) is not None:
                    setattr(found, attr, n)
        for labels, value in each("gpumemd_allocator_pool_reserved_bytes"):
            owner = pid_of(labels)
            found = procs.get((labels.get("uuid", ""), owner)) if owner is not None else None
            if (
                found is not None
                and labels.get("kind") != "default"
                and (n := nbytes("pool", value)) is not None
            ):
                found.pools += n
        for labels, value in each("gpumemd_allocator_category_bytes"):
            owner = pid_of(labels)
            found = procs.get((labels.get("uuid", ""), owner)) if owner is not None else None
            category, at = labels.get("category", ""), labels.get("at", "")
            if found is None or category not in ALLOCATED_CATEGORIES or at not in ("end", "peak"):
                continue
            if (n := nbytes("category", value)) is not None:
                found.categories.setdefault(at, {})[category] = n
        forecast = {  # name: (field, signed): a headroom below 0 is a reading (over the limit)
            "gpumemd_headroom_bytes": ("headroom", True),
            "gpumemd_forecast_tokens": ("forecast_tokens", False),
            "gpumemd_forecast_peak_bytes": ("forecast_peak", False),
            "gpumemd_forecast_peak_error_bytes": ("forecast_error", False),
            "gpumemd_forecast_headroom_bytes": ("forecast_headroom", True),
            "gpumemd_forecast_steps_to_oom": ("steps_to_oom", False),
            "gpumemd_forecast_seconds_to_oom": ("seconds_to_oom", False),
            "gpumemd_forecast_leak_bytes_per_step": ("leak_per_step", False),
            "gpumemd_forecast_leak_since_step": ("leak_since", False),
        }
        for name, (attr, signed) in forecast.items():
            for labels, value in each(name):
                owner = pid_of(labels)
                found = procs.get((labels.get("uuid", ""), owner)) if owner is not None else None
                if found is None:
                    continue
                if signed and math.isfinite(value) and abs(value) <= MAX_BYTES_VALUE:
                    setattr(found, attr, int(value))
                elif (n := nbytes(attr, value)) is not None:
                    setattr(found, attr, value if attr.endswith("_to_oom") else n)
        ooms: dict[int, int] = {}  # gpumemd's OOM count, every cause, by pid
        for labels, value in each("gpumemd_oom_events_total"):
            owner = pid_of(labels)
            if owner is not None and (n := nbytes("ooms", value)) is not None:
                ooms[owner] = ooms.get(owner, 0) + n
        for (_uuid, pid), view in procs.items():  # the series' gpu is torch's index: join on the pid
            view.ooms = ooms.get(pid, view.ooms)
        for labels, _value in each("gpumemd_oom_last_diagnosis_info"):
            owner = pid_of(labels)
            if owner is None or labels.get("cause") not in CAUSES:
                continue
            for (_uuid, pid), view in procs.items():  # the series' gpu is torch's index: join on the pid
                if pid == owner:
                    view.oom_cause = labels["cause"]
                    view.oom_summary = text(labels.get("summary", ""))
                    view.oom_fix = text(labels.get("fix", ""))
        for labels, _value in each("gpumemd_leak_last_report_info"):
            owner = pid_of(labels)
            for (_uuid, pid), view in procs.items():  # the series' gpu is torch's index: join on the pid
                if owner is not None and pid == owner:
                    view.leak_summary = text(labels.get("summary", ""))
                    view.leak_retained_by = text(labels.get("retained_by", ""))
        for labels, value in each("gpumemd_leak_site_bytes_per_step"):
            owner = pid_of(labels)
            site = text(labels.get("site", ""))
            if owner is None or not site or nbytes("leak bytes per step", value) is None:
                continue
            for (_uuid, pid), view in procs.items():
                if pid == owner and len(view.leak_sites) < MAX_LEAK_SITES:
                    view.leak_sites.append((site, value))
        for view in procs.values():
            view.leak_sites.sort(key=lambda s: -s[1])
            if view.agent:  # as the breakdown splits it: never more than NVML charges now
                parts = split_process(view.used, view.reserved, view.allocated, view.fragmented)
                view.allocated, view.fragmented = parts["pytorch_allocated"], parts["pytorch_fragmented"]
                view.reserved = view.allocated + view.fragmented + parts["pytorch_cached"]
                view.non_pytorch = parts["non_pytorch"]
        for g in gpus.values():
            g.processes.sort(key=lambda p: -p.used)
        failing = sorted(
            {labels.get("collector", "") or "?" for labels, v in each("gpumemd_collector_success") if v == 0}
        )
        node = cls(
            source,
            sorted(gpus.values(), key=lambda g: g.gpu),
            parse_alerts({"data": {"alerts": alerts}}, skips),
        )
        node.failing_collectors = failing
        if not gpus:
            node.no_gpus = _why_no_gpus(series, failing)
        node.notes.extend(skips.notes())
        return node


def _why_no_gpus(series: Series, failing: Sequence[str]) -> str:
    available = [v for _, v in series.get("gpumemd_nvml_available", [])]
    if available and not any(available):
        return "NVML is not on that node (gpumemd_nvml_available 0: no NVIDIA driver); host memory only"
    if "nvml" in failing:
        return "the nvml collector is failing (see the findings)"
    return "NVML answered with none"


