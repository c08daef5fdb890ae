"""Record raw torch.cuda answers on a real GPU (for the allocator source's replay tests).

Writes JSON: memory_stats() and the private _C._cuda_memoryStats() at a few known states,
mem_get_info, device properties, and the OOM observer's arguments after a real OOM.
"""

import json
import os
import sys
import time

import torch

out = {"torch": torch.__version__, "device": torch.cuda.get_device_name(0)}
MiB = 1 << 20


def state(label):
    out[label] = {
        "memory_stats": dict(torch.cuda.memory_stats(0)),
        "raw_memoryStats": torch._C._cuda_memoryStats(0),
        "mem_get_info": list(torch.cuda.mem_get_info(0)),
        "memory_reserved": torch.cuda.memory_reserved(0),
        "memory_allocated": torch.cuda.memory_allocated(0),
        "max_memory_allocated": torch.cuda.max_memory_allocated(0),
    }


torch.cuda.init()
x = torch.empty(0, device="cuda")
state("after_init")
a = torch.empty(256 * MiB, dtype=torch.uint8, device="cuda")
b = torch.empty(1000, dtype=torch.float32, device="cuda")  # small pool: rounds to 512 bytes
state("after_256MiB_and_4000B")
del a
state("after_free_256MiB")
events = []
torch._C._cuda_attach_out_of_memory_observer(lambda d, al, da, df: events.append([d, al, da, df]))
try:
    torch.empty(1 << 45, dtype=torch.uint8, device="cuda")
except torch.OutOfMemoryError as exc:
    out["oom_message"] = str(exc)
state("after_oom")
out["oom_observer_events"] = events
p = torch.cuda.get_device_properties(0)
out["properties"] = {"name": p.name, "total_memory": p.total_memory, "uuid": str(getattr(p, "uuid", ""))}
timings = {}
for name, fn in [
    ("memory_stats", lambda: torch.cuda.memory_stats(0)),
    ("_C._cuda_memoryStats", lambda: torch._C._cuda_memoryStats(0)),
    ("mem_get_info", lambda: torch.cuda.mem_get_info(0)),
]:
    ts = []
    for _ in range(2000):
        t0 = time.perf_counter_ns()
        fn()
        ts.append(time.perf_counter_ns() - t0)
    ts.sort()
    timings[name] = {"median_us": ts[len(ts) // 2] / 1000, "p99_us": ts[int(len(ts) * 0.99)] / 1000}
out["timings"] = timings
json.dump(out, open(sys.argv[1], "w"), indent=1, default=str)
print("recorded", sys.argv[1], os.getpid())
