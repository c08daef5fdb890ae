"""Which ops inductor writes to buffers of their own, as the buffer plan models its lowering
(gpumemd/preflight/buffers.py): a pad inductor makes in place is no buffer."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch
from torch.fx.experimental.proxy_tensor import make_fx

from gpumemd.preflight.buffers import Plan


def _plan(f: Callable[..., object], *args: torch.Tensor,
          **settings: bool) -> tuple[Plan, dict[str, torch.fx.Node]]:
    from torch._inductor import config

    gm = make_fx(f)(*args)
    with config.patch({"reorder_for_peak_memory": False, **settings}):
        plan = Plan(gm)
    return plan, {n.name: n for n in gm.graph.nodes}


def _right_pad(cols: int, pad: int = 3) -> Callable[..., torch.Tensor]:
    def f(g: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.pad(g * 2, (0, pad, 0, 0)) @ w  # pad_mm's form: both dims named

    return f


def test_a_right_pad_read_by_a_matmul_alone_is_the_matrixs_own_buffer_where_its_rows_have_room() -> None:
    """A cut GPT-2-sized head on an H200 (bench/results/2026-11-29-h200-s18/call2/cp): the logits'
    gradient (50,257 bf16 columns, rows strided to 50,304) is padded to 50,264 in place, a fill of
    the 7 columns, and no copy is made. Here: 1,025 fp32 columns, strided to 1,056."""
    plan, node = _plan(_right_pad(1025), torch.randn(8, 1025), torch.randn(1028, 4))
    assert "mul" in {n.name for n in plan.materialised}
    assert node["constant_pad_nd"] not in plan.materialised
    assert plan.last[node["mul"]] == plan.index[node["mm"]]  # the matrix lives until the multiply


@pytest.mark.parametrize("case", ["no room", "short rows", "off", "two readers", "an input", "a view",
                                  "last dim only"])
def test_a_pad_is_a_copy_where_inductor_would_not_pad_in_place(case: str) -> None:
    g, w = torch.randn(8, 1025), torch.randn(1028, 4)
    f = _right_pad(1025)
    settings: dict[str, bool] = {}
    if case == "no room":  # 1,055 columns stride to 1,056: no room for 3 more
        f, g, w = _right_pad(1055), torch.randn(8, 1055), torch.randn(1058, 4)
    elif case == "short rows":  # rows of 1,024 elements or fewer are not strided apart
        f, g, w = _right_pad(1000), torch.randn(8, 1000), torch.randn(1003, 4)
    elif case == "off":
        settings = {"inplace_padding": False}
    elif case == "two readers":
        def f(g: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
            p = torch.nn.functional.pad(g * 2, (0, 3, 0, 0))
            return (p @ w) + (p @ w).sum()
    elif case == "an input":  # a graph input's layout is fixed
        def f(g: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
            return torch.nn.functional.pad(g, (0, 3, 0, 0)) @ w
    elif case == "a view":  # a view of the matrix, not its buffer
        def f(g: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
            return torch.nn.functional.pad((g * 2)[:, :1025], (0, 3, 0, 0)) @ w
        g = torch.randn(8, 1030)
    else:  # inductor pads in place only where both dimensions' pads are given, as pad_mm gives them
        f = lambda g, w: torch.nn.functional.pad(g * 2, (0, 3)) @ w  # noqa: E731
    plan, node = _plan(f, g, w, **settings)
    assert node["constant_pad_nd"] in plan.materialised
