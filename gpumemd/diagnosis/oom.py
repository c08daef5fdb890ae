"""Why a CUDA allocation failed, and the smallest change under which it would have fit.

One function, `diagnose(acc)`, over one record (`OomAccounting`, gpumemd/diagnosis/
accounting.py), for the agent at the OOM and for `gpumemd explain --snapshot` alike. Each
cause is a counterfactual, a pure function of the accounting: would the request have fit
if ...

- `fragmentation`   ... the free bytes PyTorch's cache already holds, in the pool the request
                    draws from (its stream, its size class), were one block; nobody gives
                    anything up. The fix names a setting only as the allocator would do it:
                    expandable segments unmap and map again whole free pages; the native
                    allocator has already freed every wholly free segment before it raised,
                    so empty_cache() cannot add to that;
- `limit`           ... the fraction or MPS limit (the job's own, or its MPS server's, which
                    the agent infers at the OOM: agent/oomdiag.py) were lifted;
- `graph_pools`     ... the free bytes of CUDA-graph and other private pools were returned;
- `leak`            ... the growth of allocated bytes since the leak began were absent
                    (per optimizer step, from exact step-end figures);
- `non_pytorch`     ... this process's non-PyTorch bytes beyond its CUDA context were free;
- `other_processes` ... the other processes' bytes on the GPU were free;
- `capacity`        none of these: the shortfall, and "larger than the device" (or the
                    limit) outright when the request alone exceeds it.

When several fit, the smallest change wins (`smallest`): first a change that takes memory
from nobody (the cache's free bytes joined: `fragmentation`), then a setting of this process
(the limit), then memory this process holds and does not need, then another process's memory;
within one of these, the change that gives back fewer bytes. Joining comes first because the
bytes are already free: where small tensors fill the device until the allocator refuses, any
memory given up elsewhere would be filled too, and only the same bytes unfragmented fit.
A fix is printed only where its counterfactual says the request fits, and a setting is
named as not helping (`does_not_help`) only where the model's upper bound says so.
docs/oom.md has the model with worked examples.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .accounting import OomAccounting
from .cudacaching import pages_mapped
from .forecast import rank_limit
from .leakverdict import leak_verdict

__all__ = ["CAUSES", "EXPANDABLE", "FORMAT", "REMEDIES", "Counterfactual", "Diagnosis", "counterfactuals",
           "diagnose", "expandable_fits", "human_bytes", "only_stranded_fits", "remedy_fits",
           "smallest", "UNDIAGNOSED"]

FORMAT = "gpumemd-oom-diagnosis/2"

CAUSES = ("fragmentation", "limit", "graph_pools", "leak", "non_pytorch", "other_processes", "capacity")
# `gpumemd_oom_events_total{cause}` of an OOM with no diagnosis (none asked for, or it failed)
UNDIAGNOSED = "undiagnosed"

REMEDIES = ("alloc_conf", "batch_fraction", "free_other_processes", "lift_limit", "free_pools",
            "free_non_pytorch", "fix_leak", "none")

EXPANDABLE = "expandable_segments:True"

MIB = 1 << 20

BATCH_MARGIN = 0.9  # the batch fraction keeps 10 % back: the step's other allocations vary


def human_bytes(n: float) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if abs(n) >= size:
            return f"{n / size:.1f} {unit}"
    return f"{int(n)} B"


def only_stranded_fits(request: int, largest_free_block: int, stranded: int, available: int) -> bool:
    """The live fragmentation figure's test (sources/pools.py): no free block holds `request`,
    but the free bytes stranded between live tensors and what the device can still give
    (`available`) add up to it."""
    return stranded > 0 and largest_free_block < request <= stranded + available


# --- the model ---


def _room(acc: OomAccounting, extra: int = 0, *, own: bool = True, lift_limit: bool = False) -> int:
    """The bytes the allocator could have mapped for the request had `extra` more bytes been
    free on the device: this process's own (`own`: its reserved bytes fall by as much) or
    another's. The fraction limit counts PyTorch's reserved bytes; under an MPS limit the
    device's free memory is the limit's, so another process's bytes do not raise it."""
    rel = acc.releasable if acc.device_free is None else 0  # unknown free: at least what it would release
    free = (acc.device_free or 0) + rel
    room = free + extra
    if acc.limit is not None and not lift_limit:
        if acc.limit_by == "fraction" and acc.limit_counted is not None:
            room = min(room, acc.limit - acc.limit_counted + rel + (extra if own else 0))
        elif acc.limit_by == "mps":
            room = min(room, free + (extra if own else 0))
    if acc.device_total is not None:  # figures read apart can add up past the device: no change makes more
        room = min(room, acc.device_total)
    return max(0, room)


def _lifted_mps_room(acc: OomAccounting) -> int | None:
    """Free on the device without the MPS limit: its total less this process and the others."""
    if acc.device_total is None or acc.process_used is None or acc.others_bytes is None:
        return None
    return max(0, acc.device_total - acc.process_used - acc.others_bytes)


@dataclass(frozen=True)
class Counterfactual:
    """One cause's answer: would the request have fit after this change? None: the model
    cannot tell (an input is missing). `tier` and `frees` order the changes (`smallest`)."""

    cause: str
    fits: bool | None
    # 0: nobody gives anything up (the cache's free bytes joined); 1: a setting of this process;
    # 2: memory this process holds; 3: another process's
    tier: int
    frees: int  # the bytes the change gives back (or the limit rises by)
    setting: str = ""  # fragmentation: the allocator setting under which it fits, if any


def expandable_fits(acc: OomAccounting) -> bool | None:
    """With expandable segments, the free whole pages between live tensors unmapped and
    mapped again for the request. None where the setting is not a change or not possible."""
    cfg = acc.config
    if (acc.requested is None or acc.pools is None or cfg.expandable_segments or cfg.uses_cuda_ipc
            or cfg.backend != "native"):
        return None
    pages = acc.default_free_pages
    return pages > 0 and _room(acc, pages) >= pages_mapped(acc.requested)


def _expandable_cannot(acc: OomAccounting) -> bool:
    """True where no layout can make room: even every free byte PyTorch caches, its private
    pools' included, joined to the device's free memory falls short (the upper bound of any
    allocator setting: the live tensors stay)."""
    cfg = acc.config
    if (acc.requested is None or acc.pools is None or acc.device_free is None or cfg.expandable_segments
            or cfg.backend != "native"):
        return False
    return _room(acc, acc.default_free + acc.releasable + acc.pool_free) < acc.requested


def counterfactuals(acc: OomAccounting) -> tuple[Counterfactual, ...]:
    """Every cause's counterfactual but capacity's, in CAUSES order."""
    s = acc.requested
    known = s is not None
    req = s or 0
    out = []
    # fragmentation: the free cached bytes of the pool the request draws from, joined
    joined = acc.joinable_free
    frag = None if not known or acc.pools is None else joined > 0 and _room(acc, joined) >= req
    exp = expandable_fits(acc)
    out.append(Counterfactual("fragmentation", frag, 0, joined, EXPANDABLE if frag and exp else ""))
    # limit
    if acc.limit is None or not known:
        out.append(Counterfactual("limit", False if known else None, 1, 0))
    elif acc.limit_by == "mps":
        lifted = _lifted_mps_room(acc)
        out.append(Counterfactual("limit", None if lifted is None else lifted >= req, 1,
                                  max(0, req - _room(acc))))
    else:
        lifted_fits = acc.limit_counted is not None and _room(acc, lift_limit=True) >= req
        out.append(Counterfactual("limit", lifted_fits, 1, max(0, req - _room(acc))))
    # graph and private pools
    pool = acc.pool_free
    out.append(Counterfactual("graph_pools", None if not known or acc.pools is None
                              else pool > 0 and _room(acc, pool) >= req, 2, pool))
    # leak
    leak = leak_verdict(acc.step_ends)
    leak_fits = None if not known else leak.leaking and _room(acc, leak.grown) >= req
    out.append(Counterfactual("leak", leak_fits, 2, leak.grown))
    # non-PyTorch memory beyond the CUDA context
    excess = acc.non_pytorch_excess
    out.append(Counterfactual("non_pytorch", None if not known or excess is None
                              else excess > 0 and _room(acc, excess) >= req, 2, excess or 0))
    # other processes
    others = acc.others_bytes
    out.append(Counterfactual("other_processes", None if not known or others is None
                              else others > 0 and _room(acc, others, own=False) >= req, 3, others or 0))
    return tuple(out)


def smallest(fitting: Sequence[Counterfactual]) -> Counterfactual | None:
    """The rule when several changes fit: the lowest tier, then the fewest bytes, then CAUSES order."""
    if not fitting:
        return None
    return min(fitting, key=lambda c: (c.tier, c.frees, CAUSES.index(c.cause)))


# --- the answer ---


@dataclass(frozen=True)
class Diagnosis:
    """The OOM diagnosis: the cause, a one-line summary in figures, the fix, the remedy (what
    a script re-runs), the settings the model says would not make it fit, what it lacked."""

    cause: str  # one of CAUSES
    summary: str
    fix: str
    remedy: dict[str, Any] = field(default_factory=lambda: {"kind": "none"})
    does_not_help: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    accounting: OomAccounting | None = None
    numbers: dict[str, int | float] = field(default_factory=dict)
    fits: dict[str, bool | None] = field(default_factory=dict)  # each counterfactual's answer

    def to_json(self) -> dict[str, Any]:
        """The `.diagnosis.json` document (format gpumemd-oom-diagnosis/2, docs/oom.md)."""
        return {
            "format": FORMAT,
            "cause": self.cause,
            "summary": self.summary,
            "fix": self.fix,
            "remedy": dict(self.remedy),
            "does_not_help": list(self.does_not_help),
            "counterfactuals": dict(self.fits),
            "missing": list(self.missing),
            "numbers": dict(self.numbers),
            "figures": self.accounting.to_json() if self.accounting is not None else {},
        }


def _conf_with(acc: OomAccounting, item: str) -> str:
    """PYTORCH_CUDA_ALLOC_CONF with one more item (the user's own kept, but an earlier value of
    the same key)."""
    key = item.split(":", 1)[0]
    text = re.sub(rf"(^|,){key}:[A-Za-z0-9_.]*", "", acc.config.text).strip(",")
    return f"{text},{item}" if text else item


def _batch(acc: OomAccounting) -> tuple[float, int, int] | None:
    """(fraction, step need, room): the share of this batch that fits beside what a step keeps,
    assuming the step's allocations, the failed one included, scale with the batch."""
    if acc.allocated is None or acc.requested is None or acc.device_total is None:
        return None
    persistent = acc.step_ends[-1][1] if acc.step_ends else acc.allocated
    persistent = min(persistent, acc.allocated)
    need = acc.allocated + acc.requested - persistent
    cap = rank_limit(acc.device_total, fraction_limit=acc.limit, others=acc.others_bytes,
                     non_pytorch=acc.non_pytorch)
    room = (cap or acc.device_total) - persistent
    if need <= 0 or room <= 0:
        return None
    k = math.floor(min(1.0, room / need * BATCH_MARGIN) * 100) / 100
    return (k, need, room) if 0.01 <= k < 1.0 else None


def remedy_fits(acc: OomAccounting, remedy: dict[str, Any]) -> bool:
    """The remedy's own counterfactual, from its own numbers: would the request fit after it?
    (`none` names no change: vacuously true.) Held against every diagnosis by the tests."""
    kind, req = remedy.get("kind"), acc.requested
    if kind == "none":
        return True
    if req is None:
        return False
    if kind == "alloc_conf":
        return remedy.get("alloc_conf", "").endswith(EXPANDABLE) and expandable_fits(acc) is True
    if kind == "lift_limit":
        lifted = _room(acc, lift_limit=True) >= req
        if "fraction" in remedy:
            counted = acc.limit_counted
            return (lifted and acc.device_total is not None and counted is not None
                    and remedy["fraction"] * acc.device_total >= counted + req)
        if "mps_limit_bytes" in remedy:
            device = _lifted_mps_room(acc)
            return (device is not None and device >= req and acc.process_used is not None
                    and remedy["mps_limit_bytes"] >= acc.process_used + req)
        return acc.limit_by == "fraction" and lifted  # the limit removed
    if kind == "batch_fraction":
        b = _batch(acc)
        if b is None:
            return False
        _, need, room = b
        return remedy.get("fraction", 1.0) * need <= room
    extra = {"free_pools": acc.pool_free, "free_non_pytorch": acc.non_pytorch_excess or 0,
             "free_other_processes": acc.others_bytes or 0}
    if kind == "fix_leak":
        leak = leak_verdict(acc.step_ends)
        return leak.leaking and _room(acc, leak.grown) >= req
    if kind in extra:
        return _room(acc, extra[kind], own=kind != "free_other_processes") >= req
    return False


def diagnose(acc: OomAccounting) -> Diagnosis:
    """One cause, one fix, one remedy; never raises, never a negative or NaN figure."""
    cfs = counterfactuals(acc)
    fits = {c.cause: c.fits for c in cfs}
    best = smallest([c for c in cfs if c.fits])
    not_helping = (EXPANDABLE,) if _expandable_cannot(acc) else ()
    cause = best.cause if best is not None else "capacity"
    summary, fix, remedy, numbers = _say(acc, cause, best)
    if not_helping and cause == "capacity":  # the setting PyTorch's own OOM message suggests
        fix += (f"; {EXPANDABLE} does not help: every free byte of PyTorch's cache joined to the "
                f"device's free "
                "memory still falls short")
    fits["capacity"] = best is None
    return Diagnosis(
        cause, summary, fix, remedy, not_helping, acc.missing, acc,
        {k: v for k, v in numbers.items() if math.isfinite(v) and v >= 0}, fits,
    )


# What to change when one category fills the step's peak (capacity): the biggest names the lever.
_CATEGORY_FIX = {
    "activations": "activation checkpointing or a smaller micro-batch",
    "optimizer_state": "shard the optimizer state (FSDP, ZeRO-1) or a lighter optimizer (8-bit Adam, SGD)",
    "parameters": "shard the parameters (FSDP) or keep them in lower precision",
    "gradients": "shard the gradients (FSDP, ZeRO-2) or fewer gradient copies (gradient_as_bucket_view)",
    "buffers": "fewer or smaller registered buffers",
    "comm_buckets": "DDP's gradient_as_bucket_view=True (the grads become views of the buckets: one copy "
                    "fewer) or a smaller bucket_cap_mb",
    "unsharded_parameters": "reshard after backward (FSDP2's default) or smaller fully_shard units",
    "other": "memory outside the watched model and optimizer (caches, tensors the loop keeps)",
}


def _category_hint(categories: Sequence[tuple[str, int]]) -> tuple[str, dict[str, int | float]]:
    """ "activations are 61 % of the step peak: activation checkpointing ..." for the biggest
    category of the last step peak; "" without categories."""
    total = sum(n for _, n in categories)
    if total <= 0:
        return "", {}
    name, n = max(categories, key=lambda c: c[1])
    lever = _CATEGORY_FIX.get(name)
    if lever is None:
        return "", {}
    share = n / total
    return (
        f"{name.replace('_', ' ')} are {share * 100:.0f} % of the step peak ({human_bytes(n)}): {lever}",
        {"largest_category_share": round(share, 4), "largest_category_bytes": n},
    )


def _say(acc: OomAccounting, cause: str, best: Counterfactual | None
         ) -> tuple[str, str, dict[str, Any], dict[str, int | float]]:
    """(summary, fix, remedy, numbers) of the chosen cause."""
    req = acc.requested or 0
    what = human_bytes(req)
    room = _room(acc)
    short = max(0, req - room)
    gpu = f"GPU {acc.device}"
    if cause == "fragmentation":
        joined, largest = acc.joinable_free, acc.largest_free_block or 0
        summary = (f"{human_bytes(joined)} free in PyTorch's cache between live tensors where this request "
                   f"could use them, the largest block "
                   f"{human_bytes(largest)} < {what} requested ({human_bytes(room)} free on the device)")
        if best is not None and best.setting:
            conf = _conf_with(acc, best.setting)
            pages = acc.default_free_pages
            return (summary,
                    f"PYTORCH_CUDA_ALLOC_CONF={conf}: expandable segments unmap the "
                    f"{human_bytes(pages)} of whole "
                    f"free pages between live tensors and map them again for the {what} request",
                    {"kind": "alloc_conf", "alloc_conf": conf}, {"free_pages_bytes": pages})
        return (summary,
                f"allocate the {what} tensor before the small long-lived ones (or reuse a "
                f"preallocated buffer), "
                "or keep fewer small tensors alive across this point; in this layout the free blocks hold "
                f"{human_bytes(acc.default_free_pages)} of whole pages, too little for expandable "
                f"segments to remap for {what} (from the start with {EXPANDABLE} the layout differs: "
                "a snapshot cannot tell, nor what max_split_size_mb would change; a re-run can)",
                {"kind": "none"}, {"joined_bytes": joined})
    if cause == "limit":
        alone = acc.limit is not None and req > acc.limit
        over = (f" (the request alone is larger than the limit of {human_bytes(acc.limit or 0)})"
                if alone else "")
        if acc.limit_by == "mps":
            need = (acc.process_used or 0) + req
            mib = -(-need // MIB)
            remedy = {"kind": "lift_limit", "mps_limit_bytes": mib * MIB}
            if acc.mps_limit_by == "node":
                return _mps_server_limit(acc, what, over, need, mib, remedy)
            return (f"the MPS memory limit of {human_bytes(acc.limit or 0)} on {gpu} refused {what}{over}; "
                    "the GPU itself had room",
                    f"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT: raise {gpu}'s limit to at least {mib}M (or "
                    f"remove it)",
                    remedy, {"needed_bytes": need})
        need = (acc.limit_counted or 0) + req
        by_conf = acc.fraction_set_by == "conf"
        who = ("per_process_memory_fraction in PYTORCH_CUDA_ALLOC_CONF" if by_conf
               else "torch.cuda.set_per_process_memory_fraction")
        summary = (f"the process's memory limit of {human_bytes(acc.limit or 0)} ({who}) refused "
                   f"{what}{over}; the GPU had {human_bytes(acc.device_free or 0)} free")
        if acc.device_total is None or acc.limit_counted is None or need > acc.device_total:
            return (summary, f"remove the limit ({who})", {"kind": "lift_limit"}, {"needed_bytes": need})
        fraction = min(1.0, math.ceil(need / acc.device_total * 100) / 100)
        setting = (f"PYTORCH_CUDA_ALLOC_CONF=per_process_memory_fraction:{fraction:.2f}" if by_conf
                   else f"torch.cuda.set_per_process_memory_fraction({fraction:.2f})")
        return (summary, f"{setting} (or remove the limit)",
                {"kind": "lift_limit", "fraction": fraction}, {"fraction": fraction, "needed_bytes": need})
    if cause == "graph_pools":
        pools = [p for p in acc.pools or () if p.private]
        top = max(pools, key=lambda p: p.free + p.releasable, default=None)
        which = f" (most in pool {top.pool}: {human_bytes(top.free + top.releasable)})" if top else ""
        return (f"{human_bytes(acc.pool_free)} free inside CUDA-graph/private pools{which}, where the "
                "default "
                f"pool cannot use it; {what} requested, {human_bytes(room)} free on the device",
                "release the graphs or pools no longer replayed (del the graph and the tensors of "
                "its pool, then "
                "torch.cuda.empty_cache()), or allocate this tensor in the pool that holds the free bytes "
                "(torch.cuda.use_mem_pool / the same graph's pool)",
                {"kind": "free_pools", "bytes": acc.pool_free}, {"pool_free_bytes": acc.pool_free})
    if cause == "leak":
        leak = leak_verdict(acc.step_ends)
        per, steps, grown = leak.bytes_per_step, leak.steps, leak.grown
        return (f"allocated memory at the optimizer step's end grew {human_bytes(per)} per step "
                f"over the last "
                f"{steps} steps, since step {leak.since_step} ({human_bytes(grown)}); without that growth "
                f"the {what} request fits",
                f"find what keeps {human_bytes(per)} per optimizer step alive (gpumemd explain "
                f"--diff, the leak "
                "finder); the step loop is not freeing it",
                {"kind": "fix_leak", "bytes_per_step": per},
                {"bytes_per_step": per, "steps": steps, "growth_bytes": grown})
    if cause == "non_pytorch":
        excess = acc.non_pytorch_excess or 0
        return (f"this process holds {human_bytes(acc.non_pytorch or 0)} outside PyTorch on {gpu}, "
                f"{human_bytes(excess)} beyond its CUDA context ({human_bytes(acc.context)}): "
                "another allocator "
                "(CuPy, JAX), NCCL, libraries",
                f"free or cap this process's memory outside PyTorch by at least {human_bytes(short)} (CuPy: "
                "cupy.get_default_memory_pool().free_all_blocks() or set_limit; NCCL_BUFFSIZE; cuDNN/cuBLAS "
                "workspaces)",
                {"kind": "free_non_pytorch", "bytes": short}, {"growth_bytes": excess, "needed_bytes": short})
    if cause == "other_processes":
        others = acc.others_bytes or 0
        names = ", ".join(
            f"pid {p.pid}" + (f" rank {p.rank}" if p.rank else "") + (f" ({p.name})" if p.name else "")
            + f" {human_bytes(p.used_bytes)}"
            for p in sorted(acc.others or (), key=lambda p: -p.used_bytes)[:4]
        )
        return (f"other processes hold {human_bytes(others)} on {gpu}; {what} requested, "
                f"{human_bytes(room)} free",
                f"free the GPU from: {names}",
                {"kind": "free_other_processes", "pids": [p.pid for p in acc.others or ()], "bytes": short},
                {"others_bytes": others, "needed_bytes": short})
    return _capacity(acc, room, short)


def _mps_server_limit(acc: OomAccounting, what: str, over: str, need: int, mib: int,
                      remedy: dict[str, Any]) -> tuple[str, str, dict[str, Any], dict[str, int | float]]:
    """The `limit` answer where the MPS server's limit refused it (inferred at the OOM,
    agent/oomdiag.py): set through its control daemon, not in this process's environment."""
    gpu = f"GPU {acc.device}"
    seen = (f"CUDA's free {human_bytes(acc.device_free or 0)} with this process's "
            f"{human_bytes(acc.process_used or 0)}")
    if acc.gpu_free is not None:
        seen += f", while NVML saw {human_bytes(acc.gpu_free)} free on the GPU"
    numbers: dict[str, int | float] = {"needed_bytes": need, "limit_bytes": acc.limit or 0}
    return (f"the MPS server's memory limit on {gpu}, about {human_bytes(acc.limit or 0)} ({seen}), "
            f"refused {what}{over}; the GPU itself had room",
            f"raise the MPS limit on {gpu} to at least {mib}M (or remove it) through the MPS control "
            "daemon that set it, not this process's environment: "
            f"set_device_pinned_mem_limit <server pid> <device> {mib}M for the running server's new "
            f"clients, set_default_device_pinned_mem_limit <device> {mib}M for new servers; then "
            "restart this process",
            remedy, numbers)


def _capacity(acc: OomAccounting, room: int, short: int
              ) -> tuple[str, str, dict[str, Any], dict[str, int | float]]:
    req = acc.requested
    if req is None:
        return ("the failed request's size is unknown (no OOM event in the snapshot)",
                "pass --requested BYTES (the size in the error message) for a diagnosis",
                {"kind": "none"}, {})
    what = human_bytes(req)
    numbers: dict[str, int | float] = {"shortfall_bytes": short}
    leak = leak_verdict(acc.step_ends)
    aside = (f"; allocated also grew {human_bytes(leak.bytes_per_step)} per optimizer step, which does not "
             "explain it" if leak.leaking else "")
    total = acc.device_total
    if total is not None and req > total:
        return (f"the request alone ({what}) is larger than the device ({human_bytes(total)}){aside}",
                "no change to the loop or the allocator makes one tensor larger than the GPU fit: check the "
                "tensor's shape, or split it (chunk the computation, shard across GPUs)",
                {"kind": "none"}, numbers)
    if acc.limit is not None and req > acc.limit:
        return (f"the request alone ({what}) is larger than the limit ({human_bytes(acc.limit)}){aside}",
                "check the tensor's shape, or split it (chunk the computation, shard across GPUs)",
                {"kind": "none"}, numbers)
    if total is None and acc.device_free is not None and acc.reserved is not None \
            and req > acc.device_free + acc.reserved:
        return (f"the request alone ({what}) is larger than the device's free memory and PyTorch's "
                f"whole cache "
                f"together ({human_bytes(acc.device_free + acc.reserved)}){aside}",
                "check the tensor's shape, or split it (chunk the computation, shard across GPUs)",
                {"kind": "none"}, numbers)
    summary = (f"{what} requested, {human_bytes(room)} free to the allocator and "
               f"{human_bytes(acc.cached_free or 0)} free in PyTorch's cache{aside}")
    if acc.device_free is None:
        return (summary + "; the device's free memory is unknown",
                "a smaller micro-batch, activation checkpointing, or more GPUs (sharding); how much "
                "smaller needs "
                "the device's figures (run under the gpumemd agent)", {"kind": "none"}, numbers)
    batch = _batch(acc)
    remedy: dict[str, Any] = {"kind": "none"}
    if batch is None:
        fix = (f"needs {human_bytes(short)} more: not even a small fraction of this batch fits "
               f"beside what the "
               "step keeps; shard (FSDP), offload, or use a larger GPU")
    else:
        k = batch[0]
        numbers["batch_fraction"] = k
        remedy = {"kind": "batch_fraction", "fraction": k}
        fix = (f"needs {human_bytes(short)} more; a batch of {k:.0%} of this one fits if the step's "
               f"allocations, "
               "this request included, grow with the batch (or activation checkpointing)")
    hint, hint_numbers = _category_hint(acc.categories)
    if hint:
        fix = f"{fix}; {hint}"
        numbers.update(hint_numbers)
    return summary, fix, remedy, numbers
