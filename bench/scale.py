"""Scale: N replay daemons (8-GPU nodes, 8 ranks each) scraped by one real Prometheus.

    python bench/scale.py --nodes 50 --duration 180 --interval 5s

Each daemon is a real `gpumemd serve --replay` of the SYNTHETIC 8x H200 capture (derived
from the real H200 recording, bench/synth_capture.py) with 8 ranks in its spool, written
through the real agent code. Prometheus (Debian's) runs deploy/prometheus/prometheus.yml
adapted to loopback, with the exported rules. Measured: series per node, bytes per scrape
(as Prometheus asks: OpenMetrics + gzip; and plain text), scrape duration p99 from
Prometheus's own `scrape_duration_seconds`, the ingestion rate
`rate(prometheus_tsdb_head_samples_appended_total[1m])`, Prometheus's memory and CPU, and
the daemons' memory and CPU. Writes bench/results/scale-<date>.json.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import psutil
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import synth_capture  # noqa: E402

from gpumemd.backends.replay import load_capture  # noqa: E402
from tests.helpers import free_port, wait_until_ready  # noqa: E402
from tests.integration.stack import Prometheus, adapt_prometheus, adapt_rules, binary, get_json, wait_for  # noqa: E402

CAPTURE = ROOT / "tests/fixtures/captures/synthetic__8xh200__8-ranks.json"
PROM_ACCEPT = ("application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,"
               "text/plain;version=0.0.4;q=0.5,*/*;q=0.1")


def _fetch(url: str, headers: dict[str, str]) -> bytes:
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=10) as resp:
        return bytes(resp.read())


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=50)
    ap.add_argument("--duration", type=float, default=180, help="seconds of steady scraping after warm-up")
    ap.add_argument("--interval", default="5s", help="Prometheus scrape interval")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / f"scale-{dt.date.today()}.json")
    args = ap.parse_args()
    prom_exe = binary("prometheus")
    if prom_exe is None:
        print("needs Debian's prometheus (apt-get install -y prometheus)", file=sys.stderr)
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="gpumemd-scale-"))
    capture = load_capture(CAPTURE)
    daemons: list[tuple[subprocess.Popen[bytes], str]] = []
    prom: Prometheus | None = None
    try:
        # --- N daemons, each with its own spool of 8 ranks ---
        t0 = time.monotonic()
        for i in range(args.nodes):
            spool = tmp / f"node{i}" / "spool"
            synth_capture.write_spool(capture, spool, written=time.time(), job_id=f"job-{i}")
            cfg = tmp / f"node{i}" / "gpumemd.yml"
            cfg.write_text(
                yaml.safe_dump(
                    {
                        "agent": {"spool_dir": str(spool)},
                        "log": {"level": "warn"},
                        "sources": {"spool": {"accept_unverified": True}},
                    }
                )
            )  # synthetic pids
            port = free_port()
            log = open(tmp / f"node{i}" / "gpumemd.log", "wb")  # noqa: SIM115 - lives as long as the daemon
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gpumemd",
                    "serve",
                    "--replay",
                    str(CAPTURE),
                    "--config.file",
                    str(cfg),
                    "--web.listen-address",
                    f"127.0.0.1:{port}",
                ],
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            daemons.append((proc, f"127.0.0.1:{port}"))
        for proc, addr in daemons:
            wait_until_ready(f"http://{addr}", proc, timeout=120)
        started_s = time.monotonic() - t0
        print(f"{args.nodes} daemons ready in {started_s:.1f}s", flush=True)

        # --- one scrape as Prometheus does it, and as plain text ---
        url = f"http://{daemons[0][1]}/metrics"
        om_gz = _fetch(url, {"Accept": PROM_ACCEPT, "Accept-Encoding": "gzip"})
        text = _fetch(url, {})
        om = gzip.decompress(om_gz)
        sample_lines = [ln for ln in text.decode().splitlines() if ln and not ln.startswith("#")]

        # --- Prometheus, scraping every daemon ---
        rules = adapt_rules(fast=False)
        rule_files = []
        if rules is not None:
            (tmp / "gpumemd-rules.yml").write_text(yaml.safe_dump(rules))
            rule_files.append(str(tmp / "gpumemd-rules.yml"))
        pport = free_port()
        config = adapt_prometheus(
            [a for _, a in daemons],
            self_port=pport,
            alertmanager=None,
            rule_files=rule_files,
            scrape_interval=args.interval,
            evaluation_interval="15s",
            scrape_timeout="5s",
        )
        prom = Prometheus(prom_exe, config, tmp / "prometheus", pport)
        wait_for(
            "every target up",
            lambda: sum(t["health"] == "up" for t in prom.targets()) == args.nodes + 1,
            120,
            interval=1,
        )
        warmup = 70.0  # rate(...[1m]) needs a minute of data
        print(f"Prometheus up; warming up {warmup:.0f}s, then measuring {args.duration:.0f}s", flush=True)
        time.sleep(warmup)
        procs = [psutil.Process(p.pid) for p, _ in daemons]
        prom_ps = psutil.Process(prom.proc.pid)
        cpu0 = [p.cpu_times() for p in procs]
        pcpu0 = prom_ps.cpu_times()
        start = time.time()
        time.sleep(args.duration)
        end = time.time()
        cpu1 = [p.cpu_times() for p in procs]
        pcpu1 = prom_ps.cpu_times()

        def q(expr: str) -> float:
            res = prom.value(expr)
            return float(res[0]["value"][1]) if res else float("nan")

        step = max(1, int(float(args.interval.rstrip("s"))))
        rng = get_json(
            prom.url
            + "/api/v1/query_range?"
            + urllib.parse.urlencode(
                {"query": 'scrape_duration_seconds{job="gpumemd"}', "start": start, "end": end, "step": step}
            )
        )
        durations = [float(v[1]) for s in rng["data"]["result"] for v in s["values"]]
        ingest = get_json(
            prom.url
            + "/api/v1/query_range?"
            + urllib.parse.urlencode(
                {
                    # summed: 2.42 splits this counter by type (float, histogram)
                    "query": "sum(rate(prometheus_tsdb_head_samples_appended_total[1m]))",
                    "start": start,
                    "end": end,
                    "step": 15,
                }
            )
        )
        ingest_values = [float(v[1]) for s in ingest["data"]["result"] for v in s["values"]]
        series_per_node = [float(r["value"][1]) for r in prom.value('scrape_samples_scraped{job="gpumemd"}')]
        daemon_cpu = [
            (b.user + b.system - a.user - a.system) / (end - start) for a, b in zip(cpu0, cpu1, strict=True)
        ]
        result: dict[str, Any] = {
            "date": str(dt.date.today()),
            "what": "N gpumemd serve --replay daemons (SYNTHETIC 8x H200 node, 8 ranks merged from the "
            "spool) scraped by one Prometheus on loopback",
            "machine": {
                "cpus": os.cpu_count(),
                "memory_gib": round(psutil.virtual_memory().total / 2**30, 1),
                "python": platform.python_version(),
                "note": "2 shared cores; other engineers' jobs ran too",
            },
            "prometheus_version": subprocess.run(
                [prom_exe, "--version"], capture_output=True, text=True
            ).stdout.splitlines()[0],
            "config": {
                "nodes": args.nodes,
                "gpus_per_node": 8,
                "ranks_per_node": 8,
                "scrape_interval": args.interval,
                "gpumemd_sample_interval": "1s",
                "rules": len([r for g in (rules or {"groups": []})["groups"] for r in g["rules"]]),
                "measured_seconds": round(end - start, 1),
                "warmup_seconds": warmup,
            },
            "per_node": {
                "series": statistics.median(series_per_node),
                "series_min_max": [min(series_per_node), max(series_per_node)],
                "bytes_per_scrape_openmetrics_gzip": len(om_gz),
                "bytes_per_scrape_openmetrics": len(om),
                "bytes_per_scrape_text": len(text),
                "sample_lines_text": len(sample_lines),
            },
            "scrape_duration_seconds": {
                "samples": len(durations),
                "p50": _percentile(durations, 0.5),
                "p99": _percentile(durations, 0.99),
                "max": max(durations),
                "p99_per_target_max": q(
                    'max(quantile_over_time(0.99, scrape_duration_seconds{job="gpumemd"}[3m]))'
                ),
            },
            "prometheus": {
                "samples_appended_per_second": {
                    "mean": round(statistics.mean(ingest_values), 1),
                    "max": round(max(ingest_values), 1),
                    "expected_from_scrapes": round(
                        args.nodes
                        * (statistics.median(series_per_node) + 5)
                        / float(args.interval.rstrip("s")),
                        1,
                    ),
                },
                "head_series": q("prometheus_tsdb_head_series"),
                "resident_memory_bytes": prom_ps.memory_info().rss,
                "cpu_cores": round(
                    (pcpu1.user + pcpu1.system - pcpu0.user - pcpu0.system) / (end - start), 4
                ),
                "rule_evaluation_seconds_p99": q(
                    'max(prometheus_rule_group_duration_seconds{quantile="0.99"})'
                ),
            },
            "daemons": {
                "resident_memory_bytes_median": statistics.median(p.memory_info().rss for p in procs),
                "cpu_cores_each_median": round(statistics.median(daemon_cpu), 4),
                "cpu_cores_all": round(sum(daemon_cpu), 3),
                "start_all_seconds": round(started_s, 1),
            },
        }
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2) + "\n")
        print(json.dumps(result, indent=2))
        print(f"wrote {args.out}")
        return 0
    finally:
        if prom is not None:
            prom.stop()
        for proc, _ in daemons:
            proc.terminate()
        for proc, _ in daemons:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    sys.exit(main())
