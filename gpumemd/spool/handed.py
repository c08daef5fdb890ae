"""A spool file's rows handed to the daemon as the JSON reader reads them: each row shaped as a
series (scalars and one object of scalar labels) whose objects cost at most what the daemon
budgets a series (`format.SERIES_OVERHEAD`; its strings' characters within `LABEL_CHAR_BYTES` a
byte of the file) is the caller's, up to `max_series` of them: what `validate` keeps of them is
the RankFile, beside the reader's allowance. Any other row is the reader's, priced within it.
Both formats' rows: version 2's `samples`, version 1's lists in each of its `families`."""

from __future__ import annotations

import sys
from itertools import compress, repeat
from operator import itemgetter, setitem
from typing import Any

__all__ = ["Handed", "most_labels", "series_shaped"]

_CONTAINERS = frozenset((list, dict))
_ROW = sys.getsizeof([None] * 4) + sys.getsizeof(1 << 62)  # a row's list of four, its number
_STRING = sys.getsizeof("")  # a string's own bytes beside its characters
_V1, _V2 = 3, 4  # a row's length: [name, labels, value], [type index, name, labels, value]
# Strings the rows handed on share: the first distinct ones (a window's more at most)
_SHARED = 1024
_STRINGS, _LISTS, _DICTS = frozenset((str,)), frozenset((list,)), frozenset((dict,))
_SCALARS = frozenset((str, int, float, bool, type(None)))  # what json.loads builds but containers
_FIRST, _NAME, _LABELS, _VALUE = itemgetter(0), itemgetter(-3), itemgetter(-2), itemgetter(-1)


def most_labels(budget: int, max_labels: int) -> int:
    """The most labels a row's objects may hold within `budget` bytes (a dict as json builds it,
    every string counted as if it were its own: an upper bound)."""
    return max(
        n for n in range(max_labels + 1)
        if _ROW + sys.getsizeof({i: None for i in range(n)}) + _STRING * (2 * n + 1) <= budget
    )


def series_shaped(row: Any, labels_at_most: int, width: int = _V2) -> bool:
    """A row `[index, name, labels, value]` (`width` 3: `[name, labels, value]`, version 1's) of
    scalars and one object of at most `labels_at_most` scalar labels."""
    if type(row) is not list or len(row) != width:
        return False
    labels, name, value = row[-2], row[-3], row[-1]
    return (
        type(labels) is dict
        and len(labels) <= labels_at_most
        and type(row[0]) not in _CONTAINERS
        and type(name) not in _CONTAINERS
        and type(value) not in _CONTAINERS
        and _CONTAINERS.isdisjoint(map(type, labels.values()))
    )


class _Places:
    """The rows of one format handed on, in the order read, and a byte per row read (1 where it
    was handed on: no int object a row), list after list."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.rows: list[Any] = []
        self.given = bytearray()

    def put_back(self, lists: list[list[Any]]) -> None:
        """Each row handed on back in its place: `lists` are the lists read, in order."""
        back, given, at = iter(self.rows), self.given, 0
        for rows in lists:
            for i in range(len(rows)):
                if given[at]:
                    rows[i] = next(back)
                at += 1
        self.rows, self.given = [], bytearray()


class Handed:
    """The rows handed on while one document is read, each `Each`'s `keep` or `run` (None in the
    reader's list where the row was handed on): version 2's `samples` read by `Each(keep, run=run)`;
    version 1's families by `Each(keep_family, Each(family_part, Each(keep_v1, run=run_v1)))`,
    each list of a family closed by `family_part`. `restore` puts them back in their places."""

    def __init__(self, cap: int, labels_at_most: int) -> None:
        self.cap, self.labels_at_most = cap, labels_at_most
        self._v2, self._v1 = _Places(_V2), _Places(_V1)
        self._v1_lists: list[list[Any]] = []  # only those a row was handed on from: at most `cap`
        self._closed = (0, 0)  # version 1's bytes and rows when its last list was closed
        self._memo: dict[str, str] = {}

    def keep(self, row: Any) -> Any:
        return self._take(self._v2, row)

    def keep_v1(self, row: Any) -> Any:
        return self._take(self._v1, row)

    def run(self, rows: list[Any]) -> list[Any]:
        return self._run(self._v2, rows)

    def run_v1(self, rows: list[Any]) -> list[Any]:
        return self._run(self._v1, rows)

    def family_part(self, part: Any) -> Any:
        """A version 1 family's part, read: a list's rows were read by `keep_v1`, in order (its
        bytes dropped where none was handed on)."""
        if type(part) is list:
            given, rows = self._closed
            if len(self._v1.rows) == rows:
                del self._v1.given[given:]
            else:
                self._v1_lists.append(part)
            self._closed = (len(self._v1.given), len(self._v1.rows))
        return part

    @staticmethod
    def keep_family(family: Any) -> Any:
        return family

    def _take(self, places: _Places, row: Any) -> Any:
        """One row (where the reader's tokens built it, its short strings are shared already)."""
        if (
            len(self._v2.rows) + len(self._v1.rows) < self.cap
            and series_shaped(row, self.labels_at_most, places.width)
        ):
            places.rows.append(row)
            places.given.append(1)
            return None
        places.given.append(0)
        return row

    def _run(self, places: _Places, rows: list[Any]) -> list[Any]:
        """A window's rows as `json.loads` built them, checked by maps over them all (C's
        loops): those whose name and label values are strings share them, those of them shaped
        as series are handed on (a rank's rows, all of them); any other row as `keep` takes it,
        in its place."""
        left = self.cap - len(self._v2.rows) - len(self._v1.rows)
        if not (len(rows) <= left and _LISTS.issuperset(map(type, rows))
                and {places.width}.issuperset(map(len, rows))):
            return [self._take(places, row) for row in rows]
        labels = list(map(_LABELS, rows))
        if not _DICTS.issuperset(map(type, labels)):
            return [self._take(places, row) for row in rows]
        strings = list(map(all, zip(  # a name and label values of strings: shared
            map(_STRINGS.__contains__, map(type, map(_NAME, rows))),
            map(_STRINGS.issuperset, map(map, repeat(type), map(dict.values, labels))),
            strict=True,
        )))
        shaped = list(map(all, zip(  # and a series' shape: handed on
            strings,
            map(self.labels_at_most.__ge__, map(len, labels)),
            map(_SCALARS.__contains__, map(type, map(_VALUE, rows))),
            map(_SCALARS.__contains__, map(type, map(_FIRST, rows))),
            strict=True,
        )))
        if False not in shaped:
            self._share(rows, labels)
            places.rows += rows
            places.given += b"\x01" * len(rows)
            return [None] * len(rows)
        out: list[Any] = []
        for row, ok in zip(rows, shaped, strict=True):
            if ok:
                places.rows.append(row)
                places.given.append(1)
                out.append(None)
            else:
                out.append(self._take(places, row))
        self._share(list(compress(rows, strings)), list(compress(labels, strings)))
        return out

    def _share(self, rows: list[list[Any]], labels: list[dict[str, str]]) -> None:
        """The rows' names and label values (strings only: `1 == 1.0 == True`), where an earlier
        row spelled them, that row's strings: a rank's names and label values repeat row after
        row, and the RankFile keeps them."""
        memo = self._memo
        share = memo.setdefault if len(memo) < _SHARED else memo.get
        names = list(map(_NAME, rows))
        list(map(setitem, rows, repeat(-3), map(share, names, names)))
        values = map(dict.values, labels)
        shared = map(map, repeat(share), values, map(dict.values, labels))
        list(map(dict.update, labels, map(zip, labels, shared)))

    def restore(self, doc: Any) -> None:
        """The rows handed on back in `doc["samples"]` and the families' lists (nothing where
        none was: `json.loads` read the document, or it had no such list)."""
        if self._v2.rows:
            self._v2.put_back([doc["samples"]])
        if self._v1.rows:
            self._v1.put_back(self._v1_lists)
            self._v1_lists = []
