"""Rank labels from the launcher's environment."""

from __future__ import annotations

from dataclasses import replace

from gpumemd.agent.identity import from_env
from gpumemd.agent.wiring import effective_listen_address
from gpumemd.config import AgentConfig


def test_torchrun() -> None:
    i = from_env({"RANK": "5", "LOCAL_RANK": "1", "WORLD_SIZE": "8", "TORCHELASTIC_RUN_ID": "abc"}, pid=10)
    assert (i.rank, i.local_rank, i.world_size, i.job_id) == (5, 1, 8, "abc")
    assert i.labels() == {"rank": "5", "job_id": "abc"}


def test_torchrun_under_slurm_prefers_torchrun_ranks() -> None:
    env = {"RANK": "3", "LOCAL_RANK": "3", "WORLD_SIZE": "4", "SLURM_PROCID": "0", "SLURM_LOCALID": "0",
           "SLURM_NTASKS": "1", "SLURM_JOB_ID": "991"}
    i = from_env(env, pid=1)
    assert (i.rank, i.local_rank, i.world_size, i.job_id) == (3, 3, 4, "991")


def test_slurm_and_openmpi() -> None:
    s = from_env(
        {"SLURM_PROCID": "7", "SLURM_LOCALID": "3", "SLURM_NTASKS": "16", "SLURM_JOB_ID": "42"}, pid=1
    )
    assert (s.rank, s.local_rank, s.world_size, s.job_id) == (7, 3, 16, "42")
    o = from_env(
        {"OMPI_COMM_WORLD_RANK": "2", "OMPI_COMM_WORLD_LOCAL_RANK": "0", "OMPI_COMM_WORLD_SIZE": "4"}, pid=1
    )
    assert (o.rank, o.local_rank, o.world_size, o.job_id) == (2, 0, 4, None)


def test_no_rank_is_labelled_by_pid_and_garbage_is_ignored() -> None:
    i = from_env({"RANK": "x", "JOB_ID": "  "}, pid=99)
    assert i.rank is None and i.labels() == {"pid": "99"}
    assert i.info_labels() == {"pid": "99", "rank": "", "local_rank": "", "world_size": "", "job_id": ""}


def test_job_id_is_bounded() -> None:
    assert len(from_env({"SLURM_JOB_ID": "9" * 500}, pid=1).job_id or "") == 64


def test_port_per_local_rank() -> None:
    ident = from_env({"RANK": "9", "LOCAL_RANK": "2"}, pid=1)
    served = AgentConfig(listen_address="127.0.0.1:9968")
    assert effective_listen_address(AgentConfig(), ident) is None  # the default: the spool only
    assert effective_listen_address(served, ident) == "127.0.0.1:9970"
    assert effective_listen_address(replace(served, per_rank_port=False), ident) == "127.0.0.1:9968"
    assert effective_listen_address(AgentConfig(listen_address="127.0.0.1:0"), ident) == "127.0.0.1:0"
    assert effective_listen_address(AgentConfig(listen_address=None), ident) is None
