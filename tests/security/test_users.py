"""One local user against another on a shared node: the spool's names, the ranks' identities,
the rules' series budgets and the agents' ports (docs/security.md, section 26).

Real uids where a path needs two (root here: the victim runs as uid 65534, the attacker as
65533, each a real process that switches user after its imports; skipped with the reason
elsewhere), real files in a sticky shared spool, real processes.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpumemd.sources.spool import SpoolSource
from gpumemd.spool.procs import proc_jobs
from tests.helpers import agent_env

VICTIM = 65534  # nobody
ATTACKER = 65533
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="a second uid needs root (os.setuid in the child)")


@pytest.fixture
def spool() -> Iterator[Path]:
    """A sticky, world-writable spool (`world_writable: true`'s 1777) every uid can reach."""
    base = Path(tempfile.mkdtemp(prefix="gpumemd-users-"))
    base.chmod(0o755)
    d = base / "spool"
    d.mkdir()
    d.chmod(0o1777)
    try:
        yield d
    finally:
        shutil.rmtree(base, ignore_errors=True)


def as_uid(uid: int, code: str, *args: str) -> subprocess.Popen[str]:
    """`code` in a fresh Python that becomes `uid` once its imports are done (the interpreter
    lives under root's home here), with `args` in sys.argv; it lives until its stdin closes."""
    prelude = textwrap.dedent(f"""
        import json, os, sys, time
        from pathlib import Path
        import gpumemd.spool.writer, gpumemd.fs
        import tests.spool_hostile
        os.setgroups([]); os.setgid({uid}); os.setuid({uid})
    """)
    return subprocess.Popen(
        [sys.executable, "-c", prelude + textwrap.dedent(code), *args], cwd="/", env=agent_env(),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def as_uid_env(uid: int, code: str, env: dict[str, str]) -> subprocess.Popen[str]:
    """`as_uid` with these variables in the environment (the agent's, read at its start)."""
    prelude = textwrap.dedent(f"""
        import json, os, sys, time
        from pathlib import Path
        import importlib.readers, gpumemd, gpumemd.agent.agent, gpumemd.runtime
        gpumemd.Agent(listen_address=None).build()  # its modules, loaded while the interpreter is readable
        os.setgroups([]); os.setgid({uid}); os.setuid({uid})
    """)
    return subprocess.Popen(
        [sys.executable, "-c", prelude + textwrap.dedent(code)], cwd="/", env=agent_env(**env),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def said(proc: subprocess.Popen[str], timeout: float = 30.0) -> dict:
    """The first line the process printed, as JSON (its stderr where it printed none)."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        _, err = proc.communicate(timeout=timeout)
        raise AssertionError(err)
    return dict(json.loads(line))


def end(proc: subprocess.Popen[str]) -> str:
    _, err = proc.communicate("", timeout=30)
    return err


SQUAT = """
    # Every predictable name of the next pids, as the adversary did.
    spool, first, n = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    t = time.monotonic()
    for pid in range(first, first + n):
        fd = os.open(spool / f"agent-{pid}.json", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(fd, b"{}")
        os.close(fd)
    print(json.dumps({"seconds": time.monotonic() - t}), flush=True)
"""

PUBLISH = """
    from gpumemd.fs import write_errors
    from gpumemd.spool.writer import SpoolWriter
    from tests.spool_hostile import healthy_families
    w = SpoolWriter(Path(sys.argv[1]), identity={"rank": "0", "job_id": "j"}, interval=60.0)
    for _ in range(3):
        w.publish(healthy_families())
    errors = [[k[0], k[1], n] for k, n in write_errors.counts().items()]
    print(json.dumps({"pid": os.getpid(), "name": w.name, "errors": errors}), flush=True)
    sys.stdin.read()
"""


def last_pid() -> int:
    return int(Path("/proc/sys/kernel/ns_last_pid").read_text())


# --- 1. the spool's names -----------------------------------------------------------------


@needs_root
def test_names_squatted_for_the_next_pids_stop_no_one_publishing(spool: Path, caplog) -> None:
    """The adversary's case: another uid creates `agent-<pid>.json` for the next 2,000 pids;
    the victim's next process still publishes, and the daemon serves it and counts the
    squatter's file for the victim's pid (`not_owner`, or `too_many_files` past the uid's cap)."""
    first = last_pid() + 1
    squatter = as_uid(ATTACKER, SQUAT, str(spool), str(first), "2000")
    assert said(squatter)["seconds"] < 30
    end(squatter)
    victim = as_uid(VICTIM, PUBLISH, str(spool))
    try:
        got = said(victim)
        assert first <= got["pid"] < first + 2000, "the victim's pid was not among the squatted ones"
        assert got["errors"] == [], got
        published = spool / got["name"]
        assert published.stat().st_uid == VICTIM and not published.is_symlink()
        assert (spool / f"agent-{got['pid']}.json").stat().st_uid == ATTACKER  # still there, stopped nothing
        reader = SpoolSource(spool, expire_intervals=5).reader
        caplog.set_level(logging.WARNING, "gpumemd.spool")
        reading = reader.read()
        assert [(r.pid, r.identity.get("rank")) for r in reading.ranks] == [(got["pid"], "0")]
        squatted = [r.getMessage() for r in caplog.records if f"agent-{got['pid']}.json " in r.getMessage()]
        assert len(squatted) == 1 and ("(not_owner)" in squatted[0] or "(too_many_files)" in squatted[0])
        assert reading.rejected["not_owner"] + reading.rejected["too_many_files"] >= 1
    finally:
        end(victim)


def test_two_writers_of_one_pid_never_share_a_name(tmp_path: Path) -> None:
    from gpumemd.spool.format import file_pid
    from gpumemd.spool.writer import SpoolWriter

    names = {SpoolWriter(tmp_path, identity={}, interval=1.0, pid=4242).name for _ in range(64)}
    assert len(names) == 64 and {file_pid(n) for n in names} == {4242}
    assert file_pid("agent-4242.json") == 4242  # an older agent's name is still read
    for bad in ("agent-4242-XYZ.json", "agent-0.json", "agent-4242-0123456789abcdef0.json", "agent-.json"):
        assert file_pid(bad) is None




# --- 2. identity claims across daemon restarts ---------------------------------------------

RANK0 = """
    from gpumemd.spool.writer import SpoolWriter
    from tests.spool_hostile import healthy_families
    fams = healthy_families(0)
    if sys.argv[2] == "forged":  # the attacker's figures: a full GPU
        fams[0].samples[:] = [s._replace(value=1e15) for s in fams[0].samples]
    w = SpoolWriter(Path(sys.argv[1]), identity={"rank": "0", "job_id": "victims-job"}, interval=60.0)
    w.publish(fams)
    print(json.dumps({"pid": os.getpid(), "name": w.name}), flush=True)
    for line in sys.stdin:  # each line: publish again (the newest file, first in a tmpfs listing)
        w.publish(fams)
        print(json.dumps({"pid": os.getpid()}), flush=True)
"""


@pytest.fixture
def shm_spool() -> Iterator[Path]:
    """A sticky 1777 spool on tmpfs, as /dev/shm is: it lists the newest entries first, so a
    daemon that gave an identity to the first file it reads gives it to the last writer."""
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    d = Path(tempfile.mkdtemp(prefix="gpumemd-users-", dir=base))
    d.chmod(0o1777)
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def rank0_values(src: SpoolSource) -> tuple[list[int], int]:
    reading = src.reader.read()
    pids = [r.pid for r in reading.ranks if r.identity.get("rank") == "0"]
    return pids, reading.rejected["identity_conflict"]


@needs_root
def test_a_restarted_daemon_keeps_each_identity_with_the_process_that_claimed_it(shm_spool: Path) -> None:
    victim = as_uid(VICTIM, RANK0, str(shm_spool), "real")
    attacker = None
    try:
        v = said(victim)
        assert rank0_values(SpoolSource(shm_spool, expire_intervals=5))[0] == [v["pid"]]  # claimed
        attacker = as_uid(ATTACKER, RANK0, str(shm_spool), "forged")
        a = said(attacker)
        # the attacker's own "claims file", named like the daemon's: not the daemon's, never read
        forged = shm_spool / ".gpumemd-claims-0123456789abcdef.json"
        forged.write_text(json.dumps([["victims-job", "0", ATTACKER, a["pid"], 0]]))
        os.chown(forged, ATTACKER, ATTACKER)
        for _ in range(3):  # each restart: a new daemon, the attacker's file freshly rewritten
            assert attacker.stdin is not None
            attacker.stdin.write("again\n")
            attacker.stdin.flush()
            said(attacker)
            pids, conflicts = rank0_values(SpoolSource(shm_spool, expire_intervals=5))
            assert pids == [v["pid"]] and conflicts == 1
    finally:
        end(victim)
        if attacker is not None:
            end(attacker)


@needs_root
def test_with_no_record_the_earliest_started_claimant_holds_the_identity(shm_spool: Path) -> None:
    """A first daemon (nothing recorded) reading two uids' claims at once: the process that
    started first holds the identity, whatever order the directory lists the files in."""
    victim = as_uid(VICTIM, RANK0, str(shm_spool), "real")
    attacker = None
    try:
        v = said(victim)
        attacker = as_uid(ATTACKER, RANK0, str(shm_spool), "forged")
        said(attacker)
        for _ in range(3):
            for claims in shm_spool.glob(".gpumemd-claims-*"):
                claims.unlink()
            pids, conflicts = rank0_values(SpoolSource(shm_spool, expire_intervals=5))
            assert pids == [v["pid"]] and conflicts == 1
    finally:
        end(victim)
        if attacker is not None:
            end(attacker)


JOB_RANK0 = """
    from gpumemd.spool.writer import SpoolWriter
    from tests.spool_hostile import healthy_families
    fams = healthy_families(0)
    w = SpoolWriter(Path(sys.argv[1]), identity={"rank": "0", "job_id": "4242"}, interval=60.0)
    w.publish(fams)
    print(json.dumps({"pid": os.getpid()}), flush=True)
    for line in sys.stdin:
        w.publish(fams)
        print(json.dumps({"pid": os.getpid()}), flush=True)
"""


@pytest.fixture
def job_cgroup() -> Iterator[Path]:
    """Slurm's cgroup of job 4242 (`/slurm/uid_65534/job_4242/step_0`, in the pids hierarchy), made
    as slurmd makes it: root's, so no user can move a process into it; skipped where none can be."""
    base = Path("/sys/fs/cgroup/pids")
    top = base / f"gpumemd-test-{os.getpid()}"
    step = top / "slurm" / f"uid_{VICTIM}" / "job_4242" / "step_0"
    try:
        step.mkdir(parents=True)
    except OSError as exc:
        pytest.skip(f"no cgroup can be made here: {exc}")
    try:
        yield step
    finally:
        for d in (step, step.parent, step.parent.parent, step.parent.parent.parent, top):
            with contextlib.suppress(OSError):
                d.rmdir()


@needs_root
def test_a_job_id_claimed_before_the_job_started_goes_to_the_jobs_own_process(
    shm_spool: Path, job_cgroup: Path
) -> None:
    """Another uid guesses job 4242's id and claims its rank 0 before the job starts; the job's own
    rank, which Slurm put into the job's cgroup, takes the identity in the next scan, keeps it after
    a restart with no record (though the guesser's process started first), and the guesser's
    files are refused (on main the guesser held it while its process lived)."""
    attacker = as_uid(ATTACKER, JOB_RANK0, str(shm_spool))
    victim = None
    try:
        a = said(attacker)
        src = SpoolSource(shm_spool, expire_intervals=5)
        assert rank0_values(src)[0] == [a["pid"]]  # no one else claims it yet: the guess is served
        victim = as_uid(VICTIM, JOB_RANK0, str(shm_spool))
        v = said(victim)
        (job_cgroup / "cgroup.procs").write_text(str(v["pid"]))
        assert rank0_values(src) == ([v["pid"]], 1)
        assert attacker.stdin is not None
        attacker.stdin.write("again\n")
        attacker.stdin.flush()
        said(attacker)
        assert rank0_values(src)[0] == [v["pid"]]
        for claims in shm_spool.glob(".gpumemd-claims-*"):  # a restart with nothing recorded
            claims.unlink()
        assert rank0_values(SpoolSource(shm_spool, expire_intervals=5))[0] == [v["pid"]]
    finally:
        end(attacker)
        if victim is not None:
            end(victim)


@needs_root
def test_the_scheduler_jobs_of_a_process_are_read_from_its_cgroups(job_cgroup: Path, child) -> None:
    (job_cgroup / "cgroup.procs").write_text(str(child.pid))
    assert proc_jobs(child.pid) == {"4242"}
    assert "4242" not in proc_jobs(os.getpid())
    assert proc_jobs(2**22 + 1) == frozenset()  # no such process


def test_a_reused_pid_is_not_the_claimant(tmp_path: Path, two_ranks: tuple[int, int]) -> None:
    """A claim is bound to its process's start time: another process that gets the pid later
    (a fake start time: pid reuse cannot be caused here) does not inherit it."""
    from tests.spool_hostile import healthy_families, publish_healthy

    first, second = two_ranks
    starts = {first: 100, second: 200}
    uids = {first: 1001, second: 1002}
    src = SpoolSource(tmp_path, expire_intervals=5, clock=lambda: 1000.5, alive=lambda pid: True,
                      owner=uids.get, started=starts.get)
    one = publish_healthy(tmp_path, first, 1000.0, rank=0)
    if os.geteuid() == 0:
        os.chown(one.path, 1001, 1001)
    assert [r.pid for r in src.reader.read().ranks] == [first]
    one.path.unlink()  # the first process stopped publishing
    two = publish_healthy(tmp_path, second, 1000.0, rank=0)
    if os.geteuid() == 0:
        os.chown(two.path, 1002, 1002)
    assert src.reader.read().ranks == ()  # pid `first` still runs, started at 100: it holds rank 0
    starts[first] = 300  # pid `first` now names another process
    two.publish(healthy_families(0))  # its next sample
    if os.geteuid() == 0:
        os.chown(two.path, 1002, 1002)
    assert [r.pid for r in src.reader.read().ranks] == [second]


# --- 3. rule series budgets per source -----------------------------------------------------


def _ooms(rows: list[tuple[dict[str, str], float]]):
    from prometheus_client.core import Metric

    fam = Metric("gpumemd_oom_events", "OOMs.", "counter")
    for labels, value in rows:
        fam.add_sample("gpumemd_oom_events_total", {**labels, "cause": "undiagnosed"}, value)
    return fam


def test_one_ranks_label_churn_never_stops_another_ranks_oom_alert(tmp_path: Path, two_ranks) -> None:
    """The adversary's case through the daemon's path (the spool's merge, the default rules): a
    rank churning 1,500 label values of the OOM counter, then another job's rank that runs out
    of memory. Its `PytorchOutOfMemory` fires; the churn's series not tracked are counted
    against the churning rank alone."""
    from gpumemd import config as config_mod
    from gpumemd.alerts.engine import FIRING
    from gpumemd.alerts.observer import AlertObserver
    from gpumemd.spool.writer import SpoolWriter

    churner, victim = two_ranks
    now = [1000.0]
    src = SpoolSource(tmp_path, expire_intervals=5, clock=lambda: now[0] + 0.5)
    alerting = config_mod.Config().alerting
    observer = AlertObserver(alerting, interval=1.0, notifiers=[], watchdog=False)
    engine = observer.engine
    churn = SpoolWriter(tmp_path, identity={"rank": "1", "job_id": "churn"}, interval=1.0, pid=churner,
                        clock=lambda: now[0])
    mine = SpoolWriter(tmp_path, identity={"rank": "0", "job_id": "victim"}, interval=1.0, pid=victim,
                       clock=lambda: now[0])
    fired = False
    for t in range(30):
        now[0] = 1000.0 + t
        churn.publish([_ooms([({"gpu": "0", "device": f"churn-{t}-{i}"}, 1.0) for i in range(100)])])
        if t >= 15:  # the victim's job starts after the churn began, and runs out of memory at 20
            mine.publish([_ooms([({"gpu": "0"}, 1.0 if t >= 20 else 0.0)])])
        engine.evaluate(engine.view(src.families(src.read({}))), now[0])
        (rule,) = [r for r in engine.rules if r.name == "PytorchOutOfMemory"]
        fired |= any(a.labels.get("rank") == "0" and a.state == FIRING for a in rule.active.values())
    assert fired
    dropped = {
        tuple(sorted(s.labels.items())): s.value
        for f in observer.families() if f.name == "gpumemd_rule_series_dropped" for s in f.samples
        if s.labels["alertname"] == "PytorchOutOfMemory"
    }
    assert list(dropped) == [(("alertname", "PytorchOutOfMemory"), ("job_id", "churn"), ("rank", "1"))]
    assert dropped[next(iter(dropped))] >= 1500 - alerting.max_series_per_rule


@needs_root
def test_one_uids_churn_across_many_ranks_never_stops_another_uids_oom_alert(tmp_path: Path) -> None:
    """Budgets per uid: uid 1001's 70 ranks churn the OOM counter's labels (each rank its own
    budget's worth and more: together past the rule's node bound), then uid 1002's rank runs out
    of memory on a GPU that appears after the churn filled the bound. Its `PytorchOutOfMemory`
    fires (on main it had the floor only past the node bound: that GPU's series was never tracked)
    and nothing of its is dropped. The pids are fakes (70 live processes of one uid are not what
    this tests; the files are real, owned by the two real uids)."""
    from dataclasses import replace

    from gpumemd import config as config_mod
    from gpumemd.alerts.engine import FIRING
    from gpumemd.alerts.observer import AlertObserver
    from gpumemd.spool.writer import SpoolWriter

    many, lone = range(300_000, 300_070), 300_100
    uids = {**{pid: 1001 for pid in many}, lone: 1002}
    now = [1000.0]
    src = SpoolSource(tmp_path, expire_intervals=5, clock=lambda: now[0] + 0.5, alive=lambda pid: True,
                      owner=uids.get, started=lambda pid: 1)
    alerting = replace(config_mod.Config().alerting, max_series_per_rule=8)  # node bound 8 x 64, floor 1
    observer = AlertObserver(alerting, interval=1.0, notifiers=[], watchdog=False)
    (rule,) = [r for r in observer.engine.rules if r.name == "PytorchOutOfMemory"]

    writers: dict[int, SpoolWriter] = {}

    def publish(pid: int, identity: dict[str, str], rows: list[tuple[dict[str, str], float]]) -> None:
        w = writers.get(pid)
        if w is None:
            w = writers[pid] = SpoolWriter(tmp_path, identity=identity, interval=1.0, pid=pid,
                                           clock=lambda: now[0])
        w.publish([_ooms(rows)])
        os.chown(w.path, uids[pid], uids[pid])

    fired = False
    for t in range(20):
        now[0] = 1000.0 + t
        for i, pid in enumerate(many):
            publish(pid, {"rank": str(i), "job_id": "churn"},
                    [({"gpu": "0", "device": f"churn-{t}-{j}"}, 1.0) for j in range(10)])
        if t >= 2:  # the victim's rank: GPU 0 first; GPU 1 from t = 5, out of memory at 8
            rows = [({"gpu": "0"}, 0.0)] + ([({"gpu": "1"}, 1.0 if t >= 8 else 0.0)] if t >= 5 else [])
            publish(lone, {"rank": "0", "job_id": "victim"}, rows)
        reading = src.read({})
        assert len(reading.ranks) == 70 + (t >= 2)
        assert reading.owners.get(("victim", "0", "")) == (1002 if t >= 2 else None)
        observer.observe(list(src.families(reading)), {"spool": reading}, now[0])
        fired |= any(a.labels.get("job_id") == "victim" and a.state == FIRING for a in rule.active.values())
    budget = rule.signal.budget if rule.signal is not None else None
    assert budget is not None and budget.total >= budget.node  # the churn filled the node bound
    assert fired
    dropped = rule.dropped_series_by_source()
    assert dropped and all(source[0] == "churn" for source in dropped)


# --- 4. the agents' ports -------------------------------------------------------------------

SQUAT_PORT = """
    import socket
    s = socket.create_server(("127.0.0.1", int(sys.argv[1])))
    print(json.dumps({"listening": s.getsockname()[1]}), flush=True)
    s.settimeout(0.2)
    while not sys.stdin.closed:
        try:
            c, _ = s.accept()
        except OSError:  # a timeout: look at stdin again
            import select
            if select.select([sys.stdin], [], [], 0)[0] and not sys.stdin.read(1):
                break
            continue
        c.sendall(b"HTTP/1.0 200 OK\\r\\n\\r\\ngpumemd_allocator_allocated_bytes{rank=\\"0\\"} 1e15\\n")
        c.close()
"""

AGENT = """
    import gpumemd
    agent = gpumemd.start()  # the defaults, as a user's train.py
    deadline = time.monotonic() + 20
    while not list(Path(os.environ["GPUMEMD_SPOOL_DIR"]).glob(f"agent-{os.getpid()}*.json")):
        assert time.monotonic() < deadline, "never published"
        time.sleep(0.05)
    print(json.dumps({"pid": os.getpid(), "listen": agent.listen_address, "errors": agent.errors.counts}),
          flush=True)
    sys.stdin.read()
    agent.stop()
"""


@needs_root
def test_a_squatted_agent_port_answers_for_no_rank_the_default_takes_none(spool: Path) -> None:
    """Another user binds the port a rank would serve on (9968 + LOCAL_RANK) first. An agent
    with the defaults takes no port at all: the rank publishes to the node spool, and the
    daemon serves it; nothing a scraper of that port reads was ever the rank's."""
    import socket

    for local_rank in range(0, 64):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", 9968 + local_rank)) != 0:
                break
    squatter = as_uid(ATTACKER, SQUAT_PORT, str(9968 + local_rank))
    victim = None
    try:
        assert said(squatter)["listening"] == 9968 + local_rank
        env = {"GPUMEMD_SPOOL_DIR": str(spool), "RANK": "0", "LOCAL_RANK": str(local_rank),
               "GPUMEMD_JOB_ID": "victims-job"}
        victim = as_uid_env(VICTIM, AGENT, env)
        got = said(victim, timeout=60)
        assert got["listen"] is None and "listen" not in got["errors"], got  # no port taken, none tried
        reading = SpoolSource(spool, expire_intervals=5).reader.read()
        assert [(r.pid, r.identity.get("rank"), r.identity.get("job_id")) for r in reading.ranks] == [
            (got["pid"], "0", "victims-job")
        ]
    finally:
        end(squatter)
        if victim is not None:
            end(victim)
