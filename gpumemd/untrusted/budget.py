"""The one memory budget of every reader of untrusted bytes."""

from __future__ import annotations

__all__ = ["FACTOR", "SLACK", "TooCostly", "allowance"]

FACTOR = 16
"""Bytes a reader may allocate (the decoded text and the built objects) per byte of its input:
above what a real Prometheus or alerts answer takes, far below the tens a document of empty
containers or memo references would (bench/results and docs/security.md have the figures)."""
SLACK = 1 << 20
"""Bytes every document may spend whatever its size: a small answer is never refused."""


class TooCostly(ValueError):
    """A document whose objects would take more than its allowance; `str()` is one line.
    A ValueError, so a caller's `not JSON`/`not a pickle` handling covers it."""


def allowance(size: int) -> int:
    """What a document of `size` bytes may cost once built."""
    return FACTOR * size + SLACK
