"""The win-rate study behind ``notebooks/winnability.ipynb``.

* :func:`decide_deal` — the exact solver's verdict for one deal number.
* :func:`bot_play` — a player that never looks at face-down cards: it prefers
  plays that turn cards face up, then plays that keep a run going, and draws
  only when nothing can be played.
* :func:`wilson` — the 95 % Wilson score interval of a proportion.
* :func:`run_study` — all of it over a range of deals, written as small CSV
  files (``python -m tripeaks study``); the notebook only reads them.

Deal numbers are TP1 deal numbers (docs/rules.md §5); the same number gives the same
cards under both rules.
"""

from __future__ import annotations

import csv
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .codes import GameCode, Rule
from .game import Game, Status
from .solver import Verdict, best_score, solve

__all__ = [
    "DealResult",
    "decide_deal",
    "bot_play",
    "bot_choice",
    "wilson",
    "parse_deals",
    "run_study",
    "STUDY_FILE",
    "SCORES_FILE",
]

STUDY_FILE = "winnability.csv"
"""Per deal and rule: solver verdict, positions searched, seconds, bot result."""
SCORES_FILE = "best_scores.csv"
"""Per winnable deal of a subset: best reachable final score and its draws."""


@dataclass(frozen=True)
class DealResult:
    """One deal decided by the solver: the rule letter, the deal number, the
    :class:`~tripeaks.solver.Verdict`, ``nodes`` positions searched, ``seconds`` of CPU time."""

    rule: str
    deal: int
    verdict: Verdict
    nodes: int
    seconds: float


def decide_deal(rule: Rule | str, deal: int, max_nodes: int | None = None) -> DealResult:
    """Solve deal number ``deal`` (0 … 32^7 − 1) under ``rule`` from its start."""
    r = Rule.parse(rule)
    game = Game.from_code(GameCode(r, deal))
    t0 = time.process_time()
    sol = solve(game, max_nodes=max_nodes)
    return DealResult(r.value, deal, sol.verdict, sol.nodes, time.process_time() - t0)


def _decide_args(args: tuple[str, int, int | None]) -> DealResult:
    return decide_deal(*args)


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval (low, high) for ``successes`` out of ``n`` (fractions 0–1).

    Raises ``ValueError`` unless 0 ≤ successes ≤ n and n > 0.
    """
    if n <= 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 ≤ successes ≤ n and n > 0, got {successes} of {n}")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def parse_deals(text: str) -> list[int]:
    """Deal numbers from ``"0-1999"``, ``"7"`` or ``"0-99,500-599"`` (inclusive ranges).

    Raises ``ValueError`` naming the bad part.
    """
    deals: list[int] = []
    for part in text.split(","):
        part = part.strip()
        try:
            if "-" in part:
                a, b = part.split("-", 1)
                lo, hi = int(a), int(b)
            else:
                lo = hi = int(part)
        except ValueError:
            raise ValueError(f"bad deal range {part!r}: write e.g. 0-1999 or 7 or 0-99,500-599") from None
        if lo < 0 or hi < lo:
            raise ValueError(f"bad deal range {part!r}: need 0 ≤ first ≤ last")
        deals.extend(range(lo, hi + 1))
    if not deals:
        raise ValueError("no deals given")
    return deals


# ------------------------------------------------------------------ the bot


def _visible_playable(game: Game) -> list[int]:
    """Positions the bot may play: face up, uncovered, next to the waste (no peeking)."""
    return game.playable()  # playable() only ever lists face-up uncovered cards


def bot_choice(game: Game) -> int | str | None:
    """The bot's next action: a position 0–27, ``"D"``, or ``None`` when the game is over.

    It uses only what a player sees: the face-up tableau cards, the waste top
    and the number of stock cards.  Among the playable cards it prefers the
    one that turns the most face-down cards up; then the one whose rank lets
    the most other visible cards follow (keeping the run going); then the
    card nearer the apex (lower position).  It draws only when no card can
    be played.
    """
    if game.status is not Status.PLAYING:
        return None
    options = _visible_playable(game)
    if not options:
        return "D" if game.can_draw else None
    tableau = game.tableau
    visible = [p for p, slot in enumerate(tableau) if slot is not None and slot.face_up and game.is_exposed(p)]
    rule = game.rule

    def reveals(p: int) -> int:
        return len(game.reveals(p))

    def follow(p: int) -> int:
        card = tableau[p]
        assert card is not None
        rank = card.card.rank
        n = 0
        for q in visible:
            slot = tableau[q]
            if q != p and slot is not None and rule.adjacent(slot.card.rank, rank):
                n += 1
        return n

    return max(options, key=lambda p: (reveals(p), follow(p), -p))


def bot_play(game: Game) -> Game:
    """Play a copy of ``game`` to its end with :func:`bot_choice`; returns the finished copy."""
    g = game.copy()
    while True:
        action = bot_choice(g)
        if action is None:
            return g
        g.apply(action)


def _bot_deal(args: tuple[str, int]) -> tuple[str, int, bool, int]:
    rule, deal = args
    end = bot_play(Game.from_code(GameCode(Rule.parse(rule), deal)))
    return rule, deal, end.status is Status.WON, end.cards_left


def _best_deal(args: tuple[str, int, int | None]) -> tuple[str, int, str, int | None, int | None, bool, int]:
    rule, deal, max_nodes = args
    res = best_score(Game.from_code(GameCode(Rule.parse(rule), deal)), max_nodes=max_nodes)
    return rule, deal, res.verdict.value, res.score, res.draws, res.optimal, res.nodes


def _map(fn: Callable, items: Sequence, jobs: int) -> Iterable:
    if jobs <= 1:
        return map(fn, items)
    pool = ProcessPoolExecutor(max_workers=jobs)
    chunk = max(1, len(items) // (jobs * 40))
    return _PoolIter(pool, pool.map(fn, items, chunksize=chunk))


class _PoolIter:
    """Iterate the results, then shut the pool down."""

    def __init__(self, pool: ProcessPoolExecutor, it: Iterable) -> None:
        self.pool, self.it = pool, it

    def __iter__(self):  # type: ignore[no-untyped-def]
        try:
            yield from self.it
        finally:
            self.pool.shutdown()


def run_study(
    deals: Sequence[int],
    out_dir: str | os.PathLike[str],
    *,
    best_deals: Sequence[int] = (),
    jobs: int = 1,
    max_nodes: int | None = None,
    best_max_nodes: int | None = 2_000_000,
    log: Callable[[str], None] = print,
) -> dict[str, Path]:
    """Decide ``deals`` under Easy and Classic, play them with the bot, and find the
    best score of ``best_deals``; write :data:`STUDY_FILE` and :data:`SCORES_FILE`
    into ``out_dir``.  ``jobs`` worker processes.  Returns the written paths.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rows: dict[tuple[str, int], dict[str, object]] = {}
    for rule in ("E", "C"):
        t0 = time.perf_counter()
        for r in _map(_decide_args, [(rule, d, max_nodes) for d in deals], jobs):
            rows[(r.rule, r.deal)] = {
                "rule": r.rule,
                "deal": r.deal,
                "verdict": r.verdict.value,
                "nodes": r.nodes,
                "seconds": round(r.seconds, 4),
            }
        log(f"rule {rule}: {len(deals)} deals decided in {time.perf_counter() - t0:.1f} s")
        t0 = time.perf_counter()
        for rule_, deal, won, left in _map(_bot_deal, [(rule, d) for d in deals], jobs):
            row = rows[(rule_, deal)]
            row["bot_won"] = int(won)
            row["bot_cards_left"] = left
        log(f"rule {rule}: bot played {len(deals)} deals in {time.perf_counter() - t0:.1f} s")
    study_path = out / STUDY_FILE
    with open(study_path, "w", newline="") as f:
        fields = ["rule", "deal", "verdict", "nodes", "seconds", "bot_won", "bot_cards_left"]
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for key in sorted(rows, key=lambda k: (k[0] != "E", k[1])):
            w.writerow(rows[key])
    scores_path = out / SCORES_FILE
    with open(scores_path, "w", newline="") as f:
        w2 = csv.writer(f)
        w2.writerow(["rule", "deal", "verdict", "best_score", "draws", "optimal", "nodes"])
        for rule in ("E", "C"):
            t0 = time.perf_counter()
            todo = [
                (rule, d, best_max_nodes)
                for d in best_deals
                if rows.get((rule, d), {}).get("verdict") != Verdict.UNWINNABLE.value
            ]
            for rule_, deal, verdict, score, draws, optimal, nodes in _map(_best_deal, todo, jobs):
                w2.writerow(
                    [
                        rule_,
                        deal,
                        verdict,
                        "" if score is None else score,
                        "" if draws is None else draws,
                        int(optimal),
                        nodes,
                    ]
                )
            log(f"rule {rule}: best score of {len(todo)} deals in {time.perf_counter() - t0:.1f} s")
    return {"study": study_path, "scores": scores_path}
