"""`explain --prometheus --job` on a real job: `gpumemd serve` and `gpumemd run -- torchrun
--nproc-per-node 2` with both ranks on ONE GPU, unequal memory (tests/gpu/job_rank.py: rank 1
holds 3x rank 0 and has the least headroom), a real Prometheus scraping the daemon at 1 s.

Checked: jobview names rank 1 the worst rank and the imbalance (allocated max/median 1.5)
within one scrape interval of the daemon's /metrics first showing both ranks at their
memory; the ranks' headrooms count half the GPU's free memory each (they share it); the CLI
exits 1 (imbalance is actionable). Measured (record()): the latency from the ranks reaching
their memory to the daemon, and to Prometheus's answer. Skipped without a Prometheus binary
(env PROMETHEUS_BIN, else `prometheus` on PATH).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from gpumemd.commands import jobview
from tests.helpers import ROOT, free_port, samples, scrape, wait_until_ready

# slow tier: it covers no GPU-facing module the fast tier lacks (tests/gpu/conftest.py, FAST_TIER)
pytestmark = pytest.mark.slow

PROMETHEUS = os.environ.get("PROMETHEUS_BIN") or shutil.which("prometheus")
SCRAPE_S = 1.0
GiB = 1 << 30


def record(results_dir: Path, name: str, doc: dict[str, Any]) -> None:
    (results_dir / f"jobview-{name}.json").write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")


def _lines(proc: subprocess.Popen[str], out: list[dict[str, Any]]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("{"):
            out.append({**json.loads(line), "seen": time.time()})


@pytest.mark.skipif(PROMETHEUS is None or not os.access(PROMETHEUS, os.X_OK),
                    reason="no prometheus binary (set PROMETHEUS_BIN)")
@pytest.mark.timeout_s(150)
def test_two_ranks_on_one_gpu_worst_rank_and_imbalance_within_one_scrape(tmp_path: Path,
                                                                          results_dir: Path) -> None:
    assert PROMETHEUS is not None
    spool, stop, job = tmp_path / "spool", tmp_path / "stop", f"gpu-{uuid.uuid4().hex[:8]}"
    config = tmp_path / "gpumemd.yaml"
    config.write_text(f"sampler: {{interval: 200ms}}\nagent: {{spool_dir: {spool}, spool_interval: 200ms}}\n")
    port, prom_port = free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GPUMEMD_SPOOL_DIR": str(spool), "GPUMEMD_JOB_ID": job}
    serve = subprocess.Popen([sys.executable, "-m", "gpumemd", "serve", "--config.file", str(config),
                              "--web.listen-address", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pcfg = tmp_path / "prometheus.yml"
    pcfg.write_text(
        f"global: {{scrape_interval: {SCRAPE_S:g}s, evaluation_interval: {SCRAPE_S:g}s}}\n"
        f"scrape_configs: [{{job_name: gpumemd, static_configs: [{{targets: ['127.0.0.1:{port}']}}]}}]\n"
    )
    prom = subprocess.Popen(
        [
            PROMETHEUS,
            f"--config.file={pcfg}",
            f"--web.listen-address=127.0.0.1:{prom_port}",
            f"--storage.tsdb.path={tmp_path / 'data'}",
            "--log.level=warn",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url, prom_url = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{prom_port}"
    ranks: subprocess.Popen[str] | None = None
    err = (tmp_path / "ranks.stderr").open("w")  # a file: torchrun's warnings never fill a pipe
    ready: list[dict[str, Any]] = []
    try:
        wait_until_ready(url, serve)
        wait_until_ready(prom_url, prom, timeout=60)  # Prometheus answers /-/ready too
        ranks = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gpumemd",
                "run",
                "--config.file",
                str(config),
                "--web.listen-address",
                "",
                "--",
                sys.executable,
                "-m",
                "torch.distributed.run",
                "--nproc-per-node",
                "2",
                "--master-port",
                str(free_port()),
                str(ROOT / "tests/gpu/job_rank.py"),
                str(stop),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
        )
        threading.Thread(target=_lines, args=(ranks, ready), daemon=True).start()
        deadline = time.monotonic() + 90
        daemon_at = prom_at = None
        got: tuple[jobview.Job, list[Any]] | None = None
        while time.monotonic() < deadline and prom_at is None:
            if len(ready) == 2 and daemon_at is None:
                s = samples(scrape(url + "/metrics"))
                held = {
                    dict(lab).get("rank"): v
                    for (n, lab), v in s.items()
                    if n == "gpumemd_allocator_allocated_bytes"
                }
                if held.get("0") == GiB and held.get("1") == 3 * GiB:
                    daemon_at = time.time()
            if daemon_at is not None:
                try:
                    job_view, found = jobview.look(prom_url, job, 2.0)
                except (OSError, ValueError):  # Prometheus busy: the next poll
                    continue
                kinds = {f.kind: f for f in found}
                worst = kinds.get("worst_rank") or kinds.get("headroom_low")
                if worst and "rank 1 " in worst.message and "imbalance" in kinds:
                    prom_at, got = time.time(), (job_view, found)
                    break
            time.sleep(0.05)
        reached = max((r["ready"] for r in ready), default=None)
        figures = {
            "ready": ready,
            "reached": reached,
            "daemon_at": daemon_at,
            "prometheus_at": prom_at,
            "daemon_latency_s": daemon_at - reached if daemon_at and reached else None,
            "prometheus_after_daemon_s": prom_at - daemon_at if prom_at and daemon_at else None,
            "prometheus_latency_s": prom_at - reached if prom_at and reached else None,
            "scrape_interval_s": SCRAPE_S,
        }
        if got is not None:
            job_view, found = got
            figures["ranks"] = [vars(r) for r in job_view.ranks]
            figures["findings"] = [f.message for f in found]
        record(results_dir, "two_ranks_one_gpu", figures)
        assert len(ready) == 2 and all(r["agent"] for r in ready), ready
        assert daemon_at is not None, "the daemon never showed rank 0 at 1 GiB and rank 1 at 3 GiB"
        assert got is not None, figures
        assert prom_at - daemon_at <= SCRAPE_S + 0.5, figures  # one scrape, and the query's own time
        job_view, found = got
        imbalance = next(f for f in found if f.kind == "imbalance")
        assert "allocated max/median 1.50" in imbalance.message and "rank 1 holds" in imbalance.message
        r0, r1 = sorted(job_view.ranks, key=lambda r: r.rank)
        assert r0.gpu == r1.gpu and r0.instance == r1.instance
        (gpu,) = [g for g in job_view.nodes[r0.instance].gpus if g.gpu == r0.gpu]
        assert r0.headroom is not None and r1.headroom is not None
        assert r0.headroom <= r0.reserved + gpu.free // 2 - r0.allocated + 1  # half the free memory each
        assert r1.headroom < r0.headroom
        cli = subprocess.run(
            [sys.executable, "-m", "gpumemd", "explain", "--prometheus", prom_url, "--job", job],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert cli.returncode == 1, cli.stdout + cli.stderr
        assert "worst rank: rank 1 on 127.0.0.1:" in cli.stdout and "imbalance: allocated" in cli.stdout
    finally:
        stop.touch()
        if ranks is not None:
            try:
                ranks.wait(60)
            except subprocess.TimeoutExpired:
                ranks.kill()
                ranks.wait(10)
        for p in (prom, serve):
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        err.close()
    assert ranks is not None and ranks.returncode == 0, (tmp_path / "ranks.stderr").read_text()[-4000:]
