"""One process's GPU memory split into the allocator's categories: pure arithmetic, imported
by both sides of the spool (the agent's process collector and the daemon's breakdown), so the
agent never loads the daemon's spool reader to use it."""

from __future__ import annotations

__all__ = ["PROCESS_CATEGORIES", "split_process"]

PROCESS_CATEGORIES = ("pytorch_allocated", "pytorch_fragmented", "pytorch_cached", "non_pytorch")


def split_process(used: int, reserved: int, allocated: int, inactive_split: int) -> dict[str, int]:
    """What NVML charges one process (`used`), split by what its allocator holds. The
    allocator's figures may be a little older than NVML's: they are capped at `used`, so the
    parts always sum to it."""
    reserved = min(reserved, used)
    allocated = min(allocated, reserved)
    fragmented = min(inactive_split, reserved - allocated)
    return {"pytorch_allocated": allocated, "pytorch_fragmented": fragmented,
            "pytorch_cached": reserved - allocated - fragmented, "non_pytorch": used - reserved}
