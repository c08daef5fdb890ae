"""The HTTP server's worker threads: the requests its I/O thread hands over, answered off it.

With basic auth, credentials no cache knows go to the one worker that runs bcrypt (the I/O
thread answers everything else itself); with `inline_responses` off, a pool of workers (8 by
default) answers every request. A worker answers (answers.py), writes the response straight
to the socket (a /metrics body usually fits the socket buffer) and hands the connection back
with what is left to write. The I/O thread takes hand-backs on its next round (`returns`),
woken by one byte per batch of them: `woken()` once it has drained its wake-up socket, never
before, or a hand-back in between would wait for a timeout (the lost wake-up of issue 7).
"""

from __future__ import annotations

import collections
import logging
import queue
import ssl
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from .answers import Answers
from .connection import Conn
from .protocol import Parsed

if TYPE_CHECKING:
    from .webconfig import Pending

log = logging.getLogger("gpumemd.server")

__all__ = ["Workers"]


class Workers:
    """`count` worker threads taking requests from a bounded queue; `wake` wakes the I/O thread."""

    def __init__(
        self,
        count: int,
        queue_size: int,
        answers: Answers,
        stats: collections.Counter[str],
        wake: Callable[[], None],
    ) -> None:
        self.count = count
        self.queue: queue.Queue[tuple[Conn, Parsed, Pending | None] | None] = queue.Queue(queue_size)
        self.returns: collections.deque[tuple[Conn, bytes, bool]] = collections.deque()
        self.stopping = False
        self._answers = answers
        self._stats = stats
        self._wake = wake
        self._wake_pending = False

    def threads(self) -> list[threading.Thread]:
        """The worker threads, not started."""
        names = [f"gpumemd-http-{i}" for i in range(self.count)]
        return [threading.Thread(target=self._run, name=name, daemon=True) for name in names]

    def submit(self, conn: Conn, parsed: Parsed, pending: Pending | None) -> bool:
        """Queue a request (with `pending`: credentials to verify); False when the queue is full."""
        try:
            self.queue.put_nowait((conn, parsed, pending))
        except queue.Full:
            return False
        return True

    def stop(self) -> None:
        """Each worker ends after the request it is answering (at most a second's wait to queue)."""
        self.stopping = True
        for _ in range(self.count):
            try:
                self.queue.put(None, timeout=1.0)
            except queue.Full:
                break

    def woken(self) -> None:
        """The I/O thread has drained its wake-up socket: the next hand-back wakes it again."""
        self._wake_pending = False

    def _run(self) -> None:
        while True:
            item = self.queue.get()
            if item is None or self.stopping:
                return
            conn, parsed, pending = item
            keep_alive = parsed.keep_alive
            try:
                if pending is not None and not self._answers.verify(conn.client, pending):
                    self._stats["status_401"] += 1
                    data = self._answers.error_bytes(
                        401,
                        {"WWW-Authenticate": 'Basic realm="gpumemd"'},
                        keep_alive,
                        parsed.request.method == "HEAD",
                        parsed.http10,
                    )
                else:
                    data, keep_alive = self._answers.respond(parsed)
            except Exception:
                log.exception("failed to answer %s %s", parsed.request.method, parsed.request.path)
                data, keep_alive = self._answers.error_bytes(500, {}, keep_alive=False), False
            sent = 0
            try:  # write from here: a /metrics body usually fits the socket buffer
                while sent < len(data):
                    sent += conn.sock.send(memoryview(data)[sent : sent + 262144])
            except (BlockingIOError, InterruptedError, ssl.SSLWantWriteError, ssl.SSLWantReadError):
                pass
            except (OSError, ValueError):
                keep_alive = False
                sent = len(data)  # nothing more to write; the I/O thread closes it
            self.hand_back(conn, data[sent:], keep_alive)

    def hand_back(self, conn: Conn, rest: bytes, keep_alive: bool) -> None:
        """A worker is done with conn: the I/O thread writes `rest` and takes it back."""
        self.returns.append((conn, rest, keep_alive))
        if not self._wake_pending:  # else a wake-up byte is on its way, or the loop is
            self._wake_pending = True  # about to take the returns (see woken)
            self._wake()
