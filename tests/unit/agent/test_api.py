"""The module-level calls (gpumemd/agent/api.py): each reaches this process's one agent, is a
no-op without one, and `start()` passes `listen_address` on only when it is given."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gpumemd.agent import api
from gpumemd.config import AgentConfig, Config

QUIET = {"spool_dir": "", "nvml": False, "interval": 60}


@pytest.fixture(autouse=True)
def _no_agent() -> Iterator[None]:
    api.stop()
    assert api.current() is None or not api.current().started
    yield
    api.stop()


def test_without_an_agent_each_call_is_a_no_op() -> None:
    assert api.current() is None or not api.current().started
    api.set_step(3, tokens=128)
    api.stop()
    assert (api.watch(object()), api.find_leak(), api.arm_memory_history(), api.dump_snapshot()) == (
        False, False, False, None)


def test_find_leak_checks_its_arguments_even_without_an_agent() -> None:
    with pytest.raises(ValueError):
        api.find_leak(every=0)


def test_dump_snapshot_checks_its_reason_even_without_an_agent() -> None:
    with pytest.raises(TypeError):
        api.dump_snapshot(object())  # type: ignore[arg-type]


def test_start_is_idempotent_and_the_calls_reach_the_running_agent() -> None:
    agent = api.start(listen_address=None, **QUIET)
    assert agent.started and api.current() is agent
    assert api.start(listen_address=None, **QUIET) is agent  # the running one, not a second
    api.set_step(7)
    assert agent.training.step == 7
    api.stop()
    assert not agent.started


def test_listen_address_given_overrides_the_file_and_left_out_keeps_it() -> None:
    config = Config(agent=AgentConfig(listen_address="127.0.0.1:0", endpoint="thread"))
    off = api.start(config, listen_address=None, **QUIET)
    assert off.listen_address is None and off.url_address is None
    api.stop()
    served = api.start(config, **QUIET)  # not given: the configuration's
    assert served is not off and served.listen_address == "127.0.0.1:0"
    assert served.url_address is not None and not served.url_address.endswith(":0")
