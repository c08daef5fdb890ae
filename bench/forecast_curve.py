"""The step peak of GPT-2 124M (eager attention) + AdamW against the sequence length, on a GPU,
measured two ways in the same step: the allocator's counters after a reset (the truth: this
script is the user here) and the allocator's trace (history recorded without stacks), which
is what gpumemd's shape probe reads. Prints one JSON line per length.

    python3 bench/forecast_curve.py [BATCH] [MAX_LENGTH]
"""

from __future__ import annotations

import json
import sys
import time

import torch
from transformers import GPT2Config, GPT2LMHeadModel

BATCH = int(sys.argv[1]) if len(sys.argv) > 1 else 4
MAX_LENGTH = int(sys.argv[2]) if len(sys.argv) > 2 else 2048
SKIP = ["free_completed", "segment_alloc", "segment_free", "snapshot", "segment_map", "segment_unmap"]


def main() -> None:
    cfg = GPT2Config(n_positions=MAX_LENGTH)
    cfg._attn_implementation = "eager"
    torch.manual_seed(0)
    model = GPT2LMHeadModel(cfg).cuda()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5)

    def step(length: int) -> None:
        ids = torch.randint(0, 50257, (BATCH, length), device="cuda")
        model(ids, labels=ids).loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    for n in (64, 128):  # AdamW's state exists from here on
        step(n)
    lengths = list(range(64, MAX_LENGTH + 1, 64))
    for length in lengths:
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
        before = torch.cuda.memory_stats()
        torch.cuda.memory._record_memory_history("all", context=None, stacks="python", max_entries=1 << 18,
                                                 skip_actions=SKIP)
        t0 = time.perf_counter()
        step(length)
        torch.cuda.synchronize()
        t1 = time.perf_counter()
        after = torch.cuda.memory_stats()
        t2 = time.perf_counter()
        trace = torch._C._cuda_memorySnapshot((0, 0, True))["device_traces"][0]
        t3 = time.perf_counter()
        torch.cuda.memory._record_memory_history(None)
        req = best_req = before["requested_bytes.all.current"]
        alloc = best_alloc = before["allocated_bytes.all.current"]
        for e in trace:
            size = e["size"]
            rounded = 512 if size < 512 else -(-size // 512) * 512
            if e["action"] == "alloc":
                req += size
                alloc += rounded
                best_req = max(best_req, req)
                best_alloc = max(best_alloc, alloc)
            elif e["action"] == "free_requested":
                req -= size
                alloc -= rounded
        print(json.dumps({
            "batch": BATCH, "length": length, "tokens": BATCH * length,
            "allocated_peak": after["allocated_bytes.all.peak"],
            "requested_peak": after["requested_bytes.all.peak"],
            "trace_requested_peak": best_req, "trace_rounded_peak": best_alloc,
            "trace_requested_end": req, "requested_end": after["requested_bytes.all.current"],
            "allocated_end": after["allocated_bytes.all.current"], "events": len(trace),
            "step_s": t1 - t0, "snapshot_s": t3 - t2}), flush=True)


if __name__ == "__main__":
    main()
