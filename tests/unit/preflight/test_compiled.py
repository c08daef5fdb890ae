"""A torch.compile'd step on fake tensors (gpumemd/preflight/compiled.py): which buffers the
model of inductor keeps, the compiled run beside the eager one, how a compile is found (the
job's own torch.compile, or the flag), and the interval the report gives it."""

from __future__ import annotations

from typing import Any

import torch
from torch.fx.experimental.proxy_tensor import make_fx

import gpumemd
from gpumemd.preflight import compiled, fakerun
from gpumemd.preflight.report import compiled_overheads
from gpumemd.preflight.verdict import COMPILED_ERROR, DEFAULT_OVERHEADS
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
