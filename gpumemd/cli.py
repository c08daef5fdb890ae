"""The `gpumemd` command, with node_exporter-style flags (`--config.file`, `--web.listen-address`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from . import config as config_mod
from . import logs
from .alerts import rules
from .commands import capture_cli, explain_cli, preflight_cli, top_cli
from .commands.flags import replayed, report
from .fs import WriteError, write_user_file
from .version import __version__

__all__ = ["main"]

# check-config and `rules export` validate rules without a runtime: config needs the compiler.
rules.register_compiler()


# Flags users bring from other tools, by what they mean here; the first one this
# (sub)command has is suggested.
_ALIASES: dict[str, tuple[str, ...]] = {
    "--port": ("--web.listen-address", "--url"),
    "--listen": ("--web.listen-address",),
    "--address": ("--web.listen-address", "--url"),
    "--listen-address": ("--web.listen-address",),
    "--bind": ("--web.listen-address",),
    "--host": ("--web.listen-address", "--url"),
    "--config": ("--config.file",),
    "-c": ("--config.file",),
    "--config-file": ("--config.file",),
    "--web-config": ("--web.config.file",),
    "--web.config": ("--web.config.file",),
    "--tls-config": ("--web.config.file",),
    "--log-level": ("--log.level",),
    "--loglevel": ("--log.level",),
    "--verbose": ("--log.level",),
    "-v": ("--log.level",),
    "--log-format": ("--log.format",),
}


class _Parser(argparse.ArgumentParser):
    """argparse without abbreviations (`--config` is not silently `--config.file`), whose
    unknown arguments are answered with this subcommand's usage and, for a flag, the flag
    it most likely meant; exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.flags: list[str] = []  # every option string, for the hint
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.flags.extend(action.option_strings)
        return action

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:  # Any: argparse overloads it
        # A subcommand's parser sees its own arguments here: report its leftovers with its
        # usage, rather than letting the top-level parser print the top-level usage.
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            hint = _did_you_mean(self.flags, extras)
            self.error(f"unrecognized arguments: {' '.join(extras)}" + (f" ({hint})" if hint else ""))
        return parsed, extras


def _did_you_mean(known: list[str], extras: list[str]) -> str:
    """`did you mean --web.listen-address?` for the first unknown flag, from the (sub)command's
    own flags `known` and _ALIASES; "" when nothing is close."""
    for arg in extras:
        if not arg.startswith("-") or arg == "--":
            continue
        flag = arg.split("=", 1)[0]
        meant = [a for a in _ALIASES.get(flag.lower(), ()) if a in known]
        if not meant:
            import difflib  # here: only a mistyped flag needs it, and the daemon keeps what it imports

            meant = difflib.get_close_matches(flag, known, n=1, cutoff=0.6)
        if meant:
            return f"did you mean {meant[0]}?"
    return ""


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="gpumemd", description="GPU-memory observability for PyTorch training clusters.")
    p.add_argument("--version", action="version", version=f"gpumemd {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def common(sp: _Parser) -> None:
        sp.add_argument("--config.file", dest="config_file", metavar="FILE", help="configuration file (YAML)")
        sp.add_argument("--web.listen-address", dest="listen_address", metavar="HOST:PORT",
                        help=f"address to serve on (default :{config_mod.DEFAULT_PORT} for serve)")
        sp.add_argument("--web.config.file", dest="web_config_file", metavar="FILE",
                        help="exporter-toolkit web configuration (TLS, basic auth)")
        sp.add_argument("--log.level", dest="log_level", choices=["debug", "info", "warn", "error"])
        sp.add_argument("--log.format", dest="log_format", choices=["logfmt", "json"])

    serve = sub.add_parser("serve", help="run the node daemon (NVML + host memory)")
    common(serve)
    serve.add_argument(
        "--replay", metavar="CAPTURE", help="serve a recorded capture instead of the real libraries"
    )
    serve.add_argument(
        "--collector.mps.pipe-directory", dest="mps_pipe_directory", metavar="DIR",
        help="where an MPS control daemon listens for GPUs no server runs on yet (default /tmp/nvidia-mps)",
    )

    check = sub.add_parser(
        "check-config",
        help="validate a configuration file and list every error",
        description="Checks everything serve would refuse: the file, the flags, the files "
        "they name (web config, certificates, rule files) and listen addresses.",
    )
    common(check)
    check.add_argument(
        "--agent",
        action="store_true",
        help="validate it as the in-process agent's (gpumemd run/gpumemd.start): alert rules may "
        "have actions, which the node daemon rejects",
    )
    check.add_argument(
        "file", nargs="?", help="configuration file (or --config.file; or only --web.config.file)"
    )

    capture_cli.add_arguments(
        sub.add_parser("capture", help="record NVML and host answers into a capture for replay")
    )
    explain_cli.add_arguments(
        sub.add_parser(
            "explain", help="where each GPU's memory went, and what matters (exit 1 with findings)"
        )
    )
    top_cli.add_arguments(
        sub.add_parser("top", help="a live view of each GPU's breakdown and processes (q quits)")
    )
    preflight_cli.add_arguments(
        sub.add_parser(
            "preflight",
            help="will a training job fit on a GPU: its first steps on fake tensors, before launch "
            "(exit 0 fits, 1 does not, 2 could not tell)",
        )
    )

    rules = sub.add_parser("rules", help="alert rules: export them as a Prometheus rule file")
    rules_sub = rules.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    export = rules_sub.add_parser(
        "export", help="write the Prometheus twins of the rules (defaults + config)"
    )
    export.add_argument("--config.file", dest="config_file", metavar="FILE", help="configuration file (YAML)")
    export.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")

    cfg = sub.add_parser("config", help="the configuration file: print the example (every key, its default)")
    cfg_sub = cfg.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    cfg_sub.add_parser(
        "example",
        help="print the example configuration, every key at its default with its "
        "meaning (gpumemd config example > gpumemd.yaml)",
    )

    run = sub.add_parser(
        "run",
        help="run a command with the agent in each of its Python processes",
        usage="gpumemd run [--config.file F] [--web.listen-address HOST:PORT] -- COMMAND ...",
    )
    run.add_argument("--config.file", dest="config_file", metavar="FILE", help="configuration file (YAML)")
    run.add_argument(
        "--web.listen-address",
        dest="listen_address",
        metavar="HOST:PORT",
        help=f"each agent's address, port + LOCAL_RANK, e.g. 127.0.0.1:{config_mod.AGENT_PORT} "
        "(default none: the node spool only)",
    )
    run.add_argument("cmd", nargs=argparse.REMAINDER, metavar="COMMAND")
    return p


def _run(args: argparse.Namespace) -> int:
    """Exec COMMAND with our sitecustomize first on PYTHONPATH; its exit status is ours."""
    import os
    from pathlib import Path

    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        print("gpumemd run: no command given (gpumemd run -- python train.py)", file=sys.stderr)
        return 2
    env = dict(os.environ)
    try:  # fail here, not silently in every rank
        _checked_config(args, agent=True)
    except config_mod.ConfigError as exc:
        return report(exc)
    if args.config_file:
        env["GPUMEMD_CONFIG_FILE"] = str(Path(args.config_file).resolve())
    if args.listen_address is not None:
        env["GPUMEMD_AGENT_LISTEN_ADDRESS"] = args.listen_address
    package = Path(__file__).resolve().parent
    # sitecustomize first; then gpumemd itself, importable even when not installed
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(package / "agent" / "boot"), str(package.parent), env.get("PYTHONPATH", "")) if p
    )
    try:
        os.execvpe(cmd[0], cmd, env)
    except (OSError, ValueError) as exc:  # ValueError: an empty name, a NUL byte
        message, status = _exec_failure(cmd[0], exc)
        print(f"gpumemd run: {message}", file=sys.stderr)
        return status
    return 0  # not reached


def _exec_failure(name: str, exc: OSError | ValueError) -> tuple[str, int]:
    """One line and the shell's exit status for a command that could not be started:
    127 when there is no such command, 126 when it is there but cannot be run."""
    import errno
    import os

    shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    shown = shown if shown.isprintable() else shown.encode("unicode_escape").decode("ascii")
    shown = (shown if len(shown) <= 200 else shown[:197] + "...") or "''"
    if isinstance(exc, ValueError):
        return (
            (f"{shown}: command not found", 127) if not name else (f"{shown}: not a valid command name", 126)
        )
    if exc.errno == errno.ENOENT:
        return (f"{shown}: " + ("No such file or directory" if "/" in name else "command not found"), 127)
    if exc.errno == errno.EACCES and os.path.isdir(name):
        return f"{shown}: Is a directory", 126
    return f"{shown}: {exc.strerror or type(exc).__name__}", 126


# (argparse dest, dotted key, flag as written); `gpumemd run`'s --web.listen-address is the agent's.
_FLAGS = (
    ("listen_address", "web.listen_address", "--web.listen-address"),
    ("web_config_file", "web.config_file", "--web.config.file"),
    ("log_level", "log.level", "--log.level"),
    ("log_format", "log.format", "--log.format"),
    ("mps_pipe_directory", "sources.mps.pipe_directory", "--collector.mps.pipe-directory"),
)
_RUN_FLAGS = (("listen_address", "agent.listen_address", "--web.listen-address"),)


def _load(path: str, agent: bool) -> config_mod.Config:
    """Load a file; as the agent's, its alert rules may name actions."""
    if not agent:
        return config_mod.load(path)
    from .alerts import actions

    with actions.agent_rules():
        return config_mod.load(path)


def _checked_config(
    args: argparse.Namespace, agent: bool = False
) -> tuple[config_mod.Config, dict[str, Any]]:
    """The one path of check-config, serve, run and rules export: load the file, convert the
    flags with the file's own converters, apply them, then check_references. Every problem
    of the file and the flags in one ConfigError; (config, overrides) otherwise."""
    path = getattr(
        args, "config_file", None
    )  # getattr: an argparse namespace: not every subcommand has the flag
    try:
        return _checked_config_inner(args, path, agent)
    except config_mod.ConfigError:
        raise
    except Exception as exc:  # a last resort: the causes are fixed where they are, but never a traceback
        where = path or "gpumemd"
        raise config_mod.ConfigError(
            [f"{where}: cannot check the configuration: {type(exc).__name__}: {str(exc)[:200]}"]
        ) from None


def _checked_config_inner(
    args: argparse.Namespace, path: str | None, agent: bool
) -> tuple[config_mod.Config, dict[str, Any]]:
    lines: list[str] = []
    more = 0
    base = config_mod.Config()
    if path:
        try:
            base = _load(path, agent)
        except config_mod.ConfigError as exc:
            lines.extend(exc.lines()[: len(exc.errors)])
            more += exc.more
    overrides: dict[str, Any] = {}
    flags: dict[str, str] = {}
    for dest, key, flag in _RUN_FLAGS if args.command == "run" else _FLAGS:
        value = getattr(args, dest, None)  # getattr: an argparse namespace: the flags a subcommand defines
        if value is None:
            continue
        if dest == "listen_address" and key == "agent.listen_address" and value == "":
            value = None  # `run --web.listen-address ''`: no HTTP endpoint
        converted, errors = config_mod.convert_flag(key, value, flag)
        lines.extend(errors)
        if not errors:
            overrides[key], flags[key] = converted, flag
    if lines or more:
        raise config_mod.ConfigError(lines, "", more=more)
    config = config_mod.apply_overrides(base, overrides)
    try:
        config_mod.check_references(config, source=path or "", flags=flags)
    except config_mod.ConfigError as exc:
        # problems of values from flags name the flag, not the file
        raise config_mod.ConfigError(
            [ln for ln in exc.lines()[: len(exc.errors)]], "", more=exc.more
        ) from None
    return config, overrides


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    script_args: list[str] = []
    if words[:1] == ["preflight"] and "--" in words:  # a script's own arguments, never ours
        cut = words.index("--")
        words, script_args = words[:cut], words[cut + 1 :]
    args = _parser().parse_args(words)
    if args.command == "preflight":
        args.script_args = script_args
    if args.command is None:
        _parser().print_help()
        return 2
    if args.command == "check-config":
        if args.file and args.config_file and args.file != args.config_file:
            print(
                "gpumemd check-config: give the configuration file once (FILE or --config.file)",
                file=sys.stderr,
            )
            return 2
        args.config_file = args.config_file or args.file
        if not args.config_file and not args.web_config_file:
            print(
                "gpumemd check-config: give a configuration file, or --web.config.file to check only that",
                file=sys.stderr,
            )
            return 2
        try:
            _checked_config(args, agent=args.agent)
        except config_mod.ConfigError as exc:
            return report(exc)
        print(
            f"{args.config_file or args.web_config_file}: OK"
            + (" (as an agent configuration)" if args.agent else "")
        )
        return 0
    if args.command == "config":  # the one action: example
        sys.stdout.write(config_mod.example_text())
        return 0
    if args.command == "capture":
        return capture_cli.main(args)
    if args.command == "serve":
        try:
            config, overrides = _checked_config(args)
        except config_mod.ConfigError as exc:
            return report(exc)
        capture_data = replayed(args.replay)
        if isinstance(capture_data, int):
            return capture_data
        logs.setup(config.log.level, config.log.format)
        from . import daemon

        return daemon.serve(config, args.config_file, args.replay, overrides, capture=capture_data)
    if args.command == "run":
        return _run(args)
    if args.command == "explain":
        return explain_cli.main(args)
    if args.command == "top":
        return top_cli.main(args)
    if args.command == "preflight":
        return preflight_cli.main(args)
    if args.command == "rules":
        from .alerts import export

        try:  # rule files are read and checked as part of the configuration
            config, _ = _checked_config(args)
        except config_mod.ConfigError as exc:
            return report(exc)
        # the job-wide group ships with the default rules, and goes with them
        text = export.rule_file(
            config.alerting.loaded().rules,
            job_rules=config.alerting.default_rules,
            runbook_base_url=config.alerting.runbook_base_url,
        )
        if args.output:
            try:
                write_user_file(args.output, text.encode(), what="rule file")
            except WriteError as exc:
                print(f"gpumemd rules export: {args.output}: {exc.detail}", file=sys.stderr)
                return 2
        else:
            sys.stdout.write(text)
        return 0
    return 2
