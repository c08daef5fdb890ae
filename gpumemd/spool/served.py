"""A rank's family as the daemon served it from the file's previous version, reused where the
new version repeats it (spool/format.py's `_validate`): the series it named, in order, keep
their checked labels and keys; a family whose values stand, bit for bit, keeps its very samples,
so the merge and the text cache meet the same objects."""

from __future__ import annotations

import struct
from operator import attrgetter
from typing import Any

from prometheus_client.samples import Sample

__all__ = ["as_served"]

_name_of, _labels_of, _value_of = attrgetter("name"), attrgetter("labels"), attrgetter("value")


def as_served(
    rows: list[Any], served: tuple[Sample, ...], counter: bool, max_labels: int
) -> tuple[Sample, ...] | list[Sample] | None:
    """A family's samples when its rows name, in order, the series `served` holds (every label
    checked then, the identity's set) and every value is a valid one; else None (checked row
    by row). `served` itself when every value is the one it holds, bit for bit (a family that
    did not move keeps its samples: the merge and the text cache meet the same objects).
    Whole-list operations in C: no Python step per row but the samples' building."""
    if len(rows) != len(served):
        return None
    if not rows:
        return []
    if set(map(type, rows)) != {list} or set(map(len, rows)) != {3}:
        return None
    names, labels, values = zip(*rows, strict=True)  # every row has three (checked above)
    # A dict equal to a served one holds only checked labels (a str equals only a str), but
    # perhaps more than a sample may carry: the identity's were added to it.
    if list(labels) != list(map(_labels_of, served)) or list(names) != list(map(_name_of, served)):
        return None
    if max(map(len, labels)) > max_labels:
        return None
    kinds = set(map(type, values))
    if kinds != {float}:
        if not kinds <= {float, int}:  # a bool, a string, null: its row says why it is dropped
            return None
        try:
            values = tuple(map(float, values))
        except OverflowError:
            return None
    total = sum(values)
    if total - total != 0.0 or (counter and min(values) < 0.0):  # NaN or ±Inf among them
        return None
    if values[0] == served[0].value:  # else moved: not worth the whole comparison
        held = tuple(map(_value_of, served))
        if values == held and (0.0 not in values or _bits(values) == _bits(held)):  # -0.0 == 0.0: the bits
            return served
    return list(map(Sample, names, map(_labels_of, served), values))


def _bits(values: tuple[float, ...]) -> bytes:
    return struct.pack(f"{len(values)}d", *values)
