"""The roles of a torch memory snapshot's parts: where a container stands says what it is (a list
under `segments` holds segments, a dict in it is a segment, its `blocks` list holds blocks, a
`frames` list is a traceback, ...) and so which columns (`untrusted.columns`) its values go to.
The pickle reader (`untrusted.pickled`) and the live walk (`untrusted.livewalk`) both place parts
by these roles, so a file and a live dict become the same columns."""

from __future__ import annotations

from typing import Any

__all__ = [
    "BATCH", "BLOCK", "BLOCKLIST", "CHILD", "DEVLIST", "DICTS", "ELEMENT", "EVENT", "EVLIST", "FRAME",
    "GENERIC", "LIMIT", "LINE", "LISTS", "MISFIT_ROLE", "NAMED", "ROOT", "SEGLIST", "SEGMENT", "SKIP",
    "TEXT", "TRACE", "UINT", "ClassRefused", "Refused", "child", "fits", "uint",
]


class Refused(ValueError):
    """A pickle no snapshot pickler writes: one line."""


class ClassRefused(Refused):
    """The pickle asks for a class (any class: a snapshot holds none)."""


# Roles: where a container stands in a snapshot
(ROOT, SEGLIST, SEGMENT, BLOCKLIST, BLOCK, TRACE, FRAME, DEVLIST, EVLIST, EVENT,
 GENERIC, SKIP, MISFIT_ROLE) = range(13)
DICTS = frozenset({ROOT, SEGMENT, BLOCK, FRAME, EVENT})
LISTS = frozenset({SEGLIST, BLOCKLIST, TRACE, DEVLIST, EVLIST})
ELEMENT = {SEGLIST: SEGMENT, BLOCKLIST: BLOCK, TRACE: FRAME, DEVLIST: EVLIST, EVLIST: EVENT,
           GENERIC: GENERIC, SKIP: SKIP}
CHILD: dict[int, dict[str, int]] = {
    ROOT: {"segments": SEGLIST, "device_traces": DEVLIST, "allocator_settings": GENERIC},
    SEGMENT: {"blocks": BLOCKLIST, "frames": TRACE, "segment_pool_id": GENERIC},
    BLOCK: {"frames": TRACE},
    EVENT: {"frames": TRACE},
    FRAME: {},
}
NAMED = {"segments", "device_traces", "allocator_settings", "blocks", "frames", "segment_pool_id"}


def child(role: int, key: Any) -> int:
    """The role of what stands under `key` (None: as an element) of a container of `role`."""
    if role == SKIP:  # a traceback is one wherever it stands: the memo may share it with a block
        return TRACE if key == "frames" else SKIP
    if role == GENERIC:
        return role
    if role in CHILD:
        return CHILD[role].get(key, SKIP) if type(key) is str else SKIP
    return ELEMENT.get(role, SKIP)


def fits(role: int, is_dict: bool) -> bool:
    """Whether a container (a dict where `is_dict`) may take `role` (-1: none found)."""
    if role < 0:
        return False
    return role in (GENERIC, SKIP) or (role in DICTS) == is_dict


# A row's keys: the column an int or a str goes to, and how
UINT, LINE, TEXT = range(3)  # a column of non-negative ints, of lines, of strings
LIMIT = 1 << 63
BATCH = 1000  # a pickler's batch: a list or dict given exactly this many may be given more


def uint(v: Any) -> int:
    """`v` as an integer column holds it: a non-negative int below 2^63, else -1."""
    return v if type(v) is int and 0 <= v < LIMIT else -1
