"""The leak finder inside a training process: first, do no harm (issue 36 items 1-4).

The retainer search walks the user's heap; it must never run the user's code (a property, a
lazy proxy's factory, a `__repr__`, a raising getter), never keep what the program frees (the
f_locals cache of 3.11/3.12), finish within its budget, and put no user data in names. Real
CPU tensors and real frames (`cuda=False`: the search looks at CPU tensors). `find_leak`'s
arguments are refused before anything changes, and its reports go through the one
safe-write helper. CUDA's allocation history cannot be recorded on a CPU: `FakeCudaApi`
stands in for it (a fake, for a fault the runner cannot cause)."""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
import types
import weakref
from pathlib import Path
from typing import Any

import pytest

import gpumemd
from gpumemd.agent.leakfind import LeakFinder, last_report_labels
from gpumemd.agent.retainers import find_retainers
from tests.fakes import HistoryApi
from tests.helpers import saved_blocks

torch = pytest.importorskip("torch")

BUDGET_S = 5.0  # an answer is wanted: room for a loaded 2-CPU runner (the budget itself: its own test)


def blocks_of(tensors: list[Any]) -> list[tuple[int, int]]:
    return sorted({(t.untyped_storage().data_ptr(), t.untyped_storage().nbytes()) for t in tensors})


def search(tensors: list[Any], **modules: Any) -> Any:
    return find_retainers(
        [(blocks_of(tensors), None)], torch=torch, cuda=False, modules=modules, budget_s=BUDGET_S
    )


def module(**globs: Any) -> types.ModuleType:
    m = types.ModuleType("train")
    m.__file__ = __file__
    m.__dict__.update(globs)
    return m


class Ran:
    """What user code ran during the search (must stay empty)."""

    calls: list[str] = []


class BlockingClass:
    """`__class__` is a property that blocks (isinstance() reads it when the type differs)."""

    def __init__(self, kept: list[Any]) -> None:
        self.kept = kept

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # noqa: PLE0237
        Ran.calls.append("__class__")
        time.sleep(3 * BUDGET_S)
        return BlockingClass


class LazyProxy:
    """A lazy proxy (Django's LazyObject, lazy_object_proxy): `__class__` and unknown
    attributes run the factory."""

    __slots__ = ("_factory", "_kept")

    def __init__(self, kept: list[Any]) -> None:
        object.__setattr__(self, "_factory", lambda: Ran.calls.append("factory"))
        object.__setattr__(self, "_kept", kept)

    def __getattr__(self, name: str) -> Any:
        object.__getattribute__(self, "_factory")()
        raise AttributeError(name)

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # noqa: PLE0237
        object.__getattribute__(self, "_factory")()
        return LazyProxy


class Secret(str):
    def __repr__(self) -> str:
        Ran.calls.append("__repr__")
        return "secret"


class Compared(type):
    """A metaclass whose hash, comparison and attribute lookups are user code (a dict keyed by
    the class, `in` against a tuple of types, `cls.__name__` would each run it)."""

    def __hash__(cls) -> int:
        Ran.calls.append("metaclass __hash__")
        return id(cls)

    def __eq__(cls, other: object) -> bool:
        Ran.calls.append("metaclass __eq__")
        return cls is other

    def __getattribute__(cls, name: str) -> Any:
        Ran.calls.append(f"metaclass {name}")
        return type.__getattribute__(cls, name)


class Keeper(metaclass=Compared):
    def __init__(self, kept: list[Any]) -> None:
        self.kept = kept


class RaisingTensor(torch.Tensor):
    """A tensor subclass whose grad_fn raises (its attribute reads dispatch to user code)."""

    @property
    def grad_fn(self) -> Any:  # type: ignore[override]
        Ran.calls.append("grad_fn")
        raise RuntimeError("no")


@pytest.fixture(autouse=True)
def clean() -> Any:
    Ran.calls = []
    yield
    Ran.calls = []


def test_a_blocking_property_on_the_path_is_never_called() -> None:
    held = [torch.ones(1024) for _ in range(3)]
    holder = BlockingClass(held)
    t0 = time.monotonic()
    r = search(held, train=module(holder=holder))
    assert Ran.calls == [] and time.monotonic() - t0 < 2 * BUDGET_S
    assert (r.holders[0].kind, r.holders[0].name) == ("global", "holder.kept")


def test_a_metaclass_on_the_path_is_never_hashed_compared_or_asked() -> None:
    held = [torch.ones(1024) for _ in range(3)]
    keepers = [Keeper(held), Keeper([])]
    Ran.calls = []
    r = search(held, train=module(keeper=keepers[0], others=keepers))
    assert Ran.calls == []
    assert r.holders[0].name == "keeper.kept"


def test_a_lazy_proxy_in_sys_modules_and_on_the_path_runs_no_factory() -> None:
    held = [torch.ones(1024) for _ in range(3)]
    proxy = LazyProxy(held)
    r = search(held, train=module(proxy=proxy), lazy_module=LazyProxy([]))
    assert Ran.calls == []
    assert r.seconds < 2 * BUDGET_S  # a proxy's own slots are not read: no holder through it
    assert not any("failed" in n for n in r.notes)


def test_a_user_repr_never_runs_and_dict_keys_are_shown_by_type() -> None:
    class Session:
        def __init__(self) -> None:
            self.kept = [torch.ones(1024) for _ in range(3)]

    sessions = {"sk-live-0123456789": Session()}
    r = search(sessions["sk-live-0123456789"].kept, train=module(sessions=sessions))
    assert r.holders[0].name == "sessions[str].kept"
    repr_keyed = {Secret("sk-live-x"): [torch.ones(1024) for _ in range(3)]}
    r2 = search(next(iter(repr_keyed.values())), train=module(cache=repr_keyed))
    assert Ran.calls == [] and r2.holders[0].name == "cache"


def test_the_last_report_label_carries_no_key_value() -> None:
    from gpumemd.diagnosis.leak import LeakReport, Site
    from gpumemd.diagnosis.retainers import Holder

    class Session:
        def __init__(self) -> None:
            self.kept = [torch.ones(1024) for _ in range(3)]

    sessions = {"sk-live-0123456789": Session()}
    r = search(sessions["sk-live-0123456789"].kept, train=module(sessions=sessions))
    site = Site("/u/train.py", 3, "step", 1, 1, 1.0, (0, 1), retained_by=r.holders[0])
    labels = last_report_labels(LeakReport((site,), 3, 2))
    assert "sk-live" not in "".join(labels) and "sessions" in labels[2]
    assert isinstance(r.holders[0], Holder)


def test_a_raising_getter_costs_no_other_site() -> None:
    outputs = [torch.ones(1024) for _ in range(3)]
    hostile = torch.ones(8).as_subclass(RaisingTensor)
    r = search(outputs, train=module(outputs=outputs, hostile=hostile))
    assert Ran.calls == []
    assert (r.holders[0].kind, r.holders[0].name) == ("global", "outputs"), r.notes
    assert any("subclass" in n for n in r.notes)
    del hostile


def test_the_search_keeps_no_local_of_a_running_frame_alive() -> None:
    """3.11/3.12: reading f_locals caches a dict of strong references on the frame until it
    exits. The search empties it: a local the loop drops is freed while its frame still runs."""
    ready, dropped, done = threading.Event(), threading.Event(), threading.Event()
    ref: list[Any] = []

    def train() -> None:
        logits = torch.ones(1 << 16)
        ref.append(weakref.ref(logits))
        ready.set()
        dropped.wait(10)
        del logits  # the loop drops it; this frame keeps running
        done.set()
        dropped.wait(10)

    t = threading.Thread(target=train)
    t.start()
    try:
        assert ready.wait(10)
        target = ref[0]()
        assert target is not None
        r = find_retainers([(blocks_of([target]), None)], torch=torch, cuda=False, modules={},
                           budget_s=BUDGET_S)
        assert r.holders[0].kind == "local" and r.holders[0].name == "logits"
        del target
        dropped.set()
        assert done.wait(10)
        gc.collect()
        assert ref[0]() is None, "the search kept the frame's local alive"
    finally:
        dropped.set()
        t.join(10)


def test_the_budget_holds_with_a_heap_far_larger_than_it_can_walk() -> None:
    held = [torch.ones(16) for _ in range(3)]
    chain: Any = held
    for _ in range(2000):  # a deep path: the walk stops at its budget, no holder
        chain = [chain]
    t0 = time.monotonic()
    r = find_retainers([(blocks_of(held), None)], torch=torch, cuda=False, modules={"train": module(c=chain)},
                       budget_s=0.2)
    assert time.monotonic() - t0 < 1.0 and r.seconds < 1.0


# --- find_leak: arguments refused, the process left as found --------------------------------


class FakeCudaApi(HistoryApi):
    """Records what is asked; `fail_snapshot`: the snapshot raises."""

    def __init__(self, fail_snapshot: bool = False) -> None:
        super().__init__()
        self.fail = fail_snapshot
        self.kept: list[Any] = []

    def snapshot(self) -> dict[str, Any]:
        if self.fail:
            raise RuntimeError("snapshot failed")
        return super().snapshot()


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"every": "3"}, TypeError),
        ({"every": True}, TypeError),
        ({"every": 0}, ValueError),
        ({"every": 1 << 40}, ValueError),
        ({"snapshots": 2}, ValueError),
        ({"snapshots": 3.0}, TypeError),
        ({"snapshots": 1 << 30}, ValueError),
    ],
)
def test_a_bad_argument_is_refused_and_leaves_history_as_found(kwargs: dict[str, Any], error: type) -> None:
    api = FakeCudaApi()
    finder = LeakFinder(api, out_dir=None, labels={}, say=lambda s: None)
    with pytest.raises(error):
        finder.arm(**kwargs)
    assert api.history is False and finder.armed is False
    with pytest.raises(error):
        gpumemd.find_leak(**kwargs)


def test_history_is_off_again_on_every_path() -> None:
    api = FakeCudaApi(fail_snapshot=True)
    finder = LeakFinder(api, out_dir=None, labels={}, say=lambda s: None)
    assert finder.arm(every=2, snapshots=3)
    finder.on_step()  # the window's last step is recorded from here
    assert api.history is True
    finder.on_step()  # the snapshot fails: stopped, history off
    assert api.history is False and finder.armed is False
    api.fail = False
    assert finder.arm(every=2, snapshots=3)
    finder.on_step()
    assert api.history is True
    finder.close()  # the agent stops mid-window
    assert api.history is False and finder.armed is False
    api.history = True  # the user records: never turned off by the finder
    assert finder.arm(every=1, snapshots=3)
    for _ in range(3):
        finder.on_step()
    assert finder.done.wait(10) and api.history is True


def test_one_step_per_window_is_recorded() -> None:
    api = FakeCudaApi()
    seen: list[bool] = []
    snap = api.snapshot
    api.snapshot = lambda: (seen.append(api.history), snap())[1]  # type: ignore[method-assign]
    finder = LeakFinder(api, out_dir=None, labels={}, say=lambda s: None)
    assert finder.arm(every=5, snapshots=3)
    states = []
    for _ in range(15):
        states.append(api.history)
        finder.on_step()
    # recorded during steps 5, 10, 15 only (from the end of 4, 9, 14): 3 of 15
    assert states == [False] * 4 + [True] + [False] * 4 + [True] + [False] * 4 + [True]
    assert seen == [True, True, True] and api.history is False


# --- leak reports: the one safe-write helper, rotated ---------------------------------------


def finder_writing(out: Path, keep: int = 3) -> LeakFinder:
    from gpumemd.diagnosis.leak import LeakReport

    f = LeakFinder(FakeCudaApi(), out_dir=str(out), labels={"pid": "42"}, say=lambda s: None, keep=keep,
                   clock=iter(float(1_700_000_000 + i) for i in range(100)).__next__)
    f.report = LeakReport((), 3, 6)
    return f


@pytest.mark.parametrize("kind", ["other-users-0777", "own-0777-not-sticky", "other-users-0733", "symlink"])
def test_a_report_is_never_written_into_a_directory_others_control(tmp_path: Path, kind: str) -> None:
    d = tmp_path / "reports"
    if kind == "symlink":
        real = tmp_path / "real"
        real.mkdir(mode=0o700)
        d.symlink_to(real)
    else:
        d.mkdir()
        d.chmod(0o733 if "0733" in kind else 0o777)
        if kind.startswith("other"):
            if os.geteuid() != 0:
                pytest.skip("another uid's directory needs root")
            os.chown(d, 65533, 65534)
    f = finder_writing(d)
    assert f.report is not None
    f._write(f.report)
    assert f.report_path is None
    target = tmp_path / "real" if kind == "symlink" else d
    assert os.listdir(target) == []


def test_reports_are_rotated_like_snapshots(tmp_path: Path) -> None:
    f = finder_writing(tmp_path / "reports", keep=3)
    assert f.report is not None
    for _ in range(5):
        f._write(f.report)
    names = sorted(os.listdir(tmp_path / "reports"))
    assert len(names) == 3 and all(n.startswith("gpumemd-p42-") and n.endswith(".leak.json") for n in names)
    assert oct((tmp_path / "reports").stat().st_mode & 0o777) == "0o700"
    assert sys.modules["gpumemd.agent.leakfind"].LeakFinder is LeakFinder


def test_a_saved_tensors_unpack_hook_never_runs_and_is_said() -> None:
    """A graph built under `saved_tensors_hooks` (activation offloading, checkpointing): reading
    its saved tensors through torch's unpacking getter ran the user's unpack hook inside the
    search. They are read through the raw SavedTensor, and one behind a hook is left out."""
    ran: list[str] = []

    def pack(t: torch.Tensor) -> Any:
        return ("packed", t)

    def unpack(p: Any) -> torch.Tensor:
        ran.append("unpack")
        return p[1]

    net = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.GELU(), torch.nn.Linear(64, 64))
    total = torch.zeros(())
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        for _ in range(3):
            total = total + net(torch.randn(32, 64)).square().mean()
    held = [torch.ones(1024) for _ in range(3)]  # and a plain holder beside it: still named
    r = find_retainers([(blocks_of(held), None)], torch=torch, cuda=False,
                       modules={"train": module(total=total, kept=held)}, budget_s=BUDGET_S)
    assert ran == [], "the search ran the user's unpack hook"
    assert r.holders[0].name == "kept"
    assert any("unpack hook" in n for n in r.notes), r.notes


def test_the_graphs_of_named_globals_are_read_without_running_a_hostile_neighbour() -> None:
    """The user's globals are read again for the graph walk (issue 37): beside the
    accumulator, a lazy proxy module, a blocking `__class__` and a tensor subclass whose
    `grad_fn` runs code are global values too; none runs, and the accumulator is named."""
    net = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.Tanh(), torch.nn.Linear(64, 64))
    params = {p.untyped_storage().data_ptr() for p in net.parameters()}
    total = torch.zeros(())
    for _ in range(3):
        total = total + net(torch.randn(32, 64)).square().mean()
    saved = saved_blocks(total.grad_fn, params, min_numel=64)
    hostile = module(total=total, holder=BlockingClass([]), proxy=LazyProxy([]),
                     raising=torch.ones(4).as_subclass(RaisingTensor))
    t0 = time.monotonic()
    r = find_retainers([(sorted(saved), None)], torch=torch, cuda=False,
                       modules={"train": hostile, "lazy_module": LazyProxy([])}, budget_s=BUDGET_S)
    assert Ran.calls == [] and time.monotonic() - t0 < 2 * BUDGET_S
    assert (r.holders[0].kind, r.holders[0].name) == ("autograd", "total"), r.notes
