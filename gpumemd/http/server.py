"""The HTTP endpoint: a small, bounded HTTP/1.1 server on the standard library.

INTERFACE (stable; the rest of gpumemd depends only on this):

    server = HttpServer(listen_address, app, web_config=None)
    server.start()            # binds, returns once listening; raises OSError on bind failure
    server.address            # (host, port) actually bound (port 0 -> ephemeral)
    server.stop()             # closes the listener and all connections, joins threads

`app` is a callable `app(request: Request) -> Response`; it never does I/O beyond
reading the latest sample, so it is cheap and never blocks. `web_config` is a
`gpumemd.http.webconfig.WebConfig`, a path to a `--web.config.file`, or None (plain HTTP).

DESIGN (how it stays bounded; why not a server library: docs/http.md)

The endpoint runs inside training processes, so it must cost a fixed, small number of
threads and never let a client hold one:

* One I/O thread runs a `selectors` loop (epoll on Linux). It accepts, does the TLS
  handshake non-blocking (a client that never sends a ClientHello costs a socket and a
  deadline, never a thread), reads and parses the request head against size limits,
  and finishes writes that did not fit the socket buffer. Idle and slow connections
  therefore cost a file descriptor and a few hundred bytes, not a thread, and no
  wake-ups: the loop sleeps until an event or the earliest deadline, never on a tick.
* Without basic auth (nothing can block: the app reads a pre-rendered sample), the I/O
  thread answers each request itself. Inside a training process the main thread holds
  the GIL nearly all the time and every other thread waits a switch interval (5 ms) to
  get it back; so a request costs one such wait, not three (I/O thread -> worker -> I/O
  thread), and plaintext recv/send keep the GIL (ctypes, non-blocking: microseconds)
  instead of dropping it and waiting again; so do a plaintext connection's accept and close
  without basic auth (in the node daemon, the sampler thread is the busy one). No worker
  thread is started then.
* With basic auth, the I/O thread decides first, without a bcrypt (webconfig.BasicAuth):
  credentials that passed before are served like any request, a missing or known-wrong
  password gets 401, and a client address over its budget of verifications (a few at
  once, wrong passwords at about one a second after a burst) gets 429. Only credentials
  no cache knows go to the one worker thread that runs bcrypt (`workers.py`), so a
  password-guessing flood costs at most a core and never delays a scrape whose
  credentials are known. With `inline_responses` off, workers answer every request.
* Everything is bounded: connections (1024, or half the soft RLIMIT_NOFILE if lower;
  $GPUMEMD_HTTP_MAX_CONNECTIONS or ServerLimits(max_connections=) to change it; at the
  limit one is closed to make room, an active scraper's last (`conntable.py`); if none
  can go, the new one gets a quick 503), the queue of parsed requests (64; over it: 503
  with Retry-After), the
  request line (8 KiB, 414), the head (16 KiB and 100 fields, 431), and time: TLS
  handshake 5 s, a request head 10 s from connect or from its first byte (slowloris:
  408), keep-alive idle 90 s (above common scrape intervals, so Prometheus reuses the
  connection), a response write 10 s.
* Protocol policy lives in `protocol.py` (pure: parsing, limits, serialising), not in
  the app; in `answers.py`: basic auth (401 + WWW-Authenticate) and the web config's
  headers on every response. Certificates are re-read when their files change (stat at most once a
  second), so rotation needs no restart.

It is one state machine (handshake, read, busy, write, linger, closed) over one selector,
each transition needing the others in view; apart live what is pure (the protocol, a head's
framing), one connection's record and socket calls (`connection.py`), the connections'
eviction groups and deadlines (`conntable.py`), the worker threads (`workers.py`) and what is
answered, which touches no socket (`answers.py`).
"""

from __future__ import annotations

import collections
import errno
import logging
import math
import os
import selectors
import socket
import ssl
import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .answers import Answers
from .connection import (
    BUSY,
    CLOSED,
    HANDSHAKE,
    LINGER,
    READ,
    RECV_SIZE,
    SEND_SIZE,
    STATE_NAMES,
    WRITE,
    Conn,
    gil_held_io,
    listening_socket,
)
from .conntable import ConnTable
from .protocol import (
    MAX_CONNECTIONS_ENV,
    App,
    HttpError,
    Parsed,
    Request,
    Response,
    ServerLimits,
    parse_head,
    parse_listen_address,
    take_head,
)
from .workers import Workers

if TYPE_CHECKING:
    from .webconfig import Pending

log = logging.getLogger("gpumemd.server")

# Request, Response, ServerLimits and MAX_CONNECTIONS_ENV are protocol.py's, named here too: the
# server's interface (the docstring above) is what its callers import.
__all__ = ["MAX_CONNECTIONS_ENV", "App", "HttpServer", "Request", "Response", "ServerLimits"]

_LISTENER, _WAKER = object(), object()


class HttpServer:
    """A bounded HTTP/1.1 server: one selector I/O thread plus a fixed worker pool."""

    def __init__(
        self,
        listen_address: str,
        app: App,
        web_config: object = None,
        *,
        limits: ServerLimits | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        from . import webconfig as wc

        self._bind = parse_listen_address(listen_address)
        self._app = app
        self.limits = limits or ServerLimits()
        self._clock = clock
        if isinstance(web_config, (str, os.PathLike)):
            web_config = wc.load_web_config(web_config)
        if web_config is not None and not isinstance(web_config, wc.WebConfig):
            raise TypeError(f"web_config: expected WebConfig, path or None, got {type(web_config).__name__}")
        self.web_config: wc.WebConfig = web_config or wc.WebConfig()
        self._tls: wc.TLSContextProvider | None = None
        tls_cfg = self.web_config.tls_server_config
        if tls_cfg is not None:
            self._tls = wc.TLSContextProvider(tls_cfg, self.limits.cert_check_interval, clock)
        users = self.web_config.users
        self._auth: wc.BasicAuth | None = wc.BasicAuth(users) if users else None
        self._sans_check = wc.sans_allowed
        self._extra_headers = tuple(self.web_config.http_server_config.headers)
        self._client_key = wc.client_key
        # Inline: the I/O thread answers itself (nothing can block: bcrypt, with basic auth,
        # runs on the one worker that verifies credentials no cache knows); else workers.
        self._inline = self.limits.inline_responses
        n_workers = (1 if self._auth is not None else 0) if self._inline else self.limits.workers

        self._sel: selectors.BaseSelector | None = None
        self._lsock: socket.socket | None = None
        self._conns = ConnTable()  # every open connection, its eviction group, the next deadline
        self._ready: list[Conn] = []  # READ connections to serve again without an event
        self._force_sweep = False
        self._raw = gil_held_io()  # None: plain socket calls (not Linux, or no ctypes)
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._stopping = False
        self._threads: list[threading.Thread] = []
        self._accept_paused_until = 0.0
        self._address: tuple[str, int] | None = None
        # counters (approximate: read for tests, the bench and self-metrics)
        self.stats: collections.Counter[str] = collections.Counter()
        self._answers = Answers(app, self._auth, self._extra_headers, self.stats, clock)
        self._workers = Workers(n_workers, self.limits.queue_size, self._answers, self.stats, self._wake)

    # ------------------------------------------------------------------ lifecycle

    @property
    def address(self) -> tuple[str, int]:
        if self._address is None:
            raise RuntimeError("server not started")
        return self._address

    @property
    def tls_provider(self) -> object:
        return self._tls

    @property
    def thread_count(self) -> int:
        """Threads this server runs: the I/O thread, plus the workers if auth needs them."""
        return 1 + self._workers.count

    def start(self) -> None:
        self._lsock = lsock = listening_socket(*self._bind, self.limits.backlog)
        addr = lsock.getsockname()
        self._address = (str(addr[0]), int(addr[1]))
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(lsock, selectors.EVENT_READ, _LISTENER)
        self._sel.register(self._wake_r, selectors.EVENT_READ, _WAKER)
        self._threads = [
            threading.Thread(target=self._io_loop, name="gpumemd-http-io", daemon=True),
            *self._workers.threads(),
        ]
        for t in self._threads:
            t.start()
        self._log_startup()

    def _log_startup(self) -> None:
        host, port = self.address
        shown = f"[{host}]" if ":" in host else host
        scheme = "https" if self._tls else "http"
        tls = "off"
        if self._tls is not None:
            t = self._tls.tls
            tls = f"on (min {t.min_version}, client certificates: {t.client_auth_type})"
        auth = f"on ({len(self.web_config.basic_auth_users)} users)" if self._auth else "off"
        log.info("listening on %s://%s:%d; TLS %s; basic auth %s", scheme, shown, port, tls, auth)
        for w in self.web_config.warnings:
            log.warning("web config: %s", w)

    def stop(self) -> None:
        if self._stopping or not self._threads:
            self._stopping = True
            return
        self._stopping = True
        self._wake()
        self._workers.stop()
        for t in self._threads:
            t.join(timeout=5.0)

    def close_after_fork(self) -> None:
        """In a forked child, where no thread serves: close this process's copies of the
        listening socket and the wake-up pair, waiting on nothing."""
        for sock in (self._lsock, self._wake_r, self._wake_w):
            if sock is not None:
                try:
                    sock.close()
                except OSError:
                    pass

    def __enter__(self) -> HttpServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def poke(self) -> None:
        """Wake the I/O loop now (tests with an injected clock use it to run timeouts)."""
        self._force_sweep = True
        self._wake()

    # ------------------------------------------------------------------- I/O loop

    def _wake(self) -> None:
        if self._wake_w is None:
            return
        try:
            self._wake_w.send(b"\0")
        except OSError:  # buffer full: a wake-up is pending anyway
            pass

    def _io_loop(self) -> None:
        assert self._sel is not None
        sel = self._sel
        try:
            while not self._stopping:
                # No periodic tick: sleep until an event, the earliest deadline, or forever
                # when nothing can time out (idle, a training process sees no wake-ups).
                if self._ready:
                    timeout: float | None = 0.0
                else:
                    wake_at = self._conns.next_deadline
                    if self._accept_paused_until:
                        wake_at = min(wake_at, self._accept_paused_until)
                    timeout = None if wake_at == math.inf else max(0.0, wake_at - self._clock())
                accept = False
                for key, mask in sel.select(timeout):
                    data = key.data
                    if data is _LISTENER:
                        accept = True
                    elif data is _WAKER:
                        self._drain_wake()
                    else:
                        self._on_event(data, mask)
                if accept:  # after the requests already here: a connect burst waits, scrapes don't
                    self._accept()
                if self._workers.returns:
                    self._process_returns()
                if self._ready:
                    ready, self._ready = self._ready, []
                    for conn in ready:
                        if conn.state == READ:
                            self._read(conn)
                now = self._clock()
                paused = self._accept_paused_until
                if self._force_sweep or now >= self._conns.next_deadline or (paused and now >= paused):
                    self._force_sweep = False
                    self._sweep(now)
        except Exception:  # never expected; keep the process alive, say why
            log.exception("HTTP server I/O loop crashed")
        finally:
            self._shutdown_io()

    def _shutdown_io(self) -> None:
        for conn in list(self._conns):
            self._close(conn)
        assert self._sel is not None
        self._sel.close()
        for s in (self._lsock, self._wake_r, self._wake_w):
            if s is not None:
                s.close()

    def _drain_wake(self) -> None:
        assert self._wake_r is not None
        try:
            while self._wake_r.recv(4096):
                pass
        except OSError:
            pass
        # Only now: cleared before draining, a worker's wake-up byte sent in between was
        # swallowed while the flag stayed set, and no worker ever woke this loop again
        # (each answer then waited for a timeout: the 1 s scrapes of issue 7).
        self._workers.woken()

    def _set_events(self, conn: Conn, events: int) -> None:
        assert self._sel is not None
        if events == conn.events:
            return
        if conn.events == 0:
            self._sel.register(conn.sock, events, conn)
        elif events == 0:
            self._sel.unregister(conn.sock)
        else:
            self._sel.modify(conn.sock, events, conn)
        conn.events = events

    def _accept(self) -> None:
        assert self._lsock is not None and self._sel is not None
        # A small batch, then the loop again: under a busy training thread each accept
        # costs a few GIL waits, and scrapes on open connections should not queue behind 64.
        # Plaintext without basic auth (which wants the peer's address): accepted with the GIL
        # held, already non-blocking (gil_held_io).
        raw = self._raw if self._tls is None and self._auth is None else None
        peer: Any = None
        for _ in range(16):
            try:
                if raw is not None:
                    sock = raw.accept(self._lsock)
                else:
                    sock, peer = self._lsock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                if exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    # out of descriptors: stop accepting for a moment instead of spinning
                    log.warning("accept failed (%s); pausing accepts for 100 ms", exc)
                    self._sel.unregister(self._lsock)
                    self._accept_paused_until = self._clock() + 0.1
                return
            now = self._clock()
            self.stats["connections"] += 1
            if len(self._conns) >= self.limits.max_connections and not self._evict():
                self._reject_overload(sock)
                continue
            if raw is None:
                sock.setblocking(False)
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
            if self._tls is not None:
                try:
                    sock = self._tls.get().wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
                except (OSError, ValueError):
                    sock.close()
                    continue
                conn = Conn(sock, now, tls=True)
                self._conns.set_deadline(conn, now + self.limits.handshake_timeout)
            else:
                conn = Conn(sock, now, tls=False)
                self._conns.set_deadline(conn, now + self.limits.request_timeout)
            if self._auth is not None and isinstance(peer, tuple):
                conn.client = self._client_key(str(peer[0]))
            self._conns.add(conn)
            self._set_events(conn, selectors.EVENT_READ)

    def _evict(self) -> bool:
        """Make room: close the connection the table says goes first (conntable.py)."""
        victim = self._conns.victim()
        if victim is None:
            return False
        self.stats["evicted"] += 1
        if victim.state == READ and victim.served:
            self.stats["evicted_keepalive"] += 1
        self._close(victim)
        return True

    def _reject_overload(self, sock: socket.socket) -> None:
        self.stats["rejected"] += 1
        if self._tls is None:  # a plaintext 503 means nothing to a TLS client: just close
            try:
                sock.setblocking(False)
                sock.send(self._answers.error_bytes(503, {"Retry-After": "1"}, keep_alive=False))
            except OSError:
                pass
        sock.close()

    def _on_event(self, conn: Conn, mask: int) -> None:
        if conn.state == HANDSHAKE:
            self._handshake(conn)
        elif conn.state == READ:
            self._read(conn)
        elif conn.state == WRITE:
            self._write(conn)
        elif conn.state == LINGER:
            self._linger(conn)

    def _handshake(self, conn: Conn) -> None:
        sock = conn.sock
        assert isinstance(sock, ssl.SSLSocket) and self._tls is not None
        try:
            sock.do_handshake()
        except ssl.SSLWantReadError:
            self._set_events(conn, selectors.EVENT_READ)
            return
        except ssl.SSLWantWriteError:
            self._set_events(conn, selectors.EVENT_WRITE)
            return
        except (ssl.SSLError, OSError, ValueError) as exc:
            # scanners, wrong CA, missing client certificate, old TLS versions
            self.stats["handshake_failed"] += 1
            log.debug("TLS handshake failed: %s", exc)
            self._close(conn)
            return
        if not self._sans_check(self._tls.tls, sock.getpeercert()):
            self.stats["handshake_failed"] += 1
            log.debug("client certificate has none of client_allowed_sans")
            self._close(conn)
            return
        now = self._clock()
        self._conns.set_state(conn, READ)
        self._conns.set_deadline(conn, now + self.limits.request_timeout)
        self._set_events(conn, selectors.EVENT_READ)
        self._read(conn)  # the request may have come with the last handshake flight

    def _read(self, conn: Conn) -> None:
        limit = self.limits.max_header_bytes + self.limits.max_request_line
        raw = None if conn.tls else self._raw
        while len(conn.inbuf) <= limit:
            try:
                data = raw.recv(conn.fd) if raw is not None else conn.sock.recv(RECV_SIZE)
            except (BlockingIOError, InterruptedError, ssl.SSLWantReadError):
                break
            except ssl.SSLWantWriteError:
                break
            except (OSError, ValueError):
                self._close(conn)
                return
            if not data:  # peer closed, or half-closed after sending its request
                conn.eof = True
                break
            if not conn.started:
                conn.started = True
                self._conns.set_deadline(conn, self._clock() + self.limits.request_timeout)
            conn.inbuf += data
            if len(data) < RECV_SIZE and not conn.tls:
                # Drained, most likely: no second recv just to hear EAGAIN. Every socket
                # call drops the GIL, and taking it back from a busy training thread can
                # cost a switch interval (5 ms). More data wakes epoll again.
                break
        more = self._serve_buffered(conn) if conn.inbuf else False
        if conn.eof and conn.state == READ and not more:  # no complete request will come
            self._close(conn)

    def _serve_buffered(self, conn: Conn) -> bool:
        """Answer the complete requests in conn.inbuf, a bounded batch of them so that a
        pipelining client cannot hold the I/O thread; True when some wait for the next round."""
        for _ in range(self.limits.pipeline_batch):
            if conn.state != READ or not conn.inbuf:
                return False
            parsed = self._next_request(conn)
            if parsed is None:
                return False
            self.stats["requests"] += 1
            conn.keep_alive = parsed.keep_alive
            conn.http10 = parsed.http10
            pending = None
            if self._auth is not None:
                gate = self._answers.auth_gate(conn.client, parsed)
                if isinstance(gate, bytes):  # refused without a bcrypt: answered here
                    conn.served += 1
                    self._start_write(conn, gate, resume=False)
                    continue
                pending = gate
            if not self._inline or pending is not None:
                self._dispatch(conn, parsed, pending)
                return False
            try:
                data, keep_alive = self._answers.respond(parsed)
            except Exception:
                log.exception("failed to answer %s %s", parsed.request.method, parsed.request.path)
                data, keep_alive = self._answers.error_bytes(500, {}, keep_alive=False), False
            conn.keep_alive = keep_alive
            conn.served += 1
            self._start_write(conn, data, resume=False)
        if conn.state == READ and conn.inbuf:
            self._ready.append(conn)
            return True
        return False

    def _next_request(self, conn: Conn) -> Parsed | None:
        """Take one request head off conn.inbuf; None if incomplete (the read deadline bounds
        how long it waits for more) or answered with an error."""
        try:
            head = take_head(conn.inbuf, self.limits)
            return parse_head(head, self.limits) if head is not None else None
        except HttpError as exc:
            self._send_error(conn, exc.status, exc.headers)
        except Exception:  # a parser bug must not kill the I/O thread
            log.exception("request parser failed")
            self._send_error(conn, 400)
        return None

    def _dispatch(self, conn: Conn, parsed: Parsed, pending: Pending | None = None) -> None:
        """Hand a request to the workers (with `pending`: credentials to verify, bcrypt)."""
        self._conns.set_state(conn, BUSY)
        self._set_events(conn, 0)
        if not self._workers.submit(conn, parsed, pending):
            if pending is not None and self._auth is not None:
                self._auth.done(conn.client, None)
            self.stats["overloaded"] += 1
            self._send_error(conn, 503, {"Retry-After": "1"}, head_only=parsed.request.method == "HEAD")

    def _send_error(self, conn: Conn, status: int, headers: Mapping[str, str] | None = None,
                    head_only: bool = False) -> None:  # fmt: skip
        """An error answered by the I/O thread itself; the connection closes after it."""
        self.stats[f"status_{status}"] += 1
        conn.keep_alive = False
        conn.inbuf.clear()
        data = self._answers.error_bytes(status, headers or {}, keep_alive=False, head_only=head_only)
        self._start_write(conn, data)

    def _start_write(self, conn: Conn, out: bytes, resume: bool = True) -> None:
        self._conns.set_state(conn, WRITE)
        conn.out = out
        conn.off = 0
        self._conns.set_deadline(conn, self._clock() + self.limits.write_timeout)
        self._write(conn, resume)

    def _write(self, conn: Conn, resume: bool = True) -> None:
        out = conn.out
        assert out is not None
        raw = None if conn.tls else self._raw
        while conn.off < len(out):
            try:
                if raw is not None:
                    n = raw.send(conn.fd, out, conn.off)
                else:  # same slice on every retry: OpenSSL wants the same data after WANT_WRITE
                    n = conn.sock.send(memoryview(out)[conn.off : conn.off + SEND_SIZE])
            except (BlockingIOError, InterruptedError, ssl.SSLWantWriteError):
                self._set_events(conn, selectors.EVENT_WRITE)
                return
            except ssl.SSLWantReadError:
                self._set_events(conn, selectors.EVENT_READ)
                return
            except (OSError, ValueError):
                self._close(conn)
                return
            conn.off += n
        conn.out = None
        self._finish_response(conn, resume)

    def _finish_response(self, conn: Conn, resume: bool = True) -> None:
        """Back to waiting for the next request, or closing. With `resume`, requests already
        buffered (here, or decrypted inside TLS where epoll cannot see them) are served on
        the loop's next round: never recursively, however many a client pipelines."""
        now = self._clock()
        if not conn.keep_alive:
            self._begin_linger(conn, now)
            return
        self._conns.set_state(conn, READ)
        conn.started = False
        self._conns.set_deadline(conn, now + self.limits.idle_timeout)
        self._set_events(conn, selectors.EVENT_READ)
        if resume and (conn.inbuf or conn.tls or conn.eof):
            self._ready.append(conn)

    def _begin_linger(self, conn: Conn, now: float) -> None:
        # Closing with unread input makes the kernel send RST, which can destroy the
        # response we just wrote: half-close and drain briefly instead, like Go does.
        try:
            conn.sock.shutdown(socket.SHUT_WR)
        except (OSError, ValueError):
            self._close(conn)
            return
        self._conns.set_state(conn, LINGER)
        self._conns.set_deadline(conn, now + self.limits.linger_timeout)
        self._set_events(conn, selectors.EVENT_READ)

    def _linger(self, conn: Conn) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError, ssl.SSLWantReadError, ssl.SSLWantWriteError):
            return
        except (OSError, ValueError):
            data = b""
        conn.drained += len(data)
        if not data or conn.drained > 262144:
            self._close(conn)

    def _close(self, conn: Conn) -> None:
        if conn.state == CLOSED:
            return
        if conn.events:
            try:
                assert self._sel is not None
                self._sel.unregister(conn.sock)
            except (KeyError, ValueError, OSError):
                pass
            conn.events = 0
        self._conns.set_state(conn, CLOSED)
        self._conns.discard(conn)
        try:
            if self._raw is not None and not conn.tls:
                self._raw.close(conn.sock)  # keeping the GIL
            else:
                conn.sock.close()
        except OSError:
            pass

    def _sweep(self, now: float) -> None:
        if self._accept_paused_until and now >= self._accept_paused_until:
            assert self._sel is not None and self._lsock is not None
            self._accept_paused_until = 0.0
            self._sel.register(self._lsock, selectors.EVENT_READ, _LISTENER)
        for conn in self._conns.expired(now):
            self.stats["timeout_" + STATE_NAMES[conn.state]] += 1
            if conn.state == READ and conn.inbuf:
                try:  # slow request head (slowloris): a best-effort 408, then close
                    conn.sock.send(self._answers.error_bytes(408, {}, keep_alive=False))
                except (OSError, ValueError):
                    pass
            self._close(conn)

    def _process_returns(self) -> None:
        returns = self._workers.returns
        while returns:
            conn, rest, keep_alive = returns.popleft()
            if conn.state != BUSY:  # closed meanwhile (eviction cannot pick BUSY; stop can)
                continue
            conn.keep_alive = keep_alive
            conn.served += 1
            if rest:
                self._start_write(conn, rest)
            else:
                self._finish_response(conn)
