"""The install paths docs/install.md shows, each run in a fresh virtualenv: from a clone
(`pip install .`, `pip install '.[torch]'`), from a git URL (a local `git+file://` one), and
what `make test` installs (the CPU torch pin, the system packages without root or apt).

Offline after one download: the daemon's dependencies and setuptools are fetched once
into a wheelhouse (pip's cache makes that quick) and every venv installs from it with
`--no-index`, so nothing here depends on this machine's pip configuration or mirrors.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest
import tomllib

from tests.docblocks import PAGES, blocks, shell_commands
from tests.helpers import ROOT

INSTALL_PAGE = ROOT / "docs" / "install.md"
# the daemon's dependencies as pyproject.toml declares them, and the build backend
_PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DAEMON_DEPS = [*_PROJECT["project"]["dependencies"], *_PROJECT["build-system"]["requires"]]

# Every `pip install` the README and docs show, and the test here that runs it. The torch line
# needs PyTorch's index, which CI cannot reach: its test starts from the torch that `make test`
# installed from there (or a mirror), as a user who ran it would.
DOCUMENTED = {
    "pip install .": "test_pip_install_from_a_clone",
    "pip install '.[torch]'": "test_the_torch_extra_keeps_the_installed_torch",
    "pip install torch --index-url https://download.pytorch.org/whl/cpu":
        "test_the_torch_extra_keeps_the_installed_torch",
    'pip install "gpumemd @ git+$GPUMEMD_GIT"': "test_pip_install_from_a_git_url",
    'pip install "gpumemd[torch] @ git+$GPUMEMD_GIT"': "test_pip_install_from_a_git_url",
    "pip install -e . --group test --group lint": "test_make_test_installs_the_groups_and_a_cpu_torch",
    "pip install dist/gpumemd-*.whl": "test_the_release_wheel_installs_into_a_clean_venv",
}
RELEASE_PAGE = ROOT / "docs" / "release.md"


def _pip(venv: Path, *args: str, cwd: Path, env: dict[str, str] | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """This suite's pip, acting on `venv` (pip >= 22.3: --python), so the venv needs no pip."""
    cmd = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), *args]
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", **(env or {})})


def _venv(path: Path, wheelhouse: Path) -> Path:
    """A fresh venv with setuptools only: the builds below run in it (--no-build-isolation), which
    saves an isolated build environment per install."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=60)
    r = _pip(path, "install", "--quiet", *_offline(wheelhouse), "setuptools", cwd=path)
    assert r.returncode == 0, r.stderr
    return path


def _documented(command: str, page: Path = INSTALL_PAGE) -> list[str]:
    """A documented command as pip's arguments (after `pip`), checked to be on the page."""
    shown = {c for b in blocks(page) if b.lang == "sh" for c in shell_commands(b)}
    assert command in shown, f"{page.name} no longer shows {command!r}: update this test with it"
    return shlex.split(command)[1:]


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("wheelhouse")
    r = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "-d", str(where), *DAEMON_DEPS],
                       capture_output=True, text=True, timeout=180)
    if r.returncode != 0:
        pytest.skip(f"the package index cannot be reached: {r.stderr.strip().splitlines()[-1:]}")
    return where


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The working tree as a clone holds it: tracked and new files, nothing ignored or built."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    files = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                           capture_output=True, timeout=30).stdout.decode().split("\0")
    dest = tmp_path_factory.mktemp("clone") / "gpumemd"
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    yield dest


def _offline(wheelhouse: Path) -> list[str]:
    return ["--no-index", "--find-links", str(wheelhouse), "--no-build-isolation"]


def _run(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the installed copy, not this tree
    return subprocess.run([str(venv / "bin" / "gpumemd"), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env=env)


def _python(venv: Path, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(venv / "bin" / "python"), "-c", code], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env=env)


def _check_installed(venv: Path, tmp: Path) -> None:
    """The command works from the venv alone, with the package data it reads at run time."""
    example = _run(venv, "config", "example", cwd=tmp)
    assert example.returncode == 0, example.stderr
    assert example.stdout == (ROOT / "config.example.yaml").read_text(encoding="utf-8")
    (tmp / "gpumemd.yaml").write_text(example.stdout)
    checked = _run(venv, "check-config", "gpumemd.yaml", cwd=tmp)
    assert checked.returncode == 0, checked.stderr
    rules = _run(venv, "rules", "export", cwd=tmp)  # the default rules: gpumemd/alerts/*.yaml
    assert rules.returncode == 0 and "GpuMemoryNearlyFull" in rules.stdout, rules.stderr
    where = _python(venv, "import gpumemd; print(gpumemd.__file__)", cwd=tmp)
    assert where.stdout.startswith(str(venv)), where.stdout + where.stderr
    assert (Path(where.stdout.strip()).parent / "agent" / "boot" / "sitecustomize.py").is_file()


def test_every_pip_install_the_docs_show_is_run_here() -> None:
    shown = set()
    for page in PAGES:
        for block in blocks(page):
            shown.update(c for c in shell_commands(block) if c.startswith("pip install"))
    assert sorted(shown - DOCUMENTED.keys()) == [], "a documented install command that no test runs"
    assert sorted(DOCUMENTED.keys() - shown) == [], "a command this test runs that no page shows any more"


def test_messages_recommend_only_installs_that_work() -> None:
    """gpumemd is on no index: a hint such as `pip install 'gpumemd[torch]'` fails for everyone
    who installed from a clone. Hints name the dependency itself (`pip install torch`)."""
    import re

    bad = []
    for path in sorted((ROOT / "gpumemd").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for hint in re.findall(r"pip install ([^)`\"]*)", line):
                if re.match(r"['\"]?gpumemd\b", hint) and "@" not in hint:
                    bad.append(f"{path.relative_to(ROOT)}:{n}: pip install {hint}")
    assert bad == []


def test_pip_install_from_a_clone(clone: Path, wheelhouse: Path, tmp_path: Path) -> None:
    venv = _venv(tmp_path / "venv", wheelhouse)
    r = _pip(venv, *_documented("pip install ."), *_offline(wheelhouse), cwd=clone)
    assert r.returncode == 0, r.stderr
    _check_installed(venv, tmp_path)
    torch = _python(venv, "import torch", cwd=tmp_path)
    assert torch.returncode != 0, "the node daemon's install must not bring torch"


def test_pip_install_from_a_git_url(clone: Path, wheelhouse: Path, tmp_path: Path) -> None:
    repo = tmp_path / "repo"  # a repository whose HEAD is this tree, as a remote would serve it
    shutil.copytree(clone, repo)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "tree"]):
        subprocess.run([*git, *args], cwd=repo, check=True, capture_output=True, timeout=60)
    venv = _venv(tmp_path / "venv", wheelhouse)
    # the documented command with $GPUMEMD_GIT expanded, as the shell does
    shown = _documented('pip install "gpumemd @ git+$GPUMEMD_GIT"')
    args = [a.replace("$GPUMEMD_GIT", repo.as_uri()) for a in shown]
    r = _pip(venv, *args, *_offline(wheelhouse), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    _check_installed(venv, tmp_path)
    purelib = _python(venv, "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=tmp_path)
    site = Path(purelib.stdout.strip())
    direct = json.loads(next(site.glob("gpumemd-*.dist-info/direct_url.json")).read_text())
    assert direct["url"] == repo.as_uri() and direct["vcs_info"]["vcs"] == "git"
    # the extra's spelling resolves too (dry run: no torch is downloaded here)
    extra = [a.replace("$GPUMEMD_GIT", repo.as_uri())
             for a in _documented('pip install "gpumemd[torch] @ git+$GPUMEMD_GIT"')]
    r = _pip(venv, *extra, "--dry-run", "--no-deps", *_offline(wheelhouse), cwd=tmp_path)
    assert r.returncode == 0, r.stderr


def test_the_release_wheel_installs_into_a_clean_venv(clone: Path, wheelhouse: Path, tmp_path: Path) -> None:
    """docs/release.md's wheel: built from the clone, named and labelled with gpumemd/version.py's
    version and the license, installed into a fresh venv where `gpumemd --version` says it."""
    import zipfile

    from gpumemd.version import __version__

    build = _venv(tmp_path / "build", wheelhouse)
    wheel_args = _documented("python -m pip wheel --no-deps -w dist .", RELEASE_PAGE)[2:]  # after `-m pip`
    r = _pip(build, *wheel_args, "--no-build-isolation", cwd=clone)
    assert r.returncode == 0, r.stderr
    (wheel,) = (clone / "dist").glob("gpumemd-*.whl")
    assert wheel.name == f"gpumemd-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = f"gpumemd-{__version__}.dist-info"
        meta = z.read(f"{info}/METADATA").decode()
        assert f"\nVersion: {__version__}\n" in meta and "\nLicense-Expression: Apache-2.0\n" in meta
        assert z.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
    assert not [n for n in names if n.split("/")[0] not in {"gpumemd", info}], "only the package"
    venv = _venv(tmp_path / "venv", wheelhouse)
    args = [a.replace("dist/gpumemd-*.whl", str(wheel))
            for a in _documented("pip install dist/gpumemd-*.whl", RELEASE_PAGE)]
    r = _pip(venv, *args, *_offline(wheelhouse), cwd=clone)
    assert r.returncode == 0, r.stderr
    version = _run(venv, "--version", cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.strip() == f"gpumemd {__version__}", version
    _check_installed(venv, tmp_path)
    # installed from a wheel, `gpumemd run`'s hint for an interpreter that cannot import a
    # dependency (another Python version: a compiled module not found) names them from the metadata
    hint = _python(venv, "from gpumemd.agent.boot.sitecustomize import missing_dependency as m; "
                         "print(m('_re2', '/opt/py/bin/python'))", cwd=tmp_path)
    wanted = " ".join(shlex.quote(d) for d in _PROJECT["project"]["dependencies"])
    assert hint.stdout.strip().endswith(f": /opt/py/bin/python -m pip install {wanted}"), hint


def test_the_git_file_url_names_the_pip_it_needs() -> None:
    """pip 24.0 and older (what Python 3.11's venv ships) refuse `name @ git+file:///…`: the page
    says which pip to upgrade to, and this suite's pip, which installs that URL above, is one."""
    import re

    from pip import __version__ as pip_version

    text = INSTALL_PAGE.read_text(encoding="utf-8")
    (minimum,) = set(re.findall(r"'pip>=([\d.]+)'", text))
    assert f"pip {minimum} or newer" in text and "git+file://" in text
    as_tuple = lambda v: tuple(int(p) for p in v.split(".")[:2])  # noqa: E731
    assert as_tuple(minimum) >= (24, 1)  # 24.0 refused it when tried (2026-11-28)
    assert as_tuple(pip_version) >= as_tuple(minimum)


def test_the_torch_extra_keeps_the_installed_torch(clone: Path, wheelhouse: Path, tmp_path: Path) -> None:
    """After the CPU build (docs/install.md's first step), `.[torch]` downloads no other torch."""
    torch = pytest.importorskip("torch")
    _documented("pip install torch --index-url https://download.pytorch.org/whl/cpu")
    venv = _venv(tmp_path / "venv", wheelhouse)
    # the venv sees this suite's packages, torch among them, as installed ones (read only: a dry run)
    site = Path(sysconfig.get_path("purelib", vars={"base": str(venv), "platbase": str(venv)}))
    (site / "suite.pth").write_text(str(Path(torch.__file__).parent.parent) + "\n")
    report = tmp_path / "report.json"
    r = _pip(venv, *_documented("pip install '.[torch]'"), "--dry-run", "--report", str(report),
             *_offline(wheelhouse), cwd=clone)
    assert r.returncode == 0, r.stderr
    names = sorted(item["metadata"]["name"] for item in json.loads(report.read_text())["install"])
    assert names == ["gpumemd"], f"besides gpumemd, pip would install {names}"


# --- make test: the torch pin and the system packages ---------------------------------------------

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


@needs_make
def test_make_test_installs_the_groups_and_a_cpu_torch() -> None:
    plan = subprocess.run(["make", "-n", "-B", "-C", str(ROOT), ".venv/.test"], capture_output=True,
                          text=True, timeout=30, env={**os.environ, "MAKEFLAGS": ""}).stdout
    torch_lines = [ln for ln in plan.splitlines() if "pip install" in ln and "torch" in ln]
    assert torch_lines and all("torch==2.13.0+cpu" in ln for ln in torch_lines), plan
    assert "--index-url 'https://download.pytorch.org/whl/cpu'" in plan  # never a bare PyPI torch
    assert any(ln.strip().endswith(" ".join(_documented("pip install -e . --group test --group lint")[1:]))
               for ln in plan.splitlines()), plan


def _fake_bin(tmp: Path, uid: int, sudo_ok: bool, apt: bool) -> tuple[Path, Path]:
    """FAKE id, sudo, apt-get and systemctl that log their calls: root, a password prompt and apt
    cannot be arranged on a CI box."""
    bin_dir, log = tmp / "bin", tmp / "calls"
    bin_dir.mkdir()
    sudo = 'shift; exec "$@"' if sudo_ok else "exit 1"
    scripts = {"id": f"echo {uid}", "sudo": f'echo "sudo $*" >> {log}; {sudo}',
               "systemctl": f'echo "systemctl $*" >> {log}'}
    if apt:
        scripts["apt-get"] = f'echo "apt-get $*" >> {log}'
    for name, body in scripts.items():
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    for real in ("env", "true"):  # what sudo and the recipe run through them
        found = shutil.which(real)
        assert found is not None
        (bin_dir / real).symlink_to(found)
    return bin_dir, log


def _system_deps(bin_dir: Path) -> subprocess.CompletedProcess[str]:
    make = shutil.which("make")
    assert make is not None
    env = {"PATH": str(bin_dir), "HOME": os.environ.get("HOME", "/")}
    return subprocess.run([make, "-s", "-C", str(ROOT), "system-deps"], capture_output=True, text=True,
                          timeout=30, env=env, stdin=subprocess.DEVNULL)


@needs_make
@pytest.mark.parametrize(("uid", "sudo_ok", "apt", "why"), [
    (1000, False, True, "needs root (and sudo asks for a password)"),
    (0, False, False, "there is no apt-get here"),
])
def test_system_deps_without_root_or_apt_says_so_and_lets_the_tests_run(
        tmp_path: Path, uid: int, sudo_ok: bool, apt: bool, why: str) -> None:
    bin_dir, log = _fake_bin(tmp_path, uid, sudo_ok, apt)
    r = _system_deps(bin_dir)
    assert r.returncode == 0, r.stderr
    assert why in r.stdout and "the tests that need them skip" in r.stdout
    calls = log.read_text().splitlines() if log.exists() else []
    assert [c for c in calls if not c.startswith("sudo -n ")] == [], "only a sudo that cannot prompt"


@needs_make
@pytest.mark.parametrize(("uid", "sudo_ok", "prefix"), [(0, False, ""), (1000, True, "sudo -n ")])
def test_system_deps_as_root_or_with_sudo_installs_the_three_packages(
        tmp_path: Path, uid: int, sudo_ok: bool, prefix: str) -> None:
    bin_dir, log = _fake_bin(tmp_path, uid, sudo_ok, apt=True)
    r = _system_deps(bin_dir)
    assert r.returncode == 0, r.stderr
    calls = log.read_text().splitlines()
    install = "apt-get install -y -qq prometheus prometheus-alertmanager tmux"
    assert install in calls, calls
    if prefix:
        assert f"sudo -n env DEBIAN_FRONTEND=noninteractive {install}" in calls, calls
