"""Configuration: YAML into frozen dataclasses, every error reported at once with its path.

The one validator for the file, the command-line flags, `start()` overrides and the web config's
shape. The schema *is* the dataclasses of `schema.py`: `load()` walks their type hints, so a new
section is a new dataclass and nothing else. Durations are strings like `500ms`, `30s`, `2m`,
`1h30m` (Prometheus style) and become float seconds. Unknown keys are errors.

Files are hostile input: they are read through `gpumemd.config.yamlsafe` (at most 1 MiB, strict
UTF-8, no duplicate keys, aliases or custom tags, bounded nesting, what is built within four
times the file's bytes + 1 MiB), every number has a
maximum (durations `MAX_DURATION`, integers `MAX_COUNT` unless a field says less), and a
ConfigError reports at most `MAX_REPORTED_ERRORS` lines, then how many more there were.

A small loader of our own instead of pydantic: the schema is small, the messages must be
in the `path: expected X, got Y` form operators know from Prometheus, and the daemon's
memory footprint is a product goal (pydantic-core adds resident memory: docs/performance.md).
"""

from __future__ import annotations

import dataclasses
import math
import re
import socket
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

from . import yamlsafe
from .schema import (
    DEFAULT_PORT,
    DURATION_MARK,
    LISTEN_MARK,
    Config,
)

__all__ = [
    "MAX_COUNT",
    "MAX_DURATION",
    "MAX_LINE_LENGTH",
    "MAX_REPORTED_ERRORS",
    "ConfigError",
    "apply_overrides",
    "check_references",
    "check_web_config_file",
    "convert_flag",
    "flag_duration",
    "flag_integer",
    "format_duration",
    "from_mapping",
    "load",
    "loads",
    "override_section",
    "parse_duration",
    "split_listen_address",
]

MAX_REPORTED_ERRORS = 50
MAX_LINE_LENGTH = 500
"""A reported line is cut there, control characters escaped: one error, one line."""
MAX_DURATION = 365 * 86400.0
"""Every duration: a year. Longer ones overflow timers downstream and mean nothing here."""
MAX_COUNT = 10**9
"""Every integer whose field names no tighter maximum."""


class ConfigError(Exception):
    """Every problem found in one configuration, each as `path: message`.

    `errors` keeps the first MAX_REPORTED_ERRORS (what a person can read) and `more`
    counts the rest, so a file of a hundred thousand bad keys costs neither memory
    nor a screen of output."""

    def __init__(self, errors: list[str], source: str = "", more: int = 0) -> None:
        self.errors = list(errors[:MAX_REPORTED_ERRORS])
        self.more = more + max(0, len(errors) - MAX_REPORTED_ERRORS)
        self.source = source
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        """What to print: each error with its file (flag errors name their flag), at most
        MAX_REPORTED_ERRORS of them, then `... and K more errors`."""
        out = [_short(self._prefixed(e), MAX_LINE_LENGTH) for e in self.errors]
        if self.more:
            out.append(self._prefixed(f"... and {self.more} more error{'s' if self.more != 1 else ''}"))
        return out

    def _prefixed(self, line: str) -> str:
        if not self.source or line.startswith((self.source + ":", "--")):
            return line
        return f"{self.source}: {line}"

    def total(self) -> int:
        return len(self.errors) + self.more


# --- value types ---------------------------------------------------------------------

_UNIT_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}
_DURATION_RE = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d|w)")


def parse_duration(text: str) -> float:
    """`1h30m` -> 5400.0; raises ValueError on anything else (bare numbers too)."""
    text = text.strip()
    if len(text) > 64:  # float() of a long digit string is inf, and slow
        raise ValueError(text[:64])
    pos, total = 0, 0.0
    for m in _DURATION_RE.finditer(text):
        if m.start() != pos:
            break
        total += float(m.group(1)) * _UNIT_SECONDS[m.group(2)]
        pos = m.end()
    if pos != len(text) or not text:
        raise ValueError(text)
    return total


def format_duration(seconds: float) -> str:
    """Inverse of parse_duration for whole units: 90.0 -> `1m30s`, 0.5 -> `500ms`."""
    if seconds == 0:
        return "0s"
    ms = round(seconds * 1000)
    out = ""
    for unit, size in (("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)):
        count, ms = divmod(ms, size)
        if count:
            out += f"{count}{unit}"
    return out


def split_listen_address(value: str) -> tuple[str, int]:
    """`HOST:PORT`, `:PORT` (every interface) or `[::1]:PORT`, as node_exporter takes it ->
    (host without brackets, "" for every interface; port). The one parser of listen
    addresses: the configuration's check and the server's bind both use it, so what
    check-config accepts serve can bind. Raises ValueError saying what to write instead."""
    host, sep, port = value.rpartition(":")
    shown = _describe(value)
    head = f"expected HOST:PORT or :PORT, got {shown}"
    if not sep:
        if value.isascii() and value.isdigit() and len(value) <= 5 and int(value) <= 65535:
            # a port alone: `9967:9967` would be a hint serve cannot bind (host "9967")
            raise ValueError(
                f"{head} (a port alone: write :{value} for every interface, "
                f"or 127.0.0.1:{value} for this host only)"
            )
        raise ValueError(f"{head} (no port: write e.g. {_short(value, 40)}:{DEFAULT_PORT})")
    if not (port.isascii() and port.isdigit()) or len(port) > 5 or int(port) > 65535:
        raise ValueError(f"{head} (the port must be a number from 0 to 65535)")
    if host.startswith("[") != host.endswith("]") or any(c.isspace() or c in "/\0" for c in host):
        raise ValueError(head)
    bare = host[1:-1] if host.startswith("[") else host
    if bare and re.fullmatch(r"[0-9.]+", bare):
        import ipaddress

        try:
            ipaddress.ip_address(bare)
        except ValueError:
            # `9967:9967`, `10.1:80`: the C resolver reads these as IPv4 shorthand (0.0.39.15),
            # which no one means and serve cannot bind
            raise ValueError(
                f'{head} (the host "{_short(bare, 40)}" is not an IP address: write :{port} '
                f"for every interface, or 127.0.0.1:{port} for this host only)"
            ) from None
    return bare, int(port)


def _check_listen(value: str) -> str | None:
    try:
        split_listen_address(value)
    except ValueError as exc:
        return str(exc)
    return None


# --- the loader ----------------------------------------------------------------------


def load(path: str | Path) -> Config:
    """Read and validate a file (at most yamlsafe.MAX_FILE_BYTES); raises ConfigError with
    every problem in it."""
    try:
        data = yamlsafe.load_file(path)
    except yamlsafe.YamlError as exc:
        raise ConfigError([f"{path}: {exc}"], str(path)) from None
    return from_mapping(Config, {} if data is None else data, source=str(path))


def loads(text: str, source: str = "<string>") -> Config:
    try:
        data = yamlsafe.loads(text)
    except yamlsafe.YamlError as exc:
        raise ConfigError([f"{source}: {exc}"], source) from None
    return from_mapping(Config, {} if data is None else data, source=source)


T = typing.TypeVar("T")


def from_mapping(cls: type[T], data: Any, source: str = "<config>", path: str = "") -> T:
    """Build dataclass `cls` from plain data, or raise ConfigError listing every error."""
    errors = _Errors()
    value = _convert(cls, data, path, errors)
    if errors:
        raise ConfigError(list(errors), source, more=len(errors) - len(list(errors)))
    return typing.cast(T, value)


class _GivenSeconds(float):
    """A duration given in seconds by Python code (`gpumemd.start(interval=0.05)`), where a
    file would write `50ms`: the converter checks it against the same limits."""


def _given(hint: Any, value: Any) -> Any:
    """A Python value as the converter takes it from a file: seconds marked, tuples as lists."""
    if get_origin(hint) is Union or get_origin(hint) is types.UnionType:
        hint = next((a for a in get_args(hint) if a is not type(None)), hint)
    if (
        get_origin(hint) is Annotated
        and DURATION_MARK in get_args(hint)[1:]
        and isinstance(value, (int, float))
        and not isinstance(value, bool)
    ):
        try:
            return _GivenSeconds(value)
        except OverflowError:  # an int too large for a float: the converter says what it got
            return value
    return list(value) if isinstance(value, tuple) else value


def override_section(
    config: Config, section: str, overrides: Mapping[str, Any], source: str = "<overrides>"
) -> Config:
    """`config` with keys of one section replaced by Python values (`gpumemd.start(**overrides)`),
    checked by the same converter and limits as a file; durations may also be seconds.
    Raises ConfigError naming each bad key as `source: section.key: message`."""
    cls = type(getattr(config, section))  # getattr: a section by name (the dataclass walk)
    hints = get_type_hints(cls, include_extras=True)
    current = getattr(config, section)  # getattr: a section by name
    data = {
        f.name: _given(hints[f.name], getattr(current, f.name)) for f in dataclasses.fields(cls) if f.init
    }  # getattr: fields by name
    data.update({k: _given(hints.get(k), v) if k in hints else v for k, v in overrides.items()})
    return dataclasses.replace(config, **{section: from_mapping(cls, data, source=source, path=section)})


class _Errors(list[str]):
    """The converter's error list: keeps the first errors, counts every one, so that
    `len()` (which the converter compares to see whether a value failed) stays exact while
    a file of countless bad keys keeps at most a few hundred messages."""

    _KEEP = 4 * MAX_REPORTED_ERRORS

    def __init__(self) -> None:
        super().__init__()
        self.n = 0

    def append(self, item: str) -> None:
        self.n += 1
        if super().__len__() < self._KEEP:
            super().append(item)

    def extend(self, items: typing.Iterable[str]) -> None:
        for item in items:
            self.append(item)

    def __len__(self) -> int:
        return self.n

    def __bool__(self) -> bool:
        return self.n > 0

    def __iter__(self) -> typing.Iterator[str]:
        return super().__iter__()


def _short(text: str, limit: int = 64) -> str:
    """Safe to print: at most `limit` characters, control characters escaped."""
    s = text if len(text) <= limit else text[: limit - 3] + "..."
    return s if s.isprintable() else s.encode("unicode_escape").decode("ascii")


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return '"' + _short(value) + '"'
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and abs(value) >= 10**24:
        return f"an integer of {len(str(abs(value)))} digits"
    return _short(repr(value))


def _key(path: str, key: Any) -> str:
    """`path.key`, with a key from the file made safe to print."""
    k = _short(str(key))
    return f"{path}.{k}" if path else k


def _fmt_max(maximum: float, duration: bool) -> str:
    if duration:
        return f"{maximum / 86400:g}d" if maximum % 86400 == 0 else format_duration(maximum)
    return f"{maximum:,}".replace(",", "_")


def _limit(value: float, maximum: float, duration: bool) -> str | None:
    if value <= maximum:
        return None
    shown = _fmt_max(maximum, duration)
    return f"must be at most {shown}, got {_describe(value)}"


def _duration(value: Any, label: str, minimum: float, maximum: float) -> tuple[float | None, str | None]:
    """A duration written as text (a file's value, a flag's), by one set of rules and
    messages: (seconds, None), or (None, `label: what is wrong`)."""
    if isinstance(value, str):
        try:
            seconds = parse_duration(value)
        except ValueError:
            pass
        else:
            if _limit(seconds, maximum, True):
                return None, f"{label}: must be at most {_fmt_max(maximum, True)}, got {_describe(value)}"
            if seconds < minimum:
                return None, f"{label}: must be at least {_fmt_max(minimum, True)}, got {_describe(value)}"
            return seconds, None
    return None, f"{label}: expected a duration like 500ms, 30s or 2m, got {_describe(value)}"


_INTEGER_RE = re.compile(r"[+-]?[0-9]{1,40}")


def _integer(value: Any, label: str, minimum: int, maximum: int) -> tuple[int | None, str | None]:
    """An integer written as text (a flag's), by the file's messages: (number, None), or
    (None, `label: what is wrong`)."""
    text = value.strip() if isinstance(value, str) else ""
    if not _INTEGER_RE.fullmatch(text):  # also bounds int()'s work: at most 40 digits
        return None, f"{label}: expected an integer, got {_describe(value)}"
    number = int(text)
    if msg := _limit(number, maximum, False):
        return None, f"{label}: {msg}"
    if number < minimum:
        return None, f"{label}: must be at least {_fmt_max(minimum, False)}, got {_describe(value)}"
    return number, None


def flag_duration(value: str, flag: str, minimum: float = 0.0, maximum: float = MAX_DURATION) -> float:
    """A command's duration flag (`--timeout 5s`) by the configuration's rules and messages:
    seconds from `minimum` to `maximum`; otherwise ConfigError with one line naming `flag`."""
    seconds, error = _duration(value, flag, minimum, maximum)
    if error or seconds is None:
        raise ConfigError([error or f"{flag}: no value"])
    return seconds


def flag_integer(value: str, flag: str, minimum: int = -MAX_COUNT, maximum: int = MAX_COUNT) -> int:
    """A command's integer flag (`--count 3`) by the configuration's messages: a number from
    `minimum` to `maximum`; otherwise ConfigError with one line naming `flag`."""
    number, error = _integer(value, flag, minimum, maximum)
    if error or number is None:
        raise ConfigError([error or f"{flag}: no value"])
    return number


def _convert(tp: Any, value: Any, path: str, errors: list[str], maximum: float | None = None) -> Any:
    label = path or "(top level)"
    origin = get_origin(tp)
    if origin is Annotated:
        base, *meta = get_args(tp)
        if DURATION_MARK in meta:
            if isinstance(value, _GivenSeconds):  # from Python code: seconds, checked like a file's
                if (
                    value != value
                    or _limit(value, MAX_DURATION if maximum is None else maximum, True)
                    or value < 0
                ):
                    top = _fmt_max(MAX_DURATION if maximum is None else maximum, True)
                    errors.append(f"{label}: expected seconds from 0 to {top}, got {float(value)!r}")
                    return None
                return float(value)
            seconds, error = _duration(value, label, 0.0, MAX_DURATION if maximum is None else maximum)
            if error:
                errors.append(error)
            return seconds
        result = _convert(base, value, path, errors, maximum)
        if LISTEN_MARK in meta and isinstance(result, str) and (msg := _check_listen(result)):
            errors.append(f"{label}: {msg}")
        return result
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if value is None:
            return None
        return _convert(args[0], value, path, errors, maximum)
    if origin is Literal:
        choices = get_args(tp)
        # YAML 1.1 reads an unquoted `off`/`on` (and no/yes) as a boolean: for a setting whose
        # choices are the words "off"/"on", that is the word the file says (`memory_history: off`)
        if isinstance(value, bool) and ("on" if value else "off") in choices:
            value = "on" if value else "off"
        if value not in choices:
            errors.append(f"{label}: expected one of {', '.join(map(str, choices))}, got {_describe(value)}")
        return value
    if origin in (list, tuple):
        if not isinstance(value, list):
            errors.append(f"{label}: expected a list, got {_describe(value)}")
            return ()
        (item_tp, *_) = get_args(tp)
        if len(value) > MAX_COUNT:
            errors.append(f"{label}: more than {MAX_COUNT} items")
            return ()
        return tuple(_convert(item_tp, v, f"{path}[{i}]", errors) for i, v in enumerate(value))
    if origin is dict or tp is dict:
        if not isinstance(value, dict):
            errors.append(f"{label}: expected a mapping, got {_describe(value)}")
            return {}
        key_tp, val_tp = get_args(tp) or (str, Any)
        return {
            _convert(key_tp, k, _key(path, k), errors): _convert(val_tp, v, _key(path, k), errors)
            for k, v in value.items()
        }
    if dataclasses.is_dataclass(tp):
        return _convert_dataclass(typing.cast(type, tp), value, path, errors)
    if tp is Any:
        return value
    if tp is bool:
        if not isinstance(value, bool):
            errors.append(f"{label}: expected true or false, got {_describe(value)}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append(f"{label}: expected an integer, got {_describe(value)}")
        elif msg := _limit(value, MAX_COUNT if maximum is None else maximum, False):
            errors.append(f"{label}: {msg}")
        elif value < -MAX_COUNT:
            errors.append(f"{label}: must be at least {-MAX_COUNT}, got {_describe(value)}")
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            errors.append(f"{label}: expected a number, got {_describe(value)}")
            return value
        try:
            number = float(value)
        except OverflowError:  # an integer beyond any float
            number = math.inf
        if not math.isfinite(number):
            errors.append(f"{label}: expected a finite number, got {_describe(value)}")
        elif maximum is not None and (msg := _limit(number, maximum, False)):
            errors.append(f"{label}: {msg}")
        return number
    if tp is str:
        if not isinstance(value, str):
            errors.append(f"{label}: expected a string, got {_describe(value)}")
        return value
    raise TypeError(f"config schema: unsupported type {tp!r} at {label}")  # a bug in the schema


def _convert_dataclass(cls: type, value: Any, path: str, errors: list[str]) -> Any:
    """A section or list item: a mapping of known keys, each converted; None (with the
    errors recorded) whenever anything is wrong, so no object is ever built from a value
    of the wrong type (`notifiers: [webhook]` once built NotifierConfig() and raised)."""
    label = path or "(top level)"
    if not isinstance(value, dict):
        errors.append(f"{label}: expected a mapping, got {_describe(value)}")
        return None
    hints = get_type_hints(cls, include_extras=True)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    kwargs: dict[str, Any] = {}
    for key, raw in value.items():
        sub = _key(path, key)
        if key not in fields:
            known = ", ".join(sorted(fields))
            errors.append(f"{sub}: unknown key (known here: {known})")
            continue
        before = len(errors)
        converted = _convert(hints[key], raw, sub, errors, fields[key].metadata.get("max"))
        check = fields[key].metadata.get("check")
        if len(errors) == before and check is not None and converted is not None \
                and (msg := check(converted)):
            errors.append(f"{sub}: {msg}")
        if len(errors) == before:
            kwargs[key] = converted
    missing = [
        name
        for name, f in fields.items()
        if name not in value and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    for name in missing:
        errors.append(f"{path}.{name}: required" if path else f"{name}: required")
    if missing or len(kwargs) < len([k for k in value if k in fields]):
        return None  # errors already recorded; no object to build
    post = getattr(cls, "validate", None)  # getattr: a dataclass's optional cross-field check
    try:  # every value has its field's type by now; a gap in a check must still be one line
        obj = cls(**kwargs)
        problems = list(post(obj)) if post is not None else []
    except Exception as exc:
        errors.append(f"{label}: not a valid {cls.__name__}: {type(exc).__name__}: {_short(str(exc), 200)}")
        return None
    for msg in problems:
        errors.append(f"{path}.{msg}" if path else msg)
    return obj


def apply_overrides(config: T, overrides: dict[str, Any]) -> T:
    """Set dotted keys (`web.listen_address`) from command-line flags, which win over the file."""
    for dotted, value in overrides.items():
        head, _, rest = dotted.partition(".")
        if rest:
            inner = apply_overrides(getattr(config, head), {rest: value})  # getattr: a dotted key, by name
            config = dataclasses.replace(config, **{head: inner})  # type: ignore[type-var]
        else:
            config = dataclasses.replace(config, **{head: value})  # type: ignore[type-var]
    return config


def convert_flag(dotted: str, value: Any, flag: str) -> tuple[Any, list[str]]:
    """A flag's value through the same converter and checks as the file's `dotted` key:
    (converted value, errors as `--flag: message`)."""
    cls: Any = Config
    *heads, last = dotted.split(".")
    for head in heads:
        cls = get_type_hints(cls, include_extras=True)[head]
    f = {f.name: f for f in dataclasses.fields(cls)}[last]
    errors = _Errors()
    converted = _convert(
        get_type_hints(cls, include_extras=True)[last], value, flag, errors, f.metadata.get("max")
    )
    check = f.metadata.get("check")
    if not errors and check is not None and converted is not None and (msg := check(converted)):
        errors.append(f"{flag}: {msg}")
    return converted, list(errors)


def _check_host(address: str, label: str) -> str | None:
    """The host of a listen address must be empty (every interface), a literal or a name
    that resolves now: `serve` would fail to bind otherwise."""
    import ipaddress

    host, _, port = address.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not host:
        return None
    try:
        ipaddress.ip_address(host)
        return None
    except ValueError:
        pass
    try:
        socket.getaddrinfo(host, int(port), type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f'{label}: cannot resolve the host "{_short(host)}": {_short(reason, 120)}'
    return None


def check_references(
    config: Config, source: str = "<config>", flags: Mapping[str, str] | None = None
) -> None:
    """Everything `serve`/`run`/`start()` would refuse that the file's own schema cannot see:
    referenced files (web config, its certificates and keys, rule files) and listen addresses.
    Raises ConfigError listing every problem; check-config, serve, run, start() and reload all
    call it, so they are one gate.

    `flags` names the command-line flag that set a key (`{"web.config_file":
    "--web.config.file"}`): its problems are reported under the flag, not the file."""
    flags = flags or {}
    errors: list[str] = []

    def label(key: str) -> str:
        return flags.get(key, key)

    for key, address in (
        ("web.listen_address", config.web.listen_address),
        ("agent.listen_address", config.agent.listen_address),
    ):
        if address is None:
            continue
        if msg := _check_listen(address):
            errors.append(f"{label(key)}: {msg}")
        elif msg := _check_host(address, label(key)):
            errors.append(msg)

    web_file = config.web.config_file
    if web_file:
        errors.extend(f"{label('web.config_file')}: {line}" for line in check_web_config_file(web_file))

    errors.extend(f"alerting.{e}" for e in config.alerting.loaded().errors)
    if errors:
        raise ConfigError(errors, source)


def check_web_config_file(path: str) -> list[str]:
    """Problems of a web config file as `PATH: path: message` lines: what the server would
    refuse at start-up, certificates, keys and the CA included."""
    from . import web as webconfig

    try:
        wc = webconfig.load_web_config(path)
    except webconfig.WebConfigError as exc:
        return [e if e.startswith(f"{path}:") else f"{path}: {e}" for e in exc.errors]
    if wc.users:
        try:
            import bcrypt  # noqa: F401  # BasicAuth needs it; find out now, not at the first scrape
        except ImportError:
            return [f"{path}: basic_auth_users: needs the bcrypt package (pip install bcrypt)"]
    return []
