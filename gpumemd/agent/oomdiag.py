"""The OOM diagnosis's inputs in the training process: what the allocator, its snapshot and
NVML say at the OOM (`OomDiagnoser.diagnose`, called by the OOM observer in the allocating
thread), and what only the samples saw before it (`OomDiagnoser.observe`, a sample listener:
step peaks, this process's non-PyTorch memory at its lowest, the allocator's configuration).

Nothing here allocates GPU memory: the allocator's counters, `memory_snapshot` without
traces, and NVML's per-process list are all host-side reads.
"""

from __future__ import annotations

import collections
import logging
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any

from gpumemd.backends.nvml import NvmlApi
from gpumemd.diagnosis.oom import AllocatorConfig, Diagnosis, OomFigures, OtherProcess, diagnose
from gpumemd.diagnosis.snapshot import figures_from_segments
from gpumemd.sources import alloc_conf, mps_limit

log = logging.getLogger("gpumemd.agent")

__all__ = ["OomDiagnoser"]

HISTORY = 32  # step readings kept per device


class OomDiagnoser:
    """Gathers an OOM's figures and diagnoses them (gpumemd/diagnosis/oom.py)."""

    def __init__(
        self,
        torch_api: Any,
        nvml: NvmlApi | None,
        *,
        pid: int,
        env: Mapping[str, str] | None = None,
        ranks: Callable[[], Mapping[int, str]] | None = None,
    ) -> None:
        """`torch_api`: the allocator's TorchCudaApi; `ranks()`: pid -> rank of the node's other
        agents, where known."""
        self._torch, self._nvml, self._pid = torch_api, nvml, pid
        self._env = env
        self._ranks = ranks
        self._nvml_ready = False
        self._step_peaks: dict[int, collections.deque[int]] = {}
        self._step_allocated: dict[int, collections.deque[int]] = {}
        self._last_steps: dict[int, int] = {}
        self._non_pytorch_low: dict[int, int] = {}
        self._step: int | None = None
        self._categories: dict[int, tuple[tuple[str, int], ...]] = {}  # the last step peak's, by device

    # --- what the samples saw (the sampling thread) ---

    def observe(self, snapshot: Any) -> None:
        """A sample listener; never raises into the sampler."""
        try:
            readings = (
                getattr(snapshot, "readings", None) or {}
            )  # getattr: a sample, or None before the first
            training = readings.get("training")  # (the loop's global step, optimizer steps the hook saw)
            if isinstance(training, tuple) and len(training) == 2:
                self._step = training[0] if training[0] is not None else training[1]
            steps = training[1] if isinstance(training, tuple) and len(training) == 2 else None
            for r in readings.get("allocator") or ():
                # one entry per sample that saw new optimizer steps: the step peak, and allocated
                # between steps (the agent samples right after a step boundary)
                if r.step is not None and steps is not None and self._last_steps.get(r.device) != steps:
                    self._last_steps[r.device] = steps
                    self._step_peaks.setdefault(r.device, collections.deque(maxlen=HISTORY)).append(
                        r.step.allocated_bytes
                    )
                    self._step_allocated.setdefault(r.device, collections.deque(maxlen=HISTORY)).append(
                        r.allocated_bytes
                    )
            for c in readings.get("categories") or ():  # gpumemd.watch: the last step peak by category
                if c.peak is not None:
                    self._categories[c.device] = tuple(c.peak.items())
            process = readings.get("process")
            for view in getattr(process, "devices", ()) or ():  # getattr: the process source may have failed
                n = view.non_pytorch_bytes
                if n is not None and n >= 0:
                    low = self._non_pytorch_low.get(view.device)
                    self._non_pytorch_low[view.device] = n if low is None else min(low, n)
        except Exception:  # noqa: BLE001 - a listener never raises into the sampler
            log.debug("OOM diagnoser: a sample was not read", exc_info=True)

    # --- at the OOM (the allocating thread) ---

    def diagnose(self, device: int, requested: int, limit_or_total: int, device_free: int) -> Diagnosis:
        """The observer's arguments: device, the rounded request, the device's total (or the
        process's limit where one is set) and the device's free bytes."""
        stats = self._torch.memory_stats(device)
        allocated = _current(stats, "allocated_bytes")
        reserved = _current(stats, "reserved_bytes")
        try:
            total: int | None = int(self._torch.total_memory(device))
        except Exception:  # noqa: BLE001
            total = None
        limit = limit_or_total if total is not None and 0 < limit_or_total < total else None
        # the smaller of the fraction's limit and an MPS client limit refused it
        mps = mps_limit.limit_for(os.environ if self._env is None else self._env, device)
        limit_by = "fraction"
        if mps is not None and total is not None and mps < total and (limit is None or mps < limit):
            limit, limit_by = mps, "mps"
        seg = None
        try:
            segments = self._torch.pool_segments()
            if segments is not None:
                seg = figures_from_segments(segments, device)
        except Exception:  # noqa: BLE001 - the snapshot is a refinement: without it, no block figures
            log.debug("OOM diagnoser: no snapshot", exc_info=True)
        used, others = self._nvml_view(device)
        non_pytorch = None if used is None or reserved is None else max(0, used - reserved)
        fitting = None if seg is None else sum(1 for b in seg.free_blocks if b >= requested)
        figures = OomFigures(
            requested=int(requested),
            device=device,
            device_total=total,
            device_free=int(device_free),
            limit=limit,
            limit_by=limit_by,
            allocated=allocated,
            reserved=reserved,
            largest_free_block=None if seg is None else seg.largest_free_block,
            free_blocks_fitting=fitting,
            pool_reserved=None if seg is None else seg.pool_reserved,
            pool_free=None if seg is None else seg.pool_free,
            largest_pool=None if seg is None else seg.largest_pool,
            process_used=used,
            non_pytorch=non_pytorch,
            non_pytorch_baseline=self._non_pytorch_low.get(device),
            others=others,
            config=self._config(),
            step=self._step,
            step_allocated=tuple(self._step_allocated.get(device, ())),
            step_peaks=tuple(self._step_peaks.get(device, ())),
            categories=self._categories.get(device, ()),
        )
        return diagnose(figures)

    def _config(self) -> AllocatorConfig:
        env = os.environ if self._env is None else self._env
        settings = alloc_conf.from_env(env)
        backend = "native"
        try:
            backend = alloc_conf.backend_label(self._torch.allocator_backend()) or settings.backend
        except Exception:  # noqa: BLE001
            backend = settings.backend
        split = settings.max_split_size
        # CUDA IPC: tensors shared with other processes (torch.multiprocessing) conflict with
        # expandable segments; a program that imported torch.multiprocessing's reductions may share.
        ipc = "torch.multiprocessing.reductions" in sys.modules and bool(
            getattr(sys.modules["torch.multiprocessing.reductions"], "shared_cache", None)
        )  # getattr: private
        return AllocatorConfig(
            backend=backend,
            expandable_segments=settings.expandable_segments == "true",
            max_split_size=int(split) if split.isdigit() else None,
            uses_cuda_ipc=ipc,
        )

    def _nvml_view(self, device: int) -> tuple[int | None, tuple[OtherProcess, ...] | None]:
        """This process's bytes on the GPU and the other processes there, read now."""
        nv = self._nvml
        if nv is None:
            return None, None
        try:
            if not self._nvml_ready:
                nv.init()
                self._nvml_ready = True
            uuid = self._torch.device_uuid(device)
            index = next((i for i in range(nv.device_count()) if nv.uuid(i) == uuid), None)
            if index is None:
                return None, None
            procs = nv.processes(index)
        except Exception:  # noqa: BLE001 - NVML absent or failing: the diagnosis says it lacked it
            return None, None
        ranks = {}
        if self._ranks is not None:
            try:
                ranks = dict(self._ranks())
            except Exception:  # noqa: BLE001
                ranks = {}
        used = None
        others = []
        for p in procs:
            pid, n = p.get("pid"), p.get("used_bytes")
            if type(pid) is not int or type(n) is not int or n < 0:
                continue
            if pid == self._pid:
                used = n
            else:
                others.append(OtherProcess(pid, n, rank=ranks.get(pid)))
        return used, tuple(others)


def _current(stats: Mapping[str, Any], key: str) -> int | None:
    try:
        value = stats[key]["all"]["current"]
    except (KeyError, TypeError):
        value = stats.get(f"{key}.all.current") if isinstance(stats, Mapping) else None
    return int(value) if type(value) is int and value >= 0 else None
