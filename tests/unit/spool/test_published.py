"""What an agent publishes reaches the node daemon, and only that: the canonical list's origin
(`known_metrics`: AGENT) is the one list of it. Every family a real agent exports (its golden
exposition, pinned to a render by tests/unit/agent/test_golden.py) is published, or its origin
says why not; none the daemon exports itself is published."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from gpumemd import known_metrics
from gpumemd.sources.base import Family
from gpumemd.sources.spool import daemon_family_names
from gpumemd.spool.encoder import Encoder, encode
from gpumemd.spool.format import AGENT_NAMESPACE, Rejection, agent_schema, parse
from tests.helpers import GOLDEN

AGENT_GOLDEN = GOLDEN / "agent__h200__torch-2.11__after-256MiB.prom"

# What the agent exports and does not publish, by origin, and why.
NOT_PUBLISHED = {
    known_metrics.AGENT_LOCAL: "device-level: the daemon exports its own figure under the name",
    "sampler": "the daemon's sampler exports its own (build info, collectors, samples)",
    "alerts": "the agent's alerts reach the daemon as the file's `alerts` document",
}


def _agent_families() -> list:
    return list(text_string_to_metric_families(AGENT_GOLDEN.read_text()))


def test_every_family_the_agent_exports_is_published_or_its_origin_says_why_not() -> None:
    published, unexplained, seen = known_metrics.published(), [], 0
    for fam in _agent_families():
        info = known_metrics.lookup(fam.name + ("_total" if fam.type == "counter" else ""))
        assert info is not None, f"{fam.name}: not in known_metrics"
        if info.origin == known_metrics.AGENT:
            assert info.name in published and info.name in agent_schema(), info.name
            seen += 1
        elif info.origin not in NOT_PUBLISHED:
            unexplained.append(f"{info.name} (origin {info.origin})")
    assert unexplained == [], f"agent families the daemon never sees: {unexplained}"
    assert seen > 40


def test_the_agents_published_families_survive_the_spool() -> None:
    fams = _agent_families()
    data = encode(fams, pid=41, written=1.0, interval=1.0, identity={"rank": "0"})
    got = parse(data, name_pid=41, schema=agent_schema())
    merged = {name for name, _, _, samples, _ in got.families if samples}
    exported = {f.name for f in fams if f.samples and f.name in known_metrics.published()}
    assert exported and merged == exported


def test_no_published_family_is_one_the_daemon_exports_itself() -> None:
    assert not known_metrics.published() & daemon_family_names()
    assert set(agent_schema()) == known_metrics.published()


def test_the_leak_finders_answer_goes_through_the_spool() -> None:
    info = Family("gpumemd_leak_last_report_info")
    site = Family("gpumemd_leak_site_bytes_per_step")
    a, b = info.new(), site.new()
    info.add(a, {"gpu": "0", "site": "train.py:88 in step()", "retained_by": "local outputs",
                 "summary": "leaking at train.py:88 in step(): +48.0 MiB/step"}, 1)
    site.add(b, {"site": "train.py:88 in step()"}, 50331648)
    data = encode([a, b], pid=41, written=1.0, interval=1.0, identity={"rank": "3"})
    got = parse(data, name_pid=41, schema=agent_schema())
    names = {name for name, _, _, samples, _ in got.families if samples}
    assert names == {"gpumemd_leak_last_report_info", "gpumemd_leak_site_bytes_per_step"}


def test_the_daemon_reads_every_name_agents_publish() -> None:
    outside = sorted(n for n in known_metrics.published() if not n.startswith(AGENT_NAMESPACE))
    assert outside == [], f"published, but outside the names the daemon reads: {outside}"


def test_a_known_family_agents_do_not_publish_is_not_merged_from_a_rank() -> None:
    # the daemon's NVML figure of a process, read without the daemon's reserved names (the
    # daemon's SpoolSource refuses it outright: name_collision); known, so never a rank's
    fam = Family("gpumemd_process_gpu_memory_used_bytes")  # the daemon's own name, forged by a rank
    m = fam.new()
    fam.add(m, {"gpu": "0", "uuid": "GPU-a"}, 1e12)
    doc = Encoder(pid=41, interval=1.0, identity={"rank": "3"}, everything=True).encode([m], 1.0)
    got = parse(doc, name_pid=41, schema=agent_schema())
    assert not isinstance(got, Rejection) and got.families == []
