"""`when_imported`: a callback right after the program's own import of a module, however many
hooks wait for that module (an agent started, stopped and started again before `import torch`
left two; they asked each other for the module until RecursionError, inside the user's import)."""

from __future__ import annotations

import importlib
import sys
import uuid
from pathlib import Path
from types import ModuleType

import pytest

from gpumemd.backends.torch_oom import when_imported


@pytest.mark.parametrize("hooks", [1, 2, 3])
def test_every_hook_fires_once_after_the_import(hooks: int, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"after_import_{uuid.uuid4().hex}"
    (tmp_path / f"{name}.py").write_text("VALUE = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))  # the hooks leave with the test
    fired: list[tuple[int, int]] = []
    for i in range(hooks):
        def callback(module: ModuleType, i: int = i) -> None:
            fired.append((i, module.VALUE))
        assert when_imported(name, callback)
    try:
        module = importlib.import_module(name)
    finally:
        sys.modules.pop(name, None)
    assert module.VALUE == 42
    assert sorted(fired) == [(i, 42) for i in range(hooks)]
