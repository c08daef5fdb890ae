"""Fuzzing the configuration boundary: the config loader, the rule-file loader and the web
config loader raise their own error type and nothing else, whatever the bytes or the YAML,
and what they report stays bounded (at most MAX_REPORTED_ERRORS lines and one more)."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gpumemd import config
from gpumemd.config import yamlsafe
from gpumemd.http import webconfig

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                         HealthCheck.function_scoped_fixture])
MAX_LINES = config.MAX_REPORTED_ERRORS + 1


def _schema_keys(cls: type) -> list[str]:
    out: list[str] = []
    hints = typing.get_type_hints(cls, include_extras=True)
    for f in dataclasses.fields(cls):
        if f.init:
            out.append(f.name)
            if dataclasses.is_dataclass(hints[f.name]):
                out.extend(_schema_keys(hints[f.name]))
    return out


KEYS = sorted(
    set(_schema_keys(config.Config))
    | {
        "rules",
        "alert",
        "metric",
        "for",
        "threshold",
        "tls_server_config",
        "cert_file",
        "basic_auth_users",
        "http_server_config",
        "headers",
    }
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([10**20, 2**63, -(2**63), 10**9 + 1, 0, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(
        [
            "1s",
            "500ms",
            "100000000000000000000s",
            "366d",
            "1h30m",
            "0s",
            "-1s",
            "localhost",
            "127.0.0.1:99999",
            ":0",
            "gpumemd_gpus",
            "info",
            "json",
            "\u202e",
            "nan",
            ".inf",
        ]
    ),
    st.text(max_size=20),
)
keys = st.one_of(st.sampled_from(KEYS), st.text(max_size=12), st.integers(-5, 5), st.booleans())
trees = st.recursive(
    scalars,
    lambda kids: st.one_of(st.lists(kids, max_size=5), st.dictionaries(keys, kids, max_size=6)),
    max_leaves=40,
)
documents = st.dictionaries(st.sampled_from(KEYS), trees, max_size=6)


def _mutate(text: str, how: int, where: int) -> str:
    """Structured YAML made hostile: duplicate a line (a duplicate key), add an anchor and
    alias, a tag, deep nesting, or cut the text."""
    lines = text.splitlines(keepends=True) or ["a: 1\n"]
    i = where % len(lines)
    if how == 1:
        lines.insert(i, lines[i])
    elif how == 2:
        lines.insert(i, "x: &a [1, 2]\ny: *a\n")
    elif how == 3:
        lines.insert(i, "t: !!python/name:os.system ''\n")
    elif how == 4:
        lines.insert(i, "d: " + "[" * (where % 200) + "]" * (where % 200) + "\n")
    elif how == 5:
        return text[: where % (len(text) + 1)]
    return "".join(lines)


def _bounded(exc: config.ConfigError | webconfig.WebConfigError) -> None:
    lines = exc.lines() if isinstance(exc, config.ConfigError) else exc.errors
    assert 1 <= len(lines) <= MAX_LINES, len(lines)
    assert all("Traceback" not in ln for ln in lines)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(data=st.binary(max_size=2048))
def test_config_load_of_arbitrary_bytes(scratch: Path, data: bytes) -> None:
    path = scratch / "c.yaml"
    path.write_bytes(data)
    try:
        config.load(path)
    except config.ConfigError as exc:
        _bounded(exc)


@FUZZ
@given(text=st.text(st.characters(codec=None, exclude_categories=()), max_size=500))  # surrogates too
def test_config_loads_of_arbitrary_text(text: str) -> None:
    try:
        config.loads(text)
    except config.ConfigError as exc:
        _bounded(exc)


@FUZZ
@given(doc=documents, how=st.integers(0, 5), where=st.integers(0, 10_000))
def test_config_loads_of_structured_yaml(doc: dict[str, typing.Any], how: int, where: int) -> None:
    text = _mutate(yaml.safe_dump(doc, allow_unicode=True), how, where)
    try:
        config.loads(text)
    except config.ConfigError as exc:
        _bounded(exc)


@FUZZ
@given(doc=documents)
@example(doc={"alerting": {"notifiers": ["webhook"]}})  # a TypeError once (1 run in 38 of `make test`)
@example(doc={"sources": {"nvml": []}, "agent": None})
def test_from_mapping_of_arbitrary_data(doc: dict[str, typing.Any]) -> None:
    # what gpumemd.start(**overrides) and programmatic configs hand the converter, YAML aside
    try:
        config.from_mapping(config.Config, doc)
    except config.ConfigError as exc:
        _bounded(exc)


@FUZZ
@given(
    data=st.one_of(
        st.binary(max_size=1024),
        st.builds(
            lambda rules, how, where: _mutate(yaml.safe_dump({"rules": rules}), how, where).encode(),
            st.lists(st.dictionaries(st.sampled_from(KEYS), trees, max_size=5), max_size=4),
            st.integers(0, 5),
            st.integers(0, 10_000),
        ),
    )
)
def test_rule_file_loader(scratch: Path, data: bytes) -> None:
    rules = scratch / "rules.yml"
    rules.write_bytes(data)
    try:
        config.loads(f"alerting: {{rule_files: ['{rules}']}}\n")
    except config.ConfigError as exc:
        _bounded(exc)


@FUZZ
@given(
    data=st.one_of(
        st.binary(max_size=1024),
        st.builds(
            lambda doc, how, where: _mutate(yaml.safe_dump(doc), how, where).encode(),
            documents,
            st.integers(0, 5),
            st.integers(0, 10_000),
        ),
    )
)
def test_web_config_loader(scratch: Path, data: bytes) -> None:
    web = scratch / "web.yml"
    web.write_bytes(data)
    try:
        webconfig.load_web_config(web)
    except webconfig.WebConfigError as exc:
        _bounded(exc)
    try:  # and through the one gate
        config.check_references(config.Config(web=config.WebConfig(config_file=str(web))))
    except config.ConfigError as exc:
        _bounded(exc)


@FUZZ
@given(
    text=st.text(max_size=40),
    key=st.sampled_from(
        ["web.listen_address", "agent.listen_address", "web.config_file", "log.level", "sampler.history"]
    ),
)
def test_flags_through_the_file_converters(text: str, key: str) -> None:
    value, errors = config.convert_flag(key, text, "--flag")
    assert all(e.startswith("--flag: ") for e in errors)
    if not errors and key.endswith("listen_address"):
        try:
            config.check_references(
                config.apply_overrides(config.Config(), {key: value}), flags={key: "--flag"}
            )
        except config.ConfigError as exc:
            _bounded(exc)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(depth=st.integers(1, 5000), opener=st.sampled_from(["[", "{a: ", "- "]))
def test_any_depth_is_an_error_or_a_value_never_a_recursion(depth: int, opener: str) -> None:
    if opener == "- ":
        text = "".join("  " * i + "-\n" for i in range(min(depth, 2000)))
    else:
        text = "x: " + opener * depth
    try:
        yamlsafe.loads(text)
    except yamlsafe.YamlError as exc:
        assert "\n" not in str(exc)


META = st.lists(
    st.sampled_from(list('(){}[]|*+?.^$\\"=~!,{} 9aZ_:\n\t') + ["{{", "}}", "$labels", "if", "end"]),
    max_size=40,
).map("".join)


@FUZZ
@given(metric=META, annotation=META, label=META)
def test_rule_strings_selectors_and_templates(metric: str, annotation: str, label: str) -> None:
    # selectors (regexes inside) and templates are parsed at load: errors, never exceptions
    rule = {
        "alert": "A",
        "metric": f"gpumemd_gpu_memory_used_bytes{{{metric}}}",
        "annotations": {"s": annotation},
        "labels": {"l": label},
    }
    try:
        config.from_mapping(config.Config, {"alerting": {"rules": [rule]}})
    except config.ConfigError as exc:
        _bounded(exc)
        assert all("\n" not in ln and len(ln) <= config.MAX_LINE_LENGTH for ln in exc.lines())
