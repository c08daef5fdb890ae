"""`validate(..., previous=)`: a family that names the series the file's last version served has
only its values checked, and the result is always the one a full check gives (hostile
versions included); the reuse is real where only values moved."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.spool.format import MAX_LABELS, RankFile, Rejection, parse, validate
from tests.spool_hostile import healthy_doc
from tests.unit.sources.test_spool_fuzz import json_values, label_names, lookalike

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def both(doc: Any, previous: RankFile) -> tuple[RankFile | Rejection, RankFile | Rejection]:
    """The document checked with the last version and without it (each on its own copy: the
    check sets the identity's labels in place)."""
    return validate(copy.deepcopy(doc), previous=previous), validate(copy.deepcopy(doc))


def moved(doc: Any, step: int) -> Any:
    """The next version of a training rank's file: every value moved, nothing else."""
    out = copy.deepcopy(doc)
    for row in out["samples"]:
        if type(row[3]) in (int, float):
            row[3] = row[3] + step
    return out


edits = st.lists(
    st.tuples(
        st.sampled_from(["value", "label", "labels", "name", "type", "help", "identity", "row"]),
        st.integers(0, 50),
        json_values | label_names | st.floats(allow_nan=True, allow_infinity=True)
        | st.integers(-(2**70), 2**70),
    ),
    max_size=3,
)


def edited(doc: Any, changes: list[tuple[str, int, Any]]) -> Any:
    out = copy.deepcopy(doc)
    rows, types = out["samples"], out["types"]
    for what, at, value in changes:
        if what == "identity":
            out["identity"] = {**out["identity"], "rank": value}
        elif what == "row" and rows:
            del rows[at % len(rows)]
        elif what in ("type", "help") and types:
            types[at % len(types)][1 if what == "type" else 2] = value
        elif rows:
            row = rows[at % len(rows)]
            if what == "value":
                row[3] = value
            elif what == "name":
                row[1] = value
            elif what == "labels":
                row[2] = value
            elif isinstance(row[2], dict):
                row[2] = {**row[2], str(value)[:8] or "x": value}
    return out


@FUZZ
@given(changes=edits, step=st.integers(0, 3))
def test_a_healthy_ranks_next_version_checks_as_a_full_check_does(changes: list[Any], step: int) -> None:
    first = healthy_doc(4242)
    previous = validate(copy.deepcopy(first), name_pid=4242)
    assert isinstance(previous, RankFile)
    with_it, without = both(edited(moved(first, step), changes), previous)
    assert with_it == without


@FUZZ
@given(doc=lookalike(), changes=edits)
def test_a_hostile_versions_next_version_checks_as_a_full_check_does(doc: Any, changes: list[Any]) -> None:
    previous = validate(copy.deepcopy(doc))
    if not isinstance(previous, RankFile):
        return  # nothing served: nothing to reuse (the fuzz tests cover its rejection)
    for nxt in (moved(doc, 1), edited(doc, changes), edited(moved(doc, 2), changes)):
        with_it, without = both(nxt, previous)
        assert with_it == without, (nxt, with_it, without)


def test_only_values_moved_reuses_the_checked_labels_and_keys() -> None:
    first = healthy_doc(4242)
    previous = parse(json.dumps(first).encode(), name_pid=4242)
    assert isinstance(previous, RankFile) and previous.series > 0
    now = parse(json.dumps(moved(first, 4096)).encode(), name_pid=4242, previous=previous)
    assert isinstance(now, RankFile) and now == parse(json.dumps(moved(first, 4096)).encode(), name_pid=4242)
    pairs = [(a, b) for fa, fb in zip(previous.families, now.families, strict=True)
             for a, b in zip(fa[3], fb[3], strict=True)]
    assert pairs and all(b.labels is a.labels for a, b in pairs)  # the served dicts, not new ones
    assert any(a.value != b.value for a, b in pairs)


def test_a_series_given_the_identitys_labels_past_the_label_cap_is_dropped_with_or_without() -> None:
    doc = healthy_doc(4242)
    doc["identity"]["job_id"] = "j"
    # at the cap; the daemon adds rank and job_id
    doc["samples"][0][2] = {f"l{i}": "v" for i in range(MAX_LABELS)}
    previous = validate(copy.deepcopy(doc), name_pid=4242)
    assert isinstance(previous, RankFile)
    served = [s for fam in previous.families for s in fam[3]]
    assert len(served) == len(doc["samples"]) and len(served[0].labels) > MAX_LABELS
    for r, sample in zip(doc["samples"], served, strict=True):  # the next version sends what was
        r[2] = dict(sample.labels)  # served, identity's labels and all: one series over the cap
    with_it, without = both(doc, previous)
    assert with_it == without and isinstance(with_it, RankFile)
    assert with_it.dropped.get("too_many_labels") == 1


def test_a_family_declared_again_under_another_type_is_checked_again() -> None:
    doc = healthy_doc(4242)
    doc["types"].append(["gpumemd_process_bench_info", "gauge", "An info gauge."])
    doc["samples"].append([len(doc["types"]) - 1, "gpumemd_process_bench_info", {"rank": "7"}, 1.0])
    previous = validate(copy.deepcopy(doc), name_pid=4242)
    assert isinstance(previous, RankFile)
    assert any(fam[0] == "gpumemd_process_bench_info" for fam in previous.families)
    doc["types"][-1][1] = "unknown"  # read as a gauge, but an `_info` name only a gauge may have
    with_it, without = both(doc, previous)
    assert with_it == without and isinstance(with_it, Rejection) and with_it.reason == "schema"


def test_a_family_whose_values_stand_is_the_one_served_and_a_zeros_sign_is_not_lost() -> None:
    import math

    first = healthy_doc(4242)
    previous = parse(json.dumps(first).encode(), name_pid=4242)
    assert isinstance(previous, RankFile) and previous.families
    again = parse(json.dumps(first).encode(), name_pid=4242, previous=previous)
    assert isinstance(again, RankFile)
    assert all(b is a for a, b in zip(previous.families, again.families, strict=True))  # nothing built
    zero = copy.deepcopy(first)
    zero["samples"][0][3] = 0.0
    held = parse(json.dumps(zero).encode(), name_pid=4242)
    assert isinstance(held, RankFile)
    zero["samples"][0][3] = -0.0
    signed = parse(json.dumps(zero).encode(), name_pid=4242, previous=held)
    assert isinstance(signed, RankFile) and signed.families[0] is not held.families[0]
    assert math.copysign(1.0, signed.families[0][3][0].value) == -1.0
    assert signed.families[1:] == held.families[1:] and signed.families[1] is held.families[1]
