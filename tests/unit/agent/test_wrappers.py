"""agent/wrappers.py: what DDP and FSDP2 hold, found through the modules' own dicts."""

from __future__ import annotations

import time

import pytest
import torch

from gpumemd.agent.wrappers import Structure, Unbounded, merged, state_groups, structure

STATE_KEY = "__composable_api_state_key"


class _Slotted:
    __slots__ = ("x",)


class _State:
    """An FSDP2-shaped state (a stand-in: its layout, not FSDP2's code)."""

    def __init__(self, **own: object) -> None:
        self.__dict__.update(own)


def test_a_module_whose_attribute_reads_run_code_is_not_read() -> None:
    """`vars()` reads `__dict__` through the type's `__getattribute__`: a module class with its own
    runs code. The walk reads only types whose instance dict needs none (diagnosis.retainers)."""
    ran: list[str] = []

    class Watching(torch.nn.Linear):
        def __getattribute__(self, name: str) -> object:
            ran.append(name)
            return super().__getattribute__(name)

    net = torch.nn.Sequential(torch.nn.Linear(2, 2))
    net._modules["odd"] = Watching(2, 2)
    ran.clear()
    assert structure(net, 100, float("inf"), time.perf_counter) == Structure([], [])
    assert ran == []
    assert state_groups(_Slotted()) == []


def test_either_layout_of_fsdp2_groups_is_read() -> None:
    assert state_groups(_State(_fsdp_param_groups=["g1", "g2"])) == ["g1", "g2"]
    assert state_groups(_State(_fsdp_param_group="g")) == ["g"]
    assert state_groups(_State()) == []


def test_the_walk_finds_groups_in_child_modules_once_and_nothing_in_a_plain_model() -> None:
    net = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Linear(2, 2))
    assert structure(net, 100, float("inf"), time.perf_counter) == Structure([], [])
    group = object()
    for child in net:
        child.__dict__[STATE_KEY + "x"] = {"fsdp": _State(_fsdp_param_groups=[group])}
    found = structure(net, 100, float("inf"), time.perf_counter)
    assert found.groups == [group] and found.buckets == []
    assert merged([found, found]).groups == [group]


def test_the_walk_is_bounded_in_modules() -> None:
    net = torch.nn.Sequential(*[torch.nn.Linear(2, 2) for _ in range(10)])
    with pytest.raises(Unbounded):
        structure(net, 5, float("inf"), time.perf_counter)
