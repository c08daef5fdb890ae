"""The caching allocator's size arithmetic (gpumemd/diagnosis/cudacaching.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gpumemd.diagnosis.cudacaching import MIN_BLOCK, round_block, round_blocks


@given(st.lists(st.integers(min_value=0, max_value=1 << 40), max_size=50))
def test_round_blocks_sums_each_size_rounded_up_to_whole_blocks(sizes: list[int]) -> None:
    for s in sizes:  # the smallest multiple of the block at least the size (0 stays 0)
        r = round_block(s)
        assert r % MIN_BLOCK == 0 and s <= r < s + MIN_BLOCK
    assert round_blocks(sizes) == sum(map(round_block, sizes))
