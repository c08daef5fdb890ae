"""The leak finder's diff as a pure function: snapshots shaped like torch's (segments, blocks,
Python frames innermost first), a series of them at step boundaries."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.diagnosis.leak import find_leaks, human_site

MIB = 1 << 20
TORCH = {
    "filename": "/usr/lib/python3/site-packages/torch/nn/modules/linear.py",
    "line": 125,
    "name": "forward",
}


def frame(line: int, name: str = "train_step", file: str = "/home/u/train.py") -> dict:
    return {"filename": file, "line": line, "name": name}


def block(size: int, *frames: dict, state: str = "active_allocated") -> dict:
    return {"size": size, "state": state, "frames": list(frames)}


def snap(blocks: list[dict]) -> dict:
    return {"segments": [{"device": 0, "total_size": sum(b["size"] for b in blocks), "blocks": blocks}]}


def series(n: int, leak_per_step: int, steps_between: int = 2) -> list[dict]:
    """Weights (steady), gradients re-allocated each step (steady), a leak growing at train.py:88."""
    out = []
    for i in range(n):
        blocks = [block(100 * MIB, TORCH, frame(20, "build")), block(100 * MIB, TORCH, frame(60, "backward"))]
        blocks += [block(leak_per_step, frame(88)) for _ in range(i * steps_between)]
        blocks.append(block(4 * MIB, TORCH, state="inactive"))
        out.append(snap(blocks))
    return out


def test_the_growing_site_is_named_with_its_rate_and_steady_ones_are_not() -> None:
    report = find_leaks(series(4, 48 * MIB), steps=6)
    assert [human_site(s) for s in report.sites] == ["train.py:88 in train_step()"]
    (site,) = report.sites
    assert (
        site.bytes_per_step == 48 * MIB
        and site.blocks == 6
        and site.growth == (0, 96 * MIB, 192 * MIB, 288 * MIB)
    )
    json.dumps(report.to_json(), allow_nan=False)


def test_a_steady_run_names_no_site() -> None:
    assert find_leaks(series(4, 0), steps=6).sites == ()


def test_a_site_that_grew_once_and_then_stood_still_is_not_a_leak() -> None:
    snaps = series(4, 48 * MIB)
    snaps[3] = snaps[2]
    assert find_leaks(snaps, steps=6).sites == ()


def test_growth_with_no_user_frame_is_reported_as_unattributed() -> None:
    snaps = [snap([block(10 * MIB, TORCH) for _ in range(i + 1)]) for i in range(4)]
    report = find_leaks(snaps, steps=3)
    assert report.sites == () and report.unattributed_bytes == 30 * MIB and report.notes


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["segments", "blocks", "size", "state", "frames", "filename", "line", "name", "device"]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(json_like, min_size=0, max_size=4), st.integers(-5, 100))
def test_any_snapshot_shaped_data_gives_a_bounded_report(snaps: list, steps: int) -> None:
    report = find_leaks(snaps, steps)
    assert len(report.sites) <= 10
    json.dumps(report.to_json(), allow_nan=False)


def test_growth_per_step_from_one_recorded_step_per_window() -> None:
    """One step of each window of 10 recorded: a site adding a block per step grew by one
    step's blocks per window; one growing buffer re-allocated each step grew through all 10."""
    user = [{"filename": "/home/u/train.py", "line": 5, "name": "step"}]

    def snap(n_blocks: int, size: int) -> dict:
        blocks = [{"address": i << 24, "size": size, "state": "active_allocated", "frames": user}
                  for i in range(n_blocks)]
        return {"segments": [{"device": 0, "blocks": blocks}]}

    per_block = find_leaks([snap(1, 1 << 20), snap(2, 1 << 20), snap(3, 1 << 20)], 20, recorded_steps=2)
    assert per_block.sites[0].bytes_per_step == 1 << 20
    growing = find_leaks([snap(1, 10 << 20), snap(1, 20 << 20), snap(1, 30 << 20)], 20, recorded_steps=2)
    assert growing.sites[0].bytes_per_step == 1 << 20


def test_a_small_leak_recorded_one_step_per_window_is_still_named() -> None:
    """A 384 KiB leak per step, one step of each window of 10 recorded: the frames show
    768 KiB of growth over 20 steps, 7.5 MiB in truth; over min_growth (1 MiB)."""
    user = [{"filename": "/home/u/train.py", "line": 38, "name": "hook"}]

    def snap(n: int) -> dict:
        blocks = [{"address": i << 24, "size": 384 << 10, "state": "active_allocated", "frames": user}
                  for i in range(n)]
        return {"segments": [{"device": 0, "blocks": blocks}]}

    report = find_leaks([snap(1), snap(2), snap(3)], 20, recorded_steps=2)
    assert [s.line for s in report.sites] == [38] and report.sites[0].bytes_per_step == 384 << 10
    assert find_leaks([snap(1), snap(2), snap(3)], 2).sites == ()  # every step recorded: 768 KiB in all
