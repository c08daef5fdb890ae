"""Started by `gpumemd run`: the agent in every Python process of the command, no code change.

`gpumemd run` puts this directory first on PYTHONPATH, so Python imports this module at
start-up (as it does any `sitecustomize`). It starts the agent, then runs the
sitecustomize that this one shadows, if any. It never stops the program: any failure is
logged and swallowed.

Processes that are not the program's own work are skipped: multiprocessing's helpers
(spawned DataLoader workers: the rank already reports their GPU memory; the resource
tracker; the forkserver), the agent's own endpoint process, and launchers (`torchrun`,
`python -m torch.distributed.run`, `…launch`), whose children are the ranks.
`GPUMEMD_AGENT_SKIP` adds a regular expression (RE2 syntax, linear time: it is matched in every
process the command starts) searched for in the command line; one RE2 refuses starts no agent.

The agent reads its settings from `GPUMEMD_CONFIG_FILE` and `GPUMEMD_AGENT_LISTEN_ADDRESS`
(empty: no HTTP), which `gpumemd run` sets from its flags. torch is not imported here:
the agent starts reading the allocator once the program has imported torch and
initialised CUDA.
"""

from __future__ import annotations

import importlib.util
import os
import sys

__all__ = ["missing_dependency", "should_start"]

_HELPERS = ("multiprocessing.spawn", "multiprocessing.resource_tracker", "multiprocessing.forkserver",
            "multiprocessing.semaphore_tracker", "--multiprocessing-fork", "joblib.externals.loky",
            "gpumemd.agent.endpoint")  # the agent's own endpoint process
_LAUNCHERS = ("torch.distributed.run", "torch.distributed.launch", "torch.distributed.elastic")


def should_start(argv: list[str], env: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    if env.get("GPUMEMD_AGENT_DISABLE"):
        return False
    line = " ".join(argv)
    if any(h in line for h in _HELPERS):
        return False
    args = argv[1:]
    if (
        "-m" in args
        and args.index("-m") + 1 < len(args)
        and args[args.index("-m") + 1].startswith(_LAUNCHERS)
    ):
        return False
    script = next((a for a in args if not a.startswith("-")), "")
    if os.path.basename(script) in ("torchrun", "torchrun.py"):
        return False
    skip = env.get("GPUMEMD_AGENT_SKIP")
    if not skip:
        return True
    try:  # imported only when a pattern is set
        from gpumemd.config.patterns import PatternError, compile_pattern
    except ImportError:  # an interpreter without gpumemd (or RE2): no agent could start here anyway
        return False
    try:
        return not compile_pattern(skip).search(line)
    except PatternError as exc:
        print(f"gpumemd: GPUMEMD_AGENT_SKIP: {exc}; agent not started", file=sys.stderr)
        return False


def _start() -> None:
    try:
        argv = list(getattr(sys, "orig_argv", sys.argv))  # getattr: sys.orig_argv is Python 3.10+
        if not should_start(argv):
            return
        from gpumemd.agent.api import start

        config = os.environ.get("GPUMEMD_CONFIG_FILE") or None
        if "GPUMEMD_AGENT_LISTEN_ADDRESS" in os.environ:
            start(config, listen_address=os.environ["GPUMEMD_AGENT_LISTEN_ADDRESS"] or None)
        else:
            start(config)
    except ModuleNotFoundError as exc:  # an interpreter gpumemd was not installed into
        print(f"gpumemd: agent not started: {missing_dependency(exc.name or str(exc))}", file=sys.stderr)
    except Exception as exc:  # the program runs, with or without us
        print(f"gpumemd: agent not started: {type(exc).__name__}: {exc}", file=sys.stderr)


def missing_dependency(module: str, python: str | None = None) -> str:
    """What to install, into which interpreter: `gpumemd run` puts gpumemd's own code on the
    path, not its dependencies, so a program run by another interpreter (a system python, a
    conda env) lacks them. From a clone (an editable install too), pip installs gpumemd and its
    dependencies from that clone; from an installed wheel, its dependencies by name."""
    import importlib.metadata  # here: every process `gpumemd run` starts imports this module
    import shlex

    python = python or sys.executable or "python3"
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    if os.path.isfile(os.path.join(root, "pyproject.toml")):
        what = [root]
    else:
        what = []
        for name in sorted(os.listdir(root)):
            if name.startswith("gpumemd-") and name.endswith(".dist-info"):
                requires = importlib.metadata.Distribution.at(os.path.join(root, name)).requires or []
                what = [r for r in requires if ";" not in r]  # not the extras
                break
    install = f"{python} -m pip install {' '.join(shlex.quote(w) for w in what)}" if what else (
        f"install gpumemd into {python} (docs/install.md)")
    return (f"{python} cannot import {module}, which the agent needs (gpumemd's code comes from {root}, "
            f"its dependencies must be in the interpreter that runs the program): {install}")


def _chain() -> None:
    """Run the sitecustomize we shadow (the next one on sys.path), as Python would have."""
    here = os.path.dirname(os.path.abspath(__file__))
    for entry in sys.path:
        path = os.path.join(entry or os.getcwd(), "sitecustomize.py")
        if os.path.abspath(entry or os.getcwd()) == here or not os.path.isfile(path):
            continue
        try:
            spec = importlib.util.spec_from_file_location("_gpumemd_chained_sitecustomize", path)
            if spec is not None and spec.loader is not None:
                module = importlib.util.module_from_spec(spec)
                sys.modules[spec.name] = module
                spec.loader.exec_module(module)
        except Exception as exc:
            print(
                f"gpumemd: the sitecustomize at {path} failed: {type(exc).__name__}: {exc}", file=sys.stderr
            )
        return


if __name__ == "sitecustomize":  # imported by Python at start-up, not as gpumemd.agent.boot.… (tests)
    _start()
    _chain()
