"""Shared by the adversarial tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest


@pytest.fixture
def two_ranks() -> Iterator[tuple[int, int]]:
    procs = [subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
             for _ in range(2)]
    try:
        yield procs[0].pid, procs[1].pid
    finally:
        for p in procs:
            p.communicate(b"", timeout=10)
