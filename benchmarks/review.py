"""How long a game review (docs/rules.md §9) takes: prints p50/p95 figures, asserts nothing.

    python3 benchmarks/review.py [--games 200] [--seed 0] [--rules E C] [--points-games 40]

Finished games are made by random legal play (no undo) on random deals until
the game is over (won or blocked).  Each is reviewed with
:func:`tripeaks.solver.review`, with no budget:

* **verdicts** — ``review(game, points=False)``: the verdict before and after
  every move and the turning point, on ``--games`` games per rule set;
* **with points** — ``review(game)``: also the best final score before and
  after every move, on the first ``--points-games`` of them (it costs more).

Printed for each rule set: the moves per game (median), seconds per game
(p50, p95, max), exact searches per game (median) next to the moves (one
search per position would be one per move), and the share of games with a
turning point.  Goal: p95 ≤ 1 s for the verdicts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tripeaks import Game, GameCode  # noqa: E402
from tripeaks.engine.rules import RuleSet  # noqa: E402
from tripeaks.solver import prepare, review  # noqa: E402


def finished_game(rng: random.Random, rules: RuleSet) -> Game:
    game = Game.from_code(GameCode(rules, rng.randrange(32**7)))
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(label: str, times: list[float], searches: list[int], moves: list[int], turning: int) -> None:
    print(
        f"{label}: {len(times)} games, {statistics.median(moves):.0f} moves (median); "
        f"seconds p50 {pct(times, 0.5):.3f}, p95 {pct(times, 0.95):.3f}, max {max(times):.3f}; "
        f"searches {statistics.median(searches):.0f} (median); turning point in {turning}/{len(times)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--points-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", nargs="+", default=["E", "C"])
    args = parser.parse_args()
    prepare()
    for name in args.rules:
        rules = RuleSet.parse(name)
        rng = random.Random(args.seed)
        games = [finished_game(rng, rules) for _ in range(args.games)]
        for label, sample, points in (
            (f"{name} verdicts", games, False),
            (f"{name} with points", games[: args.points_games], True),
        ):
            times: list[float] = []
            searches: list[int] = []
            moves: list[int] = []
            turning = 0
            for game in sample:
                t0 = time.perf_counter()
                r = review(game, points=points)
                times.append(time.perf_counter() - t0)
                searches.append(r.searches)
                moves.append(len(r.moves))
                turning += r.turning_point is not None
            if times:
                report(label, times, searches, moves, turning)


if __name__ == "__main__":
    main()
