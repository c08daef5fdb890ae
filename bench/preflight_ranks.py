"""gpumemd preflight's per-rank figures and verdicts under DDP and FSDP2 against each rank's real
step, and the bytes NCCL adds outside PyTorch, measured by NVML on every rank.

    torchrun --standalone --nproc-per-node N bench/preflight_ranks.py --out DIR \
        [--configs gpt2:adamw:4x512,bert:sgd:16x256] [--strategies ddp,fsdp2] \
        [--predictions DIR] [--edge] [--phase NAME] [--budget S] [--steps N] [--settle S]
    python3 bench/preflight_ranks.py --out DIR --predict-only FILE --configs ... --worlds 2,3,4
    python3 bench/preflight_ranks.py --out DIR --merge [--from DIR]

A configuration is `model:optimizer:BATCHxSEQ` (per rank): `adamw` is AdamW with bf16 autocast,
`sgd` SGD with momentum in fp32 (bench/preflight_accuracy.py's two). `--models/--batch/--seq`
make AdamW configurations (the recording the per-rank model was fitted to: gpt2 and llama,
4 x 512, world 4; `FITTED`). `bash bench/preflight_device.sh ranks` runs the unfitted plan.

Predictions (`--predict-only`, no process group; one process per configuration side by side on
the device): the fake run of one GPU's step, `verdict.per_rank` for each world size, and the
edge cap of each strategy: the smallest memory cap (a fraction limit on PyTorch's reserved
bytes, 2 MiB steps) under which preflight says "fits": for DDP the verdict itself (`judge` at
that world), for FSDP2 the rule its sharding advice uses (the per-rank reserved figure within
the verdict's capacity). Without `--predictions`, rank 0's child predicts before the group forms.

Each rank: the CUDA context and cuBLAS first (NVML's bytes for the process less
`memory_reserved()`: the non-PyTorch bytes before NCCL), then the process group and one
all-reduce (the same figure after it: NCCL's communicator), then for each configuration and
strategy two training steps (`--steps`) with the allocator's peaks and NVML's bytes after, each
step's peak, the bytes allocated before and after each step, what the run left behind. `--settle S`
pauses S seconds before the second step, past NCCL's watchdog sweep: if the first step's finished
work is what holds DDP's first buckets, every DDP rank has let them go by then (the per-rank
model's low answer: docs/preflight.md, "Per rank"); a phase without it is the race as a job meets it.
With `--edge`, then each configuration and strategy again under its edge cap
(`set_per_process_memory_fraction`; the cap is raised by what the process already holds beyond
the workspaces the prediction counts): a "fits" that runs out is the check that fails. Every
run's start and result go to DIR/runs-PHASE-rank-R.jsonl as they happen, so a rank that dies
(an OOM on some ranks only leaves the others waiting in a collective until the group's timeout)
loses only what was left. `--merge` (run by rank 0 at the end too) writes DIR/ranks.json,
DIR/ranks.md and DIR/junit.json from every phase and prediction in DIR (`--from`: read from
another directory, a recorded run, and written to DIR). Each DDP rank is placed in the state its
second step's peak is nearer to: the first buckets still held (`per_rank`'s `allocated`) or let
go (`allocated_low`), and its error is read against that state's figure too. Without a GPU (gloo,
CPU tensors; model `tiny`): the predictions and the steps run, the GPU's columns stay empty and
no cap is set: how the script is tested on a CPU.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist
from torch.distributed.elastic.multiprocessing.errors import record

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from preflight_accuracy import _family, _nvml_non_pytorch, _steps  # noqa: E402

from gpumemd.fs.safe import write_user_file  # noqa: E402
from gpumemd.preflight import fakerun  # noqa: E402
from gpumemd.preflight.verdict import (  # noqa: E402
    DEFAULT_OVERHEADS,
    Device,
    Event,
    Figures,
    ddp_held,
    figures,
    judge,
    per_rank,
)

MiB, GiB = 1 << 20, 1 << 30
PER_RANK_GOAL = 0.03  # LLMem's multi-GPU bar: the per-rank peak within 3 %
CPU_TOTAL = 80 * GiB  # the device total the predictions judge against without a GPU (the CPU test)
# (model, optimizer, batch, seq, world) of the one recording the per-rank model was fitted to
# (4 x H200, 2026-11-28, tests/fixtures/preflight/ranks-h200x4-2026-11-28.json)
FITTED = {("gpt2", "adamw", 4, 512, 4), ("llama", "adamw", 4, 512, 4)}


@dataclass(frozen=True)
class Config:
    model: str
    optimizer: str
    batch: int
    seq: int

    @classmethod
    def parse(cls, spec: str) -> Config:
        try:
            model, opt, shape = spec.strip().split(":")
            b, s = shape.lower().split("x")
            cfg = cls(model, opt, int(b), int(s))
        except ValueError:
            raise ValueError(f"{spec!r}: expected model:optimizer:BATCHxSEQ (gpt2:adamw:4x512)") from None
        if opt not in ("adamw", "sgd") or cfg.batch < 1 or cfg.seq < 1:
            raise ValueError(f"{spec!r}: optimizer adamw or sgd, batch and seq >= 1")
        return cfg

    @property
    def tag(self) -> str:
        return f"{self.model}:{self.optimizer}:{self.batch}x{self.seq}"

    def factory(self) -> Callable[[], fakerun.Job]:
        return _family(self.model, self.optimizer, self.optimizer == "adamw")

    def fitted(self, world: int) -> bool:
        return (self.model, self.optimizer, self.batch, self.seq, world) in FITTED


def _blocks(model: torch.nn.Module, name: str) -> list[torch.nn.Module]:
    """The repeated blocks FSDP2 shards one by one."""
    if name == "gpt2":
        return list(model.transformer.h)
    if name == "llama":
        return list(model.model.layers)
    if name == "bert":
        return list(model.bert.encoder.layer)
    return list(model.blocks)


def _smallest(ok: Callable[[int], bool], lo: int, hi: int) -> int | None:
    """The smallest cap in 2 MiB steps with ok(cap), searched from [lo, hi] (hi doubled until ok,
    up to 1 PiB); ok must be monotone."""
    step = 2 * MiB
    lo, hi = max(0, lo // step), -(-hi // step)
    if lo and ok(lo * step):  # the bracket's bottom must not fit
        lo, hi = 0, lo
    while not ok(hi * step):
        if hi > (1 << 50) // step:
            return None
        lo, hi = hi, 2 * hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if ok(mid * step) else (mid, hi)
    return hi * step


def edge_caps(events: list[Event], fig: Figures, world: int, total: int) -> dict[str, int | None]:
    """The smallest fraction limit under which preflight says a rank fits: DDP by the verdict
    (`judge` at `world`: the stream beside two gradient copies), FSDP2 by its advice's rule
    (the per-rank reserved figure within the verdict's capacity plus DDP's copies)."""
    over = DEFAULT_OVERHEADS

    def device(cap: int) -> Device:
        return Device(f"cap {cap}", total, fraction_limit=cap)

    def ddp(cap: int) -> bool:
        return judge(events, fig, device(cap), over, world).fits

    fsdp = per_rank(fig, world, "fsdp2", over)["reserved"]

    def fsdp2(cap: int) -> bool:
        return fsdp <= judge(events, fig, device(cap), over, world).capacity + ddp_held(fig)

    held = ddp_held(fig) + fig.error_bytes + fig.stranded_bytes
    return {"ddp": _smallest(ddp, fig.allocated_peak + held // 2, fig.reserved_peak + held + 4 * MiB),
            "fsdp2": _smallest(fsdp2, fsdp, fsdp + fig.error_bytes + fig.stranded_bytes + 4 * MiB)}


def _predict(cfg: Config, worlds: list[int], gpu: bool) -> dict[str, Any]:
    t = time.perf_counter()
    try:
        st = fakerun.run(cfg.factory(), cfg.batch, cfg.seq, remap=False if gpu else None)
        # one figure for every world above 1 (their NCCL bytes are one default)
        fg = figures(st.events, st.at_peak, st.peak, batch=cfg.batch, seq=cfg.seq,
                     overheads=DEFAULT_OVERHEADS, world=2, blocks=st.blocks)
        total = torch.cuda.get_device_properties(0).total_memory if gpu else CPU_TOTAL
        whole = Device("the whole GPU", total)
        out: dict[str, Any] = {
            "config": cfg.tag, "one_gpu_allocated": fg.allocated_peak, "one_gpu_reserved": fg.reserved_peak,
            "error_bytes": fg.error_bytes, "categories": st.at_peak, "blocks": list(st.blocks),
            "device_total": total, "worlds": {}}
        for w in worlds:
            edges = edge_caps(st.events, fg, w, total)
            v = judge(st.events, fg, whole, DEFAULT_OVERHEADS, w)
            out["worlds"][str(w)] = {
                s: {**per_rank(fg, w, s, DEFAULT_OVERHEADS), "edge": edges[s],
                    "fits_whole_gpu": v.fits if s == "ddp" else
                    per_rank(fg, w, s, DEFAULT_OVERHEADS)["reserved"] <= v.capacity + ddp_held(fg)}
                for s in ("ddp", "fsdp2")}
        out["seconds"] = round(time.perf_counter() - t, 2)
        return out
    except Exception as exc:
        return {"config": cfg.tag, "error": f"{type(exc).__name__}: {str(exc)[:300]}"}


def _used() -> int | None:
    np_ = _nvml_non_pytorch()
    return None if np_ is None else np_ + torch.cuda.memory_reserved()


def _step(cfg: Config, strategy: str, dev: torch.device, cap: int | None = None, steps: int = 2,
          settle: float = 0.0) -> dict[str, Any]:
    """`steps` steps of the configuration under the strategy on this rank (a pause of `settle`
    seconds before the second): the allocator's peaks, NVML's; under `cap` (a fraction limit),
    whether it ran."""
    gpu = dev.type == "cuda"
    out: dict[str, Any] = {}
    if gpu:
        gc.collect()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
        if cap is not None:
            # what this process already holds (what earlier runs left, the workspaces) is not the
            # run's: the cap grows by it, less the workspaces the predicted stream counts itself
            held = torch.cuda.memory_reserved()
            limit = cap + max(0, held - DEFAULT_OVERHEADS.workspaces)
            total = torch.cuda.get_device_properties(dev).total_memory
            torch.cuda.set_per_process_memory_fraction(min(1.0, limit / total), dev)
            out.update(cap=cap, reserved_at_start=held, limit=limit)
    base = torch.cuda.memory_allocated() if gpu else None
    job = model = opt = None
    t = time.perf_counter()
    try:
        with torch.device(dev):
            job = cfg.factory()()  # the optimizer is made again on the wrapped model
        if strategy == "ddp":
            ids = [dev] if gpu else None
            model = torch.nn.parallel.DistributedDataParallel(job.model, device_ids=ids)
        else:
            from torch.distributed.fsdp import fully_shard

            for block in _blocks(job.model, cfg.model):
                fully_shard(block)
            model = fully_shard(job.model)
        opt = (torch.optim.AdamW(model.parameters(), lr=1e-4) if cfg.optimizer == "adamw"
               else torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9))
        job = fakerun.Job(model, opt, job.batch, autocast=job.autocast)
        before, peaks, reserved, after = [], [], [], []
        for i in range(steps):  # one step at a time: each step's peak (the first's with the wrapping)
            if i == 1 and settle:
                time.sleep(settle)  # the first step's finished collectives swept by NCCL's watchdog
            if gpu:
                torch.cuda.synchronize()
                before.append(torch.cuda.memory_allocated())
                if i:
                    torch.cuda.reset_peak_memory_stats()
            _steps(job, cfg.batch, cfg.seq, 1, dev.type)
            if gpu:
                torch.cuda.synchronize()
                peaks.append(torch.cuda.max_memory_allocated())
                reserved.append(torch.cuda.max_memory_reserved())
                after.append(torch.cuda.memory_allocated())
        out["oom"] = False
        if gpu:
            out.update(allocated_peak=max(peaks), base=base, reserved_peak=max(reserved),
                       used_after=_used(), non_pytorch_after=_nvml_non_pytorch(), step_peaks=peaks,
                       allocated_before_steps=before, allocated_after_steps=after,
                       allocated_after=torch.cuda.memory_allocated())
    except torch.OutOfMemoryError:
        out["oom"] = True
    except Exception as exc:
        out["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
    finally:
        del job, model, opt  # all of the run's references: what is left then is left behind
        gc.collect()
        if gpu:
            torch.cuda.empty_cache()
            if cap is not None:
                torch.cuda.set_per_process_memory_fraction(1.0, dev)
            out["left_behind"] = torch.cuda.memory_allocated() - (base or 0)  # the next run's base grows
    out["seconds"] = round(time.perf_counter() - t, 2)
    return out


# --- the merge: every phase and prediction in DIR -> ranks.json, ranks.md, junit.json ----------

def _err(pred: int | None, real: int | None) -> float | None:
    return None if pred is None or not real else (pred - real) / real


def _n(v: Any) -> str:
    return "—" if v is None else f"{v:,}" if isinstance(v, int) else str(v)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:+.2f} %"


def _load(out: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    preds: dict[str, dict[str, Any]] = {}
    for f in sorted(out.glob("predictions*.json")):
        for p in json.loads(f.read_text()):
            preds[p["config"]] = p
    lines = []
    for f in sorted(out.glob("runs-*.jsonl")):
        for x in f.read_text().splitlines():
            try:
                lines.append(json.loads(x))
            except ValueError:  # a line another phase is writing now (its merge reads it whole)
                continue
    return preds, lines


def _predicted(preds: dict[str, dict[str, Any]], tag: str, world: int, strategy: str) -> dict[str, Any]:
    """One strategy's per-rank figures and edge cap for a world size ({} where none was made)."""
    return dict((preds.get(tag) or {}).get("worlds", {}).get(str(world), {}).get(strategy) or {})


def _cfg(row: dict[str, Any]) -> str:
    return (row["config"] + (" *fitted*" if row["fitted"] else "")
            + (f" (paused {row['settle']:g} s)" if row.get("settle") else ""))


def _name(c: dict[str, Any]) -> str:
    return f"{c['config']} {c['strategy']} world {c['world']}"


def _outcome(r: dict[str, Any] | None) -> str:
    if r is None:
        return "no result (the rank died or hung)"
    if r.get("skipped"):
        return f"skipped: {r['skipped']}"
    if "error" in r:
        return f"error: {r['error']}"
    return "OOM" if r.get("oom") else "ran"


def _low(preds: dict[str, dict[str, Any]], tag: str, world: int, strategy: str) -> int | None:
    """`per_rank`'s `allocated_low`: as predicted, or today's model's from the prediction's one-GPU
    figures where it was made before that figure existed (a recorded run)."""
    pw, p = _predicted(preds, tag, world, strategy), preds.get(tag) or {}
    if "allocated_low" in pw or not pw or "categories" not in p:
        return pw.get("allocated_low")
    fig = Figures(0, 0, p["categories"], 0, p["one_gpu_allocated"], p["one_gpu_reserved"], 0, 0, 0,
                  p["error_bytes"], "", 0.0, tuple(p["blocks"]))
    return per_rank(fig, world, strategy, DEFAULT_OVERHEADS)["allocated_low"]


def _state(high: int | None, low: int | None, real: int | None) -> str | None:
    """Which of DDP's two states a rank's second-step peak is nearer to (None: one state, or no run)."""
    if high is None or low is None or high == low or not real:
        return None
    return "held" if abs(real - high) <= abs(real - low) else "let go"


def merge(out: Path, source: Path | None = None) -> int:
    """Every phase's runs beside the predictions (in `source`, else in `out`): the tables and the
    goals as JUnit cases, written to `out`."""
    preds, lines = _load(source or out)
    heads = {(x["phase"], x["rank"]): x for x in lines if x["event"] == "rank"}
    started = {(x["phase"], x["rank"], x["config"], x["strategy"], x["capped"]): x for x in lines
               if x["event"] == "start"}
    done = {(x["phase"], x["rank"], x["config"], x["strategy"], x["capped"]): x["result"] for x in lines
            if x["event"] == "done"}
    phases = sorted({(x["world"], x["phase"]) for x in heads.values()}, key=lambda p: (-p[0], p[1]))
    cases: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    checks: list[dict[str, Any]] = []
    nccl: dict[int, list[int]] = {}
    device = next((h.get("device") for h in heads.values()), None)
    for world, phase in phases:
        ranks = sorted(r for (p, r) in heads if p == phase)
        for r in ranks:
            h = heads[(phase, r)]
            if h.get("non_pytorch_nccl") is not None and h.get("non_pytorch_before") is not None:
                nccl.setdefault(world, []).append(h["non_pytorch_nccl"] - h["non_pytorch_before"])
        keys = sorted({(k[2], k[3]) for k in started if k[0] == phase and not k[4]} |
                      {(k[2], k[3]) for k in done if k[0] == phase and not k[4]})
        for tag, strategy in keys:
            cfg = Config.parse(tag)
            pw = _predicted(preds, tag, world, strategy)
            perr = (preds.get(tag) or {}).get("error") or ("" if tag in preds else "no prediction")
            low = _low(preds, tag, world, strategy)
            settle = heads[(phase, ranks[0])].get("settle") or 0.0
            for r in ranks:
                real = done.get((phase, r, tag, strategy, False))
                peak = (real or {}).get("allocated_peak")
                e_alloc = _err(pw.get("allocated"), peak)
                # the state is the second step's (DDP's rebuild runs in it), where its peak was recorded
                second = ((real or {}).get("step_peaks") or [None, peak])[1]
                state = _state(pw.get("allocated"), low, second)
                e_state = _err(low if state == "let go" else pw.get("allocated"), second)
                e_total = _err(pw.get("total"), (real or {}).get("used_after"))
                e_top = _err(pw.get("top"), (real or {}).get("used_after"))
                row = {"phase": phase, "world": world, "config": tag, "strategy": strategy, "rank": r,
                       "fitted": cfg.fitted(world), "predicted": pw, "real": real, "err_allocated": e_alloc,
                       "err_total": e_total, "err_top": e_top, "outcome": _outcome(real), "settle": settle,
                       "allocated_low": low, "state": state, "err_state": e_state}
                rows.append(row)
                name = (f"{tag} {strategy} world {world} rank {r}" + (" (fitted)" if row["fitted"] else "")
                        + (f" (paused {settle:g} s)" if settle else ""))
                if perr or real is None or "error" in real or real.get("oom"):
                    cases.append({"name": f"runs: {name}", "status": "failed",
                                  "message": perr or row["outcome"]})
                elif state is not None and e_state is not None and e_alloc is not None:
                    # DDP: the figure of the state the rank was in, and the worst rank's never under it
                    ok = abs(e_state) <= PER_RANK_GOAL and e_alloc >= -PER_RANK_GOAL
                    cases.append({"name": f"per-rank allocated within 3 % of its state's: {name}",
                                  "status": "passed" if ok else "failed",
                                  "message": f"first buckets {state}: {100 * e_state:+.2f} % "
                                             f"(the worst rank's figure: {100 * e_alloc:+.2f} %)"})
                    if settle:  # paused past the watchdog's sweep: every rank must have let them go
                        cases.append({"name": f"the first buckets let go by the second step: {name}",
                                      "status": "passed" if state == "let go" else "failed",
                                      "message": f"second step's peak {second:,}: nearer {state}"})
                elif e_alloc is not None:
                    cases.append({"name": f"per-rank allocated within 3 %: {name}",
                                  "status": "passed" if abs(e_alloc) <= PER_RANK_GOAL else "failed",
                                  "message": f"{100 * e_alloc:+.2f} %"})
                if e_top is not None:  # the interval's top, what the verdict holds a rank to
                    cases.append({"name": f"per-rank top not under NVML's: {name}",
                                  "status": "passed" if e_top >= 0 else "failed",
                                  "message": f"{100 * e_top:+.2f} % (the middle: {_pct(e_total)})"})
                if pw.get("fits_whole_gpu") and real is not None and real.get("oom"):
                    cases.append({"name": f"no fits-then-OOM on the whole GPU: {name}", "status": "failed",
                                  "message": "predicted fits, ran out"})
        # the edge runs: each configuration and strategy under the cap where preflight turns to "fits"
        for tag, strategy in sorted({(k[2], k[3]) for k in started if k[0] == phase and k[4]}):
            pw = _predicted(preds, tag, world, strategy)
            got = {r: done.get((phase, r, tag, strategy, True)) for r in ranks}
            outcomes = {r: _outcome(g) for r, g in got.items()}
            ran = all(o == "ran" for o in outcomes.values())
            check = {"phase": phase, "world": world, "config": tag, "strategy": strategy,
                     "fitted": Config.parse(tag).fitted(world), "cap": pw.get("edge"),
                     "limits": {r: (g or {}).get("limit") for r, g in got.items()},
                     "outcomes": outcomes, "ran": ran,
                     "real_allocated": {r: (g or {}).get("allocated_peak") for r, g in got.items()},
                     "real_reserved": {r: (g or {}).get("reserved_peak") for r, g in got.items()}}
            checks.append(check)
            if any(o.startswith("skipped") for o in outcomes.values()):
                continue
            cases.append({"name": f"no fits-then-OOM at the edge cap: {tag} {strategy} world {world}",
                          "status": "passed" if ran else "failed",
                          "message": "; ".join(f"rank {r}: {o}" for r, o in outcomes.items())})
    # the ranks' torch (a recorded run's without it: its own merge's), else this process's
    recorded = source / "ranks.json" if source else None
    ran = next((h["torch"] for h in heads.values() if h.get("torch")), None) or (
        json.loads(recorded.read_text())["summary"].get("torch") if recorded and recorded.exists() else None)
    summary = {"device": device, "torch": ran or torch.__version__, "phases": [p for _, p in phases],
               "nccl_bytes_per_rank": {str(w): v for w, v in nccl.items()},
               "nccl_median": int(statistics.median([x for v in nccl.values() for x in v])) if nccl else None,
               "nccl_default": DEFAULT_OVERHEADS.nccl, "non_pytorch_default": DEFAULT_OVERHEADS.non_pytorch}
    md = _markdown(summary, preds, rows, checks)
    # replaced whole (temp file, rename): two phases side by side each merge at their end, and a
    # reader must never see the two writes interleaved
    write_user_file(out / "ranks.json", json.dumps({"summary": summary, "rows": rows, "checks": checks,
                                                    "predictions": preds}, indent=1).encode())
    write_user_file(out / "ranks.md", md.encode())
    write_user_file(out / "junit.json", json.dumps({
        "suite": "preflight-ranks", "tests": len(cases),
        "failures": sum(c["status"] == "failed" for c in cases), "cases": cases}, indent=1).encode())
    print(md, flush=True)
    return 0


def _tally(rows: list[dict[str, Any]]) -> str:
    errs = [r["err_allocated"] for r in rows if r["err_allocated"] is not None]
    if not errs:
        return "no rank measured"
    worst = max(errs, key=abs)
    return (f"{sum(abs(e) <= 0.01 for e in errs)} of {len(errs)} rank rows within ±1 %, "
            f"{sum(abs(e) <= PER_RANK_GOAL for e in errs)} within ±3 %; "
            f"{sum(e < 0 for e in errs)} under; the largest error {_pct(worst)}")


def _states(rows: list[dict[str, Any]]) -> str:
    """DDP's ranks by their state at the second step's peak, without and with a pause before it,
    and each against its state's figure."""
    ddp = [r for r in rows if r.get("state")]
    if not ddp:
        return "no DDP rank measured"
    parts = []
    for paused in (False, True):
        group = [r for r in ddp if bool(r.get("settle")) == paused]
        if group:
            held = sum(r["state"] == "held" for r in group)
            parts.append(f"{'paused before it' if paused else 'as run'}: held on {held}, "
                         f"let go on {len(group) - held} of {len(group)} ranks")
    errs = [r["err_state"] for r in ddp]
    under = sum(r["err_allocated"] < -0.01 for r in ddp)
    return ("; ".join(parts) + f". Each rank against its state's figure: {sum(abs(e) <= 0.01 for e in errs)} "
            f"of {len(errs)} within ±1 %, the largest error {_pct(max(errs, key=abs))}; the worst rank's "
            f"figure (`allocated`) more than 1 % under a rank: {under}")


def _within(rows: list[dict[str, Any]]) -> str:
    errs = [r["err_top"] for r in rows if r.get("err_top") is not None]
    if not errs:
        return "no rank measured"
    return f"{sum(e >= 0 for e in errs)} of {len(errs)} rank rows, the least margin {_pct(min(errs))}"


def _markdown(summary: dict[str, Any], preds: dict[str, dict[str, Any]], rows: list[dict[str, Any]],
              checks: list[dict[str, Any]]) -> str:
    nccl = summary["nccl_bytes_per_rank"]
    ran_checks = [c for c in checks if not any(o.startswith("skipped") for o in c["outcomes"].values())]
    bad = [c for c in ran_checks if not c["ran"]]
    lines = [
        "# preflight per rank on configurations it was not fitted to", "",
        f"Device: {summary['device']}, torch {summary['torch']}. Two steps a run; `adamw` is AdamW with "
        "bf16 autocast, `sgd` SGD with momentum in fp32; batch x sequence per rank. Rows marked "
        "*fitted* are the configuration of the recording the per-rank model was fitted to (a control).", "",
        f"- Unfitted, allocated step peak per rank: {_tally([r for r in rows if not r['fitted']])}.",
        f"- Fitted (control): {_tally([r for r in rows if r['fitted']])}.",
        "- DDP's first buckets at the second step's peak (each rank by the nearer of `per_rank`'s "
        f"`allocated`, still held, and `allocated_low`, let go): {_states(rows)}.",
        f"- Verdicts at the edge cap checked by a real run: {len(ran_checks)}; predicted fits and did not "
        f"run: {len(bad)}" + (f" ({', '.join(_name(c) for c in bad)})" if bad else "") + ".",
        f"- NVML's bytes for a rank within the interval's top (`per_rank`'s \"top\"): {_within(rows)}.",
        "- NCCL's bytes outside PyTorch per rank (NVML after the group's first all-reduce less before), by "
        "world size: " + ("; ".join(f"{w}: {sorted({round(x / MiB, 1) for x in v})} MiB"
                                    for w, v in nccl.items()) or "—")
        + f"; preflight's default {DEFAULT_OVERHEADS.nccl / MiB:.0f} MiB.", "",
        "## Allocated peak and NVML's bytes per rank", "",
        "| config | world | strategy | rank | predicted allocated | real allocated | error | predicted total "
        "| NVML used after | error | interval's top | error | verdict (whole GPU) | real |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        p, real = r["predicted"], r["real"] or {}
        pred_alloc = p.get("allocated", (preds.get(r["config"]) or {}).get("error", "no prediction"))
        verdict = "—" if "fits_whole_gpu" not in p else "fits" if p["fits_whole_gpu"] else "does not fit"
        lines.append(
            f"| {_cfg(r)} | {r['world']} | {r['strategy']} | {r['rank']} | "
            f"{_n(pred_alloc)} | {_n(real.get('allocated_peak'))} | {_pct(r['err_allocated'])} | "
            f"{_n(p.get('total'))} | {_n(real.get('used_after'))} | {_pct(r['err_total'])} | "
            f"{_n(p.get('top'))} | {_pct(r.get('err_top'))} | {verdict} | {r['outcome']} |")
    lines += ["", "## The verdict at its edge, checked by a real run", "",
              "Each configuration and strategy again under the smallest cap (a fraction limit on PyTorch's "
              "reserved bytes, 2 MiB steps) at which preflight says \"fits\": DDP by the verdict at that "
              "world size, FSDP2 by the rule its sharding advice uses. The limit set is the cap plus what "
              "the rank already held beyond the workspaces (earlier runs' leftovers). \"fits\" and not run "
              "is the check that fails.", "",
              "| config | world | strategy | edge cap | limit set (rank 0) | real reserved peak (rank 0) "
              "| every rank |", "|---|---|---|---|---|---|---|"]
    for c in checks:
        r0 = min(c["outcomes"]) if c["outcomes"] else None
        outcome = sorted(set(c["outcomes"].values()))
        lines.append(f"| {_cfg(c)} | {c['world']} | {c['strategy']} | "
                     f"{_n(c['cap'])} | {_n(c['limits'].get(r0))} | {_n(c['real_reserved'].get(r0))} | "
                     f"{', '.join(outcome)} |")
    lines += ["", "## Each step (GPU only)", "",
              "The peak of step 1 (with the wrapping), of step 2 and of the steps after it, the bytes "
              "allocated before step 2 and after it, and what the run left allocated after it was deleted "
              "(the next run's base grows by it). Under DDP, the state of the first step's buckets at step "
              "2's peak: still held (one gradient copy more: `allocated`) or let go (`allocated_low`), "
              "and the error against that state's figure. Held buckets let go before the step ended leave "
              "\"after step 2\" at \"before step 2\"; held past it, one gradient copy above.", "",
              "| phase | config | world | strategy | rank | step 1 peak | step 2 peak | later steps' peak "
              "| before step 2 | after step 2 | first buckets at step 2's peak | error against it "
              "| left behind |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        real = r["real"] or {}
        peaks = real.get("step_peaks") or [None, None]
        before = real.get("allocated_before_steps") or [None, None]
        after = (real.get("allocated_after_steps") or [None, real.get("allocated_after")])[1]
        later = max(peaks[2:]) if len(peaks) > 2 else None
        lines.append(f"| {r['phase']} | {r['config']} | {r['world']} | {r['strategy']} | {r['rank']} | "
                     f"{_n(peaks[0])} | {_n(peaks[1])} | {_n(later)} | {_n(before[1])} | {_n(after)} | "
                     f"{r.get('state') or '—'} | {_pct(r.get('err_state'))} | "
                     f"{_n(real.get('left_behind'))} |")
    return "\n".join(lines) + "\n"


# --- the ranks ---------------------------------------------------------------------------------

def _child_predictions(args: argparse.Namespace, out: Path, world: int) -> None:
    """Rank 0's child predicts every configuration before the group forms: the fake runs'
    imports, patches and caches stay out of the processes measured."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "predictions.json"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--out", str(out), "--configs", args.configs,
               "--worlds", str(world), "--predict-only", str(path)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=args.predict_s)
            print(r.stdout[-2000:] + r.stderr[-2000:], flush=True)
        except subprocess.TimeoutExpired:
            print(f"the predicting child ran out of its {args.predict_s} s", flush=True)
        if path.exists():
            write_user_file(out / f"predictions-{args.phase}.json", path.read_bytes())


def _ranks(args: argparse.Namespace, configs: list[Config], strategies: list[str]) -> int:
    started = time.monotonic()
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    local = int(os.environ.get("LOCAL_RANK", rank))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    args.phase = args.phase or f"w{world}"
    if args.predictions is None and rank == 0:
        _child_predictions(args, out, world)
    gpu = torch.cuda.is_available()
    dev = torch.device("cuda", local) if gpu else torch.device("cpu")
    log = (out / f"runs-{args.phase}-rank-{rank}.jsonl").open("a")

    def write(doc: dict[str, Any]) -> None:
        log.write(json.dumps({"phase": args.phase, "world": world, "rank": rank, **doc}) + "\n")
        log.flush()

    head: dict[str, Any] = {"event": "rank", "device": torch.cuda.get_device_name(dev) if gpu else "cpu",
                            "steps": args.steps, "settle": args.settle, "torch": torch.__version__}
    if gpu:
        torch.cuda.set_device(dev)
        a = torch.ones(256, 256, device=dev)
        (a @ a).sum().item()  # the context and cuBLAS's workspace, before NCCL
        head["non_pytorch_before"] = _nvml_non_pytorch()
    # short with the predictions made beforehand: a rank that ran out under a cap leaves the others
    # waiting in a collective, and the group's timeout ends them (their results are written already)
    timeout = args.pg_timeout or (60 if args.predictions else args.predict_s + 50)
    dist.init_process_group("nccl" if gpu else "gloo", timeout=datetime.timedelta(seconds=timeout),
                            **({"device_id": dev} if gpu else {}))
    try:
        t = torch.ones(1 << 20, device=dev)
        dist.all_reduce(t)
        del t
        if gpu:
            torch.cuda.synchronize()
            head["non_pytorch_nccl"] = _nvml_non_pytorch()
        write(head)
        preds, _ = _load(Path(args.predictions or out))
        plan = [(c, s, False) for c in configs for s in strategies]
        # the edge runs last, FSDP2's after DDP's: its reserved figure is the one known to read
        # under, and a rank that runs out where the others do not stalls the rest of the phase
        if args.edge:
            plan += [(c, s, True) for s in sorted(strategies, key="fsdp2".__eq__) for c in configs]
        took: dict[tuple[str, str], float] = {}  # each uncapped run's seconds: its edge run's estimate
        for cfg, strategy, capped in plan:
            cap = _predicted(preds, cfg.tag, world, strategy).get("edge")
            key = {"config": cfg.tag, "strategy": strategy, "capped": capped}
            # rank 0 decides for all (every rank must run the same collectives)
            left = args.budget - (time.monotonic() - started)
            later = list(took.values())[1:]  # the first run also imported the models' library
            est = took.get((cfg.tag, strategy)) or max(later, default=10.0)
            go = [left > 1.5 * est + 3 if args.budget else True]
            dist.broadcast_object_list(go, src=0)
            skip = ("the budget ran out" if not go[0] else "no GPU to cap" if capped and not gpu
                    else "no edge cap predicted" if capped and cap is None else "")
            write({"event": "start", **key})
            if skip:
                write({"event": "done", **key, "result": {"skipped": skip}})
                continue
            dist.barrier()
            result = _step(cfg, strategy, dev, cap if capped else None, args.steps, args.settle)
            if not capped:
                took[(cfg.tag, strategy)] = result["seconds"]
            write({"event": "done", **key, "result": result})
        dist.barrier()
    finally:
        log.close()
        dist.destroy_process_group()
    if rank == 0:
        merge(out)
    return 0


@record  # a rank's traceback in torchrun's error file and its ChildFailedError summary
def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--configs", help="model:optimizer:BATCHxSEQ,... (default: --models at --batch x "
                    "--seq, adamw)")
    ap.add_argument("--models", default="gpt2,llama")
    ap.add_argument("--strategies", default="ddp,fsdp2")
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--seq", type=int, default=512)
    ap.add_argument("--predict-only", metavar="FILE", help="write the predictions of --configs for --worlds "
                    "to FILE and exit: no process group")
    ap.add_argument("--worlds", default="", help="(with --predict-only) world sizes, comma-separated")
    ap.add_argument("--predictions", metavar="DIR", help="the predictions*.json made beforehand (else "
                    "rank 0's child predicts)")
    ap.add_argument("--edge", action="store_true", help="then each run again under its edge cap")
    ap.add_argument("--phase", default="", help="this torchrun's name in DIR (default w<world>)")
    ap.add_argument("--budget", type=float, default=0.0, help="seconds: no run starts that would end past it")
    ap.add_argument("--pg-timeout", type=int, default=0, help="the process group's timeout, seconds")
    ap.add_argument("--predict-s", type=int, default=100, help="the bound of rank 0's predicting child, "
                    "seconds (the other ranks wait for it in the group's timeout)")
    ap.add_argument("--merge", action="store_true", help="write the tables from DIR and exit")
    ap.add_argument("--from", dest="source", metavar="DIR", help="(with --merge) read the phases and "
                    "predictions from DIR (a recorded run), write the tables to --out")
    ap.add_argument("--steps", type=int, default=2, help="training steps a run (at least 2)")
    ap.add_argument("--settle", type=float, default=0.0, help="seconds paused before the second step: "
                    "DDP's first buckets let go on every rank by then")
    args = ap.parse_args()
    if args.merge:
        return merge(Path(args.out), Path(args.source) if args.source else None)
    if args.steps < 2:
        ap.error("--steps: at least 2 (the second step is the one DDP's rebuild runs in)")
    args.configs = args.configs or ",".join(f"{m}:adamw:{args.batch}x{args.seq}"
                                            for m in args.models.split(","))
    configs = [Config.parse(c) for c in args.configs.split(",")]
    if args.predict_only:
        gpu = torch.cuda.is_available()
        worlds = [int(w) for w in args.worlds.split(",") if w]
        preds = [_predict(c, worlds, gpu) for c in configs]
        write_user_file(args.predict_only, json.dumps(preds).encode())  # whole or not at all
        for p in preds:
            print(p["config"], p.get("error") or f"{p['seconds']} s", flush=True)
        return 0
    return _ranks(args, configs, args.strategies.split(","))


if __name__ == "__main__":
    rc = main()
    if "LOCAL_RANK" in os.environ:
        # a rank whose results are written leaves without C++'s static destructors: at the
        # interpreter's exit a gloo rank now and then aborts ("terminate called without an
        # active exception", no Python frame) and torchrun fails the phase for a finished rank
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(rc)
    sys.exit(rc)
