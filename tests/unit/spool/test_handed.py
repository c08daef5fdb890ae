"""The rows a spool file hands to the daemon as they are read: only rows shaped as series within
the daemon's budget of one, up to the cap, put back in their places."""

from __future__ import annotations

from gpumemd.spool.format import MAX_LABELS, SERIES_OVERHEAD
from gpumemd.spool.handed import Handed, most_labels, series_shaped


def test_only_rows_shaped_as_series_within_the_budget_are_series_shaped() -> None:
    most = most_labels(SERIES_OVERHEAD, MAX_LABELS)
    assert 1 <= most < MAX_LABELS
    assert series_shaped([0, "gpumemd_x", {"a": "1"}, 1.0], most)
    assert series_shaped([0, "gpumemd_x", {str(i): "v" for i in range(most)}, "not a number"], most)
    for row in ([0, "gpumemd_x", {str(i): "v" for i in range(most + 1)}, 1.0],  # past the budget
                [0, "gpumemd_x", {"a": ["1"]}, 1.0], [[0] * 1000, "n", {}, 1.0], [0, "n", {}, {}],
                [0, "n", [], 1.0], [0, "n", {}], {}, None, "row"):
        assert not series_shaped(row, most), row


def test_handed_rows_go_back_to_their_places_and_the_cap_holds() -> None:
    handed = Handed(cap=2, labels_at_most=4)
    rows = [[0, "a", {}, 1.0], {}, [0, "b", {}, 2.0], [0, "c", {}, 3.0]]
    kept = [handed.keep(row) for row in rows]
    assert kept == [None, {}, None, [0, "c", {}, 3.0]]  # the third series is past the cap: the reader's
    doc = {"samples": kept}
    handed.restore(doc)
    assert doc["samples"] == rows
