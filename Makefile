# The two commands of the README:
#   make run    run gpumemd serve (the node daemon) on :9967
#   make test   lint, type-check and run the whole test suite (installs what it needs)
#   make fuzz   the property tests only, random and with many more examples (FUZZ_ARGS for pytest)
# Both create their own virtualenv (.venv); `make test` also installs Debian's prometheus
# and prometheus-alertmanager, which the end-to-end tests start on loopback, and tmux, in which
# the tests drive `gpumemd top`.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PYTEST_ARGS ?=
FUZZ_FACTOR ?= 20

.PHONY: run demo test fuzz lint sbom system-deps clean

$(VENV)/.run: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test: $(VENV)/.run pyproject.toml
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.run
	$(VENV)/bin/gpumemd serve --config.file config.example.yaml $(ARGS)

# A GPU-less demo: serve a capture recorded on an H200.
demo: $(VENV)/.run
	$(VENV)/bin/gpumemd serve --replay tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json $(ARGS)

system-deps:
	@command -v promtool >/dev/null && command -v prometheus-alertmanager >/dev/null && command -v tmux >/dev/null || \
	  { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus prometheus-alertmanager tmux >/dev/null; }
	@# The packages start services we do not want; the tests start their own on free ports.
	@-$(SUDO) systemctl stop prometheus prometheus-alertmanager prometheus-node-exporter >/dev/null 2>&1 || true

lint: $(VENV)/.test
	$(VENV)/bin/ruff check gpumemd tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

test: system-deps lint
	$(PY) -m pytest -q $(PYTEST_ARGS)

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
	$(VENV)/bin/cyclonedx-py environment --pyproject pyproject.toml --mc-type application \
	  --output-reproducible $(SBOM_ARGS) -o $(SBOM) $(SBOM_ENV)/bin/python
	@echo "wrote $(SBOM)"

# `make test` runs hypothesis derandomized (tests/conftest.py); this draws at random, with
# each test's examples times FUZZ_FACTOR (20), and keeps what it finds in .hypothesis/ to replay here.
# Make a failure it finds an explicit @example of its test.
fuzz: $(VENV)/.test
	GPUMEMD_HYPOTHESIS_PROFILE=fuzz GPUMEMD_FUZZ_FACTOR=$(FUZZ_FACTOR) $(PY) -m pytest -q $(FUZZ_ARGS) \
	  $$(grep -rl --include='test_*.py' '^from hypothesis import' tests)

clean:
	rm -rf $(VENV) $(SBOM_ENV) .pytest_cache .mypy_cache .ruff_cache
