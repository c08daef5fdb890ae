"""What a reader of untrusted text prices its objects at while it builds them, and the tally that
refuses a document the moment they pass its allowance: one price list for JSON and configuration
YAML alike (CPython 3.11's object sizes, `sys.getsizeof` once an object is whole)."""

from __future__ import annotations

import sys
from typing import Any

from .budget import TooCostly

__all__ = ["DICT_ITEM", "DICT_OPEN", "LIST_ITEM", "LIST_OPEN", "MEMO_KEY", "Tally", "scalar"]

# A container's price while it grows: never below CPython's, made exact by
# `Tally.spend(sys.getsizeof(c) - spent)` once it is whole. A dict's item: while its table is
# resized the old table and the new one of twice the slots are both allocated (an entry and
# an index a slot, two thirds of the slots used), the most a large dict costs an item; a list
# over-allocates by an eighth and six.
DICT_OPEN, DICT_ITEM = 184, 90
LIST_OPEN, LIST_ITEM = 88, 12
MEMO_KEY = 64
"""A key's slot in a document's memo of keys (every distinct key is built once and shared)."""


def scalar(value: Any) -> int:
    """What a built str, int or float takes of its own: nothing for None, a bool, a small int or
    an empty or one-Latin-1-character str (CPython's shared ones), else `sys.getsizeof`."""
    kind = type(value)
    if value is None or kind is bool:
        return 0
    if kind is str:
        return 0 if len(value) == 0 or (len(value) == 1 and value < "\u0100") else sys.getsizeof(value)
    if kind is int and -5 <= value <= 256:
        return 0
    return sys.getsizeof(value)


class Tally:
    """What a reader has built and keeps (`total`) and the most it reached (`most`): TooCostly the
    moment `most` passes `limit`. Hot loops may add to `total` directly where the next `spend`
    follows before anything is kept (a container's item, priced before the item is built)."""

    def __init__(self, size: int, limit: int) -> None:
        self.size, self.limit = size, limit
        self.total = self.most = 0

    def spend(self, n: int) -> None:
        self.total += n
        if self.total > self.most:
            self.peak()

    def peak(self) -> None:
        """`total` is a new high: kept as `most`, TooCostly past `limit`."""
        self.most = self.total
        if self.most > self.limit:
            raise TooCostly(
                f"refused: its objects would take more than {self.limit >> 20} MiB "
                f"({self.limit // max(self.size, 1)}x its {self.size} bytes)"
            )
