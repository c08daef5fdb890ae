"""inductor's matrix-multiply padding in the compiled trace: the multiplies `pad_mm` (a
joint-graph pass) would time for padding, counted, and padded in the padded reading.

inductor pads a matrix multiply whose dimensions are not aligned (a 50,257-token vocabulary:
bf16 wants multiples of 8) when it times the padded kernel faster than the unpadded one on the
GPU. The padded operands are copies: in a cut GPT-2's backward, two vocabulary-sized copies of the
logits' gradient sat at the real step's peak, where BERT's real step held none of its own
(docs/preflight.md, "Padded matrix multiplies"). The fake tensors have nothing to time, so which
way the timing goes is not known: the trace asks `_pads` in pad_mm's place, pad_mm's own checks
without the timing (floating operands, a static unaligned dimension, none empty, the multiply
compute bound). A multiply this GPU's timing already decided, found in inductor's cache by pad_mm's
own key (padcache.py: where the job compiled before), is padded as decided and counted in
`Padding.decided`; each other one is counted in `Padding.unaligned`: the prediction pads none of
them, and where there are some, a second reading pads them all (`Padding.padded`: the timing taken
as favouring every pad), whose excess raises the interval's top (report.py). Nothing is timed,
cached or written to inductor's caches: pad_mm's decision function is replaced for the trace alone
and put back.

Operands on either path stand for the GPU's (the CPU path's CPU tensors too), so pad_mm's device
check is not asked.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

import torch

__all__ = ["Padding", "modelled", "padding_as_the_gpu"]


class Padding(Protocol):
    """The fake run's side of the padding: the decisions known (padcache.py), whether this reading
    pads the others, and the counts of multiplies pad_mm would have timed, decided and not."""

    pads: Mapping[str, bool]
    padded: bool
    decided: int
    unaligned: int


def _dims(mat1: Any, mat2: Any, op: Any) -> tuple[int, int, int] | None:
    """(m, k, n) of a mm/addmm/bmm, or None: another op, or a dimension not a plain int."""
    aten = torch.ops.aten
    if op is aten.mm or op is aten.addmm:
        dims = (mat1.shape[0], mat1.shape[1], mat2.shape[1])
    elif op is aten.bmm:
        dims = (mat1.shape[1], mat1.shape[2], mat2.shape[2])
    else:
        return None
    return dims if all(type(d) is int for d in (*mat1.shape, *mat2.shape)) else None


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
        "should_pad", "get_alignment_size", "get_padded_length", "is_mm_compute_bound",
        "should_pad_bench_key"))


def _key(match: Any, mat1: Any, mat2: Any, op: Any, input: Any) -> str | None:  # noqa: A002
    """pad_mm's cache key of this multiply (None where it cannot be made)."""
    from torch._inductor.fx_passes import pad_mm

    try:
        return str(pad_mm.should_pad_bench_key(match, mat1, mat2, op, input))
    except Exception:  # a match whose operands it cannot read: the multiply stays undecided
        return None


@contextmanager
def padding_as_the_gpu(into: Padding) -> Iterator[None]:
    """pad_mm's decision replaced for the trace, put back after: each multiply `_pads` would pad
    padded as `into.pads` decides it (counted into `into.decided`), else counted into
    `into.unaligned` and padded only where `into.padded`. Where this torch's pad_mm is
    not the one modelled (`modelled`), pad_mm is left alone and shape padding is off for the trace:
    nothing is padded or counted."""
    from torch._inductor import config

    if not modelled():
        with config.patch(shape_padding=False):
            yield
        return
    from torch._inductor.fx_passes import pad_mm

    def decide(match: Any, mat1: Any, mat2: Any, op: Any, input: Any = None) -> bool:  # noqa: A002
        if not _pads(match, mat1, mat2, op, input):
            return False
        key = _key(match, mat1, mat2, op, input) if into.pads else None
        known = None if key is None else into.pads.get(key)
        if known is not None:
            into.decided += 1
            return known
        into.unaligned += 1
        return into.padded

    saved = pad_mm.should_pad
    pad_mm.should_pad = decide
    try:
        yield
    finally:
        pad_mm.should_pad = saved
