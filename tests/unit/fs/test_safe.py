"""gpumemd.fs.SafeDir on real files and directories: writes never go through what someone
else planted, refusals are typed, rotation keeps its bounds whatever the directory holds."""

from __future__ import annotations

import errno
import logging
import os
import re
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.fs import (
    Problems,
    SafeDir,
    WriteError,
    WriteErrors,
    file_stamp,
    name_part,
    write_report,
    write_user_file,
)

ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="chown to another uid needs root")
OTHER_UID = 65534  # nobody


def victim(tmp_path: Path) -> Path:
    v = tmp_path / "checkpoint.pt"
    v.write_bytes(b"precious weights")
    return v


def leftovers(d: Path) -> list[str]:
    return sorted(n for n in os.listdir(d) if n.endswith(".tmp"))


def test_write_replaces_atomically_and_leaves_no_temp(tmp_path: Path) -> None:
    d = SafeDir(tmp_path / "out", what="test")
    d.write("a.json", b"one", mtime=1000.0)
    d.write("a.json", b"two")
    assert (tmp_path / "out" / "a.json").read_bytes() == b"two"
    assert leftovers(tmp_path / "out") == []
    assert stat.S_IMODE((tmp_path / "out").stat().st_mode) == 0o700  # created private


@pytest.mark.parametrize("planted", ["a.json", ".a.json.tmp", ".a.json.0123456789abcdef.tmp"])
def test_a_symlink_planted_at_any_name_is_never_written_through(tmp_path: Path, planted: str) -> None:
    v = victim(tmp_path)
    d = tmp_path / "spool"
    d.mkdir(mode=0o700)
    (d / planted).symlink_to(v)
    SafeDir(d, what="test").write("a.json", b"sample")
    assert v.read_bytes() == b"precious weights"
    assert (d / "a.json").read_bytes() == b"sample" and not (d / "a.json").is_symlink()


def test_a_precreated_temp_name_does_not_stop_a_write(tmp_path: Path) -> None:
    (tmp_path / ".a.json.tmp").mkdir()  # the old fixed name, as a directory even
    os.mkfifo(tmp_path / ".a.json.tmp2")
    SafeDir(tmp_path, what="test").write("a.json", b"x")
    assert (tmp_path / "a.json").read_bytes() == b"x"


def test_a_directory_writable_by_others_without_sticky_is_refused(tmp_path: Path) -> None:
    d = tmp_path / "open"
    d.mkdir()
    d.chmod(0o777)
    with pytest.raises(WriteError) as e:
        SafeDir(d, what="test").write("a", b"x")
    assert e.value.reason == "shared-not-sticky" and "refused" in str(e.value)
    assert os.listdir(d) == []
    d.chmod(0o1777)  # sticky and ours: others cannot replace our files
    SafeDir(d, what="test").write("a", b"x")


@ROOT_ONLY
def test_a_directory_of_another_uid_is_refused_even_sticky(tmp_path: Path) -> None:
    d = tmp_path / "theirs"
    d.mkdir(mode=0o1777)
    d.chmod(0o1777)
    os.chown(d, OTHER_UID, -1)
    with pytest.raises(WriteError) as e:
        SafeDir(d, what="test").write("a", b"x")
    assert e.value.reason == "not-owned" and f"uid {OTHER_UID}" in str(e.value)
    os.chown(d, 0, OTHER_UID)  # root's and sticky, group-writable: the spool's shared layout
    d.chmod(0o1770)
    SafeDir(d, what="test").write("a", b"x")


def test_the_directory_itself_a_symlink_is_refused(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(real)
    with pytest.raises(WriteError) as e:
        SafeDir(tmp_path / "link", what="test").write("a", b"x")
    assert e.value.reason == "symlink" and os.listdir(real) == []


@pytest.mark.parametrize("where", ["f", "f/sub"])
def test_a_file_where_the_directory_should_be(tmp_path: Path, where: str) -> None:
    (tmp_path / "f").write_bytes(b"")
    with pytest.raises(WriteError) as e:
        SafeDir(tmp_path / where, what="test").write("a", b"x")
    assert e.value.reason == "not-a-directory"
    assert isinstance(e.value, OSError)  # a library caller's `except OSError` holds


def test_the_final_name_a_directory_fails_and_cleans_up(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    with pytest.raises(WriteError) as e:
        SafeDir(tmp_path, what="test").write("a", b"x")
    assert e.value.reason == "is-a-directory" and e.value.errno == errno.EISDIR
    assert leftovers(tmp_path) == []


def test_touch_and_remove_only_act_on_our_regular_files(tmp_path: Path) -> None:
    v = victim(tmp_path)
    d = tmp_path / "d"
    d.mkdir(mode=0o700)
    (d / "a").symlink_to(v)
    before = v.stat().st_mtime
    sd = SafeDir(d, what="test")
    assert sd.touch("a", 5.0) is False and v.stat().st_mtime == before
    assert sd.remove("a") is False and (d / "a").is_symlink()
    sd.write("b", b"x")
    assert sd.touch("b", 5.0) is True and (d / "b").stat().st_mtime == 5.0
    assert sd.remove("b") is True and not (d / "b").exists()


def test_write_by_path_moves_what_the_writer_made_and_bounds_its_size(tmp_path: Path) -> None:
    sd = SafeDir(tmp_path, what="test")
    seen: list[str] = []

    def produce(path: str) -> None:
        seen.append(path)
        Path(path).write_bytes(b"z" * 100)

    assert sd.write_by_path("snap.pickle", produce) == 100
    assert (tmp_path / "snap.pickle").read_bytes() == b"z" * 100
    assert "/proc/self/fd/" in seen[0]  # resolved through the checked directory's fd
    assert seen[0].endswith("/snap.pickle")  # the final name's suffix: writers pick a format by it
    assert sd.write_by_path("big.pickle", produce, max_bytes=99) is None
    assert sorted(os.listdir(tmp_path)) == ["snap.pickle"]  # no private directory left


def test_write_by_path_cleans_up_after_a_failing_writer(tmp_path: Path) -> None:
    sd = SafeDir(tmp_path, what="test")

    def boom(path: str) -> None:
        Path(path).write_bytes(b"half")
        raise RuntimeError("torch said no")

    with pytest.raises(RuntimeError):
        sd.write_by_path("s", boom)

    def link(path: str) -> None:  # a writer that leaves a symlink, not a file
        os.symlink("/etc/passwd", path)

    with pytest.raises(WriteError) as e:
        sd.write_by_path("s", link)
    assert e.value.reason == "not-a-file"
    assert os.listdir(tmp_path) == []


def test_rotation_skips_everything_that_is_not_our_regular_file(tmp_path: Path) -> None:
    sd = SafeDir(tmp_path, what="test")
    v = victim(tmp_path / "..")
    (tmp_path / "p-0000-dangling.x").symlink_to(tmp_path / "nowhere")
    (tmp_path / "p-0001-link.x").symlink_to(v)
    (tmp_path / "p-0002-dir.x").mkdir()
    os.mkfifo(tmp_path / "p-0003-fifo.x")
    for i in range(6):
        sd.write(f"p-1{i}.x", b"y" * 10, mtime=100.0 + i)
        sd.rotate("p-", ".x", keep=2)
    ours = sorted(
        n for n in os.listdir(tmp_path) if (tmp_path / n).is_file() and not (tmp_path / n).is_symlink()
    )
    assert ours == ["p-14.x", "p-15.x"]  # the newest two: the bound holds
    for n in ("p-0000-dangling.x", "p-0001-link.x", "p-0002-dir.x", "p-0003-fifo.x"):
        assert os.path.lexists(tmp_path / n)  # untouched
    assert v.read_bytes() == b"precious weights"


def test_rotation_keeps_the_byte_bound(tmp_path: Path) -> None:
    sd = SafeDir(tmp_path, what="test")
    for i in range(5):
        sd.write(f"p-{i}.x", b"y" * 40, mtime=100.0 + i)
    removed = sd.rotate("p-", ".x", keep=10, max_bytes=100)
    assert sorted(removed) == ["p-0.x", "p-1.x", "p-2.x"]
    assert sorted(os.listdir(tmp_path)) == ["p-3.x", "p-4.x"]


def test_rotation_sweeps_a_crashed_writers_old_temps_only(tmp_path: Path) -> None:
    sd = SafeDir(tmp_path, what="test")
    old, new = tmp_path / ".p-1.x.aaaa.tmp", tmp_path / ".p-1.x.bbbb.tmp"
    old.write_bytes(b"")
    new.write_bytes(b"")
    os.utime(old, (1.0, 1.0))
    sd.rotate("p-", ".x", keep=1)
    assert not old.exists() and new.exists()  # a write in flight elsewhere is left alone


@ROOT_ONLY
def test_rotation_never_counts_or_removes_another_users_files(tmp_path: Path) -> None:
    sd = SafeDir(tmp_path, what="test")
    for i in range(3):
        f = tmp_path / f"p-0{i}.x"
        f.write_bytes(b"theirs")
        os.chown(f, OTHER_UID, -1)
    sd.write("p-10.x", b"ours")
    assert sd.rotate("p-", ".x", keep=1) == []
    assert len(os.listdir(tmp_path)) == 4


def test_write_user_file_replaces_a_file_and_refuses_a_symlink(tmp_path: Path) -> None:
    v = victim(tmp_path)
    out = tmp_path / "out.json"
    out.write_bytes(b"old")
    write_user_file(out, b"new")
    assert out.read_bytes() == b"new"
    link = tmp_path / "link.json"
    link.symlink_to(v)
    with pytest.raises(WriteError) as e:
        write_user_file(link, b"new")
    assert e.value.reason == "symlink" and v.read_bytes() == b"precious weights"
    with pytest.raises(WriteError) as e:
        write_user_file(tmp_path / "no" / "such.json", b"x")
    assert e.value.reason == "missing"


def test_problems_log_once_per_state_and_count_each(caplog: pytest.LogCaptureFixture) -> None:
    counts = WriteErrors()
    p = Problems(logging.getLogger("t"), counts)
    full = WriteError("spool", "/d", "no-space", "No space left on device")
    with caplog.at_level(logging.INFO, logger="t"):
        for _ in range(5):
            p.failed(full)
        p.failed(WriteError("spool", "/d", "permission", "Permission denied"))
        p.ok("spool", "/d")
        p.ok("spool", "/d")
    assert [r.getMessage() for r in caplog.records] == [
        "cannot write spool in /d: No space left on device",
        "cannot write spool in /d: Permission denied",
        "/d: writing spool works again",
    ]
    assert counts.counts() == {("spool", "no-space"): 5, ("spool", "permission"): 1}


# --- any sequence of directory states: the rotation bounds hold, nothing else is touched ----

KINDS = st.sampled_from(
    ["ours", "dangling", "link", "dir", "fifo", "theirs" if os.geteuid() == 0 else "ours"]
)


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    steps=st.lists(st.tuples(KINDS, st.integers(0, 30), st.integers(1, 50)), min_size=1, max_size=25),
    keep=st.integers(1, 4),
    max_bytes=st.integers(1, 200),
)
def test_rotation_bounds_hold_over_any_directory_history(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, int, int]], keep: int, max_bytes: int
) -> None:
    d = tmp_path_factory.mktemp("rot")
    target = d.parent / "target"
    target.write_bytes(b"t")
    sd = SafeDir(d, what="test")
    foreign: set[str] = set()
    for n, (kind, name, size) in enumerate(steps):
        path = d / f"p-{name:02d}.x"
        if os.path.lexists(path):
            continue
        if kind == "ours":
            sd.write(path.name, b"y" * size, mtime=1000.0 + n)
        else:
            foreign.add(path.name)
            if kind == "dangling":
                path.symlink_to(d / "nowhere")
            elif kind == "link":
                path.symlink_to(target)
            elif kind == "dir":
                path.mkdir()
            elif kind == "fifo":
                os.mkfifo(path)
            else:
                path.write_bytes(b"q" * size)
                os.chown(path, OTHER_UID, -1)
        sd.rotate("p-", ".x", keep=keep, max_bytes=max_bytes)
        mine = [p for p in d.iterdir() if p.name not in foreign]
        assert len(mine) <= keep
        assert sum(p.stat().st_size for p in mine) <= max(max_bytes, 0)
        assert all(os.path.lexists(d / f) for f in foreign)
    assert target.read_bytes() == b"t"


@pytest.mark.parametrize("name", ["", ".", "..", "../escape", "a/b"])
def test_only_plain_names_inside_the_directory(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError):
        SafeDir(tmp_path, what="test").write(name, b"x")
    assert os.listdir(tmp_path) == []


def test_a_report_is_written_private_and_its_kind_rotated_and_a_bad_document_is_not(tmp_path: Path) -> None:
    d, counts = SafeDir(tmp_path / "r", what="report", create=True), WriteErrors()
    problems = Problems(logging.getLogger("t"), counts)
    names = [f"x-{file_stamp(1_764_300_000 + i / 1000)}.r.json" for i in range(4)]
    assert names == sorted(names) and len(set(names)) == 4  # the stamp sorts to the millisecond
    for i, name in enumerate(names):
        path = write_report(d, problems, "report", name, {"i": i}, rotate=("x-", ".r.json"), keep=2)
        assert path is not None and stat.S_IMODE(os.stat(path).st_mode) == 0o600
        os.utime(path, (1_000 + i, 1_000 + i))
    assert sorted(os.listdir(tmp_path / "r")) == names[2:]
    assert write_report(d, problems, "report", "x-nan.r.json", {"v": float("nan")},
                        rotate=("x-", ".r.json"), keep=2) is None
    assert "x-nan.r.json" not in os.listdir(tmp_path / "r")
    other = tmp_path / "other"
    other.mkdir(mode=0o777)
    other.chmod(0o777)  # others may write, no sticky bit: refused, counted
    assert write_report(SafeDir(other, what="report"), problems, "report", "x-1.r.json", {},
                        rotate=("x-", ".r.json"), keep=2) is None
    assert sum(counts.counts().values()) == 1


@given(st.text(max_size=200))
def test_any_text_is_a_short_plain_name_part(text: str) -> None:
    part = name_part(text)
    assert re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", part) and not part.startswith("-")
    assert name_part("alert-PytorchMemoryLeak") == "alert-PytorchMemoryLeak" and name_part("../\n") == ".."


@pytest.mark.parametrize(
    "given",
    ["a/b/c", "l/c", "l/../b/c", "a/./b//c", "l2/c", "a/b/../b/c", "abs/c"],
)
def test_the_way_is_walked_as_the_kernel_resolves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    """Links and `..` on the way land where the kernel's own lookup lands (`..` after a link is
    the link target's parent, not the link's), relative to the working directory when relative."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "l").symlink_to("a/b")  # relative
    (tmp_path / "l2").symlink_to("l")  # a link to a link
    (tmp_path / "abs").symlink_to(tmp_path / "a" / "b")  # absolute
    monkeypatch.chdir(tmp_path)
    written = SafeDir(given, what="test").write("f", b"x")
    assert written == Path(given) / "f"
    assert (tmp_path / "a" / "b" / "c" / "f").read_bytes() == b"x"
    assert os.path.realpath(given) == str(tmp_path / "a" / "b" / "c")


def test_a_missing_way_is_made_private_to_writes_and_refused_without_create(tmp_path: Path) -> None:
    d = tmp_path / "x" / "y" / "z"
    with pytest.raises(WriteError) as e:
        SafeDir(d, what="test", create=False).write("f", b"x")
    assert e.value.reason == "missing" and not (tmp_path / "x").exists()
    SafeDir(d, what="test").write("f", b"x")
    assert stat.S_IMODE((tmp_path / "x").stat().st_mode) & 0o022 == 0  # the way: 0755 less the umask
    assert stat.S_IMODE(d.stat().st_mode) == 0o700


def test_a_loop_of_links_on_the_way_is_one_refusal(tmp_path: Path) -> None:
    (tmp_path / "p").symlink_to("q")
    (tmp_path / "q").symlink_to("p")
    with pytest.raises(WriteError) as e:
        SafeDir(tmp_path / "p" / "d", what="test").write("f", b"x")
    assert e.value.reason == "symlink"
