"""`gpumemd top`: the breakdown and the processes of each GPU, refreshed every interval.

A terminal gets a live view drawn with the standard library's curses (no dependency, so the
daemon image does not grow; it works over SSH in 80 columns); anything else (a pipe, a
file, a CI log) gets the same view as plain text, once per refresh. Keys: `q` quits, `s`
changes the sort column, `g` shows one GPU after another or all of them, `j`/`k` (or the
arrows) scroll a view taller than the terminal. When the daemon stops answering (restarted,
slow, broken), the view says `daemon unreachable: ...` and keeps the last answer's figures
until it answers again: a read is bounded by the client's deadline and never ends `top`.

The loop is the same for a whole job read from Prometheus (`top --prometheus URL --job ID`):
`run_plain` and `run_curses` take what to read and how to draw it (`draw`, jobview.frame
for a job); this module draws one node (`frame`).

Each GPU is one bar of its categories, one character per share of the total::

    GPU 1 NVIDIA H200        used 1.9/140.4 GiB   retries 1   ooms 0
    [AAAAANR..............................................................]
      PID   RANK ALLOCATED  CACHED NON-PT   PEAK  RETRY OOM      RSS
      10001    1   1.4 GiB 10.9MiB 518MiB 1.4GiB      1   0   1.9GiB
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TextIO, TypeVar

from .client import NoGpu, reachable_error
from .format import short
from .node import GpuView, Node, ProcessView

__all__ = ["SORTS", "Draw", "Reader", "bar", "frame", "run_curses", "run_plain"]

T = TypeVar("T")
T_contra = TypeVar("T_contra", contravariant=True)


class Draw(Protocol[T_contra]):
    """The lines of one refresh of the last answer read (None before the first)."""

    def __call__(self, got: T_contra | None, /, *, width: int = ..., sort: int = ..., gpu: int | None = ...,
                 error: str = ...) -> list[str]: ...

# (key, column header, value of a process) in the order `s` cycles through them
SORTS: tuple[tuple[str, Callable[[ProcessView], float]], ...] = (
    ("used", lambda p: p.used),
    ("allocated", lambda p: p.allocated),
    ("cached", lambda p: p.reserved - p.allocated),
    ("non-pytorch", lambda p: p.non_pytorch),
    ("peak", lambda p: p.window_peak or 0),
    ("retries", lambda p: p.retries),
)
# category -> the character that draws it (the legend under the bars says the same, in 80 columns)
GLYPHS = (
    ("pytorch_allocated", "A"),
    ("pytorch_fragmented", "F"),
    ("pytorch_cached", "C"),
    ("non_pytorch", "N"),
    ("other_processes", "O"),
    ("unattributed", "U"),
    ("driver_reserved", "R"),
    ("free", "."),
)
LEGEND = "A alloc  F frag  C cached  N non-PyTorch  O other  U unattrib.  R driver  . free"


def bar(g: GpuView, width: int) -> str:
    """The GPU's categories as `width` characters; each category at least one if it holds anything."""
    total = g.total or 1
    cells = []
    for category, glyph in GLYPHS:
        share = g.parts.get(category, 0) / total
        cells.append((glyph, share))
    counts = [round(share * width) for _, share in cells]
    for i, (_, share) in enumerate(cells):  # visible when not nothing
        if share > 0 and counts[i] == 0:
            counts[i] = 1
    while sum(counts) > width:  # take from the largest
        counts[counts.index(max(counts))] -= 1
    while sum(counts) < width:
        counts[-1] += 1
    return "".join(glyph * n for (glyph, _), n in zip(cells, counts, strict=True))


class Reader(Generic[T]):
    """`read()` that never raises for an expected failure: the last answer read (None before
    the first) and, while reads fail, the one-line reason (`what` names the source)."""

    def __init__(self, read: Callable[[], T], what: str = "daemon") -> None:
        self._read = read
        self.what = what
        self.node: T | None = None
        self.error = ""

    def __call__(self) -> tuple[T | None, str]:
        try:
            self.node, self.error = self._read(), ""
        except (OSError, ValueError, RecursionError, NoGpu) as exc:  # the source gone, slow or broken
            self.error = f"{self.what} unreachable: {reachable_error(exc)}"
        return self.node, self.error


def frame(
    node: Node | None, *, width: int = 80, sort: int = 0, gpu: int | None = None, error: str = ""
) -> list[str]:
    """The lines of one refresh, cut to `width` columns; `error` says why they are old."""
    key, value = SORTS[sort % len(SORTS)]
    source = node.source if node is not None else "no answer yet"
    lines = [
        f"gpumemd top - {source}"[:width],
        f"sort: {key} (s)  gpu: {'all' if gpu is None else gpu} (g)  quit: q"[:width],
        LEGEND[:width],
    ]
    if error:
        lines[0] = error[:width]
    if node is not None and node.no_gpus:
        lines += ["", f"no GPUs: {node.no_gpus}"[:width]]
    for g in node.gpus if node is not None else ():
        if gpu is not None and g.gpu != gpu:
            continue
        retries = sum(p.retries for p in g.processes)
        ooms = sum(p.ooms for p in g.processes)
        lines.append("")
        lines.append(
            f"GPU {g.gpu} {g.name[:18]:<18} used {short(g.used)}/{short(g.total)}  "
            f"retries {retries}  ooms {ooms}"[:width]
        )
        lines.append("[" + bar(g, max(10, width - 2)) + "]")
        lines.append(
            f"  {'PID':>7} {'RANK':>4} {'USED':>6} {'ALLOC':>6} {'CACHED':>6} {'NON-PT':>6} {'PEAK':>6} "
            f"{'RETRY':>5} {'OOM':>3} {'RSS':>6}"[:width]
        )
        for p in sorted(g.processes, key=value, reverse=True):
            if p.agent:
                torch_cols = (
                    f"{short(p.allocated):>6} {short(p.reserved - p.allocated):>6} "
                    f"{short(p.non_pytorch):>6} {short(p.window_peak):>6} {p.retries:>5} {p.ooms:>3}"
                )
            else:
                torch_cols = f"{'(no agent)':>27} {'':>5} {'':>3}"
            lines.append(
                f"  {p.pid:>7} {p.rank or '-':>4} {short(p.used):>6} {torch_cols} {short(p.rss):>6}"[:width]
            )
    return lines


def _node_gpus(node: Node | None) -> list[int]:
    return [g.gpu for g in node.gpus] if node else []


def run_plain(
    read: Callable[[], T],
    out: TextIO,
    *,
    interval: float,
    count: int | None,
    width: int = 80,
    sleep: Callable[[float], None] = time.sleep,
    draw: Draw[Any] = frame,
    what: str = "daemon",
) -> int:
    """Not a terminal: the view as text, once per refresh, `count` times (None: until killed)."""
    n, reader = 0, Reader(read, what)
    while count is None or n < count:
        if n:
            sleep(interval)
        node, error = reader()
        out.write("\n".join(draw(node, width=width, error=error)) + "\n\n")
        out.flush()
        n += 1
    return 0


def run_curses(
    read: Callable[[], T],
    *,
    interval: float,
    draw: Draw[Any] = frame,  # pragma: no cover - tmux
    gpus_of: Callable[[Any], Sequence[int]] = _node_gpus,
    what: str = "daemon",
) -> int:
    """A terminal: the view redrawn every `interval`, keys read every 0.1 s (module docstring)."""
    import curses

    def main(screen: Any) -> int:
        curses.curs_set(0)
        screen.timeout(100)  # poll keys every 0.1 s; read the node every interval
        reader = Reader(read, what)
        sort, gpu, top, (node, error), due = 0, None, 0, reader(), time.monotonic() + interval
        gpus: Sequence[int] = gpus_of(node)
        while True:
            rows, cols = screen.getmaxyx()
            lines = draw(node, width=cols - 1, sort=sort, gpu=gpu, error=error)
            head, body = lines[:3], lines[3:]
            room = max(1, rows - len(head) - 1)
            top = max(0, min(top, len(body) - room))
            shown = body[top : top + room]
            more = len(body) - top - len(shown)
            screen.erase()
            for y, line in enumerate([*head, *shown]):
                screen.addnstr(y, 0, line, cols - 1)
            if more > 0 or top > 0:
                screen.addnstr(rows - 1, 0, f"-- {more} more lines: j/k scroll, g one GPU --", cols - 1)
            screen.refresh()
            key = screen.getch()
            if key in (ord("q"), ord("Q")):
                return 0
            if key == ord("s"):
                sort += 1
            elif key == ord("g") and gpus:
                order = [None, *gpus]
                gpu, top = order[(order.index(gpu) + 1) % len(order)], 0
            elif key in (ord("j"), curses.KEY_DOWN):
                top += 1
            elif key in (ord("k"), curses.KEY_UP):
                top = max(0, top - 1)
            if time.monotonic() >= due:
                (node, error), due = reader(), time.monotonic() + interval
                gpus = gpus_of(node)

    # the terminal's own size: a LINES/COLUMNS inherited from a shell (or tmux) would pin curses to it
    for name in ("LINES", "COLUMNS"):
        os.environ.pop(name, None)
    return int(curses.wrapper(main))
