"""inductor's matrix-multiply padding in the compiled trace: where `pad_mm` (a joint-graph pass)
would pad, the trace pads, without timing anything.

inductor pads a matrix multiply whose dimensions are not aligned (a 50,257-token vocabulary:
bf16 wants multiples of 8) when it times the padded kernel faster than the unpadded one on the
GPU. The padded operands are copies: in a cut GPT-2's backward, two vocabulary-sized copies of the
logits' gradient sat at the real step's peak (docs/preflight.md, "Graph breaks"). The fake tensors
have nothing to time, so the timing's answer is taken as "pad" wherever pad_mm's own checks let
it ask (floating operands, a static unaligned dimension, none empty, the multiply compute bound):
the copies are counted where the GPU makes them, and where its timing would have said no the
prediction holds more than the job does (the safe side). Nothing is timed, cached or written to
inductor's caches: pad_mm's decision function is replaced for the trace alone and put back.

Operands on either path stand for the GPU's (the CPU path's CPU tensors too), so pad_mm's device
check is not asked.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import torch

__all__ = ["modelled", "padding_as_the_gpu"]


def _dims(mat1: Any, mat2: Any, op: Any) -> tuple[int, int, int] | None:
    """(m, k, n) of a mm/addmm/bmm, or None: another op, or a dimension not a plain int."""
    aten = torch.ops.aten
    if op is aten.mm or op is aten.addmm:
        dims = (mat1.shape[0], mat1.shape[1], mat2.shape[1])
    elif op is aten.bmm:
        dims = (mat1.shape[1], mat1.shape[2], mat2.shape[2])
    else:
        return None
    return dims if all(type(d) is int for d in (*mat1.shape, *mat2.shape)) else None  # type: ignore[return-value]


def _pads(match: Any, mat1: Any, mat2: Any, op: Any, input: Any = None) -> bool:  # noqa: A002  pad_mm's name
    """pad_mm's `should_pad` with its timing taken as favouring the pad (module docstring)."""
    from torch._inductor import config
    from torch._inductor.fx_passes import pad_mm

    if not config.shape_padding or not (mat1.is_floating_point() and mat2.is_floating_point()):
        return False
    dims = _dims(mat1, mat2, op)
    if dims is None or 0 in dims:
        return False
    m, k, n = dims
    a1, a2 = pad_mm.get_alignment_size(mat1), pad_mm.get_alignment_size(mat2)
    if not (pad_mm.get_padded_length(m, a1) or pad_mm.get_padded_length(k, a1)
            or pad_mm.get_padded_length(n, a2)):
        return False
    if config.force_shape_pad:
        return True
    try:
        return bool(pad_mm.is_mm_compute_bound(m, k, n, mat1.dtype))
    except Exception:  # it asks the device for its figures; where it cannot, pad_mm pads too
        return True


def modelled() -> bool:
    """Whether this torch's pad_mm has the decision function the trace replaces."""
    try:
        from torch._inductor.fx_passes import pad_mm
    except ImportError:
        return False
    return all(hasattr(pad_mm, name) for name in (
        "should_pad", "get_alignment_size", "get_padded_length", "is_mm_compute_bound"))


@contextmanager
def padding_as_the_gpu() -> Iterator[None]:
    """pad_mm's decision replaced by `_pads` for the trace, put back after; nothing where this
    torch's pad_mm is not the one modelled (`modelled`: the trace pads nothing, as before)."""
    if not modelled():
        yield
        return
    from torch._inductor.fx_passes import pad_mm

    saved = pad_mm.should_pad
    pad_mm.should_pad = _pads
    try:
        yield
    finally:
        pad_mm.should_pad = saved
