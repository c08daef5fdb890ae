"""Snapshot pickles from untrusted bytes, read into columns (`untrusted.columns.Columns`) by an
interpreter of gpumemd's own: no class is ever looked up (a pickle that asks for one is refused,
never run), and nothing is built that the columns do not hold.

A pickle is a program for a stack machine: push a dict, push keys and values, set them. The
interpreter runs it, but where CPython's unpickler builds a dict per block, this one gives each
container a role from where it stands (`untrusted.roles`: a list under `segments` holds segments,
a dict in it is a segment, its `blocks` list holds blocks, a `frames` list is a traceback, ...)
and a dict with a row role is never built: its values go straight into its row of integer
columns (`untrusted.pickrows.Rows` places them). A traceback is built once and referred to by
index, however many blocks share it; a block or event the pickle shares is copied, priced as a
row. Keys no reader reads are skipped, their values not kept; `allocator_settings` (and a
segment's pool id) are built as they are, priced. Where the role given on the way in turns out
not to be where the value lands (a pickle no snapshot pickler writes), the file is refused: never
a wrong answer.

This module is the interpreter: the opcodes, the memo, the values. Everything kept is priced as
it is built (`price.Tally`), the file's own bytes counted: past `allowance(len(data))` the file is
refused on the spot. What the stack holds in flight is bounded by `MAX_STACK` items (a pickler
holds one batch of a thousand items per open container). A live dict is walked into the same
columns by `untrusted.livewalk` (`columns_of`).
"""


from __future__ import annotations

import functools
import re
import struct
import sys
from typing import Any

from .budget import SLACK, allowance
from .columns import NO_LINE, Columns
from .livewalk import LiveWalk
from .pickrows import (
    FETCHED,
    MEMO_ROW,
    MEMO_SLOT,
    MISFIT,
    NODE_PRICE,
    ROW_MASK,
    ROW_PRICE,
    Node,
    Rows,
    Skipped,
)
from .price import scalar
from .roles import BATCH, FRAME, LIMIT, LINE, TEXT, TRACE, UINT, ClassRefused, Refused

__all__ = ["MAX_STACK", "ClassRefused", "Refused", "columns_of", "read_snapshot"]

MAX_STACK = 8192
"""Items the stack may hold: a pickler's batch is a thousand items (two for a dict's), and a
snapshot nests a few containers deep."""
_STACK_ITEM = 64  # what an item in flight may take (its pointer, an int, a row's handle)
_RESERVE = MAX_STACK * _STACK_ITEM  # kept out of the allowance for the stack in flight
_NO_KEY = object()  # a row dict read in one go: no key read yet
_NEXT_KEY = frozenset(b"hj\x8cu")  # what follows a whole value in a row dict: a key, or SETITEMS
_SET = frozenset({"frames", "blocks", "is_expandable", "segment_pool_id"})  # a row's keys set otherwise
_TAKES = frozenset(b"\x85\x86\x87t201\x94qr")  # what would take the key just read as its own


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


def columns_of(doc: Any, events: bool = True) -> Columns:
    """A snapshot dict (`torch.cuda.memory._snapshot()`) or segment list (`memory_snapshot()`)
    as columns whose every view is the one `read_snapshot(pickle.dumps(doc))` gives, built by
    walking the live dict (`livewalk.LiveWalk`: a live process's own, unbounded, not priced,
    never pickled); `events=False` for a reader of no trace event (none are walked). Columns
    are returned as they are."""
    if isinstance(doc, Columns):
        return doc
    return LiveWalk(events).run(doc)


class _Reader(Rows):
    """One pickle run op by op into columns (`pickrows.Rows` places what it pushes)."""

    def __init__(self, data: bytes, limit: int) -> None:
        super().__init__(len(data), limit)
        self.data = data

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
                if type(v) is Node:
                    self._put(len(memo), v)
                else:
                    memo.append(v)
                    self.memo_rows.append(0)
                    self.spend(MEMO_SLOT)
            elif op == 0x8A:  # LONG1
                n = data[i]
                v = frm(data[i + 1 : i + 1 + n], "little", signed=True)
                if n > 8:
                    self.spend(sys.getsizeof(v))
                push(v)
                i += 1 + n
            elif op == 0x28:  # MARK
                top = stack[-1] if stack else None
                if type(top) is Node and top.kind == TRACE and top.fresh:
                    i = self._trace_batch(i, top)  # a traceback of shared frames: read in one go
                else:
                    marks.append(len(stack))
            elif op == 0x4A:  # BININT
                push(frm(data[i : i + 4], "little", signed=True))
                i += 4
            elif op == 0x7D:  # EMPTY_DICT
                node = self._container(True)
                push(node)
                if type(node) is Node and node.kind in ROW_PRICE:
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

    def _trace_batch(self, i: int, node: Node) -> int:
        """A MARK on a fresh traceback: the frames it fetches from the memo (torch's shared ones)
        go straight into the trace; where the batch holds anything else, the MARK stands and the
        rest is read op by op (appended after these, in order)."""
        data, memo, rows = self.data, self.memo, self.memo_rows
        got: list[int] = []
        run = _GETS.match(data, i)  # LONG_BINGETs: read at C speed
        if run is not None:
            n = (run.end() - i) // 5
            keys = _gets(n).unpack_from(data, i)
            if max(keys) < len(memo) and all(memo[k] is MEMO_ROW for k in keys):
                refs = [rows[k] for k in keys]
                if all(r >> 56 == FRAME for r in refs):
                    got = [r & ROW_MASK for r in refs]
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
                if k >= len(memo) or memo[k] is not MEMO_ROW or rows[k] >> 56 != FRAME:
                    break
                got.append(rows[k] & ROW_MASK)
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
            node.fresh = len(got) == BATCH  # a full batch: more may come
            return i + 1
        self.marks.append(len(self.stack))
        return i

    def _row_dict(self, i: int, node: Node) -> int:
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
                    self.spend(MEMO_SLOT)
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
                if how == TEXT:
                    col[row] = interned[v] if kv is str and v in interned else self._intern(v)
                elif kv is str:
                    col[row] = NO_LINE if how == LINE else -1
                elif how == UINT:
                    col[row] = v if 0 <= v < LIMIT else -1
                else:
                    col[row] = v if NO_LINE < v < LIMIT else NO_LINE
            elif spec is not None or key in _SET or kv is Node or kv is Skipped or kv is list or kv is dict:
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
        if type(value) is Node:
            kind = value.kind
            if kind in ROW_PRICE:  # a row: its index, not a node, is what the memo keeps
                value.memo = index
                if index == len(memo):  # MEMOIZE's next slot (its price is in the row's)
                    memo.append(MEMO_ROW)
                    self.memo_rows.append(kind << 56 | value.index)
                    return
                if index > len(memo):
                    self._grow(index)
                memo[index] = MEMO_ROW
                self.memo_rows[index] = kind << 56 | value.index
                return
            self.spend(NODE_PRICE)
        if index >= len(memo):
            self._grow(index)
        memo[index] = value

    def _grow(self, index: int) -> None:
        """The memo up to `index` (a memo index far past the objects costs its slots)."""
        n = index + 1 - len(self.memo)
        self.spend(n * MEMO_SLOT)
        self.memo.extend([None] * n)
        self.memo_rows.frombytes(bytes(8 * n))

    def _fetch(self, index: int) -> Any:
        if index >= len(self.memo):
            raise ValueError(f"not a pickle: memo {index} fetched before it was set")
        value = self.memo[index]
        if type(value) is Node:
            value.fresh = False  # a container fetched again is whole: nothing is set in it
            value.shared = True  # and its role is sure: it was given where it first stood
        elif type(value) is Skipped:
            return FETCHED  # what it held is gone: it may stand only where nothing is read
        elif value is MEMO_ROW:
            ref = self.memo_rows[index]
            kind, row = ref >> 56, ref & ROW_MASK
            if kind == FRAME:  # frames are referred to by index: shared as they are
                node = Node(kind, row)
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
        if any(type(v) is Node for v in items):
            raise Refused("refused: a snapshot's list or dict inside a tuple")
        if any(type(v) is Skipped for v in items):
            stack.append(MISFIT)  # neither a dict nor a list: no row where one goes
            return
        value = tuple(items)
        self.spend(sys.getsizeof(value) + sum(scalar(v) for v in items if type(v) not in (tuple, list, dict)))
        stack.append(value)


_CLASSES = frozenset(b"cio\x81\x92\x93Rb\x82\x83\x84PQ")


_GETS = re.compile(rb"(?:j....)+", re.DOTALL)


@functools.lru_cache(maxsize=64)
def _gets(n: int) -> struct.Struct:
    """`n` LONG_BINGETs: their memo keys."""
    return struct.Struct("<" + "xI" * n)


def _float(raw: bytes) -> float:
    if len(raw) < 8:
        raise ValueError("not a pickle: truncated")
    value: float = struct.unpack(">d", raw)[0]
    return value
