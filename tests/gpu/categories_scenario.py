"""The GPU scenario of tests/gpu/test_categories_gpu.py, in its own process (clean CUDA state):
GPT-2 small (transformers, random init, bf16 autocast) + AdamW through the agent with
`watch(model, optimizer)`; the agent's categories against MemTracker's and against storage
sums computed here.

    python tests/gpu/categories_scenario.py eager|compile   -> one JSON line on stdout
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402

STEPS, BATCH, SEQUENCE = 6, 8, 512
BLOCK = 512


def storage_sum(tensors: Any, seen: set[int]) -> int:
    """Bytes of the distinct CUDA storages among `tensors` not in `seen`, each rounded up to the
    allocator's 512-byte blocks (computed here with the public API, apart from the agent)."""
    total = 0
    for t in tensors:
        if t is None or not t.is_cuda:
            continue
        s = t.untyped_storage()
        if s.data_ptr() in seen or s.nbytes() == 0:
            continue
        seen.add(s.data_ptr())
        total += math.ceil(s.nbytes() / BLOCK) * BLOCK
    return total


def memtracker(net: Any, opt: Any, step: Any) -> dict[str, int] | str:
    try:
        from torch.distributed._tools.mem_tracker import MemTracker
    except Exception as exc:  # noqa: BLE001
        return f"no MemTracker: {exc!r}"
    try:
        mt = MemTracker()
        mt.track_external(net, opt)
        with mt:
            step()
        torch.cuda.synchronize()
        snap = mt.get_tracker_snapshot("current")
        dev = next(d for d in snap if getattr(d, "type", str(d)) == "cuda" or str(d).startswith("cuda"))
        return {str(k.value if hasattr(k, "value") else k): int(v) for k, v in snap[dev].items()}
    except Exception as exc:  # noqa: BLE001 - a torch where it does not run: say so
        return f"MemTracker failed: {exc!r}"


def main(mode: str) -> dict[str, Any]:
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    torch.cuda.init()
    config = GPT2Config()
    net = GPT2LMHeadModel(config).cuda()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    ids = torch.randint(0, config.vocab_size, (BATCH, SEQUENCE), device="cuda")
    model = torch.compile(net) if mode == "compile" else net

    def step() -> None:
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()

    a = Agent(listen_address=None, spool_dir="", interval=10.0, tick="step", evaluation_interval=0.05).start()
    a.sample_once()  # CUDA up, torch imported: the step hook is installed
    a.steps.peak_budget = float("inf")  # a boundary after every step
    a.categories.budget = float("inf")  # and the categories counted at each: the last row is the last step's
    watched = a.watch(model, opt)  # the compiled wrapper: its parameters are the model's
    rows = []
    for i in range(STEPS):
        step()
        torch.cuda.synchronize()
        time.sleep(0.05)
        snap = a.sample_once()
        r = snap.readings["allocator"][0]
        cats = snap.readings.get("categories") or ()
        rows.append({"step": i, "allocated": r.allocated_bytes,
                     "step_peak": r.step.allocated_bytes if r.step is not None else None,
                     "step_end": r.step.allocated_end_bytes if r.step is not None else None,
                     "end": cats[0].end if cats else None, "peak": cats[0].peak if cats else None,
                     "walk_seconds": a.categories.last_walk_seconds})
    seen: set[int] = set()
    params = list(net.parameters())
    expected = {"parameters": storage_sum(params, seen),
                "buffers": storage_sum(net.buffers(), seen),
                "gradients": storage_sum((p.grad for p in params), seen),
                "optimizer_state": storage_sum((v for s in opt.state.values() for v in s.values()), seen)}
    series = {(s.labels["category"], s.labels["at"]): s.value for f in a.sample_once().exposition.families
              for s in f.samples if s.name == "gpumemd_allocator_category_bytes"}
    a.stop()
    mt = memtracker(net, opt, step) if mode == "eager" else "not run under compile"
    return {"mode": mode, "watched": watched, "rows": rows, "expected": expected,
            "series": {f"{c}/{at}": v for (c, at), v in series.items()}, "memtracker": mt,
            "parameters": sum(p.numel() for p in params), "device": torch.cuda.get_device_name(0),
            "torch": torch.__version__}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1] if len(sys.argv) > 1 else "eager")), flush=True)
