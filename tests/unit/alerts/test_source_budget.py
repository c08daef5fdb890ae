"""A rule's budgets per source and per uid (alerts/signals.py, `SourceBudget`): each source its own,
the node-wide bound shared by the uids present, past a uid's share each of its sources still gets a
floor, drops counted per source."""

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


def test_one_uids_many_sources_never_take_another_uids_share() -> None:
    churn = [("churn", str(i), "") for i in range(SourceBudget.NODE_SOURCES + 8)]
    victim = ("victim", "0", "")
    budget = SourceBudget(16, {**{s: 1001 for s in churn}, victim: 1002})  # share 16 x 64, floor 2
    for source in churn:
        while budget.take(source):
            pass
    assert budget.uid_held[1001] == budget.node + 8 * budget.floor  # its share, then each one's floor
    assert [budget.take(victim) for _ in range(17)] == [True] * 16 + [False]  # its own per_source
    assert budget.share(1002) == budget.share(1001) == budget.node // 2
    assert not budget.take(churn[0])
    assert budget.dropped[victim] == 1 and budget.dropped[churn[0]] >= 2


def test_a_uid_shrinks_to_its_share_as_its_series_go() -> None:
    mine = [("a", str(i), "") for i in range(SourceBudget.NODE_SOURCES + 6)]
    b = ("b", "0", "")
    budget = SourceBudget(4, {**{s: 1 for s in mine}, b: 2})  # node bound 4 x 64, floor 1
    for s in mine:
        while budget.take(s):
            pass
    assert budget.uid_held[1] == budget.node + 6  # the whole bound while alone, then floors
    assert [budget.take(b) for _ in range(5)] == [True] * 4 + [False]
    while budget.uid_held[1] > budget.share(1):  # its series go (stale ones collected)
        budget.give(next(s for s in mine if budget.held.get(s, 0) > 1))
    assert budget.uid_held[1] == budget.node // 2
    fuller = next(s for s in mine if budget.held.get(s, 0) >= budget.floor)
    assert not budget.take(fuller)  # at its share: no more than a source's floor


def test_the_nodes_own_series_are_charged_to_no_uid() -> None:
    budget = SourceBudget(4)
    assert [budget.take(("", "", "")) for _ in range(5)] == [True] * 4 + [False]
    assert budget.uid_held == {}
    budget.give(("", "", ""))
    assert budget.total == 3 and budget.uid_held == {}


def test_a_give_returns_to_the_uid_it_was_taken_for() -> None:
    owners = {A: 1}
    budget = SourceBudget(4, owners)
    assert budget.take(A)
    owners[A] = 2  # the rank changed hands: its series held stay charged to the first uid
    assert budget.take(A) and budget.uid_held == {1: 2}
    budget.give(A)
    budget.give(A)
    assert budget.uid_held == {} and budget.held == {} and budget.total == 0


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
