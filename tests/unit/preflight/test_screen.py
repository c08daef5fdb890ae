"""The one-screen answer (gpumemd/preflight/screen.py): any request — shapes × world sizes ×
verdicts × notes — in at most 24 lines of at most 100 columns, the verdict first, every shape's
verdict on the screen; `-v` keeps every figure."""

from __future__ import annotations

import dataclasses
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.commands.preflight_cli import MAX_SHAPES, MAX_SIZE  # the most --shape takes, and the largest
from gpumemd.preflight import screen
from gpumemd.preflight.report import Report, ShapeResult, advise
from gpumemd.preflight.verdict import DEFAULT_OVERHEADS, Device, Figures, Verdict, figures, per_rank

MiB, GiB = 1 << 20, 1 << 30
EVENTS = [(1, 3 * GiB), (2, 2 * GiB), (3, 700 * MiB), (2, 0)]
CATS = {"parameters": 1 * GiB, "gradients": 1 * GiB, "optimizer_state": 1 * GiB, "activations": 2 * GiB,
        "temporaries": 700 * MiB, "other": 4096}
# notes the report carries, as long as they come (fakerun's, the CPU path's, a value read's)
NOTES = [
    "no CUDA device here: the steps ran as fake CPU tensors standing for the GPU's (CPU autocast's casts, "
    "CPU kernels): the interval is ±10 % (docs/preflight.md, 'Without a GPU')",
    "2 value reads of fake tensors returned 0 (tests/fixtures/preflight/scripts/logs_loss.py:10 x2): control "
    "flow that depends on them followed that value; the memory figures are for that path",
    "a torch.compile'd step: its peak is modelled from inductor's partition of forward and backward and the "
    "buffers its kernels keep; the interval is ±10 % (docs/preflight.md, 'A compiled step')",
]
BASE = figures(EVENTS, CATS, 5 * GiB + 700 * MiB, batch=1, seq=1, overheads=DEFAULT_OVERHEADS, world=2,
               phase="backward")


def _verdict(fits: bool, certain: bool, headroom: int, releases: bool, bound: str) -> Verdict:
    notes = ["fits only after the allocator releases its cache (a slower step; fragmentation): little room"]
    return Verdict(fits, certain, 40 * GiB, headroom if fits else -abs(headroom) - 1, releases and fits,
                   notes if releases and fits else [], bound)


@st.composite
def reports(draw: st.DrawFn) -> Report:
    n = draw(st.integers(1, MAX_SHAPES))
    world = draw(st.sampled_from([1, 2, 4, 64, 1 << 16]))
    device = draw(st.sampled_from([
        None, Device.named("H100-80GB"), Device(f"{(1 << 50) - 1} B", (1 << 50) - 1, source="--total"),
        Device("NVIDIA H200", 150754820096, 644939776, 5 * GiB,
               source="GPU 7 of http://gpu-node-with-a-long-name.cluster.example.internal:9967: "
               "139999999999 B free")]))
    sizes = st.integers(1, MAX_SIZE) if draw(st.booleans()) else st.sampled_from([1, 8, 512, 2048])
    shapes = []
    for _ in range(n):
        fig: Figures = dataclasses.replace(BASE, batch=draw(sizes), seq=draw(sizes),
                                           nccl=BASE.nccl if world > 1 else 0,
                                           bound_bytes=draw(st.sampled_from([0, 3 * GiB])))
        verdict = None if device is None else _verdict(
            draw(st.booleans()), draw(st.booleans()), draw(st.integers(0, 1 << 50)), draw(st.booleans()),
            draw(st.sampled_from(["", "device total", "free memory", "MPS limit", "memory fraction"])))
        ranks = {k: per_rank(fig, world, k, DEFAULT_OVERHEADS) for k in ("ddp", "fsdp2")} if world > 1 else {}
        shapes.append(ShapeResult(fig, verdict, ranks))
    job = draw(st.sampled_from(["tiny", "/home/someone/projects/" + "deep/" * 30 + "train.py"]))
    report = Report(job, device, DEFAULT_OVERHEADS, world, shapes, seconds=draw(st.floats(0, 1e5)))
    report.notes = draw(st.lists(st.sampled_from(NOTES), max_size=3))
    if device is not None:
        if draw(st.booleans()):
            best = draw(st.one_of(st.none(), st.integers(1, MAX_SIZE)))
            report.largest = {"dimension": draw(st.sampled_from(["batch", "seq"])), "largest": best,
                              "exact": draw(st.booleans()), "probes": 14,
                              "at": {"batch": shapes[-1].figures.batch, "seq": shapes[-1].figures.seq}}
        report.advice = advise(shapes[-1], device, DEFAULT_OVERHEADS, world, report.largest)
    return report


def _on_screen(lines: list[str], r: ShapeResult) -> bool:
    """The shape and its verdict side by side on one line (a shape is no part of a longer one)."""
    v = r.verdict
    word = "-" if v is None else screen._word(v)
    pattern = re.compile(rf"(?<![\dx]){r.figures.batch}x{r.figures.seq}(?![\dx])\s+{re.escape(word)}\*?\s")
    return any(pattern.search(line) for line in lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reports())
def test_any_request_fits_one_screen_with_every_shapes_verdict(report: Report) -> None:
    lines = screen.render(report).splitlines()
    assert len(lines) <= screen.HEIGHT == 24
    assert max(len(line) for line in lines) <= screen.WIDTH == 100
    assert all(_on_screen(lines, r) for r in report.shapes)
    word = {True: "FITS", False: "DOES NOT FIT", None: "NO VERDICT"}[report.fits]
    assert lines[1].startswith(word) or (word == "DOES NOT FIT" and lines[1].startswith("MAY NOT FIT"))
    assert f"(exit {report.exit_code})" in lines[1]  # the verdict first, with what a scheduler acts on


@settings(max_examples=30, deadline=None)
@given(reports())
def test_verbose_keeps_every_figure_and_each_note_whole(report: Report) -> None:
    text = screen.render(report, verbose=True)
    assert all(note in text for note in report.notes) and all(a in text for a in report.advice)
    assert text.count("tensors at the peak") == len(report.shapes)


def test_the_verdict_says_the_bound_it_was_held_to() -> None:
    fig = dataclasses.replace(BASE, batch=8, seq=512)
    report = Report("job", Device("t", 80 * GiB), DEFAULT_OVERHEADS, 1,
                    [ShapeResult(fig, _verdict(True, True, 2 * GiB, False, "MPS limit"))])
    lines = screen.render(report).splitlines()
    assert lines[1] == ("FITS (exit 0): 1 of 1 shape(s) fit; least headroom 2.0 GiB (8x512), held to the "
                        "MPS limit")


def test_more_shapes_than_rows_fold_into_cells_and_none_is_lost() -> None:
    device = Device.named("H200")
    shapes = [ShapeResult(dataclasses.replace(BASE, batch=MAX_SIZE - i, seq=MAX_SIZE), _verdict(
        i % 3 == 0, i % 2 == 0, i * GiB, False, "device total")) for i in range(MAX_SHAPES)]
    report = Report("job", device, DEFAULT_OVERHEADS, 1, shapes, notes=NOTES)
    lines = screen.render(report).splitlines()
    assert len(lines) <= 24 and all(_on_screen(lines, r) for r in shapes)
    assert not any(line.startswith("shape ") for line in lines)  # cells, not the table
