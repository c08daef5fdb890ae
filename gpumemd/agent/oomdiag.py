"""The OOM diagnosis's inputs in the training process: what the allocator, its snapshot and
NVML say at the OOM (`OomDiagnoser.diagnose`, called by the OOM observer in the allocating
thread), and what only came before it: allocated at each step boundary with the optimizer
steps counted then (`on_boundary`, a step-boundary listener: exact step ends, so a leak's
growth is per optimizer step), this process's non-PyTorch memory at its lowest and the
watched model's categories (`observe`, a sample listener).

Everything the OOM needs now is read at the OOM (this process's NVML bytes among it), so an
OOM before the agent's first sample gets the answer a later one would. The accounting is
built by the same function as `gpumemd explain --snapshot`'s (diagnosis/accounting.py).

The MPS limit is the smaller of the one this process's environment names and its MPS server's
(set through the control daemon, which the environment does not show): where NVML lists this
process as an MPS client and CUDA's free bytes at the OOM fall short of NVML's free bytes of the
whole GPU by more than `MPS_GAP`, CUDA's free is the server's limit's (an MPS client's
cudaMemGetInfo counts its limit, NVML the GPU), and the limit is CUDA's free plus this process's
NVML bytes (docs/oom.md, "The MPS limit").

Nothing here allocates GPU memory: the allocator's counters, `memory_snapshot` without
traces, this thread's current stream (the request's) and NVML's per-process list are all
host-side reads.
"""

from __future__ import annotations

import collections
import logging
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gpumemd.backends.nvml import NvmlApi
from gpumemd.backends.torch_cuda import AllocatorStats
from gpumemd.diagnosis.accounting import AllocatorConfig, OtherProcess, build_accounting
from gpumemd.diagnosis.oom import Diagnosis, diagnose
from gpumemd.sources import alloc_conf, mps_limit

log = logging.getLogger("gpumemd.agent")

__all__ = ["MPS_GAP", "OomDiagnoser"]

HISTORY = 32  # step readings kept per device

MPS_GAP = 1 << 30
"""How far CUDA's free bytes at the OOM must fall short of NVML's free bytes of the GPU before an
MPS client's server limit is inferred from them: the two are read apart (another process's frees
between the reads raise NVML's) and count this process's context apart. A server limit closer
than this to what the GPU has free is not told apart from them; a job's own limit within it of
the inferred one is taken as the one that holds (the same limit read twice)."""

# what the diagnosis lacked where it could not look for an MPS server's limit
_NO_MPS_LIST = "mps server limit (NVML's MPS client list)"
_NO_GPU_FREE = "mps server limit (NVML's free memory of the GPU)"


@dataclass(frozen=True)
class _NvmlView:
    """NVML read at the OOM: this process's bytes, the other processes, whether NVML lists it
    as an MPS client of the GPU and then the GPU's free bytes (None: not known)."""

    used: int | None = None
    others: tuple[OtherProcess, ...] | None = None
    mps_client: bool | None = None
    gpu_free: int | None = None


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
        self._step_ends: dict[int, collections.deque[tuple[int, int]]] = {}  # (optimizer steps, allocated)
        self._step_peak: Callable[[int], Any] | None = None
        self._devices: Callable[[], Any] | None = None
        self._non_pytorch_low: dict[int, int] = {}
        self._step: int | None = None
        self._categories: dict[int, tuple[tuple[str, int], ...]] = {}  # the last step peak's, by device

    # --- what came before the OOM ---

    def follow_steps(self, step_peak: Callable[[int], Any], devices: Callable[[], Any]) -> None:
        """The allocator source's last closed step per device and its devices: read at each step
        boundary (`on_boundary`). Its end is exact on every backend (cudaMallocAsync included)."""
        self._step_peak, self._devices = step_peak, devices

    def on_boundary(self, steps: int | None) -> None:
        """A step boundary closed, `steps` optimizer steps counted so far: keep allocated at the
        step's end with that count (a BoundaryListener: cheap, on the training thread)."""
        if steps is None or self._step_peak is None or self._devices is None:
            return
        for device in self._devices():
            reading = self._step_peak(device)
            if reading is None:
                continue
            end = int(reading.allocated_end_bytes)
            ends = self._step_ends.setdefault(device, collections.deque(maxlen=HISTORY))
            if not ends or ends[-1][0] < steps:
                ends.append((steps, end))

    def observe(self, snapshot: Any) -> None:
        """A sample listener; never raises into the sampler."""
        try:
            readings = (
                getattr(snapshot, "readings", None) or {}
            )  # getattr: a sample, or None before the first
            training = readings.get("training")  # (the loop's global step, optimizer steps the hook saw)
            if isinstance(training, tuple) and len(training) == 2:
                self._step = training[0] if training[0] is not None else training[1]
            for c in readings.get("categories") or ():  # gpumemd.watch: the last step peak by category
                if c.peak is not None:
                    self._categories[c.device] = tuple(c.peak.items())
                else:  # that step's peak is unknown (cudaMallocAsync): an older step's is not it
                    self._categories.pop(c.device, None)
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
        # NVML first: its free bytes are compared with the allocator's, read just before this call
        view = self._nvml_view(device)
        stats = AllocatorStats.parse(self._torch.memory_stats(device))
        allocated = stats.allocated if stats is not None else None
        reserved = stats.reserved if stats is not None else None
        try:
            total: int | None = int(self._torch.total_memory(device))
        except Exception:  # noqa: BLE001
            total = None
        limit = limit_or_total if total is not None and 0 < limit_or_total < total else None
        # the smallest of the fraction's limit and an MPS client limit (the job's, its server's) refused it
        env = os.environ if self._env is None else self._env
        mps, mps_by = mps_limit.limit_for(env, device), "job"
        server = _server_limit(view, device_free)
        if server is not None and (mps is None or server < mps - MPS_GAP):
            mps, mps_by = server, "node"
        limit_by = "fraction"
        if mps is not None and total is not None and mps < total and (limit is None or mps < limit):
            limit, limit_by = mps, "mps"
        segments = None
        lacking = []
        if view.mps_client is None:
            lacking.append(_NO_MPS_LIST)
        elif view.mps_client and view.gpu_free is None:
            lacking.append(_NO_GPU_FREE)
        config = self._config()
        if config.backend == "cudaMallocAsync":  # its snapshot() raises or is empty: no block is tracked
            lacking.append("segments (backend:cudaMallocAsync tracks no blocks)")
        else:
            try:
                segments = self._torch.pool_segments()
            except Exception:  # noqa: BLE001 - the snapshot is a refinement: without it, no block figures
                log.debug("OOM diagnoser: no snapshot", exc_info=True)
            if segments is None:
                lacking.append("segments (memory_snapshot failed)")
        acc = build_accounting(
            requested=int(requested),
            device=device,
            segments=segments,
            stream=self._stream(device),
            device_total=total,
            device_free=int(device_free),
            gpu_free=view.gpu_free,
            limit=limit,
            limit_by=limit_by,
            mps_limit_by=mps_by,
            fraction_set_by="conf" if alloc_conf.from_env(env).memory_fraction not in ("", alloc_conf.INVALID)
            else "call",
            allocated=allocated,
            reserved=reserved,
            process_used=view.used,
            context_baseline=self._non_pytorch_low.get(device),
            others=view.others,
            config=config,
            step=self._step,
            step_ends=tuple(self._step_ends.get(device, ())),
            categories=self._categories.get(device, ()),
            lacking=lacking,
        )
        return diagnose(acc)

    def _stream(self, device: int) -> int | None:
        """The request's stream: the observer runs in the allocating thread, whose current stream
        on the device is the one the allocator was asked for (at a raise seen by sys.monitoring,
        the raising thread's, still in the raising frame)."""
        try:
            return self._torch.current_stream(device)
        except Exception:  # noqa: BLE001 - unknown: every stream's free blocks count, as offline without it
            return None

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
        text = next((env[k] for k in alloc_conf.ENV_VARS if env.get(k)), "")
        return AllocatorConfig(
            text=text[:256],
            backend=backend,
            expandable_segments=settings.expandable_segments == "true",
            max_split_size=int(split) if split.isdigit() else None,
            uses_cuda_ipc=ipc,
        )

    def _nvml_view(self, device: int) -> _NvmlView:
        """This process's bytes on the GPU, the other processes there and the MPS reading, read now."""
        nv = self._nvml
        if nv is None:
            return _NvmlView()
        try:
            if not self._nvml_ready:
                nv.init()
                self._nvml_ready = True
            uuid = self._torch.device_uuid(device)
            index = next((i for i in range(nv.device_count()) if nv.uuid(i) == uuid), None)
            if index is None:
                return _NvmlView()
            procs = nv.processes(index)
        except Exception:  # noqa: BLE001 - NVML absent or failing: the diagnosis says it lacked it
            return _NvmlView()
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
        client, gpu_free = self._mps_reading(nv, index)
        return _NvmlView(used, tuple(others), client, gpu_free)

    def _mps_reading(self, nv: NvmlApi, index: int) -> tuple[bool | None, int | None]:
        """Whether NVML lists this process as an MPS client of the GPU and, where it does, NVML's
        free bytes of the whole GPU; None where NVML did not answer."""
        try:
            client = any(p.get("pid") == self._pid for p in nv.mps_processes(index))
        except Exception:  # noqa: BLE001 - an older driver, a failing call: not known, said in `missing`
            return None, None
        if not client:
            return False, None
        try:
            free = nv.memory_info(index).get("free")
        except Exception:  # noqa: BLE001
            return True, None
        return True, free if type(free) is int and free >= 0 else None


def _server_limit(view: _NvmlView, device_free: int) -> int | None:
    """The MPS server's limit on this client, inferred: CUDA's free bytes (`device_free`, the
    limit's under MPS) and this process's NVML bytes, where NVML lists it as an MPS client and
    the GPU has more than `MPS_GAP` more free than CUDA said; else None (not an MPS client, not
    known, or no limit below what the GPU has free)."""
    if not view.mps_client or view.gpu_free is None or view.used is None:
        return None
    if type(device_free) is not int or device_free < 0 or view.gpu_free - device_free <= MPS_GAP:
        return None
    return device_free + view.used
