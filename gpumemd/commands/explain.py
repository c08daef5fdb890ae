"""`gpumemd explain`: where each GPU's memory went, as a tree, and the findings that matter.

It reads the families a `gpumemd serve` exports (over HTTP), or takes one sample of this
node with the daemon's own sources when no daemon answers, so both give the same answer.
Everything here works on series, so a daemon's /metrics and a local sample go through one
path: `Node.from_series()` (node.py, via `parse_exposition()` or `Node.from_families()`),
then `findings()`, then `render()` / `to_json()`.

The daemon's answer is input like any other: fetched and parsed by `client.py` (one
deadline for the whole answer, bounded bytes, no redirects; a bad line is skipped, never
the whole answer), and every field checked by node.py before use. The offline answers
(`--diff`, `--snapshot`) are snapshots.py's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from gpumemd.alerts.templates import humanize_duration

from . import client
from .client import DaemonAnswerError, NoGpu, parse_alerts, parse_exposition, reachable_error
from .format import ASCII_TREE, TREE, Branch, MiB, size, strict_json, tree_rows
from .node import Node, ProcessView

# the answer's parsers and errors above stay part of this module's interface (cli and the tests
# read them here)
__all__ = [
    "DaemonAnswerError",
    "Finding",
    "LocalNode",
    "NoGpu",
    "findings",
    "from_url",
    "local",
    "local_families",
    "parse_alerts",
    "parse_exposition",
    "reachable_error",
    "render",
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

@dataclass(frozen=True)
class Finding:
    """One thing `gpumemd explain` says matters (a GPU near full, a leak, a stranded pool), with
    the figure behind it."""

    gpu: int | None
    kind: str
    message: str
    value: float | None


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
        return self.read_families()[0]

    def read_families(self) -> tuple[Node, list[Any]]:
        """The node, and the sample's families it was built from (preflight reads the agents' calibration)."""
        sampler = self._runtime.sampler
        snapshot = sampler.sample_once()
        if not snapshot.success.get("nvml"):
            raise NoGpu(sampler.last_error("nvml") or "NVML did not answer")
        absent = getattr(
            snapshot.readings.get("nvml"), "absent", ""
        )  # getattr: a reading, or none (disabled)
        if absent:
            raise NoGpu(f"no NVIDIA driver on this node ({absent})")
        families = list(snapshot.exposition.families)
        node = Node.from_families(
            families,
            "a replayed capture" if self._replay else "a sample of this node (no gpumemd serve answered)",
        )
        node.notes.append("growth is not judged from one sample: a running gpumemd serve's rules say it")
        return node, families

    def close(self) -> None:
        self._runtime.stop()


def local(config: Any, capture: Mapping[str, Any] | None = None) -> Node:
    """One sample of this node (see LocalNode)."""
    return local_families(config, capture)[0]


def local_families(config: Any, capture: Mapping[str, Any] | None = None) -> tuple[Node, list[Any]]:
    """One sample of this node and its families (see LocalNode)."""
    reader = LocalNode(config, capture)
    try:
        return reader.read_families()
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
