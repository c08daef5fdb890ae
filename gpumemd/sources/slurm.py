"""Collector `slurm`: the Slurm job each GPU process belongs to, from its cgroup."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd.known_metrics import collected_by

from .base import Source, SourceUnavailable, metric

__all__ = ["SlurmReading", "SlurmSource", "slurm_job_of"]

_SLURM_JOB = re.compile(r"/job_(\d+)(?:/|$)")  # cgroup v1 /slurm/uid_U/job_J/…, v2 …/slurmstepd.scope/job_J/…


def slurm_job_of(cgroup_text: str) -> str | None:
    for line in cgroup_text.splitlines():
        path = line.split(":", 2)[-1]
        m = _SLURM_JOB.search(path)
        if m:
            return m.group(1)
    return None


@dataclass(frozen=True)
class SlurmReading:
    """One reading of Slurm: the job of each GPU process, and of each GPU."""
    process_jobs: Mapping[int, str]  # pid -> job id
    gpu_jobs: tuple[tuple[str, str, str], ...]  # (gpu, uuid, job id)


class SlurmSource(Source[SlurmReading]):
    """The Slurm job of each GPU process, read from its cgroup (no privileges needed)."""

    name = "slurm"
    names = collected_by("slurm")  # the families declared with its name (known_metrics)

    def __init__(self, proc_root: str | Path = "/proc") -> None:
        self._proc = Path(proc_root)

    def read(self, cycle: Mapping[str, Any]) -> SlurmReading:
        nvml = cycle.get("nvml")
        if nvml is None:
            raise SourceUnavailable("no NVML reading this sample (GPU processes unknown)")
        jobs: dict[int, str] = {}
        for pid in sorted(nvml.pids()):
            try:
                text = (self._proc / str(pid) / "cgroup").read_text()
            except OSError:  # gone, or another PID namespace: not attributable
                continue
            job = slurm_job_of(text)
            if job is not None:
                jobs[pid] = job
        gpu_jobs = sorted(
            {
                (str(g.index), g.uuid, jobs[p.pid])
                for g in nvml.gpus
                for p in (g.processes or ())
                if p.pid in jobs
            }
        )
        return SlurmReading(jobs, tuple(gpu_jobs))

    def families(self, reading: SlurmReading) -> Iterable[Metric]:
        procs = metric("gpumemd_process_slurm_job_info", ["pid", "job_id"])
        for pid, job in sorted(reading.process_jobs.items()):
            procs.add_metric([str(pid), job], 1)
        gpus = metric("gpumemd_gpu_slurm_job_info", ["gpu", "uuid", "job_id"])
        for labels in reading.gpu_jobs:
            gpus.add_metric(list(labels), 1)
        yield procs
        yield gpus
