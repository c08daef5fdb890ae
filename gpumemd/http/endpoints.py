"""What each path answers. Cheap and non-blocking: every answer reads the latest sample."""

from __future__ import annotations

import html
import json
import time
from collections.abc import Callable

from gpumemd.sampling.cycle import Snapshot
from gpumemd.sampling.exposition import OPENMETRICS_TYPE, TEXT_TYPE, wants_gzip, wants_openmetrics
from gpumemd.sampling.sampler import STALL_FLOOR
from gpumemd.version import __version__

from .server import Request, Response

__all__ = ["App"]

_PLAIN = {"Content-Type": "text/plain; charset=utf-8"}
_NO_ALERTS = json.dumps({"status": "success", "data": {"alerts": []}}).encode()


class App:
    """The exporter's HTTP answers (/metrics, /-/healthy, /-/ready, /api/v1/alerts, the landing
    page), each read from the latest sample."""

    def __init__(
        self,
        latest: Callable[[], Snapshot | None],
        *,
        interval: Callable[[], float],
        alerts_json: Callable[[], bytes | None] | None = None,
        title: str = "gpumemd",
        clock: Callable[[], float] = time.time,
        health: Callable[[], str | None] | None = None,
    ) -> None:
        """`health`: the sampler's `problem()` (why it is unhealthy, or None), where it runs
        in this process; without one, a latest sample too old is the only sign."""
        self._latest = latest
        self._health = health
        self._interval = interval
        self._alerts_json = alerts_json
        self._title = title
        self._clock = clock
        self._routes: dict[str, Callable[[Request], Response]] = {
            "/": self._landing,
            "/metrics": self._metrics,
            "/-/healthy": self._healthy,
            "/-/ready": self._ready,
            "/api/v1/alerts": self._alerts,
        }

    def __call__(self, request: Request) -> Response:
        route = self._routes.get(request.path)
        if route is None:
            return Response(404, b"404 page not found\n", _PLAIN)
        return route(request)

    def _metrics(self, request: Request) -> Response:
        snapshot = self._latest()
        if snapshot is None:
            return Response(503, b"no sample yet\n", _PLAIN)
        om = wants_openmetrics(request.headers.get("accept", ""))
        gz = wants_gzip(request.headers.get("accept-encoding", ""))
        headers = {"Content-Type": OPENMETRICS_TYPE if om else TEXT_TYPE}
        if gz:
            headers["Content-Encoding"] = "gzip"
        return Response(200, snapshot.exposition.body(openmetrics_format=om, gzipped=gz), headers)

    def _problem(self) -> str | None:
        # A dead or stuck sampler is unhealthy: a liveness probe should restart us.
        if self._health is not None:  # the sampler's own view, on its monotonic clock
            return self._health()
        snapshot = self._latest()
        if snapshot is None:
            return None
        age = self._clock() - snapshot.timestamp
        limit = max(3 * self._interval(), STALL_FLOOR)
        return (
            f"sampler is stuck: the last sample is {age:.0f}s old (limit {limit:.0f}s)"
            if age > limit
            else None
        )

    def _healthy(self, request: Request) -> Response:
        problem = self._problem()
        if problem is not None:
            line = " ".join(problem.split())  # one line, whatever the reason holds
            return Response(503, line.encode("utf-8", "replace") + b"\n", _PLAIN)
        return Response(200, b"Healthy\n", _PLAIN)

    def _ready(self, request: Request) -> Response:
        if self._latest() is None:
            return Response(503, b"no sample yet\n", _PLAIN)
        return Response(200, b"Ready\n", _PLAIN)

    def _alerts(self, request: Request) -> Response:
        body = (self._alerts_json() if self._alerts_json else None) or _NO_ALERTS
        return Response(200, body, {"Content-Type": "application/json"})

    def _landing(self, request: Request) -> Response:
        title = html.escape(self._title)
        links = "".join(
            f'<li><a href="{p}">{p}</a></li>'
            for p in ("/metrics", "/-/healthy", "/-/ready", "/api/v1/alerts")
        )
        page = (
            f"<!doctype html><html><head><title>{title}</title></head><body>"
            f"<h1>{title}</h1><p>GPU-memory exporter, version {__version__}.</p>"
            f"<ul>{links}</ul></body></html>\n"
        )
        return Response(200, page.encode(), {"Content-Type": "text/html; charset=utf-8"})
