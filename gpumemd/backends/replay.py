"""Record the raw answers of a source's library, and replay them in its place.

A capture is JSON: for each library (`nvml`, `host`, `torch`) a map from a call,
written `method(arg,…)`, to its answer, `{"ok": value}` or `{"error": code, "message": …}`.
`Recorder` wraps a real API and writes that map as the source uses it; `Replayer` answers
from it, raising the recorded errors, so tests and demos run the real source code on
recorded hardware. A call the capture lacks raises `missing` (a field error for NVML).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpumemd.config.yamlsafe import YamlError, read_limited
from gpumemd.untrusted import loads_json

from .host import HostMemory, ProcessUnreadable

__all__ = [
    "FORMAT", "MAX_CAPTURE_BYTES", "Answer", "CaptureUnreadable", "Recorder", "Replayer", "TorchCallFailed",
    "call_key", "host_recorder", "host_replayer", "load_capture", "nvml_recorder", "nvml_replayer",
    "torch_recorder", "torch_replayer",
]

FORMAT = "gpumemd-capture/1"

Answer = dict[str, Any]


def call_key(method: str, args: tuple[Any, ...]) -> str:
    return f"{method}({','.join(str(a) for a in args)})"


class Recorder:
    """Forwards every call to `target` and records the answer under `calls`."""

    def __init__(self, target: Any, calls: dict[str, Answer], error_type: type[Exception],
                 encode_error: Callable[[Any], Answer]) -> None:
        self._target, self._calls = target, calls
        self._error_type, self._encode = error_type, encode_error

    def __getattr__(self, method: str) -> Callable[..., Any]:
        fn = getattr(self._target, method)  # getattr: records whichever API method is called

        def recorded(*args: Any) -> Any:
            key = call_key(method, args)
            try:
                value = fn(*args)
            except self._error_type as exc:
                self._calls[key] = self._encode(exc)
                raise
            self._calls[key] = {"ok": value}
            return value

        return recorded


class Replayer:
    """Answers calls from a recorded map, raising `decode_error(answer)` for errors."""

    def __init__(self, calls: dict[str, Answer], decode_error: Callable[[Answer], Exception],
                 missing: Callable[[str], Exception]) -> None:
        self._calls, self._decode, self._missing = calls, decode_error, missing

    def __getattr__(self, method: str) -> Callable[..., Any]:
        if method.startswith("_"):
            raise AttributeError(method)

        def replayed(*args: Any) -> Any:
            key = call_key(method, args)
            answer = self._calls.get(key)
            if answer is None:
                raise self._missing(key)
            if "error" in answer:
                raise self._decode(answer)
            return answer["ok"]

        return replayed


MAX_CAPTURE_BYTES = 64 << 20  # a recorded 8-GPU node is well under a megabyte


class CaptureUnreadable(ValueError):
    """A capture file that cannot be replayed: `path: why`."""


def load_capture(path: str | Path) -> dict[str, Any]:
    """Read a capture (at most MAX_CAPTURE_BYTES, JSON of the current format), or raise
    CaptureUnreadable; answers inside it are checked where they are replayed."""
    try:  # the config files' bounded reader: regular files only, a FIFO cannot hang us
        raw = read_limited(path, MAX_CAPTURE_BYTES)
    except YamlError as exc:
        raise CaptureUnreadable(f"{path}: {exc}") from None
    try:
        data = loads_json(raw)
    except (ValueError, RecursionError) as exc:
        raise CaptureUnreadable(f"{path}: not JSON ({type(exc).__name__}: {str(exc)[:200]})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CaptureUnreadable(f"{path}: not a gpumemd capture (expected format {FORMAT!r})")
    for part in ("nvml", "host", "torch"):
        if not isinstance(data.get(part, {}), dict):
            raise CaptureUnreadable(f"{path}: {part}: expected a mapping of recorded calls")
    return data


# --- the libraries gpumemd replays ---------------------------------------------------


def nvml_recorder(api: Any, calls: dict[str, Answer]) -> Any:
    from .nvml import NvmlError

    return Recorder(api, calls, NvmlError, lambda e: {"error": e.code, "message": str(e)})


def nvml_replayer(capture: dict[str, Any]) -> Any:
    from .nvml import FUNCTION_NOT_FOUND, NvmlError

    return Replayer(
        capture.get("nvml", {}),
        lambda a: NvmlError(int(a["error"]), a.get("message", "")),
        lambda key: NvmlError(FUNCTION_NOT_FOUND, f"{key} is not in the capture"),
    )


# A capture holds the host's memory as the two calls captures have always recorded, one read
# answering both: existing captures replay unchanged.
_MEMORY, _SWAP = call_key("virtual_memory", ()), call_key("swap_memory", ())


class _HostRecorder:
    """A HostApi recorded: `memory()` under the capture's two calls, `process_rss` as called."""

    def __init__(self, api: Any, calls: dict[str, Answer]) -> None:
        self._api, self._calls = api, calls
        self._rss = Recorder(api, calls, ProcessUnreadable,
                             lambda e: {"error": "unreadable", "message": str(e)})

    def memory(self) -> HostMemory:
        m = self._api.memory()
        self._calls[_MEMORY] = {"ok": {"total": m.total, "available": m.available, "used": m.used}}
        self._calls[_SWAP] = {"ok": {"total": m.swap_total, "used": m.swap_used}}
        return m

    def process_rss(self, pid: int) -> Any:
        return self._rss.process_rss(pid)


class _HostReplayer:
    """A HostApi answering from a capture (`_HostRecorder`'s calls)."""

    def __init__(self, capture: dict[str, Any]) -> None:
        self._calls = Replayer(
            capture.get("host", {}),
            lambda a: ProcessUnreadable(a.get("message", "")),
            lambda key: ProcessUnreadable(f"{key} is not in the capture"),
        )

    def memory(self) -> HostMemory:
        vm, swap = self._calls.virtual_memory(), self._calls.swap_memory()
        return HostMemory(vm["total"], vm["available"], vm["used"], swap["total"], swap["used"])

    def process_rss(self, pid: int) -> Any:  # as recorded: checked where it is used
        return self._calls.process_rss(pid)


def host_recorder(api: Any, calls: dict[str, Answer]) -> Any:
    return _HostRecorder(api, calls)


def host_replayer(capture: dict[str, Any]) -> Any:
    return _HostReplayer(capture)


class TorchCallFailed(Exception):
    """A recorded torch call raised (its type and message are kept in the capture)."""


def torch_recorder(api: Any, calls: dict[str, Answer]) -> Any:
    """Records a TorchCudaApi (sources/allocator.py): `memory_stats(0)` -> the nested dict, etc."""
    return Recorder(api, calls, Exception, lambda e: {"error": type(e).__name__, "message": str(e)})


def torch_replayer(capture: dict[str, Any]) -> Any:
    """A TorchCudaApi answering from a capture's `torch` section; tuples come back as lists.
    A capture from before `pool_segments` answers it None: that torch's snapshot was not recorded."""
    return Replayer(
        {"pool_segments()": {"ok": None}, **capture.get("torch", {})},
        lambda a: TorchCallFailed(f"{a['error']}: {a.get('message', '')}"),
        lambda key: TorchCallFailed(f"{key} is not in the capture"),
    )
