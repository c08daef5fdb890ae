"""Sources: each reads one thing (NVML, the host, the allocator) through a narrow backend.

`read()` does the I/O and returns a typed reading in base units; `families()` turns a
reading into Prometheus metric families and is pure (the contract: `base.Source`). One
collector per module, the module's name its `collector` label; `base` and `attribution` (pod
and job labels on another source's series) are the modules that are not collectors. The
`spool` collector renders what `gpumemd.spool` reads.
"""
