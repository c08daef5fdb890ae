"""The `gpumemd` command, with node_exporter-style flags (`--config.file`, `--web.listen-address`)."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence
from typing import Any

from . import config as config_mod
from . import logs
from .alerts import rules
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
        meant = meant or difflib.get_close_matches(flag, known, n=1, cutoff=0.6)
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

    capture = sub.add_parser("capture", help="record NVML and host answers into a capture for replay")
    capture.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help="replaced atomically if it exists; a symbolic link there is refused, not followed",
    )
    capture.add_argument("--description", default="", help="what state the machine is in")
    capture.add_argument(
        "--keep-errors",
        action="store_true",
        help="write the capture even when NVML (or torch) answered only errors",
    )
    capture.add_argument(
        "--torch",
        action="store_true",
        help="also record PyTorch's allocator (initialises CUDA in this process)",
    )

    explain = sub.add_parser(
        "explain", help="where each GPU's memory went, and what matters (exit 1 with findings)"
    )
    explain.add_argument(
        "--url",
        help="a running gpumemd serve (default: the local one, "
        f"http://127.0.0.1:{config_mod.DEFAULT_PORT}; without one, a sample of "
        "this node is taken here)",
    )
    explain.add_argument("--gpu", type=int, metavar="N", help="only GPU N")
    explain.add_argument("--json", action="store_true", help="JSON for scripts")
    explain.add_argument(
        "--config.file",
        dest="config_file",
        metavar="FILE",
        help="configuration for a sample taken here (spool directory, NVML settings)",
    )
    explain.add_argument(
        "--replay", metavar="CAPTURE", help="explain a recorded capture instead of this node"
    )
    explain.add_argument(
        "--snapshot",
        metavar="FILE",
        help="diagnose the OOM of a torch memory snapshot "
        "(a .pickle from gpumemd, torch.cuda.memory._dump_snapshot or Stormlog); offline",
    )
    explain.add_argument(
        "--diff",
        nargs="+",
        metavar="SNAPSHOT",
        help="which lines leak: the allocation sites whose live bytes grew from each snapshot "
        "(.pickle with allocation history, taken in order) to the next; offline",
    )
    explain.add_argument(
        "--steps",
        type=int,
        metavar="N",
        help="with --diff: optimizer steps from the first snapshot to the last (growth per step)",
    )
    explain.add_argument(
        "--requested",
        metavar="BYTES",
        type=int,
        help="with --snapshot: the failed request's size, where the snapshot holds no OOM event",
    )
    explain.add_argument(
        "--timeout", default="5s", help="the longest a daemon's whole answer may take (default 5s)"
    )
    explain.add_argument(
        "--prometheus",
        metavar="URL",
        help="a whole job across nodes, read from this Prometheus (with --job; without it, the jobs it sees)",
    )
    explain.add_argument("--job", metavar="ID", help="with --prometheus: the job_id to explain")

    top = sub.add_parser("top", help="a live view of each GPU's breakdown and processes (q quits)")
    top.add_argument(
        "--url",
        help="a running gpumemd serve (default: the local one; without one, this node is sampled here)",
    )
    top.add_argument(
        "--config.file",
        dest="config_file",
        metavar="FILE",
        help="configuration for samples taken here (spool directory, NVML settings)",
    )
    top.add_argument("--replay", metavar="CAPTURE", help="show a recorded capture instead of this node")
    top.add_argument("--interval", default="1s", help="refresh interval (default 1s)")
    top.add_argument(
        "--timeout", default="5s", help="the longest a daemon's whole answer may take (default 5s)"
    )
    top.add_argument(
        "--count",
        type=int,
        metavar="N",
        help="when the output is not a terminal: print N refreshes, then exit (default: until killed)",
    )
    top.add_argument(
        "--prometheus",
        metavar="URL",
        help="with --job: a whole job across nodes, live, read from "
        "this Prometheus (gpumemd explain --prometheus URL lists the jobs)",
    )
    top.add_argument("--job", metavar="ID", help="with --prometheus: the job_id to show")

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
        help=f"each agent's address, port + LOCAL_RANK (default 127.0.0.1:{config_mod.AGENT_PORT}; "
        "'' for none)",
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
        return _report(exc)
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


def _replayed(path: str | None) -> dict[str, Any] | None | int:
    """The capture `--replay` names (None without one), or exit status 2 with one line."""
    if not path:
        return None
    from .backends.replay import CaptureUnreadable, load_capture

    try:
        return load_capture(path)
    except CaptureUnreadable as exc:
        print(f"--replay: {exc}", file=sys.stderr)
        return 2


def _node_reader(args: argparse.Namespace, command: str) -> tuple[Any, Any] | int:
    """(read, close) of the node `explain`/`top` show: the daemon at --url (or the local one),
    else this node sampled here (or a replay); an exit status where neither can be had."""
    from .commands import explain

    default = f"http://127.0.0.1:{config_mod.DEFAULT_PORT}"
    try:
        timeout = config_mod.parse_duration(args.timeout)
    except ValueError:
        timeout = -1.0
    if not 0.1 <= timeout <= 300:
        print(f"--timeout: expected a duration from 100ms to 5m, got {args.timeout!r}", file=sys.stderr)
        return 2
    if args.replay is None:
        url = args.url or default
        try:
            first = [explain.from_url(url, timeout)]  # the probe's answer is the first one shown

            def read() -> explain.Node:
                return first.pop() if first else explain.from_url(url, timeout)

            return read, (lambda: None)
        except (OSError, ValueError) as exc:
            if args.url:  # asked for that daemon: say it did not answer
                print(f"gpumemd {command}: {args.url}: {explain.reachable_error(exc)}", file=sys.stderr)
                return 2
    capture = _replayed(args.replay)
    if isinstance(capture, int):
        return capture
    try:
        config = config_mod.load(args.config_file) if args.config_file else config_mod.Config()
    except config_mod.ConfigError as exc:
        return _report(exc)
    logs.setup("error")
    reader = explain.LocalNode(config, capture)
    try:
        reader.read()
    except explain.NoGpu as exc:
        reader.close()
        print(
            f"gpumemd {command}: no gpumemd serve at {default}, and no GPU to read here: {exc}",
            file=sys.stderr,
        )
        return 2
    return reader.read, reader.close


def _top(args: argparse.Namespace) -> int:
    from .commands import top

    try:
        interval = config_mod.parse_duration(args.interval)
    except ValueError:
        print(f'--interval: expected a duration like 500ms, 1s or 2m, got "{args.interval}"', file=sys.stderr)
        return 2
    if not 0.1 <= interval <= 3600:
        print(f"--interval: must be from 100ms to 1h, got {args.interval}", file=sys.stderr)
        return 2
    if args.prometheus is not None or args.job is not None:
        return _top_job(args, interval)
    got = _node_reader(args, "top")
    if isinstance(got, int):
        return got
    read, close = got
    try:
        if sys.stdout.isatty() and sys.stdin.isatty():
            return top.run_curses(read, interval=interval)
        return top.run_plain(read, sys.stdout, interval=interval, count=args.count)
    except KeyboardInterrupt:
        return 0
    finally:
        close()


def _top_job(args: argparse.Namespace, interval: float) -> int:
    """`top --prometheus URL --job ID`: top's loop over jobview's reads and frame; a Prometheus
    that does not answer is said on the first line, as a daemon's is."""
    from .commands import explain, jobview, top

    if not args.prometheus or not args.job:
        print(
            "gpumemd top: --prometheus URL and --job ID go together (gpumemd explain --prometheus URL "
            "lists the jobs)",
            file=sys.stderr,
        )
        return 2
    try:
        timeout = config_mod.parse_duration(args.timeout)
    except ValueError:
        timeout = -1.0
    if timeout <= 0:
        print(f"gpumemd top: --timeout {args.timeout!r}: expected a positive duration (5s)", file=sys.stderr)
        return 2

    def read() -> tuple[jobview.Job, list[explain.Finding]]:
        return jobview.look(args.prometheus, args.job, timeout)

    try:
        if sys.stdout.isatty() and sys.stdin.isatty():
            return top.run_curses(
                read, interval=interval, draw=jobview.frame, gpus_of=lambda _: (), what="Prometheus"
            )
        return top.run_plain(
            read, sys.stdout, interval=interval, count=args.count, draw=jobview.frame, what="Prometheus"
        )
    except KeyboardInterrupt:
        return 0


def _explain_snapshot(args: argparse.Namespace) -> int:
    """`explain --snapshot FILE`: 1 with a diagnosis, 2 when the file is not a snapshot."""
    from .commands import explain
    from .commands.format import strict_json
    from .diagnosis.snapshot import SnapshotUnreadable

    if args.requested is not None and args.requested <= 0:
        print("gpumemd explain: --requested: expected a positive number of bytes", file=sys.stderr)
        return 2
    try:
        d, lacking = explain.explain_snapshot(args.snapshot, args.requested)
    except SnapshotUnreadable as exc:
        print(f"gpumemd explain: {exc}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(strict_json({**d.to_json(), "lacking": list(lacking)}))
    else:
        print(f"cause: {d.cause}\n  {d.summary}\nfix: {d.fix}")
        for line in lacking:
            print(f"lacking: {line}")
    return 1


def _explain_diff(args: argparse.Namespace) -> int:
    """`explain --diff A B [...]`: 1 with growing sites, 0 without, 2 when a file is not a snapshot."""
    from .commands import explain
    from .commands.format import strict_json
    from .diagnosis.snapshot import SnapshotUnreadable

    if not 2 <= len(args.diff) <= explain.MAX_DIFF_FILES:
        print(
            f"gpumemd explain: --diff: expected 2 to {explain.MAX_DIFF_FILES} snapshot files, in the order "
            "they were taken",
            file=sys.stderr,
        )
        return 2
    if args.steps is not None and args.steps <= 0:
        print("gpumemd explain: --steps: expected a positive number of steps", file=sys.stderr)
        return 2
    try:
        report = explain.explain_diff(args.diff, args.steps)
    except SnapshotUnreadable as exc:
        print(f"gpumemd explain: {exc}", file=sys.stderr)
        return 2
    per = "step" if args.steps is not None else "interval"  # growth per step, else per snapshot interval
    if args.json:
        sys.stdout.write(strict_json({**report.to_json(), "per": per}))
    else:
        sys.stdout.write(explain.render_diff(report, per=per))
    return 1 if report.sites else 0


def _explain_job(args: argparse.Namespace) -> int:
    """`explain --prometheus URL [--job ID]`: 1 with an actionable finding (jobview.actionable:
    the job alerts' conditions), 0 without, 2 when Prometheus gives no readable answer (one
    line, never a traceback)."""
    from .commands import explain, jobview
    from .commands.format import strict_json

    try:
        timeout = config_mod.parse_duration(args.timeout)
    except ValueError:
        timeout = -1.0
    if timeout <= 0:
        print(
            f"gpumemd explain: --timeout {args.timeout!r}: expected a positive duration (5s)", file=sys.stderr
        )
        return 2
    from .httpclient import redact

    where = redact(args.prometheus)
    try:
        if args.job is None:
            seen, notes = jobview.jobs(args.prometheus, timeout)
            sys.stdout.write(
                strict_json({"source": where, "jobs": seen, "notes": notes})
                if args.json
                else jobview.render_jobs(seen, where)
            )
            return 0
        job = jobview.from_prometheus(args.prometheus, args.job, timeout)
    except (OSError, ValueError, RecursionError) as exc:
        print(f"gpumemd explain: {where}: {explain.reachable_error(exc)}", file=sys.stderr)
        return 2
    found = jobview.job_findings(job)
    sys.stdout.write(jobview.to_json(job, found) if args.json else jobview.render(job, found))
    return 1 if jobview.actionable(found) else 0


def _explain(args: argparse.Namespace) -> int:
    """0: nothing to report; 1: findings; 2: no answer (no daemon at --url, no NVML here)."""
    from .commands import explain

    if args.diff:
        return _explain_diff(args)
    if args.snapshot:
        return _explain_snapshot(args)
    if args.prometheus:
        return _explain_job(args)
    got = _node_reader(args, "explain")
    if isinstance(got, int):
        return got
    read, close = got
    try:
        node = read()
    except (OSError, ValueError, explain.NoGpu) as exc:
        print(f"gpumemd explain: {explain.reachable_error(exc)}", file=sys.stderr)
        return 2
    finally:
        close()
    found = explain.findings(node)
    if args.gpu is not None and all(g.gpu != args.gpu for g in node.gpus):
        print(
            f"gpumemd explain: --gpu {args.gpu}: no such GPU (have: "
            f"{', '.join(str(g.gpu) for g in node.gpus) or 'none'})",
            file=sys.stderr,
        )
        return 2
    ascii_only = (getattr(sys.stdout, "encoding", "") or "").lower().replace("-", "") != "utf8"
    sys.stdout.write(
        explain.to_json(node, found, args.gpu)
        if args.json
        else explain.render(node, found, gpu=args.gpu, ascii_only=ascii_only)
    )
    return 1 if [f for f in found if args.gpu is None or f.gpu in (None, args.gpu)] else 0


def _report(exc: config_mod.ConfigError) -> int:
    for line in exc.lines():
        print(line, file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
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
            return _report(exc)
        print(
            f"{args.config_file or args.web_config_file}: OK"
            + (" (as an agent configuration)" if args.agent else "")
        )
        return 0
    if args.command == "config":  # the one action: example
        sys.stdout.write(config_mod.example_text())
        return 0
    if args.command == "capture":
        from .commands import capture

        logs.setup()
        try:
            data = capture.record(args.description, torch=args.torch)
        except capture.CaptureError as exc:
            print(f"gpumemd capture: {exc}", file=sys.stderr)
            return 2
        problems = capture.errors(data)
        if problems and not args.keep_errors:
            for line in problems:
                print(f"gpumemd capture: {line}", file=sys.stderr)
            print(
                f"gpumemd capture: {args.output} not written: this machine's answers are errors; "
                "--keep-errors writes such a capture anyway (to replay this state)",
                file=sys.stderr,
            )
            return 1
        try:
            capture.write(data, args.output)
        except WriteError as exc:
            print(f"gpumemd capture: {args.output}: {exc.detail}", file=sys.stderr)
            return 2
        print(f"wrote {args.output}" + (f" (with errors: {'; '.join(problems)})" if problems else ""))
        return 0
    if args.command == "serve":
        try:
            config, overrides = _checked_config(args)
        except config_mod.ConfigError as exc:
            return _report(exc)
        capture_data = _replayed(args.replay)
        if isinstance(capture_data, int):
            return capture_data
        logs.setup(config.log.level, config.log.format)
        from . import daemon

        return daemon.serve(config, args.config_file, args.replay, overrides, capture=capture_data)
    if args.command == "run":
        return _run(args)
    if args.command == "explain":
        return _explain(args)
    if args.command == "top":
        return _top(args)
    if args.command == "rules":
        from .alerts import export

        try:  # rule files are read and checked as part of the configuration
            config, _ = _checked_config(args)
        except config_mod.ConfigError as exc:
            return _report(exc)
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
