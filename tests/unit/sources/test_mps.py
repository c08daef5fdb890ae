"""The MPS client limits (gpumemd/sources/mps.py, mps_control.py), asked of a control daemon
through its pipe as the collector does on a node: real processes named as NVIDIA's control
daemon and server (`/bin/sh` and `sleep` behind links of those names: the kernel takes `comm`
from the name executed), a real UNIX socket as the pipe's `control`, and a FAKE
`nvidia-cuda-mps-control` on PATH (a shell script answering from a table: a control daemon that
answers is a fault this machine cannot cause, no GPU here) that records each call."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpumemd.sources.mps import FAILURES, MpsReading, MpsSource, server_settings
from gpumemd.sources.mps_control import MAX_ANSWER, Control, trusted_pipe
from gpumemd.sources.nvml import GpuProcess, GpuReading, NvmlReading

UUIDS = ("GPU-50bfc93b-52b4-cb57-7e91-b4095c5b2f72", "GPU-7d1e0c4a-0000-4000-8000-000000000001")
GiB = 1 << 30


def _gpu(index: int, pids: tuple[int, ...]) -> GpuReading:
    return GpuReading(index, UUIDS[index], "NVIDIA H200", None, 150754820096, 0, 150754820096, 0,
                      tuple(GpuProcess(p, 1 << 30) for p in pids))


def _nvml(*gpus: GpuReading) -> NvmlReading:
    return NvmlReading("580.159.04", gpus, {}, 0)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Node:
    """A short directory (UNIX socket paths are at most 108 bytes): the fake CLI's bin/, the pipe
    directory with its `control` socket, the stand-in control daemon and its server."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.bin = root / "bin"
        self.bin.mkdir()
        self.pipe = root / "pipe"
        self.pipe.mkdir(mode=0o755)
        os.chmod(self.pipe, 0o755)
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(self.pipe / "control"))  # the socket file stays after close
        sock.close()
        self.calls = root / "calls"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.answers({})

    def answers(self, table: dict[str, str]) -> None:
        """The FAKE CLI: `table` maps a command to its answer; SLEEP never answers, FLOOD answers
        without end, FAIL exits 1 as the real one does where no daemon listens."""
        cases = []
        for cmd, answer in table.items():
            if answer == "SLEEP":
                body = "exec /bin/sleep 30"
            elif answer == "FLOOD":
                body = "exec /usr/bin/yes 8G"
            elif answer == "FAIL":
                body = "echo 'Cannot find MPS control daemon process'; exit 1"
            else:
                body = f"printf '%s\\n' '{answer}'"
            cases.append(f"  '{cmd}') {body} ;;")
        script = self.bin / "nvidia-cuda-mps-control"
        script.write_text(
            "#!/bin/sh\n# FAKE nvidia-cuda-mps-control (tests/unit/sources/test_mps.py)\n"
            "read -r cmd\n"
            "printf '%s|%s|%s\\n' \"$cmd\" \"$CUDA_MPS_PIPE_DIRECTORY\" \"${GPUMEMD_TEST_LEAK-unset}\""
            f" >> '{self.calls}'\n"
            "case \"$cmd\" in\n" + "\n".join(cases) + "\n  *) echo 'unknown command'; exit 1 ;;\nesac\n")
        script.chmod(0o755)

    def serve(self, server: int, limit: str, threads: str) -> None:
        """The answers about a running server's device 0."""
        self.answers({f"get_device_pinned_mem_limit {server} 0": limit,
                      f"get_active_thread_percentage {server}": threads})

    def asked(self) -> list[str]:
        return self.calls.read_text().splitlines() if self.calls.exists() else []

    def daemon(self, pipe: Path | None, visible: str | None = None) -> int:
        """A stand-in control daemon (comm "nvidia-cuda-mps") with a stand-in server as its child:
        the server's pid once both environments are readable."""
        sh = self.root / "nvidia-cuda-mps-control"
        if not sh.exists():
            sh.symlink_to("/bin/sh")
            (self.root / "nvidia-cuda-mps-server").symlink_to(shutil.which("sleep") or "/bin/sleep")
        env = {"PATH": "/usr/bin:/bin", "SECRET": "hunter2"}
        if pipe is not None:
            env["CUDA_MPS_PIPE_DIRECTORY"] = str(pipe)
        if visible is not None:
            env["CUDA_VISIBLE_DEVICES"] = visible
        proc = subprocess.Popen([str(sh), "-c", f"'{self.root}/nvidia-cuda-mps-server' 60 & wait"], env=env)
        self.procs.append(proc)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the kernel starting two processes: no clock to inject
            kids = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
            if kids and Path(f"/proc/{kids[0]}/comm").read_bytes().strip() == b"nvidia-cuda-mps" \
                    and Path(f"/proc/{kids[0]}/environ").read_bytes():
                return int(kids[0])
            time.sleep(0.01)
        raise AssertionError("the stand-in MPS server did not start")

    def stop(self) -> None:
        for proc in self.procs:
            for kid in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split() \
                    if proc.poll() is None else ():
                try:
                    os.kill(int(kid), 9)
                except ProcessLookupError:
                    pass
            proc.kill()
            proc.wait(10)


@pytest.fixture
def node(monkeypatch: pytest.MonkeyPatch) -> Iterator[Node]:
    root = Path(tempfile.mkdtemp(prefix="mps-", dir="/tmp"))
    os.chmod(root, 0o755)
    n = Node(root)
    monkeypatch.setenv("PATH", f"{n.bin}:{os.environ['PATH']}")
    monkeypatch.setenv("GPUMEMD_TEST_LEAK", "this process's")
    try:
        yield n
    finally:
        n.stop()
        shutil.rmtree(root, ignore_errors=True)


def _source(node: Node, clock: Clock | None = None, **kw: float) -> MpsSource:
    control = Control(clock=clock or Clock(), **kw)  # type: ignore[arg-type]
    assert control.binary == str(node.bin / "nvidia-cuda-mps-control")  # found once, on PATH
    return MpsSource(pipe_directory=str(node.pipe), control=control)


def _failures(reading: MpsReading) -> dict[str, int]:
    return {r: n for r, n in reading.failures if n}


def test_a_running_servers_limit_and_threads_from_its_control_daemons_pipe(node: Node) -> None:
    server = node.daemon(node.pipe)
    node.serve(server, "8G", "50.0")
    reading = _source(node).read({"nvml": _nvml(_gpu(0, (server, 450)))})
    assert reading.memory_limits == (("0", UUIDS[0], 8 * GiB),)
    assert reading.thread_percentages == (("0", UUIDS[0], 50.0),)
    assert _failures(reading) == {}
    # the call's environment is the pipe directory alone: nothing of this process's
    assert node.asked() == [f"get_device_pinned_mem_limit {server} 0|{node.pipe}|unset",
                            f"get_active_thread_percentage {server}|{node.pipe}|unset"]


def test_the_ordinal_is_the_servers_numbering(node: Node) -> None:
    """The daemon sees GPU 1 (by UUID prefix) as its device 0, and GPU 0 not at all."""
    server = node.daemon(node.pipe, visible=UUIDS[1][:12])
    node.serve(server, "6G", "25")
    reading = _source(node).read({"nvml": _nvml(_gpu(0, (server,)), _gpu(1, (server,)))})
    assert reading.memory_limits == (("1", UUIDS[1], 6 * GiB),)
    assert reading.thread_percentages == (("1", UUIDS[1], 25.0),)


def test_without_a_server_the_defaults_of_the_configured_pipes_daemon(node: Node) -> None:
    daemon_pid = node.procs[-1].pid if node.procs else None
    assert daemon_pid is None
    node.daemon(None)  # a control daemon (no pipe variable: it would use NVIDIA's default)
    (node.pipe / "nvidia-cuda-mps-control.pid").write_text(str(node.procs[-1].pid))
    node.answers({"get_default_device_pinned_mem_limit 0": "8G", "get_default_device_pinned_mem_limit 1": "0",
                  "get_default_active_thread_percentage": "50.0"})
    reading = _source(node).read({"nvml": _nvml(_gpu(0, ()), _gpu(1, (450,)))})
    # GPU 1: "0" is no limit (no series, no failure); the thread share is the daemon's default
    assert reading.memory_limits == (("0", UUIDS[0], 8 * GiB),)
    assert reading.thread_percentages == (("0", UUIDS[0], 50.0), ("1", UUIDS[1], 50.0))
    assert _failures(reading) == {}
    # no control daemon listening there: nothing asked, nothing counted
    (node.pipe / "control").unlink()
    node.calls.unlink()
    reading = _source(node).read({"nvml": _nvml(_gpu(0, ()))})
    assert (reading.memory_limits, _failures(reading), node.asked()) == ((), {}, [])


def test_the_environment_is_not_a_limit(node: Node) -> None:
    """The limit in the control daemon's environment does not hold (H200, driver 580): not read."""
    server = node.daemon(node.pipe)
    node.serve(server, "0", "100.0")
    raw = b"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=40G\0CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=50\0SECRET=x\0"
    assert server_settings(raw) == {}
    reading = _source(node).read({"nvml": _nvml(_gpu(0, (server,)))})
    assert (reading.memory_limits, reading.thread_percentages) == ((), (("0", UUIDS[0], 100.0),))


@pytest.mark.parametrize("answer", ["8", "8Q", "0=8G", "8G,1G", "-1G", "lots", "9" * 40 + "G", "FAIL"])
def test_an_answer_not_a_limit_leaves_the_gpu_without_the_series(node: Node, answer: str,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    server = node.daemon(node.pipe)
    node.serve(server, answer, "250" if answer != "FAIL" else "FAIL")
    source = _source(node)
    reading = source.read({"nvml": _nvml(_gpu(0, (server,)))})
    assert (reading.memory_limits, reading.thread_percentages) == ((), ())
    assert _failures(reading) == ({"failed": 2} if answer == "FAIL" else {"answer": 2})
    source.read({"nvml": _nvml(_gpu(0, (server,)))})  # cached: neither asked nor counted again
    assert len(node.asked()) == 2 and _failures(source.read({"nvml": _nvml(_gpu(0, (server,)))})) == \
        _failures(reading)
    assert len([r for r in caplog.records if "MPS limit not read" in r.getMessage()]) == 1  # once per reason


def test_a_silent_or_flooding_control_program_is_bounded(node: Node) -> None:
    server = node.daemon(node.pipe)
    node.serve(server, "SLEEP", "50")
    source = _source(node, timeout=0.3)
    t0 = time.monotonic()
    reading = source.read({"nvml": _nvml(_gpu(0, (server,)), _gpu(1, (server,)))})
    took = time.monotonic() - t0
    # the first call timed out: its group killed, and nothing more asked in this read
    assert took < 3 and _failures(reading) == {"timeout": 1} and len(node.asked()) == 1
    assert reading.memory_limits == reading.thread_percentages == ()
    node.answers({f"get_device_pinned_mem_limit {server} 0": "FLOOD"})
    control = Control(timeout=5.0)
    t0 = time.monotonic()
    answer = control.ask(str(node.pipe), f"get_device_pinned_mem_limit {server} 0")
    assert answer is not None and (answer.text, answer.failure) == (None, "answer")
    assert time.monotonic() - t0 < 3  # cut at MAX_ANSWER bytes, not at the timeout
    assert MAX_ANSWER < 1 << 16


def test_answers_are_kept_for_the_ttl_of_the_injected_clock(node: Node) -> None:
    server = node.daemon(node.pipe)
    node.serve(server, "8G", "50")
    clock = Clock()
    source = _source(node, clock, ttl=10.0)
    cycle = {"nvml": _nvml(_gpu(0, (server,)))}
    assert source.read(cycle).memory_limits == (("0", UUIDS[0], 8 * GiB),)
    node.serve(server, "6G", "50")
    clock.now += 9.9
    assert source.read(cycle).memory_limits == (("0", UUIDS[0], 8 * GiB),)  # kept: not asked
    assert len(node.asked()) == 2
    clock.now += 0.2
    assert source.read(cycle).memory_limits == (("0", UUIDS[0], 6 * GiB),)  # asked again
    assert len(node.asked()) == 4


def test_a_read_asks_at_most_max_calls(node: Node) -> None:
    node.daemon(None)
    (node.pipe / "nvidia-cuda-mps-control.pid").write_text(str(node.procs[-1].pid))
    node.answers({f"get_default_device_pinned_mem_limit {i}": "1G" for i in range(2)})
    control = Control(clock=Clock(), max_calls=3)
    source = MpsSource(pipe_directory=str(node.pipe), control=control)
    reading = source.read({"nvml": _nvml(_gpu(0, ()), _gpu(1, ()))})
    assert len(node.asked()) == 3  # limit 0, threads (unknown: a failure), limit 1; not threads again
    assert reading.memory_limits == (("0", UUIDS[0], GiB), ("1", UUIDS[1], GiB))


@pytest.mark.parametrize("spoil", ["world-writable", "group-writable", "other-owner", "symlink-dir",
                                   "symlink-above", "no-socket", "socket-other-owner", "socket-a-file",
                                   "above-writable"])
def test_an_untrusted_pipe_directory_is_never_asked(node: Node, spoil: str) -> None:
    """A local user who could make the daemon talk to a socket of theirs would report a false
    limit for the GPU: the directory, its `control` socket and the way to it must be the owner's
    (root or this daemon's user) alone, with no symbolic link."""
    if os.geteuid() != 0 and spoil in ("other-owner", "socket-other-owner"):
        pytest.skip("chown to another uid needs root")
    pipe = node.pipe
    if spoil == "world-writable":
        os.chmod(pipe, 0o777)
    elif spoil == "group-writable":
        os.chmod(pipe, 0o775)
    elif spoil == "other-owner":
        os.chown(pipe, 12345, 12345)
    elif spoil == "symlink-dir":
        pipe = node.root / "link"
        pipe.symlink_to(node.pipe)
    elif spoil == "symlink-above":
        (node.root / "up").symlink_to(node.root)
        pipe = node.root / "up" / "pipe"
    elif spoil == "no-socket":
        (pipe / "control").unlink()
    elif spoil == "socket-other-owner":
        os.chown(pipe / "control", 12345, 12345, follow_symlinks=False)
    elif spoil == "socket-a-file":
        (pipe / "control").unlink()
        (pipe / "control").write_text("")
    elif spoil == "above-writable":
        os.chmod(node.root, 0o777)
    assert trusted_pipe(str(node.pipe), frozenset({os.geteuid()})) is None or spoil in (
        "symlink-dir", "symlink-above")
    server = node.daemon(pipe)
    node.serve(server, "8G", "50")
    reading = _source(node).read({"nvml": _nvml(_gpu(0, (server,)))})
    assert (reading.memory_limits, reading.thread_percentages, node.asked()) == ((), (), [])
    assert _failures(reading) == {"untrusted": 1}


def test_the_trusted_pipe_is_the_owners(node: Node) -> None:
    assert trusted_pipe(str(node.pipe), frozenset({os.geteuid()})) == os.geteuid()
    assert trusted_pipe(str(node.pipe), frozenset({os.geteuid() + 1})) is None  # not an owner allowed
    for path in ("relative/pipe", str(node.pipe) + "/../pipe", "/" + "a" * 600, ""):
        assert trusted_pipe(path, frozenset({os.geteuid()})) is None


def test_a_server_whose_process_cannot_be_read_gives_nothing(node: Node, tmp_path: Path) -> None:
    """A /proc laid out by hand: a server whose parent is gone is counted `unreadable`, a process
    that is not named as the server is not asked about at all."""
    for pid, comm, ppid in ((77, b"nvidia-cuda-mps", 9999), (450, b"python3", 1)):
        d = tmp_path / str(pid)
        d.mkdir()
        (d / "comm").write_bytes(comm + b"\n")
        (d / "environ").write_bytes(b"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=2G\0")
        (d / "stat").write_bytes(f"{pid} (x) S {ppid} 1 1".encode())
    source = MpsSource(tmp_path, pipe_directory=str(node.pipe), control=Control(clock=Clock()))
    reading = source.read({"nvml": _nvml(_gpu(0, (77,)), _gpu(1, (450,)))})
    assert (reading.memory_limits, node.asked()) == ((), [])
    # GPU 0: the server's parent gone; GPU 1: no server, and no pid file to find the daemon by
    assert _failures(reading) == {"unreadable": 2}
    assert set(FAILURES) == {r for r, _ in reading.failures}
