"""The configuration YAML reader builds what PyYAML's safe loader builds (dates kept as text),
straight from the parser's events, each object priced as it is built."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from gpumemd.config import yamlsafe
from gpumemd.untrusted import allowance
from tests.helpers import ROOT, peak_allocated


class _Reference(yaml.SafeLoader):
    """PyYAML's own composer and constructor (the tree of nodes, then the objects), on the
    pure-Python parser."""


class _CReference(getattr(yaml, "CSafeLoader", _Reference)):  # type: ignore[misc]  # getattr: libyaml's, where PyYAML has it
    """The same on libyaml's parser, which reads a few texts otherwise (`a\t`)."""


for _ref in (_Reference, _CReference):
    _ref.add_constructor("tag:yaml.org,2002:timestamp", _ref.construct_scalar)  # type: ignore[type-var]
    _ref.add_constructor("tag:yaml.org,2002:value", _ref.construct_scalar)  # type: ignore[type-var]


def reference(text: str | bytes, loader: Any = yamlsafe._Loader) -> Any:
    """What PyYAML's safe loader reads of `text`, on `loader`'s parser."""
    return yaml.load(text, Loader=_Reference if loader is yamlsafe._PyLoader else _CReference)  # noqa: S506


# the pure-Python parser, and libyaml's where PyYAML has it
LOADERS = sorted({yamlsafe._PyLoader, yamlsafe._Loader}, key=lambda cls: cls.__name__)


def built(loader: Any, source: str | bytes, unlimited: bool = False) -> Any:
    reader = loader(source)
    if unlimited:
        reader.tally.limit = sys.maxsize
    return reader.get_single_data()


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=80)
_SCALARS = st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | _TEXT
_DATA = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(_SCALARS, inner, max_size=6),
    max_leaves=40,
)


@given(data=_DATA, flow=st.sampled_from([None, True, False]), unicode=st.booleans(),
       width=st.sampled_from([20, 80]))
def test_what_it_builds_is_what_pyyamls_safe_loader_builds(data: Any, flow: bool | None, unicode: bool,
                                                           width: int) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=unicode, width=width)
    for loader in LOADERS:
        expected = repr(reference(text, loader))
        assert repr(built(loader, text)) == expected
        assert repr(built(loader, text.encode())) == expected  # a file's bytes, read in place
    assert repr(yamlsafe.loads(text)) == repr(reference(text))


_PIECES = list("ab1.-:?,[]{}#&*!|>'\"%@ \n\t=~<") + ["!!str", "!!int", "!!map", "0x", "true", "2026-01-01",
                                                       "  ", "\n- "]
_YAMLISH = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


@given(text=_YAMLISH)
def test_any_text_is_what_pyyaml_reads_or_one_line(text: str) -> None:
    try:
        got = yamlsafe.loads(text)
    except yamlsafe.YamlError as exc:  # nothing else escapes
        assert "\n" not in str(exc)
        return
    assert repr(got) == repr(reference(text))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: !!bool maybe\n", "not valid YAML (line 1, column 4): not a !!bool value"),
        ("a: !!bool\n", "not valid YAML (line 1, column 4): not a !!bool value"),
        ("a: !!int\n", "not valid YAML (line 1, column 4): not a !!int value"),
        ("a: !!float\n", "not valid YAML (line 1, column 4): not a !!float value"),
        ("a: !!map x\n", "expected a mapping (line 1, column 4)"),
        ("a: !!seq x\n", "not valid YAML (line 1, column 4): expected a sequence node, but found scalar"),
        ("a: !!seq {b: 1}\n",
         "not valid YAML (line 1, column 4): expected a sequence node, but found mapping"),
        ("a: !!str [1]\n", "not valid YAML (line 1, column 4): expected a scalar node, but found sequence"),
        ("a: <<\n", "not valid YAML (line 1, column 4): could not determine a constructor"),
    ],
)
@pytest.mark.parametrize("loader", LOADERS, ids=lambda cls: cls.__name__)
def test_a_wrong_core_tag_is_one_line(text: str, message: str, loader: Any,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # `!!bool maybe` and an empty `!!int` escaped as KeyError and IndexError before
    monkeypatch.setattr(yamlsafe, "_Loader", loader)
    with pytest.raises(yamlsafe.YamlError) as err:
        yamlsafe.loads(text)
    assert str(err.value).startswith(message), str(err.value)


def test_short_strings_are_built_once_and_long_ones_each_time() -> None:
    long = "x" * 100
    rules = yamlsafe.loads(f"- {{severity: warning, s: {long}}}\n- {{severity: warning, s: {long}}}\n")
    (k0, v0), (k1, v1) = (next(iter(r.items())) for r in rules)
    assert k0 is k1 and v0 is v1  # one `severity`, one `warning` in the whole document
    assert rules[0]["s"] == rules[1]["s"] and rules[0]["s"] is not rules[1]["s"]


def _rules(n: int) -> str:
    """The default rules, renamed until there are `n`: a large rule file an operator may write."""
    rules = yaml.safe_load((ROOT / "gpumemd/alerts/defaults.yaml").read_text())["rules"]
    out = [{**rules[i % len(rules)], "alert": f"{rules[i % len(rules)]['alert']}{i}"} for i in range(n)]
    return yaml.safe_dump(json.loads(json.dumps({"rules": out})), sort_keys=False, width=120)  # no anchors


def _tiny_maps(n: int, distinct: bool = True) -> str:
    return "".join(f"- {{k{i % 7}: {i}}}\n" if distinct else "- {k: 1}\n" for i in range(n))


# what the reader allocates that it does not price: its frames, one event and one scalar's node;
# PyYAML's Python scanner also queues the tokens of up to 1,024 characters while a simple key
# may still be pending (a token and its two marks each: about 450 bytes a character at most)
UNPRICED = 64 << 10
SCANNER_QUEUE = 512 << 10

DOCS = {
    "config.example.yaml": (ROOT / "config.example.yaml").read_text(),
    "defaults.yaml": (ROOT / "gpumemd/alerts/defaults.yaml").read_text(),
    "200 rules": _rules(200),
    "one-character scalars, flow": "[" + ",".join(["a"] * 20_000) + "]",
    "one-character scalars, block": "- a\n" * 20_000,
    "distinct keys": "".join(f"k{i}: {i}\n" for i in range(8_000)),
    "tiny maps": _tiny_maps(8_000),
    "long keys and values": "".join(f"{'k' * 500}{i}: {'v' * 500}\n" for i in range(200)),
    "nested 64 deep": "a: " + "[" * 61 + "{b: [1, 2.5, x]}" + "]" * 61 + "\n",
    "non-ASCII": "".join(f"é{i}: [ü, 日本, 😀{i}]\n" for i in range(2_000)),
}


@pytest.mark.parametrize("name", DOCS)
def test_the_reader_never_allocates_more_than_it_prices(name: str) -> None:
    text = DOCS[name]
    priced = yamlsafe.estimate(text)
    assert yamlsafe.estimate(text) == priced  # the same each time: nothing carried between documents
    # the parser's own copy of the text comes on top: libyaml's UTF-8 bytes of a str, or the
    # Python reader's str (a file's bytes are read in place, section "load_file")
    transient = len(text.encode()) + sys.getsizeof(text)
    for loader in LOADERS:  # priced in full, past the allowance where a document is
        unpriced = UNPRICED + (SCANNER_QUEUE if loader is yamlsafe._PyLoader else 0)
        peak = peak_allocated(lambda loader=loader: built(loader, text, unlimited=True))
        assert peak <= priced + transient + unpriced, loader


def test_what_costs_more_than_its_allowance_is_refused_at_the_allowance() -> None:
    text = _tiny_maps(30_000, distinct=False)  # a dict a line: about 20 times the line's bytes
    assert yamlsafe.estimate(text) > allowance(len(text))
    with pytest.raises(yamlsafe.YamlError, match=r"^refused: its objects would take more than \d+ MiB "
                                                 r"\(\d+x its \d+ bytes\) \(line \d+, column \d+\)$"):
        yamlsafe.loads(text)
    assert peak_allocated(lambda: _refused(text)) <= allowance(len(text)) + len(text.encode()) + UNPRICED


def _refused(text: str) -> None:
    with pytest.raises(yamlsafe.YamlError):
        yamlsafe.loads(text)


def _tracked_yaml() -> list[str]:
    out = subprocess.run(["git", "ls-files", "*.yml", "*.yaml"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return out.split()


OURS = ["config.example.yaml", "gpumemd/config/example.yaml", "gpumemd/alerts/defaults.yaml",
        "gpumemd/alerts/job_rules.yaml", "deploy/k8s/base/gpumemd.yaml",
        "deploy/k8s/components/pod-attribution/gpumemd.yaml"]
# what the reader refuses that PyYAML's safe loader reads
REFUSALS = ("not allowed: ", "duplicate key ", "not valid YAML")


@pytest.mark.parametrize("name", _tracked_yaml())
def test_every_yaml_file_of_the_project_reads_as_pyyaml_reads_it(name: str) -> None:
    data = (ROOT / name).read_bytes()
    try:
        got = yamlsafe.load_file(ROOT / name)
    except yamlsafe.YamlError as exc:
        assert name not in OURS, exc
        assert str(exc).startswith(REFUSALS), exc  # k8s manifests of several documents, compose's anchors
        return
    assert repr(got) == repr(reference(data))
    assert got == yamlsafe.loads(data.decode())
    assert peak_allocated(lambda: yamlsafe.load_file(ROOT / name)) <= allowance(len(data)) + len(data)


def test_the_projects_own_files_are_among_them() -> None:
    assert set(OURS) <= set(_tracked_yaml())
