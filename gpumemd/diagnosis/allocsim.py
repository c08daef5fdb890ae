"""The allocator what-if: replay a recorded alloc/free stream through a model of PyTorch's CUDA
caching allocator (the native backend, c10/cuda/CUDACachingAllocator.cpp) under each candidate
setting, and say whether the stream's last request would have fit and how much it would have
reserved.

The model follows the allocator's own order: `round_size`, `get_pool`, `get_allocation_size`,
`get_free_block` (best fit by stream, size, address), `should_split`, `alloc_block` (a new
segment or, with expandable segments, `try_allocate_expandable_block`), then before raising an
OOM `release_available_cached_blocks` and `release_cached_blocks` with a retry. What it does not
model is named in docs/oom.md ("The allocator what-if"): private pools (CUDA graphs, MemPool),
cross-stream events, the free-memory callbacks, cudaMallocAsync.

Input: the `device_traces` entries of a `torch.cuda.memory._snapshot()` (untrusted: a malformed
entry is skipped and counted) and the bytes cudaMalloc could take (the device less other
processes and this process's non-PyTorch memory). Pure: no torch, no GPU.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

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

# CUDACachingAllocator.cpp's constants
MIN_BLOCK = 512  # kMinBlockSize: every size is rounded up to a multiple
SMALL_SIZE = 1 << 20  # kSmallSize: largest request of the small pool
SMALL_BUFFER = 2 << 20  # kSmallBuffer: the small pool's segment (and expandable page)
MIN_LARGE_ALLOC = 10 << 20  # kMinLargeAlloc: requests below it take a kLargeBuffer segment
LARGE_BUFFER = 20 << 20  # kLargeBuffer: that segment (and the large pool's expandable page)
ROUND_LARGE = 2 << 20  # kRoundLarge: larger requests are rounded up to it

_NO_SPLIT_LIMIT = 1 << 62  # max_split_size unset (SIZE_MAX in the allocator)
_MAX_BYTES = 1 << 60
_ADDR_BITS = 40  # a free block's sort key: size (in 512 B units) above its address (in 512 B units)

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
        max_split_size=split if type(split) is int and 0 < split < _NO_SPLIT_LIMIT else None,
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


class _Block:
    __slots__ = ("addr", "alloc", "es", "gc_base", "key", "mapped", "next", "pool", "prev", "size", "stream")

    def __init__(self, addr: int, size: int, stream: int, pool: _Pool, es: _Expandable | None) -> None:
        self.addr = addr
        self.size = size
        self.stream = stream
        self.pool = pool
        self.es = es
        self.alloc = False
        self.mapped = True
        self.prev: _Block | None = None
        self.next: _Block | None = None
        self.gc_base = 0
        self.key = 0


class _Expandable:
    """One ExpandableSegment: a reserved address range mapped in pages."""

    __slots__ = ("base", "page")

    def __init__(self, base: int, page: int) -> None:
        self.base = base
        self.page = page


class _Pool:
    """A BlockPool: free mapped blocks sorted by (size, address) per stream, unmapped ones by address."""

    __slots__ = ("by_key", "calls", "keys", "small", "unmapped")

    def __init__(self, small: bool) -> None:
        self.small = small
        self.keys: dict[int, list[int]] = {}  # stream -> sorted keys
        self.by_key: dict[int, _Block] = {}
        self.unmapped: dict[int, list[tuple[int, _Block]]] = {}  # stream -> sorted (addr, block)
        self.calls = 0  # get_free_blocks_call_count

    def insert(self, b: _Block) -> None:  # insert_into_blocks
        b.gc_base = self.calls
        b.key = key = ((b.size >> 9) << _ADDR_BITS) | (b.addr >> 9)
        ks = self.keys.get(b.stream)
        if ks is None:
            self.keys[b.stream] = [key]
        else:
            bisect.insort(ks, key)
        self.by_key[key] = b

    def erase(self, b: _Block) -> None:
        ks = self.keys[b.stream]
        i = bisect.bisect_left(ks, b.key)
        del ks[i]
        del self.by_key[b.key]

    def insert_unmapped(self, b: _Block) -> None:
        bisect.insort(self.unmapped.setdefault(b.stream, []), (b.addr, b))

    def erase_unmapped(self, b: _Block) -> None:
        us = self.unmapped[b.stream]
        del us[bisect.bisect_left(us, (b.addr,))]


def _key(size: int) -> int:
    return (size >> 9) << _ADDR_BITS


class _OutOfMemory(Exception):
    pass


class _Allocator:
    """DeviceCachingAllocator, for one device, as far as the replay needs it."""

    def __init__(self, setting: Setting, capacity: int, limit: int | None, device_total: int) -> None:
        self.s = setting
        self.max_split = setting.max_split_size or _NO_SPLIT_LIMIT
        self.capacity = capacity
        self.limit = limit  # allowed_memory_maximum when set_fraction
        self.gc = setting.garbage_collection_threshold if limit is not None else 0.0
        self.va_size = device_total + device_total // 8  # an expandable segment's address range
        self.small = _Pool(True)
        self.large = _Pool(False)
        self.reserved = 0  # total_allocated_memory
        self.allocated = 0
        self.peak_reserved = 0
        self.peak_allocated = 0
        self.next_va = 1 << 30  # addresses are the model's own, never reused

    # --- round_size, get_allocation_size ---------------------------------------------------
    def round_size(self, size: int) -> int:
        if size < MIN_BLOCK:
            return MIN_BLOCK
        d = self.s.roundup_power2_divisions
        if d > 1 and size > MIN_BLOCK * d:  # roundup_power2_next_division
            if size & (size - 1) == 0:
                return size
            floor = 1 << (size.bit_length() - 1)
            step = floor >> (d.bit_length() - 1)
            if step == 0:
                return floor << 1
            low = size & ~(step - 1)
            return size if low == size else low + step
        return -(-size // MIN_BLOCK) * MIN_BLOCK

    @staticmethod
    def allocation_size(size: int) -> int:
        if size <= SMALL_SIZE:
            return SMALL_BUFFER
        if size < MIN_LARGE_ALLOC:
            return LARGE_BUFFER
        return -(-size // ROUND_LARGE) * ROUND_LARGE

    def _va(self, size: int) -> int:
        addr = self.next_va
        self.next_va += -(-size // ROUND_LARGE) * ROUND_LARGE + ROUND_LARGE
        if self.next_va >= 1 << (_ADDR_BITS + 9):
            raise OverflowError("the replay's address space is spent")
        return addr

    # --- malloc ----------------------------------------------------------------------------
    def malloc(self, orig: int, stream: int) -> _Block:
        size = self.round_size(orig)
        pool = self.small if size <= SMALL_SIZE else self.large
        block = self.get_free_block(pool, size, stream)
        if block is None:
            if self.gc > 0:
                self.garbage_collect()
            alloc_size = self.allocation_size(size)
            block = self.alloc_block(pool, size, alloc_size, stream)
            if block is None and self.release_available(pool, size, stream):
                block = self.alloc_block(pool, size, alloc_size, stream)
            if block is None:
                self.release_cached()
                block = self.alloc_block(pool, size, alloc_size, stream)
            if block is None:
                raise _OutOfMemory
        if self.should_split(block, size):  # alloc_found_block
            rest = _Block(block.addr + size, block.size - size, stream, pool, block.es)
            rest.prev, rest.next = block, block.next
            if block.next is not None:
                block.next.prev = rest
            block.next = rest
            block.size = size
            pool.insert(rest)
        block.alloc = True
        self.allocated += block.size
        if self.allocated > self.peak_allocated:
            self.peak_allocated = self.allocated
        return block

    def should_split(self, b: _Block, size: int) -> bool:
        rest = b.size - size
        if b.pool.small or self.s.expandable_segments:
            return rest >= MIN_BLOCK
        return size < self.max_split and rest > SMALL_SIZE

    def get_free_block(self, pool: _Pool, size: int, stream: int) -> _Block | None:
        if self.gc > 0:
            pool.calls += 1
        ks = pool.keys.get(stream)
        if not ks:
            return None
        i = bisect.bisect_left(ks, _key(size))
        if i == len(ks):
            return None
        b = pool.by_key[ks[i]]
        if b.es is not None:
            # "best fit" of an expandable block counts the unmapped range after it
            def expandable(x: _Block) -> int:
                n = x.next
                return x.size + (n.size if n is not None and not n.mapped else 0)

            j = i + 1
            while b.es is not None and j < len(ks):
                nb = pool.by_key[ks[j]]
                if expandable(nb) >= expandable(b):
                    break
                b, j = nb, j + 1
        ms = self.max_split
        if size < ms and b.size >= ms:  # no oversize block for a smaller request
            return None
        if size >= ms and b.size >= size + LARGE_BUFFER:  # an oversize block within 20 MiB
            return None
        pool.erase(b)
        return b

    def _take(self, n: int) -> bool:
        """cudaMalloc's (or cuMemCreate's) answer for n more bytes."""
        return self.reserved + n <= self.capacity

    def _grew(self, n: int) -> None:
        self.reserved += n
        if self.reserved > self.peak_reserved:
            self.peak_reserved = self.reserved

    def alloc_block(self, pool: _Pool, size: int, alloc_size: int, stream: int) -> _Block | None:
        if self.limit is not None and self.reserved + alloc_size > self.limit:
            return None
        if self.s.expandable_segments:
            return self.try_allocate_expandable(pool, size, stream)
        if not self._take(alloc_size):
            return None
        self._grew(alloc_size)
        return _Block(self._va(alloc_size), alloc_size, stream, pool, None)

    # --- expandable segments ---------------------------------------------------------------
    def find_expandable_block(self, pool: _Pool, size: int, stream: int) -> _Block:
        for _, c in pool.unmapped.get(stream, ()):
            p = c.prev
            if p is not None and not p.alloc:
                c = p
            room = 0
            x: _Block | None = c
            while room < size and x is not None and not x.alloc:
                room += x.size
                x = x.next
            if room >= size:
                return c
        page = SMALL_BUFFER if pool.small else LARGE_BUFFER
        va = -(-self.va_size // page) * page
        base = self._va(va)
        c = _Block(base, va, stream, pool, _Expandable(base, page))
        c.mapped = False
        pool.insert_unmapped(c)
        return c

    def map_block(self, b: _Block, size: int) -> bool:
        es = b.es
        assert es is not None
        page = es.page
        first = (b.addr - es.base) // page
        last = -(-(b.addr + size - es.base) // page)
        n = (last - first) * page
        if not self._take(n):
            return False
        pool = b.pool
        pool.erase_unmapped(b)
        b.mapped = True
        if n < b.size:
            rest = _Block(b.addr + n, b.size - n, b.stream, pool, es)
            rest.mapped = False
            rest.prev, rest.next = b, b.next
            if b.next is not None:
                b.next.prev = rest
            b.next = rest
            b.size = n
            pool.insert_unmapped(rest)
        self.merge(b, b.prev)
        self.merge(b, b.next)
        pool.insert(b)
        self._grew(n)
        return True

    def try_allocate_expandable(self, pool: _Pool, size: int, stream: int) -> _Block | None:
        c = self.find_expandable_block(pool, size, stream)
        if not c.mapped and not self.map_block(c, min(c.size, size)):
            return None
        while c.size < size:
            nxt = c.next
            assert nxt is not None
            if not self.map_block(nxt, min(size - c.size, nxt.size)):
                return None
            c = nxt
        pool.erase(c)
        return c

    def unmap_block(self, b: _Block) -> None:
        es = b.es
        assert es is not None
        page = es.page
        first = -(-(b.addr - es.base) // page)
        last = (b.addr + b.size - es.base) // page
        if first >= last:
            return
        pool = b.pool
        pool.erase(b)
        lo, hi = es.base + first * page, es.base + last * page
        if lo > b.addr:
            before = _Block(b.addr, lo - b.addr, b.stream, pool, es)
            before.prev, before.next = b.prev, b
            if b.prev is not None:
                b.prev.next = before
            b.prev = before
            pool.insert(before)
        end = b.addr + b.size
        if end > hi:
            after = _Block(hi, end - hi, b.stream, pool, es)
            after.prev, after.next = b, b.next
            if b.next is not None:
                b.next.prev = after
            b.next = after
            pool.insert(after)
        b.addr, b.size, b.mapped = lo, hi - lo, False
        self.merge(b, b.prev)
        self.merge(b, b.next)
        pool.insert_unmapped(b)
        self.reserved -= hi - lo

    # --- free ------------------------------------------------------------------------------
    def merge(self, dst: _Block, src: _Block | None) -> None:  # try_merge_blocks
        if src is None or src.alloc or dst.mapped != src.mapped:
            return
        if dst.prev is src:
            dst.addr = src.addr
            dst.prev = src.prev
            if dst.prev is not None:
                dst.prev.next = dst
        else:
            dst.next = src.next
            if dst.next is not None:
                dst.next.prev = dst
        dst.size += src.size
        if src.mapped:
            src.pool.erase(src)
        else:
            src.pool.erase_unmapped(src)

    def free_requested(self, b: _Block) -> None:
        self.allocated -= b.size

    def free_block(self, b: _Block) -> None:
        b.alloc = False
        self.merge(b, b.prev)
        self.merge(b, b.next)
        b.pool.insert(b)

    # --- before an OOM ---------------------------------------------------------------------
    def release_block(self, b: _Block) -> None:
        b.pool.erase(b)
        self.reserved -= b.size

    def release_available(self, pool: _Pool, size: int, stream: int) -> bool:
        """release_available_cached_blocks: free oversize blocks, only enough for the request."""
        if self.max_split == _NO_SPLIT_LIMIT or self.s.expandable_segments:
            return False
        ks = pool.keys.get(stream)
        if not ks:
            return False
        want = max(size, self.max_split)
        i = bisect.bisect_left(ks, _key(want))
        if i < len(ks):
            self.release_block(pool.by_key[ks[i]])
            return True
        released = 0
        while i > 0 and released < want:
            b = pool.by_key[ks[i - 1]]
            if b.size < self.max_split:
                break
            released += b.size
            self.release_block(b)
            i -= 1
        return released >= want

    def release_cached(self) -> None:
        """release_cached_blocks: every free whole segment, every free page."""
        for pool in (self.large, self.small):  # release_blocks, large first
            to_unmap = []
            for b in [pool.by_key[k] for ks in pool.keys.values() for k in ks]:
                if b.es is not None:
                    to_unmap.append(b)
                elif b.prev is None and b.next is None:
                    self.release_block(b)
            for b in to_unmap:
                self.unmap_block(b)
                if not b.mapped and b.prev is None and b.next is None:
                    pool.erase_unmapped(b)  # release_expandable_segment

    def garbage_collect(self) -> None:
        """garbage_collect_cached_blocks: free whole segments older than the mean age."""
        assert self.limit is not None
        threshold = int(self.gc * self.limit)
        if self.reserved <= threshold:
            return
        target = self.reserved - threshold
        pool = self.large
        free = [pool.by_key[k] for ks in pool.keys.values() for k in ks]
        cand = [b for b in free if b.prev is None and b.next is None and b.es is None]
        total_age = sum(pool.calls - b.gc_base for b in cand)
        count = len(cand)
        reclaimed, freed = 0, True
        while reclaimed < target and freed and count > 0:
            threshold_age = total_age / count
            freed = False
            for b in list(cand):
                age = pool.calls - b.gc_base
                if age >= threshold_age:
                    freed = True
                    reclaimed += b.size
                    total_age -= age
                    count -= 1
                    cand.remove(b)
                    self.release_block(b)


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
        }


def replay(trace: Trace, setting: Setting, *, capacity: int, limit: int | None = None,
           device_total: int | None = None, requested: int | None = None) -> Outcome:
    """Replay `trace` under `setting` where cudaMalloc can take `capacity` bytes in all (and the
    fraction limit, if any, is `limit` bytes). The last recorded OOM is the request in
    question; `requested` adds one at the end where the trace holds none."""
    events: Iterable[tuple[int, int, int, int, int]] = trace.events
    if requested is not None:
        events = (*trace.events, (_OOM, 0, requested, 0, -1))
    events = tuple(events)
    last_oom = max((n for n, e in enumerate(events) if e[0] == _OOM), default=-1)
    a = _Allocator(setting, capacity, limit, device_total or capacity)
    live: dict[int, _Block] = {}
    requested_free: set[int] = set()
    malloc, free_block = a.malloc, a.free_block
    early = 0
    for n, (op, addr, size, stream, entry) in enumerate(events):
        try:
            if op == _ALLOC:
                old = live.get(addr)
                if old is not None:  # the free was lost from the ring: the block went back
                    if addr not in requested_free:
                        a.free_requested(old)
                    free_block(old)
                    requested_free.discard(addr)
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
        except _OutOfMemory:
            if op == _OOM and n != last_oom:
                continue  # the program caught it and went on, as it did when recorded
            return Outcome(setting, False, entry if entry >= 0 else None, size,
                           a.peak_reserved, a.peak_allocated, early)
    return Outcome(setting, True, None, None, a.peak_reserved, a.peak_allocated, early)


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
