"""The exporter-toolkit web config parser: valid files, every error at once, fuzzing."""

from __future__ import annotations

import string

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.http.webconfig import (
    CLIENT_AUTH_TYPES,
    EXTRA_HEADERS,
    GO_CIPHERS,
    TLS_VERSIONS,
    WebConfig,
    WebConfigError,
    parse_web_config,
)

HASH = "$2b$04$" + "a" * 53

FULL = """
tls_server_config:
  cert_file: tls/server.crt
  key_file: /abs/server.key
  client_auth_type: RequireAndVerifyClientCert
  client_ca_file: ca.crt
  client_allowed_sans: [prometheus.example, 10.0.0.1]
  min_version: TLS13
  max_version: TLS13
  cipher_suites: [TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, TLS_AES_128_GCM_SHA256]
  curve_preferences: [X25519]
  prefer_server_cipher_suites: false
http_server_config:
  http2: false
  headers:
    X-Content-Type-Options: nosniff
    Content-Security-Policy: default-src 'none'
basic_auth_users:
  prometheus: "$2b$04$aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
"""


def errors_of(data: object) -> list[str]:
    with pytest.raises(WebConfigError) as exc:
        parse_web_config(data)
    return exc.value.errors


def test_empty_means_plain_http() -> None:
    for data in (None, {}):
        cfg = parse_web_config(data)
        assert cfg == WebConfig() and cfg.tls_server_config is None and cfg.users == {}


def test_full_config() -> None:
    cfg = parse_web_config(yaml.safe_load(FULL), base_dir="/etc/gpumemd")
    tls = cfg.tls_server_config
    assert tls is not None
    assert tls.cert_file == "/etc/gpumemd/tls/server.crt" and tls.key_file == "/abs/server.key"
    assert tls.client_ca_file == "/etc/gpumemd/ca.crt"
    assert tls.client_auth_type == "RequireAndVerifyClientCert"
    assert tls.client_allowed_sans == ("prometheus.example", "10.0.0.1")
    assert (tls.min_version, tls.max_version, tls.prefer_server_cipher_suites) == ("TLS13", "TLS13", False)
    assert cfg.http_server_config.http2 is False
    assert dict(cfg.http_server_config.headers)["X-Content-Type-Options"] == "nosniff"
    assert cfg.users == {"prometheus": "$2b$04$" + "a" * 53}
    assert any("TLS 1.3 suites" in w for w in cfg.warnings)
    assert any("curve_preferences" in w for w in cfg.warnings)
    with pytest.raises(AttributeError):
        cfg.basic_auth_users = ()  # type: ignore[misc]  # frozen


def test_defaults() -> None:
    tls = parse_web_config({"tls_server_config": {"cert_file": "a", "key_file": "b"}}).tls_server_config
    assert tls is not None
    assert (tls.min_version, tls.max_version, tls.client_auth_type) == ("TLS12", None, "NoClientCert")


def test_reports_every_error_with_its_path() -> None:
    errors = errors_of(
        {
            "tls_server_config": {
                "cert_file": "a",
                "min_version": "TLS9",
                "client_auth_type": "Whatever",
                "cipher_suites": ["TLS_NOPE"],
                "bogus": 1,
            },
            "http_server_config": {"headers": {"Server": "x", "X-Frame-Options": "allow"}},
            "basic_auth_users": {"alice": "plaintext"},
            "extra": True,
        }
    )
    assert 'tls_server_config.min_version: expected one of TLS10, TLS11, TLS12, TLS13, got "TLS9"' in errors
    expected_prefixes = [
        "tls_server_config.key_file: required",
        "tls_server_config.client_auth_type: expected one of",
        "tls_server_config.cipher_suites[0]: unknown",
        "tls_server_config.bogus: unknown key",
        "http_server_config.headers.Server: header can not be configured",
        'http_server_config.headers.X-Frame-Options: expected one of deny, sameorigin, got "allow"',
        "basic_auth_users.alice: expected a bcrypt hash",
        "extra: unknown key",
    ]
    for prefix in expected_prefixes:
        assert any(e.startswith(prefix) for e in errors), (prefix, errors)
    assert not any("plaintext" in e for e in errors)  # secrets are never echoed
    assert len(errors) == len(expected_prefixes) + 1


@pytest.mark.parametrize(
    "tls, message",
    [
        ({"client_auth_type": "RequireAndVerifyClientCert"}, "client_ca_file: required"),
        ({"client_ca_file": "ca.crt"}, "client_ca_file: set without a client_auth_type"),
        (
            {"client_auth_type": "RequireAnyClientCert"},
            "client_auth_type: RequireAnyClientCert needs client_ca_file",
        ),
        (
            {
                "client_auth_type": "VerifyClientCertIfGiven",
                "client_ca_file": "c",
                "client_allowed_sans": ["x"],
            },
            "client_allowed_sans: requires client_auth_type",
        ),
        (
            {"min_version": "TLS13", "max_version": "TLS12"},
            "max_version: TLS12 is lower than min_version TLS13",
        ),
        ({"cert": "-----BEGIN CERTIFICATE-----"}, "cert: inline certificates are not supported"),
        ({"curve_preferences": ["P999"]}, "curve_preferences[0]: expected one of"),
        ({"prefer_server_cipher_suites": "yes"}, "prefer_server_cipher_suites: expected true or false"),
        ({"cert_file": ""}, "cert_file: must not be empty"),
        ({"client_allowed_sans": "x"}, "client_allowed_sans: expected a list of strings"),
    ],
)
def test_tls_rules(tls: dict, message: str) -> None:
    data = {"tls_server_config": {"cert_file": "a", "key_file": "b", **tls}}
    errors = errors_of(data)
    assert any(e.startswith("tls_server_config." + message) for e in errors), errors


def test_accepted_spellings() -> None:
    for auth in CLIENT_AUTH_TYPES + ("RequireClientCert",):
        tls: dict[str, object] = {"cert_file": "a", "key_file": "b", "client_auth_type": auth}
        if auth not in ("NoClientCert", "RequestClientCert"):
            tls["client_ca_file"] = "ca"
        assert parse_web_config({"tls_server_config": tls}).tls_server_config is not None
    for name in GO_CIPHERS:
        parse_web_config({"tls_server_config": {"cert_file": "a", "key_file": "b", "cipher_suites": [name]}})
    parse_web_config({"http_server_config": {"headers": {"X-Frame-Options": "sameorigin"}}})
    assert errors_of({"rate_limit": {"burst": 1}})[0].startswith("rate_limit: not supported")
    assert errors_of([1, 2])[0].startswith(": expected a mapping")
    assert errors_of({"basic_auth_users": {"a:b": HASH}})[0].startswith("basic_auth_users: user names")
    assert errors_of({"basic_auth_users": {"a": "$2b$99$" + "a" * 53}})[0].startswith("basic_auth_users.a:")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"basic_auth_users: {a: x}\nbasic_auth_users: {b: y}\n",
            'duplicate key "basic_auth_users" at line 2 (first at line 1)',
        ),
        (b"basic_auth_users: &u {a: x}\n", "not allowed: anchors (&u)"),
        (
            b"tls_server_config: !!python/object:ssl.SSLContext {}\n",
            "not allowed: the tag !!python/object:ssl.SSLContext",
        ),
        (b"basic_auth_users: {a: \xc3\x28}\n", "not valid UTF-8 (byte offset 22, line 1)"),
        (b"basic_auth_users:\x00\n", "binary data: a NUL byte at byte offset 17, line 1"),
        (b"a: " + b"[" * 100 + b"]" * 100, "nested deeper than 64 levels"),
        (b"# x\n" * 300_000, "file larger than 1 MiB"),
    ],
    ids=["duplicate", "anchor", "tag", "utf8", "nul", "depth", "size"],
)
def test_the_file_is_read_as_hostile_input(tmp_path, data: bytes, message: str) -> None:
    from gpumemd.http.webconfig import load_web_config

    path = tmp_path / "web.yml"
    path.write_bytes(data)
    with pytest.raises(WebConfigError) as exc:
        load_web_config(path)
    assert len(exc.value.errors) == 1 and exc.value.errors[0].startswith(f"{path}: {message}"), (
        exc.value.errors
    )


# ------------------------------------------------------------------------- fuzzing

KEYS = [
    "tls_server_config", "http_server_config", "basic_auth_users", "cert_file", "key_file",
    "client_auth_type", "client_ca_file", "client_allowed_sans", "min_version", "max_version",
    "cipher_suites", "curve_preferences", "prefer_server_cipher_suites", "headers", "http2",
    *TLS_VERSIONS, *CLIENT_AUTH_TYPES, *EXTRA_HEADERS, "nosniff", "deny",
]  # fmt: skip
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.sampled_from(KEYS),
    st.just(HASH),
    st.binary(max_size=8),
)
keys = st.one_of(st.sampled_from(KEYS), st.text(max_size=8), st.integers(), st.none(), st.booleans())
documents = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=25,
)
structured = st.fixed_dictionaries(
    {},
    optional={
        "tls_server_config": st.dictionaries(st.sampled_from(KEYS), documents, max_size=6) | documents,
        "http_server_config": st.dictionaries(st.sampled_from(KEYS), documents, max_size=3) | documents,
        "basic_auth_users": st.dictionaries(keys, scalars, max_size=3) | documents,
    },
)


@settings(database=None, max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(documents, structured))
def test_fuzz_parser_raises_only_webconfigerror(data: object) -> None:
    try:
        cfg = parse_web_config(data, base_dir="/etc")
    except WebConfigError as exc:
        assert exc.errors and all(isinstance(e, str) and ": " in e for e in exc.errors)
    else:
        assert isinstance(cfg, WebConfig)
        hash(cfg)  # frozen all the way down


@settings(database=None, max_examples=150, deadline=None)
@given(st.text(alphabet=string.printable, max_size=200))
def test_fuzz_yaml_text(tmp_path_factory, text: str) -> None:
    from gpumemd.http.webconfig import load_web_config

    path = tmp_path_factory.mktemp("fuzz") / "web.yml"
    path.write_text(text)
    try:
        load_web_config(path)
    except WebConfigError:
        pass
