"""Every regular expression that comes from configuration, compiled in one place, with RE2.

Patterns written by an operator (rule matchers `=~` and `!~`, `GPUMEMD_AGENT_SKIP`) are
matched against values other people choose: a rank's published `job_id`, a command line.
Python's `re` backtracks, and while it does it holds the GIL, so one pattern such as
`.*-.*-.*-.*-prod` against a label of dashes stops every thread of the process. RE2 runs in
time linear in the input, as Prometheus's matchers do (Go's regexp is RE2). What RE2 does not
support (backreferences, lookaround) is refused when the configuration loads, with one line.

`compile_pattern` is the only way to turn configured text into a matcher: `fullmatch` is
anchored at both ends, like a Prometheus matcher; `search` finds the pattern anywhere (the
agent's skip list); both answer True or False. `.` matches a newline too, as in Prometheus (`(?s:…)`).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Protocol

__all__ = ["MAX_PATTERN_LENGTH", "Pattern", "PatternError", "compile_pattern"]

# Longer than any alternation of job names anyone writes; bounds compile time and memory.
MAX_PATTERN_LENGTH = 16384
_MEMO_ENTRIES, _MEMO_LENGTH = 4096, 256  # remembered fullmatch answers per pattern, of values this short
# RE2's own bound on one compiled program (its default, written out: a pattern past it is refused).
_MAX_MEM = 8 << 20


class PatternError(ValueError):
    """A configured pattern RE2 cannot compile; the message says why, in one line."""


class Pattern(Protocol):
    """A compiled pattern: linear-time `fullmatch` (anchored) and `search`, each True on a match."""

    def fullmatch(self, text: str) -> bool: ...

    def search(self, text: str) -> bool: ...


class _Compiled:
    """An RE2 pattern matched against UTF-8. Text that is not valid UTF-8 (a lone surrogate: a
    rank's label, a command line with a non-UTF-8 file name) is matched with those characters as
    `?`, never an exception in the caller."""

    __slots__ = ("_re", "_seen")

    def __init__(self, regexp: Any) -> None:
        self._re = regexp
        # Label values repeat every sample (the same series): remember short ones' answers,
        # since one call into RE2 costs a few times a dict lookup. Bounded, then started over.
        self._seen: dict[str, bool] = {}

    def fullmatch(self, text: str) -> bool:
        hit = self._seen.get(text)
        if hit is None:
            hit = self._re.fullmatch(text.encode("utf-8", "replace")) is not None
            if len(text) <= _MEMO_LENGTH:
                if len(self._seen) >= _MEMO_ENTRIES:
                    self._seen.clear()
                self._seen[text] = hit
        return hit

    def search(self, text: str) -> bool:
        return self._re.search(text.encode("utf-8", "replace")) is not None


@functools.cache
def _re2() -> tuple[Any, Any]:
    """RE2 and our options, loaded with the first pattern: a configuration with none (the
    defaults) never maps RE2's C++ library into the daemon's memory."""
    import re2

    opts = re2.Options()
    opts.log_errors = False  # a refused pattern is our one error line, not RE2's on stderr
    opts.dot_nl = True
    opts.max_mem = _MAX_MEM
    return re2, opts

# RE2 reads `a{99999999999}` (a count too long to parse) as literal text; Go's RE2 refuses it,
# so Prometheus would: refuse it too rather than match something else than was meant.
_LONG_COUNT = re.compile(r"(?<!\\)\{\d*,?\d{5,}")


@functools.lru_cache(maxsize=1024)  # a rule's matchers compile once per text, across reloads
def compile_pattern(text: str) -> Pattern:
    """Compile a configured regular expression with RE2, or raise PatternError."""
    if not isinstance(text, str):
        raise PatternError(f"expected a string, got {type(text).__name__}")
    if len(text) > MAX_PATTERN_LENGTH:
        raise PatternError(f"regular expression longer than {MAX_PATTERN_LENGTH} characters")
    long_count = _LONG_COUNT.search(text)
    if long_count:
        raise PatternError(f"invalid repetition size: {long_count.group(0)[:20]}… (at most 1000)")
    re2, options = _re2()
    try:
        return _Compiled(re2.compile(text, options))
    except re2.error as exc:
        reason = exc.args[0] if exc.args else exc
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise PatternError(f"{reason} (RE2 syntax: no backreferences or lookaround)") from None
    except (TypeError, ValueError, UnicodeError) as exc:  # a lone surrogate cannot be UTF-8
        raise PatternError(str(exc)) from None
