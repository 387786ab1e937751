"""*Deal only winnable games*: time to a dealt winnable game, compiled search core against pure Python.

Run:

    python benchmarks/deal_winnable.py [--rules C] [--games 300] [--seed 7]

Does what the app's option does (``tripeaks/app/views/hints.py``): random deals, each searched
with ``solve(game, time_limit=DEAL_TRY_BUDGET)``, until one is proven winnable (at most
``DEAL_MAX_TRIES``).  The same seeded sequence of deals is dealt with each search, game by game
alternately (core, then Python), so a change in the machine's load hits both alike.  Prints the
wall time to a dealt game: p50 / p95 / max, and the median of the paired per-game ratios.  Nothing
is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks import Game, GameCode, RuleSet  # noqa: E402
from tripeaks.app.views.hints import DEAL_MAX_TRIES, DEAL_TRY_BUDGET  # noqa: E402
from tripeaks.engine.codes import N_DEALS  # noqa: E402
from tripeaks.solver import Verdict, _core, prepare, solve  # noqa: E402

CORE = _core.lib


def deal_one(rules: RuleSet, deals: list[int]) -> tuple[float, int]:
    """Seconds to a winnable game from this sequence of random deals, and the deals tried."""
    t = time.perf_counter()
    n = 0
    for deal in deals[:DEAL_MAX_TRIES]:
        n += 1
        if solve(Game.from_code(GameCode(rules, deal)), time_limit=DEAL_TRY_BUDGET).verdict is Verdict.WINNABLE:
            break
    return time.perf_counter() - t, n


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="C")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rules = RuleSet.parse(args.rules)
    rnd = random.Random(args.seed)
    prepare()
    cores = [("core", CORE), ("Python", None)] if CORE is not None else [("Python", None)]
    times: dict[str, list[float]] = {name: [] for name, _ in cores}
    tries = []
    for _ in range(args.games):
        deals = [rnd.randrange(N_DEALS) for _ in range(DEAL_MAX_TRIES)]
        for name, lib in cores:
            _core.lib = lib
            seconds, n = deal_one(rules, deals)
            times[name].append(seconds)
        _core.lib = CORE
        tries.append(n)  # with the last search listed (Python)
    print(
        f"Deal only winnable games, {rules}, {args.games} games, {DEAL_TRY_BUDGET} s per deal tried, at most {DEAL_MAX_TRIES}"
    )
    print(f"  deals tried per game: mean {statistics.mean(tries):.2f}, max {max(tries)}")
    for name, ts in times.items():
        print(
            f"  {name:7} wall p50 {1000 * pct(ts, 0.5):6.1f} ms, p95 {1000 * pct(ts, 0.95):7.1f} ms, "
            f"max {1000 * max(ts):7.1f} ms"
        )
    if CORE is not None:
        ratios = [p / c for p, c in zip(times["Python"], times["core"])]
        print(f"  median paired ratio Python / core {statistics.median(ratios):.1f}")
    print("  load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
