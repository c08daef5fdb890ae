"""The device boundary: NVML's answers (real, or a capture handed to `--replay`) of any type
and any size cost the one value that is wrong, never the collector or another GPU.

The hostile answers are edits of a real 8-GPU capture: a driver that answers garbage is a
fault we cannot cause on the device machine.
"""

from __future__ import annotations

import copy
import json
import math
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from prometheus_client.openmetrics.exposition import generate_latest as openmetrics
from prometheus_client.openmetrics.parser import text_string_to_metric_families as parse_openmetrics

from gpumemd.backends.nvml import NvmlError
from gpumemd.backends.replay import nvml_replayer
from gpumemd.sources.nvml import NvmlSource
from tests.helpers import CAPTURES

EIGHT = json.loads((CAPTURES / "synthetic__8xh200__multi-process.json").read_text())
_PER_GPU = re.compile(r"\w+\((\d+)\)\Z")  # memory_info(3), uuid(3), …: answers about one GPU

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 70), 1 << 70)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


class _Registry:
    def __init__(self, families: list[Any]) -> None:
        self._families = families

    def collect(self) -> list[Any]:
        return self._families


def served(source: NvmlSource) -> dict[tuple[str, str], float]:
    """What a scrape would serve, through the strict (OpenMetrics) parser: (name, gpu) -> value."""
    text = openmetrics(_Registry(list(source.families(source.read({}))))).decode()
    out = {}
    for fam in parse_openmetrics(text):
        for s in fam.samples:
            if "gpu" in s.labels and "pid" not in s.labels:
                out[(s.name, s.labels["gpu"])] = s.value
    return out


def mutate(capture: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    cap = copy.deepcopy(capture)
    cap["nvml"][key] = {"ok": value}
    return cap


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        sorted(k for k in EIGHT["nvml"] if _PER_GPU.match(k) and not k.startswith("process_name"))
    ),
    json_values,
)
def test_any_answer_about_one_gpu_costs_only_that_gpus_value(key: str, value: Any) -> None:
    bad_gpu = _PER_GPU.match(key).group(1)  # type: ignore[union-attr]
    src = NvmlSource(nvml_replayer(mutate(EIGHT, key, value)), process_names=True, utilization=True)
    good = NvmlSource(nvml_replayer(EIGHT), process_names=True, utilization=True)
    got, want = served(src), served(good)
    for (name, gpu), v in want.items():
        if gpu != bad_gpu:
            assert got.get((name, gpu)) == v, (name, gpu)
    for (name, _gpu), v in got.items():
        assert math.isfinite(v) and v >= 0, (name, v)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["device_count()", "driver_version()"]), json_values)
def test_a_node_wide_answer_is_a_failed_collection_or_a_clean_one(key: str, value: Any) -> None:
    src = NvmlSource(nvml_replayer(mutate(EIGHT, key, value)), process_names=True)
    try:
        got = served(src)
    except NvmlError:  # the device count is garbage: nothing is readable, the collection fails
        assert key == "device_count()"
        return
    assert all(math.isfinite(v) and v >= 0 for v in got.values())


def test_nvmls_not_available_value_is_left_out_and_counted() -> None:
    """2**64 - 1 is NVML_VALUE_NOT_AVAILABLE: not 18 EB used."""
    key = next(k for k in EIGHT["nvml"] if k.startswith("memory_info_v2("))
    answer = dict(EIGHT["nvml"][key]["ok"], used=(1 << 64) - 1)
    src = NvmlSource(nvml_replayer(mutate(EIGHT, key, answer)))
    fams = {f.name: f for f in src.families(src.read({}))}
    gpu = _PER_GPU.match(key).group(1)  # type: ignore[union-attr]
    used = {s.labels["gpu"] for s in fams["gpumemd_gpu_memory_used_bytes"].samples}
    assert gpu not in used and len(used) == 7
    counted = {s.labels["field"]: s.value for s in fams["gpumemd_nvml_invalid_answers"].samples}
    assert counted["memory"] == 1


def test_a_process_name_with_a_lone_surrogate_is_served_encodable() -> None:
    key = next(k for k in EIGHT["nvml"] if k.startswith("process_name("))
    src = NvmlSource(nvml_replayer(mutate(EIGHT, key, "py\ud800thon")), process_names=True)
    text = openmetrics(_Registry(list(src.families(src.read({}))))).decode()
    assert "py\ufffdthon" in text
