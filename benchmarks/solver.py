"""Solver speed: decide TP1 deals 0–1999 under each rule, and hint latency.

Run single-process:  python benchmarks/solver.py [--deals 0-1999] [--rules E,C] [--hints 400]

Prints, per rule: total time, p50 / p99 / max per deal, positions searched and
the ratio to the C reference measured on this machine (a plain DFS with a memo
of (remaining cards, stock index, waste card), gcc -O2): 8.5 s Easy, 33 s
Classic for deals 0–1999.  Then the latency of ``hint(game, time_limit=0.1)``
over positions taken from real games (seeded random play over many deals):
p50 / p95 / max and how many answered "unknown".  The load average is printed
alongside, since the machine is shared.  Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks import Game, GameCode, Rule, Status  # noqa: E402
from tripeaks.solver import hint, solve  # noqa: E402
from tripeaks.study import parse_deals  # noqa: E402

C_REFERENCE = {"E": 8.5, "C": 33.0}  # seconds for deals 0–1999


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def bench_rule(rule: str, deals: list[int]) -> None:
    times: list[float] = []
    nodes = wins = unknown = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for d in deals:
        g = Game.from_code(GameCode(Rule.parse(rule), d))
        t = time.perf_counter()
        sol = solve(g)
        times.append(time.perf_counter() - t)
        nodes += sol.nodes
        wins += sol.winnable is True
        unknown += sol.winnable is None
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    total = sum(times)
    name = "Easy" if rule == "E" else "Classic"
    print(f"{name:7s} deals {deals[0]}–{deals[-1]} ({len(deals)}): winnable {wins}, unknown {unknown}")
    print(f"  total {total:.2f} s in solve (wall {wall:.2f} s, CPU {cpu:.2f} s)")
    print(f"  per deal: p50 {1000 * pct(times, 0.5):.2f} ms, p99 {1000 * pct(times, 0.99):.1f} ms, "
          f"max {1000 * max(times):.1f} ms")
    print(f"  positions searched {nodes:,} ({nodes / len(deals):,.0f} per deal)")
    if len(deals) == 2000 and deals[0] == 0:
        ref = C_REFERENCE[rule]
        print(f"  ratio to C reference ({ref} s): wall {total / ref:.2f}, CPU {cpu / ref:.2f}")
    print(f"  {load()}")


def hint_positions(n: int, seed: int = 2024) -> list[Game]:
    """Positions from real games: random play (plays preferred 3:1 over draws) over many deals."""
    rnd = random.Random(seed)
    out: list[Game] = []
    while len(out) < n:
        rule = rnd.choice([Rule.EASY, Rule.CLASSIC])
        g = Game.from_code(GameCode(rule, rnd.randrange(1_000_000)))
        while g.status is Status.PLAYING and len(out) < n:
            if rnd.random() < 0.3:
                out.append(g.copy())
            plays = g.playable()
            if plays and (rnd.random() < 0.75 or not g.can_draw):
                g.play(rnd.choice(plays))
            else:
                g.draw()
    return out


def bench_hints(n: int) -> None:
    games = hint_positions(n)
    times = []
    kinds: dict[str, int] = {}
    for g in games:
        t = time.perf_counter()
        h = hint(g, time_limit=0.1)
        times.append(time.perf_counter() - t)
        kinds[h.kind] = kinds.get(h.kind, 0) + 1
    print(f"hint(time_limit=0.1) over {len(games)} positions from random play: "
          f"p50 {1000 * pct(times, 0.5):.1f} ms, p95 {1000 * pct(times, 0.95):.1f} ms, max {1000 * max(times):.1f} ms")
    print("  answers: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"  {load()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="0-1999")
    ap.add_argument("--rules", default="E,C")
    ap.add_argument("--hints", type=int, default=400, help="hint positions (0 to skip)")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {load()}")
    deals = parse_deals(args.deals)
    for rule in args.rules.split(","):
        bench_rule(rule.strip().upper(), deals)
    if args.hints:
        bench_hints(args.hints)


if __name__ == "__main__":
    main()
