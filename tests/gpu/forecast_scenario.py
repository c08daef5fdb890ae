"""The OOM forecast on a real GPU (tests/gpu/test_forecast_gpu.py): a GPT-2 (124M) with eager
attention (its memory grows with seq²) and AdamW, fed long-tailed sequence lengths.

    python3 tests/gpu/forecast_scenario.py SEED [SEED ...]

Per seed, three phases, each with a fresh agent (`gpumemd.start`, the default rules with the
forecast rule's `for` shortened to 1 s: a scenario of seconds):

- accuracy: no limit; 40 steps at log-normal lengths (64..768, multiples of 64; `lengths`), then the
  agent's prediction at unseen lengths (1024, 1536, 2048) against the step peak each then
  measures (torch.cuda.max_memory_allocated over one step).
- oom: a memory fraction halfway between the measured peaks at 1024 and 2048 tokens a row
  (1024 fits, 2048 does not), agent.max_tokens = batch × 2048; 100 steps at log-normal lengths,
  then the 2048 batch, which OOMs. Records the step at which PytorchOOMForecast fired.
- steady: the same limit and lengths, no max_tokens (the forecast is for the largest batch
  seen, which fits): the rule must stay silent.

Prints one JSON line per seed.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import tempfile
import time

import yaml

import gpumemd
from gpumemd.alerts.rules import default_rule_mappings

BATCH = 4
COMMON_STEPS = 40
OOM_STEPS = 100
UNSEEN = (1024, 1536, 2048)
current_step = [0]


def lengths(rng: random.Random, n: int) -> list[int]:
    """Log-normal sequence lengths (median 256), clipped to 64..768 and rounded to 64, with the
    rare longest ones later: the first 40 % of the steps draw below the median, the next 30 %
    are the long tail in rising order, the rest draw from everything seen. The order matters
    to the forecast: a step's peak is exact only when it sets a new lifetime high
    (gpumemd/sources/forecast.py), so a run learns its shape curve from its rising tail."""
    draws = sorted(int(min(768, max(64, round(math.exp(rng.gauss(math.log(256), 0.6)) / 64) * 64)))
                   for _ in range(n))
    short, tail = draws[: n // 2], sorted(set(draws[n // 2:]))
    first = [rng.choice(short) for _ in range(n * 4 // 10)]
    rising = [tail[i * len(tail) // (n * 3 // 10)] for i in range(n * 3 // 10)]
    rest = [rng.choice(draws) for _ in range(n - len(first) - len(rising))]
    return first + rising + rest


def config_file(max_tokens: int | None) -> str:
    rules = []
    for rule in default_rule_mappings():
        if rule["alert"] == "PytorchOOMForecast":
            rules.append({**rule, "for": "1s"})
    cfg: dict = {"agent": {"listen_address": None, "spool_dir": "", "evaluation_interval": "200ms",
                           "interval": "50ms", "nvml_interval": "200ms"},
                 "alerting": {"rules": rules}}
    if max_tokens is not None:
        cfg["agent"]["max_tokens"] = max_tokens
    fd, path = tempfile.mkstemp(suffix=".yml")
    with os.fdopen(fd, "w") as f:
        yaml.safe_dump(cfg, f)
    return path


def main() -> None:
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel

    def build(seed: int):
        torch.manual_seed(seed)
        cfg = GPT2Config(n_positions=2048)
        cfg._attn_implementation = "eager"  # the seq² score matrix is kept: the quadratic case
        model = GPT2LMHeadModel(cfg).cuda()
        return model, torch.optim.AdamW(model.parameters(), lr=1e-5)

    def step(model, opt, length: int, i: int) -> None:
        current_step[0] = i
        gpumemd.set_step(i, tokens=BATCH * length)  # before the forward: this step's shape
        ids = torch.randint(0, 50257, (BATCH, length), device="cuda")
        model(ids, labels=ids).loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    def start(max_tokens: int | None, fired: list) -> object:
        def on_alert(batch) -> None:
            for n in batch:
                if n.labels.get("alertname") == "PytorchOOMForecast" and not n.resolved:
                    fired.append((current_step[0], time.monotonic()))
        agent = gpumemd.start(config_file(max_tokens), on_alert=on_alert)
        agent.step_peak_budget = float("inf")  # a boundary after every step (the default spaces them by cost)
        return agent

    def series(agent) -> dict:
        settle(agent, 0.3)  # the forecast is read every evaluation_interval: let the next read come
        snap = agent.sample_once()
        return {s.name: s.value for f in snap.exposition.families for s in f.samples
                if s.name.startswith(("gpumemd_forecast", "gpumemd_headroom"))}

    def settle(agent, seconds: float) -> None:
        """Let the sampler and the rules run (they evaluate every 0.2 s)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.05)

    total = torch.cuda.get_device_properties(0).total_memory

    def run_seed(seed: int, out: dict) -> None:
        rng = random.Random(seed)

        # --- accuracy ---
        model, opt = build(seed)
        out["attn_implementation"] = getattr(model.config, "_attn_implementation", None)
        fired_a: list = []
        agent = start(None, fired_a)
        for i, length in enumerate(lengths(rng, COMMON_STEPS)):
            step(model, opt, length, i)
        torch.cuda.synchronize()
        acc = []
        for length in UNSEEN:
            agent.forecast.max_tokens = BATCH * length
            got = series(agent)
            torch.cuda.reset_peak_memory_stats()
            step(model, opt, length, COMMON_STEPS + len(acc))
            torch.cuda.synchronize()
            actual = torch.cuda.max_memory_allocated()
            pred = got.get("gpumemd_forecast_peak_bytes")
            acc.append({"length": length, "tokens": BATCH * length, "predicted": pred,
                        "error_estimate": got.get("gpumemd_forecast_peak_error_bytes"), "actual": actual,
                        "relative_error": None if pred is None else (pred - actual) / actual})
        fit = agent.forecast  # the fit's form, from the same pairs
        from gpumemd.diagnosis.forecast import shape_fit
        with fit._lock:
            points = list(fit._history.get(0, ()))
        pairs = [(p.tokens, p.peak) for p in points if p.tokens is not None][:COMMON_STEPS]
        form = shape_fit(pairs)
        out["quadratic"] = None if form is None else form.quadratic
        out["shapes"] = None if form is None else form.shapes
        out["accuracy"] = acc
        gpumemd.stop()
        del model, opt
        torch.cuda.empty_cache()

        peak = {a["length"]: a["actual"] for a in acc}
        limit = (peak[1024] + peak[2048]) // 2
        out["limit"] = limit
        torch.cuda.set_per_process_memory_fraction(limit / total, 0)

        # --- oom ---
        model, opt = build(seed)
        fired: list = []
        agent = start(BATCH * 2048, fired)
        settle(agent, 1.2)  # the allocator rereads the fraction once a second
        oom_step = None
        t0 = time.monotonic()
        for i, length in enumerate(lengths(rng, OOM_STEPS)):
            step(model, opt, length, i)
        out["oom_phase_seconds"] = time.monotonic() - t0
        got = series(agent)
        out["oom_forecast_headroom"] = got.get("gpumemd_forecast_headroom_bytes")
        out["oom_forecast_peak"] = got.get("gpumemd_forecast_peak_bytes")
        out["oom_limit_seen"] = got.get("gpumemd_headroom_limit_bytes")
        try:
            step(model, opt, 2048, OOM_STEPS)
        except torch.OutOfMemoryError:
            oom_step = OOM_STEPS
        out["fired_step"] = fired[0][0] if fired else None
        out["oom_step"] = oom_step
        gpumemd.stop()
        del model, opt
        torch.cuda.empty_cache()

        # --- steady ---
        model, opt = build(seed)
        fired_s: list = []
        agent = start(None, fired_s)
        settle(agent, 1.2)
        t0 = time.monotonic()
        for i, length in enumerate(lengths(rng, OOM_STEPS)):
            step(model, opt, length, i)
        out["steady_seconds"] = time.monotonic() - t0
        settle(agent, 1.5)  # longer than the rule's `for`
        got = series(agent)
        out["steady_fired"] = bool(fired_s)
        out["steady_forecast_headroom"] = got.get("gpumemd_forecast_headroom_bytes")
        out["steady_headroom"] = got.get("gpumemd_headroom_bytes")
        gpumemd.stop()
        del model, opt
        torch.cuda.empty_cache()
        torch.cuda.set_per_process_memory_fraction(1.0, 0)

    for seed in map(int, sys.argv[1:]):
        out: dict = {"seed": seed, "batch": BATCH, "device_total": total}
        try:
            run_seed(seed, out)
        except Exception:  # the figures so far still come back
            import traceback
            out["error"] = traceback.format_exc()[-3000:]
            gpumemd.stop()
            torch.cuda.empty_cache()
            torch.cuda.set_per_process_memory_fraction(1.0, 0)
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
