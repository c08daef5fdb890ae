"""End to end: real Prometheus and Alertmanager, with the shipped configs, scraping real
`gpumemd serve --replay` daemons on loopback.

Daemons: the real H200 capture (one process), and two synthetic 8x H200 captures (several
processes per GPU; GPU 3 nearly full) whose 8 ranks publish into each daemon's spool
through the real agent code (bench/synth_capture.py), so allocator panels have data too.
Each synthetic node is one job (job_id synthetic-1, synthetic-2) whose ranks carry a step
peak; once Prometheus has scraped a few times, rank 5 of synthetic-2 has an OOM (its spool
file rewritten with the counters at 1) and rank 7 of synthetic-1 stops reporting (its file
removed), so the job row's step-peak, OOM and missing-rank panels have data to show.
Checks: every dashboard expression and variable query, every exported rule, a rule that
fires reaching Alertmanager and its webhook receiver, `promtool check config`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import ROOT, free_port, gpumemd_process
from tests.integration.stack import (
    PROMETHEUS_YML,
    RULES_YML,
    Alertmanager,
    Prometheus,
    Sink,
    adapt_alertmanager,
    adapt_prometheus,
    adapt_rules,
    binary,
    wait_for,
)

pytestmark = pytest.mark.e2e

PROMETHEUS = binary("prometheus")
ALERTMANAGER = binary("prometheus-alertmanager", "alertmanager")
PROMTOOL = binary("promtool")
CAPTURES = ROOT / "tests" / "fixtures" / "captures"
DASHBOARD = ROOT / "deploy" / "grafana" / "gpumemd-dashboard.json"
NEARLY_FULL = "synthetic__8xh200__gpu3-nearly-full.json"
MULTI = "synthetic__8xh200__multi-process.json"

needs_prometheus = pytest.mark.skipif(
    PROMETHEUS is None or ALERTMANAGER is None or PROMTOOL is None,
    reason="needs Debian's prometheus and prometheus-alertmanager "
    "(apt-get install -y prometheus prometheus-alertmanager)",
)

# Test-only fallback while deploy/prometheus/gpumemd-rules.yml is not exported yet: the
# Prometheus -> Alertmanager path is still tested with the shipped configs.
FALLBACK_RULES = {
    "groups": [
        {
            "name": "gpumemd-e2e",
            "interval": "1s",
            "rules": [
                {
                    "alert": "GpuMemoryNearlyFull",
                    "expr": "gpumemd_gpu_memory_used_bytes / gpumemd_gpu_memory_total_bytes > 0.95",
                    "labels": {"severity": "critical"},
                    "annotations": {
                        "summary": "GPU {{ $labels.gpu }} on {{ $labels.instance }} is nearly full"
                    },
                }
            ],
        }
    ]
}


def _synth() -> Any:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import synth_capture
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return synth_capture


def _spool_config(tmp: Path, capture: str, job_id: str) -> Path:
    """A config whose spool holds the 8 synthetic ranks of `capture`, alive for the whole test."""
    from gpumemd.backends.replay import load_capture

    spool = tmp / f"spool-{capture}"
    _synth().write_spool(
        load_capture(CAPTURES / capture), spool, written=time.time(), job_id=job_id, step_peak=True
    )
    cfg = tmp / f"gpumemd-{capture}.yml"
    # the synthetic ranks' pids run nowhere: their owners cannot be verified
    cfg.write_text(
        yaml.safe_dump(
            {"agent": {"spool_dir": str(spool)}, "sources": {"spool": {"accept_unverified": True}}}
        )
    )
    return cfg


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    if PROMETHEUS is None or ALERTMANAGER is None:
        pytest.skip("needs Debian's prometheus and prometheus-alertmanager")
    tmp = tmp_path_factory.mktemp("stack")
    with ExitStack() as stack:
        daemons: dict[str, str] = {}
        empty = tmp / "no-spool.yml"
        empty.write_text(yaml.safe_dump({"agent": {"spool_dir": ""}}))
        for capture, cfg in (
            ("h200__580.159.04__one-process-1GiB.json", empty),
            (MULTI, _spool_config(tmp, MULTI, "synthetic-1")),
            (NEARLY_FULL, _spool_config(tmp, NEARLY_FULL, "synthetic-2")),
        ):
            url, _ = stack.enter_context(
                gpumemd_process(["--replay", str(CAPTURES / capture), "--config.file", str(cfg)])
            )
            daemons[capture] = url.removeprefix("http://")
        sink = Sink()
        stack.callback(sink.close)
        am = Alertmanager(ALERTMANAGER, adapt_alertmanager(sink.url), tmp / "alertmanager")
        stack.callback(am.stop)
        rules = adapt_rules(fast=True) or FALLBACK_RULES
        rules_path = tmp / "gpumemd-rules.yml"
        rules_path.write_text(yaml.safe_dump(rules))
        port = free_port()
        config = adapt_prometheus(
            list(daemons.values()),
            self_port=port,
            alertmanager=am.address,
            rule_files=[str(rules_path)],
            scrape_interval="1s",
        )
        prom = Prometheus(PROMETHEUS, config, tmp / "prometheus", port)
        stack.callback(prom.stop)
        try:
            wait_for(
                "every target up",
                lambda: (
                    all(t["health"] == "up" for t in prom.targets())
                    and len(prom.targets()) == len(daemons) + 2
                ),
                60,
            )
            # increase()/rate() over the dashboard's windows need a few samples per series
            wait_for(
                "5 scrapes",
                lambda: (lambda rs: len(rs) == len(daemons) and all(float(r["value"][1]) >= 5 for r in rs))(
                    prom.value('count_over_time(up{job="gpumemd"}[1m])')
                ),
                30,
            )
            _oom_and_missing_rank(tmp)
        except Exception:
            print(
                prom.tail(),
                am.tail(),
                json.dumps([(t["scrapeUrl"], t["health"], t["lastError"]) for t in prom.targets()]),
                sep="\n",
            )
            raise
        yield {
            "prometheus": prom,
            "alertmanager": am,
            "sink": sink,
            "daemons": daemons,
            "rules": rules,
            "shipped_rules": RULES_YML.exists(),
        }


def _oom_and_missing_rank(tmp: Path) -> None:
    """Rank 5 of synthetic-2 has an OOM (its counters go 0 -> 1 between scrapes: increase() sees
    it), rank 7 of synthetic-1 vanishes while its job's other ranks report."""
    from gpumemd.backends.replay import load_capture

    synth = _synth()
    synth.write_rank(
        load_capture(CAPTURES / NEARLY_FULL),
        tmp / f"spool-{NEARLY_FULL}",
        5,
        written=time.time(),
        job_id="synthetic-2",
        step_peak=True,
        ooms=1,
    )
    multi = load_capture(CAPTURES / MULTI)
    pid = multi["nvml"]["processes(7)"]["ok"][0]["pid"]
    (tmp / f"spool-{MULTI}" / f"agent-{pid}.json").unlink()


def _substitute(expr: str) -> str:
    """Grafana's variables as a dashboard user with 'All' selected would send them."""
    for var, value in (("$__rate_interval", "1m"), ("$__interval", "15s"), ("$__range", "5m")):
        expr = expr.replace(var, value)
    return re.sub(r"\$\{?(job_id|job|instance|gpu|rank)\}?", ".*", expr)


def _dashboard_targets() -> list[tuple[str, str]]:
    dash = json.loads(DASHBOARD.read_text())
    return [(p["title"], t["expr"]) for p in dash["panels"] for t in p.get("targets", [])]


def test_prometheus_config_passes_promtool(tmp_path: Path) -> None:
    if PROMTOOL is None:
        pytest.skip("needs promtool (apt-get install -y prometheus)")
    if not RULES_YML.exists():
        pytest.skip("deploy/prometheus/gpumemd-rules.yml is not exported yet (`gpumemd rules export`)")
    result = subprocess.run(
        [PROMTOOL, "check", "config", str(PROMETHEUS_YML)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout + result.stderr


@needs_prometheus
def test_every_target_is_up(stack: dict[str, Any]) -> None:
    def up_jobs() -> set[str]:
        return {t["labels"]["job"] for t in stack["prometheus"].targets() if t["health"] == "up"}

    # A target's health can read "unknown" between scrapes on a loaded machine: wait, bounded.
    wait_for("every job up", lambda: up_jobs() == {"gpumemd", "prometheus", "alertmanager"}, 30)


@needs_prometheus
@pytest.mark.parametrize(
    ("panel", "expr"), _dashboard_targets(), ids=[f"{p}:{i}" for i, (p, _) in enumerate(_dashboard_targets())]
)
def test_dashboard_expression(stack: dict[str, Any], panel: str, expr: str) -> None:
    answer = stack["prometheus"].query(_substitute(expr))
    assert answer["status"] == "success", (panel, answer)
    result = answer["data"]["result"]
    # Every panel has data with these daemons, alerts panels included (a rule fires on
    # the nearly-full capture; gpumemd's own engine series are checked when it exports them).
    if "gpumemd_alerts" in expr and "ALERTS" not in expr and "vector(0)" not in expr:
        return
    # the job rules' recorded series (step peaks, the OOM and the missing rank included): wait
    # for their first evaluation after the fixture's OOM and removed rank
    if expr.startswith("job"):
        wait_for(f"{panel} has data", lambda: stack["prometheus"].value(_substitute(expr)), 30)
        return
    if "ALERTS" in expr:
        wait_for(f"{panel} has data", lambda: stack["prometheus"].value(_substitute(expr)), 60)
        return
    assert result, f"panel {panel!r}: no data for {_substitute(expr)}"


@needs_prometheus
def test_dashboard_variables_resolve(stack: dict[str, Any]) -> None:
    dash = json.loads(DASHBOARD.read_text())
    for var in dash["templating"]["list"]:
        if var["type"] != "query":
            continue
        m = re.fullmatch(r"label_values\((.*), (\w+)\)", var["query"]["query"])
        assert m, var
        series, label = _substitute(m.group(1)), m.group(2)
        answer = stack["prometheus"].value(f"count by ({label}) ({series})")
        assert [r for r in answer if r["metric"].get(label)], f"variable {var['name']} has no values"


@needs_prometheus
def test_every_rule_evaluates_without_error(stack: dict[str, Any]) -> None:
    prom = stack["prometheus"]
    rules = [r for g in stack["rules"]["groups"] for r in g["rules"]]
    for rule in rules:
        answer = prom.query(rule["expr"])
        assert answer["status"] == "success", (rule.get("alert") or rule.get("record"), answer)

    def all_evaluated() -> list[dict[str, Any]]:
        groups = prom_rules(prom)
        loaded = [r for g in groups for r in g["rules"]]
        return (
            loaded
            if len(loaded) == len(rules)
            and all(
                r.get("lastEvaluation", "").startswith("2") and not r["lastEvaluation"].startswith("0001")
                for r in loaded
            )
            else []
        )

    loaded = wait_for("every rule evaluated", all_evaluated, 30)
    bad = [(r["name"], r.get("lastError")) for r in loaded if r["health"] != "ok"]
    assert not bad
    if not stack["shipped_rules"]:
        pytest.skip("checked the fallback rule only: deploy/prometheus/gpumemd-rules.yml is not exported yet")


def prom_rules(prom: Prometheus) -> list[dict[str, Any]]:
    from tests.integration.stack import get_json

    return list(get_json(prom.url + "/api/v1/rules")["data"]["groups"])


@needs_prometheus
def test_alert_fires_and_reaches_alertmanager(stack: dict[str, Any]) -> None:
    prom, am, sink = stack["prometheus"], stack["alertmanager"], stack["sink"]
    target = stack["daemons"][NEARLY_FULL]

    def firing() -> list[dict[str, Any]]:
        return [a for a in prom.value('ALERTS{alertstate="firing"}') if a["metric"].get("instance") == target]

    alerts = wait_for("an alert firing in Prometheus for the nearly-full node", firing, 60)
    names = {a["metric"]["alertname"] for a in alerts}

    def in_alertmanager() -> list[dict[str, Any]]:
        return [
            a
            for a in am.alerts()
            if a["labels"].get("alertname") in names and a["labels"].get("instance") == target
        ]

    received = wait_for("the alert in Alertmanager", in_alertmanager, 60)
    assert received[0]["status"]["state"] == "active"
    # ... and delivered by Alertmanager's route to a webhook receiver
    notes = wait_for(
        "a webhook notification",
        lambda: [
            b for _, b in sink.received if any(a["labels"].get("instance") == target for a in b["alerts"])
        ],
        60,
    )
    assert notes[0]["status"] == "firing"
    # the other nodes are not nearly full: nothing fires for the real H200 capture
    quiet = stack["daemons"]["h200__580.159.04__one-process-1GiB.json"]
    assert not [
        a
        for a in prom.value('ALERTS{alertstate="firing", alertname=~"GpuMemory.*"}')
        if a["metric"].get("instance") == quiet
    ]


def test_openmetrics_gzip_scrape_of_a_fresh_sample_completes() -> None:
    # Prometheus's default scrape asks for OpenMetrics with gzip; rendering that body for a
    # fresh sample once deadlocked (gzip rendered the plain body under a non-reentrant lock).
    import threading

    from prometheus_client.core import GaugeMetricFamily

    from gpumemd.sampling.exposition import Exposition

    g = GaugeMetricFamily("gpumemd_test", "A test family.")
    g.add_metric([], 1)
    out: list[bytes] = []
    t = threading.Thread(
        target=lambda: out.append(Exposition([g]).body(openmetrics_format=True, gzipped=True)), daemon=True
    )
    t.start()
    t.join(5)
    assert out, "rendering OpenMetrics + gzip did not finish"
