"""The model the optimizers step, without `gpumemd.watch()`: the fingerprint of the stepped
optimizers' parameters, read from their own dicts and torch's C getters, is preflight's of the
same factory, and keys the calibration a real agent publishes."""

from __future__ import annotations

import gc
from typing import Any

import torch

from gpumemd.agent.stepmodel import SteppedModel
from gpumemd.diagnosis.calibration import OVERHEAD, STEP_PEAK, WORLD_LABEL, fingerprint
from gpumemd.preflight import fakerun
from tests.unit.agent.test_step_peak import Ledger, MiB, agent
from tests.unit.preflight import models


def _calibration(a: Any) -> dict[tuple[str, str], tuple[dict[str, str], float]]:
    snap = a.sample_once()
    return {(s.name, s.labels["model"]): (dict(s.labels), s.value) for f in snap.exposition.families
            for s in f.samples if s.name.startswith("gpumemd_training_calibration_")}


def test_an_unwatched_training_publishes_under_preflights_fingerprint_of_the_same_factory() -> None:
    # the factory preflight runs (the tiny decoder, AdamW), its model and optimizer trained for real
    # on the CPU, never watched; the CUDA allocator's counters moved by the loop (a CPU has none)
    ledger = Ledger()
    job = models.tiny()
    model, opt = job.model, job.optimizer
    a = agent(ledger)
    try:
        for i in range(4):
            model(torch.randint(0, 1000, (2, 16))).mean().backward()
            ledger.alloc((300 + i) * MiB)  # each step's activations, above the lifetime peak: exact
            ledger.free((300 + i) * MiB)
            opt.step()
            opt.zero_grad()
        got = _calibration(a)
        predicted = fakerun.run(models.tiny, 1, 8).model  # preflight's fake run of the same factory
        assert predicted == fingerprint(model.parameters())
        assert got[(STEP_PEAK, predicted)][1] == 402 * MiB  # the steps 401, 402, 403 MiB at their boundaries
        assert (OVERHEAD, predicted) in got
        assert got[(STEP_PEAK, predicted)][0][WORLD_LABEL] == "1"  # the identity's world size
        assert a.categories.model is None and a.errors.counts == {}
    finally:
        a.stop()


def test_a_watched_model_keys_it_first() -> None:
    ledger = Ledger()
    net = torch.nn.Linear(4, 4)
    head = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(head.parameters(), lr=0.1)  # steps another model's parameters
    a = agent(ledger)
    try:
        assert a.watch(net)
        for i in range(3):  # the first boundary opens the first step: two closed after it
            net(torch.ones(1, 4)).sum().backward()
            head(torch.ones(1, 4)).sum().backward()
            ledger.alloc((300 + i) * MiB)
            ledger.free((300 + i) * MiB)
            opt.step()
        got = _calibration(a)
        assert {m for _, m in got} == {fingerprint(net.parameters())}
        assert a.steps.stepped.model == fingerprint(head.parameters())
    finally:
        a.stop()


def test_read_once_per_optimizer_and_group_count_and_forgotten_with_it() -> None:
    net = torch.nn.Sequential(torch.nn.Linear(3, 5), torch.nn.Linear(5, 2))
    first, second = net[0], net[1]
    opt = torch.optim.SGD(first.parameters(), lr=0.1)
    seen = SteppedModel()
    seen.saw(opt)
    assert seen.model == fingerprint(first.parameters())
    opt.add_param_group({"params": list(second.parameters())})  # a group added: a new model
    seen.saw(opt)
    assert seen.model == fingerprint(net.parameters())
    other = torch.optim.SGD([torch.nn.Parameter(torch.ones(7))], lr=0.1)  # a second optimizer: both
    seen.saw(other)
    assert seen.model == fingerprint([*net.parameters(), torch.ones(7)])
    del opt, other
    gc.collect()
    assert seen.model is None  # none alive: no model to key by


class _Shady(torch.Tensor):
    """A tensor subclass whose dtype is Python code: never run by the agent."""

    ran = 0

    @property
    def dtype(self) -> Any:  # type: ignore[override]
        _Shady.ran += 1
        return torch.float32


def test_user_code_is_never_run_and_an_unreadable_optimizer_has_no_model() -> None:
    seen = SteppedModel()
    shady = torch.nn.Parameter(torch.ones(3)).as_subclass(_Shady)
    opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(2))], lr=0.1)
    opt.param_groups[0]["params"].append(shady)
    seen.saw(opt)
    assert seen.model is None and _Shady.ran == 0

    class Lazy:  # an optimizer-like object whose attributes are Python code
        calls = 0

        def __getattr__(self, name: str) -> Any:
            Lazy.calls += 1
            return [{"params": [torch.ones(1)]}]

    seen.saw(Lazy())
    seen.saw(None)
    seen.saw(object())
    assert seen.model is None and Lazy.calls == 0


class _Hashed(type(torch.Tensor)):  # type: ignore[misc]
    """A metaclass of a tensor subclass whose hash and comparison are Python code."""

    ran = 0

    def __hash__(cls) -> int:
        _Hashed.ran += 1
        return id(cls)

    def __eq__(cls, other: object) -> bool:
        _Hashed.ran += 1
        return cls is other


class _Plain(torch.Tensor, metaclass=_Hashed):
    """Its dtype and shape are torch's C getters: read, the metaclass never run."""


def test_a_parameter_types_metaclass_never_runs() -> None:
    p = torch.ones(3).as_subclass(_Plain).requires_grad_()
    opt = torch.optim.SGD([p], lr=0.1)
    seen = SteppedModel()
    seen.saw(opt)
    _Hashed.ran = 0
    assert seen.model == fingerprint([torch.ones(3)]) and _Hashed.ran == 0


def test_a_compiled_step_is_seen_too() -> None:
    # dynamo compiles the hook's frames one by one: `saw` only notes a weak reference there (the
    # reads and the hash run at the collector's read), so no graph breaks more (test_cadence.py's
    # compiled training step holds that)
    ledger = Ledger()
    net = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)

    @torch.compile(backend="eager")  # no C compiler needed
    def train_step(x: torch.Tensor) -> None:
        opt.zero_grad()
        net(x).sum().backward()
        opt.step()

    a = agent(ledger)
    try:
        for _ in range(2):
            train_step(torch.ones(1, 4))
        assert a.steps.stepped.model == fingerprint(net.parameters())
    finally:
        a.stop()
        torch._dynamo.reset()


class _OwnFunction(torch.Tensor):
    """Its getters would dispatch to its own `__torch_function__` (torch's C code calls it)."""

    ran = 0

    @classmethod
    def __torch_function__(cls, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        _OwnFunction.ran += 1
        return super().__torch_function__(func, types, args, kwargs)


def test_a_parameter_types_own_torch_function_never_runs() -> None:
    p = torch.ones(3).as_subclass(_OwnFunction)
    opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(2))], lr=0.1)
    opt.param_groups[0]["params"].append(p)
    seen = SteppedModel()
    seen.saw(opt)
    _OwnFunction.ran = 0
    assert seen.model is None and _OwnFunction.ran == 0
