"""The flags `explain` and `top` share, each checked by one validator of its value type.

Both read the same node (a daemon at `--url`, else a sample here, or a `--replay`), with the
same `--timeout`; a bad value is one line naming the flag and exit status 2, the same line
from every command (the values go through `gpumemd.config`'s duration and integer checks,
the configuration file's own).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from gpumemd import config as config_mod
from gpumemd import logs

__all__ = [
    "DEFAULT_URL",
    "TIMEOUT_MAX",
    "TIMEOUT_MIN",
    "add_source_flags",
    "integer",
    "node_reader",
    "replayed",
    "report",
    "timeout",
]

DEFAULT_URL = f"http://127.0.0.1:{config_mod.DEFAULT_PORT}"
TIMEOUT_MIN = 0.1
"""Below it no daemon or Prometheus answers; above TIMEOUT_MAX a person has stopped waiting."""
TIMEOUT_MAX = 300.0


def add_source_flags(p: argparse.ArgumentParser, what: str) -> None:
    """--url, --config.file, --replay and --timeout: where the node `explain`/`top` show is read;
    `what` says what they do with it (in the help)."""
    p.add_argument(
        "--url",
        help=f"a running gpumemd serve (default: the local one, {DEFAULT_URL}; without one, "
        "this node is sampled here)",
    )
    p.add_argument(
        "--config.file",
        dest="config_file",
        metavar="FILE",
        help="configuration for samples taken here (spool directory, NVML settings)",
    )
    p.add_argument("--replay", metavar="CAPTURE", help=f"{what} a recorded capture instead of this node")
    p.add_argument(
        "--timeout", default="5s", help="the longest a daemon's (or Prometheus's) whole answer may take "
        "(default 5s, from 100ms to 5m)"
    )


def report(exc: config_mod.ConfigError) -> int:
    """Print a configuration's (or a flag's) errors, one a line; exit status 2."""
    for line in exc.lines():
        print(line, file=sys.stderr)
    return 2


def integer(value: str | None, flag: str, minimum: int, maximum: int = config_mod.MAX_COUNT) -> int | None:
    """An integer flag's value, None when not given (config.flag_integer); ConfigError otherwise."""
    return None if value is None else config_mod.flag_integer(value, flag, minimum, maximum)


def timeout(args: argparse.Namespace) -> float:
    """--timeout in seconds, one range for every read of a daemon or Prometheus."""
    return config_mod.flag_duration(args.timeout, "--timeout", TIMEOUT_MIN, TIMEOUT_MAX)


def replayed(path: str | None) -> dict[str, Any] | None | int:
    """The capture `--replay` names (None without one), or exit status 2 with one line."""
    if not path:
        return None
    from gpumemd.backends.replay import CaptureUnreadable, load_capture

    try:
        return load_capture(path)
    except CaptureUnreadable as exc:
        print(f"--replay: {exc}", file=sys.stderr)
        return 2


def node_reader(
    args: argparse.Namespace, command: str, seconds: float
) -> tuple[Callable[[], Any], Callable[[], None]] | int:
    """(read, close) of the node `explain`/`top` show: the daemon at --url (or the local one)
    answering within `seconds`, else this node sampled here (or a replay); an exit status
    where neither can be had."""
    from . import explain
    from .node import Node

    if args.replay is None:
        url = args.url or DEFAULT_URL
        try:
            first = [explain.from_url(url, seconds)]  # the probe's answer is the first one shown

            def read() -> Node:
                return first.pop() if first else explain.from_url(url, seconds)

            return read, (lambda: None)
        except (OSError, ValueError) as exc:
            if args.url:  # asked for that daemon: say it did not answer
                print(f"gpumemd {command}: {args.url}: {explain.reachable_error(exc)}", file=sys.stderr)
                return 2
    capture = replayed(args.replay)
    if isinstance(capture, int):
        return capture
    try:
        config = config_mod.load(args.config_file) if args.config_file else config_mod.Config()
    except config_mod.ConfigError as exc:
        return report(exc)
    logs.setup("error")
    reader = explain.LocalNode(config, capture)
    try:
        reader.read()
    except explain.NoGpu as exc:
        reader.close()
        where = (
            f"{args.replay}: the capture holds no GPU"
            if capture is not None
            else f"no gpumemd serve at {DEFAULT_URL}, and no GPU to read here"
        )
        print(f"gpumemd {command}: {where}: {exc}", file=sys.stderr)
        return 2
    return reader.read, reader.close
