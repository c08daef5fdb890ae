"""An operator's typo, any kind: a value of any YAML shape (nothing, a list, a mapping, an
integer, a string, a boolean, a float) at ANY key of config.example.yaml is either accepted
or refused by check-config with `file: path: message` lines and exit status 2: never a
traceback, never the last-resort "cannot check the configuration" line that means the
converter let a wrong type through (gpumemd/config/loader.py `_convert`)."""

from __future__ import annotations

import copy
import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import example, given
from hypothesis import strategies as st

from gpumemd import cli
from tests.helpers import ROOT

EXAMPLE: dict[str, Any] = yaml.safe_load((ROOT / "config.example.yaml").read_text())
# the example's lists are empty or hold defaults: one rule and one webhook give their keys paths too
EXAMPLE["alerting"]["rules"] = [{
    "alert": "A", "metric": "gpumemd_gpu_memory_used_bytes", "divide_by": "gpumemd_gpu_memory_total_bytes",
    "op": ">", "threshold": 0.95, "for": "2m", "keep_firing_for": "0s", "labels": {"severity": "warning"},
    "annotations": {"summary": "{{ $value }}"}}]
EXAMPLE["alerting"]["notifiers"].append({"type": "webhook", "url": "http://127.0.0.1:1/", "timeout": "1s"})
EXAMPLE["alerting"]["external_labels"] = {"cluster": "a"}


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path: each mapping key, and each list's items."""
    out: list[tuple[Any, ...]] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        out.append((*prefix, key))
        out.extend(_paths(value, (*prefix, key)))
    return out


PATHS = _paths(EXAMPLE)

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["1s", "0s", "-1s", "webhook", "log", "127.0.0.1:0", ":0", "", "null", "true"]),
)
values = st.recursive(scalars, lambda kids: st.one_of(st.lists(kids, max_size=3),
                                                      st.dictionaries(st.text(max_size=8), kids, max_size=3)),
                      max_leaves=8)


def _with(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(EXAMPLE)
    node: Any = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def _check_config(tmp: Path, doc: dict[str, Any]) -> tuple[int, str]:
    path = tmp / "gpumemd.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True))
    err, out = io.StringIO(), io.StringIO()
    with redirect_stderr(err), redirect_stdout(out):
        try:
            status = cli.main(["check-config", str(path)])
        except SystemExit as exc:  # argparse, say: a status too, but never from a value in the file
            status = exc.code if isinstance(exc.code, int) else 1
    return status, err.getvalue()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("types")


def test_the_example_itself_is_valid(scratch: Path) -> None:
    assert _check_config(scratch, EXAMPLE) == (0, "")


# found by the fuzz test of the config loader on 2026-11-25 (a TypeError traceback then)
@example(path=("alerting", "notifiers", 0), value="webhook")
@example(path=("alerting", "notifiers"), value=["webhook"])
@example(path=("web",), value="x")
@example(path=("alerting", "rules", 0), value=None)
@example(path=("sources", "spool"), value=[])
@given(path=st.sampled_from(PATHS), value=values)
def test_any_value_at_any_key_is_accepted_or_one_line_each(
    scratch: Path, path: tuple[Any, ...], value: Any
) -> None:
    status, err = _check_config(scratch, _with(path, value))
    assert status in (0, 2), (status, err)
    assert "Traceback" not in err and "cannot check the configuration" not in err, err
    if status == 2:
        lines = err.splitlines()
        assert lines and all(ln.startswith(str(scratch)) for ln in lines), lines
