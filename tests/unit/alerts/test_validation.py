"""Bad rules are rejected at load with every error and its path; SIGHUP keeps the old rules."""

from __future__ import annotations

import json
import signal
import time

import pytest

from gpumemd import config as config_mod
from gpumemd.alerts import actions
from gpumemd.alerts.rules import AlertingConfig
from gpumemd.cli import main
from gpumemd.config.schema import RUNBOOK_BASE_URL
from tests.helpers import CAPTURES, ROOT, gpumemd_process, scrape

CAPTURE = CAPTURES / "h200__580.159.04__one-process-1GiB.json"

BAD = """
alerting:
  rules:
    - alert: Dup
      metric: gpumemd_gpu_memory_usd_bytes
      op: "=>"
      for: -5m
      annotations: {summary: "{{ $labels.gpu "}
    - alert: Dup
      metric: gpumemd_gpu_memory_used_bytes
      annotations: {summary: "{{ $value | nosuchfunc }}"}
  rule_files: [RULEFILE]
"""


def test_every_error_is_reported_with_its_path(tmp_path, capsys):
    rules = tmp_path / "more.yml"
    rules.write_text(
        "rules:\n  - {alert: Ok, metric: gpumemd_gpus, keep_firing_for: 1x}\n"
        "  - {alert: Dup, metric: gpumemd_gpus}\n"
    )
    cfg = tmp_path / "c.yml"
    cfg.write_text(BAD.replace("RULEFILE", str(rules)))
    assert main(["check-config", str(cfg)]) == 2
    err = capsys.readouterr().err
    for expected in [
        'alerting.rules[0].op: expected one of >, >=, <, <=, ==, !=, got "=>"',
        'alerting.rules[0].for: expected a duration like 500ms, 30s or 2m, got "-5m"',
        'alerting.rules[0].metric: unknown metric "gpumemd_gpu_memory_usd_bytes" '
        '(did you mean "gpumemd_gpu_memory_used_bytes"?)',
        "alerting.rules[0].annotations.summary: template does not parse: unclosed action",
        'alerting.rules[1].annotations.summary: template does not parse: function "nosuchfunc" not defined',
        'alerting.rules[1].alert: duplicate alert name "Dup" (first at rules[0])',
        f"alerting.rule_files[0]: {rules}: rules[0].keep_firing_for: expected a duration",
        f'alerting.rule_files[0]: {rules}: rules[1].alert: duplicate alert name "Dup"',
    ]:
        assert expected in err, f"missing: {expected}\n--- got:\n{err}"


def test_kind_specific_checks():
    cfg = AlertingConfig(
        default_rules=False,
        rules=(
            {"alert": "T", "kind": "trend", "metric": "gpumemd_gpus"},
            {"alert": "I", "kind": "increase", "metric": "gpumemd_gpus"},
            {"alert": "B", "metric": "gpumemd_gpus", "bucket": "1m"},
            {"alert": "L", "metric": 'gpumemd_gpu_memory_used_bytes{node="x"}'},
        ),
    )
    errors = cfg.validate()
    assert "rules[0].window: required for kind trend (the least-squares window, e.g. 10m)" in errors
    assert any(e.startswith("rules[1].metric: kind increase needs a counter") for e in errors)
    assert "rules[2].bucket: only for kind trend" in errors
    assert any(
        e.startswith('rules[3].metric: gpumemd_gpu_memory_used_bytes has no label "node"') for e in errors
    )


def test_default_rules_are_valid_and_documented():
    loaded = AlertingConfig().loaded()
    assert loaded.errors == ()
    docs = (ROOT / "docs" / "alerts.md").read_text()
    for spec in loaded.rules:
        assert f"### {spec.alert}" in docs
        # absolute, under the key kube-prometheus, Grafana and PagerDuty read
        assert spec.annotations["runbook_url"] == f"{RUNBOOK_BASE_URL}#{spec.alert.lower()}"
        assert "runbook" not in spec.annotations


def test_runbook_urls_follow_the_configured_base_and_leave_absolute_ones_alone():
    own = {
        "alert": "Mine",
        "metric": "gpumemd_gpus",
        "threshold": 0,
        "annotations": {"runbook_url": "https://runbooks.example.com/mine"},
    }
    relative = {
        "alert": "Rel",
        "metric": "gpumemd_gpus",
        "threshold": 0,
        "annotations": {"runbook_url": "#rel"},
    }
    cfg = AlertingConfig(rules=(own, relative), runbook_base_url="https://wiki.example.com/gpumemd/alerts")
    urls = {r.alert: r.annotations.get("runbook_url") for r in cfg.loaded().rules}
    assert urls["Mine"] == "https://runbooks.example.com/mine"
    assert urls["Rel"] == "https://wiki.example.com/gpumemd/alerts#rel"
    assert urls["GpuMemoryNearlyFull"] == "https://wiki.example.com/gpumemd/alerts#gpumemorynearlyfull"
    assert cfg.validate() == []
    for bad in ("docs/alerts.md", "", "ftp://x/y", "https://"):
        errors = AlertingConfig(runbook_base_url=bad).validate()
        assert [e for e in errors if e.startswith("runbook_base_url: expected an absolute http(s) URL")], bad


def test_user_rule_replaces_a_default_rule_of_the_same_name():
    cfg = AlertingConfig(
        rules=(
            {
                "alert": "GpuMemoryNearlyFull",
                "metric": "gpumemd_gpu_memory_used_bytes",
                "divide_by": "gpumemd_gpu_memory_total_bytes",
                "threshold": 0.8,
            },
        )
    )
    rules = [r for r in cfg.loaded().rules if r.alert == "GpuMemoryNearlyFull"]
    assert [r.threshold for r in rules] == [0.8]


def test_actions_are_rejected_in_the_daemon_and_checked_in_the_agent():
    rule = {"alert": "A", "metric": "gpumemd_gpus", "actions": ["dump_snapshot", "nope"]}
    assert any(
        "actions run only inside the training process" in e
        for e in AlertingConfig(default_rules=False, rules=(rule,)).validate()
    )
    actions.enable_actions()
    try:
        errors = AlertingConfig(default_rules=False, rules=(rule,)).validate()
        assert len(errors) == 1 and errors[0].startswith('rules[0].actions[1]: unknown action "nope"')
    finally:
        actions.enable_actions(False)


def test_action_runner_bounds_count_and_frequency():
    ran = []
    actions.register_action("t_record", lambda alert: ran.append(alert.fired_at))
    try:
        runner = actions.ActionRunner()
        alert = actions.FiredAlert("A", {}, {}, 1.0, 0.0)
        submitted = [
            runner.submit("A", ["t_record"], actions.FiredAlert("A", {}, {}, 1.0, t), cooldown=60, max_runs=2)
            for t in (0, 30, 61, 200, 400)
        ]
        assert submitted == [1, 0, 1, 0, 0] and runner.join(2.0) and ran == [0, 61]
        assert alert.alertname == "A"
    finally:
        actions.unregister_action("t_record")


@pytest.mark.e2e
def test_sighup_with_a_bad_rule_file_keeps_the_old_rules(tmp_path):
    rules = tmp_path / "rules.yml"
    rules.write_text("rules:\n  - {alert: UsedAtAll, metric: gpumemd_gpu_memory_used_bytes, threshold: 0}\n")
    cfg = tmp_path / "gpumemd.yml"
    cfg.write_text(
        f"sampler: {{interval: 200ms}}\nalerting:\n  default_rules: false\n  rule_files: ['{rules}']\n"
    )

    def names(url: str) -> set[str]:
        return {
            a["labels"]["alertname"] for a in json.loads(scrape(url + "/api/v1/alerts"))["data"]["alerts"]
        }

    def wait(url: str, want: set[str]) -> set[str]:
        deadline = time.monotonic() + 10
        got = names(url)
        while got != want and time.monotonic() < deadline:
            time.sleep(0.05)
            got = names(url)
        return got

    with gpumemd_process(["--config.file", str(cfg), "--replay", str(CAPTURE)]) as (url, proc):
        assert wait(url, {"UsedAtAll"}) == {"UsedAtAll"}
        rules.write_text("rules:\n  - {alert: Broken, metric: gpumemd_nope, op: '=>'}\n")
        proc.send_signal(signal.SIGHUP)
        time.sleep(1.0)  # the reload is refused; nothing observable changes, so wait a few samples
        assert names(url) == {"UsedAtAll"}
        assert 'gpumemd_alerts{alertname="UsedAtAll",alertstate="firing"' in scrape(url + "/metrics")
        rules.write_text(
            "rules:\n  - {alert: FreeAtAll, metric: gpumemd_gpu_memory_free_bytes, threshold: 0}\n"
        )
        proc.send_signal(signal.SIGHUP)
        assert wait(url, {"FreeAtAll"}) == {"FreeAtAll"}
        proc.terminate()
        out = proc.communicate(timeout=10)[0].decode()
    assert "reload failed, keeping the running configuration" in out and "gpumemd_nope" in out


def test_config_load_reads_rule_files_so_reload_validation_covers_them(tmp_path):
    rules = tmp_path / "r.yml"
    rules.write_text("rules: [{alert: X, metric: gpumemd_gpus, op: '~'}]\n")
    cfg = tmp_path / "c.yml"
    cfg.write_text(f"alerting: {{rule_files: ['{rules}']}}\n")
    with pytest.raises(config_mod.ConfigError) as exc:
        config_mod.load(cfg)
    assert any("rules[0].op" in e for e in exc.value.errors)
