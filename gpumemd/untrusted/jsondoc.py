"""JSON from untrusted bytes, refused before parsing where its objects would pass the allowance.

`json.loads` builds every object in C with no hook for lists or strings, so the cost is
estimated first: an upper bound from counts of the structural bytes (C speed, exact for no
document but never below its cost), and where that bound passes the allowance, a scan of the
tokens that prices each as CPython builds it and stops at the allowance. What is priced:
a dict 64 bytes empty, 184 with keys, 24 more per key; a list 56, 104 with elements; a string
49 plus its characters (one character: CPython's cached singleton); a number 32 (a small int:
cached); a pointer to every value 9 (with the lists' over-allocation); a repeated key nothing
(json memoizes keys); and the decoded text itself.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from .budget import TooCostly, allowance

__all__ = ["estimate", "loads_json"]

_DICT, _DICT_EMPTY, _KEY = 184, 64, 24
_LIST, _LIST_EMPTY = 104, 56
_STR, _NUMBER, _POINTER = 49, 32, 9

_RUN = "*+" if sys.version_info >= (3, 11) else "*"  # possessive where re has it: no backtracking
_TOKEN = re.compile(
    rb'"([^"\\]' + _RUN.encode() + rb'(?:\\.[^"\\]' + _RUN.encode() + rb')' + _RUN.encode() + rb')"'
    rb"(?:[ \t\r\n]" + _RUN.encode() + rb"(:))?"
    rb'|[{\[]|-?[0-9][-+.eE0-9]' + _RUN.encode() + rb"|true|false|null|\""
)


def loads_json(data: bytes) -> Any:
    """`json.loads(data)`, or TooCostly (a ValueError) where its text and objects would take more
    than `allowance(len(data))`; any other ValueError or RecursionError as `json.loads` raises."""
    limit = allowance(len(data))
    if _bound(data) > limit:
        estimate(data, limit)  # raises TooCostly past the limit
    return json.loads(data)


def _text(data: bytes) -> int:
    """What the decoded text may take: one byte a character for ASCII, at most four otherwise."""
    return len(data) if data.isascii() else 4 * len(data)


def _bound(data: bytes) -> int:
    """An upper bound of what `json.loads(data)` allocates, from counts of structural bytes
    (those inside strings counted too: only ever too high)."""
    dicts, lists = data.count(b"{"), data.count(b"[")
    values = 1 + data.count(b",") + dicts + lists
    escapes = b"\\u" in data
    text = _text(data)
    return (
        text
        + dicts * _DICT
        + data.count(b":") * _KEY
        + lists * _LIST
        + values * (_POINTER + _NUMBER)
        + data.count(b'"') // 2 * _STR
        + (4 * len(data) if escapes else text)  # the strings' characters
        + len(data) // 2  # long numbers' digits
    )


def estimate(data: bytes, limit: int | None = None) -> int:
    """What `json.loads(data)` allocates, token by token; TooCostly once it passes `limit`.
    Bounded itself: the keys it remembers are priced as it remembers them."""
    total = _text(data)
    keys: set[bytes] = set()
    size = len(data)
    for m in _TOKEN.finditer(data):
        start, end = m.span()
        first = data[start]
        if first == 0x22:  # a string, or a quote that starts no string: not JSON
            if m.group(1) is None:
                raise ValueError(f"not JSON: an unterminated string at byte {start}")
            body = m.group(1)
            chars = len(body) * (1 if body.isascii() and b"\\u" not in body else 4)
            if m.group(2) is not None:  # a key: built once, then memoized
                if body not in keys:
                    keys.add(body)
                    total += _STR + chars
                total += _KEY
            else:
                total += _POINTER + (_STR + chars if len(body) > 1 else 0)
        elif first == 0x7B:  # {
            total += _POINTER + (_DICT_EMPTY if _closes(data, end, size, 0x7D) else _DICT)
        elif first == 0x5B:  # [
            total += _POINTER + (_LIST_EMPTY if _closes(data, end, size, 0x5D) else _LIST)
        elif first in b"tfn":
            total += _POINTER
        else:
            small = end - start <= 3 and m.group().lstrip(b"-").isdigit()
            total += _POINTER + (0 if small else _NUMBER + (end - start) // 2)
        if limit is not None and total > limit:
            raise TooCostly(
                f"refused: its objects would take more than {limit >> 20} MiB "
                f"({limit // max(size, 1)}x its {size} bytes)"
            )
    return total


def _closes(data: bytes, at: int, size: int, closer: int) -> bool:
    """Whether the container opened before `at` closes right there (with space between, it is
    priced as holding something: only ever too high)."""
    return at < size and data[at] == closer
