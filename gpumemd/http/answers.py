"""What the HTTP server answers, apart from how the bytes move: the app's response
serialised with the web config's headers, the error responses, and the basic-auth decision
(`auth_gate` on the I/O thread, without a bcrypt; `verify`, the bcrypt, on a worker).

`server.py` owns the connections and threads and calls these; nothing here touches a socket.
"""

from __future__ import annotations

import collections
import logging
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from .protocol import App, Parsed, Response, error_bytes, serialize

if TYPE_CHECKING:
    from .webconfig import BasicAuth, Pending

log = logging.getLogger("gpumemd.server")

__all__ = ["Answers"]


class Answers:
    """The server's answers to parsed requests; `stats` is the server's own counter."""

    def __init__(
        self,
        app: App,
        auth: BasicAuth | None,
        extra_headers: Sequence[tuple[str, str]],
        stats: collections.Counter[str],
        clock: Callable[[], float],
    ) -> None:
        self._app = app
        self._auth = auth
        self._extra_headers = extra_headers
        self.stats = stats
        self._clock = clock
        self._limited_logged = -math.inf

    def auth_gate(self, client: str, parsed: Parsed) -> bytes | Pending | None:
        """Basic auth, decided on the I/O thread without a bcrypt: None (known good
        credentials: serve), a response (401, or 429 for a client over its budget of
        verifications), or the Pending credentials a worker must verify."""
        assert self._auth is not None
        req = parsed.request
        verdict = self._auth.lookup(req.headers.get("authorization"))
        if verdict == "allowed":
            return None
        if verdict == "denied":
            self.stats["status_401"] += 1
            return self.error_bytes(
                401,
                {"WWW-Authenticate": 'Basic realm="gpumemd"'},
                parsed.keep_alive,
                req.method == "HEAD",
                parsed.http10,
            )
        if not self._auth.admit(client):
            self.stats["status_429"] += 1
            now = self._clock()
            if now - self._limited_logged >= 60.0:  # one line a minute, however many clients
                self._limited_logged = now
                log.warning(
                    "basic auth: too many credentials to verify from %s (wrong passwords, or "
                    "too many at once); answering 429 without checking them",
                    client or "a client",
                )
            return self.error_bytes(
                429, {"Retry-After": "1"}, parsed.keep_alive, req.method == "HEAD", parsed.http10
            )
        assert not isinstance(verdict, str)
        return verdict

    def verify(self, client: str, pending: Pending) -> bool:
        assert self._auth is not None
        ok: bool | None = None
        try:
            ok = self._auth.verify(pending)
        finally:
            self._auth.done(client, ok)
        return ok

    def respond(self, parsed: Parsed) -> tuple[bytes, bool]:
        """The app's answer (authorised already: see auth_gate)."""
        req = parsed.request
        head_only = req.method == "HEAD"
        try:
            resp = self._app(req)
            if not isinstance(resp, Response):
                raise TypeError(f"app returned {type(resp).__name__}, not Response")
            return self.serialize(resp, parsed.keep_alive, head_only, parsed.http10), parsed.keep_alive
        except Exception:
            log.exception("app failed for %s %s", req.method, req.path)
            return self.error_bytes(500, {}, False, head_only), False

    def serialize(self, resp: Response, keep_alive: bool, head_only: bool, http10: bool = False) -> bytes:
        return serialize(resp, keep_alive, head_only, http10, self._extra_headers)

    def error_bytes(self, status: int, headers: Mapping[str, str], keep_alive: bool,
                    head_only: bool = False, http10: bool = False) -> bytes:  # fmt: skip
        return error_bytes(status, headers, keep_alive, head_only, http10, self._extra_headers)
