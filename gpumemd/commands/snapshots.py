"""`gpumemd explain --diff` and `--snapshot`: answers from snapshot files alone, no node read.

`explain_diff()` runs the leak finder's diff (diagnosis/leak.py) over snapshot files taken in
order, `render_diff()` writes its lines; `explain_snapshot()` is the OOM diagnosis of one
snapshot file, through the accounting and diagnosis the agent uses at an OOM. Each file is read
with the snapshot loader (no pickle class, bounded bytes).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gpumemd.diagnosis.accounting import accounting_from_snapshot
from gpumemd.diagnosis.leak import find_leaks, history_note, human_site
from gpumemd.diagnosis.oom import diagnose
from gpumemd.diagnosis.snapshot import load_snapshot

from .format import size, text

__all__ = ["MAX_DIFF_FILES", "explain_diff", "explain_snapshot", "render_diff"]

MAX_DIFF_FILES = 16


def explain_diff(paths: Sequence[str], steps: int | None = None) -> Any:
    """The leak finder's diff (diagnosis/leak.py) of snapshot files taken in order: the sites
    whose live bytes grew at every one. Each file read with the snapshot loader (no pickle
    class, bounded bytes); raises SnapshotUnreadable with one line. `steps`: optimizer steps
    from the first to the last (None: growth is per snapshot interval)."""
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
    d = diagnose(accounting_from_snapshot(load_snapshot(Path(path)), requested=requested))
    return d, d.missing
