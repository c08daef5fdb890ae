"""A snapshot pickle's containers placed as the reader (`untrusted.pickled`) pushes them: each
given a role from where it stands on the stack (`untrusted.roles`), a row dict's items set into
its columns, a list's rows counted into its range, a part the pickle shares copied as a row again,
and everything kept priced as it is built (`price.Tally`). Where the role given on the way in
turns out not to be where a part lands (a pickle no snapshot pickler writes), the file is refused,
never read into a wrong answer."""

from __future__ import annotations

from array import array
from typing import Any

from .columns import NO_LINE, Columns
from .price import DICT_ITEM, DICT_OPEN, LIST_ITEM, LIST_OPEN, MEMO_KEY, Tally, scalar
from .roles import (
    BATCH,
    BLOCK,
    BLOCKLIST,
    CHILD,
    DEVLIST,
    DICTS,
    ELEMENT,
    EVENT,
    EVLIST,
    FRAME,
    GENERIC,
    LIMIT,
    LINE,
    LISTS,
    MISFIT_ROLE,
    NAMED,
    ROOT,
    SEGLIST,
    SEGMENT,
    SKIP,
    TEXT,
    TRACE,
    UINT,
    Refused,
    child,
    fits,
)

__all__ = [
    "EXPANSION", "FETCHED", "MEMO_ROW", "MEMO_SLOT", "MIN_WALK", "MISFIT", "NODE_PRICE", "ROW_MASK",
    "ROW_PRICE", "Node", "Rows", "Skipped",
]

EXPANSION = 64
"""Rows a reader may walk per byte of the file (never below `MIN_WALK`): each segment's blocks,
each block's frames and each trace event, a shared list counted wherever it is referred to. A
snapshot stays far below (a block's shared traceback of sixty frames is about one a byte); a few
kilobytes whose segments all share one list of blocks sharing one traceback would walk billions,
so such a file is refused once read."""
MIN_WALK = 8 << 20


class Node:
    """A container with a role on the stack: `index` its row, list or trace."""

    __slots__ = ("fresh", "index", "kind", "memo", "shared")

    def __init__(self, kind: int, index: int) -> None:
        self.kind, self.index, self.fresh, self.shared = kind, index, True, False
        self.memo = -1  # the memo slot a row was put in


class Skipped:
    """A container whose contents are not kept: no reader reads them (`misfit`: a list where a
    row's dict goes, or a dict where a list goes, which readers read as neither), or one fetched
    again from the memo (only where nothing is read)."""

    __slots__ = ("fetched", "is_dict", "misfit")

    def __init__(self, is_dict: bool, misfit: bool = False, fetched: bool = False) -> None:
        self.is_dict, self.misfit, self.fetched = is_dict, misfit, fetched


SKIP_LIST, SKIP_DICT = Skipped(False), Skipped(True)
MISFIT_LIST, MISFIT_DICT = Skipped(False, misfit=True), Skipped(True, misfit=True)
FETCHED = Skipped(False, fetched=True)
MISFIT = MISFIT_LIST  # a tuple holding what is not kept: neither a dict nor a list either
MEMO_ROW = object()  # a memo slot holding a row: its index in `Rows.memo_rows`

# A row's price: its columns' items (arrays grow by an eighth) and its memo slot
ROW_PRICE = {SEGMENT: 58 + 16, BLOCK: 36 + 16, FRAME: 18 + 16, EVENT: 50 + 16}
NODE_PRICE = 72  # a list node or trace kept in the memo
MEMO_SLOT = 16  # a memo slot: its pointer and its row index
ROW_MASK = (1 << 56) - 1


class Rows(Tally):
    """The columns, stack and memo of one pickle read: containers given roles as they are pushed
    and their items set. Nothing it prices is given back (a row, a string, a memo slot is kept to
    the end), so its total is its most: `spend` checks the limit alone."""

    def spend(self, n: int) -> None:
        self.total += n
        if self.total > self.limit:
            self.most = self.total
            self.peak()

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(size, limit)
        self.cols = Columns()
        self.stack: list[Any] = []
        self.marks: list[int] = []
        self.memo: list[Any] = []
        self.memo_rows = array("q")
        self.interned: dict[str, int] = {}
        self.seglists: list[list[int]] = []  # a `segments` list's [first, end) segment rows
        self.devlists: list[list[int]] = []  # a `device_traces` list's event lists
        self.top: dict[str, Any] = {}  # the document's keys that are read
        self._batch_start = -1  # where the batch APPENDS ends began (a single APPEND: none)
        self.setters = {BLOCK: self._set_block, FRAME: self._set_none, EVENT: self._set_none,
                        SEGMENT: self._set_segment, ROOT: self._set_root}
        c = self.cols
        # each row role's columns, with what a row holds before its keys are set
        self.row_columns: dict[int, tuple[tuple[Any, Any], ...]] = {
            BLOCK: tuple((col, -1) for col in (c.blk_address, c.blk_size, c.blk_requested, c.blk_state,
                                                c.blk_trace)),
            FRAME: ((c.frame_file, -1), (c.frame_name, -1), (c.frame_line, NO_LINE)),
            EVENT: tuple((col, -1) for col in (c.ev_action, c.ev_addr, c.ev_size, c.ev_stream, c.ev_free)),
            SEGMENT: (*((col, -1) for col in (c.seg_device, c.seg_address, c.seg_total, c.seg_stream,
                                              c.seg_type, c.seg_blocks)),
                      (c.seg_expandable, 0), (c.seg_pool, None)),
        }
        # a row's keys: the column an int or a str goes to, and how (the setters say the rest)
        self.tables: dict[int, dict[str, tuple[Any, int]]] = {
            BLOCK: {"address": (c.blk_address, UINT), "size": (c.blk_size, UINT),
                    "requested_size": (c.blk_requested, UINT), "state": (c.blk_state, TEXT)},
            FRAME: {"filename": (c.frame_file, TEXT), "name": (c.frame_name, TEXT),
                    "line": (c.frame_line, LINE)},
            EVENT: {"action": (c.ev_action, TEXT), "addr": (c.ev_addr, UINT), "size": (c.ev_size, UINT),
                    "stream": (c.ev_stream, UINT), "device_free": (c.ev_free, UINT)},
            SEGMENT: {"device": (c.seg_device, UINT), "address": (c.seg_address, UINT),
                      "total_size": (c.seg_total, UINT), "stream": (c.seg_stream, UINT),
                      "segment_type": (c.seg_type, TEXT)},
            ROOT: {},
        }

    # --- containers: a role from where they stand ----------------------------------------------

    def _kind(self, v: Any) -> int:
        if type(v) is Node:
            return v.kind
        if type(v) is Skipped:
            return SKIP
        return GENERIC if type(v) in (list, dict) else -1

    def _dict_like(self, v: Any) -> bool:
        if type(v) is Node:
            return v.kind in DICTS
        return type(v) is dict or (type(v) is Skipped and v.is_dict)

    def _fresh(self, v: Any) -> bool:
        """Whether `v` is a container that has had no item set yet (it may get one next)."""
        if type(v) is Node:
            return v.fresh
        if type(v) is Skipped:
            return not v.fetched
        return type(v) in (list, dict) and not v

    def _role(self, is_dict: bool) -> int:
        """The role of a container about to be pushed, from the containers below it: the newest
        one, filled one item at a time (a pickler's form for one item), else the one under the
        last mark (its batch of items)."""
        stack = self.stack
        n = len(stack)
        if n == 0:
            return ROOT if is_dict else SEGLIST
        m = self.marks[-1] if self.marks else 0
        if m >= 1 and self.marks:  # a batch of a list's elements: the first, or one after a whole one
            parent = stack[m - 1]
            if type(parent) is Node and parent.kind in LISTS:
                top = stack[-1]
                if n == m or (type(top) is Node and not top.fresh):
                    role = ELEMENT[parent.kind]
                    return role if (role in DICTS) == is_dict else MISFIT_ROLE
        marked = -1
        if self.marks and m >= 1:
            parent = stack[m - 1]
            kind = self._kind(parent)
            if kind >= 0 and not self._dict_like(parent):
                marked = child(kind, None)
            elif kind >= 0 and (n - m) % 2 == 1:
                marked = child(kind, stack[-1])
        top = stack[-1]
        misfit = False  # a role found whose container is the other kind
        # a container not kept may have been whole already: where a mark names the parent, it is
        # the parent (a part meant for the one not kept is dropped with it all the same)
        unsure = type(top) is Skipped and marked >= 0
        if n - 1 >= m and self._fresh(top) and not self._dict_like(top) and not unsure:
            kind = self._kind(top)
            if kind in LISTS or kind in (GENERIC, SKIP):
                role = child(kind, None)
                if fits(role, is_dict) and not (kind == SKIP and fits(marked, is_dict)):
                    return role
                misfit = kind in LISTS
        if (n - 2 >= m and type(top) is str and self._fresh(stack[-2]) and self._dict_like(stack[-2])
                and not (type(stack[-2]) is Skipped and marked >= 0)):
            kind = self._kind(stack[-2])
            if kind >= 0:
                role = child(kind, top)
                named = kind in DICTS and top in CHILD.get(kind, {})
                # a key the dict's role does not name, where a mark names a parent that cannot
                # hold it: no dict or list either way (were it the dict's, it is not read)
                if role == SKIP and marked >= 0 and not fits(marked, is_dict):
                    pass
                elif fits(role, is_dict) and (named or kind in DICTS
                                               or not (top in NAMED and fits(marked, is_dict))):
                    return role
                misfit = misfit or (named and not fits(role, is_dict))
        if marked >= 0:
            return marked if fits(marked, is_dict) else MISFIT_ROLE
        return MISFIT_ROLE if misfit else SKIP

    def _container(self, is_dict: bool) -> Any:
        role = self._role(is_dict)
        if role == SKIP:
            return SKIP_DICT if is_dict else SKIP_LIST
        if role == MISFIT_ROLE:
            return MISFIT_DICT if is_dict else MISFIT_LIST
        if role == GENERIC:
            self.spend(DICT_OPEN if is_dict else LIST_OPEN)
            return {} if is_dict else []
        return self._new(role)

    def _new(self, role: int) -> Node:
        c = self.cols
        if role in ROW_PRICE:
            self.spend(ROW_PRICE[role])
        row = self.row_columns.get(role)
        if row is not None:
            index = len(row[0][0])
            for col, empty in row:
                col.append(empty)
        elif role == TRACE:
            self.spend(24)
            index = len(c.trace_first)
            c.trace_first.append(len(c.trace_frames))
            c.trace_end.append(len(c.trace_frames))
        elif role == BLOCKLIST or role == EVLIST:
            self.spend(24)
            first, end = (c.list_first, c.list_end) if role == BLOCKLIST else (c.ev_first, c.ev_end)
            index = len(first)
            at = len(c.blk_size) if role == BLOCKLIST else len(c.ev_action)
            first.append(at)
            end.append(at)
        elif role == SEGLIST:
            index = len(self.seglists)
            self.seglists.append([len(c.seg_device)] * 2)
        elif role == DEVLIST:
            index = len(self.devlists)
            self.devlists.append([])
        else:  # ROOT
            index = 0
        return Node(role, index)

    def _copy(self, kind: int, row: int) -> Node:
        node = self._new(kind)
        j = node.index
        for col, _ in self.row_columns[kind]:
            col[j] = col[row]
        node.fresh = False
        return node

    # --- items set -----------------------------------------------------------------------------

    def _setitems(self, start: int) -> None:
        stack = self.stack
        if start < 1 or (len(stack) - start) % 2:
            raise ValueError("not a pickle: SETITEMS without a dict and pairs")
        target = stack[start - 1]
        items = stack[start:]
        del stack[start:]
        kind = self._kind(target)
        if kind == SKIP:
            self._drop(items)
            return
        if type(target) is dict:
            for j in range(0, len(items), 2):
                self._generic_item(target, items[j + 1], items[j])
            return
        if kind not in DICTS:
            raise ValueError("not a pickle: SETITEMS on what is not a dict")
        self._set_row(target, items)

    def _set_row(self, target: Node, items: list[Any]) -> None:
        """A row dict's pairs into its columns; a container where its role says none goes is a
        pickle no snapshot pickler writes."""
        kind = target.kind
        target.fresh = False
        table = self.tables[kind]
        row = target.index
        for j in range(0, len(items), 2):
            key, value = items[j], items[j + 1]
            kv = type(value)
            if (kv is int or kv is str) and type(key) is str:  # the common case, written out
                spec = table.get(key)
                if spec is not None:
                    col, how = spec
                    if how == TEXT:
                        col[row] = self._intern(value)
                    elif kv is str:
                        col[row] = NO_LINE if how == LINE else -1
                    elif how == UINT:
                        col[row] = value if 0 <= value < LIMIT else -1
                    else:
                        col[row] = value if NO_LINE < value < LIMIT else NO_LINE
                    continue
            if kv is Node:
                expected = child(kind, key)
                if value.kind != expected:
                    if not self._unlike(value, expected):
                        self._misplaced()
                    value = MISFIT
            elif kv is Skipped:
                expected = child(kind, key)
                if expected == GENERIC or (expected != SKIP and not value.misfit):
                    self._misplaced()
            elif (kv is list or kv is dict) and child(kind, key) not in (GENERIC, SKIP):
                self._misplaced()
            spec = table.get(key) if type(key) is str else None
            if spec is not None:  # a column's key with no int or str: no value
                spec[0][row] = NO_LINE if spec[1] == LINE else -1
            else:
                self.setters[kind](row, key, value)

    def _generic_item(self, target: Any, value: Any, key: Any = None) -> None:
        if type(value) is Node or type(value) is Skipped:
            self._misplaced()
        if type(value) not in (list, dict, tuple):
            self.spend(scalar(value) + (DICT_ITEM if key is not None else LIST_ITEM))
        else:
            self.spend(DICT_ITEM if key is not None else LIST_ITEM)
        if key is None:
            target.append(value)
        else:
            if type(key) in (list, dict, Skipped, Node):
                raise Refused("refused: a dict key that is not a str or number")
            target[key] = value

    def _unlike(self, node: Node, expected: int) -> bool:
        """Whether `node`, where a container of role `expected` goes, is the other kind (a dict
        where a list goes, or the reverse): read as no dict or list, as a scalar would be, whatever
        role its own parts were given (a row it took stays out of every list)."""
        return expected in DICTS | LISTS and (node.kind in DICTS) != (expected in DICTS)

    def _drop(self, items: list[Any]) -> None:
        """Items set in a container not kept: a row among them given where a mark named another
        parent (the newest of its table) is taken back, and its memo slot holds what is not kept,
        so that no list of rows has a row that is none of its own."""
        for v in items:
            if type(v) is not Node or v.kind not in ROW_PRICE or v.kind == FRAME:
                continue  # a frame: referred to by index, never in a range
            cols = self.row_columns[v.kind]
            if v.index == len(cols[0][0]) - 1:
                for col, _ in cols:
                    del col[-1]
                if v.memo >= 0 and self.memo[v.memo] is MEMO_ROW:
                    self.memo[v.memo] = SKIP_DICT

    def _misplaced(self) -> None:
        raise Refused("refused: a part where a snapshot pickler puts none (not a torch memory snapshot)")

    def _appends(self, start: int) -> None:
        stack = self.stack
        if start < 1:
            raise ValueError("not a pickle: APPENDS without a list")
        target = stack[start - 1]
        items = stack[start:]
        del stack[start:]
        kind = self._kind(target)
        if kind == SKIP:
            self._drop(items)
            return
        if type(target) is list:
            for v in items:
                self._generic_item(target, v)
            return
        if kind not in LISTS:
            raise ValueError("not a pickle: APPENDS on what is not a list")
        target.fresh = len(items) == BATCH and start == self._batch_start  # a full batch: more may come
        expected = ELEMENT[kind]
        c = self.cols
        for v in items:
            if type(v) is Node and v.kind != expected:
                if not self._unlike(v, expected):
                    self._misplaced()
                v = MISFIT
            if type(v) is Node:
                pass
            elif type(v) in (list, dict) or (type(v) is Skipped and not v.misfit):
                self._misplaced()
            if kind == TRACE:
                t = target.index
                if c.trace_end[t] != len(c.trace_frames):
                    self._misplaced()  # a traceback's frames are appended together
                self.spend(4)
                c.trace_frames.append(v.index if type(v) is Node else -1)
                c.trace_end[t] += 1
            elif type(v) is not Node and kind != DEVLIST:
                if kind == EVLIST:  # a trace entry that is no dict: its place kept (readers count it)
                    k = target.index
                    gaps = c.ev_gaps.setdefault(k, [])
                    self.spend(16)
                    gaps.append(c.ev_end[k] - c.ev_first[k] + len(gaps))
                continue  # no dict: no row
            elif kind == BLOCKLIST or kind == EVLIST:
                end = c.list_end if kind == BLOCKLIST else c.ev_end
                if v.index != end[target.index]:
                    self._misplaced()  # a list's blocks are its rows in order
                end[target.index] += 1
            elif kind == SEGLIST:
                span = self.seglists[target.index]
                if v.index != span[1]:
                    self._misplaced()
                span[1] += 1
            else:  # DEVLIST: an event list per device
                self.spend(8)
                self.devlists[target.index].append(v.index if type(v) is Node else -1)

    # --- rows ----------------------------------------------------------------------------------

    def _intern(self, value: Any) -> int:
        if type(value) is not str:
            return -1
        index = self.interned.get(value)
        if index is None:
            index = self.interned[value] = len(self.cols.strings)
            self.cols.strings.append(value)
            self.spend(MEMO_KEY + 8)
        return index

    # the keys no column table has (`tables` sets the rest)

    def _set_block(self, row: int, key: Any, value: Any) -> None:
        if key == "frames":
            self.cols.blk_trace[row] = value.index if type(value) is Node else -1

    def _set_none(self, row: int, key: Any, value: Any) -> None:
        pass  # a frame's and an event's keys are all in their tables

    def _set_segment(self, row: int, key: Any, value: Any) -> None:
        c = self.cols
        if key == "is_expandable":
            c.seg_expandable[row] = 1 if value is True else 0
        elif key == "segment_pool_id":
            c.seg_pool[row] = value
        elif key == "blocks":
            c.seg_blocks[row] = value.index if type(value) is Node else -1

    def _set_root(self, row: int, key: Any, value: Any) -> None:
        if key in ("segments", "device_traces", "allocator_settings"):
            self.top[key] = value

    def _walk_within(self, budget: int) -> None:
        """Refused where the readers' walk (`EXPANSION`) would pass `budget` rows: a list of
        blocks is summed once, then counted for each segment that refers to it."""
        c = self.cols
        traces = [e - f for f, e in zip(c.trace_first, c.trace_end, strict=True)]
        per_list = [0] * len(c.list_first)
        for k, (first, end) in enumerate(zip(c.list_first, c.list_end, strict=True)):
            per_list[k] = sum(1 + (traces[t] if t >= 0 else 0) for t in c.blk_trace[first:end])
        walk = sum(per_list[k] for k in (c.seg_blocks[r] for r in c.segment_rows) if k >= 0)
        walk += sum(c.ev_end[k] - c.ev_first[k] for k in c.device_lists or () if k >= 0)
        if walk > budget:
            raise Refused(f"refused: its shared parts unfold past {EXPANSION} rows per byte, more than "
                          "a snapshot's readers walk")

    def _finish(self, root: Any) -> Columns:
        c = self.cols
        segments = root if type(root) is Node and root.kind == SEGLIST else None
        if type(root) is Node and root.kind == ROOT:
            value = self.top.get("segments")
            segments = value if type(value) is Node and value.kind == SEGLIST else None
            traces = self.top.get("device_traces")
            if type(traces) is Node and traces.kind == DEVLIST:
                c.device_lists = self.devlists[traces.index]
            settings = self.top.get("allocator_settings")
            c.settings = settings if type(settings) is dict else None
        if segments is not None:
            first, end = self.seglists[segments.index]
            c.segment_rows = range(first, end)
            c.has_segments = True
        self._walk_within(max(MIN_WALK, EXPANSION * self.size))
        self.most = self.total
        self.stack.clear()
        self.memo.clear()
        return c


