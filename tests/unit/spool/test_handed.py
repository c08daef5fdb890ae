"""The rows a spool file hands to the daemon as they are read: only rows shaped as series within
the daemon's budget of one, up to the cap, put back in their places."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gpumemd.spool import format as spool_format
from gpumemd.spool.format import FORMAT, FORMAT_V1, MAX_LABELS, SERIES_OVERHEAD, parse
from gpumemd.spool.handed import Handed, most_labels, series_shaped
from gpumemd.untrusted import read_json


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


def test_version_1_rows_go_back_to_their_lists_and_share_the_cap() -> None:
    """A version 1 family's lists, each closed as read: a list with no row handed on keeps no
    place; rows in a list at any part of a family go back where they were; one cap for both."""
    handed = Handed(cap=3, labels_at_most=4)
    assert handed.keep([0, "a", {}, 1.0]) is None  # a version 2 row: one of the three
    series = [["b", {}, 1.0], ["c", {"k": "v"}, 2.0], ["d", {}, 3.0]]
    lists = [[["x", {}, 0.0], {}], ["not", "rows"], [series[0], None, series[1]], [], [series[2]]]
    read = []
    for part in lists:
        read.append(handed.family_part([handed.keep_v1(row) for row in part]))
    assert read[0] == [None, {}] and read[2] == [None, None, series[1]]  # past the cap: the reader's
    assert read[4] == [series[2]]
    assert handed.keep_family(read) is read
    doc = {"samples": [None], "families": [read]}
    handed.restore(doc)
    assert read == lists and doc["samples"] == [[0, "a", {}, 1.0]]


def test_a_version_1_row_is_three_wide() -> None:
    most = most_labels(SERIES_OVERHEAD, MAX_LABELS)
    assert series_shaped(["gpumemd_x", {"a": "1"}, 1.0], most, 3)
    assert not series_shaped([0, "gpumemd_x", {"a": "1"}, 1.0], most, 3)
    assert not series_shaped(["gpumemd_x", {"a": "1"}, 1.0], most)
    assert not series_shaped([["gpumemd_x"], {"a": "1"}, 1.0], most, 3)


_NAME = "gpumemd_allocator_allocated_bytes"
_labels = st.dictionaries(st.sampled_from(["a", "b", "rank", "c_d"]), st.sampled_from(["1", "2", "", "3"]),
                          max_size=3)
_row = st.tuples(st.sampled_from([_NAME, _NAME, _NAME + "_x"]), _labels,
                 st.sampled_from([1.0, 2.5, 3.0, "x"])).map(list)  # a series, or one dropped
_unshaped = [_NAME, {"a": ["1"]}, 1.0]  # not a series' shape: the reader's, then dropped by validate
_odd = st.sampled_from([{}, [], "row", [[_NAME, {}, 1.0]], [_NAME, {"a": 3}, 1.0], *[_unshaped] * 4])
_family = st.tuples(st.sampled_from([_NAME, "gpumemd_allocator_x", "gpumemd_agent_y"]), st.just("gauge"),
                    st.just("h"), st.lists(_row, max_size=5) | st.lists(_row | _odd, max_size=5)).map(list)
# well-formed families (rows anywhere in a family's parts, rows not shaped as series, among them)
_families = (
    st.lists(_family, max_size=3, unique_by=lambda family: family[0])
    | st.lists(_family | st.lists(st.sampled_from([_NAME, "gauge", {}, 1])
                                  | st.lists(_row | _odd, max_size=3), max_size=5), max_size=3)
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(families=_families,
       samples=st.lists(st.tuples(st.sampled_from([0, 0, 1, "0"]), st.just(_NAME), _labels, st.just(1.0))
                        .map(list) | st.sampled_from([{}, [0, _NAME, {}]]), max_size=4),
       fmt=st.sampled_from([FORMAT, FORMAT_V1]), cap=st.integers(0, 4))
# a list of none handed on before one of a series: no place kept for the first
@example(families=[["gpumemd_agent_y", "gauge", "h", [_unshaped]], [_NAME, "gauge", "h", [[_NAME, {}, 1.0]]]],
         samples=[], fmt=FORMAT_V1, cap=4)
def test_a_document_read_by_the_streaming_reader_is_what_json_loads_reads(
        families: list[Any], samples: list[Any], fmt: str, cap: int) -> None:
    """The rows handed on and put back, both formats' lists in one document, rows anywhere in a
    family's parts, past the cap or not: `parse` through the streaming reader (every document
    here is small enough for `json.loads` otherwise) is `parse` through `json.loads`."""
    doc = {"format": fmt, "pid": 834, "written": 1.7e9, "interval": 1.0, "identity": {"rank": "0"},
           "families": families, "types": [[_NAME, "gauge", "h"]], "samples": samples}
    data = json.dumps(doc).encode()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(spool_format, "loads_json", read_json)
        got = parse(data, name_pid=834, max_series=cap)
    assert got == parse(data, name_pid=834, max_series=cap)


def test_a_window_of_rows_is_handed_on_as_row_by_row_and_its_strings_shared() -> None:
    """`run` takes a window's rows at once: the same rows handed on as `keep` hands them one by
    one (rows of more labels, of labels not strings, past the cap, not lists among them), the
    rows of string labels sharing the strings an earlier row spelled."""
    most = most_labels(SERIES_OVERHEAD, MAX_LABELS)
    series = [[0, _NAME, {"uuid": "GPU-1", "k": str(i % 3)}, 1.0] for i in range(6)]
    others = [[0, _NAME, {str(i): "v" for i in range(most + 1)}, 1.0], [0, _NAME, {"a": 1}, 2.0],
              [0, _NAME, {"a": "1"}, [1.0]], [0, _NAME, {"uuid": "GPU-1"}, 3.0]]
    for window, cap in ((series + others, 3), (series + others, 20), (series + others + [{}], 20)):
        one, whole = Handed(cap, most), Handed(cap, most)
        by_row = [one.keep(row) for row in json.loads(json.dumps(window))]
        read = json.loads(json.dumps(window))
        by_run = whole.run(read)
        assert by_run == by_row, (cap, len(window))
        doc_one, doc_whole = {"samples": by_row}, {"samples": by_run}
        one.restore(doc_one)
        whole.restore(doc_whole)
        assert doc_whole == doc_one == {"samples": window}
        if len(window) == 10 and cap == 20:
            assert read[0][1] is read[5][1] is read[9][1] and read[1][2]["uuid"] is read[9][2]["uuid"]
            assert read[1][2]["k"] is read[4][2]["k"]
