"""What one category pass costs the training thread, on CPU: GPT-2 small's tensor count.

    PYTHONPATH=<checkout> python3 bench/category_pass_cost.py [--mode plain|ddp|fsdp] [--passes 300]

A model with GPT-2 small's 148 parameters (its layer structure, narrow widths: a pass reads
pointers and sizes, so its cost follows the tensor count, not the bytes), AdamW with its
state after one step, one gloo rank; `plain`, under DDP (its buckets read from its logger:
`comm_buckets`) or FSDP2 (`fully_shard` per block and at the root: its groups' unsharded
tensors). Times `CategorySource.on_boundary` with a pass at every call (the budget off), as
the optimizer-step hook calls it. PYTHONPATH picks the checkout measured (run it once against
each to compare before and after). Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

__all__ = ["gpt2_shaped", "main"]


def gpt2_shaped(torch: Any, width: int = 64, vocab: int = 1000, layers: int = 12) -> Any:
    """GPT-2's parameter list (wte, wpe, 12 blocks of ln/attn/proj/ln/fc/proj, ln_f): 148 tensors."""
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.ln_1, self.ln_2 = nn.LayerNorm(width), nn.LayerNorm(width)
            self.c_attn, self.attn_proj = nn.Linear(width, 3 * width), nn.Linear(width, width)
            self.c_fc, self.mlp_proj = nn.Linear(width, 4 * width), nn.Linear(4 * width, width)

        def forward(self, x: Any) -> Any:
            q, _, _ = self.c_attn(self.ln_1(x)).chunk(3, dim=-1)
            x = x + self.attn_proj(q)
            return x + self.mlp_proj(torch.relu(self.c_fc(self.ln_2(x))))

    class Model(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.wte, self.wpe = nn.Embedding(vocab, width), nn.Embedding(64, width)
            self.h = nn.ModuleList(Block() for _ in range(layers))
            self.ln_f = nn.LayerNorm(width)

        def forward(self, tokens: Any) -> Any:
            x = self.wte(tokens) + self.wpe(torch.arange(tokens.shape[1]))
            for block in self.h:
                x = block(x)
            return self.ln_f(x) @ self.wte.weight.T

    return Model()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("plain", "ddp", "fsdp"), default="plain")
    ap.add_argument("--passes", type=int, default=300)
    args = ap.parse_args()

    import torch
    import torch.distributed as dist

    from gpumemd.agent.categories import CategorySource

    torch.manual_seed(0)
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", str(29_500 + os.getpid() % 1000))
    dist.init_process_group("gloo", rank=0, world_size=1)
    model = gpt2_shaped(torch)
    if args.mode == "ddp":
        model = torch.nn.parallel.DistributedDataParallel(model)
    elif args.mode == "fsdp":
        from torch.distributed.fsdp import fully_shard

        for block in model.h:
            fully_shard(block)
        fully_shard(model)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    tokens = torch.randint(0, 1000, (2, 16))
    model(tokens).sum().backward()
    opt.step()

    class Step:  # the allocator's last closed step, as AllocatorSource gives it
        allocated_end_bytes, allocated_bytes = 1 << 30, 2 << 30

    src = CategorySource({}, device_type=lambda: "cpu")
    src.follow(lambda device: Step())
    src.budget = float("inf")
    assert src.watch(model, opt)
    took = []
    for i in range(args.passes):
        t = time.perf_counter()
        src.on_boundary(i)
        took.append(time.perf_counter() - t)
    took.sort()
    walk = src._counted.walk if src._counted is not None else None  # noqa: SLF001 (a bench reads it)
    print(json.dumps({
        "mode": args.mode, "passes": args.passes, "tensors": walk.tensors if walk else None,
        "bytes": walk.bytes.get(("cpu", 0)) if walk else None,
        "pass_ms_p50": round(statistics.median(took) * 1e3, 4),
        "pass_ms_p90": round(took[int(len(took) * 0.9)] * 1e3, 4),
        "torch": torch.__version__,
    }))
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
