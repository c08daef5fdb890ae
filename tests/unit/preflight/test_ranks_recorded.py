"""The per-rank model against a recording: bench/preflight_ranks.py's run at four ranks on
4 x H200 (torch 2.11.0+cu130, 2026-11-28; AdamW + bf16 autocast, batch 4 x 512 a rank, two steps),
its ranks.json copied as tests/fixtures/preflight/ranks-h200x4-2026-11-28.json. The one-GPU
figures are the run's own fake-run predictions; the per-rank figures are computed again here by
today's `per_rank` and checked against every rank's real allocated peak."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpumemd.preflight.verdict import DEFAULT_OVERHEADS, Figures, per_rank

MiB = 1 << 20
RECORDING = Path(__file__).resolve().parents[2] / "fixtures" / "preflight" / "ranks-h200x4-2026-11-28.json"
GOAL = 0.01


def _block(h: int, ffn: int, kind: str) -> int:
    """One repeated block's fp32 parameter bytes, from the bench's transformers configs."""
    if kind == "gpt2":  # c_attn, attn c_proj, c_fc, mlp c_proj (weights and biases), two LayerNorms
        return 4 * (h * 3 * h + 3 * h + h * h + h + h * ffn + ffn + ffn * h + h + 4 * h)
    return 4 * (4 * h * h + 3 * h * ffn + 2 * h)  # Llama: q k v o, gate up down, two RMSNorms


# GPT2Config(): 12 blocks, hidden 768; the bench's Llama: 28 blocks, hidden 1024, FFN 4096
BLOCKS = {"gpt2": (_block(768, 3072, "gpt2"),) * 12, "llama": (_block(1024, 4096, "llama"),) * 28}


def _recording() -> dict[str, Any]:
    return json.loads(RECORDING.read_text())


def _figures(pred: dict[str, Any], blocks: tuple[int, ...]) -> Figures:
    return Figures(4, 512, pred["categories"], 0, pred["one_gpu_allocated"], pred["one_gpu_reserved"],
                   0, 0, 0, 0, "", 0.0, blocks)


def _rows(figure: str = "allocated") -> list[tuple[str, str, int, int, int]]:
    rec = _recording()
    out = []
    for row in rec["rows"]:
        name, strategy = row["model"], row["strategy"]
        fig = _figures(rec["predictions"][name], BLOCKS[name])
        got = per_rank(fig, rec["summary"]["world"], strategy, DEFAULT_OVERHEADS)[figure]
        out.append((name, strategy, row["rank"], got, row["real"]["allocated_peak"]))
    return out


def test_the_blocks_are_the_recorded_models_parameters() -> None:
    rec = _recording()
    # the blocks and the root's parameters (embeddings, head, final norm) make every parameter
    assert sum(BLOCKS["gpt2"]) + 4 * (50257 * 768 + 1024 * 768 + 2 * 768) == \
        rec["predictions"]["gpt2"]["categories"]["parameters"]
    # Llama's: also its rotary buffers (inv_freq, original_inv_freq), 512 bytes each once rounded
    assert sum(BLOCKS["llama"]) + 4 * (2 * 32000 * 1024 + 1024) + 2 * 512 == \
        rec["predictions"]["llama"]["categories"]["parameters"]


def test_nccls_default_is_the_recorded_median() -> None:
    rec = _recording()["summary"]
    assert len(set(rec["nccl_bytes_per_rank"])) == 1 and rec["world"] == 4
    assert DEFAULT_OVERHEADS.nccl == rec["nccl_median"] == 840 * MiB


@pytest.mark.parametrize("name, strategy, rank, predicted, real",
                         [r for r in _rows() if not (r[:2] == ("gpt2", "ddp") and r[2] > 0)])
def test_the_per_rank_allocated_peak_is_within_one_percent(name: str, strategy: str, rank: int,
                                                           predicted: int, real: int) -> None:
    assert abs(predicted - real) / real <= GOAL, f"{name} {strategy} rank {rank}: {predicted:,} vs {real:,}"


def test_ddp_figure_is_the_high_side_where_the_rebuilds_second_copy_was_gone() -> None:
    """GPT-2 DDP ranks 1-3 peaked with one gradient copy, not two (rank 0 and every Llama rank
    with two): the figure is over there by the gradients' bytes, never under."""
    params = _recording()["predictions"]["gpt2"]["categories"]["parameters"]
    rows = [r for r in _rows() if r[:2] == ("gpt2", "ddp") and r[2] > 0]
    assert len(rows) == 3
    for *_, predicted, real in rows:
        assert 0 < predicted - real < params + 4 * MiB
        assert abs(predicted - params - real) / real <= GOAL


def test_fsdp2s_reserved_bytes_count_the_collectives_pools_and_still_read_under() -> None:
    """Not claimed to 1 %: the sharded gradients and a block twice, in the collectives' own pools,
    bring FSDP2's reserved figure from 6.6-10.4 % under to within 4 % under; the rest is not
    explained (docs/preflight.md, 'Per rank, measured')."""
    rec = _recording()
    for row in (r for r in rec["rows"] if r["strategy"] == "fsdp2"):
        fig = _figures(rec["predictions"][row["model"]], BLOCKS[row["model"]])
        got = per_rank(fig, 4, "fsdp2", DEFAULT_OVERHEADS)["reserved"]
        real = row["real"]["reserved_peak"]
        assert -0.04 <= (got - real) / real < 0, (row["model"], got, real)


@pytest.mark.parametrize("name, strategy, rank, predicted, real",
                         [r for r in _rows("allocated_low") if r[:2] == ("gpt2", "ddp") and r[2] > 0])
def test_the_ranks_that_had_let_the_first_buckets_go_are_within_one_percent_of_the_low_figure(
        name: str, strategy: str, rank: int, predicted: int, real: int) -> None:
    """GPT-2 DDP ranks 1-3 peaked with one gradient copy: `allocated_low` is their figure."""
    assert abs(predicted - real) / real <= GOAL, f"{name} {strategy} rank {rank}: {predicted:,} vs {real:,}"
