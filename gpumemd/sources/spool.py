"""All ranks of a node through one scrape target: agents publish, `gpumemd serve` merges.

Each agent writes its latest sample, about once a second, to `<spool>/agent-<pid>-<secret>.json`
(written to a temporary name, then renamed: a reader sees the old file or the new one,
never half of one). The node daemon's `spool` collector reads every file on each sample,
drops dead ranks, and serves the union next to its own NVML/host series, plus
`gpumemd_process_rank_info{pid,rank,…}` to join NVML's per-process view with ranks::

    gpumemd_allocator_allocated_bytes{gpu="0",rank="0",uuid="GPU-50…"} 2.68e+08
    gpumemd_allocator_allocated_bytes{gpu="1",rank="1",uuid="GPU-7a…"} 2.68e+08
    gpumemd_process_rank_info{job_id="",local_rank="1",pid="4242",rank="1",world_size="2"} 1
    gpumemd_spool_ranks 2

The file is compact JSON of samples, not rendered text: `json.loads` is C, the text parser
is pure Python (a merge of 8 ranks costs well under a millisecond; tests/agent measures it).
Format `gpumemd-spool/2` (`Encoder`) holds a table of the families' name, type and help and
one `[family index, sample name, labels, value]` row per sample; the daemon still reads
version 1 (`[name, type, help, [[name, labels, value], …]]` per family) from older agents.
An agent whose sample has not changed since its last publish does not rewrite the file: it
sets the file's mtime (the heartbeat; a version-2 rank's age runs from the later of the
two).

Only agent-owned families are published (`known_metrics.published()`, origin AGENT): device-level
series are the daemon's own, and two families of one name in one exposition would be invalid.

A rank is dead, and left out, when its file is older than `expire_intervals` of the
interval it declares (a live agent rewrites or touches it every interval), or when its pid is gone
and the file is older than one interval (time for a scrape to see the last words of a
rank that just died of an OOM). Dead ranks' files are deleted. Ages are measured against
each agent's own interval, so the daemon's configuration need not match the agents'.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from operator import is_
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd import known_metrics
from gpumemd.config import SpoolSourceConfig
from gpumemd.spool.format import (
    DROP_REASONS,
    INFO_LABELS,
    NOTHING,
    REASONS,
    SUFFIXES,
    RankFamily,
    SpoolReading,
)
from gpumemd.spool.procs import pid_alive, proc_jobs, proc_owner, proc_start
from gpumemd.spool.reader import SpoolReader

from .base import Source, metric

__all__ = ["SpoolSource", "daemon_family_names"]


class SpoolSource(Source[SpoolReading]):
    """The daemon's collector `spool`: every live, verified rank's agent-owned families, read by
    a `SpoolReader` and merged into one exposition."""

    name = "spool"

    def __init__(self, directory: Path, *, expire_intervals: int = 5,
                 clock: Callable[[], float] | None = None, alive: Callable[[int], bool] = pid_alive,
                 owner: Callable[[int], int | None] = proc_owner,
                 started: Callable[[int], int | None] = proc_start, settings: SpoolSourceConfig | None = None,
                 pidns: str | None | Any = NOTHING, reserved: frozenset[str] | None = None,
                 read_only: bool = False, monotonic: Callable[[], float] = time.monotonic,
                 jobs: Callable[[int], frozenset[str]] = proc_jobs) -> None:
        """The reader's arguments (`SpoolReader`); the daemon's own family names are always reserved."""
        self.reader = SpoolReader(
            directory,
            expire_intervals=expire_intervals,
            clock=clock if clock is not None else time.time,
            alive=alive,
            owner=owner,
            started=started,
            jobs=jobs,
            settings=settings,
            pidns=pidns,
            reserved=daemon_family_names() | (reserved or frozenset()),
            read_only=read_only,
            monotonic=monotonic,
        )
        # family name -> (its ranks' families, merged) of the last sample: reused while they stand
        self._merged: dict[str, tuple[list[RankFamily], Metric]] = {}

    def read(self, cycle: Mapping[str, Any]) -> SpoolReading:
        return self.reader.read()

    def families(self, reading: SpoolReading) -> Iterable[Metric]:
        # Each family's ranks, in rank order; a family is merged again only when one of them
        # differs from the last sample's (a rank's file that did not change, or a family of it
        # whose values stand, is the very tuple it was: spool/format.py's `previous`).
        by_name: dict[str, list[RankFamily]] = {}
        for rank in reading.ranks:
            for fam in rank.families:
                got = by_name.get(fam[0])
                if got is None:
                    by_name[fam[0]] = [fam]
                else:
                    got.append(fam)
        claimed: dict[str, str] = {}  # rendered sample name -> family: one family per name
        last, kept = self._merged, {}
        for name, fams in by_name.items():
            names = [name + s for s in SUFFIXES.get(fams[0][1], ("",))]
            if any(claimed.get(n, name) != name for n in names):
                continue  # another rank's family renders these names
            for n in names:
                claimed[n] = name
            hit = last.get(name)
            if hit is not None and len(hit[0]) == len(fams) and all(map(is_, hit[0], fams)):
                merged = hit[1]
            else:
                merged = _merge(name, fams)
            kept[name] = (fams, merged)
            yield merged
        self._merged = kept  # the last sample's only
        info = metric("gpumemd_process_rank_info", INFO_LABELS)
        when = metric("gpumemd_spool_rank_last_publish_timestamp_seconds", ["pid", "rank", "job_id"])
        for rank in reading.ranks:
            ident = {**{k: "" for k in INFO_LABELS}, **rank.identity, "pid": str(rank.pid)}
            info.add_metric([ident[k] for k in INFO_LABELS], 1)
            when.add_metric([ident["pid"], ident["rank"], ident["job_id"]], rank.written)
        ranks = metric("gpumemd_spool_ranks")
        ranks.add_metric([], len(reading.ranks))
        yield from (info, when, ranks)
        for key in ("expired", "errors", "conflicts"):
            c = metric(f"gpumemd_spool_{key}")
            c.add_metric([], reading.counts.get(key, 0))
            yield c
        rejected = metric("gpumemd_spool_rejected", ["reason"])
        for reason in REASONS:
            rejected.add_metric([reason], reading.rejected.get(reason, 0))
        yield rejected
        dropped = metric("gpumemd_spool_dropped_series", ["reason"])
        for reason in DROP_REASONS:
            dropped.add_metric([reason], reading.dropped.get(reason, 0))
        yield dropped


def _merge(name: str, fams: list[RankFamily]) -> Metric:
    """One family of every rank holding it (the first rank's type; another type's left out);
    two ranks claiming one series: the first (by rank) stands."""
    typ = fams[0][1]
    declared = known_metrics.family(name)  # a declared family's HELP is the declaration's
    merged = Metric(name, fams[0][2] if declared is None else declared.help, typ)
    seen: set[int] = set()  # series keys (format.validate)
    for _, kind, _, samples, keys in fams:
        if kind != typ:
            continue
        if seen.isdisjoint(keys):  # the usual case: ranks' labels differ
            merged.samples.extend(samples)
            seen.update(keys)
            continue
        for sample in samples:
            series = hash((sample.name, frozenset(sample.labels.items())))
            if series not in seen:
                seen.add(series)
                merged.samples.append(sample)
    return merged


def daemon_family_names() -> frozenset[str]:
    """Every family `gpumemd serve` exports itself under the agents' prefixes or anywhere: a spool
    family of one of these names would be a second HELP/TYPE in one exposition."""
    return frozenset().union(
        *(known_metrics.collected_by(c) for c in ("nvml", "host", "kubelet", "slurm", "spool"))
    )
