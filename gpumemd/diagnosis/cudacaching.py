"""PyTorch's CUDA caching allocator (c10/cuda/CUDACachingAllocator.cpp, the native backend):
its constants and the size arithmetic that follows from them, declared once.

The allocator what-if (allocsim.py) replays whole streams through a model built on them
(cachemodel.py); the OOM accounting (accounting.py) and the diagnosis (oom.py) ask the same
questions of one snapshot: which pool a request draws from, what page an expandable segment
maps, how many whole pages a range holds. Pure integers: no torch.
"""

from __future__ import annotations

from operator import neg

__all__ = ["LARGE_BUFFER", "MIN_BLOCK", "MIN_LARGE_ALLOC", "ROUND_LARGE", "SMALL_BUFFER", "SMALL_SIZE",
           "expandable_page", "is_small", "pages_mapped", "round_block", "round_blocks", "whole_pages"]

MIN_BLOCK = 512  # kMinBlockSize: every size is rounded up to a multiple
SMALL_SIZE = 1 << 20  # kSmallSize: largest request of the small pool
SMALL_BUFFER = 2 << 20  # kSmallBuffer: the small pool's segment (and expandable page)
MIN_LARGE_ALLOC = 10 << 20  # kMinLargeAlloc: requests below it take a kLargeBuffer segment
LARGE_BUFFER = 20 << 20  # kLargeBuffer: that segment (and the large pool's expandable page)
ROUND_LARGE = 2 << 20  # kRoundLarge: larger requests are rounded up to it


def round_block(size: int) -> int:
    """`size` rounded up to a multiple of kMinBlockSize, as round_size does without
    roundup_power2_divisions (0 stays 0: nothing is allocated for it)."""
    return -(-size // MIN_BLOCK) * MIN_BLOCK


def round_blocks(sizes: list[int]) -> int:
    """The sum of `round_block` over `sizes` (non-negative), without a Python call per size
    (the category pass sums hundreds of storages in the optimizer-step hook): each size plus
    what rounds it up, (-size) mod MIN_BLOCK."""
    return sum(sizes) + sum(map(MIN_BLOCK.__rmod__, map(neg, sizes)))


def is_small(size: int) -> bool:
    """A request of `size` bytes draws from the small pool (get_pool)."""
    return size <= SMALL_SIZE


def expandable_page(small: bool) -> int:
    """The page an expandable segment of that pool maps and unmaps (SegmentRange)."""
    return SMALL_BUFFER if small else LARGE_BUFFER


def pages_mapped(size: int) -> int:
    """What an expandable segment maps for a request of `size` bytes: whole pages of its pool."""
    page = expandable_page(is_small(size))
    return -(-size // page) * page


def whole_pages(start: int, size: int, page: int) -> int:
    """Bytes of whole pages inside [start, start + size), pages counted from 0."""
    first = -(-start // page) * page
    last = (start + size) // page * page
    return max(0, last - first)
