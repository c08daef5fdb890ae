"""Record small snapshot series of a leaking and a steady training loop, for tests/fixtures/torch/.

    python3 bench/record_leak_snapshots.py OUTDIR

A 4-layer MLP (256 wide, AdamW) trained with allocation history on for live blocks
(`enabled="state"`, Python stacks: what the leak finder records), a snapshot at the step
boundary every 3 steps, 3 times, after 4 warm-up steps. `leaking`: each step appends its
output (allocated inside the model's forward, so its user frame is the model call) to a
list; `steady`: the same loop keeping nothing. Writes
`<gpu>__torch-<v>__leak-<kind>-<n>.pickle` (n = 1..3) as `_dump_snapshot` would, without the
trace ring (state mode has none) and with each block's frames cut to 12 to keep them small,
and `…__leak-truth.json`: the seeded lines and the bytes the leak adds per step.
"""

from __future__ import annotations

import json
import pickle
import sys
from pathlib import Path

import torch

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
name = torch.cuda.get_device_name(0).split()[1].lower()  # "h100"
stem = f"{name}__torch-{torch.__version__.split('+')[0]}"
truth: dict = {"script": Path(__file__).name}


def record(kind: str) -> None:
    torch.manual_seed(0)
    net = torch.nn.Sequential(*(torch.nn.Linear(256, 256) for _ in range(4))).cuda()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    x = torch.randn(4096, 256, device="cuda")  # a 4 MiB output per step
    kept: list = []

    def step() -> None:
        y = net(x)  # LEAK:model_call
        if kind == "leaking":
            kept.append(y)  # LEAK:append
        y.square().mean().backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    for _ in range(4):
        step()
    torch.cuda.memory._record_memory_history(
        enabled="state", context="alloc", stacks="python", max_entries=100_000
    )
    for n in range(1, 4):
        snap = torch.cuda.memory._snapshot()
        for seg in snap["segments"]:
            seg["frames"] = seg.get("frames", [])[:12]
            for b in seg["blocks"]:
                b["frames"] = b.get("frames", [])[:12]
        snap.pop("device_traces", None)
        (out / f"{stem}__leak-{kind}-{n}.pickle").write_bytes(pickle.dumps(dict(snap), protocol=4))
        for _ in range(3):
            step()
    torch.cuda.memory._record_memory_history(enabled=None)
    truth[kind] = {"steps_between": 3, "leak_bytes_per_step": 4096 * 256 * 4 if kind == "leaking" else 0}


record("leaking")
record("steady")
lines = Path(__file__).read_text().splitlines()
tags = (line.partition("  # LEAK:")[2] for line in lines)  # a comment ending a line: its tag
truth["lines"] = {tag: i for i, tag in enumerate(tags, 1) if tag.isidentifier()}
(out / f"{stem}__leak-truth.json").write_text(json.dumps(truth, indent=1) + "\n")
print(json.dumps(truth))
