"""`gpumemd explain`: where each GPU's memory went, as a tree, and the findings that matter.

It reads the families a `gpumemd serve` exports (over HTTP), or takes one sample of this
node with the daemon's own sources when no daemon answers, so both give the same answer.
Everything here works on series, so a daemon's /metrics and a local sample go through one
path: `Node.from_series()` (via `parse_exposition()` or `Node.from_families()`), then
`findings()`, then `render()` / `to_json()`.

The daemon's answer is input like any other: fetched and parsed by `client.py` (one
deadline for the whole answer, bounded bytes, no redirects; a bad line is skipped, never
the whole answer), and every field checked here before use — sizes finite,
non-negative integers, a GPU needs its `uuid`, label text printable and bounded, the alerts
document of any shape. What was skipped is said in a note; nothing in an answer can raise.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from gpumemd.alerts.templates import humanize_duration
from gpumemd.diagnosis.oom import CAUSES
from gpumemd.known_metrics import ALLOCATED_CATEGORIES
from gpumemd.sources.memsplit import split_process

from . import client
from .client import DaemonAnswerError, NoGpu, Series, parse_alerts, parse_exposition, reachable_error
from .format import ASCII_TREE, TREE, Branch, MiB, size, strict_json, text, tree_rows

# the answer's parsers and errors above stay part of this module's interface (cli and the tests
# read them here)
__all__ = [
    "DaemonAnswerError",
    "Finding",
    "GpuView",
    "LocalNode",
    "NoGpu",
    "Node",
    "ProcessView",
    "explain_diff",
    "findings",
    "from_url",
    "local",
    "parse_alerts",
    "parse_exposition",
    "reachable_error",
    "render",
    "render_diff",
    "size",
    "to_json",
]


# thresholds of the findings: a person reading at 3 a.m. wants few lines, each one that matters
NEARLY_FULL_RATIO = 0.90
HEADROOM_RATIO = 0.05  # a rank's window peak within this share of the GPU from its capacity
FRAGMENTED_RATIO, FRAGMENTED_MIN = 0.25, 256 * MiB
UNATTRIBUTED_MIN = 64 * MiB
WITHOUT_AGENT_MIN = 16 * MiB
GROWTH_ALERTS = ("PytorchMemoryLeak", "GpuMemoryWillFill", "NonPytorchMemoryGrowing")

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


@dataclass(frozen=True)
class Finding:
    """One thing `gpumemd explain` says matters (a GPU near full, a leak, a stranded pool), with
    the figure behind it."""

    gpu: int | None
    kind: str
    message: str
    value: float | None


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
        series: Series = {}
        for fam in families:
            for s in fam.samples:
                series.setdefault(s.name, []).append(
                    ({str(k): text(str(v)) for k, v in s.labels.items()}, client.as_float(s.value))
                )
        return cls.from_series(series, source, alerts)

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


def from_url(url: str, timeout: float = 5.0) -> Node:
    """A running daemon's answer (client.read_daemon) as a node: both requests within
    `timeout` seconds in all (RequestFailed, an OSError, past it)."""
    got = client.read_daemon(url, timeout)
    return Node.from_series(got.series, f"gpumemd serve at {got.base}", got.alerts, got.skips)


class LocalNode:
    """This node read with the daemon's own sources (NVML, host, the spool, the breakdown),
    no thread and no server: what `gpumemd serve` would export at each `read()`."""

    def __init__(self, config: Any, capture: Mapping[str, Any] | None = None) -> None:
        from gpumemd.runtime import Runtime
        from gpumemd.sources.node import node_sources

        self._replay = capture is not None
        self._runtime = Runtime(
            config,
            lambda c: node_sources(c, dict(capture) if capture else None, read_only=True),
            serve_http=False,
            eager_render=False,
        )

    def read(self) -> Node:
        sampler = self._runtime.sampler
        snapshot = sampler.sample_once()
        if not snapshot.success.get("nvml"):
            raise NoGpu(sampler.last_error("nvml") or "NVML did not answer")
        absent = getattr(
            snapshot.readings.get("nvml"), "absent", ""
        )  # getattr: a reading, or none (disabled)
        if absent:
            raise NoGpu(f"no NVIDIA driver on this node ({absent})")
        node = Node.from_families(
            snapshot.exposition.families,
            "a replayed capture" if self._replay else "a sample of this node (no gpumemd serve answered)",
        )
        node.notes.append("growth is not judged from one sample: a running gpumemd serve's rules say it")
        return node

    def close(self) -> None:
        self._runtime.stop()


def local(config: Any, capture: Mapping[str, Any] | None = None) -> Node:
    """One sample of this node (see LocalNode)."""
    reader = LocalNode(config, capture)
    try:
        return reader.read()
    finally:
        reader.close()


def findings(node: Node) -> list[Finding]:
    # first: a failing collector means parts of the tree below are missing or stale
    out = [
        Finding(
            None,
            "collector_failing",
            f"the {c} collector is failing (gpumemd_collector_success 0): "
            "what it reads is missing from this view (the daemon's log says why)",
            0.0,
        )
        for c in node.failing_collectors
    ]
    for g in node.gpus:
        if g.total and (g.used + g.reserved) / g.total >= NEARLY_FULL_RATIO:
            ratio = (g.used + g.reserved) / g.total
            out.append(
                Finding(
                    g.gpu,
                    "nearly_full",
                    f"GPU {g.gpu} is {ratio:.0%} full ({size(g.used + g.reserved)} of {size(g.total)})",
                    ratio,
                )
            )
        for p in g.processes:
            if p.agent and p.limit:
                ratio = p.reserved / p.limit
                if ratio >= NEARLY_FULL_RATIO:
                    out.append(
                        Finding(
                            g.gpu,
                            "near_limit",
                            f"{p.who} on GPU {g.gpu} holds {ratio:.0%} of its "
                            f"memory limit ({size(p.reserved)} of {size(p.limit)})",
                            ratio,
                        )
                    )
            if p.agent and p.window_peak is not None and g.total:
                capacity = p.reserved + g.free  # what its allocator could hold without anyone else freeing
                headroom = capacity - p.window_peak
                if headroom < HEADROOM_RATIO * g.total:
                    out.append(
                        Finding(
                            g.gpu,
                            "headroom",
                            f"{p.who} on GPU {g.gpu}: its recent peak "
                            f"({size(p.window_peak)}) leaves {size(max(0, headroom))} of headroom",
                            headroom,
                        )
                    )
            if (
                p.agent
                and p.reserved
                and p.fragmented >= FRAGMENTED_MIN
                and p.fragmented / p.reserved >= FRAGMENTED_RATIO
            ):
                out.append(
                    Finding(
                        g.gpu,
                        "fragmentation",
                        f"{p.who} on GPU {g.gpu}: {size(p.fragmented)} "
                        f"({p.fragmented / p.reserved:.0%}) of its cache is split blocks no request "
                        "fits: free memory between live tensors, which the native allocator cannot "
                        "join (expandable segments map its whole free pages again; docs/oom.md)",
                        p.fragmented,
                    )
                )
            if p.retries:
                out.append(
                    Finding(
                        g.gpu,
                        "alloc_retries",
                        f"{p.who} on GPU {g.gpu}: the allocator freed its "
                        f"cache and retried {p.retries} times since it started (at the edge of an OOM)",
                        p.retries,
                    )
                )
            if p.ooms or p.oom_cause:
                last = f"; the last: {p.oom_cause} — {p.oom_summary}; fix: {p.oom_fix}" if p.oom_cause else ""
                out.append(
                    Finding(
                        g.gpu,
                        "ooms",
                        f"{p.who} on GPU {g.gpu}: {p.ooms} out-of-memory errors since it started{last}",
                        p.ooms,
                    )
                )
            if p.leak_summary or p.leak_sites:
                others = "; ".join(f"{site} +{size(n)}/step" for site, n in p.leak_sites[1:])
                out.append(
                    Finding(
                        g.gpu,
                        "leak",
                        f"{p.who} on GPU {g.gpu}: the leak finder's last answer: "
                        f"{p.leak_summary or p.leak_sites[0][0]}" + (f" (also {others})" if others else ""),
                        p.leak_sites[0][1] if p.leak_sites else None,
                    )
                )
            if p.forecast_headroom is not None and p.forecast_headroom < 0 and p.forecast_peak is not None:
                error = f" ± {size(p.forecast_error)}" if p.forecast_error else ""
                out.append(
                    Finding(
                        g.gpu,
                        "forecast_oom",
                        f"{p.who} on GPU {g.gpu}: a batch of {p.forecast_tokens or '?'} tokens is predicted "
                        f"to peak at {size(p.forecast_peak)}{error}: {size(-p.forecast_headroom)} more "
                        "than it can hold at the top of that (docs/forecast.md)",
                        p.forecast_headroom,
                    )
                )
            if p.leak_per_step is not None:  # the one leak verdict, as the agent computed it
                seconds = p.seconds_to_oom
                when = f", about {humanize_duration(seconds)}" if seconds is not None else ""
                until = (f"; at this rate it runs out in {p.steps_to_oom:.0f} optimizer steps{when}"
                         if p.steps_to_oom is not None else "")
                since = f" since step {p.leak_since}" if p.leak_since is not None else ""
                out.append(
                    Finding(
                        g.gpu,
                        "leaking",
                        f"{p.who} on GPU {g.gpu}: leaking {size(p.leak_per_step)} per optimizer step{since} "
                        f"(its allocated memory at each step's end grows){until}",
                        p.leak_per_step,
                    )
                )
            if not p.agent and p.used >= WITHOUT_AGENT_MIN:
                out.append(
                    Finding(
                        g.gpu,
                        "no_agent",
                        f"{p.who} holds {size(p.used)} on GPU {g.gpu} and runs "
                        "no agent (not PyTorch, or started without gpumemd)",
                        p.used,
                    )
                )
        unattributed = g.parts.get("unattributed", 0)
        if unattributed >= UNATTRIBUTED_MIN:
            out.append(
                Finding(
                    g.gpu,
                    "unattributed",
                    f"GPU {g.gpu}: {size(unattributed)} used by no listed "
                    f"process ({g.unattributed_reason or 'unknown'})",
                    unattributed,
                )
            )
    for a in node.alerts:  # validated by parse_alerts: labels and annotations are str -> str
        labels, state = a["labels"], a["state"]
        name = labels.get("alertname", "")
        summary = a["annotations"].get("summary") or name
        if name in GROWTH_ALERTS and state in ("firing", "pending"):
            out.append(
                Finding(client.index(labels.get("gpu")), "growing", f"{name} {state}: {summary}", a["value"])
            )
        elif state == "firing" and not (
            name == "GpumemdCollectorFailing" and labels.get("collector") in node.failing_collectors
        ):
            out.append(
                Finding(
                    client.index(labels.get("gpu")), "alert", f"alert {name} firing: {summary}", a["value"]
                )
            )
    return out


def render(
    node: Node, found: Sequence[Finding], *, gpu: int | None = None, ascii_only: bool = False, width: int = 80
) -> str:
    lines = [f"source: {node.source}"]
    if node.no_gpus:
        lines.append(f"no GPUs: {node.no_gpus}")
    for g in node.gpus:
        if gpu is not None and g.gpu != gpu:
            continue
        lines.append(f"GPU {g.gpu}  {g.name}  {g.uuid}"[:width].rstrip())
        used_children: list[Branch] = []
        for p in g.processes:
            kids: list[Branch] = []
            if p.agent:
                cached = p.reserved - p.allocated
                kids = [
                    ("PyTorch allocated", p.allocated, _categories_note(p), _category_rows(p)),
                    (
                        "PyTorch cached",
                        cached,
                        f"{size(p.fragmented)} fragmented" if p.fragmented else "",
                        [],
                    ),
                    ("non-PyTorch", p.non_pytorch, "CUDA context, libraries, NCCL", []),
                ]
            notes = [] if p.agent else ["no agent"]
            if p.agent and p.headroom is not None:  # the agent's own: the limit less the step peak
                notes.append(f"{size(p.headroom)} left at the step peak" if p.headroom >= 0
                             else f"{size(-p.headroom)} over at the step peak")
            if p.agent and p.pools:  # reserved, but only its graphs and pools can use it
                notes.append(f"{size(p.pools)} in graph/user pools")
            note = "; ".join(notes)
            used_children.append((p.who, p.used, note, kids))
        if g.parts:
            used_children.append(("unattributed", g.parts.get("unattributed", 0), g.unattributed_reason, []))
        top: list[Branch] = [
            ("used", g.used, "", used_children),
            ("driver reserved", g.reserved, "NVML v2", []),
            ("free", g.free, "", []),
        ]
        lines.append(f"{'total':<36} {size(g.total):>10}")
        rows = tree_rows(top, ASCII_TREE if ascii_only else TREE)
        for pre, label, nbytes, note in rows:
            head = f"{pre}{label}"
            line = f"{head:<36} {size(nbytes):>10}" + (f"  {note}" if note else "")
            lines.append(line[:width] if len(line) > width else line)
    chosen = [f for f in found if gpu is None or f.gpu in (None, gpu)]
    lines.append("findings:" if chosen else "findings: none")
    lines.extend(f"  ! {f.message}" for f in chosen)
    lines.extend(f"  note: {n}" for n in node.notes)
    return "\n".join(lines) + "\n"


def _category_rows(p: ProcessView) -> list[Branch]:
    """The categories of the step's end (they add up to allocated then), biggest first."""
    end = p.categories.get("end") or {}
    rows: list[Branch] = [
        (c.replace("_", " "), n, "", []) for c, n in end.items() if n > 0 or c in ("parameters", "other")
    ]
    return sorted(rows, key=lambda r: -r[1])


def _categories_note(p: ProcessView) -> str:
    peak = p.categories.get("peak") or {}
    if not p.categories.get("end"):
        return ""
    # short: the tree is 80 columns; the categories below are the step end's
    if "activations" in peak:
        return f"step peak +{size(peak['activations'])} activations"
    return "by category at step end"


def to_json(node: Node, found: Sequence[Finding], gpu: int | None = None) -> str:
    """Strict JSON (RFC 8259): a value that is not a finite number is null, never NaN."""
    gpus = [asdict(g) for g in node.gpus if gpu is None or g.gpu == gpu]
    doc = {
        "source": node.source,
        "gpus": gpus,
        "findings": [asdict(f) for f in found if gpu is None or f.gpu in (None, gpu)],
        "notes": [f"no GPUs: {node.no_gpus}"] * bool(node.no_gpus) + node.notes,
    }
    return strict_json(doc)


MAX_DIFF_FILES = 16


def explain_diff(paths: Sequence[str], steps: int | None = None) -> Any:
    """The leak finder's diff (diagnosis/leak.py) of snapshot files taken in order: the sites
    whose live bytes grew at every one. Each file read with the snapshot loader (no pickle
    class, bounded bytes); raises SnapshotUnreadable with one line. `steps`: optimizer steps
    from the first to the last (None: growth is per snapshot interval)."""
    import dataclasses
    from pathlib import Path

    from gpumemd.diagnosis.leak import find_leaks, history_note
    from gpumemd.diagnosis.snapshot import load_snapshot

    snaps = [load_snapshot(Path(p)) for p in paths[:MAX_DIFF_FILES]]
    lacking = tuple(n for i, s in enumerate(snaps) if (n := history_note(s, f"snapshot {i + 1}")) is not None)
    report = find_leaks(snaps, steps if steps is not None else len(snaps) - 1)
    pair = (
        (
            "two snapshots: memory allocated between them that is re-allocated each step (gradients, "
            "optimizer state made once) counts as growth; three or more taken a few steps apart tell "
            "a leak from it",
        )
        if len(snaps) == 2 and report.sites
        else ()
    )
    return dataclasses.replace(report, notes=(*lacking, *report.notes, *pair))


def render_diff(report: Any, *, per: str = "step") -> str:
    """The diff's answer in lines: the growing sites with their user frames, then notes."""
    from gpumemd.diagnosis.leak import human_site

    span = f"{report.snapshots} snapshots ({report.steps} {per}{'s' if report.steps != 1 else ''})"
    n = len(report.sites)
    lines = [
        f"{n} growing site{'s' if n != 1 else ''} over {span}"
        if n
        else f"no growing allocation site over {span}"
    ]
    for site in report.sites:
        lines.append(
            f"  {human_site(site)}: +{size(site.bytes_per_step)}/{per}, {size(site.bytes)} live in "
            f"{site.blocks} blocks"
        )
        calls = " < ".join(f"{f.rsplit('/', 1)[-1]}:{n} in {fn}()" for f, n, fn in site.frames[1:])
        if calls:
            lines.append(f"    called from {calls}")
    if report.unattributed_bytes:
        lines.append(f"  growth with no user frame: {size(report.unattributed_bytes)}")
    lines.extend(f"note: {n}" for n in report.notes)
    return "\n".join(text(line) for line in lines) + "\n"


def explain_snapshot(path: str, requested: int | None = None) -> tuple[Any, tuple[str, ...]]:
    """The OOM diagnosis of a snapshot file (gpumemd's, torch's `_dump_snapshot`, Stormlog's),
    through the accounting and diagnosis the agent uses at an OOM (diagnosis/accounting.py),
    and what it lacked."""
    from pathlib import Path

    from gpumemd.diagnosis.accounting import accounting_from_snapshot
    from gpumemd.diagnosis.oom import diagnose
    from gpumemd.diagnosis.snapshot import load_snapshot

    d = diagnose(accounting_from_snapshot(load_snapshot(Path(path)), requested=requested))
    return d, d.missing
