"""One step's peak from the allocator's trace: a pure walk over torch's trace entries.

The caching allocator, recording history, appends an entry for each allocation (`alloc`) and
each free that lowers its allocated bytes (`free_requested`), with the block's requested size.
From the requested bytes at the start of a window, the running sum of those sizes is the
requested bytes after each event, so its highest value is the window's exact requested peak,
and its last value must equal the requested bytes the counters read at the window's end: a
check that the trace holds every event (it fails when the ring overflowed, history was taken
over, or another thread allocated between the reads). The same walk from the allocated bytes
at the start, each size rounded up to the allocator's block, is the allocated peak's lower
bound: a cached block handed out whole is larger than its rounded request, which the trace
does not show (docs/forecast.md, The shape probe).

The entries are torch's answer: untrusted. Anything but a list of dicts with a string action
and a non-negative integer size answers None, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .snapshot import request_block

__all__ = ["TracePeak", "trace_peak"]

_MAX = 1 << 63  # larger figures are not a GPU's


@dataclass(frozen=True)
class TracePeak:
    """A window's peak, from its trace."""

    requested_peak: int  # exact
    requested_end: int  # the walk's last value: must equal the counters' requested bytes at the end
    allocated_peak: int  # a lower bound of the allocated peak (rounded sizes)
    events: int  # alloc and free_requested entries walked


def _size(entry: Any) -> int | None:
    size = entry.get("size")
    return size if type(size) is int and 0 <= size < _MAX else None


def trace_peak(entries: Any, *, requested_start: int, allocated_start: int,
               max_entries: int) -> TracePeak | None:
    """The window's peak from the trace entries recorded in it (oldest first), or None when
    they cannot be read: not a list, a malformed alloc/free entry, a running sum below 0 or
    past 2^63, or `max_entries` entries or more (the ring may have dropped the oldest)."""
    if type(entries) is not list or len(entries) >= max_entries:
        return None
    if not (type(requested_start) is int and type(allocated_start) is int
            and 0 <= requested_start < _MAX and 0 <= allocated_start < _MAX):
        return None
    requested, allocated = requested_start, allocated_start
    top_requested, top_allocated = requested, allocated
    events = 0
    for entry in entries:
        if type(entry) is not dict:
            return None
        action = entry.get("action")
        if type(action) is not str:
            return None
        if action == "alloc":
            size = _size(entry)
            if size is None:
                return None
            requested += size
            allocated += request_block(size)
            if requested > top_requested:
                top_requested = requested
            if allocated > top_allocated:
                top_allocated = allocated
        elif action == "free_requested":
            size = _size(entry)
            if size is None:
                return None
            requested -= size
            allocated -= request_block(size)
        else:
            continue  # other actions (segments, completed frees, an OOM) do not move allocated bytes
        events += 1
        if requested < 0 or allocated < 0 or top_requested >= _MAX or top_allocated >= _MAX:
            return None
    return TracePeak(top_requested, requested, top_allocated, events)
