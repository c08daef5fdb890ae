"""Alert engine cost and latency.

1. Rule evaluation per sample with the default rule set, against the cost of one sample
   of the daemon (replaying a recorded H200 capture; real NVML calls cost more, so the
   ratio here is an upper bound).
2. 100 rules on one GPU (threshold ratios, trends, counter increases) per sample.
3. Alert latency: from the `observe()` of the sample that crosses the threshold to the
   HTTP request arriving at a webhook receiver on loopback.

    python bench/alerts_bench.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily  # noqa: E402

from gpumemd import config as config_mod  # noqa: E402
from gpumemd.alerts.engine import Engine  # noqa: E402
from gpumemd.alerts.notify import WebhookNotifier  # noqa: E402
from gpumemd.alerts.observer import AlertObserver  # noqa: E402
from gpumemd.alerts.rules import AlertingConfig, rule_from_dict  # noqa: E402
from gpumemd.backends.replay import load_capture  # noqa: E402
from gpumemd.runtime import Runtime  # noqa: E402
from gpumemd.sources.node import node_sources  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CAPTURE = ROOT / "tests" / "fixtures" / "captures" / "h200__580.159.04__one-process-1GiB.json"


def timeit(fn, n: int) -> dict[str, float]:
    for _ in range(min(200, n)):
        fn()
    ts = []
    for _ in range(n):
        t0 = time.perf_counter_ns()
        fn()
        ts.append(time.perf_counter_ns() - t0)
    ts.sort()
    return {"median_us": ts[n // 2] / 1000, "p99_us": ts[int(n * 0.99)] / 1000, "mean_us": sum(ts) / n / 1000}


def sample_cost(n: int) -> dict:
    cap = load_capture(str(CAPTURE))
    cfg = config_mod.Config()
    bare = Runtime(cfg, lambda c: node_sources(c, cap), serve_http=False)
    sample = timeit(bare.sampler.sample_once, n)
    families = list(bare.sampler.latest.exposition.families)
    readings = bare.sampler.latest.readings
    obs = AlertObserver(cfg.alerting, interval=1.0, notifiers=[], watchdog=False)
    clock = [1e9]

    def observe() -> None:
        clock[0] += 1.0
        obs.observe(families, readings, clock[0])

    rules = timeit(observe, n)
    return {"rules": len(obs.engine.rules), "sample": sample, "default_rules_observe": rules,
            "ratio_of_sample_median": rules["median_us"] / sample["median_us"]}


def one_gpu_families(step: int) -> list:
    gpu = {"gpu": "0", "uuid": "GPU-50bfc93b"}
    out = []
    for name, value in (("total", 150754820096), ("used", 40e9 + (step % 7) * 1e8), ("free", 100e9),
                        ("reserved", 644939776)):
        g = GaugeMetricFamily(f"gpumemd_gpu_memory_{name}_bytes", "", labels=list(gpu))
        g.add_metric(list(gpu.values()), value)
        out.append(g)
    rank = {**gpu, "rank": "0"}
    for name, value in (("allocated", 30e9 + (step % 5) * 2.6e8), ("reserved", 36e9), ("active", 30e9),
                        ("inactive_split", 1e8), ("requested", 29e9)):
        g = GaugeMetricFamily(f"gpumemd_allocator_{name}_bytes", "", labels=list(rank))
        g.add_metric(list(rank.values()), value)
        out.append(g)
    for name in ("alloc_retries", "ooms"):
        c = CounterMetricFamily(f"gpumemd_allocator_{name}", "", labels=list(rank))
        c.add_metric(list(rank.values()), 0)
        out.append(c)
    return out


def hundred_rules(n: int) -> dict:
    rules = []
    for i in range(60):
        rules.append({"alert": f"Ratio{i}", "metric": "gpumemd_gpu_memory_used_bytes",
                      "divide_by": "gpumemd_gpu_memory_total_bytes", "threshold": 0.5 + i / 200, "for": "1m"})
    for i in range(20):
        rules.append({"alert": f"Trend{i}", "kind": "trend", "metric": "gpumemd_allocator_allocated_bytes",
                      "window": "10m", "bucket": "30s", "threshold": 1e6 + i})
    for i in range(20):
        rules.append(
            {
                "alert": f"Inc{i}",
                "kind": "increase",
                "metric": "gpumemd_allocator_ooms_total"
                if i % 2
                else "gpumemd_allocator_alloc_retries_total",
            }
        )
    engine = Engine([rule_from_dict(r) for r in rules], interval=0.1)
    samples = [one_gpu_families(i) for i in range(35)]
    state = {"i": 0, "t": 1e9}

    def evaluate() -> None:
        state["i"] += 1
        state["t"] += 0.1
        engine.evaluate(engine.view(samples[state["i"] % 35]), state["t"])

    return {"rules": len(rules), "evaluate": timeit(evaluate, n)}


def hundred_distinct_rules(n: int) -> dict:
    """The worst case for sharing: 100 rules, each with its own signal (no two select alike)."""
    rules = []
    for i in range(60):
        rules.append(
            {
                "alert": f"Ratio{i}",
                "metric": f'gpumemd_gpu_memory_used_bytes{{uuid!="GPU-x{i}"}}',
                "divide_by": "gpumemd_gpu_memory_total_bytes",
                "threshold": 0.5 + i / 200,
                "for": "1m",
            }
        )
    for i in range(20):
        rules.append(
            {
                "alert": f"Trend{i}",
                "kind": "trend",
                "metric": "gpumemd_allocator_allocated_bytes",
                "window": f"{10 + i}m",
                "bucket": "30s",
                "threshold": 1e6 + i,
            }
        )
    for i in range(20):
        rules.append(
            {
                "alert": f"Inc{i}",
                "kind": "increase",
                "window": f"{5 + i}m",
                "metric": "gpumemd_allocator_ooms_total"
                if i % 2
                else "gpumemd_allocator_alloc_retries_total",
            }
        )
    engine = Engine([rule_from_dict(r) for r in rules], interval=0.1)
    samples = [one_gpu_families(i) for i in range(35)]
    state = {"i": 0, "t": 1e9}

    def evaluate() -> None:
        state["i"] += 1
        state["t"] += 0.1
        engine.evaluate(engine.view(samples[state["i"] % 35]), state["t"])

    return {
        "rules": len(rules),
        "signals": len({id(getattr(r, "signal", r)) for r in engine.rules}),
        "evaluate": timeit(evaluate, n),
    }


def latency(n: int) -> dict:
    sys.path.insert(0, str(ROOT))
    from tests.fakes import Receiver

    rx = Receiver()
    notifier = WebhookNotifier("hook", rx.url, timeout=2.0)
    rule = {
        "alert": "Full",
        "metric": "gpumemd_gpu_memory_used_bytes",
        "divide_by": "gpumemd_gpu_memory_total_bytes",
        "threshold": 0.9,
    }
    obs = AlertObserver(
        AlertingConfig(default_rules=False, rules=(rule,), notifiers=()), notifiers=[notifier], watchdog=False
    )
    gpu = {"gpu": "0", "uuid": "GPU-a"}

    def fams(ratio: float) -> list:
        used = GaugeMetricFamily("gpumemd_gpu_memory_used_bytes", "", labels=list(gpu))
        used.add_metric(list(gpu.values()), ratio * 100)
        total = GaugeMetricFamily("gpumemd_gpu_memory_total_bytes", "", labels=list(gpu))
        total.add_metric(list(gpu.values()), 100)
        return [used, total]

    lat = []
    t = 1e9
    for i in range(n):
        t += 1.0
        before = len(rx.arrivals)
        t0 = time.perf_counter()
        obs.observe(fams(0.95 if i % 2 == 0 else 0.5), {}, t)  # every sample crosses: fire / resolve
        rx.wait_for(lambda b, before=before: len(b) > before, timeout=5)
        lat.append((rx.arrivals[before] - t0) * 1000)
    rx.close()
    lat.sort()
    return {"n": n, "median_ms": statistics.median(lat), "p99_ms": lat[int(n * 0.99)], "max_ms": lat[-1]}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--out")
    p.add_argument("-n", type=int, default=5000)
    args = p.parse_args()
    result = {
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        "sample_vs_default_rules": sample_cost(args.n),
        "hundred_rules_one_gpu": hundred_rules(args.n),
        "hundred_distinct_rules_one_gpu": hundred_distinct_rules(args.n),
        "alert_latency_to_webhook": latency(200),
    }
    text = json.dumps(result, indent=1)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")


if __name__ == "__main__":
    main()
