"""The MPS client limits (gpumemd/sources/mps.py, mps_control.py), asked of a control daemon
through its pipe as the collector does on a node: real processes named as NVIDIA's control
daemon and server (`/bin/sh` and `sleep` behind links of those names: the kernel takes `comm`
from the name executed), a real UNIX socket as the pipe's `control`, and a FAKE
`nvidia-cuda-mps-control` on PATH (a shell script answering from a table: a control daemon that
answers is a fault this machine cannot cause, no GPU here) that records each call."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpumemd.sources.mps import FAILURES, MpsReading, MpsSource, server_settings
from gpumemd.sources.mps_control import MAX_ANSWER, Control, trusted_pipe
from gpumemd.sources.nvml import GpuProcess, GpuReading, NvmlReading
from tests.fakes import FakeMpsNode, fake_mps_node

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


@pytest.fixture
def node(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeMpsNode]:
    with fake_mps_node() as n:
        monkeypatch.setenv("PATH", f"{n.bin}:{os.environ['PATH']}")
        monkeypatch.setenv("GPUMEMD_TEST_LEAK", "this process's")
        yield n


def _source(node: FakeMpsNode, clock: Clock | None = None, **kw: float) -> MpsSource:
    control = Control(clock=clock or Clock(), **kw)  # type: ignore[arg-type]
    assert control.binary == str(node.bin / "nvidia-cuda-mps-control")  # found once, on PATH
    return MpsSource(pipe_directory=str(node.pipe), control=control)


def _failures(reading: MpsReading) -> dict[str, int]:
    return {r: n for r, n in reading.failures if n}


def test_a_running_servers_limit_and_threads_from_its_control_daemons_pipe(node: FakeMpsNode) -> None:
    server = node.daemon(node.pipe)
    node.serve(server, "8G", "50.0")
    reading = _source(node).read({"nvml": _nvml(_gpu(0, (server, 450)))})
    assert reading.memory_limits == (("0", UUIDS[0], 8 * GiB),)
    assert reading.thread_percentages == (("0", UUIDS[0], 50.0),)
    assert _failures(reading) == {}
    # the call's environment is the pipe directory alone: nothing of this process's
    assert node.asked() == [f"get_device_pinned_mem_limit {server} 0|{node.pipe}|unset",
                            f"get_active_thread_percentage {server}|{node.pipe}|unset"]


def test_the_ordinal_is_the_servers_numbering(node: FakeMpsNode) -> None:
    """The daemon sees GPU 1 (by UUID prefix) as its device 0, and GPU 0 not at all."""
    server = node.daemon(node.pipe, visible=UUIDS[1][:12])
    node.serve(server, "6G", "25")
    reading = _source(node).read({"nvml": _nvml(_gpu(0, (server,)), _gpu(1, (server,)))})
    assert reading.memory_limits == (("1", UUIDS[1], 6 * GiB),)
    assert reading.thread_percentages == (("1", UUIDS[1], 25.0),)


def test_without_a_server_the_defaults_of_the_configured_pipes_daemon(node: FakeMpsNode) -> None:
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


def test_the_environment_is_not_a_limit(node: FakeMpsNode) -> None:
    """The limit in the control daemon's environment does not hold (H200, driver 580): not read."""
    server = node.daemon(node.pipe)
    node.serve(server, "0", "100.0")
    raw = b"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=40G\0CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=50\0SECRET=x\0"
    assert server_settings(raw) == {}
    reading = _source(node).read({"nvml": _nvml(_gpu(0, (server,)))})
    assert (reading.memory_limits, reading.thread_percentages) == ((), (("0", UUIDS[0], 100.0),))


@pytest.mark.parametrize("answer", ["8", "8Q", "0=8G", "8G,1G", "-1G", "lots", "9" * 40 + "G", "FAIL"])
def test_an_answer_not_a_limit_leaves_the_gpu_without_the_series(node: FakeMpsNode, answer: str,
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


def test_a_silent_or_flooding_control_program_is_bounded(node: FakeMpsNode) -> None:
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


def test_a_read_waits_on_the_pipe_about_one_timeout_at_most(node: FakeMpsNode) -> None:
    """Answers that each come just in time: a read starts no call once its calls took the timeout."""
    node.answers({**{f"get_default_device_pinned_mem_limit {i}": "SLOW" for i in range(8)},
                  "get_default_active_thread_percentage": "50"})
    node.daemon(None)
    (node.pipe / "nvidia-cuda-mps-control.pid").write_text(str(node.procs[-1].pid))
    source = MpsSource(pipe_directory=str(node.pipe), control=Control(timeout=1.0, clock=time.monotonic))
    gpus = [GpuReading(i, f"GPU-{i}", "NVIDIA H200", None, 1 << 40, 0, 1 << 40, 0, ()) for i in range(8)]
    t0 = time.monotonic()
    reading = source.read({"nvml": _nvml(*gpus)})
    took = time.monotonic() - t0
    limits = [a for a in node.asked() if "limit" in a]
    # 0.4 s a limit: the third starts before 1 s has gone, no fourth; the share asked once, kept
    assert 2 <= len(limits) <= 3 and took < 2.0
    assert [gpu for gpu, _, _ in reading.memory_limits] == [str(i) for i in range(len(limits))]
    assert len(reading.thread_percentages) == 8 and len(node.asked()) == len(limits) + 1


def test_answers_are_kept_for_the_ttl_of_the_injected_clock(node: FakeMpsNode) -> None:
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


def test_a_read_asks_at_most_max_calls(node: FakeMpsNode) -> None:
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
                                   "above-writable", "symlink-to-other"])
def test_an_untrusted_pipe_directory_is_never_asked(node: FakeMpsNode, spoil: str) -> None:
    """A local user who could make the daemon talk to a socket of theirs would report a false
    limit for the GPU: the directory, its `control` socket and the way to it must be the owner's
    (root or this daemon's user) alone, with no symbolic link."""
    if os.geteuid() != 0 and spoil in ("other-owner", "socket-other-owner", "symlink-to-other"):
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
    elif spoil == "symlink-to-other":  # another user's directory and socket, named through a link
        theirs = node.root / "theirs"
        theirs.mkdir(mode=0o755)
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(theirs / "control"))
        sock.close()
        os.chown(theirs / "control", 12345, 12345)
        os.chown(theirs, 12345, 12345)
        pipe = node.root / "link"
        pipe.symlink_to(theirs)
    assert trusted_pipe(str(pipe), frozenset({os.geteuid()})) is None
    server = node.daemon(pipe)
    node.serve(server, "8G", "50")
    reading = _source(node).read({"nvml": _nvml(_gpu(0, (server,)))})
    assert (reading.memory_limits, reading.thread_percentages, node.asked()) == ((), (), [])
    assert _failures(reading) == {"untrusted": 1}


def test_the_trusted_pipe_is_the_owners(node: FakeMpsNode) -> None:
    assert trusted_pipe(str(node.pipe), frozenset({os.geteuid()})) == os.geteuid()
    assert trusted_pipe(str(node.pipe), frozenset({os.geteuid() + 1})) is None  # not an owner allowed
    for path in ("relative/pipe", str(node.pipe) + "/../pipe", "/" + "a" * 600, ""):
        assert trusted_pipe(path, frozenset({os.geteuid()})) is None


def test_a_server_whose_process_cannot_be_read_gives_nothing(node: FakeMpsNode, tmp_path: Path) -> None:
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


def test_without_the_control_program_nothing_is_asked_and_that_is_said_once(
        node: FakeMpsNode, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    server = node.daemon(node.pipe)
    node.serve(server, "8G", "50")
    monkeypatch.setenv("PATH", str(node.root / "empty"))
    control = Control(clock=Clock())
    assert control.binary is None  # looked for once, at start
    source = MpsSource(pipe_directory=str(node.pipe), control=control)
    for _ in range(2):
        reading = source.read({"nvml": _nvml(_gpu(0, (server,)))})
    assert (reading.memory_limits, _failures(reading), node.asked()) == ((), {}, [])
    assert len([r for r in caplog.records if "not on the daemon's PATH" in r.getMessage()]) == 1
