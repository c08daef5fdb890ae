"""The GPU scenario's lengths replayed on CPU (no GPU run: see README.md): per seed, with and
without agent.step_peak_reset, on a ledger whose peak follows the step peaks measured on an
H100 (tests/unit/agent/test_forecast.py's gpt2_peak). Prints one JSON line per seed and mode.

    PYTHONPATH=. python bench/results/2026-11-25-h100-forecast/cpu-replay/replay.py
"""

from __future__ import annotations

import json
import random

import torch

from tests.gpu.forecast_scenario import BATCH, STEPS, UNSEEN, lengths
from tests.unit.agent.test_forecast import BASE, Gpt2, agent, gpt2_peak, series


def replay(seed: int, reset: bool) -> dict:
    drawn = lengths(random.Random(seed), STEPS)
    limit = (gpt2_peak(1024) + gpt2_peak(2048)) // 2
    ledger = Gpt2()
    ledger.fraction = limit / ledger.total_memory(0)
    a = agent(ledger, step_peak_reset=reset, max_tokens=BATCH * 2048)
    first = None
    try:
        w = torch.nn.Parameter(torch.zeros(2))
        opt = torch.optim.SGD([w], lr=0.1)
        for i, length in enumerate(drawn):
            a.set_training_step(i, tokens=BATCH * length)
            ledger.alloc(gpt2_peak(length) - BASE)
            ledger.free(gpt2_peak(length) - BASE)
            w.grad = torch.ones(2)
            opt.step()
            room = series(a).get("gpumemd_forecast_headroom_bytes")
            if first is None and room is not None and room < 0:
                first = i
        shapes = sorted({p.tokens // BATCH for p in a.forecast._history.get(0, ()) if p.tokens})
        errors = {}
        for length in UNSEEN:
            a.forecast.max_tokens = BATCH * length
            got = series(a).get("gpumemd_forecast_peak_bytes")
            errors[length] = None if got is None else round((got - gpt2_peak(length)) / gpt2_peak(length), 4)
    finally:
        a.stop()
    return {"seed": seed, "step_peak_reset": reset, "limit": limit, "exact_lengths": shapes,
            "first_negative_forecast_step": first, "relative_error": errors}


if __name__ == "__main__":
    for seed in (0, 1, 2):
        for reset in (False, True):
            print(json.dumps(replay(seed, reset)))
