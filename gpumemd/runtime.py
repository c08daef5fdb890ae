"""What the daemon and the agent share: config -> sources -> sampler -> HTTP endpoint.

The two differ only in the sources they hand over (and whether the exposition is rendered
eagerly); everything else — sampling, isolation, the endpoint, reloads — lives here.

A reload never takes the running configuration down with it: whatever building the new
sources and observers raises, the old ones keep running (restored where a rebuild touched
them), one bounded log line says why, and `gpumemd_config_last_reload_successful` says so.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from prometheus_client.core import Metric

from .alerts import rules
from .config import Config, ConfigError
from .http.endpoints import App
from .http.server import HttpServer
from .sampling.cycle import Snapshot
from .sampling.observer import Observer
from .sampling.sampler import Sampler
from .sources.base import Family, Source

__all__ = ["MAX_RELOAD_ERRORS", "ReloadStatus", "Runtime", "log_reload_errors"]

log = logging.getLogger("gpumemd")

# Every program that samples builds a Runtime: config validates its alert rules from here on
# (config cannot import alerts; the one registration beside cli's, docs/architecture.md).
rules.register_compiler()

MAX_RELOAD_ERRORS = 10  # log lines for one failed reload; the rest are counted
_MAX_LINE = 500  # characters of one logged error

_RELOAD_OK = Family("gpumemd_config_last_reload_successful")
_RELOAD_AT = Family("gpumemd_config_last_reload_success_timestamp_seconds")


class ReloadStatus:
    """What the last reload did, as Prometheus exports its own: set at start (successful) and
    on every reload."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self.successful = True
        self.success_timestamp = clock()

    def succeeded(self) -> None:
        self.successful, self.success_timestamp = True, self._clock()

    def failed(self) -> None:
        self.successful = False

    def families(self) -> list[Metric]:
        ok, at = _RELOAD_OK.new(), _RELOAD_AT.new()
        _RELOAD_OK.add(ok, {}, 1.0 if self.successful else 0.0)
        _RELOAD_AT.add(at, {}, self.success_timestamp)
        return [ok, at]


_AUTH_REFUSED = Family("gpumemd_http_auth_refused")


def _auth_families(server: HttpServer | None) -> list[Metric]:
    """The server's basic-auth refusals, where basic auth is on."""
    if server is None or server.web_config is None or not server.web_config.users:
        return []
    fam = _AUTH_REFUSED.new()
    for code in ("401", "429"):
        _AUTH_REFUSED.add(fam, {"code": code}, float(server.stats[f"status_{code}"]))
    return [fam]


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_LINE else text[: _MAX_LINE - 1] + "…"


def log_reload_errors(errors: Sequence[str], more: int = 0) -> None:
    """A refused reload's errors: at most MAX_RELOAD_ERRORS lines, then how many more
    (`more`: errors the loader counted but did not keep)."""
    for line in errors[:MAX_RELOAD_ERRORS]:
        log.error("reload failed, keeping the running configuration: %s", _clip(str(line)))
    rest = max(0, len(errors) - MAX_RELOAD_ERRORS) + more
    if rest:
        log.error("reload failed, keeping the running configuration: and %d more", rest)


SourceFactory = Callable[[Config], Sequence[Source]]
ObserverFactory = Callable[[Config], Sequence[Observer]]


class Runtime:
    """What the daemon and the agent share: builds sources and observers from the config, runs the
    sampler and the HTTP endpoint, and reloads both on a new config."""

    def __init__(
        self,
        config: Config,
        build_sources: SourceFactory,
        *,
        build_observers: ObserverFactory | None = None,
        listeners: Sequence[Callable[[Snapshot], None]] = (),
        eager_render: bool = True,
        serve_http: bool = True,
        title: str = "gpumemd",
        sample_every: float = 0.0,
        config_reloads: bool = False,
    ) -> None:
        """`config_reloads`: export the reload status families (the daemon, which reloads on SIGHUP)."""
        self.config = config
        self.reload_status = ReloadStatus()
        self._build_sources = build_sources
        self._build_observers = build_observers or (lambda c: ())
        self._sources = list(build_sources(config))
        observers = list(self._build_observers(config))
        self.server: HttpServer | None = None  # before the sampler: its static families read it
        self.sampler = Sampler(
            self._sources,
            interval=config.sampler.interval,
            history=config.sampler.history,
            observers=observers,
            listeners=listeners,
            eager_render=eager_render,
            sample_every=sample_every,
            static_families=lambda: [
                *(self.reload_status.families() if config_reloads else ()),
                *_auth_families(self.server),
            ],
        )
        self._observers = observers
        self.app = App(
            lambda: self.sampler.latest,
            interval=lambda: self.sampler.sample_period,
            alerts_json=self.alerts_json,
            health=self.sampler.problem,
            title=title,
        )
        if serve_http:
            self.server = HttpServer(config.web.listen_address, self.app, web_config=_web_config(config))

    def alerts_json(self) -> bytes | None:
        """The /api/v1/alerts answer, or None when no alert engine runs."""
        for observer in self._observers:
            answer = observer.alerts_json()
            if answer is not None:
                return answer
        return None

    def start(self) -> None:
        """Take a first sample, then serve and sample on. Raises OSError if the port is taken."""
        self.sampler.sample_once()  # ready from the first scrape on
        if self.server is not None:
            self.server.start()
        self.sampler.start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
        self.sampler.stop()
        for source in self._sources:
            source.close()

    def reload(self, new: Config) -> bool:
        """Apply a new, already validated configuration; what needs a restart is logged.
        Never raises: on any failure the running configuration stays (False)."""
        try:
            applied = self._apply(new)
        except Exception as exc:  # the last line of defence: a reload never kills the daemon
            log.error(
                "reload failed, keeping the running configuration: %s", _clip(f"{type(exc).__name__}: {exc}")
            )
            applied = False
        if applied:
            self.reload_status.succeeded()
            log.info("configuration reloaded")
        else:
            self.reload_status.failed()
        return applied

    def reload_failed(self) -> None:
        """A reload refused before it got here (the file did not load): say so in the metrics."""
        self.reload_status.failed()

    def _apply(self, new: Config) -> bool:
        if (new.web.listen_address, new.web.config_file) != (
            self.config.web.listen_address,
            self.config.web.config_file,
        ):
            log.warning("web.listen_address and web.config_file change only on restart; keeping the old ones")
            new = dataclasses.replace(new, web=self.config.web)
        built: list[Source] = []
        try:
            built = list(self._build_sources(new))
            observers = list(self._build_observers(new))
        except Exception as exc:
            if isinstance(exc, ConfigError):
                log_reload_errors(exc.errors, exc.more)
            else:
                log.error(
                    "reload failed, keeping the running configuration: %s",
                    _clip(f"{type(exc).__name__}: {exc}"),
                )
            _close_all(built)
            self._restore_observers()
            return False
        old_sources, self._sources = self._sources, built
        self._observers = observers
        self.sampler.replace(sources=self._sources, observers=observers, interval=new.sampler.interval)
        _close_all(old_sources)
        self.config = new
        return True

    def _restore_observers(self) -> None:
        """Observers kept across reloads (the alert engine) may have been half reconfigured
        when building the new ones raised: configure them again from the running config."""
        try:
            self._build_observers(self.config)
        except Exception as exc:
            log.error(
                "restoring the running alerting configuration failed: %s",
                _clip(f"{type(exc).__name__}: {exc}"),
            )


def _close_all(sources: Sequence[Source]) -> None:
    for source in sources:
        try:
            source.close()
        except Exception as exc:  # closing an old source must not stop the others closing
            log.warning("closing collector %s failed: %s", source.name, _clip(f"{type(exc).__name__}: {exc}"))


def _web_config(config: Config) -> Any:
    if not config.web.config_file:
        return None
    from .http import webconfig

    return webconfig.load(config.web.config_file)
