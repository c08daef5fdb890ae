"""The module-level calls on this process's agent: `gpumemd.start()`, `stop()`, `set_step()`,
`watch()`, `find_leak()`, `dump_snapshot()`, `arm_memory_history()`, and `current()` typed.

Each reaches the one agent `process.py` keeps (its state, fork and exit handling); without a
running agent each is a no-op, and none raises into user code (`find_leak` checks its
arguments first, as documented). The Agent itself, its lifecycle, is `agent.py`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from gpumemd.config import Config

from . import identity as identity_mod
from . import leakfind, process
from .agent import Agent, AlertCallback

__all__ = [
    "arm_memory_history",
    "current",
    "dump_snapshot",
    "find_leak",
    "set_step",
    "start",
    "stop",
    "watch",
]

_UNSET: Any = object()  # listen_address not given: the configured one (None turns HTTP off)


def current() -> Agent | None:
    """This process's agent (`gpumemd.start()`'s); None if none: `process.current()`, typed."""
    return cast("Agent | None", process.current())  # process.set_current is given Agents only


def start(
    config: Config | str | None = None,
    *,
    listen_address: str | None = _UNSET,
    on_alert: AlertCallback | Sequence[AlertCallback] | None = None,
    identity: identity_mod.Identity | None = None,
    **overrides: Any,
) -> Agent:
    """Start this process's agent, or return the one already running (idempotent). `identity`
    replaces the one read from the environment (a framework that knows its ranks passes it)."""
    with process.start_lock:
        running = current()
        if running is not None and running.started:
            return running
        if listen_address is not _UNSET:  # an override like any other (Agent's own sentinel is its own)
            overrides["listen_address"] = listen_address
        agent = Agent(config, on_alert=on_alert, identity=identity, **overrides)
        process.set_current(agent)
    return agent.start()


def set_step(step: int, tokens: int | None = None) -> None:
    """The trainer's global step for this process's agent, and optionally the tokens of the
    batch about to run (`Agent.set_training_step`; docs/forecast.md); a no-op without a
    running agent. Never raises."""
    agent = current()
    if agent is not None:
        agent.set_training_step(step, tokens)


def watch(model: Any = None, optimizer: Any = None) -> bool:
    """Export this process's allocated memory by category (parameters, gradients, optimizer
    state, activations...) for `model` and `optimizer` (each one object or a list; call again
    for more). Held by weak reference; a no-op without a running agent. Never raises."""
    agent = current()
    try:
        return agent.watch(model, optimizer) if agent is not None else False
    except Exception:  # noqa: BLE001 - never into user code
        return False


def stop() -> None:
    agent = current()
    if agent is not None:
        agent.stop()


def dump_snapshot(reason: str = "manual") -> str | None:
    """Write an allocator snapshot now (the alert engine's `dump_snapshot` action). A reason
    that is not a str raises TypeError at the call and changes nothing; otherwise never raises."""
    from gpumemd.sources.oom import snapshot_reason  # loaded with the agent's OOM source, as agent.py does

    snapshot_reason(reason)
    agent = current()
    return agent.dump_snapshot(reason) if agent is not None else None


def find_leak(*, every: int = leakfind.EVERY, snapshots: int = leakfind.SNAPSHOTS) -> bool:
    """Look for the lines that leak: this process's agent snapshots every `every` optimizer
    steps, `snapshots` times, and says which allocation sites grew (docs/agent.md). A bad
    argument raises TypeError or ValueError at the call and changes nothing; otherwise never
    raises."""
    leakfind.check_arguments(every, snapshots)
    agent = current()
    try:
        return agent.find_leak(every=every, snapshots=snapshots) if agent is not None else False
    except Exception:  # noqa: BLE001 - never into user code
        return False


def arm_memory_history() -> bool:
    """Start recording allocation history (the alert engine's `arm_memory_history` action)."""
    agent = current()
    return agent.arm_memory_history() if agent is not None else False
