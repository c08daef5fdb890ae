"""Private memory pools of PyTorch's caching allocator: how much of reserved memory sits in
CUDA-graph pools and user pools, read inside the training process.

PyTorch exposes pools only through the allocator snapshot (`torch.cuda.memory_snapshot`):
one entry per segment, each naming the pool that owns it (`segment_pool_id`, a pair). The
caching allocator numbers them (c10/cuda/MemPool.cpp, `graph_pool_handle`):

- `(0, 0)`: the default pool, where every ordinary allocation lives (`kind="default"`);
- `(n, 0)`: a private pool a CUDA graph capture created because it was given none
  (`torch.cuda.graph(g)` without `pool=`; `kind="graph"`);
- `(0, n)`: a pool the user created: `torch.cuda.MemPool()`, or `graph_pool_handle()` shared
  between captures (`make_graphed_callables`, torch.compile's cudagraph trees;
  `kind="user"`);
- anything else (not produced by any torch we know): `kind="other"`.

Exposition (one H100, rank 0, a captured graph and a MemPool)::

    gpumemd_allocator_pool_reserved_bytes{gpu="0",uuid="GPU-…",kind="default"} 2.097152e+07
    gpumemd_allocator_pool_reserved_bytes{gpu="0",uuid="GPU-…",kind="graph"} 6.7108864e+07
    gpumemd_allocator_pool_reserved_bytes{gpu="0",uuid="GPU-…",kind="user"} 3.3554432e+07
    gpumemd_allocator_pool_allocated_bytes{gpu="0",uuid="GPU-…",kind="graph"} 6.7108864e+07
    gpumemd_allocator_pools{gpu="0",uuid="GPU-…",kind="graph"} 1
    gpumemd_allocator_private_pool_reserved_bytes{gpu="0",uuid="GPU-…",pool="graph:1"} 6.7108864e+07

Reserved by kind adds up to the segments' sizes, which is what `reserved_bytes` counts;
the two are read at different moments (this source on its own cadence), so they agree
only while nothing is mapped or released in between.

The snapshot takes the allocator's lock and builds a dict for every block: it costs far more than
`memory_stats`, and more with the number of blocks (docs/performance.md), so it is read every
`agent.pool_interval`, not every tick. Rules this source keeps: nothing is read before the process
initialised CUDA; under cudaMallocAsync (no segments) nothing is exported rather than zeros; a
torch whose snapshot lacks `segment_pool_id` gives no pool series and one log line (these states
are not failures: the collector succeeds, empty); a malformed snapshot fails the read
(`MalformedSnapshot`, counted by the agent) rather than export sums that do not add up.
"""

from __future__ import annotations

import collections
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from prometheus_client.core import Metric

from gpumemd.backends.torch_cuda import TorchCudaApi
from gpumemd.diagnosis.oom import only_stranded_fits
from gpumemd.diagnosis.snapshot import DeviceWalk, SnapshotFigures
from gpumemd.known_metrics import collected_by

from .base import Family, Source, SourceUnavailable

__all__ = [
    "KINDS",
    "MAX_POOL_SERIES",
    "REFERENCE_WINDOW",
    "Fragmentation",
    "MalformedSnapshot",
    "PoolReading",
    "PoolSource",
    "PoolSums",
    "kind_of",
    "summarize",
]

log = logging.getLogger("gpumemd.pools")

KINDS = ("default", "graph", "user")  # always exported (0 is a reading: no such pool); "other" when seen
MAX_POOL_SERIES = 8  # private pools with a series of their own, biggest first; the rest are pool="other"
# The reference request: the largest tensor seen live at one pool read and freed by the next,
# over this many seconds (docs/agent.md, *Fragmentation*). Freed, so a tensor that lives for the
# whole run (weights, an embedding) is not it; over minutes, because one read in several
# falls while a step's largest tensor is alive.
REFERENCE_WINDOW = 300.0


class MalformedSnapshot(ValueError):
    """The snapshot is not shaped as torch's: the read fails (and is counted)."""


class Fragmentation(NamedTuple):
    """One device's live fragmentation figures, bytes (docs/agent.md, *Fragmentation*)."""

    largest_free_block: int
    reference: int  # the largest tensor's block that came and went within REFERENCE_WINDOW
    stranded: int  # free bytes between live tensors, in blocks smaller than the reference
    risk: bool | None  # the reference fits only by joining stranded bytes; None: device free unknown


class PoolReading(NamedTuple):
    """One device's pools, bytes."""

    device: int
    uuid: str
    kinds: tuple[tuple[str, int, int, int], ...]  # (kind, reserved, allocated, pools)
    pools: tuple[tuple[str, int], ...]  # (pool label, reserved): private pools, biggest first, then "other"
    fragmentation: Fragmentation | None = None


def kind_of(first: int, second: int) -> str:
    """The pool kind of a `segment_pool_id` (see the module docstring)."""
    if first == 0:
        return "default" if second == 0 else "user"
    return "graph" if second == 0 else "other"


class PoolSums(NamedTuple):
    """One device's share of a pool read's single pass over the segments."""

    kinds: dict[str, list[int]]  # kind -> [reserved, allocated, pools]
    pools: dict[tuple[int, int], int]  # pool id -> reserved
    figures: SnapshotFigures  # the fragmentation figures, from the same pass


_Pool = tuple[int, int]  # a segment_pool_id


def _counts(*values: Any) -> None:
    """Raises MalformedSnapshot naming the first value that is not a byte count."""
    for value in values:
        if type(value) is not int or value < 0:  # bool is no count; a float is not torch's
            raise MalformedSnapshot(f"not a byte count: {type(value).__name__}")


def summarize(segments: Any) -> dict[int, PoolSums]:
    """Per device: the pool sums and the fragmentation figures, in one walk of the segment list
    (the snapshot is the costly part of a pool read: it is walked once, not once per figure).
    Raises MalformedSnapshot on anything not shaped as torch's segments, and SourceUnavailable
    when no segment names its pool (a torch before `segment_pool_id`)."""
    if not isinstance(segments, list):
        raise MalformedSnapshot(f"a snapshot is a list of segments, got {type(segments).__name__}")
    # per device: kind -> [reserved, allocated, pools], pool id -> reserved, pool id -> its kind's
    # row (the kind looked up once per pool, not once per segment), and the fragmentation walk
    sums: dict[int, tuple[dict[str, list[int]], dict[_Pool, int], dict[_Pool, list[int]], DeviceWalk]] = {}
    named = 0
    device: Any  # counts read from a segment, checked before use
    reserved: Any
    allocated: Any
    for seg in segments:
        if not isinstance(seg, dict):
            raise MalformedSnapshot(f"a segment is a dict, got {type(seg).__name__}")
        pid = seg.get("segment_pool_id")
        if pid is None:
            continue  # counted below: all missing is an older torch, some missing is malformed
        named += 1
        if not isinstance(pid, (tuple, list)) or len(pid) != 2:
            raise MalformedSnapshot("segment_pool_id is not a pair")
        first, second = pid
        device, reserved, allocated = seg.get("device"), seg.get("total_size"), seg.get("allocated_size")
        # The counts in one test on the common path (`_counts` names the bad one), for every
        # segment: once a pool is known, a True where 1 was would find its row all the same.
        if not (
            type(first) is int and type(second) is int and type(device) is int
            and type(reserved) is int and type(allocated) is int
            and first >= 0 and second >= 0 and device >= 0 and reserved >= 0 and allocated >= 0
        ):
            _counts(first, second, device, reserved, allocated)
        entry = sums.get(device)
        if entry is None:
            entry = sums[device] = ({}, {}, {}, DeviceWalk(device))
        kinds, pools, rows, walk = entry
        key = (first, second)
        row = rows.get(key)
        if row is None:  # a pool not seen yet
            kind = kind_of(first, second)
            row = rows[key] = kinds.get(kind) or kinds.setdefault(kind, [0, 0, 0])
            row[2] += 1
            pools[key] = 0
        row[0] += reserved
        row[1] += allocated
        pools[key] += reserved
        walk.add(seg, reserved, key)  # the blocks, read leniently as the OOM diagnosis reads them
    if named < len(segments):
        if named == 0:
            raise SourceUnavailable("this torch's allocator snapshot has no segment_pool_id: no pool series")
        raise MalformedSnapshot(f"{len(segments) - named} of {len(segments)} segments lack segment_pool_id")
    return {device: PoolSums(kinds, pools, walk.figures())
            for device, (kinds, pools, _, walk) in sums.items()}


def _pool_label(first: int, second: int) -> str:
    """`graph:3`, `user:2`: a kind and its number; both numbers where neither is zero."""
    kind = kind_of(first, second)
    return f"{kind}:{first}.{second}" if kind == "other" else f"{kind}:{first or second}"


def _top(pools: Mapping[tuple[int, int], int], limit: int) -> tuple[tuple[str, int], ...]:
    """The private pools' reserved bytes, the biggest `limit` by name, the rest as `other`."""
    private = sorted(((size, key) for key, size in pools.items() if key != (0, 0)), reverse=True)
    rows = [(_pool_label(*key), size) for size, key in private[:limit]]
    if len(private) > limit:
        rows.append(("other", sum(size for size, _ in private[limit:])))
    return tuple(rows)


class PoolSource(Source[tuple[PoolReading, ...]]):
    """Reserved and allocated bytes by pool kind, and the biggest private pools, per GPU."""

    name = "pools"
    names = collected_by("pools")  # the families declared with its name (known_metrics)

    def __init__(
        self,
        api: TorchCudaApi,
        *,
        labels: Mapping[str, str] | None = None,
        max_pools: int = MAX_POOL_SERIES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._api = api
        self._labels = dict(labels or {})
        self._max_pools = max(0, max_pools)
        self._uuids: dict[int, str] = {}
        self._checked = False  # the backend, once CUDA is up
        self._off = ""  # why no pool series can come from this process (said once, then not read again)
        self._clock = clock
        self._live: dict[int, dict[int, int]] = {}  # per device: the last read's live blocks
        self._freed: dict[int, collections.deque[tuple[float, int]]] = {}  # per device: (when, largest freed)

    def read(self, cycle: Mapping[str, Any]) -> tuple[PoolReading, ...]:
        api = self._api
        if self._off:
            return ()
        if not api.is_initialized():
            return ()  # nothing to read yet, not a failure (as the allocator source)
        if not self._checked:
            self._checked = True
            try:
                backend = api.allocator_backend()
            except Exception as exc:  # optional in torch: the snapshot then says what it has
                log.debug("allocator backend unreadable: %s", exc)
                backend = None
            if backend == "cudaMallocAsync":
                return self._turn_off("the allocator backend is cudaMallocAsync: no segments, no pool series")
        segments = api.pool_segments()
        if segments is None:
            return self._turn_off(
                "this torch has no allocator snapshot (torch.cuda.memory_snapshot): no pool series"
            )
        try:
            sums = summarize(segments)
        except SourceUnavailable as exc:
            return self._turn_off(str(exc))
        readings = []
        for device in sorted(sums):
            kinds, pools, figures = sums[device]
            uuid = self._uuids.get(device)
            if uuid is None:
                uuid = self._uuids[device] = str(api.device_uuid(device))
            rows = [(k, *kinds.get(k, (0, 0, 0))) for k in KINDS]
            if "other" in kinds:
                rows.append(("other", *kinds["other"]))
            readings.append(
                PoolReading(
                    device,
                    uuid,
                    tuple(rows),
                    _top(pools, self._max_pools),
                    self._fragmentation(figures),
                )
            )
        return tuple(readings)

    def _fragmentation(self, seg: SnapshotFigures) -> Fragmentation:
        """The live side of oom.py's `fragmentation` cause, from the segment list just read."""
        device = seg.device
        now = self._clock()
        before, self._live[device] = self._live.get(device, {}), seg.live_requests
        # freed since the last read: gone, or its address now holds another request
        gone = max((size for addr, size in before.items() if seg.live_requests.get(addr) != size), default=0)
        freed = self._freed.setdefault(device, collections.deque())
        while freed and freed[0][0] < now - REFERENCE_WINDOW:
            freed.popleft()
        while freed and freed[-1][1] <= gone:  # a monotonic queue: the window's max is at its head
            freed.pop()
        if gone:
            freed.append((now, gone))
        reference = freed[0][1] if freed else 0
        stranded = seg.stranded(reference)
        try:  # what the device can still give; a host-side read on a device already in use
            free = self._api.mem_get_info(device)[0]
        except Exception as exc:  # noqa: BLE001 - the figures stand without it; only the risk is unknown
            log.debug("mem_get_info(%d): %s", device, exc)
            free = None
        risk = None
        if type(free) is int and free >= 0:
            available = free + seg.releasable  # the allocator frees those segments before it gives up
            risk = reference > available and only_stranded_fits(
                reference, seg.largest_free_block, stranded, available
            )
        return Fragmentation(seg.largest_free_block, reference, stranded, risk)

    def _turn_off(self, why: str) -> tuple[PoolReading, ...]:
        """For good: said once, then an empty reading (no series, and not a failing collector:
        nothing is wrong with the process) without paying for the snapshot again."""
        self._off = why
        log.info("%s", why)
        return ()

    def families(self, reading: tuple[PoolReading, ...]) -> Iterable[Metric]:
        reserved, allocated, count, top, largest, reference, stranded, risk = (f.new() for f in _FAMILIES)
        for r in reading:
            base = {"gpu": str(r.device), "uuid": r.uuid, **self._labels}
            for kind, res, alloc, n in r.kinds:
                labels = {**base, "kind": kind}
                _RESERVED.add(reserved, labels, res)
                _ALLOCATED.add(allocated, labels, alloc)
                _COUNT.add(count, labels, n)
            for pool, res in r.pools:
                _PRIVATE.add(top, {**base, "pool": pool}, res)
            frag = r.fragmentation
            if frag is not None:
                _LARGEST.add(largest, base, frag.largest_free_block)
                _REFERENCE.add(reference, base, frag.reference)
                _STRANDED.add(stranded, base, frag.stranded)
                if frag.risk is not None:
                    _RISK.add(risk, base, int(frag.risk))
        return [reserved, allocated, count, top, largest, reference, stranded, risk]


_RESERVED = Family("gpumemd_allocator_pool_reserved_bytes")
_ALLOCATED = Family("gpumemd_allocator_pool_allocated_bytes")
_COUNT = Family("gpumemd_allocator_pools")
_PRIVATE = Family("gpumemd_allocator_private_pool_reserved_bytes")
_LARGEST = Family("gpumemd_allocator_largest_free_block_bytes")
_REFERENCE = Family("gpumemd_allocator_reference_request_bytes")
_STRANDED = Family("gpumemd_allocator_stranded_free_bytes")
_RISK = Family("gpumemd_allocator_fragmentation_risk")
_FAMILIES = (_RESERVED, _ALLOCATED, _COUNT, _PRIVATE, _LARGEST, _REFERENCE, _STRANDED, _RISK)
