"""The allocator what-if: replay a recorded alloc/free stream through a model of PyTorch's CUDA
caching allocator (the native backend, c10/cuda/CUDACachingAllocator.cpp) under each candidate
setting, and say whether the stream's last request would have fit and how much it would have
reserved.

The model is cachemodel.py's (it follows the allocator's own order); here are the settings
(`Setting`, `parse_alloc_conf`), the stream read from a snapshot (`Trace`, `read_trace`) and
the replay. Each allocation goes to the pool that served it when recorded (poolroute.py: the
default pool or a private one, a CUDA graph's or a MemPool's); where the data cannot tell a
pool, `decide` replays each routing the recording allows and answers only where they agree.
What it does not model is named in docs/oom.md ("The allocator what-if"): cross-stream events,
the free-memory callbacks, cudaMallocAsync.

Input: the `device_traces` entries of a `torch.cuda.memory._snapshot()` (untrusted: a malformed
entry is skipped and counted) and the bytes cudaMalloc could take (the device less other
processes and this process's non-PyTorch memory). Pure: no torch, no GPU.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cachemodel import NO_SPLIT_LIMIT, Block, CachingAllocator, OutOfMemory
from .cudacaching import LARGE_BUFFER
from .poolroute import route_entries
from .snapshot import columns_of

__all__ = [
    "DEFAULT_CANDIDATES",
    "OWN",
    "Assume",
    "Outcome",
    "Setting",
    "Trace",
    "Undecided",
    "decide",
    "parse_alloc_conf",
    "read_trace",
    "replay",
    "what_if",
    "with_pools_released",
]

_MAX_BYTES = 1 << 60

# trace actions the replay reads (segment_* entries are the allocator's doing, but for a release
# the program asked for: `_RELEASE`, its empty_cache)
_ALLOC, _FREE_REQ, _FREE_DONE, _OOM, _RELEASE = 0, 1, 2, 3, 4
OWN = -1  # Assume.unknown_route: each segment of unknown pool a private pool of its own
_ACTIONS = {"alloc": _ALLOC, "free_requested": _FREE_REQ, "free_completed": _FREE_DONE, "oom": _OOM}
_SEGMENT_DELTA = {"segment_alloc": 1, "segment_map": 1, "segment_free": -1, "segment_unmap": -1}


@dataclass(frozen=True)
class Setting:
    """One PYTORCH_CUDA_ALLOC_CONF of the native backend, as the replay models it."""

    expandable_segments: bool = False
    max_split_size: int | None = None  # bytes; None: unset (every block may split)
    garbage_collection_threshold: float = 0.0  # acts only under a fraction limit, as in torch
    roundup_power2_divisions: int = 0  # one division count for every size ("if simple")

    @property
    def alloc_conf(self) -> str:
        """The PYTORCH_CUDA_ALLOC_CONF that sets it ("" for the defaults)."""
        parts = []
        if self.expandable_segments:
            parts.append("expandable_segments:True")
        if self.max_split_size is not None:
            parts.append(f"max_split_size_mb:{self.max_split_size >> 20}")
        if self.garbage_collection_threshold > 0:
            parts.append(f"garbage_collection_threshold:{self.garbage_collection_threshold:g}")
        if self.roundup_power2_divisions > 1:
            parts.append(f"roundup_power2_divisions:{self.roundup_power2_divisions}")
        return ",".join(parts)

    @property
    def name(self) -> str:
        """The alloc_conf, or "native" for the defaults."""
        return self.alloc_conf or "native"


def parse_alloc_conf(text: str) -> Setting:
    """A PYTORCH_CUDA_ALLOC_CONF string as a Setting; ValueError names a key or value the
    replay does not model (backend:cudaMallocAsync among them)."""
    kw: dict[str, Any] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition(":")
        key, value = key.strip(), value.strip()
        if not sep:
            raise ValueError(f"{part!r}: expected key:value")
        if key == "expandable_segments":
            if value not in ("True", "False"):
                raise ValueError(f"expandable_segments: {value!r} is not True or False")
            kw["expandable_segments"] = value == "True"
        elif key == "max_split_size_mb":
            mb = int(value)
            # CUDAAllocatorConfig: at least kLargeBuffer, in MiB
            kw["max_split_size"] = max(mb, LARGE_BUFFER >> 20) << 20
        elif key == "garbage_collection_threshold":
            t = float(value)
            if not 0.0 < t < 1.0:
                raise ValueError("garbage_collection_threshold: between 0 and 1, exclusive")
            kw["garbage_collection_threshold"] = t
        elif key == "roundup_power2_divisions":
            d = int(value)
            if d != 0 and (d < 1 or d & (d - 1)):
                raise ValueError("roundup_power2_divisions: a power of 2 (one value for all sizes)")
            kw["roundup_power2_divisions"] = d
        elif key == "backend" and value == "native":
            continue
        else:
            raise ValueError(f"{key}:{value}: not modelled by the replay")
    return Setting(**kw)


def _setting_of_snapshot(settings: Any) -> Setting | None:
    """The setting a snapshot was recorded under, from its `allocator_settings` (torch ≥ 2.6)."""
    if not isinstance(settings, dict):
        return None
    split = settings.get("max_split_size")
    gc = settings.get("garbage_collection_threshold")
    div = settings.get("roundup_power2_divisions")
    divs = {v for v in div.values()} if isinstance(div, dict) else {0}
    return Setting(
        expandable_segments=settings.get("expandable_segments") is True,
        max_split_size=split if type(split) is int and 0 < split < NO_SPLIT_LIMIT else None,
        garbage_collection_threshold=float(gc) if isinstance(gc, (int, float)) and 0 < gc < 1 else 0.0,
        roundup_power2_divisions=divs.pop() if len(divs) == 1 and all(type(d) is int for d in divs) else 0,
    )


@dataclass(frozen=True)
class Trace:
    """A replayable stream, read from a snapshot's trace."""

    events: tuple[tuple[int, int, int, int, int], ...]  # (action, addr, size, stream, entry index)
    preexisting: int  # blocks allocated before the trace began, allocated first (by address)
    skipped: int  # malformed entries left out
    ooms: int  # failed requests recorded (`oom` entries)
    recorded: Setting | None  # the setting it was recorded under, where the snapshot says
    recorded_peak_reserved: int | None  # from the segment entries and the snapshot's segments
    recorded_reserved_at_oom: int | None  # reserved bytes when the last request failed
    device_free_at_oom: int | None  # cudaMemGetInfo's free bytes at that OOM (its entry)
    # each event's pool (poolroute: 0 default, k private pool k, -k a segment of unknown pool);
    # () when every event is the default pool's
    routes: tuple[int, ...] = ()
    pools: tuple[tuple[int, int], ...] = ()  # the private pools' ids (segment_pool_id), route k at k - 1

    @property
    def last_oom_entry(self) -> int | None:
        """The device_traces index of the last failed request (the one in question)."""
        return max((e[4] for e in self.events if e[0] == _OOM), default=None)


def _int(v: Any) -> int | None:
    return v if type(v) is int and 0 <= v < _MAX_BYTES * 1024 else None


def read_trace(snapshot: Any, device: int = 0) -> Trace:
    """One device's replayable stream from a snapshot (`load_snapshot`'s columns, or a snapshot
    dict), each event routed to its pool (poolroute.py)."""
    cols = columns_of(snapshot)
    entries = list(cols.events(device))
    segments = [s for s in cols.segments() if s.device is None or s.device == device]
    pr = route_entries(entries, segments, device)
    events: list[tuple[int, int, int, int, int]] = []
    routes: list[int] = []
    skipped = ooms = 0
    live: dict[int, int] = {}  # addr -> size, allocated inside the trace
    before: dict[int, tuple[int, int]] = {}  # addr -> (requested size, route): freed, never allocated in it
    seg_now = seg_top = 0
    reserved_at_oom: int | None = None
    free_at_oom: int | None = None
    # a run of segment releases: its entries' routes, the reserved bytes before it, the first
    # segment mapped after it; written as `_RELEASE` events before the next block or oom entry
    run: list[tuple[int, int]] = []
    run_before = 0
    run_next: int | None = None
    patch: list[int] = []  # release events whose figures get the reserved bytes before the trace

    def flush(next_op: int | None) -> None:
        # need: the reserved bytes the next segment would have brought (-1: an OOM came next; 0: no
        # segment was needed), from which the replay tells the allocator's release from the program's
        need = -1 if next_op == _OOM else 0 if run_next is None else run_before + run_next
        for route in dict.fromkeys(r for _, r in run):
            patch.append(len(events))
            events.append((_RELEASE, route, need, run_before, run[0][0]))
            routes.append(route)
        run.clear()

    for i, e in enumerate(entries):
        if e is None:
            skipped += 1
            continue
        action = e.action
        delta = _SEGMENT_DELTA.get(action) if action is not None else None
        size = _int(e.size)
        if delta is not None:
            if size is None:
                skipped += 1
                continue
            if delta < 0:
                if not run:
                    run_before, run_next = seg_now, None
                run.append((i, pr.routes[i]))
            elif run and run_next is None:
                run_next = size
            seg_now += delta * size
            seg_top = max(seg_top, seg_now)
            continue
        op = _ACTIONS.get(action) if action is not None else None
        if op is None:
            continue  # snapshot, user_defined and the like
        if run:
            flush(op)
        stream = e.stream or 0
        if op == _OOM:
            if size is None or size == 0:
                skipped += 1
                continue
            ooms += 1
            reserved_at_oom = seg_now
            free_at_oom = _int(e.device_free if e.device_free is not None else e.addr)
            events.append((_OOM, 0, size, stream, i))
            routes.append(0)  # the trace does not say the failed request's pool: `decide` tries each
            continue
        addr = _int(e.addr)
        if addr is None or size is None:
            skipped += 1
            continue
        if op == _ALLOC:
            live[addr] = size
        elif op == _FREE_REQ and addr not in live and addr not in before:
            before[addr] = (size, pr.routes[i])
        elif op == _FREE_DONE:
            live.pop(addr, None)
        events.append((op, addr, size, stream, i))
        routes.append(pr.routes[i])
    if run:
        flush(None)
    # blocks the snapshot holds allocated that no trace entry allocated: allocated before it
    end_reserved = 0
    for seg in segments:
        end_reserved += _int(seg.total_size) or 0
        addr = _int(seg.address)
        route = pr.at_end.get(addr, 0) if addr is not None else 0
        for b in cols.blocks(seg):
            if addr is None:
                continue
            size = _int(b.size) or 0
            if b.state == "active_allocated" and addr not in live and addr not in before:
                before[addr] = (_int(b.requested_size) or size, route)
            addr += size
    first = sorted(before.items())
    preamble = [(_ALLOC, a, s, 0, -1) for a, (s, _) in first]
    base = end_reserved - seg_now if entries else None  # reserved before the trace's first entry
    offset = base if base is not None and base >= 0 else 0
    for k in patch:  # the release figures, in bytes reserved (as the replay's capacity counts them)
        op, route, need, was, entry = events[k]
        events[k] = (op, route, need + offset if need > 0 else need, was + offset, entry)
    all_routes = [r for _, (_, r) in first] + routes
    return Trace(
        events=tuple(preamble + events),
        preexisting=len(preamble),
        skipped=skipped,
        ooms=ooms,
        recorded=_setting_of_snapshot(cols.settings),
        recorded_peak_reserved=None if base is None or base < 0 else base + seg_top,
        recorded_reserved_at_oom=None if base is None or base < 0 or reserved_at_oom is None
        else base + reserved_at_oom,
        device_free_at_oom=free_at_oom,
        routes=tuple(all_routes) if any(all_routes) else (),
        pools=pr.pools,
    )


@dataclass(frozen=True)
class Outcome:
    """One setting's replay."""

    setting: Setting
    fits: bool  # every recorded allocation and the last failed request (if any) fit
    oom_entry: int | None  # the trace entry at which it ran out (index in device_traces)
    oom_request: int | None  # the bytes requested there
    peak_reserved: int
    peak_allocated: int
    early_ooms_fit: int  # recorded OOMs before the last that fit here (the program would have gone on)
    caught_sooner: int = 0  # allocations left out: a loop the program ended at a caught OOM ended sooner here

    def to_json(self) -> dict[str, Any]:
        """Every figure in bytes."""
        return {
            "setting": self.setting.name,
            "alloc_conf": self.setting.alloc_conf,
            "fits": self.fits,
            "oom_entry": self.oom_entry,
            "oom_request": self.oom_request,
            "peak_reserved": self.peak_reserved,
            "peak_allocated": self.peak_allocated,
            "early_ooms_fit": self.early_ooms_fit,
            "caught_sooner": self.caught_sooner,
        }


def _caught_loop(events: Sequence[tuple[int, int, int, int, int]], n: int, last_oom: int,
                 round_size: Callable[[int], int]) -> int | None:
    """Where allocation `n` failed but was recorded as granted: the index of the recorded OOM
    the program caught that ends its loop, if the stream from `n` to it holds only requests of
    that one rounded size on that stream (a loop that allocates until it runs out: a cache
    filling, a buffer pool, a search for the largest batch); else None."""
    _, _, size, stream, _ = events[n]
    want = round_size(size)
    for k in range(n + 1, len(events)):
        op, _, sz, st_, _ = events[k]
        if st_ != stream or round_size(sz) != want or op not in (_ALLOC, _OOM):
            return None
        if op == _OOM:
            return k if k != last_oom else None
    return None


@dataclass(frozen=True)
class Assume:
    """What a replay takes for what the recording does not tell (`decide` tries each)."""

    # the pool of a segment whose pool the trace does not say: 0 the default, k the trace's
    # private pool k, OWN a private pool of its own (one per such segment)
    unknown_route: int = 0
    oom_route: int = 0  # the pool the failed requests went to: 0 the default, k the trace's private pool k


def _forced(need: int, before: int, capacity: int, limit: int | None, gc_at: float | None) -> bool:
    """Whether a recorded run of segment releases was the allocator's own (before it raised an
    OOM, or to make room for the segment that came next) rather than the program's empty_cache."""
    if need < 0:
        return True
    if need == 0:
        return False
    return need > capacity or (limit is not None and need > limit) or (gc_at is not None and before > gc_at)


def replay(trace: Trace, setting: Setting, *, capacity: int, limit: int | None = None,
           device_total: int | None = None, requested: int | None = None,
           assume: Assume = Assume()) -> Outcome:
    """Replay `trace` under `setting` where cudaMalloc can take `capacity` bytes in all (and the
    fraction limit, if any, is `limit` bytes). The last recorded OOM is the request in
    question; `requested` adds one at the end where the trace holds none. Each allocation goes
    to its recorded pool; `assume` fills in what the trace does not tell (`decide`).

    A program that caught an OOM ends the loop it was in there; where `setting` runs out
    sooner in that same loop (`_caught_loop`), the program catches it sooner: the rest of the
    loop's allocations are left out (`caught_sooner`), and so are their frees."""
    events: Iterable[tuple[int, int, int, int, int]] = trace.events
    routes = trace.routes
    if requested is not None:
        events = (*trace.events, (_OOM, 0, requested, 0, -1))
        routes = (*routes, 0) if routes else ()
    events = tuple(events)
    last_oom = max((n for n, e in enumerate(events) if e[0] == _OOM), default=-1)
    a = CachingAllocator(setting, capacity, limit, device_total or capacity)
    # a release is told apart by the recorded run's own capacity
    recorded_capacity = capacity
    if trace.recorded_reserved_at_oom is not None and trace.device_free_at_oom is not None:
        recorded_capacity = trace.recorded_reserved_at_oom + trace.device_free_at_oom
    gc_at = a.gc * limit if a.gc > 0 and limit is not None else None
    unknown_route = assume.unknown_route
    live: dict[int, Block] = {}
    requested_free: set[int] = set()
    malloc, free_block = a.malloc, a.free_block
    early = sooner = 0
    skip_to = -1  # the recorded OOM that ends a loop caught sooner: events up to it are left out
    for n, (op, addr, size, stream, entry) in enumerate(events):
        if n <= skip_to:
            if op == _ALLOC:
                sooner += 1
            continue
        route = routes[n] if routes else 0
        if route < 0 and unknown_route != OWN:
            route = unknown_route
        try:
            if op == _ALLOC:
                old = live.get(addr)
                if old is not None:  # the free was lost from the ring: the block went back
                    if addr not in requested_free:
                        a.free_requested(old)
                    free_block(old)
                    requested_free.discard(addr)
                    del live[addr]
                live[addr] = malloc(size, stream, route)
            elif op == _FREE_REQ:
                b = live.get(addr)
                if b is not None and addr not in requested_free:
                    a.free_requested(b)
                    requested_free.add(addr)
            elif op == _FREE_DONE:
                b = live.pop(addr, None)
                if b is not None:
                    if addr not in requested_free:
                        a.free_requested(b)
                    requested_free.discard(addr)
                    free_block(b)
            elif op == _OOM:  # a recorded failed request: try it; if it fits, it is freed at once
                b = malloc(size, stream, assume.oom_route)
                a.free_requested(b)
                free_block(b)
                if n != last_oom:
                    early += 1
            else:  # _RELEASE: (op, route of a released segment, need, reserved before, entry)
                if route != 0:  # its pool gave segments back: its graph or MemPool is gone
                    a.freeable.add(route)
                if not _forced(size, stream, recorded_capacity, limit, gc_at):
                    a.release_cached()
        except OutOfMemory:
            if op == _OOM and n != last_oom:
                continue  # the program caught it and went on, as it did when recorded
            if op == _ALLOC:
                end = _caught_loop(events, n, last_oom, a.round_size)
                if end is not None:
                    sooner += 1
                    skip_to = end
                    continue
            return Outcome(setting, False, entry if entry >= 0 else None, size,
                           a.peak_reserved, a.peak_allocated, early, sooner)
    return Outcome(setting, True, None, None, a.peak_reserved, a.peak_allocated, early, sooner)


@dataclass(frozen=True)
class Undecided:
    """A setting the replay does not answer: the pool routings the recording allows disagree."""

    setting: Setting
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"setting": self.setting.name, "alloc_conf": self.setting.alloc_conf, "undecided": self.reason}


def _assumptions(trace: Trace, oom: bool) -> list[Assume]:
    """Every routing of what the trace does not tell: the segments of unknown pool (all the
    default pool's, all one known private pool's, or each a private pool of its own) x the
    failed request's pool (the default or a known private one: the OOM entry names none)."""
    known = range(len(trace.pools) + 1)
    unknown = (*known, OWN) if any(r < 0 for r in trace.routes) else (0,)
    return [Assume(u, r) for u in unknown for r in (known if oom else (0,))]


def _unknowns(trace: Trace) -> str:
    parts = []
    if any(r < 0 for r in trace.routes):
        n = len({r for r in trace.routes if r < 0})
        parts.append(f"which pool {n} segment{'s' * (n != 1)} released inside it belonged to")
    if trace.pools:
        k = len(trace.pools)
        parts.append(f"which pool the failed request went to (the default or {k} private "
                     f"pool{'s' * (k != 1)})")
    return " nor ".join(parts)


def decide(trace: Trace, setting: Setting, *, capacity: int, limit: int | None = None,
           device_total: int | None = None, requested: int | None = None,
           pools_released: bool = False) -> Outcome | Undecided:
    """`replay` under each routing the trace leaves open (`_assumptions`) that reproduces the
    recorded run under its recorded setting (its OOM at the recorded entry, or no OOM); the
    outcome where every such routing gives the same one, else Undecided. A trace of the default
    pool alone has one routing: its replay. `pools_released`: the outcome of the program that
    released its private pools before the failed request (`with_pools_released`), under the
    routings the recording (as it ran) allows."""
    hyps = _assumptions(trace, trace.ooms > 0 or requested is not None)
    recorded = trace.recorded
    if len(hyps) > 1 and recorded is not None:
        last = trace.last_oom_entry

        def reproduces(h: Assume) -> bool:
            o = replay(trace, recorded, capacity=capacity, limit=limit, device_total=device_total, assume=h)
            return o.fits if last is None else not o.fits and o.oom_entry == last

        hyps = [h for h in hyps if reproduces(h)]
        if not hyps:
            return Undecided(setting, f"the trace does not say {_unknowns(trace)}, and no way of filling "
                             "that in reproduces the recorded run")
    target = with_pools_released(trace) if pools_released else trace
    outs = [replay(target, setting, capacity=capacity, limit=limit, device_total=device_total,
                   requested=requested, assume=h) for h in hyps]
    if all(o == outs[0] for o in outs):
        return outs[0]
    verdicts = sorted({f"{'fits' if o.fits else 'out of memory'}, peak reserved {o.peak_reserved} B"
                       for o in outs})
    return Undecided(setting, f"the trace does not say {_unknowns(trace)}, and the routings that reproduce "
                     f"the recorded run differ here: {'; '.join(verdicts)}")


def with_pools_released(trace: Trace) -> Trace:
    """`trace` as if the program had dropped every private pool's graph or MemPool and emptied
    the cache just before its last failed request (the graph_pools remedy): the pools' free
    segments go back to the device; their blocks still allocated stay."""
    last = max((n for n, e in enumerate(trace.events) if e[0] == _OOM), default=len(trace.events))
    pools = range(1, len(trace.pools) + 1)
    released = tuple((_RELEASE, k, 0, 0, -1) for k in pools) or ((_RELEASE, 0, 0, 0, -1),)
    routes = trace.routes
    if routes:
        routes = (*routes[:last], *(e[1] for e in released), *routes[last:])
    return replace(trace, events=(*trace.events[:last], *released, *trace.events[last:]), routes=routes)


# the candidates `what_if` tries unless told: the defaults, expandable segments, two split limits
DEFAULT_CANDIDATES = (
    "",
    "expandable_segments:True",
    "max_split_size_mb:64",
    "max_split_size_mb:512",
    "garbage_collection_threshold:0.6,max_split_size_mb:64",
)


def what_if(trace: Trace, *, capacity: int, limit: int | None = None, device_total: int | None = None,
            requested: int | None = None,
            candidates: Sequence[str] = DEFAULT_CANDIDATES) -> list[Outcome | Undecided]:
    """`decide` under each candidate PYTORCH_CUDA_ALLOC_CONF, the recorded setting first."""
    settings: list[Setting] = [trace.recorded] if trace.recorded is not None else []
    for c in candidates:
        s = parse_alloc_conf(c)
        if s not in settings:
            settings.append(s)
    return [decide(trace, s, capacity=capacity, limit=limit, device_total=device_total, requested=requested)
            for s in settings]
