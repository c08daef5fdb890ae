"""Annotation and label templates: the subset of Prometheus's Go templates that rules need.

Supported: `{{ $labels.NAME }}`, `{{ $value }}`, `{{ $externalLabels.NAME }}` (and `.Labels`,
`.Value`), pipelines into `humanize`, `humanize1024`, `humanizePercentage`,
`humanizeDuration`, `toUpper`, `toLower`, `title`, and `printf "FORMAT" ARGS`,
`{{ if PIPELINE }}…{{ else }}…{{ end }}` (Go's truth: an empty string, 0 and false are
false; the default rules name a rank, else the pid), with `{{-`/`-}}` trimming. Everything we accept is valid Go template text, so the same
strings go unchanged into the exported Prometheus rule file. Templates compile once (at
load, where a bad one is a validation error) and render without parsing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "FUNCTIONS", "Context", "Renderer", "Template", "TemplateError", "compile_template", "humanize",
    "humanize1024", "humanize_duration", "humanize_percentage", "printf",
]


class TemplateError(ValueError):
    pass


@dataclass(frozen=True)
class Context:
    labels: Mapping[str, str]
    value: float
    external_labels: Mapping[str, str]


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
    if isinstance(x, (int, float)):
        return float(x)
    try:
        return float(x)
    except (TypeError, ValueError):
        raise TemplateError(f"cannot convert {x!r} to a number") from None


def _g4(v: float) -> str:
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


_VERB = re.compile(r"%([-+# 0]*\d*(?:\.\d+)?)([vdfegsxXqt%])")


def printf(fmt: Any, *args: Any) -> str:
    """Go's printf for the verbs templates use (%v %s %d %f %e %g %x %q)."""
    it = iter(args)

    def one(m: re.Match[str]) -> str:
        flags, verb = m.group(1), m.group(2)
        if verb == "%":
            return "%"
        arg = next(it, None)
        if arg is None:
            return f"%!{verb}(MISSING)"
        if verb == "v":
            return _go_float(arg) if isinstance(arg, float) else str(arg)
        if verb in "dxX":
            return ("%" + flags + verb) % int(_as_float(arg))
        if verb in "feg":
            return ("%" + flags + verb) % _as_float(arg)
        if verb == "q":
            return '"' + str(arg).replace("\\", "\\\\").replace('"', '\\"') + '"'
        return ("%" + flags + "s") % (_go_float(arg) if isinstance(arg, float) else arg)

    return _VERB.sub(one, str(fmt))


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
_TOKEN = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<raw>`[^`]*`)|(?P<num>-?\d+(?:\.\d+)?)'
                    r"|(?P<var>\$[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*|\.[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)"
                    r"|(?P<ident>[A-Za-z_]\w*)|(?P<pipe>\|))")


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
    raise TemplateError(f"{text}: unknown variable (use $labels, $value or $externalLabels)")


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


def _render(parts: list[Any], ctx: Context, out: list[str]) -> None:
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        try:
            if isinstance(part, _If):
                _render(part.then if _truthy(part.cond(ctx)) else part.otherwise, ctx, out)
            else:
                out.append(_text(part(ctx)))
        except TemplateError as exc:  # a value the template cannot format: say so in place
            out.append(f"<error: {exc}>")


class Template:
    """A compiled template; `render(ctx)` never parses."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.static = "{{" not in source
        self._parts: list[Any] = []
        if self.static:
            return
        # `{{ if }}` opens a branch; the stack holds the list that text goes into
        stack: list[tuple[_If | None, list[Any]]] = [(None, self._parts)]
        pos = 0
        pending_trim = False
        for m in _ACTION.finditer(source):
            literal = source[pos:m.start()]
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

    def render(self, ctx: Context) -> str:
        if self.static:
            return self.source
        out: list[str] = []
        _render(self._parts, ctx, out)
        return "".join(out)


def compile_template(source: str) -> Template:
    """Compile or raise TemplateError with what is wrong."""
    return Template(source)
