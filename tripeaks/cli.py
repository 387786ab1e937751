"""Command line: ``python -m tripeaks solve|winrate|study|class-server``.

* ``python -m tripeaks class-server --db ~/class/results.sqlite [--class-list names.txt]`` — serve a lesson
  on the local network in one command: the class database's folder is created,
  the teacher's secret made (kept in ``teacher-secret.txt`` beside the database),
  Voila started on every network interface with ``config/voila.py``, and the
  students' link and the teacher's link (with the secret) printed.
  ``--local`` serves this computer only; ``--dry-run`` prints and stops;
  ``--kernels N`` keeps N students' pages ready (Voila's preheated kernels,
  about 110 MB each while they wait; 2 by default).

* ``python -m tripeaks solve TP1-E-AAAAAAD`` — verdict, winning line (card
  names) and the final score it reaches; ``--best`` finds the line with the
  best score (the fewest draws, or the most points under runs scoring).
* ``python -m tripeaks winrate --rules classic --deals 0-1999`` — the share of
  winnable deals with its 95 % Wilson interval, positions searched and time,
  on every core (``--jobs``).
* ``python -m tripeaks study --deals 0-9999 --best-deals 0-999`` — regenerate
  the CSV files read by ``notebooks/winnability.ipynb``.

``winrate`` and ``study`` run on every core of this machine by default (a
process pool, ``--jobs``); ``--scheduler ADDRESS`` runs them on a Dask
cluster (``tcp://host:8786``: its workers decide the deals, this process only
sends them and writes the results), ``--dask`` on a Dask cluster of ``--jobs``
processes started here.  Dask is an optional extra: ``pip install
'tripeaks[dask]'``.  Both show a progress bar with the time left on a
terminal (``--no-progress`` to hide it), wherever the deals are decided.

``--rules`` takes a rule set of docs/rules.md §8 as :meth:`RuleSet.parse`
reads it: a preset name (``traditional``, ``"tri peaks"``) or a rule letter
with code flags (``E-SJ``).  ``solve --rules`` deals the code's deal number
under that rule set instead of the code's own; ``study --rules`` takes a
comma-separated list of the rule sets to report.

Every subcommand takes ``--lang en|pt|fr|es``: its sentences come from the
message catalogues (:mod:`tripeaks.i18n.solver`) and its numbers are written
for the language; so does ``--help`` (``python -m tripeaks solve --lang fr
--help``), its option help and headings from the ``cli.help.*`` entries.  Exit status 0 on success; 2, with one line on stderr, for
a bad argument or a problem of the environment (a folder that cannot be
written, a worker process that died).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from .engine.codes import GameCode, InvalidCodeError
from .engine.game import Game, PlayEvent
from .engine.rules import RuleSet, ScoringRule, WrapRule
from .i18n import LANGUAGES, card_name, format_number, format_percentage
from .i18n.solver import deal_range_message, solver_text, stage_label, stage_message
from .i18n.ui import code_error_message, preset_name
from .i18n.ui import rule_name as ui_rule_name
from .solver import Verdict, best_score, solve
from .solver.study import DealRangeError, decide_deals, parse_deals, run_study, usable_cpus, wilson

__all__ = ["main"]


class _ArgumentError(Exception):
    """A bad command line, said by argparse in one line."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block) and never exit."""

    lang = "en"
    """The language of the messages (set by :func:`_parser` on every parser it makes)."""

    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(solver_text("cli.argparse.error", self.lang, prog=self.prog, message=message))


_ARGPARSE_MESSAGES: dict[str, tuple[str, dict[str, str]]] = {
    "argument %(argument_name)s: %(message)s": (
        "cli.argparse.argument",
        {"argument": "%(argument_name)s", "message": "%(message)s"},
    ),
    "unrecognized arguments: %s": ("cli.argparse.unrecognized", {"arguments": "%s"}),
    "the following arguments are required: %s": ("cli.argparse.required", {"arguments": "%s"}),
    "one of the arguments %s is required": ("cli.argparse.one_required", {"arguments": "%s"}),
    "not allowed with argument %s": ("cli.argparse.not_allowed", {"argument": "%s"}),
    "ignored explicit argument %r": ("cli.argparse.ignored", {"value": "%r"}),
    "expected one argument": ("cli.argparse.expected_one", {}),
    "expected at most one argument": ("cli.argparse.expected_at_most_one", {}),
    "expected at least one argument": ("cli.argparse.expected_at_least_one", {}),
    "ambiguous option: %(option)s could match %(matches)s": (
        "cli.argparse.ambiguous",
        {"option": "%(option)s", "matches": "%(matches)s"},
    ),
    "invalid %(type)s value: %(value)r": ("cli.argparse.invalid_value", {"type": "%(type)s", "value": "%(value)r"}),
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "cli.argparse.invalid_choice",
        {"value": "%(value)r", "choices": "%(choices)s"},
    ),
    "positional arguments": ("cli.help.positionals", {}),
    "options": ("cli.help.options", {}),
    "show this help message and exit": ("cli.help.help", {}),
}
"""argparse's own English messages (its ``gettext`` message ids) → our key and the %-fields to keep."""


def argparse_gettext(lang: str) -> Callable[[str], str]:
    """A ``gettext`` for argparse's own messages in ``lang``: our catalogue's sentence, argparse's %-fields kept.

    A message that we do not translate stays argparse's English.

    >>> argparse_gettext("fr")("unrecognized arguments: %s") % "--x"
    'arguments non reconnus\xa0: --x'
    """

    def gettext(message: str) -> str:
        if message not in _ARGPARSE_MESSAGES:
            return message
        key, fields = _ARGPARSE_MESSAGES[message]
        return solver_text(key, lang, **fields)

    return gettext


@contextmanager
def _argparse_language(lang: str) -> Iterator[None]:
    """argparse's own words (errors, ``usage:``, ``-h``) in ``lang`` while the block runs.

    argparse calls the ``gettext`` it imported; it is swapped for the block only and then put back.
    """
    saved = argparse._  # type: ignore[attr-defined]
    argparse._ = argparse_gettext(lang)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = saved  # type: ignore[attr-defined]


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return n


def _seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = math.nan
    if not math.isfinite(x) or x < 0:
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds ≥ 0, got {text!r}")
    return x


def _rules(text: str) -> RuleSet:
    try:
        return RuleSet.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(" ".join(str(exc).split())) from None


def _rules_list(text: str) -> list[RuleSet]:
    return [_rules(part) for part in text.split(",")]


def _budget(parser: argparse.ArgumentParser, lang: str) -> None:
    m = _metavar(lang)
    parser.add_argument(
        "--max-nodes",
        type=_positive,
        default=None,
        metavar=m("max_nodes"),
        help=solver_text("cli.help.max_nodes", lang),
    )
    parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=None,
        metavar=m("time_limit"),
        help=solver_text("cli.help.time_limit", lang),
    )


def _where(parser: argparse.ArgumentParser, lang: str) -> None:
    """``--scheduler`` / ``--dask`` and ``--no-progress`` (winrate and study)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--scheduler", metavar=_metavar(lang)("address"), default=None, help=solver_text("cli.help.scheduler", lang)
    )
    group.add_argument("--dask", action="store_true", help=solver_text("cli.help.dask", lang))
    parser.add_argument("--no-progress", action="store_true", help=solver_text("cli.help.no_progress", lang))


def _metavar(lang: str) -> Callable[[str], str]:
    """The placeholder of an option's value in ``--help`` (argparse's metavar), in ``lang``:
    ``_metavar("fr")("rules")`` is ``"RÈGLES"``."""
    return lambda name: solver_text(f"cli.metavar.{name}", lang)


def chosen_language(argv: Sequence[str]) -> str:
    """The language ``argv`` asks for with ``--lang xx`` or ``--lang=xx`` (the last one wins), else English:
    read before parsing, so that ``--help`` is written in it too.

    >>> chosen_language(["solve", "--lang", "fr", "--help"]), chosen_language(["--lang=de"])
    ('fr', 'en')
    """
    lang = "en"
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        if value in LANGUAGES:
            lang = value
    return lang


_HEADING_MARK = "\x00"
_MARKED_HEADING = re.compile("^(.*)\x00:$", re.MULTILINE)
"""A section heading as argparse writes it ("options:"), marked by :func:`_help_format`."""


def _help_format(lang: str) -> type[argparse.HelpFormatter]:
    """argparse's help layout with its one English word, ``usage:``, in ``lang``."""
    usage_prefix = solver_text("cli.help.usage", lang) + " "

    heading = solver_text("cli.argparse.heading", lang, heading=_HEADING_MARK)

    class _Help(argparse.HelpFormatter):
        def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[no-untyped-def]
            super().add_usage(usage, actions, groups, prefix=usage_prefix if prefix is None else prefix)

        def start_section(self, heading_text: str | None) -> None:
            super().start_section(None if heading_text is None else heading_text + _HEADING_MARK)

        def format_help(self) -> str:
            # argparse writes "heading:"; the language may want "heading :" (French)
            text = super().format_help()
            return _MARKED_HEADING.sub(lambda m: heading.replace(_HEADING_MARK, m[1]), text)

    return _Help


def _make(parser: argparse.ArgumentParser, lang: str) -> argparse.ArgumentParser:
    """``parser`` with its headings, its ``-h`` and its errors in ``lang``."""
    if isinstance(parser, _Parser):
        parser.lang = lang
    parser._positionals.title = solver_text("cli.help.positionals", lang)
    parser._optionals.title = solver_text("cli.help.options", lang)
    parser.add_argument("-h", "--help", action="help", help=solver_text("cli.help.help", lang))
    return parser


def _parser(lang: str = "en") -> argparse.ArgumentParser:
    t = solver_text
    m = _metavar(lang)
    help_format = _help_format(lang)
    common = _Parser(add_help=False)
    # --lang before or after the command ("tripeaks --lang fr solve …"); not given, it is English (main)
    common.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.help.lang", lang))
    p = _make(
        _Parser(
            prog="tripeaks", description=t("cli.help.description", lang), add_help=False, formatter_class=help_format
        ),
        lang,
    )
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.help.lang", lang))
    # the metavar names the commands in an error too, where argparse would say its English dest "command"
    sub = p.add_subparsers(
        dest="command", required=True, title=t("cli.help.commands", lang), metavar="{solve,winrate,study,class-server}"
    )

    def command(name: str) -> argparse.ArgumentParser:
        sub_parser = sub.add_parser(
            name, parents=[common], help=t(f"cli.help.{name}", lang), add_help=False, formatter_class=help_format
        )
        return _make(sub_parser, lang)

    s = command("solve")
    s.add_argument("code", metavar=m("code"), help=t("cli.help.code", lang))
    s.add_argument("--best", action="store_true", help=t("cli.help.best", lang))
    s.add_argument("--rules", type=_rules, default=None, metavar=m("rules"), help=t("cli.help.solve_rules", lang))
    _budget(s, lang)

    w = command("winrate")
    w.add_argument("--rule", default=None, metavar=m("rule"), help=t("cli.help.rule", lang))
    w.add_argument("--rules", type=_rules, default=None, metavar=m("rules"), help=t("cli.help.winrate_rules", lang))
    w.add_argument("--deals", default="0-999", metavar=m("deals"), help=t("cli.help.deals", lang))
    w.add_argument("--jobs", type=_positive, default=usable_cpus(), metavar=m("jobs"), help=t("cli.help.jobs", lang))
    w.add_argument(
        "--max-nodes", type=_positive, default=None, metavar=m("max_nodes"), help=t("cli.help.deal_budget", lang)
    )
    _where(w, lang)

    st = command("study")
    st.add_argument("--deals", default="0-9999", metavar=m("deals"), help=t("cli.help.study_deals", lang))
    st.add_argument("--best-deals", default="0-499", metavar=m("best_deals"), help=t("cli.help.best_deals", lang))
    st.add_argument("--out", default="notebooks/data", metavar=m("out"), help=t("cli.help.out", lang))
    st.add_argument(
        "--jobs", type=_positive, default=usable_cpus(), metavar=m("jobs"), help=t("cli.help.study_jobs", lang)
    )
    st.add_argument("--rules", type=_rules_list, default=None, metavar=m("rules"), help=t("cli.help.study_rules", lang))
    _where(st, lang)
    c = command("class-server")
    c.add_argument("--db", required=True, metavar=m("db"), help=t("cli.help.db", lang))
    c.add_argument("--port", type=_port, default=8866, metavar=m("port"), help=t("cli.help.port", lang))
    c.add_argument("--local", action="store_true", help=t("cli.help.local", lang))
    c.add_argument("--secret", default=None, metavar=m("secret"), help=t("cli.help.secret", lang))
    c.add_argument("--class-list", metavar=m("file"), default=None, help=t("cli.help.class_list", lang))
    c.add_argument(
        "--kernels", type=_kernels, default=DEFAULT_KERNELS, metavar=m("pages"), help=t("cli.help.kernels", lang)
    )
    c.add_argument("--dry-run", action="store_true", help=t("cli.help.dry_run", lang))
    return p


DEFAULT_KERNELS = 2
"""Students' pages kept ready by ``class-server`` (preheated kernels), as ``config/voila.py`` keeps."""
MAX_KERNELS = 200
KERNEL_MB = 110
"""About how much memory (MB) one preheated kernel holds while it waits (docs/teach/load-test.md: 108 MiB RSS)."""


def _kernels(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_KERNELS:
        raise argparse.ArgumentTypeError(f"a number of kernels is a whole number 0-{MAX_KERNELS}, got {text!r}")
    return value


def _available_mb() -> int | None:
    """The memory this computer can still give (MB, Linux's MemAvailable), else ``None``."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number 1024-65535, got {text!r}") from None
    if not 1024 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number 1024-65535, got {text!r}")
    return value


SECRET_FILE = "teacher-secret.txt"


def _lan_address() -> str:
    """This computer's address on the local network (no packet is sent), else its host name."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def _teacher_secret(folder: Path, given: str | None) -> str:
    """``given``, else the secret kept in ``folder`` (made once, readable by its owner only)."""
    import secrets

    kept = _kept_secret(folder, given)
    if kept is not None:
        return kept
    made = secrets.token_urlsafe(12)
    path = folder / SECRET_FILE
    path.write_text(made + "\n", encoding="utf-8")
    path.chmod(0o600)
    return made


def _kept_secret(folder: Path, given: str | None) -> str | None:
    """``given``, else the secret already kept in ``folder``, else ``None`` (nothing is made)."""
    if given is not None:
        return _teacher_secret_checked(given)
    path = folder / SECRET_FILE
    try:
        kept = path.read_text(encoding="utf-8").strip() if path.is_file() else ""
    except (OSError, UnicodeDecodeError):
        kept = ""
    return kept or None


def _teacher_secret_checked(given: str) -> str:
    text = given.strip()
    if len(text) < 8 or any(not ch.isprintable() or ch.isspace() for ch in text):
        raise ValueError("the teacher's secret needs at least 8 printable characters without spaces")
    return text


def _read_class_list(path: Path, lang: str) -> list[str]:
    """The names of the class list file ``path`` (UTF-8, one per line); a file that cannot be
    read, or a line that cannot be a name, is said in one sentence (:class:`_EnvironmentProblem`)."""
    from .history.class_results import InvalidClassListError, parse_class_list

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _EnvironmentProblem(solver_text("class.list_unreadable", lang, path=str(path), detail=str(exc))) from None
    try:
        return parse_class_list(text)
    except InvalidClassListError as exc:
        raise _EnvironmentProblem(
            solver_text("class.list_bad", lang, path=str(path), line=exc.line, name=exc.name or str(exc))
        ) from None


def _kernel_lines(kernels: int, lang: str, available_mb: Callable[[], int | None]) -> list[str]:
    """How many students' pages wait ready and their memory; a warning when this computer lacks it."""
    need = kernels * KERNEL_MB
    gigabytes = format_number(need / 1000, lang, digits=1)
    lines = [solver_text("class.kernels_ready", lang, count=kernels, memory=gigabytes)]
    free = available_mb()
    if free is not None and need > free:
        lines.append(solver_text("class.kernels_memory", lang, free=format_number(free / 1000, lang, digits=1)))
    return lines


def class_server_plan(
    args: argparse.Namespace, root: Path | None = None, available_mb: Callable[[], int | None] = _available_mb
) -> tuple[list[str], dict[str, str], list[str]]:
    """What ``class-server`` runs: (the Voila command, its environment, the lines it prints).

    ``args.kernels`` students' pages are kept ready (Voila's preheated kernels,
    :data:`KERNEL_MB` MB each while they wait); ``available_mb`` says this
    computer's free memory in MB (``None``: unknown), and a pool larger than it is said.

    Creates the database's folder and the teacher's secret, and stores the class
    list; with ``args.dry_run`` it makes and stores nothing (it checks the
    arguments and reads the class list only). Raises ``ValueError`` or ``OSError``
    (said in one line by :func:`main`) for a database that cannot be used.
    """
    from .history.class_results import ENV_DB, ENV_TEACHER_SECRET, ClassStore

    root = root if root is not None else Path(__file__).resolve().parent.parent
    notebooks, config = root / "notebooks", root / "config"
    if not (notebooks / "tripeaks.ipynb").is_file() or not (config / "voila.py").is_file():
        raise _EnvironmentProblem(solver_text("class.no_notebooks", args.lang, folder=str(root)))
    db = Path(args.db).expanduser().absolute()
    if db.is_dir():
        raise _EnvironmentProblem(solver_text("class.db_is_folder", args.lang, path=str(db)))
    if args.secret is not None:  # a bad secret is refused before anything is made
        _teacher_secret_checked(args.secret)
    listed = getattr(args, "class_list", None)
    names = _read_class_list(Path(listed).expanduser(), args.lang) if listed is not None else None
    dry = bool(getattr(args, "dry_run", False))
    if not dry:
        db.parent.mkdir(parents=True, exist_ok=True)
        store = ClassStore(db)
        if store.problem is not None:
            raise _EnvironmentProblem(
                solver_text("class.db_unusable", args.lang, path=str(db), detail=store.problem.detail)
            )
        if names is not None and not store.set_class_list(names):
            detail = store.problem.detail if store.problem is not None else "the database stayed locked"
            raise _EnvironmentProblem(solver_text("class.db_unusable", args.lang, path=str(db), detail=detail))
    secret = _kept_secret(db.parent, args.secret) if dry else _teacher_secret(db.parent, args.secret)
    kernels = int(getattr(args, "kernels", DEFAULT_KERNELS))
    host = "127.0.0.1" if args.local else "0.0.0.0"
    shown = "localhost" if args.local else _lan_address()
    base = f"http://{shown}:{args.port}/voila/render"
    command = [
        sys.executable, "-m", "voila", "--no-browser", f"--port={args.port}", "--Voila.port_retries=0", f"--Voila.ip={host}",
        f"--Voila.config_file_paths={config}",
        # only the students' app keeps preheated kernels; the teacher's page reads its link's secret at start
        r"--VoilaKernelManager.preheat_denylist=(?!(.*/)?tripeaks\.ipynb$)",
        f"--VoilaConfiguration.default_pool_size={kernels}",
        str(notebooks),
    ]  # fmt: skip
    env = {ENV_DB: str(db), ENV_TEACHER_SECRET: secret or ""}
    lines = [
        solver_text("class.students", args.lang, link=f"{base}/tripeaks.ipynb"),
        solver_text("class.teacher", args.lang, link=f"{base}/class_results.ipynb?secret={secret}")
        if secret
        else solver_text("class.teacher_new", args.lang),
        solver_text("class.database" if db.is_file() or not dry else "class.database_new", args.lang, path=str(db)),
    ]
    if names is not None:
        lines.append(solver_text("class.list", args.lang, path=str(listed), count=len(names)))
    if not args.local:
        lines.append(solver_text("class.firewall", args.lang, port=str(args.port)))
    lines.extend(_kernel_lines(kernels, args.lang, available_mb))
    lines.append(solver_text("class.dry_run" if dry else "class.stop", args.lang))
    return command, env, lines


def _port_in_use(host: str, port: int) -> bool:
    """True when ``port`` on ``host`` cannot be listened on (another server has it)."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does: a closed port is free
        probe.bind((host, port))
        return False
    except OSError:
        return True
    finally:
        probe.close()


def _class_server(args: argparse.Namespace, out: list[str]) -> int:
    command, env, lines = class_server_plan(args)
    if not args.dry_run and _port_in_use("127.0.0.1" if args.local else "0.0.0.0", args.port):
        # Voila would move to another port, and the links printed would send students and the secret elsewhere
        raise _EnvironmentProblem(solver_text("class.port_busy", args.lang, port=str(args.port)))
    if args.dry_run:
        print("\n".join(lines), flush=True)
        out.append(" ".join(command))
        return 0
    return run_server(command, {**os.environ, **env}, announce=lines)


def run_server(command: list[str], env: dict[str, str], grace: float = 10.0, announce: Sequence[str] = ()) -> int:
    """Run the server ``command`` (Voila) until it stops, and stop it with this process.

    The server runs in a session of its own, so a terminal's Ctrl-C reaches this process only (a
    Ctrl-C that reached Voila and its kernels while they were starting printed their tracebacks,
    a ``ZMQError`` or a ``KeyboardInterrupt``): Ctrl-C, like a SIGTERM or SIGHUP (a closed
    terminal, ``kill``, a service manager), is passed on as a SIGTERM, and the server shuts down
    quietly, so the server, its kernels and its port never outlive the command.  The signals are
    taken over before the lines ``announce`` (the links) are printed and the server starts, so one
    that comes at any moment after them (even while the server is being started) stops it.  After
    ``grace`` seconds a server still running is killed, with anything left of its process group.
    Returns the server's exit status, 0 after Ctrl-C or a signal.
    """
    import signal
    import subprocess

    posix = os.name == "posix"
    child: subprocess.Popen[bytes] | None = None
    asked: list[float] = []  # when a stop was asked (monotonic seconds), if it was

    def pass_on(_signum: int, _frame: object) -> None:
        if not asked:
            asked.append(time.monotonic())
        if child is not None and child.poll() is None:
            child.send_signal(signal.SIGTERM if posix else signal.SIGINT)

    names = ("SIGINT", "SIGTERM", "SIGHUP")
    caught = [getattr(signal, name) for name in names if hasattr(signal, name)]
    previous = {sig: signal.signal(sig, pass_on) for sig in caught}
    try:
        if announce:
            print("\n".join(announce), flush=True)
        if asked:
            return 0
        child = subprocess.Popen(command, env=env, start_new_session=posix)
        if asked:  # asked while it was being started
            pass_on(signal.SIGTERM, None)
        while True:
            try:
                code = child.wait(timeout=0.25)
                break
            except subprocess.TimeoutExpired:
                if asked and time.monotonic() - asked[0] > grace:
                    child.kill()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if child is not None:
            if child.poll() is None:
                child.kill()
                child.wait()
            if posix:  # a kernel the server left behind (killed, it could not stop them) goes too
                with contextlib.suppress(OSError):
                    os.killpg(child.pid, signal.SIGKILL)
    return 0 if asked else code


@dataclass(frozen=True)
class _Workers:
    """Where the deals are decided: ``executor`` (``None``: a local process pool) with ``jobs`` workers."""

    executor: Executor | None
    jobs: int
    scheduler: str | None = None


@contextmanager
def _workers(args: argparse.Namespace) -> Iterator[_Workers]:
    """The local process pool, or a Dask cluster's ``concurrent.futures`` executor (closed at the end).

    A failure of the cluster (no scheduler at the address, a worker lost) is
    raised as one sentence (:class:`_EnvironmentProblem`).
    """
    if args.scheduler is None and not args.dask:
        yield _Workers(None, args.jobs)
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise _EnvironmentProblem(solver_text("cli.no_dask", args.lang)) from None
    cluster = None
    try:
        if args.scheduler is not None:
            client = Client(args.scheduler, timeout="30s")
        else:
            cluster = LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
    except OSError as exc:  # no scheduler there, or it did not answer in time
        raise _EnvironmentProblem(solver_text("cli.dask_failed", args.lang, reason=_one_line(exc))) from exc
    try:
        workers = max(1, sum(client.nthreads().values()))
        yield _Workers(client.get_executor(pure=False), workers, str(client.scheduler.address))
    except Exception as exc:
        if type(exc).__module__.split(".")[0] == "distributed":  # a worker lost, a task that could not run
            raise _EnvironmentProblem(solver_text("cli.dask_failed", args.lang, reason=_one_line(exc))) from exc
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _solve(args: argparse.Namespace, out: list[str]) -> int:
    code = GameCode.parse(args.code)
    if args.rules is not None:
        code = GameCode(args.rules, code.deal)
    game = Game.from_code(code)
    lang = args.lang
    t0 = time.perf_counter()
    if args.best:
        res = best_score(game, max_nodes=args.max_nodes, time_limit=args.time_limit)
        verdict, line, nodes = res.verdict, res.line, res.nodes
    else:
        sol = solve(game, max_nodes=args.max_nodes, time_limit=args.time_limit)
        verdict, line, nodes = sol.verdict, sol.line, sol.nodes
    seconds = time.perf_counter() - t0
    named = preset_name(code.rules, lang) if code.rules.preset is not None else ui_rule_name(code.rule, lang)
    out.append(solver_text(f"cli.header.{verdict.value}", lang, code=code, rule=named))
    if verdict is Verdict.WINNABLE:
        replay = game.copy()
        names = []
        for action in line:
            event = replay.apply(action)
            names.append(card_name(event.card, lang) if isinstance(event, PlayEvent) else solver_text("cli.draw", lang))
        draws = sum(1 for a in line if a == "D")
        out.append(solver_text("cli.line", lang, line=" ".join(names)))
        out.append(
            solver_text("solve.winnable", lang, code=code, moves=len(line), score=replay.score)
            + " "
            + solver_text("solve.draws", lang, draws=draws)
        )
        if args.best:
            if code.rules.scoring is ScoringRule.RUNS:
                out.append(solver_text("cli.best_runs" if res.optimal else "cli.best_runs_unproven", lang))
            else:
                out.append(solver_text("cli.best" if res.optimal else "cli.best_unproven", lang))
    elif verdict is Verdict.UNWINNABLE:
        out.append(solver_text("solve.unwinnable", lang, code=code, nodes=nodes))
    else:
        out.append(solver_text("solve.unknown", lang, code=code, nodes=nodes))
    out.append(solver_text("cli.searched", lang, nodes=nodes, seconds=format_number(seconds, lang, digits=2)))
    return 0


def _winrate(args: argparse.Namespace, out: list[str]) -> int:
    lang = args.lang
    if args.rule is not None and args.rules is not None:
        raise ValueError("give --rule or --rules, not both")
    rules = args.rules if args.rules is not None else RuleSet.from_rule(WrapRule.parse(args.rule or "easy"))
    deals = parse_deals(args.deals)  # checked against the code space; never a list of every deal
    t0 = time.perf_counter()
    wins = lost = unknown = nodes = 0
    cpu = 0.0
    progress = False if args.no_progress else None
    with _workers(args) as where:
        results = decide_deals(
            rules,
            deals,
            max_nodes=args.max_nodes,
            jobs=where.jobs,
            executor=where.executor,
            progress=progress,
            label=lambda stage: stage_label(stage, lang),
        )
        for r in results:
            nodes += r.nodes
            cpu += r.seconds
            if r.verdict is Verdict.WINNABLE:
                wins += 1
            elif r.verdict is Verdict.UNWINNABLE:
                lost += 1
            else:
                unknown += 1
    wall = time.perf_counter() - t0
    decided = wins + lost
    name = preset_name(rules, lang) if rules.preset is not None else str(rules)
    out.append(solver_text("winrate.deals", lang, rule=name, ranges=str(deals), deals=len(deals)))
    if where.scheduler is None:
        out.append(solver_text("winrate.jobs", lang, jobs=where.jobs))
    else:
        out.append(solver_text("winrate.dask", lang, workers=where.jobs, address=where.scheduler))
    if decided:
        lo, hi = wilson(wins, decided)
        out.append(
            solver_text(
                "winrate.winnable",
                lang,
                wins=wins,
                decided=decided,
                share=format_percentage(wins / decided, lang),
                low=format_percentage(lo, lang),
                high=format_percentage(hi, lang),
            )
        )
    out.append(solver_text("winrate.unwinnable", lang, lost=lost))
    out.append(solver_text("winrate.unknown", lang, unknown=unknown))
    out.append(solver_text("winrate.nodes", lang, nodes=nodes))
    out.append(
        solver_text(
            "winrate.time",
            lang,
            wall=format_number(wall, lang, digits=1),
            cpu=format_number(cpu, lang, digits=1),
        )
    )
    return 0


def _study(args: argparse.Namespace, out: list[str]) -> int:
    lang = args.lang
    deals, best_deals = parse_deals(args.deals), parse_deals(args.best_deals)
    try:
        with _workers(args) as where:
            paths = run_study(
                deals,
                args.out,
                best_deals=best_deals,
                jobs=where.jobs,
                log=lambda stage: print(stage_message(stage, lang), flush=True),
                label=lambda stage: stage_label(stage, lang),
                rules=args.rules,
                executor=where.executor,
                progress=False if args.no_progress else None,
            )
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise _EnvironmentProblem(solver_text("cli.out", lang, path=args.out, reason=reason)) from exc
    out.extend(solver_text("study.wrote", lang, path=str(p)) for p in paths.values())
    return 0


class _EnvironmentProblem(Exception):
    """A problem of the environment, already said in one sentence of the chosen language."""


def _message(exc: Exception, lang: str) -> str:
    """One line saying what went wrong, in ``lang`` where the catalogues have it."""
    if isinstance(exc, InvalidCodeError):
        return code_error_message(exc, lang)
    if isinstance(exc, DealRangeError):
        return deal_range_message(exc, lang)
    if isinstance(exc, OSError):
        return f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")
    if isinstance(exc, BrokenProcessPool):
        return "a worker process stopped unexpectedly (out of memory?)"
    if isinstance(exc, MemoryError):
        return "out of memory"
    return " ".join(str(exc).split())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0 ok, 2 for a bad argument or
    a problem of the environment (said in one line on stderr), 130 when interrupted."""
    lang = chosen_language(sys.argv[1:] if argv is None else argv)
    try:
        with _argparse_language(lang):
            args = _parser(lang).parse_args(argv)
    except _ArgumentError as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return 2
    args.lang = getattr(args, "lang", "en")
    cpus = usable_cpus()
    if getattr(args, "jobs", 0) > cpus and getattr(args, "scheduler", None) is None:
        # never hundreds of processes on a machine of a few cores (a Dask scheduler elsewhere has its own workers)
        print(solver_text("cli.jobs_capped", args.lang, asked=str(args.jobs), cpus=cpus), file=sys.stderr)
        args.jobs = cpus
    out: list[str] = []
    try:
        if args.command == "solve":
            status = _solve(args, out)
        elif args.command == "winrate":
            status = _winrate(args, out)
        elif args.command == "class-server":
            status = _class_server(args, out)
        else:
            status = _study(args, out)
    except BrokenPipeError:  # whoever read the output went away (`| head`): stop quietly, as shells expect
        return _pipe_closed()
    except (ValueError, OSError, BrokenProcessPool, MemoryError, _EnvironmentProblem) as exc:
        message = str(exc) if isinstance(exc, _EnvironmentProblem) else _message(exc, args.lang)
        print(solver_text("cli.error", args.lang, command=args.command, message=message), file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: stop quietly, as shells expect
        print(solver_text("cli.interrupted", args.lang, command=args.command), file=sys.stderr)
        return 130
    try:
        print("\n".join(out))
    except BrokenPipeError:
        return _pipe_closed()
    return status


def _pipe_closed() -> int:
    """The output's reader closed the pipe: nothing more is written (not even at exit); 141 = 128 + SIGPIPE."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # a stdout without a file (a test's capture)
        pass
    return 141
