"""Annotation and label templates: the subset of Prometheus's Go templates that rules need.

Supported: `{{ $labels.NAME }}`, `{{ $value }}`, `{{ $externalLabels.NAME }}` (and `.Labels`,
`.Value`), `{{ $info.NAME }}` (a label of the series a rule's `info:` joins; "" when none),
pipelines into `humanize`, `humanize1024`, `humanizePercentage`, `humanizeDuration`, `toUpper`,
`toLower`, `title`, and `printf "FORMAT" ARGS`, `{{ if PIPELINE }}…{{ else }}…{{ end }}` (Go's
truth: an empty string, 0 and false are false; the default rules name a rank, else the pid), with
`{{-`/`-}}` trimming. Everything we accept is valid Go template text, so the same strings go
unchanged into the exported Prometheus rule file. Templates compile once (at load, where a bad one
is a validation error) and render without parsing.

Templates are bounded, since a rule renders them for every series it selects and the values
come from other people's processes: a template is at most MAX_TEMPLATE_LENGTH characters with
`{{ if }}` nested at most MAX_NESTING deep (check-config refuses more), a printf width or
precision is at most MAX_PRINTF_WIDTH, and one rendering is at most MAX_RENDERED characters
(cut with "…"). An action that cannot render (a value printf cannot format, such as `%d` of
+Inf) renders as a short `<error: …>` in place and counts in `Template.failures`: the rest of
the template, the alert and every other alert still go out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "FUNCTIONS",
    "MAX_NESTING",
    "MAX_PRINTF_WIDTH",
    "MAX_RENDERED",
    "MAX_TEMPLATE_LENGTH",
    "Context",
    "Renderer",
    "Template",
    "TemplateError",
    "TemplateLimit",
    "compile_template",
    "humanize",
    "humanize1024",
    "humanize_duration",
    "humanize_percentage",
    "printf",
    "uses_info",
]

MAX_TEMPLATE_LENGTH = 8192  # characters of one label or annotation template, as written
MAX_NESTING = 16  # `{{ if }}` inside `{{ if }}`
MAX_PRINTF_WIDTH = 256  # width and precision of one printf verb
MAX_RENDERED = 4096  # characters of one rendered label value or annotation
_MAX_ERROR = 120  # characters of an `<error: …>` placeholder


class TemplateError(ValueError):
    """A template that does not parse, or an action that cannot render a value."""


class TemplateLimit(TemplateError):
    """A template over one of the bounds (size, nesting, printf width)."""


_NO_INFO: Mapping[str, str] = {}


@dataclass(frozen=True)
class Context:
    """What one rendering sees: the series' labels, its value, the external labels, and the
    labels of the info series the rule's `info:` joined to it (empty when none matched)."""

    labels: Mapping[str, str]
    value: float
    external_labels: Mapping[str, str]
    info: Mapping[str, str] = field(default_factory=lambda: _NO_INFO)


Renderer = Callable[[Context], Any]


def _go_float(v: float) -> str:
    """Go's `%v` of a float64: shortest digits, exponent below 1e-4 or from 1e21."""
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "+Inf" if v > 0 else "-Inf"
    if v == int(v) and abs(v) < 1e21:
        return str(int(v))
    text = repr(v)
    if "e" in text:
        mant, exp = text.split("e")
        return f"{mant}e{int(exp):+03d}"
    return text


def _as_float(x: Any) -> float:
    try:
        return float(x)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an int past float's range
        raise TemplateError(f"cannot convert {_short(repr(x))} to a number") from None


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "…"


def _g4(v: float) -> str:
    if not math.isfinite(v):
        return _go_float(v)  # Go's %.4g writes +Inf, -Inf, NaN
    text = f"{v:.4g}"
    if "e" in text:  # Go writes at least two exponent digits, as Python does
        mant, exp = text.split("e")
        return f"{mant}e{int(exp):+03d}"
    return text


def humanize(x: Any) -> str:
    v = _as_float(x)
    if v == 0 or math.isnan(v) or math.isinf(v):
        return _g4(v)
    prefix = ""
    if abs(v) >= 1:
        for p in ("k", "M", "G", "T", "P", "E", "Z", "Y"):
            if abs(v) < 1000:
                break
            prefix, v = p, v / 1000
    else:
        for p in ("m", "u", "n", "p", "f", "a", "z", "y"):
            if abs(v) >= 1:
                break
            prefix, v = p, v * 1000
    return _g4(v) + prefix


def humanize1024(x: Any) -> str:
    v = _as_float(x)
    if abs(v) <= 1 or math.isnan(v) or math.isinf(v):
        return _g4(v)
    prefix = ""
    for p in ("ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"):
        if abs(v) < 1024:
            break
        prefix, v = p, v / 1024
    return _g4(v) + prefix


def humanize_percentage(x: Any) -> str:
    return _g4(_as_float(x) * 100) + "%"


def humanize_duration(x: Any) -> str:
    v = _as_float(x)
    if math.isnan(v) or math.isinf(v):
        return _g4(v)
    if v == 0:
        return "0s"
    if abs(v) < 1:
        for unit, scale in (("ms", 1e3), ("us", 1e6), ("ns", 1e9)):
            if abs(v * scale) >= 1 or unit == "ns":
                return _g4(v * scale) + unit
    sign = "-" if v < 0 else ""
    v = abs(v)
    whole = int(v)
    days, hours, minutes = whole // 86400, whole // 3600 % 24, whole // 60 % 60
    seconds = math.fmod(v, 60)
    if days:
        return f"{sign}{days}d {hours}h {minutes}m {_g4(seconds)}s"
    if hours:
        return f"{sign}{hours}h {minutes}m {_g4(seconds)}s"
    if minutes:
        return f"{sign}{minutes}m {_g4(seconds)}s"
    return f"{sign}{_g4(seconds)}s"


_VERB = re.compile(r"%([-+# 0]*(\d*)(?:\.(\d+))?)([vdfegsxXqt%])")


def _check_widths(fmt: str) -> None:
    for m in _VERB.finditer(fmt):
        for part in (m.group(2), m.group(3)):
            if part and (len(part) > 4 or int(part) > MAX_PRINTF_WIDTH):
                raise TemplateLimit(
                    f"printf width or precision {part[:12]} is over the maximum {MAX_PRINTF_WIDTH}"
                )


def printf(fmt: Any, *args: Any) -> str:
    """Go's printf for the verbs templates use (%v %s %d %f %e %g %x %q); a width or precision
    over MAX_PRINTF_WIDTH, or a number `%d` cannot format (NaN, ±Inf), is a TemplateError."""
    it = iter(args)
    fmt = str(fmt)
    _check_widths(fmt)  # the format may come from a label at run time, not only from the rule

    def one(m: re.Match[str]) -> str:
        flags, verb = m.group(1), m.group(4)
        if verb == "%":
            return "%"
        arg = next(it, None)
        if arg is None:
            return f"%!{verb}(MISSING)"
        if verb == "v":
            return _go_float(arg) if isinstance(arg, float) else str(arg)
        if verb in "dxX":
            number = _as_float(arg)
            if not math.isfinite(number):
                raise TemplateError(f"%{verb} cannot format {_go_float(number)}")
            return ("%" + flags + verb) % int(number)
        if verb in "feg":
            return ("%" + flags + verb) % _as_float(arg)
        if verb == "q":
            return '"' + str(arg).replace("\\", "\\\\").replace('"', '\\"') + '"'
        return ("%" + flags + "s") % (_go_float(arg) if isinstance(arg, float) else arg)

    return _VERB.sub(one, fmt)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "humanize": humanize,
    "humanize1024": humanize1024,
    "humanizePercentage": humanize_percentage,
    "humanizeDuration": humanize_duration,
    "toUpper": lambda s: str(s).upper(),
    "toLower": lambda s: str(s).lower(),
    "title": lambda s: str(s).title(),
    "printf": printf,
}

_ACTION = re.compile(r"\{\{(-\s)?\s*(.*?)\s*(\s-)?\}\}", re.DOTALL)
_TOKEN = re.compile(
    r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<raw>`[^`]*`)|(?P<num>-?\d+(?:\.\d+)?)'
    r"|(?P<var>\$[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*|\.[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)"
    r"|(?P<ident>[A-Za-z_]\w*)|(?P<pipe>\|))"
)


def _operand(kind: str, text: str) -> Renderer:
    if kind == "str":
        lit = bytes(text[1:-1], "utf-8").decode("unicode_escape")
        return lambda ctx: lit
    if kind == "raw":
        raw = text[1:-1]
        return lambda ctx: raw
    if kind == "num":
        num = float(text) if "." in text else int(text)
        return lambda ctx: num
    # `$labels.gpu` -> ("labels", ["gpu"]); `.Labels.gpu` -> (".Labels", ["gpu"])
    parts = text[1:].split(".")
    head, fields = (parts[0] if text.startswith("$") else "." + parts[0]), parts[1:]
    if head in ("value", ".Value"):
        if fields:
            raise TemplateError(f"{text}: $value has no fields")
        return lambda ctx: ctx.value
    if head in ("labels", ".Labels", "externalLabels", ".ExternalLabels"):
        if len(fields) != 1:
            raise TemplateError(f"{text}: expected {text.split('.')[0]}.NAME")
        name, external = fields[0], head in ("externalLabels", ".ExternalLabels")
        if external:
            return lambda ctx: ctx.external_labels.get(name, "")
        return lambda ctx: ctx.labels.get(name, "")
    if head == "info":  # the joined info series' labels (rules.RuleSpec.info); bounded as any label
        if len(fields) != 1:
            raise TemplateError(f"{text}: expected $info.NAME")
        info_name = fields[0]
        return lambda ctx: ctx.info.get(info_name, "")
    raise TemplateError(f"{text}: unknown variable (use $labels, $value, $externalLabels or $info)")


def _command(tokens: list[tuple[str, str]], piped: Renderer | None) -> Renderer:
    kind, text = tokens[0]
    if kind != "ident":
        if len(tokens) > 1 or piped is not None:
            raise TemplateError(f"{text}: a value cannot take arguments")
        return _operand(kind, text)
    fn = FUNCTIONS.get(text)
    if fn is None:
        raise TemplateError(f'function "{text}" not defined')
    args = [_operand(k, t) if k != "ident" else _bad(t) for k, t in tokens[1:]]
    if piped is not None:
        args.append(piped)
    if not args:
        raise TemplateError(f"{text}: missing argument")
    if fn is printf and tokens[1:] and tokens[1][0] in ("str", "raw"):
        _check_widths(str(args[0](_NO_CONTEXT)))  # a literal format: refused at load, not at render

    def call(ctx: Context) -> Any:
        return fn(*(a(ctx) for a in args))

    return call


def _bad(text: str) -> Renderer:
    raise TemplateError(f"{text}: nested function calls need parentheses, which this engine does not support")


def _pipeline(source: str) -> Renderer:
    tokens: list[tuple[str, str]] = []
    pos = 0
    while pos < len(source):
        m = _TOKEN.match(source, pos)
        if m is None or m.end() == pos:
            if source[pos:].strip() == "":
                break
            raise TemplateError(f"unexpected {source[pos:].strip()[:20]!r}")
        kind = m.lastgroup or ""
        tokens.append((kind, m.group(kind)))
        pos = m.end()
    if not tokens:
        raise TemplateError("empty action {{ }}")
    commands: list[list[tuple[str, str]]] = [[]]
    for tok in tokens:
        if tok[0] == "pipe":
            commands.append([])
        else:
            commands[-1].append(tok)
    if any(not c for c in commands):
        raise TemplateError("missing command in pipeline")
    result: Renderer | None = None
    for c in commands:
        result = _command(c, result)
    assert result is not None
    return result


def _text(value: Any) -> str:
    if isinstance(value, float):
        return _go_float(value)
    return str(value)


def _truthy(value: Any) -> bool:
    return bool(value)  # Go: "", 0 and false are false; the label "0" (rank 0) is true


@dataclass
class _If:
    cond: Renderer
    then: list[Any]
    otherwise: list[Any]


class _Full(Exception):
    """The rendering reached its limit: stop rendering (it was cut)."""


class _Out:
    """What one rendering wrote so far, at most `limit` characters, and its failures."""

    __slots__ = ("parts", "room", "failures", "error")

    def __init__(self, limit: int) -> None:
        self.parts: list[str] = []
        self.room = limit
        self.failures = 0
        self.error = ""

    def write(self, text: str) -> None:
        if len(text) > self.room:
            self.parts.append(text[: self.room] + "…")
            raise _Full
        self.room -= len(text)
        self.parts.append(text)


def _render(parts: list[Any], ctx: Context, out: _Out) -> None:
    for part in parts:
        if isinstance(part, str):
            out.write(part)
            continue
        try:
            if isinstance(part, _If):
                branch = part.then if _truthy(part.cond(ctx)) else part.otherwise
            else:
                text = _text(part(ctx))
        except Exception as exc:  # noqa: BLE001 - a value the template cannot format: say so in place
            reason = str(exc) if isinstance(exc, TemplateError) else f"{type(exc).__name__}: {exc}"
            out.failures += 1
            out.error = out.error or reason[:_MAX_ERROR]
            out.write(f"<error: {reason[:_MAX_ERROR]}>")
            continue
        if isinstance(part, _If):
            _render(branch, ctx, out)
        else:
            out.write(text)


class Template:
    """A compiled template; `render(ctx)` never parses."""

    def __init__(self, source: str) -> None:
        if len(source) > MAX_TEMPLATE_LENGTH:
            raise TemplateLimit(f"{len(source)} characters, over the maximum {MAX_TEMPLATE_LENGTH}")
        self.source = source
        self.static = "{{" not in source
        self._parts: list[Any] = []
        self.failures = 0  # renderings with an action that failed (rendered as <error: …>)
        self.last_error = ""
        if self.static:
            if len(source) > MAX_RENDERED:
                raise TemplateLimit(
                    f"{len(source)} characters, over the maximum {MAX_RENDERED} of a rendering"
                )
            return
        # `{{ if }}` opens a branch; the stack holds the list that text goes into
        stack: list[tuple[_If | None, list[Any]]] = [(None, self._parts)]
        pos = 0
        pending_trim = False
        for m in _ACTION.finditer(source):
            literal = source[pos : m.start()]
            if pending_trim:
                literal = literal.lstrip()
            if m.group(1):
                literal = literal.rstrip()
            self._literal(stack[-1][1], literal)
            inner = m.group(2)
            word = inner.split(None, 1)[0] if inner.strip() else ""
            if inner.startswith("/*") and inner.endswith("*/"):
                pass  # a comment
            elif word == "if":
                branch = _If(_pipeline(inner[2:]), [], [])
                stack[-1][1].append(branch)
                stack.append((branch, branch.then))
                if len(stack) > MAX_NESTING + 1:  # rendering recurses once per level
                    raise TemplateLimit(f"{{{{ if }}}} nested more than {MAX_NESTING} deep")
            elif inner == "else":
                open_if = stack[-1][0]
                if open_if is None or stack[-1][1] is open_if.otherwise:
                    raise TemplateError("{{ else }} without {{ if }}")
                stack[-1] = (open_if, open_if.otherwise)
            elif inner == "end":
                if len(stack) == 1:
                    raise TemplateError("{{ end }} without {{ if }}")
                stack.pop()
            else:
                stack[-1][1].append(_pipeline(inner))
            pending_trim = bool(m.group(3))
            pos = m.end()
        if len(stack) > 1:
            raise TemplateError("{{ if }} without {{ end }}")
        rest = source[pos:]
        if pending_trim:
            rest = rest.lstrip()
        self._literal(self._parts, rest)

    @staticmethod
    def _literal(parts: list[Any], text: str) -> None:
        if "{{" in text:
            raise TemplateError("unclosed action (a {{ without }})")
        if text:
            parts.append(text)

    def render(self, ctx: Context, limit: int = MAX_RENDERED) -> str:
        """At most `limit` characters (cut with "…"); never raises for a value it is given."""
        if self.static:
            return self.source if len(self.source) <= limit else self.source[:limit] + "…"
        out = _Out(limit)
        try:
            _render(self._parts, ctx, out)
        except _Full:
            pass
        if out.failures:
            self.failures += 1
            self.last_error = out.error
        return "".join(out.parts)


_NO_CONTEXT = Context({}, 0.0, {})


_USES_INFO = re.compile(r"\{\{[^}]*\$info\b", re.DOTALL)


def uses_info(source: str) -> bool:
    """Whether a template reads `$info` (a rule without `info:` must not; the export defines it)."""
    return bool(_USES_INFO.search(source))


def compile_template(source: str) -> Template:
    """Compile or raise TemplateError with what is wrong."""
    return Template(source)
