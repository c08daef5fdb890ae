"""Preflight's overheads calibrated by what agents measured, per model and shape (docs/preflight.md,
"Where the overheads come from"): pure, figures in, a choice and where it came from out.

- `fingerprint`: a model's identity, a short hash of its parameters' shapes and dtypes (an
  unordered multiset: `parameters()` and an optimizer's groups list the same tensors in other
  orders). The agent computes it over what `watch()` was handed, preflight over its fake run's
  model: the same function on both sides.
- `measurements`: the agents' calibration series (`gpumemd_training_calibration_*`, keyed by
  that fingerprint, the step peak as the shape's proxy) read back from a scrape, every value
  checked, bounded in count.
- `choose`: for one model, one predicted step peak and one world size, the median of the
  non-PyTorch bytes of the processes of that model at that world size (NCCL's buffers inside
  them where it is above 1) or else of its single processes, and the allocator's overhead
  (reserved less allocated at the step peak) of the processes at the nearest measured shape,
  with the sentence that says where each came from.

Never one process's figure alone where more exist: medians, and the spread to the highest.
"""

from __future__ import annotations

import hashlib
import math
import re
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "FAMILIES",
    "MAX_MEASUREMENTS",
    "MAX_TENSORS",
    "MAX_WORLD",
    "MODEL_LABEL",
    "NON_PYTORCH",
    "OVERHEAD",
    "SAME_SHAPE",
    "STEP_PEAK",
    "WORLD_LABEL",
    "Chosen",
    "Measurement",
    "choose",
    "fingerprint",
    "is_model",
    "measurements",
]

STEP_PEAK = "gpumemd_training_calibration_step_peak_bytes"
OVERHEAD = "gpumemd_training_calibration_allocator_overhead_bytes"
NON_PYTORCH = "gpumemd_training_calibration_non_pytorch_bytes"
FAMILIES = (STEP_PEAK, OVERHEAD, NON_PYTORCH)  # declared in gpumemd/known_metrics.py (collector calibration)
MODEL_LABEL = "model"
# the ranks of the process's job where its launcher said (agent/identity.py); absent: a single process
WORLD_LABEL = "world_size"
MAX_WORLD = 1 << 16  # a world_size label past it is not read (preflight's --world has the same bound)
MAX_TENSORS = 1_000_000  # a model's parameters hashed at most (watch()'s own bound)
MAX_MEASUREMENTS = 4096  # calibration series read from one answer or file; the rest counted, not read
MAX_BYTES = 1 << 50  # a figure past it is no process's memory
# A measured step peak within this fraction of the predicted one is "this shape" (at least: the
# prediction's own error, docs/preflight.md)
SAME_SHAPE = 0.05
_LENGTH = 12  # hex digits of the fingerprint: 48 bits, a label value no user text reaches
_MODEL_RE = re.compile(r"[0-9a-f]{12}\Z")


def fingerprint(tensors: Iterable[Any], limit: int = MAX_TENSORS) -> str | None:
    """The model identity of these parameters: their (dtype, shape) multiset hashed, 12 hex
    digits; None for none, or past `limit`. Reads each tensor's `dtype` and `shape` only (a
    DTensor's are the global ones, so an FSDP2 rank hashes the unsharded model preflight runs)."""
    items: list[str] = []
    for t in tensors:
        if len(items) >= limit:
            return None
        dtype = str(t.dtype).removeprefix("torch.")
        items.append(f"{dtype}{[int(n) for n in t.shape]}")
    if not items:
        return None
    items.sort()
    return hashlib.sha256("\n".join(items).encode()).hexdigest()[:_LENGTH]


def is_model(value: object) -> bool:
    """A `model` label a fingerprint can be (12 lower-case hex digits): anything else is not read."""
    return type(value) is str and _MODEL_RE.match(value) is not None


@dataclass(frozen=True)
class Measurement:
    """One process's calibration on one GPU, as its agent published it: its model, the step
    peak it was measured at (the shape's proxy), reserved less allocated at that peak, its bytes
    outside PyTorch (NCCL's buffers among them in a job of more than one rank); None where it did
    not publish that figure. `where`: the node, Prometheus or file. `world`: its job's ranks
    (`world_size`), None where not published (a single process, or an agent that did not say)."""

    model: str
    step_peak: int | None
    overhead: int | None
    non_pytorch: int | None
    where: str
    world: int | None = None


Series = Mapping[str, Sequence[tuple[Mapping[str, str], float]]]


def _size(value: float) -> int | None:
    return int(value) if math.isfinite(value) and 0 <= value <= MAX_BYTES else None


def _world(value: str | None) -> int | None:
    if value is None or not 0 < len(value) <= 6 or not value.isascii() or not value.isdigit():
        return None
    n = int(value)
    return n if 0 < n <= MAX_WORLD else None


def measurements(series: Series, where: str) -> tuple[list[Measurement], int]:
    """The calibration series of a scrape (a daemon's or an agent's), one Measurement per
    series' labels, at most MAX_MEASUREMENTS; and how many series were not read (a bad model
    label or value, past the bound)."""
    figures: dict[frozenset[tuple[str, str]], dict[str, int]] = {}
    skipped = 0
    for name in FAMILIES:
        for labels, value in list(series.get(name, ()))[:MAX_MEASUREMENTS * 2]:
            n = _size(value)
            if n is None or not is_model(labels.get(MODEL_LABEL)):
                skipped += 1
                continue
            key = frozenset(labels.items())
            entry = figures.get(key)
            if entry is None:
                if len(figures) >= MAX_MEASUREMENTS:
                    skipped += 1
                    continue
                entry = figures[key] = {}
            entry[name] = n
        skipped += max(0, len(series.get(name, ())) - MAX_MEASUREMENTS * 2)
    out = []
    for key, f in figures.items():
        labels = dict(key)
        out.append(Measurement(labels[MODEL_LABEL], f.get(STEP_PEAK), f.get(OVERHEAD), f.get(NON_PYTORCH),
                               where, _world(labels.get(WORLD_LABEL))))
    return out, skipped


@dataclass(frozen=True)
class Chosen:
    """What the measurements say of one model at one predicted step peak: the non-PyTorch bytes
    (median, spread to the highest) and the allocator's overhead at the step peak, each None
    where nothing of this model was measured, and a sentence of where each came from.
    `nccl_included`: the non-PyTorch bytes are of ranks of the job's world size (above 1), so
    NCCL's buffers are in them (`nccl_from` says whose)."""

    non_pytorch: tuple[int, int] | None
    non_pytorch_from: str
    overhead: int | None
    overhead_from: str
    nccl_included: bool = False
    nccl_from: str = ""


def _where(ms: Sequence[Measurement]) -> str:
    places = list(dict.fromkeys(m.where for m in ms))
    more = f" and {len(places) - 3} more" if len(places) > 3 else ""
    return ", ".join(places[:3]) + more


def _count(n: int) -> str:
    return f"{n} process{'es' if n != 1 else ''}"


def _non_pytorch(mine: Sequence[Measurement], world: int) -> tuple[list[Measurement], bool]:
    """The processes whose non-PyTorch bytes stand for a rank of a job of `world` ranks, and
    whether NCCL's buffers are in them: those of that world size where it is above 1 (their
    NVML bytes hold the communicators'); else the single processes (world 1 or not published),
    to which the NCCL default is added. Ranks of another world size above 1 never stand for a
    single process (they hold NCCL's buffers it will not have), nor for another world."""
    read = [m for m in mine if m.non_pytorch is not None]
    if world > 1:
        same = [m for m in read if m.world == world]
        if same:
            return same, True
    return [m for m in read if m.world is None or m.world == 1], False


def choose(found: Sequence[Measurement], model: str | None, predicted_peak: int,
           tolerance: float = SAME_SHAPE, world: int = 1) -> Chosen:
    """The calibration of `model` at `predicted_peak` (the allocator's step peak preflight
    predicts for the shape) for a job of `world` ranks: the non-PyTorch bytes of the processes
    of that model (`_non_pytorch`: of this world size, NCCL's buffers in them, or single ones);
    the overhead of the processes whose step peak is the nearest to the prediction (those within
    `tolerance` of that nearest one, their median), absolute where the nearest is within
    `tolerance` of the prediction ("this shape"), else scaled by the ratio of the step peaks
    ("another shape")."""
    mine = [m for m in found if model is not None and m.model == model]
    non_pytorch: tuple[int, int] | None = None
    np_from = nccl_from = ""
    chosen, included = _non_pytorch(mine, world)
    values = [m.non_pytorch for m in chosen if m.non_pytorch is not None]
    if values:
        mid = int(statistics.median(values))
        non_pytorch = (mid, max(values) - mid)
        ranks = f" at world size {world}" if included else ""
        np_from = (f"measured: {_count(len(values))} of this model{ranks} on {_where(chosen)} (median; the "
                   "spread to the highest)")
        if included:
            nccl_from = (f"measured: in the non-PyTorch bytes of {_count(len(values))} of this model at "
                         f"world size {world} on {_where(chosen)}")
    shaped = [m for m in mine if m.step_peak and m.overhead is not None]
    if not shaped or predicted_peak <= 0:
        return Chosen(non_pytorch, np_from, None, "", included, nccl_from)

    def distance(m: Measurement) -> float:
        assert m.step_peak
        return abs(math.log(m.step_peak / predicted_peak))

    nearest = min(shaped, key=distance)
    assert nearest.step_peak
    at = nearest.step_peak
    band = math.log1p(tolerance)
    near = [m for m in shaped if m.step_peak and abs(math.log(m.step_peak / at)) <= band]
    overhead = int(statistics.median(m.overhead for m in near if m.overhead is not None))
    peak = int(statistics.median(m.step_peak for m in near if m.step_peak))
    if distance(nearest) <= band:
        return Chosen(non_pytorch, np_from, overhead,
                      f"measured: {_count(len(near))} of this model at this shape (step peak {peak} B, "
                      f"within {100 * tolerance:.0f} % of the prediction) on {_where(near)} (median)",
                      included, nccl_from)
    scaled = int(overhead * predicted_peak / peak)
    return Chosen(non_pytorch, np_from, scaled,
                  f"measured on this model at another shape: {_count(len(near))} at step peak {peak} B on "
                  f"{_where(near)}, {overhead} B scaled by the step peaks' ratio", included, nccl_from)
