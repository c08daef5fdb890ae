"""The configuration boundary under hostile input (issue 14): every reported defect, as a
table; check-config and serve are one gate (real processes agree line for line)."""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gpumemd import config
from gpumemd.config import yamlsafe
from gpumemd.http import webconfig
from tests.helpers import ROOT

# --- the reader -----------------------------------------------------------------------

BILLION_LAUGHS = (
    "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b]\n"
)

HOSTILE: list[tuple[str, bytes, str]] = [
    ("invalid-utf8", b"sampler:\n  interval: \xff\xfe\n", "not valid UTF-8 (byte offset 21, line 2)"),
    ("truncated-utf8", b"log: {level: \xe2\x82}\n", "not valid UTF-8 (byte offset 13, line 1)"),
    ("nul", b"sampler: {interval: 1s}\x00\n", "binary data: a NUL byte at byte offset 23, line 1"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00", "not valid UTF-8 (byte offset 0, line 1)"),
    (
        "control",
        b"log: {level: info}\n\x1b[31m\n",
        "binary data: a control character (0x1b) at byte offset 19, line 2",
    ),
    ("utf16", "sampler: {}\n".encode("utf-16"), "not valid UTF-8 (byte offset 0"),
    ("deep-flow", b"a: " + b"[" * 10_000, "not valid YAML"),
    (
        "deep-block",
        "".join(" " * i + "k:\n" for i in range(1_000)).encode(),
        "nested deeper than 64 levels (line 65",
    ),
    ("deep-flow-map", b"a: " + b"{b: " * 100 + b"1" + b"}" * 100, "nested deeper than 64 levels"),
    (
        "duplicate",
        b"sampler:\n  interval: 1s\n  history: 3\n  interval: 2s\n",
        'duplicate key "interval" at line 4 (first at line 2)',
    ),
    ("duplicate-top", b"log: {}\nweb: {}\nlog: {}\n", 'duplicate key "log" at line 3 (first at line 1)'),
    (
        "duplicate-flow",
        b"log: {level: info, level: debug}\n",
        'duplicate key "level" at line 1 (first at line 1)',
    ),
    ("anchor", b"log: &l {level: info}\n", "not allowed: anchors (&l) (line 1, column 6)"),
    ("billion-laughs", BILLION_LAUGHS.encode(), "not allowed: anchors (&a)"),
    ("merge-key", b"log:\n  <<: {level: info}\n", "not allowed: merge keys (<<) (line 2, column 3)"),
    (
        "python-tag",
        b"log: !!python/object/apply:os.system [echo hi]\n",
        "not allowed: the tag !!python/object/apply:os.system",
    ),
    ("local-tag", b"log: !secret x\n", "not allowed: the tag !secret"),
    ("binary-tag", b"log: !!binary aGk=\n", "not allowed: the tag !!binary"),
    ("set-tag", b"log: !!set {a, b}\n", "not allowed: the tag !!set"),
    ("two-documents", b"log: {}\n---\nweb: {}\n", "not valid YAML (line 2, column 1)"),
    ("unhashable-key", b"? [a]\n: 1\n", "a mapping key must be a plain value (line 1, column 3)"),
    ("huge-int-digits", b"sampler: {history: " + b"9" * 5000 + b"}\n", "not valid YAML: Exceeds the limit"),
    ("too-many-values", b"x: [" + b"1," * 150_000 + b"1]\n", "more than 100000 values"),
]


@pytest.mark.parametrize(("name", "data", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_bytes_are_one_clear_error(tmp_path: Path, name: str, data: bytes, message: str) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(data)
    with pytest.raises(config.ConfigError) as err:
        config.load(path)
    assert err.value.lines() == [err.value.lines()[0]], err.value.lines()
    assert err.value.lines()[0].startswith(f"{path}: {message}"), err.value.lines()


def test_the_pure_python_loader_applies_the_same_checks() -> None:
    # Where libyaml is missing the Python parser feeds the same composer and constructor.
    for text, message in (
        ("a: 1\na: 2\n", "duplicate key"),
        ("a: &x 1\n", "anchors"),
        ("a: !x 1\n", "the tag !x"),
        ("".join(" " * i + "k:\n" for i in range(200)), "nested deeper than 64"),
    ):
        loader = yamlsafe._PyLoader(text)
        with pytest.raises(yamlsafe.YamlError, match=message):
            loader.get_single_data()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: \ud800\n", "binary data: a lone surrogate (U+D800) at line 1"),
        ("a: 1\nb: \x00\n", "binary data: a control character (U+0000) at line 2"),
    ],
)
def test_strings_handed_to_loads_are_checked_too(text: str, message: str) -> None:
    with pytest.raises(config.ConfigError) as err:
        config.loads(text, source="s")
    assert err.value.lines() == [f"s: {message}"]


def test_dates_and_bare_equals_stay_strings() -> None:
    assert yamlsafe.loads("a: 2026-13-45\nb: 2026-01-01\nc: =\n") == {
        "a": "2026-13-45",
        "b": "2026-01-01",
        "c": "=",
    }


def test_a_file_over_the_limit_is_refused_without_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# padding\n" * ((2 << 20) // 10 + 1))  # over 2 MB
    read = []
    real_read = os.read
    monkeypatch.setattr(yamlsafe.os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with pytest.raises(config.ConfigError) as err:
        config.load(big)
    assert err.value.lines() == [f"{big}: file larger than 1 MiB"]
    assert read == []


def test_a_file_that_grows_past_its_stat_size_is_cut_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # /proc files and files still being written report a smaller size than they yield:
    # /dev/zero, made to look like an empty regular file, must still stop at limit + 1
    import stat as stat_mod
    from types import SimpleNamespace

    monkeypatch.setattr(
        yamlsafe.os, "fstat", lambda fd: SimpleNamespace(st_mode=stat_mod.S_IFREG | 0o644, st_size=0)
    )
    with pytest.raises(yamlsafe.YamlError, match="^file larger than 1 KiB$"):
        yamlsafe.read_limited("/dev/zero", 1024)


def test_a_sparse_gigabyte_is_refused_at_once(tmp_path: Path) -> None:
    big = tmp_path / "huge.yaml"
    with open(big, "wb") as f:
        f.truncate(1 << 30)
    with pytest.raises(config.ConfigError) as err:
        config.load(big)
    assert err.value.lines() == [f"{big}: file larger than 1 MiB"]


@pytest.mark.parametrize("special", ["fifo", "directory", "device"])
def test_only_regular_files_are_read(tmp_path: Path, special: str) -> None:
    if special == "fifo":
        path = tmp_path / "fifo.yaml"
        os.mkfifo(path)
    elif special == "directory":
        path = tmp_path
    else:
        path = Path("/dev/zero")
    result: list[BaseException | None] = []
    worker = threading.Thread(target=lambda: result.append(_error_of(path)), daemon=True)
    worker.start()
    worker.join(10)  # a FIFO without a writer would block an open() without O_NONBLOCK forever
    assert result and isinstance(result[0], config.ConfigError), "the read blocked or did not fail"
    assert result[0].lines() in ([f"{path}: not a regular file"], [f"{path}: cannot read: Is a directory"])


def _error_of(path: Path) -> BaseException | None:
    try:
        config.load(path)
    except BaseException as exc:  # noqa: BLE001  # handed to the test thread
        return exc
    return None


# --- numbers --------------------------------------------------------------------------

RANGES = [
    (
        "sampler: {history: 100000000000000000000}",
        "sampler.history: must be at most 1_000_000, got 100000000000000000000",
    ),
    ("sampler: {history: 1000001}", "sampler.history: must be at most 1_000_000, got 1000001"),
    (
        "sampler: {interval: 100000000000000000000s}",
        'sampler.interval: must be at most 365d, got "100000000000000000000s"',
    ),
    ("sampler: {interval: 366d}", 'sampler.interval: must be at most 365d, got "366d"'),
    ("sampler: {interval: " + "9" * 400 + "s}", "sampler.interval: expected a duration"),
    (
        "agent: {oom_max_snapshot_bytes: 2000000000000}",
        "agent.oom_max_snapshot_bytes: must be at most 1_099_511_627_776",
    ),
    (
        "agent: {spool_expire_intervals: 10000000000}",
        "agent.spool_expire_intervals: must be at most 1_000_000_000",
    ),
    ("web: {max_label_length: 70000}", "web.max_label_length: must be at most 65_536, got 70000"),
    (
        "sources: {nvml: {max_processes: -100000000000000}}",
        "sources.nvml.max_processes: must be at least -1000000000",
    ),
    (
        "alerting: {rules: [{alert: A, metric: gpumemd_gpus, threshold: .nan}]}",
        "alerting.rules[0].threshold: expected a finite number, got nan",
    ),
    (
        "alerting: {rules: [{alert: A, metric: gpumemd_gpus, threshold: -.inf}]}",
        "alerting.rules[0].threshold: expected a finite number, got -inf",
    ),
    (
        "alerting: {rules: [{alert: A, metric: gpumemd_gpus, threshold: 1.0e+999}]}",
        "alerting.rules[0].threshold: expected a finite number, got inf",
    ),
    (
        "alerting: {rules: [{alert: A, metric: gpumemd_gpus, threshold: " + "9" * 400 + "}]}",
        "alerting.rules[0].threshold: expected a finite number, got an integer of 400 digits",
    ),
    (
        "alerting: {notifiers: [{type: log, capacity: 10000000000}]}",
        "alerting.notifiers[0].capacity: must be at most 1_000_000_000",
    ),
    ("alerting: {resend_delay: 400d}", 'alerting.resend_delay: must be at most 365d, got "400d"'),
]


@pytest.mark.parametrize(("text", "message"), RANGES, ids=[r[1].split(":")[0] for r in RANGES])
def test_every_number_has_a_maximum(text: str, message: str) -> None:
    with pytest.raises(config.ConfigError) as err:
        config.loads(text)
    assert any(e.startswith(message) for e in err.value.errors), err.value.errors


def test_the_largest_values_allowed_are_accepted() -> None:
    c = config.loads(
        "sampler: {history: 1000000, interval: 365d}\nagent: {oom_max_snapshot_bytes: 1099511627776}\n"
    )
    assert (c.sampler.history, c.sampler.interval, c.agent.oom_max_snapshot_bytes) == (
        10**6,
        365 * 86400.0,
        1 << 40,
    )


# --- bounded output -------------------------------------------------------------------


def test_a_flood_of_unknown_keys_prints_at_most_51_lines(tmp_path: Path) -> None:
    path = tmp_path / "keys.yaml"
    # within the reader's allowance (a file of far more such keys is refused as too costly)
    path.write_text("".join(f"k{i}: 1\n" for i in range(5_000)))
    with pytest.raises(config.ConfigError) as err:
        config.load(path)
    lines = err.value.lines()
    assert len(lines) == config.MAX_REPORTED_ERRORS + 1
    assert lines[-1] == f"{path}: ... and {5_000 - config.MAX_REPORTED_ERRORS} more errors"
    assert len(err.value.errors) == config.MAX_REPORTED_ERRORS and err.value.total() == 5_000


def test_200000_unknown_keys_are_refused_by_size(tmp_path: Path) -> None:
    path = tmp_path / "keys.yaml"
    path.write_text("".join(f"k{i}: 1\n" for i in range(200_000)))
    result = _cli("check-config", str(path))
    assert result.returncode == 2 and result.stderr.splitlines() == [f"{path}: file larger than 1 MiB"]


def test_long_keys_and_values_are_cut_in_messages() -> None:
    with pytest.raises(config.ConfigError) as err:
        config.loads(f'{"k" * 100_000}: 1\nlog: {{level: "{"x" * 100_000}\\u0007"}}\n')
    assert all(len(e) < 300 for e in err.value.errors), [len(e) for e in err.value.errors]
    assert "\x07" not in str(err.value)


def test_every_reported_line_is_one_bounded_line() -> None:
    value = "(" * 20_000 + "\n" + ")" * 20_000
    text = (
        f"alerting: {{rules: [{{alert: A, metric: 'gpumemd_gpu_memory_used_bytes{{gpu=~\"{value}\"}}'}}]}}\n"
    )
    with pytest.raises(config.ConfigError) as err:
        config.loads(text)
    (line,) = err.value.lines()
    assert "\n" not in line and len(line) <= config.MAX_LINE_LENGTH and "bad regular expression" in line


def test_a_regex_repetition_too_large_is_an_error_not_an_overflow() -> None:
    text = (
        "alerting: {rules: [{alert: A, metric: 'gpumemd_gpu_memory_used_bytes{gpu=~\"a{99999999999}\"}'}]}\n"
    )
    with pytest.raises(config.ConfigError) as err:
        config.loads(text)
    assert err.value.errors == [
        'alerting.rules[0].metric: bad regular expression "a{99999999999}": '
        "invalid repetition size: {99999999999… (at most 1000)"
    ]


# --- references: web config, rule files, listen addresses -----------------------------


def _pair(directory: Path, stem: str, passphrase: bytes | None = None) -> tuple[Path, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = dt.datetime.now(dt.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .sign(key, hashes.SHA256())
    )
    crt, pem = directory / f"{stem}.crt", directory / f"{stem}.key"
    crt.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    encryption = (
        serialization.BestAvailableEncryption(passphrase) if passphrase else serialization.NoEncryption()
    )
    pem.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, encryption)
    )
    return crt, pem


def _checked(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "c.yaml"
    path.write_text(text)
    try:
        config.check_references(config.load(path), str(path))
    except config.ConfigError as exc:
        return exc.lines()
    return []


def test_web_config_files_are_checked_like_serve_would(tmp_path: Path) -> None:
    crt, key = _pair(tmp_path, "a")
    other_crt, _ = _pair(tmp_path, "b")
    web = tmp_path / "web.yml"
    cfg = tmp_path / "c.yaml"
    cases = [
        (
            "tls_server_config: {cert_file: missing.crt, key_file: a.key}\n",
            [
                f"{cfg}: web.config_file: {web}: tls_server_config.cert_file: "
                f"cannot read {tmp_path}/missing.crt: No such file or directory"
            ],
        ),
        (
            f"tls_server_config: {{cert_file: {other_crt}, key_file: {key}}}\n",
            [f"{cfg}: web.config_file: {web}: tls_server_config: cannot use the certificate files:"],
        ),
        (
            "basic_auth_users: {prometheus: not-a-hash}\n",
            [f"{cfg}: web.config_file: {web}: basic_auth_users.prometheus: expected a bcrypt hash"],
        ),
        (
            "tls_server_config: {cert_file: a.crt, key_file: a.key}\ntls_server_config: {}\n",
            [f'{cfg}: web.config_file: {web}: duplicate key "tls_server_config" at line 2 (first at line 1)'],
        ),
        (
            b"basic_auth_users: {\xff: x}\n",
            [f"{cfg}: web.config_file: {web}: not valid UTF-8 (byte offset 19, line 1)"],
        ),
        (f"tls_server_config: {{cert_file: {crt}, key_file: {key}}}\n", []),
    ]
    for body, expected in cases:
        web.write_bytes(body if isinstance(body, bytes) else body.encode())
        lines = _checked(tmp_path, f"web: {{config_file: {web}}}\n")
        assert len(lines) == len(expected) and all(
            ln.startswith(e) for ln, e in zip(lines, expected, strict=True)
        ), (body, lines)


def test_a_missing_web_config_file_is_reported_not_raised(tmp_path: Path) -> None:
    assert _checked(tmp_path, "web: {config_file: /nonexistent/web.yml}\n") == [
        f"{tmp_path}/c.yaml: web.config_file: /nonexistent/web.yml: cannot read: No such file or directory"
    ]


def test_an_encrypted_key_is_an_error_not_a_passphrase_prompt(tmp_path: Path) -> None:
    crt, key = _pair(tmp_path, "enc", passphrase=b"secret")
    web = tmp_path / "web.yml"
    web.write_text(f"tls_server_config: {{cert_file: {crt}, key_file: {key}}}\n")
    # stdin is not a terminal here; OpenSSL's own prompt would read it (or hang on a terminal)
    result = subprocess.run(
        [sys.executable, "-m", "gpumemd", "check-config", "--web.config.file", str(web)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "pass phrase" not in result.stdout + result.stderr, result
    assert result.stderr == (
        f"--web.config.file: {web}: tls_server_config: cannot use the certificate files: "
        "the key file is encrypted; gpumemd takes unencrypted keys only\n"
    )


def test_a_certificate_fifo_does_not_hang_the_check(tmp_path: Path) -> None:
    _, key = _pair(tmp_path, "a")
    os.mkfifo(tmp_path / "fifo.crt")
    errors = webconfig.check_tls_files(webconfig.TLSServerConfig(str(tmp_path / "fifo.crt"), str(key)))
    assert errors == [f"tls_server_config.cert_file: {tmp_path}/fifo.crt is not a regular file"]


def test_rule_files_are_read_as_hostile_input(tmp_path: Path) -> None:
    rules = tmp_path / "r.yml"
    for body, message in (
        (b"rules: [\xff]\n", "not valid UTF-8 (byte offset 8, line 1)"),
        (
            b"rules:\n  - {alert: A, metric: gpumemd_gpus}\nrules: []\n",
            'duplicate key "rules" at line 3 (first at line 1)',
        ),
        (b"rules: &r []\n", "not allowed: anchors (&r)"),
        (b"rules: [" + b"[" * 100 + b"]" * 100 + b"]\n", "nested deeper than 64 levels"),
    ):
        rules.write_bytes(body)
        lines = _checked(tmp_path, f"alerting: {{rule_files: [{rules}]}}\n")
        assert len(lines) == 1 and lines[0].startswith(
            f"{tmp_path}/c.yaml: alerting.rule_files[0]: {rules}: {message}"
        ), lines


def test_notifier_secret_files_are_read_bounded(tmp_path: Path) -> None:
    text = "alerting: {notifiers: [{type: webhook, url: 'http://x', bearer_token_file: /dev/zero}]}\n"
    with pytest.raises(config.ConfigError) as err:
        config.loads(text)
    assert err.value.errors == ["alerting.notifiers[0].bearer_token_file: /dev/zero: not a regular file"]


LISTEN = [
    ("localhost", 'expected HOST:PORT or :PORT, got "localhost" (no port: write e.g. localhost:9967)'),
    (
        "127.0.0.1:99999",
        'expected HOST:PORT or :PORT, got "127.0.0.1:99999" (the port must be a number from 0 to 65535)',
    ),
    (":-1", 'expected HOST:PORT or :PORT, got ":-1"'),
    (":", 'expected HOST:PORT or :PORT, got ":"'),
    ("[::1:80", 'expected HOST:PORT or :PORT, got "[::1:80"'),
    ("a b:80", 'expected HOST:PORT or :PORT, got "a b:80"'),
    (
        ":\u0661\u0662",
        'expected HOST:PORT or :PORT, got ":\u0661\u0662"',
    ),  # Arabic-Indic digits: isdigit() but not a port
    ("no-such-host.invalid:80", 'cannot resolve the host "no-such-host.invalid"'),
    ("9967", 'expected HOST:PORT or :PORT, got "9967" (a port alone: write :9967 for every interface'),
    (
        "9967:9967",
        'expected HOST:PORT or :PORT, got "9967:9967" (the host "9967" is not an IP address: write :9967',
    ),
    ("10.1:80", 'expected HOST:PORT or :PORT, got "10.1:80" (the host "10.1" is not an IP address'),
]


@pytest.mark.parametrize(("address", "message"), LISTEN, ids=[a for a, _ in LISTEN])
def test_bad_listen_addresses(address: str, message: str) -> None:
    for key, flag in (("web.listen_address", "--web.listen-address"), ("agent.listen_address", "--agent")):
        value, errors = config.convert_flag(key, address, flag)
        cfg = config.Config()
        if not errors:  # syntax is fine: check_references resolves the host
            cfg = config.apply_overrides(cfg, {key: value})
            with pytest.raises(config.ConfigError) as err:
                config.check_references(cfg, "", flags={key: flag})
            errors = err.value.errors
        assert errors and errors[0].startswith(f"{flag}: {message}"), errors


@pytest.mark.parametrize(
    "address", [":0", "127.0.0.1:0", "[::1]:9967", "localhost:80", ":65535", "0.0.0.0:1"]
)
def test_good_listen_addresses(address: str) -> None:
    value, errors = config.convert_flag("web.listen_address", address, "--web.listen-address")
    assert errors == []
    config.check_references(config.apply_overrides(config.Config(), {"web.listen_address": value}))


# --- one gate: check-config and serve agree (real processes) --------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "gpumemd", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _both(config_file: Path, flags: list[str]) -> tuple[subprocess.Popen[str], subprocess.Popen[str]]:
    """check-config and serve with the same file and flags (serve on a free loopback port
    unless the flags name an address), started at once."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    listen = [] if "--web.listen-address" in flags else ["--web.listen-address", "127.0.0.1:0"]
    cmds = (
        ["check-config", "--config.file", str(config_file), *flags],
        ["serve", "--config.file", str(config_file), *listen, *flags],
    )
    check, serve = (
        subprocess.Popen(
            [sys.executable, "-m", "gpumemd", *c],
            cwd=ROOT,
            env=env,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for c in cmds
    )
    return check, serve


def _agreement_cases(tmp_path: Path) -> list[tuple[str, Path, list[str], str]]:
    bad_utf8 = tmp_path / "utf8.yaml"
    bad_utf8.write_bytes(b"log: {level: \xff}\n")
    dup = tmp_path / "dup.yaml"
    dup.write_text("sampler:\n  interval: 1s\n  interval: 2s\nsampler: {}\n")
    web = tmp_path / "web.yml"
    web.write_text("tls_server_config: {cert_file: missing.crt, key_file: missing.key}\n")
    cert = tmp_path / "cert.yaml"
    cert.write_text(f"web: {{config_file: {web}}}\nsampler: {{history: 100000000000000000000}}\n")
    ok = tmp_path / "ok.yaml"
    ok.write_text("log: {level: warn}\n")
    return [
        ("invalid-utf8", bad_utf8, [], "not valid UTF-8"),
        ("duplicate-key", dup, [], "duplicate key"),
        ("schema-error", cert, [], "sampler.history: must be at most"),  # the schema first, references after
        ("missing-certificate", ok, ["--web.config.file", str(web)], "--web.config.file: "),
        (
            "bad-listen-flag",
            ok,
            ["--web.listen-address", "127.0.0.1:99999"],
            "--web.listen-address: expected",
        ),
    ]


def test_check_config_and_serve_are_one_gate(tmp_path: Path) -> None:
    cases = _agreement_cases(tmp_path)
    started = [(name, _both(f, flags), needle) for name, f, flags, needle in cases]  # all at once: ~1 s
    for name, (check, serve), needle in started:
        try:
            _, check_err = check.communicate(timeout=60)
            _, serve_err = serve.communicate(timeout=60)
        finally:
            for p in (check, serve):
                if p.poll() is None:
                    p.kill()
                    p.wait(10)
        assert (check.returncode, serve.returncode) == (2, 2), (name, check_err, serve_err)
        assert "Traceback" not in check_err + serve_err, name
        assert check_err == serve_err and check_err.strip(), (name, check_err, serve_err)
        assert needle in check_err, (name, check_err)


def test_missing_certificate_then_the_certificate_files_themselves(tmp_path: Path) -> None:
    web = tmp_path / "web.yml"
    web.write_text("tls_server_config: {cert_file: missing.crt, key_file: missing.key}\n")
    result = _cli("check-config", "--web.config.file", str(web))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        f"--web.config.file: {web}: tls_server_config.cert_file: "
        f"cannot read {tmp_path}/missing.crt: No such file or directory",
        f"--web.config.file: {web}: tls_server_config.key_file: "
        f"cannot read {tmp_path}/missing.key: No such file or directory",
    ]
    crt, key = _pair(tmp_path, "missing")
    result = _cli("check-config", "--web.config.file", str(web))
    assert (result.returncode, result.stdout.strip()) == (0, f"{web}: OK"), result.stderr


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (
            ["--web.config.file", "/nonexistent"],
            "--web.config.file: /nonexistent: cannot read: No such file or directory",
        ),
        (
            ["--web.listen-address", "localhost"],
            '--web.listen-address: expected HOST:PORT or :PORT, got "localhost"',
        ),
    ],
)
def test_bad_flags_of_serve_exit_2_in_one_line(flags: list[str], message: str) -> None:
    result = _cli("serve", *flags)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(message), result.stderr


def test_check_config_needs_something_to_check() -> None:
    result = _cli("check-config")
    assert result.returncode == 2 and "give a configuration file" in result.stderr


def test_run_checks_the_agent_listen_address_flag() -> None:
    result = _cli("run", "--web.listen-address", "localhost", "--", sys.executable, "-c", "pass")
    assert result.returncode == 2 and re.match(r"--web.listen-address: expected HOST:PORT", result.stderr), (
        result.stderr
    )
