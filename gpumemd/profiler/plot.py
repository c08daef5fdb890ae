"""A PNG of a profiling session: allocated and reserved memory over time, sections shaded.

Optional: needs matplotlib (`pip install matplotlib`); imported only when a plot is
asked for, with the non-interactive Agg backend (no display needed).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from gpumemd.fs import write_user_file

from .results import MemorySnapshot, MiB, ProfileResult

__all__ = ["plot_session"]

MAX_LABELLED = 12  # more section names than this share one legend entry


def plot_session(snapshots: Sequence[MemorySnapshot], results: Sequence[ProfileResult], path: str | Path,
                 *, title: str = "gpumemd profiler") -> Path:
    """Write the PNG to `path` and return it; ImportError (with the fix) without matplotlib,
    an OSError (`gpumemd.fs.WriteError`) when it cannot be written."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ImportError("plotting needs matplotlib: pip install matplotlib") from None
    from matplotlib.figure import Figure  # no pyplot: the user's backend and figures stay untouched

    points = sorted(snapshots, key=lambda s: s.timestamp)
    firsts = [p.timestamp for p in points[:1]] + [r.memory_before.timestamp for r in results]
    t0 = min(firsts, default=0.0)
    fig = Figure(figsize=(10, 4.5), dpi=100)
    ax = fig.add_subplot(1, 1, 1)
    if points:
        xs = [p.timestamp - t0 for p in points]
        ax.plot(xs, [p.reserved_memory / MiB for p in points], label="reserved", color="tab:orange", lw=1.2)
        ax.plot(xs, [p.allocated_memory / MiB for p in points], label="allocated", color="tab:blue", lw=1.2)
    colours = [
        "tab:green",
        "tab:purple",
        "tab:brown",
        "tab:pink",
        "tab:olive",
        "tab:cyan",
        "tab:red",
        "tab:gray",
    ]
    seen: dict[str, tuple[str, str]] = {}  # section name -> (colour, legend key)
    labelled: set[str] = set()
    for r in results:
        start, end = r.memory_before.timestamp - t0, r.memory_after.timestamp - t0
        end = max(end, start + 1e-6)  # a sub-microsecond call still shows
        name = r.function_name
        if name not in seen:
            seen[name] = (
                (colours[len(seen) % len(colours)], name)
                if len(seen) < MAX_LABELLED
                else ("tab:gray", "other sections")
            )
        colour, key = seen[name]
        label = None if key in labelled else f"section: {key}"
        labelled.add(key)
        ax.axvspan(start, end, color=colour, alpha=0.18, lw=0, label=label)
        ax.hlines(r.peak_memory_usage() / MiB, start, end, colors=colour, lw=2)  # the call's peak
    ax.set_xlabel("seconds")
    ax.set_ylabel("MiB")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    if points or results:
        ax.legend(loc="upper left", fontsize="small")
    out = Path(path)
    # rendered in memory, then written like every file gpumemd writes (gpumemd.fs): replaced
    # atomically, a symlink at the name refused, never written through
    png = io.BytesIO()
    fig.savefig(png, format="png", bbox_inches="tight")
    write_user_file(out, png.getvalue(), what="plot")
    return out
