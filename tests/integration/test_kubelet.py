"""Pod attribution against a fake kubelet: a real grpcio server on a unix socket in tmp.

The fake kubelet encodes its answers with the real protobuf library (messages compiled
from tests/integration/podresources_v1.proto by grpcio-tools at test time), so gpumemd's
hand-written decoder is checked against the real encoder, not against itself.
"""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from gpumemd import config as config_mod
from gpumemd.backends import podresources as pr
from gpumemd.backends.replay import load_capture
from gpumemd.sampling.sampler import Sampler
from gpumemd.sources import kubelet as kl
from gpumemd.sources import slurm
from gpumemd.sources.base import SourceUnavailable
from gpumemd.sources.node import node_sources
from tests.helpers import ROOT, gpumemd_process, samples, scrape

grpc = pytest.importorskip("grpc", reason="grpcio is a test dependency (pip install grpcio)")
pytest.importorskip("grpc_tools", reason="grpcio-tools is a test dependency (pip install grpcio-tools)")

CAPTURE = ROOT / "tests/fixtures/captures/synthetic__8xh200__8-ranks.json"
UUIDS = [load_capture(CAPTURE)["nvml"][f"uuid({i})"]["ok"] for i in range(8)]


@pytest.fixture(scope="module")
def pb(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """podresources v1 messages, compiled with grpcio-tools into a temporary package."""
    from grpc_tools import protoc

    out = tmp_path_factory.mktemp("pb")
    proto_dir = Path(__file__).parent
    rc = protoc.main(
        ["protoc", f"-I{proto_dir}", f"--python_out={out}", str(proto_dir / "podresources_v1.proto")]
    )
    assert rc == 0
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module("podresources_v1_pb2")
    finally:
        sys.path.remove(str(out))


def response(pb: ModuleType, pods: list[tuple[str, str, list[tuple[str, str, list[str]]]]]) -> Any:
    """pods: [(namespace, pod, [(container, resource, [device ids])])], with the fields
    gpumemd ignores (cpu ids, memory, topology, a DRA claim of a driver it does not attribute)
    filled in, so the decoder must skip them."""
    msg = pb.ListPodResourcesResponse()
    for namespace, pod, containers in pods:
        p = msg.pod_resources.add(name=pod, namespace=namespace)
        for cname, resource, ids in containers:
            c = p.containers.add(name=cname)
            c.cpu_ids.extend([0, 1, 2**40])
            m = c.memory.add(memory_type="memory", size=2**35)
            m.topology.nodes.add(ID=1)
            d = c.devices.add(resource_name=resource)
            d.device_ids.extend(ids)
            d.topology.nodes.add(ID=0)
            c.devices.add(resource_name="example.com/nic", device_ids=["nic0"])
            dra = c.dynamic_resources.add(claim_name="nic-claim", claim_namespace=namespace)
            dra.claim_resources.add(
                driver_name="dra.example.com", pool_name="node1", device_name="nic-0"
            ).cdi_devices.add(name="example.com/nic=nic-0")
    return msg


class FakeKubelet:
    """v1.PodResourcesLister on a unix socket; answers `self.answer` (a message or a gRPC status)."""

    def __init__(self, socket: Path, answer: Any) -> None:
        self.answer = answer
        self.delay = 0.0
        self.calls = 0
        self.socket = socket
        handler = grpc.method_handlers_generic_handler(
            "v1.PodResourcesLister",
            {
                "List": grpc.unary_unary_rpc_method_handler(
                    self._list,
                    request_deserializer=lambda b: b,
                    response_serializer=lambda m: m.SerializeToString(),
                )
            },
        )
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
        self.server.add_generic_rpc_handlers((handler,))
        self.server.add_insecure_port(f"unix://{socket}")

    def _list(self, request: bytes, context: Any) -> Any:
        self.calls += 1
        assert request == b""  # ListPodResourcesRequest is empty
        if self.delay:
            time.sleep(self.delay)
        if isinstance(self.answer, grpc.StatusCode):
            context.abort(self.answer, "fake kubelet says no")
        return self.answer

    def __enter__(self) -> FakeKubelet:
        self.server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.stop(grace=None).wait(5)


def two_pods(pb: ModuleType) -> Any:
    return response(
        pb,
        [
            ("ml", "trainer-0", [("worker", "nvidia.com/gpu", UUIDS[0:4])]),
            ("ml", "trainer-1", [("worker", "nvidia.com/gpu", UUIDS[4:6])]),
            # GPU 6 is shared by two pods (time-slicing replicas): no direct labels
            ("dev", "notebook-a", [("jupyter", "nvidia.com/gpu", [UUIDS[6] + "::0"])]),
            ("dev", "notebook-b", [("jupyter", "nvidia.com/gpu", [UUIDS[6] + "::1"])]),
            ("kube-system", "cpu-only", [("app", "cpu", ["0"])]),
        ],
    )


@pytest.fixture
def sock(tmp_path: Path) -> Iterator[Path]:
    # unix socket paths are limited to ~107 bytes; pytest's tmp_path can be longer
    import tempfile

    with tempfile.TemporaryDirectory(prefix="gpumemd-kl-") as d:
        yield Path(d) / "kubelet.sock"


def kubelet_config(sock: Path, **kw: Any) -> config_mod.Config:
    text = "sources:\n  kubelet:\n    enabled: true\n    refresh: 0s\n    timeout: 1s\n"
    text += f"    socket: {sock}\n" + "".join(f"    {k}: {v}\n" for k, v in kw.items())
    return config_mod.loads(text)


# --- the decoder ---------------------------------------------------------------------


def test_decoder_reads_what_protobuf_encodes(pb: ModuleType) -> None:
    raw = two_pods(pb).SerializeToString()
    got = pr.decode_list_response(raw)
    gpus = [a for a in got if a.resource == "nvidia.com/gpu"]
    assert [(a.namespace, a.pod, a.container, a.device_id) for a in gpus[:4]] == [
        ("ml", "trainer-0", "worker", u) for u in UUIDS[0:4]
    ]
    assert {a.pod for a in got} == {"trainer-0", "trainer-1", "notebook-a", "notebook-b", "cpu-only"}
    assert sum(1 for a in got if a.resource == "example.com/nic") == 5
    assert pr.decode_list_response(pb.ListPodResourcesResponse().SerializeToString()) == []


def test_decoder_rejects_garbage_with_decode_error_only() -> None:
    rng = random.Random(6)
    for _ in range(3000):
        buf = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
        try:
            pr.decode_list_response(buf)
        except pr.DecodeError:
            pass
    with pytest.raises(pr.DecodeError):
        pr.decode_list_response(b"\x0a\x05ab")  # length says 5, 2 bytes follow


def test_device_keys() -> None:
    assert kl.device_key("GPU-abc::3") == "GPU-abc"
    assert kl.device_key("MIG-5c1d") == "MIG-5c1d"
    assert kl.device_key("nvidia2") == "index:2"
    assert kl.device_key("gpu-3") == "index:3"  # NVIDIA's DRA driver
    assert kl.device_key("0f1e2d3c-gpu-3") == "index:3"  # a CDI name with the claim's uid before it
    assert kl.device_key("gpu-3-mig-1g.10gb-0") == "gpu-3-mig-1g.10gb-0"  # a MIG slice: no GPU index


def dra_pods(pb: ModuleType) -> Any:
    """A pod whose GPUs came through DRA claims, as the kubelet encodes them: one by the
    driver's device name (gpu-2), one whose CDI name carries the UUID, one from a kubelet
    that sends CDI devices only; and a device-plugin pod beside it."""
    msg = response(pb, [("ml", "trainer-0", [("worker", "nvidia.com/gpu", UUIDS[0:1])])])
    p = msg.pod_resources.add(name="llm-0", namespace="inference")
    c = p.containers.add(name="server")
    c.devices.add(resource_name="example.com/nic", device_ids=["nic0"])
    dra = c.dynamic_resources.add(claim_name="llm-0-gpus", claim_namespace="inference")
    by_name = dra.claim_resources.add(driver_name="gpu.nvidia.com", pool_name="node1", device_name="gpu-2")
    by_name.cdi_devices.add(name="k8s.gpu.nvidia.com/device=gpu-2")
    by_uuid = dra.claim_resources.add(driver_name="gpu.nvidia.com", pool_name="node1", device_name="gpu-3")
    by_uuid.cdi_devices.add(name=f"k8s.gpu.nvidia.com/device={UUIDS[3]}")
    sidecar = p.containers.add(name="sidecar")  # another container, another claim, CDI only
    old = sidecar.dynamic_resources.add(claim_name="sidecar-gpu", claim_namespace="inference")
    old.claim_resources.add(driver_name="gpu.nvidia.com").cdi_devices.add(
        name="k8s.gpu.nvidia.com/device=gpu-5"
    )
    return msg


def test_decoder_reads_dra_claims(pb: ModuleType) -> None:
    got = [a for a in pr.decode_list_response(dra_pods(pb).SerializeToString()) if a.claim]
    assert [(a.namespace, a.pod, a.container, a.resource, a.device_id, a.claim) for a in got] == [
        ("ml", "trainer-0", "worker", "dra.example.com", "nic-0", "nic-claim"),  # the filler claim
        ("inference", "llm-0", "server", "gpu.nvidia.com", "gpu-2", "llm-0-gpus"),
        ("inference", "llm-0", "server", "gpu.nvidia.com", UUIDS[3], "llm-0-gpus"),
        ("inference", "llm-0", "sidecar", "gpu.nvidia.com", "gpu-5", "sidecar-gpu"),
    ]


def test_a_gpu_from_a_dra_claim_is_attributed_to_its_pod(pb: ModuleType, sock: Path) -> None:
    """A pod-resources answer with DRA claims, encoded by the real protobuf library and served
    by the fake kubelet over gRPC: each claimed GPU's series get the pod, namespace and
    container, and gpumemd_gpu_pod_info names the claim."""
    with FakeKubelet(sock, dra_pods(pb)):
        sampler = Sampler(node_sources(kubelet_config(sock), load_capture(CAPTURE)), interval=1)
        snap = sampler.sample_once()
        for s in sampler._sources:
            getattr(s, "close", lambda: None)()
    assert snap.success["kubelet"] is True
    got = samples(snap.exposition.body().decode())
    used = {dict(k[1])["gpu"]: dict(k[1]) for k in got if k[0] == "gpumemd_gpu_memory_used_bytes"}
    for gpu, container in (("2", "server"), ("3", "server"), ("5", "sidecar")):
        assert (used[gpu]["pod"], used[gpu]["namespace"], used[gpu]["container"]) == (
            "llm-0",
            "inference",
            container,
        )
    assert used["0"]["pod"] == "trainer-0" and used["1"]["pod"] == ""
    info = {
        (d["uuid"], d["pod"], d["container"], d["resource"], d["claim"])
        for k in got
        if k[0] == "gpumemd_gpu_pod_info"
        for d in [dict(k[1])]
    }
    assert info == {
        (UUIDS[0], "trainer-0", "worker", "nvidia.com/gpu", ""),
        ("index:2", "llm-0", "server", "gpu.nvidia.com", "llm-0-gpus"),
        (UUIDS[3], "llm-0", "server", "gpu.nvidia.com", "llm-0-gpus"),
        ("index:5", "llm-0", "sidecar", "gpu.nvidia.com", "sidecar-gpu"),
    }  # the NIC claim and device are filtered out


# --- the source against the fake kubelet --------------------------------------------


def test_source_labels_gpu_series_like_dcgm_exporter(pb: ModuleType, sock: Path) -> None:
    with FakeKubelet(sock, two_pods(pb)):
        sampler = Sampler(node_sources(kubelet_config(sock), load_capture(CAPTURE)), interval=1)
        snap = sampler.sample_once()
        for s in sampler._sources:
            getattr(s, "close", lambda: None)()
    assert snap.success == {"kubelet": True, "nvml": True, "host": True, "breakdown": True}
    got = samples(snap.exposition.body().decode())

    def used(gpu: int) -> dict[str, str]:
        (labels,) = [
            dict(k[1])
            for k in got
            if k[0] == "gpumemd_gpu_memory_used_bytes" and dict(k[1])["gpu"] == str(gpu)
        ]
        return labels

    assert used(0) == {
        "gpu": "0",
        "uuid": UUIDS[0],
        "pod": "trainer-0",
        "namespace": "ml",
        "container": "worker",
    }
    assert used(5)["pod"] == "trainer-1"
    assert used(6)["pod"] == ""  # shared by two pods: not charged to either
    assert used(7)["pod"] == ""  # held by no pod
    procs = [dict(k[1]) for k in got if k[0] == "gpumemd_process_gpu_memory_used_bytes"]
    assert {p["pod"] for p in procs if p["gpu"] in "0123"} == {"trainer-0"}
    # host series have no uuid label and stay as they were
    assert all("pod" not in dict(k[1]) for k in got if k[0] == "gpumemd_process_resident_memory_bytes")
    info = {
        (d["uuid"], d["pod"], d["namespace"], d["container"])
        for k in got
        if k[0] == "gpumemd_gpu_pod_info"
        for d in [dict(k[1])]
    }
    assert (UUIDS[6], "notebook-a", "dev", "jupyter") in info and (
        UUIDS[6],
        "notebook-b",
        "dev",
        "jupyter",
    ) in info
    assert len(info) == 8  # 6 whole GPUs + 2 shares; the NIC and the CPU pod are filtered out


def test_failures_are_isolated_and_labels_go_stale(pb: ModuleType, sock: Path) -> None:
    now = [0.0]
    attribution = kl.PodAttribution(stale_after=30, clock=lambda: now[0])
    api = pr.GrpcPodResources(str(sock), timeout=0.5)
    source = kl.KubeletSource(api, attribution)
    # no socket yet: a clean "unavailable", not a crash
    with pytest.raises(SourceUnavailable):
        source.read({})
    with FakeKubelet(sock, two_pods(pb)) as fake:
        source.read({})
        assert attribution.lookup(UUIDS[1])[0].pod == "trainer-0"
        fake.answer = grpc.StatusCode.UNAVAILABLE
        with pytest.raises(grpc.RpcError):
            source.read({})
        now[0] = 29
        assert attribution.lookup(UUIDS[1])[0].pod == "trainer-0"  # last known, within stale_after
        now[0] = 31
        assert attribution.lookup(UUIDS[1]) == ()  # stale: a gone pod is not charged
        fake.answer, fake.delay = two_pods(pb), 2.0
        t0 = time.monotonic()
        with pytest.raises(grpc.RpcError) as err:
            source.read({})
        assert err.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED  # type: ignore[attr-defined]
        assert time.monotonic() - t0 < 1.5
    source.close()


def test_sampler_keeps_other_collectors_when_kubelet_fails(sock: Path) -> None:
    sampler = Sampler(node_sources(kubelet_config(sock), load_capture(CAPTURE)), interval=1)
    snap = sampler.sample_once()  # no kubelet socket at all
    assert snap.success == {"kubelet": False, "nvml": True, "host": True, "breakdown": True}
    got = samples(snap.exposition.body().decode())
    assert got[("gpumemd_collector_success", (("collector", "kubelet"),))] == 0
    used = [dict(k[1]) for k in got if k[0] == "gpumemd_gpu_memory_used_bytes"]
    assert len(used) == 8 and all(u["pod"] == "" for u in used)


def test_refresh_limits_kubelet_calls(pb: ModuleType, sock: Path) -> None:
    now = [0.0]
    with FakeKubelet(sock, two_pods(pb)) as fake:
        api = pr.GrpcPodResources(str(sock))
        source = kl.KubeletSource(api, kl.PodAttribution(), refresh=5, clock=lambda: now[0])
        for t in (0, 1, 4.9, 5.1, 6):
            now[0] = t
            source.read({})
        api.close()
    assert fake.calls == 2


def test_label_series_off_keeps_series_as_they_were(pb: ModuleType, sock: Path) -> None:
    with FakeKubelet(sock, two_pods(pb)):
        sources = node_sources(kubelet_config(sock, label_series="false"), load_capture(CAPTURE))
        snap = Sampler(sources, interval=1).sample_once()
        sources[0].close()  # type: ignore[attr-defined]
    got = samples(snap.exposition.body().decode())
    assert all("pod" not in dict(k[1]) for k in got if k[0] == "gpumemd_gpu_memory_used_bytes")
    assert any(k[0] == "gpumemd_gpu_pod_info" for k in got)


def test_daemon_process_with_fake_kubelet(pb: ModuleType, sock: Path, tmp_path: Path) -> None:
    cfg = tmp_path / "gpumemd.yml"
    cfg.write_text(f"sources:\n  kubelet:\n    enabled: true\n    socket: {sock}\n")
    with (
        FakeKubelet(sock, two_pods(pb)),
        gpumemd_process(["--replay", str(CAPTURE), "--config.file", str(cfg)]) as (url, _),
    ):
        got = samples(scrape(url + "/metrics"))
    assert got[("gpumemd_collector_success", (("collector", "kubelet"),))] == 1
    key = (
        "gpumemd_gpu_memory_total_bytes",
        (
            ("container", "worker"),
            ("gpu", "4"),
            ("namespace", "ml"),
            ("pod", "trainer-1"),
            ("uuid", UUIDS[4]),
        ),
    )
    assert key in got


def test_grpc_is_not_imported_unless_enabled() -> None:
    code = (
        "import sys, gpumemd.daemon, gpumemd.sources.node as n, gpumemd.config as c\n"
        "from gpumemd.backends.replay import load_capture\n"
        f"n.node_sources(c.Config(), load_capture({str(CAPTURE)!r}))\n"
        "assert 'grpc' not in sys.modules, 'grpc imported'\n"
        "assert 'google.protobuf' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)


# --- Slurm ---------------------------------------------------------------------------


def test_slurm_job_from_cgroup(tmp_path: Path) -> None:
    capture = ROOT / "tests/fixtures/captures/synthetic__8xh200__multi-process.json"
    pids = sorted(
        {
            p["pid"]
            for k, v in load_capture(capture)["nvml"].items()
            if k.startswith("processes(")
            for p in v["ok"]
        }
    )
    cgroups = {
        pids[0]: "0::/system.slice/slurmstepd.scope/job_4242/step_0/user/task_0\n",  # cgroup v2
        # cgroup v1
        pids[1]: "12:devices:/slurm/uid_1000/job_77/step_batch\n"
        "11:memory:/slurm/uid_1000/job_77/step_batch\n",
        pids[2]: "0::/user.slice/user-1000.slice/session-3.scope\n",  # not a Slurm job
    }
    for pid, text in cgroups.items():
        (tmp_path / str(pid)).mkdir()
        (tmp_path / str(pid) / "cgroup").write_text(text)
    cfg = config_mod.loads(f"sources:\n  slurm:\n    enabled: true\n    proc_root: {tmp_path}\n")
    snap = Sampler(node_sources(cfg, load_capture(capture)), interval=1).sample_once()
    assert snap.success["slurm"]
    got = samples(snap.exposition.body().decode())
    assert got[("gpumemd_process_slurm_job_info", (("job_id", "4242"), ("pid", str(pids[0]))))] == 1
    assert got[("gpumemd_process_slurm_job_info", (("job_id", "77"), ("pid", str(pids[1]))))] == 1
    jobs = {(dict(k[1])["gpu"], dict(k[1])["job_id"]) for k in got if k[0] == "gpumemd_gpu_slurm_job_info"}
    assert jobs == {("0", "4242"), ("0", "77")}
    assert slurm.slurm_job_of("0::/\n") is None


def test_concurrent_lookups_during_updates() -> None:
    # The sampler thread writes while (in future) other readers look up: no torn state.
    attribution = kl.PodAttribution()
    stop = threading.Event()
    a = [pr.Assignment("ns", "p", "c", "nvidia.com/gpu", u) for u in UUIDS]

    def writer() -> None:
        while not stop.is_set():
            attribution.update(a)
            attribution.update(a[:1])

    t = threading.Thread(target=writer)
    t.start()
    try:
        for _ in range(2000):
            assert len(attribution.lookup(UUIDS[0])) == 1
    finally:
        stop.set()
        t.join()
