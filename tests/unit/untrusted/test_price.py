"""The one price list of the readers of untrusted text (`untrusted.price`): nothing priced at
nothing that CPython does not share, and never below what a large dict holds while it grows."""

from __future__ import annotations

import json
import sys

import pytest

from gpumemd.untrusted import jsondoc, read_json
from gpumemd.untrusted.price import DICT_ITEM, DICT_OPEN, Tally, scalar
from tests.helpers import peak_allocated

UNPRICED = 64 << 10  # as tests/unit/untrusted/test_readers.py: frames and one token's match


@pytest.mark.parametrize("text", ['""', '"a"', '"\u00e9"', '"\u00ff"', '"\u0100"', '"\u20ac"',
                                  '"\ud83d\ude00"', '"ab"', "-5", "256", "257", "-6", "1.5"])
def test_only_what_cpython_shares_is_priced_at_nothing(text: str) -> None:
    value = json.loads(text)  # built as a reader builds it
    shared = value is json.loads(text)
    assert scalar(value) == (0 if shared else sys.getsizeof(value)), (value, scalar(value))


def test_none_and_bools_cost_nothing() -> None:
    assert [scalar(v) for v in (None, True, False)] == [0, 0, 0]


def test_a_dict_growing_never_holds_more_than_its_price() -> None:
    # while a table is resized the old and the new are both allocated: the most a dict costs an item
    keys = [10**6 + i for i in range(60_000)]  # not str: CPython's larger entries
    for n in (5_000, 22_000, 50_000):
        part = keys[:n]
        peak = peak_allocated(lambda part=part: _filled(part))
        assert peak <= DICT_OPEN + DICT_ITEM * n, (n, peak)


def _filled(keys: list[int]) -> dict[int, None]:
    d: dict[int, None] = {}
    for k in keys:
        d[k] = None
    return d


def test_the_json_reader_never_allocates_more_than_it_prices_a_large_object() -> None:
    data = json.dumps({f"k{i}": i for i in range(50_000)}).encode()
    assert peak_allocated(lambda: read_json(data, limit=1 << 40)) <= jsondoc.estimate(data) + UNPRICED


@pytest.mark.parametrize("distinct", [False, True])
def test_one_character_strings_outside_latin1_are_priced(distinct: bool) -> None:
    chars = [chr(0x4E00 + (i if distinct else 0)) for i in range(20_000)]
    data = json.dumps(chars, ensure_ascii=False).encode()
    assert read_json(data, limit=1 << 40) == chars
    assert peak_allocated(lambda: read_json(data, limit=1 << 40)) <= jsondoc.estimate(data) + UNPRICED


def test_the_tally_refuses_past_its_limit_and_keeps_the_most() -> None:
    tally = Tally(10, 100)
    tally.spend(60)
    tally.spend(-50)
    tally.spend(90)
    assert (tally.total, tally.most) == (100, 100)
    refused = r"^refused: its objects would take more than 0 MiB \(10x its 10 bytes\)$"
    with pytest.raises(ValueError, match=refused):
        tally.spend(1)
