"""Reads of a fake tensor's value in the fake run (gpumemd/preflight/fakerun.py): the training
scripts of tests/fixtures/preflight/scripts, each the plain loop plus the reads a real script
makes, against the plain loop's memory; a value that steers memory; and real tensors' values
untouched, during the run and after it, also after the script raised."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import torch
from torch.utils._python_dispatch import _get_current_dispatch_mode_stack

import gpumemd
from gpumemd.preflight import NotRunnable, fakerun
from gpumemd.preflight.screen import render
from tests.helpers import ROOT
from tests.unit.preflight import models

SCRIPTS = ROOT / "tests" / "fixtures" / "preflight" / "scripts"


@pytest.fixture(scope="module")
def plain() -> fakerun.Stream:
    stream = fakerun.run_script(str(SCRIPTS / "plain.py"))
    assert not stream.value_reads and stream.peak > 0
    return stream


def _same_memory(stream: fakerun.Stream, plain: fakerun.Stream, same_stream: bool = True) -> None:
    figures = (stream.peak, stream.at_peak, stream.phase_at_peak)
    assert figures == (plain.peak, plain.at_peak, plain.phase_at_peak)
    if same_stream:  # .item() allocates nothing: every allocation is the plain loop's
        assert [n for _, n in stream.events if n] == [n for _, n in plain.events if n]


def test_a_script_that_prints_its_loss_every_step_has_the_plain_loops_memory(plain: fakerun.Stream) -> None:
    stream = fakerun.run_script(str(SCRIPTS / "logs_loss.py"))
    _same_memory(stream, plain)
    assert stream.stand_in == 0
    assert {Path(site).name: n for site, n in stream.value_reads.items()} == {"logs_loss.py:10": 2}


def test_every_way_of_reading_a_value_takes_the_ordinary_steps_path(plain: fakerun.Stream) -> None:
    """isfinite(...).all().item() reads True, `loss > 1e6` False (else the step would be
    skipped, or the script would exit), float(), .tolist() a list of zeros."""
    stream = fakerun.run_script(str(SCRIPTS / "reads_every_way.py"))
    _same_memory(stream, plain, same_stream=False)  # isfinite's and the comparisons' scalars besides
    reads = {Path(site).name: n for site, n in stream.value_reads.items()}
    assert reads == {"reads_every_way.py:13": 2, "reads_every_way.py:17": 2, "reads_every_way.py:18": 2,
                     "reads_every_way.py:20": 8}  # .tolist() of 4 labels, each a read


def test_an_early_stop_on_the_loss_takes_the_run_with_1(plain: fakerun.Stream) -> None:
    """`if loss.item() < 1: break` stops at the first step with 0 in the loss's place."""
    stream = fakerun.run_script(str(SCRIPTS / "breaks_early.py"))
    _same_memory(stream, plain)
    assert stream.stand_in == 1
    assert "ended after 1 optimizer step(s), 2 needed" in stream.short_with_zero
    assert {Path(site).name for site in stream.value_reads} == {"breaks_early.py:13"}


def test_a_size_read_from_a_value_is_not_told() -> None:
    with pytest.raises(NotRunnable, match=r"a value steers memory: 2 value reads .*sized_by_value\.py:10 x2"):
        fakerun.run_script(str(SCRIPTS / "sized_by_value.py"))


def test_a_job_whose_branch_on_a_value_allocates_is_not_told() -> None:
    lines = Path(models.__file__).read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "if out.item() > 0:" in text)
    with pytest.raises(NotRunnable, match=rf"a value steers memory: .*models\.py:{line} x2"):
        fakerun.run(models.reads_a_value, 1, 8)


def test_the_note_is_in_the_api_result_its_json_and_the_text(plain: fakerun.Stream) -> None:
    report = gpumemd.preflight(script=str(SCRIPTS / "logs_loss.py"), device="H100-80GB")
    note = ("2 value reads of fake tensors returned 0 (tests/fixtures/preflight/scripts/logs_loss.py:10 x2): "
            "control flow that depends on them followed that value; the memory figures are for that path")
    assert report.notes[0] == note and report.exit_code == 0
    assert report.to_json()["notes"][0] == note
    assert f"note: {note}\n" in render(report, verbose=True)  # whole under -v
    assert "note: 2 value reads of fake tensors returned 0 (" in render(report)  # on the screen, wrapped
    assert report.shapes[0].figures.tensors_peak == plain.peak


def test_a_real_tensor_read_during_the_run_keeps_its_value() -> None:
    real = torch.tensor(3.0)
    seen: list[tuple[float, bool]] = []

    def job() -> fakerun.Job:
        j = models.tiny()

        def loss(model: torch.nn.Module, batch: torch.Tensor) -> torch.Tensor:
            seen.append((real.item(), real.tolist() == 3.0))
            return model(batch)

        j.loss = loss
        return j

    stream = fakerun.run(job, 1, 8)
    assert seen == [(3.0, True)] * 2 and not stream.value_reads


def test_real_tensors_values_are_untouched_after_the_run_and_after_the_script_raised(tmp_path: Path) -> None:
    item, tolist, as_bool = torch.Tensor.item, torch.Tensor.tolist, torch.Tensor.__bool__
    script = tmp_path / "raises.py"
    script.write_text(textwrap.dedent("""
        import torch
        x = torch.randn(8, device="cuda")
        print(x.sum().item(), bool(x.sum() > 0))
        raise RuntimeError("the script's own failure")
    """))
    with pytest.raises(NotRunnable, match="own failure.*with 1 in their place it did not run either"):
        fakerun.run_script(str(script))
    fakerun.run_script(str(SCRIPTS / "logs_loss.py"))
    assert (torch.Tensor.item, torch.Tensor.tolist, torch.Tensor.__bool__) == (item, tolist, as_bool)
    assert _get_current_dispatch_mode_stack() == []  # neither the fake mode nor the tracker left on
    assert torch.tensor(2.5).item() == 2.5 and torch.tensor([1, 2]).tolist() == [1, 2]
    assert bool(torch.tensor(True)) and not bool(torch.tensor(0.0) > 1)


def test_a_loop_that_reads_without_stepping_is_stopped(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fakerun, "MAX_VALUE_READS", 5)
    script = tmp_path / "spins.py"
    script.write_text("import torch\nx = torch.randn(8, device='cuda')\nwhile True:\n    float(x.sum())\n")
    with pytest.raises(NotRunnable, match="more than 5 value reads of fake tensors"):
        fakerun.run_script(str(script))
