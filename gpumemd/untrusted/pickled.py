"""Snapshot pickles from untrusted bytes, read into columns (`untrusted.columns.Columns`) by an
interpreter of gpumemd's own: no class is ever looked up (a pickle that asks for one is refused,
never run), and nothing is built that the columns do not hold.

A pickle is a program for a stack machine: push a dict, push keys and values, set them. The
interpreter runs it, but where CPython's unpickler builds a dict per block, this one gives each
container a role from where it stands (a list under `segments` holds segments, a dict in it is a
segment, its `blocks` list holds blocks, a `frames` list is a traceback, ...) and a dict with a
row role is never built: its values go straight into its row of integer columns. A traceback is
built once and referred to by index, however many blocks share it; a block or event the pickle
shares is copied, priced as a row. Keys no reader reads are skipped, their values not kept;
`allocator_settings` (and a segment's pool id) are built as they are, priced. Where the role
given on the way in turns out not to be where the value lands (a pickle no snapshot pickler
writes), the file is refused: never a wrong answer.

Everything kept is priced as it is built (`price.Tally`), the file's own bytes counted: past
`allowance(len(data))` the file is refused on the spot. What the stack holds in flight is bounded
by `MAX_STACK` items (a pickler holds one batch of a thousand items per open container).
"""

from __future__ import annotations

import functools
import re
import struct
import sys
from array import array
from typing import Any, NoReturn

from .budget import SLACK, allowance
from .columns import NO_LINE, Columns
from .price import DICT_ITEM, DICT_OPEN, LIST_ITEM, LIST_OPEN, MEMO_KEY, Tally, scalar

__all__ = ["EXPANSION", "MAX_STACK", "MIN_WALK", "ClassRefused", "Refused", "columns_of", "read_snapshot"]

MAX_STACK = 8192
"""Items the stack may hold: a pickler's batch is a thousand items (two for a dict's), and a
snapshot nests a few containers deep."""
EXPANSION = 64
"""Rows a reader may walk per byte of the file (never below `MIN_WALK`): each segment's blocks,
each block's frames and each trace event, a shared list counted wherever it is referred to. A
snapshot stays far below (a block's shared traceback of sixty frames is about one a byte); a few
kilobytes whose segments all share one list of blocks sharing one traceback would walk billions,
so such a file is refused once read."""
MIN_WALK = 8 << 20
_STACK_ITEM = 64  # what an item in flight may take (its pointer, an int, a row's handle)
_RESERVE = MAX_STACK * _STACK_ITEM  # kept out of the allowance for the stack in flight


class Refused(ValueError):
    """A pickle no snapshot pickler writes: one line."""


class ClassRefused(Refused):
    """The pickle asks for a class (any class: a snapshot holds none)."""


# Roles: where a container stands in a snapshot
(_ROOT, _SEGLIST, _SEGMENT, _BLOCKLIST, _BLOCK, _TRACE, _FRAME, _DEVLIST, _EVLIST, _EVENT,
 _GENERIC, _SKIP, _MISFIT_ROLE) = range(13)
_DICTS = frozenset({_ROOT, _SEGMENT, _BLOCK, _FRAME, _EVENT})
_LISTS = frozenset({_SEGLIST, _BLOCKLIST, _TRACE, _DEVLIST, _EVLIST})
_ELEMENT = {_SEGLIST: _SEGMENT, _BLOCKLIST: _BLOCK, _TRACE: _FRAME, _DEVLIST: _EVLIST, _EVLIST: _EVENT,
            _GENERIC: _GENERIC, _SKIP: _SKIP}
_CHILD: dict[int, dict[str, int]] = {
    _ROOT: {"segments": _SEGLIST, "device_traces": _DEVLIST, "allocator_settings": _GENERIC},
    _SEGMENT: {"blocks": _BLOCKLIST, "frames": _TRACE, "segment_pool_id": _GENERIC},
    _BLOCK: {"frames": _TRACE},
    _EVENT: {"frames": _TRACE},
    _FRAME: {},
}
_NAMED = {"segments", "device_traces", "allocator_settings", "blocks", "frames", "segment_pool_id"}


def _child(role: int, key: Any) -> int:
    """The role of what stands under `key` (None: as an element) of a container of `role`."""
    if role == _SKIP:  # a traceback is one wherever it stands: the memo may share it with a block
        return _TRACE if key == "frames" else _SKIP
    if role == _GENERIC:
        return role
    if role in _CHILD:
        return _CHILD[role].get(key, _SKIP) if type(key) is str else _SKIP
    return _ELEMENT.get(role, _SKIP)


class _Node:
    """A container with a role on the stack: `index` its row, list or trace."""

    __slots__ = ("fresh", "index", "kind", "memo", "shared")

    def __init__(self, kind: int, index: int) -> None:
        self.kind, self.index, self.fresh, self.shared = kind, index, True, False
        self.memo = -1  # the memo slot a row was put in


class _Skipped:
    """A container whose contents are not kept: no reader reads them (`misfit`: a list where a
    row's dict goes, or a dict where a list goes, which readers read as neither), or one fetched
    again from the memo (only where nothing is read)."""

    __slots__ = ("fetched", "is_dict", "misfit")

    def __init__(self, is_dict: bool, misfit: bool = False, fetched: bool = False) -> None:
        self.is_dict, self.misfit, self.fetched = is_dict, misfit, fetched


_SKIP_LIST, _SKIP_DICT = _Skipped(False), _Skipped(True)
_MISFIT_LIST, _MISFIT_DICT = _Skipped(False, misfit=True), _Skipped(True, misfit=True)
_FETCHED = _Skipped(False, fetched=True)
_MISFIT = _MISFIT_LIST  # a tuple holding what is not kept: neither a dict nor a list either
_MEMO_ROW = object()  # a memo slot holding a row: its index in `_Reader.memo_rows`
_NO_KEY = object()  # a row dict read in one go: no key read yet
_NEXT_KEY = frozenset(b"hj\x8cu")  # what follows a whole value in a row dict: a key, or SETITEMS
_SET = frozenset({"frames", "blocks", "is_expandable", "segment_pool_id"})  # a row's keys set otherwise
_TAKES = frozenset(b"\x85\x86\x87t201\x94qr")  # what would take the key just read as its own

# A row's price: its columns' items (arrays grow by an eighth) and its memo slot
_ROW_PRICE = {_SEGMENT: 58 + 16, _BLOCK: 36 + 16, _FRAME: 18 + 16, _EVENT: 50 + 16}
_NODE_PRICE = 72  # a list node or trace kept in the memo
_MEMO_SLOT = 16  # a memo slot: its pointer and its row index
_ROW_MASK = (1 << 56) - 1
_U, _L, _S = range(3)  # a column of non-negative ints, of lines, of strings
_LIMIT = 1 << 63
_BATCH = 1000  # a pickler's batch: a list or dict given exactly this many may be given more


def read_snapshot(data: bytes, limit: int | None = -1) -> Columns:
    """The snapshot pickled in `data` as columns. TooCostly (a ValueError) once what is built,
    with the file's own bytes, would pass `allowance(len(data))` (`limit`: another bound in bytes
    of what is built; None: unbounded); ClassRefused for a class
    asked for; Refused for what no snapshot pickler writes; any other ValueError for bytes that
    are not a pickle."""
    if limit == -1:
        limit = allowance(len(data)) - len(data) - _RESERVE
    reader = _Reader(data, sys.maxsize if limit is None else max(limit, SLACK // 2))
    try:
        return reader.run()
    except IndexError:  # an opcode's argument past the end
        raise ValueError("not a pickle: truncated") from None


def columns_of(doc: Any) -> Columns:
    """A snapshot dict (`torch.cuda.memory._snapshot()`) or segment list (`memory_snapshot()`)
    as columns: the same columns `read_snapshot(pickle.dumps(doc))` gives, built by walking the
    live dict (a live process's own: unbounded, not priced, never pickled). Columns are returned
    as they are."""
    if isinstance(doc, Columns):
        return doc
    return _Live().run(doc)


def _uint(v: Any) -> int:
    return v if type(v) is int and 0 <= v < 1 << 63 else -1


class _Reader(Tally):
    """One pickle run op by op. Nothing it prices is given back (a row, a string, a memo slot is
    kept to the end), so its total is its most: `spend` checks the limit alone."""

    def spend(self, n: int) -> None:
        self.total += n
        if self.total > self.limit:
            self.most = self.total
            self.peak()

    def __init__(self, data: bytes, limit: int) -> None:
        super().__init__(len(data), limit)
        self.data = data
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
        self.setters = {_BLOCK: self._set_block, _FRAME: self._set_frame, _EVENT: self._set_event,
                        _SEGMENT: self._set_segment, _ROOT: self._set_root}
        c = self.cols
        # a row's keys: the column an int or a str goes to, and how (the setters say the rest)
        self.tables: dict[int, dict[str, tuple[Any, int]]] = {
            _BLOCK: {"address": (c.blk_address, _U), "size": (c.blk_size, _U),
                     "requested_size": (c.blk_requested, _U), "state": (c.blk_state, _S)},
            _FRAME: {"filename": (c.frame_file, _S), "name": (c.frame_name, _S), "line": (c.frame_line, _L)},
            _EVENT: {"action": (c.ev_action, _S), "addr": (c.ev_addr, _U), "size": (c.ev_size, _U),
                     "stream": (c.ev_stream, _U), "device_free": (c.ev_free, _U)},
            _SEGMENT: {"device": (c.seg_device, _U), "address": (c.seg_address, _U),
                       "total_size": (c.seg_total, _U), "stream": (c.seg_stream, _U),
                       "segment_type": (c.seg_type, _S)},
            _ROOT: {},
        }

    # --- the interpreter -----------------------------------------------------------------------

    def run(self) -> Columns:
        data, stack, marks, memo = self.data, self.stack, self.marks, self.memo
        end = len(data)
        i = 0
        push = stack.append
        frm = int.from_bytes
        # the opcodes of a snapshot first, by how often they come
        while i < end:
            op = data[i]
            i += 1
            if op == 0x6A or op == 0x68:  # LONG_BINGET, BINGET
                if op == 0x68:
                    k = data[i]
                    i += 1
                else:
                    k = frm(data[i : i + 4], "little")
                    i += 4
                v = memo[k] if k < len(memo) else self._unset(k)
                push(v if type(v) is str else self._fetch(k))
            elif op == 0x94:  # MEMOIZE
                v = stack[-1] if stack else self._no_value()
                if type(v) is _Node:
                    self._put(len(memo), v)
                else:
                    memo.append(v)
                    self.memo_rows.append(0)
                    self.spend(_MEMO_SLOT)
            elif op == 0x8A:  # LONG1
                n = data[i]
                v = frm(data[i + 1 : i + 1 + n], "little", signed=True)
                if n > 8:
                    self.spend(sys.getsizeof(v))
                push(v)
                i += 1 + n
            elif op == 0x28:  # MARK
                top = stack[-1] if stack else None
                if type(top) is _Node and top.kind == _TRACE and top.fresh:
                    i = self._trace_batch(i, top)  # a traceback of shared frames: read in one go
                else:
                    marks.append(len(stack))
            elif op == 0x4A:  # BININT
                push(frm(data[i : i + 4], "little", signed=True))
                i += 4
            elif op == 0x7D:  # EMPTY_DICT
                node = self._container(True)
                push(node)
                if type(node) is _Node and node.kind in _ROW_PRICE:
                    i = self._row_dict(i, node)  # a plain row: read in one go
            elif op == 0x75:  # SETITEMS
                self._setitems(marks.pop() if marks else self._no_mark())
            elif op == 0x4B:  # BININT1
                push(data[i])
                i += 1
            elif op == 0x8C:  # SHORT_BINUNICODE
                n = data[i]
                push(self._text(data[i + 1 : i + 1 + n], n))
                i += 1 + n
            elif op == 0x5D:  # EMPTY_LIST
                push(self._container(False))
            elif op == 0x4D:  # BININT2
                push(frm(data[i : i + 2], "little"))
                i += 2
            elif op == 0x65:  # APPENDS
                self._batch_start = marks.pop() if marks else self._no_mark()
                self._appends(self._batch_start)
            elif op == 0x73:  # SETITEM
                self._setitems(len(stack) - 2)
            elif op == 0x61:  # APPEND
                self._batch_start = -1
                self._appends(len(stack) - 1)
            elif op == 0x89:  # NEWFALSE
                push(False)
            elif op == 0x88:  # NEWTRUE
                push(True)
            elif op == 0x4E:  # NONE
                push(None)
            elif op == 0x47:  # BINFLOAT
                push(_float(data[i : i + 8]))
                i += 8
            elif op == 0x58 or op == 0x8D:  # BINUNICODE, BINUNICODE8
                w = 4 if op == 0x58 else 8
                n = frm(data[i : i + w], "little")
                i += w
                push(self._text(data[i : i + n], n))
                i += n
            elif op in (0x43, 0x42, 0x8E, 0x96):  # SHORT_BINBYTES, BINBYTES, BINBYTES8, BYTEARRAY8
                w = 1 if op == 0x43 else 4 if op == 0x42 else 8
                n = frm(data[i : i + w], "little")
                i += w
                if i + n > end:
                    raise ValueError("not a pickle: truncated")
                self.spend(33 + n)
                push(bytes(data[i : i + n]) if op != 0x96 else bytearray(data[i : i + n]))
                i += n
            elif op == 0x8B:  # LONG4
                n = frm(data[i : i + 4], "little")
                i += 4
                if i + n > end:
                    raise ValueError("not a pickle: truncated")
                self.spend(32 + n)
                push(frm(data[i : i + n], "little", signed=True))
                i += n
            elif op == 0x71 or op == 0x72:  # BINPUT, LONG_BINPUT
                w = 1 if op == 0x71 else 4
                self._put(frm(data[i : i + w], "little"), stack[-1] if stack else self._no_value())
                i += w
            elif op in (0x29, 0x85, 0x86, 0x87, 0x74):  # EMPTY_TUPLE, TUPLE1-3, TUPLE
                self._tuple(op)
            elif op == 0x30:  # POP
                if len(stack) > (marks[-1] if marks else 0):
                    stack.pop()
                else:
                    marks.pop() if marks else self._no_value()
            elif op == 0x31:  # POP_MARK
                del stack[marks.pop() if marks else self._no_mark():]
            elif op == 0x32:  # DUP
                push(stack[-1] if stack else self._no_value())
            elif op == 0x80:  # PROTO
                i += 1
            elif op == 0x95:  # FRAME
                i += 8
            elif op == 0x2E:  # STOP
                break
            elif op in _CLASSES:
                raise ClassRefused(self._class_named(op, i))
            else:
                raise Refused(f"refused: opcode {op:#04x} at byte {i - 1}: not in a snapshot pickle "
                              "(protocol 2 or later, dicts, lists, strings and numbers)")
            if len(stack) > MAX_STACK:
                raise Refused(f"refused: more than {MAX_STACK} items in flight (a snapshot pickler holds "
                              "a batch of a thousand)")
        else:
            raise ValueError("not a pickle: truncated")
        if i > end:
            raise ValueError("not a pickle: truncated")
        if len(stack) != 1 or marks:
            raise ValueError("not a pickle: its stack is not one object at STOP")
        return self._finish(stack[0])

    def _unset(self, k: int) -> Any:
        raise ValueError(f"not a pickle: memo {k} fetched before it was set")

    def _trace_batch(self, i: int, node: _Node) -> int:
        """A MARK on a fresh traceback: the frames it fetches from the memo (torch's shared ones)
        go straight into the trace; where the batch holds anything else, the MARK stands and the
        rest is read op by op (appended after these, in order)."""
        data, memo, rows = self.data, self.memo, self.memo_rows
        got: list[int] = []
        run = _GETS.match(data, i)  # LONG_BINGETs: read at C speed
        if run is not None:
            n = (run.end() - i) // 5
            keys = _gets(n).unpack_from(data, i)
            if max(keys) < len(memo) and all(memo[k] is _MEMO_ROW for k in keys):
                refs = [rows[k] for k in keys]
                if all(r >> 56 == _FRAME for r in refs):
                    got = [r & _ROW_MASK for r in refs]
                    i = run.end()
        if not got:
            end = len(data)
            while i < end:
                op = data[i]
                if op == 0x6A:
                    k, j = int.from_bytes(data[i + 1 : i + 5], "little"), i + 5
                elif op == 0x68 and i + 1 < end:
                    k, j = data[i + 1], i + 2
                else:
                    break
                if k >= len(memo) or memo[k] is not _MEMO_ROW or rows[k] >> 56 != _FRAME:
                    break
                got.append(rows[k] & _ROW_MASK)
                i = j
        if got:
            c = self.cols
            t = node.index
            if c.trace_end[t] != len(c.trace_frames):
                self._misplaced()
            self.spend(4 * len(got))
            c.trace_frames.extend(got)
            c.trace_end[t] += len(got)
        if i < len(data) and data[i] == 0x65:  # APPENDS: the whole batch was shared frames
            node.fresh = len(got) == _BATCH  # a full batch: more may come
            return i + 1
        self.marks.append(len(self.stack))
        return i

    def _row_dict(self, i: int, node: _Node) -> int:
        """A row's dict read in one go where it is plain (MEMOIZE, MARK, keys and scalar values
        or memo fetches, SETITEMS: what a pickler writes for a block, event or frame), each pair
        set as it is read; at anything else the key read, if any, goes onto the stack after the
        MARK and the rest is read op by op."""
        data, memo = self.data, self.memo
        end = len(data)
        frm = int.from_bytes
        if i < end and data[i] == 0x94:
            self._put(len(memo), node)
            i += 1
        if i >= end or data[i] != 0x28:
            return i
        i += 1
        table = self.tables[node.kind]
        row = node.index
        key: Any = _NO_KEY
        interned = self.interned
        known = len(memo)
        v: Any
        while i < end:
            op = data[i]
            if op == 0x68:
                k = data[i + 1] if i + 1 < end else known
                v = memo[k] if k < known else self._unset(k)
                if type(v) is not str:
                    v = self._fetch(k)
                i += 2
            elif op == 0x6A:
                k = frm(data[i + 1 : i + 5], "little")
                v = memo[k] if k < known else self._unset(k)
                if type(v) is not str:
                    v = self._fetch(k)
                i += 5
            elif op == 0x4A:
                v = frm(data[i + 1 : i + 5], "little", signed=True)
                i += 5
            elif op == 0x8A and i + 1 < end and data[i + 1] <= 8:
                n = data[i + 1]
                v = frm(data[i + 2 : i + 2 + n], "little", signed=True)
                i += 2 + n
            elif op == 0x4B:
                v = data[i + 1]
                i += 2
            elif op == 0x4D:
                v = frm(data[i + 1 : i + 3], "little")
                i += 3
            elif op == 0x89 or op == 0x88 or op == 0x4E:
                v = False if op == 0x89 else True if op == 0x88 else None
                i += 1
            elif op == 0x8C and i + 1 < end:
                n = data[i + 1]
                v = self._text(data[i + 2 : i + 2 + n], n)
                i += 2 + n
                if i < end and data[i] == 0x94:
                    memo.append(v)
                    known += 1
                    self.memo_rows.append(0)
                    self.spend(_MEMO_SLOT)
                    i += 1
            elif op == 0x75 and key is _NO_KEY:  # SETITEMS
                node.fresh = False
                return i + 1
            else:
                break
            nxt = data[i] if i < end else -1
            if key is _NO_KEY:
                key = v
                if type(key) is not str or nxt in _TAKES:
                    break
                continue
            if nxt not in _NEXT_KEY:  # the value is not whole yet (a tuple's first item): op by op
                self.marks.append(len(self.stack))
                self.stack += [key, v]
                return i
            spec = table.get(key)
            kv = type(v)
            if spec is not None and (kv is int or kv is str):  # the common case, written out
                col, how = spec
                if how == _S:
                    col[row] = interned[v] if kv is str and v in interned else self._intern(v)
                elif kv is str:
                    col[row] = NO_LINE if how == _L else -1
                elif how == _U:
                    col[row] = v if 0 <= v < _LIMIT else -1
                else:
                    col[row] = v if NO_LINE < v < _LIMIT else NO_LINE
            elif spec is not None or key in _SET or kv is _Node or kv is _Skipped or kv is list or kv is dict:
                self._set_row(node, [key, v])
            key = _NO_KEY  # (a scalar under a key no reader reads: nothing to set)
        if i > end or (i == end and data[end - 1] != 0x2E):
            raise ValueError("not a pickle: truncated")
        self.marks.append(len(self.stack))
        if key is not _NO_KEY:
            self.stack.append(key)
        return i

    def _no_mark(self) -> int:
        raise ValueError("not a pickle: no mark")

    def _no_value(self) -> Any:
        raise ValueError("not a pickle: the stack is empty")

    def _class_named(self, op: int, i: int) -> str:
        if op == 0x63:  # GLOBAL: module and name, each a line
            parts = self.data[i : i + 200].split(b"\n", 2)[:2]
            what = ".".join(p.decode("latin-1")[:60] for p in parts)
        elif op == 0x93 and len(self.stack) >= 2:  # STACK_GLOBAL
            what = ".".join(str(s)[:60] for s in self.stack[-2:])
        else:
            what = "a class"
        return f"refused: the pickle asks for {what} (a snapshot holds none)"

    # --- values --------------------------------------------------------------------------------

    def _text(self, raw: bytes, n: int) -> str:
        if len(raw) < n:
            raise ValueError("not a pickle: truncated")
        s = raw.decode("utf-8", "surrogatepass")
        self.spend(sys.getsizeof(s))
        return s

    def _put(self, index: int, value: Any) -> None:
        memo = self.memo
        if type(value) is _Node:
            kind = value.kind
            if kind in _ROW_PRICE:  # a row: its index, not a node, is what the memo keeps
                value.memo = index
                if index == len(memo):  # MEMOIZE's next slot (its price is in the row's)
                    memo.append(_MEMO_ROW)
                    self.memo_rows.append(kind << 56 | value.index)
                    return
                if index > len(memo):
                    self._grow(index)
                memo[index] = _MEMO_ROW
                self.memo_rows[index] = kind << 56 | value.index
                return
            self.spend(_NODE_PRICE)
        if index >= len(memo):
            self._grow(index)
        memo[index] = value

    def _grow(self, index: int) -> None:
        """The memo up to `index` (a memo index far past the objects costs its slots)."""
        n = index + 1 - len(self.memo)
        self.spend(n * _MEMO_SLOT)
        self.memo.extend([None] * n)
        self.memo_rows.frombytes(bytes(8 * n))

    def _fetch(self, index: int) -> Any:
        if index >= len(self.memo):
            raise ValueError(f"not a pickle: memo {index} fetched before it was set")
        value = self.memo[index]
        if type(value) is _Node:
            value.fresh = False  # a container fetched again is whole: nothing is set in it
            value.shared = True  # and its role is sure: it was given where it first stood
        elif type(value) is _Skipped:
            return _FETCHED  # what it held is gone: it may stand only where nothing is read
        elif value is _MEMO_ROW:
            ref = self.memo_rows[index]
            kind, row = ref >> 56, ref & _ROW_MASK
            if kind == _FRAME:  # frames are referred to by index: shared as they are
                node = _Node(kind, row)
                node.fresh, node.shared = False, True
                return node
            return self._copy(kind, row)  # a block, event or segment the pickle shares: a row again
        if type(value) in (list, dict):
            raise Refused("refused: a shared or self-referring part where a snapshot has none")
        return value

    def _tuple(self, op: int) -> None:
        stack = self.stack
        if op == 0x29:
            stack.append(())
            return
        if op == 0x74:  # TUPLE: the items since the mark
            start = self.marks.pop() if self.marks else self._no_mark()
        else:  # TUPLE1-3
            start = len(stack) - (op - 0x84)
        if start < 0:
            self._no_value()
        items = stack[start:]
        del stack[start:]
        if any(type(v) is _Node for v in items):
            raise Refused("refused: a snapshot's list or dict inside a tuple")
        if any(type(v) is _Skipped for v in items):
            stack.append(_MISFIT)  # neither a dict nor a list: no row where one goes
            return
        value = tuple(items)
        self.spend(sys.getsizeof(value) + sum(scalar(v) for v in items if type(v) not in (tuple, list, dict)))
        stack.append(value)

    # --- containers: a role from where they stand ----------------------------------------------

    def _kind(self, v: Any) -> int:
        if type(v) is _Node:
            return v.kind
        if type(v) is _Skipped:
            return _SKIP
        return _GENERIC if type(v) in (list, dict) else -1

    def _dict_like(self, v: Any) -> bool:
        if type(v) is _Node:
            return v.kind in _DICTS
        return type(v) is dict or (type(v) is _Skipped and v.is_dict)

    def _fresh(self, v: Any) -> bool:
        """Whether `v` is a container that has had no item set yet (it may get one next)."""
        if type(v) is _Node:
            return v.fresh
        if type(v) is _Skipped:
            return not v.fetched
        return type(v) in (list, dict) and not v

    def _role(self, is_dict: bool) -> int:
        """The role of a container about to be pushed, from the containers below it: the newest
        one, filled one item at a time (a pickler's form for one item), else the one under the
        last mark (its batch of items)."""
        stack = self.stack
        n = len(stack)
        if n == 0:
            return _ROOT if is_dict else _SEGLIST
        m = self.marks[-1] if self.marks else 0
        if m >= 1 and self.marks:  # a batch of a list's elements: the first, or one after a whole one
            parent = stack[m - 1]
            if type(parent) is _Node and parent.kind in _LISTS:
                top = stack[-1]
                if n == m or (type(top) is _Node and not top.fresh):
                    role = _ELEMENT[parent.kind]
                    return role if (role in _DICTS) == is_dict else _MISFIT_ROLE
        marked = -1
        if self.marks and m >= 1:
            parent = stack[m - 1]
            kind = self._kind(parent)
            if kind >= 0 and not self._dict_like(parent):
                marked = _child(kind, None)
            elif kind >= 0 and (n - m) % 2 == 1:
                marked = _child(kind, stack[-1])
        top = stack[-1]
        misfit = False  # a role found whose container is the other kind
        # a container not kept may have been whole already: where a mark names the parent, it is
        # the parent (a part meant for the one not kept is dropped with it all the same)
        unsure = type(top) is _Skipped and marked >= 0
        if n - 1 >= m and self._fresh(top) and not self._dict_like(top) and not unsure:
            kind = self._kind(top)
            if kind in _LISTS or kind in (_GENERIC, _SKIP):
                role = _child(kind, None)
                if _fits(role, is_dict) and not (kind == _SKIP and _fits(marked, is_dict)):
                    return role
                misfit = kind in _LISTS
        if (n - 2 >= m and type(top) is str and self._fresh(stack[-2]) and self._dict_like(stack[-2])
                and not (type(stack[-2]) is _Skipped and marked >= 0)):
            kind = self._kind(stack[-2])
            if kind >= 0:
                role = _child(kind, top)
                named = kind in _DICTS and top in _CHILD.get(kind, {})
                # a key the dict's role does not name, where a mark names a parent that cannot
                # hold it: no dict or list either way (were it the dict's, it is not read)
                if role == _SKIP and marked >= 0 and not _fits(marked, is_dict):
                    pass
                elif _fits(role, is_dict) and (named or kind in _DICTS
                                               or not (top in _NAMED and _fits(marked, is_dict))):
                    return role
                misfit = misfit or (named and not _fits(role, is_dict))
        if marked >= 0:
            return marked if _fits(marked, is_dict) else _MISFIT_ROLE
        return _MISFIT_ROLE if misfit else _SKIP

    def _container(self, is_dict: bool) -> Any:
        role = self._role(is_dict)
        if role == _SKIP:
            return _SKIP_DICT if is_dict else _SKIP_LIST
        if role == _MISFIT_ROLE:
            return _MISFIT_DICT if is_dict else _MISFIT_LIST
        if role == _GENERIC:
            self.spend(DICT_OPEN if is_dict else LIST_OPEN)
            return {} if is_dict else []
        return self._new(role)

    def _new(self, role: int) -> _Node:
        c = self.cols
        if role in _ROW_PRICE:
            self.spend(_ROW_PRICE[role])
        if role == _BLOCK:
            index = len(c.blk_size)
            for col in (c.blk_address, c.blk_size, c.blk_requested, c.blk_state, c.blk_trace):
                col.append(-1)
        elif role == _FRAME:
            index = len(c.frame_line)
            c.frame_file.append(-1)
            c.frame_name.append(-1)
            c.frame_line.append(NO_LINE)
        elif role == _EVENT:
            index = len(c.ev_action)
            for col in (c.ev_action, c.ev_addr, c.ev_size, c.ev_stream, c.ev_free):
                col.append(-1)
        elif role == _SEGMENT:
            index = len(c.seg_device)
            for col in (c.seg_device, c.seg_address, c.seg_total, c.seg_stream, c.seg_type, c.seg_blocks):
                col.append(-1)
            c.seg_expandable.append(0)
            c.seg_pool.append(None)
        elif role == _TRACE:
            self.spend(24)
            index = len(c.trace_first)
            c.trace_first.append(len(c.trace_frames))
            c.trace_end.append(len(c.trace_frames))
        elif role == _BLOCKLIST or role == _EVLIST:
            self.spend(24)
            first, end = (c.list_first, c.list_end) if role == _BLOCKLIST else (c.ev_first, c.ev_end)
            index = len(first)
            at = len(c.blk_size) if role == _BLOCKLIST else len(c.ev_action)
            first.append(at)
            end.append(at)
        elif role == _SEGLIST:
            index = len(self.seglists)
            self.seglists.append([len(c.seg_device)] * 2)
        elif role == _DEVLIST:
            index = len(self.devlists)
            self.devlists.append([])
        else:  # _ROOT
            index = 0
        return _Node(role, index)

    def _copy(self, kind: int, row: int) -> _Node:
        node = self._new(kind)
        c, j = self.cols, node.index
        if kind == _BLOCK:
            cols: tuple[Any, ...] = (c.blk_address, c.blk_size, c.blk_requested, c.blk_state, c.blk_trace)
        elif kind == _EVENT:
            cols = (c.ev_action, c.ev_addr, c.ev_size, c.ev_stream, c.ev_free)
        else:
            cols = (c.seg_device, c.seg_address, c.seg_total, c.seg_stream, c.seg_type, c.seg_blocks,
                    c.seg_expandable, c.seg_pool)
        for col in cols:
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
        if kind == _SKIP:
            self._drop(items)
            return
        if type(target) is dict:
            for j in range(0, len(items), 2):
                self._generic_item(target, items[j + 1], items[j])
            return
        if kind not in _DICTS:
            raise ValueError("not a pickle: SETITEMS on what is not a dict")
        self._set_row(target, items)

    def _set_row(self, target: _Node, items: list[Any]) -> None:
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
                    if how == _S:
                        col[row] = self._intern(value)
                    elif kv is str:
                        col[row] = NO_LINE if how == _L else -1
                    elif how == _U:
                        col[row] = value if 0 <= value < _LIMIT else -1
                    else:
                        col[row] = value if NO_LINE < value < _LIMIT else NO_LINE
                    continue
            if kv is _Node:
                expected = _child(kind, key)
                if value.kind != expected:
                    if not self._unlike(value, expected):
                        self._misplaced()
                    value = _MISFIT
            elif kv is _Skipped:
                expected = _child(kind, key)
                if expected == _GENERIC or (expected != _SKIP and not value.misfit):
                    self._misplaced()
            elif (kv is list or kv is dict) and _child(kind, key) not in (_GENERIC, _SKIP):
                self._misplaced()
            self.setters[kind](row, key, value)

    def _generic_item(self, target: Any, value: Any, key: Any = None) -> None:
        if type(value) is _Node or type(value) is _Skipped:
            self._misplaced()
        if type(value) not in (list, dict, tuple):
            self.spend(scalar(value) + (DICT_ITEM if key is not None else LIST_ITEM))
        else:
            self.spend(DICT_ITEM if key is not None else LIST_ITEM)
        if key is None:
            target.append(value)
        else:
            if type(key) in (list, dict, _Skipped, _Node):
                raise Refused("refused: a dict key that is not a str or number")
            target[key] = value

    def _unlike(self, node: _Node, expected: int) -> bool:
        """Whether `node`, where a container of role `expected` goes, is the other kind (a dict
        where a list goes, or the reverse): read as no dict or list, as a scalar would be, whatever
        role its own parts were given (a row it took stays out of every list)."""
        return expected in _DICTS | _LISTS and (node.kind in _DICTS) != (expected in _DICTS)

    def _drop(self, items: list[Any]) -> None:
        """Items set in a container not kept: a row among them given where a mark named another
        parent (the newest of its table) is taken back, and its memo slot holds what is not kept,
        so that no list of rows has a row that is none of its own."""
        c = self.cols
        for v in items:
            if type(v) is not _Node or v.kind not in _ROW_PRICE:
                continue
            if v.kind == _SEGMENT:
                cols: tuple[Any, ...] = (c.seg_device, c.seg_address, c.seg_total, c.seg_stream, c.seg_type,
                                         c.seg_blocks, c.seg_expandable, c.seg_pool)
            elif v.kind == _BLOCK:
                cols = (c.blk_address, c.blk_size, c.blk_requested, c.blk_state, c.blk_trace)
            elif v.kind == _EVENT:
                cols = (c.ev_action, c.ev_addr, c.ev_size, c.ev_stream, c.ev_free)
            else:
                continue  # a frame: referred to by index, never in a range
            if v.index == len(cols[0]) - 1:
                for col in cols:
                    del col[-1]
                if v.memo >= 0 and self.memo[v.memo] is _MEMO_ROW:
                    self.memo[v.memo] = _SKIP_DICT

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
        if kind == _SKIP:
            self._drop(items)
            return
        if type(target) is list:
            for v in items:
                self._generic_item(target, v)
            return
        if kind not in _LISTS:
            raise ValueError("not a pickle: APPENDS on what is not a list")
        target.fresh = len(items) == _BATCH and start == self._batch_start  # a full batch: more may come
        expected = _ELEMENT[kind]
        c = self.cols
        for v in items:
            if type(v) is _Node and v.kind != expected:
                if not self._unlike(v, expected):
                    self._misplaced()
                v = _MISFIT
            if type(v) is _Node:
                pass
            elif type(v) in (list, dict) or (type(v) is _Skipped and not v.misfit):
                self._misplaced()
            if kind == _TRACE:
                t = target.index
                if c.trace_end[t] != len(c.trace_frames):
                    self._misplaced()  # a traceback's frames are appended together
                self.spend(4)
                c.trace_frames.append(v.index if type(v) is _Node else -1)
                c.trace_end[t] += 1
            elif type(v) is not _Node and kind != _DEVLIST:
                if kind == _EVLIST:  # a trace entry that is no dict: its place kept (readers count it)
                    k = target.index
                    gaps = c.ev_gaps.setdefault(k, [])
                    self.spend(16)
                    gaps.append(c.ev_end[k] - c.ev_first[k] + len(gaps))
                continue  # no dict: no row
            elif kind == _BLOCKLIST or kind == _EVLIST:
                end = c.list_end if kind == _BLOCKLIST else c.ev_end
                if v.index != end[target.index]:
                    self._misplaced()  # a list's blocks are its rows in order
                end[target.index] += 1
            elif kind == _SEGLIST:
                span = self.seglists[target.index]
                if v.index != span[1]:
                    self._misplaced()
                span[1] += 1
            else:  # _DEVLIST: an event list per device
                self.spend(8)
                self.devlists[target.index].append(v.index if type(v) is _Node else -1)

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

    def _set_block(self, row: int, key: Any, value: Any) -> None:
        c = self.cols
        if key == "address":
            c.blk_address[row] = _uint(value)
        elif key == "size":
            c.blk_size[row] = _uint(value)
        elif key == "requested_size":
            c.blk_requested[row] = _uint(value)
        elif key == "state":
            c.blk_state[row] = self._intern(value)
        elif key == "frames":
            c.blk_trace[row] = value.index if type(value) is _Node else -1

    def _set_frame(self, row: int, key: Any, value: Any) -> None:
        c = self.cols
        if key == "filename":
            c.frame_file[row] = self._intern(value)
        elif key == "name":
            c.frame_name[row] = self._intern(value)
        elif key == "line":
            c.frame_line[row] = value if type(value) is int and NO_LINE < value < 1 << 63 else NO_LINE

    def _set_event(self, row: int, key: Any, value: Any) -> None:
        c = self.cols
        if key == "action":
            c.ev_action[row] = self._intern(value)
        elif key == "addr":
            c.ev_addr[row] = _uint(value)
        elif key == "size":
            c.ev_size[row] = _uint(value)
        elif key == "stream":
            c.ev_stream[row] = _uint(value)
        elif key == "device_free":
            c.ev_free[row] = _uint(value)

    def _set_segment(self, row: int, key: Any, value: Any) -> None:
        c = self.cols
        if key == "device":
            c.seg_device[row] = _uint(value)
        elif key == "address":
            c.seg_address[row] = _uint(value)
        elif key == "total_size":
            c.seg_total[row] = _uint(value)
        elif key == "stream":
            c.seg_stream[row] = _uint(value)
        elif key == "segment_type":
            c.seg_type[row] = self._intern(value)
        elif key == "is_expandable":
            c.seg_expandable[row] = 1 if value is True else 0
        elif key == "segment_pool_id":
            c.seg_pool[row] = value
        elif key == "blocks":
            c.seg_blocks[row] = value.index if type(value) is _Node else -1

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
        segments = root if type(root) is _Node and root.kind == _SEGLIST else None
        if type(root) is _Node and root.kind == _ROOT:
            value = self.top.get("segments")
            segments = value if type(value) is _Node and value.kind == _SEGLIST else None
            traces = self.top.get("device_traces")
            if type(traces) is _Node and traces.kind == _DEVLIST:
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


_CLASSES = frozenset(b"cio\x81\x92\x93Rb\x82\x83\x84PQ")


_GETS = re.compile(rb"(?:j....)+", re.DOTALL)


@functools.lru_cache(maxsize=64)
def _gets(n: int) -> struct.Struct:
    """`n` LONG_BINGETs: their memo keys."""
    return struct.Struct("<" + "xI" * n)


def _fits(role: int, is_dict: bool) -> bool:
    if role < 0:
        return False
    return role in (_GENERIC, _SKIP) or (role in _DICTS) == is_dict


def _float(raw: bytes) -> float:
    if len(raw) < 8:
        raise ValueError("not a pickle: truncated")
    value: float = struct.unpack(">d", raw)[0]
    return value




_NO_SPEC: dict[str, tuple[Any, int]] = {}
_SCALARS = (str, int, float, bool, bytes, bytearray, type(None))
_STR_COLUMN = {_BLOCK: ("state",), _EVENT: ("action",), _SEGMENT: ("segment_type",),
               _FRAME: ("filename", "name")}


class _Live:
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
            _BLOCK: {"address": (c.blk_address, _U), "size": (c.blk_size, _U),
                     "requested_size": (c.blk_requested, _U), "state": (c.blk_state, _S)},
            _FRAME: {"filename": (c.frame_file, _S), "name": (c.frame_name, _S), "line": (c.frame_line, _L)},
            _EVENT: {"action": (c.ev_action, _S), "addr": (c.ev_addr, _U), "size": (c.ev_size, _U),
                     "stream": (c.ev_stream, _U), "device_free": (c.ev_free, _U)},
            _SEGMENT: {"device": (c.seg_device, _U), "address": (c.seg_address, _U),
                       "total_size": (c.seg_total, _U), "stream": (c.seg_stream, _U),
                       "segment_type": (c.seg_type, _S)},
        }
        self.row_cols: dict[int, tuple[Any, ...]] = {
            _BLOCK: (c.blk_address, c.blk_size, c.blk_requested, c.blk_state, c.blk_trace),
            _EVENT: (c.ev_action, c.ev_addr, c.ev_size, c.ev_stream, c.ev_free),
            _SEGMENT: (c.seg_device, c.seg_address, c.seg_total, c.seg_stream, c.seg_type, c.seg_blocks,
                       c.seg_expandable, c.seg_pool),
        }
        self.columns: dict[int, dict[str, Any]] = {
            _BLOCK: {"address": c.blk_address, "size": c.blk_size, "requested_size": c.blk_requested,
                     "state": c.blk_state, "frames": c.blk_trace},
            _EVENT: {"action": c.ev_action, "addr": c.ev_addr, "size": c.ev_size, "stream": c.ev_stream,
                     "device_free": c.ev_free},
            _SEGMENT: {"device": c.seg_device, "address": c.seg_address, "total_size": c.seg_total,
                       "stream": c.seg_stream, "segment_type": c.seg_type, "blocks": c.seg_blocks},
            _FRAME: {"filename": c.frame_file, "name": c.frame_name},
        }

    def run(self, doc: Any) -> Columns:
        c = self.cols
        segments: Any = None
        if type(doc) is dict:
            self.seen.add(id(doc))
            self._row(doc, _ROOT, 0)
            segments = self.top.get("segments")
            devices = self.top.get("device_traces")
            c.device_lists = None if devices is None else self.devlists[devices]
            settings = self.top.get("allocator_settings")
            c.settings = settings if type(settings) is dict else None
        elif type(doc) is list:
            segments = self._list(doc, _SEGLIST)
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
        if t is not dict and t is not list or role == _GENERIC:
            return self._plain(v)
        if role == _SKIP or (role in _DICTS) != (t is dict):
            self._skip(v)
            return None
        if role in _DICTS:
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
                    self._list(x, _TRACE)
                else:
                    self._skip(x)

    def _new_row(self, d: dict[Any, Any], role: int) -> int:
        c = self.cols
        if role == _FRAME:
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
            for col in cols[:-2] if role == _SEGMENT else cols:
                col.append(-1)
            if role == _SEGMENT:
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
        f = self._value(x, _FRAME)
        return f if type(x) is dict else -1

    def _row(self, d: dict[Any, Any], role: int, row: int) -> None:
        """A dict's items into row `row`. The reader sets a pair as it reads it up to the first
        it cannot read in one go (a value that is no scalar of one op nor in the memo, or a
        next key that is no str): from there on at the dict's end, so a str column's value is
        interned there (`held`: one waiting for the next key to say which)."""
        late: list[tuple[str, Any]] | None = [] if role == _ROOT else None
        held: tuple[str, Any] | None = None
        spec = self.specs.get(role, _NO_SPEC)
        for k, x in d.items():
            if type(k) is not str or (len(k) > 63 and not self._in_one_go(k)):
                if late is None:
                    late = [held] if held is not None else []
                    held = None
                v = self._value(x, _child(role, self._plain(k)))
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
                    if kind == _L:
                        col[row] = x if NO_LINE < x < _LIMIT else NO_LINE
                    else:  # an int where a str goes is none
                        col[row] = x if kind == _U and 0 <= x < _LIMIT else -1
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
                    if kind != _S:
                        col[row] = NO_LINE if kind == _L else -1
                    elif late is None:
                        held = (k, x)
                    else:
                        late.append((k, x))
                    continue
                if k != "is_expandable" and k != "segment_pool_id":
                    continue
            elif late is None and not self._in_one_go(x):
                late = []
            v = self._value(x, _child(role, k))
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
        if role == _ROOT:
            if key == "allocator_settings":
                self.top[key] = v
            elif key in ("segments", "device_traces"):
                self.top[key] = v if container else None
            return
        if role == _FRAME and key == "line":
            self.cols.frame_line[row] = v if type(v) is int and NO_LINE < v < 1 << 63 else NO_LINE
            return
        if role == _SEGMENT and key in ("is_expandable", "segment_pool_id"):
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
            col[row] = -1 if container else _uint(v)

    def _list(self, v: list[Any], role: int) -> int:
        """A list of `role`'s walked: its index (a `segments` list's: its span's)."""
        known = self.lists.get(id(v))
        if known is not None:
            return known[1] if known[0] == role else self._refused()
        if id(v) in self.seen:
            self._refused()
        self.seen.add(id(v))
        c = self.cols
        element = _ELEMENT[role]
        if role == _TRACE:
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
        if role == _SEGLIST:
            index = len(self.spans)
            self.spans.append([len(c.seg_device)] * 2)
        elif role == _DEVLIST:
            index = len(self.devlists)
            self.devlists.append([])
        else:
            first, end = (c.list_first, c.list_end) if role == _BLOCKLIST else (c.ev_first, c.ev_end)
            index = len(first)
            at = len(c.blk_size) if role == _BLOCKLIST else len(c.ev_action)
            first.append(at)
            end.append(at)
        self.lists[id(v)] = (role, index)
        for at, x in enumerate(v):
            if type(x) is dict and element in _DICTS:  # a row, the common case
                got: Any = self._new_row(x, element)
                kept = True
            else:
                got = self._value(x, element)
                kept = got is not None and (type(x) is dict or type(x) is list)
            if role == _DEVLIST:
                self.devlists[index].append(got if kept else -1)
            elif not kept:
                if role == _EVLIST:  # a trace entry that is no dict: its place kept
                    c.ev_gaps.setdefault(index, []).append(at)
            elif role == _SEGLIST:
                self.spans[index][1] += 1
            elif role == _BLOCKLIST:
                c.list_end[index] += 1
            else:
                c.ev_end[index] += 1
        return index
