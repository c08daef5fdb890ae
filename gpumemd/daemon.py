"""`gpumemd serve`: the node daemon. NVML + host memory, torch-free.

Importing this module (and running the daemon) never imports torch: torch costs hundreds of
MB of RSS, and the daemon runs on every GPU node. A test holds us to that.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import config as config_mod
from .backends.replay import load_capture
from .config import Config
from .runtime import Runtime, log_reload_errors
from .sources.node import node_sources

log = logging.getLogger("gpumemd")

__all__ = [
    "GIL_SWITCH_INTERVAL", "RELOAD_MIN_INTERVAL", "STOP_DEADLINE", "SignalInbox", "build_runtime",
    "freeze_heap", "release_memory", "serve",
]


def build_runtime(config: Config, capture: dict[str, Any] | None = None) -> Runtime:
    from .alerts.observer import AlertingFactory

    # Declared so that a collector failing from the very first sample still fires its alert.
    alerting = AlertingFactory(
        collectors=lambda c: [n for n in ("nvml", "host") if getattr(c.sources, n).enabled]
    )  # getattr: a source section by its collector name
    return Runtime(
        config,
        lambda c: node_sources(c, capture),
        build_observers=alerting,
        eager_render=True,
        config_reloads=True,
    )


def release_memory() -> bool:
    """Give the memory the C heap holds free back to the system (glibc's malloc_trim).

    Reading the configuration and the rule files, and the imports, free far more than the
    daemon keeps; glibc keeps the freed pages mapped, in the daemon's resident memory for its
    whole life. Called once the daemon serves, and after a reload. True if it ran (glibc)."""
    import ctypes  # here: only where the daemon runs (loaded already by NVML's bindings)
    import gc

    gc.collect()
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to give back this way
        return False
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    trim(0)
    return True


def freeze_heap() -> int:
    """Leave what the daemon holds for its life (modules, configuration, rules) out of the cyclic
    collector's full passes: collect what is garbage now, then freeze the rest (`gc.freeze`).
    A full pass walks every tracked object holding the GIL, one uninterrupted C call: with the
    startup heap in it, the longest the sampler thread makes a scrape wait (docs/performance.md).
    Called once the daemon serves and after each reload (which unfreezes first, so what a reload
    dropped is collected). Returns the objects frozen."""
    import gc

    gc.unfreeze()
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


GIL_SWITCH_INTERVAL = 0.0005
"""Seconds a thread waiting for the GIL waits before the holder must hand it over (CPython's
default is 0.005). The daemon's own process only, never a training process: a scrape arriving
while the sampler thread parses the ranks' files waits for the GIL at each step of its answer
(accept, read, write), each wait up to this long (docs/performance.md)."""
RELOAD_MIN_INTERVAL = 0.25
"""Seconds between two reloads: a SIGHUP storm becomes one reload per interval, the last
one after the storm's last signal (so the final file is the one that runs)."""
STOP_DEADLINE = 5.0
"""Seconds from SIGTERM/SIGINT to exit, whatever the main thread is doing (a reload stuck
in a library call included): past it the process exits at once, status 1."""


class SignalInbox:
    """What the process's signals ask for, read by the main loop of `serve`.

    A Python signal handler runs on the main thread between two bytecodes, possibly inside a
    lock that thread holds (threading.Event.set/clear take one): a handler that takes a lock
    can deadlock its own thread. So the handlers here only store plain attributes; the
    interpreter's C-level handler writes the signal number into a non-blocking pipe
    (`signal.set_wakeup_fd`), and a small thread reads it, records what it asks for under a
    lock of its own and wakes the main loop. The same thread arms the stop deadline, so a
    SIGTERM wins even when the main thread is busy in a reload.
    """

    _STOP = (signal.SIGTERM, signal.SIGINT)

    def __init__(self, stop_deadline: float = STOP_DEADLINE) -> None:
        self._lock = threading.Lock()  # never taken by a signal handler
        self._wake = threading.Event()
        self._hup = False
        self.stop_reason: str | None = None  # set once: why the main loop ends
        self._deadline = stop_deadline
        self._done = False
        self._r, self._w = os.pipe()
        os.set_blocking(self._w, False)  # set_wakeup_fd's requirement: a full pipe drops bytes
        self._old: dict[int, Any] = {}
        self._old_fd = -1
        self._relay = threading.Thread(target=self._read, name="gpumemd-signals", daemon=True)

    def install(self) -> None:
        """Take SIGTERM, SIGINT and SIGHUP (main thread only, like signal.signal itself)."""
        self._relay.start()
        self._old_fd = signal.set_wakeup_fd(self._w, warn_on_full_buffer=False)
        for sig in (*self._STOP, signal.SIGHUP):
            self._old[sig] = signal.signal(sig, self._handler)

    @staticmethod
    def _handler(signum: int, frame: Any) -> None:
        # Nothing here: the wake-up byte the C handler wrote says which signal came.
        # A Python handler must still be installed, or the default action would run.
        pass

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self._r, 4096)
            except InterruptedError:
                continue
            except OSError:
                return
            if not data:
                return
            for signum in data:
                if signum in self._STOP:
                    self.request_stop(f"signal {signal.Signals(signum).name}", from_signal=True)
                elif signum == signal.SIGHUP:
                    with self._lock:
                        self._hup = True
            self._wake.set()

    def request_stop(self, reason: str, from_signal: bool = False) -> None:
        """End the main loop (from any thread, never from a handler); the first reason stays."""
        with self._lock:
            first = self.stop_reason is None
            if first:
                self.stop_reason = reason
        self._wake.set()
        if first and from_signal:
            timer = threading.Timer(self._deadline, self._force_exit)
            timer.daemon = True
            timer.start()

    def _force_exit(self) -> None:
        if self._done:
            return
        log.error("shutdown did not finish within %gs of %s; exiting now", self._deadline, self.stop_reason)
        for handler in logging.getLogger().handlers + log.handlers:
            try:
                handler.flush()
            except Exception:
                pass
        os._exit(1)

    @property
    def stopping(self) -> bool:
        return self.stop_reason is not None

    def take_hup(self) -> bool:
        """Whether a SIGHUP came since the last call (any number of them count as one)."""
        with self._lock:
            hup, self._hup = self._hup, False
        return hup

    @property
    def hup_pending(self) -> bool:
        return self._hup

    def wait(self, timeout: float | None = None) -> None:
        """Until a signal or a stop request (or `timeout` seconds)."""
        self._wake.wait(timeout)
        self._wake.clear()  # cleared before the caller looks at the flags: nothing is missed

    def close(self) -> None:
        """Give back the wake-up fd and the handlers; SIGHUP is ignored from here on (a late
        one must not end an exiting process by its default action)."""
        self._done = True
        signal.set_wakeup_fd(self._old_fd)
        for sig, old in self._old.items():
            signal.signal(sig, signal.SIG_IGN if sig == signal.SIGHUP else old)
        os.close(self._w)  # the relay thread reads end-of-file and ends
        self._relay.join(1.0)
        os.close(self._r)


def serve(
    config: Config,
    config_path: str | None = None,
    replay: str | None = None,
    overrides: dict[str, Any] | None = None,
    capture: dict[str, Any] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Run until SIGTERM/SIGINT; SIGHUP re-reads `config_path`. Returns the exit status.
    `capture`: the replayed capture, when the caller read `replay` already."""
    overrides = overrides or {}
    if capture is None and replay:
        capture = load_capture(replay)
    runtime = build_runtime(config, capture)
    inbox = SignalInbox()
    died: list[str] = []

    # The sampler restarts its thread a few times; past that the process exits non-zero so
    # that its supervisor (systemd, Kubernetes) starts a fresh one.
    def on_death(reason: str) -> None:
        died.append(reason)
        inbox.request_stop(reason)

    runtime.sampler.on_death = on_death

    # Installed before the port opens: a SIGHUP or SIGTERM sent once /-/ready answers must
    # find them (the default action of SIGHUP would end the process).
    inbox.install()
    switch = sys.getswitchinterval()
    sys.setswitchinterval(GIL_SWITCH_INTERVAL)  # before the sampler and HTTP threads start
    try:
        return _serve(runtime, inbox, died, config, config_path, replay, overrides, clock)
    finally:
        sys.setswitchinterval(switch)  # a caller's process (a test) gets its own back
        inbox.close()


def _serve(
    runtime: Runtime,
    inbox: SignalInbox,
    died: list[str],
    config: Config,
    config_path: str | None,
    replay: str | None,
    overrides: dict[str, Any],
    clock: Callable[[], float],
) -> int:
    try:
        runtime.start()
    except OSError as exc:
        log.error("cannot listen on %s: %s", config.web.listen_address, exc.strerror or exc)
        runtime.stop()
        return 1
    assert runtime.server is not None
    freeze_heap()  # the startup heap out of the collector's full passes, then its freed pages back
    release_memory()  # what loading the configuration and the imports left behind
    host, port = runtime.server.address
    log.info(
        "gpumemd serving on %s:%d (interval %ss, collectors: %s%s)",
        host,
        port,
        config.sampler.interval,
        ", ".join(s.name for s in runtime.sampler._sources),
        ", replaying " + Path(replay).name if replay else "",
    )
    last_reload = -RELOAD_MIN_INTERVAL
    while not inbox.stopping:
        if not inbox.hup_pending:
            inbox.wait()
            continue
        early = last_reload + RELOAD_MIN_INTERVAL - clock()
        if early > 0:  # coalesce: the HUPs of this interval become one reload at its end
            inbox.wait(early)
            continue
        inbox.take_hup()
        last_reload = clock()
        try:
            _reload(runtime, config_path, overrides, inbox)
        except Exception as exc:  # pragma: no cover - _reload catches everything itself
            log.error("reload failed, keeping the running configuration: %s", type(exc).__name__)
            runtime.reload_failed()
        freeze_heap()
        release_memory()
    if died:
        log.error("exiting: %s", died[0])
    else:
        log.info("shutting down (%s)", inbox.stop_reason)
    runtime.stop()
    return 1 if died else 0


def _reload(
    runtime: Runtime, config_path: str | None, overrides: dict[str, Any], inbox: SignalInbox | None = None
) -> None:
    """Re-read the file through the same gate as start-up; any failure keeps what runs."""
    if not config_path:
        log.info("SIGHUP: no --config.file to re-read")
        return
    try:
        new = config_mod.load(config_path)
        # Flags given on the command line still win over the file.
        new = config_mod.apply_overrides(new, overrides)
        config_mod.check_references(new, config_path)
    except config_mod.ConfigError as exc:
        log_reload_errors(exc.errors, exc.more)
        runtime.reload_failed()
        return
    except Exception as exc:  # whatever the bytes: the loader's gap must not kill the daemon
        text = str(exc)
        log.error(
            "reload failed, keeping the running configuration: %s: %s",
            type(exc).__name__,
            text if len(text) <= 300 else text[:299] + "…",
        )
        runtime.reload_failed()
        return
    if inbox is not None and inbox.stopping:  # a SIGTERM came while the file loaded: it wins
        log.info("SIGHUP: reload abandoned, shutting down")
        return
    runtime.reload(new)
