"""Engine speed: random playouts over many deals (printed, not asserted).

    python3 benchmarks/engine.py [--deals 400] [--seed 2026]

Each playout deals a TP1 code (deal numbers from a seeded random generator),
then repeats: ask ``legal_actions()``, pick one at random (or, one time in
eight when allowed, undo), apply it — until the game is won or blocked.
Printed:

* playout throughput: actions per second, the query that chose each action included;
* the cost of each ``play()``, ``draw()`` and ``undo()`` call alone (median and p95, µs);
* the cost of ``legal_actions()`` (median and p95, µs).

Goal: at least 20,000 actions per second in pure Python.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tripeaks import Game, GameCode, WrapRule  # noqa: E402
from tripeaks.engine.codes import N_DEALS  # noqa: E402

GOAL = 20_000


def playouts(deals: int, seed: int) -> dict[str, list[int]]:
    """Run the playouts; return per-call costs in nanoseconds by kind, and the wall time."""
    rng = random.Random(seed)
    costs: dict[str, list[int]] = {"play": [], "draw": [], "undo": [], "legal_actions": []}
    clock = time.perf_counter_ns
    for _ in range(deals):
        rule = WrapRule.EASY if rng.random() < 0.5 else WrapRule.CLASSIC
        game = Game.from_code(GameCode(rule, rng.randrange(N_DEALS)))
        while True:
            t0 = clock()
            actions = game.legal_actions()
            t1 = clock()
            costs["legal_actions"].append(t1 - t0)
            if not actions:
                break
            if game.can_undo and rng.random() < 0.125:
                t0 = clock()
                game.undo()
                costs["undo"].append(clock() - t0)
            else:
                action = rng.choice(actions)
                if action == "D":
                    t0 = clock()
                    game.draw()
                    costs["draw"].append(clock() - t0)
                else:
                    assert isinstance(action, int)
                    t0 = clock()
                    game.play(action)
                    costs["play"].append(clock() - t0)
    return costs


def throughput(deals: int, seed: int) -> tuple[int, float, dict[str, int]]:
    """The same playouts without per-call timers: (actions, seconds, how the games ended)."""
    rng = random.Random(seed)
    n = 0
    ends = {"won": 0, "blocked": 0, "playing": 0}
    start = time.perf_counter()
    for _ in range(deals):
        rule = WrapRule.EASY if rng.random() < 0.5 else WrapRule.CLASSIC
        game = Game.from_code(GameCode(rule, rng.randrange(N_DEALS)))
        while True:
            actions = game.legal_actions()
            if not actions:
                break
            if game.can_undo and rng.random() < 0.125:
                game.undo()
            else:
                game.apply(rng.choice(actions))
            n += 1
        ends[game.status.value] += 1
    return n, time.perf_counter() - start, ends


def pct(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    throughput(20, args.seed + 1)  # warm-up
    n, seconds, ends = throughput(args.deals, args.seed)
    rate = n / seconds
    print(
        f"python {sys.version.split()[0]}, {args.deals} deals, seed {args.seed}: "
        f"{ends['won']} won, {ends['blocked']} blocked"
    )
    print(
        f"playouts: {n} actions in {seconds:.3f} s = {rate:,.0f} actions/s "
        f"(legal_actions() query included; goal {GOAL:,}: {'met' if rate >= GOAL else 'NOT met'})"
    )
    costs = playouts(args.deals, args.seed)
    print(f"{'call':<15}{'count':>8}{'median µs':>12}{'p95 µs':>10}")
    for kind, values in costs.items():
        if values:
            print(f"{kind:<15}{len(values):>8}{statistics.median(values) / 1000:>12.2f}{pct(values, 0.95):>10.2f}")


if __name__ == "__main__":
    main()
