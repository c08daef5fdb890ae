"""Reading YAML that an operator, or an adversary, wrote: the one way gpumemd reads its
configuration, rule files and web configuration.

`load_file(path)` reads at most `MAX_FILE_BYTES` (it never reads a larger file into
memory: it asks for one byte more than the limit and refuses the file if it gets it),
refuses anything but a regular file (a FIFO would block, `/dev/zero` never ends),
decodes strict UTF-8 (the error names the byte offset), refuses NUL and other control
bytes, then parses with a loader that

- refuses duplicate mapping keys (naming the key and both lines: YAML says a key is
  unique, and PyYAML silently keeps the last one);
- refuses anchors and aliases: they let a small file stand for an exponentially large
  tree ("billion laughs"), and everything after the parser walks trees, not shared
  nodes; a configuration gains little from them, so refusing is the simple bound;
- refuses merge keys (`<<`, which need aliases to be useful) and every explicit tag
  but the core ones (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!map`, `!!seq`);
- bounds nesting (`MAX_DEPTH`) before Python's recursion limit is in reach, and the
  number of nodes (`MAX_NODES`), which bounds the loader's memory whatever the bytes;
- keeps unquoted dates as strings (PyYAML would make `2026-13-45` a ValueError).

Every failure is a `YamlError` with a one-line message; nothing else escapes. libyaml's
parser (PyYAML's C extension) reads the events when it is there, for speed; composing
the tree, where every check above runs, is always the Python composer's.
"""

from __future__ import annotations

import os
import re
import stat
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode
from yaml.resolver import Resolver

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "YamlError",
    "decode",
    "load_file",
    "loads",
    "read_limited",
]

MAX_FILE_BYTES = 1 << 20
"""Configuration, rule and web configuration files: real ones are a few KiB."""
MAX_DEPTH = 64
MAX_NODES = 100_000
"""YAML values in one file: bounds the loader's memory (a real configuration has a few hundred)."""

_CORE_TAGS = frozenset(
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "map", "seq")
)


class YamlError(ValueError):
    """A file that cannot be read as a safe YAML document; `str()` is one line."""


def _size_text(limit: int) -> str:
    if limit % (1 << 20) == 0:
        return f"{limit >> 20} MiB"
    if limit % (1 << 10) == 0:
        return f"{limit >> 10} KiB"
    return f"{limit} bytes"


def read_limited(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; YamlError otherwise.

    Opened non-blocking, so a FIFO cannot hang us between open and fstat; symlinks are
    followed (Kubernetes mounts ConfigMaps through them)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise YamlError(f"cannot read: {exc.strerror or exc}") from None
    except (ValueError, TypeError) as exc:  # a NUL in the path
        raise YamlError(f"cannot read: {exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise YamlError("not a regular file")
        if st.st_size > limit:  # refused without reading it
            raise YamlError(f"file larger than {_size_text(limit)}")
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:  # st_size can lie (/proc, a file still growing)
            # asked for what the file holds, not the limit: os.read allocates what it is asked
            chunk = os.read(fd, min(limit + 1 - got, max(st.st_size + 1 - got, 1 << 16)))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise YamlError(f"file larger than {_size_text(limit)}")
        return b"".join(chunks)
    except OSError as exc:
        raise YamlError(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def decode(data: bytes) -> str:
    """Strict UTF-8 without NUL or control bytes (tab, CR and LF are text)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise YamlError(f"not valid UTF-8 (byte offset {exc.start}, line {line})") from None
    bad = _first_control(text)
    if bad is not None:
        offset = len(text[:bad].encode("utf-8", "surrogatepass"))
        line = text.count("\n", 0, bad) + 1
        what = "a NUL byte" if text[bad] == "\0" else f"a control character (0x{ord(text[bad]):02x})"
        raise YamlError(f"binary data: {what} at byte offset {offset}, line {line}")
    return text


# C0 controls but tab, LF and CR; DEL; lone surrogates (a str handed to loads() directly)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def _first_control(text: str) -> int | None:
    m = _CONTROL.search(text)
    return None if m is None else m.start()


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "unknown position"


def _short(value: object, limit: int = 64) -> str:
    s = str(value)
    s = s if len(s) <= limit else s[: limit - 3] + "..."
    return s.encode("unicode_escape").decode("ascii")


class _Checks(Composer):
    """The composer's hooks: every event passes here before it becomes a node."""

    _depth = 0
    _nodes = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event: Any = self.peek_event()  # type: ignore[attr-defined]  # the parser's, mixed in
        if isinstance(event, AliasEvent):
            raise YamlError(
                f"not allowed: aliases (*{_short(event.anchor)}) ({_where(event.start_mark)}); "
                "anchors and aliases are not supported"
            )
        if event.anchor is not None:
            raise YamlError(
                f"not allowed: anchors (&{_short(event.anchor)}) ({_where(event.start_mark)}); "
                "anchors and aliases are not supported"
            )
        tag = getattr(event, "tag", None)  # getattr: only some of PyYAML's events carry a tag
        if tag is not None and tag not in _CORE_TAGS and tag != "!":  # `!`: "not specific", resolved as usual
            shown = tag.replace("tag:yaml.org,2002:", "!!", 1)
            raise YamlError(
                f"not allowed: the tag {_short(shown)} ({_where(event.start_mark)}); "
                "only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq"
            )
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise YamlError(f"more than {MAX_NODES} values ({_where(event.start_mark)})")
        if isinstance(event, (MappingStartEvent, SequenceStartEvent)):
            if self._depth >= MAX_DEPTH:
                raise YamlError(f"nested deeper than {MAX_DEPTH} levels ({_where(event.start_mark)})")
            self._depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1
        return super().compose_node(parent, index)


class _Constructor(SafeConstructor):
    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        if not isinstance(node, MappingNode):
            raise YamlError(f"expected a mapping ({_where(node.start_mark)})")
        seen: dict[Any, yaml.Mark] = {}
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlError(f"not allowed: merge keys (<<) ({_where(key_node.start_mark)})")
            key = self.construct_object(key_node, deep=True)
            try:
                first = seen.get(key)
            except TypeError:
                raise YamlError(
                    f"a mapping key must be a plain value ({_where(key_node.start_mark)})"
                ) from None
            if first is not None:
                raise YamlError(
                    f'duplicate key "{_short(key)}" at line {key_node.start_mark.line + 1} '
                    f"(first at line {first.line + 1})"
                )
            seen[key] = key_node.start_mark
            out[key] = self.construct_object(value_node, deep=deep)
        return out

    def construct_yaml_map(self, node: MappingNode) -> Any:
        # not a generator (as SafeConstructor's is): there are no aliases, so no cycles
        yield self.construct_mapping(node, deep=True)

    def construct_as_str(self, node: ScalarNode) -> str:
        return str(self.construct_scalar(node))


_Constructor.add_constructor("tag:yaml.org,2002:map", _Constructor.construct_yaml_map)  # type: ignore[type-var]
_Constructor.add_constructor("tag:yaml.org,2002:timestamp", _Constructor.construct_as_str)  # type: ignore[type-var]
_Constructor.add_constructor("tag:yaml.org,2002:value", _Constructor.construct_as_str)  # type: ignore[type-var]  # a bare `=`


class _PyLoader(
    yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Checks, _Constructor, Resolver
):
    def __init__(self, text: str) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Checks.__init__(self)
        _Constructor.__init__(self)
        Resolver.__init__(self)


_Loader: Any = _PyLoader
if getattr(yaml, "__with_libyaml__", False):  # getattr: PyYAML built without libyaml lacks it
    from yaml._yaml import CParser

    class _CLoader(_Checks, CParser, _Constructor, Resolver):
        # _Checks (a Composer) first: the C parser's own composer would skip every check
        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            _Checks.__init__(self)
            _Constructor.__init__(self)
            Resolver.__init__(self)

    _Loader = _CLoader


def loads(text: str) -> Any:
    """One YAML document -> plain data (dict, list, str, int, float, bool, None)."""
    bad = _first_control(text)
    if bad is not None:
        code = ord(text[bad])
        what = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "a control character"
        raise YamlError(f"binary data: {what} (U+{code:04X}) at line {text.count(chr(10), 0, bad) + 1}")
    loader = None
    try:
        loader = _Loader(text)
        return loader.get_single_data()
    except YamlError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" ({_where(mark)})" if mark is not None else ""
        problem = exc.problem or exc.context or "syntax error"
        raise YamlError(f"not valid YAML{where}: {_short(problem, 200)}") from None
    except yaml.YAMLError as exc:
        raise YamlError(f"not valid YAML: {_short(exc, 200)}") from None
    except (ValueError, OverflowError, TypeError, RecursionError) as exc:
        # e.g. an integer of more digits than Python converts (ValueError)
        raise YamlError(f"not valid YAML: {_short(exc, 200)}") from None
    finally:
        dispose = (
            getattr(loader, "dispose", None) if loader is not None else None
        )  # getattr: older PyYAML loaders lack dispose()
        if dispose is not None:
            dispose()


def load_file(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> Any:
    """Read, decode and parse one file; YamlError (without the path) on any problem."""
    return loads(decode(read_limited(path, limit)))
