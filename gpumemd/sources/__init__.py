"""Sources: each reads one thing (NVML, the host, the allocator) through a narrow backend.

`read()` does the I/O and returns a typed reading in base units; `families()` turns a
reading into Prometheus metric families and is pure (the contract: `base.Source`). One
collector per module, the module's name its `collector` label (`agent_self`'s is `agent`).
The modules that are not collectors: `base`, `attribution` (pod and job labels on another
source's series), `memsplit` (one process's split, pure), `alloc_conf` and `mps_limit` (the
allocator's settings, read by the allocator source and the OOM diagnosis), and `node` (the
daemon's sources, wired). The `spool` collector renders what `gpumemd.spool` reads.
"""
