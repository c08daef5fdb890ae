"""bench/results keeps the latest result of each benchmark with an index (issue 39): every
directory there is named in its README, and every directory the README names is there."""

from __future__ import annotations

import re

from tests.helpers import ROOT

RESULTS = ROOT / "bench" / "results"
INDEX = (RESULTS / "README.md").read_text(encoding="utf-8")
# the table of kept runs; the paragraph above it names the removed ones
TABLE = INDEX[INDEX.index("| benchmark |"):]
# a run's name as the index writes it: `2026-11-28-h200x4-s11-suite/`, `scale-2026-11-21.json`
_NAMED = re.compile(r"`((?:\d{4}-\d\d-\d\d-[\w-]+|scale-[\d-]+\.json))[/`]")


def test_every_run_kept_is_in_the_index() -> None:
    kept = {entry.name for entry in RESULTS.iterdir() if entry.name != "README.md"}
    assert len(kept) >= 10
    missing = sorted(name for name in kept if f"`{name}" not in TABLE)
    assert not missing, f"bench/results/README.md does not say what these show: {missing}"


def test_every_run_the_index_names_is_kept() -> None:
    """The index's table names only runs that are there (a removed run is named in its history
    paragraph, as text, not as a kept run)."""
    named = {match.group(1) for match in _NAMED.finditer(TABLE)}
    assert len(named) >= 10
    gone = sorted(name for name in named if not (RESULTS / name).exists())
    assert not gone, f"bench/results/README.md names runs that are not kept: {gone}"
