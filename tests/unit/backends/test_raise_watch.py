"""RaiseWatch: a class's raises seen through sys.monitoring (Python 3.12 and later).

The tests against the interpreter's own sys.monitoring run on 3.12 and later and are skipped
on 3.11 (it has none); `StandIn` stands for sys.monitoring's bookkeeping on 3.11 (a fake:
this CI's interpreter cannot cause a RAISE event), driving the callback as CPython calls it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from gpumemd.backends.raise_watch import TOOL_IDS, TOOL_NAME, RaiseWatch

HAS_MONITORING = sys.version_info >= (3, 12)
needs_monitoring = pytest.mark.skipif(not HAS_MONITORING,
                                      reason="sys.monitoring is Python 3.12's; 3.11 has none")


class StandIn:
    """sys.monitoring's tool ids, callbacks and event sets (a fake, named so: see the module)."""

    events = SimpleNamespace(RAISE=1 << 3)

    def __init__(self) -> None:
        self.tools: dict[int, str] = {}
        self.callbacks: dict[tuple[int, int], Callable[..., Any]] = {}
        self.enabled: dict[int, int] = {}
        self.refuse = False

    def use_tool_id(self, tool: int, name: str) -> None:
        if tool in self.tools:
            raise ValueError(f"tool {tool} is already in use")
        self.tools[tool] = name

    def get_tool(self, tool: int) -> str | None:
        return self.tools.get(tool)

    def free_tool_id(self, tool: int) -> None:
        self.tools.pop(tool, None)

    def register_callback(self, tool: int, event: int, fn: Any) -> Any:
        old = self.callbacks.pop((tool, event), None)
        if fn is not None:
            self.callbacks[(tool, event)] = fn
        return old

    def set_events(self, tool: int, events: int) -> None:
        if self.refuse and events:
            raise RuntimeError("refused")
        self.enabled[tool] = events

    def raise_(self, exc: BaseException) -> None:
        """What CPython does at a raise in a Python frame: each tool's RAISE callback, if enabled."""
        for (tool, event), fn in list(self.callbacks.items()):
            if self.enabled.get(tool, 0) & event:
                fn(None, 0, exc)


class Oom(RuntimeError):
    pass


def test_only_the_class_itself_reaches_fn_and_fn_never_raises_into_the_raise() -> None:
    mon = StandIn()
    seen: list[BaseException] = []
    watch = RaiseWatch(Oom, seen.append, monitoring=mon)
    assert watch.start() is None and watch.tool_id == TOOL_IDS[0] and mon.tools == {TOOL_IDS[0]: TOOL_NAME}
    assert mon.enabled[TOOL_IDS[0]] == mon.events.RAISE
    mon.raise_(KeyError("x"))

    class Sub(Oom):  # a subclass could be the program's code: never passed on
        pass

    mon.raise_(Sub())
    assert seen == []
    exc = Oom("out of memory")
    mon.raise_(exc)
    assert seen == [exc]
    failing = RaiseWatch(Oom, lambda e: 1 / 0, monitoring=StandIn())  # type: ignore[func-returns-value]
    assert failing.start() is None
    failing._mon.raise_(Oom())  # the callback swallows fn's error: nothing escapes into the raise


def test_stop_disables_the_event_drops_the_callback_and_frees_the_id() -> None:
    mon = StandIn()
    watch = RaiseWatch(Oom, lambda e: None, monitoring=mon)
    watch.start()
    watch.stop()
    assert watch.tool_id is None and mon.tools == {} and mon.callbacks == {}
    assert mon.enabled == {TOOL_IDS[0]: 0}
    watch.stop()  # twice: nothing left to release


def test_taken_ids_and_a_refusal_are_said_and_nothing_is_left_claimed() -> None:
    mon = StandIn()
    mon.use_tool_id(TOOL_IDS[0], "another tool")
    watch = RaiseWatch(Oom, lambda e: None, monitoring=mon)
    assert watch.start() is None and watch.tool_id == TOOL_IDS[1]  # the next free id
    watch.stop()
    mon.use_tool_id(TOOL_IDS[1], "a third")
    why = RaiseWatch(Oom, lambda e: None, monitoring=mon).start()
    assert why is not None and "taken" in why and "another tool" in why and "a third" in why
    refusing = StandIn()
    refusing.refuse = True
    why = RaiseWatch(Oom, lambda e: None, monitoring=refusing).start()
    assert why is not None and "refused" in why and refusing.tools == {} and refusing.callbacks == {}


@pytest.mark.skipif(HAS_MONITORING, reason="this interpreter has sys.monitoring")
def test_without_sys_monitoring_start_says_why() -> None:
    why = RaiseWatch(Oom, lambda e: None).start()
    assert why is not None and "has no sys.monitoring" in why


# --- the interpreter's own sys.monitoring (3.12 and later) ---


@pytest.fixture
def real_watch() -> Iterator[Callable[..., RaiseWatch]]:
    made: list[RaiseWatch] = []

    def make(cls: type[BaseException], fn: Callable[[BaseException], None]) -> RaiseWatch:
        made.append(RaiseWatch(cls, fn))
        return made[-1]

    yield make
    for w in made:
        w.stop()


@needs_monitoring
def test_a_real_torch_oom_caught_by_the_program_is_seen_and_nothing_else_is(
    real_watch: Callable[..., RaiseWatch]
) -> None:
    """A real torch.OutOfMemoryError raised and caught by the program's code on a CPU (torch
    raises it at a CUDA OOM, which a CPU cannot cause: here the program raises it)."""
    import torch

    seen: list[BaseException] = []
    watch = real_watch(torch.OutOfMemoryError, seen.append)
    assert watch.start() is None
    assert sys.monitoring.get_tool(watch.tool_id) == TOOL_NAME

    def allocate() -> None:
        raise torch.OutOfMemoryError("CUDA out of memory (raised by the test)")

    def retry_loop() -> str:
        try:
            allocate()
        except torch.OutOfMemoryError:
            return "caught"
        return "not raised"

    for _ in range(3):
        try:
            {}["missing"]
        except KeyError:
            pass
    assert seen == []  # other raises call nothing
    assert retry_loop() == "caught"
    assert seen and all(type(e) is torch.OutOfMemoryError for e in seen)
    assert len({id(e) for e in seen}) == 1  # one exception (seen in each frame it unwinds through)
    tool = watch.tool_id
    watch.stop()
    assert sys.monitoring.get_tool(tool) is None
    seen.clear()
    retry_loop()
    assert seen == []


@needs_monitoring
def test_with_every_id_taken_the_real_interpreter_says_so(real_watch: Callable[..., RaiseWatch]) -> None:
    taken = [t for t in TOOL_IDS if sys.monitoring.get_tool(t) is None]
    for t in taken:
        sys.monitoring.use_tool_id(t, "the test's")
    try:
        why = real_watch(Oom, lambda e: None).start()
        assert why is not None and "taken" in why
    finally:
        for t in taken:
            sys.monitoring.free_tool_id(t)
