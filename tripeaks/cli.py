"""Command line: ``python -m tripeaks solve|winrate|study``.

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

Every subcommand takes ``--lang en|pt|fr``: its sentences come from the
message catalogues (:mod:`tripeaks.i18n.solver`) and its numbers are written
for the language.  Exit status 0 on success; 2, with one line on stderr, for
a bad argument or a problem of the environment (a folder that cannot be
written, a worker process that died).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NoReturn

from .engine.codes import GameCode, InvalidCodeError
from .engine.game import Game, PlayEvent
from .engine.rules import RuleSet, ScoringRule, WrapRule
from .i18n import LANGUAGES, card_name, format_number, format_percentage
from .i18n.solver import deal_range_message, solver_text, stage_label, stage_message
from .i18n.ui import code_error_message, preset_name
from .i18n.ui import rule_name as ui_rule_name
from .solver import Verdict, best_score, solve
from .solver.study import DealRangeError, decide_deals, parse_deals, run_study, wilson

__all__ = ["main"]


class _ArgumentError(Exception):
    """A bad command line, said by argparse in one line."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block) and never exit."""

    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(f"{self.prog}: error: {message}")


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


def _budget(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-nodes", type=_positive, default=None, help="stop after this many positions (unknown)")
    parser.add_argument("--time-limit", type=_seconds, default=None, help="stop after this many seconds (unknown)")


def _where(parser: argparse.ArgumentParser) -> None:
    """``--scheduler`` / ``--dask`` and ``--no-progress`` (winrate and study)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="run on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://10.0.0.5:8786 (its workers, not --jobs)",
    )
    group.add_argument("--dask", action="store_true", help="run on a Dask cluster of --jobs processes started here")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar (shown on a terminal)")


def _parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the output (default: en)")
    p = _Parser(prog="tripeaks", description="TriPeaks solitaire: exact solver and win-rate study.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("solve", parents=[common], help="decide one deal and show a winning line")
    s.add_argument("code", help="a game code such as TP1-E-AAAAAAD")
    s.add_argument("--best", action="store_true", help="find the line with the best score")
    s.add_argument("--rules", type=_rules, default=None, help="deal the code's deal number under this rule set")
    _budget(s)

    w = sub.add_parser("winrate", parents=[common], help="share of winnable deals over a range of deal numbers")
    w.add_argument("--rule", default=None, help="deprecated: use --rules, which also reads easy (E) and classic (C)")
    w.add_argument("--rules", type=_rules, default=None, help="a preset name or a rule letter with flags, e.g. E-SJ")
    w.add_argument("--deals", default="0-999", help="deal numbers 0-34359738367, e.g. 0-1999 or 0-99,500-599")
    w.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1, help="worker processes (default: every core)")
    w.add_argument("--max-nodes", type=_positive, default=None, help="budget per deal (over it: unknown)")
    _where(w)

    st = sub.add_parser("study", parents=[common], help="regenerate the notebook's CSV files")
    st.add_argument("--deals", default="0-9999", help="deals decided under both rules and played by the bot")
    st.add_argument("--best-deals", default="0-499", help="deals whose best score is computed")
    st.add_argument("--out", default="notebooks/data", help="output folder")
    st.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1, help="worker processes")
    st.add_argument(
        "--rules",
        type=_rules_list,
        default=None,
        help="rule sets to report, comma-separated (default: the presets and each option on Easy and Classic)",
    )
    _where(st)
    return p


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
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except _ArgumentError as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return 2
    out: list[str] = []
    try:
        if args.command == "solve":
            status = _solve(args, out)
        elif args.command == "winrate":
            status = _winrate(args, out)
        else:
            status = _study(args, out)
    except (ValueError, OSError, BrokenProcessPool, MemoryError, _EnvironmentProblem) as exc:
        message = str(exc) if isinstance(exc, _EnvironmentProblem) else _message(exc, args.lang)
        print(solver_text("cli.error", args.lang, command=args.command, message=message), file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: stop quietly, as shells expect
        print(solver_text("cli.interrupted", args.lang, command=args.command), file=sys.stderr)
        return 130
    print("\n".join(out))
    return status
