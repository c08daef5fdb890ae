"""Profiler tests: the process-wide sections registry starts empty for each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gpumemd.profiler import sections


@pytest.fixture(autouse=True)
def clean_sections() -> Iterator[None]:
    sections.REGISTRY.clear()
    yield
    sections.REGISTRY.clear()
