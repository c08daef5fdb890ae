"""A rule's budgets per source (alerts/signals.py, `SourceBudget`): each source its own, a node-wide
bound past which each source still gets a floor, drops counted per source."""

from __future__ import annotations

from gpumemd.alerts.signals import SourceBudget, source_of

A, B = ("j", "0", ""), ("j", "1", "")


def test_one_source_at_its_budget_leaves_another_its_own() -> None:
    budget = SourceBudget(4)
    assert [budget.take(A) for _ in range(6)] == [True] * 4 + [False] * 2
    assert [budget.take(B) for _ in range(4)] == [True] * 4
    assert budget.dropped == {A: 2} and budget.dropped_total == 2
    budget.give(A)
    assert budget.take(A) and not budget.take(A)


def test_past_the_node_bound_each_source_still_gets_its_floor() -> None:
    budget = SourceBudget(16)  # node bound 16 x 64, floor 2
    for i in range(SourceBudget.NODE_SOURCES):
        assert all(budget.take(("churn", str(i), "")) for _ in range(16))
    assert budget.total == budget.node
    assert [budget.take(A) for _ in range(3)] == [True, True, False]  # the floor, then refused
    assert not budget.take(("churn", "0", ""))


def test_drops_are_named_for_a_bounded_number_of_sources() -> None:
    budget = SourceBudget(1)
    for i in range(SourceBudget.MAX_COUNTED + 10):
        source = ("j", str(i), "")
        budget.take(source)
        assert not budget.take(source)
    assert len(budget.dropped) == SourceBudget.MAX_COUNTED + 1  # the rest under the empty source
    assert budget.dropped[("", "", "")] == 10 and budget.dropped_total == SourceBudget.MAX_COUNTED + 10


def test_a_source_is_the_identity_labels() -> None:
    assert source_of({"rank": "3", "job_id": "7", "gpu": "0"}) == ("7", "3", "")
    assert source_of({"pid": "42"}) == ("", "", "42")
    assert source_of({"gpu": "0", "uuid": "GPU-a"}) == ("", "", "")
