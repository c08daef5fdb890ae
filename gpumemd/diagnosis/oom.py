"""Why a CUDA allocation failed, and what to change: one cause from a closed set, and a fix
that is true for this process. Pure: figures in, a `Diagnosis` out (the agent gathers the
figures at the OOM, `gpumemd explain --snapshot` from a snapshot file).

The causes, and the order in which they win when several hold (the first that holds):

1. `limit`         a per-process limit (`set_per_process_memory_fraction`), not the device,
                   refused it: the device had the bytes free.
2. `fragmentation` PyTorch's cache and the device together held enough free bytes, but no
                   block large enough: the layout, not the amount, stopped it (no setting
                   fixes that, measured: the fix names the allocation order instead).
3. `leak`          allocated memory grew step over step before the OOM.
4. `graph_pools`   memory held in CUDA-graph or other private pools would have covered it.
5. `other_processes` it would have fit without the other processes on the GPU.
6. `non_pytorch`   this process's memory outside PyTorch (NCCL, libraries, another
                   allocator) grew, and without that growth it would have fit.
7. `capacity`      the working set does not fit, even without fragmentation.

Why this order: a configured limit and fragmentation are each fixed by one setting and say
nothing about the working set; a leak makes every other cause a matter of time; pools,
other processes and non-PyTorch memory name memory someone can give back; capacity is what
remains. docs/oom.md has the rules with worked examples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .forecast import rank_limit

__all__ = ["CAUSES", "AllocatorConfig", "Diagnosis", "OomFigures", "OtherProcess", "diagnose", "human_bytes",
           "only_stranded_fits"]

CAUSES = ("limit", "fragmentation", "leak", "graph_pools", "other_processes", "non_pytorch", "capacity")

MIB = 1 << 20

LEAK_MIN_STEPS = 4  # step-end readings, each above the last, before a leak is claimed

LEAK_MIN_GROWTH = 1 * MIB  # per step: below this a "leak" is allocator noise


@dataclass(frozen=True)
class OtherProcess:
    """Another process holding memory on the GPU that ran out, as the OOM diagnosis names it."""
    pid: int
    used_bytes: int
    rank: str | None = None  # where the node daemon or the spool knows it
    name: str | None = None


@dataclass(frozen=True)
class AllocatorConfig:
    """What `PYTORCH_CUDA_ALLOC_CONF` set (gpumemd's `sources/alloc_conf.py` reads it)."""

    backend: str = "native"  # native | cudaMallocAsync
    expandable_segments: bool = False
    max_split_size: int | None = None  # bytes; None: unlimited (the default)
    uses_cuda_ipc: bool = False  # expandable segments and CUDA IPC conflict (pytorch #130330)


@dataclass(frozen=True)
class OomFigures:
    """Everything known at the OOM, in bytes. None: not known (say so, never guess)."""

    requested: int
    device: int = 0
    device_total: int | None = None  # the GPU's memory (NVML, else mem_get_info)
    device_free: int | None = None  # free on the device when the allocator gave up
    limit: int | None = None  # a per-process limit below the device's total
    limit_by: str = "fraction"  # which: "fraction" (set_per_process_memory_fraction) or "mps"
    allocated: int | None = None  # PyTorch, live tensors
    reserved: int | None = None  # PyTorch's cache, all pools
    largest_free_block: int | None = None  # the largest free block in the cache
    free_blocks_fitting: int | None = None  # free cached blocks >= requested
    pool_reserved: int | None = None  # reserved in CUDA-graph / private pools
    pool_free: int | None = None  # of which free
    largest_pool: tuple[str, int] | None = None  # (pool id, reserved bytes)
    process_used: int | None = None  # NVML's figure for this process on this GPU
    non_pytorch: int | None = None  # process_used - reserved
    non_pytorch_baseline: int | None = None  # the smallest non-PyTorch figure seen before
    others: tuple[OtherProcess, ...] | None = None  # None: not known (no NVML)
    config: AllocatorConfig = field(default_factory=AllocatorConfig)
    step: int | None = None
    step_allocated: tuple[int, ...] = ()  # allocated at the last step ends, oldest first
    step_peaks: tuple[int, ...] = ()  # the last step peaks, oldest first
    # the last step peak by category (gpumemd.watch: parameters, gradients, optimizer_state,
    # activations, ...), where the program watched its model: (category, bytes)
    categories: tuple[tuple[str, int], ...] = ()

    @property
    def cached_free(self) -> int | None:
        if self.reserved is None or self.allocated is None:
            return None
        return max(0, self.reserved - self.allocated)

    @property
    def others_bytes(self) -> int | None:
        return None if self.others is None else sum(p.used_bytes for p in self.others)


@dataclass(frozen=True)
class Diagnosis:
    """The OOM diagnosis: the cause, a one-line summary in figures, the fix, and what it lacked."""
    cause: str  # one of CAUSES
    summary: str  # one line: the cause in figures
    fix: str  # one line: what to change, with a number where one exists
    missing: tuple[str, ...] = ()  # inputs the diagnosis lacked
    figures: OomFigures | None = None
    numbers: dict[str, int | float] = field(default_factory=dict)  # the fix's numbers (bytes, fractions)

    def to_json(self) -> dict[str, Any]:
        """The `.diagnosis.json` document: every figure in bytes; unknown ones null."""
        figs = asdict(self.figures) if self.figures is not None else {}
        if self.figures is not None:
            figs["cached_free"] = self.figures.cached_free
            figs["others_bytes"] = self.figures.others_bytes
        return {
            "format": "gpumemd-oom-diagnosis/1",
            "cause": self.cause,
            "summary": self.summary,
            "fix": self.fix,
            "missing": list(self.missing),
            "numbers": dict(self.numbers),
            "figures": figs,
        }


def human_bytes(n: float) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if abs(n) >= size:
            return f"{n / size:.1f} {unit}"
    return f"{int(n)} B"


def _nonneg(value: int | None) -> int | None:
    if value is None or isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if value >= 0 else None


def clean(fig: OomFigures) -> OomFigures:
    """Figures from outside (a snapshot, torch, NVML): negatives and wrong types become unknown."""
    ints = {
        k: _nonneg(getattr(fig, k))
        for k in (
            "device_total",
            "device_free",
            "limit",
            "allocated",
            "reserved",
            "largest_free_block",
            "free_blocks_fitting",
            "pool_reserved",
            "pool_free",
            "process_used",
            "non_pytorch",
            "non_pytorch_baseline",
            "step",
        )
    }
    requested = _nonneg(fig.requested) or 0
    others = (
        None
        if fig.others is None
        else tuple(p for p in fig.others if _nonneg(p.used_bytes) is not None and _nonneg(p.pid) is not None)
    )
    steps = tuple(v for v in fig.step_allocated if _nonneg(v) is not None)
    categories = tuple((str(c), n) for c, n in fig.categories if _nonneg(n) is not None)
    peaks = tuple(v for v in fig.step_peaks if _nonneg(v) is not None)
    pool = (
        fig.largest_pool
        if fig.largest_pool is not None and _nonneg(fig.largest_pool[1]) is not None
        else None
    )
    return OomFigures(
        requested=requested,
        device=fig.device,
        others=others,
        config=fig.config,
        limit_by="mps" if fig.limit_by == "mps" else "fraction",
        step_allocated=steps,
        step_peaks=peaks,
        largest_pool=pool,
        categories=categories,
        **ints,
    )


def only_stranded_fits(request: int, largest_free_block: int, stranded: int, available: int) -> bool:
    """The `fragmentation` cause's test, shared with the live figure (sources/pools.py): no free
    block holds `request`, but the free bytes stranded between live tensors and what the device
    can still give (`available`) add up to it."""
    return stranded > 0 and largest_free_block < request <= stranded + available


def _leak(steps: Sequence[int]) -> tuple[float, int] | None:
    """(growth per step, steps it grew) when the last step ends each rose by a steady amount."""
    if len(steps) < LEAK_MIN_STEPS:
        return None
    run = 1
    for a, b in zip(reversed(steps[:-1]), reversed(steps), strict=False):
        if b - a >= LEAK_MIN_GROWTH:
            run += 1
        else:
            break
    if run < LEAK_MIN_STEPS:
        return None
    tail = steps[-run:]
    return (tail[-1] - tail[0]) / (run - 1), run - 1


# What to change when one category fills the step's peak (capacity): the biggest names the lever.
_CATEGORY_FIX = {
    "activations": "activation checkpointing or a smaller micro-batch",
    "optimizer_state": "shard the optimizer state (FSDP, ZeRO-1) or a lighter optimizer (8-bit Adam, SGD)",
    "parameters": "shard the parameters (FSDP) or keep them in lower precision",
    "gradients": "shard the gradients (FSDP, ZeRO-2) or fewer gradient copies (gradient_as_bucket_view)",
    "buffers": "fewer or smaller registered buffers",
    "other": "memory outside the watched model and optimizer (caches, tensors the loop keeps)",
}


def _category_hint(categories: Sequence[tuple[str, int]]) -> tuple[str, dict[str, int | float]]:
    """ "activations are 61 % of the step peak: activation checkpointing ..." for the biggest
    category of the last step peak; "" without categories."""
    total = sum(n for _, n in categories)
    if total <= 0:
        return "", {}
    name, n = max(categories, key=lambda c: c[1])
    share = n / total
    lever = _CATEGORY_FIX.get(name)
    if lever is None:
        return "", {}
    return (
        f"{name.replace('_', ' ')} are {share * 100:.0f} % of the step peak ({human_bytes(n)}): {lever}",
        {"largest_category_share": round(share, 4), "largest_category_bytes": n},
    )


def _fragmentation_fix(cfg: AllocatorConfig, requested: int) -> tuple[str, dict[str, int | float]]:
    """At an OOM the allocator has already released every wholly free segment, so the free
    bytes left sit between live tensors. No setting joins them: on an H100 with torch 2.11,
    neither expandable_segments, max_split_size_mb, garbage_collection_threshold nor
    empty_cache() let a 16 MiB tensor into 55 GiB of 12 MiB holes (bench/results,
    docs/oom.md). PyTorch's own message suggests expandable_segments here; we do not."""
    what = human_bytes(requested)
    fix = (
        f"no allocator setting joins memory between live tensors (expandable_segments, max_split_size_mb and "
        f"empty_cache() do not); allocate the {what} tensor before the small long-lived ones (or reuse a "
        "preallocated buffer), or keep fewer small tensors alive across this point"
    )
    if cfg.backend == "cudaMallocAsync":
        fix = "under cudaMallocAsync too, " + fix
    return fix, {}


def diagnose(figures: OomFigures) -> Diagnosis:
    """One cause and one fix for an OOM; never raises, never a negative or NaN figure."""
    fig = clean(figures)
    req = fig.requested
    missing = tuple(
        name
        for name, value in (
            ("device_free", fig.device_free),
            ("allocated/reserved", fig.cached_free),
            ("largest_free_block", fig.largest_free_block),
            ("others (NVML)", fig.others),
            ("process_used (NVML)", fig.process_used),
        )
        if value is None
    )
    free = fig.device_free or 0
    cached = fig.cached_free or 0
    total = fig.device_total
    others = fig.others_bytes

    def done(cause: str, summary: str, fix: str, **numbers: int | float) -> Diagnosis:
        return Diagnosis(
            cause, summary, fix, missing, fig, {k: v for k, v in numbers.items() if math.isfinite(v)}
        )

    # 1. limit: the device had the bytes; the process's limit did not. Under an MPS limit the
    # device's free memory the allocator saw is the limit's own, so the test is the limit itself.
    if (
        fig.limit_by == "mps"
        and fig.limit is not None
        and total
        and fig.limit < total
        and fig.reserved is not None
        and fig.reserved + req > fig.limit
        and fig.reserved + req + (others or 0) + (fig.non_pytorch or 0) <= total
    ):
        need = fig.reserved + req + (fig.non_pytorch or 0)
        mib = -(-need // MIB)
        return done(
            "limit",
            f"the MPS memory limit of {human_bytes(fig.limit)} on GPU {fig.device} refused "
            f"{human_bytes(req)}; the GPU itself had room",
            f"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT: raise GPU {fig.device}'s limit to at least {mib}M "
            "(or remove it)",
            needed_bytes=need,
        )
    if (
        fig.limit_by != "mps"
        and fig.limit is not None
        and total
        and fig.limit < total
        and fig.device_free is not None
        and fig.reserved is not None
        and req <= free
    ):
        need = fig.reserved + req
        fraction = min(1.0, math.ceil(need / total * 100) / 100)
        return done(
            "limit",
            f"the process's memory limit of {human_bytes(fig.limit)} refused {human_bytes(req)}; "
            f"the GPU had {human_bytes(free)} free",
            f"torch.cuda.set_per_process_memory_fraction({fraction:.2f}) (or remove the limit)",
            fraction=fraction,
            needed_bytes=need,
        )
    # 2. fragmentation: the bytes were there, but not in one block
    # (at an OOM the allocator has released every segment holding no tensor: what is still
    # cached sits between live tensors, the live figure's "stranded" bytes)
    if (
        fig.cached_free is not None
        and fig.largest_free_block is not None
        and only_stranded_fits(req, fig.largest_free_block, cached, free)
    ):
        frag_fix, frag_numbers = _fragmentation_fix(fig.config, req)
        return done(
            "fragmentation",
            f"{human_bytes(cached)} free in PyTorch's cache, largest block "
            f"{human_bytes(fig.largest_free_block)} < {human_bytes(req)} requested",
            frag_fix,
            **frag_numbers,
        )
    # 3. leak: allocated grew step over step up to the OOM
    leak = _leak(fig.step_allocated)
    if leak is not None:
        per_step, steps = leak
        return done(
            "leak",
            f"allocated memory grew {human_bytes(per_step)} per step for the last {steps} steps",
            f"find what keeps {human_bytes(per_step)} per step alive (gpumemd explain, the leak "
            "finder); the step loop is not freeing it",
            bytes_per_step=per_step,
            steps=steps,
        )
    # 4. graph pools would have covered it
    if fig.pool_reserved and fig.pool_reserved + free + cached >= req:
        which = (
            f" (largest: pool {fig.largest_pool[0]}, {human_bytes(fig.largest_pool[1])})"
            if fig.largest_pool
            else ""
        )
        return done(
            "graph_pools",
            f"{human_bytes(fig.pool_reserved)} held in CUDA-graph/private pools{which}",
            "release the graphs or pools no longer replayed (del the graph, then "
            "torch.cuda.empty_cache()), or capture into one shared pool (graph_pool_handle)",
            pool_bytes=fig.pool_reserved,
        )
    # 5. other processes
    if others and fig.device_free is not None and others + free + cached >= req:
        names = ", ".join(
            f"pid {p.pid}"
            + (f" rank {p.rank}" if p.rank else "")
            + (f" ({p.name})" if p.name else "")
            + f" {human_bytes(p.used_bytes)}"
            for p in sorted(fig.others or (), key=lambda p: -p.used_bytes)[:4]
        )
        return done(
            "other_processes",
            f"other processes hold {human_bytes(others)} on GPU {fig.device}",
            f"free the GPU from: {names}",
            others_bytes=others,
        )
    # 6. non-PyTorch memory of this process grew
    if fig.non_pytorch is not None and fig.non_pytorch_baseline is not None:
        growth = fig.non_pytorch - fig.non_pytorch_baseline
        if growth >= LEAK_MIN_GROWTH and growth + free + cached >= req:
            return done(
                "non_pytorch",
                f"this process's memory outside PyTorch grew {human_bytes(growth)} "
                f"(to {human_bytes(fig.non_pytorch)}: NCCL, libraries, another allocator)",
                "find what allocates outside PyTorch (NCCL_BUFFSIZE, CuPy/JAX pools, cuDNN workspaces) "
                f"and cap it by {human_bytes(growth)}",
                growth_bytes=growth,
            )
    # 7. capacity: what remains
    if fig.device_free is None:  # offline, from a snapshot without its OOM event: no shortfall to give
        return done(
            "capacity",
            f"{human_bytes(req)} requested; PyTorch's cache held {human_bytes(cached)} free, "
            f"its largest block {human_bytes(fig.largest_free_block or 0)}; the device's free memory "
            "is unknown",
            "a smaller micro-batch, activation checkpointing, or more GPUs (sharding); "
            "how much smaller needs the device's figures (run under the gpumemd agent)",
        )
    short = max(0, req - free - cached)
    fix = (
        f"the step needs {human_bytes(short)} more than the GPU can give: a smaller micro-batch, "
        "activation checkpointing, or more GPUs (sharding)"
    )
    numbers: dict[str, int | float] = {"shortfall_bytes": short}
    if fig.allocated is not None and total:
        # what a step leaves behind (weights, gradients, optimizer state): the last step end's
        # allocated; before any step, everything live before this request
        persistent = fig.step_allocated[-1] if fig.step_allocated else fig.allocated
        step_need = fig.allocated + req - persistent  # this step's activations and temporaries so far
        room = (rank_limit(total, fraction_limit=fig.limit, others=others, non_pytorch=fig.non_pytorch)
                or total) - persistent
        k = min(1.0, room / step_need * 0.9) if step_need > 0 and room > 0 else 0.0  # 10 % kept back
        if k < 0.01:
            fix = (
                f"needs {human_bytes(short)} more: not even a small fraction of this batch fits beside what "
                "the step keeps; shard (FSDP), offload, or use a larger GPU"
            )
        else:
            numbers["batch_fraction"] = round(k, 2)
            fix = (
                f"needs {human_bytes(short)} more; a batch of about {k:.0%} of this one fits if the failed "
                "request grows with the batch and is the step's last large one (or activation checkpointing)"
            )
    # the free bytes on the device and in the cache together fall short: no allocator setting
    # makes room that is not there (PyTorch's message suggests expandable_segments here too)
    fix += "; no allocator setting helps (expandable_segments, max_split_size_mb, empty_cache())"
    hint, hint_numbers = _category_hint(fig.categories)
    if hint:
        fix = f"{fix}; {hint}"
        numbers.update(hint_numbers)
    return done(
        "capacity",
        f"{human_bytes(req)} requested, {human_bytes(free)} free on the device and "
        f"{human_bytes(cached)} free in PyTorch's cache",
        fix,
        **numbers,
    )
