"""A TorchCudaApi that replays torch.cuda readings recorded on an H200 (torch 2.11+cu130).

The profiled function "allocates" by moving the replay to another recorded state, so the
allocator-backed path of the profiler runs on CPU-only CI against real numbers.
"""

from __future__ import annotations

import copy
import json
import threading
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures/torch/h200__torch-2.11__readings.json"
RECORDED = json.loads(FIXTURE.read_text())
STATES = ("after_init", "after_256MiB_and_4000B", "after_free_256MiB", "after_oom")


def raw(state: str) -> dict[str, Any]:
    """The nested `torch._C._cuda_memoryStats(0)` answer recorded at `state`."""
    return copy.deepcopy(RECORDED[state]["raw_memoryStats"])


def shifted(base: dict[str, Any], *, current: int = 0, allocated: int = 0, freed: int = 0,
            allocs: int = 0, frees: int = 0) -> dict[str, Any]:
    """A derived reading: allocated_bytes/allocation moved by these amounts, peak kept."""
    out = copy.deepcopy(base)
    ab = out["allocated_bytes"]["all"]
    ab["current"] += current
    ab["allocated"] += allocated
    ab["freed"] += freed
    ab["peak"] = max(ab["peak"], ab["current"])
    n = out["allocation"]["all"]
    n["allocated"] += allocs
    n["freed"] += frees
    n["current"] += allocs - frees
    return out


class ReplayCuda:
    """TorchCudaApi over recorded readings; `state` is what the next read returns.

    It has no reset method at all: a profiler that tried to reset peak statistics would
    fail with AttributeError.
    """

    def __init__(self, stats: dict[str, Any] | None = None, *, initialized: bool = True, devices: int = 1) -> None:
        self.stats = stats if stats is not None else raw("after_init")
        self.initialized = initialized
        self.devices = devices
        self.reads = 0
        self.read_event = threading.Condition()
        self.properties = RECORDED["properties"]

    def set(self, state: str | dict[str, Any]) -> None:
        self.stats = raw(state) if isinstance(state, str) else state

    def wait_reads(self, n: int, timeout: float = 5.0) -> bool:
        """Block until `n` more reads happened (a background sampler's, in tests)."""
        with self.read_event:
            target = self.reads + n
            return self.read_event.wait_for(lambda: self.reads >= target, timeout)

    # TorchCudaApi
    def is_initialized(self) -> bool:
        return self.initialized

    def device_count(self) -> int:
        return self.devices

    def memory_stats(self, device: int) -> dict[str, Any]:
        assert self.initialized, "read before CUDA was initialised"
        assert 0 <= device < self.devices
        with self.read_event:
            self.reads += 1
            self.read_event.notify_all()
            return self.stats

    def device_uuid(self, device: int) -> str:
        return "GPU-" + str(self.properties["uuid"])

    def memory_fraction(self, device: int) -> float | None:
        return None

    def total_memory(self, device: int) -> int:
        return int(self.properties["total_memory"])


class FixedHost:
    """HostApi with a settable resident size (deterministic cpu_memory in replays)."""

    def __init__(self, rss: int = 1 << 30) -> None:
        self.rss = rss

    def virtual_memory(self) -> dict[str, int]:
        return {"total": 1 << 40, "available": 1 << 39, "used": 1 << 39}

    def swap_memory(self) -> dict[str, int]:
        return {"total": 0, "used": 0}

    def process_rss(self, pid: int) -> int:
        return self.rss
