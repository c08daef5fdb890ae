"""What tests/gpu/test_jobview_gpu.py and its CPU twin (tests/integration/test_jobview_ranks.py)
share: one `gpumemd serve` and a real Prometheus scraping it at 1 s, the ranks of
tests/gpu/job_rank.py started through `gpumemd run` (under torchrun, or one process a rank
as a scheduler starts them), and a killed rank timed until the job view names it missing.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpumemd.commands import jobview
from tests.helpers import ROOT, free_port, stop_process, wait_until_ready

SCRAPE_S = 1.0
JOB_RANK = ROOT / "tests" / "gpu" / "job_rank.py"


@dataclass
class Stack:
    """The daemon and Prometheus, and what a rank's `gpumemd run` needs to reach the daemon."""

    url: str
    prom_url: str
    config: Path
    env: dict[str, str]


@contextmanager
def stack(tmp: Path, prometheus_bin: str) -> Iterator[Stack]:
    spool = tmp / "spool"
    config = tmp / "gpumemd.yaml"
    config.write_text(f"sampler: {{interval: 200ms}}\nagent: {{spool_dir: {spool}, spool_interval: 200ms}}\n")
    port, prom_port = free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GPUMEMD_SPOOL_DIR": str(spool)}
    serve = subprocess.Popen([sys.executable, "-m", "gpumemd", "serve", "--config.file", str(config),
                              "--web.listen-address", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pcfg = tmp / "prometheus.yml"
    pcfg.write_text(
        f"global: {{scrape_interval: {SCRAPE_S:g}s, evaluation_interval: {SCRAPE_S:g}s}}\n"
        f"scrape_configs: [{{job_name: gpumemd, static_configs: [{{targets: ['127.0.0.1:{port}']}}]}}]\n"
    )
    prom = subprocess.Popen([prometheus_bin, f"--config.file={pcfg}",
                             f"--web.listen-address=127.0.0.1:{prom_port}",
                             f"--storage.tsdb.path={tmp / 'data'}", "--log.level=warn"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url, prom_url = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{prom_port}"
        wait_until_ready(url, serve)
        wait_until_ready(prom_url, prom, timeout=60)  # Prometheus answers /-/ready too
        yield Stack(url, prom_url, config, env)
    finally:
        for p in (prom, serve):
            stop_process(p)


@dataclass
class Ranks:
    """The ranks of one job: their processes (one torchrun, or one a rank) and the JSON line
    each printed on reaching its memory."""

    procs: list[subprocess.Popen[str]]
    ready: list[dict[str, Any]] = field(default_factory=list)
    err: Any = None

    def wait_ready(self, n: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while len(self.ready) < n and time.monotonic() < deadline:
            if all(p.poll() is not None for p in self.procs):
                return False
            time.sleep(0.05)
        return len(self.ready) >= n

    def stop(self, stop: Path) -> list[int | None]:
        """Touch the stop file; each process's exit status (killed ones: negative)."""
        stop.touch()
        for p in self.procs:
            try:
                p.wait(60)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(10)
        if self.err is not None:
            self.err.close()
        return [p.returncode for p in self.procs]


def _lines(proc: subprocess.Popen[str], out: list[dict[str, Any]]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("{"):
            out.append({**json.loads(line), "seen": time.time()})


def start(st: Stack, job: str, n: int, stop: Path, rank_args: Sequence[str], err: Path, *,
          torchrun: bool) -> Ranks:
    """`gpumemd run -- torchrun --nproc-per-node N job_rank.py`, or N `gpumemd run -- python
    job_rank.py` with RANK, LOCAL_RANK and WORLD_SIZE set (a scheduler's launch: a rank killed
    there leaves the others running, where torchrun stops them all)."""
    run = [sys.executable, "-m", "gpumemd", "run", "--config.file", str(st.config),
           "--web.listen-address", "", "--"]
    script = [str(JOB_RANK), str(stop), *rank_args]
    env = {**st.env, "GPUMEMD_JOB_ID": job}
    errf = err.open("w")  # a file: torchrun's warnings never fill a pipe
    if torchrun:
        cmds = [(run + [sys.executable, "-m", "torch.distributed.run", "--nproc-per-node", str(n),
                        "--master-port", str(free_port())] + script, env)]
    else:
        cmds = [(run + [sys.executable] + script,
                 {**env, "RANK": str(r), "LOCAL_RANK": str(r), "WORLD_SIZE": str(n)}) for r in range(n)]
    ranks = Ranks([subprocess.Popen(c, cwd=ROOT, env=e, stdout=subprocess.PIPE, stderr=errf, text=True)
                   for c, e in cmds], err=errf)
    for p in ranks.procs:
        threading.Thread(target=_lines, args=(p, ranks.ready), daemon=True).start()
    return ranks


def look(prom_url: str, job: str) -> tuple[jobview.Job, list[jobview.Finding]] | None:
    try:
        return jobview.look(prom_url, job, 2.0)
    except (OSError, ValueError):  # Prometheus busy: the next poll
        return None


def killed_rank(st: Stack, job: str, ranks: Ranks, n: int, victim: int, timeout: float) -> dict[str, Any]:
    """Every rank in the job view first; then SIGKILL `victim` and time until the job view (through
    Prometheus) names it missing, the others still there."""
    figures: dict[str, Any] = {"ranks": n, "victim": victim}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = look(st.prom_url, job)
        if got and len(got[0].ranks) + len(got[0].without_gpu) == n and got[0].world_size == n:
            figures["all_seen"] = True
            break
        time.sleep(0.1)
    pid = next(r["pid"] for r in ranks.ready if r["rank"] == victim)
    os.kill(pid, signal.SIGKILL)
    killed = time.monotonic()
    want = f"1 of {n} ranks missing: {victim}"
    while time.monotonic() < deadline:
        got = look(st.prom_url, job)
        found = {f.kind: f.message for f in got[1]} if got else {}
        if found.get("ranks_missing") == want:
            job_view = got[0] if got else None
            figures.update(missing_after_s=round(time.monotonic() - killed, 3), finding=want,
                           answering=sorted(r.rank for r in job_view.ranks) + list(job_view.without_gpu)
                           if job_view else [])
            break
        time.sleep(0.1)
    return figures
