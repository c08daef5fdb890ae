"""Backends: the only importers of pynvml, torch, psutil and grpc, each behind a narrow Protocol
with a real adapter and a recorder/replayer (replay.py).

`SourceUnavailable` is here because a backend is what finds the thing missing (no NVML
library, no CUDA device, no kubelet socket); the sources re-export it from `sources.base`.
"""

__all__ = ["SourceUnavailable"]


class SourceUnavailable(Exception):
    """The thing a source reads is not there (no NVML library, no CUDA device).

    A clean, expected state: the collector reports success 0 and one log line says why.
    """
