"""Solver speed under the rule sets of docs/rules.md §8: one row per preset and per single option.

Run single-process:  python benchmarks/solver_presets.py [--deals 0-1999] [--best 0-199] [--hints 200]

Rows: the five presets, then each option on its own on top of Easy and of
Classic (draw stuck, open peaks, one and two jokers, empty waste, runs
scoring, undo penalty, a 5-minute timer).  Open peaks, scoring, undo and
timer take the same search as their base; they are measured anyway, as the
solver is called on them.  Per row: winnable deals, unknowns, total CPU in
``solve``, per-deal p50 / p95 / max (CPU) and positions searched.  Then
``best_score`` under runs scoring (Traditional and Easy + runs) on a smaller
range — an exact dynamic programme over every winning line — and the latency
of ``hint(time_limit=0.1)`` on positions from random play under the options
that change the search.  The load average is printed, since the machine is
shared.  Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks import Game, GameCode, RuleSet, Status  # noqa: E402
from tripeaks.engine.rules import PRESETS, TRADITIONAL  # noqa: E402
from tripeaks.solver import best_score, hint, prepare, solve  # noqa: E402
from tripeaks.solver.study import parse_deals  # noqa: E402

SINGLE_OPTIONS = {
    "draw stuck": {"draw": "stuck"},
    "open peaks": {"peaks": "open"},
    "1 joker": {"jokers": 1},
    "2 jokers": {"jokers": 2},
    "empty waste": {"waste": "empty"},
    "runs scoring": {"scoring": "runs"},
    "undo penalty": {"undo": "penalty"},
    "timer 5 min": {"timer": 5},
}


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def rows() -> list[tuple[str, RuleSet]]:
    out = [(f"preset {preset.value}", rules) for preset, rules in PRESETS.items()]
    for base_name, base in (("Easy", RuleSet()), ("Classic", RuleSet(wrap=False))):
        for name, change in SINGLE_OPTIONS.items():
            out.append((f"{base_name} + {name}", base.replace(**change)))
    return out


def code(rules: RuleSet, deal: int) -> str:
    flags = rules.flags
    return str(GameCode(rules.rule, deal)) + (f"-{flags}" if flags else "")


def bench_row(name: str, rules: RuleSet, deals: list[int]) -> float:
    times: list[float] = []
    nodes = wins = unknown = 0
    for d in deals:
        g = Game.from_code(code(rules, d))
        t = time.process_time()
        sol = solve(g)
        times.append(time.process_time() - t)
        nodes += sol.nodes
        wins += sol.winnable is True
        unknown += sol.winnable is None
    total = sum(times)
    print(
        f"{name:26s} {str(rules):9s} win {wins:5d}/{len(deals)} unknown {unknown}  CPU {total:7.2f} s  "
        f"p50 {1000 * pct(times, 0.5):6.2f} ms  p95 {1000 * pct(times, 0.95):7.1f} ms  "
        f"max {1000 * max(times):7.1f} ms  positions {nodes:,}",
        flush=True,
    )
    return total


def bench_best(name: str, rules: RuleSet, deals: list[int]) -> None:
    times: list[float] = []
    proven = wins = 0
    scores: list[int] = []
    for d in deals:
        g = Game.from_code(code(rules, d))
        t = time.process_time()
        res = best_score(g)
        times.append(time.process_time() - t)
        if res.score is not None:
            wins += 1
            proven += res.optimal
            scores.append(res.score)
    print(
        f"best_score {name:18s} {str(rules):9s} winnable {wins}/{len(deals)}, optimum proven {proven}; "
        f"CPU {sum(times):.1f} s, p50 {1000 * pct(times, 0.5):.1f} ms, p95 {1000 * pct(times, 0.95):.0f} ms, "
        f"max {1000 * max(times):.0f} ms; best score median {pct([float(s) for s in scores], 0.5):.0f}",
        flush=True,
    )


def hint_positions(rules: RuleSet, n: int, seed: int = 2024) -> list[Game]:
    """Positions from random play (plays preferred 3:1 over draws) over many deals."""
    rnd = random.Random(seed)
    out: list[Game] = []
    while len(out) < n:
        g = Game.from_code(code(rules, rnd.randrange(1_000_000)))
        while g.status is Status.PLAYING and len(out) < n:
            if rnd.random() < 0.3:
                out.append(g.copy())
            plays = g.playable()
            if plays and (rnd.random() < 0.75 or not g.can_draw):
                g.play(rnd.choice(plays))
            else:
                g.draw()
    return out


def bench_hints(name: str, rules: RuleSet, n: int) -> None:
    times = []
    kinds: dict[str, int] = {}
    for g in hint_positions(rules, n):
        t = time.perf_counter()
        h = hint(g, time_limit=0.1)
        times.append(time.perf_counter() - t)
        kinds[h.kind] = kinds.get(h.kind, 0) + 1
    print(
        f"hint {name:24s} {str(rules):9s} {len(times)} positions: p50 {1000 * pct(times, 0.5):.1f} ms, "
        f"p95 {1000 * pct(times, 0.95):.1f} ms, max {1000 * max(times):.1f} ms; "
        + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())),
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", default="0-1999", help="deals decided per row")
    ap.add_argument("--best", default="0-199", help="deals whose best runs score is computed ('' to skip)")
    ap.add_argument("--hints", type=int, default=200, help="hint positions per option (0 to skip)")
    ap.add_argument("--only", default="", help="only rows whose name contains this text")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {load()}")
    prepare()
    deals = parse_deals(args.deals)
    print(f"solve() from the deal, deals {deals[0]}–{deals[-1]} ({len(deals)}), CPU per deal:")
    total = 0.0
    for name, rules in rows():
        if args.only in name:
            total += bench_row(name, rules, deals)
    print(f"all rows: {total:.1f} s of CPU; {load()}")
    if args.best:
        best_deals = parse_deals(args.best)
        bench_best("Traditional", TRADITIONAL, best_deals)
        bench_best("Easy + runs", RuleSet(scoring="runs"), best_deals[: max(1, len(best_deals) // 4)])
    if args.hints:
        for name, rules in (
            ("Easy", RuleSet()),
            ("Traditional", RuleSet(draw="stuck", scoring="runs")),
            ("Classic + 1 joker", RuleSet(wrap=False, jokers=1)),
            ("Classic + empty waste", RuleSet(wrap=False, waste="empty")),
            ("Classic + draw stuck, 2 jokers", RuleSet(wrap=False, draw="stuck", jokers=2)),
        ):
            bench_hints(name, rules, args.hints)
    print(load())


if __name__ == "__main__":
    main()
