"""`gpumemd serve`: the node daemon. NVML + host memory, torch-free.

Importing this module (and running the daemon) never imports torch: torch costs hundreds of
MB of RSS, and the daemon runs on every GPU node. A test holds us to that.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import config as config_mod
from .alerts import rules as _rules  # noqa: F401  (registers the rule compiler with config's validator)
from .backends.host import Psutil
from .backends.nvml import Pynvml
from .backends.replay import host_replayer, load_capture, nvml_replayer
from .config import Config
from .runtime import Runtime, log_reload_errors
from .sources.attribution import with_attribution
from .sources.base import Source
from .sources.breakdown import BreakdownSource
from .sources.host import HostSource
from .sources.nvml import NvmlSource
from .sources.spool import SpoolSource
from .spool.format import spool_dir

log = logging.getLogger("gpumemd")

__all__ = ["build_runtime", "node_sources", "serve"]


def node_sources(config: Config, capture: dict[str, Any] | None = None) -> Sequence[Source]:
    """The daemon's sources, reading the real libraries or, with a capture, replaying it."""
    sources: list[Source] = []
    nv = config.sources.nvml
    if nv.enabled:
        api = nvml_replayer(capture) if capture is not None else Pynvml()
        sources.append(
            NvmlSource(
                api,
                processes=nv.processes,
                process_names=nv.process_names,
                max_processes=nv.max_processes,
                utilization=nv.utilization,
                max_label_length=config.web.max_label_length,
                required=nv.required,
            )
        )
    if config.sources.host.enabled:
        host_api = host_replayer(capture) if capture is not None else Psutil()
        sources.append(HostSource(host_api, process_rss=config.sources.host.process_rss))
    # The agents of this node's ranks, merged into this one target. A replay reads a spool
    # only when one is configured: a recorded node must not pick up this machine's agents.
    spool = spool_dir(config.agent.spool_dir) if capture is None or config.agent.spool_dir else None
    if spool is not None:
        sources.append(SpoolSource(spool, expire_intervals=config.agent.spool_expire_intervals,
                                   settings=config.sources.spool))
    if nv.enabled:  # after nvml and spool: it joins their readings of the same sample
        sources.append(BreakdownSource())
    return with_attribution(config, sources)  # kubelet (pod labels) and Slurm, where enabled


def build_runtime(config: Config, capture: dict[str, Any] | None = None) -> Runtime:
    from .alerts.observer import AlertingFactory

    # Declared so that a collector failing from the very first sample still fires its alert.
    alerting = AlertingFactory(collectors=lambda c: [n for n in ("nvml", "host") if getattr(c.sources, n).enabled])  # getattr: a source section by its collector name
    return Runtime(config, lambda c: node_sources(c, capture), build_observers=alerting, eager_render=True,
                   config_reloads=True)


def serve(config: Config, config_path: str | None = None, replay: str | None = None,
          overrides: dict[str, Any] | None = None, capture: dict[str, Any] | None = None) -> int:
    """Run until SIGTERM/SIGINT; SIGHUP re-reads `config_path`. Returns the exit status.
    `capture`: the replayed capture, when the caller read `replay` already."""
    overrides = overrides or {}
    if capture is None and replay:
        capture = load_capture(replay)
    runtime = build_runtime(config, capture)
    wake = threading.Event()  # set by every handler; the flags below say why
    stop = threading.Event()
    reload = threading.Event()
    died: list[str] = []

    # The sampler restarts its thread a few times; past that the process exits non-zero so
    # that its supervisor (systemd, Kubernetes) starts a fresh one.
    def on_death(reason: str) -> None:
        died.append(reason)
        stop.set()
        wake.set()

    runtime.sampler.on_death = on_death

    # Handlers only set flags: the work happens on the main thread, never inside a handler.
    def on_stop(signum: int, frame: Any) -> None:
        stop.set()
        wake.set()

    def on_hup(signum: int, frame: Any) -> None:
        reload.set()
        wake.set()

    # Installed before the port opens: a SIGHUP or SIGTERM sent once /-/ready answers must
    # find them (the default action of SIGHUP would end the process).
    signal.signal(signal.SIGTERM, on_stop)
    signal.signal(signal.SIGINT, on_stop)
    signal.signal(signal.SIGHUP, on_hup)
    try:
        runtime.start()
    except OSError as exc:
        log.error("cannot listen on %s: %s", config.web.listen_address, exc.strerror or exc)
        runtime.stop()
        return 1
    assert runtime.server is not None
    host, port = runtime.server.address
    log.info(
        "gpumemd serving on %s:%d (interval %ss, collectors: %s%s)",
        host, port, config.sampler.interval, ", ".join(s.name for s in runtime.sampler._sources),
        ", replaying " + Path(replay).name if replay else "",
    )
    while not stop.is_set():
        wake.wait()
        wake.clear()
        if reload.is_set() and not stop.is_set():
            reload.clear()
            try:
                _reload(runtime, config_path, overrides)
            except Exception as exc:  # pragma: no cover - _reload catches everything itself
                log.error("reload failed, keeping the running configuration: %s", type(exc).__name__)
                runtime.reload_failed()
    if died:
        log.error("exiting: %s", died[0])
    else:
        log.info("shutting down")
    runtime.stop()
    return 1 if died else 0


def _reload(runtime: Runtime, config_path: str | None, overrides: dict[str, Any]) -> None:
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
        log.error("reload failed, keeping the running configuration: %s: %s", type(exc).__name__,
                  text if len(text) <= 300 else text[:299] + "…")
        runtime.reload_failed()
        return
    runtime.reload(new)
