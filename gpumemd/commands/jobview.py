"""`gpumemd explain --prometheus URL [--job ID]`: one training job across its nodes, read from
the user's Prometheus (never from the training nodes).

Two instant queries (`/api/v1/query`) give everything: the series that carry the job's
`job_id` (rank info, allocator, OOMs), and the node-level series (GPUs, NVML's processes) of
the `instance`s those ranks run on. Each instance's series become a `node.Node` through
the node client's own `Node.from_series()`, so the tree and its checks are the node view's;
the job's findings (worst rank, imbalance, ranks missing, OOMs by rank) are added on top.

Prometheus's answer is input like a daemon's: fetched through `gpumemd.httpclient` (one
deadline, bounded bytes, no redirects), every field of its JSON checked (`status`,
`data.resultType` "vector", labels str -> str, `value` [time, "number"]); a document of the
wrong shape is one `PrometheusAnswerError` line, a bad sample is skipped and said in a note.
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field

from gpumemd.alerts.export import job_thresholds
from gpumemd.httpclient import redact

from . import explain
from .client import PrometheusAnswerError, Series, Skips, index, parse_vector, query
from .explain import Finding
from .format import size, strict_json, text
from .node import Node

__all__ = [
    "ACTIONABLE",
    "RANK_SORTS",
    "Job",
    "PrometheusAnswerError",
    "RankView",
    "actionable",
    "from_prometheus",
    "frame",
    "job_findings",
    "jobs",
    "look",
    "node_ranks",
    "parse_vector",
    "render",
    "render_jobs",
    "to_json",
]

# The findings that call for action (exit 1): the job alerts' conditions, with their numbers
# (job_thresholds). The worst rank is always named, but is actionable only under the threshold.
ACTIONABLE = ("no_ranks", "headroom_low", "imbalance", "ranks_missing", "ooms")

# the job's own series (they carry job_id), and the node-level ones of the instances it runs on
_JOB_SERIES = "gpumemd_(process_rank_info|allocator_.*|oom_.*)"
_NODE_SERIES = (
    "gpumemd_(gpu_memory_.*|gpu_info|process_gpu_memory_used_bytes|process_info|"
    "process_resident_memory_bytes|collector_success|nvml_available)"
)


@dataclass
class RankView:
    """One rank of the job: where it runs and what its allocator holds."""

    rank: str
    instance: str
    gpu: int
    pid: int
    allocated: int
    reserved: int
    step_peak: int | None
    headroom: int | None  # what its allocator could still grow into before its peak fails
    ooms: int
    oom_cause: str = ""
    gpu_total: int = 0  # its GPU's memory: the headroom threshold is a share of it


@dataclass
class Job:
    """One job across nodes: the node view of each instance, and its ranks."""

    source: str
    job_id: str
    nodes: dict[str, Node]
    ranks: list[RankView] = field(default_factory=list)
    world_size: int | None = None
    notes: list[str] = field(default_factory=list)
    without_gpu: list[str] = field(default_factory=list)  # ranks that publish, on no GPU (CPU ranks)


def _base(url: str) -> str:
    return url.rstrip("/")


def _quote(value: str) -> str:
    return json.dumps(value)  # a PromQL string: JSON's escapes are PromQL's


def jobs(url: str, timeout: float = 5.0) -> tuple[dict[str, int], list[str]]:
    """The jobs Prometheus sees now: {job_id: ranks}, and notes."""
    skips = Skips()
    found = query(
        _base(url),
        'count by (job_id) (gpumemd_process_rank_info{job_id!=""})',
        time.monotonic() + timeout,
        timeout,
        skips,
    )
    out = {lab["job_id"]: int(v) for lab, v in found if "job_id" in lab and math.isfinite(v) and 0 <= v < 1e9}
    return out, skips.notes()


def from_prometheus(url: str, job: str, timeout: float = 5.0) -> Job:
    """The job `job` as Prometheus sees it now, within `timeout` seconds for all queries."""
    base, deadline, skips = _base(url), time.monotonic() + timeout, Skips()
    own = query(base, f'{{__name__=~"{_JOB_SERIES}",job_id={_quote(job)}}}', deadline, timeout, skips)
    nodes_q = (
        f'{{__name__=~"{_NODE_SERIES}"}} and on (instance) gpumemd_process_rank_info{{job_id={_quote(job)}}}'
    )
    node_level = query(base, nodes_q, deadline, timeout, skips)
    by_instance: dict[str, Series] = {}
    for labels, value in own + node_level:
        name, instance = labels.pop("__name__", ""), labels.get("instance", "")
        by_instance.setdefault(instance, {}).setdefault(name, []).append((labels, value))
    result = Job(f"Prometheus at {redact(url)}", job, {})
    world: set[int] = set()
    publishing: set[str] = set()
    for instance in sorted(by_instance):
        series = by_instance[instance]
        node = Node.from_series(series, instance or "(no instance label)")
        result.nodes[instance] = node
        peaks = {lab.get("rank", ""): v for lab, v in series.get("gpumemd_allocator_step_peak_bytes", [])}
        for lab, _ in series.get("gpumemd_process_rank_info", []):
            if (w := index(lab.get("world_size"))) is not None:
                world.add(w)
            if lab.get("rank"):
                publishing.add(lab["rank"])
        result.ranks.extend(node_ranks(node, instance, job, peaks))
    result.ranks.sort(key=lambda r: _rank_order(r.rank))
    result.without_gpu = sorted(publishing - {r.rank for r in result.ranks}, key=_rank_order)
    result.world_size = max(world) if world else None
    if len(world) > 1:
        result.notes.append(f"ranks disagree on the world size: {sorted(world)}")
    result.notes.extend(skips.notes())
    return result


def _rank_order(rank: str) -> tuple[int, str]:
    return (int(rank) if rank.isdigit() else 1 << 40, rank)


def node_ranks(node: Node, instance: str, job: str, peaks: Mapping[str, float]) -> list[RankView]:
    """The ranks of `job` on one node, with their headroom: `reserved` plus the rank's share of
    its GPU's free memory, less its highest peak. Ranks sharing a GPU (any job's) share its
    free memory: each counts an equal part, as the recording rules do."""
    out = []
    for g in node.gpus:
        sharing = max(1, len({(p.job_id, p.rank) for p in g.processes if p.agent and p.rank}))
        for p in g.processes:
            if not p.agent or p.job_id != job:
                continue
            peak = peaks.get(p.rank)
            step_peak = int(peak) if peak is not None and math.isfinite(peak) and 0 <= peak < 2**62 else None
            top = max(x for x in (p.window_peak, step_peak, p.allocated) if x is not None)
            room = p.reserved + g.free // sharing - top if g.total else None
            out.append(
                RankView(
                    p.rank,
                    instance,
                    g.gpu,
                    p.pid,
                    p.allocated,
                    p.reserved,
                    step_peak,
                    room,
                    p.ooms,
                    p.oom_cause,
                    g.total,
                )
            )
    return out


def job_findings(job: Job) -> list[Finding]:
    """The job's findings: worst rank (or, under the alert's threshold, `headroom_low`),
    imbalance, ranks missing, OOMs by rank; then each node's."""
    limits = job_thresholds()
    out: list[Finding] = []
    if not job.ranks and not job.without_gpu:
        out.append(Finding(None, "no_ranks", f"job {job.job_id}: no rank answers in Prometheus", 0.0))
    if job.without_gpu:  # alive, publishing: information, not missing
        named = ", ".join(job.without_gpu[:20]) + (", ..." if len(job.without_gpu) > 20 else "")
        out.append(
            Finding(
                None,
                "ranks_without_gpu",
                f"{len(job.without_gpu)} ranks publish but hold no GPU (CPU ranks: no GPU memory): {named}",
                float(len(job.without_gpu)),
            )
        )
    with_room = [r for r in job.ranks if r.headroom is not None]
    if with_room:
        worst = min(with_room, key=lambda r: r.headroom or 0)
        low = worst.gpu_total > 0 and (worst.headroom or 0) < limits["headroom_fraction"] * worst.gpu_total
        share = (
            f" ({max(0, worst.headroom or 0) / worst.gpu_total:.1%} of its GPU)" if worst.gpu_total else ""
        )
        out.append(
            Finding(
                worst.gpu,
                "headroom_low" if low else "worst_rank",
                f"worst rank: rank {worst.rank} on {worst.instance} GPU {worst.gpu}: "
                f"{size(max(0, worst.headroom or 0))} of headroom{share}",
                worst.headroom,
            )
        )
    for what, values in (
        ("allocated", [r.allocated for r in job.ranks]),
        ("step peak", [r.step_peak for r in job.ranks if r.step_peak is not None]),
    ):
        if len(values) >= 2 and (median := statistics.median(values)) > 0:
            ratio = max(values) / median
            if ratio >= limits["imbalance_ratio"]:
                big = max(
                    (r for r in job.ranks),
                    key=lambda r: r.allocated if what == "allocated" else (r.step_peak or 0),
                )
                out.append(
                    Finding(
                        None,
                        "imbalance",
                        f"imbalance: {what} max/median {ratio:.2f} across "
                        f"{len(values)} ranks (rank {big.rank} holds {size(max(values))}, "
                        f"the median {size(median)})",
                        ratio,
                    )
                )
    seen = {r.rank for r in job.ranks} | set(job.without_gpu)
    missing = [str(i) for i in range(job.world_size or 0) if str(i) not in seen]
    if job.world_size is not None and missing:
        named = ", ".join(missing[:20]) + (", ..." if len(missing) > 20 else "")
        out.append(
            Finding(
                None,
                "ranks_missing",
                f"{len(missing)} of {job.world_size} ranks missing: {named}",
                float(len(missing)),
            )
        )
    for r in job.ranks:
        if r.ooms or r.oom_cause:
            out.append(
                Finding(
                    r.gpu,
                    "ooms",
                    f"rank {r.rank} on {r.instance} GPU {r.gpu}: {r.ooms} OOMs"
                    + (f", the last: {r.oom_cause}" if r.oom_cause else ""),
                    float(r.ooms),
                )
            )
    for instance, node in job.nodes.items():
        out.extend(
            Finding(f.gpu, f.kind, f"{instance}: {f.message}", f.value)
            for f in explain.findings(node)
            if f.kind not in ("ooms",)
        )
    return out


def actionable(found: Sequence[Finding]) -> list[Finding]:
    """The findings that call for action (`explain --prometheus --job` exits 1 on any): a rank
    under the headroom threshold, imbalance at the ratio, a missing rank, an OOM, no rank at
    all. The worst rank above the threshold and the nodes' own findings are information."""
    return [f for f in found if f.kind in ACTIONABLE]


def look(url: str, job: str, timeout: float = 5.0) -> tuple[Job, list[Finding]]:
    """One read of `job` and its findings: what `top --prometheus --job` redraws each interval."""
    got = from_prometheus(url, job, timeout)
    return got, job_findings(got)


# (key, value of a rank, largest first) in the order `s` cycles through them in `top --job`
RANK_SORTS: tuple[tuple[str, Callable[[RankView], float], bool], ...] = (
    ("headroom", lambda r: r.headroom if r.headroom is not None else float("inf"), False),
    ("allocated", lambda r: r.allocated, True),
    ("step peak", lambda r: r.step_peak or 0, True),
    ("reserved", lambda r: r.reserved, True),
    ("ooms", lambda r: r.ooms, True),
)


def frame(
    got: tuple[Job, Sequence[Finding]] | None,
    *,
    width: int = 80,
    sort: int = 0,
    gpu: int | None = None,
    error: str = "",
) -> list[str]:
    """`top --prometheus --job`: the lines of one refresh (top.Draw), cut to `width` columns:
    the job's line, its actionable findings (`!`) and the worst rank, then one row per rank,
    all nodes together, sorted (worst headroom first by default); `error` says why they are old.
    `gpu` is the node view's key and selects nothing here."""
    key, value, largest = RANK_SORTS[sort % len(RANK_SORTS)]
    job, found = got if got is not None else (None, ())
    lines = [
        f"gpumemd top - {job.source if job else 'no answer yet'}"[:width],
        f"sort: {key} (s)  quit: q"[:width],
    ]
    if error:
        lines[0] = error[:width]
    if job is None:
        return lines
    world = f" of {job.world_size}" if job.world_size is not None else ""
    lines.append(f"job {job.job_id}: {_answering(job)} ranks{world} on {len(job.nodes)} nodes"[:width])
    act = actionable(found)
    lines.extend(f"! {f.message}"[:width] for f in act)
    lines.extend(f"  {f.message}"[:width] for f in found if f.kind in ("worst_rank", "ranks_without_gpu"))
    lines.append("")
    node_w = min(max([4, *(len(r.instance) for r in job.ranks)]), max(4, width - 60))  # the rest: 60 columns
    lines.append(
        f"  {'RANK':>5} {'NODE':<{node_w}} {'GPU':>3} {'ALLOC':>10} {'RESERVED':>10} {'STEP PEAK':>10} "
        f"{'HEADROOM':>10} {'OOM':>3}"[:width]
    )
    for r in sorted(job.ranks, key=value, reverse=largest):
        peak = size(r.step_peak) if r.step_peak is not None else "-"
        room = size(r.headroom) if r.headroom is not None else "-"
        lines.append(
            f"  {r.rank[:5]:>5} {r.instance[:node_w]:<{node_w}} {r.gpu:>3} {size(r.allocated):>10} "
            f"{size(r.reserved):>10} {peak:>10} {room:>10} {r.ooms:>3}"[:width]
        )
    lines.extend(f"note: {n}"[:width] for n in job.notes)
    return lines


def _answering(job: Job) -> int:
    """The ranks that publish: on a GPU, and those on none."""
    return len(job.ranks) + len(job.without_gpu)


def render(job: Job, found: Sequence[Finding], width: int = 160) -> str:
    """One line per node, then one per rank; then the findings."""
    lines = [
        f"source: {job.source}",
        f"job {job.job_id}: {_answering(job)} ranks"
        + (f" of {job.world_size}" if job.world_size is not None else "")
        + f" on {len(job.nodes)} nodes",
    ]
    for instance, node in job.nodes.items():
        used = sum(g.used for g in node.gpus)
        total = sum(g.total for g in node.gpus)
        ranks = [r for r in job.ranks if r.instance == instance]
        lines.append(
            f"node {instance}: {len(node.gpus)} GPUs, {size(used)} of {size(total)} used, {len(ranks)} ranks"[
                :width
            ]
        )
        for r in ranks:
            peak = size(r.step_peak) if r.step_peak is not None else "-"
            room = size(r.headroom) if r.headroom is not None else "-"
            text = (
                f"  rank {r.rank:<5} GPU {r.gpu:<2} pid {r.pid:<8} allocated {size(r.allocated):>10}  "
                f"reserved {size(r.reserved):>10}  step peak {peak:>10}  headroom {room:>10}"
            )
            lines.append(text[:width])
    lines.append("findings:" if found else "findings: none")
    lines.extend(f"  ! {f.message}" for f in found)
    lines.extend(f"  note: {n}" for n in job.notes)
    lines.extend(f"  note: {i}: {n}" for i, node in job.nodes.items() for n in node.notes)
    return "\n".join(lines) + "\n"


def to_json(job: Job, found: Sequence[Finding]) -> str:
    """Strict JSON (RFC 8259): no NaN or Infinity."""
    doc = {
        "source": job.source,
        "job_id": job.job_id,
        "world_size": job.world_size,
        "nodes": [
            {"instance": i, "gpus": [asdict(g) for g in n.gpus], "notes": n.notes}
            for i, n in job.nodes.items()
        ],
        "ranks": [asdict(r) for r in job.ranks],
        "ranks_without_gpu": job.without_gpu,
        "findings": [asdict(f) for f in found],
        "notes": job.notes,
    }
    return strict_json(doc)


def render_jobs(found: Mapping[str, int], source: str) -> str:
    """The jobs Prometheus sees, with their rank counts."""
    lines = [
        f"source: {source}",
        "jobs:" if found else "jobs: none seen (no gpumemd_process_rank_info with a job_id)",
    ]
    lines.extend(f"  {text(j)}  {n} ranks" for j, n in sorted(found.items()))
    return "\n".join(lines) + "\n"
