"""Why a compiled BERT holds more on the GPU than preflight predicts (issue 38): one GPU, each
variant a process of its own, side by side, within a budget.

    CUDA_VISIBLE_DEVICES=0 python3 bench/compiled_probe.py --out DIR [--budget 150] [--variants a,b]

Each variant builds preflight_accuracy's model (transformers' config, random init, AdamW, bf16
autocast) and runs its two training steps as that bench does, with the allocator's history
recorded (`_record_memory_history`, bounded by MAX_ENTRIES). It writes DIR/<variant>.json:

- the allocated peak of step 1 (the compile's step) and of step 2 (compiled already), each from
  `max_memory_allocated()` reset between them;
- dynamo's graphs and graph breaks (`torch._dynamo.utils.counters`: unique graphs, each break's
  reason) and inductor's counters (`pad_mm_bench`: matrix multiplies timed for padding; the
  pattern matcher's replacements);
- the 15 largest blocks live at the peak, replayed from the allocator's history: each block's
  bytes, the step it was allocated in, and its innermost frames: the generated inductor code's
  line (the `bufN = empty_strided_cuda(...)` that made it), torch's own frame (a pad_mm
  benchmark, autograd), the model's line;
- the generated code of each compiled graph copied to DIR/<variant>-code/, with the attention
  kernel and pad calls it makes counted.

The variant `predict` is preflight's prediction of the same two compiled steps on the fake GPU
(no GPU memory). DIR/probe.json gathers them; DIR/README.md is the table to read first.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import linecache
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.preflight_accuracy import BREAKS  # noqa: E402
from bench.preflight_accuracy import _model as _bench_model  # noqa: E402

MAX_ENTRIES = 300_000  # allocator events kept (a ring: a run past it loses its first events)
TOP = 15  # the live blocks at the peak listed
MARK = 4321 * 512  # bytes of the marker allocation between steps (found in the history by size)

NOPAD = {"shape_padding": False, "comprehensive_padding": False}  # no padded matmul, no padded stride
# name: (family, batch, seq, compiled, inductor settings patched, model config overrides)
VARIANTS: dict[str, tuple[str, int, int, bool, dict[str, Any], dict[str, Any]]] = {
    "bert-compiled": ("bert", 16, 256, True, {}, {}),
    "bert-compiled-nopad": ("bert", 16, 256, True, NOPAD, {}),
    # attention's dropout off: whether the attention kernel inductor chose holds seq² per head
    "bert-compiled-noattndrop": ("bert", 16, 256, True, {}, {"attention_probs_dropout_prob": 0.0}),
    "bert-eager": ("bert", 16, 256, False, {}, {}),
    "gpt2-compiled": ("gpt2", 4, 512, True, {}, {}),
    "gpt2-compiled-nopad": ("gpt2", 4, 512, True, NOPAD, {}),
    "gpt2-eager": ("gpt2", 4, 512, False, {}, {}),
    # a full collection between the steps (COLLECTS): what of step 1 only Python's collector frees
    "gpt2-compiled-gc": ("gpt2", 4, 512, True, {}, {}),
    "gpt2-compiled-8": ("gpt2", 8, 512, True, {}, {}),
    "gpt2-compiled-8-gc": ("gpt2", 8, 512, True, {}, {}),
    # a torch.nn decoder of GPT-2's size cut by dynamo before its loss (preflight_accuracy.BREAKS)
    "breaks-before-loss-compiled": ("breaks-before-loss", 4, 512, True, {}, {}),
}
COLLECTS = {"gpt2-compiled-gc", "gpt2-compiled-8-gc"}
PREDICT = {"bert": (16, 256), "gpt2": (4, 512)}
# what one call runs side by side (gpt2's eager and unpadded steps: --variants adds them)
DEFAULT = ["bert-compiled", "bert-compiled-nopad", "bert-compiled-noattndrop", "bert-eager", "gpt2-compiled",
           "predict-bert", "predict-bert-noflag", "predict-gpt2", "predict-gpt2-noflag"]


def _model(family: str, overrides: dict[str, Any]) -> tuple[torch.nn.Module, int]:
    """preflight_accuracy's model of the family, with config fields overridden."""
    if family in BREAKS:
        return _bench_model(family)
    import transformers as tf

    if family == "gpt2":
        return tf.GPT2LMHeadModel(tf.GPT2Config(attn_implementation="sdpa", **overrides)), 50257
    return tf.BertForMaskedLM(tf.BertConfig(attn_implementation="sdpa", **overrides)), 30522


def _mark() -> None:
    """An allocation of MARK bytes, freed at once: the step boundary in the allocator's history."""
    torch.empty(MARK, dtype=torch.uint8, device="cuda")


def _step(model: Any, opt: torch.optim.Optimizer, vocab: int, b: int, s: int) -> None:
    """preflight_accuracy._steps' one step (the loss inside the model, as the bench runs it)."""
    ids = torch.randint(0, vocab, (b, s), device="cuda")
    with torch.autocast("cuda", dtype=torch.bfloat16):
        out = model(input_ids=ids, labels=ids)
        loss = out["loss"] if isinstance(out, dict) else out.loss
    loss.backward()
    del loss, ids
    opt.step()
    opt.zero_grad(set_to_none=True)


def replay(trace: list[dict[str, Any]], base: int) -> dict[str, Any]:
    """The allocator's history replayed: the peak of live bytes (with `base`, what was live
    before the history began) and the blocks live there, each with the step it was made in
    (a MARK-byte allocation ends a step)."""
    live: dict[int, tuple[int, int, dict[str, Any]]] = {}  # addr -> (bytes, step, event)
    total = peak = 0
    at_peak: list[tuple[int, int, dict[str, Any]]] = []
    step = 1
    for e in trace:
        action = e.get("action")
        if action == "alloc":
            if e["size"] == MARK:
                step += 1
                continue
            live[e["addr"]] = (e["size"], step, e)
            total += e["size"]
            if total > peak:
                peak = total
                at_peak = list(live.values())
        elif action == "free_completed" and e["addr"] in live:
            total -= live.pop(e["addr"])[0]
    at_peak.sort(key=lambda x: -x[0])
    groups: dict[str, list[int]] = {}  # every block live at the peak, by step and where it was made
    for size, st, ev in at_peak:
        f = frames(ev.get("frames", []))
        where = f.get("inductor", "").split(" call")[0].split(".py")[0][:10] or f.get("torch", "")
        g = groups.setdefault(f"step {st} | {where} | {f.get('model', '')}", [0, 0])
        g[0] += size
        g[1] += 1
    return {"peak": base + peak, "base": base, "events": len(trace),
            "groups": sorted(([k, *v] for k, v in groups.items()), key=lambda g: -g[1])[:30],
            "blocks": [{"bytes": size, "step": st, **frames(ev.get("frames", []))}
                       for size, st, ev in at_peak[:TOP]],
            "live_blocks": len(at_peak), "truncated": len(trace) >= MAX_ENTRIES}


def frames(fs: list[dict[str, Any]]) -> dict[str, str]:
    """A block's innermost frames: inductor's generated code (its line), torch's, the model's."""
    out: dict[str, str] = {}
    for f in fs:  # innermost first
        name, line = str(f.get("filename", "")), int(f.get("line", 0))
        where = f"{Path(name).name}:{line} {f.get('name', '')}"
        if "torchinductor" in name or re.search(r"/[a-z0-9]{2}/c[a-z0-9]+\.py$", name):
            out.setdefault("inductor", where + " | " + linecache.getline(name, line).strip()[:160])
        elif "/torch/" in name:
            out.setdefault("torch", where)
        elif "/transformers/" in name or "compiled_probe" in name:
            out.setdefault("model", where)
    return out


def _code(trace: list[dict[str, Any]], into: Path) -> dict[str, Any]:
    """The generated code files the history's frames name, copied, their kernels counted."""
    files = sorted({str(f.get("filename")) for e in trace for f in e.get("frames", [])
                    if "torchinductor" in str(f.get("filename", ""))})
    into.mkdir(parents=True, exist_ok=True)
    found: dict[str, Any] = {}
    for name in files[:20]:
        with contextlib.suppress(OSError):
            text = Path(name).read_text()
            shutil.copy(name, into / Path(name).name)
            found[Path(name).name] = {k: len(re.findall(p, text)) for k, p in {
                "flash_attention": r"_flash_attention", "efficient_attention": r"_efficient_attention",
                "cudnn_attention": r"_cudnn_attention", "math_softmax_kernels": r"def triton_\w*_softmax",
                "extern_mm": r"extern_kernels\.(?:mm|addmm|bmm)\(", "pad": r"constant_pad_nd|pad_mm",
                "empty_strided": r"empty_strided_cuda\("}.items()}
    return found


def variant(name: str, out: Path) -> dict[str, Any]:
    family, b, s, compiled, settings, overrides = VARIANTS[name]
    from torch._dynamo.utils import counters
    from torch._inductor import config as inductor_config

    for key, value in settings.items():
        setattr(inductor_config, key, value)
    started = time.perf_counter()
    torch.manual_seed(0)
    with torch.device("cuda"):
        model, vocab = _model(family, overrides)
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    run: Any = torch.compile(model) if compiled else model
    torch.cuda.synchronize()
    base = torch.cuda.memory_allocated()
    torch.cuda.memory._record_memory_history(max_entries=MAX_ENTRIES, stacks="python")
    torch.cuda.reset_peak_memory_stats()
    import gc

    peaks, between = [], []
    for i in range(2):
        _step(run, opt, vocab, b, s)
        torch.cuda.synchronize()
        peaks.append(torch.cuda.max_memory_allocated())
        if i == 0:  # what step 1 leaves live, and what of it only a full collection frees
            held = torch.cuda.memory_allocated()
            found = gc.collect() if name in COLLECTS else None
            between.append({"allocated_after_step1": held, "collected_objects": found,
                            "freed_by_collection": held - torch.cuda.memory_allocated()})
        _mark()
        torch.cuda.reset_peak_memory_stats()
    snap = torch.cuda.memory._snapshot()
    torch.cuda.memory._record_memory_history(enabled=None)
    trace = snap["device_traces"][0] if snap.get("device_traces") else []
    row: dict[str, Any] = {
        "variant": name, "family": family, "batch": b, "seq": s, "compiled": compiled,
        "inductor_settings": settings, "config_overrides": overrides,
        "torch": torch.__version__, "device": torch.cuda.get_device_name(),
        "peak_step1": peaks[0], "peak_step2": peaks[1], "peak": max(peaks), "params_and_base": base,
        "between_steps": between[0], "gc_threshold": gc.get_threshold(), "gc_count": gc.get_count(),
        "at_peak": replay(trace, base),
        "graphs": dict(counters["stats"]).get("unique_graphs", 0) if compiled else 0,
        "graph_breaks": {str(k)[:300]: v for k, v in counters["graph_break"].items()},
        "inductor_counters": dict(counters["inductor"]),
        "seconds": round(time.perf_counter() - started, 1)}
    with contextlib.suppress(Exception):
        import transformers

        row["transformers"] = transformers.__version__
    if compiled:
        row["code"] = _code(trace, out / f"{name}-code")
    return row


def predict(name: str) -> dict[str, Any]:
    """preflight's prediction of the compiled step (fake CUDA path), and of the eager one;
    `<family>-noflag`: the compiled trace without dynamo's branches (`as_dynamo_traces` off, as
    preflight traced before issue 38's fix). The traced graphs' attention ops are counted."""
    from bench.preflight_accuracy import _family
    from gpumemd.preflight import compiled as inductor
    from gpumemd.preflight import fakerun

    family, _, flag = name.partition("-")
    b8 = flag.endswith("8")
    flag = flag.removesuffix("8").rstrip("-")
    if flag == "noflag":
        inductor.as_dynamo_traces = contextlib.nullcontext  # type: ignore[assignment]
    seen: list[Any] = []
    init = inductor.CompiledModule.__init__

    def record(self: Any, *a: Any, **k: Any) -> None:
        init(self, *a, **k)
        seen.append(self)

    inductor.CompiledModule.__init__ = record  # type: ignore[method-assign]
    b, s = PREDICT[family]
    b = 2 * b if b8 else b
    remap = flag == "cpupath" or not torch.cuda.is_available()
    out: dict[str, Any] = {"family": family, "batch": b, "seq": s, "dynamo_branches": flag != "noflag",
                           "path": "cpu" if remap else "cuda"}
    # `cut`: the cut followed, with one step and two, and the one graph (the steps' peaks apart)
    runs: list[tuple[str, bool, dict[str, Any]]] = [("compiled", True, {})]
    if flag in ("cut", "cpupath"):
        runs += [("compiled-1step", True, {"steps": 1}), ("one_graph", True, {"one_graph": True})]
    elif flag != "noflag":
        runs += [("eager", False, {})]
    trackers, marked = step_marks()

    for key, compiled, extra in runs:
        started = time.perf_counter()
        st = fakerun.run(marked(_family(family, "adamw", True)), b, s, remap=remap, compiled=compiled,
                         **extra)
        tr = trackers[-1]
        out[key] = {"several": st.several, "uncut": st.uncut, "step_starts": tr.step_marks,
                    "at_peak_by_step": _by_step(st.events, tr.step_marks, tr.peak_at),
            "peak_tensors": st.peak, "at_peak": st.at_peak, "phase": st.phase_at_peak,
            "ran_compiled": st.compiled, "notes": list(st.notes)[:5],
            "seconds": round(time.perf_counter() - started, 1)}
    ops: dict[str, int] = {}
    for gm in (g for m in seen[:1] for g in m.graphs):
        for n in gm.graph.nodes:
            if n.op == "call_function" and re.search(r"attention|bmm|softmax|inductor_random", str(n.target)):
                ops[str(n.target)] = ops.get(str(n.target), 0) + 1
    out["traced_ops"] = ops
    return out


def step_marks() -> tuple[list[Any], Callable[[Callable[[], Any]], Callable[[], Any]]]:
    """The fake runs' trackers as they are made (`fakerun._Tracker`), and a wrapper of a job's
    factory that marks each step's start on the newest: (its events so far, its live bytes) in
    its `step_marks`. The tracker's class is patched for the rest of the process (a probe's)."""
    from gpumemd.preflight import fakerun

    trackers: list[Any] = []
    init = fakerun._Tracker.__init__

    def keep(self: Any, *a: Any, **k: Any) -> None:
        init(self, *a, **k)
        self.step_marks = []
        trackers.append(self)

    fakerun._Tracker.__init__ = keep  # type: ignore[method-assign]

    def marked(factory: Callable[[], Any]) -> Callable[[], Any]:
        def build() -> Any:
            job = factory()
            inner = job.batch

            def batch(bb: int, ss: int) -> Any:
                trackers[-1].step_marks.append((len(trackers[-1].events), trackers[-1].total))
                return inner(bb, ss)

            job.batch = batch
            return job
        return build

    return trackers, marked


def _by_step(events: list[tuple[int, int]], marks: list[tuple[int, int]], peak_at: int) -> dict[str, int]:
    """The bytes live at the fake run's peak, by the step that made them (0: before step 1)."""
    starts = [m[0] for m in marks]
    live: dict[int, tuple[int, int]] = {}
    for i, (k, n) in enumerate(events[:peak_at]):
        if n:
            live[k] = (n, sum(1 for s0 in starts if s0 <= i))
        else:
            live.pop(k, None)
    out: dict[str, int] = {}
    for n, st in live.values():
        out[str(st)] = out.get(str(st), 0) + n
    return out


def _children(names: list[str], out: Path, budget: float) -> Iterator[tuple[str, int]]:
    """Each variant in a process of its own, all at once; each killed at the budget."""
    env = {**os.environ, "TORCHINDUCTOR_COMPILE_THREADS": "2", "PYTHONUNBUFFERED": "1"}
    logs = {n: open(out / f"{n}.log", "w") for n in names}  # noqa: SIM115  # each child's, closed below
    procs = {n: subprocess.Popen([sys.executable, __file__, "--out", str(out), "--one", n], env=env,
                                 stdout=logs[n], stderr=subprocess.STDOUT) for n in names}
    deadline = time.monotonic() + budget
    for n, p in procs.items():
        try:
            rc = p.wait(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.terminate()
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            rc = -1
        logs[n].close()
        yield n, rc


def _mib(n: int | None) -> str:
    return "—" if n is None else f"{n / 2**20:,.1f} MiB"


def readme(rows: dict[str, Any]) -> str:
    lines = ["# Compiled BERT and GPT-2 on one GPU: where the peak's bytes are (issue 38)", "",
             "Each variant: preflight_accuracy's model, AdamW, bf16 autocast, two training steps "
             "(step 1 compiles). peak = max_memory_allocated(); `nopad`: inductor's shape_padding and "
             "comprehensive_padding off; `noattndrop`: BERT's attention dropout 0. graphs: dynamo's "
             "unique graphs. pad_mm_bench: matrix multiplies inductor timed for padding.", "",
             "| variant | peak step 1 | peak step 2 | peak | graphs | breaks | pad_mm_bench | s |",
             "|---|---|---|---|---|---|---|---|"]
    for n, r in rows.items():
        if n.startswith("predict-"):
            continue
        if "error" in r or "peak" not in r:
            lines.append(f"| {n} | — | — | — | — | — | — | {r.get('error', 'no result')[:120]} |")
            continue
        lines.append(f"| {n} | {r['peak_step1']:,} | {r['peak_step2']:,} | {r['peak']:,} | {r['graphs']} | "
                     f"{sum(r['graph_breaks'].values())} | {r['inductor_counters'].get('pad_mm_bench', 0)} | "
                     f"{r['seconds']} |")
    lines += ["", "preflight's predictions (tensors' peak on the fake CUDA path; `noflag`: the trace without "
              "dynamo's is_compiling() branches, as before issue 38's fix; allocated adds the workspaces, "
              "about 65 MiB):", ""]
    for n, p in rows.items():
        if n.startswith("predict-") and "compiled" in p:
            eager = f", eager {p['eager']['peak_tensors']:,}" if "eager" in p else ""
            lines.append(f"- {n}: {p['batch']}x{p['seq']} compiled {p['compiled']['peak_tensors']:,} "
                         f"({p['compiled']['phase']}){eager}; at the peak {p['compiled']['at_peak']}; "
                         f"traced attention ops {p.get('traced_ops')}")
        elif n.startswith("predict-"):
            lines.append(f"- {n}: {p.get('error', 'no result')[:300]}")
    for n, r in rows.items():
        if "at_peak" not in r:
            continue
        a = r["at_peak"]
        lines += ["", f"## {n}: the {TOP} largest blocks live at the peak", "",
                  f"replayed peak {a['peak']:,} (before the history: {a['base']:,}; {a['live_blocks']} "
                  f"blocks live; {a['events']} events"
                  f"{', TRUNCATED: the first steps lost' if a['truncated'] else ''})",
                  "", "| bytes | step | inductor's line | torch | model |", "|---|---|---|---|---|"]
        for blk in a["blocks"]:
            lines.append(f"| {blk['bytes']:,} ({_mib(blk['bytes'])}) | {blk['step']} | "
                         f"{blk.get('inductor', '').replace('|', '/')} | {blk.get('torch', '')} | "
                         f"{blk.get('model', '')} |")
        if r.get("graph_breaks"):
            lines += ["", "graph breaks: " + "; ".join(f"{k} (x{v})" for k, v in r["graph_breaks"].items())]
        if r.get("code"):
            lines += ["", f"generated code ({n}-code/): " + json.dumps(r["code"])]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--budget", type=float, default=150.0, help="seconds for all variants together")
    ap.add_argument("--variants", default=",".join(DEFAULT), help=f"of {', '.join(VARIANTS)} and "
                    "predict-<family>[-noflag]")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # a child: one variant
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.one:
        try:
            one = args.one
            row = predict(one.partition("-")[2]) if one.startswith("predict-") else variant(one, out)
        except Exception as exc:  # the failure is the variant's figure
            import traceback

            row = {"variant": args.one, "error": f"{type(exc).__name__}: {str(exc)[:500]}",
                   "traceback": traceback.format_exc()[-3000:]}
        (out / f"{args.one}.json").write_text(json.dumps(row, indent=1, default=str) + "\n")
        return 0
    if not torch.cuda.is_available():
        print("no GPU: nothing measured", flush=True)
        return 1
    rows: dict[str, Any] = {}
    for name, rc in _children(args.variants.split(","), out, args.budget):
        f = out / f"{name}.json"
        rows[name] = (json.loads(f.read_text()) if f.exists()
                      else {"error": f"no result (rc {rc}: past the budget?)"})
        print(name, "rc", rc, {k: rows[name].get(k) for k in ("peak_step1", "peak_step2", "graphs", "error")},
              flush=True)
    (out / "probe.json").write_text(json.dumps(rows, indent=1, default=str) + "\n")
    (out / "README.md").write_text(readme(rows))
    print((out / "README.md").read_text(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
