# gpumemd node daemon: `gpumemd serve` (NVML + host memory; torch-free).
#
#   docker build -t gpumemd:0.1.0 \
#     --build-arg VERSION=0.1.0 --build-arg REVISION="$(git rev-parse HEAD)" \
#     --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" .
#   docker run --rm --gpus all -p 9967:9967 gpumemd:0.1.0
#
# NVML (libnvidia-ml.so.1) is not in the image: the NVIDIA container toolkit mounts the
# host driver's copy when NVIDIA_VISIBLE_DEVICES is set (below; `--gpus all` does too).
# Linted in CI with hadolint (.hadolint.yaml); tests/deploy runs the same entrypoint,
# config and health check outside a container.

# The base pinned by digest in both stages (a tag can be pushed again; a digest cannot); the
# tag says which it is. Renovate/Dependabot update both lines together.
FROM python:3.11.11-slim-bookworm@sha256:081075da77b2b55c23c088251026fb69a7b2bf92471e491ff5fd75c192fd38e5 AS build
WORKDIR /src
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY pyproject.toml README.md LICENSE ./
COPY gpumemd ./gpumemd
# A virtualenv we copy whole into the runtime stage: no compiler or pip cache there.
# grpcio: pod attribution through the kubelet's pod-resources API (imported only if enabled).
RUN python -m venv /opt/gpumemd \
 && /opt/gpumemd/bin/pip install --no-compile . grpcio==1.85.1 \
 && find /opt/gpumemd -name '__pycache__' -prune -exec rm -rf {} +

FROM python:3.11.11-slim-bookworm@sha256:081075da77b2b55c23c088251026fb69a7b2bf92471e491ff5fd75c192fd38e5
# The OCI image annotations scanners and registries read; what only the build knows comes in
# as build arguments (the README's build line sets them).
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=https://github.com/gpumemd/gpumemd
LABEL org.opencontainers.image.title="gpumemd" \
      org.opencontainers.image.description="GPU-memory observability for PyTorch training clusters" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.documentation="${SOURCE}/blob/main/docs/deploy.md"
COPY --from=build /opt/gpumemd /opt/gpumemd
COPY gpumemd/config/example.yaml /etc/gpumemd/gpumemd.yaml
ENV PATH=/opt/gpumemd/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    NVIDIA_VISIBLE_DEVICES=all \
    NVIDIA_DRIVER_CAPABILITIES=utility \
    GPUMEMD_SPOOL_DIR=/run/gpumemd/spool
# NVML needs no privileges to read memory and processes: run as nobody. (Pod attribution
# through the kubelet's root-owned socket is the one thing that needs uid 0; see deploy/k8s.)
USER 65534:65534
EXPOSE 9967
# No curl in the image: Python's urllib is. Plain HTTP only; with TLS on, use the
# orchestrator's probes (deploy/k8s) instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:9967/-/healthy', timeout=4)"]
ENTRYPOINT ["gpumemd"]
CMD ["serve", "--config.file", "/etc/gpumemd/gpumemd.yaml"]
