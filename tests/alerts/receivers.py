"""A webhook receiver for tests (stdlib http.server on loopback) that can be slow or fail."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class Receiver:
    """Records POSTed JSON bodies; `status` and `delay` change how it answers."""

    def __init__(self, port: int = 0) -> None:
        self.bodies: list[Any] = []
        self.arrivals: list[float] = []  # perf_counter when each request arrived
        self.headers: list[dict[str, str]] = []
        self.status = 200
        self.delay = 0.0
        self.requests = 0
        self._cond = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                arrived = time.perf_counter()
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver._cond:
                    receiver.requests += 1
                    status, delay = receiver.status, receiver.delay
                if delay:
                    time.sleep(delay)  # a slow receiver (the sender's timeout must cut it)
                try:
                    self.send_response(status)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:
                    return
                if status < 300:
                    with receiver._cond:
                        receiver.bodies.append(json.loads(body))
                        receiver.arrivals.append(arrived)
                        receiver.headers.append(dict(self.headers))
                        receiver._cond.notify_all()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()

    def wait_for(self, predicate, timeout: float = 5.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self.bodies), timeout)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
