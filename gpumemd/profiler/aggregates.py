"""What the profiler keeps of each profiled function across its calls since the last
`clear_results()`: the running totals (`FunctionStats`, added to under the profiler's lock as
each result is recorded) and what `get_summary()` reports of them (`function_summaries`: the
seed profiler's per-function keys, and gpumemd's leak hints from `results.suspect_leak`).
"""

from __future__ import annotations

import collections
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .results import MiB, suspect_leak

__all__ = ["FunctionStats", "Totals", "function_summaries"]


@dataclass
class FunctionStats:
    """One function's running totals over its calls (the profiler's `_record` adds each result)."""

    calls: int = 0
    errors: int = 0
    total_time: float = 0.0
    total_allocated: int = 0
    total_freed: int = 0
    total_diff: int = 0
    peak: int = 0
    peaks_exact: bool = True
    nets: collections.deque[int] | None = None  # net change of recent calls after the first


Totals = tuple[int, int, float, int, int, int, int, bool, list[int]]
"""One function's `FunctionStats` as copied under the lock: (calls, errors, total_time,
total_allocated, total_freed, total_diff, peak, peaks_exact, nets)."""


def function_summaries(
    stats: Mapping[str, Totals], threshold: int, min_calls: int
) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """`get_summary()`'s `function_summaries` and `leak_hints` (the largest growth first):
    a leak is suspected where the last `min_calls` calls or more each grew by `threshold`."""
    functions: dict[str, dict[str, Any]] = {}
    hints: list[dict[str, Any]] = []
    for name, (
        calls,
        errors,
        total_time,
        total_alloc,
        total_freed,
        total_diff,
        peak,
        exact,
        nets,
    ) in stats.items():
        verdict = suspect_leak(nets, threshold, min_calls)
        suspected, growth = verdict.leaking, verdict.bytes_per_step
        functions[name] = {
            "call_count": calls,
            "total_time": total_time,
            "avg_time": total_time / calls,
            "total_memory_allocated": total_alloc,
            "avg_memory_allocated": total_alloc / calls,
            "peak_memory": peak,
            "total_memory_freed": total_freed,
            "avg_memory_diff": total_diff / calls,
            "errors": errors,
            "peaks_exact": exact,
            "leak_suspected": suspected,
            "growth_per_call": growth,
        }
        if suspected:
            hints.append(
                {
                    "function": name,
                    "calls_considered": verdict.steps,
                    "growth_per_call": growth,
                    "total_growth": verdict.grown,
                    "message": (
                        f"{name}: memory grew at each of its last {verdict.steps} calls, "
                        f"{growth / MiB:.2f} MiB per call"
                    ),
                }
            )
    hints.sort(key=lambda h: -float(h["growth_per_call"]))
    return functions, hints
