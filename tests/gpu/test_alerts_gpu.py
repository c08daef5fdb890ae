"""On a GPU: a real training loop that leaks 1 MB a step fires the leak rule (and its
snapshot action leaves an allocator snapshot); the same loop without the leak does not.

Kept independent of the agent API: the allocator reading is fed to the engine directly,
shaped like the agent's `gpumemd_allocator_allocated_bytes`. Windows are scaled down
(60 s instead of 10 m) so the test takes about two minutes.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import time

import pytest
from prometheus_client.core import GaugeMetricFamily

from gpumemd.alerts import actions
from gpumemd.alerts.engine import FIRING, Engine
from gpumemd.alerts.rules import AlertingConfig


def _leak_rule():
    (spec,) = [r for r in AlertingConfig().loaded().rules if r.alert == "PytorchMemoryLeak"]
    return dataclasses.replace(spec, window=60.0, confirm_window=30.0, bucket=3.0, for_=5.0, actions=("dump_snapshot",))


def _loop(torch, seconds: float, leak_bytes: int, engine: Engine, interval: float = 0.1) -> dict:
    model = torch.nn.Sequential(torch.nn.Linear(4096, 4096), torch.nn.ReLU(), torch.nn.Linear(4096, 4096)).cuda()
    opt = torch.optim.AdamW(model.parameters())
    kept = []
    start = time.time()
    next_sample = start
    steps = 0
    fired_at = None
    while time.time() - start < seconds:
        x = torch.randn(512, 4096, device="cuda")
        loss = model(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if leak_bytes:
            kept.append(torch.empty(leak_bytes, dtype=torch.uint8, device="cuda"))
        steps += 1
        time.sleep(0.02)  # ~40 steps/s: 40 MB/s with the leak
        now = time.time()
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
    result = {"steps": steps, "seconds": time.time() - start, "fired_after_s": fired_at}
    del kept, model, opt
    torch.cuda.empty_cache()
    return result


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
    figures = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "steady": steady,
               "leaking_1MB_per_step": leaking, "snapshot_bytes": snapshot.stat().st_size if snapshot.exists() else 0,
               "rule": {"window_s": 60, "confirm_s": 30, "bucket_s": 3, "for_s": 5, "threshold_Bps": 262144}}
    (results_dir / "alerts-gpu.json").write_text(json.dumps(figures, indent=1))
    assert steady["fired_after_s"] is None, "a steady training loop must not fire"
    assert leaking["fired_after_s"] is not None and leaking["fired_after_s"] < 60
    assert figures["snapshot_bytes"] > 0
