"""How a tensor type is read (gpumemd/agent/tensorreads.py): torch's C descriptors found along its
MRO, an override of a read never called, a type whose own `__torch_function__`, `__torch_dispatch__`
or `__getattribute__` torch would call never read, a lookup by name only where it reaches torch's
descriptor. Real CPU tensors; the expected values are torch's own answers."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

import pytest

from gpumemd.agent.tensorreads import FLAGGED, SHARDED, TENSOR, USER, reads, shapes, storage_reads

torch = pytest.importorskip("torch")


class Ran:
    calls: list[str] = []


class OverridesReads(torch.Tensor):
    @property
    def is_cpu(self) -> bool:  # type: ignore[override]
        Ran.calls.append("is_cpu")
        return False

    @property
    def dtype(self) -> Any:  # type: ignore[override]
        Ran.calls.append("dtype")
        return torch.float64


class FallsBack(torch.Tensor):
    def __getattr__(self, name: str) -> Any:
        Ran.calls.append(f"__getattr__ {name}")
        raise AttributeError(name)


class OwnDispatch(torch.Tensor):
    @classmethod
    def __torch_dispatch__(cls, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        Ran.calls.append("__torch_dispatch__")
        return func(*args, **(kwargs or {}))


class OwnGetattribute(torch.Tensor):
    def __getattribute__(self, name: str) -> Any:
        Ran.calls.append(f"__getattribute__ {name}")
        return super().__getattribute__(name)


@pytest.fixture(autouse=True)
def clean() -> Any:
    Ran.calls = []
    yield
    Ran.calls = []


def test_torchs_own_types_are_read_by_name_and_a_dtensor_by_its_local_shard() -> None:
    from torch.distributed.tensor import DTensor

    p = torch.nn.Parameter(torch.ones(3))
    r = reads(torch.nn.Parameter, "cpu")
    assert r.kind == TENSOR | FLAGGED
    assert isinstance(r.on, attrgetter) and r.on(p) is True and r.get_device(p) == -1
    assert r.storage(p).data_ptr() == p.untyped_storage().data_ptr()
    ptr, n = storage_reads(type(r.storage(p)))  # type: ignore[misc]
    assert (ptr(r.storage(p)), n(r.storage(p))) == (p.data_ptr(), 12)
    assert reads(DTensor, "cpu").kind & SHARDED and reads(DTensor, "cpu").local is not None
    assert reads(int, "cpu").kind == 0 and reads(type(None), None).grad is None


def test_an_override_of_a_read_is_never_called_and_the_memory_still_read() -> None:
    t = torch.ones(5).as_subclass(OverridesReads)
    r = reads(OverridesReads, "cpu")
    assert r.kind == TENSOR | FLAGGED and not isinstance(r.on, attrgetter)
    assert r.on(t) is True and r.storage(t).nbytes() == 20
    assert shapes([t], 10) is None  # its dtype is its own: no fingerprint
    assert Ran.calls == []


def test_a_types_own_getattr_is_never_a_fallback() -> None:
    t = torch.ones(2).as_subclass(FallsBack)
    r = reads(FallsBack, "cpu")
    assert r.kind == TENSOR | FLAGGED and not isinstance(r.grad, attrgetter)
    assert r.grad(t) is None and r.on(t) is True
    assert Ran.calls == []


@pytest.mark.parametrize("cls", [OwnDispatch, OwnGetattribute])
def test_a_type_whose_hooks_are_its_own_is_not_read(cls: type) -> None:
    t = torch.ones(2).as_subclass(cls)
    Ran.calls = []
    assert reads(cls, "cpu").kind & USER and shapes([t], 10) is None
    assert Ran.calls == []


def test_shapes_are_torchs_getters_once_per_tensor_and_bounded() -> None:
    a, b = torch.ones(2, 3), torch.zeros(4, dtype=torch.float16)
    assert shapes([a, b, a], 10) == [(torch.float32, torch.Size([2, 3])), (torch.float16, torch.Size([4]))]
    assert shapes([a, b], 1) is None and shapes([a, object()], 10) is None and shapes([], 10) == []
