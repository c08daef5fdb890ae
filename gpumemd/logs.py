"""Log lines in logfmt (as Prometheus's Go exporters write them) or JSON."""

from __future__ import annotations

import json
import logging
import time

__all__ = ["JsonFormatter", "LogfmtFormatter", "setup"]

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warn": logging.WARNING, "error": logging.ERROR}


def _quote(value: str) -> str:
    if value and not any(c in value for c in ' "=\n\t'):
        return value
    return json.dumps(value)


class LogfmtFormatter(logging.Formatter):
    """Log records as logfmt lines (`ts=... level=... caller=... msg=...`), as Prometheus'
    exporters log."""

    def format(self, record: logging.LogRecord) -> str:
        ts = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"
        level = "warn" if record.levelno == logging.WARNING else record.levelname.lower()
        line = f"ts={ts} level={level} caller={record.name} msg={_quote(record.getMessage())}"
        if record.exc_info and logging.getLogger().isEnabledFor(logging.DEBUG):
            line += f" exc={_quote(self.formatException(record.exc_info))}"
        return line


class JsonFormatter(logging.Formatter):
    """Log records as one JSON object a line, for `--log.format=json`."""

    def format(self, record: logging.LogRecord) -> str:
        return json.dumps(
            {
                "ts": record.created,
                "level": record.levelname.lower(),
                "caller": record.name,
                "msg": record.getMessage(),
            }
        )


def setup(level: str = "info", fmt: str = "logfmt") -> None:
    """Configure the `gpumemd` logger tree only; never the user's root logger."""
    logger = logging.getLogger("gpumemd")
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else LogfmtFormatter())
    logger.handlers[:] = [handler]
    logger.setLevel(_LEVELS.get(level, logging.INFO))
    logger.propagate = False
