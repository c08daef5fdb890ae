"""From a fake run's allocation stream to a verdict against a device: the allocator's
overhead (replayed by `diagnosis.allocsim`, the OOM what-if's model of the caching allocator,
under the job's PYTORCH_CUDA_ALLOC_CONF), the bytes outside PyTorch, the interval, fits or not.

Torch-free: the stream comes from `fakerun`, the device's figures from a table, a node or
the caller. The edge rule: "fits" only when the stream replays under the capacity that is
left at the interval's top (the most the job may need, the least the device may give).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gpumemd.diagnosis.allocsim import Outcome, Setting, Trace, read_trace
from gpumemd.diagnosis.allocsim import replay as allocsim_replay
from gpumemd.diagnosis.calibration import Chosen

Event = tuple[int, int]
"""(key, size): size > 0 allocates `size` bytes as `key`; size 0 frees `key` (fakerun's stream)."""

NATIVE = Setting()  # PYTORCH_CUDA_ALLOC_CONF unset
MODELLED = "modelled: the caching allocator's replay (gpumemd/diagnosis/allocsim.py)"
_UNBOUNDED = 1 << 44  # a capacity no stream reaches (the replay maps its address space to it)
_WORKSPACE_KEYS = 1 << 48  # the workspaces' keys, above any key of the stream

__all__ = [
    "COMPILED_ERROR",
    "CPU_PATH_ERROR",
    "UNCUT_ERROR",
    "MODELLED",
    "NATIVE",
    "DEFAULT_OVERHEADS",
    "Event",
    "GPUS",
    "Device",
    "Figures",
    "Overheads",
    "Verdict",
    "ddp_bucket_slack",
    "ddp_buckets",
    "ddp_held",
    "ddp_second_copy",
    "figures",
    "judge",
    "per_rank",
    "BOUNDS",
]

BOUNDS = ("device total", "free memory", "MPS limit", "memory fraction")
"""What a verdict's capacity may be held to, the smallest of those known (`Verdict.bound`): the
device's total less the driver's and the other processes' bytes; NVML's free bytes (a node); an
MPS client's limit, on everything the process holds on the GPU; a memory fraction, on PyTorch's
reserved bytes."""

MiB = 1 << 20
GiB = 1 << 30
DDP_BUCKET_CAP = 25 * MiB  # DistributedDataParallel's bucket_cap_mb default (the first bucket: 1 MiB)

# Named GPUs by the total NVML reports, and the bytes NVML v2 reports as reserved by the driver
# (no process can have them). H100 and H200: read from the captures recorded on them
# (tests/fixtures/captures); the others: their nominal size, the driver's share estimated.
# Other cards: `--total BYTES`, or a node.
GPUS: dict[str, tuple[int, int]] = {
    "H100-80GB": (81559 * MiB, 480 * MiB),
    "H200": (143771 * MiB, 615 * MiB),
    "A100-80GB": (81920 * MiB, 500 * MiB),
    "A100-40GB": (40960 * MiB, 400 * MiB),
    "L40S": (46068 * MiB, 440 * MiB),
    "A10G": (23028 * MiB, 300 * MiB),
    "RTX-4090": (24564 * MiB, 300 * MiB),
}


@dataclass(frozen=True)
class Overheads:
    """What a run needs beyond its tensors, with where each figure came from.

    `non_pytorch`: a process's bytes outside PyTorch's allocator (CUDA context, cuBLAS/cuDNN
    handles, kernels), as the agent publishes it (`gpumemd_process_non_pytorch_bytes`), ±
    `non_pytorch_spread`; `workspaces`: bytes the allocator hands out that no tensor shows
    (cuBLAS/cuBLASLt workspaces, one per thread that runs a matmul: the forward's and
    autograd's); `nccl`: a rank's communicator buffers per world size above 1; `error`: the
    stream's relative error against the allocator's real peak (both signs); `stranded`: how many
    of the stream's largest requests the real allocator may reserve anew beyond the replay
    (`Figures.stranded_bytes`): which free block a request splits depends on cudaMalloc's
    addresses and the frees' timing, which the replay cannot know, and where a real run split the
    block a largest request would have taken, that request takes a segment of its own. Two: a
    step holds its largest request and that tensor's gradient (the fp32 logits and theirs).
    `allocator`: reserved less allocated at the step peak as agents measured it for this model and
    shape (None: the replay's alone). `source` says where the figures came from; `non_pytorch_from`,
    `allocator_from` and `nccl_from`, where those did when measured (`sources()`): NCCL's bytes are
    measured where ranks of the job's world size published their non-PyTorch bytes, which hold
    them (`nccl` is then 0: not counted twice)."""

    non_pytorch: int
    non_pytorch_spread: int
    workspaces: int
    nccl: int
    error: float
    source: str
    stranded: int = 2
    allocator: int | None = None
    non_pytorch_from: str = ""
    allocator_from: str = ""
    nccl_from: str = ""

    def sources(self) -> dict[str, str]:
        """Where each overhead came from, one sentence each."""
        return {"non_pytorch": self.non_pytorch_from or self.source,
                "allocator": self.allocator_from or MODELLED,
                "workspaces": self.source, "nccl": self.nccl_from or self.source}

    def measured(self, chosen: Chosen) -> Overheads:
        """These overheads with what agents measured of this model at this shape
        (`diagnosis.calibration.choose`): its non-PyTorch bytes and allocator overhead, where
        measured; NCCL's bytes none of their own where the non-PyTorch bytes hold them."""
        out = self
        if chosen.non_pytorch is not None:
            mid, spread = chosen.non_pytorch
            out = replace(out, non_pytorch=mid, non_pytorch_from=chosen.non_pytorch_from,
                          non_pytorch_spread=max(spread, self.non_pytorch_spread // 4))
            if chosen.nccl_included:
                out = replace(out, nccl=0, nccl_from=chosen.nccl_from)
        if chosen.overhead is not None:
            out = replace(out, allocator=chosen.overhead, allocator_from=chosen.overhead_from)
        return out

    def calibrated(self, non_pytorch: Sequence[int], where: str) -> Overheads:
        """These overheads with the non-PyTorch bytes measured on running processes: their
        median, the spread reaching their highest."""
        if not non_pytorch:
            return self
        mid = int(statistics.median(non_pytorch))
        spread = max(max(non_pytorch) - mid, self.non_pytorch_spread // 4)
        return replace(self, non_pytorch=mid, non_pytorch_spread=spread,
                       source=f"non-PyTorch bytes measured: {len(non_pytorch)} process(es) at {where}; "
                              f"the rest: {self.source}",
                       non_pytorch_from=f"this node's processes: {len(non_pytorch)} process(es) at {where} "
                                        "(median; the spread to the highest)")


# The stream's error where the steps ran on the CPU path (no CUDA here: standins.remapped): CPU
# autocast casts other ops than CUDA's, and CPU kernels save other tensors; docs/preflight.md
# ("Without a GPU") has the figures it covers.
CPU_PATH_ERROR = 0.10
# The stream's error where the step is torch.compile'd (fakerun's compiled runs: the model of
# inductor's buffers, compiled.py); docs/preflight.md ("A compiled step") says what it rests on.
COMPILED_ERROR = 0.10
# The stream's error where a compiled step's graph breaks could not be followed (dynamo could
# not run over the fake tensors, compiled.py): traced as one graph, which can read either way of
# the step dynamo cuts; docs/preflight.md ("Graph breaks") has the misses it covers.
UNCUT_ERROR = 0.30

DEFAULT_OVERHEADS = Overheads(
    non_pytorch=758 * MiB,
    non_pytorch_spread=160 * MiB,
    workspaces=65 * MiB,
    nccl=840 * MiB,
    error=0.02,
    source="defaults (docs/preflight.md, 'Where the overheads come from')",
)


@dataclass(frozen=True)
class Device:
    """What the job may have of one GPU: its total, what the driver and other processes hold,
    its free bytes (a node's reading), an MPS limit on the process's device memory, and a
    fraction limit on PyTorch's reserved bytes, where known (`BOUNDS`)."""

    name: str
    total: int
    driver_reserved: int = 0
    others: int = 0
    fraction_limit: int | None = None
    source: str = ""
    free: int | None = None
    mps_limit: int | None = None
    mps_limit_by: str = ""  # whose: "node" (its MPS control daemon's), "job" (its own environment's)

    @classmethod
    def named(cls, name: str) -> Device:
        key = next((k for k in GPUS if k.lower() == name.lower()), None)
        if key is None:
            raise KeyError(f"unknown GPU {name!r} (known: {', '.join(GPUS)}; or give --total)")
        total, driver = GPUS[key]
        return cls(key, total, driver, source="the table of GPUs (docs/preflight.md)")


@dataclass(frozen=True)
class Figures:
    """One shape's step peak, split, and the allocator's overhead."""

    batch: int
    seq: int
    categories: dict[str, int]  # at the tensors' peak, 512-byte rounded
    tensors_peak: int  # the rounded live bytes' peak (MemTracker's figure)
    allocated_peak: int  # the allocator's allocated peak (blocks, with workspaces)
    reserved_peak: int  # the allocator's reserved peak (segments)
    workspaces: int
    non_pytorch: int
    nccl: int
    error_bytes: int  # half the interval on allocated (the stream's error)
    phase_at_peak: str
    seconds: float
    blocks: tuple[int, ...] = ()  # the repeated blocks' parameter bytes (FSDP2's groups; fakerun.blocks)
    # how much lower the needs may be: ops sized by values taken at their bound (fakerun's `bounded`)
    bound_bytes: int = 0
    # reserved beyond the replay's, from the allocator overhead agents measured (Overheads.allocator)
    allocator_extra: int = 0
    stranded_bytes: int = 0  # what the real allocator may reserve beyond the replay (the top only)
    # how much higher the needs may be: another reading of a compiled step held more (the step as
    # one graph, or its unaligned multiplies padded; the top only; docs/preflight.md)
    above_bytes: int = 0

    @property
    def total(self) -> int:
        """What the process needs on the GPU at the peak: reserved + outside PyTorch."""
        return self.reserved_peak + self.non_pytorch + self.nccl

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "total": self.total}


@dataclass(frozen=True)
class Verdict:
    """fits (at the interval's top), the headroom there, whether it fits only after the allocator
    released its cache (a slower step), and whether it does not fit even at the interval's bottom."""

    fits: bool
    certain: bool  # does not fit even at the interval's bottom (or fits at its top)
    capacity: int  # what PyTorch's allocator may reserve, at the interval's top
    headroom: int  # capacity − reserved peak − the stream's error (negative: over)
    releases_cache: bool  # it fits only after the allocator released cached segments
    notes: list[str] = field(default_factory=list)
    bound: str = ""  # what the capacity was held against (`BOUNDS`): the smallest of the device's limits


def _trace(events: Sequence[Event], workspaces: int, handles: int = 2) -> Trace:
    """The stream, with the cuBLAS workspaces the first matmuls allocate (kept for the process's
    life, one per handle) at its start, as the allocator trace `diagnosis.allocsim` replays."""
    each = workspaces // handles if workspaces > 0 else 0
    entries: list[dict[str, Any]] = [{"action": "alloc", "addr": _WORKSPACE_KEYS + i, "size": each}
                                     for i in range(handles) if each]
    sizes: dict[int, int] = {}
    for key, size in events:
        if size:
            sizes[key] = size
            entries.append({"action": "alloc", "addr": key, "size": size})
        elif key in sizes:
            entries.append({"action": "free_completed", "addr": key, "size": sizes.pop(key)})
    return read_trace({"device_traces": [entries], "segments": []})


def _replay(trace: Trace, capacity: int, setting: Setting) -> Outcome:
    return allocsim_replay(trace, setting, capacity=capacity, device_total=max(capacity, 1))


def figures(events: Sequence[Event], categories: Mapping[str, int], tensors_peak: int, *, batch: int,
            seq: int, overheads: Overheads, world: int = 1, phase: str = "", seconds: float = 0.0,
            setting: Setting = NATIVE, blocks: Sequence[int] = ()) -> Figures:
    """The allocator's replay of one stream (diagnosis.allocsim, under `setting`), unbounded: its
    peaks and the overheads beside them. Where agents measured more reserved beyond allocated at
    this model's step peak than the replay holds (`overheads.allocator`), reserved is the measured."""
    r = _replay(_trace(events, overheads.workspaces), _UNBOUNDED, setting)
    extra = 0
    if overheads.allocator is not None:
        extra = max(0, overheads.allocator - (r.peak_reserved - r.peak_allocated))
    return Figures(batch, seq, dict(categories), tensors_peak, r.peak_allocated, r.peak_reserved + extra,
                   overheads.workspaces, overheads.non_pytorch, overheads.nccl if world > 1 else 0,
                   int(overheads.error * r.peak_allocated), phase, seconds, tuple(blocks),
                   allocator_extra=extra,
                   stranded_bytes=overheads.stranded * max((size for _, size in events), default=0))


def judge(events: Sequence[Event], fig: Figures, device: Device, overheads: Overheads,
          world: int = 1, setting: Setting = NATIVE) -> Verdict:
    """Fits or not, by replaying the stream under what the device leaves (edge rule above). Above
    one rank the verdict is a DDP rank's: its gradient buckets (`per_rank`) held beside the stream,
    two copies at the top, one at the bottom (`ddp_second_copy`). The interval's top also leaves
    what the real allocator may reserve beyond the replay (`Figures.stranded_bytes`)."""
    held = ddp_held(fig) if world > 1 else 0  # PyTorch's own bytes: under a fraction limit too
    # the interval's bottom: a rank whose first buckets were let go before its peak
    held_low = held - ddp_second_copy(fig) if world > 1 else 0
    most, least = overheads.non_pytorch + overheads.non_pytorch_spread, overheads.non_pytorch_spread
    margin = fig.error_bytes + fig.stranded_bytes + fig.above_bytes
    low = fig.error_bytes + fig.bound_bytes  # ops sized by values may have kept nothing
    room = {BOUNDS[0]: device.total - device.driver_reserved - device.others}  # for the whole process
    if device.free is not None:
        room = {BOUNDS[1]: min(device.free, room[BOUNDS[0]])}
    if device.mps_limit is not None:
        room[BOUNDS[2]] = device.mps_limit
    tops = {k: n - fig.nccl - held - most - margin for k, n in room.items()}
    bottoms = [n - fig.nccl - held_low - max(0, overheads.non_pytorch - least) + low for n in room.values()]
    if device.fraction_limit is not None:  # PyTorch's reserved bytes alone
        tops[BOUNDS[3]] = device.fraction_limit - held - margin
        bottoms.append(device.fraction_limit - held_low + fig.bound_bytes)
    bound = min(tops, key=lambda k: tops[k])
    top, bottom = tops[bound], min(bottoms)
    trace = _trace(events, overheads.workspaces)
    # the replay needs room for the measured overhead it does not model itself
    at_top = _replay(trace, max(top - fig.allocator_extra, 0), setting)
    notes = []
    releases = at_top.fits and fig.reserved_peak > top  # it fit only by releasing cached segments
    if releases:
        notes.append("fits only after the allocator releases its cache (a slower step; fragmentation): "
                     "little room")
    certain = True if at_top.fits else not _replay(trace, max(bottom - fig.allocator_extra, 0), setting).fits
    return Verdict(at_top.fits, certain, top, top - fig.reserved_peak, releases, notes, bound)


def ddp_buckets(fig: Figures) -> int:
    """What DDP holds beyond one GPU's stream: its buckets and the rebuild's second copy (`per_rank`)."""
    return 2 * fig.categories.get("parameters", 0)


def ddp_bucket_slack(fig: Figures) -> int:
    """The segments' rounding of DDP's buckets: each bucket is one allocation of about
    `DDP_BUCKET_CAP` (the first 1 MiB), above the allocator's 10 MiB its own segment rounded up to
    2 MiB, so a bucket reserves 1 MiB more than it holds on average; two copies (`per_rank`)."""
    buckets = -(-fig.categories.get("parameters", 0) // DDP_BUCKET_CAP) + 1
    return 2 * buckets * MiB


def ddp_second_copy(fig: Figures) -> int:
    """The rebuild's second bucket copy and its rounding (`per_rank`): held at the second step's
    peak on a rank whose first buckets NCCL's finished work still keeps, gone on one whose
    watchdog let them go before it (and on every rank once it has)."""
    return fig.categories.get("parameters", 0) + ddp_bucket_slack(fig) // 2


def ddp_held(fig: Figures) -> int:
    """The reserved bytes DDP holds beside one GPU's stream: two bucket copies and their rounding."""
    return ddp_buckets(fig) + ddp_bucket_slack(fig)


def per_rank(fig: Figures, world: int, strategy: str, overheads: Overheads) -> dict[str, int]:
    """One rank's figures under data parallelism for `world` ranks, from one GPU's categories
    (the parameters' bytes stand for a gradient's worth of every parameter).

    DDP (gradient_as_bucket_view off, its default) keeps everything one GPU holds and adds two
    copies of the gradients: its buckets, allocated at construction, and the buckets the first
    iteration's rebuild allocates anew at the second step's forward. The first copy outlives the
    rebuild while the first step's finished all-reduces keep it: NCCL's watchdog thread lets them
    go at its next sweep, a race with the second step (docs/preflight.md, "Per rank"). So a DDP
    rank has two answers: `allocated`, the second step's peak on a rank that still held the first
    copy then (the worst rank, the one a verdict holds to), and `allocated_low`, one gradient copy
    less: a rank whose first copy was gone by its peak, and every rank's later steps.

    FSDP2 (full sharding: each repeated block, then the root) divides parameters, gradients and
    optimizer state by the world size, and holds the root's own parameters (those in no block:
    embeddings, a head, final norms) whole from its forward to its backward, and one block's
    gathered at a time; without the blocks (a script's run) a tenth of the parameters stands for
    the gathered bytes. FSDP2's collectives run on their own streams, whose pools the compute
    stream cannot reuse: its reserved bytes add the sharded gradients (the reduce-scatters'
    outputs) and a block twice (an all-gather's output, a reduce-scatter's input).

    `top` is the interval's top of `total`, what the verdict holds a rank to: the non-PyTorch
    spread, the stream's error, what the real allocator may reserve beyond the replay and what
    another reading of a compiled step holds more (`Figures.above_bytes`)."""
    c = fig.categories
    params = c.get("parameters", 0)
    pools = 0  # what FSDP2's collective streams reserve apart
    persistent = params + c.get("gradients", 0) + c.get("optimizer_state", 0)
    rest = fig.allocated_peak - persistent
    nccl = overheads.nccl if world > 1 else 0
    slack = 0  # reserved beyond the allocated bytes, not in one GPU's replay
    second = 0  # DDP's second bucket copy: on the worst rank only
    if strategy == "ddp":
        allocated = fig.allocated_peak + ddp_buckets(fig)
        slack = ddp_bucket_slack(fig)
        second = params
    elif fig.blocks and sum(fig.blocks) <= params:
        allocated = persistent // world + (params - sum(fig.blocks)) + max(fig.blocks) + rest
        pools = params // world + 2 * max(fig.blocks)
    else:
        allocated = persistent // world + params // 10 + rest
        pools = params // world + 2 * (params // 10)
    reserved = allocated + fig.reserved_peak - fig.allocated_peak + pools + slack
    total = reserved + overheads.non_pytorch + nccl
    top = total + overheads.non_pytorch_spread + fig.error_bytes + fig.stranded_bytes + fig.above_bytes
    return {"world": world, "allocated": allocated, "allocated_low": allocated - second, "reserved": reserved,
            "total": total, "top": top}
