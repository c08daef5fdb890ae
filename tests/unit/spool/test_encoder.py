"""A rank's families as the bytes of one spool document (gpumemd/spool/encoder.py): the header
and types table written once and reused, never stale; what the daemon's validator reads back."""

from __future__ import annotations

import json

from prometheus_client.core import Metric

from gpumemd.spool.encoder import Encoder, encode
from gpumemd.spool.format import FORMAT, RankFile, families_of, parse
from tests.spool_hostile import healthy_families


def allocated(value: float, help_: str = "Bytes allocated.") -> Metric:
    fam = Metric("gpumemd_allocator_allocated_bytes", help_, "gauge")
    fam.add_sample("gpumemd_allocator_allocated_bytes", {"pool": "large"}, value)
    return fam


def test_a_document_holds_the_header_and_the_published_families_only() -> None:
    doc = json.loads(encode(healthy_families(3), pid=41, written=5.0, interval=2.0, identity={"rank": "3"}))
    assert (doc["format"], doc["pid"], doc["written"], doc["interval"], doc["identity"]) == (
        FORMAT, 41, 5.0, 2.0, {"rank": "3"})
    names = [fam[0] for fam in families_of(doc)]
    # not the sampler's build_info: the daemon exports its own
    assert names == ["gpumemd_allocator_allocated_bytes", "gpumemd_oom_events"]
    assert [len(fam[3]) for fam in families_of(doc)] == [3, 1]


def test_every_family_is_encoded_for_the_agents_endpoint_process() -> None:
    enc = Encoder(pid=41, interval=1.0, identity={}, everything=True)
    doc = json.loads(enc.encode(healthy_families(), 1.0))
    assert "gpumemd_build_info" in [fam[0] for fam in families_of(doc)]


def test_the_reused_types_table_follows_a_change_of_help_and_the_values_change_each_time() -> None:
    enc = Encoder(pid=41, interval=1.0, identity={"rank": "0"})
    first = json.loads(enc.encode([allocated(1.0)], 1.0))
    second = json.loads(enc.encode([allocated(2.0)], 2.0))
    third = json.loads(enc.encode([allocated(3.0, "Bytes the allocator holds.")], 3.0))
    types = [["gpumemd_allocator_allocated_bytes", "gauge", "Bytes allocated."]]
    assert first["types"] == second["types"] == types
    assert third["types"] == [["gpumemd_allocator_allocated_bytes", "gauge", "Bytes the allocator holds."]]
    assert [d["samples"][0][3] for d in (first, second, third)] == [1.0, 2.0, 3.0]
    assert [d["written"] for d in (first, second, third)] == [1.0, 2.0, 3.0]


def test_the_agents_alerts_are_kept_as_a_field_and_the_daemon_reads_the_document() -> None:
    data = Encoder(pid=41, interval=1.0, identity={"rank": "0"}).encode(
        [allocated(7.0)], 1.0, alerts=b'{"alerts":[]}')
    assert json.loads(data)["alerts"] == {"alerts": []}
    rank = parse(data, name_pid=41)
    assert isinstance(rank, RankFile)
    (name, typ, _help, samples, _keys), = rank.families
    assert (name, typ, [(s.labels, s.value) for s in samples]) == (
        "gpumemd_allocator_allocated_bytes", "gauge", [({"pool": "large", "rank": "0"}, 7.0)])
