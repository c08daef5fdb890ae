"""Which line is leaking: live blocks of a series of torch memory snapshots (taken with
allocation history on, at optimizer-step boundaries), grouped by the first frame in user
code, and the sites whose live bytes grew at every snapshot. Pure: snapshots in, a report out.

Why a series and not a pair: at a step boundary the last backward's gradients and the
optimizer's temporaries are live and were allocated inside the window, so a pair would name
them; they are re-allocated each step at the same size, so across three or more snapshots
their site's live bytes stand still. A leak's grow every time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpumemd.untrusted.columns import NO_LINE, Block, Columns
from gpumemd.untrusted.pickled import columns_of

from .codeorigin import CodeOrigin
from .leakverdict import leak_verdict
from .retainers import Holder

__all__ = [
    "LeakReport",
    "Site",
    "find_leaks",
    "history_note",
    "human_leak",
    "human_site",
    "live_by_site",
    "roots_first",
    "site_blocks",
    "user_frame",
]

# `library(filename)`: True for a frame outside user code (diagnosis/codeorigin.py)
Library = Callable[[str], bool]


def _default_library() -> Library:
    # this process's roots, and installed layouts of another host (a snapshot read offline)
    return CodeOrigin.here(foreign=True).is_library

MAX_SITES = 10

MAX_FRAMES = 8  # user frames kept per site in the report

MAX_BLOCKS = 4096  # blocks per site handed to the retainer search


@dataclass(frozen=True)
class Site:
    """One allocation site (file, line, function) whose live bytes grew across the leak finder's
    snapshots, and what holds them when that is known."""

    file: str
    line: int
    function: str
    bytes: int  # live at the last snapshot, from this site
    blocks: int
    bytes_per_step: float
    growth: tuple[int, ...]  # live bytes at each snapshot
    frames: tuple[tuple[str, int, str], ...] = ()  # the user frames of one of its blocks, innermost first
    retained_by: Holder | None = None  # what keeps its blocks alive (gpumemd/agent/retainers.py)
    # the site this one grows because of (file, line): its holder's state is keyed by that
    # site's tensors (an optimizer's state for parameters added each step)
    caused_by: tuple[str, int] | None = None

    def where(self) -> str:
        return f"{self.file}:{self.line} in {self.function}()"


@dataclass(frozen=True)
class LeakReport:
    """The leak finder's answer: the growing sites, biggest growth first, with what the search
    cost; written as JSON and exported as series."""

    sites: tuple[Site, ...]  # growing, biggest growth first
    snapshots: int
    steps: int  # optimizer steps between the first and the last snapshot
    unattributed_bytes: int = 0  # growth in blocks without a user frame
    notes: tuple[str, ...] = field(default_factory=tuple)
    # the retainer search's cost: seconds, and the GIL held by its longest gc call and in all
    costs: tuple[tuple[str, float], ...] = ()
    device: int | None = None  # the CUDA device of the top site's blocks

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "gpumemd-leak/1",
            "snapshots": self.snapshots,
            "steps": self.steps,
            "unattributed_bytes": self.unattributed_bytes,
            "notes": list(self.notes),
            "costs": dict(self.costs),
            "device": self.device,
            "sites": [
                {
                    "file": s.file,
                    "line": s.line,
                    "function": s.function,
                    "bytes": s.bytes,
                    "blocks": s.blocks,
                    "bytes_per_step": s.bytes_per_step,
                    "growth": list(s.growth),
                    "frames": [list(f) for f in s.frames],
                    "retained_by": s.retained_by.to_json() if s.retained_by else None,
                    "caused_by": list(s.caused_by) if s.caused_by else None,
                }
                for s in self.sites
            ],
        }


def _frames(cols: Columns, trace: int) -> list[tuple[str, int, str]]:
    """A block's traceback (`trace`) as (file, line, function), its frames whose fields are a
    str, an int and a str."""
    return [(f[:300], line, fn[:120]) for f, line, fn in cols.frames(trace)
            if f is not None and line != NO_LINE and fn is not None]


def user_frame(frames: Sequence[tuple[str, int, str]], library: Library) -> int | None:
    """Index of the first (innermost) frame in user code."""
    for i, (name, _line, _fn) in enumerate(frames):
        if not library(name):
            return i
    return None


SiteKey = tuple[str, int, str]


def _live_blocks(cols: Columns, device: int | None) -> Iterator[Block]:
    """The allocated blocks of a snapshot, on `device` if given."""
    for seg in cols.segments():
        if device is not None and seg.device != device:
            continue
        for block in cols.blocks(seg):
            if block.state == "active_allocated":
                yield block


def live_by_site(
    snapshot: Any, library: Library, device: int | None = None
) -> tuple[dict[SiteKey, tuple[int, int, tuple[tuple[str, int, str], ...]]], int]:
    """(site -> (live bytes, blocks, user frames of one block)), and live bytes with no user
    frame, of a snapshot (its columns, or the dict or segment list they are read from)."""
    cols = columns_of(snapshot, events=False)
    sites: dict[SiteKey, tuple[int, int, tuple[tuple[str, int, str], ...]]] = {}
    orphan = 0
    # torch shares one traceback between the blocks that have it: each is read once (by index)
    read: dict[int, tuple[SiteKey, tuple[tuple[str, int, str], ...]] | None] = {}
    for block in _live_blocks(cols, device):
        size = block.size
        if size is None or size <= 0:
            continue
        if block.trace in read:
            site = read[block.trace]
        else:
            frames = _frames(cols, block.trace)
            i = user_frame(frames, library)
            site = None if i is None else (
                frames[i], tuple(f for f in frames[i:] if not library(f[0]))[:MAX_FRAMES]
            )
            read[block.trace] = site
        if site is None:
            orphan += size
            continue
        key, user = site
        n, count, kept = sites.get(key, (0, 0, user))
        sites[key] = (n + size, count + 1, kept)
    return sites, orphan


def site_blocks(
    snapshot: Any,
    sites: Sequence[Site],
    *,
    library: Library | None = None,
    device: int | None = None,
    limit: int = MAX_BLOCKS,
) -> list[list[tuple[int, int]]]:
    """Per site, the (address, size) of its live blocks in `snapshot` (at most `limit` each):
    where the retainer search looks for the tensors that keep them."""
    patterns = library or _default_library()
    cols = columns_of(snapshot, events=False)
    index = {(s.file, s.line, s.function): i for i, s in enumerate(sites)}
    out: list[list[tuple[int, int]]] = [[] for _ in sites]
    for block in _live_blocks(cols, device):
        addr, size = block.address, block.size
        if addr is None or size is None or size <= 0:
            continue
        frames = _frames(cols, block.trace)
        i = user_frame(frames, patterns)
        at = index.get(frames[i]) if i is not None else None
        if at is not None and len(out[at]) < limit:
            out[at].append((addr, size))
    return out


def find_leaks(
    snapshots: Sequence[Any],
    steps: int,
    *,
    library: Library | None = None,
    min_growth: int = 1 << 20,
    device: int | None = None,
    recorded_steps: int | None = None,
) -> LeakReport:
    """Sites whose live bytes grew at every snapshot (by at least `min_growth` over the steps);
    `steps`: optimizer steps between the first snapshot and the last; `recorded_steps`: of
    those, the steps whose allocations carry frames (the leak finder records one step per
    snapshot: its growth per step is the growth per recorded step; default: every step)."""
    patterns = library or _default_library()
    if len(snapshots) < 2:
        return LeakReport((), len(snapshots), steps, notes=("fewer than two snapshots",))
    snapshots = [columns_of(s, events=False) for s in snapshots]
    per = [live_by_site(s, patterns, device) for s in snapshots]
    keys = set().union(*(p[0].keys() for p in per))
    sites = []
    for key in keys:
        growth = tuple(p[0].get(key, (0, 0, ()))[0] for p in per)
        if not _grew_every_time(growth):
            continue
        last_bytes, blocks, frames = per[-1][0][key]
        # one step recorded per window: each adds that step's blocks, so the growth is per
        # recorded step; a site whose block count stands still re-allocates one growing
        # buffer (a concatenation) and grew through every step
        first_blocks = per[0][0].get(key, (0, 0, ()))[1]
        per_steps = steps if recorded_steps is None or blocks <= first_blocks else recorded_steps
        if (growth[-1] - growth[0]) / max(1, per_steps) * max(1, steps) < min_growth:
            continue  # less than `min_growth` over the window's steps, the unrecorded ones too
        sites.append(
            Site(
                key[0],
                key[1],
                key[2],
                last_bytes,
                blocks,
                (growth[-1] - growth[0]) / max(1, per_steps),
                growth,
                frames,
            )
        )
    sites.sort(key=lambda s: -(s.growth[-1] - s.growth[0]))
    orphans = [p[1] for p in per]
    unattributed = orphans[-1] - orphans[0] if _grew_every_time(orphans) else 0
    notes: tuple[str, ...] = ()
    if not sites and unattributed:
        notes = (
            "the growing blocks have no frame in user code (allocated by a library or C++ without Python "
            "frames): widen the skip list or look at what keeps them alive",
        )
    top = tuple(sites[:MAX_SITES])
    return LeakReport(
        top,
        len(snapshots),
        steps,
        unattributed,
        notes,
        device=_device_of(snapshots[-1], top[0], patterns) if top else None,
    )


def _grew_every_time(live: Sequence[int]) -> bool:
    """The leak verdict (leakverdict.py) over one site's live bytes, a snapshot for a step: it
    grew at every snapshot (the window's step figures are the verdict's business, not a site's)."""
    return leak_verdict(list(enumerate(live)), min_growth=1, min_ends=len(live)).leaking


def _device_of(cols: Columns, site: Site, patterns: Library) -> int | None:
    key = (site.file, site.line, site.function)
    for seg in cols.segments():
        for block in cols.blocks(seg):
            frames = _frames(cols, block.trace)
            i = user_frame(frames, patterns)
            if i is not None and frames[i] == key and seg.device is not None:
                return seg.device
    return None


def history_note(snapshot: Any, name: str) -> str | None:
    """Why `snapshot` (its columns, or the dict they are read from) cannot name lines, said
    plainly; None when its live blocks carry frames."""
    cols = columns_of(snapshot, events=False)
    live = framed = 0
    for block in _live_blocks(cols, None):
        live += 1
        framed += bool(_frames(cols, block.trace))
    if live == 0:
        return f"{name}: no live block (an empty snapshot)"
    if framed == 0:
        return (
            f"{name}: none of its {live} live blocks has Python frames: they were allocated while no "
            "allocation history was recorded (record with torch.cuda.memory._record_memory_history("
            "stacks='python') before the steps you diff, or use gpumemd.find_leak())"
        )
    return None


def human_site(site: Site) -> str:
    """`train.py:88 in step()`: the file's base name, for a line and a label."""
    return f"{site.file.rsplit('/', 1)[-1]}:{site.line} in {site.function}()"


def human_leak(site: Site) -> str:
    """`leaking at train.py:88 in step(): +48.0 MiB/step, held by global `outputs` at train.py:89`."""
    held = f", {site.retained_by.human()}" if site.retained_by else ""
    cause = (
        f" (grows because {site.caused_by[0].rsplit('/', 1)[-1]}:{site.caused_by[1]} does)"
        if site.caused_by
        else ""
    )
    return f"leaking at {human_site(site)}: +{site.bytes_per_step / (1 << 20):.1f} MiB/step{held}{cause}"


def roots_first(sites: Sequence[Site]) -> tuple[Site, ...]:
    """A site that grows because another does (`caused_by`) comes after that site: the root
    line is named first."""
    by_key = {(s.file, s.line): i for i, s in enumerate(sites)}
    order: list[int] = []
    for i, s in enumerate(sites):
        root = by_key.get(s.caused_by) if s.caused_by else None
        if root is not None and root not in order and root != i:
            order.append(root)
        if i not in order:
            order.append(i)
    return tuple(sites[i] for i in order)
