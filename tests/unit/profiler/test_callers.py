"""The caller's stack the profiler records (gpumemd/profiler/callers.py): the profiler's own
frames and the standard library's contextlib left out by their files, never by a file name's
ending (issue 37's rule for user code: a user's `mycontextlib.py` is the user's)."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from pathlib import Path

from gpumemd.profiler.callers import caller_stack


def test_a_users_file_whose_name_ends_like_contextlib_stays_in_the_stack(tmp_path: Path) -> None:
    path = tmp_path / "mycontextlib.py"
    path.write_text("from gpumemd.profiler.callers import caller_stack\n\n"
                    "def where():\n    return caller_stack()\n")
    spec = importlib.util.spec_from_file_location("mycontextlib", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert str(path) in mod.where()


def test_the_standard_librarys_contextlib_frames_are_left_out() -> None:
    @contextlib.contextmanager
    def section():  # type: ignore[no-untyped-def]
        yield caller_stack()

    with section() as stack:
        pass
    assert "test_the_standard_librarys_contextlib_frames_are_left_out" in stack
    assert str(Path(contextlib.__file__)) not in stack and sys.modules[__name__].__file__ in stack
