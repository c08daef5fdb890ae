"""The one HTTP client for every request gpumemd makes: notifiers (webhook, Alertmanager)
and the node-local clients (`explain`, `top`).

A receiver or a daemon on the other end may be slow, broken or hostile, so each request is
bounded by construction:

- a *total* deadline: resolving the host's name, connecting, the TLS handshake, sending and
  every read share one clock, so a server that trickles one byte just under a per-read
  timeout, or a resolver that never answers, still ends the request on time;
- a cap on the bytes read: a body beyond `max_bytes` (a length announced, a chunked stream
  that never ends, or a connection that never closes) is either a failure or, with
  `truncate=True`, cut off (the connection is closed without reading the rest);
- redirects are never followed: a 3xx is an answer like any other, so a request with
  credentials never goes to a host it was not configured for (`require_2xx` says it);
- one connection per request (`Connection: close`): nothing is pooled, so nothing leaks
  across requests, and `Cancel` lets another thread end a request in flight at once (a
  reload closing a notifier).

It is standard library only and sits in the lowest layer, so both `gpumemd.alerts` and the
client commands use it. Error text never quotes the URL (it may carry a token): callers say
`redact(url)`.
"""

from __future__ import annotations

import base64
import ipaddress
import os
import socket
import ssl
import threading
import time
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Cancel", "RequestFailed", "Response", "redact", "request", "require_2xx"]

MAX_HEAD_BYTES = 64 << 10  # status line and headers of a response
_MAX_LINE = 4096  # a chunk-size line or a trailer
_READ = 64 << 10
_RESOLVERS = 4  # names resolved at once, in all: a resolver that never answers holds at most these threads


def redact(url: str) -> str:
    """`https://user:pw@hooks.example/T0K3N?x=1` -> `https://hooks.example`."""
    try:
        parts = urllib.parse.urlsplit(url)
        host = parts.hostname or "?"
        return f"{parts.scheme}://{host}" + (f":{parts.port}" if parts.port else "")
    except ValueError:
        return "<url>"


class RequestFailed(OSError):
    """A request that got no usable answer; `str()` is one line for a log or a terminal.
    `kind`: connect, timeout, tls, too_large, protocol, status, cancelled, url."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Response:
    """An answer: `headers` by lower-case name (the last one of a name wins); `truncated`
    when the body was cut at `max_bytes` (only with `truncate=True`)."""

    status: int
    reason: str
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes = b""
    truncated: bool = False


class Cancel:
    """Ends a request in flight from another thread: `cancel()` shuts its socket down, so a
    blocked connect, send or read returns at once (and a wait for a name, see `_Resolver`);
    later requests with it fail at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sock: socket.socket | None = None
        self.cancelled = False

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            sock = self._sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # not connected yet, or already closed: the next step sees `cancelled`
        _resolver.wake()

    def _attach(self, sock: socket.socket | None) -> None:
        with self._lock:
            if self.cancelled and sock is not None:
                raise RequestFailed("cancelled", "cancelled")
            self._sock = sock


def require_2xx(resp: Response) -> Response:
    """The response if its status is 2xx; else RequestFailed saying the status (and, for a
    redirect, where to, redacted: it was not followed)."""
    if 200 <= resp.status < 300:
        return resp
    if 300 <= resp.status < 400:
        where = resp.headers.get("location", "")
        to = f" to {redact(where)}" if "://" in where else (" on the same host" if where else "")
        raise RequestFailed("status", f"HTTP {resp.status}: a redirect{to}, not followed")
    return _raise_status(resp)


def _raise_status(resp: Response) -> Response:
    raise RequestFailed("status", f"HTTP {resp.status}" + (f" {resp.reason[:80]}" if resp.reason else ""))


def request(
    url: str,
    *,
    method: str = "GET",
    body: bytes | None = None,
    headers: Mapping[str, str] | None = None,
    timeout: float,
    max_bytes: int,
    truncate: bool = False,
    cancel: Cancel | None = None,
    context: ssl.SSLContext | None = None,
) -> Response:
    """One request, all of it within `timeout` seconds; at most `max_bytes` of body read."""
    deadline = time.monotonic() + timeout
    parts = _split(url)
    head = _head(method, parts, body, headers or {})
    cancel = cancel or Cancel()
    sock: socket.socket | None = None
    try:
        sock = _connect(parts, deadline, timeout, cancel)
        if parts.scheme == "https":
            sock = _tls(sock, parts.hostname or "", context, deadline, timeout, cancel)
        conn = _Conn(sock, deadline, timeout)
        conn.send(head + (body or b""))
        return conn.response(method, max_bytes, truncate)
    except RequestFailed:
        raise
    except ssl.SSLError as exc:
        raise _failed(cancel, "tls", f"TLS: {exc.reason or exc}") from None
    except TimeoutError:
        raise _failed(cancel, "timeout", f"timed out: no complete answer within {timeout:g}s") from None
    except OSError as exc:
        raise _failed(cancel, "connect", exc.strerror or type(exc).__name__) from None
    finally:
        cancel._attach(None)
        if sock is not None:
            sock.close()


def _failed(cancel: Cancel, kind: str, message: str) -> RequestFailed:
    return RequestFailed("cancelled", "cancelled") if cancel.cancelled else RequestFailed(kind, message)


def _split(url: str) -> urllib.parse.SplitResult:
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 (raises ValueError on a bad port)
    except ValueError:
        raise RequestFailed("url", f"not a URL: {redact(url)}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RequestFailed("url", f"expected an http:// or https:// URL, got {redact(url)}")
    return parts


def _head(
    method: str, parts: urllib.parse.SplitResult, body: bytes | None, headers: Mapping[str, str]
) -> bytes:
    host = parts.hostname or ""
    host = f"[{host}]" if ":" in host else host
    default = 443 if parts.scheme == "https" else 80
    lines = {
        "Host": host + (f":{parts.port}" if parts.port and parts.port != default else ""),
        "User-Agent": "gpumemd",
        "Accept-Encoding": "identity",
        "Connection": "close",
    }
    if parts.username is not None and not any(k.lower() == "authorization" for k in headers):
        user = urllib.parse.unquote(parts.username) + ":" + urllib.parse.unquote(parts.password or "")
        lines["Authorization"] = "Basic " + base64.b64encode(user.encode()).decode()
    lines.update(headers)
    if body is not None:
        lines["Content-Length"] = str(len(body))
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    text = f"{method} {target} HTTP/1.1\r\n"
    for name, value in lines.items():
        if any(c in f"{name}{value}" for c in "\r\n\0"):  # a secret file with a newline: no header injection
            raise RequestFailed("url", f"header {name[:40]!r}: a line break in its name or value")
        text += f"{name}: {value}\r\n"
    if any(c in target for c in " \r\n\0"):
        raise RequestFailed("url", "a space or line break in the URL's path")
    return (text + "\r\n").encode("utf-8")


def _left(deadline: float, timeout: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise RequestFailed("timeout", f"timed out: no complete answer within {timeout:g}s")
    return left


def _connect(
    parts: urllib.parse.SplitResult, deadline: float, timeout: float, cancel: Cancel
) -> socket.socket:
    port = parts.port or (443 if parts.scheme == "https" else 80)
    infos = _resolver.resolve(parts.hostname or "", port, deadline, timeout, cancel)
    last: OSError = RequestFailed("connect", "no address")
    for family, kind, proto, _, addr in infos:
        sock = socket.socket(family, kind, proto)
        try:
            cancel._attach(sock)
            sock.settimeout(_left(deadline, timeout))
            sock.connect(addr)
            return sock
        except RequestFailed:
            sock.close()
            raise
        except OSError as exc:
            sock.close()
            last = exc
    raise last


_AddrInfo = tuple[socket.AddressFamily, socket.SocketKind, int, str, Any]


@dataclass
class _Lookup:
    infos: Sequence[_AddrInfo] = ()
    error: OSError | None = None
    done: bool = False


class _Resolver:
    """Name resolution on the request's clock. `getaddrinfo` blocks for the system resolver's
    own timeouts (seconds per server and attempt, more with a hung NSS module), so it runs on
    a daemon thread of its own while the request waits for it until its deadline or a cancel;
    past them the request fails as any other past its deadline, and the lookup is left to end
    by itself. At most `slots` lookups run at once, in the process: a resolver that never
    answers holds that many threads, and further requests wait for a slot on their own clock.
    An IP address is not looked up."""

    def __init__(self, slots: int) -> None:
        self._slots = slots
        self._reset()

    def _reset(self) -> None:
        self._cond = threading.Condition()  # a forked child starts with fresh state: no lookup runs there
        self._busy = 0
        self.abandoned = 0  # lookups a request stopped waiting for (its deadline, a cancel)

    def wake(self) -> None:
        """A request was cancelled: its wait ends now."""
        with self._cond:
            self._cond.notify_all()

    def running(self) -> int:
        with self._cond:
            return self._busy

    def resolve(
        self, host: str, port: int, deadline: float, timeout: float, cancel: Cancel
    ) -> Sequence[_AddrInfo]:
        if _is_address(host):
            return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_NUMERICHOST)
        lookup = _Lookup()
        with self._cond:
            while self._busy >= self._slots:
                self._wait(deadline, timeout, cancel)
            self._busy += 1
        try:
            threading.Thread(target=self._run, args=(lookup, host, port), name="gpumemd-resolve",
                             daemon=True).start()
        except RuntimeError:  # no thread to be had: the process's limit
            with self._cond:
                self._busy -= 1
            raise RequestFailed("connect", "cannot start a thread to resolve the name") from None
        with self._cond:
            while not lookup.done:
                try:
                    self._wait(deadline, timeout, cancel)
                except RequestFailed:
                    self.abandoned += 1
                    raise
        if lookup.error is not None:
            raise lookup.error
        return lookup.infos

    def _wait(self, deadline: float, timeout: float, cancel: Cancel) -> None:
        if cancel.cancelled:
            raise RequestFailed("cancelled", "cancelled")
        left = deadline - time.monotonic()
        if left <= 0:
            raise RequestFailed(
                "timeout", f"timed out: no complete answer within {timeout:g}s (resolving the name)"
            )
        self._cond.wait(left)

    def _run(self, lookup: _Lookup, host: str, port: int) -> None:
        try:
            lookup.infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError as exc:
            lookup.error = exc
        except Exception as exc:  # a name IDNA cannot encode (UnicodeError): a failed request
            lookup.error = OSError(f"{type(exc).__name__} resolving the name")
        finally:
            with self._cond:
                self._busy -= 1
                lookup.done = True
                self._cond.notify_all()


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


_resolver = _Resolver(_RESOLVERS)
os.register_at_fork(after_in_child=_resolver._reset)


def _tls(
    sock: socket.socket,
    host: str,
    context: ssl.SSLContext | None,
    deadline: float,
    timeout: float,
    cancel: Cancel,
) -> socket.socket:
    ctx = context or ssl.create_default_context()
    tls = ctx.wrap_socket(sock, server_hostname=host, do_handshake_on_connect=False)
    cancel._attach(tls)  # the plain socket's descriptor moved into the TLS one
    tls.settimeout(_left(deadline, timeout))  # one call: its timeout bounds the whole handshake
    tls.do_handshake()
    return tls


class _Conn:
    """A socket read and written against the request's deadline."""

    def __init__(self, sock: socket.socket, deadline: float, timeout: float) -> None:
        self.sock, self.deadline, self.timeout = sock, deadline, timeout
        self.buf = bytearray()
        self.eof = False

    def send(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            self.sock.settimeout(_left(self.deadline, self.timeout))
            view = view[self.sock.send(view) :]

    def _fill(self) -> bool:
        """Read once more into the buffer; False at the end of the stream."""
        if self.eof:
            return False
        self.sock.settimeout(_left(self.deadline, self.timeout))
        data = self.sock.recv(_READ)
        if not data:
            self.eof = True
            return False
        self.buf += data
        return True

    def line(self, limit: int) -> bytes:
        while True:
            end = self.buf.find(b"\n")
            if end >= 0:
                out = bytes(self.buf[: end + 1])
                del self.buf[: end + 1]
                return out
            if len(self.buf) > limit:
                raise RequestFailed("protocol", f"a response line longer than {limit} bytes")
            if not self._fill():
                raise RequestFailed("protocol", "the connection closed in the middle of the response")

    def take(self, n: int) -> bytes:
        while len(self.buf) < n:
            if not self._fill():
                raise RequestFailed("protocol", "the connection closed in the middle of the body")
        out = bytes(self.buf[:n])
        del self.buf[:n]
        return out

    def head(self) -> tuple[int, str, dict[str, str]]:
        size = 0
        status_line = self.line(MAX_HEAD_BYTES)
        words = status_line.decode("latin-1").strip().split(" ", 2)
        if (
            len(words) < 2
            or not words[0].startswith("HTTP/1.")
            or not (words[1].isdigit() and len(words[1]) == 3)
        ):
            raise RequestFailed("protocol", "not an HTTP/1 response")
        headers: dict[str, str] = {}
        while True:
            raw = self.line(MAX_HEAD_BYTES)
            size += len(raw)
            if size > MAX_HEAD_BYTES:
                raise RequestFailed("protocol", f"response headers larger than {MAX_HEAD_BYTES} bytes")
            text = raw.decode("latin-1").strip()
            if not text:
                return int(words[1]), words[2] if len(words) > 2 else "", headers
            name, sep, value = text.partition(":")
            if not sep:
                raise RequestFailed("protocol", "a response header without a colon")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length" and headers.get(name, value) != value:
                raise RequestFailed("protocol", "two different Content-Length headers")
            headers[name] = value

    def response(self, method: str, max_bytes: int, truncate: bool) -> Response:
        for _ in range(8):  # interim 1xx answers come before the real one
            status, reason, headers = self.head()
            if status >= 200:
                break
        else:
            raise RequestFailed("protocol", "only interim (1xx) responses")
        if method == "HEAD" or status in (204, 304):
            return Response(status, reason, headers)
        coding = headers.get("transfer-encoding", "").lower()
        if coding.rsplit(",", 1)[-1].strip() == "chunked":
            body, cut = self._chunked(max_bytes, truncate)
        elif "content-length" in headers and not coding:
            length = headers["content-length"]
            if not length.isdigit():
                raise RequestFailed("protocol", "a Content-Length that is not a number")
            n = int(length)
            cut = n > max_bytes
            if cut and not truncate:
                raise RequestFailed(
                    "too_large", f"a response body of {n} bytes, more than {max_bytes} allowed"
                )
            body = self.take(min(n, max_bytes))
        else:  # until the server closes, but never more than the cap
            while len(self.buf) <= max_bytes and self._fill():
                pass
            cut = len(self.buf) > max_bytes
            if cut and not truncate:
                raise RequestFailed("too_large", f"a response body of more than {max_bytes} bytes")
            body = bytes(self.buf[:max_bytes])
        return Response(status, reason, headers, body, cut)

    def _chunked(self, max_bytes: int, truncate: bool) -> tuple[bytes, bool]:
        out = bytearray()
        while True:
            size_text = self.line(_MAX_LINE).split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                raise RequestFailed("protocol", "a bad chunk size") from None
            if size < 0:
                raise RequestFailed("protocol", "a bad chunk size")
            if size == 0:
                for _ in range(100):  # trailers, then the empty line
                    if not self.line(_MAX_LINE).strip():
                        return bytes(out), False
                raise RequestFailed("protocol", "too many trailers")
            if len(out) + size > max_bytes:
                if not truncate:
                    raise RequestFailed(
                        "too_large", f"a chunked response body of more than {max_bytes} bytes"
                    )
                out += self.take(max_bytes - len(out))
                return bytes(out), True
            out += self.take(size)
            self.take(2)  # the chunk's CRLF
