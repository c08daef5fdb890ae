"""gpumemd preflight against the GPU: predicted step peaks beside the real ones and beside
torch's MemTracker under FakeTensor, and the OOM boundary found by a real search.

    python3 bench/preflight_accuracy.py --out DIR [--budget SECONDS] [--quick]

Needs a CUDA GPU, torch with CUDA and transformers (models built from their configs, no
download). Writes DIR/accuracy.jsonl (one line a configuration), DIR/boundary.jsonl (each
configuration of the boundary part: predicted fits vs the real run under a memory fraction),
DIR/calibration.json (the non-PyTorch bytes NVML charges, the workspaces left allocated) and
DIR/summary.md. Stops starting new work when the budget is spent (what ran is kept).
`--quick` (CPU, no GPU): the predictions only, tiny shapes, to test the script.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gpumemd.preflight import fakerun  # noqa: E402
from gpumemd.preflight.verdict import DEFAULT_OVERHEADS, Device, Overheads, figures, judge  # noqa: E402

GiB = 1 << 30


def _family(name: str, optimizer: str, autocast: bool) -> Any:
    """A factory of the named model (from its transformers config), its optimizer, a batch maker."""

    def factory() -> fakerun.Job:
        import transformers as tf

        if name == "gpt2":
            model = tf.GPT2LMHeadModel(tf.GPT2Config(attn_implementation="sdpa"))
            vocab = 50257
        elif name == "llama":
            cfg = tf.LlamaConfig(hidden_size=1024, intermediate_size=4096, num_hidden_layers=24,
                                 num_attention_heads=16, num_key_value_heads=16, vocab_size=32000,
                                 max_position_embeddings=4096, attn_implementation="sdpa")
            model = tf.LlamaForCausalLM(cfg)
            vocab = 32000
        else:
            model = tf.BertForMaskedLM(tf.BertConfig(attn_implementation="sdpa"))
            vocab = 30522
        model.train()  # made on the GPU: the caller's default device is CUDA
        opt = (torch.optim.AdamW(model.parameters(), lr=1e-4) if optimizer == "adamw"
               else torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9))

        def batch(b: int, s: int) -> dict[str, Any]:
            ids = torch.randint(0, vocab, (b, s), device="cuda")
            return {"input_ids": ids, "labels": ids}

        return fakerun.Job(model, opt, batch, autocast=torch.bfloat16 if autocast else None)

    return factory


def _real(factory: Any, batch: int, seq: int, steps: int = 2) -> dict[str, Any]:
    """The same steps on the GPU: the allocator's peaks, or the OOM."""
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated()
    job = None
    try:
        with torch.device("cuda"):
            job = factory()
        for _ in range(steps):
            data = job.batch(batch, seq)
            with torch.autocast("cuda", dtype=job.autocast, enabled=job.autocast is not None):
                loss = job.model(**data).loss
            loss.backward()
            del loss, data
            job.optimizer.step()
            job.optimizer.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        out = {"oom": False, "allocated_peak": torch.cuda.max_memory_allocated(),
               "reserved_peak": torch.cuda.max_memory_reserved(), "base": base}
    except torch.OutOfMemoryError:
        out = {"oom": True}
    finally:
        del job
        gc.collect()
        torch.cuda.empty_cache()
    return out


def _memtracker(factory: Any, batch: int, seq: int, steps: int = 2) -> int | None:
    """torch's MemTracker under FakeTensorMode on the same steps: its peak on the GPU."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.distributed._tools.mem_tracker import MemTracker

    try:
        with FakeTensorMode(allow_non_fake_inputs=True), torch.device("cuda"):
            job = factory()
            mt = MemTracker()
            mt.track_external(job.model, job.optimizer)
            with mt:
                for i in range(steps):
                    if i:
                        mt.reset_mod_stats()  # MemTracker refuses a module's second call otherwise
                    data = job.batch(batch, seq)
                    with torch.autocast("cuda", dtype=job.autocast, enabled=job.autocast is not None):
                        loss = job.model(**data).loss
                    loss.backward()
                    del loss, data
                    job.optimizer.step()
                    job.optimizer.zero_grad(set_to_none=True)
            peak = mt.get_tracker_snapshot("peak")
        return int(sum(v.get("Total", 0) for d, v in peak.items() if torch.device(d).type == "cuda"))
    except Exception as exc:  # the peer failing is a figure too
        print(f"memtracker failed: {type(exc).__name__}: {str(exc)[:200]}", flush=True)
        return None


def _nvml_non_pytorch() -> int | None:
    try:
        import pynvml

        pynvml.nvmlInit()
        h = pynvml.nvmlDeviceGetHandleByIndex(torch.cuda.current_device())
        for p in pynvml.nvmlDeviceGetComputeRunningProcesses(h):
            if p.pid == os.getpid() and p.usedGpuMemory:
                return int(p.usedGpuMemory) - torch.cuda.memory_reserved()
    except Exception as exc:
        print(f"nvml: {type(exc).__name__}: {exc}", flush=True)
    return None


def _boundary(fam: str, seq: int, cap_gib: int, calib: dict[str, Any], left: Any, bnd: Any) -> None:
    """Under a memory fraction (a smaller GPU) the largest batch that runs, by real runs, beside
    the predicted one; every batch both probed is a verdict checked against a real run."""
    cap = cap_gib * GiB
    total = torch.cuda.get_device_properties(0).total_memory
    torch.cuda.set_per_process_memory_fraction(cap / total)
    factory = _family(fam, "adamw", True)
    device = Device(f"fraction {cap_gib} GiB", total, fraction_limit=cap)
    over = Overheads(0, 0, calib.get("workspaces_left") or DEFAULT_OVERHEADS.workspaces, 0,
                     DEFAULT_OVERHEADS.error, "measured workspaces")
    cache: dict[int, bool] = {}
    real: dict[int, bool] = {}

    def predicted(b: int) -> bool:
        if b not in cache:
            st = fakerun.run(factory, b, seq, remap=False)
            fg = figures(st.events, st.at_peak, st.peak, batch=b, seq=seq, overheads=over)
            cache[b] = judge(st.events, fg, device, over).fits
        return cache[b]

    def runs(b: int) -> bool:
        if b not in real:
            real[b] = not _real(factory, b, seq)["oom"]
        return real[b]

    def largest(fn: Any, limit: float) -> int | None:
        """None: the budget ran out before the boundary was found."""
        lo, hi = 0, 1
        while fn(hi):
            if left() < limit:
                return None
            lo, hi = hi, hi * 2
        while hi - lo > 1:
            if left() < limit:
                return None
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if fn(mid) else (lo, mid)
        return lo

    try:
        pred_best = largest(predicted, 20)
        real_best = largest(runs, 15)
        for b in sorted({pred_best or 1, (pred_best or 0) + 1, real_best or 1, (real_best or 0) + 1}):
            if left() < 10:
                break
            predicted(b)
            runs(b)
    except Exception as exc:
        print(f"boundary {fam}: {type(exc).__name__}: {str(exc)[:300]}", flush=True)
        return
    finally:
        torch.cuda.set_per_process_memory_fraction(1.0)
    for b in sorted(set(cache) & set(real)):
        bnd.write(json.dumps({"family": fam, "seq": seq, "cap_gib": cap_gib, "batch": b,
                              "predicted_fits": cache[b], "real_runs": real[b],
                              "pred_largest": pred_best, "real_largest": real_best}) + "\n")
    bnd.flush()
    print(json.dumps({"family": fam, "pred_largest": pred_best, "real_largest": real_best,
                      "checked": len(set(cache) & set(real))}), flush=True)


def _against(recorded: Path, out: Path) -> int:
    """This machine's prediction (on a CPU: the fake CPU path) of each recorded configuration."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "against.jsonl", "w") as f:
        for line in recorded.read_text().splitlines():
            r = json.loads(line)
            real = r.get("real") or {}
            if real.get("oom") or "allocated_peak" not in real:
                continue
            b, s = r["batch"], r["seq"]
            st = fakerun.run(_family(r["family"], r["optimizer"], r["bf16"]), b, s)
            fg = figures(st.events, st.at_peak, st.peak, batch=b, seq=s, overheads=DEFAULT_OVERHEADS)
            row = {k: r[k] for k in ("family", "optimizer", "bf16", "batch", "seq")}
            row.update(real_allocated=real["allocated_peak"], pred_allocated=fg.allocated_peak,
                       err=(fg.allocated_peak - real["allocated_peak"]) / real["allocated_peak"],
                       path="cpu" if fakerun.remapped() else "cuda", seconds=st.seconds,
                       phase=st.phase_at_peak)
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(json.dumps(row), flush=True)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--budget", type=float, default=240.0)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--against", metavar="ACCURACY_JSONL",
                    help="no GPU needed: predict the configurations of a recorded run here and compare "
                    "with the real peaks it recorded (writes DIR/against.jsonl)")
    args = ap.parse_args()
    if args.against:
        return _against(Path(args.against), Path(args.out))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    gpu = torch.cuda.is_available() and not args.quick

    def left() -> float:
        return args.budget - (time.monotonic() - start)

    shapes = {
        "gpt2": [(2, 256), (4, 512), (8, 512), (8, 1024)],
        "llama": [(2, 512), (4, 512), (4, 1024), (2, 2048)],
        "bert": [(8, 128), (16, 256), (32, 256), (32, 512)],
    }
    if args.quick:
        shapes = {k: [(1, 16), (2, 32)] for k in shapes}
    configs = [(fam, opt, ac, *shapes[fam][i]) for i in range(4) for fam in ("gpt2", "llama", "bert")
               for opt, ac in (("adamw", True), ("sgd", False)) if i < len(shapes[fam])]
    calib: dict[str, Any] = {"device": torch.cuda.get_device_name() if gpu else "cpu",
                             "torch": torch.__version__}
    acc = open(out / "accuracy.jsonl", "w")
    for fam, opt, ac, b, s in configs:
        if left() < 60:
            print("budget: accuracy part stopped", flush=True)
            break
        factory = _family(fam, opt, ac)
        row: dict[str, Any] = {"family": fam, "optimizer": opt, "bf16": ac, "batch": b, "seq": s}
        try:
            st = fakerun.run(factory, b, s, remap=False if gpu else None)
            fg = figures(st.events, st.at_peak, st.peak, batch=b, seq=s, overheads=DEFAULT_OVERHEADS)
            if gpu and left() > 150 and (b, s) in shapes[fam][:2]:  # the CPU-only path, on the same config
                cpu = fakerun.run(factory, b, s, remap=True)
                cfg = figures(cpu.events, cpu.at_peak, cpu.peak, batch=b, seq=s, overheads=DEFAULT_OVERHEADS)
                row.update(pred_cpu_allocated=cfg.allocated_peak, pred_cpu_seconds=cpu.seconds)
            row.update(pred_tensors=st.peak, pred_allocated=fg.allocated_peak, pred_reserved=fg.reserved_peak,
                       pred_allocated_noworkspace=fg.allocated_peak - fg.workspaces, fake_seconds=st.seconds,
                       categories=st.at_peak)
            if gpu:
                whole = Device("this GPU", torch.cuda.get_device_properties(0).total_memory)
                row["pred_fits_whole_gpu"] = judge(st.events, fg, whole, DEFAULT_OVERHEADS).fits
        except Exception as exc:  # NotRunnable, or the bench's own fault: the row says which
            row["pred_error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
        if gpu:
            t = time.perf_counter()
            row["memtracker"] = _memtracker(factory, b, s)
            row["memtracker_seconds"] = time.perf_counter() - t
            row["real"] = _real(factory, b, s)
            if "workspaces_left" not in calib:
                calib["workspaces_left"] = torch.cuda.memory_allocated()
                calib["non_pytorch"] = _nvml_non_pytorch()
            r = row["real"]
            if not r.get("oom") and "pred_cpu_allocated" in row:
                row["err_cpu_path"] = (row["pred_cpu_allocated"] - r["allocated_peak"]) / r["allocated_peak"]
            if not r.get("oom") and "pred_allocated" in row:
                for k, v in (("gpumemd", row["pred_allocated"]), ("memtracker", row["memtracker"])):
                    if v:
                        row[f"err_{k}"] = (v - r["allocated_peak"]) / r["allocated_peak"]
                row["err_reserved"] = (row["pred_reserved"] - r["reserved_peak"]) / r["reserved_peak"]
        acc.write(json.dumps(row) + "\n")
        acc.flush()
        print(json.dumps({k: row.get(k) for k in ("family", "optimizer", "batch", "seq", "err_gpumemd",
                                                  "err_memtracker", "err_reserved", "fake_seconds")}),
              flush=True)
    acc.close()
    (out / "calibration.json").write_text(json.dumps(calib, indent=1))
    if not gpu:
        return 0
    # The boundary: under a memory fraction (a smaller GPU), the largest batch that runs, found
    # by real runs, beside the prediction; every probed configuration is a verdict checked.
    bnd = open(out / "boundary.jsonl", "w")
    for fam, seq, cap_gib in (("gpt2", 512, 12), ("llama", 1024, 16), ("bert", 256, 8)):
        if left() < 30:
            print("budget: boundary part stopped", flush=True)
            break
        _boundary(fam, seq, cap_gib, calib, left, bnd)
    bnd.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
