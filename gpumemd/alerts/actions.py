"""Actions on fire: evidence captured in the training process when an alert starts firing.

The in-process agent fills the registry (`register_action("dump_snapshot", fn)`) and calls
`enable_actions()`; rules name actions (`actions: [arm_memory_history]`). An action runs
on its own thread (a snapshot takes long: never on the sampler), at most `action_max`
times per rule and not within `action_cooldown` of the previous run. The node daemon never
enables actions, so a rule with `actions:` is a validation error there: it cannot see
inside the training process, and running user code in a node daemon is not its job.

A configuration meant for the agent is validated as the agent will run it inside
`with agent_rules():` (the agent loading its file, `gpumemd run --config.file`,
`gpumemd check-config --agent`): actions are then allowed, names checked against
`AGENT_ACTIONS` and whatever the program registered.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import queue
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

log = logging.getLogger("gpumemd.alerts.actions")

__all__ = [
    "AGENT_ACTIONS", "USER_PREFIX", "ActionFn", "ActionRunner", "FiredAlert", "actions_enabled",
    "agent_rules", "enable_actions", "lookup", "register_action", "unregister_action", "validate_agent_names",
    "validate_names",
]


@dataclass(frozen=True)
class FiredAlert:
    """What an action learns about the alert that triggered it."""

    alertname: str
    labels: Mapping[str, str]
    annotations: Mapping[str, str]
    value: float
    fired_at: float  # Unix time


ActionFn = Callable[[FiredAlert], None]

# Names the agent provides; listed here so configuration can be checked before it starts.
AGENT_ACTIONS = ("dump_snapshot", "arm_memory_history", "record_profile", "find_leak")

_registry: dict[str, ActionFn] = {}
_enabled = False
_lock = threading.Lock()
_agent_scope: contextvars.ContextVar[bool] = contextvars.ContextVar("gpumemd_agent_rules", default=False)


@contextlib.contextmanager
def agent_rules() -> Iterator[None]:
    """Validate rules loaded in this block as the agent's (actions allowed)."""
    token = _agent_scope.set(True)
    try:
        yield
    finally:
        _agent_scope.reset(token)


def register_action(name: str, fn: ActionFn) -> None:
    """Make `fn` available to rules as `actions: [name]` (the agent calls this)."""
    with _lock:
        _registry[name] = fn


def unregister_action(name: str) -> None:
    with _lock:
        _registry.pop(name, None)


def enable_actions(enabled: bool = True) -> None:
    """The agent turns actions on for its process; the daemon never does."""
    global _enabled
    _enabled = enabled


def actions_enabled() -> bool:
    """Actions may appear in rules here: the agent runs in this process, or agent rules are being checked."""
    return _enabled or _agent_scope.get()


USER_PREFIX = "callback:"  # `callback:NAME`: the program's register_action(NAME, fn), looked up at fire time


def lookup(name: str) -> ActionFn | None:
    return _registry.get(name.removeprefix(USER_PREFIX))


def validate_names(names: Sequence[str]) -> list[str]:
    """Errors for a rule's `actions:` list, as `actions...: message`."""
    if not names:
        return []
    if not actions_enabled():
        return ["actions: actions run only inside the training process (gpumemd.start); the node daemon "
                "rejects them (check an agent's configuration with `gpumemd check-config --agent FILE`)"]
    known = set(_registry) | set(AGENT_ACTIONS)
    errors = []
    for i, n in enumerate(names):
        if n.startswith(USER_PREFIX):
            if not n[len(USER_PREFIX):].isidentifier():
                errors.append(
                    f'actions[{i}]: expected {USER_PREFIX}NAME with NAME a Python identifier, got "{n}"'
                )
        elif n not in known:
            errors.append(
                f'actions[{i}]: unknown action "{n}" (known: {", ".join(sorted(known))}, '
                f"or {USER_PREFIX}NAME for a function the program gives to register_action)"
            )
    return errors


def validate_agent_names(names: Sequence[str]) -> list[str]:
    """Errors for `agent_actions:` (valid everywhere: the daemon ignores them), as `actions...: message`."""
    return [
        f'actions[{i}]: unknown agent action "{str(n)[:80]}" (known: {", ".join(AGENT_ACTIONS)})'
        for i, n in enumerate(names)
        if n not in AGENT_ACTIONS
    ]


class ActionRunner:
    """Runs actions on one daemon thread; bounded in queue length, count and frequency."""

    def __init__(self, capacity: int = 16) -> None:
        self._queue: queue.Queue[tuple[str, ActionFn, FiredAlert]] = queue.Queue(maxsize=capacity)
        self._last: dict[str, float] = {}  # rule -> when an action of it last ran
        self._count: dict[str, int] = {}
        self.dropped = 0
        self.failed = 0
        self.ran = 0
        self._thread: threading.Thread | None = None

    def submit(
        self, rule: str, names: Sequence[str], alert: FiredAlert, *, cooldown: float, max_runs: int
    ) -> int:
        """Queue a rule's actions (from the sampler thread: never blocks). Returns how many."""
        last = self._last.get(rule)
        if self._count.get(rule, 0) >= max_runs or (last is not None and alert.fired_at - last < cooldown):
            return 0
        self._last[rule] = alert.fired_at
        self._count[rule] = self._count.get(rule, 0) + 1
        queued = 0
        for name in names:
            fn = lookup(name)
            if fn is None:
                log.warning("alert %s: action %s is not registered in this process", rule, name)
                continue
            try:
                self._queue.put_nowait((name, fn, alert))
                queued += 1
            except queue.Full:
                self.dropped += 1
        if queued:
            self._ensure_thread()
        return queued

    def _ensure_thread(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="gpumemd-alert-actions", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            name, fn, alert = self._queue.get()
            try:
                fn(alert)
                self.ran += 1
                log.info("alert %s: action %s done", alert.alertname, name)
            except Exception as exc:  # a user's action must not kill the runner
                self.failed += 1
                log.warning(
                    "alert %s: action %s failed: %s: %s", alert.alertname, name, type(exc).__name__, exc
                )
            finally:
                self._queue.task_done()

    def join(self, timeout: float = 5.0) -> bool:
        """Wait for queued actions (tests). True if the queue drained."""
        done = threading.Event()

        def waiter() -> None:
            self._queue.join()
            done.set()

        threading.Thread(target=waiter, daemon=True).start()
        return done.wait(timeout)
