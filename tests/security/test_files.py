"""The boundary *files gpumemd writes* (spool files, allocator snapshots, step traces,
`gpumemd capture -o`, profiler outputs), attacked by another local user.

Real files, real directories, real processes, and a second and third uid where the machine
allows (root here: the victim runs as `nobody`, the attacker as uid 65533 in the victim's
group, through `os.setuid` in the child; skipped with the reason elsewhere). Each expected
failure must end as one log line and a counter, never a traceback.

ENOSPC comes from a real 64 KiB tmpfs (`mount -t tmpfs`, root only); where that cannot be
mounted the same test uses RLIMIT_FSIZE in the child (EFBIG) and says so in its id.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import ROOT, SCRIPTS, agent_env, samples

VICTIM = 65534  # nobody
ATTACKER = 65533  # shares the victim's group: the documented `root:<gid> 1770` spool layout
GROUP = 65534
PID = 4242  # the victim agent's pid as written in its file names
CHECKPOINT = b"precious weights"

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="a second uid needs root (os.setuid in the child)")


@pytest.fixture
def base() -> Iterator[Path]:
    """A directory every uid can traverse (pytest's tmp_path is root's, 0700)."""
    d = Path(tempfile.mkdtemp(prefix="gpumemd-sec-"))
    d.chmod(0o755)
    yield d
    for dirpath, dirnames, _ in os.walk(d):  # undo the tests' 0500s before removing
        for n in dirnames:
            if os.path.islink(os.path.join(dirpath, n)):  # a planted link: nothing to undo
                continue
            try:
                os.chmod(os.path.join(dirpath, n), 0o755)
            except OSError:
                pass
    shutil.rmtree(d, ignore_errors=True)


def home_of(base: Path, uid: int) -> Path:
    """The victim's own directory with its checkpoint in it."""
    home = base / f"home-{uid}"
    home.mkdir(mode=0o755)
    os.chown(home, uid, GROUP)
    ckpt = home / "checkpoint.pt"
    ckpt.write_bytes(CHECKPOINT)
    os.chown(ckpt, uid, GROUP)
    return ckpt


def shared_spool(base: Path, mode: int = 0o1770, owner: int = 0) -> Path:
    spool = base / "spool"
    spool.mkdir()
    os.chown(spool, owner, GROUP)
    spool.chmod(mode)
    return spool


def run_as(uid: int, code: str, *, limit_fsize: int | None = None, timeout: float = 30.0
           ) -> subprocess.CompletedProcess[str]:
    """`code` in a fresh Python that becomes `uid` (group GROUP) once its imports are done
    (the interpreter lives under root's 0700 home here: it cannot be exec'd as another uid);
    its stdout's last line is JSON."""
    def limit() -> None:
        if limit_fsize is not None:
            import resource
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_fsize, limit_fsize))
    prelude = textwrap.dedent(f"""
        import json, logging, os, sys, time
        import gpumemd.agent.steptrace, gpumemd.fs, gpumemd.sources.oom, gpumemd.spool.writer
        import tests.fakes, tests.spool_hostile
        logging.basicConfig(level=logging.INFO, stream=sys.stderr)
        os.setgroups([]); os.setgid({GROUP}); os.setuid({uid})
    """)
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], cwd="/", env=agent_env(),
                          capture_output=True, text=True, timeout=timeout, preexec_fn=limit)


def result(r: subprocess.CompletedProcess[str]) -> dict:
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr, r.stderr
    return dict(json.loads(r.stdout.strip().splitlines()[-1]))


def warnings_of(r: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in r.stderr.splitlines() if line.startswith("WARNING")]


PUBLISH = f"""
    from pathlib import Path
    from gpumemd.fs import write_errors
    from gpumemd.spool.writer import SpoolWriter
    from tests.spool_hostile import healthy_families
    w = SpoolWriter(Path(sys.argv[1] if len(sys.argv) > 1 else SPOOL), identity={{"rank": "0"}}, interval=1.0,
                    pid={PID})
    for _ in range(3):
        w.publish(healthy_families())
    print(json.dumps({{"errors": [[k[0], k[1], n] for k, n in write_errors.counts().items()]}}))
"""


def publish_as(uid: int, spool: Path) -> subprocess.CompletedProcess[str]:
    return run_as(uid, f"SPOOL = {str(spool)!r}\n" + textwrap.dedent(PUBLISH))


def plant(name: Path, target: Path) -> None:
    """The attacker's symlink (owned by the attacker, as if it had made it)."""
    os.symlink(target, name)
    os.lchown(name, ATTACKER, GROUP)


# --- the spool writer ----------------------------------------------------------------------

@needs_root
@pytest.mark.parametrize("planted", [f".agent-{PID}.json.tmp", f".agent-{PID}.json.0123456789abcdef.tmp"])
def test_a_planted_symlink_in_the_shared_spool_cannot_overwrite_the_victims_file(
    base: Path, planted: str
) -> None:
    ckpt = home_of(base, VICTIM)
    spool = shared_spool(base)  # root:<group> 1770, both users in the group
    plant(spool / planted, ckpt)
    r = publish_as(VICTIM, spool)
    assert result(r)["errors"] == []
    assert ckpt.read_bytes() == CHECKPOINT
    (published,) = spool.glob(f"agent-{PID}-*.json")
    assert not published.is_symlink() and published.stat().st_uid == VICTIM
    assert json.loads(published.read_bytes())["format"].startswith("gpumemd-spool/")


@needs_root
def test_a_planted_symlink_at_the_predictable_name_is_not_followed_and_stops_nothing(base: Path) -> None:
    """The name of older agents, `agent-<pid>.json`, planted as a link to the checkpoint: the
    victim publishes under its own unpredictable name, and nothing is written through the link."""
    ckpt = home_of(base, VICTIM)
    spool = shared_spool(base)
    plant(spool / f"agent-{PID}.json", ckpt)
    r = publish_as(VICTIM, spool)
    assert result(r)["errors"] == [] and warnings_of(r) == [], r.stderr
    assert ckpt.read_bytes() == CHECKPOINT
    (published,) = spool.glob(f"agent-{PID}-*.json")
    assert published.stat().st_uid == VICTIM
    assert [n for n in os.listdir(spool) if n.endswith(".tmp")] == []  # no temp left behind


@needs_root
def test_a_precreated_temp_name_does_not_stop_publishing(base: Path) -> None:
    spool = shared_spool(base)
    planted = spool / f".agent-{PID}.json.tmp"
    planted.write_bytes(b"")
    os.chown(planted, ATTACKER, GROUP)
    assert result(publish_as(VICTIM, spool))["errors"] == []
    (published,) = spool.glob(f"agent-{PID}-*.json")
    assert published.stat().st_uid == VICTIM


@needs_root
@pytest.mark.parametrize(
    "mode,owner,reason",
    [
        (0o777, ATTACKER, "not-owned"),  # pre-created by another user, world-writable
        (0o1777, ATTACKER, "not-owned"),  # sticky, but its owner may still replace our files
        (0o777, VICTIM, "shared-not-sticky"),  # the victim's own, but anyone may rename files in it
        (0o700, ATTACKER, "permission"),  # another user's private directory
    ],
)
def test_a_spool_directory_others_control_is_refused_in_one_line(
    base: Path, mode: int, owner: int, reason: str
) -> None:
    ckpt = home_of(base, VICTIM)
    spool = shared_spool(base, mode=mode, owner=owner)
    if mode & 0o002:
        plant(spool / f".agent-{PID}.json.tmp", ckpt)
    r = publish_as(VICTIM, spool)
    assert result(r)["errors"] == [["spool", reason, 3]]  # every failed publish counted
    lines = warnings_of(r)
    assert len(lines) == 1 and str(spool) in lines[0], r.stderr  # logged once, not per publish
    assert ckpt.read_bytes() == CHECKPOINT
    assert not (spool / f"agent-{PID}.json").exists() or mode == 0o700


def test_the_agents_own_metrics_never_depend_on_the_spool(base: Path) -> None:
    """A spool path the agent cannot even stat (a file where a directory should be) made the
    agent's endpoint process answer 500: it serves the agent's sample, the failure counted.
    (As root: the endpoint process is a fresh interpreter, which another uid cannot exec here.)"""
    (base / "f").write_bytes(b"")
    spool, reason = base / "f" / "spool", "not-a-directory"
    args = json.dumps({"listen_address": "127.0.0.1:0", "spool_dir": str(spool), "spool_interval": 0.1})
    proc = subprocess.Popen(
        [sys.executable, str(SCRIPTS / "endpoint_proc.py"), args],
        cwd=ROOT,
        env=agent_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        hello = json.loads(proc.stdout.readline())
        deadline, status, body = time.monotonic() + 15, 0, ""
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://{hello['address']}/metrics", timeout=5) as resp:
                    status, body = resp.status, resp.read().decode()
                if counted(body, reason):
                    break
            except urllib.error.HTTPError as exc:
                status = exc.code
                if exc.code != 503:  # 503 only until the first sample is published
                    break
            time.sleep(0.05)
        assert status == 200, status
        assert "gpumemd_allocator_allocated_bytes{" in body and counted(body, reason), body[-2000:]
    finally:
        proc.stdin.close()  # type: ignore[union-attr]
        proc.wait(20)
    err = proc.stderr.read() if proc.stderr else ""
    assert "Traceback" not in err, err
    assert err.count("cannot write spool") == 1, err
    assert not os.path.lexists(spool) or os.listdir(spool) == []


@needs_root
def test_a_refused_spool_still_feeds_the_endpoints_private_copy(base: Path, tmp_path: Path) -> None:
    """The endpoint process reads the agent's private copy, written first and on its own."""
    from gpumemd.spool.writer import SpoolWriter
    from tests.spool_hostile import healthy_families

    spool = shared_spool(base, mode=0o777, owner=ATTACKER)
    w = SpoolWriter(spool, identity={"rank": "0"}, interval=1.0, pid=PID, private=tmp_path)
    w.publish(healthy_families())
    assert w.private_path is not None and json.loads(w.private_path.read_bytes())["pid"] == PID
    assert os.listdir(spool) == []  # refused: another user's, writable by all


def counted(body: str, reason: str) -> bool:
    return any(
        name == "gpumemd_agent_write_errors_total"
        and dict(labels).get("what") == "spool"
        and dict(labels).get("reason") == reason
        and value >= 1
        for (name, labels), value in samples(body).items()
    )


# --- allocator snapshots ---------------------------------------------------------------------

SNAPSHOT = """
    from gpumemd.fs import write_errors
    from gpumemd.sources.oom import OomWatcher
    from tests.fakes import FakeTorch
    now = [1000.0]
    w = OomWatcher(FakeTorch(snapshot_bytes=SIZE), snapshot_dir=DIR, max_snapshots=2, min_dump_interval=0.0,
                   labels={"rank": "0"}, clock=lambda: now[0])
    paths = []
    for i in range(DUMPS):
        now[0] += 1.5
        paths.append(w.dump_snapshot("oom"))
    reading = w.read({})
    print(json.dumps({"paths": paths, "snapshots": dict(reading.snapshots),
                      "errors": [[k[0], k[1], n] for k, n in write_errors.counts().items()]}))
"""


def snapshots_as(
    uid: int, directory: Path, dumps: int = 3, size: int = 100, limit_fsize: int | None = None
) -> subprocess.CompletedProcess[str]:
    code = f"DIR, DUMPS, SIZE = {str(directory)!r}, {dumps}, {size}\n" + textwrap.dedent(SNAPSHOT)
    return run_as(uid, code, limit_fsize=limit_fsize)


def victim_dir(base: Path, name: str, mode: int = 0o755) -> Path:
    d = base / name
    d.mkdir()
    os.chown(d, VICTIM, GROUP)
    d.chmod(mode)
    return d


@needs_root
def test_an_unwritable_snapshot_directory_is_one_line_and_a_counter(base: Path) -> None:
    d = victim_dir(base, "snaps", mode=0o500)
    out = result(snapshots_as(VICTIM, d))
    assert out["paths"] == [None, None, None] and out["snapshots"] == {"failed": 3}
    assert out["errors"] == [["snapshot", "permission", 3]]


@needs_root
def test_a_file_where_the_snapshot_directory_should_be(base: Path) -> None:
    f = base / "snaps"
    f.write_bytes(b"")
    r = snapshots_as(VICTIM, f / "sub")
    out = result(r)
    assert out["snapshots"] == {"failed": 3} and out["errors"] == [["snapshot", "not-a-directory", 3]]
    assert len(warnings_of(r)) == 1, r.stderr


def _tmpfs(path: Path) -> bool:
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    return (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", str(path)],
            capture_output=True,
            timeout=10,
        ).returncode
        == 0
    )


@needs_root
def test_a_full_filesystem_is_one_line_and_a_counter(base: Path) -> None:
    mnt = base / "small"
    mnt.mkdir()
    mounted = _tmpfs(mnt)
    try:
        d = victim_dir(mnt, "snaps")
        if mounted:  # ENOSPC: a real 64 KiB tmpfs
            r, reason = snapshots_as(VICTIM, d, size=200_000), "no-space"
        else:  # EFBIG: RLIMIT_FSIZE in the child (no tmpfs mount here)
            r, reason = snapshots_as(VICTIM, d, size=200_000, limit_fsize=64 << 10), "too-large"
        out = result(r)
        assert out["snapshots"] == {"failed": 3} and out["errors"] == [["snapshot", reason, 3]]
        assert len(warnings_of(r)) == 1, r.stderr
        assert os.listdir(d) == []  # the partial file and its private directory are gone
    finally:
        if mounted:
            subprocess.run(["umount", str(mnt)], timeout=10)


@needs_root
def test_rotation_keeps_its_bound_whatever_is_named_like_an_old_snapshot(base: Path) -> None:
    d = victim_dir(base, "snaps", mode=0o1777)
    d.chmod(0o755)
    old = "gpumemd-r0-20200101T000000.000-oom.pickle"
    ckpt = home_of(base, VICTIM)
    (d / old).symlink_to(d / "nowhere")  # dangling
    (d / old.replace("T00", "T01")).symlink_to(ckpt)
    (d / old.replace("T00", "T02")).mkdir()
    os.mkfifo(d / old.replace("T00", "T03"))
    theirs = d / old.replace("T00", "T04")
    theirs.write_bytes(b"x")
    out = result(snapshots_as(VICTIM, d, dumps=5))
    assert out["snapshots"] == {"written": 5}
    ours = [
        n
        for n in os.listdir(d)
        if (d / n).is_file() and not (d / n).is_symlink() and (d / n).stat().st_uid == VICTIM
    ]
    assert len(ours) == 2  # oom_max_snapshots holds
    assert sorted(ours) == sorted(Path(p).name for p in out["paths"][-2:])
    assert ckpt.read_bytes() == CHECKPOINT and theirs.exists()


# --- step traces ------------------------------------------------------------------------------

TRACE = """
    import time
    from gpumemd.agent.steptrace import StepTrace
    from gpumemd.fs import write_errors

    class Prof:
        def start(self): pass
        def stop(self): pass
        def export_chrome_trace(self, path):
            with open(path, "wb") as f:
                f.write(b"{}")

    t = StepTrace(DIR, steps=1, max_files=2, pid=PID, profiler=Prof)
    for _ in range(3):
        t.arm("oom")
        t.step(); t.step()
        t.join(10)
    print(json.dumps({"results": t.results, "written": t.written,
                      "errors": [[k[0], k[1], n] for k, n in write_errors.counts().items()]}))
"""


@needs_root
def test_traces_never_follow_a_planted_link_and_refuse_a_directory_of_another_user(base: Path) -> None:
    ckpt = home_of(base, VICTIM)
    d = victim_dir(base, "traces", mode=0o1777)
    now = time.time()
    for s in range(-1, 6):  # the names of the next seconds' traces are predictable
        stamp = time.strftime("%Y%m%dT%H%M%S", time.localtime(now + s))
        (d / f"trace-{PID}-{stamp}-oom.json.gz").symlink_to(ckpt)
    out = result(run_as(VICTIM, f"DIR, PID = {str(d)!r}, {PID}\n" + textwrap.dedent(TRACE)))
    assert out["results"] == {"written": 3} and ckpt.read_bytes() == CHECKPOINT
    theirs = base / "theirs"
    theirs.mkdir(mode=0o777)
    theirs.chmod(0o777)
    os.chown(theirs, ATTACKER, GROUP)
    out = result(run_as(VICTIM, f"DIR, PID = {str(theirs)!r}, {PID}\n" + textwrap.dedent(TRACE)))
    assert out["results"] == {"failed": 3} and out["errors"] == [["trace", "not-owned", 3]]
    assert os.listdir(theirs) == []


# --- files a user names: capture -o, rules export -o, the profiler's outputs --------------------


def gpumemd_cli(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from gpumemd.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**agent_env(), "LD_LIBRARY_PATH": "/nonexistent"},
    )


@pytest.mark.parametrize("command", [["capture", "--keep-errors"], ["rules", "export"]])
def test_a_cli_output_that_is_a_symlink_is_refused_not_followed(tmp_path: Path, command: list[str]) -> None:
    ckpt = tmp_path / "checkpoint.pt"
    ckpt.write_bytes(CHECKPOINT)
    link = tmp_path / "out.json"
    link.symlink_to(ckpt)
    r = gpumemd_cli(*command, "-o", str(link))
    assert r.returncode == 2 and "symbolic link" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert ckpt.read_bytes() == CHECKPOINT
    link.unlink()
    (tmp_path / "out.json").write_bytes(b"old")  # an existing file is replaced, as with -o anywhere
    r = gpumemd_cli(*command, "-o", str(link))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out.json").read_bytes() != b"old"


def test_profiler_outputs_refuse_a_planted_symlink(tmp_path: Path) -> None:
    from gpumemd.profiler.profiler import GPUMemoryProfiler
    from tests.fakes import FakeTorch  # noqa: F401  (the profiler runs on the CPU here)

    ckpt = tmp_path / "checkpoint.pt"
    ckpt.write_bytes(CHECKPOINT)
    for name in ("p.json", "p.png"):
        (tmp_path / name).symlink_to(ckpt)
    with GPUMemoryProfiler(device="cpu") as prof:
        with pytest.raises(OSError, match="symbolic link"):
            prof.to_json(tmp_path / "p.json")
        pytest.importorskip("matplotlib")
        with pytest.raises(OSError, match="symbolic link"):
            prof.save_plot(tmp_path / "p.png")
        prof.to_json(tmp_path / "ok.json")
    assert ckpt.read_bytes() == CHECKPOINT and json.loads((tmp_path / "ok.json").read_text())


def test_an_oom_diagnosis_never_follows_a_link_planted_at_its_name(tmp_path: Path) -> None:
    """`<snapshot>.diagnosis.json` is predictable from the snapshot's name: a link planted
    there is replaced, never written through, and the diagnoses keep the snapshots' count."""
    from gpumemd.diagnosis.oom import Diagnosis
    from gpumemd.sources.oom import OomWatcher
    from tests.fakes import FakeTorch

    ckpt = tmp_path / "checkpoint.pt"
    ckpt.write_bytes(CHECKPOINT)
    d = tmp_path / "snaps"
    d.mkdir(mode=0o700)
    now = [1000.0]
    w = OomWatcher(
        FakeTorch(),
        snapshot_dir=str(d),
        max_snapshots=2,
        min_dump_interval=0.0,
        labels={"rank": "0"},
        clock=lambda: now[0],
        diagnose=lambda *a: Diagnosis("capacity", "s", "f"),
    )
    for _ in range(4):
        now[0] += 1.5
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now[0])) + f"{now[0] % 1:.3f}"[1:]
        (d / f"gpumemd-r0-{stamp}-oom.diagnosis.json").symlink_to(ckpt)
        w._observe(0, 1 << 30, 80 << 30, 1 << 20)
        w._api.num += 1  # the allocator's own OOM count moved: the next event is a new OOM
    assert ckpt.read_bytes() == CHECKPOINT
    diagnoses = [p for p in d.glob("*.diagnosis.json") if not p.is_symlink()]
    assert len(diagnoses) == 2 and all(json.loads(p.read_bytes())["cause"] == "capacity" for p in diagnoses)


# --- the way to the directory: every component from / ---------------------------------------

WAY = """
    from gpumemd.fs import SafeDir, WriteError
    try:
        path = SafeDir(DIR, what="snapshot").write("gpumemd-r0-x.pickle", b"snapshot")
        print(json.dumps({"written": str(path)}))
    except WriteError as err:
        print(json.dumps({"reason": err.reason, "line": str(err)}))
"""


def write_as(uid: int, directory: str | Path) -> dict:
    """One write through SafeDir as `uid`: {"written": path} or {"reason", "line"}."""
    return result(run_as(uid, f"DIR = {str(directory)!r}\n" + textwrap.dedent(WAY)))


def owned_dir(path: Path, uid: int, mode: int, gid: int = GROUP) -> Path:
    path.mkdir()
    os.chown(path, uid, gid)
    path.chmod(mode)
    return path


@needs_root
def test_a_link_another_user_planted_on_the_way_is_not_followed(base: Path) -> None:
    """The snapshot directory is configured as `<shared tmp>/job/snaps`; another user plants
    `job` as a link to a directory of theirs. Main followed it: the victim made `snaps` there
    and wrote its snapshots into a directory the attacker controls."""
    shared = owned_dir(base / "tmp", 0, 0o1777, gid=0)  # /tmp's layout
    theirs = owned_dir(base / "theirs", ATTACKER, 0o777)
    plant(shared / "job", theirs)
    r = snapshots_as(VICTIM, shared / "job" / "snaps")
    out = result(r)
    assert out["snapshots"] == {"failed": 3} and out["errors"] == [["snapshot", "symlink", 3]]
    (line,) = warnings_of(r)
    assert f"{shared}/job on the way is a symbolic link owned by uid {ATTACKER}" in line, line
    assert os.listdir(theirs) == []


@needs_root
@pytest.mark.parametrize(
    "owner,mode,reason",
    [
        (ATTACKER, 0o755, "not-owned"),  # another user's directory: it could move `snaps` away and back
        (0, 0o770, "shared-not-sticky"),  # a project directory the group shares: any member could
        (0, 0o1770, None),  # the same, sticky: the others cannot rename what is not theirs
        (VICTIM, 0o700, None),
    ],
)
def test_a_directory_on_the_way_another_user_controls_is_refused(
    base: Path, owner: int, mode: int, reason: str | None
) -> None:
    """Main checked the last component only: the victim's own `snaps` inside another user's
    (or a group-writable) directory was written into."""
    way = owned_dir(base / "way", owner, mode)
    snaps = owned_dir(way / "snaps", VICTIM, 0o700)
    out = write_as(VICTIM, snaps)
    if reason is None:
        assert out == {"written": str(snaps / "gpumemd-r0-x.pickle")}
        return
    assert out["reason"] == reason and f"{way} on the way" in out["line"], out
    assert os.listdir(snaps) == []


@needs_root
def test_links_root_or_the_user_made_are_followed_only_to_a_target_that_passes(base: Path) -> None:
    run = owned_dir(base / "run", 0, 0o755, gid=0)
    owned_dir(run / "gpumemd", VICTIM, 0o700)
    (base / "varrun").symlink_to("run")  # /var/run -> /run: root's
    written = write_as(VICTIM, base / "varrun" / "gpumemd")
    assert written == {"written": str(base / "varrun" / "gpumemd" / "gpumemd-r0-x.pickle")}
    assert (run / "gpumemd" / "gpumemd-r0-x.pickle").read_bytes() == b"snapshot"

    home = owned_dir(base / "home", VICTIM, 0o700)
    owned_dir(home / "real", VICTIM, 0o700)
    (home / "link").symlink_to(home / "real")
    os.lchown(home / "link", VICTIM, GROUP)  # the user's own link
    assert "written" in write_as(VICTIM, home / "link" / "snaps")
    assert os.listdir(home / "real" / "snaps") == ["gpumemd-r0-x.pickle"]

    theirs = owned_dir(base / "theirs", ATTACKER, 0o777)
    (base / "rootlink").symlink_to(theirs / "x")  # root's link, but to a directory another user controls
    out = write_as(VICTIM, base / "rootlink" / "snaps")
    assert out["reason"] == "not-owned" and f"{theirs} on the way" in out["line"], out
    assert os.listdir(theirs) == []

    (home / "loop").symlink_to("loop")
    os.lchown(home / "loop", VICTIM, GROUP)
    assert write_as(VICTIM, home / "loop" / "snaps")["reason"] == "symlink"


@needs_root
def test_the_default_directories_and_a_home_directory_still_pass(base: Path) -> None:
    """The trace default in the real /tmp, a directory in the real /dev/shm (the spool's default),
    one reached through the real /var/run, and one under a home reached through directories the
    user may search but not read (0711): all written as the victim."""
    homes = owned_dir(base / "homes", 0, 0o711, gid=0)
    home = owned_dir(homes / "victim", VICTIM, 0o711)
    assert "written" in write_as(VICTIM, home / ".cache" / "gpumemd" / "snaps")
    assert stat.S_IMODE((home / ".cache").stat().st_mode) & 0o022 == 0  # made on the way: 0755 less the umask

    made: list[Path] = []
    try:
        traces = Path(tempfile.gettempdir()) / f"gpumemd-traces-{VICTIM}"
        if not traces.exists():
            made.append(traces)
        out = result(run_as(VICTIM, f"DIR, PID = None, {PID}\n" + textwrap.dedent(TRACE)))
        assert out["results"] == {"written": 3} and out["errors"] == [], out
        shm = Path("/dev/shm") / f"gpumemd-test-{os.getpid()}-{time.monotonic_ns()}"
        if Path("/dev/shm").is_dir():
            made.append(shm)
            assert "written" in write_as(VICTIM, shm)
        if os.path.islink("/var/run") and os.path.isdir("/run"):
            name = f"gpumemd-test-{os.getpid()}-{time.monotonic_ns()}"
            made.append(Path("/run") / name)
            owned_dir(Path("/run") / name, VICTIM, 0o700)
            assert write_as(VICTIM, f"/var/run/{name}") == {"written": f"/var/run/{name}/gpumemd-r0-x.pickle"}
    finally:
        for d in made:
            shutil.rmtree(d, ignore_errors=True)
