"""Who this process is in a distributed job: rank labels from the launcher's environment.

torchrun / torch.distributed set `RANK`, `LOCAL_RANK`, `WORLD_SIZE`; Slurm (`srun`) sets
`SLURM_PROCID`, `SLURM_LOCALID`, `SLURM_NTASKS`; Open MPI sets `OMPI_COMM_WORLD_RANK`,
`OMPI_COMM_WORLD_LOCAL_RANK`, `OMPI_COMM_WORLD_SIZE`. The first family found wins, in that
order (torchrun under srun sets both; torchrun's are the ranks PyTorch uses).

Labels on every agent series: `rank` and, when the scheduler names the job, `job_id`
(not `job`: Prometheus owns that label). A process with no rank gets `pid` instead, so
the ranks of one node never collide when the daemon merges them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from gpumemd.sources.base import label_text

__all__ = ["Identity", "from_env"]

_RANKS = (
    ("RANK", "LOCAL_RANK", "WORLD_SIZE"),
    ("SLURM_PROCID", "SLURM_LOCALID", "SLURM_NTASKS"),
    ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_SIZE"),
    ("PMI_RANK", "MPI_LOCALRANKID", "PMI_SIZE"),  # MPICH / Intel MPI
)
_JOB_IDS = ("GPUMEMD_JOB_ID", "TORCHELASTIC_RUN_ID", "SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "JOB_ID")
_MAX_JOB_ID = 64  # a label value from outside: bounded


_MAX_RANK = 1 << 31


@dataclass(frozen=True)
class Identity:
    """Who this process is in its job (pid, rank, job id), as read from the launcher's environment:
    the labels of every series the agent exports."""
    pid: int
    rank: int | None = None
    local_rank: int | None = None
    world_size: int | None = None
    job_id: str | None = None

    def labels(self) -> dict[str, str]:
        """The identity labels on every agent series (small, stable within a run)."""
        out: dict[str, str] = {}
        if self.rank is not None:
            out["rank"] = str(self.rank)
        else:
            out["pid"] = str(self.pid)
        if self.job_id:
            out["job_id"] = self.job_id
        return out

    def describe(self) -> str:
        """`rank 3 of 8, job 77` or `no rank`: for the one line the agent says at start."""
        who = (
            f"rank {self.rank}" + (f" of {self.world_size}" if self.world_size else "")
            if self.rank is not None
            else "no rank"
        )
        return who + (f", job {self.job_id}" if self.job_id else "")

    def info_labels(self) -> dict[str, str]:
        """Everything we know, for `gpumemd_agent_info` (joins in PromQL)."""
        return {
            "pid": str(self.pid),
            "rank": "" if self.rank is None else str(self.rank),
            "local_rank": "" if self.local_rank is None else str(self.local_rank),
            "world_size": "" if self.world_size is None else str(self.world_size),
            "job_id": self.job_id or "",
        }


def _int(value: str | None) -> int | None:
    if value is None:
        return None
    text = value.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 10:  # not "1_0", "+3", "١", nor 4,300 digits
        return None
    n = int(text)
    return n if n < _MAX_RANK else None


def from_env(env: Mapping[str, str] | None = None, pid: int | None = None) -> Identity:
    env = os.environ if env is None else env
    rank = local_rank = world_size = None
    for rank_key, local_key, size_key in _RANKS:
        rank = _int(env.get(rank_key))
        if rank is not None:
            local_rank, world_size = _int(env.get(local_key)), _int(env.get(size_key))
            break
    if rank is None:  # LOCAL_RANK alone (some launchers) still gives a port offset
        local_rank = _int(env.get("LOCAL_RANK"))
    job_id = next((env[k].strip() for k in _JOB_IDS if env.get(k, "").strip()), None)
    if job_id is not None:  # any bytes (os.environ decodes them with surrogateescape): valid, bounded UTF-8
        job_id = label_text(job_id, _MAX_JOB_ID)
    return Identity(
        pid=os.getpid() if pid is None else pid,
        rank=rank,
        local_rank=local_rank,
        world_size=world_size,
        job_id=job_id,
    )
