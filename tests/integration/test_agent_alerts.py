"""The alert engine inside the agent: a real process fires a rule, delivers it to an
in-process callback and a webhook, runs bounded actions (a user's, and a torch.profiler
trace of the next steps), and shows it at /api/v1/alerts and in gpumemd_alerts.

CPU torch: the allocator collector is unavailable, so the rule watches the process's RSS,
which the agent exports everywhere.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from gpumemd import cli
from gpumemd.agent.steptrace import StepTrace
from gpumemd.alerts import actions
from tests.fakes import Receiver
from tests.helpers import ROOT, samples, scrape, wait_until_ready

SCRIPT = Path(__file__).parent / "scripts" / "agent_alerts_proc.py"

RULE = {
    "alert": "ProcessRssAboveOneByte",
    "metric": "gpumemd_process_host_resident_bytes",
    "op": ">",
    "threshold": 1,
    "for": "200ms",
    "labels": {"severity": "info"},
    "annotations": {"summary": "RSS is {{ $value | humanize1024 }}B"},
    "actions": ["callback:mark", "record_profile"],
    "action_max": 1,
}


def _env() -> dict[str, str]:
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("RANK", "LOCAL_RANK", "WORLD_SIZE", "SLURM_", "OMPI_", "GPUMEMD_"))}
    return {**base, "PYTHONPATH": str(ROOT), "GPUMEMD_SPOOL_DIR": ""}


def _wait(predicate, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def test_agent_fires_delivers_runs_actions_and_serves_alerts(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    rx = Receiver()
    evidence = tmp_path / "evidence"
    cfg = tmp_path / "agent.yaml"
    cfg.write_text(
        yaml.safe_dump(
            {
                "agent": {"interval": "50ms", "oom_snapshot_dir": str(evidence), "trace_steps": 3},
                "alerting": {
                    "notifiers": [{"type": "webhook", "url": rx.url, "min_backoff": "50ms"}, {"type": "log"}],
                    "resend_delay": "1h",
                    "rules": [RULE],
                },
            }
        )
    )
    # check-config agrees: valid as an agent configuration, rejected for the daemon
    assert cli.main(["check-config", "--agent", str(cfg)]) == 0
    assert cli.main(["check-config", str(cfg)]) == 2
    proc = subprocess.Popen(
        [sys.executable, str(SCRIPT), str(cfg), str(tmp_path)],
        cwd=ROOT,
        env=_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, proc.communicate(timeout=20)[1]
        url = f"http://{json.loads(line)['address']}"
        wait_until_ready(url)

        # the webhook (Alertmanager's payload) and the in-process callback get it
        assert rx.wait_for(
            lambda bodies: any(
                a["labels"]["alertname"] == RULE["alert"] and a["status"] == "firing"
                for b in bodies
                for a in b["alerts"]
            ),
            timeout=20,
        ), rx.bodies
        fired = next(a for b in rx.bodies for a in b["alerts"] if a["labels"]["alertname"] == RULE["alert"])
        assert fired["labels"]["severity"] == "info" and "pid" in fired["labels"]
        assert fired["annotations"]["summary"].startswith("RSS is ")
        assert _wait(
            lambda: any(
                n["labels"]["alertname"] == RULE["alert"] and not n["resolved"]
                for n in _lines(tmp_path / "callback.jsonl")
            )
        )

        # /api/v1/alerts (Prometheus's shape) and gpumemd_alerts, from the agent's endpoint
        # process: what the agent published, at most spool_interval (1 s) ago
        def ours() -> list[dict]:
            api = json.loads(scrape(url + "/api/v1/alerts"))
            return [a for a in api["data"]["alerts"] if a["labels"]["alertname"] == RULE["alert"]]

        assert _wait(lambda: [a["state"] for a in ours()] == ["firing"]), ours()
        assert float(ours()[0]["value"]) > 1
        assert _wait(
            lambda: any(
                n == "gpumemd_alerts"
                and dict(lab).get("alertname") == RULE["alert"]
                and dict(lab).get("alertstate") == "firing"
                for (n, lab) in samples(scrape(url + "/metrics"))
            )
        )

        # the user's action ran once (action_max: 1), and the trace of the next 3 steps was written
        assert _wait(lambda: len(_lines(tmp_path / "actions.jsonl")) >= 1)
        assert _wait(lambda: any(evidence.glob("trace-*.json.gz")), timeout=30), proc.stderr
        (trace,) = evidence.glob("trace-*.json.gz")
        events = json.loads(gzip.decompress(trace.read_bytes()))["traceEvents"]
        assert any(e.get("name") == "Optimizer.step#SGD.step" for e in events)
        assert any(e.get("name") == "[memory]" for e in events)  # profile_memory
        time.sleep(0.5)
        assert len(_lines(tmp_path / "actions.jsonl")) == 1
    finally:
        out, err = proc.communicate(input="", timeout=30)
        rx.close()
    assert proc.returncode == 0, err
    assert json.loads((tmp_path / "done.json").read_text())["steps"] > 3


def test_bad_agent_rule_file_is_rejected_with_its_path(tmp_path: Path, capsys, caplog) -> None:
    rules = tmp_path / "rules.yml"
    rules.write_text(
        yaml.safe_dump(
            {
                "rules": [
                    {
                        "alert": "Bad",
                        "metric": "gpumemd_allocator_alocated_bytes",
                        "actions": ["dump_snapshot", "nope"],
                    },
                ]
            }
        )
    )
    cfg = tmp_path / "agent.yaml"
    cfg.write_text(yaml.safe_dump({"alerting": {"rule_files": [str(rules)]}}))
    assert cli.main(["check-config", "--agent", str(cfg)]) == 2
    err = capsys.readouterr().err
    assert f"rule_files[0]: {rules}: rules[0].metric: unknown metric" in err
    assert 'did you mean "gpumemd_allocator_allocated_bytes"' in err
    assert 'actions[1]: unknown action "nope"' in err
    assert "dump_snapshot" not in err.split("unknown action")[0]  # known to the agent

    # the agent itself: logs every error with the path and runs on with defaults, never raises
    from gpumemd.agent.agent import Agent

    with caplog.at_level(logging.ERROR, logger="gpumemd.agent"):
        agent = Agent(str(cfg), listen_address=None, spool_dir="")
    assert agent.errors.counts.get("config") == 1
    assert any(str(rules) in r.getMessage() and "unknown metric" in r.getMessage() for r in caplog.records)
    assert not actions.actions_enabled()


def test_on_alert_callback_and_registered_callback_notifier_in_process() -> None:
    """An agent built in-process (replayed torch): `on_alert=` and `{type: callback}` both deliver."""
    from gpumemd.agent.agent import Agent
    from gpumemd.agent.identity import Identity
    from gpumemd.alerts import notify
    from gpumemd.alerts.rules import NotifierConfig
    from gpumemd.backends.replay import torch_replayer
    from gpumemd.config import Config
    from tests.fakes import capture

    got: list = []
    named: list = []
    notify.register_callback("tests-named", named.extend)
    rule = {
        "alert": "AllocatedAbove1MiB",
        "metric": "gpumemd_allocator_allocated_bytes",
        "threshold": 1 << 20,
    }
    cfg = Config()
    cfg = dataclasses.replace(
        cfg,
        alerting=dataclasses.replace(
            cfg.alerting,
            default_rules=False,
            rules=(rule,),
            notifiers=(NotifierConfig(type="callback", callback="tests-named"),),
        ),
    )
    agent = Agent(
        cfg,
        listen_address=None,
        spool_dir="",
        on_alert=got.extend,
        nvml=False,
        identity=Identity(pid=1, rank=2, local_rank=0, world_size=4, job_id=None),
        apis={
            "torch": torch_replayer(capture("after_256MiB_and_4000B")),
            "rss": lambda: 1,
            "peak_rss": lambda: 1,
        },
    )
    runtime = agent.build()
    try:
        runtime.sampler.sample_once()
        assert agent.alerting.observer.flush(5)
        assert [n.labels["alertname"] for n in got] == ["AllocatedAbove1MiB"]
        assert got[0].labels["rank"] == "2" and got[0].labels["gpu"] == "0"
        assert [n.labels["alertname"] for n in named] == ["AllocatedAbove1MiB"]
        body = runtime.sampler.latest.exposition.body().decode()
        assert 'gpumemd_alerts{alertname="AllocatedAbove1MiB",alertstate="firing"' in body
        assert runtime.alerts_json() is not None
        assert json.loads(runtime.alerts_json())["data"]["alerts"][0]["state"] == "firing"
    finally:
        agent.alerting.observer.close()


class _FakeProfiler:
    def __init__(self, log: list, size: int = 10) -> None:
        self.log, self.size = log, size

    def start(self) -> None:
        self.log.append("start")

    def stop(self) -> None:
        self.log.append("stop")

    def export_chrome_trace(self, path: str) -> None:
        Path(path).write_bytes(b"x" * self.size)


def test_step_trace_is_bounded(tmp_path: Path) -> None:
    calls: list = []
    t = StepTrace(tmp_path, steps=2, max_files=2, max_bytes=100, profiler=lambda: _FakeProfiler(calls))
    t.step()  # idle: nothing
    assert calls == []
    assert t.arm("a") and not t.arm("b")  # one at a time
    t.step()  # starts after the step that was running when armed
    t.step()
    assert calls == ["start"]
    t.step()  # 2 steps traced
    t.join()
    assert calls == ["start", "stop"] and t.results == {"skipped": 1, "written": 1}
    for reason in ("c", "d", "e"):
        assert t.arm(reason)
        for _ in range(3):
            t.step()
        t.join()
        time.sleep(0.01)
    assert len(list(tmp_path.glob("trace-*.json.gz"))) == 2  # max_files
    big = StepTrace(tmp_path / "big", steps=1, max_bytes=5, profiler=lambda: _FakeProfiler(calls, size=50))
    big.arm()
    big.step()
    big.step()
    big.join()
    assert big.results == {"too_large": 1} and not list((tmp_path / "big").glob("*.gz"))
    # time bound: stops at the first step after max_seconds, whatever the step count
    now = [0.0]
    slow = StepTrace(
        tmp_path / "slow",
        steps=100,
        max_seconds=5,
        profiler=lambda: _FakeProfiler(calls),
        clock=lambda: now[0],
    )
    slow.arm()
    slow.step()
    now[0] = 6.0
    slow.step()
    slow.join()
    assert slow.results == {"written": 1}
