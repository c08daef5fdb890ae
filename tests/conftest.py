"""Suite-wide options: `--update-golden` rewrites golden files (review the diff before committing).

Hypothesis runs deterministically by default (profile `ci`: derandomized, no example
database, so a run never replays what an earlier one found in `.hypothesis/`, and a
failure prints the blob that reproduces it). `GPUMEMD_HYPOTHESIS_PROFILE=fuzz` (`make fuzz`)
draws at random and many more examples: each test's own `max_examples` times FUZZ_FACTOR
($GPUMEMD_FUZZ_FACTOR, 20 by default).
A failure found that way becomes an explicit `@example` on its test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from gpumemd.alerts import rules

# As gpumemd's entry points do (runtime, cli): config validates alert rules in every test.
rules.register_compiler()

PROFILE_ENV = "GPUMEMD_HYPOTHESIS_PROFILE"
FUZZ_FACTOR = int(os.environ.get("GPUMEMD_FUZZ_FACTOR", "20"))

# No per-example deadline: speed is a benchmark, not a timed test, and a loaded CI box made
# the 200 ms default fail examples that were correct.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile("fuzz", derandomize=False, max_examples=100 * FUZZ_FACTOR, print_blob=True,
                          deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROFILE = os.environ.get(PROFILE_ENV, "ci")
settings.load_profile(PROFILE)  # before the test modules are imported: their settings inherit it


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files instead of comparing")


def pytest_report_header() -> str:
    return f"hypothesis profile: {PROFILE} (${PROFILE_ENV})"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if PROFILE != "fuzz":
        return
    for item in items:  # a test's own max_examples wins over a profile's: scale it instead
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)  # hypothesis's own attribute
        if isinstance(own, settings) and own.max_examples < 100 * FUZZ_FACTOR:
            test._hypothesis_internal_use_settings = settings(
                own, max_examples=own.max_examples * FUZZ_FACTOR
            )  # type: ignore[union-attr]


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(autouse=True)
def _fresh_write_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no counted write failures: the counter is per process
    (gpumemd.fs.write_errors), and one test's refused directory is not another's series."""
    from gpumemd.fs import safe
    from gpumemd.sources import agent_self

    fresh = safe.WriteErrors()
    monkeypatch.setattr(safe, "write_errors", fresh)
    monkeypatch.setattr(agent_self, "write_errors", fresh)


@pytest.fixture
def child() -> Iterator[subprocess.Popen[bytes]]:
    """A second live process of ours: a rank whose pid the spool reader can verify."""
    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        yield proc
    finally:
        proc.communicate(b"", timeout=10)
