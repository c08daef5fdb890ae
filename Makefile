# The two commands of the README:
#   make run    run gpumemd serve (the node daemon) on :9967
#   make test   lint, type-check and run the whole test suite (installs what it needs)
#   make fuzz   the property tests only, random and with many more examples (FUZZ_ARGS for pytest)
# Both create their own virtualenv (.venv). `make test` also wants three system packages, from
# apt: Debian's prometheus (promtool checks every exposition; Prometheus scrapes replayed
# daemons) and prometheus-alertmanager (delivery end to end), which the tests start on
# loopback, and tmux, in which the tests drive `gpumemd top`. It installs them as root or
# with password-less sudo; otherwise it says so and goes on, and the tests that need them skip
# with the reason.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PYTEST_ARGS ?=
FUZZ_FACTOR ?= 20
# torch for the tests: the CPU build, pinned. On Linux PyPI's torch is the CUDA build (~5 GB of
# nvidia-* wheels, no use without a GPU), so the `+cpu` pin takes it from your configured index
# or mirror if it has it, else from PyTorch's CPU index, and never falls back to a CUDA build.
# The CUDA build instead: make test TORCH=torch==2.13.0 (PyPI's, CUDA 12/13) or
# TORCH_INDEX=https://download.pytorch.org/whl/cu128 TORCH=torch==2.13.0+cu128. On macOS
# PyPI's build is the CPU one: make test TORCH=torch==2.13.0.
TORCH       ?= torch==2.13.0+cpu
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
SYSTEM_DEPS := prometheus prometheus-alertmanager tmux

.PHONY: run demo test fuzz lint sbom system-deps clean gpu-fast gpu

$(VENV)/.run: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade 'pip>=25.1'  # 25.1: --group (PEP 735 dependency groups)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test: $(VENV)/.run pyproject.toml
	$(PY) -m pip install --quiet '$(TORCH)' 2>/dev/null \
	  || $(PY) -m pip install --quiet '$(TORCH)' --index-url '$(TORCH_INDEX)' \
	  || { echo "make: $(TORCH) is neither on your package index nor on $(TORCH_INDEX);" \
	            "make test TORCH=torch==2.13.0 takes PyPI's CUDA build instead (~5 GB)" >&2; exit 1; }
	$(PY) -m pip install --quiet -e . --group test --group lint
	touch $@

run: $(VENV)/.run
	$(VENV)/bin/gpumemd serve --config.file config.example.yaml $(ARGS)

# A GPU-less demo: serve a capture recorded on an H200.
demo: $(VENV)/.run
	$(VENV)/bin/gpumemd serve --replay tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json $(ARGS)

# Installs the system packages where it may (root, or sudo without a password: never a
# prompt); elsewhere one line says what is missing and the suite runs without those tests.
system-deps:
	@missing=""; \
	for c in prometheus promtool tmux; do command -v $$c >/dev/null || missing="$$missing $$c"; done; \
	command -v prometheus-alertmanager >/dev/null || command -v alertmanager >/dev/null \
	  || missing="$$missing alertmanager"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if ! command -v apt-get >/dev/null; then how="there is no apt-get here"; \
	elif [ "$$(id -u)" = 0 ]; then sudo=""; \
	elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo -n"; \
	else how="installing them needs root (and sudo asks for a password)"; fi; \
	if [ -n "$$how" ]; then \
	  echo "make: not installing $(SYSTEM_DEPS) (missing:$$missing): $$how; the tests that need them skip." \
	       "To run those too: sudo apt-get install $(SYSTEM_DEPS)"; exit 0; fi; \
	echo "make: installing $(SYSTEM_DEPS) with apt-get (missing:$$missing)"; \
	{ $$sudo apt-get update -qq && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_DEPS) >/dev/null; } || exit 1; \
	: "The packages start services we do not want; the tests start their own on free ports."; \
	$$sudo systemctl stop prometheus prometheus-alertmanager prometheus-node-exporter >/dev/null 2>&1 || true

# mypy a second time where torch is not installed (the daemon's image): the lazy torch imports
# must type-check both ways. A small virtualenv of its own: gpumemd's dependencies and the lint
# group, no torch (checked).
NOTORCH := .venv-notorch
$(NOTORCH)/.lint: pyproject.toml
	$(PYTHON) -m venv $(NOTORCH)
	$(NOTORCH)/bin/python -m pip install --quiet --upgrade 'pip>=25.1'
	$(NOTORCH)/bin/python -m pip install --quiet -e . --group lint
	$(NOTORCH)/bin/python -c "import importlib.util as u, sys; sys.exit(u.find_spec('torch') is not None)" \
	  || { echo "make: $(NOTORCH) has torch; it must not" >&2; exit 1; }
	touch $@

lint: $(VENV)/.test $(NOTORCH)/.lint
	$(VENV)/bin/ruff check gpumemd tests bench
	$(VENV)/bin/mypy
	$(NOTORCH)/bin/mypy --cache-dir .mypy_cache/notorch
	$(VENV)/bin/lint-imports

test: system-deps lint
	$(PY) -m pytest -q $(PYTEST_ARGS)

# The GPU tests (tests/gpu, marker `gpu`; skipped without a GPU), in two tiers (docs/development.md):
#   make gpu-fast  one test per GPU-facing module, under a minute and a half on an H100: while you work
#   make gpu       the whole GPU suite, several minutes: before a GPU issue is resolved
# They want torch's CUDA build (make gpu TORCH=torch==2.13.0) and, for the framework tests,
# transformers, lightning and cupy. Where python3 has all that (the device image):
# make gpu-fast GPU_PY=python3 GPU_ENV= . PYTEST_ARGS go to pytest (--junitxml=g.xml).
GPU_PY  ?= $(PY)
GPU_ENV ?= $(VENV)/.test
GPU_PYTEST = $(GPU_PY) -m pytest -q -p no:cacheprovider --durations=0 $(PYTEST_ARGS) tests/gpu

gpu-fast: $(GPU_ENV)
	$(GPU_PYTEST) -m "gpu and not slow"

gpu: $(GPU_ENV)
	$(GPU_PYTEST) -m gpu

# A CycloneDX SBOM (JSON, validated) of what the daemon runs with: gpumemd's dependencies and
# the kubelet extra (grpcio), resolved into a virtualenv of their own (no test tools), from
# the package index. The image's Python packages are these; its OS packages are the base's.
SBOM     ?= sbom.cdx.json
SBOM_ENV ?= .venv-sbom
SBOM_ARGS ?=
sbom: $(VENV)/.test
	rm -rf $(SBOM_ENV)
	$(PYTHON) -m venv --without-pip $(SBOM_ENV)
	$(PY) -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
	  print('\n'.join(p['dependencies'] + p['optional-dependencies']['kubelet']))" > $(SBOM_ENV)/requirements.txt
	$(PY) -m pip --python $(SBOM_ENV)/bin/python install --quiet --no-compile -r $(SBOM_ENV)/requirements.txt
	: "cyclonedx-py reads the version from pyproject.toml; ours is dynamic (gpumemd/version.py): a copy with it written in"
	sed 's/^dynamic = \["version"\].*/version = "'"$$($(PY) -c "exec(open('gpumemd/version.py').read()); print(__version__)")"'"/' \
	  pyproject.toml > $(SBOM_ENV)/pyproject.toml
	cp LICENSE $(SBOM_ENV)/
	$(VENV)/bin/cyclonedx-py environment --pyproject $(SBOM_ENV)/pyproject.toml --mc-type application \
	  --output-reproducible $(SBOM_ARGS) -o $(SBOM) $(SBOM_ENV)/bin/python
	@echo "wrote $(SBOM)"

# `make test` runs hypothesis derandomized (tests/conftest.py); this draws at random, with
# each test's examples times FUZZ_FACTOR (20), and keeps what it finds in .hypothesis/ to replay here.
# Make a failure it finds an explicit @example of its test.
fuzz: $(VENV)/.test
	GPUMEMD_HYPOTHESIS_PROFILE=fuzz GPUMEMD_FUZZ_FACTOR=$(FUZZ_FACTOR) $(PY) -m pytest -q $(FUZZ_ARGS) \
	  $$(grep -rl --include='test_*.py' '^from hypothesis import' tests)

clean:
	rm -rf $(VENV) $(NOTORCH) $(SBOM_ENV) .pytest_cache .mypy_cache .ruff_cache
