"""A live snapshot (`torch.cuda.memory._snapshot()` in the training process: the leak finder's
armed search, the in-process OOM diagnosis) walked into the columns the pickle reader
(`untrusted.pickled`) reads from its pickle, part for part, without pickling it: no pickle, no
pricing (the process's own dict), and no user code run (only dict, list, tuple, str, int, float,
bool, bytes and None are read, by `type(x) is`)."""

from __future__ import annotations

from typing import Any, NoReturn

from .columns import NO_LINE, Columns
from .roles import (
    BLOCK,
    BLOCKLIST,
    DEVLIST,
    DICTS,
    ELEMENT,
    EVENT,
    EVLIST,
    FRAME,
    GENERIC,
    LIMIT,
    LINE,
    ROOT,
    SEGLIST,
    SEGMENT,
    SKIP,
    TEXT,
    TRACE,
    UINT,
    ClassRefused,
    Refused,
    child,
    uint,
)

__all__ = ["LiveWalk"]

_NO_SPEC: dict[str, tuple[Any, int]] = {}
_SCALARS = (str, int, float, bool, bytes, bytearray, type(None))
_STR_COLUMN = {BLOCK: ("state",), EVENT: ("action",), SEGMENT: ("segment_type",),
               FRAME: ("filename", "name")}


class LiveWalk:
    """A live snapshot walked into the columns the reader reads from its pickle: roles from
    where a container stands, in the pickler's order (depth first, a dict's items in order); a
    part seen again (by `id`, as the pickler's memo while the document is alive) is shared as
    the reader shares it: a traceback, a frame, a list of blocks or events is the same index, a
    block, event or segment a row again. Only dict, list, tuple, str, int, float, bool, bytes
    and None are read (by `type(x) is`): any other type is refused, as its pickle would be."""

    def __init__(self) -> None:
        self.cols = c = Columns()
        self.interned: dict[str, int] = {}
        self.seen: set[int] = set()  # what the pickler memoizes: containers, tuples, long strs
        self.lists: dict[int, tuple[int, int]] = {}  # a list's id -> (role, index)
        self.frame_rows: dict[int, int] = {}  # a frame dict's id -> its row
        self.rows: dict[int, tuple[int, int]] = {}  # a row dict's id -> (role, its first row)
        self.spans: list[list[int]] = []  # a `segments` list's [first, end) segment rows
        self.devlists: list[list[int]] = []
        self.top: dict[str, Any] = {}
        self.specs: dict[int, dict[str, tuple[Any, int]]] = {
            BLOCK: {"address": (c.blk_address, UINT), "size": (c.blk_size, UINT),
                    "requested_size": (c.blk_requested, UINT), "state": (c.blk_state, TEXT)},
            FRAME: {"filename": (c.frame_file, TEXT), "name": (c.frame_name, TEXT),
                    "line": (c.frame_line, LINE)},
            EVENT: {"action": (c.ev_action, TEXT), "addr": (c.ev_addr, UINT), "size": (c.ev_size, UINT),
                    "stream": (c.ev_stream, UINT), "device_free": (c.ev_free, UINT)},
            SEGMENT: {"device": (c.seg_device, UINT), "address": (c.seg_address, UINT),
                      "total_size": (c.seg_total, UINT), "stream": (c.seg_stream, UINT),
                      "segment_type": (c.seg_type, TEXT)},
        }
        self.row_cols: dict[int, tuple[Any, ...]] = {
            BLOCK: (c.blk_address, c.blk_size, c.blk_requested, c.blk_state, c.blk_trace),
            EVENT: (c.ev_action, c.ev_addr, c.ev_size, c.ev_stream, c.ev_free),
            SEGMENT: (c.seg_device, c.seg_address, c.seg_total, c.seg_stream, c.seg_type, c.seg_blocks,
                       c.seg_expandable, c.seg_pool),
        }
        self.columns: dict[int, dict[str, Any]] = {
            BLOCK: {"address": c.blk_address, "size": c.blk_size, "requested_size": c.blk_requested,
                     "state": c.blk_state, "frames": c.blk_trace},
            EVENT: {"action": c.ev_action, "addr": c.ev_addr, "size": c.ev_size, "stream": c.ev_stream,
                     "device_free": c.ev_free},
            SEGMENT: {"device": c.seg_device, "address": c.seg_address, "total_size": c.seg_total,
                       "stream": c.seg_stream, "segment_type": c.seg_type, "blocks": c.seg_blocks},
            FRAME: {"filename": c.frame_file, "name": c.frame_name},
        }

    def run(self, doc: Any) -> Columns:
        c = self.cols
        segments: Any = None
        if type(doc) is dict:
            self.seen.add(id(doc))
            self._row(doc, ROOT, 0)
            segments = self.top.get("segments")
            devices = self.top.get("device_traces")
            c.device_lists = None if devices is None else self.devlists[devices]
            settings = self.top.get("allocator_settings")
            c.settings = settings if type(settings) is dict else None
        elif type(doc) is list:
            segments = self._list(doc, SEGLIST)
        else:
            self._plain(doc)
        if segments is not None:
            c.segment_rows = range(*self.spans[segments])
            c.has_segments = True
        return c

    def _refused(self) -> NoReturn:
        raise Refused("refused: a part where a snapshot pickler puts none (not a torch memory snapshot)")

    def _intern(self, value: Any) -> int:
        if type(value) is not str:
            return -1
        index = self.interned.get(value)
        if index is None:
            index = self.interned[value] = len(self.cols.strings)
            self.cols.strings.append(value)
        return index

    def _in_one_go(self, v: Any) -> bool:
        """Whether the reader reads `v` in a row's dict as it goes (a scalar of one op, or what
        the memo holds); past the first that is not, it sets a row's pairs at the dict's end."""
        t = type(v)
        if t is str:
            return len(v) <= 63 or len(v.encode("utf-8", "surrogatepass")) <= 255 or id(v) in self.seen
        if t is int:
            return -(1 << 63) <= v < 1 << 63
        if t is bool or v is None:
            return True
        return (t is dict or t is list or (t is tuple and v != ())) and id(v) in self.seen

    def _plain(self, v: Any) -> Any:
        """`v` as the reader builds it where it is kept as it is (settings, a pool id) or read
        as a scalar; a shared list or dict in it is refused, as the reader refuses it."""
        t = type(v)
        if t is str:
            if len(v) > 63:
                self.seen.add(id(v))
            return v
        if t in _SCALARS:
            return v
        if t is dict or t is list or t is tuple:
            if id(v) in self.seen and t is not tuple:
                raise Refused("refused: a shared or self-referring part where a snapshot has none")
            if t is dict:
                self.seen.add(id(v))
                return {self._plain(k): self._plain(x) for k, x in v.items()}
            if t is list:
                self.seen.add(id(v))
                return [self._plain(x) for x in v]
            out = tuple(self._plain(x) for x in v)
            self.seen.add(id(v))
            return out
        raise ClassRefused(f"refused: the snapshot holds a {t.__module__}.{t.__qualname__} "
                           "(a snapshot holds none)")

    def _value(self, v: Any, role: int) -> Any:
        """What the parent is set to for `v` standing where `role` goes: a row's, list's or
        trace's index, None for a container that is not kept, else `v` as the reader builds it."""
        t = type(v)
        if t is not dict and t is not list or role == GENERIC:
            return self._plain(v)
        if role == SKIP or (role in DICTS) != (t is dict):
            self._skip(v)
            return None
        if role in DICTS:
            return self._new_row(v, role)
        return self._list(v, role)

    def _skip(self, v: Any) -> None:
        """A container not kept: only a traceback in it (a `frames` list) is read."""
        t = type(v)
        if t is not dict and t is not list:
            self._plain(v)
        elif id(v) not in self.seen:
            self.seen.add(id(v))
            if t is list:
                for x in v:
                    self._skip(x)
                return
            for k, x in v.items():
                self._plain(k)
                if k == "frames" and type(k) is str and type(x) is list:
                    self._list(x, TRACE)
                else:
                    self._skip(x)

    def _new_row(self, d: dict[Any, Any], role: int) -> int:
        c = self.cols
        if role == FRAME:
            known = self.frame_rows.get(id(d))
            if known is not None:
                return known
            row = len(c.frame_line)
            c.frame_file.append(-1)
            c.frame_name.append(-1)
            c.frame_line.append(NO_LINE)
            self.frame_rows[id(d)] = row
        else:
            cols = self.row_cols[role]
            row = len(cols[0])
            for col in cols[:-2] if role == SEGMENT else cols:
                col.append(-1)
            if role == SEGMENT:
                c.seg_expandable.append(0)
                c.seg_pool.append(None)
        if id(d) not in self.seen:
            self.seen.add(id(d))
            self.rows[id(d)] = (role, row)
            self._row(d, role, row)
            return row
        first = self.rows.get(id(d))  # the pickle shares it: the reader copies its first row
        if first is None or first[0] != role:
            self._refused()
        for col in self.row_cols[role]:
            col[row] = col[first[1]]
        return row

    def _frame(self, x: Any) -> int:
        """A traceback's element: a frame's row, -1 for what is no dict."""
        f = self._value(x, FRAME)
        return f if type(x) is dict else -1

    def _row(self, d: dict[Any, Any], role: int, row: int) -> None:
        """A dict's items into row `row`. The reader sets a pair as it reads it up to the first
        it cannot read in one go (a value that is no scalar of one op nor in the memo, or a
        next key that is no str): from there on at the dict's end, so a str column's value is
        interned there (`held`: one waiting for the next key to say which)."""
        late: list[tuple[str, Any]] | None = [] if role == ROOT else None
        held: tuple[str, Any] | None = None
        spec = self.specs.get(role, _NO_SPEC)
        for k, x in d.items():
            if type(k) is not str or (len(k) > 63 and not self._in_one_go(k)):
                if late is None:
                    late = [held] if held is not None else []
                    held = None
                v = self._value(x, child(role, self._plain(k)))
                self._set(role, row, k, v, type(x) is dict or type(x) is list)
                continue
            if len(k) > 63:
                self.seen.add(id(k))
            if held is not None:
                self._set(role, row, held[0], held[1], False)
                held = None
            tx = type(x)
            how = spec.get(k)
            if tx is int:  # the common cases first, written out
                if late is None and not -(1 << 63) <= x < 1 << 63:
                    late = []
                if how is not None:
                    col, kind = how
                    if kind == LINE:
                        col[row] = x if NO_LINE < x < LIMIT else NO_LINE
                    else:  # an int where a str goes is none
                        col[row] = x if kind == UINT and 0 <= x < LIMIT else -1
                    continue
                if k != "is_expandable" and k != "segment_pool_id":
                    continue
            elif tx is str:
                if len(x) > 63:
                    if late is None and not self._in_one_go(x):
                        late = []
                    self.seen.add(id(x))
                if how is not None:
                    col, kind = how
                    if kind != TEXT:
                        col[row] = NO_LINE if kind == LINE else -1
                    elif late is None:
                        held = (k, x)
                    else:
                        late.append((k, x))
                    continue
                if k != "is_expandable" and k != "segment_pool_id":
                    continue
            elif late is None and not self._in_one_go(x):
                late = []
            v = self._value(x, child(role, k))
            if type(v) is str and how is not None:
                if late is None:
                    held = (k, v)
                else:
                    late.append((k, v))
            else:
                self._set(role, row, k, v, tx is dict or tx is list)
        if held is not None:
            self._set(role, row, held[0], held[1], False)
        for k, v in late or ():
            self._set(role, row, k, v, False)

    def _set(self, role: int, row: int, key: Any, v: Any, container: bool) -> None:
        if role == ROOT:
            if key == "allocator_settings":
                self.top[key] = v
            elif key in ("segments", "device_traces"):
                self.top[key] = v if container else None
            return
        if role == FRAME and key == "line":
            self.cols.frame_line[row] = v if type(v) is int and NO_LINE < v < 1 << 63 else NO_LINE
            return
        if role == SEGMENT and key in ("is_expandable", "segment_pool_id"):
            if key == "is_expandable":
                self.cols.seg_expandable[row] = 1 if v is True else 0
            else:
                self.cols.seg_pool[row] = v
            return
        col = self.columns[role].get(key) if type(key) is str else None
        if col is None:
            return
        if key in ("frames", "blocks"):
            col[row] = v if container and v is not None else -1
        elif key in _STR_COLUMN[role]:
            col[row] = self._intern(v)
        else:
            col[row] = -1 if container else uint(v)

    def _list(self, v: list[Any], role: int) -> int:
        """A list of `role`'s walked: its index (a `segments` list's: its span's)."""
        known = self.lists.get(id(v))
        if known is not None:
            return known[1] if known[0] == role else self._refused()
        if id(v) in self.seen:
            self._refused()
        self.seen.add(id(v))
        c = self.cols
        element = ELEMENT[role]
        if role == TRACE:
            index = len(c.trace_first)
            self.lists[id(v)] = (role, index)
            c.trace_first.append(len(c.trace_frames))
            c.trace_end.append(len(c.trace_frames))
            shared = self.frame_rows
            rows = [shared.get(id(x), -1) for x in v]  # the frames torch shares: their rows
            if -1 in rows:
                rows = [r if r >= 0 else self._frame(x) for r, x in zip(rows, v, strict=True)]
            c.trace_frames.extend(rows)
            c.trace_end[index] = len(c.trace_frames)
            return index
        if role == SEGLIST:
            index = len(self.spans)
            self.spans.append([len(c.seg_device)] * 2)
        elif role == DEVLIST:
            index = len(self.devlists)
            self.devlists.append([])
        else:
            first, end = (c.list_first, c.list_end) if role == BLOCKLIST else (c.ev_first, c.ev_end)
            index = len(first)
            at = len(c.blk_size) if role == BLOCKLIST else len(c.ev_action)
            first.append(at)
            end.append(at)
        self.lists[id(v)] = (role, index)
        for at, x in enumerate(v):
            if type(x) is dict and element in DICTS:  # a row, the common case
                got: Any = self._new_row(x, element)
                kept = True
            else:
                got = self._value(x, element)
                kept = got is not None and (type(x) is dict or type(x) is list)
            if role == DEVLIST:
                self.devlists[index].append(got if kept else -1)
            elif not kept:
                if role == EVLIST:  # a trace entry that is no dict: its place kept
                    c.ev_gaps.setdefault(index, []).append(at)
            elif role == SEGLIST:
                self.spans[index][1] += 1
            elif role == BLOCKLIST:
                c.list_end[index] += 1
            else:
                c.ev_end[index] += 1
        return index
