"""Record small torch memory snapshots that hold an OOM event, for tests/fixtures/torch/.

    python3 bench/record_oom_snapshot.py OUTDIR

Writes `<gpu>__torch-<v>__oom-capacity.pickle` (a request larger than the device, with
allocation history on, as a user's own `torch.cuda.memory._dump_snapshot` would keep it)
and `…__oom-fragmentation.pickle` (6 MiB tensors in 20 MiB segments, two of each three
freed, a 16 MiB request; one large block first takes all but 1.5 GiB of the device, so the
snapshot holds a few hundred blocks), plus a JSON of what `memory_stats()` said at each OOM.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import torch

MIB = 1 << 20
out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
name = torch.cuda.get_device_name(0).split()[1].lower()  # "h100"
stem = f"{name}__torch-{torch.__version__.split('+')[0]}"
truth = {}

torch.cuda.init()
torch.cuda.memory._record_memory_history(enabled="all", context="alloc", stacks="python", max_entries=2000)
keep = [torch.empty(64 * MIB, dtype=torch.uint8, device="cuda")]
free, total = torch.cuda.mem_get_info(0)
try:
    torch.empty(int(total * 1.25), dtype=torch.uint8, device="cuda")
except torch.OutOfMemoryError:
    s = torch.cuda.memory_stats(0)
    truth["capacity"] = {
        "requested_at_least": int(total * 1.25),
        "allocated": s["allocated_bytes.all.current"],
        "reserved": s["reserved_bytes.all.current"],
    }
torch.cuda.memory._dump_snapshot(str(out / f"{stem}__oom-capacity.pickle"))
torch.cuda.memory._record_memory_history(enabled=None)

# fragmentation on a small scale: fill all but ~1.5 GiB with one big block, then small ones
keep.clear()
torch.cuda.empty_cache()
free, total = torch.cuda.mem_get_info(0)
big = torch.empty(free - 1536 * MIB, dtype=torch.uint8, device="cuda")
torch.cuda.memory._record_memory_history(enabled="all", context="alloc", stacks="python", max_entries=2000)
small = []
try:
    while True:
        small.append(torch.empty(6 * MIB, dtype=torch.uint8, device="cuda"))
except torch.OutOfMemoryError:
    pass
for i in range(len(small)):
    if i % 3 != 2:
        small[i] = None
try:
    torch.empty(16 * MIB, dtype=torch.uint8, device="cuda")
except torch.OutOfMemoryError:
    s = torch.cuda.memory_stats(0)
    truth["fragmentation"] = {
        "requested": 16 * MIB,
        "allocated": s["allocated_bytes.all.current"],
        "reserved": s["reserved_bytes.all.current"],
        "small_tensors": len(small),
    }
torch.cuda.memory._dump_snapshot(str(out / f"{stem}__oom-fragmentation.pickle"))
(out / f"{stem}__oom-truth.json").write_text(json.dumps(truth, indent=1) + "\n")
print(json.dumps(truth))
