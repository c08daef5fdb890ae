"""The allocator what-if: replay a recorded alloc/free stream through a model of PyTorch's CUDA
caching allocator (the native backend, c10/cuda/CUDACachingAllocator.cpp) under each candidate
setting, and say whether the stream's last request would have fit and how much it would have
reserved.

The model is cachemodel.py's (it follows the allocator's own order); here are the settings
(`Setting`, `parse_alloc_conf`), the stream read from a snapshot (`Trace`, `read_trace`) and
the replay. What it does not model is named in docs/oom.md ("The allocator what-if"): private
pools (CUDA graphs, MemPool), cross-stream events, the free-memory callbacks, cudaMallocAsync.

Input: the `device_traces` entries of a `torch.cuda.memory._snapshot()` (untrusted: a malformed
entry is skipped and counted) and the bytes cudaMalloc could take (the device less other
processes and this process's non-PyTorch memory). Pure: no torch, no GPU.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cachemodel import NO_SPLIT_LIMIT, Block, CachingAllocator, OutOfMemory
from .cudacaching import LARGE_BUFFER

__all__ = [
    "DEFAULT_CANDIDATES",
    "Outcome",
    "Setting",
    "Trace",
    "parse_alloc_conf",
    "read_trace",
    "replay",
    "what_if",
]

_MAX_BYTES = 1 << 60

# trace actions the replay reads (the others, segment_* among them, are the allocator's doing)
_ALLOC, _FREE_REQ, _FREE_DONE, _OOM = 0, 1, 2, 3
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

    @property
    def last_oom_entry(self) -> int | None:
        """The device_traces index of the last failed request (the one in question)."""
        return max((e[4] for e in self.events if e[0] == _OOM), default=None)


def _int(v: Any) -> int | None:
    return v if type(v) is int and 0 <= v < _MAX_BYTES * 1024 else None


def read_trace(snapshot: dict[str, Any], device: int = 0) -> Trace:
    """One device's replayable stream from a snapshot dict (`load_snapshot`'s)."""
    traces = snapshot.get("device_traces")
    entries: Sequence[Any] = ()
    if isinstance(traces, list) and 0 <= device < len(traces) and isinstance(traces[device], list):
        entries = traces[device]
    events: list[tuple[int, int, int, int, int]] = []
    skipped = ooms = 0
    live: dict[int, int] = {}  # addr -> size, allocated inside the trace
    before: dict[int, int] = {}  # addr -> requested size, freed in the trace but never allocated in it
    seg_now = seg_top = 0
    reserved_at_oom: int | None = None
    free_at_oom: int | None = None
    for i, e in enumerate(entries):
        if not isinstance(e, dict):
            skipped += 1
            continue
        action = e.get("action")
        delta = _SEGMENT_DELTA.get(action) if isinstance(action, str) else None
        size = _int(e.get("size"))
        if delta is not None:
            if size is None:
                skipped += 1
                continue
            seg_now += delta * size
            seg_top = max(seg_top, seg_now)
            continue
        op = _ACTIONS.get(action) if isinstance(action, str) else None
        if op is None:
            continue  # snapshot, user_defined and the like
        stream = e.get("stream", 0)
        stream = stream if type(stream) is int else 0
        if op == _OOM:
            if size is None or size == 0:
                skipped += 1
                continue
            ooms += 1
            reserved_at_oom = seg_now
            free_at_oom = _int(e.get("device_free", e.get("addr")))
            events.append((_OOM, 0, size, stream, i))
            continue
        addr = _int(e.get("addr"))
        if addr is None or size is None:
            skipped += 1
            continue
        if op == _ALLOC:
            live[addr] = size
        elif op == _FREE_REQ and addr not in live and addr not in before:
            before[addr] = size
        elif op == _FREE_DONE:
            live.pop(addr, None)
        events.append((op, addr, size, stream, i))
    # blocks the snapshot holds allocated that no trace entry allocated: allocated before it
    end_reserved = 0
    for seg in snapshot.get("segments", ()) if isinstance(snapshot.get("segments"), list) else ():
        if not isinstance(seg, dict) or seg.get("device", device) != device:
            continue
        end_reserved += _int(seg.get("total_size")) or 0
        addr = _int(seg.get("address"))
        for b in seg.get("blocks", ()) if isinstance(seg.get("blocks"), list) else ():
            if not isinstance(b, dict) or addr is None:
                continue
            size = _int(b.get("size")) or 0
            if b.get("state") == "active_allocated" and addr not in live and addr not in before:
                before[addr] = _int(b.get("requested_size")) or size
            addr += size
    preamble = [(_ALLOC, a, s, 0, -1) for a, s in sorted(before.items())]
    base = end_reserved - seg_now if entries else None  # reserved before the trace's first entry
    return Trace(
        events=tuple(preamble + events),
        preexisting=len(preamble),
        skipped=skipped,
        ooms=ooms,
        recorded=_setting_of_snapshot(snapshot.get("allocator_settings")),
        recorded_peak_reserved=None if base is None or base < 0 else base + seg_top,
        recorded_reserved_at_oom=None if base is None or base < 0 or reserved_at_oom is None
        else base + reserved_at_oom,
        device_free_at_oom=free_at_oom,
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


def replay(trace: Trace, setting: Setting, *, capacity: int, limit: int | None = None,
           device_total: int | None = None, requested: int | None = None) -> Outcome:
    """Replay `trace` under `setting` where cudaMalloc can take `capacity` bytes in all (and the
    fraction limit, if any, is `limit` bytes). The last recorded OOM is the request in
    question; `requested` adds one at the end where the trace holds none.

    A program that caught an OOM ends the loop it was in there; where `setting` runs out
    sooner in that same loop (`_caught_loop`), the program catches it sooner: the rest of the
    loop's allocations are left out (`caught_sooner`), and so are their frees."""
    events: Iterable[tuple[int, int, int, int, int]] = trace.events
    if requested is not None:
        events = (*trace.events, (_OOM, 0, requested, 0, -1))
    events = tuple(events)
    last_oom = max((n for n, e in enumerate(events) if e[0] == _OOM), default=-1)
    a = CachingAllocator(setting, capacity, limit, device_total or capacity)
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
        try:
            if op == _ALLOC:
                old = live.get(addr)
                if old is not None:  # the free was lost from the ring: the block went back
                    if addr not in requested_free:
                        a.free_requested(old)
                    free_block(old)
                    requested_free.discard(addr)
                    del live[addr]
                live[addr] = malloc(size, stream)
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
            else:  # a recorded failed request: try it; if it fits, it is freed at once
                b = malloc(size, stream)
                a.free_requested(b)
                free_block(b)
                if n != last_oom:
                    early += 1
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


# the candidates `what_if` tries unless told: the defaults, expandable segments, two split limits
DEFAULT_CANDIDATES = (
    "",
    "expandable_segments:True",
    "max_split_size_mb:64",
    "max_split_size_mb:512",
    "garbage_collection_threshold:0.6,max_split_size_mb:64",
)


def what_if(trace: Trace, *, capacity: int, limit: int | None = None, device_total: int | None = None,
            requested: int | None = None, candidates: Sequence[str] = DEFAULT_CANDIDATES) -> list[Outcome]:
    """`replay` under each candidate PYTORCH_CUDA_ALLOC_CONF, the recorded setting first."""
    settings: list[Setting] = [trace.recorded] if trace.recorded is not None else []
    for c in candidates:
        s = parse_alloc_conf(c)
        if s not in settings:
            settings.append(s)
    return [replay(trace, s, capacity=capacity, limit=limit, device_total=device_total, requested=requested)
            for s in settings]
