"""The spool's merge: a family merged again only when one of its ranks' families changed, and
always what a merge from nothing gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from prometheus_client.core import Metric
from prometheus_client.samples import Sample

from gpumemd.sources.spool import SpoolSource
from gpumemd.spool.format import SUFFIXES, RankFamily, RankFile, SpoolReading


def family(name: str, typ: str, series: list[tuple[str, float]]) -> RankFamily:
    """A rank's family as the validator builds it: sample names the family's, keys per series."""
    sample_name = name + SUFFIXES[typ][0]
    samples = tuple(Sample(sample_name, {"rank": rank}, value) for rank, value in series)
    return (name, typ, f"{name} help", samples,
            frozenset(hash((s.name, frozenset(s.labels.items()))) for s in samples))


def rank_file(pid: int, families: list[RankFamily]) -> RankFile:
    return RankFile(pid, 100.0, 1.0, {"rank": str(pid)}, families, series=sum(len(f[3]) for f in families))


def merged(source: SpoolSource, ranks: list[RankFile]) -> list[Metric]:
    return list(source.families(SpoolReading(tuple(ranks))))


def shape(families: list[Metric]) -> list[tuple[str, str, str, list[Any]]]:
    return [(f.name, f.type, f.documentation, list(f.samples)) for f in families]


# a small pool of families that share names (claims), types and series (two ranks, one series)
NAMES = st.sampled_from(["gpumemd_a", "gpumemd_a_total", "gpumemd_b", "gpumemd_b_created"])
FAMILIES = st.lists(
    st.builds(family, NAMES, st.sampled_from(["gauge", "counter"]),
              st.lists(st.tuples(st.sampled_from(["0", "1", "2"]), st.sampled_from([0.0, -0.0, 1.0, 2.5])),
                       max_size=3)),
    min_size=1, max_size=6,
)
# each sample: each rank's families as indices into the pool (the same objects across samples)
STEPS = st.lists(
    st.lists(st.lists(st.integers(0, 5), max_size=4), min_size=1, max_size=3), min_size=1, max_size=5
)


@settings(max_examples=300, deadline=None)
@given(FAMILIES, STEPS)
def test_the_kept_merge_is_the_merge_from_nothing(
    pool: list[RankFamily], steps: list[list[list[int]]]
) -> None:
    kept = SpoolSource(Path("/nonexistent"))
    for step in steps:
        ranks = [rank_file(100 + r, [pool[i % len(pool)] for i in picks]) for r, picks in enumerate(step)]
        assert shape(merged(kept, ranks)) == shape(merged(SpoolSource(Path("/nonexistent")), ranks))


def test_a_family_whose_ranks_stand_is_not_merged_again() -> None:
    a0, a1 = family("gpumemd_a", "gauge", [("0", 1.0)]), family("gpumemd_a", "gauge", [("1", 2.0)])
    b0, b1 = family("gpumemd_b", "gauge", [("0", 3.0)]), family("gpumemd_b", "gauge", [("1", 4.0)])
    source = SpoolSource(Path("/nonexistent"))
    first = merged(source, [rank_file(100, [a0, b0]), rank_file(101, [a1, b1])])
    b1_moved = family("gpumemd_b", "gauge", [("1", 5.0)])
    second = merged(source, [rank_file(100, [a0, b0]), rank_file(101, [a1, b1_moved])])
    assert second[0] is first[0]  # gpumemd_a: both ranks' very families
    assert second[1] is not first[1] and [s.value for s in second[1].samples] == [3.0, 5.0]
    third = merged(source, [rank_file(101, [a1, b1_moved])])  # rank 0 gone
    assert [s.labels["rank"] for s in third[0].samples] == ["1"]
