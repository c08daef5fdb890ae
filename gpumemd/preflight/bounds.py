"""Ops whose output's size depends on values, made at the bound their input gives: a fake tensor
has no values, so `nonzero()` has no size, but it has at most one row an element of its input
(docs/preflight.md, "Ops sized by values"). `fakerun`'s tracker calls `output` where the fake
mode cannot size such an op, and counts the call sites.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

__all__ = ["BOUNDED", "output"]

BOUNDED = ("nonzero", "index", "masked_select", "_unique2", "unique_dim", "unique_consecutive")
"""The ops (aten's overload packets) made at their bound; any other op sized by values
(`bincount`, `repeat_interleave` by a tensor) has none from its input's size."""


def output(func: Any, args: Any, kwargs: dict[str, Any], *, low: bool,
           allocated: Callable[[Any], None]) -> Any:
    """`func`'s output with every element selected (`low`: none), as fake tensors of the input's
    device; `allocated` is told of what the op allocates beside its output (a mask's index rows)."""
    names = [a.name for a in func._schema.arguments]
    call = {**dict(zip(names, args, strict=False)), **kwargs}  # by the schema's names
    x = call["self"]
    long = {"dtype": torch.long, "device": x.device}
    op = func.overloadpacket.__name__
    if op == "nonzero":
        return torch.empty((0 if low else x.numel(), x.dim()), **long)
    if op == "index":  # a boolean mask stands for nonzero()'s index tensors, one per dimension it covers
        indices = []
        for i in call["indices"]:
            if i is None or i.dtype not in (torch.bool, torch.uint8):
                indices.append(i)
                continue
            rows = torch.zeros(0 if low else i.numel(), dtype=torch.long, device=i.device)
            allocated(rows)  # nonzero()'s output, allocated on the GPU while the op runs
            indices.extend([rows] * max(i.dim(), 1))
        return func(x, indices)
    if op == "masked_select":
        n = 0 if low else torch.broadcast_shapes(x.shape, call["mask"].shape).numel()
        return torch.empty(n, dtype=x.dtype, device=x.device)
    dim = call.get("dim")
    if dim is None:  # _unique2, unique_consecutive: flat
        n = 0 if low else x.numel()
        inverse = x.shape if call.get("return_inverse") else (0,)
        return (torch.empty(n, dtype=x.dtype, device=x.device), torch.empty(inverse, **long),
                torch.empty(n if call.get("return_counts") else 0, **long))
    shape = list(x.shape)  # unique_dim, unique_consecutive(dim=): whole slices along dim
    size, shape[dim] = shape[dim], 0 if low else shape[dim]
    return (torch.empty(shape, dtype=x.dtype, device=x.device), torch.empty(size, **long),
            torch.empty(shape[dim], **long))
