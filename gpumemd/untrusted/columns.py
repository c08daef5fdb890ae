"""A torch memory snapshot as columns: the one form every reader of a snapshot reads, whether it
came from a file (`untrusted.pickled.read_snapshot`) or from a live process's dict
(`untrusted.pickled.columns_of`, walked into columns whose views are the same).

A snapshot is mostly blocks, trace events and tracebacks. Read into dicts, a block of 30 to 60
bytes of pickle becomes a dict of ten times that; here it is one row of a few integer columns
(`array`), its state an index into one table of strings, its traceback an index into the table of
traces, each trace built once however many blocks share it. What the rows hold is already
checked: an integer column holds a non-negative int or -1 (absent, or not such an int); a string
column the index of a str or -1. The row views (`Segment`, `Block`, `Event`) are made as a reader
walks and dropped after: nothing per block is kept but its columns.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import Any, NamedTuple

__all__ = ["NO_LINE", "Block", "Columns", "Event", "Segment"]

NO_LINE = -(1 << 63)
"""A frame's line where the file had no int there (any int is a line, a negative one too)."""


class Segment(NamedTuple):
    """One segment's row (None: absent, or not a non-negative int; a pool id as the file had it)."""

    row: int  # its row in the columns
    device: int | None
    address: int | None
    total_size: int | None
    stream: int | None
    segment_type: str | None
    pool: Any
    expandable: bool  # `is_expandable` was True
    blocks: range  # its blocks' rows (empty where `blocks` was not a list)
    has_blocks: bool  # `blocks` was a list


class Block(NamedTuple):
    """One block's row."""

    address: int | None
    size: int | None
    requested_size: int | None
    state: str | None
    trace: int  # its traceback (`Columns.frames`), -1: no `frames` list


class Event(NamedTuple):
    """One trace event's row."""

    action: str | None
    addr: int | None
    size: int | None
    stream: int | None
    device_free: int | None


def _q() -> array[int]:
    return array("q")


def _i() -> array[int]:
    return array("i")


class Columns:
    """The columns of one snapshot; `untrusted.pickled` fills them, readers walk them through
    `segments()`, `blocks()`, `frames()`, `events()` and `settings`."""

    def __init__(self) -> None:
        self.strings: list[str] = []  # every str a column refers to, once
        # segments: one row each; `seg_blocks` the id of its block list (-1: none)
        self.seg_device, self.seg_address, self.seg_total, self.seg_stream = _q(), _q(), _q(), _q()
        self.seg_type, self.seg_blocks = _i(), _i()
        self.seg_expandable = array("b")
        self.seg_pool: list[Any] = []
        # block lists: list k holds the block rows first[k]..end[k]
        self.list_first, self.list_end = _q(), _q()
        self.blk_address, self.blk_size, self.blk_requested = _q(), _q(), _q()
        self.blk_state, self.blk_trace = _i(), _i()
        # tracebacks: trace t is the frame rows trace_frames[first[t]:end[t]] (-1: not a frame)
        self.trace_first, self.trace_end = _q(), _q()
        self.trace_frames = _i()
        self.frame_file, self.frame_name = _i(), _i()
        self.frame_line = _q()
        # trace events: device d's are the rows ev_lists[d]'s range (-1: not a list)
        self.ev_action = _i()
        self.ev_addr, self.ev_size, self.ev_stream, self.ev_free = _q(), _q(), _q(), _q()
        self.ev_first, self.ev_end = _q(), _q()
        self.ev_gaps: dict[int, list[int]] = {}  # event list -> where an element was no dict
        # what the document's top level held
        self.segment_rows = range(0)  # the rows of its `segments` list
        self.has_segments = False
        self.device_lists: list[int] | None = None  # `device_traces`: an event list per device
        self.settings: dict[str, Any] | None = None  # `allocator_settings`, where a dict
        self._frames: list[tuple[str | None, int, str | None] | None] = []  # `frames()`'s, once read

    def _str(self, index: int) -> str | None:
        return None if index < 0 else self.strings[index]

    def _int(self, value: int) -> int | None:
        return None if value < 0 else value

    def segments(self) -> Iterator[Segment]:
        """The segments of the `segments` list, in order."""
        for i in self.segment_rows:
            k = self.seg_blocks[i]
            n = self._int
            yield Segment(
                i,
                n(self.seg_device[i]),
                n(self.seg_address[i]),
                n(self.seg_total[i]),
                n(self.seg_stream[i]),
                self._str(self.seg_type[i]),
                self.seg_pool[i],
                self.seg_expandable[i] == 1,
                range(self.list_first[k], self.list_end[k]) if k >= 0 else range(0),
                k >= 0,
            )

    def blocks(self, segment: Segment) -> Iterator[Block]:
        """A segment's blocks, in order."""
        n, s = self._int, self._str
        for b in segment.blocks:
            yield Block(
                n(self.blk_address[b]), n(self.blk_size[b]), n(self.blk_requested[b]),
                s(self.blk_state[b]), self.blk_trace[b],
            )

    def frames(self, trace: int) -> tuple[tuple[str | None, int, str | None], ...]:
        """Trace `trace`'s frames as (filename, line, name), innermost first; an element that
        was no frame dict is left out, a field that was no str (line: no int) is None
        (NO_LINE). () for -1."""
        if trace < 0:
            return ()
        made = self._frames
        if len(made) != len(self.frame_line) + 1:
            made = self._frames = self._frame_views()
        rows = self.trace_frames[self.trace_first[trace]:self.trace_end[trace]]
        return tuple(filter(None, map(made.__getitem__, rows)))  # row -1 is the None at the end

    def _frame_views(self) -> list[tuple[str | None, int, str | None] | None]:
        """Each frame row's view, made once (a traceback shares its frames with many others), and
        a None last, for the row -1."""
        strings = self.strings
        views: list[tuple[str | None, int, str | None] | None] = [
            (strings[f] if f >= 0 else None, line, strings[n] if n >= 0 else None)
            for f, line, n in zip(self.frame_file, self.frame_line, self.frame_name, strict=True)
        ]
        views.append(None)
        return views

    @property
    def devices(self) -> int:
        """How many devices `device_traces` lists (0: none recorded)."""
        return 0 if self.device_lists is None else len(self.device_lists)

    def has_events(self, device: int) -> bool:
        """Whether `device_traces` has a list for `device`."""
        lists = self.device_lists
        return lists is not None and 0 <= device < len(lists) and lists[device] >= 0

    def events(self, device: int) -> Iterator[Event | None]:
        """`device`'s trace entries, in order: an Event, or None where the entry was no dict
        (none at all where the device has no list)."""
        if not self.has_events(device):
            return
        assert self.device_lists is not None
        k = self.device_lists[device]
        gaps = self.ev_gaps.get(k, ())
        n = self._int
        at = 0  # the entry's place in the list
        g = 0
        for e in range(self.ev_first[k], self.ev_end[k]):
            while g < len(gaps) and gaps[g] == at:
                yield None
                g, at = g + 1, at + 1
            yield Event(self._str(self.ev_action[e]), n(self.ev_addr[e]), n(self.ev_size[e]),
                        n(self.ev_stream[e]), n(self.ev_free[e]))
            at += 1
        for _ in range(g, len(gaps)):
            yield None
