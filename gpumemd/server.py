"""The HTTP endpoint: a small, bounded server on the standard library.

INTERFACE (stable; the rest of gpumemd depends only on this):

    server = HttpServer(listen_address, app, web_config=None)
    server.start()            # binds, returns once listening; raises OSError on bind failure
    server.address            # (host, port) actually bound (port 0 -> ephemeral)
    server.stop()             # closes the listener and all connections, joins threads

`app` is a callable `app(request: Request) -> Response`; it never does I/O beyond
reading the latest sample, so it is cheap and never blocks.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class Request:
    method: str
    path: str  # without the query string
    query: str
    headers: Mapping[str, str]  # keys lower-case


@dataclass(frozen=True)
class Response:
    status: int
    body: bytes = b""
    headers: Mapping[str, str] = field(default_factory=dict)


App = Callable[[Request], Response]


def parse_listen_address(value: str) -> tuple[str, int]:
    """`HOST:PORT`, `:PORT` (all interfaces) or `[::1]:PORT`, as node_exporter takes it."""
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"expected HOST:PORT, got {value!r}")
    host = host.strip("[]")
    return host or "0.0.0.0", int(port)


class HttpServer:
    """PLACEHOLDER implementation (ThreadingHTTPServer); replaced by the hardened server."""

    def __init__(self, listen_address: str, app: App, web_config: object = None) -> None:
        self._bind = parse_listen_address(listen_address)
        self._app = app
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def address(self) -> tuple[str, int]:
        assert self._httpd is not None
        host, port = self._httpd.server_address[:2]
        return str(host), int(port)

    def start(self) -> None:
        app = self._app

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                path, _, query = self.path.partition("?")
                headers = {k.lower(): v for k, v in self.headers.items()}
                resp = app(Request(self.command, path, query, headers))
                self.send_response(resp.status)
                for k, v in resp.headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(resp.body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(resp.body)

            do_HEAD = do_GET

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._httpd = ThreadingHTTPServer(self._bind, Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="gpumemd-http", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
