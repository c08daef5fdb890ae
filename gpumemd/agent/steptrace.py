"""The `record_profile` alert action: a torch.profiler memory trace of the next N steps.

An alert fires on the sampler thread; the trace must cover what the *training* thread does
next. So the action only arms a `StepTrace`; a global optimizer step hook
(`torch.optim.optimizer.register_optimizer_step_post_hook`, installed on first arm, next to
nothing a step when idle) starts `torch.profiler.profile(profile_memory=True)` at the end of the
next optimizer step — on the training thread, where the profiler must start and stop —
and stops it `steps` steps later. A loop without `torch.optim` marks its steps with
`gpumemd.agent.steptrace.step()`. The trace is written on a thread as a gzipped Chrome trace
(open it in Perfetto or chrome://tracing; memory events are the `[memory]` instants).

Bounds: one trace at a time; `steps` ≤ 100; stopped at the first step after `max_seconds`
even if fewer steps ran; at most `max_files` traces kept in the directory (the oldest
deleted), and a trace larger than `max_bytes` is deleted rather than kept. Written and
rotated through `gpumemd.fs.SafeDir`: a directory of another user is refused with one log
line, never written into (the default, in the shared temporary directory, is per user:
`$TMPDIR/gpumemd-traces-<uid>`). The alert
engine's `action_cooldown`/`action_max` bound how often it is armed. A trace costs the
training thread the profiler's overhead for those steps (typically tens of percent while
recording) and the profiler's stop once at the end.
"""

from __future__ import annotations

import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpumemd.fs import Problems, SafeDir, WriteError, name_part

log = logging.getLogger("gpumemd.steptrace")

__all__ = ["MAX_STEPS", "StepTrace", "install", "step"]

MAX_STEPS = 100


class StepTrace:
    """Arm from any thread; `step()` (the optimizer hook) runs on the training thread."""

    def __init__(
        self,
        directory: str | os.PathLike[str] | None = None,
        *,
        steps: int = 5,
        max_seconds: float = 60.0,
        max_files: int = 3,
        max_bytes: int = 256 << 20,
        pid: int | None = None,
        profiler: Callable[[], Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        base = directory if directory else Path(tempfile.gettempdir()) / f"gpumemd-traces-{os.geteuid()}"
        self.directory = Path(base)
        self._dir = SafeDir(self.directory, what="trace")  # created 0700 when missing
        self._problems = Problems(log)
        self.steps = max(1, min(int(steps), MAX_STEPS))
        self.max_seconds = max_seconds
        self.max_files = max(1, max_files)
        self.max_bytes = max_bytes
        self._pid = os.getpid() if pid is None else pid
        self._make_profiler = profiler or self._torch_profiler
        self._clock = clock
        self._lock = threading.Lock()
        self._armed: str | None = None  # the reason, while waiting for the next step
        self._prof: Any = None
        self._counted = 0
        self._started = 0.0
        self._hook: Any = None
        self.active = True
        self.written: list[str] = []
        self.results: dict[str, int] = {}
        self._exporting: threading.Thread | None = None

    # --- any thread ---

    def arm(self, reason: str = "manual") -> bool:
        """Trace the next `steps` steps; False if a trace is already armed or running."""
        with self._lock:
            if not self.active or self._armed is not None or self._prof is not None:
                self._note("skipped")
                return False
            self._armed = reason
        self._install_hook()
        log.info("step trace armed (%s): the next %d step(s)", reason, self.steps)
        return True

    def _install_hook(self) -> None:
        if self._hook is not None:
            return
        try:
            from torch.optim.optimizer import register_optimizer_step_post_hook
        except ImportError:  # no torch.optim: steps come from gpumemd.agent.steptrace.step() only
            return
        self._hook = register_optimizer_step_post_hook(lambda opt, args, kwargs: self.step())

    def close(self) -> None:
        """No further traces; a running one stops at its next step. The hook stays installed
        (removing a hook while an optimizer iterates its hooks would raise there): idle, it
        costs one call per step."""
        with self._lock:
            self.active = False
            self._armed = None

    # --- the training thread ---

    def step(self) -> None:
        """A step ended. Never raises into the training loop."""
        if self._armed is None and self._prof is None:
            return
        try:
            self._step()
        except Exception:
            self._note("failed")
            log.exception("step trace failed")
            with self._lock:
                self._armed, self._prof = None, None

    def _step(self) -> None:
        with self._lock:
            prof, reason = self._prof, self._armed
        if prof is None:
            if reason is None:
                return
            prof = self._make_profiler()
            prof.start()
            with self._lock:
                self._prof, self._counted, self._started = prof, 0, self._clock()
            return
        self._counted += 1
        if self.active and self._counted < self.steps and self._clock() - self._started < self.max_seconds:
            return
        with self._lock:
            reason = self._armed or "manual"
            self._armed, self._prof = None, None
        prof.stop()
        stamp = time.strftime("%Y%m%dT%H%M%S")
        path = self.directory / f"trace-{self._pid}-{stamp}-{name_part(reason)}.json.gz"
        steps = self._counted
        self._exporting = threading.Thread(
            target=self._export, args=(prof, path, steps), name="gpumemd-trace-export", daemon=True
        )
        self._exporting.start()

    # --- export, on its own thread ---

    def _export(self, prof: Any, path: Path, steps: int) -> None:
        try:
            # export_chrome_trace writes by path: into a private directory under the checked
            # one, then renamed into place (gpumemd.fs.SafeDir.write_by_path); complete or absent
            size = self._dir.write_by_path(path.name, prof.export_chrome_trace, max_bytes=self.max_bytes)
            if size is None:
                self._note("too_large")
                log.warning(
                    "step trace of %d step(s) was larger than %d bytes: deleted", steps, self.max_bytes
                )
                return
            self._dir.rotate(
                f"trace-{self._pid}-",
                ".json.gz",
                keep=self.max_files,
                max_bytes=self.max_files * self.max_bytes,
            )
        except WriteError as err:
            self._note("failed")
            self._problems.failed(err)  # one line per state, counted; never a traceback
            return
        except Exception:
            self._note("failed")
            log.exception("step trace export failed")
            return
        self._problems.ok("trace", self.directory)
        self._note("written")
        self.written.append(str(path))
        log.warning("step trace of %d step(s) written to %s", steps, path)

    def join(self, timeout: float = 30.0) -> None:
        t = self._exporting
        if t is not None:
            t.join(timeout)

    def _note(self, result: str) -> None:
        self.results[result] = self.results.get(result, 0) + 1

    @staticmethod
    def _torch_profiler() -> Any:
        import torch
        from torch.profiler import ProfilerActivity, profile

        activities = [ProfilerActivity.CPU]
        if torch.cuda.is_available() and torch.cuda.is_initialized():
            activities.append(ProfilerActivity.CUDA)
        return profile(activities=activities, profile_memory=True, record_shapes=False, with_stack=False)


_current: StepTrace | None = None


def install(trace: StepTrace | None) -> None:
    """The agent's trace (what `step()` drives); None uninstalls."""
    global _current
    _current = trace


def step() -> None:
    """Mark the end of a training step, for loops that do not use torch.optim."""
    trace = _current
    if trace is not None:
        trace.step()
