"""The Lightning and Hugging Face callbacks on CPU, against fakes of the frameworks' hook
signatures (FakeLightningCallback, FakeTrainerCallback and the fake trainers below stand in
for lightning and transformers, which this venv lacks; tests/gpu/test_integrations_gpu.py
runs the real ones)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

import gpumemd
from gpumemd.agent import api as agent_mod

QUIET = {"listen_address": None, "spool_dir": "", "nvml": False, "interval": 60}
RANK_VARS = ("RANK", "LOCAL_RANK", "WORLD_SIZE", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMI_RANK")


class FakeLightningCallback:
    """Lightning's `Callback` base: hooks are plain methods the trainer calls."""


class FakeTrainerCallback:
    """transformers' `TrainerCallback` base."""


class FakeLightningTrainer:
    def __init__(self, global_rank: int = 0, local_rank: int = 0, world_size: int = 1) -> None:
        self.global_rank, self.local_rank, self.world_size = global_rank, local_rank, world_size
        self.global_step = 0


class FakeLightningModule:
    def __init__(self) -> None:
        self.logged: list[tuple[str, float, dict[str, Any]]] = []
        self.device = types.SimpleNamespace(type="cuda", index=0)

    def log(self, name: str, value: float, **kw: Any) -> None:
        self.logged.append((name, value, kw))


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in RANK_VARS:
        monkeypatch.delenv(var, raising=False)
    gpumemd.stop()
    yield
    gpumemd.stop()


def _fake(monkeypatch: pytest.MonkeyPatch, modules: dict[str, dict[str, Any]], integration: str) -> Any:
    for name, attrs in modules.items():
        monkeypatch.setitem(sys.modules, name, types.SimpleNamespace(**attrs))
    monkeypatch.delitem(sys.modules, f"gpumemd.integrations.{integration}", raising=False)
    return importlib.import_module(f"gpumemd.integrations.{integration}")


@pytest.fixture
def lightning(monkeypatch: pytest.MonkeyPatch) -> Any:
    return _fake(
        monkeypatch,
        {
            "lightning": {},
            "lightning.pytorch": {},
            "lightning.pytorch.callbacks": {"Callback": FakeLightningCallback},
        },
        "lightning",
    )


@pytest.fixture
def huggingface(monkeypatch: pytest.MonkeyPatch) -> Any:
    return _fake(monkeypatch, {"transformers": {"TrainerCallback": FakeTrainerCallback}}, "huggingface")


FIGURES = {"allocated_bytes": 1.0e9, "reserved_bytes": 2.0e9, "window_peak_bytes": 1.5e9}


def test_lightning_setup_starts_the_agent_with_the_trainers_ranks(lightning: Any) -> None:
    cb = lightning.GpumemdCallback(**QUIET)
    assert isinstance(cb, FakeLightningCallback)
    assert agent_mod.current() is None
    cb.setup(FakeLightningTrainer(global_rank=3, local_rank=1, world_size=4), FakeLightningModule(), "fit")
    agent = agent_mod.current()
    assert agent is not None and agent is cb.hooks.agent
    assert (agent.identity.rank, agent.identity.local_rank, agent.identity.world_size) == (3, 1, 4)
    assert agent.config.agent.interval == 60  # the overrides reached gpumemd.start
    cb.setup(FakeLightningTrainer(), FakeLightningModule(), "validate")  # again: the same agent
    assert agent_mod.current() is agent


def test_lightning_passes_the_global_step_and_logs_only_when_asked(lightning: Any) -> None:
    trainer, module = FakeLightningTrainer(), FakeLightningModule()
    quiet, loud = lightning.GpumemdCallback(**QUIET), lightning.GpumemdCallback(log_memory=True)
    quiet.setup(trainer, module, "fit")
    loud.setup(trainer, module, "fit")  # the running agent; its overrides are not applied twice
    agent = quiet.hooks.agent
    assert loud.hooks.agent is agent
    agent.memory_figures = lambda device=None: dict(FIGURES)  # type: ignore[method-assign]
    for step in (1, 2, 3):
        trainer.global_step = step
        quiet.on_train_batch_end(trainer, module, None, None, step - 1)
        assert agent.training.step == step and module.logged == []
    loud.on_train_batch_end(trainer, module, None, None, 3)
    assert {name: value for name, value, _ in module.logged} == {
        f"gpumemd/{k}": v for k, v in FIGURES.items()
    }
    assert all(kw["on_step"] and not kw["on_epoch"] for _, _, kw in module.logged)


def test_a_failing_lightning_hook_never_reaches_the_training_loop(lightning: Any) -> None:
    cb = lightning.GpumemdCallback(log_memory=True, **QUIET)
    cb.setup(FakeLightningTrainer(), FakeLightningModule(), "fit")
    cb.hooks.agent.memory_figures = lambda device=None: dict(FIGURES)

    class Broken(FakeLightningModule):
        def log(self, name: str, value: float, **kw: Any) -> None:
            raise RuntimeError("logger gone")

    cb.on_train_batch_end(object(), FakeLightningModule(), None, None, 0)  # a trainer without global_step
    cb.on_train_batch_end(FakeLightningTrainer(), Broken(), None, None, 0)
    assert cb.hooks.agent.errors.counts["integration"] == 2


def test_huggingface_starts_on_train_begin_steps_and_fills_the_logs(huggingface: Any) -> None:
    cb = huggingface.GpumemdTrainerCallback(log_memory=True, **QUIET)
    assert isinstance(cb, FakeTrainerCallback)
    args = types.SimpleNamespace(
        process_index=5, local_process_index=1, world_size=8, device=types.SimpleNamespace(index=1)
    )
    state = types.SimpleNamespace(global_step=0)
    cb.on_train_begin(args, state, None)
    agent = agent_mod.current()
    assert agent is not None and (agent.identity.rank, agent.identity.world_size) == (5, 8)
    seen = []
    agent.memory_figures = lambda device=None: seen.append(device) or dict(FIGURES)  # type: ignore[method-assign]
    for step in (1, 2):
        state.global_step = step
        cb.on_step_end(args, state, None)
    assert agent.training.step == 2
    logs: dict[str, Any] = {"loss": 1.25}
    cb.on_log(args, state, None, logs=logs)
    assert logs == {"loss": 1.25, **{f"gpumemd/{k}": v for k, v in FIGURES.items()}} and seen == [1]
    cb.on_log(args, state, None)  # no logs dict: nothing to fill, nothing raised
    cb.on_step_end(args, object(), None)  # a state without global_step: counted, not raised
    assert agent.errors.counts["integration"] == 1


def test_both_callbacks_watch_the_trainers_model_and_optimizers(lightning: Any, huggingface: Any) -> None:
    import torch

    net, other = torch.nn.Linear(4, 4), torch.nn.Linear(2, 2)
    opts = [torch.optim.SGD(net.parameters(), lr=0.1), torch.optim.Adam(other.parameters())]
    trainer = FakeLightningTrainer()
    trainer.optimizers = opts  # type: ignore[attr-defined]
    cb = lightning.GpumemdCallback(**QUIET)
    cb.setup(trainer, net, "fit")
    cb.on_train_start(trainer, net)
    agent = agent_mod.current()
    assert [m.ref() for m in agent.categories._models] == [net]
    assert [r() for r in agent.categories._optimizers] == opts
    cb.on_train_start(object(), net)  # a trainer without optimizers: the module alone, nothing raised
    wrapper = torch.nn.Sequential(net)  # the strategy's model around the module (DDP's wrapper)
    trainer.model = wrapper  # type: ignore[attr-defined]
    cb.on_train_start(trainer, net)
    assert [m.ref() for m in agent.categories._models] == [net, wrapper]
    hf = huggingface.GpumemdTrainerCallback(**QUIET)
    hf.on_train_begin(types.SimpleNamespace(), None, None, model=other, optimizer=opts[1])
    assert [m.ref() for m in agent.categories._models] == [net, wrapper, other]
    assert agent.errors.counts.get("integration", 0) == 0


def test_the_environments_rank_wins_over_the_trainers(
    huggingface: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RANK", "2")
    cb = huggingface.GpumemdTrainerCallback(**QUIET)
    cb.on_train_begin(types.SimpleNamespace(process_index=7, local_process_index=0, world_size=8), None, None)
    assert agent_mod.current().identity.rank == 2


@pytest.mark.parametrize("module,package", [("lightning", "lightning"), ("huggingface", "transformers")])
def test_without_the_framework_the_import_says_what_to_install(
    module: str, package: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if importlib.util.find_spec(package) is not None:
        pytest.skip(f"{package} is installed here")
    monkeypatch.delitem(sys.modules, f"gpumemd.integrations.{module}", raising=False)
    with pytest.raises(ImportError, match=f"pip install {package}"):
        importlib.import_module(f"gpumemd.integrations.{module}")


def test_the_integrations_package_imports_no_framework() -> None:
    import subprocess

    code = (
        "import sys, gpumemd.integrations; "
        "print(sorted(m for m in ('lightning', 'transformers', 'torch') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stderr


# --- the batch's tokens, for the OOM forecast ---


def test_batch_tokens_reads_the_padded_shape_of_the_token_ids() -> None:
    import torch

    from gpumemd.integrations._hooks import batch_tokens

    ids = torch.zeros(4, 128, dtype=torch.long)
    assert batch_tokens({"input_ids": ids, "labels": ids}) == 512  # batch × seq (padding included)
    assert batch_tokens({"attention_mask": torch.ones(2, 300)}) == 600
    assert batch_tokens({"inputs_embeds": torch.zeros(2, 7, 16)}) == 14
    assert batch_tokens((ids, torch.zeros(4))) == 512  # a (inputs, targets) tuple
    assert batch_tokens(types.SimpleNamespace(input_ids=ids)) == 512
    assert batch_tokens(torch.zeros(9, dtype=torch.long)) == 9  # one unbatched sequence
    # no token ids: no count (an image batch, a scalar, nothing)
    for batch in (torch.zeros(2, 3, 32, 32), torch.zeros(8, 3, 32), {"pixels": ids}, None, [], 5, "text",
                  {"input_ids": torch.zeros(0, 128)}):
        assert batch_tokens(batch) is None, batch


def test_lightning_hands_each_batchs_tokens_to_the_forecast(lightning: Any) -> None:
    import torch

    trainer, module = FakeLightningTrainer(), FakeLightningModule()
    cb = lightning.GpumemdCallback(**QUIET)
    cb.setup(trainer, module, "fit")
    agent = cb.hooks.agent
    assert agent.forecast is not None
    cb.on_train_batch_start(trainer, module, {"input_ids": torch.zeros(8, 512, dtype=torch.long)}, 0)
    assert agent.forecast.tokens == 4096
    # no token ids: the last count kept, nothing counted as an error
    cb.on_train_batch_start(trainer, module, {"pixels": torch.zeros(2, 3)}, 1)
    assert agent.forecast.tokens == 4096 and "tokens" not in agent.errors.counts


def test_huggingface_reads_tokens_from_the_models_training_forwards(huggingface: Any) -> None:
    import torch

    class Model(torch.nn.Module):
        def forward(self, input_ids: Any = None, attention_mask: Any = None) -> Any:
            return input_ids

    model = Model()
    cb = huggingface.GpumemdTrainerCallback(**QUIET)
    args = types.SimpleNamespace(process_index=0, local_process_index=0, world_size=1)
    cb.on_train_begin(args, types.SimpleNamespace(global_step=0), None, model=model)
    agent = cb.hooks.agent
    model(input_ids=torch.zeros(2, 1000, dtype=torch.long))  # the Trainer calls model(**inputs)
    assert agent.forecast.tokens == 2000
    model.eval()
    model(input_ids=torch.zeros(64, 1000, dtype=torch.long))  # evaluation: not a training step's batch
    assert agent.forecast.tokens == 2000
    model.train()
    model(torch.zeros(3, 10, dtype=torch.long))  # positional
    assert agent.forecast.tokens == 30
    cb.on_train_end(args, types.SimpleNamespace(global_step=1), None)
    model(input_ids=torch.zeros(5, 5, dtype=torch.long))  # the hook is gone
    assert agent.forecast.tokens == 30
