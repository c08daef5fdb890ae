"""The real H200 allocator readings (tests/fixtures/torch) as replayable `torch` captures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gpumemd.backends.replay import FORMAT

ROOT = Path(__file__).resolve().parents[2]
READINGS = json.loads((ROOT / "tests/fixtures/torch/h200__torch-2.11__readings.json").read_text())
STATES = ("after_init", "after_256MiB_and_4000B", "after_free_256MiB", "after_oom")
UUID = "GPU-" + READINGS["properties"]["uuid"]  # as NVML spells it (the NVML captures agree)


def torch_calls(state: str) -> dict[str, Any]:
    r = READINGS[state]
    return {
        "is_initialized()": {"ok": True},
        "device_count()": {"ok": 1},
        "memory_stats(0)": {"ok": r["raw_memoryStats"]},
        "device_uuid(0)": {"ok": UUID},
        "memory_fraction(0)": {"ok": None},
        "total_memory(0)": {"ok": READINGS["properties"]["total_memory"]},
        "mem_get_info(0)": {"ok": r["mem_get_info"]},
    }


def capture(state: str, nvml: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"format": FORMAT, "meta": {"description": f"H200 torch 2.11, {state}"}, "nvml": nvml or {},
            "host": {}, "torch": torch_calls(state)}


class Sequence:
    """A TorchCudaApi stepping through recorded states, one per `memory_stats` call."""

    def __init__(self, states: list[dict[str, Any]]) -> None:
        self._states, self._i = states, -1

    def is_initialized(self) -> bool:
        return True

    def device_count(self) -> int:
        return 1

    def memory_stats(self, device: int) -> dict[str, Any]:
        self._i = min(self._i + 1, len(self._states) - 1)
        return self._states[self._i]

    def device_uuid(self, device: int) -> str:
        return UUID

    def memory_fraction(self, device: int) -> float | None:
        return None

    def total_memory(self, device: int) -> int:
        return int(READINGS["properties"]["total_memory"])

    def mem_get_info(self, device: int) -> tuple[int, int]:
        return (1 << 30, 2 << 30)


def stats(current: int, peak: int, allocated: int, freed: int) -> dict[str, Any]:
    """A nested memory_stats dict with the allocated_bytes counters set (others from after_init)."""
    base = json.loads(json.dumps(READINGS["after_init"]["raw_memoryStats"]))
    base["allocated_bytes"]["all"] = {"current": current, "peak": peak, "allocated": allocated, "freed": freed}
    return base
