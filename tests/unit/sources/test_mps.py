"""The MPS server's default client limits (gpumemd/sources/mps.py), read from a /proc tree laid
out as the kernel does (`<pid>/comm`, `<pid>/environ`): per GPU by the server's device
numbering, nothing but the three variables taken, and nothing from a process that is not the
server, an environment too large, or one that cannot be read."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpumemd.sources.mps import MAX_ENVIRON, MpsReading, MpsSource, server_settings
from gpumemd.sources.nvml import GpuProcess, GpuReading, NvmlReading

UUIDS = ("GPU-50bfc93b-52b4-cb57-7e91-b4095c5b2f72", "GPU-7d1e0c4a-0000-4000-8000-000000000001")


def _gpu(index: int, pids: tuple[int, ...]) -> GpuReading:
    return GpuReading(index, UUIDS[index], "NVIDIA H200", None, 150754820096, 0, 150754820096, 0,
                      tuple(GpuProcess(p, 1 << 30) for p in pids))


def _nvml(*gpus: GpuReading) -> NvmlReading:
    return NvmlReading("580.159.04", gpus, {}, 0)


def _proc(root: Path, pid: int, comm: bytes, env: dict[str, str] | bytes) -> None:
    d = root / str(pid)
    d.mkdir(parents=True)
    (d / "comm").write_bytes(comm + b"\n")
    raw = env if isinstance(env, bytes) else b"".join(f"{k}={v}".encode() + b"\0" for k, v in env.items())
    (d / "environ").write_bytes(raw)


def _read(root: Path, *gpus: GpuReading) -> MpsReading:
    return MpsSource(root).read({"nvml": _nvml(*gpus)})


@pytest.mark.parametrize("env, limits", [
    ({"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "0=40G,1=8G"}, [("0", 40 << 30), ("1", 8 << 30)]),
    ({"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "2G"}, [("0", 2 << 30), ("1", 2 << 30)]),  # one for all
    # the server sees GPU 1 as its device 0 (by NVML index) and GPU 0 not at all
    ({"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "0=512M", "CUDA_VISIBLE_DEVICES": "1"}, [("1", 512 << 20)]),
    # ... or by UUID (a prefix of it, as CUDA takes)
    ({"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "0=1G,1=3G", "CUDA_VISIBLE_DEVICES": f"{UUIDS[1][:12]},{UUIDS[0]}"},
     [("0", 3 << 30), ("1", 1 << 30)]),
    ({"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "40"}, []),  # no unit: no limit (mps_limit.parse)
    ({}, []),
])
def test_the_servers_limit_per_gpu_by_its_own_numbering(tmp_path: Path, env: dict[str, str],
                                                        limits: list[tuple[str, int]]) -> None:
    _proc(tmp_path, 77, b"nvidia-cuda-mps", env)
    reading = _read(tmp_path, _gpu(0, (77, 450)), _gpu(1, (77,)))
    assert [(gpu, n) for gpu, _, n in reading.memory_limits] == limits


def test_the_thread_share_is_read_and_bounded(tmp_path: Path) -> None:
    _proc(tmp_path, 77, b"nvidia-cuda-mps", {"CUDA_MPS_ACTIVE_THREAD_PERCENTAGE": "50"})
    _proc(tmp_path, 78, b"nvidia-cuda-mps", {"CUDA_MPS_ACTIVE_THREAD_PERCENTAGE": "250"})
    assert _read(tmp_path, _gpu(0, (77,))).thread_percentages == (("0", UUIDS[0], 50.0),)
    assert _read(tmp_path, _gpu(0, (78,))).thread_percentages == ()


def test_only_the_server_is_read_and_only_its_three_variables(tmp_path: Path) -> None:
    env = {"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "2G", "AWS_SECRET_ACCESS_KEY": "hunter2"}
    _proc(tmp_path, 450, b"python3", env)  # a client (or any process): its own limit is its own
    assert _read(tmp_path, _gpu(0, (450,))).memory_limits == ()
    raw = b"AWS_SECRET_ACCESS_KEY=hunter2\0CUDA_VISIBLE_DEVICES=0\0CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=2G\0"
    assert server_settings(raw) == {"CUDA_VISIBLE_DEVICES": "0", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "2G"}


def test_an_environment_too_large_or_unreadable_or_gone_gives_nothing(tmp_path: Path) -> None:
    _proc(tmp_path, 77, b"nvidia-cuda-mps",
          b"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=2G\0" + b"X=" + b"y" * MAX_ENVIRON + b"\0")
    _proc(tmp_path, 78, b"nvidia-cuda-mps", {"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "2G"})
    (tmp_path / "78" / "environ").unlink()
    (tmp_path / "78" / "environ").mkdir()  # read fails as it does without the right to read it
    assert _read(tmp_path, _gpu(0, (77, 78, 9999))).memory_limits == ()  # 9999: gone
    _proc(tmp_path, 79, b"nvidia-cuda-mps", {"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "2G"})
    assert _read(tmp_path, _gpu(0, (77, 78, 9999, 79))).memory_limits == (("0", UUIDS[0], 2 << 30),)


def test_a_real_process_named_as_the_server_is_read_with_the_gpu_tests_environment(tmp_path: Path) -> None:
    """The kernel's /proc, not a laid-out tree: a process whose executable is named as the server
    (`sleep` behind a link: the kernel takes `comm` from the name executed), started with the
    environment tests/gpu/test_mps_gpu.py gives the control daemon. NVML's process list is a
    stand-in (no GPU here); what the real server's environment holds is the GPU test's to show."""
    from tests.gpu.mps_server import server_env, stand_in_server

    env = server_env({"PATH": "/usr/bin:/bin", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT": "1G"}, tmp_path,
                     UUIDS[1], "8G", "50")
    server = stand_in_server(tmp_path, env)
    try:
        reading = MpsSource().read({"nvml": _nvml(_gpu(0, (server.pid,)), _gpu(1, (server.pid,)))})
    finally:
        server.kill()
        server.wait(10)
    # the server sees only GPU 1 (by UUID), as its device 0: the limit is GPU 1's, in bytes
    assert reading.memory_limits == (("1", UUIDS[1], 8 << 30),)
    assert reading.thread_percentages == (("1", UUIDS[1], 50.0),)
