"""A torch.compile'd step on fake tensors (gpumemd/preflight/compiled.py): which buffers the
model of inductor keeps, the compiled run beside the eager one, how a compile is found (the
job's own torch.compile, or the flag), and the interval the report gives it."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from typing import Any

import pytest
import torch
from torch.fx.experimental.proxy_tensor import make_fx

import gpumemd
from gpumemd.preflight import compiled, fakerun, padding
from gpumemd.preflight.report import compiled_overheads
from gpumemd.preflight.verdict import COMPILED_ERROR, DEFAULT_OVERHEADS, figures
from tests.helpers import ROOT
from tests.unit.preflight import models


def _names(nodes: set[torch.fx.Node]) -> set[str]:
    return {n.name for n in nodes}


def test_pointwise_chains_are_fused_and_what_a_matmul_reads_is_a_buffer() -> None:
    def f(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        h = torch.relu(a @ b)  # read by a matmul: written to a buffer
        g = (h * 2 + 1).exp()  # read only by the reduction: fused into it
        return (h @ b).sum() + g.sum()

    gm = make_fx(f)(torch.randn(4, 4), torch.randn(4, 4))
    plan = compiled.Plan(gm)
    kept = _names(plan.materialised)
    assert {"mm", "relu", "mm_1", "sum_1", "sum_2"} <= kept
    assert not {"mul", "add", "exp"} & kept
    # relu's last reader is not the second matmul but the reduction its fused chain runs in
    node = {n.name: n for n in gm.graph.nodes}
    relu, mm_1, sum_2 = node["relu"], node["mm_1"], node["sum_2"]
    assert plan.index[mm_1] < plan.last[relu] == plan.index[sum_2]
    assert relu in plan.frees[plan.index[sum_2]]
    assert "add_1" in _names(plan.outputs) and "add_1" in kept


def test_a_view_reads_its_base_and_a_scatter_writes_into_its_first_argument() -> None:
    def f(a: torch.Tensor, idx: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        t = (a + 1).t()  # a view of a fused op, read by a matmul: the base is the buffer
        z = torch.zeros(8, 4).index_put([idx], a[:3], accumulate=True)  # zeros: the scatter's own
        return (t @ w).sum() + z.sum()

    gm = make_fx(f)(torch.randn(3, 4), torch.tensor([0, 2, 5]), torch.randn(3, 2))
    kept = _names(compiled.Plan(gm).materialised)
    assert "add" in kept and "t" not in kept
    assert "index_put" in kept and "zeros" not in kept


def _padded_matmuls(g: torch.Tensor, w: torch.Tensor, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """pad_mm's rewrite of a linear's two backward matmuls: the gradient `g` padded twice (once
    transposed), each copy read by its own matmul."""
    a = torch.nn.functional.pad(g, (0, 3))  # (M, K + 3)
    r1 = a @ w
    b = torch.nn.functional.pad(g.t(), (0, 0, 0, 3))  # (K + 3, M)
    return r1, b @ h


def test_two_padded_copies_of_one_gradient_are_one_kernel_and_live_together() -> None:
    """Issue 38, a cut GPT-2 on an H200: inductor computed both padded copies of the logits'
    gradient in one kernel (they read the same buffer, neither needs the other), so both sat at the
    real peak; the graph's order had the second made after the first's matmul freed it."""
    gm = make_fx(_padded_matmuls)(torch.randn(16, 13), torch.randn(16, 8), torch.randn(16, 4))
    plan = compiled.Plan(gm)
    node = {n.name: n for n in gm.graph.nodes}
    first, second, mm = node["constant_pad_nd"], node["constant_pad_nd_1"], node["mm"]
    assert {first, second} <= plan.materialised
    assert plan.index[first] < plan.index[second] < plan.index[mm]  # made together, before either matmul
    assert plan.last[first] == plan.index[mm]


def test_a_padded_copy_of_another_size_or_one_made_from_the_first_stays_where_it_is() -> None:
    def other_size(g: torch.Tensor, w: torch.Tensor, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        r1 = torch.nn.functional.pad(g, (0, 3)) @ w
        b = torch.nn.functional.pad(g.t(), (0, 0, 0, 5))  # (K + 5, M): not the first's size
        return r1, b @ h

    def made_from_it(g: torch.Tensor, w: torch.Tensor, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        a = torch.nn.functional.pad(g, (0, 3))
        r1 = a @ w
        b = torch.nn.functional.pad((a * 2)[:, :13].t(), (0, 0, 0, 3))  # needs the first
        return r1, b @ h

    from torch._inductor import config

    for f, h in ((other_size, torch.randn(16, 4)), (made_from_it, torch.randn(16, 4))):
        gm = make_fx(f)(torch.randn(16, 13), torch.randn(16, 8), h)
        with config.patch(reorder_for_peak_memory=False):  # the sibling rule alone (memorder.py aside)
            plan = compiled.Plan(gm)
        node = {n.name: n for n in gm.graph.nodes}
        second = next(n for n in gm.graph.nodes if n.name.startswith("constant_pad_nd_"))
        assert plan.index[second] > plan.index[node["mm"]], f.__name__


class _Unaligned(torch.nn.Module):
    """A linear of 1,001 outputs: not a multiple of the 4 floats pad_mm aligns fp32 matmuls to."""

    def __init__(self, out: int) -> None:
        super().__init__()
        self.lin = torch.nn.Linear(512, out, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lin(x)


def _unaligned_job(out: int) -> fakerun.Job:
    model = _Unaligned(out).cuda()
    return fakerun.Job(model, torch.optim.SGD(model.parameters(), lr=0.1),
                       lambda b, s: torch.randn(b * s, 512).cuda(), loss=lambda m, b: m(b).sum())


@pytest.mark.parametrize("out", [1001, 1024])
def test_multiplies_inductor_times_for_padding_are_counted_and_padded_in_the_padded_reading(out: int) -> None:
    """inductor pads an unaligned matmul where its timing favours it (copies of its operands),
    which a fake tensor cannot time: the prediction pads none and counts them, the padded reading
    (padding.py) pads them all and holds more; an aligned matmul is neither counted nor padded."""
    plain = fakerun.run(lambda: _unaligned_job(out), 64, 32, compiled=True)
    padded = fakerun.run(lambda: _unaligned_job(out), 64, 32, compiled=True, padded=True)
    assert plain.compiled and padded.compiled
    if out % 4:
        # the forward's multiply and the weight gradient's (the batch needs no gradient), each once
        # for both steps: the note's count is what inductor times
        assert plain.unaligned == padded.unaligned == 2
        assert padded.peak > plain.peak
    else:
        assert plain.unaligned == 0 and padded.peak == plain.peak


def test_the_padded_reading_raises_the_interval_top_and_not_the_prediction() -> None:
    report = gpumemd.preflight(lambda: _unaligned_job(1001), [(64, 32)], device="H100-80GB", compiled=True)
    fig = report.shapes[0].figures
    plain = fakerun.run(lambda: _unaligned_job(1001), 64, 32, compiled=True)
    assert fig.tensors_peak == plain.peak  # the prediction is the unpadded step
    padded = fakerun.run(lambda: _unaligned_job(1001), 64, 32, compiled=True, padded=True)
    overheads = report.shapes[0].overheads
    assert overheads is not None
    pf = figures(padded.events, padded.at_peak, padded.peak, batch=64, seq=32, overheads=overheads)
    excess = max(pf.allocated_peak - fig.allocated_peak, pf.reserved_peak - fig.reserved_peak)
    assert fig.above_bytes == excess > 0
    assert any("matrix multipl" in n and "padding" in n for n in report.notes)
    aligned = gpumemd.preflight(lambda: _unaligned_job(1024), [(64, 32)], device="H100-80GB", compiled=True)
    assert aligned.shapes[0].figures.above_bytes == 0
    assert not any("unaligned matrix" in n for n in aligned.notes)


@pytest.fixture(autouse=True)
def _collect_the_traces() -> Any:
    """A compiled trace leaves its graphs and fake tensors in reference cycles: collected here,
    not inside a later test that counts tensors going away (the profiler's tracking)."""
    yield
    gc.collect()


def test_a_compiled_step_runs_keeps_fewer_bytes_and_its_categories_sum() -> None:
    eager = fakerun.run(models.small_bf16, 8, 512)
    comp = fakerun.run(models.small_bf16, 8, 512, compiled=True)
    assert comp.compiled and not eager.compiled
    assert sum(comp.at_peak.values()) == comp.peak
    # the persistent state is the same; fusion and the partitioner's choices cut what the step holds
    for cat in ("parameters", "optimizer_state"):
        assert comp.at_peak[cat] == eager.at_peak[cat]
    assert comp.peak < eager.peak
    assert comp.at_peak["activations"] < eager.at_peak["activations"]


def _compiling_factory() -> fakerun.Job:
    job = models.small_bf16()
    job.model = torch.compile(job.model)  # the job compiles its model itself
    return job


def test_the_jobs_own_torch_compile_is_seen() -> None:
    own = fakerun.run(_compiling_factory, 4, 256)
    flagged = fakerun.run(models.small_bf16, 4, 256, compiled=True)
    assert own.compiled
    assert own.peak == flagged.peak


def _compiled_in_place() -> fakerun.Job:
    job = models.small_bf16()
    job.model.compile()
    return job


def test_a_module_compiled_in_place_is_seen() -> None:
    st = fakerun.run(_compiled_in_place, 4, 256)
    assert st.compiled
    assert st.peak == fakerun.run(models.small_bf16, 4, 256, compiled=True).peak


def _compiled_loss() -> fakerun.Job:
    job = models.tiny()

    def loss(model: Any, batch: Any) -> Any:
        return model(batch)

    job.loss = torch.compile(loss)
    return job


def test_a_compiled_function_runs_eagerly_and_says_so() -> None:
    st = fakerun.run(_compiled_loss, 2, 32)
    assert not st.compiled
    assert st.peak == fakerun.run(models.tiny, 2, 32).peak
    assert any("ran eagerly" in n for n in st.notes)


def test_a_compiled_steps_interval_is_compiled_error_and_the_report_says_why() -> None:
    assert compiled_overheads(DEFAULT_OVERHEADS).error == COMPILED_ERROR > DEFAULT_OVERHEADS.error
    report = gpumemd.preflight(models.tiny, [(2, 32)], device="H100-80GB", compiled=True)
    fig = report.shapes[0].figures
    assert fig.error_bytes == int(max(COMPILED_ERROR, report.overheads.error) * fig.allocated_peak)
    assert any("torch.compile'd step" in n for n in report.notes)


def test_a_gpt2_sized_compiled_step_completes_on_the_cpu() -> None:
    """GPT-2's shape (hidden 768, 12 blocks, a 50257-token vocabulary), compiled, at 4 x 512."""

    def gpt2_sized() -> fakerun.Job:
        model = models.Decoder(768, 12, 50257, 3072, 12)
        opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
        return fakerun.Job(model, opt, lambda b, s: torch.randint(0, 50257, (b, s), device="cuda"),
                           autocast=torch.bfloat16)

    st = fakerun.run(gpt2_sized, 4, 512, compiled=True)
    assert st.compiled and sum(st.at_peak.values()) == st.peak
    params = sum(p.numel() * 4 for p in models.Decoder(768, 12, 50257, 3072, 12).parameters())
    assert abs(st.at_peak["parameters"] - params) < 0.01 * params


def test_an_output_of_an_unknown_class_is_its_tensors_and_comes_back_around_new_ones() -> None:
    from torch.utils._pytree import SUPPORTED_NODES

    cache = models.Cache()
    cache.layers.append(models._Layer(torch.ones(2), torch.zeros(3)))
    logits = torch.ones(4)
    out = models.LMOutput(torch.tensor(1.0), logits, cache)
    flat = compiled.Output(out)
    assert [tuple(t.shape) for t in flat.tensors] == [(), (4,), (2,), (3,)]
    new = [t + 10 for t in flat.tensors]
    back = flat.rebuild(new)
    assert type(back) is models.LMOutput and back is not out
    assert back.loss is new[0] and back.logits is new[1]
    assert back.cache.layers[0].keys is new[2] and back.cache.layers[0].values is new[3]
    assert back.cache.name == "cache" and type(back.cache) is models.Cache
    assert out.logits is logits and out.cache.layers[0].keys.sum() == 2  # the traced one untouched
    assert not {models.LMOutput, models.Cache} & set(SUPPORTED_NODES)  # nothing registered


def test_an_output_keeps_what_it_cannot_rebuild_and_what_holds_no_tensor() -> None:
    module = torch.nn.Linear(2, 2)  # a module's parameters are not outputs
    t = torch.ones(2)
    flat = compiled.Output((t, module, "text", None, {"k": t}))
    assert len(flat.tensors) == 1  # one tensor, twice in the output: one output, put back twice
    back = flat.rebuild([t * 3])
    assert back[1] is module and back[2:4] == ("text", None)
    assert back[0] is back[4]["k"] and back[0][0] == 3


def _tied_compiled(seen: list[compiled.CompiledModule]) -> Any:
    def factory() -> fakerun.Job:
        job = models.tied_lm()
        job.model = torch.compile(job.model)
        seen.append(job.model)
        return job

    return factory


def test_a_tied_model_with_an_unknown_output_class_is_predicted_compiled() -> None:
    seen: list[compiled.CompiledModule] = []
    comp = fakerun.run(_tied_compiled(seen), 4, 64)
    eager = fakerun.run(models.tied_lm, 4, 64)
    assert comp.compiled and sum(comp.at_peak.values()) == comp.peak
    # the tied embedding is one parameter (one input of the graph, counted once)
    params = list(models.TiedLM().parameters())  # the tied one once
    assert comp.at_peak["parameters"] == eager.at_peak["parameters"]
    assert 0 <= comp.at_peak["parameters"] - sum(p.numel() * 4 for p in params) < 512 * len(params)
    fw, bw = seen[0].graphs
    assert len([n for n in fw.graph.find_nodes(op="placeholder") if n.meta["val"].dim() == 2
                and n.meta["val"].shape[0] == 1000]) == 1
    # the cache's tensors are graph outputs (as dynamo returns them): two per block, beside loss and logits
    outs: list[Any] = []
    torch.fx.node.map_arg(fw.graph.output_node().args, outs.append)
    assert len(outs) > 2 + 2 * len(models.TiedLM().blocks)


def test_a_saved_tensor_the_caller_holds_is_not_written_over() -> None:
    """The logits the model returns are saved for the loss's backward too: the caller holds them,
    so AOTAutograd does not donate them and the gradient's kernel cannot take their place."""
    seen: list[compiled.CompiledModule] = []
    fakerun.run(_tied_compiled(seen), 4, 64)
    fw, bw = seen[0].graphs
    donated = compiled.donated(fw, bw)
    logits = [n for n in bw.graph.find_nodes(op="placeholder") if tuple(n.meta["val"].shape[-1:]) == (1000,)
              and n.meta["val"].dim() == 3]
    assert logits and not set(logits) & donated
    assert donated  # the other saved activations are donated
    assert not any("tangents" in n.name for n in donated)


def _cpp_compiler() -> bool:
    import shutil

    return any(shutil.which(c) for c in ("g++", "c++", "clang++"))


def _real_in_a_process_of_its_own(make: str, *args: Any) -> dict[str, Any]:
    """`preflight_compiled_cpu._real(<make>, *args)` in a fresh interpreter: inductor's C++ build
    imports setuptools, whose distutils shim refuses a process where another test imported the
    standard library's distutils first (a clean clone's whole suite, 2026-11-28)."""
    code = ("import json; from bench import preflight_compiled_cpu as cpu; "
            "from tests.unit.preflight import models, test_compiled as t; "
            f"print(json.dumps(cpu._real({make}, {', '.join(map(repr, args))})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=900,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [
                             str(ROOT), os.environ.get("PYTHONPATH", "")]))})
    assert out.returncode == 0, out.stderr[-4000:]
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.slow
@pytest.mark.skipif(not _cpp_compiler(), reason="inductor's C++ backend needs a C++ compiler")
def test_a_tied_model_against_inductor_on_the_cpu() -> None:
    """The same two steps run for real, compiled by inductor's C++ backend (the profiler's
    peak of live bytes), beside the prediction on the CPU path: within the compiled interval."""
    from bench import preflight_compiled_cpu as cpu

    predicted = cpu._predicted(models.TiedLM, 1000, 8, 128, True, "sgd", False)
    real = _real_in_a_process_of_its_own("models.TiedLM", 1000, 8, 128, True, "sgd", False)
    assert predicted["compiled"]
    error = (predicted["peak"] - real["peak"]) / real["peak"]
    assert abs(error) <= COMPILED_ERROR, (predicted["peak"], real["peak"])


def _hf(name: str) -> Any:
    """A tiny Hugging Face model of the named family (random init, no download): tied
    embeddings; GPT-2 returns a DynamicCache, no pytree node. `gpt2-one-graph` names its loss
    (`loss_type`): without it transformers logs a warning in `loss_function`, where dynamo
    breaks the graph in two (docs/preflight.md, "A compiled step")."""
    tf = pytest.importorskip("transformers")
    if name.startswith("gpt2"):
        model = tf.GPT2LMHeadModel(tf.GPT2Config(n_embd=64, n_layer=2, n_head=4, vocab_size=1000,
                                                 n_positions=512, attn_pdrop=0.0, attn_implementation="sdpa"))
        if name == "gpt2-one-graph":
            model.loss_type = "ForCausalLM"
        return model
    # attention's dropout off: the fake run takes CUDA's fused kernel (dropout inside), the CPU's real run not
    return tf.BertForMaskedLM(tf.BertConfig(hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                                            intermediate_size=256, vocab_size=1000,
                                            max_position_embeddings=512, attention_probs_dropout_prob=0.0,
                                            attn_implementation="sdpa"))


@pytest.mark.slow  # transformers' import and two traces: about 30 s each on a 2-CPU box
@pytest.mark.parametrize("name", ["gpt2", "bert"])
def test_hugging_face_models_are_predicted_compiled(name: str) -> None:
    """Issue 38's two failures on the GPU: BERT's tied embeddings (functional_call refused the
    two names) and GPT-2's DynamicCache in its output (no pytree node)."""
    from bench import preflight_compiled_cpu as cpu

    st = fakerun.run(lambda: cpu._job(lambda: _hf(name), 1000, "cuda", "adamw", True), 2, 64, compiled=True)
    assert st.compiled and sum(st.at_peak.values()) == st.peak
    params = list(_hf(name).parameters())  # a tied one once
    assert 0 <= st.at_peak["parameters"] - sum(p.numel() * 4 for p in params) < 512 * len(params)


@pytest.mark.slow
@pytest.mark.skipif(not _cpp_compiler(), reason="inductor's C++ backend needs a C++ compiler")
@pytest.mark.parametrize("name", ["bert", "gpt2-one-graph"])
def test_hugging_face_models_against_inductor_on_the_cpu(name: str) -> None:
    """Tiny BERT and GPT-2 (one graph), two SGD steps at 8 x 128 compiled for real by inductor's
    C++ backend beside the prediction on the CPU path: within the compiled interval."""
    from bench import preflight_compiled_cpu as cpu

    predicted = cpu._predicted(lambda: _hf(name), 1000, 8, 128, True, "sgd", False)
    real = _real_in_a_process_of_its_own(f"lambda: t._hf({name!r})", 1000, 8, 128, True, "sgd", False)
    error = (predicted["peak"] - real["peak"]) / real["peak"]
    assert abs(error) <= COMPILED_ERROR, (predicted["peak"], real["peak"])


class _ReadsInductorsSettings(torch.nn.Module):
    """Records inductor's benchmarking settings, and whose padding decision pad_mm would take, as
    its forward is traced."""

    def __init__(self) -> None:
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.seen: list[tuple[bool, bool, bool]] = []

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        from torch._inductor import config
        from torch._inductor.fx_passes import pad_mm

        ours = pad_mm.should_pad.__module__ == padding.__name__
        self.seen.append((config.shape_padding, config.max_autotune, ours))
        return self.lin(x)


def test_the_trace_never_benchmarks_and_inductors_settings_come_back() -> None:
    """Issue 38 on the GPU: `pad_mm` timed kernels during the fake run (CUDA events on fake
    tensors, the fake GPU's properties): nothing is autotuned during the trace, pad_mm's timed
    decision is padding.py's untimed one, and the job's own settings and pad_mm come back after."""
    from torch._inductor import config
    from torch._inductor.fx_passes import pad_mm

    model = _ReadsInductorsSettings()
    before = pad_mm.should_pad
    with config.patch(shape_padding=False, max_autotune=True):
        st = fakerun.run(lambda: fakerun.Job(model.cuda(), torch.optim.SGD(model.parameters(), lr=0.1),
                                             lambda b, s: torch.randn(b, 8).cuda(),
                                             loss=lambda m, b: m(b).sum()), 4, 8, compiled=True)
        assert (config.shape_padding, config.max_autotune) == (False, True)
    assert pad_mm.should_pad is before
    assert st.compiled
    assert model.seen and set(model.seen) == {(True, False, True)}


class _MovesTensors(torch.nn.Module):
    """A forward that moves tensors onto the GPU as Hugging Face models do: a traced one already
    there (GPT-2's `position_embeds.to(inputs_embeds.device)`), a constant it makes, and a fake
    tensor it holds as a plain attribute (neither parameter nor buffer)."""

    def __init__(self, moves: bool) -> None:
        super().__init__()
        self.lin = torch.nn.Linear(16, 16)
        self.moves = moves
        self.offset = torch.ones(16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.lin(x)
        if not self.moves:
            return (h * 2 + self.offset + 2.0).sum()
        return (h.to("cuda") * 2 + self.offset.to("cuda") + torch.tensor([2.0] * 16).to("cuda")).sum()


def _moving_job(moves: bool) -> fakerun.Job:
    model = _MovesTensors(moves).cuda()
    return fakerun.Job(model, torch.optim.SGD(model.parameters(), lr=0.1),
                       lambda b, s: torch.randn(b, s, 16).cuda(), loss=lambda m, b: m(b))


def test_tensors_moved_onto_the_gpu_inside_a_compiled_step_are_the_tracers() -> None:
    """Issue 38 on the GPU (GPT-2): a tensor the stand-in `.to()` faked inside the trace was a
    fake tensor the tracer never saw (`Unexpected fake buffer _tensor_constant0`). Each move now
    runs, and a move onto the device a tensor is on costs nothing."""
    moved = fakerun.run(lambda: _moving_job(True), 4, 64, compiled=True)
    still = fakerun.run(lambda: _moving_job(False), 4, 64, compiled=True)
    assert moved.compiled and still.compiled
    assert moved.peak == still.peak


class _ReadsIsCompiling(torch.nn.Module):
    """Records `torch.compiler.is_compiling()` as its forward is traced."""

    def __init__(self) -> None:
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.seen: list[bool] = []

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.seen.append(torch.compiler.is_compiling())
        return self.lin(x)


def test_the_trace_takes_dynamos_branches_and_the_flag_comes_back() -> None:
    """Issue 38: transformers 5.17's BERT builds its explicit attention mask only where
    `is_compiling()` (under dynamo), which the trace did not say: its compiled step held the
    mask's attention, the prediction the eager kernel's. The trace says it; the eager step and
    the caller's process after it do not."""
    model = _ReadsIsCompiling()

    def job(compiled_step: bool) -> fakerun.Stream:
        return fakerun.run(lambda: fakerun.Job(model.cuda(), torch.optim.SGD(model.parameters(), lr=0.1),
                                               lambda b, s: torch.randn(b, 8).cuda(),
                                               loss=lambda m, b: m(b).sum()), 4, 8, compiled=compiled_step)

    assert job(True).compiled
    assert model.seen and all(model.seen)
    assert not torch.compiler.is_compiling()
    model.seen.clear()
    job(False)
    assert model.seen and not any(model.seen)


def _predicted_fused(make: Any, *args: Any) -> int:
    """The prediction with the trace not taking dynamo's branches (what preflight did before)."""
    import contextlib

    from bench import preflight_compiled_cpu as cpu

    saved = compiled.as_dynamo_traces
    compiled.as_dynamo_traces = contextlib.nullcontext  # type: ignore[assignment]
    try:
        peak: int = cpu._predicted(make, *args)["peak"]
        return peak
    finally:
        compiled.as_dynamo_traces = saved


@pytest.mark.slow
@pytest.mark.skipif(not _cpp_compiler(), reason="inductor's C++ backend needs a C++ compiler")
def test_a_branch_the_compiled_step_takes_is_predicted_against_inductor_on_the_cpu() -> None:
    """A decoder that writes its attention out (seq² scores a head, saved for backward) where
    `is_compiling()`, fused in eager: predicted within 2 % of inductor's real C++ step, where
    the trace without dynamo's branches (the fused kernel) reads more than that under."""
    from bench import preflight_compiled_cpu as cpu

    def make() -> torch.nn.Module:
        return models.ExplicitWhenCompiled(64, 2, 1000, 172, 4)

    args = (1000, 8, 128, True, "sgd", False)
    predicted = cpu._predicted(make, *args)["peak"]
    real = _real_in_a_process_of_its_own("lambda: models.ExplicitWhenCompiled(64, 2, 1000, 172, 4)",
                                         *args)["peak"]
    assert abs(predicted - real) / real <= 0.02, (predicted, real)
    assert (_predicted_fused(make, *args) - real) / real < -0.02


@pytest.mark.slow
@pytest.mark.skipif(not _cpp_compiler(), reason="inductor's C++ backend needs a C++ compiler")
def test_a_graph_break_is_predicted_on_the_safe_side_against_inductor_on_the_cpu() -> None:
    """A decoder cut in two graphs by dynamo (a graph break before its head, where transformers'
    GPT-2 logs its warning): followed as dynamo cuts it (test_compiled_breaks.py), the prediction
    is within 1 % of the real C++ steps from the compile."""
    from bench import preflight_compiled_cpu as cpu

    args = (1000, 8, 128, True, "sgd", False)
    predicted = cpu._predicted(lambda: models.BreakBeforeLoss(64, 2, 1000, 172, 4), *args)["peak"]
    real = _real_in_a_process_of_its_own("lambda: models.BreakBeforeLoss(64, 2, 1000, 172, 4)",
                                         *args)["peak_from_compile"]
    assert abs(predicted - real) / real <= 0.01, (predicted, real)
