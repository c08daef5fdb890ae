"""tests/gpu/mps_server.py, the MPS GPU test's control daemon, checked on the CPU: the GPU named
to the daemon and its clients, the environments built, and the daemon always stopped — what
`quit` leaves is killed, and only processes of this pipe directory are touched.

What the CPU cannot cover: a real `nvidia-cuda-mps-control` (here a stand-in binary, `true`
or `false`, or tests/fakes.py's FAKE answering from a table: "quit leaves the server running"
and a daemon's answers are faults this machine cannot cause), a real
server's environment, NVML's process list under MPS, CUDA's limit (tests/gpu/test_mps_gpu.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakes import fake_mps_node
from tests.gpu.mps_server import (
    LIMIT,
    LOG,
    PIPE,
    THREADS,
    MpsDaemon,
    MpsUnavailable,
    client_env,
    mps_daemon,
    processes_of,
    server_env,
    stand_in_server,
    visible_gpu,
)

BASE = {"PATH": "/usr/bin:/bin"}
UUIDS = ["GPU-50bfc93b-52b4-cb57-7e91-b4095c5b2f72", "GPU-7d1e0c4a-0000-4000-8000-000000000001"]


@pytest.mark.parametrize("visible, want", [
    (None, (0, UUIDS[0])), ("1", (1, UUIDS[1])), ("1,0", (1, UUIDS[1])),
    ("GPU-7d1e0c4a", (1, UUIDS[1])), (f" {UUIDS[0]} ", (0, UUIDS[0])),
])
def test_the_visible_gpu_is_named_by_nvml_index_and_uuid(visible: str | None, want: tuple[int, str]) -> None:
    assert visible_gpu(visible, UUIDS) == want


@pytest.mark.parametrize("visible", ["2", "GPU-ffff", "MIG-1"])
def test_a_gpu_nvml_does_not_list_is_refused(visible: str) -> None:
    with pytest.raises(ValueError):
        visible_gpu(visible, UUIDS)


def test_the_daemon_and_its_clients_share_a_pipe_a_gpu_and_only_the_servers_limit(tmp_path: Path) -> None:
    base = {"PATH": "/bin", "CUDA_VISIBLE_DEVICES": "1", LIMIT: "0=1G", "CUDA_MPS_CLIENT_PRIORITY": "1"}
    server = server_env(base, tmp_path, UUIDS[1], "50")
    assert (server[PIPE], server[LOG]) == (str(tmp_path / "pipe"), str(tmp_path / "log"))
    assert server["CUDA_VISIBLE_DEVICES"] == UUIDS[1]  # by UUID: a client is never remapped onto another GPU
    assert server[THREADS] == "50" and LIMIT not in server  # the limit goes through the pipe (it holds there)
    assert "CUDA_MPS_CLIENT_PRIORITY" not in server and server["PATH"] == "/bin"
    client = client_env(base, server)
    assert (client[PIPE], client[LOG]) == (server[PIPE], server[LOG])
    assert client["CUDA_VISIBLE_DEVICES"] == UUIDS[1]
    assert LIMIT not in client and THREADS not in client  # the limit it runs under is the server's


def test_what_quit_leaves_is_killed_and_nothing_of_another_pipe(tmp_path: Path) -> None:
    env = server_env(BASE, tmp_path, UUIDS[0], "50")
    other_dir = tmp_path / "other"
    other_dir.mkdir()
    other = stand_in_server(other_dir, server_env(BASE, other_dir, UUIDS[0], "50"))
    ours = None
    Path(env[PIPE]).mkdir()
    (Path(env[PIPE]) / "control").touch()  # the stand-in's socket
    try:
        # `true` stands in for the control binary: `-d` returns, `quit` does nothing
        with mps_daemon(env, tmp_path, control="true", start_s=5, quit_s=0.5) as daemon:
            ours = stand_in_server(tmp_path, env)
            assert processes_of(env[PIPE]) == [ours.pid]
        assert ours.wait(10) == -9 and daemon.stopped == "killed 1"
        assert other.poll() is None and processes_of(str(other_dir / "pipe")) == [other.pid]
    finally:
        for p in (other, ours):
            if p is not None:
                p.kill()
                p.wait(10)


def test_a_daemon_that_never_listens_is_unavailable_with_its_output(tmp_path: Path) -> None:
    env = server_env(BASE, tmp_path, UUIDS[0], "50")
    with pytest.raises(MpsUnavailable, match=r"false -d \(exit 1\) did not listen within 0.3 s"):
        with mps_daemon(env, tmp_path, control="false", start_s=0.3, quit_s=0.5):
            pass


def test_a_control_binary_that_cannot_run_is_unavailable(tmp_path: Path) -> None:
    env = server_env(BASE, tmp_path, UUIDS[0], "50")
    with pytest.raises(MpsUnavailable, match="No such file"):
        with mps_daemon(env, tmp_path, control=str(tmp_path / "absent"), start_s=5, quit_s=0.5):
            pass


def test_the_limit_is_given_through_the_pipe_where_it_holds(tmp_path: Path) -> None:
    """`set_default_device_pinned_mem_limit` on the daemon's device 0, read back before and after,
    through this daemon's pipe (a FAKE control program: tests/fakes.py)."""
    with fake_mps_node() as node:
        node.answers({"get_default_device_pinned_mem_limit 0": "0",
                      "set_default_device_pinned_mem_limit 0 8G": "", "get_active_thread_percentage 1": "x"})
        fake = str(node.bin / "nvidia-cuda-mps-control")
        daemon = MpsDaemon({**BASE, PIPE: str(node.pipe)}, fake, tmp_path)
        said = daemon.set_default_limit("8G")
        asked = node.asked()
    assert list(said) == ["0 get_default_device_pinned_mem_limit 0",
                          "1 set_default_device_pinned_mem_limit 0 8G",
                          "2 get_default_device_pinned_mem_limit 0"]
    assert [line.split("|")[:2] for line in asked] == [[cmd.split(" ", 1)[1], str(node.pipe)] for cmd in said]
