"""The exported Prometheus rules: up to date, accepted by promtool, unit-tested with promtool."""

from __future__ import annotations

import re
import subprocess

import yaml

from gpumemd import known_metrics
from gpumemd.alerts.export import promql, rule_file
from gpumemd.alerts.rules import AlertingConfig, rule_from_dict
from gpumemd.cli import main
from tests.helpers import ROOT
from tests.integration.external import PROMTOOL, needs_promtool

DEPLOY = ROOT / "deploy" / "prometheus"


def test_shipped_rule_file_is_the_export_of_the_default_rules():
    assert (DEPLOY / "gpumemd-rules.yml").read_text() == rule_file(AlertingConfig().loaded().rules), (
        "regenerate: gpumemd rules export -o deploy/prometheus/gpumemd-rules.yml")


@needs_promtool
def test_promtool_check_rules():
    out = subprocess.run([PROMTOOL, "check", "rules", str(DEPLOY / "gpumemd-rules.yml")],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stdout + out.stderr


@needs_promtool
def test_promtool_test_rules_for_every_default_rule():
    tests = (DEPLOY / "gpumemd-rules.test.yml").read_text()
    for spec in AlertingConfig().loaded().rules:
        assert f"alertname: {spec.alert}" in tests, f"no promtool test for {spec.alert}"
    out = subprocess.run([PROMTOOL, "test", "rules", "gpumemd-rules.test.yml"], cwd=DEPLOY,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


@needs_promtool
def test_cli_export_of_a_config_with_every_rule_kind_passes_promtool(tmp_path):
    cfg = tmp_path / "gpumemd.yml"
    cfg.write_text("""
alerting:
  default_rules: false
  rules:
    - {alert: A, metric: 'gpumemd_process_gpu_memory_used_bytes{pid!="1"}',
       divide_by: gpumemd_gpu_memory_total_bytes, threshold: 0.5, for: 1m, keep_firing_for: 5m}
    - {alert: B, kind: trend, metric: gpumemd_gpu_memory_used_bytes, window: 10m, predict: 2h,
       divide_by: gpumemd_gpu_memory_total_bytes, threshold: 1}
    - {alert: C, kind: increase, metric: gpumemd_allocator_ooms_total}
    - {alert: D, kind: absent, metric: 'gpumemd_gpu_memory_used_bytes{gpu="0"}'}
    - {alert: E, kind: stale, metric: gpumemd_last_sample_timestamp_seconds, threshold: 60}
""")
    out = tmp_path / "rules.yml"
    assert main(["rules", "export", "--config.file", str(cfg), "-o", str(out)]) == 0
    text = out.read_text()
    assert "ignoring(pid) group_left" in text and "keep_firing_for: 5m" in text
    res = subprocess.run([PROMTOOL, "check", "rules", str(out)], capture_output=True, text=True, timeout=30)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "SUCCESS: 5 rules found" in res.stdout


def test_promql_of_each_kind():
    def q(**kw):
        return promql(rule_from_dict({"alert": "X", **kw}))

    assert (
        q(metric="gpumemd_gpu_memory_used_bytes", divide_by="gpumemd_gpu_memory_total_bytes", threshold=0.95)
        == "gpumemd_gpu_memory_used_bytes / gpumemd_gpu_memory_total_bytes > 0.95"
    )
    assert (
        q(
            kind="trend",
            metric="gpumemd_allocator_allocated_bytes",
            window="10m",
            threshold=1e6,
            min_coverage=0,
        )
        == "deriv(gpumemd_allocator_allocated_bytes[10m]) > 1000000"
    )
    assert (
        q(kind="increase", metric="gpumemd_allocator_ooms_total", window="2m")
        == "increase(gpumemd_allocator_ooms_total[2m]) > 0"
    )


# --- the job-wide group (gpumemd/alerts/job_rules.yaml) ----------------------------------

JOB_ALERTS = ("GpumemdJobHeadroomLow", "GpumemdJobImbalance", "GpumemdJobRankMissing")


def test_export_appends_the_job_group_with_runbook_links_resolved(tmp_path):
    cfg = tmp_path / "gpumemd.yml"
    cfg.write_text("alerting: {runbook_base_url: 'https://wiki.example.com/gpumemd/alerts'}\n")
    out = tmp_path / "rules.yml"
    assert main(["rules", "export", "--config.file", str(cfg), "-o", str(out)]) == 0
    groups = yaml.safe_load(out.read_text())["groups"]
    assert [g["name"] for g in groups] == ["gpumemd", "gpumemd-job"]
    job = {r.get("alert") or r["record"]: r for r in groups[1]["rules"]}
    for name in (
        "job:gpumemd_rank_headroom_bytes:min",
        "job:gpumemd_rank_headroom_bytes:bottomk1",
        "job:gpumemd_step_peak_bytes:max",
        "job:gpumemd_allocated_bytes:imbalance",
        "job:gpumemd_step_peak_bytes:imbalance",
        "job_rank_cause:gpumemd_oom_events:increase10m",
        "job_rank:gpumemd_rank_missing:1h",
        *JOB_ALERTS,
    ):
        assert name in job, name
    for alert in JOB_ALERTS:
        rule = job[alert]
        assert rule["for"] and rule["labels"]["severity"]
        assert (
            rule["annotations"]["runbook_url"] == f"https://wiki.example.com/gpumemd/alerts#{alert.lower()}"
        )
        assert (
            "$labels.job_id" in rule["annotations"]["summary"]
            and "$labels.rank" in rule["annotations"]["summary"]
        )
    # every series the group reads is one gpumemd exports (or a rule of the group records)
    recorded = {r["record"] for r in groups[1]["rules"] if "record" in r}
    for rule in groups[1]["rules"]:
        for name in re.findall(r"\b(gpumemd_[a-z_]+|job(?:_rank)*(?:_cause)?:[a-z_:0-9]+)", rule["expr"]):
            assert name in recorded or known_metrics.lookup(name) is not None, (rule, name)
    res = (
        subprocess.run([PROMTOOL, "check", "rules", str(out)], capture_output=True, text=True, timeout=30)
        if PROMTOOL
        else None
    )
    assert res is None or res.returncode == 0, res.stdout + res.stderr


def test_export_without_job_rules_is_one_group():
    text = rule_file(AlertingConfig().loaded().rules, job_rules=False)
    assert [g["name"] for g in yaml.safe_load(text)["groups"]] == ["gpumemd"]


@needs_promtool
def test_promtool_test_rules_for_the_job_group():
    tests = (DEPLOY / "gpumemd-job-rules.test.yml").read_text()
    for alert in JOB_ALERTS:
        assert f"alertname: {alert}" in tests, f"no promtool test for {alert}"
    out = subprocess.run(
        [PROMTOOL, "test", "rules", "gpumemd-job-rules.test.yml"],
        cwd=DEPLOY,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stdout + out.stderr
