"""The spool as the node daemon reads it: the values and names it serves, who may speak for a
rank, and the budgets that keep one user's publishing from evicting another user's ranks.

Each test puts a victim rank next to an attacker's files and checks the victim's series are
served unchanged, the exposition parses (Prometheus text and OpenMetrics), and the attack is
counted. Two uids where the machine allows (root: files chowned to nobody, a publisher run as
nobody); the tests that need them skip otherwise.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prometheus_client.core import Metric
from prometheus_client.openmetrics.parser import text_string_to_metric_families as om_parse
from prometheus_client.parser import text_string_to_metric_families as text_parse

from gpumemd.config import SpoolSourceConfig
from gpumemd.sampling.exposition import Exposition
from gpumemd.sources.spool import SpoolSource
from gpumemd.spool import reader as reader_mod
from gpumemd.spool.encoder import Encoder, encode
from gpumemd.spool.format import DROP_REASONS, validate
from gpumemd.spool.procs import proc_owner
from gpumemd.spool.writer import SpoolWriter
from tests.helpers import ROOT, gpumemd_process, samples, scrape, sticky_spool
from tests.spool_hostile import as_nobody, healthy_families, publish_healthy

NOW = 1000.0
ME = os.getpid()  # the victim: a live process of whoever runs the tests
ATTACKER = 65534  # nobody
needs_root = pytest.mark.skipif(
    os.geteuid() != 0, reason="needs root: files and processes of a second uid (nobody)"
)
REPLAY = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"


# -- helpers ---------------------------------------------------------------------------


def source(directory: Path, now: Callable[[], float] = lambda: NOW + 0.5, **kw: Any) -> SpoolSource:
    kw.setdefault("monotonic", lambda: 0.0)  # the scan's time budget never runs out on a loaded machine
    return SpoolSource(directory, expire_intervals=5, clock=now, **kw)


def render(src: SpoolSource) -> tuple[dict[str, list[tuple[str, dict[str, str], float]]], Any]:
    """One read: the families by name; both expositions parsed (each raises on an invalid one)."""
    families = list(src.families(src.read({})))
    text = Exposition(families).body().decode()
    om = Exposition(families).body(openmetrics_format=True).decode()
    list(om_parse(om))
    # what a scraper reads, not what the source returned: a family the exposition left out is gone
    fams = {f.name: [(s.name, dict(s.labels), s.value) for s in f.samples] for f in text_parse(text)}
    return fams, src.reader


def victim_series(fams: dict[str, Any], rank: str = "0") -> list[tuple[str, dict[str, str], float]]:
    return sorted(
        (
            (n, lab, v)
            for name in ("gpumemd_allocator_allocated_bytes", "gpumemd_oom_events")
            for n, lab, v in fams.get(name, [])
            if lab.get("rank") == rank
        ),
        key=repr,
    )


def doc_bytes(
    pid: int,
    identity: dict[str, str],
    families: list[tuple[str, str, list[tuple[str, dict, Any]]]],
    written: float = NOW,
) -> bytes:
    """A version-2 document with any values (json.dumps writes NaN, Infinity, lone surrogates)."""
    return json.dumps(
        {
            "format": "gpumemd-spool/2",
            "pid": pid,
            "interval": 1.0,
            "identity": identity,
            "written": written,
            "types": [[n, t, "x"] for n, t, _ in families],
            "samples": [[i, sn, lab, v] for i, (_, _, rows) in enumerate(families) for sn, lab, v in rows],
        }
    ).encode()


def put(directory: Path, pid: int, data: bytes, uid: int | None = None) -> Path:
    path = directory / f"agent-{pid}.json"
    tmp = directory / f".tmp-{pid}"
    tmp.write_bytes(data)
    if uid is not None:
        os.chown(tmp, uid, uid)
    os.rename(tmp, path)
    return path


def owners(mapping: dict[int, int]) -> Callable[[int], int | None]:
    """A fake of /proc's owners for pids we cannot make live by the thousand (named a fake)."""
    return lambda pid: mapping.get(pid, proc_owner(pid))


@pytest.fixture
def victim(tmp_path: Path) -> tuple[Path, list]:
    publish_healthy(tmp_path, ME, NOW, rank=0)
    fams, _ = render(source(tmp_path))
    return tmp_path, victim_series(fams)


@pytest.fixture
def shared() -> Iterator[Path]:
    """A sticky, world-writable spool that nobody can reach."""
    with sticky_spool("gpumemd-sec-spool-") as d:
        yield d


# -- 1. values -------------------------------------------------------------------------


def test_a_lone_surrogate_drops_that_series_only(victim, child) -> None:
    directory, expected = victim
    rows = [
        ("gpumemd_allocator_allocated_bytes", {"pool": "\ud800"}, 5.0),
        ("gpumemd_allocator_allocated_bytes", {"pool": "ok"}, 6.0),
    ]
    put(
        directory,
        child.pid,
        doc_bytes(child.pid, {"rank": "1"}, [("gpumemd_allocator_allocated_bytes", "gauge", rows)]),
    )
    fams, reader = render(source(directory))
    assert victim_series(fams) == expected
    assert [
        (lab["pool"], v) for _, lab, v in fams["gpumemd_allocator_allocated_bytes"] if lab["rank"] == "1"
    ] == [("ok", 6.0)]
    assert {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_dropped_series"]}["label_value"] == 1


def test_help_and_identity_with_a_lone_surrogate(victim, child) -> None:
    directory, expected = victim
    data = doc_bytes(
        child.pid,
        {"rank": "1"},
        [("gpumemd_allocator_active_bytes", "gauge", [("gpumemd_allocator_active_bytes", {}, 1.0)])],
    )
    put(directory, child.pid, data.replace(b'"x"', b'"\\ud800"'))  # the help text
    fams, _ = render(source(directory))
    assert victim_series(fams) == expected and fams["gpumemd_allocator_active_bytes"][0][2] == 1.0
    put(directory, child.pid, doc_bytes(child.pid, {"rank": "\ud800"}, []))
    fams, _ = render(source(directory))
    assert victim_series(fams) == expected


@pytest.mark.parametrize(
    ("family", "typ", "value", "reason"),
    [
        ("gpumemd_oom_events", "counter", -1.0, "negative_counter"),
        ("gpumemd_oom_events", "counter", math.inf, "non_finite"),
        ("gpumemd_oom_events", "counter", math.nan, "non_finite"),
        ("gpumemd_allocator_active_bytes", "gauge", math.inf, "non_finite"),
        ("gpumemd_allocator_active_bytes", "gauge", -math.inf, "non_finite"),
        ("gpumemd_allocator_active_bytes", "gauge", math.nan, "non_finite"),
        ("gpumemd_allocator_active_bytes", "gauge", "12", "value"),
        ("gpumemd_allocator_active_bytes", "gauge", 10**400, "value"),
    ],
)
def test_bad_values_drop_that_series_only(
    victim, child, family: str, typ: str, value: Any, reason: str
) -> None:
    directory, expected = victim
    sample = family + ("_total" if typ == "counter" else "")
    rows = [(sample, {"gpu": "0"}, value), (sample, {"gpu": "1"}, 3.0)]
    put(directory, child.pid, doc_bytes(child.pid, {"rank": "1"}, [(family, typ, rows)]))
    fams, _ = render(source(directory))
    assert victim_series(fams) == expected
    assert [(lab["gpu"], v) for _, lab, v in fams[family] if lab.get("rank") == "1"] == [("1", 3.0)]
    dropped = {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_dropped_series"]}
    assert dropped == {r: float(r == reason) for r in DROP_REASONS}


def test_a_counter_that_decreases_is_served_as_a_reset(tmp_path: Path) -> None:
    src = source(tmp_path)
    for value in (5.0, 2.0):  # a restarted process: Prometheus reads the decrease as a reset
        rows = [("gpumemd_oom_events_total", {}, value)]
        put(
            tmp_path,
            ME,
            doc_bytes(ME, {"rank": "0"}, [("gpumemd_oom_events", "counter", rows)]) + b" " * int(value),
        )
        fams, _ = render(src)
        assert [v for _, _, v in fams["gpumemd_oom_events"]] == [value]


# -- 2. the daemon's schema ------------------------------------------------------------


def test_a_known_family_declared_with_another_type_is_refused(victim, child) -> None:
    directory, expected = victim
    rows = [("gpumemd_allocator_allocated_bytes_total", {"pool": "p0"}, 1.0)]
    put(
        directory,
        child.pid,
        doc_bytes(child.pid, {}, [("gpumemd_allocator_allocated_bytes", "counter", rows)]),
    )
    fams, _ = render(source(directory))
    assert victim_series(fams) == expected
    assert all(
        n == "gpumemd_allocator_allocated_bytes" for n, _, _ in fams["gpumemd_allocator_allocated_bytes"]
    )
    assert {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_dropped_series"]}["family_type"] == 1


def test_an_unknown_family_is_served_as_a_gauge_only(tmp_path: Path) -> None:
    fams = [
        ("gpumemd_allocator_new_thing", "gauge", [("gpumemd_allocator_new_thing", {}, 1.0)]),
        ("gpumemd_allocator_other", "counter", [("gpumemd_allocator_other_total", {}, 1.0)]),
        ("gpumemd_allocator_untyped", "unknown", [("gpumemd_allocator_untyped", {}, 2.0)]),
    ]
    rank = validate(json.loads(doc_bytes(42, {"rank": "0"}, fams)), name_pid=42)
    assert not isinstance(rank, reader_mod.Rejection)
    assert [(f[0], f[1]) for f in rank.families] == [
        ("gpumemd_allocator_new_thing", "gauge"),
        ("gpumemd_allocator_untyped", "gauge"),
    ]
    assert rank.dropped == {"family_type": 1}


# -- 3. identity -----------------------------------------------------------------------


def test_a_rankless_file_cannot_forge_a_ranks_labels(victim, child) -> None:
    directory, expected = victim
    forged = [
        ("gpumemd_allocator_allocated_bytes", {"rank": "0", "job_id": "j", "pool": f"p{i}"}, 1e15)
        for i in range(3)
    ]
    forged_oom = [("gpumemd_oom_events_total", {"rank": "0", "job_id": "j", "pid": str(ME)}, 99.0)]
    put(
        directory,
        child.pid,
        doc_bytes(
            child.pid,
            {"job_id": "j"},
            [
                ("gpumemd_allocator_allocated_bytes", "gauge", forged),
                ("gpumemd_oom_events", "counter", forged_oom),
            ],
        ),
    )
    fams, _ = render(source(directory))
    assert victim_series(fams) == expected
    theirs = [
        lab
        for name in ("gpumemd_allocator_allocated_bytes", "gpumemd_oom_events")
        for _, lab, _ in fams[name]
        if "rank" not in lab
    ]
    assert len(theirs) == 4 and all(lab["pid"] == str(child.pid) for lab in theirs)


def test_a_rank_cannot_publish_series_of_another_rank(victim, child) -> None:
    directory, expected = victim
    forged = [("gpumemd_allocator_allocated_bytes", {"rank": "0", "pool": "p0"}, 1e15)]
    put(
        directory,
        child.pid,
        doc_bytes(
            child.pid, {"rank": "1", "job_id": "j"}, [("gpumemd_allocator_allocated_bytes", "gauge", forged)]
        ),
    )
    fams, _ = render(source(directory))
    assert victim_series(fams) == expected
    assert victim_series(fams, "1") == [
        ("gpumemd_allocator_allocated_bytes", {"rank": "1", "job_id": "j", "pool": "p0"}, 1e15)
    ]


@needs_root
def test_another_uid_cannot_claim_a_ranks_identity(shared: Path) -> None:
    publish_healthy(shared, ME, time.time() - 0.5, rank=0)  # job "j", rank 0, served first
    src = SpoolSource(shared, expire_intervals=5)
    fams, _ = render(src)
    expected = victim_series(fams)
    # the attacker's file is the newer one (newest-wins would serve it)
    attacker = as_nobody(shared, 0, time.time(), identity={"rank": "0", "job_id": "j"}, value=1e15)
    try:
        assert attacker.stdout is not None and attacker.stdout.readline() == b"ok\n"
        for _ in range(3):
            fams, reader = render(src)
            assert victim_series(fams) == expected  # newer, but not theirs to claim
        got = {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_rejected"]}
        assert got["identity_conflict"] == 1
    finally:
        attacker.communicate(b"", timeout=10)


def test_the_same_uids_newer_process_takes_over_a_dead_ones_identity(tmp_path: Path, child) -> None:
    now = [NOW + 0.5]
    dead = {ME}
    src = source(tmp_path, now=lambda: now[0], alive=lambda pid: pid not in dead)
    dead.clear()
    publish_healthy(tmp_path, ME, NOW, rank=0)
    render(src)
    dead.add(ME)  # the first process died; a restarted one of the same uid publishes rank 0
    now[0] = NOW + 2.5
    publish_healthy(tmp_path, child.pid, NOW + 2, rank=0)
    fams, _ = render(src)
    assert {lab["pool"]: v for _, lab, v in fams["gpumemd_allocator_allocated_bytes"]} == {
        "p0": 1000.0,
        "p1": 2000.0,
        "p2": 3000.0,
    }
    assert [r.pid for r in src.read({}).ranks] == [child.pid]


# -- 4. budgets and the scan -----------------------------------------------------------


@needs_root
def test_junk_files_created_after_a_rank_published_do_not_push_it_out(victim) -> None:
    directory, expected = victim
    src = source(directory, settings=SpoolSourceConfig(max_files=4))  # the default's case, scaled down
    render(src)
    for i in range(1200):  # more entries than the scan looks at, most listed before the rank's own
        p = directory / (f"agent-{4_000_000 + i}.json" if i % 2 else f"junk-{i}")
        p.write_bytes(b"{}")
        os.chown(p, ATTACKER, ATTACKER)
    for _ in range(2):
        fams, _ = render(src)
        assert victim_series(fams) == expected


@needs_root
def test_a_thousand_attacker_ranks_leave_the_victims_and_a_newcomers_place(victim, child) -> None:
    directory, expected = victim
    mapping = {}
    pids = range(100_000, 101_030)
    for pid in pids:
        mapping[pid] = ATTACKER
        put(
            directory,
            pid,
            encode(
                healthy_families(pid),
                pid=pid,
                written=NOW,
                interval=1.0,
                identity={"rank": str(pid), "job_id": "evil"},
            ),
            uid=ATTACKER,
        )
    src = source(directory, owner=owners(mapping), alive=lambda pid: True)
    fams, _ = render(src)
    assert victim_series(fams) == expected
    publish_healthy(directory, child.pid, NOW, rank=1)  # a newcomer of another uid still gets in
    fams, _ = render(src)
    assert victim_series(fams) == expected and victim_series(fams, "1")
    served = {r.pid for r in src.read({}).ranks}
    assert len(served & set(pids)) == SpoolSourceConfig().max_uid_files
    assert {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_rejected"]}["too_many_files"] > 0


def forged(families: list[Metric], *, pid: int, written: float, identity: dict[str, str]) -> bytes:
    """A rank file as a hostile rank writes it: every family given (an agent's encoder writes
    only those it publishes; these are names no agent publishes, in the daemon's namespace)."""
    return Encoder(pid=pid, interval=1.0, identity=identity, everything=True).encode(families, written)


def _big(pid: int, rank: int, series: int, label: int = 20, labels: int = 1) -> bytes:
    fam = Metric("gpumemd_allocator_big_bytes", "x", "gauge")
    for i in range(series):
        fam.add_sample(
            "gpumemd_allocator_big_bytes",
            {"series": str(i), **{f"l{k}": f"{k}" + "v" * label for k in range(labels)}},
            1.0,
        )
    return forged([fam], pid=pid, written=NOW, identity={"rank": str(rank), "job_id": "evil"})


@pytest.fixture
def shm() -> Iterator[Path]:
    """A spool on tmpfs, as /dev/shm is: it lists the newest entries first, an attacker's files
    before the rank that published earlier."""
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    d = Path(tempfile.mkdtemp(prefix="gpumemd-sec-", dir=base))
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


@needs_root
def test_attacker_ranks_filling_max_total_series_never_evict_a_served_rank(shm: Path) -> None:
    publish_healthy(shm, ME, NOW, rank=0)
    mapping = {pid: ATTACKER for pid in range(200_000, 200_007)}
    budgets = SpoolSourceConfig(max_total_series=2000)  # the default's case, scaled down
    src = source(shm, owner=owners(mapping), alive=lambda pid: True, settings=budgets)
    expected = victim_series(render(src)[0])
    for n, pid in enumerate(mapping):  # 7 ranks: all of max_total_series but 2
        put(shm, pid, _big(pid, 100 + n, 286 if n < 6 else 282), uid=ATTACKER)
    for _ in range(2):
        fams, _ = render(src)
        assert victim_series(fams) == expected


@needs_root
def test_one_uids_ranks_leave_room_for_another_uids_newcomer(shm: Path, child) -> None:
    publish_healthy(shm, ME, NOW, rank=0)
    mapping = {pid: ATTACKER for pid in range(200_000, 200_007)}
    budgets = SpoolSourceConfig(max_total_series=2000, max_uid_series=1000)  # the defaults' ratio
    src = source(shm, owner=owners(mapping), alive=lambda pid: True, settings=budgets)
    expected = victim_series(render(src)[0])
    for n, pid in enumerate(mapping):
        put(shm, pid, _big(pid, 100 + n, 286 if n < 6 else 282), uid=ATTACKER)
    render(src)
    publish_healthy(shm, child.pid, NOW, rank=1)  # published after the attacker filled its budget
    fams, _ = render(src)
    assert victim_series(fams) == expected and victim_series(fams, "1")
    assert {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_rejected"]}["too_many_series"] > 0


@needs_root
def test_long_labels_are_bounded_in_bytes_not_series(victim, child) -> None:
    directory, expected = victim
    mapping = {pid: ATTACKER for pid in range(300_000, 300_040)}
    for n, pid in enumerate(mapping):  # 40 ranks x 120 series of long labels: 7 % of the series budget
        put(directory, pid, _big(pid, 100 + n, 120, label=300, labels=3), uid=ATTACKER)
    budgets = SpoolSourceConfig(max_uid_bytes=1 << 20, max_total_bytes=2 << 20)  # the defaults, scaled down
    src = source(directory, owner=owners(mapping), alive=lambda pid: True, settings=budgets)
    fams, _ = render(src)
    assert victim_series(fams) == expected
    reading = src.read({})
    theirs = [r for r in reading.ranks if r.pid in mapping]
    assert 0 < len(theirs) < 40 and sum(r.bytes for r in theirs) <= budgets.max_uid_bytes
    assert reading.rejected["too_many_bytes"] > 0
    publish_healthy(directory, child.pid, NOW, rank=1)
    fams, _ = render(src)
    assert victim_series(fams) == expected and victim_series(fams, "1")


def test_label_churn_is_refused_for_the_churning_uid_only(tmp_path: Path, child) -> None:
    now = [NOW + 0.5]
    mapping = {child.pid: ATTACKER}
    victim = publish_healthy(tmp_path, ME, NOW, rank=0)
    settings_ = SpoolSourceConfig(max_uid_new_series=100)
    src = source(tmp_path, now=lambda: now[0], owner=owners(mapping), settings=settings_)
    expected = victim_series(render(src)[0])
    refused = 0
    for step in range(40):  # a new label value per series every publish
        now[0] = NOW + step + 0.5
        fam = Metric("gpumemd_allocator_churn_bytes", "x", "gauge")
        for i in range(10):
            fam.add_sample("gpumemd_allocator_churn_bytes", {"v": f"{step}-{i}"}, 1.0)
        put(
            tmp_path,
            child.pid,
            forged([fam], pid=child.pid, written=NOW + step, identity={"rank": "1"}),
        )
        os.utime(victim.path, (NOW + step, NOW + step))  # the victim's heartbeat
        fams, _ = render(src)
        assert victim_series(fams) == expected  # its OOM counter included
        refused += "gpumemd_allocator_churn_bytes" not in fams
    assert refused >= 25  # 10 a publish: 10 publishes fit the budget, then refused until the window ends
    now[0] = NOW + 61 + 40
    assert src.read({}).rejected["label_churn"] >= 1


def _parse_counter(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = reader_mod.parse
    monkeypatch.setattr(
        reader_mod, "parse", lambda data, **kw: (calls.append(len(data)), real(data, **kw))[1]
    )
    return calls


def test_a_hardlinked_file_is_never_parsed(tmp_path: Path, monkeypatch) -> None:
    calls = _parse_counter(monkeypatch)
    publish_healthy(tmp_path, ME, NOW, rank=0)
    one = tmp_path / "big"
    one.write_bytes(_big(ME + 1, 5, 1000))
    for i in range(300):
        os.link(one, tmp_path / f"agent-{400_000 + i}.json")
    src = source(tmp_path, alive=lambda pid: True)
    for step in range(3):  # touched between scans: a new version each time
        os.utime(one, (NOW + step, NOW + step))
        fams, _ = render(src)
        assert victim_series(fams)
    assert len(calls) == 1  # the victim's own file, once
    assert src.read({}).rejected["hardlinked"] == 900


@needs_root
def test_a_file_whose_owner_does_not_own_the_pid_is_never_parsed(tmp_path: Path, monkeypatch) -> None:
    calls = _parse_counter(monkeypatch)
    put(tmp_path, ME, _big(ME, 0, 1000), uid=ATTACKER)  # named for our pid, owned by nobody
    src = source(tmp_path)
    render(src)
    assert calls == [] and src.read({}).rejected["not_owner"] == 1


def test_the_scan_budget_defers_new_files_never_a_known_rank(tmp_path: Path) -> None:
    written = [NOW]
    victim = SpoolWriter(tmp_path, identity={"rank": "0", "job_id": "j"}, interval=1.0, pid=ME,
                         clock=lambda: written[0])
    victim.publish(healthy_families(0))
    ticks = [0.0]

    def monotonic() -> float:
        ticks[0] += 0.6  # every look at the clock: past the scan's time budget
        return ticks[0]

    pids = range(500_000, 500_020)
    src = SpoolSource(
        tmp_path,
        clock=lambda: NOW + 0.5,
        alive=lambda pid: True,
        monotonic=monotonic,
        owner=owners(dict.fromkeys(pids, os.geteuid())),
    )
    expected = victim_series(render(src)[0])
    for pid in pids:
        put(tmp_path, pid, _big(pid, pid, 10))
    for step in range(1, 21):  # one new file read a scan (progress), the victim's rewrite first
        written[0] = NOW + step * 0.01
        victim.publish(healthy_families(0))
        fams, _ = render(src)
        assert victim_series(fams) == expected
    assert src.read({}).counts["deferred"] > 0
    assert {r.pid for r in src.read({}).ranks} == {ME, *pids}


# -- 5. read-only reading --------------------------------------------------------------


def _dead_ranks(directory: Path) -> dict[str, tuple[int, int]]:
    for pid in (4_100_000, 4_100_001):  # pids no process has: dead ranks' last files, long silent
        path = put(
            directory,
            pid,
            encode(healthy_families(1), pid=pid, written=1.0, interval=1.0, identity={"rank": "1"}),
        )
        os.utime(path, (1.0, 1.0))
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in directory.iterdir()}


def test_a_read_only_reader_changes_nothing(tmp_path: Path) -> None:
    before = _dead_ranks(tmp_path)
    src = SpoolSource(tmp_path, read_only=True)
    for _ in range(3):
        src.read({})
    assert {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in tmp_path.iterdir()} == before
    missing = tmp_path / "missing"
    SpoolSource(missing, read_only=True).read({})
    assert not missing.exists()
    SpoolSource(tmp_path).read({})  # the daemon's reader deletes them: the control
    assert not any(p.name.startswith("agent-") for p in tmp_path.iterdir())


def test_explain_leaves_every_spool_file_in_place(tmp_path: Path) -> None:
    spool = tmp_path / "spool"
    spool.mkdir(mode=0o700)
    before = _dead_ranks(spool)
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(f"agent: {{spool_dir: {spool}}}\n")
    r = subprocess.run(
        [sys.executable, "-m", "gpumemd", "explain", "--replay", str(REPLAY), "--config.file", str(cfg)],
        capture_output=True,
        timeout=60,
        cwd=ROOT,
    )
    assert r.returncode in (0, 1), r.stderr.decode()[-2000:]
    assert b"Traceback" not in r.stderr
    assert {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in spool.iterdir()} == before


# -- end to end: a real daemon ----------------------------------------------------------


def test_a_real_daemon_serves_the_victim_intact_next_to_bad_values(tmp_path: Path, child) -> None:
    spool = tmp_path / "spool"
    spool.mkdir(mode=0o700)
    far = time.time() + 3600
    publish_healthy(spool, os.getpid(), far, rank=0)
    bad = [
        ("gpumemd_allocator_allocated_bytes", {"pool": "\ud800"}, 1.0),
        ("gpumemd_allocator_allocated_bytes", {"pool": "inf"}, math.inf),
    ]
    put(
        spool,
        child.pid,
        doc_bytes(
            child.pid,
            {},
            [
                (
                    "gpumemd_allocator_allocated_bytes",
                    "gauge",
                    bad
                    + [
                        (
                            "gpumemd_allocator_allocated_bytes",
                            {"rank": "0", "job_id": "j", "pool": "p0"},
                            1e15,
                        )
                    ],
                ),
                ("gpumemd_oom_events", "counter", [("gpumemd_oom_events_total", {"rank": "0"}, -5.0)]),
            ],
            written=far,
        ),
    )
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(f"sampler: {{interval: 100ms}}\nagent: {{spool_dir: {spool}}}\n")
    with gpumemd_process(["--config.file", str(cfg), "--replay", str(REPLAY)]) as (url, proc):
        text = scrape(url + "/metrics")
        import urllib.request

        req = urllib.request.Request(url + "/metrics", headers={"Accept": "application/openmetrics-text"})
        with urllib.request.urlopen(req, timeout=5) as resp:
            om = resp.read().decode()
        list(om_parse(om))  # OpenMetrics parsers reject a negative counter or a bad name
        s = samples(text)
        mine = {
            dict(lab)["pool"]: v
            for (name, lab), v in s.items()
            if name == "gpumemd_allocator_allocated_bytes" and dict(lab).get("rank") == "0"
        }
        assert mine == {"p0": 1000.0, "p1": 2000.0, "p2": 3000.0}
        assert s[("gpumemd_oom_events_total", (("job_id", "j"), ("rank", "0")))] == 0.0
        assert all(v >= 0 for (name, _), v in s.items() if name == "gpumemd_oom_events_total")
        proc.terminate()
        out = proc.communicate(timeout=10)[0].decode(errors="replace")
    assert "Traceback" not in out


# -- hypothesis: arbitrary documents next to a healthy rank ----------------------------

_text = st.text(max_size=12)
_value = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.text(max_size=3),
    st.booleans(),
    st.none(),
)
_labels = st.dictionaries(
    st.sampled_from(["rank", "pid", "job_id", "gpu", "pool", "a-b", "__x", "le", "\ud800"]),
    st.one_of(_text, st.integers()),
    max_size=4,
)
_name = st.sampled_from(
    [
        "gpumemd_allocator_allocated_bytes",
        "gpumemd_oom_events",
        "gpumemd_allocator_x",
        "gpumemd_agent_errors",
        "gpumemd_process_rank_info",
        "gpumemd_section_calls",
    ]
)
_family = st.tuples(
    _name,
    st.sampled_from(["gauge", "counter", "unknown", "info", "histogram"]),
    st.lists(st.tuples(st.sampled_from(["", "_total", "_created", "_x"]), _labels, _value), max_size=4),
)
_identity = st.dictionaries(st.sampled_from(["rank", "job_id", "pid", "local_rank"]), _text, max_size=3)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(identity=_identity, families=st.lists(_family, max_size=4, unique_by=lambda f: f[0]))
def test_arbitrary_documents_never_break_another_rank(identity: dict, families: list, tmp_path: Path) -> None:
    directory = Path(tempfile.mkdtemp(dir=tmp_path))
    publish_healthy(directory, ME, NOW, rank=0)
    expected = victim_series(render(source(directory, alive=lambda pid: True))[0])
    other = ME + 1
    fams = [(n, t, [(n + suffix, lab, v) for suffix, lab, v in rows]) for n, t, rows in families]
    put(directory, other, doc_bytes(other, identity, fams))
    got, _ = render(source(directory, alive=lambda pid: True, owner=owners({other: os.geteuid()})))
    assert victim_series(got) == expected


def test_the_daemons_schema_is_the_type_the_agents_render() -> None:
    """agent_schema() (the canonical list) against the types in the golden expositions (the
    agent's own and the daemon's with merged ranks): a counter the list calls a gauge would be
    dropped from every rank."""
    from gpumemd.spool.format import agent_schema
    from tests.helpers import GOLDEN

    schema, seen = agent_schema(), 0
    for golden in sorted(GOLDEN.glob("*.prom")):
        for fam in text_parse(golden.read_text()):
            if fam.name in schema:
                assert schema[fam.name] == fam.type, (golden.name, fam.name)
                seen += 1
    assert seen > 20


SECOND_ATTACKER = 65533


@needs_root
def test_two_attacker_uids_filling_the_series_total_leave_a_third_uids_newcomer_its_share(shm: Path) -> None:
    """Each attacker uid within its own cap, both together all of `max_total_series`: the totals
    are shared by the uids present, so a third uid's new rank is admitted (on main: too_many_series)."""
    mapping = {pid: ATTACKER for pid in range(200_000, 200_004)}
    mapping.update({pid: SECOND_ATTACKER for pid in range(210_000, 210_004)})
    budgets = SpoolSourceConfig(max_total_series=2000, max_uid_series=1000)  # the defaults' ratio
    src = source(shm, owner=owners(mapping), alive=lambda pid: True, settings=budgets)
    for n, (pid, uid) in enumerate(mapping.items()):  # 4 ranks x 250 series each uid: the total
        put(shm, pid, _big(pid, 100 + n, 250), uid=uid)
    fams, _ = render(src)
    assert len({lab["rank"] for _, lab, _ in fams["gpumemd_allocator_big_bytes"]}) == 8
    publish_healthy(shm, ME, NOW, rank=0)
    fams, _ = render(src)
    assert victim_series(fams)  # the newcomer of a third uid is served
    ranks = {lab["rank"] for _, lab, _ in fams["gpumemd_allocator_big_bytes"]}
    assert len(ranks) == 7  # one attacker rank past its uid's share gave way
    assert sum(1 for _, lab, _ in fams["gpumemd_allocator_big_bytes"]) <= 2000
    assert {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_rejected"]}["too_many_series"] > 0


@needs_root
def test_two_attacker_uids_filling_the_file_total_leave_a_third_uids_newcomer_its_share(shm: Path) -> None:
    mapping = {pid: ATTACKER for pid in range(200_000, 200_004)}
    mapping.update({pid: SECOND_ATTACKER for pid in range(210_000, 210_004)})
    budgets = SpoolSourceConfig(max_files=8, max_uid_files=4)  # the defaults' ratio, scaled down
    src = source(shm, owner=owners(mapping), alive=lambda pid: True, settings=budgets)
    for n, (pid, uid) in enumerate(mapping.items()):
        put(shm, pid, _big(pid, 100 + n, 2), uid=uid)
    render(src)
    publish_healthy(shm, ME, NOW, rank=0)
    fams, _ = render(src)
    assert victim_series(fams)  # on main: too_many_files
    assert len({lab["rank"] for _, lab, _ in fams["gpumemd_allocator_big_bytes"]}) == 7
    assert {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_rejected"]}["too_many_files"] > 0
