"""The one memory budget of every reader of untrusted bytes."""

from __future__ import annotations

__all__ = ["FACTOR", "SLACK", "TooCostly", "allowance"]

FACTOR = 4
"""Bytes a reader of untrusted bytes may allocate (what it builds, and the text where
`json.loads` decodes it; for a snapshot pickle, the file's own bytes too) per byte of its input:
what the readers' own forms of real documents take (a spool file, a capture, the answers
`explain` and `top` keep of Prometheus and alerts, a snapshot's columns), far below the tens a
document of empty containers would (bench/results and docs/security.md have the figures)."""
SLACK = 1 << 20
"""Bytes every document may spend whatever its size: a small answer is never refused."""


class TooCostly(ValueError):
    """A document whose objects would take more than its allowance; `str()` is one line.
    A ValueError, so a caller's `not JSON`/`not a pickle` handling covers it."""


def allowance(size: int, factor: int = FACTOR) -> int:
    """What a document of `size` bytes may cost once built."""
    return factor * size + SLACK
