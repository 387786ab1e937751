"""Command line: ``python -m tripeaks solve|winrate|study``.

* ``python -m tripeaks solve TP1-E-AAAAAAD`` — verdict, winning line (card
  names) and the final score it reaches; ``--best`` finds the line with the
  fewest draws (the best score).
* ``python -m tripeaks winrate --rule classic --deals 0-1999`` — the share of
  winnable deals with its 95 % Wilson interval, positions searched and time,
  on every core (``--jobs``).
* ``python -m tripeaks study --deals 0-9999 --best-deals 0-999`` — regenerate
  the CSV files read by ``notebooks/winnability.ipynb``.

Exit status 0 on success, 2 for bad arguments (with a one-line message).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

from .codes import GameCode, InvalidCodeError, Rule
from .game import Game, PlayEvent
from .i18n import LANGUAGES, card_name
from .i18n.solver import solver_text
from .i18n.ui import rule_name as ui_rule_name
from .solver import Verdict, best_score, solve
from .study import _decide_args, _map, parse_deals, run_study, wilson

__all__ = ["main"]


def _count(n: int, lang: str) -> str:
    """``n`` with the language's thousands separator: 35,625 (en), 35.625 (pt), 35 625 (fr)."""
    return f"{n:,}".replace(",", {"en": ",", "pt": ".", "fr": "\u202f"}.get(lang, ","))


def _budget(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-nodes", type=int, default=None, help="stop after this many positions (unknown)")
    parser.add_argument("--time-limit", type=float, default=None, help="stop after this many seconds (unknown)")


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text}")
    return n


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tripeaks", description="TriPeaks solitaire: exact solver and win-rate study.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("solve", help="decide one deal and show a winning line")
    s.add_argument("code", help="a game code such as TP1-E-AAAAAAD")
    s.add_argument("--best", action="store_true", help="find the line with the fewest draws (best score)")
    s.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the sentences and card names")
    _budget(s)

    w = sub.add_parser("winrate", help="share of winnable deals over a range of deal numbers")
    w.add_argument("--rule", default="easy", help="easy (E) or classic (C)")
    w.add_argument("--deals", default="0-999", help="deal numbers, e.g. 0-1999 or 0-99,500-599")
    w.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1, help="worker processes (default: every core)")
    w.add_argument("--max-nodes", type=_positive, default=None, help="budget per deal (over it: unknown)")

    st = sub.add_parser("study", help="regenerate the notebook's CSV files")
    st.add_argument("--deals", default="0-9999", help="deals decided under both rules and played by the bot")
    st.add_argument("--best-deals", default="0-499", help="deals whose best score is computed")
    st.add_argument("--out", default="notebooks/data", help="output folder")
    st.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1, help="worker processes")
    return p


def _solve(args: argparse.Namespace, out: list[str]) -> int:
    code = GameCode.parse(args.code)
    game = Game.from_code(code)
    lang = args.lang
    t0 = time.perf_counter()
    if args.best:
        res = best_score(game, max_nodes=args.max_nodes, time_limit=args.time_limit)
        verdict, line, nodes, score, draws = res.verdict, res.line, res.nodes, res.score, res.draws
    else:
        sol = solve(game, max_nodes=args.max_nodes, time_limit=args.time_limit)
        verdict, line, nodes = sol.verdict, sol.line, sol.nodes
        score = draws = None
    seconds = time.perf_counter() - t0
    out.append(solver_text(f"cli.header.{verdict.value}", lang, code=code, rule=ui_rule_name(code.rule, lang)))
    if verdict is Verdict.WINNABLE:
        replay = game.copy()
        names = []
        for action in line:
            event = replay.apply(action)
            names.append(card_name(event.card, lang) if isinstance(event, PlayEvent) else solver_text("cli.draw", lang))
        draws = sum(1 for a in line if a == "D")
        score = replay.score
        out.append(solver_text("cli.line", lang, line=" ".join(names)))
        out.append(solver_text("solve.winnable", lang, code=code, moves=len(line), draws=draws, score=score))
        if args.best:
            assert isinstance(res.optimal, bool)
            out.append(solver_text("cli.best" if res.optimal else "cli.best_unproven", lang))
    elif verdict is Verdict.UNWINNABLE:
        out.append(solver_text("solve.unwinnable", lang, code=code, nodes=_count(nodes, lang)))
    else:
        out.append(solver_text("solve.unknown", lang, code=code, nodes=_count(nodes, lang)))
    out.append(
        solver_text(
            "cli.searched",
            lang,
            nodes=_count(nodes, lang),
            seconds=f"{seconds:.2f}" if lang == "en" else f"{seconds:.2f}".replace(".", ","),
        )
    )
    return 0


def _winrate(args: argparse.Namespace, out: list[str]) -> int:
    rule = Rule.parse(args.rule)
    deals = parse_deals(args.deals)
    t0 = time.perf_counter()
    wins = lost = unknown = nodes = 0
    cpu = 0.0
    for r in _map(_decide_args, [(rule.value, d, args.max_nodes) for d in deals], args.jobs):
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
    name = "Easy" if rule is Rule.EASY else "Classic"
    out.append(
        f"rule {name}, deals {args.deals} ({len(deals)} deal{'s' if len(deals) != 1 else ''}, {args.jobs} job{'s' if args.jobs != 1 else ''})"
    )
    if decided:
        lo, hi = wilson(wins, decided)
        out.append(
            f"winnable: {wins}/{decided} = {100 * wins / decided:.2f}% (95% CI {100 * lo:.2f}–{100 * hi:.2f}%, Wilson)"
        )
    out.append(f"unwinnable: {lost}, unknown (budget): {unknown}")
    out.append(f"positions searched: {nodes:,}")
    out.append(f"time: {wall:.1f} s wall, {cpu:.1f} s CPU in the solver")
    return 0


def _study(args: argparse.Namespace, out: list[str]) -> int:
    paths = run_study(
        parse_deals(args.deals),
        args.out,
        best_deals=parse_deals(args.best_deals),
        jobs=args.jobs,
        log=lambda line: print(line, flush=True),
    )
    out.extend(f"wrote {p}" for p in paths.values())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad arguments)."""
    parser = _parser()
    args = parser.parse_args(argv)
    out: list[str] = []
    try:
        if args.command == "solve":
            status = _solve(args, out)
        elif args.command == "winrate":
            status = _winrate(args, out)
        else:
            status = _study(args, out)
    except (InvalidCodeError, ValueError) as exc:
        print(f"tripeaks {args.command}: error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(out))
    return status


if __name__ == "__main__":
    sys.exit(main())
