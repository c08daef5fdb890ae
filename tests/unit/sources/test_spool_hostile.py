"""The spool is an untrusted boundary: every hostile file is skipped and counted once, the
healthy rank next to it is served unchanged, and the exposition stays valid (promtool)."""

from __future__ import annotations

import grp
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpumemd import config as config_mod
from gpumemd.sources.spool import SpoolSource
from gpumemd.spool import reader as spool_mod
from gpumemd.spool.format import REASONS, validate
from tests.spool_hostile import (
    HOSTILE,
    HOSTILE_SERIES,
    SPECIAL,
    as_nobody,
    healthy_doc,
    promtool_errors,
    publish_healthy,
    served,
    write_hostile,
)

NOW = 1000.0
PID = os.getpid()  # the healthy rank: a live process owned by whoever runs the tests
needs_promtool = pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool not installed")
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to write files as another uid (nobody)")


def source(directory: Path, **kw) -> SpoolSource:
    kw.setdefault("clock", lambda: NOW + 0.5)
    return SpoolSource(directory, expire_intervals=5, **kw)


@pytest.fixture
def healthy(tmp_path: Path) -> tuple[Path, list]:
    publish_healthy(tmp_path, PID, NOW)
    alone, _ = served(source(tmp_path))
    assert alone["gpumemd_spool_ranks"][0][2] == 1
    return tmp_path, alone["gpumemd_allocator_allocated_bytes"]


def test_each_hostile_file_is_rejected_once_with_its_reason_next_to_a_healthy_rank(healthy) -> None:
    directory, expected = healthy
    reasons: dict[str, int] = {}
    for i, kind in enumerate([*HOSTILE, *SPECIAL]):
        reason = write_hostile(directory, kind, 10_000 + i, target=directory / f"agent-{PID}.json")
        reasons[reason] = reasons.get(reason, 0) + 1
    # every file in one scan: the scan's time budget (tested on its own) would defer some on a
    # busy machine, where the files refused at the reader's allowance take a while to read
    src = source(directory, settings=config_mod.SpoolSourceConfig(max_scan_seconds=60))
    for _ in range(3):  # counted once each, not every read
        fams, text = served(src)
        assert fams["gpumemd_allocator_allocated_bytes"] == expected
        assert fams["gpumemd_spool_ranks"][0][2] == 1
        got = {labels["reason"]: v for _, labels, v in fams["gpumemd_spool_rejected"]}
        assert got == {r: float(reasons.get(r, 0)) for r in REASONS}
    assert "gpumemd_build_info" not in fams  # not an agent family: not merged


@needs_promtool
def test_promtool_accepts_the_exposition_next_to_hostile_files(healthy) -> None:
    directory, _ = healthy
    for i, kind in enumerate(HOSTILE):
        write_hostile(directory, kind, 20_000 + i)
    _, text = served(source(directory))
    assert promtool_errors(text) == ""


def test_validate_drops_nan_and_inf_series_only_and_other_families() -> None:
    doc = healthy_doc(42)
    doc["samples"][0][3] = float("nan")
    doc["samples"][1][3] = float("-inf")
    rank = validate(doc, name_pid=42)
    assert not isinstance(rank, spool_mod.Rejection), rank
    names = [f[0] for f in rank.families]
    assert names == ["gpumemd_allocator_allocated_bytes", "gpumemd_oom_events"] and rank.series == 2
    assert rank.dropped == {"non_finite": 2}


def test_each_hostile_value_drops_its_series_only(tmp_path: Path) -> None:
    for kind, (make, reason) in HOSTILE_SERIES.items():
        rank = validate(json.loads(make(42)), name_pid=42)
        assert not isinstance(rank, spool_mod.Rejection), (kind, rank)
        assert rank.dropped == {reason: 1}, (kind, rank.dropped)
        assert rank.series >= 3, kind  # the rest of the file stands


def test_a_file_rewritten_bad_is_counted_each_version_and_logged_once(tmp_path: Path, caplog) -> None:
    bad = tmp_path / "agent-78.json"
    src = source(tmp_path)
    for i in range(5):  # a hostile writer rewrites its junk every sample
        bad.write_bytes(HOSTILE["format_other"][0](78) + b" " * i)
        served(src)
    reading = src.read({})
    assert reading.rejected["schema"] == 5
    assert sum("agent-78.json" in r.getMessage() for r in caplog.records) == 1


def test_a_rejected_version_is_not_read_again_until_it_changes(tmp_path: Path, monkeypatch) -> None:
    calls: list[int] = []
    real = spool_mod.parse
    monkeypatch.setattr(spool_mod, "parse", lambda data, **kw: (calls.append(len(data)), real(data, **kw))[1])
    bad = tmp_path / "agent-77.json"
    bad.write_bytes(HOSTILE["format_other"][0](77))
    src = source(tmp_path)
    for _ in range(3):
        served(src)
    assert len(calls) == 1
    bad.write_bytes(HOSTILE["pid_string"][0](77) + b" ")  # a new version: read (and counted) again
    fams, _ = served(src)
    assert len(calls) == 2
    assert {lab["reason"]: v for _, lab, v in fams["gpumemd_spool_rejected"]}["schema"] == 2


def test_a_heartbeat_does_not_parse_the_rank_again(tmp_path: Path, monkeypatch) -> None:
    calls: list[int] = []
    real = spool_mod.parse
    monkeypatch.setattr(spool_mod, "parse", lambda data, **kw: (calls.append(1), real(data, **kw))[1])
    now = [NOW + 0.5]
    w = publish_healthy(tmp_path, PID, NOW)
    src = source(tmp_path, clock=lambda: now[0])
    served(src)
    for step in range(1, 4):  # the agent touches its unchanged file each interval
        os.utime(w.path, (NOW + step, NOW + step))
        now[0] = NOW + step + 0.5
        (rank,) = src.read({}).ranks
        assert rank.written == NOW + step
    assert len(calls) == 1


def test_a_file_of_another_uid_claiming_a_pid_is_not_owner(tmp_path: Path) -> None:
    path = publish_healthy(tmp_path, 4242, NOW).path
    src = source(tmp_path, owner=lambda pid: 12345)  # pid 4242 runs as uid 12345
    if os.geteuid() == 0:  # root's files are trusted for any pid: make it someone else's
        os.chown(path, 54321, -1)
    reading = src.read({})
    assert reading.ranks == () and reading.rejected["not_owner"] == 1
    # root's files are trusted for any pid; the pid's owner's files are accepted
    assert (
        len(source(tmp_path, owner=lambda pid: os.stat(path).st_uid).read({}).ranks)
        == 1
    )


def test_unverifiable_ranks_are_rejected_unless_accepted(tmp_path: Path) -> None:
    doc = healthy_doc(4343, written=NOW)
    doc["pidns"] = "pid:[1]"  # another PID namespace: its pid means nothing here
    (tmp_path / "agent-4343.json").write_text(json.dumps(doc))
    reading = source(tmp_path, owner=lambda pid: 0, pidns="pid:[2]").read({})
    assert reading.ranks == () and reading.rejected["pid_unknown"] == 1
    lax = config_mod.SpoolSourceConfig(accept_unverified=True)
    assert [r.pid for r in source(tmp_path, pidns="pid:[2]", settings=lax).read({}).ranks] == [4343]


def test_a_fresh_file_of_a_pid_never_seen_is_rejected_and_an_old_one_expires(tmp_path: Path) -> None:
    publish_healthy(tmp_path, 4444, NOW)
    src = source(tmp_path, owner=lambda pid: None, alive=lambda pid: False)
    assert src.read({}).rejected["pid_unknown"] == 1
    later = source(tmp_path, owner=lambda pid: None, alive=lambda pid: False, clock=lambda: NOW + 2)
    reading = later.read({})
    assert reading.ranks == () and reading.counts["expired"] == 1
    assert not (tmp_path / "agent-4444.json").exists()  # a dead rank's file is deleted


def test_last_words_of_a_rank_seen_alive_are_served(tmp_path: Path) -> None:
    publish_healthy(tmp_path, 4545, NOW)
    running = [True]
    src = source(
        tmp_path, owner=lambda pid: os.geteuid() if running[0] else None, alive=lambda pid: running[0]
    )
    assert len(src.read({}).ranks) == 1
    running[0] = False  # it died of an OOM; its file is fresh and its owner is remembered
    assert len(src.read({}).ranks) == 1


def test_too_many_files_keeps_the_known_ranks(tmp_path: Path) -> None:
    publish_healthy(tmp_path, PID, NOW)
    settings = config_mod.SpoolSourceConfig(max_files=2)
    src = source(tmp_path, settings=settings)
    assert len(src.read({}).ranks) == 1
    for pid in range(1, 6):  # names sort before ours
        publish_healthy(tmp_path, pid, NOW, rank=pid)
    reading = src.read({})
    assert PID in [r.pid for r in reading.ranks]
    assert reading.rejected["too_many_files"] == 4
    assert src.read({}).rejected["too_many_files"] == 4  # once per file


def test_total_series_are_capped(tmp_path: Path) -> None:
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        publish_healthy(tmp_path, PID, NOW, rank=0)
        publish_healthy(tmp_path, child.pid, NOW, rank=1)
        reading = source(tmp_path, settings=config_mod.SpoolSourceConfig(max_total_series=5)).read({})
        assert len(reading.ranks) == 1 and reading.rejected["too_many_series"] == 1
    finally:
        child.communicate(b"", timeout=10)


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    d = Path(tempfile.mkdtemp(prefix="gpumemd-spool-test-"))
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def test_unsafe_directories_are_not_read(shared_dir: Path) -> None:
    spool = shared_dir / "spool"
    spool.mkdir()
    publish_healthy(spool, PID, NOW)
    assert len(source(spool).read({}).ranks) == 1
    os.chmod(spool, 0o777)  # anyone may replace anyone's file
    reading = source(spool).read({})
    assert reading.ranks == () and reading.rejected["unsafe_directory"] == 1
    os.chmod(spool, 0o1777)  # like /tmp: safe, since files are verified
    assert len(source(spool).read({}).ranks) == 1
    link = shared_dir / "link"
    link.symlink_to(spool)
    reading = source(link).read({})
    assert reading.ranks == () and reading.rejected["unsafe_directory"] == 1
    if os.geteuid() == 0:
        os.chown(spool, 65534, -1)  # nobody's directory: nobody chooses what we read
        reading = source(spool).read({})
        assert reading.ranks == () and reading.rejected["unsafe_directory"] == 1


def test_the_daemon_creates_a_missing_spool_1770_with_its_group(shared_dir: Path) -> None:
    gid = (
        os.getegid()
        if os.geteuid() != 0
        else grp.getgrnam("nogroup" if _has_group("nogroup") else "nobody").gr_gid
    )
    spool = shared_dir / "deep" / "spool"
    reading = source(spool, settings=config_mod.SpoolSourceConfig(group=str(gid))).read({})
    assert reading.ranks == ()
    st = spool.stat()
    assert stat.S_IMODE(st.st_mode) == 0o1770 and st.st_gid == gid and st.st_uid == os.geteuid()
    world = shared_dir / "world"
    source(world, settings=config_mod.SpoolSourceConfig(world_writable=True)).read({})
    assert stat.S_IMODE(world.stat().st_mode) == 0o1777


def _has_group(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


@needs_root
def test_a_writer_running_as_nobody_can_publish_its_own_pid_but_not_ours(shared_dir: Path) -> None:
    os.chmod(shared_dir, 0o755)
    spool = shared_dir / "spool"
    spool.mkdir()
    os.chmod(spool, 0o1777)
    publish_healthy(spool, PID, NOW)
    liar = as_nobody(spool, 5, NOW, claim=os.getppid())  # our parent: a root process
    honest = as_nobody(spool, 6, NOW)
    try:
        for w in (liar, honest):
            assert w.stdout is not None and w.stdout.readline() == b"ok\n"
        assert (spool / f"agent-{os.getppid()}.json").stat().st_uid == 65534
        reading = source(spool).read({})
        by_rank = {r.identity["rank"]: r for r in reading.ranks}
        assert set(by_rank) == {"0", "6"}  # ours, and nobody's own process
        assert by_rank["6"].uid == 65534 and by_rank["6"].pid == honest.pid
        assert reading.rejected["not_owner"] == 1  # nobody's file claiming a root process
    finally:
        for w in (liar, honest):
            w.communicate(b"", timeout=10)


def test_a_time_to_come_is_now(tmp_path: Path) -> None:
    """A `written` in the future would never expire and would win every conflict."""
    publish_healthy(tmp_path, PID, NOW + 10**6)
    (rank,) = source(tmp_path).read({}).ranks
    assert rank.written == NOW + 0.5


def test_a_declared_familys_help_is_the_daemons_not_the_ranks(tmp_path: Path) -> None:
    # the healthy rank publishes gpumemd_allocator_allocated_bytes with its own HELP ("Bytes allocated.")
    from gpumemd import known_metrics

    publish_healthy(tmp_path, PID, NOW)
    src = source(tmp_path)
    families = {f.name: f for f in src.families(src.read({}))}
    fam = families["gpumemd_allocator_allocated_bytes"]
    assert fam.samples
    assert fam.documentation == known_metrics.family(fam.name).help != "Bytes allocated."  # type: ignore[union-attr]
