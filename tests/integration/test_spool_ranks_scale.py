"""The merge at the size of a node and of a large node group: 8 and 64 ranks on an 8-GPU node.

Each rank's file is written by the real agent code (AllocatorSource and ProcessSource over a
replayed H200 allocator, published by the real SpoolWriter) for a live process of ours, so
the daemon verifies every owner through /proc as on a node; a real `gpumemd serve --replay`
of a synthetic 8x H200 capture whose NVML process list holds those same pids merges them.
Scrape bytes and merge time go into the assertion messages only: speed is a benchmark
(bench/spool_merge.py), not a test.
"""

from __future__ import annotations

import copy
import gzip
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gpumemd.backends.replay import load_capture
from gpumemd.sources.spool import SpoolSource
from gpumemd.spool.writer import SpoolWriter
from tests.helpers import ROOT, gpumemd_process, samples, scrape
from tests.spool_hostile import promtool_errors

sys.path.insert(0, str(ROOT / "bench"))
import synth_capture  # noqa: E402  (the synthetic node and the replayed allocator)

SOURCE = ROOT / "tests" / "fixtures" / "captures" / "h200__580.159.04__one-process-1GiB.json"
GPUS = 8


@pytest.fixture
def live_pids(request: pytest.FixtureRequest) -> Iterator[list[int]]:
    """`request.param` live processes of ours: the ranks' pids, verifiable through /proc."""
    kids = [subprocess.Popen(["sleep", "120"]) for _ in range(request.param)]
    try:
        yield [k.pid for k in kids]
    finally:
        for k in kids:
            k.kill()
            k.wait(10)


def node_capture(pids: list[int]) -> dict[str, Any]:
    """A synthetic 8x H200 capture with len(pids)/8 ranks per GPU, its processes renamed to `pids`."""
    per = len(pids) // GPUS
    real = json.loads(SOURCE.read_text())
    cap = synth_capture.synthesize(real, gpus=GPUS, procs_per_gpu=[[1.0 + 0.1 * (g + j) for j in range(per)]
                                                                   for g in range(GPUS)],
                                   seed=f"8xh200-{len(pids)}-ranks", first_pid=1_000_000)
    out = copy.deepcopy(cap)
    it = iter(pids)
    for g in range(GPUS):
        for proc in out["nvml"][f"processes({g})"]["ok"]:
            old, new = proc["pid"], next(it)
            proc["pid"] = new
            out["nvml"][f"process_name({new})"] = out["nvml"].pop(f"process_name({old})")
            out["host"][f"process_rss({new})"] = out["host"].pop(f"process_rss({old})")
    return out


def publish_ranks(capture: dict[str, Any], spool: Path) -> dict[str, dict[str, str]]:
    """One SpoolWriter per rank, its families from the real agent sources; returns {rank: identity + pid}."""
    nv = capture["nvml"]
    world = sum(len(nv[f"processes({g})"]["ok"]) for g in range(GPUS))
    spool.mkdir(parents=True, exist_ok=True)
    expected: dict[str, dict[str, str]] = {}
    rank = 0
    for g in range(GPUS):
        for proc in nv[f"processes({g})"]["ok"]:
            pid = proc["pid"]
            families = synth_capture.rank_families(capture, g, pid, proc["used_bytes"], rank=rank)
            identity = {"rank": str(rank), "local_rank": str(rank % GPUS), "world_size": str(world),
                        "job_id": "scale"}
            # a day-long interval: the files are written once and must stay live for the test
            SpoolWriter(spool, identity=identity, interval=86_400.0, pid=pid).publish(families)
            expected[str(rank)] = {**identity, "pid": str(pid)}
            rank += 1
    return expected


@pytest.mark.parametrize("live_pids", [8, 64], indirect=True, ids=["8-ranks", "64-ranks"])
def test_every_rank_once_with_its_labels_and_a_valid_exposition(live_pids: list[int], tmp_path: Path) -> None:
    capture = node_capture(live_pids)
    cap_path = tmp_path / "node.json"
    cap_path.write_text(json.dumps(capture))
    spool = tmp_path / "spool"
    expected = publish_ranks(load_capture(cap_path), spool)
    assert len(expected) == len(live_pids)

    t = time.perf_counter()
    reading = SpoolSource(spool).read({})  # what one sample of the daemon does, cold
    merge_ms = (time.perf_counter() - t) * 1000
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(f"sampler: {{interval: 200ms}}\nagent: {{spool_dir: {spool}}}\n")
    with gpumemd_process(["--config.file", str(cfg), "--replay", str(cap_path)]) as (url, proc):
        text = scrape(url + "/metrics")
        assert proc.poll() is None
    figures = (
        f"{len(expected)} ranks: merge {merge_ms:.1f} ms cold in-process, scrape {len(text.encode())} B "
        f"plain / {len(gzip.compress(text.encode()))} B gzip, {len(text.splitlines())} lines"
    )
    assert len(reading.ranks) == len(expected), figures
    s = samples(text)

    info = [dict(lab) for (name, lab) in s if name == "gpumemd_process_rank_info"]
    by_rank: dict[str, list[dict[str, str]]] = {}
    for lab in info:
        by_rank.setdefault(lab["rank"], []).append(lab)
    assert sorted(by_rank, key=int) == sorted(expected, key=int), figures
    for rank, labs in by_rank.items():
        assert len(labs) == 1, (rank, labs, figures)  # once, not once per GPU or per file
        assert {k: labs[0][k] for k in expected[rank]} == expected[rank], figures

    # every rank's allocator series, each on its own GPU only
    alloc = {
        (dict(lab)["rank"], dict(lab)["gpu"])
        for (name, lab) in s
        if name == "gpumemd_allocator_reserved_bytes"
    }
    assert sorted(alloc) == sorted((r, str(int(r) // (len(expected) // GPUS))) for r in expected), figures
    # ranks joined to NVML's processes on pid
    nvml_pids = {dict(lab)["pid"] for (name, lab) in s if name == "gpumemd_process_gpu_memory_used_bytes"}
    assert {e["pid"] for e in expected.values()} <= nvml_pids, figures
    assert s[("gpumemd_spool_ranks", ())] == len(expected), figures
    # the breakdown of each GPU sums to its total
    for g in range(GPUS):
        total = next(
            v
            for (name, lab), v in s.items()
            if name == "gpumemd_gpu_memory_total_bytes" and dict(lab)["gpu"] == str(g)
        )
        parts = sum(
            v
            for (name, lab), v in s.items()
            if name == "gpumemd_gpu_memory_breakdown_bytes" and dict(lab)["gpu"] == str(g)
        )
        assert abs(parts - total) <= 16 << 20, (g, parts, total, figures)

    if shutil.which("promtool"):
        assert promtool_errors(text) == "", figures
