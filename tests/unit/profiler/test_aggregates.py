"""What get_summary() reports of each profiled function (gpumemd/profiler/aggregates.py): its
averages over its calls, and a leak hint where its last calls each grew, the largest first."""

from __future__ import annotations

import pytest

from gpumemd.profiler.aggregates import Totals, function_summaries
from gpumemd.profiler.results import MiB


def totals(calls: int, nets: list[int], *, time: float = 1.0, allocated: int = 0) -> Totals:
    return (calls, 0, time, allocated, 0, sum(nets), 4 * MiB, True, nets)


def test_each_functions_figures_are_its_totals_over_its_calls() -> None:
    functions, hints = function_summaries({"step": totals(4, [0, 0, 0], time=2.0, allocated=8 * MiB)}, 1, 3)
    step = functions["step"]
    assert (step["call_count"], step["avg_time"], step["avg_memory_allocated"]) == (4, 0.5, 2 * MiB)
    assert (step["peak_memory"], step["leak_suspected"], step["growth_per_call"]) == (4 * MiB, False, 0.0)
    assert hints == []


def test_a_function_grown_at_each_of_its_last_calls_is_hinted_and_the_largest_growth_comes_first() -> None:
    stats = {
        "small": totals(5, [MiB, MiB, MiB, MiB]),
        "flat": totals(5, [MiB, 0, MiB, MiB]),  # grew at only two calls in a row
        "large": totals(4, [0, 3 * MiB, 3 * MiB, 3 * MiB]),
    }
    functions, hints = function_summaries(stats, 1, 3)
    assert [h["function"] for h in hints] == ["large", "small"]
    assert not functions["flat"]["leak_suspected"]
    large = hints[0]
    figures = (large["calls_considered"], large["growth_per_call"], large["total_growth"])
    assert figures == (3, 3 * MiB, 9 * MiB)
    assert large["message"] == "large: memory grew at each of its last 3 calls, 3.00 MiB per call"
    assert functions["small"]["growth_per_call"] == pytest.approx(MiB)


def test_growth_under_the_threshold_is_no_hint() -> None:
    functions, hints = function_summaries({"step": totals(5, [1024] * 4)}, MiB, 3)
    assert hints == [] and not functions["step"]["leak_suspected"]
