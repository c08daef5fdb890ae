"""`gpumemd explain --prometheus URL --job ID` and `gpumemd top --prometheus URL --job ID`: a
real Prometheus on loopback scraping four `gpumemd serve --replay` daemons: three stand for
the nodes of one job (job_id 77, five of six ranks answering, one rank holding three times
the others' memory), the fourth for a balanced job (job_id 88) whose two ranks share one GPU.

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

from gpumemd.commands import jobview
from gpumemd.spool.writer import SpoolWriter
from tests.helpers import ROOT, free_port, gpumemd_process
from tests.integration.external import PROMETHEUS, get_json, needs_prometheus, wait_ready

sys.path.insert(0, str(ROOT / "bench"))
import synth_capture  # noqa: E402

pytestmark = [needs_prometheus, pytest.mark.e2e]

SOURCE = ROOT / "tests" / "fixtures" / "captures" / "h200__580.159.04__one-process-1GiB.json"
# per node: (job_id, world size, per GPU the scale of each of its ranks (1.0: the real 1.6 GB process))
NODES: list[tuple[str, int, list[list[float]]]] = [
    ("77", 6, [[1.0], [1.0]]),
    ("77", 6, [[1.0], [3.0]]),
    ("77", 6, [[1.0]]),  # five ranks answer: 5 is missing
    ("88", 2, [[1.0, 1.0]]),  # two ranks on one GPU: they share its free memory
]


def _node(
    job: str, world: int, gpus: list[list[float]], pids: list[int], first_rank: int, spool: Path, tag: str
) -> dict[str, Any]:
    real = json.loads(SOURCE.read_text())
    cap = synth_capture.synthesize(
        real, gpus=len(gpus), procs_per_gpu=gpus, seed=f"job{job}-{tag}", first_pid=2_000_000
    )
    nv = cap["nvml"]
    placed = [(g, proc) for g in range(len(gpus)) for proc in nv[f"processes({g})"]["ok"]]
    for (_, proc), pid in zip(placed, pids, strict=True):
        old, proc["pid"] = proc["pid"], pid
        nv[f"process_name({pid})"] = nv.pop(f"process_name({old})")
        cap["host"][f"process_rss({pid})"] = cap["host"].pop(f"process_rss({old})")
    spool.mkdir(parents=True)
    for i, (g, proc) in enumerate(placed):
        rank = first_rank + i
        fams = synth_capture.rank_families(cap, g, proc["pid"], proc["used_bytes"], rank=rank)
        identity = {"rank": str(rank), "local_rank": str(i), "world_size": str(world), "job_id": job}
        SpoolWriter(spool, identity=identity, interval=86_400.0, pid=proc["pid"]).publish(fams)
    return cap


@pytest.fixture(scope="module")
def prom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("jobview")
    with ExitStack() as stack:
        kids = [subprocess.Popen(["sleep", "120"]) for _ in range(sum(len(sum(g, [])) for _, _, g in NODES))]
        for k in kids:
            stack.callback(k.wait, 10)
            stack.callback(k.kill)
        targets, used, first = [], 0, {"77": 0, "88": 0}
        for i, (job, world, gpus) in enumerate(NODES):
            n = len(sum(gpus, []))
            pids = [k.pid for k in kids[used : used + n]]
            cap = _node(job, world, gpus, pids, first[job], tmp / f"spool{i}", str(i))
            used, first[job] = used + n, first[job] + n
            path = tmp / f"node{i}.json"
            path.write_text(json.dumps(cap))
            cfg = tmp / f"node{i}.yaml"
            cfg.write_text(f"sampler: {{interval: 200ms}}\nagent: {{spool_dir: {tmp / f'spool{i}'}}}\n")
            url, _ = stack.enter_context(gpumemd_process(["--config.file", str(cfg), "--replay", str(path)]))
            targets.append(url.removeprefix("http://"))
        port = free_port()
        pcfg = tmp / "prometheus.yml"
        pcfg.write_text(
            "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
            f"scrape_configs: [{{job_name: gpumemd, static_configs: [{{targets: {targets}}}]}}]\n"
        )
        url = f"http://127.0.0.1:{port}"
        proc = subprocess.Popen(
            [
                PROMETHEUS,
                f"--config.file={pcfg}",
                f"--web.listen-address=127.0.0.1:{port}",
                f"--storage.tsdb.path={tmp / 'data'}",
                "--log.level=warn",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        stack.callback(proc.wait, 10)
        stack.callback(proc.terminate)
        wait_ready(url, proc)
        deadline = time.monotonic() + 20  # every node scraped with its ranks
        q = url + "/api/v1/query?query=count%20by%20(job_id)%20(gpumemd_process_rank_info)"
        while time.monotonic() < deadline:
            res = {r["metric"].get("job_id"): float(r["value"][1]) for r in get_json(q)["data"]["result"]}
            if res == {"77": 5, "88": 2}:
                break
            time.sleep(0.2)  # waiting on another process's scrapes
        else:
            raise AssertionError("Prometheus did not see the 5 + 2 ranks within 20 s")
        yield url


def _explain(*args: str, timeout: float = 20, command: str = "explain") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpumemd", command, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


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
    assert doc["world_size"] == 6 and len(doc["nodes"]) == 3
    kinds = {f["kind"] for f in doc["findings"]}
    assert {"worst_rank", "imbalance", "ranks_missing"} <= kinds


def test_without_a_job_the_jobs_seen(prom: str) -> None:
    out = _explain("--prometheus", prom)
    assert out.returncode == 0, out.stderr
    assert "77  5 ranks" in out.stdout and "88  2 ranks" in out.stdout
    other = _explain("--prometheus", prom, "--job", "nope")
    assert other.returncode == 1 and "no rank answers" in other.stdout


def test_a_balanced_job_exits_0_and_its_ranks_share_their_gpus_free_memory(prom: str) -> None:
    out = _explain("--prometheus", prom, "--job", "88", "--json")
    assert out.returncode == 0, (out.stdout, out.stderr)  # the worst rank is information, not an action
    doc = json.loads(out.stdout)
    assert [f["kind"] for f in doc["findings"] if f["kind"] in jobview.ACTIONABLE] == []
    assert "worst_rank" in {f["kind"] for f in doc["findings"]}
    (gpu,) = doc["nodes"][0]["gpus"]
    r0, r1 = doc["ranks"]
    assert r0["gpu"] == r1["gpu"] == gpu["gpu"]
    for r in (r0, r1):  # each rank counts half the GPU's free memory, not all of it
        top = max(x for x in (r["allocated"], r["step_peak"]) if x is not None)
        assert r["headroom"] <= r["reserved"] + gpu["free"] // 2 - top + 1, (r, gpu["free"])
    text = _explain("--prometheus", prom, "--job", "88")
    assert text.returncode == 0 and "worst rank: rank " in text.stdout, text.stdout


def test_top_shows_the_job_live_worst_rank_first(prom: str) -> None:
    out = _explain("--prometheus", prom, "--job", "77", "--count", "2", "--interval", "100ms", command="top")
    assert out.returncode == 0, out.stderr
    frames = out.stdout.split("gpumemd top - ")[1:]
    assert len(frames) == 2, out.stdout
    for text in ("gpumemd top - " + f for f in frames):
        lines = text.splitlines()
        assert lines[0].startswith("gpumemd top - Prometheus at http://127.0.0.1:"), text
        assert "job 77: 5 ranks of 6 on 3 nodes" in text
        assert "! imbalance: allocated max/median" in text and "! 1 of 6 ranks missing: 5" in text
        table = lines.index(next(x for x in lines if x.strip().startswith("RANK")))
        assert lines[table + 1].split()[0] == "3", text  # the 3x rank has the least headroom: first
        assert all(len(x) <= 80 for x in lines), text
    assert "Traceback" not in out.stderr
