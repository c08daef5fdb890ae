"""The in-process agent: `gpumemd.start()` in a training process, or `gpumemd run -- ...`."""

from .agent import Agent, arm_memory_history, dump_snapshot, start, stop
from .process import current

__all__ = ["Agent", "arm_memory_history", "current", "dump_snapshot", "start", "stop"]
