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
  number of values (`MAX_NODES`), which bounds its time whatever the bytes;
- prices every object as it builds it (`gpumemd.untrusted`'s prices, the JSON reader's) and
  refuses the file the moment they would pass `allowance(size)`: it builds the objects
  straight from the parser's events, never a tree of PyYAML's nodes (what a node costs:
  bench/results/2026-11-28-cpu-yaml-4x);
- keeps unquoted dates as strings (PyYAML would make `2026-13-45` a ValueError).

Every failure is a `YamlError` with a one-line message; nothing else escapes. libyaml's
parser (PyYAML's C extension) reads the events when it is there, for speed, from the file's
bytes in place; building the objects, where every check above runs, is always gpumemd's
Python. Scalars are PyYAML's own (its resolver and SafeConstructor), so a file reads as
`yaml.safe_load` reads it but for what is refused above and the dates.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from array import array
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from gpumemd.untrusted import TooCostly, allowance
from gpumemd.untrusted.price import DICT_ITEM, DICT_OPEN, LIST_ITEM, LIST_OPEN, MEMO_KEY, Tally, scalar

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "YamlError",
    "decode",
    "estimate",
    "load_file",
    "loads",
    "read_limited",
]

MAX_FILE_BYTES = 1 << 20
"""Configuration, rule and web configuration files: real ones are a few KiB."""
MAX_DEPTH = 64
MAX_NODES = 100_000
"""YAML values in one file: bounds the loader's time (a real configuration has a few hundred)."""

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


_STR_TAG = "tag:yaml.org,2002:str"
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MERGE_TAG = "tag:yaml.org,2002:merge"
# Strings of up to this many characters are shared, the first this many distinct ones: the
# memo's own cost stays within the allowance's slack
_SHARED_CHARS, _SHARED_VALUES = 64, 1024
_LINE = 8  # a key's line in an open mapping: 4 bytes, the array's over-allocation and a resize's copy


class _Constructor(SafeConstructor):
    """PyYAML's constructors of scalars, dates kept as strings; containers are `_Builder`'s."""

    def construct_as_str(self, node: ScalarNode) -> str:
        return str(self.construct_scalar(node))


_Constructor.add_constructor("tag:yaml.org,2002:timestamp", _Constructor.construct_as_str)  # type: ignore[type-var]
_Constructor.add_constructor("tag:yaml.org,2002:value", _Constructor.construct_as_str)  # type: ignore[type-var]  # a bare `=`


class _Builder(_Constructor, Resolver):
    """The document's objects built straight from the parser's events, with no tree of nodes in
    between: every check runs on an event before anything of it is built, and every object is
    priced as it is built (`untrusted.price`, as the JSON reader prices its own), so the moment
    what is built would pass `allowance(len(text))` the file is refused. Short strings, keys
    and values alike, are built once per document and shared while the memo has room (a rule
    file repeats `alert`, `metric`, `labels`, `severity: warning` in every rule)."""

    def __init__(self, size: int) -> None:
        _Constructor.__init__(self)
        Resolver.__init__(self)
        self.tally = Tally(size, allowance(size))  # a fresh one per document read
        self._nodes = 0
        self._memo: dict[str, str] = {}  # the short strings built so far, each kept once

    def get_single_data(self) -> Any:
        """The one document's data (None for an empty stream); YamlError, or PyYAML's own
        errors, which `_parse` turns into one line."""
        tally = self.tally
        self.get_event()  # type: ignore[attr-defined]  # the stream's start; the parser's methods, mixed in
        data = None
        if not self.check_event(StreamEndEvent):  # type: ignore[attr-defined]
            document = self.get_event()  # type: ignore[attr-defined]
            data = self._node(tally, 0)
            self.get_event()  # type: ignore[attr-defined]  # the document's end
            if not self.check_event(StreamEndEvent):  # type: ignore[attr-defined]
                event = self.get_event()  # type: ignore[attr-defined]
                raise ComposerError(
                    "expected a single document in the stream", document.start_mark,
                    "but found another document", event.start_mark,
                )
        self.get_event()  # type: ignore[attr-defined]
        return data

    def _node(self, tally: Tally, depth: int) -> Any:
        """The next node's object; `depth` containers are open around it."""
        event: Any = self.get_event()  # type: ignore[attr-defined]
        try:
            kind = type(event)
            self._check(event)
            if kind is ScalarEvent:
                return self._shared(self._scalar(event), tally)
            if depth >= MAX_DEPTH:
                raise YamlError(f"nested deeper than {MAX_DEPTH} levels ({_where(event.start_mark)})")
            if kind is SequenceStartEvent:
                return self._sequence(event, tally, depth)
            return self._mapping(event, tally, depth)
        except TooCostly as exc:
            raise YamlError(f"{exc} ({_where(event.start_mark)})") from None

    def _check(self, event: Any) -> None:
        if type(event) is AliasEvent:
            raise YamlError(
                f"not allowed: aliases (*{_short(event.anchor)}) ({_where(event.start_mark)}); "
                "anchors and aliases are not supported"
            )
        if event.anchor is not None:
            raise YamlError(
                f"not allowed: anchors (&{_short(event.anchor)}) ({_where(event.start_mark)}); "
                "anchors and aliases are not supported"
            )
        tag = event.tag
        if tag is not None and tag not in _CORE_TAGS and tag != "!":  # `!`: "not specific", resolved as usual
            shown = tag.replace("tag:yaml.org,2002:", "!!", 1)
            raise YamlError(
                f"not allowed: the tag {_short(shown)} ({_where(event.start_mark)}); "
                "only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq"
            )
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise YamlError(f"more than {MAX_NODES} values ({_where(event.start_mark)})")

    def _tag(self, event: Any) -> str:
        """A scalar's tag, resolved as PyYAML's composer resolves it."""
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolve(ScalarNode, event.value, event.implicit)
        elif tag == _MAP_TAG:
            raise YamlError(f"expected a mapping ({_where(event.start_mark)})")
        elif tag == _SEQ_TAG:
            raise ConstructorError(None, None, "expected a sequence node, but found scalar", event.start_mark)
        return str(tag)

    def _scalar(self, event: Any, tag: str | None = None) -> Any:
        tag = self._tag(event) if tag is None else tag
        if tag == _STR_TAG:
            return event.value
        node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        construct = self.yaml_constructors.get(tag) or self.yaml_constructors[None]
        try:
            return construct(self, node)
        except (KeyError, IndexError):  # `!!bool maybe`, an empty `!!int`: PyYAML's lookups
            shown = tag.replace("tag:yaml.org,2002:", "!!", 1)
            raise ConstructorError(None, None, f"not a {shown} value", event.start_mark) from None

    def _container(self, event: Any, tag: str, found: str) -> None:
        """A container's explicit tag, checked as PyYAML's constructors would."""
        given = event.tag
        if given is None or given == "!" or given == tag:
            return
        if given == _MAP_TAG:
            raise YamlError(f"expected a mapping ({_where(event.start_mark)})")
        wanted = "sequence" if given == _SEQ_TAG else "scalar"
        raise ConstructorError(None, None, f"expected a {wanted} node, but found {found}", event.start_mark)

    def _sequence(self, start: Any, tally: Tally, depth: int) -> list[Any]:
        self._container(start, _SEQ_TAG, "sequence")
        out: list[Any] = []
        spent = LIST_OPEN
        tally.spend(spent)
        while not self.check_event(SequenceEndEvent):  # type: ignore[attr-defined]
            tally.total += LIST_ITEM  # spent by the item's own price, which follows
            spent += LIST_ITEM
            out.append(self._node(tally, depth + 1))
        self.get_event()  # type: ignore[attr-defined]
        tally.spend(sys.getsizeof(out) - spent)  # exact, now that it is whole
        return out

    def _mapping(self, start: Any, tally: Tally, depth: int) -> dict[Any, Any]:
        self._container(start, _MAP_TAG, "mapping")
        out: dict[Any, Any] = {}
        lines = array("I")  # each key's line, for a duplicate's message (priced while the mapping is open)
        spent = DICT_OPEN
        tally.spend(spent)
        while not self.check_event(MappingEndEvent):  # type: ignore[attr-defined]
            event: Any = self.peek_event()  # type: ignore[attr-defined]
            mark = event.start_mark
            if type(event) is ScalarEvent:
                key = self._key(event, tally)
            else:  # a container as a key: built, then refused below as unhashable
                key = self._node(tally, depth + 1)
            try:
                first = key in out
            except TypeError:
                raise YamlError(f"a mapping key must be a plain value ({_where(mark)})") from None
            if first:
                raise YamlError(
                    f'duplicate key "{_short(key)}" at line {mark.line + 1} '
                    f"(first at line {lines[list(out).index(key)]})"
                )
            lines.append(mark.line + 1)
            tally.total += DICT_ITEM + _LINE  # spent by the value's own price, which follows
            spent += DICT_ITEM + _LINE
            out[key] = self._node(tally, depth + 1)
        self.get_event()  # type: ignore[attr-defined]
        tally.spend(sys.getsizeof(out) - spent)  # exact, now that it is whole (the lines given back)
        return out

    def _key(self, event: Any, tally: Tally) -> Any:
        """A plain key: a merge key (`<<`) refused, a string shared as any short string is."""
        self.get_event()  # type: ignore[attr-defined]
        try:
            self._check(event)
            tag = self._tag(event)
            if tag == _MERGE_TAG:
                raise YamlError(f"not allowed: merge keys (<<) ({_where(event.start_mark)})")
            return self._shared(self._scalar(event, tag), tally)
        except TooCostly as exc:
            raise YamlError(f"{exc} ({_where(event.start_mark)})") from None

    def _shared(self, value: Any, tally: Tally) -> Any:
        """`value` priced; a short string built once per document, while the memo has room."""
        if type(value) is not str or not 1 < len(value) <= _SHARED_CHARS:
            tally.spend(scalar(value))
            return value
        memo = self._memo.get(value)
        if memo is not None:
            return memo
        if len(self._memo) < _SHARED_VALUES:
            self._memo[value] = value
            tally.spend(sys.getsizeof(value) + MEMO_KEY)
        else:
            tally.spend(sys.getsizeof(value))
        return value


class _PyLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Builder):
    def __init__(self, source: str | bytes) -> None:
        yaml.reader.Reader.__init__(self, source)  # bytes: decoded a chunk at a time
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Builder.__init__(self, len(source))


_Loader: Any = _PyLoader
if getattr(yaml, "__with_libyaml__", False):  # getattr: PyYAML built without libyaml lacks it
    from yaml._yaml import CParser

    class _CLoader(_Builder, CParser):
        # _Builder first: its get_single_data, not the C parser's, which would skip every check
        def __init__(self, source: str | bytes) -> None:
            CParser.__init__(self, source)  # bytes: read in place; a str: encoded to a copy first
            _Builder.__init__(self, len(source))

    _Loader = _CLoader


def loads(text: str) -> Any:
    """One YAML document -> plain data (dict, list, str, int, float, bool, None); YamlError
    once what it builds would pass `allowance(len(text))`."""
    bad = _first_control(text)
    if bad is not None:
        code = ord(text[bad])
        what = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "a control character"
        raise YamlError(f"binary data: {what} (U+{code:04X}) at line {text.count(chr(10), 0, bad) + 1}")
    return _parse(text)


def load_file(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> Any:
    """Read, decode and parse one file; YamlError (without the path) on any problem, what it
    builds within `allowance` of the file's bytes."""
    data = read_limited(path, limit)
    decode(data)  # checked whole, then dropped: the parser reads the bytes (no copy beside what it builds)
    return _parse(data)


def estimate(text: str) -> int:
    """What `loads(text)` builds, priced as it builds it (no allowance: the whole of it), for
    the tests and benchmarks that hold the price against what is allocated."""
    return int(_parse(text, unlimited=True)[1])


def _parse(source: str | bytes, unlimited: bool = False) -> Any:
    """The document in `source`; with `unlimited`, (the document, the most it was priced at)."""
    loader = None
    try:
        loader = _Loader(source)
        if unlimited:
            loader.tally.limit = sys.maxsize
            return loader.get_single_data(), loader.tally.most
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
