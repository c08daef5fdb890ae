"""Delivery: a webhook receiver that is down, slow, or failing; nothing lost, sampler never blocked."""

from __future__ import annotations

import base64
import logging
import time

import pytest

from gpumemd.alerts.notify import AlertmanagerNotifier, WebhookNotifier, build_notifiers, redact
from gpumemd.alerts.observer import AlertObserver
from gpumemd.alerts.rules import AlertingConfig, NotifierConfig
from tests.fakes import GPU0, Receiver, gauge
from tests.helpers import free_port

RULE = {
    "alert": "Full",
    "metric": "gpumemd_gpu_memory_used_bytes",
    "divide_by": "gpumemd_gpu_memory_total_bytes",
    "threshold": 0.9,
    "labels": {"severity": "warning"},
    "annotations": {
        "summary": "GPU {{ $labels.gpu }} {{ $value | humanizePercentage }}",
        "runbook_url": "#full",
    },
}


def fams(ratio: float) -> list:
    return [
        gauge("gpumemd_gpu_memory_used_bytes", [(GPU0, ratio * 100)]),
        gauge("gpumemd_gpu_memory_total_bytes", [(GPU0, 100.0)]),
    ]


def make(notifier, **kw) -> AlertObserver:
    cfg = AlertingConfig(
        default_rules=False,
        rules=(RULE,),
        notifiers=(),
        resend_delay=60.0,
        runbook_base_url="https://wiki.example.com/gpumemd/alerts",
    )
    return AlertObserver(cfg, interval=1.0, notifiers=[notifier], watchdog=False, **kw)


def fast(cls, name, url, **kw):
    return cls(name, url, timeout=0.3, min_backoff=0.05, max_backoff=0.2, **kw)


def test_webhook_payload_is_alertmanager_v4_and_resolves():
    rx = Receiver()
    try:
        obs = make(fast(WebhookNotifier, "hook", rx.url))
        obs.observe(fams(0.95), {}, 1000.0)
        assert rx.wait_for(lambda b: len(b) >= 1)
        body = rx.bodies[0]
        assert body["version"] == "4" and body["status"] == "firing" and body["receiver"] == "hook"
        (alert,) = body["alerts"]
        assert alert["status"] == "firing" and alert["labels"]["alertname"] == "Full"
        assert (
            alert["startsAt"] == "1970-01-01T00:16:40.000Z" and alert["endsAt"] == "1970-01-01T00:20:40.000Z"
        )
        assert body["commonLabels"]["severity"] == "warning" and body["groupLabels"] == {"alertname": "Full"}
        assert alert["annotations"]["summary"] == "GPU 0 95%"
        assert alert["annotations"]["runbook_url"] == "https://wiki.example.com/gpumemd/alerts#full"
        obs.observe(fams(0.5), {}, 1001.0)
        assert rx.wait_for(lambda b: len(b) >= 2)
        assert rx.bodies[1]["status"] == "resolved" and rx.bodies[1]["alerts"][0]["endsAt"].endswith(
            "16:41.000Z"
        )
    finally:
        rx.close()


def test_receiver_down_then_up_gets_the_latest_state_and_nothing_is_lost():
    port = free_port()
    notifier = fast(WebhookNotifier, "hook", f"http://127.0.0.1:{port}/hook")
    obs = make(notifier)
    obs.observe(fams(0.95), {}, 1000.0)
    deadline = time.monotonic() + 5
    while notifier.failed < 2 and time.monotonic() < deadline:  # retried with backoff while down
        time.sleep(0.02)
    assert notifier.failed >= 2 and notifier.queue_length() + notifier._in_flight == 1
    rx = Receiver(port)
    try:
        assert rx.wait_for(lambda b: len(b) >= 1, timeout=5)
        assert rx.bodies[0]["alerts"][0]["status"] == "firing"
        assert notifier.flush(2.0)
        assert notifier.sent == 1 and notifier.dropped == 0
        fam = {f.name: f for f in obs.families()}
        got = {
            (s.labels["notifier"], s.labels["result"]): s.value for s in fam["gpumemd_notifications"].samples
        }
        assert got[("hook", "success")] == 1 and got[("hook", "failure")] >= 2
    finally:
        rx.close()


def test_500_is_retried_until_accepted():
    rx = Receiver()
    rx.status = 500
    try:
        notifier = fast(AlertmanagerNotifier, "am", f"http://127.0.0.1:{rx.port}")
        obs = make(notifier)
        obs.observe(fams(0.95), {}, 1000.0)
        deadline = time.monotonic() + 5
        while rx.requests < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert rx.requests >= 3 and not rx.bodies
        rx.status = 200
        assert rx.wait_for(lambda b: len(b) >= 1)
        assert isinstance(rx.bodies[0], list) and rx.bodies[0][0]["labels"]["alertname"] == "Full"
    finally:
        rx.close()


def test_slow_receiver_times_out_and_never_blocks_the_sampler():
    rx = Receiver()
    rx.delay = 1.0  # longer than the notifier's 0.3 s timeout
    try:
        notifier = fast(WebhookNotifier, "hook", rx.url)
        obs = make(notifier)
        worst = 0.0
        for i in range(60):  # flapping: a notification every sample
            t0 = time.perf_counter()
            obs.observe(fams(0.95 if i % 2 == 0 else 0.5), {}, 1000.0 + i)
            worst = max(worst, time.perf_counter() - t0)
        assert worst < 0.05, f"observe took {worst * 1000:.1f} ms with a slow receiver"
        deadline = time.monotonic() + 5
        while notifier.failed < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert notifier.failed >= 1 and "timed out" in notifier.last_error
        # one alert, one queue entry: the flapping states coalesced instead of piling up
        assert notifier.queue_length() <= 1
        rx.delay = 0
        assert rx.wait_for(lambda b: b and b[-1]["alerts"][0]["status"] == "resolved", timeout=5)
    finally:
        rx.close()


def test_queue_is_bounded_and_drops_are_counted():
    notifier = fast(WebhookNotifier, "hook", f"http://127.0.0.1:{free_port()}/")
    notifier.capacity = 3
    rules = tuple({**RULE, "alert": f"A{i}"} for i in range(6))
    obs = AlertObserver(
        AlertingConfig(default_rules=False, rules=rules, notifiers=()), notifiers=[notifier], watchdog=False
    )
    obs.observe(fams(0.95), {}, 1000.0)
    time.sleep(0.05)
    assert notifier.dropped >= 2 and notifier.queue_length() <= 3
    notifier.close()


def test_secrets_from_files_stay_out_of_logs_and_metrics(tmp_path, caplog):
    (tmp_path / "url").write_text("http://127.0.0.1:1/hooks/T0PSECRET?token=T0PSECRET\n")
    (tmp_path / "pw").write_text("hunter2\n")
    cfg = NotifierConfig(
        type="webhook",
        url_file=str(tmp_path / "url"),
        username="u",
        password_file=str(tmp_path / "pw"),
        timeout=0.2,
        min_backoff=0.05,
        max_backoff=0.1,
    )
    assert cfg.problems() == []
    (notifier,) = build_notifiers([cfg])
    assert notifier.name == "webhook"
    with caplog.at_level(logging.DEBUG, logger="gpumemd"):
        obs = make(notifier)
        obs.observe(fams(0.95), {}, 1000.0)
        deadline = time.monotonic() + 3
        while notifier.failed < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
    text = caplog.text + "".join(str(s) for f in obs.families() for s in f.samples) + notifier.last_error
    assert notifier.failed >= 1
    assert "T0PSECRET" not in text and "hunter2" not in text
    assert "http://127.0.0.1:1" in caplog.text
    assert redact("https://user:pw@hooks.example:8443/T0K?x=1") == "https://hooks.example:8443"
    notifier.close()  # else it retries a dead receiver for the rest of the test session


def test_basic_auth_is_sent(tmp_path):
    rx = Receiver()
    try:
        (tmp_path / "pw").write_text("s3cret")
        cfg = NotifierConfig(
            type="webhook", url=rx.url, username="gpumemd", password_file=str(tmp_path / "pw")
        )
        (notifier,) = build_notifiers([cfg])
        make(notifier).observe(fams(0.95), {}, 1000.0)
        assert rx.wait_for(lambda b: len(b) >= 1)
        assert rx.headers[0]["Authorization"] == "Basic " + base64.b64encode(b"gpumemd:s3cret").decode()
    finally:
        rx.close()


@pytest.mark.parametrize("kind", ["callback"])
def test_in_process_callback_gets_alerts_on_its_own_thread(kind):
    import threading

    seen = []
    obs = AlertObserver(
        AlertingConfig(default_rules=False, rules=(RULE,), notifiers=()),
        callbacks=[lambda batch: seen.append((threading.current_thread().name, list(batch)))],
        watchdog=False,
    )
    obs.observe(fams(0.95), {}, 1000.0)
    assert obs.flush(2.0)
    ((thread, batch),) = seen
    assert thread.startswith("gpumemd-notify-") and batch[0].labels["alertname"] == "Full"


def test_log_notifier_logs_state_changes_not_resends(caplog):
    from gpumemd.alerts.engine import Notification
    from gpumemd.alerts.notify import LogNotifier

    def note(starts: float, resolved: bool = False) -> Notification:
        return Notification(
            {"alertname": "Full", "gpu": "0"}, {"summary": "GPU 0 full"}, starts, 0.0, "", resolved
        )

    log_notifier = LogNotifier("log")
    with caplog.at_level(logging.INFO, logger="gpumemd"):
        log_notifier.send([note(100.0)])
        log_notifier.send([note(100.0)])  # the engine's resend_delay resends: not logged again
        log_notifier.send([note(100.0)])
        log_notifier.send([note(100.0, resolved=True)])
        log_notifier.send([note(100.0, resolved=True)])  # a resend of the resolution
        log_notifier.send([note(200.0)])  # fires again: a new state
    lines = [r.getMessage() for r in caplog.records if "alert " in r.getMessage()]
    assert lines == [
        'alert firing {alertname="Full",gpu="0"} GPU 0 full',
        'alert resolved {alertname="Full",gpu="0"} GPU 0 full',
        'alert firing {alertname="Full",gpu="0"} GPU 0 full',
    ]
