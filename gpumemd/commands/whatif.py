"""`gpumemd explain --snapshot FILE --what-if`: the snapshot's recorded alloc/free stream replayed
through the allocator model (gpumemd/diagnosis/allocsim.py) under each candidate setting, one
line each: "with X this OOM would not have happened; peak reserved would be Y".

The bytes cudaMalloc could take come from the snapshot's OOM entry (the device's free bytes
then, plus what PyTorch had reserved); a snapshot without allocation history, or without an OOM
entry, has no answer and says what it lacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpumemd.diagnosis import allocsim
from gpumemd.diagnosis.snapshot import load_snapshot

from .format import size, strict_json

__all__ = ["WhatIf", "render", "to_json", "what_if_snapshot"]


@dataclass(frozen=True)
class WhatIf:
    """The replay of one snapshot under each setting, or why there is none."""

    outcomes: tuple[allocsim.Outcome | allocsim.Undecided, ...]
    capacity: int | None
    events: int
    reproduces: bool | None  # the recorded setting's replay fails where the recording failed
    lacking: tuple[str, ...]


def what_if_snapshot(path: str) -> WhatIf:
    """The what-if of a snapshot file; raises SnapshotUnreadable with one line. The request in
    question is the trace's last `oom` entry (`--requested` cannot stand in for it: without that
    entry the device's free bytes are unknown)."""
    trace = allocsim.read_trace(load_snapshot(Path(path)))
    lacking = []
    if len(trace.events) == trace.preexisting:
        lacking.append("allocation history: record it with torch.cuda.memory._record_memory_history() "
                       "before the OOM")
    if trace.recorded_reserved_at_oom is None or trace.device_free_at_oom is None:
        lacking.append("an `oom` entry in the trace (the device's free bytes at the OOM)")
    if lacking:
        return WhatIf((), None, len(trace.events), None, tuple(lacking))
    assert trace.recorded_reserved_at_oom is not None and trace.device_free_at_oom is not None
    capacity = trace.recorded_reserved_at_oom + trace.device_free_at_oom
    if trace.preexisting:
        lacking.append(f"the history of {trace.preexisting} blocks allocated before the trace began "
                       "(replayed first, by address)")
    lacking.append("a fraction or MPS limit (not in a snapshot): the replay assumes none")
    outcomes = tuple(allocsim.what_if(trace, capacity=capacity))
    recorded = outcomes[0] if trace.recorded is not None else None
    reproduces = None if not isinstance(recorded, allocsim.Outcome) else (
        not recorded.fits and recorded.oom_entry == trace.last_oom_entry
    )
    return WhatIf(outcomes, capacity, len(trace.events), reproduces, tuple(lacking))


def _line(o: allocsim.Outcome | allocsim.Undecided, recorded: bool) -> str:
    name = o.setting.alloc_conf or "the defaults"
    if isinstance(o, allocsim.Undecided):
        return f"with {name}: no answer ({o.reason})"
    if recorded:
        head = f"as recorded ({name}): "
        return head + (f"out of memory at trace entry {o.oom_entry} ({size(o.oom_request or 0)} requested); "
                       f"peak reserved {size(o.peak_reserved)}" if not o.fits
                       else f"fits; peak reserved {size(o.peak_reserved)}")
    if o.fits and o.early_ooms_fit:
        return (f"with {name} this OOM would not have happened, but neither would {o.early_ooms_fit} "
                "earlier OOMs the program caught: what it did next is not in the trace")
    if o.fits:
        n = o.caught_sooner
        sooner = (f" (the loop the program ended at a caught OOM ends {n} allocation{'s' * (n != 1)} sooner)"
                  if n else "")
        return (f"with {name} this OOM would not have happened; peak reserved would be "
                f"{size(o.peak_reserved)}{sooner}")
    return f"with {name} it would still run out of memory (at trace entry {o.oom_entry})"


def render(w: WhatIf) -> str:
    """The text answer, one line per setting."""
    if not w.outcomes:
        return "what-if: no answer\n" + "".join(f"lacking: {x}\n" for x in w.lacking)
    assert w.capacity is not None
    lines = [f"what-if: {w.events} trace events replayed; cudaMalloc could take {size(w.capacity)} "
             "(the device's free bytes at the OOM and PyTorch's reserved bytes)"]
    for i, o in enumerate(w.outcomes):
        lines.append("  " + _line(o, recorded=i == 0 and w.reproduces is not None))
    if w.reproduces is False:
        lines.append("  the replay of the recorded setting does not fail where the recording did: "
                     "read the other lines with care")
    lines += [f"lacking: {x}" for x in w.lacking]
    return "\n".join(lines) + "\n"


def to_json(w: WhatIf) -> str:
    """The answer for scripts, every figure in bytes."""
    doc: dict[str, Any] = {
        "capacity": w.capacity,
        "events": w.events,
        "reproduces_recording": w.reproduces,
        "settings": [o.to_json() for o in w.outcomes],
        "lacking": list(w.lacking),
    }
    return strict_json(doc)
