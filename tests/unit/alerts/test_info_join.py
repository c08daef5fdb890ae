"""A rule's `info:`: another series' labels joined into its templates as `$info` (the OOM
diagnosis on PytorchOutOfMemory), its validation, its bounds and its Prometheus export."""

from __future__ import annotations

import pytest

from gpumemd.alerts.export import info_prelude, prometheus_rule
from gpumemd.alerts.rules import AlertingConfig, rule_from_dict
from gpumemd.alerts.templates import MAX_RENDERED
from gpumemd.config import ConfigError
from tests.fakes import counter, gauge, make_engine, step

R5 = {"gpu": "0", "cause": "fragmentation", "rank": "5", "pid": "100", "job_id": "9"}
DIAG5 = {
    "gpu": "0",
    "rank": "5",
    "pid": "100",
    "job_id": "9",
    "cause": "fragmentation",
    "summary": "largest block 310 MiB < 2.0 GiB requested",
    "fix": "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
}
DIAG4 = {**DIAG5, "rank": "4", "pid": "101", "cause": "capacity", "fix": "smaller batch"}


def oom_rule() -> dict:
    return next(r for r in _defaults() if r["alert"] == "PytorchOutOfMemory")


def _defaults() -> list[dict]:
    from gpumemd.alerts.rules import default_rule_mappings

    return default_rule_mappings()


def oom(n: float, labels=R5):
    return counter("gpumemd_oom_events_total", [(labels, n)])


def diag(*series):
    return gauge("gpumemd_oom_last_diagnosis_info", [(s, 1.0) for s in series])


def fire(families_after):
    engine = make_engine([oom_rule()])
    step(engine, [oom(0)], 0)
    return step(engine, [oom(1), *families_after], 10)


def test_the_oom_alert_carries_the_diagnosis_of_its_own_rank():
    sent = fire([diag(DIAG4, DIAG5)])
    assert len(sent) == 1
    ann = sent[0].annotations
    assert ann["cause"] == "fragmentation"
    assert ann["fix"] == "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"
    assert ann["summary"] == "Rank 5 of job 9 on GPU 0 ran out of GPU memory: fragmentation"
    assert DIAG5["summary"] in ann["description"] and "Fix: PYTORCH_CUDA_ALLOC_CONF" in ann["description"]


def test_an_oom_without_a_diagnosis_still_alerts_with_empty_cause_and_fix():
    sent = fire([diag(DIAG4)])  # another rank's diagnosis only
    assert len(sent) == 1
    assert sent[0].annotations["cause"] == "" and sent[0].annotations["fix"] == ""
    assert sent[0].annotations["summary"].endswith("ran out of GPU memory")


def test_a_rankless_process_joins_by_pid_and_job():
    proc = {"gpu": "1", "cause": "limit", "pid": "4242", "job_id": "77"}  # no rank label at all
    info = {**DIAG5, "gpu": "1", "rank": "", "pid": "4242", "job_id": "77", "cause": "limit"}
    engine = make_engine([oom_rule()])
    step(engine, [oom(0, proc)], 0)
    sent = step(engine, [oom(1, proc), diag(info)], 10)
    assert sent[0].annotations["cause"] == "limit"


def test_another_gpu_of_the_same_rank_does_not_join():
    sent = fire([diag({**DIAG5, "gpu": "1"})])
    assert sent[0].annotations["cause"] == ""


def test_a_diagnosis_that_arrives_after_the_oom_is_sent_at_once():
    engine = make_engine([oom_rule()], resend_delay=600)
    step(engine, [oom(0)], 0)
    first = step(engine, [oom(1)], 10)
    assert first[0].annotations["cause"] == ""
    again = step(engine, [oom(1), diag(DIAG5)], 11)  # long before the resend delay
    assert [n.annotations["cause"] for n in again] == ["fragmentation"]
    assert again[0].labels == first[0].labels  # the same alert, updated
    assert step(engine, [oom(1), diag(DIAG5)], 12) == []  # and not again while nothing changes


def test_info_labels_are_bounded_like_every_rendering():
    huge = {**DIAG5, "fix": "x" * (10 * MAX_RENDERED)}
    ann = fire([diag(huge)])[0].annotations
    assert len(ann["fix"]) <= MAX_RENDERED + 1 and ann["fix"].endswith("…")
    assert sum(map(len, ann.values())) <= 4 * MAX_RENDERED + 8


@pytest.mark.parametrize(
    "info,message",
    [
        ("gpumemd_allocator_allocated_bytes", "expected a gauge *_info family"),
        ("gpumemd_oom_events_total", "expected a gauge *_info family"),
        ("gpumemd_oom_last_diagnosis_infoo", "unknown metric"),
        ("gpumemd_build_info", "shares no label"),
        ('gpumemd_oom_last_diagnosis_info{nope="1"}', 'has no label "nope"'),
        ("not a selector{", "info:"),
    ],
)
def test_check_config_refuses_an_info_that_cannot_join(info, message):
    with pytest.raises(ConfigError) as err:
        rule_from_dict({**oom_rule(), "info": info})
    assert [e for e in err.value.errors if "info" in e] == [e for e in err.value.errors if message in e]
    assert any(e.startswith("rule[0].info:") and message in e for e in err.value.errors), err.value.errors


def test_check_config_refuses_info_templates_without_info_and_on_absent_rules():
    no_info = {k: v for k, v in oom_rule().items() if k != "info"}
    with pytest.raises(ConfigError, match=r"templates read \$info"):
        rule_from_dict(no_info)
    with pytest.raises(ConfigError, match="not allowed with kind absent"):
        rule_from_dict(
            {
                "alert": "A",
                "metric": "gpumemd_oom_events_total",
                "kind": "absent",
                "info": "gpumemd_oom_last_diagnosis_info",
            }
        )


def test_export_defines_info_from_a_query_on_the_join_labels():
    spec = rule_from_dict({**oom_rule(), "info": 'gpumemd_oom_last_diagnosis_info{cause!="100%"}'})
    prelude = info_prelude(spec)
    query = 'gpumemd_oom_last_diagnosis_info{cause!=\\"100%%\\",gpu=%q,cause=%q,rank=%q,pid=%q,job_id=%q,'
    assert query in prelude
    args = "$labels.gpu $labels.cause $labels.rank $labels.pid $labels.job_id $labels.instance $labels.job"
    assert args + " | query" in prelude
    rule = prometheus_rule(spec)
    assert rule["annotations"]["cause"] == prelude + "{{ $info.cause }}"
    assert rule["annotations"]["runbook_url"] == spec.annotations["runbook_url"]  # no $info: as written


def test_the_shipped_default_loads():
    assert any(r.info for r in AlertingConfig().loaded().rules if r.alert == "PytorchOutOfMemory")
