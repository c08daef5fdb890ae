"""The launcher's environment, `CUDA_MPS_PINNED_DEVICE_MEM_LIMIT` (gpumemd/sources/mps_limit.py):
any string of any length is a limit of NVIDIA's shape or ignored with one log line, never an
exception; and the OOM diagnosis takes the smaller of the fraction's limit and the MPS limit,
naming the one that refused the request. Fakes stand for torch at an OOM (tests/unit/agent)."""

from __future__ import annotations

import logging
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.agent.oomdiag import OomDiagnoser
from gpumemd.sources import mps_limit
from gpumemd.sources.mps_limit import ALL, ENV_VAR, limit_for, parse
from tests.unit.agent.test_oomdiag import FakeNvml, FakeTorchAtOom

GIB, MIB = 1 << 30, 1 << 20
UUID = "GPU-50bfc93b-52b4-cb57-7e91-b4095c5b2f72"


@pytest.mark.parametrize("env, index, want", [
    ({ENV_VAR: "0=8G"}, 0, 8 * GIB),
    ({ENV_VAR: "0=8G"}, 1, None),  # the job's device 0 is NVML's 0
    ({ENV_VAR: "0=8G", "CUDA_VISIBLE_DEVICES": "1"}, 1, 8 * GIB),  # ... unless it sees only GPU 1
    ({ENV_VAR: "0=8G", "CUDA_VISIBLE_DEVICES": "1"}, 0, None),
    ({ENV_VAR: "0=8G", "CUDA_VISIBLE_DEVICES": UUID[:10]}, 1, 8 * GIB),
    ({ENV_VAR: f"{UUID}=4G"}, 1, 4 * GIB),  # by UUID, whatever the numbering
    ({ENV_VAR: f"{UUID}=4G,1=2G"}, 1, 2 * GIB),  # the ordinal first (which CUDA takes: not measured)
    ({ENV_VAR: f"{UUID}=4G"}, 0, None),
    ({ENV_VAR: "16G"}, 0, 16 * GIB),
    ({}, 0, None),
])
def test_a_jobs_limit_for_a_gpu_by_its_numbering_or_uuid(env: dict[str, str], index: int,
                                                         want: int | None) -> None:
    uuid = UUID if index == 1 else "GPU-0000"
    assert mps_limit.for_gpu(env, index, uuid) == want


@pytest.mark.parametrize(
    "value, want",
    [
        ("0=1G", {0: GIB}),
        ("0=1G,1=512M", {0: GIB, 1: 512 * MIB}),
        ("1=2gb, 0=4096MB", {1: 2 * GIB, 0: 4 * GIB}),
        ("8G", {ALL: 8 * GIB}),
        ("3=1T", {3: 1 << 40}),
        ("0=64k", {0: 64 << 10}),
        # by UUID, as NVIDIA's docs allow and the H200 held (bench/mps_limit_probe.sh, B2)
        (f"{UUID}=8G", {UUID: 8 * GIB}),
        (f"{UUID.upper()}=8G,1=4G", {UUID: 8 * GIB, 1: 4 * GIB}),
    ],
)
def test_nvidias_shapes_are_read(value: str, want: dict[int | str, int]) -> None:
    assert parse(value) == want


@pytest.mark.parametrize(
    "value",
    [
        "",
        "1024",
        "0=1024",
        "0=1G,",
        ",0=1G",
        "0=1G,0=2G",
        "0=1G,2G",
        "-1=1G",
        "0=-1G",
        "0=1.5G",
        "0=1P",
        "0=0G",
        "99999=1G",
        "1024=1G",
        "0=1G;rm -rf /",
        "0=1G\n1=1G",
        "0=1\u0661G",
        "０=1G",
        "0=1GiB",
        "0=" + "9" * 16 + "G",
        "0=1G," * 300,
        "x" * 10_000_000,
        "\udcff=1G",
        "0 = 1G",
        "GPU-=1G",
        "GPU-xyz=1G",
        f"{UUID}=1G,{UUID}=2G",
        "GPU-" + "0" * 81 + "=1G",
    ],
)
def test_hostile_values_are_ignored(value: str) -> None:
    assert parse(value) is None


def test_an_ignored_value_is_one_log_line_per_value_and_never_raises(
    caplog: pytest.LogCaptureFixture,
) -> None:
    mps_limit._said.clear()
    with caplog.at_level(logging.WARNING, logger="gpumemd.mps"):
        for _ in range(5):
            assert limit_for({ENV_VAR: "0=lots"}, 0) is None
    assert len([r for r in caplog.records if ENV_VAR in r.getMessage()]) == 1
    assert "lots" not in caplog.text  # the value itself is not echoed into logs


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.integers(0, 8))
def test_any_text_is_a_bounded_limit_or_none(value: str, device: int) -> None:
    got = limit_for({ENV_VAR: value}, device)
    assert got is None or (type(got) is int and 0 < got <= mps_limit.MAX_BYTES)


def test_the_mps_limit_below_the_fraction_is_the_limit_cause_and_its_fix_names_mps() -> None:
    # 14 GiB reserved, 4 GiB asked; MPS limits GPU 0 to 16 GiB; the fraction (observer's limit) is 40 GiB
    diag = OomDiagnoser(
        FakeTorchAtOom(14 * GIB, 14 * GIB),
        FakeNvml([{"pid": 7, "used_bytes": 15 * GIB}]),
        pid=7,
        env={ENV_VAR: "0=16G,1=2G"},
    )
    d = diag.diagnose(0, 4 * GIB, 40 * GIB, 2 * GIB)  # MPS shows the client only its own free bytes
    assert d.cause == "limit" and d.accounting is not None and d.accounting.limit_by == "mps"
    assert d.accounting.limit == 16 * GIB
    assert d.fix.startswith("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT") and "19456M" in d.fix  # 14 + 4 + 1 GiB


def test_the_fraction_below_the_mps_limit_wins_and_its_fix_names_the_fraction() -> None:
    diag = OomDiagnoser(FakeTorchAtOom(14 * GIB, 14 * GIB), None, pid=7, env={ENV_VAR: "60G"})
    d = diag.diagnose(0, 4 * GIB, 16 * GIB, 60 * GIB)
    assert d.cause == "limit" and d.accounting is not None and d.accounting.limit_by == "fraction"
    assert "set_per_process_memory_fraction" in d.fix and "MPS" not in d.fix


def test_a_hostile_mps_value_leaves_the_diagnosis_as_without_it() -> None:
    plain = OomDiagnoser(FakeTorchAtOom(30 * GIB, 30 * GIB), None, pid=7, env={}).diagnose(
        0, 60 * GIB, 80 * GIB, 49 * GIB
    )
    hostile = OomDiagnoser(
        FakeTorchAtOom(30 * GIB, 30 * GIB), None, pid=7, env={ENV_VAR: "0=1G" * 5000}
    ).diagnose(0, 60 * GIB, 80 * GIB, 49 * GIB)
    assert (hostile.cause, hostile.fix) == (plain.cause, plain.fix) == ("capacity", plain.fix)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.binary(max_size=300), max_size=12), st.binary(max_size=600), st.binary(max_size=40))
def test_the_daemon_takes_no_limit_from_a_servers_environment_of_any_bytes(
        entries: list[bytes], pipe: bytes, limit: bytes) -> None:
    """Other processes' environments (the MPS server's and its control daemon's
    /proc/<pid>/environ, sources/mps.py): any bytes, any other variables, any pipe directory.
    The daemon keeps the two it reads (the devices, the pipe directory) and nothing else, never
    raises, never takes a limit from there (it does not hold: docs/deploy.md, "MPS"), and asks
    a control daemon only in a pipe directory `trusted_pipe` accepts."""
    import tempfile
    from pathlib import Path

    from gpumemd.sources.mps import MpsSource, server_settings
    from gpumemd.sources.mps_control import Answer, Control, trusted_pipe
    from gpumemd.sources.nvml import GpuProcess, GpuReading, NvmlReading

    raw = b"\0".join([*entries, ENV_VAR.encode() + b"=0=" + limit, b"CUDA_MPS_PIPE_DIRECTORY=" + pipe,
                      *entries])
    kept = server_settings(raw)
    assert set(kept) <= {"CUDA_MPS_PIPE_DIRECTORY", "CUDA_VISIBLE_DEVICES"}
    asked: list[str] = []

    def runner(argv: list[str], directory: str, command: str, timeout: float) -> Answer:
        asked.append(directory)  # FAKE control program: no control daemon can be made here
        return Answer("8G")

    with tempfile.TemporaryDirectory() as root:
        for pid, ppid in ((6, 1), (7, 6)):
            (Path(root) / str(pid)).mkdir()
            (Path(root) / str(pid) / "comm").write_bytes(b"nvidia-cuda-mps\n")
            (Path(root) / str(pid) / "environ").write_bytes(raw)
            (Path(root) / str(pid) / "stat").write_bytes(f"{pid} (nvidia-cuda-mps) S {ppid} 0".encode())
        gpu = GpuReading(0, "GPU-0", None, None, 1 << 40, 0, 1 << 40, 0, (GpuProcess(7, 1),))
        source = MpsSource(root, control=Control("/nonexistent", runner=runner))
        reading = source.read({"nvml": NvmlReading(None, (gpu,), {}, 0)})
    for directory in asked:  # only a trusted directory, and only its control daemon's answer
        assert trusted_pipe(directory, frozenset({0, os.geteuid()})) is not None
    assert [n for _, _, n in reading.memory_limits] == ([8 << 30] if asked else [])
