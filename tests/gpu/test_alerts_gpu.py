"""On a GPU: a real training loop that leaks 1 MB a step fires the leak rules (and their
snapshot action leaves an allocator snapshot); the same loop without the leak does not.

The first test feeds the allocator reading to the engine directly (independent of the
agent), on the engine's injected clock, with a trend rule on the floor of allocated bytes (a
user's rule of that kind; the packaged rule read it before the leak verdict): each real
optimizer step is 25 ms of engine time, so the 60 s window costs only the steps' own time.
The second runs the real agent (`gpumemd.start`) with the packaged PytorchMemoryLeak (the
leak verdict over exact step ends, docs/alerts.md), its `for` cut to 1 s: its own step hook,
forecast collector and rules fire the alert, call an `on_alert` callback and run the
`dump_snapshot` action, in wall time. Figures go to `alerts-gpu.json` in the results
directory, one key per test.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import time
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.core import GaugeMetricFamily

from gpumemd.alerts import actions
from gpumemd.alerts.engine import FIRING, Engine
from gpumemd.alerts.rules import default_rule_mappings, rule_from_dict

# Outside the fast tier (make gpu-fast): the rules are CPU-tested; here they only read the allocator,
# which every fast scenario reads
pytestmark = pytest.mark.slow


def _leak_rule():
    """A floor trend rule, its windows scaled from 10m/5m/30s/2m."""
    spec = rule_from_dict({
        "alert": "FloorGrowing", "kind": "trend", "metric": "gpumemd_allocator_allocated_bytes",
        "window": "60s", "confirm_window": "30s", "bucket": "3s", "aggregate": "min", "op": ">",
        "threshold": 262144, "for": "5s",
    })
    return dataclasses.replace(spec, actions=("dump_snapshot",))


def _loop(
    torch, seconds: float, leak_bytes: int, engine: Engine, interval: float = 0.1, step_seconds: float = 0.025
) -> dict:
    """A real training loop on the GPU, evaluated on the engine's own clock: each optimizer
    step advances the clock by `step_seconds` (40 steps/s: 40 MB/s with the leak), so 90 s
    of training time take only as long as the steps themselves, with no sleeps."""
    model = torch.nn.Sequential(
        torch.nn.Linear(4096, 4096), torch.nn.ReLU(), torch.nn.Linear(4096, 4096)
    ).cuda()
    opt = torch.optim.AdamW(model.parameters())
    kept = []
    wall = time.monotonic()
    now = start = 1_000_000.0  # the engine's clock
    next_sample = start
    steps = 0
    fired_at = None
    while now - start < seconds:
        x = torch.randn(512, 4096, device="cuda")
        loss = model(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if leak_bytes:
            kept.append(torch.empty(leak_bytes, dtype=torch.uint8, device="cuda"))
        steps += 1
        now += step_seconds
        if now >= next_sample:
            next_sample += interval
            fam = GaugeMetricFamily("gpumemd_allocator_allocated_bytes", "", labels=["gpu", "uuid", "rank"])
            torch.cuda.synchronize()
            fam.add_metric(["0", "GPU-test", "0"], torch.cuda.memory_allocated(0))
            engine.evaluate(engine.view([fam]), now)
            if fired_at is None and any(a.state == FIRING for a in engine.rules[0].active.values()):
                fired_at = now - start
                if leak_bytes:
                    break
    result = {
        "steps": steps,
        "engine_seconds": now - start,
        "wall_seconds": time.monotonic() - wall,
        "fired_after_s": fired_at,
    }
    del kept, model, opt
    torch.cuda.empty_cache()
    return result


@pytest.mark.timeout_s(90)
def test_leaking_loop_fires_and_leaves_a_snapshot(results_dir):
    torch = pytest.importorskip("torch")
    snapshot = results_dir / "alerts-gpu-snapshot.pickle"

    def dump_snapshot(alert: actions.FiredAlert) -> None:
        snapshot.write_bytes(pickle.dumps(torch.cuda.memory._snapshot()))

    actions.register_action("dump_snapshot", dump_snapshot)
    runner = actions.ActionRunner()
    try:
        torch.cuda.memory._record_memory_history(max_entries=20000)
        steady = _loop(torch, 75, 0, Engine([_leak_rule()], interval=0.1, actions=runner))
        leaking = _loop(torch, 90, 1_000_000, Engine([_leak_rule()], interval=0.1, actions=runner))
        assert runner.join(30)
    finally:
        torch.cuda.memory._record_memory_history(enabled=None)
        actions.unregister_action("dump_snapshot")
    figures = {
        "device": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "steady": steady,
        "leaking_1MB_per_step": leaking,
        "snapshot_bytes": snapshot.stat().st_size if snapshot.exists() else 0,
        "rule": {"window_s": 60, "confirm_s": 30, "bucket_s": 3, "for_s": 5, "threshold_Bps": 262144},
    }
    _merge_results(results_dir, figures)
    assert steady["fired_after_s"] is None, "a steady training loop must not fire"
    assert leaking["fired_after_s"] is not None and leaking["fired_after_s"] < 60
    assert figures["snapshot_bytes"] > 0


def _merge_results(results_dir: Path, figures: dict[str, Any]) -> None:
    path = results_dir / "alerts-gpu.json"
    try:
        old = json.loads(path.read_text())
    except (OSError, ValueError):
        old = {}
    path.write_text(json.dumps({**old, **figures}, indent=1))


def test_agent_on_a_leaking_loop_fires_and_dumps_a_snapshot(results_dir):
    """gpumemd.start with the packaged leak rule (the verdict's series; `for` cut to 1 s) +
    dump_snapshot: fires within 30 s, leaves a snapshot."""
    torch = pytest.importorskip("torch")
    import gpumemd
    from gpumemd.alerts.engine import Notification
    from gpumemd.config import Config

    snapdir = results_dir / "alerts-gpu-agent-snapshots"
    snapdir.mkdir(parents=True, exist_ok=True)
    for old in snapdir.glob("*"):
        old.unlink()
    (packaged,) = [r for r in default_rule_mappings() if r["alert"] == "PytorchMemoryLeak"]
    rule = {
        **{k: v for k, v in packaged.items() if k not in ("info", "agent_actions", "annotations")},
        "for": "1s",
        "annotations": {"summary": "rank {{ $labels.rank }} leaks {{ $value | humanize1024 }}B a step"},
        "actions": ["dump_snapshot"],
        "action_max": 1,
    }
    cfg = Config()
    cfg = dataclasses.replace(cfg, alerting=dataclasses.replace(cfg.alerting, rules=(rule,)))
    got: list[Notification] = []
    torch.cuda.init()
    model = torch.nn.Sequential(
        torch.nn.Linear(4096, 4096), torch.nn.ReLU(), torch.nn.Linear(4096, 4096)
    ).cuda()
    opt = torch.optim.AdamW(model.parameters())
    agent = gpumemd.start(
        cfg,
        listen_address="127.0.0.1:0",
        interval=0.1,
        evaluation_interval=0.25,
        spool_dir="",
        oom_snapshot_dir=str(snapdir),
        on_alert=got.extend,
    )
    kept = []
    fired_at = snapshot_at = None
    steps = 0
    steady_said: list[Any] = []
    try:
        # first a steady run: no verdict, no alert (its `for` is 1 s, the run 8 s)
        steady_until = time.time() + 8
        while time.time() < steady_until:
            x = torch.randn(512, 4096, device="cuda")
            model(x).square().mean().backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            steps += 1
            time.sleep(0.02)
        steady_said = [n.labels.get("alertname") for n in list(got)]
        start = time.time()
        while time.time() - start < 30:
            x = torch.randn(512, 4096, device="cuda")
            model(x).square().mean().backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            kept.append(torch.empty(1_000_000, dtype=torch.uint8, device="cuda"))
            steps += 1
            time.sleep(0.02)
            if fired_at is None and any(
                n.labels.get("alertname") == "PytorchMemoryLeak" and not n.resolved for n in list(got)
            ):
                fired_at = time.time() - start
            if fired_at is not None and any(snapdir.glob("*.pickle")):
                snapshot_at = time.time() - start
                break
        alerts = json.loads(agent.runtime.alerts_json())["data"]["alerts"] if agent.runtime else []
    finally:
        agent.stop()
        del kept, model, opt
        torch.cuda.empty_cache()
    snaps = sorted(snapdir.glob("*.pickle"))
    figures = {
        "agent": {
            "device": torch.cuda.get_device_name(0),
            "torch": torch.__version__,
            "steps": steps,
            "leak_bytes_per_step": 1_000_000,
            "callback_fired_after_s": fired_at,
            "steady_notifications": steady_said,
            "snapshot_after_s": snapshot_at,
            "api_alerts": [
                {"alertname": a["labels"]["alertname"], "state": a["state"], "value": a["value"]}
                for a in alerts
            ],
            "snapshot_bytes": snaps[0].stat().st_size if snaps else 0,
            "rule": {
                "metric": rule["metric"],
                "for_s": 1,
                "evaluation_interval_s": 0.25,
                "threshold_bytes_per_step": rule["threshold"],
            },
        }
    }
    _merge_results(results_dir, figures)
    assert "PytorchMemoryLeak" not in figures["agent"]["steady_notifications"], figures
    assert fired_at is not None and fired_at < 30, figures
    assert any(
        a["alertname"] == "PytorchMemoryLeak" and a["state"] == "firing"
        for a in figures["agent"]["api_alerts"]
    )
    assert snaps, "the dump_snapshot action left no snapshot"
    with open(snaps[0], "rb") as f:
        assert "segments" in pickle.load(f)
