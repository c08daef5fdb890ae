"""The preflight report as text: one screen (`WIDTH` × `HEIGHT`) for a scheduler's log and a
person at 2 a.m., whatever was asked, or every figure (`verbose`, `-v`).

The screen says the verdict and the least headroom first, then one row per shape (folded into
cells of two or three a line when there are more shapes than rows), the largest batch or
sequence that fits, what to change, the peak's split and the overheads, and the notes; a line
past its width is cut with "…" and lines past the screen give way to one that says how many
more `-v` shows. Torch-free: it reads a `report.Report`'s fields only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpumemd.diagnosis.oom import human_bytes as size

from .verdict import BOUNDS

if TYPE_CHECKING:  # read, never imported at run time: report imports torch
    from .report import Report, ShapeResult
    from .verdict import Overheads, Verdict

__all__ = ["HEIGHT", "WIDTH", "render"]

WIDTH = 100  # columns of every line on the screen
HEIGHT = 24  # lines of the screen

_WORDS = {True: "FITS", False: "DOES NOT FIT", None: "MAY NOT FIT"}


def render(report: Report, verbose: bool = False) -> str:
    """The report on one screen, or (`verbose`) every figure of every shape."""
    return "\n".join(_everything(report) if verbose else _screen(report)) + "\n"


def _clip(line: str) -> str:
    return line if len(line) <= WIDTH else line[: WIDTH - 1] + "…"


def _word(v: Verdict | None) -> str:
    """A shape's verdict: FITS, DOES NOT FIT (even at the interval's bottom), MAY NOT FIT."""
    if v is None:
        return "-"
    return _WORDS[True] if v.fits else _WORDS[False if v.certain else None]


def _shape(r: ShapeResult) -> str:
    return f"{r.figures.batch}x{r.figures.seq}"


def _interval(r: ShapeResult, o: Overheads) -> str:
    """The needs' half-interval: the stream's error and the non-PyTorch bytes' spread; a bound
    taken for ops sized by values (`Figures.bound_bytes`) reaches that much lower, the step
    traced as one graph above dynamo's cut (`Figures.above_bytes`) that much higher."""
    f = r.figures
    text = f"± {size(f.error_bytes + (r.overheads or o).non_pytorch_spread)}"
    return (text + (f" −{size(f.bound_bytes)}" if f.bound_bytes else "")
            + (f" +{size(f.above_bytes)}" if f.above_bytes else ""))


def _headline(report: Report) -> list[str]:
    d = report.device
    where = f" on {d.name} ({d.source})" if d else " (no device: figures only)"
    ranks = f", {report.world} ranks" if report.world > 1 else ""
    head = f"gpumemd preflight: {report.job}"
    if len(head) + len(where) + len(ranks) > WIDTH:  # the device and the ranks before the job's path
        head = _clip(head[: max(20, WIDTH - len(where) - len(ranks) - 1)] + "…")
    lines = [_clip(head + where + ranks)]
    judged = _judged(report)
    if not judged:
        lines.append(f"NO VERDICT (exit {report.exit_code}): no device to judge against "
                     "(--gpu, --total, --node or --here)")
        return lines
    fit = sum(1 for _, v in judged if v.fits)
    worst, v = min(judged, key=lambda rv: rv[1].headroom)
    word = "FITS" if report.fits else ("DOES NOT FIT" if all(v.certain for _, v in judged if not v.fits)
                                       else "MAY NOT FIT")
    rank = " as DDP ranks" if report.world > 1 else ""
    held = f", held to the {v.bound}" if v.bound else ""
    if v.bound == BOUNDS[2] and d is not None and d.mps_limit_by:  # whose: the node's, the job's
        held = f", held to the {d.mps_limit_by}'s {v.bound}"
    lines.append(_clip(f"{word} (exit {report.exit_code}): {fit} of {len(judged)} shape(s) fit{rank}; "
                       f"least headroom {size(v.headroom)} ({_shape(worst)}){held}"))
    return lines


def _judged(report: Report) -> list[tuple[ShapeResult, Verdict]]:
    return [(r, r.verdict) for r in report.shapes if r.verdict is not None]


def _bound_text(v: Verdict) -> str:
    return f" (the {v.bound})" if v.bound else ""


def _rows(report: Report) -> tuple[str, list[str]]:
    """The table's header and one row per shape."""
    o, ranks = report.overheads, report.world > 1
    width = max([len("shape")] + [len(_shape(r)) for r in report.shapes])
    head = f"{'shape':<{width}}  {'verdict':<13} {'needs':>10} {'interval':<20} {'headroom':>11}"
    if ranks:
        head += f"  {'DDP/rank':>10}  {'FSDP2/rank':>10}"
    rows = []
    for r in report.shapes:
        v = r.verdict
        mark = "*" if v is not None and v.notes else ""
        row = (f"{_shape(r):<{width}}  {_word(v) + mark:<13} {size(r.figures.total):>10} "
               f"{_interval(r, o):<20} {size(v.headroom) if v else '-':>11}")
        if ranks:
            row += (f"  {size(r.per_rank['ddp']['total']):>10}  {size(r.per_rank['fsdp2']['total']):>10}"
                    if r.per_rank else "")
        rows.append(_clip(row))
    return _clip(head), rows


def _cells(report: Report) -> list[str]:
    """Every shape's verdict and headroom (its needs, without a device), cells side by side:
    two a line at the widest shapes the flags take (`preflight_cli.MAX_SIZE`)."""
    width = max(len(_shape(r)) for r in report.shapes)
    cells = [f"{_shape(r):>{width}} {_word(r.verdict) + ('*' if r.verdict and r.verdict.notes else ''):<13}"
             f"{size(r.verdict.headroom) if r.verdict else size(r.figures.total):>11}"
             for r in report.shapes]
    per = max(1, (WIDTH + 3) // (len(cells[0]) + 3))
    return [_clip(" | ".join(cells[i:i + per])) for i in range(0, len(cells), per)]


def _largest(report: Report) -> list[str]:
    lg = report.largest
    if not lg:
        return []
    best, at = lg["largest"], lg["at"]
    other = f"x{at['seq']}" if lg["dimension"] == "batch" else f"{at['batch']}x"
    bound = "" if lg["exact"] or not best else "at least "
    return [_clip(f"largest {lg['dimension']} that fits ({other}): {bound}{best if best else 'none'} "
                  f"({lg['probes']} fake runs)")]


def _detail(report: Report) -> list[str]:
    """The peak's split and the overheads of the shape with the least headroom (else the last)."""
    judged = _judged(report)
    r = min(judged, key=lambda rv: rv[1].headroom)[0] if judged else report.shapes[-1]
    f, o = r.figures, r.overheads or report.overheads
    cats = ", ".join(f"{k.replace('_', ' ')} {size(n)}" for k, n in f.categories.items() if n)
    return [
        f"peak of {_shape(r)} ({f.phase_at_peak}): {size(f.tensors_peak)} = {cats}",
        _clip(f"allocated {size(f.allocated_peak)}, reserved {size(f.reserved_peak)}"
              + (f" ({size(f.allocator_extra)} of it measured, beyond the replay)"
                 if f.allocator_extra else "")
              + f"; outside PyTorch "
              f"{size(f.non_pytorch)} ± {size(o.non_pytorch_spread)}"
              + (f", NCCL {size(f.nccl)}" if f.nccl else "")
              + (", NCCL's buffers among them (measured)" if o.nccl_from else "")),
        _clip(f"overheads: {report.overheads.source}"),
        *_sources(r),
    ]


def _sources(r: ShapeResult) -> list[str]:
    """Where this shape's overheads came from, where agents' calibration gave any (else nothing)."""
    o = r.overheads
    if o is None or not (o.non_pytorch_from or o.allocator_from):
        return []
    src = o.sources()
    nccl = "; NCCL: in the non-PyTorch bytes (ranks of this world size)" if o.nccl_from else ""
    return [f"from: non-PyTorch bytes: {src['non_pytorch']}; the allocator's overhead: {src['allocator']}"
            + nccl]


def _wrap(text: str, lines: int = 2) -> list[str]:
    """`text` in at most `lines` lines of WIDTH, the later ones indented; the last cut with "…"."""
    out: list[str] = []
    while text and len(out) < lines:
        if len(text) <= WIDTH - (2 if out else 0):
            out.append(("  " if out else "") + text)
            break
        room = WIDTH - (2 if out else 0)
        cut = text.rfind(" ", 0, room) if len(out) < lines - 1 else -1
        if cut <= room // 2:
            out.append(_clip(("  " if out else "") + text))
            break
        out.append(("  " if out else "") + text[:cut])
        text = text[cut + 1:]
    return out


def _screen(report: Report) -> list[str]:
    top = _headline(report)
    head, rows = _rows(report)
    legend = (["* fits only after the allocator releases its cache (a slower step): little room"]
              if any(r.verdict is not None and r.verdict.notes for r in report.shapes) else [])
    tail = [f"({report.seconds:.1f} s; every figure: -v, or --json in bytes)"]
    # what follows the table, most wanted first: each a block of lines, cut to its first line (or
    # left out, counted) where the screen has no room for it whole
    blocks = ([_largest(report)] if report.largest else []) + [_wrap(f"- {a}") for a in report.advice]
    blocks += [legend] if legend else []
    blocks += [_wrap(x) for x in _detail(report)] + [_wrap(f"note: {n}") for n in report.notes]
    keep = HEIGHT - len(top) - len(tail)
    # every shape on the screen: a row each where they leave room for the largest, the advice and
    # one more line, else in cells
    reserve = min(len(blocks), (1 if report.largest else 0) + len(report.advice) + len(legend) + 1)
    table = [head, *rows] if 1 + len(rows) <= keep - reserve else _cells(report)
    room = keep - len(table)
    rest: list[str] = []
    for n, block in enumerate(blocks):
        left = len(blocks) - n - 1  # blocks after this one: one line must say how many were left out
        if len(rest) + len(block) + (1 if left else 0) <= room:
            rest += block
        elif len(rest) + 1 + (1 if left else 0) <= room:
            rest.append(_clip(block[0] + (" …" if len(block) > 1 else "")) if len(block) > 1 else block[0])
        else:
            rest.append(f"… {len(blocks) - n} more (-v)")
            break
    return top + table + rest + tail


def _everything(report: Report) -> list[str]:
    """Every figure of every shape, each note whole (`-v`): as long as it needs."""
    o = report.overheads
    lines = _headline(report)
    for r in report.shapes:
        f, v = r.figures, r.verdict
        head = f"{_shape(r)}: needs {size(f.total)} {_interval(r, o)}"
        if v is not None:
            head = (f"{_shape(r)}: {_word(v)}: needs {size(f.total)} {_interval(r, o)}, headroom "
                    f"{size(v.headroom)} at the interval's top, against {size(v.capacity)}{_bound_text(v)}")
        lines.append(head)
        cats = ", ".join(f"{k.replace('_', ' ')} {size(n)}" for k, n in f.categories.items() if n)
        lines.append(f"  tensors at the peak ({f.phase_at_peak}): {size(f.tensors_peak)} = {cats}")
        extra = f.allocator_extra
        measured = f"; {size(extra)} of it measured, beyond the replay" if extra else ""
        lines.append(f"  allocator: allocated {size(f.allocated_peak)} (blocks, {size(f.workspaces)} cuBLAS "
                     f"workspaces), reserved {size(f.reserved_peak)} (segments{measured}; up to "
                     f"{size(f.stranded_bytes)} more where a real allocator places blocks otherwise)")
        spread = (r.overheads or o).non_pytorch_spread
        lines.append(f"  outside PyTorch: {size(f.non_pytorch)} ± {size(spread)}"
                     + (f", NCCL {size(f.nccl)}" if f.nccl else "")
                     + (", NCCL's buffers among them (measured)" if (r.overheads or o).nccl_from else ""))
        lines.extend(f"  {x}" for x in _sources(r))
        for strategy, rank in r.per_rank.items():
            # DDP's two answers: the second step's peak with the first buckets still held, and without
            low = rank.get("allocated_low", rank["allocated"])
            two = f" (allocated {size(rank['allocated'])}, {size(low)} once DDP's first buckets are let go)" \
                if low != rank["allocated"] else ""
            lines.append(f"  per rank under {strategy.upper()} ({rank['world']} ranks, arithmetic, not run): "
                         f"{size(rank['total'])}, at most {size(rank['top'])}{two}")
        for note in v.notes if v else ():
            lines.append(f"  ! {note}")
    lines.extend(_largest(report))
    lines.extend(f"- {a}" for a in report.advice)
    lines.append(f"overheads: {o.source}")
    lines.extend(f"note: {n}" for n in report.notes)
    lines.append(f"({report.seconds:.1f} s)")
    return lines
