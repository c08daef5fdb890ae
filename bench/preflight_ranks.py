"""gpumemd preflight's per-rank figures under DDP and FSDP2 against each rank's real step, and
the bytes NCCL adds outside PyTorch, measured by NVML on every rank.

    torchrun --standalone --nproc-per-node N bench/preflight_ranks.py --out DIR \
        [--models gpt2,llama] [--batch 4] [--seq 512] [--strategies ddp,fsdp2]

Each rank: the CUDA context and cuBLAS first (NVML's bytes for the process less
`memory_reserved()`: the non-PyTorch bytes before NCCL), then the process group and one
all-reduce (the same figure after it: the difference is NCCL's communicator), then for each
model and strategy two training steps (AdamW, bf16 autocast; FSDP2 shards each block and
the root) with the allocator's peaks and NVML's bytes after, each step's peak, the bytes
allocated before each step and after the second (DDP's second copy of the gradients: the first
iteration's buckets, replaced by the rebuild, still held or not), and what the run left behind.
Rank 0 has a child process predict each model on fake tensors before the group forms
(`verdict.per_rank` from one GPU's stream and the model's blocks), so that rank 0's own process
runs nothing the other ranks do not, and writes DIR/ranks.json (every rank's figures beside the
prediction), DIR/ranks.md and DIR/junit.json. Without a GPU (gloo, CPU tensors; `--models
tiny`): the predictions and the steps run, the GPU's columns stay empty: how the script is tested on a CPU.
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
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from preflight_accuracy import _family, _nvml_non_pytorch, _steps  # noqa: E402

from gpumemd.preflight import fakerun  # noqa: E402
from gpumemd.preflight.verdict import DEFAULT_OVERHEADS, figures, per_rank  # noqa: E402

MiB = 1 << 20
PER_RANK_GOAL = 0.03  # LLMem's multi-GPU bar: the per-rank peak within 3 %


def _blocks(model: torch.nn.Module, name: str) -> list[torch.nn.Module]:
    """The repeated blocks FSDP2 shards one by one."""
    if name == "gpt2":
        return list(model.transformer.h)
    if name == "llama":
        return list(model.model.layers)
    if name == "bert":
        return list(model.bert.encoder.layer)
    return list(model.blocks)


def _predict(name: str, batch: int, seq: int, world: int, gpu: bool) -> dict[str, Any]:
    t = time.perf_counter()
    try:
        st = fakerun.run(_family(name, "adamw", True), batch, seq, remap=False if gpu else None)
        fg = figures(st.events, st.at_peak, st.peak, batch=batch, seq=seq, overheads=DEFAULT_OVERHEADS,
                     world=world, blocks=st.blocks)
        return {"one_gpu_allocated": fg.allocated_peak, "one_gpu_reserved": fg.reserved_peak,
                "categories": st.at_peak, "blocks": list(st.blocks),
                "seconds": round(time.perf_counter() - t, 2),
                **{s: per_rank(fg, world, s, DEFAULT_OVERHEADS) for s in ("ddp", "fsdp2")}}
    except Exception as exc:
        return {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}


def _used() -> int | None:
    np_ = _nvml_non_pytorch()
    return None if np_ is None else np_ + torch.cuda.memory_reserved()


def _step(name: str, strategy: str, batch: int, seq: int, dev: torch.device) -> dict[str, Any]:
    """Two steps of the model under the strategy on this rank: the allocator's peaks, NVML's."""
    gpu = dev.type == "cuda"
    if gpu:
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated() if gpu else None
    job = None
    t = time.perf_counter()
    try:
        with torch.device(dev):
            job = _family(name, "adamw", True)()  # the optimizer is made again on the wrapped model
        if strategy == "ddp":
            ids = [dev] if gpu else None
            model: Any = torch.nn.parallel.DistributedDataParallel(job.model, device_ids=ids)
        else:
            from torch.distributed.fsdp import fully_shard

            for block in _blocks(job.model, name):
                fully_shard(block)
            model = fully_shard(job.model)
        opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
        job = fakerun.Job(model, opt, job.batch, autocast=job.autocast)
        before, peaks, reserved = [], [], []
        for i in range(2):  # one step at a time: each step's peak (the first's with the wrapping)
            if gpu:
                torch.cuda.synchronize()
                before.append(torch.cuda.memory_allocated())
                if i:
                    torch.cuda.reset_peak_memory_stats()
            _steps(job, batch, seq, 1, dev.type)
            if gpu:
                torch.cuda.synchronize()
                peaks.append(torch.cuda.max_memory_allocated())
                reserved.append(torch.cuda.max_memory_reserved())
        out: dict[str, Any] = {"oom": False}
        if gpu:
            out.update(allocated_peak=max(peaks), base=base, reserved_peak=max(reserved),
                       used_after=_used(), non_pytorch_after=_nvml_non_pytorch(), step_peaks=peaks,
                       allocated_before_steps=before, allocated_after=torch.cuda.memory_allocated())
    except torch.OutOfMemoryError:
        out = {"oom": True}
    except Exception as exc:
        out = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
    finally:
        del job
        gc.collect()
        if gpu:
            torch.cuda.empty_cache()
            out["left_behind"] = torch.cuda.memory_allocated() - base  # the next run's base grows by it
    out["seconds"] = round(time.perf_counter() - t, 2)
    return out


def _err(pred: int | None, real: int | None) -> float | None:
    return None if pred is None or not real else (pred - real) / real


def _n(v: Any) -> str:
    return "—" if v is None else f"{v:,}" if isinstance(v, int) else str(v)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:+.2f} %"


def _write(out: Path, world: int, preds: list[dict[str, Any]], ranks: list[dict[str, Any]],
           models: list[str], strategies: list[str], batch: int, seq: int) -> None:
    """ranks.json, ranks.md and junit.json: each rank's step beside the predicted per-rank figure."""
    nccl = [r["non_pytorch_nccl"] - r["non_pytorch_before"] for r in ranks
            if r.get("non_pytorch_nccl") is not None and r.get("non_pytorch_before") is not None]
    summary = {"world": world, "batch": batch, "seq": seq, "device": ranks[0].get("device"),
               "torch": torch.__version__, "nccl_bytes_per_rank": nccl,
               "nccl_median": int(statistics.median(nccl)) if nccl else None,
               "nccl_default": DEFAULT_OVERHEADS.nccl, "non_pytorch_default": DEFAULT_OVERHEADS.non_pytorch}
    cases: list[dict[str, Any]] = []
    lines = ["# preflight per rank under DDP and FSDP2", "",
             f"World {world}, AdamW + bf16 autocast, batch {batch} x {seq} per rank, two steps. "
             f"Device: {summary['device']}, torch {summary['torch']}.", "",
             f"NCCL's bytes outside PyTorch per rank (NVML after the group's first all-reduce less before): "
             f"{[round(n / MiB, 1) for n in nccl]} MiB; median "
             f"{'—' if not nccl else round(summary['nccl_median'] / MiB, 1)} MiB; preflight's default "
             f"{DEFAULT_OVERHEADS.nccl / MiB:.0f} MiB.", "",
             "| model | strategy | rank | predicted allocated | real allocated | error | predicted total "
             "| NVML used after | error | non-PyTorch after |", "|---|---|---|---|---|---|---|---|---|---|"]
    rows = []
    for mi, name in enumerate(models):
        pred = preds[mi]
        for strategy in strategies:
            p = pred.get(strategy) or {}
            for r in ranks:
                real = r["runs"].get(f"{name}/{strategy}") or {}
                e_alloc = _err(p.get("allocated"), real.get("allocated_peak"))
                e_total = _err(p.get("total"), real.get("used_after"))
                rows.append({"model": name, "strategy": strategy, "rank": r["rank"], "predicted": p,
                             "real": real, "err_allocated": e_alloc, "err_total": e_total})
                got = real.get("allocated_peak", real.get("error", "OOM" if real.get("oom") else None))
                lines.append(
                    f"| {name} | {strategy} | {r['rank']} | {_n(p.get('allocated', pred.get('error')))} | "
                    f"{_n(got)} | {_pct(e_alloc)} | {_n(p.get('total'))} | {_n(real.get('used_after'))} | "
                    f"{_pct(e_total)} | {_n(real.get('non_pytorch_after'))} |")
                tag = f"{name} {strategy} rank {r['rank']}"
                if "error" in real or "error" in pred:
                    cases.append({"name": f"runs: {tag}", "status": "failed",
                                  "message": real.get("error") or pred.get("error")})
                elif e_alloc is not None:
                    cases.append({"name": f"per-rank allocated within 3 %: {tag}",
                                  "status": "passed" if abs(e_alloc) <= PER_RANK_GOAL else "failed",
                                  "message": f"{100 * e_alloc:+.2f} %"})
                if e_total is not None:  # the verdict's figure must not be under the real one
                    cases.append({"name": f"per-rank total not under NVML's: {tag}",
                                  "status": "passed" if e_total >= 0 else "failed",
                                  "message": f"{100 * e_total:+.2f} %"})
    lines += ["", "Each step (GPU only): the peak of step 1 (with the wrapping) and of step 2, the bytes "
              "allocated before step 2 and after it, and what the run left allocated after it was "
              "deleted (the next run's base grows by it). Under DDP, a step-2 peak one gradient's worth "
              "above the one-GPU figure plus the buckets is the first iteration's buckets, replaced by "
              "the rebuild, still allocated.", "",
              "| model | strategy | rank | step 1 peak | step 2 peak | before step 2 | after step 2 "
              "| left behind |", "|---|---|---|---|---|---|---|---|"]
    for row in rows:
        real = row["real"]
        peaks = real.get("step_peaks") or [None, None]
        before = real.get("allocated_before_steps") or [None, None]
        lines.append(f"| {row['model']} | {row['strategy']} | {row['rank']} | {_n(peaks[0])} | "
                     f"{_n(peaks[-1])} | {_n(before[-1])} | {_n(real.get('allocated_after'))} | "
                     f"{_n(real.get('left_behind'))} |")
    whole = {"summary": summary, "rows": rows, "ranks": ranks,
             "predictions": dict(zip(models, preds, strict=True))}
    (out / "ranks.json").write_text(json.dumps(whole, indent=1))
    (out / "ranks.md").write_text("\n".join(lines) + "\n")
    (out / "junit.json").write_text(json.dumps({
        "suite": "preflight-ranks", "tests": len(cases),
        "failures": sum(c["status"] == "failed" for c in cases), "cases": cases}, indent=1))
    print("\n".join(lines), flush=True)


def _predictions(args: argparse.Namespace, world: int) -> dict[int, dict[str, Any]]:
    models = args.models.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "predictions.json"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--out", args.out, "--models", args.models,
               "--batch", str(args.batch), "--seq", str(args.seq), "--world", str(world),
               "--predict-only", str(path)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=100)
            print(r.stdout[-2000:] + r.stderr[-2000:], flush=True)
            got = json.loads(path.read_text()) if path.exists() else None
        except subprocess.TimeoutExpired:
            got = None
    if got is None:
        return {i: {"error": "the predicting child failed (its output is above in the log)"}
                for i in range(len(models))}
    return dict(enumerate(got))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--models", default="gpt2,llama")
    ap.add_argument("--strategies", default="ddp,fsdp2")
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--seq", type=int, default=512)
    ap.add_argument("--predict-only", metavar="FILE", help="(the child of rank 0) write the predictions "
                    "for --world ranks to FILE and exit: no process group")
    ap.add_argument("--world", type=int, default=0)
    args = ap.parse_args()
    if args.predict_only:
        gpu = torch.cuda.is_available()
        preds = [_predict(m, args.batch, args.seq, args.world, gpu) for m in args.models.split(",")]
        Path(args.predict_only).write_text(json.dumps(preds))
        return 0
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    local = int(os.environ.get("LOCAL_RANK", rank))
    models, strategies = args.models.split(","), args.strategies.split(",")
    gpu = torch.cuda.is_available()
    dev = torch.device("cuda", local) if gpu else torch.device("cpu")
    me: dict[str, Any] = {"rank": rank, "runs": {},
                          "device": torch.cuda.get_device_name(dev) if gpu else "cpu"}
    # Rank 0's child predicts every model, as on one GPU (its device the fake run's cuda:0), before
    # the group forms (the other ranks wait in the rendezvous): the fake runs' imports, patches and
    # caches stay out of the processes measured.
    me["predictions"] = _predictions(args, world) if rank == 0 else {}
    if gpu:
        torch.cuda.set_device(dev)
    if gpu:
        a = torch.ones(256, 256, device=dev)
        (a @ a).sum().item()  # the context and cuBLAS's workspace, before NCCL
        me["non_pytorch_before"] = _nvml_non_pytorch()
    dist.init_process_group("nccl" if gpu else "gloo", timeout=datetime.timedelta(seconds=120),
                            **({"device_id": dev} if gpu else {}))
    try:
        t = torch.ones(1 << 20, device=dev)
        dist.all_reduce(t)
        del t
        if gpu:
            torch.cuda.synchronize()
            me["non_pytorch_nccl"] = _nvml_non_pytorch()
        for name in models:
            for strategy in strategies:
                dist.barrier()
                me["runs"][f"{name}/{strategy}"] = _step(name, strategy, args.batch, args.seq, dev)
        gathered: list[Any] = [None] * world
        dist.all_gather_object(gathered, me)
    finally:
        dist.destroy_process_group()
    if rank == 0:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        preds: dict[int, dict[str, Any]] = {}
        for g in gathered:
            preds.update({int(k): v for k, v in g.pop("predictions").items()})
        _write(out, world, [preds[i] for i in range(len(models))], gathered, models, strategies,
               args.batch, args.seq)
    return 0


if __name__ == "__main__":
    sys.exit(main())
