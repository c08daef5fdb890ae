"""`text`: what an answer's label value may show on a terminal or in JSON."""

from __future__ import annotations

from gpumemd.commands.format import MAX_TEXT, text


def test_a_printable_value_within_the_bound_is_the_same_string_not_a_copy() -> None:
    value = "".join(["node-7:9967 ", "é"])  # built at run time: not an interned constant
    assert text(value) is value


def test_escapes_and_lone_surrogates_become_question_marks_and_long_values_are_cut() -> None:
    assert text("a\x1b[31mb\ud800") == "a?[31mb?"
    assert text("x" * (MAX_TEXT + 5)) == "x" * MAX_TEXT + "..."
