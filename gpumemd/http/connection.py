"""One HTTP connection as the server's I/O loop sees it: its states, its record, and the
plaintext socket calls that keep the GIL; and the listening socket it was accepted on.

`Conn` is the per-connection record the state machine in `server.py` moves through
HANDSHAKE, READ, BUSY, WRITE, LINGER and CLOSED; `GilHeldIO` is how the I/O thread reads
and writes a non-blocking plaintext socket without dropping the GIL (Linux; `gil_held_io()`
gives None elsewhere, and the server then uses the socket's own calls);
`listening_socket()` binds the server's listener.
"""

from __future__ import annotations

import errno
import os
import socket
import sys

__all__ = [
    "BUSY",
    "CLOSED",
    "HANDSHAKE",
    "LINGER",
    "READ",
    "RECV_SIZE",
    "SEND_SIZE",
    "STATE_NAMES",
    "WRITE",
    "Conn",
    "GilHeldIO",
    "gil_held_io",
    "listening_socket",
]

# connection states
HANDSHAKE, READ, BUSY, WRITE, LINGER, CLOSED = range(6)
STATE_NAMES = ("handshake", "read", "busy", "write", "linger", "closed")
RECV_SIZE, SEND_SIZE = 65536, 262144


class GilHeldIO:
    """recv/send on non-blocking plaintext sockets, accept on the listening one and close,
    that keep the GIL (Linux libc, ctypes).

    socket.recv/send drop the GIL around the system call even when it cannot block. In a
    training process the main thread takes it back at once, and the I/O thread then waits
    a switch interval (5 ms) to run again: several such waits per request were most of a
    scrape's latency under a busy main thread. A non-blocking call takes microseconds;
    holding the GIL through it costs the training loop nothing. In the node daemon the
    sampler thread is the one that takes it back: a scrape on a new connection met each of
    its accepts (the one that finds nothing too), its socket's non-blocking switch and its
    close as one more wait each (docs/performance.md).
    """

    def __init__(self) -> None:
        import ctypes

        self._ct = ctypes
        libc = ctypes.PyDLL(None, use_errno=True)  # PyDLL: calls keep the GIL
        self._recv, self._send = libc.recv, libc.send
        for fn in (self._recv, self._send):
            fn.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
            fn.restype = ctypes.c_ssize_t
        self._accept4, self._close = libc.accept4, libc.close
        self._accept4.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
        self._accept4.restype = ctypes.c_int
        self._close.argtypes, self._close.restype = [ctypes.c_int], ctypes.c_int
        # the accepted socket non-blocking and close-on-exec from the start: no call after
        self._accept_flags = socket.SOCK_NONBLOCK | socket.SOCK_CLOEXEC
        self._buf = ctypes.create_string_buffer(RECV_SIZE)
        # getattr: MSG_NOSIGNAL is not on every platform
        self._flags = socket.MSG_DONTWAIT | getattr(socket, "MSG_NOSIGNAL", 0)

    def recv(self, fd: int) -> bytes:
        while True:
            n = self._recv(fd, self._buf, RECV_SIZE, self._flags)
            if n >= 0:
                return self._ct.string_at(self._buf, n)
            err = self._ct.get_errno()
            if err != errno.EINTR:
                raise OSError(err, os.strerror(err))  # EAGAIN comes out as BlockingIOError

    def send(self, fd: int, data: bytes, offset: int) -> int:
        base = self._ct.cast(self._ct.c_char_p(data), self._ct.c_void_p).value
        assert base is not None
        while True:
            n = self._send(fd, base + offset, min(len(data) - offset, SEND_SIZE), self._flags)
            if n >= 0:
                return int(n)
            err = self._ct.get_errno()
            if err != errno.EINTR:
                raise OSError(err, os.strerror(err))

    def accept(self, lsock: socket.socket) -> socket.socket:
        """A connection waiting on the non-blocking listening socket `lsock`, already
        non-blocking; raises as socket.accept does (BlockingIOError: none waiting)."""
        while True:
            fd = self._accept4(lsock.fileno(), None, None, self._accept_flags)
            if fd >= 0:
                break
            err = self._ct.get_errno()
            if err != errno.EINTR:
                raise OSError(err, os.strerror(err))
        try:  # family, type and protocol given: the socket object is built without a system call
            return socket.socket(lsock.family, socket.SOCK_STREAM | socket.SOCK_NONBLOCK, lsock.proto, fd)
        except BaseException:
            self._close(fd)
            raise

    def close(self, sock: socket.socket) -> None:
        """Close a plaintext socket (its descriptor given back to the kernel, errors ignored,
        as socket.close does with those of a connection already gone)."""
        fd = sock.detach()
        if fd >= 0:
            self._close(fd)


def gil_held_io() -> GilHeldIO | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return GilHeldIO()
    except (ImportError, OSError, AttributeError):
        return None


class Conn:
    """One client connection of the server's I/O loop: its socket, its state (handshake, read,
    write, linger), what it has read and has yet to write, its deadline and eviction group."""

    __slots__ = ("sock", "fd", "state", "inbuf", "out", "off", "deadline", "started",
                 "keep_alive", "http10", "events", "drained", "tls", "eof", "served", "group",
                 "client")  # fmt: skip

    def __init__(self, sock: socket.socket, now: float, tls: bool, client: str = "") -> None:
        self.sock = sock
        self.client = client  # whose basic-auth budget it spends (webconfig.client_key)
        self.fd = sock.fileno()
        self.state = HANDSHAKE if tls else READ
        self.inbuf = bytearray()
        self.out: bytes | None = None  # the response being written, from `off` on
        self.off = 0
        self.deadline = 0.0
        self.started = False  # first byte of the current request seen
        self.keep_alive = False
        self.http10 = False
        self.events = 0
        self.drained = 0
        self.tls = tls
        self.eof = False
        self.served = 0  # responses completed on this connection
        self.group: dict[Conn, None] | None = None  # eviction group it is in, if any


def listening_socket(host: str, port: int, backlog: int) -> socket.socket:
    """A non-blocking socket listening on host:port (port 0: an ephemeral one; "::" or "":
    IPv6 and IPv4 both); OSError when it cannot bind."""
    infos = socket.getaddrinfo(host or None, port, 0, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)
    family, _, _, _, sockaddr = infos[0]
    lsock = socket.socket(family, socket.SOCK_STREAM)
    try:
        lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and host in ("::", ""):
            lsock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        lsock.bind(sockaddr)
        lsock.listen(backlog)
        lsock.setblocking(False)
    except OSError:
        lsock.close()
        raise
    return lsock
