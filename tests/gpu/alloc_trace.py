"""The truth a step peak is checked against, without touching the user's counters: the
allocator's own history (`torch.cuda.memory._record_memory_history`, no stacks) replayed
between step boundaries. Shared by the GPU scenarios (compile_step_peak_scenario.py,
integration_scenarios.py, in their own processes) and their tests (`spans`, `check_rules`).

How the replay reads the trace: `allocated_bytes` drops when the program frees a block
(`free_requested`, CUDACachingAllocator's `free()`), not when its stream work completes
(`free_completed`); the trace gives the size asked for, the counters the block's size, so
sizes round up to the allocator's 512-byte blocks. Reserved bytes follow the segment
entries. Each scenario checks the replay against `memory_allocated()`/`memory_reserved()`
at every mark, so a rounding this misses shows as a failed self-check, not a wrong verdict.
"""

from __future__ import annotations

from typing import Any

__all__ = ["BLOCK", "StepRecorder", "block_size", "check_rules", "replay", "spans", "trace_length"]

BLOCK = 512  # the caching allocator's smallest block and rounding (kMinBlockSize)
RESERVED_IN = {"segment_alloc": 1, "segment_map": 1, "segment_free": -1, "segment_unmap": -1}


def trace_length() -> int:
    import torch

    return len(torch.cuda.memory._snapshot()["device_traces"][0])


def block_size(requested: int) -> int:
    """The allocator's block for a request (its default rounding, no roundup_power2_divisions)."""
    return max(BLOCK, -(-requested // BLOCK) * BLOCK)


def replay(
    entries: list[dict[str, Any]], allocated: int, reserved: int, marks: list[int]
) -> list[dict[str, int]]:
    """Allocated/reserved bytes at each mark (a trace length) and their peak since the mark
    before, from `allocated`/`reserved` at the trace's start."""
    out, peak_a, peak_r, at = [], allocated, reserved, 0
    for mark in marks:
        for e in entries[at:mark]:
            action = e["action"]
            if action == "alloc":
                allocated += block_size(e["size"])
                peak_a = max(peak_a, allocated)
            elif action == "free_requested":
                allocated -= block_size(e["size"])
            elif action in RESERVED_IN:
                reserved += RESERVED_IN[action] * e["size"]
                peak_r = max(peak_r, reserved)
        out.append(
            {"allocated": allocated, "allocated_peak": peak_a, "reserved": reserved, "reserved_peak": peak_r}
        )
        peak_a, peak_r, at = allocated, reserved, mark
    return out


class StepRecorder:
    """Records, right after the agent's optimizer-step hook, one row per optimizer step: the
    trace's length (the mark), whether the agent's hook ran and closed a step boundary, and
    the step peak it published. Install it once the agent's hook is installed: global
    post hooks run in the order they were registered, so this one sees the agent's result.
    `finish()` stops the history and replays it into each row's `trace`."""

    MAX_ENTRIES = 1_000_000  # the trace must not wrap: `finish` reports its length to check

    def __init__(self, agent: Any, budget: float = float("inf")) -> None:
        import torch
        from torch.optim.optimizer import register_optimizer_step_post_hook

        assert agent.steps.handle is not None, "the agent's optimizer-step hook is not installed yet"
        self.agent = agent
        agent.steps.peak_budget = budget  # inf: a boundary after every optimizer step
        self._peaks = agent._allocator._steps  # each device's StepPeak: read without a sample
        torch.cuda.synchronize()
        torch.cuda.memory._record_memory_history(context=None, stacks="python", max_entries=self.MAX_ENTRIES)
        self.start = {
            "allocated": torch.cuda.memory_allocated(),
            "reserved": torch.cuda.memory_reserved(),
            "max_memory_allocated": torch.cuda.max_memory_allocated(),
        }
        self.rows: list[dict[str, Any]] = []
        self.marks: list[int] = []
        self._counted = agent.training.optimizer_steps
        self._before = self._last()
        self._torch = torch
        self._hook = register_optimizer_step_post_hook(self._after_step)

    def _last(self) -> Any:
        return self._peaks[0].last if 0 in self._peaks else None

    def _after_step(self, *_: Any) -> None:
        torch, agent = self._torch, self.agent
        self.marks.append(trace_length())
        last, counted = self._last(), agent.training.optimizer_steps
        hook_ran = counted != self._counted
        self.rows.append(
            {
                "hook_ran": hook_ran,
                "boundary": hook_ran and agent.steps.open_steps == 0,
                "step_peak": last._asdict() if last is not None and last is not self._before else None,
                "allocated": torch.cuda.memory_allocated(),
                "reserved": torch.cuda.memory_reserved(),
                "temporary": False,
            }
        )
        self._counted, self._before = counted, last

    def finish(self) -> dict[str, Any]:
        torch = self._torch
        self._hook.remove()
        torch.cuda.synchronize()
        entries = torch.cuda.memory._snapshot()["device_traces"][0]
        torch.cuda.memory._record_memory_history(enabled=None)
        for row, t in zip(
            self.rows,
            replay(entries, self.start["allocated"], self.start["reserved"], self.marks),
            strict=True,
        ):
            row["trace"] = t
        return {
            "rows": self.rows,
            "start": self.start,
            "trace_entries": len(entries),
            "trace_max_entries": self.MAX_ENTRIES,
        }


def spans(rows: list[dict[str, Any]], opened_before: bool = False) -> list[dict[str, Any]]:
    """The agent's published step peaks, each with the trace's peak over the same span: from
    the row after the previous boundary to the row of the boundary that closed it. The
    first boundary's span began before the rows (and publishes nothing if the agent started
    with them; `opened_before`: recording began mid-run, so it may publish: left out)."""
    out, previous = [], None
    for j, row in enumerate(rows):
        if not row["boundary"]:
            assert row["step_peak"] is None, row  # only a boundary publishes
            continue
        if previous is None:
            assert opened_before or row["step_peak"] is None, row  # the first boundary opens the first span
        else:
            inside = rows[previous + 1 : j + 1]
            out.append(
                {
                    "phase": row.get("phase"),
                    "agent": row["step_peak"],
                    "rows": len(inside),
                    "hooked_steps": sum(1 for r in inside if r["hook_ran"]),
                    "trace_allocated_peak": max(r["trace"]["allocated_peak"] for r in inside),
                    "trace_reserved_peak": max(r["trace"]["reserved_peak"] for r in inside),
                    "temporary": any(r["temporary"] for r in inside),
                }
            )
        previous = j
    return out


def check_rules(span: dict[str, Any]) -> None:
    """Exact: the trace's peak to the byte; a bound: at least it. Steps: one per optimizer step."""
    agent = span["agent"]
    assert agent is not None, span
    for kind in ("allocated", "reserved"):
        truth = span[f"trace_{kind}_peak"]
        if agent[f"{kind}_exact"]:
            assert agent[f"{kind}_bytes"] == truth, (kind, span)
        else:
            assert agent[f"{kind}_bytes"] >= truth, (kind, span)
    assert agent["steps"] == span["hooked_steps"] == span["rows"], span
