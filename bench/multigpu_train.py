"""One torchrun rank of bench/multigpu.py: a GPT-2-sized transformer (random init) under DDP or FSDP.

    torchrun --nproc-per-node N bench/multigpu_train.py --mode ddp|fsdp --steps 300 --out DIR
             [--oom-rank K] [--share-one-gpu] [--stop FILE] [--watch] [--keep-unsharded]

bf16 autocast, AdamW, random tokens. FSDP is FSDP2's `fully_shard` where this torch has it,
else FSDP1. After training the rank `--oom-rank` allocates until it runs out of memory once
(and frees it); then every rank writes `DIR/rank-<RANK>.json` and holds its memory (model,
optimizer, NCCL's buffers) until `--stop` exists, so the daemon can be scraped at rest and a
rank killed. `--share-one-gpu` puts every rank on cuda:0 with gloo (NCCL refuses two ranks
of one communicator on one GPU): the dry run on a single-GPU machine. `--watch` hands the
model and optimizer to `gpumemd.watch` and appends this rank's storage truth at each
optimizer step's end to `DIR/truth-<RANK>.jsonl` (`storage_truth`, computed here apart from
the agent), so the bench can compare the daemon's categories with it at every scrape.
`--keep-unsharded` (FSDP2): `set_reshard_after_backward(False)`, the all-gathered parameters
held from one backward to the next forward (`unsharded_parameters` at each step's end).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["main"]


def build_model(mode: str, device: Any) -> tuple[Any, str]:
    from torch.nn.parallel import DistributedDataParallel
    from transformers import GPT2Config, GPT2LMHeadModel

    cfg = GPT2Config(n_layer=12, n_embd=768, n_head=12, n_positions=1024, vocab_size=50257)
    model = GPT2LMHeadModel(cfg).to(device)
    if mode == "ddp":
        return DistributedDataParallel(model, device_ids=[device.index]), "ddp"
    try:
        from torch.distributed.fsdp import fully_shard
    except ImportError:
        try:
            from torch.distributed._composable.fsdp import fully_shard
        except ImportError:
            fully_shard = None
    if fully_shard is not None:
        for block in model.transformer.h:
            fully_shard(block)
        fully_shard(model)
        return model, "fsdp2"
    from torch.distributed.fsdp import FullyShardedDataParallel

    return FullyShardedDataParallel(model, device_id=device), "fsdp1"  # torch.distributed.fsdp without FSDP2


BLOCK = 512  # the caching allocator's unit: a storage on the GPU holds whole blocks


def storage_truth(model: Any, opt: Any, device: Any, params: list[Any] | None = None) -> dict[str, int]:
    """This rank's counted categories now: the bytes of the distinct storages on `device` (on
    a GPU in whole allocator blocks) of the model's parameters (a DTensor: its local shard),
    buffers, the parameters' grads and the optimizer's state, each storage in the first
    category that holds it; then `unsharded_parameters`: the parameters the modules hold now
    that are none of those (FSDP2 puts its all-gathered parameters on the modules while they
    are unsharded); `comm_buckets`: DDP's buckets when the grads are not views of them, sized
    by the reducer's own copies of them (`_get_zeros_like_grad_buckets`, allocated and freed
    here). `params`: the parameters as listed at rest (`model.parameters()` when None), for
    FSDP2 runs whose modules hold the unsharded ones at a step's end."""
    seen: set[int] = set()

    def local(t: Any) -> Any:
        return t.to_local() if hasattr(t, "to_local") else t

    def total(tensors: Any) -> int:
        n = 0
        for t in tensors:
            if t is None:
                continue
            t = local(t)
            if t.device != device:
                continue
            s = t.untyped_storage()
            if s.data_ptr() in seen or s.nbytes() == 0:
                continue
            seen.add(s.data_ptr())
            n += s.nbytes() if device.type == "cpu" else -(-s.nbytes() // BLOCK) * BLOCK
        return n

    listed = list(model.parameters()) if params is None else params
    out = {
        "parameters": total(listed),
        "buffers": total(model.buffers()),
        "gradients": total(p.grad for p in listed),
        "optimizer_state": total(v for st in opt.state.values() for v in st.values()),
        "unsharded_parameters": total(model.parameters()),  # the listed ones are seen: the rest
        "comm_buckets": 0,
    }
    ddp = getattr(model, "_orig_mod", model)  # a compiled DDP: the DDP inside
    if hasattr(ddp, "reducer") and not ddp.gradient_as_bucket_view:
        copies = [b.buffer() for b in ddp.reducer._get_zeros_like_grad_buckets()]
        out["comm_buckets"] = total(copies)  # fresh storages, each its bucket's size
        del copies
    return out


FSDP_ATTRS = ("all_gather_outputs", "_unsharded_inner_tensors", "_sharded_post_forward_param_data")


def fsdp_storage(model: Any) -> dict[str, Any]:
    """Where FSDP2 holds the unsharded parameters now, from torch's own objects (issue 37: the
    agent read 0 of the kept ones on a GPU where it reads them on CPU): the attribute of the
    states' own `__dict__` holding their groups (`_fsdp_param_groups`, a list, or the one
    `_fsdp_param_group` of a torch before per-parameter meshes); per attribute the agent reads
    of each FSDPParam (FSDP_ATTRS) and for the modules' `_unsharded_param`, the bytes of its
    distinct non-empty storages; and how many of those unsharded parameters share a storage
    with an `all_gather_outputs` tensor."""
    from torch.distributed.fsdp import FSDPModule

    layouts: set[str] = set()
    groups: dict[int, Any] = {}
    for m in model.modules():
        if isinstance(m, FSDPModule):
            state = m._get_fsdp_state()
            layouts.update(k for k in ("_fsdp_param_groups", "_fsdp_param_group") if k in vars(state))
            group = state._fsdp_param_group  # either layout: a property over the list in the newer
            if group is not None:
                groups[id(group)] = group
    held = dict.fromkeys((*FSDP_ATTRS, "_unsharded_param"), 0)
    seen: dict[str, set[int]] = {k: set() for k in held}
    fsdp_params = in_outputs = 0

    def claim(attr: str, t: Any) -> int | None:
        if t is None:
            return None
        s = t.untyped_storage()
        if s.nbytes() > 0 and s.data_ptr() not in seen[attr]:
            seen[attr].add(s.data_ptr())
            held[attr] += s.nbytes()
        return s.data_ptr() if s.nbytes() > 0 else None

    for group in groups.values():
        for fp in group.fsdp_params:
            fsdp_params += 1
            own = vars(fp)
            outputs = {claim("all_gather_outputs", t) for t in own.get("all_gather_outputs") or ()}
            for t in own.get("_unsharded_inner_tensors") or ():
                claim("_unsharded_inner_tensors", t)
            claim("_sharded_post_forward_param_data", own.get("_sharded_post_forward_param_data"))
            ptr = claim("_unsharded_param", own.get("_unsharded_param"))
            in_outputs += ptr is not None and ptr in outputs
    return {"state_layout": sorted(layouts), "groups": len(groups), "fsdp_params": fsdp_params,
            "bytes": held, "unsharded_param_in_all_gather_outputs": in_outputs}


def oom_once(torch: Any, device: Any) -> dict[str, Any]:
    """Allocate 1 GiB blocks until CUDA refuses one; free them. Returns what happened."""
    held, raised = [], False
    try:
        for _ in range(100_000):
            held.append(torch.empty(1 << 30, dtype=torch.uint8, device=device))
    except torch.cuda.OutOfMemoryError:
        raised = True
    got = len(held)
    held.clear()
    torch.cuda.empty_cache()
    return {"raised": raised, "gib_before_oom": got}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("ddp", "fsdp"), default="ddp")
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--seq", type=int, default=512)
    ap.add_argument("--oom-rank", type=int, default=-1)
    ap.add_argument("--share-one-gpu", action="store_true")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--stop", type=Path)
    ap.add_argument("--hold-s", type=float, default=300.0, help="longest wait for --stop")
    ap.add_argument("--watch", action="store_true", help="gpumemd.watch, and the storage truth per step")
    ap.add_argument("--keep-unsharded", action="store_true",
                    help="FSDP2: set_reshard_after_backward(False), its gathered parameters kept")
    args = ap.parse_args()

    import torch
    import torch.distributed as dist

    rank, local = int(os.environ["RANK"]), int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", 0 if args.share_one_gpu else local)
    torch.cuda.set_device(device)
    dist.init_process_group("gloo" if args.share_one_gpu else "nccl")
    torch.manual_seed(rank)
    model, flavour = build_model(args.mode, device)
    if args.keep_unsharded and flavour == "fsdp2":
        model.set_reshard_after_backward(False)
        flavour = "fsdp2-keep-unsharded"
    at_rest = list(model.parameters())  # FSDP2's shards: its modules hold the unsharded ones when kept
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    truth = None
    last_truth: dict[str, int] | None = None
    watched_at = time.perf_counter()  # the agent's budget counts from watch()
    if args.watch:
        import gpumemd

        gpumemd.watch(model, opt)
        truth = open(args.out / f"truth-{rank}.jsonl", "a")  # noqa: SIM115 (closed after training)

    def log_truth(step: int) -> None:
        nonlocal last_truth
        if truth is not None:
            torch.cuda.synchronize()
            last_truth = storage_truth(model, opt, device, at_rest)
            line = {"t": time.time(), "step": step, "categories": last_truth}
            truth.write(json.dumps(line) + "\n")
            truth.flush()

    log_truth(0)  # at rest, as watch() counted it
    fsdp_at_end: dict[str, Any] | None = None
    step_s = []
    for i in range(args.steps):
        t = time.perf_counter()
        tokens = torch.randint(0, 50257, (args.batch, args.seq), device=device)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(input_ids=tokens, labels=tokens).loss
        loss.backward()
        opt.step()
        torch.cuda.synchronize()  # the step's GPU work in its time, not in the truth logging's
        took = time.perf_counter() - t
        log_truth(i + 1)  # the optimizer step's end, where the agent counts (not in the step time)
        if truth is not None and flavour.startswith("fsdp2") and i + 1 == args.steps:
            fsdp_at_end = fsdp_storage(model)  # beside the last truth: what holds its unsharded bytes
        t = time.perf_counter()
        opt.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        step_s.append(took + time.perf_counter() - t)
    since_watch = time.perf_counter() - watched_at
    if truth is not None:
        truth.close()
    dist.barrier()
    oom = oom_once(torch, device) if rank == args.oom_rank else None
    dist.barrier()
    from gpumemd.agent import api  # started by gpumemd run's sitecustomize

    running = api.current()
    categories = running.categories if running is not None else None
    doc = {
        "rank": rank,
        "local_rank": local,
        "pid": os.getpid(),
        "device": str(device),
        "mode": flavour,
        "agent": api.current() is not None,
        "steps": args.steps,
        "loss": float(loss),
        "step_ms_p50": round(statistics.median(step_s[len(step_s) // 10 :] or step_s) * 1000, 2),
        "max_reserved": torch.cuda.max_memory_reserved(device),
        "reserved": torch.cuda.memory_reserved(device),
        "allocated": torch.cuda.memory_allocated(device),
        "oom": oom,
        "last_truth": last_truth,  # the storage truth at the last step's end (--watch)
        "fsdp_storage": fsdp_at_end,  # FSDP2 with --watch: fsdp_storage at the last step's end
        "train_s": round(sum(step_s), 3),
        "since_watch_s": round(since_watch, 3),  # the training thread from watch() to the last step end
        # the categories' passes in the optimizer-step hook: their count and time, in place
        "category_passes": categories.walks if categories is not None else None,
        "category_pass_s": round(categories.walk_seconds, 6) if categories is not None else None,
        "category_last_pass_ms": (round(categories.last_walk_seconds * 1e3, 4)
                                  if categories is not None else None),
        "category_watch_pass_ms": (round(categories.watch_walk_seconds * 1e3, 4)
                                   if categories is not None else None),  # watch()'s, outside the budget
        "torch": torch.__version__,
        "nccl": ".".join(map(str, torch.cuda.nccl.version())),
        "device_name": torch.cuda.get_device_name(device),
    }
    tmp = args.out / f".rank-{rank}.json"
    tmp.write_text(json.dumps(doc))
    os.rename(tmp, args.out / f"rank-{rank}.json")
    deadline = time.monotonic() + args.hold_s
    while args.stop is not None and not args.stop.exists() and time.monotonic() < deadline:
        time.sleep(0.1)  # holding the memory while the bench scrapes; the stop file is another process's
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
