"""The breakdown and `explain` replayed from a real H100 (2026-11-24, tests/gpu/test_explain_gpu.py):
two torch ranks through `gpumemd run` (512 and 768 MiB), a CuPy process (300 MiB) and the
pytest process itself on GPU 0 — NVML's answers as captured, the ranks' spool files as they
published them. The figures the ranks printed from `torch.cuda.memory_stats()` on the machine
are the expectations here."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from gpumemd.backends.replay import load_capture, nvml_replayer
from gpumemd.commands.explain import findings, render
from gpumemd.commands.node import Node
from gpumemd.sampling.sampler import Sampler
from gpumemd.sources.breakdown import BreakdownSource
from gpumemd.sources.nvml import NvmlSource
from gpumemd.sources.spool import SpoolSource
from tests.helpers import ROOT

NAME = "h100__580.159.04__two-ranks-cupy"
CAPTURE = ROOT / "tests" / "fixtures" / "captures" / f"{NAME}.json"
SPOOL = ROOT / "tests" / "fixtures" / "spool" / NAME
GOLDEN = ROOT / "tests" / "golden" / "explain" / "h100-two-ranks-cupy.txt"
# what the ranks printed from torch.cuda.memory_stats() on the H100, and NVML's per-process used
RANKS = {813: {"allocated": 570687488, "reserved": 572522496, "inactive_split": 1835008},
         834: {"allocated": 839122944, "reserved": 840957952, "inactive_split": 1835008}}
OTHERS = {503: 868220928, 858: 857735168}  # the pytest process, the CuPy process


def sample(tmp_path: Path) -> Node:
    for f in SPOOL.glob("agent-*.json"):
        shutil.copy(f, tmp_path / f.name)
    docs = [json.loads(f.read_text()) for f in SPOOL.glob("agent-*.json")]
    written = max(d["written"] for d in docs)
    # Recorded ranks: alive and ours as they were then, seen a moment after their last publish.
    spool = SpoolSource(tmp_path, clock=lambda: written + 0.5, alive=lambda pid: True,
                        owner=lambda pid: os.geteuid(), pidns=docs[0]["pidns"])
    sources = [NvmlSource(nvml_replayer(load_capture(CAPTURE)), process_names=True), spool, BreakdownSource()]
    snapshot = Sampler(sources, interval=1.0).sample_once()
    assert snapshot.success == {"nvml": True, "spool": True, "breakdown": True}
    return Node.from_families(snapshot.exposition.families, "a replayed H100 capture")


def test_every_category_matches_what_the_processes_held(tmp_path: Path) -> None:
    (g,) = sample(tmp_path).gpus
    assert sum(g.parts.values()) == g.total
    assert g.parts["pytorch_allocated"] == sum(r["allocated"] for r in RANKS.values())
    reserved = sum(r["reserved"] for r in RANKS.values())
    assert (
        g.parts["pytorch_allocated"] + g.parts["pytorch_fragmented"] + g.parts["pytorch_cached"] == reserved
    )
    by_pid = {p.pid: p for p in g.processes}
    assert g.parts["non_pytorch"] == sum(by_pid[pid].used for pid in RANKS) - reserved
    assert g.parts["other_processes"] == sum(OTHERS.values())
    for pid, held in RANKS.items():
        p = by_pid[pid]
        assert p.agent and (p.allocated, p.reserved) == (held["allocated"], held["reserved"])
    assert {p.rank for p in g.processes if p.agent} == {"0", "1"}


def test_explain_names_the_processes_without_an_agent(tmp_path: Path, update_golden: bool) -> None:
    node = sample(tmp_path)
    found = findings(node)
    assert sorted(f.kind for f in found) == ["no_agent", "no_agent"]
    assert {int(f.message.split()[1]) for f in found} == set(OTHERS)
    text = render(node, found)
    if update_golden:
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text(), f"regenerate with --update-golden and review: {GOLDEN}"
