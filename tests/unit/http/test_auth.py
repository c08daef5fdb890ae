"""Basic auth: 401 with WWW-Authenticate, dummy hash for unknown users, cached bcrypt."""

from __future__ import annotations

import base64

import bcrypt
import pytest

from gpumemd.http.webconfig import BasicAuth, parse_basic_auth, parse_web_config
from tests.http_helpers import METRICS, ServerFactory, get, raw, status_of

PASSWORD = "s3cret"
HASH = bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(rounds=4)).decode()  # cost 4: fast tests


def basic(user: str, password: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


@pytest.fixture
def auth_server(serve: ServerFactory):
    cfg = parse_web_config({"basic_auth_users": {"prometheus": HASH}})
    return serve(web_config=cfg)


def test_right_password(auth_server) -> None:
    status, _, body = get(auth_server, headers=basic("prometheus", PASSWORD))
    assert (status, body) == (200, METRICS)


@pytest.mark.parametrize(
    "headers",
    [
        {},  # no password at all
        basic("prometheus", "wrong"),
        basic("nobody", PASSWORD),  # unknown user
        basic("prometheus", ""),
        basic("prometheus", "x" * 100),  # over bcrypt's 72 bytes: refused, not a 500
        {"Authorization": "Bearer abc"},
        {"Authorization": "Basic !!!not-base64"},
        {"Authorization": "Basic " + base64.b64encode(b"no-colon").decode()},
        {"Authorization": "Basic " + base64.b64encode(b"\xff\xfe:\xff").decode()},
    ],
)
def test_refused_with_www_authenticate(auth_server, headers: dict[str, str]) -> None:
    for method in ("GET", "HEAD"):
        status, hdrs, body = get(auth_server, "/metrics", method=method, headers=headers)
        assert status == 401
        assert hdrs["www-authenticate"] == 'Basic realm="gpumemd"'
        assert METRICS not in body


def test_every_path_needs_auth(auth_server) -> None:
    for path in ("/", "/metrics", "/-/healthy", "/nope"):
        assert get(auth_server, path)[0] == 401


def test_unknown_user_costs_a_bcrypt_and_results_are_cached() -> None:
    auth = BasicAuth({"prometheus": HASH})
    assert auth.check("nobody", PASSWORD) is False
    assert auth.bcrypt_calls == 1  # the dummy hash: same work as for a real user
    assert auth.check("prometheus", "wrong") is False
    assert auth.check("prometheus", PASSWORD) is True
    assert auth.bcrypt_calls == 3
    for _ in range(50):  # a scrape every second must not cost a bcrypt each
        assert auth.check("prometheus", PASSWORD) is True
        assert auth.check("prometheus", "wrong") is False
    assert auth.bcrypt_calls == 3
    # (user, password) are hashed together: moving a colon does not hit the cache
    assert auth.check("prometheus:s", "3cret") is False


def test_cache_is_bounded() -> None:
    auth = BasicAuth({"prometheus": HASH}, cache_size=8)
    for i in range(20):
        auth.check("prometheus", f"guess-{i}")
    assert len(auth._cache) == 8


def test_parse_basic_auth() -> None:
    assert parse_basic_auth("Basic " + base64.b64encode(b"a:b:c").decode()) == ("a", "b:c")
    assert parse_basic_auth("basic " + base64.b64encode(b"a:").decode()) == ("a", "")
    assert parse_basic_auth(None) is None


def test_auth_checked_before_the_app(serve: ServerFactory) -> None:
    calls = []

    def app(req):
        calls.append(req)
        raise AssertionError("must not be called")

    srv = serve(web_config=parse_web_config({"basic_auth_users": {"prometheus": HASH}}), app=app)
    resp = raw(srv, b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status_of(resp) == 401 and calls == []
