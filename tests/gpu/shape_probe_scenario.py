"""The shape probe on a real GPU (tests/gpu/test_shape_probe_gpu.py): a small GPT-2 (eager
attention) + AdamW under the agent with its defaults, fed lengths in an order where most
steps set no new high. Before each step this script (the user here) resets the peak
statistics, so after the step the counters hold that step's true peaks; the probe reads its
own figure from the allocator's trace meanwhile. Prints one JSON line: per step, the truth
and what the probe read (its TracePeak), and the probe outcomes.

    python3 tests/gpu/shape_probe_scenario.py
"""

from __future__ import annotations

import json
import os
import tempfile

import yaml

import gpumemd

BATCH = 4
LENGTHS = (64, 64, 64, 512, 128, 256, 384, 192, 448, 320, 128, 640)


def main() -> None:
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel

    cfg = {"agent": {"listen_address": None, "spool_dir": "", "interval": "50ms",
                     "evaluation_interval": "200ms", "nvml_interval": "200ms"}}
    fd, path = tempfile.mkstemp(suffix=".yml")
    with os.fdopen(fd, "w") as f:
        yaml.safe_dump(cfg, f)
    agent = gpumemd.start(path)
    agent.steps.peak_budget = float("inf")  # a boundary after every step (the default spaces them by cost)
    config = GPT2Config(n_layer=4, n_embd=512, n_head=8, n_positions=1024)
    config._attn_implementation = "eager"
    torch.manual_seed(0)
    model = GPT2LMHeadModel(config).cuda()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5)
    probe = agent.probe
    out: dict = {"steps": [], "probe_enabled": probe is not None}
    for i, length in enumerate(LENGTHS):
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()  # the user's own reset: the truth of this step
        gpumemd.set_step(i, tokens=BATCH * length)
        armed = probe is not None and probe.armed
        ids = torch.randint(0, 50257, (BATCH, length), device="cuda")
        model(ids, labels=ids).loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        stats = torch.cuda.memory_stats()
        last = probe.last if probe is not None else None
        out["steps"].append({
            "step": i, "length": length, "armed": armed,
            "allocated_peak": stats["allocated_bytes.all.peak"],
            "requested_peak": stats["requested_bytes.all.peak"],
            "probe": None if not armed or last is None else {
                "requested_peak": last.requested_peak, "allocated_peak": last.allocated_peak,
                "events": last.events}})
    out["outcomes"] = dict(agent.forecast._probes) if agent.forecast is not None else {}
    out["history_enabled_after"] = bool(torch._C._cuda_isHistoryEnabled())
    out["errors"] = dict(agent.errors.counts)
    gpumemd.stop()
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
