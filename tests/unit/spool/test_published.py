"""What an agent publishes reaches the node daemon: every family the canonical list says the
agent exports is in the spool's schema, except the device-level ones (the daemon's own)."""

from __future__ import annotations

from gpumemd import known_metrics
from gpumemd.sources.base import Family
from gpumemd.spool.format import PUBLISHED_PREFIXES, agent_schema, encode, parse

# Device-level series the agent computes for its own endpoint; on the node the daemon exports
# its own figure under that name, so a rank's copy would collide with it.
DEVICE_LEVEL = ("gpumemd_gpu_",)


def test_every_family_the_agent_exports_is_published_to_the_daemon() -> None:
    missing = [
        info.name
        for info in map(known_metrics.lookup, known_metrics.sample_names())
        if info is not None and info.origin == "agent"
        and not info.name.startswith(DEVICE_LEVEL) and not info.name.startswith(PUBLISHED_PREFIXES)
    ]
    assert missing == [], f"agent families the daemon never sees: {missing}"


def test_the_leak_finders_answer_goes_through_the_spool() -> None:
    info = Family("gpumemd_leak_last_report_info", "The leak finder's last answer.")
    site = Family("gpumemd_leak_site_bytes_per_step", "Growth per step at a growing site.")
    a, b = info.new(), site.new()
    info.add(a, {"gpu": "0", "site": "train.py:88 in step()", "retained_by": "local outputs",
                 "summary": "leaking at train.py:88 in step(): +48.0 MiB/step"}, 1)
    site.add(b, {"site": "train.py:88 in step()"}, 50331648)
    data = encode([a, b], pid=41, written=1.0, interval=1.0, identity={"rank": "3"})
    got = parse(data, name_pid=41, schema=agent_schema())
    names = {name for name, _, _, samples, _ in got.families if samples}
    assert names == {"gpumemd_leak_last_report_info", "gpumemd_leak_site_bytes_per_step"}
