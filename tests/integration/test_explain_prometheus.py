"""`gpumemd explain --prometheus URL --job ID`: a real Prometheus on loopback scraping three
`gpumemd serve --replay` daemons standing for the nodes of one job (job_id 77, four of five
ranks answering, one rank holding three times the others' memory).

Each rank's spool file is written by the real agent code (bench/synth_capture.rank_families,
SpoolWriter) for a live process of ours, so each daemon verifies its owners through /proc
as on a node; each daemon's replayed NVML lists those same pids.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from gpumemd.spool.writer import SpoolWriter
from tests.helpers import ROOT, free_port, gpumemd_process
from tests.integration.external import PROMETHEUS, get_json, needs_prometheus, wait_ready

sys.path.insert(0, str(ROOT / "bench"))
import synth_capture  # noqa: E402

pytestmark = [needs_prometheus, pytest.mark.e2e]

SOURCE = ROOT / "tests" / "fixtures" / "captures" / "h200__580.159.04__one-process-1GiB.json"
# per node: the scale of each GPU's one rank (1.0: the real 1.6 GB process)
NODES = [[1.0, 1.0], [1.0, 3.0], [1.0]]
WORLD = 6  # five ranks answer: rank 5 is missing


def _node(weights: list[float], pids: list[int], first_rank: int, spool: Path, tag: str) -> dict[str, Any]:
    real = json.loads(SOURCE.read_text())
    cap = synth_capture.synthesize(real, gpus=len(weights), procs_per_gpu=[[w] for w in weights],
                                   seed=f"job77-{tag}", first_pid=2_000_000)
    nv = cap["nvml"]
    for g, pid in enumerate(pids):
        (proc,) = nv[f"processes({g})"]["ok"]
        old, proc["pid"] = proc["pid"], pid
        nv[f"process_name({pid})"] = nv.pop(f"process_name({old})")
        cap["host"][f"process_rss({pid})"] = cap["host"].pop(f"process_rss({old})")
    spool.mkdir(parents=True)
    for g, pid in enumerate(pids):
        (proc,) = nv[f"processes({g})"]["ok"]
        rank = first_rank + g
        fams = synth_capture.rank_families(cap, g, pid, proc["used_bytes"], rank=rank)
        identity = {"rank": str(rank), "local_rank": str(g), "world_size": str(WORLD), "job_id": "77"}
        SpoolWriter(spool, identity=identity, interval=86_400.0, pid=pid).publish(fams)
    return cap


@pytest.fixture(scope="module")
def prom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("jobview")
    with ExitStack() as stack:
        kids = [subprocess.Popen(["sleep", "120"]) for _ in range(sum(map(len, NODES)))]
        for k in kids:
            stack.callback(k.wait, 10)
            stack.callback(k.kill)
        targets, rank = [], 0
        for i, weights in enumerate(NODES):
            pids = [k.pid for k in kids[rank:rank + len(weights)]]
            cap = _node(weights, pids, rank, tmp / f"spool{i}", str(i))
            rank += len(weights)
            path = tmp / f"node{i}.json"
            path.write_text(json.dumps(cap))
            cfg = tmp / f"node{i}.yaml"
            cfg.write_text(f"sampler: {{interval: 200ms}}\nagent: {{spool_dir: {tmp / f'spool{i}'}}}\n")
            url, _ = stack.enter_context(gpumemd_process(["--config.file", str(cfg), "--replay", str(path)]))
            targets.append(url.removeprefix("http://"))
        port = free_port()
        pcfg = tmp / "prometheus.yml"
        pcfg.write_text("global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
                        f"scrape_configs: [{{job_name: gpumemd, static_configs: [{{targets: {targets}}}]}}]\n")
        url = f"http://127.0.0.1:{port}"
        proc = subprocess.Popen([PROMETHEUS, f"--config.file={pcfg}", f"--web.listen-address=127.0.0.1:{port}",
                                 f"--storage.tsdb.path={tmp / 'data'}", "--log.level=warn"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        stack.callback(proc.wait, 10)
        stack.callback(proc.terminate)
        wait_ready(url, proc)
        deadline = time.monotonic() + 20  # every node scraped with its ranks
        q = url + "/api/v1/query?query=count(gpumemd_process_rank_info%7Bjob_id%3D%2277%22%7D)"
        while time.monotonic() < deadline:
            res = get_json(q)["data"]["result"]
            if res and float(res[0]["value"][1]) == 5:
                break
            time.sleep(0.2)  # waiting on another process's scrapes
        else:
            raise AssertionError("Prometheus did not see the 5 ranks within 20 s")
        yield url


def _explain(*args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpumemd", "explain", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def test_names_the_worst_rank_the_imbalance_and_the_missing_rank(prom: str) -> None:
    out = _explain("--prometheus", prom, "--job", "77")
    assert out.returncode == 1, out.stderr
    text = out.stdout
    assert "job 77: 5 ranks of 6 on 3 nodes" in text, text
    assert text.count("\nnode 127.0.0.1:") == 3, text
    assert "worst rank: rank 3 on 127.0.0.1:" in text, text  # the 3x rank has the least headroom
    assert "imbalance: allocated max/median" in text and "(rank 3 holds" in text, text
    assert "1 of 6 ranks missing: 5" in text, text
    assert "Traceback" not in out.stderr


def test_json_is_strict_and_whole(prom: str) -> None:
    out = _explain("--prometheus", prom, "--job", "77", "--json")
    assert out.returncode == 1, out.stderr
    doc = json.loads(out.stdout, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
    assert sorted(r["rank"] for r in doc["ranks"]) == ["0", "1", "2", "3", "4"]
    assert doc["world_size"] == WORLD and len(doc["nodes"]) == 3
    kinds = {f["kind"] for f in doc["findings"]}
    assert {"worst_rank", "imbalance", "ranks_missing"} <= kinds


def test_without_a_job_the_jobs_seen(prom: str) -> None:
    out = _explain("--prometheus", prom)
    assert out.returncode == 0, out.stderr
    assert "77  5 ranks" in out.stdout
    other = _explain("--prometheus", prom, "--job", "nope")
    assert other.returncode == 1 and "no rank answers" in other.stdout
