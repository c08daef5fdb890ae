"""`gpumemd.start(**overrides)` goes through the configuration's one validator: any value,
of any type, is either applied or logged and counted — never an exception in user code."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.agent.agent import Agent
from gpumemd.config import AgentConfig


def build(**overrides: object) -> Agent:
    return Agent(listen_address=None, spool_dir="", **overrides)  # built, not started


def test_seconds_and_duration_strings_both_apply() -> None:
    a = build(interval=0.05, evaluation_interval="2s", peak_window=45, tick="thread")
    assert (a.config.agent.interval, a.config.agent.evaluation_interval) == (0.05, 2.0)
    assert (a.config.agent.peak_window, a.config.agent.tick) == (45.0, "thread")
    assert a.errors.counts.get("config", 0) == 0


def test_bad_overrides_are_counted_and_the_good_ones_still_apply(caplog) -> None:
    a = build(interval=10**400, nvml_interval=math.nan, spool_interval=math.inf, peak_window=-1,
              tick="sometimes", bogus=1, oom_max_snapshots=10**12, evaluation_interval=0.5)
    agent, default = a.config.agent, AgentConfig()
    assert agent.evaluation_interval == 0.5  # good
    assert (agent.interval, agent.nvml_interval, agent.spool_interval, agent.peak_window, agent.tick,
            agent.oom_max_snapshots) == (default.interval, default.nvml_interval, default.spool_interval,
                                         default.peak_window, default.tick, default.oom_max_snapshots)
    assert a.errors.counts["config"] >= 1
    text = caplog.text
    for key in ("agent.interval", "agent.nvml_interval", "agent.spool_interval", "agent.peak_window",
                "agent.tick", "agent.bogus", "agent.oom_max_snapshots"):
        assert key in text, key


def test_a_bad_config_file_leaves_defaults_and_says_why(tmp_path, caplog) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"agent: {interval: \xff}\n")
    a = Agent(str(bad), listen_address=None, spool_dir="")
    assert a.config.agent.interval == AgentConfig().interval
    assert a.errors.counts["config"] == 1 and str(bad) in caplog.text


_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | st.binary(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.tuples(inner)
        | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from([*AgentConfig.__dataclass_fields__, "nope"]), _values, max_size=4))
def test_no_override_value_raises(overrides: dict) -> None:
    overrides.pop("listen_address", None)
    overrides.pop("spool_dir", None)
    a = build(**overrides)
    assert isinstance(a.config.agent, AgentConfig)
