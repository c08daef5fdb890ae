"""The process-wide agent: which agent is this process's (`gpumemd.start()`), the alert
actions it offers, and what fork and exit do to it. A forked child (DataLoader workers)
inherits no agent, no held lock of ours, and removes none of the parent's files.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import weakref
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from gpumemd.runtime import Runtime
    from gpumemd.sources.agent_self import Errors

log = logging.getLogger("gpumemd.agent")

__all__ = ["ProcessAgent", "current", "forget", "register_actions", "running", "set_current", "start_lock",
           "unregister_actions"]



class ProcessAgent(Protocol):
    """What this module and the module-level functions (`gpumemd.stop()`, `set_step`, ...)
    use of an agent: `agent.Agent` satisfies it. A Protocol, so that this module does not
    import the one that imports it (no circle, not even a type-only one)."""

    pid: int
    errors: Errors

    @property
    def runtime(self) -> Runtime | None: ...
    def stop(self) -> None: ...
    def abandon_in_child(self) -> None: ...
    def set_training_step(self, step: int) -> None: ...
    def dump_snapshot(self, reason: str = ...) -> str | None: ...
    def arm_memory_history(self) -> bool: ...
    def record_profile(self, reason: str = ...) -> bool: ...
    def find_leak(self, *, every: int = ..., snapshots: int = ..., reason: str = ...) -> bool: ...


_current: ProcessAgent | None = None
running: weakref.WeakSet[ProcessAgent] = weakref.WeakSet()  # started agents, scoped ones too (fork)
start_lock = threading.Lock()
_fork_held: Any = None


def current() -> ProcessAgent | None:
    return _current if _current is not None and _current.pid == os.getpid() else None


def set_current(agent: ProcessAgent) -> None:
    global _current
    _current = agent


def forget(agent: ProcessAgent) -> None:
    """A stopped agent is no longer this process's."""
    global _current
    if _current is agent:
        _current = None


def register_actions(agent: ProcessAgent) -> None:
    """Offer this agent's evidence functions to the alert engine's action registry."""
    try:
        from gpumemd.alerts import actions
    except ImportError:
        return
    def dump(alert: Any) -> None:
        agent.dump_snapshot(f"alert-{alert.alertname}")

    def arm(alert: Any) -> None:
        agent.arm_memory_history()

    def profile(alert: Any) -> None:
        agent.record_profile(f"alert-{alert.alertname}")

    def leak(alert: Any) -> None:
        agent.find_leak(reason=f"alert {alert.alertname}")

    try:
        actions.register_action("dump_snapshot", dump)
        actions.register_action("arm_memory_history", arm)
        actions.register_action("record_profile", profile)
        actions.register_action("find_leak", leak)
        actions.enable_actions(True)
    except Exception:
        agent.errors.note("actions")
        log.exception("cannot register the agent's alert actions")


def unregister_actions(agent: ProcessAgent) -> None:
    if current() not in (None, agent):
        return  # another agent of this process owns them now
    try:
        from gpumemd.alerts import actions
    except ImportError:
        return
    try:
        for name in ("dump_snapshot", "arm_memory_history", "record_profile", "find_leak"):
            actions.unregister_action(name)
        actions.enable_actions(False)
    except Exception:
        agent.errors.note("actions")


def _before_fork() -> None:
    # Hold the sampler's cycle lock across fork, so the child never inherits it mid-sample
    # (nor whatever library lock a sample holds). Bounded: a hung sample does not hang fork.
    global _fork_held
    agent = current()
    lock = agent.runtime.sampler.cycle_lock if agent and agent.runtime else None
    _fork_held = lock if lock is not None and lock.acquire(timeout=1.0) else None


def _after_fork_parent() -> None:
    global _fork_held
    if _fork_held is not None:
        _fork_held.release()
        _fork_held = None


def _after_fork_child() -> None:
    global _current, _fork_held
    if _fork_held is not None:
        _fork_held.release()
        _fork_held = None
    _current = None
    # Every agent of the parent, a scoped `with Agent():` one too: the child must neither
    # remove the parent's files nor keep its endpoint process alive.
    for agent in list(running):
        try:
            agent.abandon_in_child()
        except Exception:
            pass
    running.clear()


def _at_exit() -> None:
    agent = current()
    if agent is not None:
        agent.stop()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(
        before=_before_fork, after_in_parent=_after_fork_parent, after_in_child=_after_fork_child
    )
atexit.register(_at_exit)
