"""The web configuration's runtime side, used by the server: `TLSContextProvider` (builds the
`ssl.SSLContext` and rebuilds it when the certificate files change), `BasicAuth` (bcrypt
check with a dummy hash for unknown users, bounded result caches and per-client budgets) and the client
certificate's SANs. The file itself (shape, validation, the TLS context it describes) is
read by `gpumemd.config.web`: one validator, one error format, in the config package.
"""


from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import ipaddress
import logging
import os
import secrets
import ssl
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gpumemd.config.web import (
    CLIENT_AUTH_TYPES,
    CURVES,
    EXTRA_HEADERS,
    GO_CIPHERS,
    TLS_VERSIONS,
    HTTPServerConfig,
    TLSServerConfig,
    WebConfig,
    WebConfigError,
    build_ssl_context,
    check_tls_files,
    load_web_config,
    parse_web_config,
)

log = logging.getLogger("gpumemd.server")

__all__ = [  # the file's names are gpumemd.config.web's, named here too for the server's callers
    "ALLOWED",
    "CLIENT_AUTH_TYPES",
    "CURVES",
    "DENIED",
    "EXTRA_HEADERS",
    "FAILURE_BURST",
    "FAILURE_RATE",
    "GO_CIPHERS",
    "PENDING_PER_CLIENT",
    "PENDING_TOTAL",
    "TLS_VERSIONS",
    "BasicAuth",
    "HTTPServerConfig",
    "Pending",
    "client_key",
    "TLSContextProvider",
    "TLSServerConfig",
    "WebConfig",
    "WebConfigError",
    "build_ssl_context",
    "check_tls_files",
    "load",
    "load_web_config",
    "parse_basic_auth",
    "parse_web_config",
    "peer_sans",
    "sans_allowed",
]


def peer_sans(cert: Mapping[str, Any] | None) -> list[str]:
    """SAN values of a verified peer certificate, spelled as Go spells them."""
    out = []
    for kind, value in (cert or {}).get("subjectAltName", ()):
        value = str(value).strip()
        if kind == "IP Address":
            try:
                value = str(ipaddress.ip_address(value))
            except ValueError:
                pass
        if kind in ("DNS", "email", "IP Address", "URI"):
            out.append(value)
    return out


def sans_allowed(tls: TLSServerConfig, cert: Mapping[str, Any] | None) -> bool:
    """True if no SAN restriction applies or the certificate has an allowed SAN."""
    if not tls.client_allowed_sans:
        return True
    allowed = set()
    for a in tls.client_allowed_sans:
        try:
            allowed.add(str(ipaddress.ip_address(a)))
        except ValueError:
            allowed.add(a)
    return any(v in allowed for v in peer_sans(cert))


def _stamp(paths: tuple[str, ...]) -> tuple[tuple[int, int, int], ...]:
    out = []
    for p in paths:
        try:
            st = os.stat(p)
            out.append((st.st_mtime_ns, st.st_size, st.st_ino))
        except OSError:
            out.append((0, 0, 0))
    return tuple(out)


class TLSContextProvider:
    """Hands out the current `SSLContext`; rebuilds it when the files change.

    Files are stat()ed at most every `check_interval` seconds (a few microseconds),
    so rotating certificates needs no restart. A rebuild that fails (files half
    written during rotation) keeps the previous context and retries at the next check.
    """

    def __init__(
        self,
        tls: TLSServerConfig,
        check_interval: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tls = tls
        self._paths = tuple(p for p in (tls.cert_file, tls.key_file, tls.client_ca_file) if p)
        self._interval = check_interval
        self._clock = clock
        self._lock = threading.Lock()
        self._stamp = _stamp(self._paths)
        self.context = build_ssl_context(tls)
        self._checked = clock()
        self.reloads = 0

    def get(self) -> ssl.SSLContext:
        now = self._clock()
        if now - self._checked < self._interval:
            return self.context
        with self._lock:
            self._checked = now
            stamp = _stamp(self._paths)
            if stamp != self._stamp:
                try:
                    self.context = build_ssl_context(self.tls)
                    self._stamp = stamp
                    self.reloads += 1
                    log.info("TLS certificate files changed: reloaded")
                except (ssl.SSLError, OSError, ValueError) as exc:
                    log.warning(
                        "TLS certificate files changed but cannot be loaded (keeping the old ones): %s", exc
                    )
        return self.context


# ------------------------------------------------------------------------ basic auth


@dataclass(frozen=True)
class Pending:
    """Credentials no cache knows: what `BasicAuth.verify` needs to run bcrypt on them."""

    user: str
    password: bytes
    key: bytes


ALLOWED, DENIED = "allowed", "denied"  # `BasicAuth.lookup` verdicts that need no bcrypt

FAILURE_BURST = 10
"""Wrong passwords a client address may have verified back to back ..."""
FAILURE_RATE = 1.0
"""... and then per second: beyond that its unknown credentials get 429 without a bcrypt."""
PENDING_PER_CLIENT = 2  # bcrypt verifications one client address may have waiting or running
PENDING_TOTAL = 16  # all clients together: the verification queue never grows past this


def client_key(host: str) -> str:
    """Whose budget a connection spends: its IPv4 address, or its IPv6 /64 (one host's
    usual allocation: an address per guess must not buy a fresh budget per guess)."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if isinstance(ip, ipaddress.IPv6Address) else str(ip)


class BasicAuth:
    """Checks `Authorization: Basic` headers against bcrypt hashes, so that bcrypt can never
    be used to take the endpoint away from the clients that know the password.

    * `lookup` (no bcrypt, microseconds, on the server's I/O thread): credentials that passed
      before are ALLOWED from a cache keyed by an HMAC of (user, password) under a
      per-process key, as exporter-toolkit caches them; credentials that failed before,
      and missing or malformed headers, are DENIED. Failures are cached apart from
      successes, so no flood of guesses can evict a scraper's entry. Both caches are bounded.
    * Anything else is a `Pending` that needs bcrypt. `admit(client)` decides whether one may
      start: at most PENDING_PER_CLIENT per client address and PENDING_TOTAL in all, and a
      token bucket of wrong passwords per address (FAILURE_BURST, then FAILURE_RATE a
      second). A client over its budget gets 429, not a bcrypt.
    * `verify` runs bcrypt, one at a time (a guessing flood costs at most one core), on a
      worker thread; `done(client, ok)` gives the slot back and spends a token on failure.

    Unknown users are checked against a dummy hash of the same cost, so response timing
    does not reveal which user names exist.
    """

    def __init__(
        self,
        users: Mapping[str, str],
        cache_size: int = 1024,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = 4096,
    ) -> None:
        import bcrypt  # only needed when users are configured

        self._bcrypt = bcrypt
        self._users = {u: h.encode("ascii") for u, h in users.items()}
        cost = max((int(h[4:6]) for h in users.values()), default=10)
        self._dummy_cost = cost
        self._dummy: bytes | None = None
        self._key = secrets.token_bytes(32)
        self._cache: OrderedDict[bytes, bool] = OrderedDict()  # credentials that passed
        self._failed: OrderedDict[bytes, bool] = OrderedDict()  # and those that did not
        self._cache_size = cache_size
        self._lock = threading.Lock()  # guards the caches and the budgets
        self._bcrypt_lock = threading.Lock()
        self._clock = clock
        self._clients: OrderedDict[str, list[float]] = OrderedDict()  # key -> [pending, tokens, at]
        self._max_clients = max_clients
        self._pending = 0
        self.bcrypt_calls = 0

    def _dummy_hash(self) -> bytes:
        if self._dummy is None:  # lazily: costs one bcrypt
            self._dummy = self._bcrypt.hashpw(
                b"gpumemd-dummy-password", self._bcrypt.gensalt(self._dummy_cost)
            )
        return self._dummy

    def lookup(self, value: str | None) -> str | Pending:
        """ALLOWED, DENIED or, for credentials no cache knows, a Pending. Never runs bcrypt."""
        creds = parse_basic_auth(value)
        return DENIED if creds is None else self._lookup(*creds)

    def _lookup(self, user: str, password: str) -> str | Pending:
        ub, pb = user.encode("utf-8", "surrogatepass"), password.encode("utf-8", "surrogatepass")
        key = hmac.new(self._key, len(ub).to_bytes(4, "big") + ub + pb, hashlib.sha256).digest()
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return ALLOWED
            if key in self._failed:
                return DENIED
        return Pending(user, pb, key)

    def admit(self, client: str) -> bool:
        """Whether a bcrypt verification for `client` (see client_key) may start now; if so,
        the caller must call `done` once it ended."""
        now = self._clock()
        with self._lock:
            state = self._clients.get(client)
            if state is None:
                state = self._clients[client] = [0.0, float(FAILURE_BURST), now]
                while len(self._clients) > self._max_clients:  # forget the longest-quiet
                    self._clients.popitem(last=False)
            self._clients.move_to_end(client)
            state[1] = min(float(FAILURE_BURST), state[1] + (now - state[2]) * FAILURE_RATE)
            state[2] = now
            if state[0] >= PENDING_PER_CLIENT or state[1] < 1.0 or self._pending >= PENDING_TOTAL:
                return False
            state[0] += 1
            self._pending += 1
            return True

    def done(self, client: str, ok: bool | None) -> None:
        """A verification `admit` let start has ended: passed (True), failed (False, which
        spends a token of the client's) or never ran (None)."""
        with self._lock:
            self._pending = max(0, self._pending - 1)
            state = self._clients.get(client)
            if state is not None:
                state[0] = max(0.0, state[0] - 1)
                if ok is False:
                    state[1] -= 1.0

    def verify(self, pending: Pending) -> bool:
        """Run bcrypt (one at a time) and remember the result."""
        hashed = self._users.get(pending.user)
        with self._bcrypt_lock:
            self.bcrypt_calls += 1
            try:
                ok = self._bcrypt.checkpw(
                    pending.password, hashed if hashed is not None else self._dummy_hash()
                )
            except ValueError:  # e.g. password longer than 72 bytes (bcrypt >= 5 refuses)
                ok = False
        ok = ok and hashed is not None
        with self._lock:
            cache = self._cache if ok else self._failed
            cache[pending.key] = ok
            while len(cache) > self._cache_size:
                cache.popitem(last=False)
        return ok

    def check(self, user: str, password: str) -> bool:
        verdict = self._lookup(user, password)
        return verdict == ALLOWED or (isinstance(verdict, Pending) and self.verify(verdict))


def parse_basic_auth(value: str | None) -> tuple[str, str] | None:
    """(user, password) from an Authorization header value, or None."""
    if not value:
        return None
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        raw = base64.b64decode(token.strip(), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    user, sep, password = raw.partition(":")
    return (user, password) if sep else None


load = load_web_config  # the short name gpumemd.runtime uses
