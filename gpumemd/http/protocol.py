"""HTTP/1.1 as the server speaks it, without a socket: requests and responses, the limits,
parsing a request head and serialising a response. Pure functions and values, so the
fuzz tests drive `parse_head` and `serialize` directly; the I/O loop is in server.py.

Protocol policy lives here, not in the app: GET/HEAD only (405 + Allow), no request
bodies (413), malformed requests 400/505, size limits on the request line (414) and the
head (431), HEAD without a body, the server owning the framing headers, and a fixed text
for any error (a traceback only ever goes to the log).
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from email.utils import formatdate
from http import HTTPStatus

from gpumemd.config import split_listen_address

log = logging.getLogger("gpumemd.server")

__all__ = [
    "ALLOWED_METHODS",
    "MAX_CONNECTIONS_ENV",
    "App",
    "HttpError",
    "Parsed",
    "Request",
    "Response",
    "ServerLimits",
    "HEAD_END",
    "default_max_connections",
    "error_bytes",
    "parse_head",
    "parse_listen_address",
    "serialize",
    "take_head",
]


@dataclass(frozen=True)
class Request:
    """A parsed HTTP request head: what an App answers."""

    method: str
    path: str  # without the query string
    query: str
    headers: Mapping[str, str]  # keys lower-case


@dataclass(frozen=True)
class Response:
    """What an App answers: status, body and headers (the server adds the framing)."""

    status: int
    body: bytes = b""
    headers: Mapping[str, str] = field(default_factory=dict)


App = Callable[[Request], Response]


def parse_listen_address(value: str) -> tuple[str, int]:
    """`HOST:PORT`, `:PORT` (all interfaces) or `[::1]:PORT`, as node_exporter takes it: the
    configuration's one parser (what check-config accepts is what binds), "" as 0.0.0.0."""
    host, port = split_listen_address(value)
    return host or "0.0.0.0", port


MAX_CONNECTIONS_ENV = "GPUMEMD_HTTP_MAX_CONNECTIONS"


def default_max_connections() -> int:
    """1024 open client sockets, or half the soft RLIMIT_NOFILE if that is lower (at least 64).

    $GPUMEMD_HTTP_MAX_CONNECTIONS overrides it. The server runs inside training processes:
    the cap must leave most descriptors to the application (data loaders, NCCL).
    """
    env = os.environ.get(MAX_CONNECTIONS_ENV, "").strip()
    if env:
        if env.isascii() and env.isdigit() and int(env) >= 1:
            return int(env)
        log.warning("ignoring %s=%r: expected a positive integer", MAX_CONNECTIONS_ENV, env)
    soft = 1024
    try:
        import resource

        lim = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        soft = 1 << 20 if lim == resource.RLIM_INFINITY else int(lim)
    except (ImportError, OSError, ValueError):
        pass
    return max(64, min(1024, soft // 2))


@dataclass(frozen=True)
class ServerLimits:
    """Every bound the server keeps; the defaults suit an agent inside a training job."""

    workers: int = 8  # started only when a request may need them (basic auth, or inline off)
    queue_size: int = 64  # parsed requests waiting for a worker; over it -> 503
    # open client sockets (file descriptors of the process); see default_max_connections
    max_connections: int = field(default_factory=default_max_connections)
    # Answer on the I/O thread when no request can block (no basic auth: bcrypt): one
    # thread, and one GIL acquisition, per request instead of three.
    inline_responses: bool = True
    pipeline_batch: int = 16  # requests answered per connection before others get a turn
    backlog: int = 1024  # a burst of connects waits in the kernel, not in SYN retransmits
    handshake_timeout: float = 5.0
    request_timeout: float = 10.0  # whole request head, from connect or from its first byte
    idle_timeout: float = 90.0  # keep-alive wait for the next request
    write_timeout: float = 10.0
    linger_timeout: float = 1.0  # after an error response, drain input so the client reads it
    max_request_line: int = 8192
    max_header_bytes: int = 16384
    max_headers: int = 100
    cert_check_interval: float = 1.0


ALLOWED_METHODS = ("GET", "HEAD")


_TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")


_VERSION = re.compile(rb"HTTP/(\d)\.(\d)")


_TARGET = re.compile(rb"[\x21-\x7e]+")


_BAD_VALUE = re.compile(rb"[\x00-\x08\x0a-\x1f\x7f]")


_BAD_OUT = re.compile(r"[\r\n\x00]")


_DIGITS = re.compile(r"[0-9]{1,18}")


HEAD_END = re.compile(rb"\r?\n\r?\n")


# The server owns framing; an app cannot set these.
_SERVER_HEADERS = frozenset({"content-length", "connection", "transfer-encoding", "date", "keep-alive"})


class HttpError(Exception):
    """A request the server answers with an error status (400, 405, 413, ...) instead of calling
    the App."""

    def __init__(self, status: int, headers: Mapping[str, str] | None = None) -> None:
        self.status = status
        self.headers = headers or {}


@dataclass
class Parsed:
    """A request head as parsed, with how the connection goes on after it (keep-alive, HTTP/1.0)."""

    request: Request
    keep_alive: bool
    http10: bool


def take_head(buf: bytearray, limits: ServerLimits) -> bytes | None:
    """Take one request head (without its blank line) off the front of `buf`; None while it is
    incomplete. HttpError 414 or 431 as soon as the request line or the head is past its limit,
    complete or not (a client cannot make the server buffer more)."""
    # RFC 9112 2.2: ignore empty lines before a request line
    while buf[:2] == b"\r\n" or buf[:1] == b"\n":
        del buf[: 2 if buf[:1] == b"\r" else 1]
    if not buf:
        return None
    m = HEAD_END.search(buf)
    end = m.start() if m else len(buf)
    first_nl = buf.find(b"\n", 0, end)
    line_len = first_nl if first_nl >= 0 else end
    if line_len > limits.max_request_line:
        raise HttpError(414)
    if end - line_len > limits.max_header_bytes:
        raise HttpError(431)
    if m is None:
        return None
    head = bytes(buf[:end])
    del buf[: m.end()]
    return head


def parse_head(head: bytes, limits: ServerLimits) -> Parsed:
    """Parse a request head (without the blank line); raise HttpError on anything odd.

    Strict where leniency enables request smuggling or confusion (whitespace before a
    colon, folded lines, bare CR, duplicate Content-Length/Host), lenient where RFC 9112
    allows it (bare LF line ends, optional whitespace around values).
    """
    lines = head.split(b"\n")
    for i, line in enumerate(lines):
        if line.endswith(b"\r"):
            line = lines[i] = line[:-1]
        if b"\r" in line:
            raise HttpError(400)
    reqline = lines[0]
    if len(reqline) > limits.max_request_line:
        raise HttpError(414)
    parts = reqline.split(b" ")
    if len(parts) != 3:
        raise HttpError(400)
    method_b, target_b, version_b = parts
    if not _TOKEN.fullmatch(method_b) or not _TARGET.fullmatch(target_b):
        raise HttpError(400)
    vm = _VERSION.fullmatch(version_b)
    if not vm:
        raise HttpError(400)
    if vm.group(1) != b"1":
        raise HttpError(505)
    http10 = vm.group(2) == b"0"
    if len(lines) - 1 > limits.max_headers:
        raise HttpError(431)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name_b, sep, value_b = line.partition(b":")
        if not sep or not _TOKEN.fullmatch(name_b):  # also rejects obs-fold and "Name :"
            raise HttpError(400)
        value_b = value_b.strip(b" \t")
        if _BAD_VALUE.search(value_b):
            raise HttpError(400)
        name, value = name_b.decode("ascii").lower(), value_b.decode("latin-1")
        if name in headers:
            if name in ("host", "content-length", "authorization", "transfer-encoding"):
                raise HttpError(400)
            headers[name] += ", " + value
        else:
            headers[name] = value
    method = method_b.decode("ascii")
    if method not in ALLOWED_METHODS:
        raise HttpError(405, {"Allow": ", ".join(ALLOWED_METHODS)})
    if "transfer-encoding" in headers:
        raise HttpError(413)
    cl = headers.get("content-length")
    if cl is not None:
        if not _DIGITS.fullmatch(cl):  # not str.isdigit: it accepts "²", which int() refuses
            raise HttpError(400)
        if int(cl) != 0:
            raise HttpError(413)  # no endpoint takes a body, and we never read one
    if not http10 and "host" not in headers:
        raise HttpError(400)
    target = target_b.decode("ascii")
    if not target.startswith("/"):
        low = target.lower()
        if low.startswith(("http://", "https://")):  # absolute-form: keep the path
            rest = target.split("//", 1)[1]
            slash = rest.find("/")
            target = rest[slash:] if slash >= 0 else "/"
        else:
            raise HttpError(400)
    path, _, query = target.partition("?")
    path = path.partition("#")[0]
    tokens = {t.strip().lower() for t in headers.get("connection", "").split(",")}
    keep_alive = "keep-alive" in tokens if http10 else "close" not in tokens
    return Parsed(Request(method, path, query, headers), keep_alive, http10)


_date_cache: tuple[int, str] = (0, "")


def _http_date() -> str:
    global _date_cache
    now = int(time.time())
    if _date_cache[0] != now:
        _date_cache = (now, formatdate(now, usegmt=True))
    return _date_cache[1]


def _reason(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Unknown"


def serialize(
    resp: Response,
    keep_alive: bool,
    head_only: bool,
    http10: bool = False,
    extra_headers: Sequence[tuple[str, str]] = (),
) -> bytes:
    """A response's bytes: status line, the server's framing headers, the app's headers
    (refused if they would split the response), the web config's `extra_headers`, the body."""
    status = int(resp.status)
    if not 200 <= status <= 599:
        raise ValueError(f"bad status {status}")
    body = bytes(resp.body)
    lines = [
        f"HTTP/1.1 {status} {_reason(status)}",
        f"Date: {_http_date()}",
        f"Content-Length: {len(body)}",
    ]
    if not keep_alive:
        lines.append("Connection: close")
    elif http10:
        lines.append("Connection: keep-alive")
    for k, v in resp.headers.items():
        k, v = str(k), str(v)
        if not _TOKEN.fullmatch(k.encode("latin-1")) or _BAD_OUT.search(v):
            raise ValueError(f"invalid response header {k!r}")  # would split the response
        if k.lower() not in _SERVER_HEADERS:
            lines.append(f"{k}: {v}")
    for k, v in extra_headers:
        lines.append(f"{k}: {v}")
    head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    return head if head_only else head + body


def error_bytes(
    status: int,
    headers: Mapping[str, str],
    keep_alive: bool,
    head_only: bool = False,
    http10: bool = False,
    extra_headers: Sequence[tuple[str, str]] = (),
) -> bytes:
    """The fixed answer to an error: `STATUS Reason` as text, and the given headers."""
    body = f"{status} {_reason(status)}\n".encode("ascii")
    hdrs = {"Content-Type": "text/plain; charset=utf-8", **headers}
    return serialize(Response(status, body, hdrs), keep_alive, head_only, http10, extra_headers)
