"""Delivery to a real Alertmanager (Debian's prometheus-alertmanager) on loopback."""

from __future__ import annotations

import time

import pytest

from gpumemd.alerts.notify import AlertmanagerNotifier
from gpumemd.alerts.observer import AlertObserver
from gpumemd.alerts.rules import AlertingConfig
from tests.fakes import GPU0, gauge
from tests.integration.external import alertmanager, get_json, needs_alertmanager

pytestmark = [needs_alertmanager, pytest.mark.e2e]

RULE = {"alert": "GpuMemoryNearlyFullTest", "metric": "gpumemd_gpu_memory_used_bytes",
        "divide_by": "gpumemd_gpu_memory_total_bytes", "threshold": 0.9, "labels": {"severity": "warning"},
        "annotations": {"summary": "GPU {{ $labels.gpu }} is {{ $value | humanizePercentage }} full",
                        "runbook_url": "#gpumemorynearlyfull"}}


def fams(ratio: float) -> list:
    return [gauge("gpumemd_gpu_memory_used_bytes", [(GPU0, ratio * 100)]),
            gauge("gpumemd_gpu_memory_total_bytes", [(GPU0, 100.0)])]


def ours(url: str) -> list:
    return [a for a in get_json(f"{url}/api/v2/alerts") if a["labels"].get("alertname") == RULE["alert"]]


def test_alert_arrives_then_resolves(tmp_path):
    with alertmanager(tmp_path) as url:
        notifier = AlertmanagerNotifier("am", url, timeout=2.0, min_backoff=0.05, max_backoff=0.5)
        cfg = AlertingConfig(default_rules=False, rules=(RULE,), notifiers=(),
                             external_labels={"cluster": "test"}, external_url="http://gpumemd.test:9967",
                             runbook_base_url="https://wiki.example.com/gpumemd/alerts")
        obs = AlertObserver(cfg, interval=1.0, notifiers=[notifier], watchdog=False)
        now = time.time()
        obs.observe(fams(0.96), {}, now)
        assert obs.flush(5.0) and notifier.sent == 1, notifier.last_error
        deadline = time.monotonic() + 5
        while not ours(url) and time.monotonic() < deadline:
            time.sleep(0.05)
        (alert,) = ours(url)
        assert alert["status"]["state"] == "active"
        assert alert["labels"] == {
            **GPU0,
            "alertname": RULE["alert"],
            "severity": "warning",
            "cluster": "test",
        }
        assert alert["annotations"]["summary"] == "GPU 0 is 96% full"
        # absolute, under the key Grafana and PagerDuty read
        assert (
            alert["annotations"]["runbook_url"]
            == "https://wiki.example.com/gpumemd/alerts#gpumemorynearlyfull"
        )
        assert alert["generatorURL"].startswith("http://gpumemd.test:9967/")
        obs.observe(fams(0.5), {}, time.time())
        assert obs.flush(5.0) and notifier.sent == 2
        # Alertmanager stops listing an alert once its endsAt (the resolution time) has passed
        deadline = time.monotonic() + 5
        while ours(url) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ours(url) == []
