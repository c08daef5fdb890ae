"""The web configuration file (`--web.config.file`) in the exporter-toolkit format: its shape,
its validation and the TLS context it describes; the server's runtime helpers (certificate
reloading, basic auth) are in `gpumemd.http.webconfig`.

It is the same YAML that Prometheus's Go exporters (node_exporter, ...) take::

    tls_server_config:
      cert_file: server.crt          # relative paths: relative to the config file
      key_file: server.key
      client_auth_type: RequireAndVerifyClientCert
      client_ca_file: ca.crt
      client_allowed_sans: [prometheus.example.org]
      min_version: TLS12             # default
    http_server_config:
      headers: {X-Content-Type-Options: nosniff}
    basic_auth_users:
      prometheus: $2b$12$...         # bcrypt hash (htpasswd -nBC 12 "" | tr -d ':')

Parsing is pure (`parse_web_config`) and reports every error at once, each with its
path, in one `WebConfigError`, in the `path: message` form of the main configuration.
`load_web_config` also reads the files it names, so a missing key or a certificate that
does not match it fails at start-up, not at the first scrape.

Where Python's `ssl` module cannot do what Go's crypto/tls does, gpumemd fails closed
or says so: `RequireAnyClientCert` (require a certificate without verifying it) cannot
be expressed, so it needs `client_ca_file` and then verifies like
`RequireAndVerifyClientCert`; `RequestClientCert` does not ask for a certificate (an
unverified one grants nothing anyway); `curve_preferences` is accepted and ignored with
a warning; TLS 1.3 cipher suites cannot be chosen (as in Go).
"""


from __future__ import annotations

import logging
import os
import re
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("gpumemd.server")

__all__ = [
    "CLIENT_AUTH_TYPES",
    "CURVES",
    "EXTRA_HEADERS",
    "GO_CIPHERS",
    "TLS_VERSIONS",
    "HTTPServerConfig",
    "TLSServerConfig",
    "WebConfig",
    "WebConfigError",
    "build_ssl_context",
    "check_tls_files",
    "load_web_config",
    "parse_web_config",
]

TLS_VERSIONS: Mapping[str, ssl.TLSVersion] = {
    "TLS10": ssl.TLSVersion.TLSv1,
    "TLS11": ssl.TLSVersion.TLSv1_1,
    "TLS12": ssl.TLSVersion.TLSv1_2,
    "TLS13": ssl.TLSVersion.TLSv1_3,
}

CLIENT_AUTH_TYPES = (
    "NoClientCert",
    "RequestClientCert",
    "RequireAnyClientCert",
    "VerifyClientCertIfGiven",
    "RequireAndVerifyClientCert",
)
# "RequireClientCert" is exporter-toolkit's backwards-compatible alias.
_CLIENT_AUTH_ALIASES = {"RequireClientCert": "RequireAnyClientCert", "": "NoClientCert"}

# Go cipher suite names (crypto/tls) -> OpenSSL names. TLS 1.3 suites are not
# configurable (neither in Go nor here) and are accepted with a warning.
GO_CIPHERS: Mapping[str, str] = {
    "TLS_RSA_WITH_AES_128_CBC_SHA": "AES128-SHA",
    "TLS_RSA_WITH_AES_256_CBC_SHA": "AES256-SHA",
    "TLS_RSA_WITH_AES_128_CBC_SHA256": "AES128-SHA256",
    "TLS_RSA_WITH_AES_128_GCM_SHA256": "AES128-GCM-SHA256",
    "TLS_RSA_WITH_AES_256_GCM_SHA384": "AES256-GCM-SHA384",
    "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA": "ECDHE-ECDSA-AES128-SHA",
    "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA": "ECDHE-ECDSA-AES256-SHA",
    "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA": "ECDHE-RSA-AES128-SHA",
    "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA": "ECDHE-RSA-AES256-SHA",
    "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256": "ECDHE-ECDSA-AES128-SHA256",
    "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256": "ECDHE-RSA-AES128-SHA256",
    "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256": "ECDHE-RSA-AES128-GCM-SHA256",
    "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256": "ECDHE-ECDSA-AES128-GCM-SHA256",
    "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384": "ECDHE-RSA-AES256-GCM-SHA384",
    "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384": "ECDHE-ECDSA-AES256-GCM-SHA384",
    "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256": "ECDHE-RSA-CHACHA20-POLY1305",
    "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256": "ECDHE-ECDSA-CHACHA20-POLY1305",
}
GO_TLS13_CIPHERS = ("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256")
CURVES = ("CurveP256", "CurveP384", "CurveP521", "X25519")

# exporter-toolkit allows only these headers, some with fixed values: keep the
# ecosystem consistent (and keep Content-Type etc. the app's business).
EXTRA_HEADERS: Mapping[str, tuple[str, ...]] = {
    "Strict-Transport-Security": (),
    "X-Content-Type-Options": ("nosniff",),
    "X-Frame-Options": ("deny", "sameorigin"),
    "X-XSS-Protection": (),
    "Content-Security-Policy": (),
}

_BCRYPT_RE = re.compile(r"\$2[aby]\$([0-9][0-9])\$[./A-Za-z0-9]{53}")
_UNSUPPORTED = {
    "tls_server_config.cert": "inline certificates are not supported by gpumemd; use cert_file",
    "tls_server_config.key": "inline keys are not supported by gpumemd; use key_file",
    "tls_server_config.client_ca": "inline CAs are not supported by gpumemd; use client_ca_file",
    "rate_limit": "not supported by gpumemd (the server bounds work itself: fixed workers, "
    "503 over capacity)",
}


class WebConfigError(ValueError):
    """Every problem found in a web config, each as `path: message`."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = list(errors)
        super().__init__("invalid web config:\n  " + "\n  ".join(self.errors))


@dataclass(frozen=True)
class TLSServerConfig:
    """`tls_server_config:` of an exporter-toolkit web config: certificate, key, client
    authentication and protocol versions."""

    cert_file: str
    key_file: str
    client_auth_type: str = "NoClientCert"
    client_ca_file: str | None = None
    client_allowed_sans: tuple[str, ...] = ()
    min_version: str = "TLS12"
    max_version: str | None = None
    cipher_suites: tuple[str, ...] = ()  # Go names, as written
    curve_preferences: tuple[str, ...] = ()
    prefer_server_cipher_suites: bool = True


@dataclass(frozen=True)
class HTTPServerConfig:
    """`http_server_config:` of an exporter-toolkit web config: extra response headers."""

    headers: tuple[tuple[str, str], ...] = ()
    http2: bool = True  # accepted for compatibility; gpumemd speaks HTTP/1.1 only


@dataclass(frozen=True)
class WebConfig:
    """A validated exporter-toolkit web config file (`--web.config.file`): TLS, basic auth users,
    response headers, and the warnings to log."""

    tls_server_config: TLSServerConfig | None = None
    http_server_config: HTTPServerConfig = field(default_factory=HTTPServerConfig)
    basic_auth_users: tuple[tuple[str, str], ...] = ()  # (user, bcrypt hash)
    warnings: tuple[str, ...] = ()

    @property
    def users(self) -> dict[str, str]:
        return dict(self.basic_auth_users)


# --------------------------------------------------------------------------- parsing


def _fmt(value: object) -> str:
    """A short, safe rendering of a bad value for an error message."""
    if isinstance(value, str):
        s = value if len(value) <= 64 else value[:61] + "..."
        return '"' + s.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    r = repr(value)
    return r if len(r) <= 64 else type(value).__name__


class _Errors:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def add(self, path: str, msg: str) -> None:
        self.errors.append(f"{path}: {msg}")


def _mapping(e: _Errors, path: str, value: object, known: tuple[str, ...]) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        e.add(path, f"expected a mapping, got {_fmt(value)}")
        return {}
    out: dict[str, Any] = {}
    for k, v in value.items():
        if not isinstance(k, str):
            e.add(path, f"expected string keys, got {_fmt(k)}")
            continue
        sub = f"{path}.{k}" if path else k
        if k in known:
            out[k] = v
        elif sub in _UNSUPPORTED:
            e.add(sub, _UNSUPPORTED[sub])
        else:
            e.add(sub, f"unknown key (expected one of {', '.join(known)})")
    return out


def _str(e: _Errors, path: str, value: object, *, allow_empty: bool = False) -> str | None:
    if not isinstance(value, str):
        e.add(path, f"expected a string, got {_fmt(value)}")
        return None
    if not allow_empty and not value:
        e.add(path, "must not be empty")
        return None
    if "\x00" in value:
        e.add(path, "must not contain NUL")
        return None
    return value


def _choice(e: _Errors, path: str, value: object, choices: tuple[str, ...]) -> str | None:
    if not isinstance(value, str) or value not in choices:
        e.add(path, f"expected one of {', '.join(choices)}, got {_fmt(value)}")
        return None
    return value


def _str_list(e: _Errors, path: str, value: object) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        e.add(path, f"expected a list of strings, got {_fmt(value)}")
        return []
    out = []
    for i, item in enumerate(value):
        s = _str(e, f"{path}[{i}]", item)
        if s is not None:
            out.append(s)
    return out


def _join(base_dir: str | None, p: str) -> str:
    return os.path.join(base_dir, p) if base_dir and not os.path.isabs(p) else p


def _parse_tls(e: _Errors, value: object, base_dir: str | None) -> TLSServerConfig | None:
    path = "tls_server_config"
    known = (
        "cert_file", "key_file", "client_auth_type", "client_ca_file", "client_allowed_sans",
        "min_version", "max_version", "cipher_suites", "curve_preferences",
        "prefer_server_cipher_suites",
    )  # fmt: skip
    m = _mapping(e, path, value, known)
    if not m:
        return None
    n_errors = len(e.errors)
    cert = _str(e, f"{path}.cert_file", m["cert_file"]) if "cert_file" in m else None
    key = _str(e, f"{path}.key_file", m["key_file"]) if "key_file" in m else None
    if "cert_file" not in m:
        e.add(f"{path}.cert_file", "required when tls_server_config is set")
    if "key_file" not in m:
        e.add(f"{path}.key_file", "required when tls_server_config is set")

    auth = "NoClientCert"
    if "client_auth_type" in m:
        raw = m["client_auth_type"]
        raw = _CLIENT_AUTH_ALIASES.get(raw, raw) if isinstance(raw, str) else raw
        auth = _choice(e, f"{path}.client_auth_type", raw, CLIENT_AUTH_TYPES) or auth
    ca = None
    if m.get("client_ca_file") not in (None, ""):
        ca = _str(e, f"{path}.client_ca_file", m["client_ca_file"])
    if ca is not None and auth == "NoClientCert":
        e.add(f"{path}.client_ca_file", "set without a client_auth_type that checks client certificates")
    if ca is None and auth in ("VerifyClientCertIfGiven", "RequireAndVerifyClientCert"):
        e.add(f"{path}.client_ca_file", f"required when client_auth_type is {auth}")
    if ca is None and auth == "RequireAnyClientCert":
        e.add(
            f"{path}.client_auth_type",
            "RequireAnyClientCert needs client_ca_file in gpumemd (Python's ssl cannot require "
            "a certificate without verifying it); use RequireAndVerifyClientCert",
        )
    elif auth == "RequireAnyClientCert":
        e.warnings.append(f"{path}.client_auth_type: RequireAnyClientCert verifies against client_ca_file")
    if auth == "RequestClientCert":
        e.warnings.append(f"{path}.client_auth_type: RequestClientCert does not ask for a certificate")

    sans = _str_list(e, f"{path}.client_allowed_sans", m.get("client_allowed_sans"))
    if sans and auth not in ("RequireAnyClientCert", "RequireAndVerifyClientCert"):
        e.add(
            f"{path}.client_allowed_sans",
            "requires client_auth_type RequireAnyClientCert or RequireAndVerifyClientCert",
        )

    versions = tuple(TLS_VERSIONS)
    min_v = "TLS12"
    if m.get("min_version") is not None:
        min_v = _choice(e, f"{path}.min_version", m["min_version"], versions) or min_v
    max_v = None
    if m.get("max_version") is not None:
        max_v = _choice(e, f"{path}.max_version", m["max_version"], versions)
    if min_v in ("TLS10", "TLS11"):
        e.warnings.append(
            f"{path}.min_version: {min_v} is insecure; OpenSSL's default security level may refuse it anyway"
        )
    if max_v is not None and versions.index(max_v) < versions.index(min_v):
        e.add(f"{path}.max_version", f"{max_v} is lower than min_version {min_v}")

    ciphers = _str_list(e, f"{path}.cipher_suites", m.get("cipher_suites"))
    for i, c in enumerate(ciphers):
        if c in GO_TLS13_CIPHERS:
            e.warnings.append(f"{path}.cipher_suites[{i}]: TLS 1.3 suites are not configurable; ignored")
        elif c not in GO_CIPHERS:
            e.add(f"{path}.cipher_suites[{i}]", f"unknown or unsupported cipher suite {_fmt(c)}")
    curves = _str_list(e, f"{path}.curve_preferences", m.get("curve_preferences"))
    for i, c in enumerate(curves):
        if c not in CURVES:
            e.add(f"{path}.curve_preferences[{i}]", f"expected one of {', '.join(CURVES)}, got {_fmt(c)}")
    if curves:
        e.warnings.append(f"{path}.curve_preferences: accepted and ignored (OpenSSL defaults are used)")
    prefer = m.get("prefer_server_cipher_suites", True)
    if not isinstance(prefer, bool):
        e.add(f"{path}.prefer_server_cipher_suites", f"expected true or false, got {_fmt(prefer)}")
        prefer = True

    if len(e.errors) > n_errors or cert is None or key is None:
        return None
    return TLSServerConfig(
        cert_file=_join(base_dir, cert),
        key_file=_join(base_dir, key),
        client_auth_type=auth,
        client_ca_file=_join(base_dir, ca) if ca else None,
        client_allowed_sans=tuple(sans),
        min_version=min_v,
        max_version=max_v,
        cipher_suites=tuple(ciphers),
        curve_preferences=tuple(curves),
        prefer_server_cipher_suites=prefer,
    )


def _parse_http(e: _Errors, value: object) -> HTTPServerConfig:
    path = "http_server_config"
    m = _mapping(e, path, value, ("headers", "http2"))
    http2 = m.get("http2", True)
    if not isinstance(http2, bool):
        e.add(f"{path}.http2", f"expected true or false, got {_fmt(http2)}")
        http2 = True
    headers: list[tuple[str, str]] = []
    raw = m.get("headers")
    if raw is not None and not isinstance(raw, dict):
        e.add(f"{path}.headers", f"expected a mapping, got {_fmt(raw)}")
    elif raw:
        for k, v in raw.items():
            hp = f"{path}.headers.{k}"
            if not isinstance(k, str) or k not in EXTRA_HEADERS:
                e.add(hp, f"header can not be configured (allowed: {', '.join(EXTRA_HEADERS)})")
                continue
            if not isinstance(v, str) or any(c in v for c in "\r\n\x00"):
                e.add(hp, f"expected a single-line string, got {_fmt(v)}")
                continue
            allowed = EXTRA_HEADERS[k]
            if allowed and v not in allowed:
                e.add(hp, f"expected one of {', '.join(allowed)}, got {_fmt(v)}")
                continue
            headers.append((k, v))
    return HTTPServerConfig(headers=tuple(headers), http2=http2)


def _parse_users(e: _Errors, value: object) -> tuple[tuple[str, str], ...]:
    path = "basic_auth_users"
    if value is None:
        return ()
    if not isinstance(value, dict):
        e.add(path, f"expected a mapping of user name to bcrypt hash, got {_fmt(value)}")
        return ()
    users = []
    for k, v in value.items():
        if not isinstance(k, str) or not k or ":" in k:
            e.add(path, f"user names must be non-empty strings without ':', got {_fmt(k)}")
            continue
        if not isinstance(v, str) or not _BCRYPT_RE.fullmatch(v) or not 4 <= int(v[4:6]) <= 31:
            # never echo the value: it is (supposed to be) a password hash
            e.add(f"{path}.{k}", "expected a bcrypt hash ($2a$/$2b$/$2y$, cost 04-31, 60 characters)")
            continue
        users.append((k, v))
    return tuple(users)


def parse_web_config(data: object, base_dir: str | None = None) -> WebConfig:
    """Validate a loaded YAML document; raise `WebConfigError` listing every problem."""
    e = _Errors()
    top = _mapping(e, "", data, ("tls_server_config", "http_server_config", "basic_auth_users"))
    tls = _parse_tls(e, top.get("tls_server_config"), base_dir)
    http = _parse_http(e, top.get("http_server_config"))
    users = _parse_users(e, top.get("basic_auth_users"))
    if e.errors:
        raise WebConfigError(e.errors)
    return WebConfig(tls, http, users, tuple(e.warnings))


def load_web_config(path: str | os.PathLike[str]) -> WebConfig:
    """Read, parse and check a web config file, including the files it names.

    Read as hostile input, like the main configuration (`gpumemd.config.yamlsafe`: at most 1 MiB,
    strict UTF-8, no duplicate keys, aliases or custom tags); only `WebConfigError` escapes."""
    from . import yamlsafe  # only needed when a file is given

    path = os.fspath(path)
    try:
        data = yamlsafe.load_file(path)
    except yamlsafe.YamlError as exc:
        raise WebConfigError([f"{path}: {exc}"]) from None
    cfg = parse_web_config(data, base_dir=os.path.dirname(os.path.abspath(path)))
    if cfg.tls_server_config is not None:
        errors = check_tls_files(cfg.tls_server_config)
        if errors:
            raise WebConfigError(errors)
    return cfg


# ----------------------------------------------------------------------------- TLS


def check_tls_files(tls: TLSServerConfig) -> list[str]:
    """Errors from reading the files and building a context, with their paths."""
    import stat

    errors = []
    for name in ("cert_file", "key_file", "client_ca_file"):
        p = getattr(tls, name)  # getattr: the file fields by name
        if p is None:
            continue
        try:
            regular = stat.S_ISREG(os.stat(p).st_mode)
        except (OSError, ValueError) as exc:
            errors.append(
                f"tls_server_config.{name}: cannot read {p}: {getattr(exc, 'strerror', None) or exc}"
            )  # getattr: OSError has strerror, ValueError not
            continue
        if not regular:  # a FIFO would hang OpenSSL's read
            errors.append(f"tls_server_config.{name}: {p} is not a regular file")
        elif not os.access(p, os.R_OK):
            errors.append(f"tls_server_config.{name}: cannot read {p}: permission denied")
    if not errors:
        try:
            build_ssl_context(tls)
        except (ssl.SSLError, OSError, ValueError) as exc:
            errors.append(f"tls_server_config: cannot use the certificate files: {exc}")
    return errors


def _no_passphrase() -> bytes:
    # Without a callback OpenSSL asks for the passphrase on the terminal: check-config and
    # serve would hang there. Go's exporter-toolkit takes unencrypted keys only, as we do.
    raise ValueError("the key file is encrypted; gpumemd takes unencrypted keys only")


def build_ssl_context(tls: TLSServerConfig) -> ssl.SSLContext:
    """An `SSLContext` for the server side, as exporter-toolkit would configure Go's."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = TLS_VERSIONS[tls.min_version]
    if tls.max_version is not None:
        ctx.maximum_version = TLS_VERSIONS[tls.max_version]
    ctx.load_cert_chain(tls.cert_file, tls.key_file, password=_no_passphrase)
    suites = [GO_CIPHERS[c] for c in tls.cipher_suites if c in GO_CIPHERS]
    if suites:
        ctx.set_ciphers(":".join(suites))
    if tls.prefer_server_cipher_suites:
        ctx.options |= ssl.OP_CIPHER_SERVER_PREFERENCE
    ctx.options |= ssl.OP_NO_RENEGOTIATION  # client-initiated renegotiation is a DoS lever
    if tls.client_auth_type in ("VerifyClientCertIfGiven",):
        ctx.verify_mode = ssl.CERT_OPTIONAL
    elif tls.client_auth_type in ("RequireAnyClientCert", "RequireAndVerifyClientCert"):
        ctx.verify_mode = ssl.CERT_REQUIRED
    else:  # NoClientCert, RequestClientCert
        ctx.verify_mode = ssl.CERT_NONE
    if tls.client_ca_file and ctx.verify_mode != ssl.CERT_NONE:
        ctx.load_verify_locations(cafile=tls.client_ca_file)
    ctx.set_alpn_protocols(["http/1.1"])
    return ctx
