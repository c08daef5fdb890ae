"""The web configuration's runtime side, used by the server: `TLSContextProvider` (builds the
`ssl.SSLContext` and rebuilds it when the certificate files change), `BasicAuth` (bcrypt
check with a dummy hash for unknown users and a bounded result cache) and the client
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
    "CLIENT_AUTH_TYPES", "CURVES", "EXTRA_HEADERS", "GO_CIPHERS", "TLS_VERSIONS", "BasicAuth", "HTTPServerConfig",
    "TLSContextProvider", "TLSServerConfig", "WebConfig", "WebConfigError", "build_ssl_context", "check_tls_files",
    "load", "load_web_config", "parse_basic_auth", "parse_web_config", "peer_sans", "sans_allowed",
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


class BasicAuth:
    """Checks `Authorization: Basic` headers against bcrypt hashes.

    Unknown users are checked against a dummy hash of the same cost, so response
    timing does not reveal which user names exist. Results (good and bad) are cached
    under an HMAC of (user, password) with a per-process key, so a Prometheus scraping
    every second costs one bcrypt, not one per scrape; the cache is bounded. Like
    exporter-toolkit, at most one bcrypt runs at a time: a password-guessing flood
    costs one core, not all of them.
    """

    def __init__(self, users: Mapping[str, str], cache_size: int = 1024) -> None:
        import bcrypt  # only needed when users are configured

        self._bcrypt = bcrypt
        self._users = {u: h.encode("ascii") for u, h in users.items()}
        cost = max((int(h[4:6]) for h in users.values()), default=10)
        self._dummy_cost = cost
        self._dummy: bytes | None = None
        self._key = secrets.token_bytes(32)
        self._cache: OrderedDict[bytes, bool] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()  # guards the cache
        self._bcrypt_lock = threading.Lock()
        self.bcrypt_calls = 0

    def _dummy_hash(self) -> bytes:
        if self._dummy is None:  # lazily: costs one bcrypt
            self._dummy = self._bcrypt.hashpw(
                b"gpumemd-dummy-password", self._bcrypt.gensalt(self._dummy_cost)
            )
        return self._dummy

    def check_header(self, value: str | None) -> bool:
        creds = parse_basic_auth(value)
        return creds is not None and self.check(*creds)

    def check(self, user: str, password: str) -> bool:
        ub, pb = user.encode("utf-8", "surrogatepass"), password.encode("utf-8", "surrogatepass")
        key = hmac.new(self._key, len(ub).to_bytes(4, "big") + ub + pb, hashlib.sha256).digest()
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None:
            return hit
        hashed = self._users.get(user)
        with self._bcrypt_lock:
            self.bcrypt_calls += 1
            try:
                ok = self._bcrypt.checkpw(pb, hashed if hashed is not None else self._dummy_hash())
            except ValueError:  # e.g. password longer than 72 bytes (bcrypt >= 5 refuses)
                ok = False
        ok = ok and hashed is not None
        with self._lock:
            self._cache[key] = ok
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return ok


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
