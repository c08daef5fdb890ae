"""`gpumemd.preflight(...)`: run the job's first steps on fake tensors for each shape, judge
each against a device, search the largest batch (or sequence) that fits, and say what to change.
"""

from __future__ import annotations

import dataclasses
import importlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpumemd.diagnosis.allocsim import Setting, parse_alloc_conf
from gpumemd.diagnosis.calibration import SAME_SHAPE, Measurement, choose
from gpumemd.diagnosis.oom import human_bytes

from . import fakerun, standins
from .padcache import Decisions, read_decisions
from .verdict import (
    COMPILED_ERROR,
    CPU_PATH_ERROR,
    DEFAULT_OVERHEADS,
    GPUS,
    NATIVE,
    UNCUT_ERROR,
    Device,
    Figures,
    Overheads,
    Verdict,
    ddp_held,
    figures,
    judge,
    per_rank,
)

__all__ = ["MAX_PROBES", "Lookup", "Report", "ShapeResult", "advise", "compiled_overheads", "load_factory",
           "preflight"]

Lookup = Callable[[str], Sequence[Measurement]]
"""What agents measured of one model, looked up by its fingerprint once the fake run made it (a
fleet's Prometheus: `gpumemd preflight --prometheus`)."""

MAX_PROBES = 14  # fake runs one search may spend (doubling, then halving the gap)
_SIZE_LIMIT = 1 << 24  # a batch or sequence past this is not a search anyone meant


@dataclass
class ShapeResult:
    """One shape's figures and, against a device, its verdict."""

    figures: Figures
    verdict: Verdict | None
    per_rank: dict[str, dict[str, int]] = field(default_factory=dict)  # world > 1: "ddp", "fsdp2"
    overheads: Overheads | None = None  # this shape's: calibrated by what agents measured of the model
    model: str | None = None  # the job's model fingerprint (diagnosis.calibration)

    def to_json(self) -> dict[str, Any]:
        v, o = self.verdict, self.overheads
        return {**self.figures.to_json(),
                "per_rank": self.per_rank,
                "model": self.model,
                "overheads": None if o is None else {
                    "non_pytorch": o.non_pytorch, "non_pytorch_spread": o.non_pytorch_spread,
                    "allocator": o.allocator, "workspaces": o.workspaces, "nccl": o.nccl,
                    "sources": o.sources()},
                "verdict": None if v is None else {
                    "fits": v.fits, "certain": v.certain, "capacity": v.capacity,
                    "headroom": v.headroom, "releases_cache": v.releases_cache, "notes": v.notes,
                    "bound": v.bound}}


@dataclass
class Report:
    """Every shape's figures and verdict, the search's answer and the advice."""

    job: str
    device: Device | None
    overheads: Overheads
    world: int
    shapes: list[ShapeResult]
    largest: dict[str, Any] | None = None
    advice: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def fits(self) -> bool | None:
        """None without a device (no verdict), else whether every shape fits."""
        verdicts = [s.verdict for s in self.shapes if s.verdict is not None]
        return None if not verdicts else all(v.fits for v in verdicts)

    @property
    def exit_code(self) -> int:
        """0 fits, 1 does not, 2 could not tell (no device to judge against)."""
        return {True: 0, False: 1, None: 2}[self.fits]

    def to_json(self) -> dict[str, Any]:
        d = self.device
        return {
            "job": self.job,
            "fits": self.fits,
            "device": None if d is None else {"name": d.name, "total": d.total,
                                              "driver_reserved": d.driver_reserved, "others": d.others,
                                              "fraction_limit": d.fraction_limit, "free": d.free,
                                              "mps_limit": d.mps_limit, "mps_limit_by": d.mps_limit_by,
                                              "source": d.source},
            "overheads": {"non_pytorch": self.overheads.non_pytorch,
                          "non_pytorch_spread": self.overheads.non_pytorch_spread,
                          "workspaces": self.overheads.workspaces, "nccl": self.overheads.nccl,
                          "error": self.overheads.error, "stranded": self.overheads.stranded,
                          "source": self.overheads.source},
            "world": self.world,
            "shapes": [s.to_json() for s in self.shapes],
            "largest": self.largest,
            "advice": self.advice,
            "notes": self.notes,
            "seconds": round(self.seconds, 3),
        }


def load_factory(spec: str) -> Callable[..., Any]:
    """`module:function` (the module importable from the working directory or PYTHONPATH)."""
    module, sep, name = spec.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"{spec!r}: expected module:function")
    obj: Any = importlib.import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)  # getattr: the user's dotted name
    if not callable(obj):
        raise ValueError(f"{spec}: not callable")
    return obj


class _Runner:
    """One fake run per shape, memoised: the search revisits shapes."""

    def __init__(self, factory: Callable[..., Any] | None, script: str | None, argv: Sequence[str],
                 steps: int, overheads: Overheads, world: int, remap: bool | None, setting: Setting,
                 compiled: bool = False, calibration: Sequence[Measurement] = (),
                 lookup: Lookup | None = None, pads: Decisions | None = None) -> None:
        self.factory, self.script, self.argv, self.setting = factory, script, argv, setting
        self.pads = (pads or Decisions()).by_key
        self.steps, self.overheads, self.world, self.remap = steps, overheads, world, remap
        self.compiled, self.calibration, self.lookup = compiled, calibration, lookup
        self.looked: dict[str, list[Measurement]] = {}  # by model: each looked up once
        self.done: dict[tuple[int, int], tuple[fakerun.Stream, Figures, Overheads]] = {}

    def measured(self, model: str | None) -> list[Measurement]:
        """What agents measured, given and looked up for `model` (once per model)."""
        if self.lookup is None or model is None:
            return list(self.calibration)
        if model not in self.looked:
            self.looked[model] = list(self.lookup(model))
        return [*self.calibration, *self.looked[model]]

    def _overheads(self, stream: fakerun.Stream) -> Overheads:
        """This shape's overheads: what agents measured of the job's model nearest this shape
        (its predicted allocated peak: the live bytes' and the workspaces), over the given ones."""
        over = compiled_overheads(self.overheads, stream.uncut) if stream.compiled else self.overheads
        found = self.measured(stream.model)
        if not found:
            return over
        return over.measured(choose(found, stream.model, stream.peak + over.workspaces,
                                    max(SAME_SHAPE, over.error), self.world))

    def __call__(self, batch: int, seq: int) -> tuple[fakerun.Stream, Figures, Overheads]:
        key = (batch, seq)
        if key not in self.done:
            stream = self._run(batch, seq)
            over = self._overheads(stream)
            fig = figures(stream.events, stream.at_peak, stream.peak, batch=batch, seq=seq, overheads=over,
                          world=self.world, phase=stream.phase_at_peak, seconds=stream.seconds,
                          setting=self.setting, blocks=stream.blocks)
            if stream.bounded:  # the interval reaches down to the run with the bounded outputs empty
                low = (0, 0)
                if stream.low_events is not None:
                    lf = figures(stream.low_events, {}, 0, batch=batch, seq=seq, overheads=over,
                                 setting=self.setting)
                    low = (lf.allocated_peak, lf.reserved_peak)
                fig = dataclasses.replace(fig, bound_bytes=max(0, fig.allocated_peak - low[0],
                                                               fig.reserved_peak - low[1]))
            # the interval's top reaches the other readings of a compiled step where they read more:
            # the step as one graph where dynamo's cut was followed, every multiply inductor would
            # time for padding padded where there are some (padding.py)
            above = self._above(batch, seq, fig, over, one_graph=True) if stream.several else 0
            if stream.compiled and stream.unaligned:
                above = max(above, self._above(batch, seq, fig, over, padded=True))
            if above:
                fig = dataclasses.replace(fig, above_bytes=above)
            self.done[key] = (stream, fig, over)
        return self.done[key]

    def _run(self, batch: int, seq: int, one_graph: bool = False, padded: bool = False) -> fakerun.Stream:
        if self.factory is not None:
            return fakerun.run(self.factory, batch, seq, steps=self.steps, remap=self.remap,
                               compiled=self.compiled, one_graph=one_graph, padded=padded, pads=self.pads)
        assert self.script is not None
        return fakerun.run_script(self.script, self.argv, steps=self.steps, remap=self.remap,
                                  one_graph=one_graph, padded=padded, pads=self.pads)

    def _above(self, batch: int, seq: int, fig: Figures, over: Overheads, *, one_graph: bool = False,
               padded: bool = False) -> int:
        """How far another reading of the step reads above the prediction (its allocated or
        reserved peak), which the interval's top covers. `one_graph`: the step traced as one
        graph, dynamo's cut not followed (a cut read under the real step once, docs/preflight.md,
        "Graph breaks"); `padded`: the matrix multiplies inductor times for padding all padded
        (which way its timing goes on the GPU is not known: "Padded matrix multiplies"). 0 where
        that reading cannot run (a value read inside the one graph's trace) or reads less."""
        try:
            one = self._run(batch, seq, one_graph=one_graph, padded=padded)
        except fakerun.NotRunnable:
            return 0
        of = figures(one.events, one.at_peak, one.peak, batch=batch, seq=seq, overheads=over,
                     setting=self.setting)
        return max(0, of.allocated_peak - fig.allocated_peak, of.reserved_peak - fig.reserved_peak)


def _padding_notes(streams: Sequence[fakerun.Stream], pads: Decisions) -> list[str]:
    """What the compiled steps took from inductor's cache of padding decisions, and what of the
    cache was not read (padcache.py)."""
    decided = max((st.decided for st in streams if st.compiled), default=0)
    notes = []
    if decided:
        gpus = ", ".join(pads.gpus) or "no GPU named"
        notes.append(
            f"{decided} unaligned matrix multipl{'y' if decided == 1 else 'ies'} padded as the GPU's own "
            f"timing decided ({gpus}: inductor's cache in {pads.where}, where a compile of these shapes "
            "ran; docs/preflight.md, 'Padded matrix multiplies')")
    if any(st.compiled for st in streams) and (pads.skipped or pads.conflicting):
        parts = list(pads.skipped[:3])
        if len(pads.skipped) > 3:
            parts.append(f"{len(pads.skipped) - 3} more")
        if pads.conflicting:
            parts.append(f"{pads.conflicting} decision(s) two files disagree on, dropped")
        notes.append(f"inductor's cache in {pads.where}: not read in part: " + "; ".join(parts))
    return notes


def _search(fits: Callable[[int], bool], start: int, start_fits: bool) -> tuple[int | None, int, bool]:
    """The largest n that fits (None: not even 1), by doubling then halving; the probes used;
    whether it is exact (False: the probes ran out, it is a lower bound). Assumes memory grows
    with n (a larger batch or sequence never needs less)."""
    probes = 0
    if start_fits:
        lo, hi = start, None
        while hi is None and probes < MAX_PROBES and lo * 2 <= _SIZE_LIMIT:
            probes += 1
            if fits(lo * 2):
                lo *= 2
            else:
                hi = lo * 2
        if hi is None:
            return lo, probes, False
    else:
        lo, hi = 0, start
    while hi - lo > 1 and probes < MAX_PROBES:
        mid = (lo + hi) // 2
        probes += 1
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return (lo or None), probes, hi - lo <= 1


def preflight(
    factory: Callable[..., Any] | str | None = None,
    shapes: Sequence[tuple[int, int]] = ((1, 512),),
    *,
    script: str | None = None,
    argv: Sequence[str] = (),
    device: Device | str | None = None,
    overheads: Overheads | None = None,
    world: int = 1,
    search: str | None = None,
    steps: int = 2,
    remap: bool | None = None,
    alloc_conf: str = "",
    compiled: bool = False,
    calibration: Sequence[Measurement] = (),
    lookup: Lookup | None = None,
    pads: Decisions | None = None,
) -> Report:
    """Will the job fit? `factory` (a callable or `module:function`) returns a `fakerun.Job` or
    `(model, optimizer, batch_fn)`; or `script`, a training script run until its optimizer has
    stepped `steps` times (one shape: its own). `shapes`: (batch, sequence) pairs. `device`: a
    `Device`, a name from the table (`"H100-80GB"`), or None (figures only, no verdict).
    `overheads`: the bytes beyond the tensors (default: DEFAULT_OVERHEADS, measured on an H100).
    `search`: "batch" or "seq", the largest that fits at the last shape's other dimension.
    `alloc_conf`: the job's PYTORCH_CUDA_ALLOC_CONF (expandable segments, max_split_size_mb, ...:
    what `diagnosis.allocsim` models; ValueError for the rest). `compiled`: the model runs as
    `torch.compile(model)` (as it does where the factory or script compiles it itself).
    `calibration`: what agents measured (`diagnosis.calibration.measurements`): each shape's
    overheads are those of the job's model nearest that shape, where measured (docs/preflight.md).
    `lookup`: more of them, asked for by the job's model fingerprint once its fake run made it
    (what it raises propagates: the caller's to say). `pads`: the padding decisions the GPU's timing
    left in inductor's cache, which a compiled step takes (default: `padcache.read_decisions()`,
    inductor's cache directory as the job's compile finds it; `Decisions()`: none). Raises
    `fakerun.NotRunnable` when the job cannot run on fake tensors."""
    started = time.perf_counter()
    overheads = overheads or DEFAULT_OVERHEADS
    setting = parse_alloc_conf(alloc_conf) if alloc_conf else NATIVE
    if isinstance(factory, str):
        factory = load_factory(factory)
    if (factory is None) == (script is None):
        raise ValueError("give a factory or a script, not both")
    if isinstance(device, str):
        device = Device.named(device)
    if script is not None:
        shapes = shapes[:1]
        if compiled:
            raise ValueError("compiled: a script's own torch.compile is seen by itself (the flag: a factory)")
    cpu_path = standins.remapped() if remap is None else remap
    if cpu_path and overheads.error < CPU_PATH_ERROR:
        overheads = dataclasses.replace(overheads, error=CPU_PATH_ERROR)
    if pads is None:
        pads = read_decisions(gpu=device.name if device is not None and device.name in GPUS else None)
    runner = _Runner(factory, script, argv, steps, overheads, world, remap, setting, compiled, calibration,
                     lookup, pads)
    results = []
    capped: float | None = None
    for batch, seq in shapes:
        stream, fig, over = runner(batch, seq)
        if device is not None and stream.fraction is not None:  # the job caps PyTorch's reserved bytes
            capped, limit = stream.fraction, int(stream.fraction * device.total)
            if device.fraction_limit is None or limit < device.fraction_limit:
                device = dataclasses.replace(device, fraction_limit=limit)
        verdict = judge(stream.events, fig, device, over, world, setting) if device else None
        ranks = {k: per_rank(fig, world, k, over) for k in ("ddp", "fsdp2")} if world > 1 else {}
        results.append(ShapeResult(fig, verdict, ranks, over, stream.model))
    name = script or str(getattr(factory, "__qualname__", repr(factory)))  # getattr: any callable
    report = Report(name, device, overheads, world, results)
    if capped is not None and device is not None:
        report.notes.append(f"the job calls set_per_process_memory_fraction({capped:g}): the verdict holds "
                            f"PyTorch's reserved bytes under {device.fraction_limit} B")
    streams = [runner(s.figures.batch, s.figures.seq)[0] for s in results]
    if any(st.compiled for st in streams):
        report.notes.append(
            "a torch.compile'd step: its peak is modelled from inductor's partition of forward and "
            f"backward and the buffers its kernels keep; the interval is "
            f"±{100 * compiled_overheads(overheads, any(st.uncut for st in streams)).error:.0f} % "
            "(docs/preflight.md, 'A compiled step')")
    for note in dict.fromkeys(n for st in streams for n in st.notes):
        report.notes.append(note)
    report.notes.extend(_value_notes(streams))
    report.notes.extend(_bound_notes(streams, results))
    above = max((r.figures.above_bytes for r in results), default=0)
    if above:
        report.notes.append(
            f"another reading of the compiled step holds up to {human_bytes(above)} more (the step traced as "
            "one graph where dynamo's cut was followed; every matrix multiply inductor times for padding "
            "padded): the interval's top reaches it (docs/preflight.md, 'Graph breaks', 'Padded matrix "
            "multiplies')")
    report.notes.extend(_padding_notes(streams, pads))
    unaligned = max((st.unaligned for st in streams if st.compiled), default=0)
    if unaligned:
        report.notes.append(
            f"inductor times {unaligned} unaligned matrix multipl{'y' if unaligned == 1 else 'ies'} for "
            "padding on the GPU, which pads where that is faster (copies of their operands): predicted "
            "unpadded, the padded reading sets the interval's top (docs/preflight.md, 'Padded matrix "
            "multiplies')")
    read = runner.measured(results[0].model) if results else []
    if (read or lookup is not None) and not any(_of_the_model(r.overheads) for r in results):
        models = len({m.model for m in read})
        report.notes.append(
            f"the agents' calibration ({len(read)} series, {models} model(s)) holds no run of this "
            f"job's model (fingerprint {results[0].model}): the overheads are the node's processes' or the "
            "defaults (docs/preflight.md, 'Where the overheads come from')")
    if cpu_path:
        report.notes.append(
            f"no CUDA device here: the steps ran as fake CPU tensors standing for the GPU's (CPU "
            f"autocast's casts, CPU kernels): the interval is ±{100 * overheads.error:.0f} % "
            "(docs/preflight.md, 'Without a GPU')")
    if device is not None and search in ("batch", "seq") and script is None:
        b0, s0 = shapes[-1]

        def fits(n: int) -> bool:
            b, s = (n, s0) if search == "batch" else (b0, n)
            st, fg, ov = runner(b, s)
            return judge(st.events, fg, device, ov, world, setting).fits

        last = results[-1].verdict
        best, probes, exact = _search(fits, b0 if search == "batch" else s0, bool(last and last.fits))
        report.largest = {"dimension": search, "largest": best, "exact": exact, "probes": probes,
                          "at": {"batch": b0, "seq": s0}}
    if device is not None:
        report.advice = advise(results[-1], device, results[-1].overheads or overheads, world, report.largest)
    report.seconds = time.perf_counter() - started
    return report


def _of_the_model(over: Overheads | None) -> bool:
    """Whether these overheads took anything agents measured of the job's model."""
    return over is not None and bool(over.allocator_from or over.non_pytorch_from.startswith("measured"))


def _value_notes(streams: Sequence[fakerun.Stream]) -> list[str]:
    """One note for the stand-ins the shapes' runs handed out (fakerun: a fake tensor has no
    values), the sites of every shape together."""
    reads: dict[str, int] = {}
    for st in streams:
        for site, n in st.value_reads.items():
            reads[site] = reads.get(site, 0) + n
    if not reads:
        return []
    one = next((st for st in streams if st.stand_in), None)
    text = (f"{fakerun.reads_text(reads, 1 if one else 0)}: control flow that depends on them followed "
            "that value; the memory figures are for that path")
    if one is not None:
        text += f" (with 0 in their place the run did not reach its steps: {one.short_with_zero[:200]})"
    return [text]


def _bound_notes(streams: Sequence[fakerun.Stream], results: Sequence[ShapeResult]) -> list[str]:
    """One note for the ops sized by values that were made at their bound (bounds.BOUNDED), the
    call sites of every shape together."""
    sites: dict[str, int] = {}
    for st in streams:
        for site, n in st.bounded.items():
            sites[site] = sites.get(site, 0) + n
    if not sites:
        return []
    most = sorted(sites.items(), key=lambda kv: -kv[1])[:5]
    shown = ", ".join(f"{s} x{n}" if n > 1 else s for s, n in most)
    more = f", and {len(sites) - 5} more" if len(sites) > 5 else ""
    low = max(r.figures.bound_bytes for r in results)
    unknown = any(st.bounded and st.low_events is None for st in streams)
    reach = ("the whole peak lower (the run with them empty failed)" if unknown
             else f"{human_bytes(low)} lower (the run with them empty)")
    return [f"{sum(sites.values())} output(s) sized by values taken at their bound ({shown}{more}; "
            "nonzero() a row an element, a mask's selection or unique() every element): an upper "
            f"estimate; the interval reaches {reach}"]


def advise(res: ShapeResult, device: Device, overheads: Overheads, world: int,
           largest: dict[str, Any] | None) -> list[str]:
    """What to change when a shape does not fit (or barely does): the levers, biggest first."""
    v, f = res.verdict, res.figures
    if v is None or (v.fits and v.headroom > 0.05 * device.total):
        return []
    out = []
    if largest and largest.get("largest"):
        out.append(f"micro-batch: the largest {largest['dimension']} that fits is {largest['largest']} "
                   "(accumulate gradients to keep the global batch)")
    act = f.categories.get("activations", 0)
    if act and f.tensors_peak:
        out.append(f"activation checkpointing: activations are {100 * act / f.tensors_peak:.0f} % of the "
                   f"peak ({act / 2**30:.2f} GiB); checkpointing each block keeps about one block's")
    room = v.capacity + (ddp_held(f) if world > 1 else 0)  # the verdict's capacity is a DDP rank's
    for w in (2, 4, 8, 16, 32, 64):
        r = per_rank(f, w, "fsdp2", overheads)
        if r["reserved"] + (overheads.nccl if world == 1 else 0) <= room:
            out.append(f"sharding: FSDP2 over {w} ranks needs about {r['total'] / 2**30:.2f} GiB a rank "
                       "(arithmetic from these categories; its reserved bytes read under a real run's: "
                       "leave room, docs/preflight.md 'Per rank')")
            break
    return out


def compiled_overheads(overheads: Overheads, uncut: bool = False) -> Overheads:
    """The overheads of a compiled step's figures: the stream's error at least `COMPILED_ERROR`
    (the model of inductor's buffers, docs/preflight.md 'A compiled step'), or `UNCUT_ERROR`
    where dynamo's graph breaks could not be followed (`uncut`: traced as one graph)."""
    floor = UNCUT_ERROR if uncut else COMPILED_ERROR
    if overheads.error >= floor:
        return overheads
    return dataclasses.replace(overheads, error=floor)
