"""Pickles from untrusted bytes: no class at all (a pickle that would run code is refused and
never run), and refused before unpickling where the objects it builds would pass the allowance.

The opcodes are priced first, nothing built (the binary opcodes a snapshot is made of read
directly, any other pickle through `pickletools.genops`, one argument at a time): each
container, string, bytes and number as CPython builds it, every reference pushed (a memo get, a
dup) as the pointer it becomes, and the unpickler's memo as the array its highest index makes it
(an index of 2^31 is a 16 GiB array in CPython's C unpickler).
"""

from __future__ import annotations

import io
import pickle
import pickletools
import sys
from typing import Any

from .budget import PICKLE_FACTOR, TooCostly, allowance

__all__ = ["ClassRefused", "estimate", "load_pickle"]

_POINTER = 9
_MEMO_SLOT = 16  # CPython's memo array doubles past the index asked for
_BUILT = {  # opcode -> bytes of the empty object it pushes
    "EMPTY_LIST": 104, "LIST": 104, "EMPTY_DICT": 184, "DICT": 184, "EMPTY_SET": 216,
    "FROZENSET": 216, "TUPLE": 40, "TUPLE1": 48, "TUPLE2": 56, "TUPLE3": 64, "BINFLOAT": 24,
    "FLOAT": 24,
}
_ITEMS = {"APPEND": 1, "SETITEM": 1}  # one more element: a pointer (and a dict's entry)
_REFS = {"GET", "BINGET", "LONG_BINGET", "DUP"}
_PUTS = {"PUT", "BINPUT", "LONG_BINPUT"}


class ClassRefused(pickle.UnpicklingError):
    """The pickle asks for a class (any class: the documents read here hold none)."""


class _NoClasses(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        raise ClassRefused(f"refused: the pickle asks for {module[:60]}.{name[:60]} (a snapshot holds none)")


def load_pickle(data: bytes) -> Any:
    """`data` unpickled with no class allowed; TooCostly (a ValueError) where its objects would
    take more than `allowance(len(data), PICKLE_FACTOR)`; ClassRefused for a class asked for; any
    other exception for bytes that are not a pickle."""
    estimate(data, allowance(len(data), PICKLE_FACTOR))
    return _NoClasses(io.BytesIO(data)).load()


def estimate(data: bytes, limit: int | None = None) -> int:
    """What unpickling `data` allocates, opcode by opcode; TooCostly once it passes `limit`.
    The binary opcodes a snapshot is made of are read here directly; a pickle with any other
    (the text protocols, classes) is priced through `pickletools.genops`, slower."""
    total = memo = 0
    size = len(data)
    i = 0
    get = _BINARY.get
    while i < size:
        row = get(data[i])
        if row is None:
            return _generic(data, limit)
        i += 1
        width, cost, kind = row
        if kind == _PLAIN:
            i += width
            total += cost
        elif kind == _SIZED:  # a length of `width` bytes, then that many: a string or bytes
            n = int.from_bytes(data[i : i + width], "little")
            i += width
            if cost == _STR and not data[i : i + n].isascii():
                total += _STR + 4 * n  # one character past Latin-1 widens the whole string
            else:
                total += cost + n
            i += n
        elif kind == _PUT:
            index = memo if width == 0 else int.from_bytes(data[i : i + width], "little")
            i += width
            if index >= memo:
                total += (index + 1 - memo) * _MEMO_SLOT
                memo = index + 1
        else:  # _STOP
            break
        if limit is not None and total > limit:
            _refuse(limit, size)
    if i > size:
        raise ValueError("not a pickle: truncated")
    return total


def _refuse(limit: int, size: int) -> None:
    raise TooCostly(
        f"refused: its objects would take more than {limit >> 20} MiB "
        f"({limit // max(size, 1)}x its {size} bytes)"
    )


_PLAIN, _SIZED, _PUT, _STOP = range(4)
_STR, _BYTES = 49 + _POINTER, 33 + _POINTER
_BINARY: dict[int, tuple[int, int, int]] = {  # opcode -> (argument bytes, bytes it costs, kind)
    0x80: (1, 0, _PLAIN),  # PROTO
    0x95: (8, 0, _PLAIN),  # FRAME
    ord("}"): (0, 184 + _POINTER, _PLAIN),  # EMPTY_DICT
    ord("]"): (0, 104 + _POINTER, _PLAIN),  # EMPTY_LIST
    ord(")"): (0, _POINTER, _PLAIN),  # EMPTY_TUPLE (a singleton)
    ord("("): (0, 0, _PLAIN),  # MARK
    ord("s"): (0, 24, _PLAIN),  # SETITEM
    ord("u"): (0, 24, _PLAIN),  # SETITEMS: its items' pointers are priced as they are pushed
    ord("a"): (0, 0, _PLAIN),  # APPEND
    ord("e"): (0, 0, _PLAIN),  # APPENDS
    ord("t"): (0, 40 + _POINTER, _PLAIN),  # TUPLE
    0x85: (0, 48 + _POINTER, _PLAIN),  # TUPLE1
    0x86: (0, 56 + _POINTER, _PLAIN),  # TUPLE2
    0x87: (0, 64 + _POINTER, _PLAIN),  # TUPLE3
    ord("N"): (0, _POINTER, _PLAIN),  # NONE
    0x88: (0, _POINTER, _PLAIN),  # NEWTRUE
    0x89: (0, _POINTER, _PLAIN),  # NEWFALSE
    ord("K"): (1, _POINTER, _PLAIN),  # BININT1: a small int, cached
    ord("M"): (2, 28 + _POINTER, _PLAIN),  # BININT2
    ord("J"): (4, 32 + _POINTER, _PLAIN),  # BININT
    ord("G"): (8, 24 + _POINTER, _PLAIN),  # BINFLOAT
    ord("h"): (1, _POINTER, _PLAIN),  # BINGET: a reference
    ord("j"): (4, _POINTER, _PLAIN),  # LONG_BINGET
    ord("2"): (0, _POINTER, _PLAIN),  # DUP
    ord("0"): (0, 0, _PLAIN),  # POP
    ord("1"): (0, 0, _PLAIN),  # POP_MARK
    0x8F: (0, 216 + _POINTER, _PLAIN),  # EMPTY_SET
    0x90: (0, 0, _PLAIN),  # ADDITEMS
    0x91: (0, 216 + _POINTER, _PLAIN),  # FROZENSET
    0x8C: (1, _STR, _SIZED),  # SHORT_BINUNICODE
    ord("X"): (4, _STR, _SIZED),  # BINUNICODE
    0x8D: (8, _STR, _SIZED),  # BINUNICODE8
    ord("C"): (1, _BYTES, _SIZED),  # SHORT_BINBYTES
    ord("B"): (4, _BYTES, _SIZED),  # BINBYTES
    0x8E: (8, _BYTES, _SIZED),  # BINBYTES8
    0x96: (8, 57 + _POINTER, _SIZED),  # BYTEARRAY8
    0x8A: (1, 32 + _POINTER, _SIZED),  # LONG1: an int of n bytes
    0x8B: (4, 32 + _POINTER, _SIZED),  # LONG4
    0x94: (0, 0, _PUT),  # MEMOIZE: the next slot
    ord("q"): (1, 0, _PUT),  # BINPUT
    ord("r"): (4, 0, _PUT),  # LONG_BINPUT
    ord("."): (0, 0, _STOP),  # STOP
}


def _generic(data: bytes, limit: int | None) -> int:
    """`estimate` for any pickle, through `pickletools.genops`."""
    total = memo = 0
    for op, arg, _ in pickletools.genops(data):
        name = op.name
        if name in _BUILT:
            total += _BUILT[name] + _POINTER
        elif isinstance(arg, (str, bytes, bytearray)):
            total += sys.getsizeof(arg) + _POINTER
        elif isinstance(arg, int) and name not in _PUTS and name not in _REFS:
            total += (0 if -5 <= arg <= 256 else sys.getsizeof(arg)) + _POINTER
        elif name in _REFS or name in _ITEMS or name in ("NONE", "NEWTRUE", "NEWFALSE", "EMPTY_TUPLE"):
            total += _POINTER + (24 if name == "SETITEM" else 0)
        elif name in _PUTS and isinstance(arg, int):
            if arg >= memo:
                total += (arg + 1 - memo) * _MEMO_SLOT
                memo = arg + 1
        elif name == "MEMOIZE":
            total += _MEMO_SLOT
            memo += 1
        if limit is not None and total > limit:
            _refuse(limit, len(data))
    return total
