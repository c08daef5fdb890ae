"""Sources: each reads one thing (NVML, the host, the allocator) through a narrow interface.

`read()` does the I/O and returns a typed reading in base units; `families()` turns a
reading into Prometheus metric families and is pure. The module name is the `collector`
label.
"""
