"""preflight's compiled-step model against inductor on this CPU: the same two training steps run
for real on the CPU, eager and `torch.compile`'d (inductor's C++ backend), their peak of live
bytes read from the profiler's allocation events, beside preflight's fake runs of both.

    python bench/preflight_compiled_cpu.py --out DIR [--configs tiny,small,encoder]
    python bench/preflight_compiled_cpu.py --out DIR --configs tied,hf-bert,hf-gpt2,hf-gpt2-one-graph
        # the hf- ones with transformers on the path
    python bench/preflight_compiled_cpu.py --out DIR --configs break-before-loss,prints-midway,\
        break-each-block,branches-on-value,hf-gpt2 --one-graph
        # models dynamo cuts into several graphs: --one-graph adds to each compiled row the
        # prediction as one graph (what preflight made of them before it followed the breaks)
        # and the tensors the forward saves for backward, real and predicted (a run apiece
        # under the hooks that read them)

The fake run stands CUDA tensors in for the GPU's as CPU ones (standins.remapped), so on a
CPU-only torch the real run and the prediction run the same kernels: what differs in the
compiled column is the model of inductor's buffers (gpumemd/preflight/compiled.py) against
inductor's own generated code. Inductor's CPU backend fuses as its GPU backend does in the
scheduler, but its kernels are C++ (the matmuls mkldnn's), so this checks the model's rules on
one backend, not the GPU's figures (bench/preflight_accuracy.py measures those). bf16 rows run
CPU autocast in both columns (the fake run's CPU path takes it; CUDA's casts other ops). Each
config takes a compile of about a minute on a 2-CPU box.
Writes DIR/compiled-cpu.json and DIR/table.md (with the breaks: DIR/breaks.md too).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.preflight_accuracy import _Tiny  # noqa: E402
from gpumemd.preflight import compiled as inductor  # noqa: E402
from gpumemd.preflight import fakerun  # noqa: E402
from tests.unit.preflight import models  # noqa: E402
from tests.unit.preflight.models import Decoder, TiedLM  # noqa: E402


def _encoder() -> torch.nn.Module:
    """torch.nn's encoder layers (GELU-less ReLU MLP, dropout 0.1 on the residuals and the MLP),
    attention's own dropout off: the fake run takes CUDA's fused attention (dropout inside the
    kernel), which a real CPU run does not have, so with it the columns would differ by that."""
    model = _Tiny(128, 2000)
    for block in model.blocks:
        assert isinstance(block, torch.nn.TransformerEncoderLayer)
        block.self_attn.dropout = 0.0
    return model


def _small() -> torch.nn.Module:
    return Decoder(256, 2, 4000, 688, 4)


def _hf(name: str) -> Callable[[], torch.nn.Module]:
    """A tiny Hugging Face model (tests/unit/preflight/test_compiled.py's: tied embeddings,
    attention's dropout off; GPT-2 returns a DynamicCache; `gpt2-one-graph` names its loss, so
    dynamo does not break the graph at transformers' warning in `loss_function`)."""
    from tests.unit.preflight.test_compiled import _hf as make

    return lambda: make(name)


_TINY = (64, 2, 1000, 172, 4)  # width, blocks, vocabulary, MLP width, heads
# name: (a model maker, vocabulary, batch, sequence, optimizer, bf16 autocast)
CONFIGS: dict[str, tuple[Callable[[], torch.nn.Module], int, int, int, str, bool]] = {
    "tiny": (lambda: Decoder(64, 2, 1000, 172, 4), 1000, 8, 128, "sgd", False),
    "small": (_small, 4000, 4, 256, "sgd", False),
    "encoder": (_encoder, 2000, 8, 128, "sgd", False),
    "small-long": (_small, 4000, 8, 512, "sgd", False),
    "small-adamw-bf16": (_small, 4000, 4, 256, "adamw", True),
    "encoder-adamw-bf16": (_encoder, 2000, 8, 128, "adamw", True),
    "tied": (TiedLM, 1000, 8, 128, "sgd", False),  # a tied head, an output of an unknown class
    "hf-bert": (_hf("bert"), 1000, 8, 128, "sgd", False),
    "hf-gpt2": (_hf("gpt2"), 1000, 8, 128, "sgd", False),  # dynamo breaks it in two graphs
    "hf-gpt2-one-graph": (_hf("gpt2-one-graph"), 1000, 8, 128, "sgd", False),
    "hf-bert-adamw-bf16": (_hf("bert"), 1000, 8, 128, "adamw", True),
    "hf-gpt2-one-graph-adamw-bf16": (_hf("gpt2-one-graph"), 1000, 8, 128, "adamw", True),
    # graph breaks (tests/unit/preflight/models.py): dynamo cuts each into several graphs
    "break-before-loss": (lambda: models.BreakBeforeLoss(*_TINY), 1000, 8, 128, "sgd", False),
    "prints-midway": (lambda: models.PrintsMidway(*_TINY), 1000, 8, 128, "sgd", False),
    "break-each-block": (lambda: models.BreakInEachBlock(*_TINY), 1000, 8, 128, "sgd", False),
    "branches-on-value": (lambda: models.BranchesOnValue(*_TINY), 1000, 8, 128, "sgd", False),
    "break-each-block-adamw-bf16": (lambda: models.BreakInEachBlock(256, 4, 4000, 688, 4), 4000, 4, 256,
                                    "adamw", True),
}


_FIRST = ("tiny", "small", "encoder", "small-long", "small-adamw-bf16", "encoder-adamw-bf16", "tied")


def _job(make: Callable[[], torch.nn.Module], vocab: int, device: str, optimizer: str = "sgd",
         bf16: bool = False) -> fakerun.Job:
    model = make()
    opt: torch.optim.Optimizer = (torch.optim.AdamW(model.parameters(), lr=1e-4) if optimizer == "adamw"
                                  else torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9))

    def batch(b: int, s: int) -> Any:
        ids = torch.randint(0, vocab, (b, s), device=device)
        return ids if isinstance(model, Decoder) else {"input_ids": ids, "labels": ids}

    return fakerun.Job(model, opt, batch, autocast=torch.bfloat16 if bf16 else None)


def _loss(job: fakerun.Job, data: Any) -> torch.Tensor:
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=job.autocast is not None):
        out = job.model(**data) if isinstance(data, dict) else job.model(data)
    return out["loss"] if isinstance(out, dict) else getattr(out, "loss", out)  # a model output's .loss


class _Saved:
    """The tensors autograd saves for backward in the last forward it saw (`saved_tensors_hooks`:
    a compiled graph's saved tensors, as AOTAutograd saves them, and the eager code's): each
    one's shape and dtype, and the bytes of their storages, each storage once."""

    def __init__(self) -> None:
        self.shapes: list[tuple[tuple[int, ...], str]] = []
        self.storages: dict[Any, int] = {}

    def forward(self, run: Callable[[], Any]) -> Any:
        self.shapes, self.storages = [], {}

        def pack(t: torch.Tensor) -> torch.Tensor:
            self.shapes.append((tuple(t.shape), str(t.dtype)))
            st = t.untyped_storage()
            self.storages[st._cdata] = st.nbytes()  # the storage itself (alive while saved)
            return t

        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            return run()

    def record(self) -> dict[str, Any]:
        return {"tensors": len(self.shapes), "bytes": sum(self.storages.values()),
                "shapes": sorted(f"{list(s)} {d}" for s, d in self.shapes)}


def _graphs(gm: torch.fx.GraphModule, example_inputs: Any, seen: list[int]) -> Any:
    """inductor's own compile of one of dynamo's graphs, its node count recorded."""
    from torch._inductor.compile_fx import compile_fx

    seen.append(len(gm.graph.nodes))
    return compile_fx(gm, example_inputs)


def _real(make: Callable[[], torch.nn.Module], vocab: int, b: int, s: int, compiled: bool,
          optimizer: str = "sgd", bf16: bool = False) -> dict[str, Any]:
    """Two steps on the CPU after the two that compile and warm up: the peak of live bytes over
    them, from the profiler's allocations; `peak_from_compile`, over the first two (the compiling
    step and the one after it, what the compile leaves held into it with it: preflight's two
    steps); compiled, dynamo's graphs (their node counts, from the compiling call)."""
    from torch._C._profiler import _EventType
    from torch.profiler import ProfilerActivity, profile

    torch.manual_seed(0)
    job = _job(make, vocab, "cpu", optimizer, bf16)
    graphs: list[int] = []
    if compiled:
        job.model = torch.compile(job.model, backend=lambda gm, ex: _graphs(gm, ex, graphs))
    base = sum(p.untyped_storage().nbytes() for p in job.model.parameters())

    def two_steps() -> None:
        for _ in range(2):
            data = job.batch(b, s)
            loss = _loss(job, data)
            loss.backward()
            del loss, data
            job.optimizer.step()
            job.optimizer.zero_grad(set_to_none=True)

    started = time.perf_counter()
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as first:
        two_steps()  # the compiling step and the one after it, as preflight's two steps
    warm = time.perf_counter() - started
    cut = list(graphs)
    # live at the steady steps' start: the parameters and the optimizer's state (made in the first two)
    held = {t.untyped_storage()._cdata: t.untyped_storage().nbytes() for st in job.optimizer.state.values()
            for t in st.values() if isinstance(t, torch.Tensor) and t.device.type == "cpu"}
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        two_steps()  # two steady steps
    sizes: list[tuple[int, int]] = []

    def walk(node: Any) -> None:
        if node.tag == _EventType.Allocation and node.extra_fields.device.type == "cpu":
            sizes.append((node.start_time_ns, node.extra_fields.alloc_size))
        for child in node.children:
            walk(child)

    def peak_of(p: Any, before: int) -> int:
        sizes.clear()
        for root in p.profiler.kineto_results.experimental_event_tree():
            walk(root)
        live = peak = 0
        for _, size in sorted(sizes):
            live += size
            peak = max(peak, live)
        return before + peak

    steady, from_start = peak_of(prof, base + sum(held.values())), peak_of(first, base)
    if compiled:
        torch._dynamo.reset()
    return {"peak": steady, "base": base, "allocations": len(sizes), "warm_seconds": round(warm, 1),
            "graphs": cut, "recompiled": len(graphs) - len(cut), "peak_from_compile": from_start}


def _real_saved(make: Callable[[], torch.nn.Module], vocab: int, b: int, s: int, optimizer: str = "sgd",
                bf16: bool = False) -> dict[str, Any]:
    """The tensors a compiled step's forward saves for backward on the CPU, inductor compiling
    it under the hooks that read them (`_Saved`: dynamo guards on them, so they are there from
    the compiling call on, as in `_predicted(saving=True)`): the second forward's."""
    torch.manual_seed(0)
    job = _job(make, vocab, "cpu", optimizer, bf16)
    graphs: list[int] = []
    job.model = torch.compile(job.model, backend=lambda gm, ex: _graphs(gm, ex, graphs))
    saved = _Saved()
    for _ in range(2):
        data = job.batch(b, s)
        saved.forward(functools.partial(_loss, job, data)).backward()
        job.optimizer.zero_grad(set_to_none=True)
    torch._dynamo.reset()
    return {**saved.record(), "graphs": graphs}


def _predicted(make: Callable[[], torch.nn.Module], vocab: int, b: int, s: int, compiled: bool,
               optimizer: str = "sgd", bf16: bool = False, saving: bool = False) -> dict[str, Any]:
    """preflight's fake run of the same steps; compiled, how it cut the model (dynamo's graphs,
    their runs, the ops outside them); `saving`, the tensors the last forward saved (the hooks
    that read them on from the first call: dynamo guards on them, and may cut otherwise)."""
    seen: list[inductor.CompiledModule] = []
    saved = _Saved()

    def factory() -> fakerun.Job:
        job = _job(make, vocab, "cuda", optimizer, bf16)
        if compiled:
            job.model = torch.compile(job.model)  # the fake run's stand-in: a CompiledModule
            seen.append(job.model)
        if saving:
            job.loss = lambda model, data: saved.forward(
                lambda: fakerun._default_loss(fakerun._call(model, data)))
        return job

    st = fakerun.run(factory, b, s, remap=True)
    out = {"peak": st.peak, "categories": st.at_peak, "phase": st.phase_at_peak, "compiled": st.compiled,
           "seconds": round(st.seconds, 2), "uncut": st.uncut, "notes": st.notes,
           "saved": saved.record() if saving else None}
    if seen and seen[-1].cut is not None:
        cut = seen[-1].cut
        out["cut"] = {"graphs": cut.graphs, "runs": cut.runs, "eager_ops": cut.eager_ops,
                      "unfollowed": cut.unfollowed, "pieces": len(seen[-1].pieces)}
    return out


def _one_graph(make: Callable[[], torch.nn.Module], vocab: int, b: int, s: int, optimizer: str = "sgd",
               bf16: bool = False) -> dict[str, Any]:
    """The prediction as one graph (fakerun's `one_graph`: dynamo's cut not asked), or why it
    could not run."""
    try:
        st = fakerun.run(lambda: _job(make, vocab, "cuda", optimizer, bf16), b, s, compiled=True,
                         remap=True, one_graph=True)
        return {"peak": st.peak}
    except fakerun.NotRunnable as exc:
        return {"peak": None, "error": str(exc)[:300]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    # each compiles for about a minute; the hf- ones need transformers
    ap.add_argument("--configs", default=",".join(c for c in CONFIGS if c in _FIRST))
    ap.add_argument("--one-graph", action="store_true",
                    help="compiled rows also predicted as one graph, the saved tensors compared (breaks.md)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for name in args.configs.split(","):
        make, vocab, b, s, opt, bf16 = CONFIGS[name]
        for compiled in (False, True):
            row: dict[str, Any] = {
                "config": name, "batch": b, "seq": s, "optimizer": opt, "bf16": bf16, "compiled": compiled,
                "predicted": _predicted(make, vocab, b, s, compiled, opt, bf16),
                "real": _real(make, vocab, b, s, compiled, opt, bf16)}
            row["error"] = (row["predicted"]["peak"] - row["real"]["peak"]) / row["real"]["peak"]
            if compiled and args.one_graph:
                row["one_graph"] = _one_graph(make, vocab, b, s, opt, bf16)
                row["saved"] = {"predicted": _predicted(make, vocab, b, s, True, opt, bf16, True)["saved"],
                                "real": _real_saved(make, vocab, b, s, opt, bf16)}
            rows.append(row)
            print(json.dumps({k: v for k, v in row.items() if k != "predicted"}), flush=True)
    record = {"torch": torch.__version__, "rows": rows}
    (out / "compiled-cpu.json").write_text(json.dumps(record, indent=1) + "\n")
    lines = ["# preflight's compiled-step model against inductor on the CPU", "",
             f"torch {torch.__version__}, two steps (SGD with momentum in fp32, or AdamW under CPU bf16 "
             "autocast, which the fake run's CPU path takes too); real = the profiler's CPU "
             "allocations (peak of live bytes, with the parameters); predicted = preflight's fake run "
             "(tensors' peak, 512-byte rounded). error = (predicted - real) / real.", "",
             "| config | shape | step | predicted | real | error |", "|---|---|---|---|---|---|"]
    for r in rows:
        step = "compiled" if r["compiled"] else "eager"
        lines.append(f"| {r['config']} | {r['batch']}x{r['seq']} | {step} | "
                     f"{r['predicted']['peak']:,} | {r['real']['peak']:,} | {100 * r['error']:+.2f} % |")
    (out / "table.md").write_text("\n".join(lines) + "\n")
    broken = [r for r in rows if "one_graph" in r]
    if broken:
        (out / "breaks.md").write_text(_breaks_table(broken))
    return 0


def _breaks_table(rows: list[dict[str, Any]]) -> str:
    lines = ["# compiled steps with graph breaks: preflight against inductor on the CPU", "",
             f"torch {torch.__version__}. graphs = dynamo's graphs (their node counts): real, from a backend "
             "that records each graph and hands it to inductor's compile_fx; predicted, from preflight's "
             "probe under dynamo (runs: how often they ran; eager ops: the ops run outside them). saved = "
             "the tensors the last forward saved for backward (saved_tensors_hooks), their storages' bytes; "
             "same = the multisets of (shape, dtype) equal. real peak: two steps after two that compile "
             "and warm up; real from the compile: the compiling step and the one after it (preflight's "
             "two steps: what the compile leaves held into the second step with them). one graph = the "
             "prediction traced as one graph, as preflight made it before it followed the breaks.", "",
             "| config | shape | graphs real | graphs predicted (runs, eager ops) | saved real "
             "| saved predicted | same | real peak | predicted | error | real from the compile | error "
             "| one graph | its error |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        p, real, one = r["predicted"], r["real"], r["one_graph"]
        cut = p.get("cut", {})
        sp, sr = r["saved"]["predicted"], r["saved"]["real"]
        one_err = (f"{100 * (one['peak'] - real['peak']) / real['peak']:+.2f} %" if one["peak"]
                   else "could not run")
        one_peak = f"{one['peak']:,}" if one["peak"] else "-"
        lines.append(
            f"| {r['config']} | {r['batch']}x{r['seq']} | {real['graphs']} | {cut.get('graphs')} "
            f"({cut.get('runs')}, {cut.get('eager_ops')}) | "
            f"{sr['tensors']}: {sr['bytes']:,} | {sp['tensors']}: {sp['bytes']:,} | "
            f"{'yes' if sp['shapes'] == sr['shapes'] else 'no'} | {real['peak']:,} | "
            f"{p['peak']:,} | {100 * r['error']:+.2f} % | {real['peak_from_compile']:,} | "
            f"{100 * (p['peak'] - real['peak_from_compile']) / real['peak_from_compile']:+.2f} % | "
            f"{one_peak} | {one_err} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
