"""Pickles from untrusted bytes: no class at all (a pickle that would run code is refused and
never run), and refused before unpickling where the objects it builds would pass the allowance.

The opcodes are priced first (`pickletools.genops`: nothing built but one argument at a time):
each container, string, bytes and number as CPython builds it, every reference pushed (a memo
get, a dup) as the pointer it becomes, and the unpickler's memo as the array its highest index
makes it (an index of 2^31 is a 16 GiB array in CPython's C unpickler).
"""

from __future__ import annotations

import io
import pickle
import pickletools
import sys
from typing import Any

from .budget import TooCostly, allowance

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
    take more than `allowance(len(data))`; ClassRefused for a class asked for; any
    other exception for bytes that are not a pickle."""
    estimate(data, allowance(len(data)))
    return _NoClasses(io.BytesIO(data)).load()


def estimate(data: bytes, limit: int | None = None) -> int:
    """What unpickling `data` allocates, opcode by opcode; TooCostly once it passes `limit`."""
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
            raise TooCostly(
                f"refused: its objects would take more than {limit >> 20} MiB "
                f"({limit // max(len(data), 1)}x its {len(data)} bytes)"
            )
    return total
