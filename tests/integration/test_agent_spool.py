"""The node spool: ranks publish, the daemon merges, dead ranks expire (injected clock)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from prometheus_client.core import Metric

from gpumemd.agent.identity import Identity
from gpumemd.backends.replay import torch_replayer
from gpumemd.sampling.exposition import Exposition
from gpumemd.sources.allocator import AllocatorSource
from gpumemd.sources.spool import SpoolSource
from gpumemd.spool.format import spool_dir
from gpumemd.spool.writer import SpoolWriter
from tests.fakes import ROOT, capture
from tests.helpers import gpumemd_process, samples, scrape


def rank_families(rank: int) -> list[Metric]:
    ident = Identity(pid=1000 + rank, rank=rank, local_rank=rank, world_size=8)
    src = AllocatorSource(
        torch_replayer(capture("after_256MiB_and_4000B")), labels=ident.labels(), peak_window=30
    )
    fams = list(src.families(src.read({})))
    build = Metric("gpumemd_build_info", "not published", "gauge")  # the sampler's own: stays home
    build.add_sample("gpumemd_build_info", {"version": "x"}, 1)
    return [*fams, build]


def publish(directory: Path, rank: int, clock: float, pid: int | None = None) -> SpoolWriter:
    pid = 1000 + rank if pid is None else pid
    ident = Identity(pid=pid, rank=rank, local_rank=rank, world_size=8).info_labels()
    w = SpoolWriter(directory, identity=ident, interval=1.0, pid=pid, clock=lambda: clock)
    w.publish(rank_families(rank))
    return w


def ours(pid: int) -> int:
    """The owner lookup for the synthetic pids: each is a live process of this test's user."""
    return os.geteuid()


def merged(src: SpoolSource) -> dict[str, list]:
    return {f.name: [(s.name, s.labels, s.value) for s in f.samples] for f in src.families(src.read({}))}


def test_ranks_merge_with_distinct_labels_and_a_pid_join(tmp_path: Path) -> None:
    for rank in range(3):
        publish(tmp_path, rank, clock=100.0)
    src = SpoolSource(tmp_path, expire_intervals=5, clock=lambda: 100.5, alive=lambda pid: True, owner=ours)
    fams = merged(src)
    alloc = fams["gpumemd_allocator_allocated_bytes"]
    assert sorted(s[1]["rank"] for s in alloc) == ["0", "1", "2"]
    assert {s[2] for s in alloc} == {268439552}
    assert "gpumemd_build_info" not in fams
    info = {s[1]["pid"]: s[1] for s in fams["gpumemd_process_rank_info"]}
    assert info["1001"] == {"pid": "1001", "rank": "1", "local_rank": "1", "world_size": "8", "job_id": ""}
    assert fams["gpumemd_spool_ranks"][0][2] == 3
    # One family per name, so the exposition is valid text; it parses back.
    text = Exposition(list(src.families(src.read({})))).body().decode()
    assert text.count("# TYPE gpumemd_allocator_allocated_bytes gauge") == 1
    assert samples(text)


def test_dead_ranks_expire_by_age_or_by_pid(tmp_path: Path) -> None:
    publish(tmp_path, 0, clock=100.0)
    one = publish(tmp_path, 1, clock=100.0)
    two = publish(tmp_path, 2, clock=90.0)  # silent for 10 s: expired even with its pid alive
    dead = {1001}
    now = [100.5]
    src = SpoolSource(
        tmp_path, expire_intervals=5, clock=lambda: now[0], alive=lambda p: p not in dead, owner=ours
    )
    # pid 1001 is gone but its last words are fresh: kept for dead_grace (a scrape may see the OOM)
    assert sorted(r.identity["rank"] for r in src.read({}).ranks) == ["0", "1"]
    now[0] = 101.5
    reading = src.read({})
    assert [r.identity["rank"] for r in reading.ranks] == ["0"]
    assert not one.path.exists()  # dead: its file is deleted
    assert two.path.exists()  # silent but alive: left, not shown
    assert reading.counts["expired"] == 2
    assert src.read({}).counts["expired"] == 2  # counted once, not every sample


def test_corrupt_and_foreign_files_are_counted_not_fatal(tmp_path: Path) -> None:
    publish(tmp_path, 0, clock=100.0)
    (tmp_path / "agent-5.json").write_text("{half")
    (tmp_path / "agent-6.json").write_text(json.dumps({"format": "other"}))
    (tmp_path / "notes.txt").write_text("ignored")
    src = SpoolSource(tmp_path, expire_intervals=5, clock=lambda: 100.0, alive=lambda p: True, owner=ours)
    reading = src.read({})
    assert len(reading.ranks) == 1 and reading.counts["errors"] == 2


def test_two_files_claiming_one_rank_keep_the_newest(tmp_path: Path) -> None:
    publish(tmp_path, 0, clock=100.0)
    ident = Identity(pid=2000, rank=0).info_labels()
    SpoolWriter(tmp_path, identity=ident, interval=1, pid=2000, clock=lambda: 101.0).publish(rank_families(0))
    src = SpoolSource(tmp_path, expire_intervals=5, clock=lambda: 101.0, alive=lambda p: True, owner=ours)
    reading = src.read({})
    assert [r.pid for r in reading.ranks] == [2000] and reading.counts["conflicts"] == 1


def test_writer_is_atomic_rate_limited_and_removes_its_file(tmp_path: Path) -> None:
    class Snap:
        class exposition:  # noqa: N801
            families = rank_families(0)

    mono = [0.0]
    w = SpoolWriter(tmp_path / "new", identity={"rank": "0"}, interval=1.0, pid=7, monotonic=lambda: mono[0])
    w(Snap)
    first = w.path.stat().st_mtime_ns
    assert oct((tmp_path / "new").stat().st_mode & 0o7777) == "0o700"  # private to its user, never 1777
    mono[0] = 0.5
    w(Snap)  # within the interval: not written
    w.request()
    w(Snap)  # requested (an OOM): written now
    assert os.listdir(tmp_path / "new") == [w.name]
    assert w.path.stat().st_mtime_ns >= first
    w.remove()
    assert os.listdir(tmp_path / "new") == []


def test_a_sample_due_on_the_interval_that_comes_a_little_early_still_publishes(tmp_path: Path) -> None:
    class Snap:
        class exposition:  # noqa: N801
            families = rank_families(0)

    mono = [0.0]
    w = SpoolWriter(
        tmp_path,
        identity={"rank": "0"},
        interval=1.0,
        pid=7,
        monotonic=lambda: mono[0],
        clock=lambda: 100.0 + mono[0],
    )

    def written() -> float:
        return float(json.loads(w.path.read_text())["written"])

    w(Snap)
    mono[0] = 0.5
    w(Snap)  # half an interval: not yet
    assert written() == 100.0
    mono[0] = 0.97  # the agent's once-a-second sample, a little early (float sums, timer jitter)
    w(Snap)
    assert written() == 100.97


def test_spool_dir_resolution() -> None:
    assert spool_dir("", {}) is None
    assert spool_dir("/x", {"GPUMEMD_SPOOL_DIR": "/y"}) == Path("/x")
    assert spool_dir(None, {"GPUMEMD_SPOOL_DIR": "/y"}) == Path("/y")
    assert spool_dir(None, {}).name == "gpumemd-spool"  # type: ignore[union-attr]


def test_merge_cost_of_eight_ranks(tmp_path: Path) -> None:
    for rank in range(8):
        publish(tmp_path, rank, clock=100.0)
    src = SpoolSource(tmp_path, expire_intervals=5, clock=lambda: 100.0, alive=lambda p: True, owner=ours)
    runs = []
    for _ in range(30):
        t = time.perf_counter()
        list(src.families(src.read({})))
        runs.append(time.perf_counter() - t)
    median = sorted(runs)[len(runs) // 2]
    print(f"spool merge of 8 ranks: median {median * 1e6:.0f} µs")
    assert median < 0.05  # generous on a shared CI core; typically well under 2 ms


def test_serve_replay_merges_the_ranks_into_one_target(tmp_path: Path) -> None:
    spool = tmp_path / "spool"
    now = time.time()
    # pids that exist and are ours (this test and a child), so the daemon can verify them
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        for rank, pid in enumerate((os.getpid(), child.pid)):
            publish(spool, rank, clock=now + 3600, pid=pid)  # "fresh" for the whole test, whatever the pace
        config = tmp_path / "gpumemd.yaml"
        config.write_text(f"agent: {{spool_dir: {spool}}}\n")
        replay = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
        with gpumemd_process(["--config.file", str(config), "--replay", str(replay)]) as (url, _):
            text = scrape(url + "/metrics")
    finally:
        child.communicate(b"", timeout=10)
    s = samples(text)
    ranks = sorted(dict(lab)["rank"] for (name, lab) in s if name == "gpumemd_allocator_allocated_bytes")
    assert ranks == ["0", "1"]
    assert any(name == "gpumemd_process_gpu_memory_used_bytes" for (name, _) in s)  # the daemon's own NVML
    assert s[("gpumemd_spool_ranks", ())] == 2
    assert s[("gpumemd_collector_success", (("collector", "spool"),))] == 1
    types = [line.split()[2] for line in text.splitlines() if line.startswith("# TYPE")]
    assert len(types) == len(set(types)), "a family name appears twice"


def test_unchanged_sample_is_touched_not_rewritten_and_stays_fresh(tmp_path: Path) -> None:
    class Snap:
        readings = {"allocator": 1}
        success = {"allocator": True}

        class exposition:  # noqa: N801
            families = rank_families(0)

    mono, wall = [0.0], [100.0]
    w = SpoolWriter(
        tmp_path,
        identity={"rank": "0"},
        interval=1.0,
        pid=7,
        monotonic=lambda: mono[0],
        clock=lambda: wall[0],
        change_key=lambda s: (s.readings, s.success),
    )
    w(Snap)
    path = w.path
    inode, data = path.stat().st_ino, path.read_bytes()
    assert path.stat().st_mtime == 100.0  # stamped with the writer's clock
    mono[0], wall[0] = 1.0, 110.0
    w(Snap)  # due, unchanged: a heartbeat
    assert path.stat().st_ino == inode and path.read_bytes() == data and path.stat().st_mtime == 110.0
    src = SpoolSource(tmp_path, expire_intervals=5, clock=lambda: 110.5, alive=lambda p: True, owner=ours)
    (rank,) = src.read({}).ranks
    assert rank.written == 110.0  # fresh through its mtime, though `written` says 100
    Snap.readings = {"allocator": 2}
    mono[0], wall[0] = 2.0, 111.0
    w(Snap)  # changed: rewritten
    assert path.stat().st_ino != inode and json.loads(path.read_bytes())["written"] == 111.0
    path.unlink()
    mono[0] = 3.0
    Snap.readings = {"allocator": 2}
    w(Snap)  # unchanged but the file is gone: written again
    assert path.exists()


def test_daemon_still_reads_version_1_files(tmp_path: Path) -> None:
    fams = [f for f in rank_families(0) if f.name.startswith("gpumemd_allocator_")]
    doc = {
        "format": "gpumemd-spool/1",
        "pid": 1000,
        "written": 100.0,
        "interval": 1.0,
        "identity": {"rank": "0"},
        "families": [
            [f.name, f.type, f.documentation, [[s.name, s.labels, s.value] for s in f.samples]] for f in fams
        ],
    }
    (tmp_path / "agent-1000.json").write_text(json.dumps(doc))
    publish(tmp_path / "v2", 0, clock=100.0)
    v1 = merged(
        SpoolSource(tmp_path, expire_intervals=5, clock=lambda: 100.0, alive=lambda p: True, owner=ours)
    )
    v2 = merged(
        SpoolSource(
            tmp_path / "v2", expire_intervals=5, clock=lambda: 100.0, alive=lambda p: True, owner=ours
        )
    )
    assert v1["gpumemd_allocator_allocated_bytes"] == v2["gpumemd_allocator_allocated_bytes"]
    assert {k: v for k, v in v1.items() if k.startswith("gpumemd_allocator_")} == {
        k: v for k, v in v2.items() if k.startswith("gpumemd_allocator_")
    }


def test_a_real_agent_process_is_merged_by_a_real_daemon(tmp_path: Path) -> None:
    """The whole path with nothing synthetic: an agent process publishes, `gpumemd serve`
    validates and merges it (a validator stricter than the writer once refused every real
    agent's file for its gpumemd_agent_info family; synthetic files had none)."""
    spool = tmp_path / "spool"
    cfg = tmp_path / "gpumemd.yml"
    cfg.write_text(f"sampler: {{interval: 100ms}}\nagent: {{spool_dir: {spool}}}\n")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("RANK", "LOCAL_RANK", "WORLD_SIZE", "GPUMEMD_"))
    }
    env.update(
        {
            "PYTHONPATH": str(ROOT),
            "GPUMEMD_SPOOL_DIR": str(spool),
            "RANK": "5",
            "LOCAL_RANK": "0",
            "WORLD_SIZE": "8",
        }
    )
    with gpumemd_process(["--config.file", str(cfg)]) as (url, _):
        agent = subprocess.Popen(
            [sys.executable, str(ROOT / "tests/integration/scripts/agent_proc.py"), "0"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert agent.stdout is not None
            pid = str(json.loads(agent.stdout.readline())["pid"])
            deadline, got = time.monotonic() + 20, {}
            while time.monotonic() < deadline:
                got = samples(scrape(url + "/metrics"))
                if got.get(("gpumemd_spool_ranks", ())) == 1:
                    break
                time.sleep(0.1)
        finally:
            agent.communicate(input="", timeout=20)
    names = {name for name, _ in got}
    rejected = {
        dict(labels)["reason"]: v
        for (name, labels), v in got.items()
        if name == "gpumemd_spool_rejected_total"
    }
    assert got.get(("gpumemd_spool_ranks", ())) == 1, rejected
    assert not any(rejected.values()), rejected
    assert "gpumemd_agent_info" in names  # the family the stricter validator refused
    info = [dict(labels) for name, labels in got if name == "gpumemd_process_rank_info"]
    assert [(i["pid"], i["rank"]) for i in info] == [(pid, "5")]


def test_a_ranks_categories_reach_the_daemon_with_their_labels(tmp_path: Path) -> None:
    from gpumemd.agent.categories import CategoryReading, CategorySource

    ident = Identity(pid=1003, rank=3, local_rank=3, world_size=8)
    src = CategorySource(ident.labels())
    end = {
        "parameters": 1 << 30,
        "buffers": 0,
        "gradients": 1 << 30,
        "optimizer_state": 2 << 30,
        "other": 4096,
    }
    reading = (CategoryReading(0, "GPU-x", end, {**end, "activations": 5 << 30}),)
    w = SpoolWriter(tmp_path, identity=ident.info_labels(), interval=1.0, pid=1003, clock=lambda: 100.0)
    w.publish([*rank_families(3), *src.families(reading)])
    daemon = SpoolSource(
        tmp_path, expire_intervals=5, clock=lambda: 100.5, alive=lambda pid: True, owner=ours
    )
    rows = merged(daemon)["gpumemd_allocator_category_bytes"]
    got = {(labels["category"], labels["at"]): value for _, labels, value in rows}
    assert got[("activations", "peak")] == 5 << 30 and got[("optimizer_state", "end")] == 2 << 30
    assert len(got) == 11 and {labels["rank"] for _, labels, _ in rows} == {"3"}
