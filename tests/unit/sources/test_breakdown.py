"""Every byte of each GPU in a named category: the categories sum to NVML's total on every
recorded capture, with and without ranks joined, and for any NVML answer."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd import config
from gpumemd.backends.replay import load_capture
from gpumemd.sampling.sampler import Sampler
from gpumemd.sources.breakdown import CATEGORIES, RankMemory, breakdown
from gpumemd.sources.node import node_sources
from gpumemd.sources.nvml import GpuProcess, GpuReading, NvmlReading
from tests.helpers import ROOT

CAPTURES = sorted((ROOT / "tests" / "fixtures" / "captures").glob("*.json"))
sys.path.insert(0, str(ROOT / "bench"))
import synth_capture  # noqa: E402  (writes synthetic ranks through the real agent code)


def sample(capture: Path, spool: Path | None = None) -> dict[tuple[str, str], float]:
    cfg = config.Config()
    if spool is not None:
        cfg = config.loads(f"agent: {{spool_dir: {spool}}}\nsources: {{spool: {{accept_unverified: true}}}}")
    snap = Sampler(node_sources(cfg, load_capture(capture)), interval=1.0).sample_once()
    out = {}
    for fam in snap.exposition.families:
        for s in fam.samples:
            if s.name in ("gpumemd_gpu_memory_breakdown_bytes", "gpumemd_gpu_memory_total_bytes"):
                out[(s.name, s.labels["uuid"], s.labels.get("category", ""))] = s.value
    return out


def check_sums(got: dict[tuple[str, str, str], float]) -> int:
    totals = {uuid: v for (name, uuid, _), v in got.items() if name == "gpumemd_gpu_memory_total_bytes"}
    for uuid, total in totals.items():
        parts = {c: v for (name, u, c), v in got.items() if u == uuid and name.endswith("breakdown_bytes")}
        assert sorted(parts) == sorted(CATEGORIES), uuid
        assert sum(parts.values()) == total, (uuid, parts, total)
        assert all(v >= 0 for v in parts.values()), parts
    return len(totals)


def test_categories_sum_to_the_total_on_every_capture() -> None:
    assert sum(check_sums(sample(c)) for c in CAPTURES) >= 20


def test_joined_ranks_split_their_process_into_pytorch_and_the_rest(tmp_path: Path) -> None:
    capture = ROOT / "tests/fixtures/captures/synthetic__8xh200__8-ranks.json"
    synth_capture.write_spool(load_capture(capture), tmp_path, written=time.time())
    got = sample(capture, tmp_path)
    assert check_sums(got) == 8
    for (_name, uuid, category), value in got.items():
        if category in ("pytorch_allocated", "non_pytorch"):
            assert value > 0, (uuid, category)  # each GPU's rank joined on its pid
        if category == "other_processes":
            assert value == 0, uuid  # every process runs an agent here


def test_a_process_without_an_agent_is_other_processes() -> None:
    capture = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
    got = sample(capture)
    uuid = "GPU-50bfc93b-52b4-cb57-7e91-b4095c5b2f72"
    assert got[("gpumemd_gpu_memory_breakdown_bytes", uuid, "other_processes")] == 1616904192
    # NVML's used (v2) minus its one process: the residual is named, not hidden
    assert got[("gpumemd_gpu_memory_breakdown_bytes", uuid, "unattributed")] == 1626144768 - 1616904192


_bytes = st.integers(min_value=0, max_value=1 << 40)


@st.composite
def gpus(draw: st.DrawFn) -> tuple[NvmlReading, list[RankMemory]]:
    procs = draw(st.lists(st.tuples(st.integers(1, 50), st.one_of(st.none(), _bytes)), max_size=6,
                          unique_by=lambda p: p[0]))
    listed = sum(u or 0 for _, u in procs)
    reserved = draw(_bytes)
    free = draw(_bytes)
    slack = draw(st.integers(min_value=-(1 << 30), max_value=1 << 40))  # NVML's parts may disagree
    total = max(0, listed + reserved + free + slack)
    gpu = GpuReading(0, "GPU-x", "H", None, total, listed + max(0, slack), free, reserved,
                     tuple(GpuProcess(pid, used) for pid, used in procs)
                     if draw(st.booleans()) else None)
    ranks = [RankMemory(pid, "GPU-x", draw(_bytes), draw(_bytes), draw(_bytes))
             for pid, _ in procs if draw(st.booleans())]
    return NvmlReading("1", (gpu,), {}, draw(st.integers(0, 3))), ranks


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gpus())
def test_categories_always_sum_to_the_total(case: tuple[NvmlReading, list[RankMemory]]) -> None:
    nvml, ranks = case
    (g,) = breakdown(nvml, ranks)
    assert sum(g.parts.values()) == nvml.gpus[0].total_bytes
    gpu = nvml.gpus[0]
    listed = sum(p.used_bytes or 0 for p in gpu.processes or ())
    if listed + (gpu.reserved_bytes or 0) + (gpu.free_bytes or 0) <= (gpu.total_bytes or 0):
        assert all(v >= 0 for v in g.parts.values()), g.parts  # a consistent NVML: no negative part


@settings(max_examples=200, deadline=None)
@given(_bytes, _bytes, _bytes, _bytes)
def test_a_process_splits_into_parts_that_sum_to_what_nvml_charges(used: int, reserved: int, allocated: int,
                                                                   inactive_split: int) -> None:
    from gpumemd.sources.memsplit import PROCESS_CATEGORIES, split_process

    parts = split_process(used, reserved, allocated, inactive_split)
    assert tuple(parts) == PROCESS_CATEGORIES
    assert sum(parts.values()) == used and all(v >= 0 for v in parts.values())
    # a consistent reading: exact
    if allocated <= reserved <= used and inactive_split <= reserved - allocated:
        assert parts["pytorch_allocated"] == allocated and parts["non_pytorch"] == used - reserved
