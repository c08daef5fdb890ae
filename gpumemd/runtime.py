"""What the daemon and the agent share: config -> sources -> sampler -> HTTP endpoint.

The two differ only in the sources they hand over (and whether the exposition is rendered
eagerly); everything else — sampling, isolation, the endpoint, reloads — lives here.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import Any

from .config import Config
from .endpoints import App
from .sampler import Observer, Sampler, Snapshot
from .server import HttpServer
from .sources.base import Source

log = logging.getLogger("gpumemd")

SourceFactory = Callable[[Config], Sequence[Source]]
ObserverFactory = Callable[[Config], Sequence[Observer]]


class Runtime:
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
    ) -> None:
        self.config = config
        self._build_sources = build_sources
        self._build_observers = build_observers or (lambda c: ())
        self._sources = list(build_sources(config))
        observers = list(self._build_observers(config))
        self.sampler = Sampler(
            self._sources,
            interval=config.sampler.interval,
            history=config.sampler.history,
            observers=observers,
            listeners=listeners,
            eager_render=eager_render,
            sample_every=sample_every,
        )
        self._alerts_json = _alerts_json_of(observers)
        self.app = App(
            lambda: self.sampler.latest,
            interval=lambda: self.sampler.sample_period,
            alerts_json=self.alerts_json,
            title=title,
        )
        self.server: HttpServer | None = None
        if serve_http:
            self.server = HttpServer(config.web.listen_address, self.app, web_config=_web_config(config))

    def alerts_json(self) -> bytes | None:
        """The /api/v1/alerts answer, or None when no alert engine runs."""
        return self._alerts_json() if self._alerts_json else None

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
            close = getattr(source, "close", None)
            if close is not None:
                close()

    def reload(self, new: Config) -> None:
        """Apply a new, already validated configuration; what needs a restart is logged."""
        if (new.web.listen_address, new.web.config_file) != (self.config.web.listen_address, self.config.web.config_file):
            log.warning("web.listen_address and web.config_file change only on restart; keeping the old ones")
            new = dataclasses.replace(new, web=self.config.web)
        old_sources = self._sources
        self._sources = list(self._build_sources(new))
        observers = list(self._build_observers(new))
        self._alerts_json = _alerts_json_of(observers)
        self.sampler.replace(sources=self._sources, observers=observers, interval=new.sampler.interval)
        for source in old_sources:
            close = getattr(source, "close", None)
            if close is not None:
                close()
        self.config = new
        log.info("configuration reloaded")


def _alerts_json_of(observers: Sequence[Any]) -> Callable[[], bytes] | None:
    for observer in observers:
        fn = getattr(observer, "alerts_json", None)
        if fn is not None:
            return fn
    return None


def _web_config(config: Config) -> Any:
    if not config.web.config_file:
        return None
    from . import webconfig

    return webconfig.load(config.web.config_file)
