"""The optimizer-step hook never runs a user's type's code (issue 36): a tensor or parameter
type whose metaclass hashes, compares, looks attributes up or answers a probed name with a
property is read by the category pass through the real step hook (`watch(model, opt)`, CPU
optimizer steps, a sample) without any of it running, and its tensors still count. What ran is
noted only where gpumemd's code is on the stack: torch's own optimizer compares parameter types
with `==` in its step, which is the program's, not the agent's."""

from __future__ import annotations

import gc
import sys
from typing import Any

import pytest

from gpumemd.agent.agent import Agent
from gpumemd.agent.categories import account
from gpumemd.agent.categorypass import count
from gpumemd.agent.identity import Identity
from tests.fakes import FakeTorch, TorchSequence, stats

torch = pytest.importorskip("torch")

# the names the category pass reads of a tensor type: a metaclass property under each
PROBED = ("_local_tensor", "untyped_storage", "get_device", "is_cpu", "is_cuda", "device", "grad")


class Ran:
    """What a hostile metaclass did when gpumemd's code was on the stack; `mode` raise: it
    raised there too (never in torch's own calls, which are the program's)."""

    calls: list[str] = []
    mode = "count"

    @classmethod
    def note(cls, what: str) -> None:
        f: Any = sys._getframe(2)
        while f is not None:
            name = f.f_globals.get("__name__")
            if type(name) is str and name.split(".", 1)[0] == "gpumemd":
                cls.calls.append(what)
                if cls.mode == "raise":
                    raise RuntimeError(f"metaclass {what}")
                return
            f = f.f_back


def _noting_property(name: str) -> property:
    def get(cls: type) -> Any:
        Ran.note(f"property {name}")
        return None

    return property(get)


class Asked(type):
    """A plain class's metaclass whose hash, comparison and attribute lookups are code."""

    def __hash__(cls) -> int:
        Ran.note("__hash__")
        return id(cls)

    def __eq__(cls, other: object) -> bool:
        Ran.note("__eq__")
        return cls is other

    def __getattribute__(cls, name: str) -> Any:
        Ran.note(f"__getattribute__ {name}")
        return type.__getattribute__(cls, name)


class Hostile(Asked, type(torch.nn.Parameter)):  # type: ignore[misc]  # torch's _ParameterMeta
    """Asked, on a tensor type, with a `__getattr__` of its own and a property named like each
    attribute the pass probes."""

    def __getattr__(cls, name: str) -> Any:
        Ran.note(f"__getattr__ {name}")
        raise AttributeError(name)


for _name in PROBED:
    setattr(Hostile, _name, _noting_property(_name))


class HostileParameter(torch.nn.Parameter, metaclass=Hostile):
    pass


class HostileTensor(torch.Tensor, metaclass=Hostile):
    pass


class Net(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)  # plain parameters beside: several types in one pass
        self.w = HostileParameter(torch.ones(4, 8))
        self.register_buffer("table", torch.ones(16).as_subclass(HostileTensor))

    def forward(self, x: Any) -> Any:
        return (self.lin(x) + x @ self.w.t()).sum()


def nbytes(*tensors: Any) -> int:
    return sum(t.numel() * t.element_size() for t in tensors)


@pytest.fixture(autouse=True)
def clean() -> Any:
    Ran.calls, Ran.mode = [], "count"
    yield
    Ran.calls, Ran.mode = [], "count"


def _agent() -> Agent:
    a = Agent(listen_address=None, identity=Identity(pid=455, rank=0, local_rank=0, world_size=1),
              apis={"torch": TorchSequence([stats(1 << 30, 1 << 30, 1 << 30, 0)]), "oom": FakeTorch(),
                    "rss": lambda: 1, "peak_rss": lambda: 1},
              spool_dir="", nvml=False, interval=3600, evaluation_interval=3600, nvml_interval=3600,
              tick="step")
    a.start()  # its first sample hooks the optimizer steps (torch is imported)
    a.steps.peak_budget = float("inf")  # a step boundary after every step
    a.categories.budget = float("inf")  # and a pass at each
    a.categories._device_type = lambda: "cpu"  # the replayed GPU 0 holds this test's CPU tensors
    return a


@pytest.mark.parametrize("mode", ["count", "raise"])
def test_a_tensor_types_metaclass_never_runs_in_the_step_hook_and_its_tensors_count(mode: str) -> None:
    model = Net()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    a = _agent()
    try:
        assert a.watch(model, opt)
        opt.zero_grad()
        model(torch.ones(2, 8)).backward()
        opt.step()
        extra = torch.zeros(32).as_subclass(HostileTensor)  # a user's tensor type in the optimizer state
        opt.state[model.w]["extra"] = extra
        Ran.calls, Ran.mode = [], mode
        for _ in range(2):
            opt.zero_grad()
            model(torch.ones(2, 8)).backward()
            opt.step()  # the hook: a step boundary, a category pass
        snap = a.sample_once()
        Ran.mode = "count"
        assert Ran.calls == []
        got = {(s.labels["category"], s.labels["at"]): s.value for f in snap.exposition.families
               for s in f.samples if s.name == "gpumemd_allocator_category_bytes"}
        params = list(model.parameters())
        state = [v for s in opt.state.values() for v in s.values()]
        assert got[("parameters", "end")] == nbytes(*params)
        assert got[("buffers", "end")] == nbytes(model.table)
        assert got[("gradients", "end")] == nbytes(*params)
        assert got[("optimizer_state", "end")] == nbytes(*state)
        assert a.errors.counts.get("watch", 0) == 0
    finally:
        a.stop()


def test_watch_itself_never_runs_a_tensor_types_metaclass() -> None:
    # watch() runs the model's own parameters() and buffers() (torch's here), then the same pass
    model = Net()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    a = _agent()
    try:
        assert a.watch(model, opt)
        assert Ran.calls == []
        assert a.categories.watch(model, opt)
    finally:
        a.stop()


def _own_torch_function(cls: type, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
    Ran.note("__torch_function__")
    with torch._C.DisableTorchFunctionSubclass():
        return func(*args, **(kwargs or {}))


class OwnFunctionParameter(torch.nn.Parameter):
    """Every read of its tensors (a getter, a method) would dispatch to its own code."""

    __torch_function__ = classmethod(_own_torch_function)  # type: ignore[assignment]


class Overrides(torch.Tensor):
    """Python overrides of what the pass reads: torch's C reads are used, these never run."""

    def untyped_storage(self) -> Any:  # type: ignore[override]
        Ran.note("untyped_storage")
        raise RuntimeError("no")

    @property
    def is_cpu(self) -> bool:  # type: ignore[override]
        Ran.note("is_cpu")
        return False


def test_a_types_own_torch_function_never_runs_its_tensors_are_skipped_and_named() -> None:
    model = torch.nn.Linear(4, 4)
    model.own = OwnFunctionParameter(torch.ones(8))
    model.register_buffer("over", torch.ones(6).as_subclass(Overrides))
    walk = account([model], [], device_type="cpu")
    assert Ran.calls == []
    got = walk.bytes[("cpu", 0)]
    assert got["parameters"] == nbytes(model.weight, model.bias)  # the own-function parameter: not read
    assert got["buffers"] == nbytes(model.over)  # torch's reads, not the overrides
    assert walk.skipped == 1 and "OwnFunctionParameter" in walk.failed


def test_a_new_type_at_a_dead_types_address_is_read_as_itself() -> None:
    # a type's reads are kept by its id: the memo holds the type, so one freed and another made at
    # its address (CPython reuses it at once) never takes the dead one's reads (a memo that did
    # not hold its types read 30 of these 60 wrong)
    wrong = []
    for i in range(60):
        own = i % 2 == 1
        ns = {"__torch_function__": classmethod(_own_torch_function)} if own else {}
        t = torch.ones(4).as_subclass(type(f"T{i}", (torch.Tensor,), ns))
        walk = count([], [t], [], [], device_type="cpu", has_models=True)
        got = walk.bytes.get(("cpu", 0), {}).get("buffers", 0)
        if got != (0 if own else 16):
            wrong.append(i)
        del t, walk
        gc.collect()
    assert wrong == [] and Ran.calls == []


class Forwarding:
    """A wrapper that forwards its optimizer's lists with properties (accelerate's
    AcceleratedOptimizer, Lightning's LightningOptimizer): read through the optimizer it holds."""

    def __init__(self, optimizer: Any) -> None:
        self.optimizer = optimizer

    @property
    def state(self) -> Any:
        Ran.note("state")
        return self.optimizer.state

    @property
    def param_groups(self) -> Any:
        Ran.note("param_groups")
        return self.optimizer.param_groups


class PropertyOnly:
    """An optimizer whose lists are only properties: not read, named."""

    @property
    def state(self) -> Any:
        Ran.note("state")
        return {}

    @property
    def param_groups(self) -> Any:
        Ran.note("param_groups")
        return []


def test_an_optimizers_lists_are_read_from_its_own_dict_or_the_one_it_wraps() -> None:
    model = torch.nn.Linear(4, 4)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model(torch.ones(1, 4)).sum().backward()
    opt.step()
    params = list(model.parameters())
    state = [v for s in opt.state.values() for v in s.values()]
    walk = account([model], [Forwarding(opt), PropertyOnly()], device_type="cpu")
    alone = account([], [Forwarding(opt)], device_type="cpu")  # the optimizer's parameters are the model
    assert Ran.calls == []
    assert walk.bytes[("cpu", 0)]["optimizer_state"] == nbytes(*state)
    assert alone.bytes[("cpu", 0)]["parameters"] == nbytes(*params)
    assert walk.failed.count("PropertyOnly") == 2 and "Forwarding" not in walk.failed


class Talker(metaclass=Asked):  # a module's `logger` attribute, as DDP names its own
    pass


class Models(list):  # type: ignore[type-arg]
    """The caller's list of models: its iteration and `__class__` are its own."""

    def __iter__(self) -> Any:
        Ran.note("__iter__")
        return super().__iter__()

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # noqa: PLE0237
        Ran.note("__class__")
        return list


class Unheld(metaclass=Asked):  # refused (no weak reference): its name said without its metaclass
    __slots__ = ()


def test_watch_reads_its_arguments_and_a_modules_attributes_without_their_types_code() -> None:
    model = torch.nn.Linear(4, 4)
    model.logger = Talker()  # structure() checks whether it is DDP's C++ logger by its type's module and name
    a = _agent()
    try:
        assert a.watch(Models([model]), None)
        assert a.watch(Unheld(), None) is False
        assert Ran.calls == []
        assert a.errors.counts.get("watch", 0) == 1
    finally:
        a.stop()


class Watching(torch.overrides.TorchFunctionMode):
    """A TorchFunctionMode the program keeps active around its steps (a tracer, a debugger)."""

    def __torch_function__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        Ran.note("TorchFunctionMode")
        return func(*args, **(kwargs or {}))


def test_a_torch_function_mode_around_the_step_never_sees_the_agents_reads() -> None:
    model = torch.nn.Linear(8, 4)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    a = _agent()
    try:
        assert a.watch(model, opt)
        with Watching():
            for _ in range(2):
                opt.zero_grad()
                model(torch.ones(2, 8)).sum().backward()
                opt.step()  # the hook: a step boundary, a category pass
        assert Ran.calls == []
        snap = a.sample_once()
        got = {(s.labels["category"], s.labels["at"]): s.value for f in snap.exposition.families
               for s in f.samples if s.name == "gpumemd_allocator_category_bytes"}
        params = list(model.parameters())
        assert got[("gradients", "end")] == nbytes(*params) and a.categories.walks >= 3
    finally:
        a.stop()
