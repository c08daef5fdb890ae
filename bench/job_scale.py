"""What the job rules cost a real Prometheus at N nodes x 8 ranks (issue 28, item 4).

One node's exposition is taken from a real `gpumemd serve --replay` daemon (the synthetic
8x H200 capture, its 8 ranks published through the real agent code), then cloned per node:
uuid, rank, job_id and instance differ, the families and labels are the daemon's. A step
peak per rank and an OOM counter on one rank in 64 are added (the replayed ranks ran no
optimizer step), so every job rule has input.

One loopback HTTP endpoint serves every node (`/metrics?node=I`); Prometheus gets N scrape
targets (one per node, the node passed as a URL parameter by relabelling), at 15 s, with
the shipped rules (`gpumemd rules export`, evaluation at 15 s). After a warm-up it reads
Prometheus's own metrics: head series, samples appended per second, each rule group's last
evaluation time, its RSS, the scrape duration. Not in the CI suite (minutes per N).

    python bench/job_scale.py --nodes 16 128 1000 --out bench/results/2026-11-25-cpu-job-scale
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

CAPTURE = ROOT / "tests" / "fixtures" / "captures" / "synthetic__8xh200__8-ranks.json"
RANKS_PER_NODE = 8
NODES_PER_JOB = 64  # a 512-GPU job: the size the SRE watches


def node_exposition(tmp: Path) -> str:
    """The text exposition of one real daemon replaying an 8-GPU node with 8 agent ranks."""
    import synth_capture

    from gpumemd.backends.replay import load_capture
    from tests.helpers import gpumemd_process

    spool = tmp / "spool"
    synth_capture.write_spool(load_capture(CAPTURE), spool, written=time.time())
    cfg = tmp / "gpumemd.yml"
    cfg.write_text(
        yaml.safe_dump(
            {"agent": {"spool_dir": str(spool)}, "sources": {"spool": {"accept_unverified": True}}}
        )
    )
    with gpumemd_process(["--replay", str(CAPTURE), "--config.file", str(cfg)]) as (url, _):
        deadline = time.monotonic() + 20
        while True:
            text = urllib.request.urlopen(url + "/metrics", timeout=5).read().decode()
            if "gpumemd_allocator_allocated_bytes{" in text or time.monotonic() > deadline:
                return text
            time.sleep(0.5)


def add_job_series(text: str) -> str:
    """Per rank, a step peak (the allocated line renamed) and an OOM-diagnosis counter: the
    families a training rank exports that a replayed rank cannot."""
    extra = []
    for line in text.splitlines():
        if line.startswith("gpumemd_allocator_allocated_bytes{"):
            extra.append(
                line.replace("gpumemd_allocator_allocated_bytes", "gpumemd_allocator_step_peak_bytes", 1)
            )
            extra.append(
                re.sub(
                    r"^gpumemd_allocator_allocated_bytes\{(.*)\} .*$",
                    r'gpumemd_oom_events_total{\1,cause="fragmentation"} 0',
                    line,
                )
            )
    return text + "\n".join(extra) + "\n"


class Fleet:
    """Per-node expositions built from one template, cached (1000 nodes: tens of MB)."""

    def __init__(self, template: str) -> None:
        self.template = template
        self.cache: dict[int, bytes] = {}
        self.aborted = 0  # scrapes Prometheus closed before the body was sent
        self.lock = threading.Lock()

    def node(self, i: int) -> bytes:
        with self.lock:
            if i in self.cache:
                return self.cache[i]
        text = re.sub(
            r'uuid="GPU-([0-9a-f-]+)"', lambda m: f'uuid="GPU-{i:06d}-{m.group(1)[7:]}"', self.template
        )
        text = re.sub(r'\brank="(\d+)"', lambda m: f'rank="{i * RANKS_PER_NODE + int(m.group(1))}"', text)
        text = re.sub(r'\bjob_id="[^"]*"', f'job_id="job-{i // NODES_PER_JOB}"', text)
        text = re.sub(r'\bworld_size="\d+"', f'world_size="{NODES_PER_JOB * RANKS_PER_NODE}"', text)
        data = text.encode()
        with self.lock:
            self.cache[i] = data
        return data


def serve(fleet: Fleet) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            q = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            body = fleet.node(int(q.get("node", ["0"])[0]))
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):  # Prometheus gave up (scrape timeout): counted
                fleet.aborted += 1

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _free_port() -> int:
    with socket.socket() as s:  # a port of its own: port + 1 may be another process's
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def prometheus_config(port: int, nodes: int, rules: Path, interval: str) -> dict[str, Any]:
    return {
        "global": {"scrape_interval": interval, "evaluation_interval": interval},
        "rule_files": [str(rules)],
        "scrape_configs": [
            {
                "job_name": "gpumemd",
                "static_configs": [
                    {"targets": [f"127.0.0.1:{port}"], "labels": {"node": str(i)}} for i in range(nodes)
                ],
                "relabel_configs": [
                    {"source_labels": ["node"], "target_label": "__param_node"},
                    {"source_labels": ["node"], "target_label": "instance", "replacement": "node-$1:9400"},
                    {"action": "labeldrop", "regex": "node"},
                ],
            },
            {"job_name": "prometheus", "static_configs": [{"targets": ["__SELF__"]}]},
        ],
    }


def query(base: str, expr: str) -> list[dict[str, Any]]:
    url = f"{base}/api/v1/query?" + urllib.parse.urlencode({"query": expr})
    doc = json.loads(urllib.request.urlopen(url, timeout=30).read())
    return list(doc["data"]["result"])


def scalar(base: str, expr: str) -> float | None:
    res = query(base, expr)
    return float(res[0]["value"][1]) if res else None


def measure(
    nodes: int, exposition: str, rules: Path, prometheus: str, interval: float, rounds: int, tmp: Path
) -> dict[str, Any]:
    fleet = Fleet(exposition)
    for i in range(nodes):
        fleet.node(i)
    server = serve(fleet)
    port = server.server_address[1]
    prom_port = _free_port()
    cfg = prometheus_config(port, nodes, rules, f"{interval:g}s")
    cfg["scrape_configs"][1]["static_configs"][0]["targets"] = [f"127.0.0.1:{prom_port}"]
    path = tmp / f"prometheus-{nodes}.yml"
    path.write_text(yaml.safe_dump(cfg))
    base = f"http://127.0.0.1:{prom_port}"
    proc = subprocess.Popen(
        [
            prometheus,
            f"--config.file={path}",
            f"--web.listen-address=127.0.0.1:{prom_port}",
            f"--storage.tsdb.path={tmp / f'data-{nodes}'}",
            "--log.level=warn",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/-/ready", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("Prometheus did not start") from None
                time.sleep(0.5)
        # Prometheus applies discovered targets a few seconds after it starts: the rounds count
        # from the first scrape of every node
        deadline = time.monotonic() + 60 + 2 * interval
        while scalar(base, 'count(up{job="gpumemd"})') != nodes:
            if time.monotonic() > deadline:
                raise RuntimeError(f"Prometheus did not scrape the {nodes} nodes") from None
            time.sleep(0.5)
        time.sleep(interval * rounds)
        groups = {
            r["metric"]["rule_group"].rsplit(";", 1)[-1]: float(r["value"][1])
            for r in query(base, "prometheus_rule_group_last_duration_seconds")
        }
        families = {
            r["metric"]["__name__"]: int(float(r["value"][1]))
            for r in query(base, 'count by (__name__) ({instance="node-0:9400"})')
        }
        recorded = {
            r["metric"]["__name__"]: int(float(r["value"][1]))
            for r in query(base, 'count by (__name__) ({__name__=~"job.*:.*"})')
        }
        window = f"{int(interval * (rounds - 1))}s"
        rules_doc = json.loads(urllib.request.urlopen(base + "/api/v1/rules", timeout=30).read())
        costliest = {
            g["name"]: sorted(((r["name"], r["evaluationTime"]) for r in g["rules"]), key=lambda nr: -nr[1])[
                :6
            ]
            for g in rules_doc["data"]["groups"]
        }
        missed = {
            r["metric"]["rule_group"].rsplit(";", 1)[-1]: float(r["value"][1])
            for r in query(base, "prometheus_rule_group_iterations_missed_total")
        }
        return {
            "nodes": nodes,
            "ranks": nodes * RANKS_PER_NODE,
            "jobs": -(-nodes // NODES_PER_JOB),
            "targets_up": scalar(base, 'count(up{job="gpumemd"} == 1)'),
            "head_series": scalar(base, "prometheus_tsdb_head_series"),
            "series_per_node": sum(families.values()),
            "series_per_node_by_family": dict(sorted(families.items(), key=lambda kv: -kv[1])),
            "recorded_series": sum(recorded.values()),
            "recorded_series_by_name": recorded,
            "samples_per_s": scalar(base, f"rate(prometheus_tsdb_head_samples_appended_total[{window}])"),
            "rule_group_last_duration_s": groups,
            "rule_group_p_max_s": {
                r["metric"]["rule_group"].rsplit(";", 1)[-1]: float(r["value"][1])
                for r in query(base, f"max_over_time(prometheus_rule_group_last_duration_seconds[{window}])")
            },
            "costliest_rules_s": costliest,
            "rule_group_iterations_missed": missed,
            "prometheus_rss_bytes": scalar(base, 'process_resident_memory_bytes{job="prometheus"}'),
            "prometheus_cpu_s_per_s": scalar(
                base, f'rate(process_cpu_seconds_total{{job="prometheus"}}[{window}])'
            ),
            "scrape_duration_avg_s": scalar(base, 'avg(scrape_duration_seconds{job="gpumemd"})'),
            "exposition_bytes_per_node": len(fleet.node(0)),
            "scrapes_aborted": fleet.aborted,
            "scrapes_failed_now": scalar(base, 'count(up{job="gpumemd"} == 0)') or 0,
            "load_average": list(os.getloadavg()),
            "scrape_interval_s": interval,
            "waited_s": interval * rounds,
        }
    finally:
        proc.terminate()
        proc.wait(30)
        server.shutdown()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, nargs="+", default=[16, 128, 1000])
    ap.add_argument("--interval", type=float, default=15.0)
    ap.add_argument("--rounds", type=int, default=8, help="scrape intervals to wait before reading")
    ap.add_argument("--prometheus", default="/usr/bin/prometheus")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        exposition = add_job_series(node_exposition(tmp))
        rules = tmp / "rules.yml"
        subprocess.run(
            [sys.executable, "-m", "gpumemd", "rules", "export", "-o", str(rules)], cwd=ROOT, check=True
        )
        results = []
        for n in args.nodes:
            r = measure(n, exposition, rules, args.prometheus, args.interval, args.rounds, tmp)
            print(
                json.dumps({k: v for k, v in r.items() if not k.endswith(("by_family", "by_name"))}),
                flush=True,
            )
            results.append(r)
            if args.out:
                args.out.mkdir(parents=True, exist_ok=True)
                (args.out / "results.json").write_text(json.dumps(results, indent=1) + "\n")
                (args.out / "node-exposition.txt").write_text(exposition)


if __name__ == "__main__":
    main()
