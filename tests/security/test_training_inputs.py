"""The training loop's hints as hostile input: a batch's shape and `tokens=` come from user code
and data loaders (any object at all). Each is read by one helper (`token_count`,
`batch_tokens`); nothing raises into the loop, nothing odd reaches the forecast."""

from __future__ import annotations

from typing import Any

import pytest

from gpumemd.integrations._hooks import Hooks, batch_tokens
from gpumemd.sources.forecast import MAX_TOKENS, token_count


class Raising:
    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(name)


class Shape:
    def __init__(self, shape: Any) -> None:
        self.shape = shape


class Index:
    def __init__(self, value: Any) -> None:
        self.value = value

    def __index__(self) -> Any:
        return self.value


@pytest.mark.parametrize("value", [None, True, False, 0, -1, MAX_TOKENS + 1, 1 << 200, 1.0, float("inf"),
                                   float("nan"), "7", b"7", [7], {"t": 7}, Index(-3), Index(1 << 70),
                                   object()])
def test_token_count_refuses_what_is_not_a_count(value: Any) -> None:
    assert token_count(value) is None


def test_token_count_takes_integers_by_index() -> None:
    assert token_count(7) == 7 and token_count(Index(9)) == 9 and token_count(MAX_TOKENS) == MAX_TOKENS


@pytest.mark.parametrize("batch", [
    Shape((1 << 40, 1 << 40)),  # a product past MAX_TOKENS is a count only where the forecast refuses it
    Shape((-4, 128)), Shape(()), Shape("ab"), Shape((1, 2, 3, 4, 5)), Shape(None), Shape((0, 9)),
])
def test_batch_tokens_never_invents_a_count(batch: Any) -> None:
    n = batch_tokens(batch)
    assert n is None or (n > 0 and token_count(n) is None)  # huge: computed, then refused at the agent


def test_a_batch_that_raises_gives_no_count_and_no_exception() -> None:
    class Agent:
        def __init__(self) -> None:
            self.got: list[Any] = []

        def set_tokens(self, n: Any) -> None:
            self.got.append(n)

    hooks = Hooks()
    hooks.agent = Agent()  # type: ignore[assignment]
    for batch in (Raising(), {"input_ids": Raising()}, [Raising()], Shape(Raising())):
        assert batch_tokens(batch) is None
        hooks.tokens(batch)
    hooks.tokens(Shape((3, 5)))
    assert hooks.agent.got == [15]  # type: ignore[attr-defined]
