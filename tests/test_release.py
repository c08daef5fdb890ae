"""What a release needs, checked on every commit: the license pyproject.toml declares, one
version written once (gpumemd/version.py) and repeated only where a tool cannot read it, a
changelog in the Keep a Changelog form. The wheel itself is built and installed by
tests/integration/test_install.py."""

from __future__ import annotations

import re

import tomllib

from gpumemd.version import __version__
from tests.helpers import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_license_is_the_full_apache_2_text_pyproject_declares() -> None:
    assert PYPROJECT["project"]["license"] == "Apache-2.0"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.split()[:4] == ["Apache", "License", "Version", "2.0,"]
    # all nine sections of the terms, then the appendix: the whole text, not a notice
    for n, title in enumerate(["Definitions", "Grant of Copyright License", "Grant of Patent License",
                               "Redistribution", "Submission of Contributions", "Trademarks",
                               "Disclaimer of Warranty", "Limitation of Liability",
                               "Accepting Warranty or Additional Liability"], 1):
        assert re.search(rf"^\s*{n}\. {title}\.", text, re.M), title
    assert "END OF TERMS AND CONDITIONS" in text and len(text.split()) > 1500


def test_the_version_is_written_once() -> None:
    """pyproject.toml reads gpumemd/version.py; no other version of the package is declared."""
    assert "version" not in PYPROJECT["project"] and "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "gpumemd.version.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_the_places_that_repeat_the_version_agree_with_it() -> None:
    """A Dockerfile's ARG default, an image tag in a manifest and a build line in the docs
    cannot import Python: each says this version."""
    places = {
        "Dockerfile": r"ARG VERSION=(\S+)",
        "deploy/k8s/base/kustomization.yaml": r"newTag: (\S+)",
        "deploy/k8s/overlays/release/kustomization.yaml": r"newTag: (\S+)",
        "deploy/compose/compose.yaml": r"image: gpumemd:(\S+)",
        "docs/deploy.md": r"gpumemd:(\d+\.\d+\.\d+)",
        "docs/release.md": r"(?:--build-arg VERSION=|gpumemd:)(\d+\.\d+\.\d+)",
    }
    for path, pattern in places.items():
        found = set(re.findall(pattern, (ROOT / path).read_text(encoding="utf-8")))
        assert found == {__version__}, f"{path}: {found}, not {__version__} (gpumemd/version.py)"


def test_the_changelog_keeps_a_changelog() -> None:
    """An Unreleased section first, then versions newest first, each heading linked, and the
    newest release is the version the package says it is."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, re.M)
    assert headings and headings[0] == ("Unreleased", "")
    released = headings[1:]
    assert released and all(date for _, date in released), released
    assert released[0][0] == __version__
    assert [d for _, d in released] == sorted((d for _, d in released), reverse=True)
    for name, _ in headings:
        assert re.search(rf"^\[{re.escape(name)}\]: https://\S+$", text, re.M), f"no link for [{name}]"
    kinds = set(re.findall(r"^### (\w+)$", text, re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}, kinds
