"""The OOM forecast on a real GPU (tests/gpu/forecast_scenario.py, one process per training
run): GPT-2 (124M, eager attention) + AdamW fed log-normal sequence lengths in a random order.
A first process measures the true step peaks at 1024/1536/2048 tokens a row; then, per seed,
one run under a memory limit that holds 1024 and not 2048, with the agent's defaults (the
peak statistics never reset: the exact shapes are the steps that set a new high and the shape
probe's): the peak it predicts at those lengths is within the stated bounds, PytorchOOMForecast
fires at least one step before the 2048 batch, which then OOMs, and the user's
max_memory_allocated() is the run's own. A fixed-length run stays silent. One run with the
opt-in agent.step_peak_reset is recorded for comparison, not judged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.gpu.conftest import HAS_GPU
from tests.helpers import ROOT

pytestmark = [pytest.mark.gpu, pytest.mark.slow,  # about two minutes: the slow tier
              pytest.mark.skipif(not HAS_GPU, reason="needs a CUDA GPU and NVML")]

SCRIPT = Path(__file__).with_name("forecast_scenario.py")
SEEDS = [int(s) for s in os.environ.get("GPUMEMD_FORECAST_SEEDS", "0 1 2").split()]
RESULTS = os.environ.get("GPUMEMD_RESULTS")
ERROR = 0.03  # the stated error of the predicted peak at an unseen length
# Beyond the longest length seen (768) the fit extrapolates: the stated error grows with the
# distance and must hold the truth (docs/forecast.md, "Its measured error"); the bounds below
# were measured with the fit before the floor was left out, which over-predicted far out.
OVER = {"1024": 0.05, "1536": 0.10, "2048": 0.15}  # at 1.33x, 2x and 2.67x the longest seen
LEAK_ERROR = 0.1  # how early the predicted OOM step may be, as a share of the leak's steps
BUDGET = 190.0  # seconds for every process together


def _scenario(*args: object, deadline: float) -> dict:
    left = max(1.0, deadline - time.monotonic())
    try:
        proc = subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True,
                              timeout=left, env={**os.environ, "PYTHONPATH": str(ROOT)})
    except subprocess.TimeoutExpired:
        return {"mode": args[0], "args": list(map(str, args)), "error": f"timed out after {left:.0f} s",
                "returncode": None}
    lines = [json.loads(x) for x in proc.stdout.splitlines() if x.startswith("{")]
    out = lines[-1] if lines else {"mode": args[0], "error": proc.stderr[-3000:]}
    out["returncode"] = proc.returncode
    out["stderr_tail"] = proc.stderr[-1500:]
    return out


@pytest.fixture(scope="module")
def runs() -> dict:
    deadline = time.monotonic() + BUDGET
    done: list[dict] = []
    try:
        probe = _scenario("probe", deadline=deadline)
        done.append(probe)
        assert "error" not in probe, probe["error"]
        limit = (probe["1024"] + probe["2048"]) // 2
        for seed in SEEDS:
            done.append(_scenario("run", seed, limit, 0, deadline=deadline))
        done.append(_scenario("steady", SEEDS[0], limit, deadline=deadline))
        done.append(_scenario("leak", SEEDS[0], deadline=deadline))
        judged = list(done)
        if deadline - time.monotonic() > 30:  # the opt-in reset, recorded only: not at the judged runs' cost
            done.append(_scenario("run", SEEDS[0], limit, 1, deadline=deadline))
    finally:
        if RESULTS:
            with open(Path(RESULTS) / "forecast-scenarios.jsonl", "w") as f:
                for line in done:
                    f.write(json.dumps(line) + "\n")
    for r in judged:
        assert "error" not in r and r["returncode"] == 0, r
    return {"probe": judged[0], "runs": [r for r in judged if r["mode"] == "run"],
            "steady": [r for r in judged if r["mode"] == "steady"],
            "leak": [r for r in judged if r["mode"] == "leak"]}


@pytest.mark.timeout_s(210)
def test_the_peak_at_unseen_lengths_is_predicted_within_the_stated_error(runs: dict) -> None:
    assert [r["seed"] for r in runs["runs"]] == SEEDS
    for r in runs["runs"]:
        for length, (predicted, _error) in r["predicted"].items():
            actual = runs["probe"][length]
            assert predicted is not None, r
            # never under the truth by more than ERROR (that would fire too late), over it by at most OVER
            assert -ERROR <= (predicted - actual) / actual <= OVER[length], (
                r["seed"],
                length,
                predicted,
                actual,
            )


@pytest.mark.timeout_s(210)
def test_the_truth_lies_within_the_stated_error(runs: dict) -> None:
    # the error is half a 95 % interval that widens with the distance (docs/forecast.md): the true
    # peak at 1.33x, 2x and 2.67x the longest length seen lies within predicted ± error. Of the
    # nine checks (three seeds, three lengths) a 95 % interval may miss one, and none by more
    # than its own width (measured: 8 of 9 inside, the ninth 1.5 % over its ±0.46 %)
    outside = []
    for r in runs["runs"]:
        for length, (predicted, error) in r["predicted"].items():
            actual = runs["probe"][length]
            assert predicted is not None and error is not None, r
            off = abs(predicted - actual)
            assert off <= 2 * error, (r["seed"], length, predicted, error, actual)
            if off > error:
                outside.append((r["seed"], length, predicted, error, actual))
    assert len(outside) <= 1, outside


@pytest.mark.timeout_s(210)
def test_the_forecast_rule_fires_before_the_batch_that_then_ooms(runs: dict) -> None:
    for r in runs["runs"]:
        assert r["oom_step"] is not None, r  # the longest batch did not fit
        assert r["fired_step"] is not None and r["fired_step"] < r["oom_step"], r
        assert r["forecast_headroom"] < 0, r
        assert r["errors"] == {}, r


@pytest.mark.timeout_s(210)
def test_the_default_never_resets_the_users_peak(runs: dict) -> None:
    for r in runs["runs"]:
        assert not r["step_peak_reset"]
        assert r["probes"].get("exact", 0) >= 1, r["probes"]  # the probe measured shapes
        # reset at any step, the user's peak would be that step's; it is the run's highest
        assert r["user_max_memory_allocated"] >= max(peak for _, peak, _ in r["points"]), r["points"]


@pytest.mark.timeout_s(210)
def test_a_run_whose_batches_fit_is_silent(runs: dict) -> None:
    for r in runs["steady"]:
        assert r["fired"] is False, r
        assert r["forecast_headroom"] is not None and r["forecast_headroom"] > 0, r
        assert r["headroom"] is not None and r["headroom"] > 0, r
        assert r["steps_to_oom"] is None, r  # no leak


@pytest.mark.timeout_s(210)
def test_a_leak_is_given_the_steps_it_has_left(runs: dict) -> None:
    (r,) = runs["leak"]
    assert r["oom_step"] is not None, r
    assert r["errors"] == {}, r
    answered = [(i, left) for i, left in r["said"] if left is not None]
    assert answered and answered[0][0] < r["oom_step"] - 30, r["said"]  # warned 30 steps ahead at least
    leak_steps = r["oom_step"] - 3  # the leak began after the third step
    for i, left in answered:
        # the predicted OOM step: never more than 2 steps late, early by at most LEAK_ERROR of the
        # leak's steps (the cached split pieces count as lost room: the forecast errs early)
        assert r["oom_step"] - LEAK_ERROR * leak_steps <= i + left <= r["oom_step"] + 2, (i, left, r)
