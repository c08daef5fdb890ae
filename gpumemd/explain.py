"""`gpumemd explain`: where each GPU's memory went, as a tree, and the findings that matter.

It reads the families a `gpumemd serve` exports (over HTTP), or takes one sample of this
node with the daemon's own sources when no daemon answers, so both give the same answer.
Everything here works on metric families, so a daemon's /metrics and a local sample go
through one path: `Node.from_families()`, then `findings()`, then `render()` / `to_json()`.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .sources.breakdown import split_process

__all__ = ["Finding", "GpuView", "LocalNode", "NoGpu", "Node", "ProcessView", "findings", "from_url", "local",
           "render", "size", "to_json"]

MiB, GiB = 1 << 20, 1 << 30

# thresholds of the findings: a person reading at 3 a.m. wants few lines, each one that matters
NEARLY_FULL_RATIO = 0.90
HEADROOM_RATIO = 0.05  # a rank's window peak within this share of the GPU from its capacity
FRAGMENTED_RATIO, FRAGMENTED_MIN = 0.25, 256 * MiB
UNATTRIBUTED_MIN = 64 * MiB
WITHOUT_AGENT_MIN = 16 * MiB
GROWTH_ALERTS = ("PytorchMemoryLeak", "GpuMemoryWillFill", "NonPytorchMemoryGrowing")


@dataclass
class ProcessView:
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

    @property
    def who(self) -> str:
        out = f"pid {self.pid}" + (f" rank {self.rank}" if self.rank else "")
        out += f" job {self.job_id}" if self.job_id else ""
        return out + (f" ({self.executable})" if self.executable else "")


@dataclass
class GpuView:
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
    gpu: int | None
    kind: str
    message: str
    value: float


@dataclass
class Node:
    source: str
    gpus: list[GpuView]
    alerts: list[dict[str, Any]] = field(default_factory=list)  # the daemon's, where it runs one
    notes: list[str] = field(default_factory=list)

    @classmethod
    def from_families(cls, families: Iterable[Any], source: str,
                      alerts: Sequence[Mapping[str, Any]] = ()) -> Node:
        """`families`: prometheus_client metric families (from a parser or a sample)."""
        series: dict[str, list[tuple[dict[str, str], float]]] = {}
        for fam in families:
            for s in fam.samples:
                series.setdefault(s.name, []).append((dict(s.labels), float(s.value)))

        def each(name: str) -> list[tuple[dict[str, str], float]]:
            return series.get(name, [])

        gpus: dict[str, GpuView] = {}
        for labels, value in each("gpumemd_gpu_memory_total_bytes"):
            gpus[labels["uuid"]] = GpuView(int(labels.get("gpu", -1)), labels["uuid"], total=int(value))
        for key in ("used", "free", "reserved"):
            for labels, value in each(f"gpumemd_gpu_memory_{key}_bytes"):
                if labels.get("uuid") in gpus:
                    setattr(gpus[labels["uuid"]], key, int(value))
        for labels, _ in each("gpumemd_gpu_info"):
            if labels.get("uuid") in gpus:
                gpus[labels["uuid"]].name = labels.get("name", "")
        for labels, value in each("gpumemd_gpu_memory_breakdown_bytes"):
            if labels.get("uuid") in gpus:
                gpus[labels["uuid"]].parts[labels.get("category", "")] = int(value)
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
            text = info.get("pid", "") if info else labels.get("pid", "")
            return int(text) if text.isdigit() else None

        names = {int(lab["pid"]): lab.get("executable", "") for lab, _ in each("gpumemd_process_info")
                 if lab.get("pid", "").isdigit()}
        rss = {int(lab["pid"]): int(v) for lab, v in each("gpumemd_process_resident_memory_bytes")
               if lab.get("pid", "").isdigit()}
        procs: dict[tuple[str, int], ProcessView] = {}
        for labels, value in each("gpumemd_process_gpu_memory_used_bytes"):
            if labels.get("uuid") in gpus and labels.get("pid", "").isdigit():
                pid = int(labels["pid"])
                view = ProcessView(pid, int(value), executable=names.get(pid, ""), rss=rss.get(pid))
                procs[(labels["uuid"], pid)] = view
                gpus[labels["uuid"]].processes.append(view)
        for info in ranks.values():
            if info.get("pid", "").isdigit():
                for (_uuid, pid), view in procs.items():
                    if pid == int(info["pid"]):
                        view.rank, view.job_id, view.agent = info.get("rank", ""), info.get("job_id", ""), True
        fields = {"gpumemd_allocator_allocated_bytes": "allocated", "gpumemd_allocator_reserved_bytes": "reserved",
                  "gpumemd_allocator_inactive_split_bytes": "fragmented",
                  "gpumemd_allocator_window_peak_bytes": "window_peak", "gpumemd_allocator_limit_bytes": "limit",
                  "gpumemd_allocator_alloc_retries_total": "retries", "gpumemd_allocator_ooms_total": "ooms"}
        for name, attr in fields.items():
            for labels, value in each(name):
                owner = pid_of(labels)
                found = procs.get((labels.get("uuid", ""), owner)) if owner is not None else None
                if found is not None and value == value:
                    setattr(found, attr, int(value))
        for labels, value in each("gpumemd_allocator_pool_reserved_bytes"):
            owner = pid_of(labels)
            found = procs.get((labels.get("uuid", ""), owner)) if owner is not None else None
            if found is not None and labels.get("kind") != "default" and value == value:
                found.pools += int(value)
        for view in procs.values():
            if view.agent:  # as the breakdown splits it: never more than NVML charges now
                parts = split_process(view.used, view.reserved, view.allocated, view.fragmented)
                view.allocated, view.fragmented = parts["pytorch_allocated"], parts["pytorch_fragmented"]
                view.reserved = view.allocated + view.fragmented + parts["pytorch_cached"]
                view.non_pytorch = parts["non_pytorch"]
        for g in gpus.values():
            g.processes.sort(key=lambda p: -p.used)
        return cls(source, sorted(gpus.values(), key=lambda g: g.gpu), [dict(a) for a in alerts])


def from_url(url: str, timeout: float = 5.0) -> Node:
    """A running daemon's answer: /metrics, and /api/v1/alerts for what its rules see."""
    from prometheus_client.parser import text_string_to_metric_families

    base = url.rstrip("/")
    if base.endswith("/metrics"):
        base = base[: -len("/metrics")]
    with urllib.request.urlopen(base + "/metrics", timeout=timeout) as resp:  # noqa: S310 (an operator's URL)
        text = resp.read(64 << 20).decode("utf-8", "replace")
    alerts: list[dict[str, Any]] = []
    try:
        with urllib.request.urlopen(base + "/api/v1/alerts", timeout=timeout) as resp:  # noqa: S310
            alerts = list(json.loads(resp.read(16 << 20)).get("data", {}).get("alerts", []))
    except (OSError, ValueError, AttributeError):
        pass  # an older daemon, or alerts off: the tree does without them
    return Node.from_families(text_string_to_metric_families(text), f"gpumemd serve at {base}", alerts)


class LocalNode:
    """This node read with the daemon's own sources (NVML, host, the spool, the breakdown),
    no thread and no server: what `gpumemd serve` would export at each `read()`."""

    def __init__(self, config: Any, capture: Mapping[str, Any] | None = None) -> None:
        from .daemon import node_sources
        from .runtime import Runtime

        self._replay = capture is not None
        self._runtime = Runtime(config, lambda c: node_sources(c, dict(capture) if capture else None),
                                serve_http=False, eager_render=False)

    def read(self) -> Node:
        sampler = self._runtime.sampler
        snapshot = sampler.sample_once()
        if not snapshot.success.get("nvml"):
            raise NoGpu(sampler.last_error("nvml") or "NVML did not answer")
        absent = getattr(snapshot.readings.get("nvml"), "absent", "")  # getattr: a reading, or none (disabled)
        if absent:
            raise NoGpu(f"no NVIDIA driver on this node ({absent})")
        node = Node.from_families(snapshot.exposition.families, "a replayed capture" if self._replay
                                  else "a sample of this node (no gpumemd serve answered)")
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


class NoGpu(Exception):
    """Nothing to explain here: NVML is missing or failed."""


def size(n: float) -> str:
    for unit, scale in (("GiB", GiB), ("MiB", MiB), ("KiB", 1024)):
        if abs(n) >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{int(n)} B"


def findings(node: Node) -> list[Finding]:
    out: list[Finding] = []
    for g in node.gpus:
        if g.total and (g.used + g.reserved) / g.total >= NEARLY_FULL_RATIO:
            ratio = (g.used + g.reserved) / g.total
            out.append(Finding(g.gpu, "nearly_full", f"GPU {g.gpu} is {ratio:.0%} full "
                               f"({size(g.used + g.reserved)} of {size(g.total)})", ratio))
        for p in g.processes:
            if p.agent and p.limit:
                ratio = p.reserved / p.limit
                if ratio >= NEARLY_FULL_RATIO:
                    out.append(Finding(g.gpu, "near_limit", f"{p.who} on GPU {g.gpu} holds {ratio:.0%} of its "
                                       f"memory limit ({size(p.reserved)} of {size(p.limit)})", ratio))
            if p.agent and p.window_peak is not None and g.total:
                capacity = p.reserved + g.free  # what its allocator could hold without anyone else freeing
                headroom = capacity - p.window_peak
                if headroom < HEADROOM_RATIO * g.total:
                    out.append(Finding(g.gpu, "headroom", f"{p.who} on GPU {g.gpu}: its recent peak "
                                       f"({size(p.window_peak)}) leaves {size(max(0, headroom))} of headroom",
                                       headroom))
            if p.agent and p.reserved and p.fragmented >= FRAGMENTED_MIN \
                    and p.fragmented / p.reserved >= FRAGMENTED_RATIO:
                out.append(Finding(g.gpu, "fragmentation", f"{p.who} on GPU {g.gpu}: {size(p.fragmented)} "
                                   f"({p.fragmented / p.reserved:.0%}) of its cache is split blocks no request "
                                   "fits (PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True helps)", p.fragmented))
            if p.retries:
                out.append(Finding(g.gpu, "alloc_retries", f"{p.who} on GPU {g.gpu}: the allocator freed its "
                                   f"cache and retried {p.retries} times since it started (at the edge of an OOM)",
                                   p.retries))
            if p.ooms:
                out.append(Finding(g.gpu, "ooms", f"{p.who} on GPU {g.gpu}: {p.ooms} out-of-memory errors "
                                   "since it started", p.ooms))
            if not p.agent and p.used >= WITHOUT_AGENT_MIN:
                out.append(Finding(g.gpu, "no_agent", f"{p.who} holds {size(p.used)} on GPU {g.gpu} and runs "
                                   "no agent (not PyTorch, or started without gpumemd)", p.used))
        unattributed = g.parts.get("unattributed", 0)
        if unattributed >= UNATTRIBUTED_MIN:
            out.append(Finding(g.gpu, "unattributed", f"GPU {g.gpu}: {size(unattributed)} used by no listed "
                               f"process ({g.unattributed_reason or 'unknown'})", unattributed))
    for a in node.alerts:
        labels = a.get("labels", {})
        if labels.get("alertname") in GROWTH_ALERTS and a.get("state") in ("firing", "pending"):
            gpu = labels.get("gpu")
            summary = a.get("annotations", {}).get("summary") or labels.get("alertname", "")
            out.append(Finding(int(gpu) if str(gpu).isdigit() else None, "growing",
                               f"{labels.get('alertname')} {a.get('state')}: {summary}",
                               float(a.get("value", 0) or 0)))
    return out


_TREE = {"mid": "├─ ", "last": "└─ ", "bar": "│  ", "gap": "   "}
_ASCII = {"mid": "|- ", "last": "`- ", "bar": "|  ", "gap": "   "}


def render(node: Node, found: Sequence[Finding], *, gpu: int | None = None, ascii_only: bool = False,
           width: int = 80) -> str:
    t = _ASCII if ascii_only else _TREE
    lines = [f"source: {node.source}"]
    for g in node.gpus:
        if gpu is not None and g.gpu != gpu:
            continue
        lines.append(f"GPU {g.gpu}  {g.name}  {g.uuid}"[:width].rstrip())
        rows: list[tuple[str, str, int, str]] = []  # (prefix, label, bytes, note)
        used_children = []
        for p in g.processes:
            kids = []
            if p.agent:
                cached = p.reserved - p.allocated
                kids = [("PyTorch allocated", p.allocated, ""),
                        ("PyTorch cached", cached, f"{size(p.fragmented)} fragmented" if p.fragmented else ""),
                        ("non-PyTorch", p.non_pytorch, "CUDA context, libraries, NCCL")]
            note = "" if p.agent else "no agent"
            if p.agent and p.pools:  # reserved, but only its graphs and pools can use it
                note = f"{size(p.pools)} in graph/user pools"
            used_children.append((p.who, p.used, note, kids))
        if g.parts:
            used_children.append(("unattributed", g.parts.get("unattributed", 0), g.unattributed_reason, []))
        top = [("used", g.used, "", used_children), ("driver reserved", g.reserved, "NVML v2", []),
               ("free", g.free, "", [])]
        lines.append(f"{'total':<36} {size(g.total):>10}")
        for i, (label, nbytes, note, children) in enumerate(top):
            last = i == len(top) - 1
            rows.append((t["last"] if last else t["mid"], label, nbytes, note))
            for j, (clabel, csize, cnote, grand) in enumerate(children):
                clast = j == len(children) - 1
                pre = (t["gap"] if last else t["bar"]) + (t["last"] if clast else t["mid"])
                rows.append((pre, clabel, csize, cnote))
                for k, (glabel, gsize, gnote) in enumerate(grand):
                    gpre = (t["gap"] if last else t["bar"]) + (t["gap"] if clast else t["bar"]) + \
                        (t["last"] if k == len(grand) - 1 else t["mid"])
                    rows.append((gpre, glabel, gsize, gnote))
        for pre, label, nbytes, note in rows:
            head = f"{pre}{label}"
            text = f"{head:<36} {size(nbytes):>10}" + (f"  {note}" if note else "")
            lines.append(text[:width] if len(text) > width else text)
    chosen = [f for f in found if gpu is None or f.gpu in (None, gpu)]
    lines.append("findings:" if chosen else "findings: none")
    lines.extend(f"  ! {f.message}" for f in chosen)
    lines.extend(f"  note: {n}" for n in node.notes)
    return "\n".join(lines) + "\n"


def to_json(node: Node, found: Sequence[Finding], gpu: int | None = None) -> str:
    gpus = [asdict(g) for g in node.gpus if gpu is None or g.gpu == gpu]
    return json.dumps({"source": node.source, "gpus": gpus,
                       "findings": [asdict(f) for f in found if gpu is None or f.gpu in (None, gpu)],
                       "notes": node.notes}, indent=1, sort_keys=True) + "\n"


def reachable_error(exc: BaseException) -> str:
    """A connection failure, said in one line."""
    if isinstance(exc, urllib.error.URLError):
        return str(exc.reason)
    return f"{type(exc).__name__}: {exc}"
