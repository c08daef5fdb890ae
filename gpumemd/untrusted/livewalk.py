"""A live snapshot (`torch.cuda.memory._snapshot()` in the training process: the leak finder's
armed search, the in-process OOM diagnosis) walked into columns without pickling it: what each
reader reads of them (`segments()`, `blocks()`, `frames()`, `events()`, `settings`) is what it
reads of the columns the pickle reader (`untrusted.pickled`) gives for the dict's pickle.

The walk reads a part only where a reader reads it, by its name, and leaves the rest unlooked at:
no pickle, no pricing (the process's own dict), and no user code run. Every part it reads is a
dict, list, tuple, str, int, float, bool, bytes or None (by `type(x) is`, keys included), or the
snapshot is refused (`ClassRefused`). A traceback, a frame, a list of blocks or of events that
torch shares is read once, by `id` (the dict holds them meanwhile), and shared as the pickle
reader shares it; a caller that reads no trace event says so (`events=False`: the leak finder),
and the device traces are not walked at all."""

from __future__ import annotations

from typing import Any, NoReturn, cast

from .columns import NO_LINE, Columns
from .roles import LIMIT, ClassRefused, Refused

__all__ = ["LiveWalk"]

_SCALARS = (str, int, float, bool, bytes, bytearray, type(None))


class LiveWalk:
    """One live snapshot walked into `cols` (`run`); `events=False`: no trace event read."""

    def __init__(self, events: bool = True) -> None:
        self.cols = Columns()
        self.read_events = events
        self.interned: dict[str, int] = {}
        self.seen: set[int] = set()  # the containers `_plain` built: shared ones are refused there
        self.traces: dict[int, int] = {}  # a `frames` list's id -> its trace
        self.frame_rows: dict[int, int] = {}  # a frame dict's id -> its row
        self.block_lists: dict[int, int] = {}  # a `blocks` list's id -> its list
        self.event_lists: dict[int, int] = {}  # an event list's id -> its list
        self.empty_trace = -1

    def run(self, doc: Any) -> Columns:
        c = self.cols
        t = type(doc)
        if t is list:
            self._segments(doc)
        elif t is dict:
            for k, v in doc.items():
                if type(k) is not str:
                    continue
                if k == "segments":
                    if type(v) is list:
                        self._segments(v)
                    else:
                        self._scalar(v)
                elif k == "device_traces" and self.read_events:
                    if type(v) is list:
                        c.device_lists = self._devices(v)
                    else:
                        self._scalar(v)
                elif k == "allocator_settings":
                    settings = self._plain(v)
                    c.settings = settings if type(settings) is dict else None
        else:
            self._plain(doc)
        return c

    # --- values --------------------------------------------------------------------------------

    def _refused(self, v: Any) -> NoReturn:
        t = type(v)
        raise ClassRefused(f"refused: the snapshot holds a {t.__module__}.{t.__qualname__} "
                           "(a snapshot holds none)")

    def _scalar(self, v: Any) -> int:
        """A part read where a scalar goes, or a container where the other kind goes: none (-1),
        refused if it is of no snapshot's type."""
        t = type(v)
        if t not in _SCALARS and t is not list and t is not dict and t is not tuple:
            self._refused(v)
        return -1

    def _uint(self, v: Any) -> int:
        """`v` as an integer column holds it (`roles.uint`), a part of no snapshot's type refused."""
        if type(v) is int:
            return v if 0 <= v < LIMIT else -1
        self._scalar(v)
        return -1

    def _text(self, v: Any) -> int:
        """`v`'s index in the string table, -1 where it is no str."""
        if type(v) is not str:
            self._scalar(v)
            return -1
        index = self.interned.get(v)
        if index is None:
            index = self.interned[v] = len(self.cols.strings)
            self.cols.strings.append(v)
        return index

    def _plain(self, v: Any) -> Any:
        """`v` as the reader builds it where it is kept as it is (settings, a pool id); a list or
        dict met twice (shared, or referring to itself) is refused, as the reader refuses it."""
        t = type(v)
        if t in _SCALARS:
            return v
        if t is dict or t is list or t is tuple:
            if t is not tuple:
                if id(v) in self.seen:
                    raise Refused("refused: a shared or self-referring part where a snapshot has none")
                self.seen.add(id(v))
            if t is dict:
                return {self._plain(k): self._plain(x) for k, x in v.items()}
            if t is list:
                return [self._plain(x) for x in v]
            return tuple(self._plain(x) for x in v)
        self._refused(v)

    # --- segments and blocks -------------------------------------------------------------------

    def _segments(self, segments: list[Any]) -> None:
        c = self.cols
        first = len(c.seg_device)
        for s in segments:
            if type(s) is not dict:
                self._scalar(s)  # no row: a list where a segment goes is read as none too
                continue
            device = address = total = stream = kind = blocks = -1
            expandable, pool = 0, None
            for k, v in s.items():
                if type(k) is not str:
                    continue
                if k == "blocks":
                    blocks = self._blocks(v) if type(v) is list else self._scalar(v)
                elif k == "device":
                    device = self._uint(v)
                elif k == "address":
                    address = self._uint(v)
                elif k == "total_size":
                    total = self._uint(v)
                elif k == "stream":
                    stream = self._uint(v)
                elif k == "segment_type":
                    kind = self._text(v)
                elif k == "is_expandable":
                    self._scalar(v)
                    expandable = 1 if v is True else 0
                elif k == "segment_pool_id":
                    pool = self._plain(v)
            c.seg_device.append(device)
            c.seg_address.append(address)
            c.seg_total.append(total)
            c.seg_stream.append(stream)
            c.seg_type.append(kind)
            c.seg_blocks.append(blocks)
            c.seg_expandable.append(expandable)
            c.seg_pool.append(pool)
        c.segment_rows = range(first, len(c.seg_device))
        c.has_segments = True

    def _blocks(self, blocks: list[Any]) -> int:
        """A `blocks` list's rows: its index in the lists of blocks."""
        known = self.block_lists.get(id(blocks))
        if known is not None:
            return known
        c = self.cols
        index = self.block_lists[id(blocks)] = len(c.list_first)
        c.list_first.append(len(c.blk_size))
        c.list_end.append(len(c.blk_size))  # (a list inside itself reads no rows of its own)
        addresses, sizes, requested, states, traces = (c.blk_address, c.blk_size, c.blk_requested,
                                                       c.blk_state, c.blk_trace)
        interned = self.interned
        for b in blocks:
            if type(b) is not dict:
                self._scalar(b)
                continue
            address = size = asked = state = trace = -1
            for k, v in b.items():  # the common cases written out: a block is most of a snapshot
                if type(k) is not str:
                    continue
                if k == "size":
                    size = v if type(v) is int and 0 <= v < LIMIT else self._uint(v)
                elif k == "address":
                    address = v if type(v) is int and 0 <= v < LIMIT else self._uint(v)
                elif k == "state":
                    state = interned[v] if type(v) is str and v in interned else self._text(v)
                elif k == "frames":
                    if type(v) is list:
                        trace = self.traces.get(id(v), -1) if v else self._no_frames()
                        if trace < 0:
                            trace = self._trace(v)
                    else:
                        self._scalar(v)
                elif k == "requested_size":
                    asked = v if type(v) is int and 0 <= v < LIMIT else self._uint(v)
            addresses.append(address)
            sizes.append(size)
            requested.append(asked)
            states.append(state)
            traces.append(trace)
        c.list_end[index] = len(c.blk_size)
        return index

    def _no_frames(self) -> int:
        """The one empty traceback every empty `frames` list is (a block not allocated has one)."""
        if self.empty_trace < 0:
            c = self.cols
            self.empty_trace = len(c.trace_first)
            c.trace_first.append(len(c.trace_frames))
            c.trace_end.append(len(c.trace_frames))
        return self.empty_trace

    def _trace(self, frames: list[Any]) -> int:
        """A `frames` list read once: its frames' rows (-1 for what is no frame dict)."""
        c = self.cols
        index = self.traces[id(frames)] = len(c.trace_first)
        known: list[int | None] = list(map(self.frame_rows.get, map(id, frames)))  # torch shares frames
        rows = ([self._frame(x) if r is None else r for r, x in zip(known, frames, strict=True)]
                if None in known else cast("list[int]", known))
        c.trace_first.append(len(c.trace_frames))
        c.trace_frames.extend(rows)
        c.trace_end.append(len(c.trace_frames))
        return index

    def _frame(self, f: Any) -> int:
        if type(f) is not dict:
            self._scalar(f)
            return -1
        c = self.cols
        name = filename = -1
        line = NO_LINE
        for k, v in f.items():
            if type(k) is not str:
                continue
            if k == "filename":
                filename = self._text(v)
            elif k == "name":
                name = self._text(v)
            elif k == "line":
                if type(v) is int:
                    line = v if NO_LINE < v < LIMIT else NO_LINE
                else:
                    self._scalar(v)
        row = self.frame_rows[id(f)] = len(c.frame_line)
        c.frame_file.append(filename)
        c.frame_name.append(name)
        c.frame_line.append(line)
        return row

    # --- trace events --------------------------------------------------------------------------

    def _devices(self, devices: list[Any]) -> list[int]:
        """`device_traces`: an event list per device (-1: no list there)."""
        return [self._events(d) if type(d) is list else self._scalar(d) for d in devices]

    def _events(self, events: list[Any]) -> int:
        known = self.event_lists.get(id(events))
        if known is not None:
            return known
        c = self.cols
        index = self.event_lists[id(events)] = len(c.ev_first)
        c.ev_first.append(len(c.ev_action))
        c.ev_end.append(len(c.ev_action))
        gaps: list[int] = []
        for at, e in enumerate(events):
            if type(e) is not dict:
                self._scalar(e)
                gaps.append(at)  # an entry that is no dict: its place kept (readers count it)
                continue
            action = addr = size = stream = free = -1
            for k, v in e.items():
                if type(k) is not str:
                    continue
                if k == "action":
                    action = self._text(v)
                elif k == "addr":
                    addr = v if type(v) is int and 0 <= v < LIMIT else self._uint(v)
                elif k == "size":
                    size = v if type(v) is int and 0 <= v < LIMIT else self._uint(v)
                elif k == "stream":
                    stream = self._uint(v)
                elif k == "device_free":
                    free = self._uint(v)
            c.ev_action.append(action)
            c.ev_addr.append(addr)
            c.ev_size.append(size)
            c.ev_stream.append(stream)
            c.ev_free.append(free)
        c.ev_end[index] = len(c.ev_action)
        if gaps:
            c.ev_gaps[index] = gaps
        return index
