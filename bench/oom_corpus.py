"""The generated OOM corpus (issue 35): scenarios made as a cross product of cause x allocator
setting x timing x where the memory sits x request size, pruned by written rules, each run on
the GPU under the gpumemd agent; every remedy and every "does not help" the agent's diagnosis
states is re-run, and the allocator what-if (gpumemd/diagnosis/allocsim.py) replays each
recorded trace. bench/oom_corpus.md is the generator's README (the rules, the ground truth).

    python3 bench/oom_corpus.py --out DIR [--only ID,ID] [--limit N] [--shard I/N] [--list]
    python3 bench/oom_corpus.py --merge DIR [DIR ...] --out DIR

Writes DIR/corpus.csv, DIR/corpus.md (the table), DIR/corpus.jsonl (every run, every figure),
DIR/meta.json (the shard, the seconds) and DIR/agent/traces/*.pickle. `--list` prints the
scenarios and the pruned combinations (no GPU). `--shard I/N` runs the I-th (from 0) of N shards
(a program and its siblings under the other settings stay in one shard, so each shard compares
them); one shard per GPU (`CUDA_VISIBLE_DEVICES=i`, bench/device_gpus.sh). `--merge` rebuilds the
tables from the shards' corpus.jsonl (no GPU).
Internal modes: `--worker` (runs scenarios sent as JSON lines on stdin, in one process under
one PYTORCH_CUDA_ALLOC_CONF, the agent started by `gpumemd.start()`) and `--holder` (another
process that holds what it is told to).
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import os
import pickle
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MIB, GIB = 1 << 20, 1 << 30
MARK = "@@corpus "  # a worker's result line

CAUSES = ("capacity", "fragmentation", "graph_pools", "other_processes", "non_pytorch", "limit", "leak")
SETTINGS = ("", "expandable_segments:True", "backend:cudaMallocAsync", "max_split_size_mb:64")
TIMINGS = ("before_first_sample", "mid_training", "after_leak")
WHERE = ("default", "mempool", "graph", "cupy", "other_process", "fraction", "tails", "holes", "pages")
SIZES = ("over_device", "over_limit", "over_free")

# where the memory that is missing sits, per cause (the rest are impossible by construction)
WHERE_OF = {
    "capacity": ("default", "mempool"),
    "fragmentation": ("tails", "holes", "pages"),
    "graph_pools": ("graph", "mempool"),
    "other_processes": ("other_process",),
    "non_pytorch": ("cupy",),
    "limit": ("fraction",),
    "leak": ("default",),
}


@dataclass(frozen=True)
class Scenario:
    cause: str
    conf: str
    timing: str
    where: str
    size: str

    @property
    def id(self) -> str:
        conf = {"": "native", "expandable_segments:True": "expandable", "backend:cudaMallocAsync": "async",
                "max_split_size_mb:64": "split64"}[self.conf]
        return f"{self.cause}.{conf}.{self.timing}.{self.where}.{self.size}"


def prune(s: Scenario) -> str | None:
    """Why a combination is left out (README: "Pruning rules"), or None to keep it."""
    if s.where not in WHERE_OF[s.cause]:
        return "the memory of this cause does not sit there"
    if s.size == "over_device" and s.cause != "capacity":
        return "a request over the device is capacity whatever else holds memory"
    if s.size == "over_limit" and s.cause != "limit":
        return "no limit is set outside the limit scenarios"
    if s.cause == "limit" and s.size != "over_limit":
        return "under a limit the request that fails is over the limit"
    if s.cause == "leak" and s.timing != "after_leak":
        return "a leak's OOM comes after the leak"
    if s.timing == "before_first_sample" and s.cause in ("fragmentation", "graph_pools", "leak"):
        return "its set-up takes longer than the agent's first sample"
    if s.timing == "before_first_sample" and s.conf not in ("", "expandable_segments:True"):
        return "budget: a fresh process each; two settings stand for the first-sample path"
    if s.conf == "backend:cudaMallocAsync" and (
        s.cause in ("fragmentation", "graph_pools") or s.where == "mempool"
    ):
        return "cudaMallocAsync has no caching-allocator blocks, private pools or MemPool"
    if s.cause == "fragmentation" and s.where == "tails" and s.conf == "expandable_segments:True":
        return "expandable segments pack the tails: no OOM"
    if s.cause == "fragmentation" and s.where in ("holes", "pages") and s.timing == "after_leak":
        return f"budget: the {s.where} pattern once per setting"
    if s.where == "mempool" and (s.size != "over_free" or s.timing != "mid_training"):
        return "budget: MemPool once per setting, mid-training"
    if s.cause == "capacity" and s.timing == "after_leak" and s.size == "over_free" and s.conf:
        return "budget: after a leak, over free, with the defaults only"
    return None


def scenarios() -> tuple[list[Scenario], list[tuple[Scenario, str]]]:
    kept, pruned = [], []
    for combo in itertools.product(CAUSES, SETTINGS, TIMINGS, WHERE, SIZES):
        s = Scenario(*combo)
        why = prune(s)
        if why is None:
            kept.append(s)
        elif s.where in WHERE_OF[s.cause]:  # the rest are not combinations at all
            pruned.append((s, why))
    return kept, pruned


# --- the modifications a re-run applies -------------------------------------------------------
# a job: one run of one scenario, with a modification: None (as built), "truth" (the built-in
# cause removed), or a remedy / does-not-help claim of the diagnosis


@dataclass(frozen=True)
class Job:
    scenario: Scenario
    mod: str = ""  # "", "truth", "remedy", "dnh"
    conf: str = ""  # PYTORCH_CUDA_ALLOC_CONF of this run
    change: tuple[tuple[str, Any], ...] = ()  # what the scenario changes: scale, fraction, ...
    fresh: bool = False  # a process of its own (the OOM before the agent's first sample)
    history: bool = True

    @property
    def holder(self) -> bool:
        return self.scenario.cause == "other_processes" and dict(self.change).get("holder", True)

    def spec(self) -> dict[str, Any]:
        return {**asdict(self.scenario), "mod": self.mod, "change": dict(self.change),
                "history": self.history}


def truth_change(s: Scenario) -> tuple[tuple[str, Any], ...]:
    """The scenario with its cause removed (README: "Ground truth")."""
    return {
        "capacity": (("fit_request", True),),
        "fragmentation": (("reorder", True),),
        "graph_pools": (("release_pool", True),),
        "other_processes": (("holder", False),),
        "non_pytorch": (("cupy", False),),
        "limit": (("fraction", None),),
        "leak": (("leak", False),),
    }[s.cause]


def _not_here(s: Scenario, kind: str) -> str | None:
    """Why the corpus cannot apply a remedy of this kind to the scenario, or None. Only what it
    truly cannot do: a remedy of a cause the scenario lacks is still applied where it can be
    (no leak to fix, no other process, no limit: the same program, re-run), so that a remedy
    wrongly given shows as CONTRADICTED rather than hidden."""
    if kind in ("free_non_pytorch", "non_pytorch") and s.cause != "non_pytorch":
        return ("the only non-PyTorch memory the corpus can free is its CuPy allocation, absent here "
                "(the rest is the CUDA context and the libraries' own)")
    return None


def with_setting(conf: str, setting: str) -> str:
    """The scenario's PYTORCH_CUDA_ALLOC_CONF with `setting` in place of its own key (as the
    diagnosis's alloc_conf keeps the user's items); the backend item dropped, since every
    setting the diagnosis names is the native allocator's."""
    key = setting.split(":", 1)[0]
    items = [i for i in conf.split(",") if i and i.split(":", 1)[0] not in (key, "backend")]
    return ",".join([*items, setting])


def remedy_jobs(s: Scenario, diagnosis: dict[str, Any] | None) -> list[tuple[str, Job | None]]:
    """The re-runs a diagnosis asks for: (what, job or None when it cannot be re-run). Every
    remedy and every does-not-help claim gets one, unless `_not_here` says the corpus cannot
    apply it; `none` outside fragmentation prints no remedy (split the tensor, shard, a larger
    GPU: no change), and its row says so."""
    if not diagnosis:
        return []
    out: list[tuple[str, Job | None]] = []
    remedy = diagnosis.get("remedy")
    numbers = diagnosis.get("numbers") or {}
    if isinstance(remedy, dict):  # version 2
        kind = str(remedy.get("kind"))
        change: tuple[tuple[str, Any], ...] | None = None
        conf = s.conf
        absent = _not_here(s, kind)
        if kind == "alloc_conf" and isinstance(remedy.get("alloc_conf"), str):
            conf = remedy["alloc_conf"]
            change = ()
        elif kind in ("batch_fraction", "batch") and isinstance(remedy.get("fraction"), (int, float)):
            change = (("scale", float(remedy["fraction"])),)
        elif kind in ("free_other_processes", "other_processes"):
            change = (("holder", False),)
        elif kind in ("lift_limit", "limit", "fraction"):
            f = remedy.get("fraction")
            # where the scenario sets no limit, lifting it is the same program
            change = (("fraction", float(f) if isinstance(f, (int, float)) and s.cause == "limit" else None),)
        elif kind in ("free_non_pytorch", "non_pytorch"):
            change = (("cupy", False),)
        elif kind in ("free_pools", "release_graph_pools", "release_pools", "graph_pools"):
            change = (("release_pool", True),)
        elif kind in ("fix_leak", "leak"):
            change = (("leak", False),)
        elif kind in ("empty_cache",):
            change = (("empty_cache", True),)
        elif kind == "none" and diagnosis.get("cause") == "fragmentation":
            change = (("reorder", True),)  # its fix: the large tensor before the small ones
            kind = "none (the request allocated before the small tensors)"
        elif kind == "none":  # no remedy printed (the table says so)
            out.append(("none", None))
        detail = remedy.get("alloc_conf") if kind == "alloc_conf" else remedy.get("fraction")
        label = kind if detail is None else f"{kind} {detail}"
        if absent or (change is None and kind != "none"):
            label, change = f"{label} (not re-runnable here: {absent or 'the remedy names no change'})", None
        if kind != "none":
            out.append((label, None if change is None else Job(s, "remedy", conf, change)))
        for dnh in diagnosis.get("does_not_help") or ():
            if isinstance(dnh, str):
                out.append((f"does_not_help {dnh}", Job(s, "dnh", with_setting(s.conf, dnh))))
        return out
    cause = diagnosis.get("cause")  # version 1 (main's): the fix's figures
    if cause == "capacity" and isinstance(numbers.get("batch_fraction"), (int, float)):
        out.append((f"batch_fraction {numbers['batch_fraction']}",
                    Job(s, "remedy", s.conf, (("scale", float(numbers["batch_fraction"])),))))
    elif cause == "limit" and isinstance(numbers.get("fraction"), (int, float)):
        f = float(numbers["fraction"])
        out.append((f"fraction {f}", Job(s, "remedy", s.conf, (("fraction", f),))))
    elif cause == "other_processes":
        out.append(("free_other_processes", Job(s, "remedy", s.conf, (("holder", False),))))
    elif cause == "non_pytorch":
        out.append(("free_non_pytorch", Job(s, "remedy", s.conf, (("cupy", False),))))
    elif cause == "graph_pools":
        out.append(("release_graph_pools", Job(s, "remedy", s.conf, (("release_pool", True),))))
    elif cause == "leak":
        out.append(("fix_leak", Job(s, "remedy", s.conf, (("leak", False),))))
    else:
        out.append((f"{cause}: no re-runnable figure in the fix", None))
    return out


# --- the worker: runs scenarios in one process ------------------------------------------------


def worker(outdir: Path) -> int:  # pragma: no cover - runs on the GPU
    import gpumemd

    outdir.mkdir(parents=True, exist_ok=True)
    agent = gpumemd.start(listen_address=None, oom_snapshot_dir=str(outdir), oom_min_dump_interval=0.0,
                          nvml_interval=0.2, evaluation_interval=0.2)
    import torch

    torch.cuda.init()
    _, total = torch.cuda.mem_get_info(0)
    while line := sys.stdin.readline():
        if not line.strip():
            continue
        spec = json.loads(line)
        before = set(outdir.glob("*.diagnosis.json"))
        t0 = time.monotonic()
        try:
            res = run_scenario(spec, total, outdir)
        except Exception as exc:  # a scenario that breaks is a row that says so
            res = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
        _reset()  # here, not inside: the scenario's locals (a graph, a pool, tensors) are gone now
        res["elapsed_s"] = round(time.monotonic() - t0, 2)
        time.sleep(0.1)  # the agent's diagnosis file is written in the failing call; a margin
        new = sorted(set(outdir.glob("*.diagnosis.json")) - before, key=lambda p: p.stat().st_mtime)
        res["diagnosis"] = json.loads(new[-1].read_text()) if new else None
        res["diagnoses"] = len(new)
        # observer; raise (sys.monitoring, a caught OOM under cudaMallocAsync); excepthook
        res["seen"] = (res["diagnosis"] or {}).get("seen")
        res["observer_installed"] = bool(agent.oom is not None and agent.oom.read({}).observer_installed)
        print(MARK + json.dumps(res), flush=True)
    gpumemd.stop()
    return 0


def run_scenario(spec: dict[str, Any], total: int, outdir: Path) -> dict[str, Any]:  # pragma: no cover
    import gc

    import pynvml
    import torch

    cause, timing, where, size = spec["cause"], spec["timing"], spec["where"], spec["size"]
    ch = spec["change"]
    res: dict[str, Any] = {"total": total}
    keep: list[Any] = []
    state: dict[str, Any] = {}

    def nvml() -> dict[str, Any]:
        pynvml.nvmlInit()
        # by UUID: NVML numbers every GPU of the host, whatever CUDA_VISIBLE_DEVICES shows torch
        uuid = str(torch.cuda.get_device_properties(0).uuid)
        h = pynvml.nvmlDeviceGetHandleByUUID(uuid if uuid.startswith(("GPU-", "MIG-")) else f"GPU-{uuid}")
        procs = {p.pid: int(p.usedGpuMemory or 0) for p in pynvml.nvmlDeviceGetComputeRunningProcesses(h)}
        info = pynvml.nvmlDeviceGetMemoryInfo(h)
        others = sum(v for k, v in procs.items() if k != os.getpid())
        return {"self": procs.get(os.getpid()), "others": others,
                "used": int(info.used), "total": int(info.total)}

    if spec["history"] and spec["conf"] != "backend:cudaMallocAsync":
        torch.cuda.memory._record_memory_history(enabled="all", context=None, stacks="python",
                                                 max_entries=200000)
    torch.cuda.reset_peak_memory_stats(0)
    fraction = None
    if cause == "limit":
        fraction = ch.get("fraction", 0.05) if "fraction" in ch else 0.05
        if fraction is not None:
            torch.cuda.set_per_process_memory_fraction(fraction, 0)
    res["fraction"] = fraction

    # timing: what ran before the set-up
    w = torch.nn.Parameter(torch.zeros(1024, device="cuda")) if timing != "before_first_sample" else None
    opt = torch.optim.SGD([w], lr=0.1) if w is not None else None
    leaked: list[Any] = []

    def step(leak_bytes: int = 0) -> None:
        assert opt is not None and w is not None
        (w * 2).sum().backward()
        opt.step()
        opt.zero_grad()
        if leak_bytes:
            leaked.append(torch.empty(leak_bytes, dtype=torch.uint8, device="cuda"))
        time.sleep(0.1)  # the agent samples between steps (every 0.2 s)

    if timing == "mid_training":
        for _ in range(3):
            step()
    elif timing == "after_leak" and cause != "leak":
        for _ in range(5):
            step(16 * MIB if ch.get("leak", True) else 0)  # a loop that kept 16 MiB a step, still held
        res["leaked_before"] = 5 * 16 * MIB

    scale = ch.get("scale", 1.0)
    attempt: list[Any] = []  # the failing call

    def request(nbytes: int) -> None:
        n = max(1, int(nbytes * scale))
        attempt.append(lambda: keep.append(torch.empty(n, dtype=torch.uint8, device="cuda")))

    free0, _ = torch.cuda.mem_get_info(0)
    if cause == "capacity":
        if where == "mempool":
            pool = torch.cuda.MemPool()
            with torch.cuda.use_mem_pool(pool):
                keep.append(torch.empty(int(total * 0.5), dtype=torch.uint8, device="cuda"))
            state["pool"] = pool
            del pool
        elif size == "over_free":
            keep.append(torch.empty(int(total * 0.5), dtype=torch.uint8, device="cuda"))
        want = int(total * 1.25) if size == "over_device" else int(total * 0.6)
        if ch.get("fit_request"):
            free, _ = torch.cuda.mem_get_info(0)
            want = int(free * 0.5)
        request(want)
    elif cause == "limit":
        keep.append(torch.empty(int(total * 0.03), dtype=torch.uint8, device="cuda"))
        request(int(total * 0.03))
    elif cause == "other_processes":
        keep.append(torch.empty(int(total * 0.3), dtype=torch.uint8, device="cuda"))
        request(int(total * 0.3))  # the holder has 0.5 of the device
    elif cause == "non_pytorch":
        if ch.get("cupy", True):
            import cupy

            state["cupy"] = cupy.empty(int(total * 0.4), dtype=cupy.uint8)
            cupy.cuda.Device(0).synchronize()
            time.sleep(0.3 if timing != "before_first_sample" else 0)
        keep.append(torch.empty(int(total * 0.3), dtype=torch.uint8, device="cuda"))
        request(int(total * 0.35))
    elif cause == "graph_pools":
        keep.append(torch.ones(int(total * 0.2) // 4, device="cuda"))
        x = keep[-1]
        if where == "graph":
            g = torch.cuda.CUDAGraph()
            s = torch.cuda.Stream()
            s.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(s):
                (x * 2).sum()
            torch.cuda.current_stream().wait_stream(s)
            with torch.cuda.graph(g):
                tmp = x * 2  # a temporary freed inside the capture: the private pool keeps it
                out = tmp.sum()
                del tmp
            g.replay()
            state["graph"], state["out"] = g, out
            del g, out  # only `state` holds them: the release below drops the last reference
        else:
            pool = torch.cuda.MemPool()
            with torch.cuda.use_mem_pool(pool):
                tmp = torch.empty(int(total * 0.2), dtype=torch.uint8, device="cuda")
                del tmp  # the pool keeps its segment cached
            state["pool"] = pool
            del pool
        del x
        if ch.get("release_pool"):
            state.clear()
            torch.cuda.synchronize()
            gc.collect()
            torch.cuda.empty_cache()
        time.sleep(0.1)
        request(int(total * 0.65))
    elif cause == "fragmentation" and where == "pages":  # whole free pages between live tensors
        free, _ = torch.cuda.mem_get_info(0)
        keep.append(torch.empty(free - GIB, dtype=torch.uint8, device="cuda"))  # the device, nearly full
        fragment_pages(keep, ch, request)
        if ch.get("reorder"):
            attempt.append(lambda: None)
    elif cause == "fragmentation":
        free, _ = torch.cuda.mem_get_info(0)
        keep.append(torch.empty(free - GIB, dtype=torch.uint8, device="cuda"))  # the device, nearly full
        # tails: two 8 MiB tensors per 20 MiB segment leave a 4 MiB tail each; holes: 6 MiB
        # tensors, two of each three freed, leave 12 MiB holes between live ones
        tensor, req = (8 * MIB, 8 * MIB) if where == "tails" else (6 * MIB, 16 * MIB)
        if ch.get("reorder"):
            keep.append(torch.empty(req, dtype=torch.uint8, device="cuda"))
        small: list[Any] = []
        try:  # fill what is left (the OOM that ends the fill is the program's own, caught)
            while len(small) < 4096:
                small.append(torch.empty(tensor, dtype=torch.uint8, device="cuda"))
        except torch.OutOfMemoryError:
            pass
        res["filled"] = len(small)
        if where == "holes":
            small = [t for i, t in enumerate(small) if i % 3 == 2]
        keep.append(small)
        del small
        time.sleep(0.1)
        if ch.get("reorder"):
            attempt.append(lambda: None)
        else:
            request(req)
    elif cause == "leak":
        keep.append(torch.empty(int(total * 0.6), dtype=torch.uint8, device="cuda"))
        per = int(total * 0.04 * scale)  # the step's batch: what a batch_fraction remedy scales
        res["leak_bytes_per_step"] = per

        def train() -> None:
            for _ in range(14):
                step(per if ch.get("leak", True) else 0)

        attempt.append(train)
    res["free_before"] = free0
    if ch.get("release_pool") and cause != "graph_pools":  # free_pools where no pool is idle: all it can do
        gc.collect()
        torch.cuda.empty_cache()
    if ch.get("empty_cache"):
        torch.cuda.empty_cache()

    t0 = time.monotonic()
    try:
        attempt[-1]()
        torch.cuda.synchronize()
        res["oom"] = False
    except torch.OutOfMemoryError as exc:
        res["oom"] = True
        res["oom_call_s"] = round(time.monotonic() - t0, 3)
        stats = torch.cuda.memory_stats(0)
        free, _ = torch.cuda.mem_get_info(0)
        res["truth"] = {"allocated": stats.get("allocated_bytes.all.current"),
                        "reserved": stats.get("reserved_bytes.all.current"),
                        "device_free": free, "nvml": nvml(), "message": str(exc).splitlines()[0][:300]}
    stats = torch.cuda.memory_stats(0)
    res["peak_reserved"] = stats.get("reserved_bytes.all.peak")
    res["peak_allocated"] = stats.get("allocated_bytes.all.peak")
    if spec["history"] and spec["conf"] != "backend:cudaMallocAsync":
        snap = torch.cuda.memory._snapshot()
        path = outdir / "traces" / f"{spec['cause']}-{os.getpid()}-{time.monotonic_ns()}.pickle"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            pickle.dump({k: snap.get(k) for k in ("segments", "device_traces", "allocator_settings")}, f)
        res["trace"] = str(path)
    return res


def _reset() -> None:  # pragma: no cover - runs on the GPU
    """The worker as it was before a scenario: no history, no limit, no cached memory."""
    import gc

    import torch

    gc.collect()
    torch.cuda.synchronize()
    if os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "") != "backend:cudaMallocAsync":
        torch.cuda.memory._record_memory_history(enabled=None)
    try:
        torch.cuda.set_per_process_memory_fraction(1.0, 0)
    except RuntimeError:  # a backend without a fraction
        pass
    if "cupy" in sys.modules:
        sys.modules["cupy"].get_default_memory_pool().free_all_blocks()
    torch.cuda.empty_cache()


def holder() -> int:  # pragma: no cover - runs on the GPU
    """Another process: `hold N` holds N bytes (replacing what it held), `free` drops them."""
    import torch

    x = None
    torch.cuda.init()
    print(json.dumps({"pid": os.getpid()}), flush=True)
    while line := sys.stdin.readline():
        cmd = line.split()
        x = None
        torch.cuda.empty_cache()
        if cmd and cmd[0] == "hold":
            x = torch.empty(int(cmd[1]), dtype=torch.uint8, device="cuda")
            torch.cuda.synchronize()
        print("ok", flush=True)
    del x
    return 0


# --- the orchestrator: no CUDA context of its own ---------------------------------------------


class Proc:
    def __init__(self, args: list[str], env: dict[str, str], log: Path) -> None:
        self.log = log.open("a")
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
                                  text=True, env=env)

    def ask(self, line: str, mark: str = "", timeout: float = 120) -> str:
        assert self.p.stdin and self.p.stdout
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            out = self.p.stdout.readline()
            if not out:
                raise RuntimeError("the process ended")
            if out.startswith(mark):
                return out[len(mark):]
        raise TimeoutError(line)

    def close(self) -> None:
        if self.p.stdin:
            self.p.stdin.close()
        try:
            self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.p.kill()
        self.log.close()


def _env(conf: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTORCH_CUDA_ALLOC_CONF", None)
    if conf:
        env["PYTORCH_CUDA_ALLOC_CONF"] = conf
    return env


def run_jobs(jobs: list[Job], out: Path, results: dict[Job, dict[str, Any]], deadline: float,
             total_hint: int | None = None) -> None:
    """Run jobs grouped by setting into `results`: one worker per setting (a fresh one for each
    fresh job), the holder alive only while other_processes jobs run; none starts past `deadline`
    (time.monotonic())."""
    order = sorted(set(jobs), key=lambda j: (j.conf, j.fresh, j.holder))
    for (conf, fresh), group_iter in itertools.groupby(order, key=lambda j: (j.conf, j.fresh)):
        group = list(group_iter)
        batches = [[j] for j in group] if fresh else [group]
        for batch in batches:
            wk: Proc | None = None
            hold: Proc | None = None
            try:
                for job in batch:
                    if time.monotonic() > deadline:
                        results[job] = {"error": "not run: the corpus's time budget was spent"}
                        continue
                    if job.holder and hold is None:
                        hold = Proc([sys.executable, __file__, "--holder"], _env(""), out / "holder.log")
                        assert hold.p.stdout
                        hold.p.stdout.readline()
                    if hold is not None:
                        total = total_hint or 80 * GIB
                        hold.ask(f"hold {int(total * 0.5)}" if job.holder else "free", "ok")
                    if wk is None:
                        wk = Proc([sys.executable, __file__, "--worker", str(out / "agent")], _env(conf),
                                  out / "worker.log")
                    t0 = time.monotonic()
                    try:
                        res = json.loads(wk.ask(json.dumps(job.spec()), MARK))
                    except (RuntimeError, TimeoutError) as exc:
                        res = {"error": f"worker: {exc}"}
                        wk.close()
                        wk = None
                    res["wall_s"] = round(time.monotonic() - t0, 2)
                    results[job] = res
                    if total_hint is None and res.get("total"):
                        total_hint = res["total"]
                    print(f"{job.scenario.id} {job.mod or 'base'} {dict(job.change)} {job.conf!r}: "
                          f"oom={res.get('oom')} cause={(res.get('diagnosis') or {}).get('cause')} "
                          f"{res.get('error', '')} {res['wall_s']}s", flush=True)
            finally:
                if wk is not None:
                    wk.close()
                if hold is not None:
                    hold.close()


def simulate(base: dict[str, Any], s: Scenario, conf: str,
             release_pools: bool = False) -> dict[str, Any] | None:
    """The what-if replay of the base run's trace under `conf` (with `release_pools`: the
    private pools released before the failed request, as the graph_pools truth re-run does)."""
    from gpumemd.diagnosis import allocsim

    path = base.get("trace")
    if not path or not base.get("oom"):
        return None
    try:
        setting = allocsim.parse_alloc_conf(conf)
    except ValueError as exc:
        return {"verdict": f"n/a ({exc})"}
    with open(path, "rb") as f:
        doc = pickle.load(f)
    trace = allocsim.read_trace(doc)
    if trace.recorded_reserved_at_oom is None or trace.device_free_at_oom is None:
        return {"verdict": "n/a (no OOM entry in the trace)"}
    capacity = trace.recorded_reserved_at_oom + trace.device_free_at_oom
    total = base.get("total")
    limit = int(base["fraction"] * total) if base.get("fraction") and total else None
    o = allocsim.decide(trace, setting, capacity=capacity, limit=limit, device_total=total,
                        pools_released=release_pools)
    if isinstance(o, allocsim.Undecided):
        return {"verdict": f"n/a ({o.reason})", "events": len(trace.events)}
    return {"verdict": "fits" if o.fits else "oom", "peak_reserved": o.peak_reserved,
            "early_ooms_fit": o.early_ooms_fit, "caught_sooner": o.caught_sooner, "events": len(trace.events),
            "private_pools": len(trace.pools)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path)
    ap.add_argument("--only", default="")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--budget", type=float, default=400.0, help="seconds after which no run starts")
    ap.add_argument("--worker", type=Path)
    ap.add_argument("--holder", action="store_true")
    ap.add_argument("--shard", default="", help="I/N: the I-th of N shards (one GPU each)")
    ap.add_argument("--merge", type=Path, nargs="+", help="rebuild the tables from shards' corpus.jsonl")
    args = ap.parse_args()
    if args.worker:
        return worker(args.worker)
    if args.holder:
        return holder()
    kept, pruned = scenarios()
    if args.shard:
        kept = shard(kept, args.shard)
    if args.list:
        for s in kept:
            print(s.id)
        print(f"{len(kept)} kept, {len(pruned)} pruned", file=sys.stderr)
        for s, why in pruned:
            print(f"pruned {s.id}: {why}", file=sys.stderr)
        return 0
    if args.only:
        ids = set(args.only.split(","))
        kept = [s for s in kept if s.id in ids]
    if args.limit:
        kept = kept[: args.limit]
    if args.merge:
        return merge(args.merge, args.out)
    if args.out is None:
        ap.error("--out DIR")
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    deadline = t0 + args.budget
    base_jobs = {s: Job(s, "", s.conf, fresh=s.timing == "before_first_sample") for s in kept}
    truth_jobs = {s: Job(s, "truth", s.conf, truth_change(s)) for s in kept}
    first: dict[Job, dict[str, Any]] = {}
    second: dict[Job, dict[str, Any]] = {}
    second_jobs: dict[Scenario, list[tuple[str, Job | None]]] = {s: [] for s in kept}
    try:  # the built OOMs first, then their remedies' re-runs, then the truth re-runs
        run_jobs(list(base_jobs.values()), out, first, deadline)
        for s in kept:
            second_jobs[s] = remedy_jobs(s, first.get(base_jobs[s], {}).get("diagnosis"))
        total = next((r["total"] for r in first.values() if r.get("total")), None)
        again = [j for rs in second_jobs.values() for _, j in rs if j is not None]
        run_jobs(again, out, second, deadline, total)
        run_jobs([j for j in truth_jobs.values() if j not in second], out, second, deadline, total)
    except KeyboardInterrupt:  # the device's limit: the table of what ran
        print("interrupted: writing what ran", flush=True)
    rows = []
    with (out / "corpus.jsonl").open("w") as f:
        for s in kept:
            base, truth = first.get(base_jobs[s], {}), second.get(truth_jobs[s], {})
            d = base.get("diagnosis") or {}
            reruns = []
            for what, job in second_jobs[s]:
                r = second.get(job) if job is not None else None
                rerun_conf = job is not None and (job.conf != s.conf or job.mod == "dnh")
                sim = simulate(base, s, job.conf) if job is not None and rerun_conf else None
                reruns.append({"what": what, "conf": job.conf if job else None,
                               "oom": None if r is None else r.get("oom"), "error": (r or {}).get("error"),
                               "peak_reserved": None if r is None else r.get("peak_reserved"), "sim": sim})
            own = simulate(base, s, s.conf)
            siblings = []  # the same program under each other setting, run as its own scenario
            for sib in kept:
                if sib != s and replace(sib, conf=s.conf) == s:
                    real = first.get(base_jobs[sib], {})
                    siblings.append({"conf": sib.conf, "oom": real.get("oom"),
                                     "peak_reserved": real.get("peak_reserved"),
                                     "sim": simulate(base, s, sib.conf)})
            row = {"scenario": s.id, **asdict(s), "built_oom": base.get("oom"),
                   "truth_rerun_oom": truth.get("oom"),
                   "cause_said": d.get("cause"), "fix": d.get("fix"), "remedy": d.get("remedy"),
                   "does_not_help": d.get("does_not_help"), "reruns": reruns, "sim_own": own,
                   "siblings": siblings,
                   "base": {k: v for k, v in base.items() if k != "diagnosis"}, "diagnosis": d,
                   "truth": {k: v for k, v in truth.items() if k != "diagnosis"}}
            f.write(json.dumps(row, default=str) + "\n")
            rows.append(row)
    seconds = time.monotonic() - t0
    (out / "meta.json").write_text(json.dumps({
        "shard": args.shard or None, "seconds": round(seconds, 1),
        "scenarios": [s.id for s in kept], "python": sys.version.split()[0],
        "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES")}, indent=1) + "\n")
    write_tables(rows, out, seconds)
    return 0


def fragment_pages(keep: list[Any], ch: dict[str, Any], request: Any) -> None:
    """100 MiB segments split 40 | 20 | 40 MiB with the 40s freed, the rest of the device
    filled with 20 MiB tensors: every segment holds a 20 MiB tensor between two 40 MiB holes
    (whole 20 MiB pages), and a 60 MiB request fits no block. Expandable segments remap such
    pages; the truth re-run makes the request before the pattern."""
    import torch

    if ch.get("reorder"):
        keep.append(torch.empty(60 * MIB, dtype=torch.uint8, device="cuda"))
    big: list[Any] = []
    try:
        while len(big) < 4096:
            big.append(torch.empty(100 * MIB, dtype=torch.uint8, device="cuda"))
    except torch.OutOfMemoryError:
        pass
    n = len(big)
    big.clear()  # cached: the triples below split these segments
    holes: list[Any] = []
    try:
        for _ in range(n):
            holes.append(torch.empty(40 * MIB, dtype=torch.uint8, device="cuda"))
            keep.append(torch.empty(20 * MIB, dtype=torch.uint8, device="cuda"))
            holes.append(torch.empty(40 * MIB, dtype=torch.uint8, device="cuda"))
        while len(keep) < 8192:
            keep.append(torch.empty(20 * MIB, dtype=torch.uint8, device="cuda"))
    except torch.OutOfMemoryError:
        pass
    holes.clear()
    time.sleep(0.1)
    if not ch.get("reorder"):
        request(60 * MIB)


def shard(kept: list[Scenario], spec: str) -> list[Scenario]:
    """The I-th of N shards: a program and its siblings under the other settings stay together
    (the table compares them), programs dealt round-robin in the generator's order."""
    i, n = (int(x) for x in spec.split("/"))
    programs = list(dict.fromkeys(replace(s, conf="") for s in kept))
    mine = set(programs[i::n])
    return [s for s in kept if replace(s, conf="") in mine]


def merge(dirs: list[Path], out: Path) -> int:
    rows = [json.loads(line) for d in dirs if (d / "corpus.jsonl").exists()
            for line in (d / "corpus.jsonl").read_text().splitlines() if line.strip()]
    out.mkdir(parents=True, exist_ok=True)
    with (out / "corpus.jsonl").open("w") as f:
        f.writelines(json.dumps(r, default=str) + "\n" for r in rows)
    write_tables(rows, out, 0.0)
    return 0


def _verdict(row: dict[str, Any]) -> str:
    if row["built_oom"] is not True:
        return "no OOM built"
    said = "right" if row["cause_said"] == row["cause"] else "wrong"
    if row["cause_said"] is None:  # counted as wrong: an OOM the agent never diagnosed
        said = "wrong (not diagnosed)"
    if row["truth_rerun_oom"] is None:
        return said + " (truth re-run not run)"
    if row["truth_rerun_oom"] is not False:
        return "truth unconfirmed"
    return said


def _sim_word(sim: dict[str, Any]) -> str:
    if sim["verdict"] == "fits" and sim.get("early_ooms_fit"):
        return "fits (diverged: an earlier caught OOM fits too)"
    return str(sim["verdict"])


def _per_step(r: dict[str, Any]) -> str:
    """A leak row's printed growth per optimizer step against the seeded one (issue 35.4)."""
    seeded = r["base"].get("leak_bytes_per_step")
    said = ((r.get("diagnosis") or {}).get("numbers") or {}).get("bytes_per_step")
    if not seeded or r.get("cause_said") != "leak" or not isinstance(said, int | float):
        return "-"
    err = 100 * (said / seeded - 1)
    verdict = " ok" if abs(err) <= 1 else " OFF"
    return f"{said / 2**30:.2f} GiB vs {seeded / 2**30:.2f} GiB: {err:+.2f}%{verdict}"


def write_tables(rows: list[dict[str, Any]], out: Path, seconds: float,
                 note: list[str] | None = None) -> None:
    cols = ["scenario", "cause_said", "truth", "cause_verdict", "seen", "remedy", "rerun_outcome",
            "does_not_help", "per_step_vs_seeded", "sim_verdict", "sim_peak_vs_real", "sim_vs_other_settings"]
    table = []
    for r in rows:
        rem = [x for x in r["reruns"] if not x["what"].startswith("does_not_help")]
        dnh = [x for x in r["reruns"] if x["what"].startswith("does_not_help")]

        def outcome(x: dict[str, Any], want_oom: bool) -> str:
            if x["what"] == "none":
                return "no remedy printed"
            if x["oom"] is None:
                return "not re-run" + (f" ({x['error']})" if x.get("error") else "")
            ok = x["oom"] is want_oom
            return ("confirmed" if ok else "CONTRADICTED") + (" (still OOM)" if x["oom"] else " (fits)")

        sims, peaks = [], []
        for x in [*rem, *dnh]:
            sim = x.get("sim")
            if sim:
                diverged = sim["verdict"] == "fits" and bool(sim.get("early_ooms_fit"))
                sims.append(f"{x['conf'] or 'native'}: {_sim_word(sim)}" +
                            ("" if x["oom"] is None or "peak_reserved" not in sim or diverged else
                             (" agrees" if (sim["verdict"] == "oom") == x["oom"] else " DISAGREES")))
                if sim.get("peak_reserved") and x.get("peak_reserved") and x["oom"] is False:
                    peaks.append(f"{100 * (sim['peak_reserved'] / x['peak_reserved'] - 1):+.2f}%")
        own = r.get("sim_own")
        if own:
            sims.insert(0, f"own: {_sim_word(own)}" + (" agrees" if own["verdict"] == "oom" else
                                                       (" DISAGREES" if own["verdict"] == "fits" else "")))
            if own.get("peak_reserved") and r["base"].get("peak_reserved"):
                peaks.insert(0, f"own {100 * (own['peak_reserved'] / r['base']['peak_reserved'] - 1):+.2f}%")
        others = []
        for sib in r.get("siblings") or ():
            sim = sib.get("sim")
            if not sim or sib["oom"] is None:
                continue
            name = {"": "native"}.get(sib["conf"], sib["conf"])
            if "peak_reserved" not in sim or (sim["verdict"] == "fits" and sim.get("early_ooms_fit")):
                others.append(f"{name}: {_sim_word(sim)}")
                continue
            agree = (sim["verdict"] == "oom") == sib["oom"]
            others.append(f"{name}: sim {_sim_word(sim)}, real {'oom' if sib['oom'] else 'fits'}"
                          + ("" if agree else " DISAGREES")
                          + (f", peak {100 * (sim['peak_reserved'] / sib['peak_reserved'] - 1):+.2f}%"
                             if sib.get("peak_reserved") else ""))
        table.append({
            "scenario": r["scenario"], "cause_said": r["cause_said"], "truth": r["cause"],
            "cause_verdict": _verdict(r),
            "seen": (r.get("diagnosis") or {}).get("seen") or "-",
            "remedy": "; ".join(x["what"] for x in rem) or "-",
            # a scenario whose OOM was not built has no diagnosis of its own (one the program
            # caught on the way is another question): its re-runs judge nothing
            "rerun_outcome": ("; ".join(outcome(x, False) for x in rem) or "-") if r["built_oom"] is True
            else "not judged (no OOM built)",
            "does_not_help": ("; ".join(f"{x['conf']}: {outcome(x, True)}" for x in dnh) or "-")
            if r["built_oom"] is True else "not judged (no OOM built)",
            "per_step_vs_seeded": _per_step(r),
            "sim_verdict": "; ".join(sims) or "-", "sim_peak_vs_real": "; ".join(peaks) or "-",
            "sim_vs_other_settings": "; ".join(others) or "-",
        })
    with (out / "corpus.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        w.writerows(table)
    judged = [t for t in table if t["cause_verdict"].split()[0] in ("right", "wrong")]
    right = sum(t["cause_verdict"].startswith("right") for t in judged)
    contradicted = [t["scenario"] for t in table if "CONTRADICTED" in t["rerun_outcome"] + t["does_not_help"]]
    disagree = [t["scenario"] for t in table if "DISAGREES" in t["sim_verdict"] + t["sim_vs_other_settings"]]
    unrunnable = [t["scenario"] for t in table if "not re-runnable here" in t["remedy"]]
    per_step = [t for t in table if t["per_step_vs_seeded"] != "-"]
    per_step_off = [t["scenario"] for t in per_step if not t["per_step_vs_seeded"].endswith(" ok")]
    lines = [f"# OOM corpus: {len(rows)} scenarios, {seconds:.0f} s", "", *(f"- {n}" for n in note or ()),
             f"- cause right: {right} of {len(judged)} judged "
             "(the OOM was built; its truth re-run fits or was not run); "
             f"not judged: {len(table) - len(judged)}",
             f"- remedies or does-not-help claims contradicted by their re-run: {len(contradicted)}"
             + (f" ({', '.join(contradicted)})" if contradicted else ""),
             f"- remedies not re-runnable here: {len(unrunnable)}"
             + (f" ({', '.join(unrunnable)})" if unrunnable else ""),
             "- a leak's growth per optimizer step within 1 % of the seeded: "
             f"{len(per_step) - len(per_step_off)} of {len(per_step)}"
             + (f" (off: {', '.join(per_step_off)})" if per_step_off else ""),
             f"- scenarios where the replay disagrees with a real run: {len(disagree)}"
             + (f" ({', '.join(disagree)})" if disagree else ""), "",
             "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for t in table:
        lines.append("| " + " | ".join(str(t[c]).replace("|", "/") for c in cols) + " |")
    (out / "corpus.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:8 + len(note or ())]))


if __name__ == "__main__":
    sys.exit(main())
