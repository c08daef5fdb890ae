"""A loopback HTTP server that misbehaves on purpose: each connection's request is read,
then a behaviour writes whatever raw bytes it likes (a huge body, an endless chunked
stream, one byte at a time, a redirect). It records what arrived and counts what it sent,
so a test can say how much a client read."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Exchange", "Hostile", "answer", "chunked_forever", "huge", "redirect", "routes", "trickle"]


@dataclass
class Exchange:
    """One request as it arrived, and a `send` that counts and never raises."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    server: Hostile
    sock: socket.socket = field(repr=False)

    def send(self, data: bytes) -> bool:
        if self.server.stopped.is_set():
            return False
        try:
            self.sock.sendall(data)
        except OSError:
            return False
        with self.server.lock:
            self.server.sent += len(data)
        return True


Behaviour = Callable[[Exchange], None]


class Hostile:
    """`behaviour` answers each request; change it at any time (`server.behaviour = ...`)."""

    def __init__(self, behaviour: Behaviour, port: int = 0) -> None:
        self.behaviour = behaviour
        self.requests: list[Exchange] = []
        self.sent = 0
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", port))
        self.port = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        conn.settimeout(10)
        with conn:
            try:
                data = b""
                while b"\r\n\r\n" not in data:
                    more = conn.recv(65536)
                    if not more:
                        return
                    data += more
                head, _, rest = data.partition(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = lines[0].split(" ", 2)
                headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
                length = int(headers.get("content-length", "0"))
                while len(rest) < length:
                    more = conn.recv(65536)
                    if not more:
                        break
                    rest += more
            except (OSError, ValueError):
                return
            ex = Exchange(method, path, headers, rest, self, conn)
            with self.lock:
                self.requests.append(ex)
            self.behaviour(ex)

    def close(self) -> None:
        self.stopped.set()
        try:
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accept (close alone keeps the port bound)
        except OSError:
            pass
        self._listener.close()

    def __enter__(self) -> Hostile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def routes(table: dict[str, Behaviour]) -> Behaviour:
    """By path (the query ignored); 404 for the rest."""
    def run(ex: Exchange) -> None:
        table.get(ex.path.split("?", 1)[0], answer(404))(ex)
    return run


def answer(status: int = 200, body: bytes = b"", content_type: str = "text/plain") -> Behaviour:
    def run(ex: Exchange) -> None:
        ex.send(f"HTTP/1.1 {status} X\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
                "Connection: close\r\n\r\n".encode() + body)
    return run


def huge(size: int) -> Behaviour:
    """200 announcing `size` bytes, sent as fast as the client takes them."""
    def run(ex: Exchange) -> None:
        ex.send(f"HTTP/1.1 200 OK\r\nContent-Length: {size}\r\n\r\n".encode())
        block, left = b"\0" * 65536, size
        while left > 0 and ex.send(block[:left]):
            left -= len(block)
    return run


def chunked_forever(limit_s: float = 30.0) -> Behaviour:
    """200 with a chunked body that never ends (until the client goes, or `limit_s`)."""
    def run(ex: Exchange) -> None:
        ex.send(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
        end = time.monotonic() + limit_s
        while time.monotonic() < end and ex.send(chunk):
            pass
    return run


def trickle(data: bytes, every: float, limit_s: float = 30.0) -> Behaviour:
    """`data` one byte every `every` seconds (each one well under a per-read timeout)."""
    def run(ex: Exchange) -> None:
        end = time.monotonic() + limit_s
        for i in range(len(data)):
            if time.monotonic() > end or not ex.send(data[i:i + 1]) or ex.server.stopped.wait(every):
                return
    return run


def redirect(location: str, status: int = 302) -> Behaviour:
    def run(ex: Exchange) -> None:
        ex.send(f"HTTP/1.1 {status} Found\r\nLocation: {location}\r\nContent-Length: 0\r\n\r\n".encode())
    return run
