"""How the commands write what they read: human byte sizes, label text safe for a terminal,
the tree `explain` draws, and strict JSON. Pure functions, shared by explain, top and the
job view so the three say a size or a name the same way."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from gpumemd.diagnosis.oom import human_bytes

__all__ = [
    "ASCII_TREE",
    "GiB",
    "MAX_TEXT",
    "MiB",
    "TREE",
    "Branch",
    "finite",
    "short",
    "size",
    "strict_json",
    "text",
    "tree_rows",
]

MiB, GiB = 1 << 20, 1 << 30
MAX_TEXT = 256  # characters of a label value shown or written


# Bytes for a reader, one decimal in the largest unit that fits (`1.5 GiB`): the OOM
# diagnosis's writer, so a cause's text and the tree say a size alike.
size = human_bytes


def short(n: float | None) -> str:
    """Bytes in at most six columns (`top`'s table): `1.5G`, `518M`; None is `-`."""
    if n is None:
        return "-"
    for unit, scale in (("G", GiB), ("M", MiB), ("K", 1 << 10)):
        if abs(n) >= scale:
            value = n / scale
            return f"{value:.1f}{unit}" if value < 100 else f"{value:.0f}{unit}"
    return f"{int(n)}B"


def text(s: str) -> str:
    """A label value as it may reach a terminal or JSON: printable, bounded (a process name
    with escape sequences or lone surrogates must not reach the operator's terminal)."""
    if len(s) <= MAX_TEXT and s.isprintable():  # lone surrogates are not printable
        return s  # the same string: an answer's labels are not copied per reader
    out = "".join(c if c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF else "?" for c in s[:MAX_TEXT])
    return out + ("..." if len(s) > MAX_TEXT else "")


def finite(obj: Any) -> Any:
    """`obj` with every float that is not finite as None (strict JSON has no NaN)."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [finite(v) for v in obj]
    return obj


def strict_json(doc: Any) -> str:
    """Strict JSON (RFC 8259), as every command's `--json` writes it: a value that is not a
    finite number is null, never NaN; keys sorted, so two answers diff line by line."""
    return json.dumps(finite(doc), indent=1, sort_keys=True, allow_nan=False) + "\n"


TREE = {"mid": "├─ ", "last": "└─ ", "bar": "│  ", "gap": "   "}
ASCII_TREE = {"mid": "|- ", "last": "`- ", "bar": "|  ", "gap": "   "}

# (label, bytes, note, children): a node of the tree, its children nodes of the same shape
# (a GPU's parts, their processes, a process's split, its allocated memory by category)
Branch = tuple[str, int, str, Sequence["Branch"]]


def tree_rows(
    nodes: Sequence[Branch], glyphs: dict[str, str], prefix: str = ""
) -> list[tuple[str, str, int, str]]:
    """The tree as (prefix, label, bytes, note) rows, the prefix drawn with `glyphs`."""
    rows = []
    for i, (label, nbytes, note, children) in enumerate(nodes):
        last = i == len(nodes) - 1
        rows.append((prefix + (glyphs["last"] if last else glyphs["mid"]), label, nbytes, note))
        rows.extend(tree_rows(children, glyphs, prefix + (glyphs["gap"] if last else glyphs["bar"])))
    return rows
