"""How long "Rewind to the last winnable position" searches: prints figures, asserts nothing.

    python3 benchmarks/rewind.py [--games 20] [--seed 0] [--rule E]

Lost games are made by random legal play (no undo) on random deals until the
game is blocked; those the solver proves lost are kept.  For each one the
number of undos back to the last winnable position is found two ways:

* **gallop** — :func:`tripeaks.solver.rewind`: try 1, 2, 4, 8 … undos, then
  bisect (about 2·log2(k) exact searches for k undos);
* **linear** — the simplest search, written here: 1, 2, 3 … undos until a
  winnable position (k exact searches).

Printed: the undos needed (median, max), and for each strategy the seconds
per game (median, p95, max), the positions searched (median) and the
exact searches made (median); the two must agree on every game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tripeaks import Game, GameCode, Status, WrapRule  # noqa: E402
from tripeaks.solver import Verdict, prepare, rewind, solve  # noqa: E402


def lost_game(rng: random.Random, rule: WrapRule) -> Game:
    while True:
        game = Game.from_code(GameCode(rule, rng.randrange(32**7)))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.status is Status.BLOCKED and game.undo_depth:
            return game


def linear(game: Game) -> tuple[int | None, int, int]:
    """(undos, positions searched, searches) by trying 1, 2, 3 … undos."""
    nodes = searches = 0
    g = game.copy()
    for k in range(1, game.undo_depth + 1):
        g.undo()
        sol = solve(g)
        nodes += sol.nodes
        searches += 1
        if sol.verdict is Verdict.WINNABLE:
            return k, nodes, searches
    return None, nodes, searches


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rule", default="E")
    args = parser.parse_args()
    prepare()
    rng = random.Random(args.seed)
    rule = WrapRule.parse(args.rule)
    rows = []
    for _ in range(args.games):
        game = lost_game(rng, rule)
        t0 = time.perf_counter()
        fast = rewind(game)
        t1 = time.perf_counter()
        slow = linear(game)
        t2 = time.perf_counter()
        assert fast.undos == slow[0], (game.to_record(), fast, slow)
        rows.append((fast.undos or 0, t1 - t0, fast.nodes, t2 - t1, slow[1], slow[2]))
    undos = [r[0] for r in rows]
    print(f"{len(rows)} lost games under {rule.name.lower()} (random play), seed {args.seed}")
    print(f"undos to the last winnable position: median {statistics.median(undos)}, max {max(undos)}")
    for name, t, n in (("gallop (rewind)", 1, 2), ("linear", 3, 4)):
        secs = [r[t] for r in rows]
        print(
            f"{name:16s} s/game median {statistics.median(secs):.3f}  p95 {p95(secs):.3f}  max {max(secs):.3f}"
            f"  positions median {statistics.median(r[n] for r in rows):,.0f}"
        )
    print(f"linear searches per game: median {statistics.median(r[5] for r in rows)}")


if __name__ == "__main__":
    main()
