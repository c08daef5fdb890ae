"""gpumemd preflight against the GPU: predicted step peaks beside the real ones, beside torch's
MemTracker under FakeTensor and accelerate's estimate, and the OOM boundary found by a real
search on a 5 % grid under a memory cap; every configuration's verdict checked by a real run.

    python3 bench/preflight_accuracy.py --out DIR [--shard I/N] [--budget S] [--models gpt2,llama,bert]
    python3 bench/preflight_accuracy.py --out DIR --kinds compiled --models gpt2,bert   # compiled only
    python3 bench/preflight_accuracy.py --out DIR --kinds compiled \
        --models breaks-each-block,breaks-prints,breaks-before-loss,breaks-branch,gpt2   # graph breaks
    python3 bench/preflight_accuracy.py --merge DIR         # the shards' table and junit.json
    python3 bench/preflight_accuracy.py --out DIR --against ACCURACY_JSONL   # CPU path vs recorded

One GPU per process: run N shards side by side with `CUDA_VISIBLE_DEVICES=i --shard i/N`; the
tasks are dealt by their expected cost, so the shards end together. Each shard writes
DIR/shard-I/rows.jsonl (one line a configuration, a boundary or a verdict check) and
calibration.json; the last shard to end (or `--merge DIR`) writes DIR/table.md and
DIR/junit.json (each goal a case).
Without a GPU (`--device-total BYTES` stands for one), every prediction, MemTracker's and
the verdicts run and the real columns stay empty: how the script is tested on a CPU
(`--models tiny`: a torch.nn decoder, no transformers). The `breaks-` families are torch.nn
decoders of GPT-2's size that dynamo cuts into several graphs (tests/unit/preflight/models.py):
their compiled rows add the prediction traced as one graph (what preflight made of them before
it followed dynamo's graph breaks) and how preflight cut them. Stops starting new work when its
budget is spent (what ran is kept, and the table says what did not run).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import importlib.metadata
import json
import math
import os
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gpumemd.preflight import fakerun, standins  # noqa: E402
from gpumemd.preflight.padcache import read_decisions  # noqa: E402
from gpumemd.preflight.report import compiled_overheads  # noqa: E402
from gpumemd.preflight.verdict import COMPILED_ERROR, DEFAULT_OVERHEADS, Device, Overheads, figures, judge  # noqa: E402

GiB = 1 << 30
MiB = 1 << 20
GRID_STEP = 1.05  # the boundary's grid: each size 5 % above the last (multiples of 8)
ACCURACY_GOAL = 0.01  # the allocated step peak within ±1 %

SHAPES: dict[str, list[tuple[int, int]]] = {
    "gpt2": [(2, 256), (4, 512), (8, 512), (8, 1024)],
    "llama": [(2, 512), (4, 512), (4, 1024), (2, 2048)],
    "bert": [(8, 128), (16, 256), (32, 256), (32, 512)],
    "tiny": [(1, 16), (2, 32), (4, 32), (2, 64)],
}
# The boundary's search: a fixed batch, the sequence on the grid between these lengths.
BOUNDARY: dict[str, tuple[int, int, int]] = {
    "gpt2": (8, 256, 1024), "llama": (2, 512, 4096), "bert": (16, 128, 512), "tiny": (2, 16, 128),
}
# torch.compile'd configurations (AdamW, bf16 autocast): the compiled prediction and eager's beside the run
COMPILED: dict[str, list[tuple[int, int]]] = {
    "gpt2": [(4, 512), (8, 512)], "llama": [(2, 512), (4, 512)], "bert": [(16, 256), (32, 256)],
    "tiny": [(2, 32), (4, 32)],
    "breaks-each-block": [(4, 512), (8, 512)], "breaks-prints": [(4, 512)], "breaks-before-loss": [(4, 512)],
    "breaks-branch": [(4, 512)], "breaks-tiny": [(2, 32)],
}
# the models with graph breaks (tests/unit/preflight/models.py): GPT-2's size (breaks-tiny: the CPU test's)
BREAKS = {"breaks-each-block": "BreakInEachBlock", "breaks-prints": "PrintsMidway",
          "breaks-before-loss": "BreakBeforeLoss", "breaks-branch": "BranchesOnValue",
          "breaks-tiny": "BreakInEachBlock"}
# seconds an accuracy task takes, roughly
COST = {"gpt2": 10, "llama": 30, "bert": 10, "tiny": 1, **dict.fromkeys(BREAKS, 10), "breaks-tiny": 1}
# A compiled run starts only with twice its expected seconds left (the compile's time varies most).


def _device() -> str:
    return "cuda" if torch.cuda.is_available() else "cpu"


def _family(name: str, optimizer: str, autocast: bool) -> Callable[[], fakerun.Job]:
    """A factory of the named model (transformers' config, random init, no download; `tiny`:
    torch.nn only), its optimizer and a batch maker (on the GPU where there is one)."""

    def factory() -> fakerun.Job:
        model, vocab = _model(name)
        model.train()
        opt = (torch.optim.AdamW(model.parameters(), lr=1e-4) if optimizer == "adamw"
               else torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9))
        dev = _device()

        def batch(b: int, s: int) -> dict[str, Any]:
            ids = torch.randint(0, vocab, (b, s), device=dev)
            return {"input_ids": ids, "labels": ids}

        return fakerun.Job(model, opt, batch, autocast=torch.bfloat16 if autocast else None)

    return factory


class _Tiny(torch.nn.Module):
    """A two-layer decoder of torch.nn (the CPU test's model; the bench's own CPU run)."""

    def __init__(self, d: int = 64, vocab: int = 1000) -> None:
        super().__init__()
        self.emb = torch.nn.Embedding(vocab, d)
        self.blocks = torch.nn.ModuleList(
            torch.nn.TransformerEncoderLayer(d, 4, 4 * d, batch_first=True, norm_first=True)
            for _ in range(2))
        self.head = torch.nn.Linear(d, vocab, bias=False)

    def forward(self, input_ids: torch.Tensor, labels: torch.Tensor) -> dict[str, torch.Tensor]:
        x = self.emb(input_ids)
        for block in self.blocks:
            x = block(x)
        logits = self.head(x).flatten(0, 1).float()
        return {"loss": torch.nn.functional.cross_entropy(logits, labels.flatten())}


class _Ids(torch.nn.Module):
    """A model taking the batch's token ids alone (tests/unit/preflight/models.py's decoders:
    their loss is the next token's), called with the bench's batch."""

    def __init__(self, inner: torch.nn.Module) -> None:
        super().__init__()
        self.inner = inner

    def forward(self, input_ids: torch.Tensor, labels: torch.Tensor) -> dict[str, torch.Tensor]:
        return {"loss": self.inner(input_ids)}


def _model(name: str) -> tuple[torch.nn.Module, int]:
    if name == "tiny":
        return _Tiny(), 1000
    if name in BREAKS:
        from tests.unit.preflight import models

        size = (64, 2, 1000, 172, 4) if name == "breaks-tiny" else (768, 12, 50257, 3072, 12)
        return _Ids(getattr(models, BREAKS[name])(*size)), size[2]
    import transformers as tf

    if name == "gpt2":
        return tf.GPT2LMHeadModel(tf.GPT2Config(attn_implementation="sdpa")), 50257
    if name == "llama":  # 0.54 B: hidden 1024, 28 layers, FFN 4096, untied 32000-token embeddings
        cfg = tf.LlamaConfig(hidden_size=1024, intermediate_size=4096, num_hidden_layers=28,
                             num_attention_heads=16, num_key_value_heads=16, vocab_size=32000,
                             max_position_embeddings=4096, attn_implementation="sdpa")
        return tf.LlamaForCausalLM(cfg), 32000
    return tf.BertForMaskedLM(tf.BertConfig(attn_implementation="sdpa")), 30522


def _steps(job: fakerun.Job, batch: int, seq: int, steps: int, device_type: str) -> None:
    for _ in range(steps):
        data = job.batch(batch, seq)
        on = job.autocast is not None
        with torch.autocast(device_type, dtype=job.autocast or torch.float32, enabled=on):
            loss = job.model(**data)
            loss = loss["loss"] if isinstance(loss, dict) else loss.loss
        loss.backward()
        del loss, data
        job.optimizer.step()
        job.optimizer.zero_grad(set_to_none=True)


def _real(factory: Callable[[], fakerun.Job], batch: int, seq: int, compiled: bool = False,
          steps: int = 2) -> dict[str, Any] | None:
    """The same steps on the GPU: the allocator's peaks, or the OOM; None without a GPU."""
    if not torch.cuda.is_available():
        return None
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated()
    job = None
    t = time.perf_counter()
    try:
        with torch.device("cuda"):
            job = factory()
        if compiled:
            job.model = torch.compile(job.model)
        _steps(job, batch, seq, steps, "cuda")
        torch.cuda.synchronize()
        out: dict[str, Any] = {"oom": False, "allocated_peak": torch.cuda.max_memory_allocated(),
                               "reserved_peak": torch.cuda.max_memory_reserved(), "base": base}
    except torch.OutOfMemoryError:
        out = {"oom": True}
    finally:
        del job
        gc.collect()
        torch.cuda.empty_cache()
        if compiled:
            torch._dynamo.reset()
    out["seconds"] = round(time.perf_counter() - t, 2)
    return out


def _memtracker(factory: Callable[[], fakerun.Job], batch: int, seq: int, steps: int = 2) -> dict[str, Any]:
    """torch's MemTracker under FakeTensorMode on the same steps (its peak on the job's device);
    it refuses a module's second call unless its module statistics are reset between steps."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.distributed._tools.mem_tracker import MemTracker

    dev = _device()
    t = time.perf_counter()
    try:
        with FakeTensorMode(allow_non_fake_inputs=True), torch.device(dev):
            job = factory()
            mt = MemTracker()
            mt.track_external(job.model, job.optimizer)
            with mt:
                for i in range(steps):
                    if i:
                        mt.reset_mod_stats()
                    _steps(job, batch, seq, 1, dev)
            peak = mt.get_tracker_snapshot("peak")
        total = sum(int(v.get("Total", 0)) for d, v in peak.items() if torch.device(d).type == dev)
        return {"peak": total, "seconds": round(time.perf_counter() - t, 2)}
    except Exception as exc:  # the peer failing is a figure too
        return {"error": f"{type(exc).__name__}: {str(exc)[:200]}",
                "seconds": round(time.perf_counter() - t, 2)}


def _accelerate(name: str, optimizer: str, bf16: bool) -> dict[str, Any]:
    """accelerate's `estimate-memory` on the same model (its training figure, from the
    parameters' bytes alone: no batch, no activations), or why not (not installed here)."""
    try:
        from accelerate import init_empty_weights
        from accelerate.commands.estimate import estimate_training_usage
        from accelerate.utils import calculate_maximum_sizes
    except ImportError as exc:
        return {"error": f"not installed: {exc}"}
    try:
        with init_empty_weights():
            model, _ = _model(name)
        size, _largest = calculate_maximum_sizes(model)
        estimate = estimate_training_usage(size, "bfloat16" if bf16 else "float32")
        usage = {k: int(v) for k, v in estimate.items()}
        # its "Training using Adam (peak vRAM)": the largest of its figures (model, gradients,
        # optimizer, step), for a batch of 1
        return {"peak": max(usage.values()), "usage": usage,
                "note": "Adam's figure (accelerate has one optimizer)" if optimizer != "adamw" else ""}
    except Exception as exc:
        return {"error": f"{type(exc).__name__}: {str(exc)[:200]}"}


def _nvml_non_pytorch() -> int | None:
    """NVML's bytes for this process less `memory_reserved()`: the bytes outside PyTorch. The
    process is looked up on every GPU (NVML's indices ignore CUDA_VISIBLE_DEVICES)."""
    try:
        import pynvml

        pynvml.nvmlInit()
        for i in range(pynvml.nvmlDeviceGetCount()):
            h = pynvml.nvmlDeviceGetHandleByIndex(i)
            for p in pynvml.nvmlDeviceGetComputeRunningProcesses(h):
                if p.pid == os.getpid() and p.usedGpuMemory:
                    return int(p.usedGpuMemory) - torch.cuda.memory_reserved()
    except Exception as exc:
        print(f"nvml: {type(exc).__name__}: {exc}", flush=True)
    return None


def _err(pred: int | None, real: dict[str, Any] | None, key: str = "allocated_peak") -> float | None:
    if pred is None or not real or real.get("oom") or not real.get(key):
        return None
    return (pred - real[key]) / real[key]


class Shard:
    """One process's tasks, on one GPU (or none), within a budget."""

    def __init__(self, out: Path, budget: float, device_total: int | None,
                 measure: Callable[..., dict[str, Any] | None] | None = None) -> None:
        self.out, self.budget, self.start = out, budget, time.monotonic()
        self.gpu = torch.cuda.is_available()
        # the real runs: the GPU's; a test's stand-in where there is no GPU to OOM on
        self.measure = measure or _real
        self.runs = self.gpu or measure is not None
        self.total = torch.cuda.get_device_properties(0).total_memory if self.gpu else device_total
        self.rows = open(out / "rows.jsonl", "w")
        self.calib: dict[str, Any] = {"device": torch.cuda.get_device_name() if self.gpu else "cpu",
                                      "torch": torch.__version__, "total": self.total}
        self.over = DEFAULT_OVERHEADS
        for package in ("transformers", "accelerate"):
            try:
                self.calib[package] = importlib.metadata.version(package)
            except importlib.metadata.PackageNotFoundError:
                self.calib[package] = None  # accelerate's column then reads "not installed"

    def left(self) -> float:
        return self.budget - (time.monotonic() - self.start)

    def write(self, row: dict[str, Any]) -> None:
        self.rows.write(json.dumps(row) + "\n")
        self.rows.flush()
        print(json.dumps({k: v for k, v in row.items() if k not in ("categories", "accelerate")}), flush=True)

    def calibrate(self) -> None:
        """After the first real run: the workspaces left allocated, the bytes outside PyTorch."""
        if not self.gpu or "workspaces_left" in self.calib:
            return
        self.calib["workspaces_left"] = torch.cuda.memory_allocated()
        self.calib["non_pytorch"] = _nvml_non_pytorch()

    def predict(self, fam: str, opt: str, bf16: bool, b: int, s: int, over: Overheads | None = None,
                compiled: bool = False, remap: bool | None = None,
                one_graph: bool = False, padded: bool = False,
                pads: dict[str, bool] | None = None) -> tuple[fakerun.Stream, Any]:
        remap = (False if self.gpu else None) if remap is None else remap
        st = fakerun.run(_family(fam, opt, bf16), b, s, remap=remap, compiled=compiled, one_graph=one_graph,
                         padded=padded, pads=pads)
        over = over or (compiled_overheads(self.over) if st.compiled else self.over)
        return st, figures(st.events, st.at_peak, st.peak, batch=b, seq=s, overheads=over,
                           phase=st.phase_at_peak, seconds=st.seconds)

    def predict_compiled(self, fam: str, opt: str, bf16: bool, b: int, s: int,
                         row: dict[str, Any]) -> tuple[fakerun.Stream, Any]:
        """The compiled prediction: on the fake GPU where there is one; if that fails, on the
        CPU path (the path checked against inductor on a CPU), the row saying why."""
        row["pred_path"] = "cuda" if self.gpu else "cpu"
        try:
            return self.predict(fam, opt, bf16, b, s, compiled=True)
        except Exception as exc:
            if not self.gpu:
                raise
            row["pred_path"] = f"cpu (the fake CUDA path failed: {type(exc).__name__}: {str(exc)[:200]})"
            return self.predict(fam, opt, bf16, b, s, compiled=True, remap=True)

    def reading(self, kind: str, fam: str, opt: str, bf16: bool, b: int, s: int,
                remap: bool) -> dict[str, Any]:
        """Another reading of the compiled prediction, whose excess the interval's top covers
        (`above_bytes`): `one_graph`, the step traced as one graph (dynamo's breaks not followed);
        `padded`, every matrix multiply inductor times for padding padded (padding.py); `cached`,
        those multiplies padded as inductor's cache says the real compile's timing decided
        (padcache.py: asked after the real run, which left them there)."""
        how: dict[str, Any] = {"pads": dict(read_decisions().by_key)} if kind == "cached" else {kind: True}
        try:
            st, fg = self.predict(fam, opt, bf16, b, s, compiled=True, remap=True if remap else None, **how)
            return {f"pred_{kind}_allocated": fg.allocated_peak, f"pred_{kind}_reserved": fg.reserved_peak,
                    f"pred_{kind}_decided": st.decided, f"pred_{kind}_unaligned": st.unaligned}
        except Exception as exc:  # e.g. the one graph's trace refused (a value read inside it)
            return {f"pred_{kind}_error": f"{type(exc).__name__}: {str(exc)[:200]}"}

    def accuracy(self, fam: str, opt: str, bf16: bool, b: int, s: int, compiled: bool) -> None:
        row: dict[str, Any] = {"kind": "accuracy", "family": fam, "optimizer": opt, "bf16": bf16, "batch": b,
                               "seq": s, "compiled": compiled}
        factory = _family(fam, opt, bf16)
        try:
            if compiled:  # eager's prediction beside the compiled one (what preflight said before)
                est, efg = self.predict(fam, opt, bf16, b, s)
                row.update(pred_eager_allocated=efg.allocated_peak, eager_fake_seconds=round(est.seconds, 2))
                st, fg = self.predict_compiled(fam, opt, bf16, b, s, row)
                row["pred_notes"] = [n for n in st.notes if "dynamo" in n]  # how it was cut, if it was
                if fam in BREAKS or st.several:  # preflight's report reads a cut as one graph too
                    row.update(self.reading("one_graph", fam, opt, bf16, b, s, row["pred_path"] != "cuda"))
                if st.unaligned:  # multiplies inductor times for padding: the padded reading too
                    row.update(pred_unaligned=st.unaligned,
                               **self.reading("padded", fam, opt, bf16, b, s, row["pred_path"] != "cuda"))
                others = [(row[f"pred_{k}_allocated"], row[f"pred_{k}_reserved"])
                          for k in ("one_graph", "padded")
                          if f"pred_{k}_allocated" in row and (k == "padded" or st.several)]
                fg = dataclasses.replace(fg, above_bytes=max(
                    [0, *(max(a - fg.allocated_peak, r - fg.reserved_peak) for a, r in others)]))
            else:
                st, fg = self.predict(fam, opt, bf16, b, s)
            row.update(pred_tensors=st.peak, pred_allocated=fg.allocated_peak, pred_reserved=fg.reserved_peak,
                       pred_total=fg.total, fake_seconds=round(st.seconds, 2), categories=st.at_peak,
                       phase=st.phase_at_peak, pred_above=fg.above_bytes,
                       pred_top_allocated=fg.allocated_peak + fg.error_bytes + fg.above_bytes)
            if self.total:
                v = judge(st.events, fg, Device("whole GPU", self.total), self.over)
                row.update(pred_fits=v.fits, headroom=v.headroom)
        except Exception as exc:  # NotRunnable, or the bench's own fault: the row says which
            row["pred_error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
            traceback.print_exc()
        if not compiled:
            row["memtracker"] = _memtracker(factory, b, s)
            row["accelerate"] = _accelerate(fam, opt, bf16)
        row["real"] = self.measure(factory, b, s, compiled=compiled)
        if compiled and row.get("pred_unaligned"):  # the real compile timed them: its decisions
            row.update(self.reading("cached", fam, opt, bf16, b, s, row.get("pred_path") != "cuda"))
        self.calibrate()
        row["err_gpumemd"] = _err(row.get("pred_allocated"), row["real"])
        row["err_memtracker"] = _err((row.get("memtracker") or {}).get("peak"), row["real"])
        row["err_accelerate"] = _err((row.get("accelerate") or {}).get("peak"), row["real"])
        row["err_reserved"] = _err(row.get("pred_reserved"), row["real"], "reserved_peak")
        row["err_eager"] = _err(row.get("pred_eager_allocated"), row["real"])
        row["err_one_graph"] = _err(row.get("pred_one_graph_allocated"), row["real"])
        row["err_padded"] = _err(row.get("pred_padded_allocated"), row["real"])
        row["err_cached"] = _err(row.get("pred_cached_allocated"), row["real"])
        self.write(row)

    def boundary(self, fam: str, opt: str, bf16: bool) -> None:
        """Under a cap (a smaller GPU: `set_per_process_memory_fraction`) chosen so the boundary
        falls inside the grid, the longest sequence that runs, by real runs, beside the predicted
        one; then each size within one grid step of either, predicted and run: verdicts checked."""
        batch, lo, hi = BOUNDARY[fam]
        grid = [lo]
        while grid[-1] < hi:
            grid.append(min(hi, max(grid[-1] + 8, 8 * math.ceil(grid[-1] * GRID_STEP / 8))))
        ws = self.calib.get("workspaces_left") or DEFAULT_OVERHEADS.workspaces
        over = Overheads(0, 0, ws, 0, DEFAULT_OVERHEADS.error,
                         "measured workspaces; the cap limits reserved only")
        mid = len(grid) // 2
        _, fmid = self.predict(fam, opt, bf16, batch, grid[mid], over)
        # The boundary a little above the middle: 3 % more than the middle's reserved bytes that
        # are not the workspaces (a small model's are mostly workspaces), at least one 2 MiB block.
        extra = max(2 * MiB, int(0.03 * max(0, fmid.reserved_peak - ws)))
        cap = 2 * MiB * math.ceil((fmid.reserved_peak + extra) / (2 * MiB))
        total = self.total or cap * 4
        device = Device(f"cap {cap / GiB:.2f} GiB", total, fraction_limit=cap)
        head: dict[str, Any] = {"kind": "boundary", "family": fam, "optimizer": opt, "bf16": bf16,
                                "batch": batch, "grid": grid, "cap": cap}
        pred: dict[int, dict[str, Any]] = {}
        real: dict[int, dict[str, Any] | None] = {}

        def fits(i: int) -> bool:
            if i not in pred:
                st, fg = self.predict(fam, opt, bf16, batch, grid[i], over)
                v = judge(st.events, fg, device, over)
                pred[i] = {"fits": v.fits, "allocated": fg.allocated_peak, "reserved": fg.reserved_peak,
                           "headroom": v.headroom}
            return bool(pred[i]["fits"])

        def runs(i: int) -> bool:
            if i not in real:
                real[i] = self.measure(_family(fam, opt, bf16), batch, grid[i])
            r = real[i]
            return r is not None and not r["oom"]

        def largest(fn: Callable[[int], bool], floor: float) -> int | None:
            """The largest index that fits (-1: none; None: the budget ended the search)."""
            a, b = -1, len(grid)
            while b - a > 1:
                if self.left() < floor:
                    return None
                m = (a + b) // 2
                a, b = (m, b) if fn(m) else (a, m)
            return a

        if self.gpu:
            torch.cuda.set_per_process_memory_fraction(min(1.0, cap / total))
        try:
            p = largest(fits, 25)
            r = largest(runs, 15) if self.runs else None
            near = sorted({i for c in (p, r) if c is not None for i in (c - 1, c, c + 1)
                           if 0 <= i < len(grid)})
            for i in near:
                if self.left() < 12:
                    break
                fits(i)
                if self.runs:
                    runs(i)
        except Exception as exc:
            head["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
            p = r = None
        finally:
            if self.gpu:
                torch.cuda.set_per_process_memory_fraction(1.0)
        head.update(pred_largest=p, real_largest=r,
                    pred_seq=grid[p] if p is not None and p >= 0 else None,
                    real_seq=grid[r] if r is not None and r >= 0 else None,
                    steps_apart=None if p is None or r is None else p - r)
        self.write(head)
        for i in sorted(pred):
            rr = real.get(i)
            self.write({"kind": "check", "family": fam, "optimizer": opt, "bf16": bf16, "batch": batch,
                        "seq": grid[i], "cap": cap, "index": i, "pred_fits": pred[i]["fits"],
                        "pred_allocated": pred[i]["allocated"], "pred_reserved": pred[i]["reserved"],
                        "real": rr, "near_boundary": r is not None and abs(i - r) <= 1,
                        "err_gpumemd": _err(pred[i]["allocated"], rr)})

    def close(self) -> None:
        self.rows.close()
        self.calib["seconds"] = round(time.monotonic() - self.start, 1)
        (self.out / "calibration.json").write_text(json.dumps(self.calib, indent=1))


def tasks(models: list[str], kinds: str = "all") -> list[tuple[Any, ...]]:
    """Every task with its expected seconds: the accuracy configurations (AdamW with bf16
    autocast, SGD in fp32; the compiled runs), the boundaries; `kinds="compiled"`: the
    compiled runs alone."""
    out: list[tuple[Any, ...]] = []
    for fam in models:
        if kinds == "all":
            for b, s in SHAPES[fam]:
                for opt, bf16 in (("adamw", True), ("sgd", False)):
                    out.append((COST[fam], "accuracy", fam, opt, bf16, b, s, False))
        for b, s in COMPILED.get(fam, []):
            out.append((6 * COST[fam], "accuracy", fam, "adamw", True, b, s, True))
        if kinds == "all":
            out.append((4 * COST[fam], "boundary", fam, "adamw", True))
    return out


def deal(items: list[tuple[Any, ...]], shard: int, shards: int) -> list[tuple[Any, ...]]:
    """This shard's tasks: the longest first to the least loaded shard (the same deal in every
    shard), then run cheapest-kind first (accuracy, then the boundaries, compiled last)."""
    load = [0.0] * shards
    mine = []
    for t in sorted(items, key=lambda t: (-t[0], t[1:])):
        k = load.index(min(load))
        load[k] += t[0]
        if k == shard:
            mine.append(t)
    return sorted(mine, key=lambda t: (t[1] == "boundary", bool(t[-1]) if t[1] == "accuracy" else False))


def _fmt(n: Any) -> str:
    return "—" if n is None else f"{n:,}" if isinstance(n, int) and not isinstance(n, bool) else str(n)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:+.2f} %"


def merge(root: Path) -> int:
    """The shards' rows as one table (table.md) and the goals as cases (junit.json)."""
    rows: list[dict[str, Any]] = []
    calib = []
    for d in sorted(root.glob("shard-*")):
        if (d / "rows.jsonl").exists():
            rows += [json.loads(x) for x in (d / "rows.jsonl").read_text().splitlines() if x.strip()]
        if (d / "calibration.json").exists():
            calib.append({"shard": d.name, **json.loads((d / "calibration.json").read_text())})
    cases: list[dict[str, Any]] = []

    def case(name: str, ok: bool | None, message: str) -> None:
        cases.append({"name": name, "status": {True: "passed", False: "failed", None: "skipped"}[ok],
                      "message": message})

    lines = ["# preflight against the GPU", "",
             "Each configuration: two training steps (forward, backward, step, zero_grad) of a model "
             "built from its config (random init), predicted on fake tensors by `gpumemd preflight` "
             "(allocated: the allocator's replayed peak, with the cuBLAS workspaces), by torch's "
             "MemTracker under FakeTensorMode (its tensors' peak) and by accelerate's estimate-memory "
             "(parameters only, batch 1), then run on the GPU: the real allocated peak is "
             "max_memory_allocated(), reserved max_memory_reserved(). error = (predicted - real) / real. "
             "The verdict is preflight's fits / does not fit against the whole GPU (the accuracy rows) or "
             "against a cap (set_per_process_memory_fraction: the boundary rows), checked by the real run.",
             "",
             "## The step peak (two steps; allocated = max_memory_allocated)", "",
             "| config | predicted allocated | real allocated | error | MemTracker | error | accelerate "
             "| error | predicted reserved | real reserved | error | verdict (whole GPU) | real | fake s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    verdicts = []
    for r in rows:
        if r["kind"] != "accuracy":
            continue
        cfg = (f"{r['family']} {r['optimizer']}{' bf16' if r['bf16'] else ''} {r['batch']}x{r['seq']}"
               f"{' compiled' if r['compiled'] else ''}")
        real = r.get("real") or {}
        mt, ac = r.get("memtracker") or {}, r.get("accelerate") or {}
        outcome = None if not real else ("OOM" if real.get("oom") else "ran")
        mt_peak = _fmt(mt.get("peak")) if "peak" in mt else mt.get("error", "—")
        ac_peak = _fmt(ac.get("peak")) if "peak" in ac else ac.get("error", "—")
        lines.append(
            f"| {cfg} | {_fmt(r.get('pred_allocated'))} | {_fmt(real.get('allocated_peak'))} | "
            f"{_pct(r.get('err_gpumemd'))} | {mt_peak} | {_pct(r.get('err_memtracker'))} | {ac_peak} | "
            f"{_pct(r.get('err_accelerate'))} | {_fmt(r.get('pred_reserved'))} | "
            f"{_fmt(real.get('reserved_peak'))} | "
            f"{_pct(r.get('err_reserved'))} | {_verdict(r.get('pred_fits'))} | {outcome or '—'} | "
            f"{r.get('fake_seconds', '—')} |")
        if "pred_error" in r:
            case(f"predicts {cfg}", False, r["pred_error"])
        elif r.get("err_gpumemd") is not None and not r["compiled"]:
            e = r["err_gpumemd"]
            case(f"allocated within 1 %: {cfg}", abs(e) <= ACCURACY_GOAL, _pct(e))
        if r.get("pred_fits") is not None and outcome:
            verdicts.append((cfg, r["pred_fits"], outcome == "ran", False))
    lines += ["", "## Compiled steps (torch.compile, inductor; two steps, compile included)", "",
              "The compiled prediction: the step traced by AOTAutograd with inductor's partitioner, its "
              "graphs walked as inductor keeps buffers (gpumemd/preflight/compiled.py); eager's: the "
              "eager step's prediction (what preflight said before). The goal: within "
              f"±{100 * COMPILED_ERROR:.0f} % (COMPILED_ERROR: the interval of a compiled step).",
              "padded: the padded reading (every matrix multiply inductor times for padding padded: "
              "padding.py), whose excess the interval's top covers. GPU's pads: predicted again after "
              "the real run, those multiplies padded as the real compile's timing decided (read from "
              "inductor's cache: padcache.py; decided/timed).",
              "", "| config | predicted allocated (compiled) | real allocated | error | padded | error "
              "| GPU's pads | error | decided | eager's prediction | error | predicted reserved "
              "| real reserved | error | path (and why there is no prediction) | fake s |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    comp = [r for r in rows if r["kind"] == "accuracy" and r["compiled"]]
    for r in comp:
        cfg = f"{r['family']} {r['optimizer']}{' bf16' if r['bf16'] else ''} {r['batch']}x{r['seq']}"
        real = r.get("real") or {}
        path = r.get("pred_path", "—") + (f"; not predicted: {r['pred_error']}" if "pred_error" in r else "")
        lines.append(
            f"| {cfg} | {_fmt(r.get('pred_allocated'))} | {_fmt(real.get('allocated_peak'))} | "
            f"{_pct(r.get('err_gpumemd'))} | {_fmt(r.get('pred_padded_allocated'))} | "
            f"{_pct(r.get('err_padded'))} | {_fmt(r.get('pred_cached_allocated'))} | "
            f"{_pct(r.get('err_cached'))} | {_decided(r)} | {_fmt(r.get('pred_eager_allocated'))} | "
            f"{_pct(r.get('err_eager'))} | {_fmt(r.get('pred_reserved'))} | "
            f"{_fmt(real.get('reserved_peak'))} | {_pct(r.get('err_reserved'))} | "
            f"{path.replace('|', '/')} | {r.get('fake_seconds', '—')} |")
        e = r.get("err_gpumemd")
        if e is not None:
            case(f"compiled within {100 * COMPILED_ERROR:.0f} %: {cfg}", abs(e) <= COMPILED_ERROR,
                 f"{_pct(e)} (eager's prediction {_pct(r.get('err_eager'))})")
        if r.get("err_cached") is not None:
            case(f"compiled with the GPU's padding decisions within 1 %: {cfg}",
                 abs(r["err_cached"]) <= ACCURACY_GOAL, f"{_pct(r['err_cached'])} ({_decided(r)} decided; "
                 f"unpadded {_pct(e)}, padded {_pct(r.get('err_padded'))})")
    cut = [r for r in comp if r["family"] in BREAKS or r.get("pred_notes")]
    if cut:
        lines += ["", "### Graph breaks", "",
                  "Models dynamo cuts into several graphs: preflight's prediction following the cut (each "
                  "graph partitioned apart, the code between run eagerly) beside the one-graph trace "
                  "(what it made of them before) and how it cut each (its note). top = the interval's "
                  "top on allocated: the prediction, its error (±10 %) and, where the one graph or the "
                  "padded reading holds more than the cut, that excess (preflight reads both); "
                  "covered = the real peak at or under it.", "",
                  "| config | real allocated | predicted | error | one graph | error | top | covered "
                  "| the cut |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for r in cut:
            cfg = f"{r['family']} {r['optimizer']}{' bf16' if r['bf16'] else ''} {r['batch']}x{r['seq']}"
            one = (_fmt(r.get("pred_one_graph_allocated")) if "pred_one_graph_error" not in r
                   else "could not run")
            note = "; ".join(r.get("pred_notes") or ["one graph"]).replace("|", "/")
            real_peak = (r.get("real") or {}).get("allocated_peak")
            top = r.get("pred_top_allocated")
            covered = "—" if real_peak is None or top is None else ("yes" if real_peak <= top else "**no**")
            lines.append(f"| {cfg} | {_fmt(real_peak)} | "
                         f"{_fmt(r.get('pred_allocated'))} | {_pct(r.get('err_gpumemd'))} | {one} | "
                         f"{_pct(r.get('err_one_graph'))} | {_fmt(top)} | {covered} | {note[:160]} |")
            if covered != "—":
                case(f"graph breaks: the real peak under the interval's top: {cfg}", covered == "yes",
                     f"real {_fmt(real_peak)}, top {_fmt(top)} (one graph {_pct(r.get('err_one_graph'))})")
            if r.get("err_gpumemd") is not None and r["family"] in BREAKS:
                case(f"graph breaks within 1 %: {cfg}", abs(r["err_gpumemd"]) <= ACCURACY_GOAL,
                     f"{_pct(r['err_gpumemd'])} (one graph {_pct(r.get('err_one_graph'))})")
    lines += ["", "## The OOM boundary (a 5 % grid of sequence lengths under a cap)", "",
              "| family | batch | cap | grid | predicted longest | real longest | grid steps apart |",
              "|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["kind"] == "boundary":
            g = r["grid"]
            lines.append(f"| {r['family']} {r['optimizer']}{' bf16' if r['bf16'] else ''} | {r['batch']} | "
                         f"{_fmt(r['cap'])} | {g[0]}…{g[-1]} ({len(g)}) | {_fmt(r.get('pred_seq'))} | "
                         f"{_fmt(r.get('real_seq'))} | {_fmt(r.get('steps_apart'))} |")
            apart = r.get("steps_apart")
            case(f"boundary within one grid step: {r['family']}", None if apart is None else abs(apart) <= 1,
                 r.get("error") or f"predicted {r.get('pred_seq')}, real {r.get('real_seq')}")
    lines += ["", "## Verdicts checked by a real run under the cap", "",
              "| config | cap | predicted allocated | real allocated | verdict | real | near the boundary |",
              "|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["kind"] != "check":
            continue
        real = r.get("real") or {}
        outcome = None if not real else ("OOM" if real.get("oom") else "ran")
        cfg = f"{r['family']} {r['optimizer']} {r['batch']}x{r['seq']}"
        lines.append(f"| {cfg} | {_fmt(r['cap'])} | {_fmt(r['pred_allocated'])} | "
                     f"{_fmt(real.get('allocated_peak'))} | {_verdict(r['pred_fits'])} | {outcome or '—'} | "
                     f"{'yes' if r['near_boundary'] else ''} |")
        if outcome:
            verdicts.append((f"{cfg} under {r['cap']}", r["pred_fits"], outcome == "ran", r["near_boundary"]))
    bad = [v[0] for v in verdicts if v[1] and not v[2]]
    near = sum(1 for v in verdicts if v[3])
    for cfg, fits, ran, _ in verdicts:
        case(f"no fits-then-OOM: {cfg}", not (fits and not ran), f"predicted {'fits' if fits else 'OOM'}, "
             f"{'ran' if ran else 'OOMed'}")
    case("at least 30 verdicts checked", len(verdicts) >= 30,
         f"{len(verdicts)} checked, {near} near the boundary")
    acc = [r for r in rows if r["kind"] == "accuracy" and not r["compiled"]]
    errs = [abs(r["err_gpumemd"]) for r in acc if r.get("err_gpumemd") is not None]
    mts = [abs(r["err_memtracker"]) for r in acc if r.get("err_memtracker") is not None]
    cerrs = [abs(r["err_gpumemd"]) for r in comp if r.get("err_gpumemd") is not None]
    eerrs = [abs(r["err_eager"]) for r in comp if r.get("err_eager") is not None]
    unrun = {c["shard"]: c.get("not_run") for c in calib if c.get("not_run") or c.get("interrupted")}
    summary = [
        "", "## Summary", "",
        f"- verdicts checked by a real run: {len(verdicts)} ({near} within one 5 % grid step of the real "
        f"boundary); predicted fits but OOMed: {len(bad)} {bad or ''}",
        f"- allocated step peak, eager: {len(errs)} configurations, within 1 %: "
        f"{sum(e <= ACCURACY_GOAL for e in errs)}, largest |error| {_pct(max(errs) if errs else None)}",
        f"- MemTracker: {len(mts)} configurations measured, largest |error| "
        f"{_pct(max(mts) if mts else None)}",
        f"- allocated step peak, compiled: {len(cerrs)} configurations, within "
        f"{100 * COMPILED_ERROR:.0f} %: {sum(e <= COMPILED_ERROR for e in cerrs)}, largest |error| "
        f"{_pct(max(cerrs) if cerrs else None)} (eager's prediction of the same: largest |error| "
        f"{_pct(max(eerrs) if eerrs else None)})",
        f"- not run (the budget, or the wall clock's timeout): {json.dumps(unrun) if unrun else 'none'}",
        f"- calibration per shard (non-PyTorch bytes by NVML, workspaces): {json.dumps(calib)}",
    ]
    for c in calib:
        if c.get("not_run") or c.get("interrupted"):
            case(f"every task ran: {c['shard']}", False, json.dumps(c.get("not_run")))
    lines[4:4] = summary + [""]
    (root / "table.md").write_text("\n".join(lines) + "\n")
    failures = sum(c["status"] == "failed" for c in cases)
    (root / "junit.json").write_text(json.dumps({
        "suite": "preflight-accuracy", "tests": len(cases), "failures": failures,
        "skipped": sum(c["status"] == "skipped" for c in cases), "cases": cases}, indent=1))
    print("\n".join(summary), flush=True)
    return 0


def _decided(r: dict[str, Any]) -> str:
    """'decided/timed' of the GPU's-pads reading, or '—'."""
    if "pred_cached_decided" not in r:
        return "—"
    return f"{r['pred_cached_decided']}/{r['pred_cached_decided'] + r['pred_cached_unaligned']}"


def _verdict(fits: bool | None) -> str:
    return "—" if fits is None else "fits" if fits else "does not fit"


def _against(recorded: Path, out: Path) -> int:
    """This machine's prediction (on a CPU: the fake CPU path) of each recorded configuration."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "against.jsonl", "w") as f:
        for line in recorded.read_text().splitlines():
            r = json.loads(line)
            real = r.get("real") or {}
            if real.get("oom") or "allocated_peak" not in real or r.get("kind", "accuracy") != "accuracy":
                continue
            b, s = r["batch"], r["seq"]
            st = fakerun.run(_family(r["family"], r["optimizer"], r["bf16"]), b, s)
            fg = figures(st.events, st.at_peak, st.peak, batch=b, seq=s, overheads=DEFAULT_OVERHEADS)
            row = {k: r[k] for k in ("family", "optimizer", "bf16", "batch", "seq")}
            row.update(real_allocated=real["allocated_peak"], pred_allocated=fg.allocated_peak,
                       err=(fg.allocated_peak - real["allocated_peak"]) / real["allocated_peak"],
                       path="cpu" if standins.remapped() else "cuda", seconds=st.seconds,
                       phase=st.phase_at_peak)
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(json.dumps(row), flush=True)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--budget", type=float, default=380.0)
    ap.add_argument("--shard", default="0/1", help="I/N: this process's share of the tasks")
    ap.add_argument("--models", default="gpt2,llama,bert")
    ap.add_argument("--kinds", choices=["all", "compiled"], default="all",
                    help="compiled: the torch.compile'd configurations alone (both predictions, the run)")
    ap.add_argument("--device-total", type=int, help="without a GPU: the bytes of the GPU to judge against")
    ap.add_argument("--merge", metavar="DIR", help="the shards' rows under DIR as table.md and junit.json")
    ap.add_argument("--against", metavar="ACCURACY_JSONL",
                    help="no GPU needed: predict the configurations of a recorded run here and compare "
                    "with the real peaks it recorded (writes DIR/against.jsonl)")
    args = ap.parse_args()
    if args.merge:
        return merge(Path(args.merge))
    if not args.out:
        ap.error("--out is needed")
    if args.against:
        return _against(Path(args.against), Path(args.out))
    i, n = (int(x) for x in args.shard.split("/"))
    out = Path(args.out) / f"shard-{i}"
    out.mkdir(parents=True, exist_ok=True)
    shard = Shard(out, args.budget, args.device_total)
    mine = deal(tasks(args.models.split(","), args.kinds), i, n)
    if args.kinds == "compiled":  # each family's first shape, then the second: a cut budget keeps both
        mine.sort(key=lambda t: (COMPILED[t[2]].index((t[5], t[6])), t[2]))
    print(f"shard {i}/{n}: {len(mine)} tasks, expected {sum(t[0] for t in mine)} s", flush=True)
    done: list[tuple[Any, ...]] = []
    try:
        for t in mine:
            twice = t[1] == "accuracy" and t[-1] and args.kinds == "all"  # alone: their budget is theirs
            need = t[0] * (2 if twice else 1) if shard.gpu else 0
            if shard.left() < max(need, 20):
                continue
            try:
                if t[1] == "accuracy":
                    shard.accuracy(*t[2:])
                else:
                    shard.boundary(*t[2:])
                done.append(t)
            except Exception:  # the bench's own fault: said, and the next task runs
                traceback.print_exc()
    except KeyboardInterrupt:  # the wall clock's timeout (SIGINT): what ran is kept and said
        print("interrupted", flush=True)
        shard.calib["interrupted"] = True
    finally:
        skipped = [list(t[1:]) for t in mine if t not in done]
        shard.calib["not_run"] = skipped
        shard.close()
    print(f"shard {i}/{n}: done in {time.monotonic() - shard.start:.0f} s; not run: {skipped}", flush=True)
    root = Path(args.out)
    if all((root / f"shard-{k}" / "calibration.json").exists() for k in range(n)):
        merge(root)  # the last shard to end writes the table (two ending at once write the same)
    return 0


if __name__ == "__main__":
    sys.exit(main())
