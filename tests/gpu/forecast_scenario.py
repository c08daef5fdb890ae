"""The OOM forecast on a real GPU (tests/gpu/test_forecast_gpu.py): a GPT-2 (124M) with eager
attention (its memory grows with seq²) and AdamW, fed long-tailed sequence lengths in a random
order. Each run is its own process, as a user's training run is (the allocator's lifetime peak
starts at zero: a run after another in one process would start under the first one's peak).

    python3 tests/gpu/forecast_scenario.py probe
    python3 tests/gpu/forecast_scenario.py run SEED LIMIT RESET
    python3 tests/gpu/forecast_scenario.py steady SEED LIMIT

- probe: no agent; the step peak at 1024, 1536 and 2048 tokens a row, each measured by the
  script itself (torch.cuda.reset_peak_memory_stats, then max_memory_allocated over one step).
- run: one training run under a memory fraction of LIMIT bytes (the test picks one between the
  probe's peaks at 1024 and 2048: 1024 fits, 2048 does not), agent.max_tokens = batch × 2048,
  agent.step_peak_reset = RESET (1/0); STEPS steps at log-normal lengths (64..768, multiples of
  64, random order), then the agent's prediction at 1024/1536/2048, then the 2048 batch, which
  OOMs. Records the step at which PytorchOOMForecast fired (its `for` shortened to 1 s).
- steady: the same limit, a fixed length, the agent's defaults, no max_tokens: silent.
- leak: a fixed length, 32 MiB kept on the GPU after each step, under a limit set after three
  steps so that about LEAK_ROOM more steps fit; every 10 steps the agent's steps-to-OOM, until
  the OOM.

RESET 0 is the agent's default: the exact shapes are the steps that set a new high and the
shape probe's (agent/shapeprobe.py); 1 is the opt-in reset of the peak statistics.

Prints one JSON line.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import tempfile
import time

import yaml

import gpumemd
from gpumemd.alerts.rules import default_rule_mappings

BATCH = 4
STEPS = 100
STEADY_LENGTH = 512
UNSEEN = (1024, 1536, 2048)
LEAK_LENGTH, LEAK_BYTES, LEAK_ROOM = 256, 32 << 20, 120
current_step = [0]


def lengths(rng: random.Random, n: int) -> list[int]:
    """Log-normal sequence lengths (median 256), clipped to 64..768 and rounded to 64, in the
    order drawn: a data loader's. Few steps set a new high of the allocator's lifetime peak."""
    return [int(min(768, max(64, round(math.exp(rng.gauss(math.log(256), 0.6)) / 64) * 64)))
            for _ in range(n)]


def config_file(max_tokens: int | None, reset: bool) -> str:
    rules = []
    for rule in default_rule_mappings():
        if rule["alert"] == "PytorchOOMForecast":
            rules.append({**rule, "for": "1s"})
    cfg: dict = {"agent": {"listen_address": None, "spool_dir": "", "evaluation_interval": "200ms",
                           "interval": "50ms", "nvml_interval": "200ms", "step_peak_reset": reset},
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

    mode = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    out: dict = {"mode": mode, "seed": seed, "batch": BATCH}
    total = torch.cuda.get_device_properties(0).total_memory
    out["device_total"] = total

    def build():
        torch.manual_seed(seed)
        cfg = GPT2Config(n_positions=2048)
        cfg._attn_implementation = "eager"  # the seq² score matrix is kept: the quadratic case
        model = GPT2LMHeadModel(cfg).cuda()
        out["attn_implementation"] = getattr(model.config, "_attn_implementation", None)
        return model, torch.optim.AdamW(model.parameters(), lr=1e-5)

    # the forecast's time on the training thread, s; `floor`: a call that does nothing, at the same
    # place, for what any Python there pays (the interpreter's caches after the step's C++ work)
    costs: dict = {"set_step": [], "on_boundary": [], "floor": []}

    def nothing(i: int, tokens: int) -> None:
        return None

    def timed(fn, into):
        def call(*args, **kwargs):
            t = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                into.append(time.perf_counter() - t)
        return call

    def step(model, opt, length: int, i: int) -> None:
        current_step[0] = i
        calls = [("floor", nothing), ("set_step", gpumemd.set_step)]  # which goes first alternates
        for name, call in calls if i % 2 else calls[::-1]:
            t = time.perf_counter()
            call(i, tokens=BATCH * length)  # set_step: before the forward, this step's shape
            costs[name].append(time.perf_counter() - t)
        ids = torch.randint(0, 50257, (BATCH, length), device="cuda")
        model(ids, labels=ids).loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    def start(max_tokens: int | None, reset: bool, fired: list) -> object:
        def on_alert(batch) -> None:
            for n in batch:
                if n.labels.get("alertname") == "PytorchOOMForecast" and not n.resolved:
                    fired.append(current_step[0])
        agent = gpumemd.start(config_file(max_tokens, reset), on_alert=on_alert)
        if agent.forecast is not None:  # timed in place (an instance attribute the hook calls)
            agent.forecast.on_boundary = timed(agent.forecast.on_boundary, costs["on_boundary"])
        agent.steps.peak_budget = float("inf")  # a boundary after every step (the default: by cost)
        return agent

    def settle(seconds: float) -> None:
        """Let the sampler and the rules run (they evaluate every 0.2 s)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.05)

    def series(agent) -> dict:
        settle(0.3)  # the forecast is read every evaluation_interval: let the next read come
        snap = agent.sample_once()
        return {s.name: s.value for f in snap.exposition.families for s in f.samples
                if s.name.startswith(("gpumemd_forecast", "gpumemd_headroom"))}

    def shapes(agent) -> list[int]:
        with agent.forecast._lock:
            return sorted({p.tokens for p in agent.forecast._history.get(0, ()) if p.tokens is not None})

    def points(agent) -> list:
        with agent.forecast._lock:
            return [[p.tokens, p.peak, p.probe] for p in agent.forecast._history.get(0, ())]

    try:
        if mode == "probe":
            model, opt = build()
            step(model, opt, 64, 0)  # AdamW's state exists from here on, as in a run
            for i, length in enumerate(UNSEEN):
                torch.cuda.synchronize()
                torch.cuda.reset_peak_memory_stats()
                step(model, opt, length, i + 1)
                torch.cuda.synchronize()
                out[str(length)] = torch.cuda.max_memory_allocated()
        elif mode == "run":
            limit, reset = int(sys.argv[3]), sys.argv[4] == "1"
            out.update(limit=limit, step_peak_reset=reset)
            torch.cuda.set_per_process_memory_fraction(limit / total, 0)
            model, opt = build()
            fired: list = []
            agent = start(BATCH * 2048, reset, fired)
            settle(1.2)  # the allocator rereads the fraction once a second
            drawn = lengths(random.Random(seed), STEPS)
            out["longest_drawn"] = max(drawn)
            t0 = time.monotonic()
            for i, length in enumerate(drawn):
                step(model, opt, length, i)
            out["seconds"] = time.monotonic() - t0
            out["cost_us"] = {k: {"median": statistics.median(v) * 1e6, "max": max(v) * 1e6, "n": len(v)}
                              for k, v in costs.items() if v}
            out["fired_step"] = fired[0] if fired else None
            got = series(agent)
            out["forecast_headroom"] = got.get("gpumemd_forecast_headroom_bytes")
            out["forecast_peak"] = got.get("gpumemd_forecast_peak_bytes")
            out["limit_seen"] = got.get("gpumemd_headroom_limit_bytes")
            out["headroom"] = got.get("gpumemd_headroom_bytes")
            out["exact_shapes"] = shapes(agent)
            out["points"] = points(agent)
            out["probes"] = dict(agent.forecast._probes)
            out["probe_spent_s"] = agent.probe.spent if agent.probe is not None else None
            out["errors"] = dict(agent.errors.counts)
            predicted = {}
            for length in UNSEEN:  # what the agent would say at each max_tokens
                agent.forecast.max_tokens = BATCH * length
                got = series(agent)
                predicted[str(length)] = (got.get("gpumemd_forecast_peak_bytes"),
                                          got.get("gpumemd_forecast_peak_error_bytes"))
            out["predicted"] = predicted
            agent.forecast.max_tokens = BATCH * 2048
            out["user_max_memory_allocated"] = torch.cuda.max_memory_allocated()
            out["oom_step"] = None
            try:
                step(model, opt, 2048, STEPS)
            except torch.OutOfMemoryError:
                out["oom_step"] = STEPS
            gpumemd.stop()
        elif mode == "steady":
            limit = int(sys.argv[3])
            out["limit"] = limit
            torch.cuda.set_per_process_memory_fraction(limit / total, 0)
            model, opt = build()
            fired_s: list = []
            agent = start(None, False, fired_s)
            settle(1.2)
            for i in range(STEPS):
                step(model, opt, STEADY_LENGTH, i)
            settle(1.5)  # longer than the rule's `for`
            got = series(agent)
            out["fired"] = bool(fired_s)
            out["forecast_headroom"] = got.get("gpumemd_forecast_headroom_bytes")
            out["forecast_peak"] = got.get("gpumemd_forecast_peak_bytes")
            out["headroom"] = got.get("gpumemd_headroom_bytes")
            out["exact_shapes"] = shapes(agent)
            out["probes"] = dict(agent.forecast._probes)
            out["steps_to_oom"] = got.get("gpumemd_forecast_steps_to_oom")
            gpumemd.stop()
        elif mode == "leak":
            model, opt = build()
            agent = start(None, False, [])
            for i in range(3):
                step(model, opt, LEAK_LENGTH, i)
            limit = torch.cuda.max_memory_allocated() + LEAK_ROOM * LEAK_BYTES
            out["limit"] = limit
            torch.cuda.set_per_process_memory_fraction(limit / total, 0)
            settle(1.2)
            kept, said = [], []
            out["oom_step"] = None
            for i in range(3, 3 + 3 * LEAK_ROOM):
                try:
                    step(model, opt, LEAK_LENGTH, i)
                    kept.append(torch.empty(LEAK_BYTES, dtype=torch.uint8, device="cuda"))  # the leak
                except torch.OutOfMemoryError:
                    out["oom_step"] = i
                    break
                if i % 10 == 9:
                    said.append([i, series(agent).get("gpumemd_forecast_steps_to_oom")])
            out["said"] = said
            out["errors"] = dict(agent.errors.counts)
            del kept
            gpumemd.stop()
    except Exception:  # the figures so far still come back
        import traceback
        out["error"] = traceback.format_exc()[-3000:]
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
