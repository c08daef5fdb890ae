"""A spool file's rows handed to the daemon as the JSON reader reads them: each row shaped as a
series (scalars and one object of scalar labels) whose objects cost at most what the daemon
budgets a series (`format.SERIES_OVERHEAD`; its strings' characters within `LABEL_CHAR_BYTES` a
byte of the file) is the caller's, up to `max_series` of them: what `validate` keeps of them is
the RankFile, beside the reader's allowance. Any other row is the reader's, priced within it."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["Handed", "most_labels", "series_shaped"]

_CONTAINERS = frozenset((list, dict))
_ROW = sys.getsizeof([None] * 4) + sys.getsizeof(1 << 62)  # a row's list of four, its number
_STRING = sys.getsizeof("")  # a string's own bytes beside its characters


def most_labels(budget: int, max_labels: int) -> int:
    """The most labels a row's objects may hold within `budget` bytes (a dict as json builds it,
    every string counted as if it were its own: an upper bound)."""
    return max(
        n for n in range(max_labels + 1)
        if _ROW + sys.getsizeof({i: None for i in range(n)}) + _STRING * (2 * n + 1) <= budget
    )


def series_shaped(row: Any, labels_at_most: int) -> bool:
    """A row `[index, name, labels, value]` of scalars and one object of at most
    `labels_at_most` scalar labels."""
    if type(row) is not list or len(row) != 4:
        return False
    index, name, labels, value = row
    return (
        type(labels) is dict
        and len(labels) <= labels_at_most
        and type(index) not in _CONTAINERS
        and type(name) not in _CONTAINERS
        and type(value) not in _CONTAINERS
        and _CONTAINERS.isdisjoint(map(type, labels.values()))
    )


class Handed:
    """The rows handed on while one document is read: `keep` is the `Each`'s (None in the
    reader's list where the row was handed on), `restore` puts them back in their places."""

    def __init__(self, cap: int, labels_at_most: int) -> None:
        self.cap, self.labels_at_most = cap, labels_at_most
        self.rows: list[Any] = []
        self.given = bytearray()  # a byte a row: 1 where it was handed on (no int object a row)

    def keep(self, row: Any) -> Any:
        if len(self.rows) < self.cap and series_shaped(row, self.labels_at_most):
            self.rows.append(row)
            self.given.append(1)
            return None
        self.given.append(0)
        return row

    def restore(self, doc: Any) -> None:
        """The rows handed on back in `doc["samples"]` (nothing where none was: `json.loads`
        read the document, or it had no such list)."""
        if not self.rows:
            return
        rows, back = doc["samples"], iter(self.rows)
        for at, was in enumerate(self.given):
            if was:
                rows[at] = next(back)
        self.rows = []
