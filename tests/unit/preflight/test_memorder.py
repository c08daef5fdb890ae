"""inductor's reordering for peak memory as the buffer plan models it (gpumemd/preflight/memorder.py):
the estimate, the orders it picks between, and the graph moved into the chosen one."""

from __future__ import annotations

import torch
from torch import fx
from torch.fx.experimental.proxy_tensor import make_fx

from gpumemd.preflight import memorder
from gpumemd.preflight.buffers import Plan


def _head_backward(permute: torch.Tensor, tangents: torch.Tensor,
                   h: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """A padded head's backward in miniature (a cut GPT-2's, docs/preflight.md): the gradient (a
    tangent: inductor's estimate leaves it out) padded twice, siblings of one kernel, and the
    saved weight (`permute`, freeable) padded for the input gradient's multiply."""
    a = torch.nn.functional.pad(tangents, (0, 3))
    b = torch.nn.functional.pad(tangents.t(), (0, 0, 0, 3))
    wp = torch.nn.functional.pad(permute, (0, 0, 0, 3))
    return a @ wp, b @ h


def _graph() -> fx.GraphModule:
    # a long contraction, as a vocabulary's: the weight outweighs the input gradient it makes
    return make_fx(_head_backward)(torch.randn(13, 8), torch.randn(4, 13), torch.randn(4, 4))


def _named(gm: fx.GraphModule) -> dict[str, fx.Node]:
    return {n.name: n for n in gm.graph.nodes}


def test_the_saved_weight_is_padded_before_the_gradients_copies_and_freed_first() -> None:
    """As the H200's generated code ran it (bench/results/2026-11-28-h200x2-s16/call3/cp): the
    weight's pad kernel first, its saved input freed before the two large copies exist."""
    gm = _graph()
    node = _named(gm)
    pads = [node["constant_pad_nd"], node["constant_pad_nd_1"], node["constant_pad_nd_2"]]
    plan = Plan(gm)
    a, b, wp = pads
    assert plan.index[wp] < plan.index[a] < plan.index[b]
    assert plan.last[node["permute_1"]] == plan.index[wp] < plan.index[a]
    gm.graph.lint()  # still a topological order


def test_without_inductors_reordering_the_graphs_order_stands() -> None:
    from torch._inductor import config

    gm = _graph()
    with config.patch(reorder_for_peak_memory=False):
        plan = Plan(gm)
    node = _named(gm)
    assert plan.index[node["constant_pad_nd"]] < plan.index[node["constant_pad_nd_2"]]


def test_the_estimate_counts_freeable_inputs_and_buffers_as_inductors_does() -> None:
    """inductor's `estimate_peak_memory`: freeable inputs live from the start, each buffer from its
    kernel to its last reader, graph outputs never freed; tangents and parameters not counted."""
    gm = _graph()
    node = _named(gm)
    kernels = [[node[n]] for n in ("constant_pad_nd", "constant_pad_nd_1", "constant_pad_nd_2", "mm", "mm_1")]
    units = [memorder.Unit(k, i) for i, k in enumerate(kernels)]
    reads = {node["constant_pad_nd"]: {node["tangents_1"]}, node["constant_pad_nd_1"]: {node["tangents_1"]},
             node["constant_pad_nd_2"]: {node["permute_1"]},
             node["mm"]: {node["constant_pad_nd"], node["constant_pad_nd_2"]},
             node["mm_1"]: {node["constant_pad_nd_1"], node["h_1"]}}
    inputs = {node["permute_1"], node["h_1"]}  # the tangent is not freeable: left out
    for u in units:
        u.reads = {r for n in u.nodes for r in reads[n] if r in inputs or any(r in v.nodes for v in units)}
    bufs = memorder._Buffers(units, inputs, {node["mm"], node["mm_1"]})
    f32 = 4
    w, h, a, b, wp, mm = 13 * 8, 4 * 4, 4 * 16, 16 * 4, 16 * 8, 4 * 8
    # the graph's order: the weight still live when its pad is made, beside both copies
    assert bufs.peak(units) == f32 * (w + h + a + b + wp)
    # its pad first: the weight freed before the copies exist; the peak is then at the multiply
    reordered = [units[2], units[0], units[1], units[3], units[4]]
    assert bufs.peak(reordered) == f32 * (h + a + b + wp + mm) < bufs.peak(units)


def _padded_in_place_head(permute: torch.Tensor, logits: torch.Tensor, h: torch.Tensor,
                          tangent: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """The break models' head backward in miniature (bench/results/2026-11-29-h200-s18, call 2):
    the loss's gradient (1,025 fp32 columns, strided 1,056) copied transposed and padded, then
    padded in place for the input gradient's multiply; the saved weight padded too."""
    g = logits.exp() * tangent
    b = torch.nn.functional.pad(g.t(), (0, 0, 0, 3))
    a = torch.nn.functional.pad(g, (0, 3, 0, 0))
    wp = torch.nn.functional.pad(permute, (0, 0, 0, 3))
    return a @ wp, b @ h


def test_a_read_before_an_in_place_pad_stays_before_its_multiply() -> None:
    """As the H200 ran it: the weight's copy, the gradient, its transposed copy, the fill, then
    the multiplies; the reordering would otherwise run the in-place pad's multiply before the
    transposed copy, which inductor's scheduler keeps before the write into the gradient."""
    gm = make_fx(_padded_in_place_head)(torch.randn(1025, 8), torch.randn(24, 1025), torch.randn(24, 8),
                                        torch.randn(()))
    node = _named(gm)
    plan = Plan(gm)
    copy, in_place, weight = node["constant_pad_nd"], node["constant_pad_nd_1"], node["constant_pad_nd_2"]
    assert in_place not in plan.materialised
    assert plan.index[weight] < plan.index[node["mul"]] < plan.index[copy] < plan.index[node["mm"]]
    assert plan.last[node["mul"]] == plan.index[node["mm"]]
    gm.graph.lint()
