"""JSON from untrusted bytes, read within the allowance by construction.

Two paths, one result. Where an upper bound of what `json.loads` would take, from counts of the
structural bytes (C speed, never below its cost), is within the allowance, `json.loads` reads
the document. Anywhere else, and wherever a caller names the part of a document it needs, the
streaming reader here reads it: tokens straight off the bytes (no decoded copy of the text),
each object priced as it is built (`sys.getsizeof` once it is whole, an upper bound while it
grows; keys and the first short values built once, as `json.loads` builds keys), TooCostly the
moment the total passes the allowance. A list's shallow elements (Python 3.11 and later) go to
`json.loads` a window at a time, the window's objects priced by the same byte-count bound
while they live, each element's keys and short strings then shared and priced as kept (a list
of lists read for an `Each` with `run`, a spool file's rows: cut at the window's last `],[`,
`json.loads` the judge, the window's elements handed to `run` at once as it built them). A
`Fields` schema builds only the keys it names (the rest are scanned, never built); an `Each`
schema hands every element of a list to the caller's `keep` as soon as it is read, and only
what `keep` returns is kept and priced: a list of answers costs what the caller keeps of them,
not what they spelled.
"""

from __future__ import annotations

import json
import operator
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from itertools import islice
from typing import Any

from .budget import allowance
from .price import DICT_ITEM, DICT_OPEN, LIST_ITEM, LIST_OPEN, MEMO_KEY, Tally, scalar

__all__ = ["Each", "Fields", "Schema", "estimate", "loads_json", "read_json"]

# `json.loads`' objects as `_bound` prices them (CPython 3.11's sizes, rounded up)
_DICT, _KEY = 184, 24
_FLOAT = sys.getsizeof(0.0)
_LIST = 104
_STR, _NUMBER, _POINTER = 49, 32, 9

# What the streaming reader builds is priced by `price` (configuration YAML's reader uses it too)
_SHORT = 256  # a string's body of at most this many bytes: its transient copies within the slack
# Short values kept once, as keys are: a spool file's sample names and label values, an
# answer's label values repeat row after row; bounded, the memo's cost is within the slack.
_SHARED_CHARS, _SHARED_VALUES = 64, 1024
MAX_DEPTH = 256  # containers inside containers: far past any document gpumemd reads

_ESCAPES_AT_ONCE = 256  # a string's escapes matched per call: a bounded backtracking stack


def _patterns(possessive: bool) -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    """The token pattern and the pattern of an escaped string's body, run by run. Without
    possessive quantifiers (Python 3.10) a repeated group keeps a backtracking entry per
    repetition: a string with escapes is matched `_ESCAPES_AT_ONCE` escapes a call, never all of
    them in one (an entry per escape was a hundred times the string's bytes)."""
    run, one = ("*+", "++") if possessive else ("*", "+")
    token = (
        r'[ \t\r\n]RUN(?:"([^"\\\x00-\x1f]RUN)"'  # 1: a string without escapes
        r"|(-?(?:0|[1-9][0-9]RUN)(?:\.[0-9]ONE)?(?:[eE][-+]?[0-9]ONE)?)"  # 2: a number
        r"|([\[\]{},:])"  # 3: structure
        r"|(true|false|null|NaN|Infinity|-Infinity)"  # 4: what json.loads reads as constants
        r'|("))'  # 5: a string with escapes (or none that JSON allows): its body read by the second
    )
    escaped = r'[^"\\\x00-\x1f]RUN(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]RUN){0,AT_ONCE}'
    return (
        re.compile(token.replace("RUN", run).replace("ONE", one).encode()),
        re.compile(escaped.replace("RUN", run).replace("AT_ONCE", str(_ESCAPES_AT_ONCE)).encode()),
    )


_TOKEN, _ESCAPED = _patterns(possessive=sys.version_info >= (3, 11))


def _run_of_shallow_values() -> re.Pattern[bytes]:
    """A run of a list's elements, each with at most two levels of containers in it (a spool
    file's row, a Prometheus result, an alert), each followed by a comma or the list's end:
    what `json.loads` then reads at C speed (it refuses what is not JSON; this finds only where
    the elements end, and that none is deep). Possessive throughout: no backtracking entry per
    element (Python 3.11 and later only)."""
    flat = r'[^"\[\]{},]*+(?:"[^"\\]*+(?:\\.[^"\\]*+)*+"[^"\[\]{},]*+)*+'  # strings and scalars

    def inside(item: str) -> str:
        return rf"[\[{{]{item}(?:,{item})*+[\]}}]{flat}"

    element = rf"{flat}(?:{inside(f'{flat}(?:{inside(flat)})*+')})*+(?=[,\]])"
    return re.compile(rf"{element}(?:,{element})*+".encode())


# A list's elements read a window of bytes at a time by `json.loads` (its objects priced by
# `_bound` while they live, each element then priced as it is kept); where re has no possessive
# quantifiers the run's repeated groups would keep an entry per element: token by token there.
_SHALLOW = _run_of_shallow_values() if sys.version_info >= (3, 11) else None
_WINDOW = 32 << 10
_END = re.compile(rb"[ \t\r\n]*\Z")  # one character class repeated: no entry per byte
_CONSTANTS: dict[bytes, Any] = {
    b"true": True, b"false": False, b"null": None,
    b"NaN": float("nan"), b"Infinity": float("inf"), b"-Infinity": float("-inf"),
}
_STRING, _NUMBER_TOKEN, _PUNCT, _CONSTANT, _ESCAPED_STRING = 1, 2, 3, 4, 5
_COLON = (_PUNCT, b":")
_NOT_NONE = partial(operator.is_not, None)


@dataclass(frozen=True)
class Fields:
    """An object of which only `names` are built, each read by its own schema (None: as
    `json.loads` builds it); any other key is scanned and never built. A value that is not an
    object is built as it is (the caller's check of its type says what is wrong)."""

    names: Mapping[str, Schema]


@dataclass(frozen=True)
class Each:
    """A list whose elements are each read by `item` and handed to `keep` as soon as read: the
    list holds what `keep` returns, priced as what it is (the element's price given back).
    `run`, where given (`item` None): the elements `json.loads` read in one window, handed over
    at once as it built them (their strings not shared through the reader's memo first: a caller
    that hands most of them on budgets each string as its own); it returns what the list holds
    of each, in order, priced whole."""

    keep: Callable[[Any], Any]
    item: Schema = None
    run: Callable[[list[Any]], list[Any]] | None = None


Schema = Fields | Each | None


def loads_json(data: bytes, schema: Schema = None) -> Any:
    """`json.loads(data)`, or TooCostly (a ValueError) where what it builds would take more than
    `allowance(len(data))`; any other ValueError as `json.loads` raises for bytes that are not
    one JSON document (a document nested deeper than MAX_DEPTH included). `schema` is how the
    streaming reader reads what `json.loads` may not: a caller's `Fields` must name every key it
    reads, its `Each` must take the whole list where `json.loads` reads it."""
    if _bound(data) <= allowance(len(data)):
        return json.loads(data)
    return read_json(data, schema)


def read_json(data: bytes, schema: Schema = None, limit: int | None = None) -> Any:
    """The document in `data`, read by `schema` (None: all of it, as `json.loads` builds it);
    TooCostly once what it has built passes `limit` (default: `allowance(len(data))`)."""
    reader = _Reader(data, allowance(len(data)) if limit is None else limit)
    return reader.document(schema)


def estimate(data: bytes, limit: int | None = None) -> int:
    """What the streaming reader builds for the whole of `data` (what `json.loads` builds, less
    its decoded copy of the text), priced as it is built; TooCostly once past `limit`."""
    reader = _Reader(data, sys.maxsize if limit is None else limit)
    reader.document(None)
    return reader.most


def _text(data: bytes) -> int:
    """What the decoded text may take: one byte a character for ASCII, at most four otherwise."""
    return len(data) if data.isascii() else 4 * len(data)


def _bound(data: bytes) -> int:
    """An upper bound of what `json.loads(data)` allocates, from counts of structural bytes
    (those inside strings counted too: only ever too high)."""
    dicts, lists = data.count(b"{"), data.count(b"[")
    values = 1 + data.count(b",") + dicts + lists
    escapes = b"\\u" in data
    text = _text(data)
    return (
        text
        + dicts * _DICT
        + data.count(b":") * _KEY
        + lists * _LIST
        + values * (_POINTER + _NUMBER)
        + data.count(b'"') // 2 * _STR
        + (4 * len(data) if escapes else text)  # the strings' characters
        + len(data) // 2  # long numbers' digits
    )


def _within_depth(value: Any, depth: int) -> None:
    """ValueError where `value` (an element `json.loads` built, of a list at `depth`) nests
    containers deeper than the token-by-token reader reads them."""
    if type(value) is dict:
        value = value.values()
    elif type(value) is not list:
        return
    if depth >= MAX_DEPTH:
        raise ValueError(f"not JSON gpumemd reads: nested deeper than {MAX_DEPTH}")
    for item in value:
        _within_depth(item, depth + 1)


class _Reader(Tally):
    """One document's tokens, read once from the start; `total` what is built and kept now,
    `most` the highest it reached. The hot paths are written out inline (`price.scalar`'s
    prices, `Tally.spend`): a token is a few Python steps (this reader is what the spool's
    large files and every answer of `explain` and `top` go through)."""

    def __init__(self, data: bytes, limit: int) -> None:
        super().__init__(len(data), limit)
        self.data = data
        self.end = 0  # where the last token ended
        self.keys: dict[str, str] = {}  # every key, and the first short values: each built once
        self.shared = 0  # values in `keys`

    def document(self, schema: Schema) -> Any:
        kind, token = self._token()
        value = self._value(kind, token, schema, 0)
        if _END.match(self.data, self.end) is None:
            raise ValueError(f"not JSON: extra data at byte {self.end}")
        return value

    def _token(self) -> tuple[int, bytes]:
        m = _TOKEN.match(self.data, self.end)
        if m is None:
            raise ValueError(f"not JSON: no value at byte {self.end}")
        self.end = m.end()
        kind = m.lastindex or 0  # every alternative is a group: never 0
        if kind == _ESCAPED_STRING:
            return _STRING, self._escaped()
        return kind, m.group(kind)

    def _escaped(self) -> bytes:
        """The body of the string whose opening quote ends at `end`, escapes and all, read a
        bounded number of escapes a match; ValueError where it breaks off (a bad escape, a
        control character, the end of the bytes)."""
        start = at = self.end
        data, match = self.data, _ESCAPED.match
        while True:
            end = match(data, at).end()  # type: ignore[union-attr]  # every body matches, maybe empty
            if data[end:end + 1] == b'"':
                self.end = end + 1
                return data[start:end]
            if end == at:
                raise ValueError(f"not JSON: no value at byte {start - 1}")
            at = end

    def _value(self, kind: int, token: bytes, schema: Schema, depth: int) -> Any:
        if kind == _STRING:
            return self._string(token)
        if kind == _NUMBER_TOKEN:
            value: Any = float(token) if token.strip(b"-0123456789") else int(token)
            if type(value) is float or not -5 <= value <= 256:  # small ints: cached
                self.total += sys.getsizeof(value)
                if self.total > self.most:
                    self.peak()
            return value
        if kind == _CONSTANT:
            return _CONSTANTS[token]  # singletons, and three floats shared by every document
        if depth >= MAX_DEPTH:
            raise ValueError(f"not JSON gpumemd reads: nested deeper than {MAX_DEPTH}")
        if token == b"{":
            return self._object(schema if isinstance(schema, Fields) else None, depth + 1)
        if token == b"[":
            return self._list(schema if isinstance(schema, Each) else None, depth + 1)
        raise ValueError(f"not JSON: {token.decode()!r} where a value belongs, byte {self.end - 1}")

    def _string(self, body: bytes) -> str:
        out = self._decoded(body)
        if len(out) <= 1 and out < "\u0100":  # "" and one Latin-1 character: CPython's shared ones
            return out
        if len(body) <= _SHARED_CHARS:  # a name or label value: most are repeated
            memo = self.keys.get(out)
            if memo is not None:
                return memo
            if self.shared < _SHARED_VALUES:
                self.shared += 1
                self.keys[out] = out
                self.total += MEMO_KEY
        self.total += sys.getsizeof(out)
        if self.total > self.most:
            self.peak()
        return out

    def _decoded(self, body: bytes) -> str:
        """A string's body decoded. A long one's transient copies (the token's, and the quoted
        one its escapes are undone from) are priced while they live; a short one's are within
        the slack."""
        if b"\\" not in body:
            if len(body) <= _SHORT:
                return body.decode("utf-8")
            transient = len(body) + _STR
        else:
            transient = 2 * len(body) + 2 * _STR
        self.spend(transient)
        out: str = body.decode("utf-8") if b"\\" not in body else json.loads(b'"' + body + b'"')
        self.total -= transient
        return out

    def _key(self, body: bytes) -> str:
        key = self._decoded(body)
        memo = self.keys.get(key)
        if memo is None:
            self.keys[key] = memo = key
            self.spend(sys.getsizeof(key) + MEMO_KEY)
        return memo

    def _object(self, fields: Fields | None, depth: int) -> Any:
        out: dict[str, Any] = {}
        spent = DICT_OPEN
        self.spend(spent)
        kind, token = self._token()
        if token == b"}" and kind == _PUNCT:
            self.spend(sys.getsizeof(out) - spent)
            return out
        names = None if fields is None else fields.names
        while True:
            if kind != _STRING:
                raise ValueError(f"not JSON: an object's key expected at byte {self.end - len(token)}")
            key = self._key(token)
            if self._token() != _COLON:
                raise ValueError(f"not JSON: ':' expected at byte {self.end}")
            kind, token = self._token()
            if names is not None and key not in names:
                self._skip(kind, token, depth)
            else:
                self.total += DICT_ITEM
                spent += DICT_ITEM
                out[key] = self._value(kind, token, None if names is None else names[key], depth)
            if self._close(b"}"):
                break
            kind, token = self._token()
        self.spend(sys.getsizeof(out) - spent)  # exact, now that it is whole
        return out

    def _list(self, each: Each | None, depth: int) -> list[Any]:
        out: list[Any] = []
        spent = LIST_OPEN
        self.spend(spent)
        names = None if each is None or not isinstance(each.item, Fields) else each.item.names
        shallow = (
            _SHALLOW is not None
            and depth + 1 < MAX_DEPTH
            and (each is None or each.item is None or (names is not None and not any(names.values())))
        )
        first = True
        while True:
            read = self._shallow(out, each, names, depth) if shallow else 0
            if read > 0:
                spent += read * LIST_ITEM
            else:
                shallow = shallow and read == 0  # the rest token by token where a window did not fit
                kind, token = self._token()
                if first and kind == _PUNCT and token == b"]":
                    break
                self.total += LIST_ITEM
                spent += LIST_ITEM
                if each is None:
                    out.append(self._value(kind, token, None, depth))
                else:
                    before = self.total
                    item = self._value(kind, token, each.item, depth)
                    kept = each.keep(item)
                    del item
                    # what it built gives way to what the caller keeps of it (shared parts counted again)
                    self.total = before
                    self.spend(self._size(kept))
                    out.append(kept)
            first = False
            if self._close(b"]"):
                break
        self.spend(sys.getsizeof(out) - spent)
        return out

    def _shallow(
        self, out: list[Any], each: Each | None, names: Mapping[str, Schema] | None, depth: int
    ) -> int:
        """The run of shallow elements at `end`, within a window, read by `json.loads` and
        appended to `out` (each through `each.keep` where given): how many; 0 where none is
        there, -1 where the window's objects may not fit under the limit or are not JSON."""
        at, before = self.end, self.total
        run = None if each is None or names is not None else each.run
        loaded = None
        if run is not None:
            # a list of lists (a spool file's rows): the run guessed to end at the window's last
            # "],[", json.loads the judge (a prefix it reads whole ends between two elements);
            # what it builds is checked for depth (`_within_depth`), its rows by the caller
            end = self.data.rfind(b"],[", at, at + _WINDOW) + 1
            loaded = self._loads(at, end) if end > at else None
        if loaded is None:
            m = _SHALLOW.match(self.data, at, at + _WINDOW)  # type: ignore[union-attr]
            if m is None:
                return 0
            end = m.end()
            loaded = self._loads(at, end)
            if loaded is None:  # not JSON, or not within the limit: the rest token by token
                return -1
        items, cost = loaded
        self.spend(cost)
        self.end = end
        kept = LIST_ITEM * len(items)  # what is kept of the run, the memo's new entries included
        if run is not None:
            start = len(out)
            out.extend(run(items))
            del items
            for element in filter(_NOT_NONE, islice(out, start, None)):
                _within_depth(element, depth)  # as deep as it was spelled: refused as token by token
                kept += self._size(element)
            self.total = before
            self.spend(kept)
            return len(out) - start
        adopt_list, adopt_dict, append = self._adopt_list, self._adopt_dict, out.append
        keep, size = (None, None) if each is None else (each.keep, self._size)
        value: Any
        for i, item in enumerate(items):
            kind = type(item)
            if kind is list:
                value, price = adopt_list(item)
            elif kind is dict:
                value, price = adopt_dict(item, names)
            else:
                value, price = self._adopt(item)
            items[i] = None  # json.loads' copy gives way as it is replaced
            if keep is not None:
                value = keep(value)
                price = size(value)  # type: ignore[misc]
            append(value)
            kept += price
        self.total = before
        self.spend(kept)
        return len(items)

    def _loads(self, at: int, end: int) -> tuple[list[Any], int] | None:
        """`json.loads` of the elements between `at` and `end`, and the price of what it built
        while it lives (the run's two copies included); None where it may not fit under the
        limit, or is not JSON (a run nested past json's recursion limit included)."""
        run = b"[" + self.data[at:end] + b"]"
        cost = _bound(run) + 2 * len(run)
        if self.total + cost > self.limit:
            return None
        try:
            return json.loads(run), cost
        except (ValueError, RecursionError):
            return None

    def _adopt(self, value: Any) -> tuple[Any, int]:
        """What `json.loads` built of a shallow element, as the reader builds it (every key and
        the first short strings shared through the memo), and its price."""
        kind = type(value)
        if kind is dict:
            return self._adopt_dict(value, None)
        if kind is list:
            return self._adopt_list(value)
        if kind is str:
            return self._share(value)
        if kind is float or (kind is int and not -5 <= value <= 256):
            return value, sys.getsizeof(value)
        return value, 0  # None, a bool, a small int

    def _adopt_list(self, value: list[Any]) -> tuple[list[Any], int]:
        keys = self.keys
        price = sys.getsizeof(value)
        for i, item in enumerate(value):
            kind = type(item)
            if kind is str:  # the usual elements inline: a name, a number
                shared = keys.get(item)
                if shared is not None:
                    value[i] = shared
                    continue
                value[i], cost = self._share(item)
            elif kind is float:
                cost = _FLOAT
            elif kind is int:
                if -5 <= item <= 256:
                    continue
                cost = sys.getsizeof(item)
            elif kind is dict:
                value[i], cost = self._adopt_dict(item, None)
            else:
                value[i], cost = self._adopt(item)
            price += cost
        return value, price

    def _share(self, value: str) -> tuple[str, int]:
        """A string as `_string` keeps it."""
        single = len(value) <= 1 and value < "\u0100"  # "" and one Latin-1 character: CPython's
        if len(value) <= _SHARED_CHARS:
            memo = self.keys.get(value)
            if memo is not None:
                return memo, 0
            if self.shared < _SHARED_VALUES:  # the shared ones too: an object of them found whole
                self.shared += 1
                self.keys[value] = value
                return value, MEMO_KEY + (0 if single else sys.getsizeof(value))
        return value, 0 if single else sys.getsizeof(value)

    def _adopt_dict(
        self, value: dict[str, Any], names: Mapping[str, Schema] | None
    ) -> tuple[dict[str, Any], int]:
        """An object `json.loads` built, its keys and short strings shared as the reader shares
        them: in place, but where `names` leaves keys out (rebuilt with the named ones)."""
        if names is not None:
            value = {key: item for key, item in value.items() if key in names}
        keys = self.keys
        price = sys.getsizeof(value)
        try:  # the usual object, a row's labels: every key and value already in the memo
            known = list(map(keys.get, value.values()))
        except TypeError:  # a container among the values
            known = [None]
        if None not in known and all(map(operator.is_, map(keys.get, value), value)):
            value.update(zip(value, known, strict=True))
            return value, price
        for key, item in value.items():
            if keys.get(key) is not key:  # the first of this run's copies of the key
                if key not in keys:
                    price += MEMO_KEY
                keys[key] = key  # the run's copy, shared by the run's objects (json.loads' memo)
                price += sys.getsizeof(key)
            if type(item) is str:  # the usual value: a label's, inline
                shared = keys.get(item)
                if shared is None:
                    value[key], cost = self._share(item)
                    price += cost
                elif shared is not item:
                    value[key] = shared
            else:
                value[key], cost = self._adopt(item)
                price += cost
        return value, price

    def _size(self, obj: Any) -> int:
        """What `obj` (what a caller's `keep` returned) takes, each part counted wherever it is
        referenced (an upper bound) but the document's keys (held once by the memo) and what
        CPython caches: containers, strings and numbers walked, anything else its own size."""
        if obj is None or type(obj) is bool:
            return 0
        if type(obj) is str:
            return 0 if self.keys.get(obj) is obj else scalar(obj)
        size = sys.getsizeof(obj)
        if isinstance(obj, dict):
            return size + sum(self._size(k) + self._size(v) for k, v in obj.items())
        if isinstance(obj, (list, tuple)):
            return size + sum(self._size(v) for v in obj)
        return size

    def _skip(self, kind: int, token: bytes, depth: int) -> None:
        """A value read to its end by the same grammar, nothing of it built (a skipped string's
        escapes are checked, not undone)."""
        if kind != _PUNCT:
            return
        if depth >= MAX_DEPTH:
            raise ValueError(f"not JSON gpumemd reads: nested deeper than {MAX_DEPTH}")
        if token == b"{":
            kind, token = self._token()
            if kind == _PUNCT and token == b"}":
                return
            while True:
                if kind != _STRING:
                    raise ValueError(f"not JSON: an object's key expected at byte {self.end - len(token)}")
                if self._token() != (_PUNCT, b":"):
                    raise ValueError(f"not JSON: ':' expected at byte {self.end}")
                self._skip(*self._token(), depth + 1)
                if self._close(b"}"):
                    return
                kind, token = self._token()
        elif token == b"[":
            kind, token = self._token()
            if kind == _PUNCT and token == b"]":
                return
            while True:
                self._skip(kind, token, depth + 1)
                if self._close(b"]"):
                    return
                kind, token = self._token()
        else:
            raise ValueError(f"not JSON: {token.decode()!r} where a value belongs, byte {self.end - 1}")

    def _close(self, closer: bytes) -> bool:
        """After a container's element: True where `closer` ends it, False after a comma."""
        kind, token = self._token()
        if kind == _PUNCT and token == closer:
            return True
        if kind != _PUNCT or token != b",":
            raise ValueError(f"not JSON: ',' or {closer.decode()!r} expected at byte {self.end - len(token)}")
        return False


