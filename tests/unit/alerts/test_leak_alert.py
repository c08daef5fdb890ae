"""The packaged PytorchMemoryLeak rule with the agent's leak finder: its notification says
where the leak is (`info: gpumemd_leak_last_report_info`), and in the agent (an engine with
an action runner) it runs `find_leak` by its `agent_actions`; the node daemon, which runs no
actions, loads the same rule without error."""

from __future__ import annotations

import dataclasses

from gpumemd.agent.leakfind import MAX_LABEL, last_report_labels
from gpumemd.alerts.actions import ActionRunner, FiredAlert
from gpumemd.alerts.rules import default_rule_mappings, rule_from_dict
from gpumemd.diagnosis.leak import LeakReport, Site
from gpumemd.diagnosis.retainers import Holder
from tests.fakes import gauge, make_engine, step

R5 = {"gpu": "0", "uuid": "GPU-a", "rank": "5", "pid": "100", "job_id": "9"}
MIB = 1 << 20


def leak_rule() -> dict:
    return next(r for r in default_rule_mappings() if r["alert"] == "PytorchMemoryLeak")


def quick_rule() -> dict:
    """The packaged rule's info and templates on a threshold, so one evaluation fires it."""
    r = leak_rule()
    return {"alert": "PytorchMemoryLeak", "metric": r["metric"], "op": ">", "threshold": 0, "info": r["info"],
            "annotations": r["annotations"], "agent_actions": r["agent_actions"]}


def report(held: Holder | None = None) -> LeakReport:
    site = Site("/home/u/train.py", 88, "step", 480 * MIB, 10, 48 * MIB, (0, 96 * MIB), retained_by=held)
    return LeakReport((site,), 4, 6, device=0)


def info(rep: LeakReport, **over: str):
    gpu, site, by, summary = last_report_labels(rep)
    labels = {"gpu": gpu, "site": site, "retained_by": by, "summary": summary, "rank": "5", "pid": "100",
              "job_id": "9", **over}
    return gauge("gpumemd_leak_last_report_info", [(labels, 1.0)])


def alloc(n: float):
    """The leak verdict's series (the agent's forecast collector exports it only while leaking)."""
    return gauge(leak_rule()["metric"], [(R5, n)])


def test_the_leak_alert_says_where_and_what_holds_it() -> None:
    held = Holder("global", "outputs", "/home/u/train.py", 89, None, "list")
    engine = make_engine([quick_rule()])
    sent = step(engine, [alloc(1), info(report(held))], 0)
    ann = sent[0].annotations
    assert ann["summary"].endswith("leaks 1B of PyTorch memory per optimizer step: "
                                   "leaking at train.py:88 in step(): "
                                   "+48.0 MiB/step, held by global `outputs` at train.py:89")
    assert (
        ann["leak_site"] == "train.py:88 in step()" and ann["retained_by"] == "global outputs (train.py:89)"
    )


def test_an_answer_that_arrives_after_the_alert_is_sent_again_with_it() -> None:
    engine = make_engine([quick_rule()], resend_delay=600)
    first = step(engine, [alloc(1)], 0)
    assert (
        first[0].annotations["summary"].endswith("of PyTorch memory per optimizer step")
        and first[0].annotations["leak_site"] == ""
    )
    again = step(engine, [alloc(1), info(report())], 1)
    assert [n.annotations["leak_site"] for n in again] == ["train.py:88 in step()"]
    assert step(engine, [alloc(1), info(report(), rank="4", pid="101")], 2) != []  # its answer went away


def test_the_labels_are_bounded() -> None:
    long = Holder("module_attr", "m" * 1000, "/x/" + "f" * 1000, 1, None, "list")
    rep = dataclasses.replace(
        report(long), sites=(dataclasses.replace(report().sites[0], function="g" * 1000, retained_by=long),)
    )
    assert all(len(v) <= MAX_LABEL for v in last_report_labels(rep))
    assert last_report_labels(LeakReport((), 4, 6))[3] == "no growing allocation site over 6 steps"


def test_the_agent_runs_find_leak_and_the_daemon_loads_the_rule_without_actions() -> None:
    spec = rule_from_dict(leak_rule())  # validated as the daemon does: actions not enabled
    assert spec.actions == () and spec.fired_actions() == ("find_leak",)
    runs: list[tuple[str, tuple[str, ...]]] = []

    class Runner(ActionRunner):
        def submit(self, rule: str, names, alert: FiredAlert, *, cooldown: float, max_runs: int) -> int:  # type: ignore[override]
            runs.append((rule, tuple(names)))
            return len(names)

    engine = make_engine([quick_rule()], actions=Runner())
    step(engine, [alloc(1)], 0)
    assert runs == [("PytorchMemoryLeak", ("find_leak",))]
    daemon = make_engine([quick_rule()])  # no runner: nothing runs
    assert step(daemon, [alloc(1)], 0) and daemon.actions is None


def test_an_unknown_agent_action_is_refused() -> None:
    import pytest

    from gpumemd.config import ConfigError

    with pytest.raises(ConfigError, match="agent_actions\\[0\\]: unknown agent action"):
        rule_from_dict({**quick_rule(), "agent_actions": ["rm_rf"]})
