"""The win-rate study behind ``notebooks/winnability.ipynb``.

* :func:`decide_deal` — the exact solver's verdict for one deal number.
* :func:`bot_play` — a player that never looks at face-down cards: it prefers
  plays that turn cards face up, then plays that keep a run going, and draws
  only when nothing can be played.
* :func:`wilson` — the 95 % Wilson score interval of a proportion.
* :func:`parse_deals` — deal ranges such as ``"0-99,500-599"``, checked
  against the code space and kept as ranges (:class:`DealRanges`), never as
  a list of every number.
* :func:`decide_deals` — :func:`decide_deal` over many deals, on several
  processes, with bounded memory.
* :func:`run_study` — all of it over a range of deals, written as small CSV
  files (``python -m tripeaks study``); the notebook only reads them.

Deal numbers are TP1 deal numbers 0 … 32^7 − 1 (docs/rules.md §5); the same
number gives the same cards under both rules.
"""

from __future__ import annotations

import csv
import itertools
import math
import os
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, overload

from .codes import N_DEALS, GameCode, Rule
from .game import Game, Status
from .i18n import check_language, format_number
from .i18n.solver import solver_text
from .i18n.ui import rule_name
from .solver import Verdict, best_score, solve

__all__ = [
    "DealResult",
    "decide_deal",
    "decide_deals",
    "bot_play",
    "bot_choice",
    "wilson",
    "parse_deals",
    "DealRanges",
    "DealRangeError",
    "run_study",
    "STUDY_FILE",
    "SCORES_FILE",
]

_T = TypeVar("_T")
_R = TypeVar("_R")

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


def decide_deals(
    rule: Rule | str, deals: Iterable[int], *, max_nodes: int | None = None, jobs: int = 1
) -> Iterator[DealResult]:
    """:func:`decide_deal` for each of ``deals`` under ``rule``, in order, on ``jobs`` processes.

    Lazy: at most a few chunks per process are in flight, so memory does not
    grow with the number of deals.
    """
    r = Rule.parse(rule).value
    return _map(_decide_args, ((r, d, max_nodes) for d in deals), jobs)


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


class DealRangeError(ValueError):
    """A list of deal ranges that cannot be used.  The message names the bad part.

    ``reason``: ``"syntax"`` (not ``a-b`` or ``n``), ``"order"`` (first >
    last), ``"space"`` (outside the code space 0 … ``last``) or
    ``"overlap"`` (``part`` and ``other`` share deals); ``part`` is the
    offending range as written.
    """

    def __init__(self, message: str, reason: str, part: str, other: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.part = part
        self.other = other
        self.last = N_DEALS - 1


class DealRanges(Sequence[int]):
    """Deal numbers as a few inclusive ranges, in the order given; never a list of every number.

    ``len``, indexing, ``in`` and iteration work as for the list of the
    numbers; ``str`` gives the ranges back (``"0-99,500-599"``).  Made by
    :func:`parse_deals`.
    """

    def __init__(self, ranges: Iterable[range]) -> None:
        self.ranges: tuple[range, ...] = tuple(ranges)
        self._starts = list(itertools.accumulate((len(r) for r in self.ranges), initial=0))

    def __len__(self) -> int:
        return self._starts[-1]

    @overload
    def __getitem__(self, i: int) -> int: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[int]: ...

    def __getitem__(self, i: int | slice) -> int | Sequence[int]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("deal index out of range")
        for r, start in zip(self.ranges, self._starts):
            if i < start + len(r):
                return r[i - start]
        raise AssertionError("unreachable")  # pragma: no cover

    def __iter__(self) -> Iterator[int]:
        return itertools.chain.from_iterable(self.ranges)

    def __contains__(self, deal: object) -> bool:
        return any(deal in r for r in self.ranges)

    def __str__(self) -> str:
        return ",".join(str(r.start) if len(r) == 1 else f"{r.start}-{r.stop - 1}" for r in self.ranges)

    def __repr__(self) -> str:
        return f"parse_deals({str(self)!r})"


def parse_deals(text: str) -> DealRanges:
    """Deal numbers from ``"0-1999"``, ``"7"`` or ``"0-99,500-599"`` (inclusive ranges).

    Every number must be a TP1 deal number, 0 … 32^7 − 1 (docs/rules.md §5);
    ranges may not overlap.  Checked before anything is built: the result
    keeps the ranges, so ``parse_deals("0-34359738367")`` costs no memory.
    Raises :class:`DealRangeError` (a ``ValueError``) naming the bad part.
    """
    ranges: list[tuple[range, str]] = []
    for raw in text.split(","):
        part = raw.strip()
        a, dash, b = part.partition("-")
        if not a.strip().isdigit() or (dash and not b.strip().isdigit()):
            raise DealRangeError(f"bad deal range {part!r}: write e.g. 0-1999 or 7 or 0-99,500-599", "syntax", part)
        lo = int(a)
        hi = int(b) if dash else lo
        if hi < lo:
            raise DealRangeError(f"bad deal range {part!r}: need first ≤ last", "order", part)
        if hi >= N_DEALS:
            raise DealRangeError(f"bad deal range {part!r}: deal numbers go from 0 to {N_DEALS - 1}", "space", part)
        ranges.append((range(lo, hi + 1), part))
    by_start = sorted(ranges, key=lambda rp: rp[0].start)
    for (r1, p1), (r2, p2) in zip(by_start, by_start[1:]):
        if r2.start < r1.stop:
            raise DealRangeError(f"deal ranges {p1!r} and {p2!r} overlap", "overlap", p1, p2)
    return DealRanges(r for r, _ in ranges)


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


_CHUNK = 16
"""Deals per task sent to a worker process."""
_AHEAD = 4
"""Tasks in flight per worker process: enough to keep it busy, few enough to bound memory."""


def _run_chunk(fn: Callable[[_T], _R], chunk: list[_T]) -> list[_R]:
    return [fn(x) for x in chunk]


def _chunks(items: Iterable[_T], size: int) -> Iterator[list[_T]]:
    it = iter(items)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _map(fn: Callable[[_T], _R], items: Iterable[_T], jobs: int) -> Iterator[_R]:
    """``map(fn, items)`` on ``jobs`` processes, results in order; ``items`` is read lazily."""
    if jobs <= 1:
        yield from map(fn, items)
        return
    chunks = _chunks(items, _CHUNK)
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        pending: deque[Future[list[_R]]] = deque(
            pool.submit(_run_chunk, fn, c) for c in itertools.islice(chunks, jobs * _AHEAD)
        )
        while pending:
            done = pending.popleft().result()
            nxt = next(chunks, None)
            if nxt is not None:
                pending.append(pool.submit(_run_chunk, fn, nxt))
            yield from done
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _seconds(t0: float, lang: str) -> str:
    return format_number(time.perf_counter() - t0, lang, digits=1)


def run_study(
    deals: Sequence[int],
    out_dir: str | os.PathLike[str],
    *,
    best_deals: Sequence[int] = (),
    jobs: int = 1,
    max_nodes: int | None = None,
    best_max_nodes: int | None = 2_000_000,
    log: Callable[[str], None] = print,
    lang: str = "en",
) -> dict[str, Path]:
    """Decide ``deals`` under Easy and Classic, play them with the bot, and find the
    best score of ``best_deals``; write :data:`STUDY_FILE` and :data:`SCORES_FILE`
    into ``out_dir``.  ``jobs`` worker processes; ``log`` receives one
    progress sentence in ``lang`` per stage.  Returns the written paths.

    Raises ``OSError`` when ``out_dir`` cannot be created or written (before
    any deal is decided) and :class:`~tripeaks.i18n.UnknownLanguageError`
    for an unknown ``lang``.
    """
    check_language(lang)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile(dir=out):  # fail now, not after hours of solving
        pass
    rows: dict[tuple[str, int], dict[str, object]] = {}
    for rule in ("E", "C"):
        name = rule_name(rule, lang)
        t0 = time.perf_counter()
        for r in decide_deals(rule, deals, max_nodes=max_nodes, jobs=jobs):
            rows[(r.rule, r.deal)] = {
                "rule": r.rule,
                "deal": r.deal,
                "verdict": r.verdict.value,
                "nodes": r.nodes,
                "seconds": round(r.seconds, 4),
            }
        log(solver_text("study.decided", lang, rule=name, deals=len(deals), seconds=_seconds(t0, lang)))
        t0 = time.perf_counter()
        for rule_, deal, won, left in _map(_bot_deal, ((rule, d) for d in deals), jobs):
            row = rows[(rule_, deal)]
            row["bot_won"] = int(won)
            row["bot_cards_left"] = left
        log(solver_text("study.bot", lang, rule=name, deals=len(deals), seconds=_seconds(t0, lang)))
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
            todo = (
                (rule, d, best_max_nodes)
                for d in best_deals
                if rows.get((rule, d), {}).get("verdict") != Verdict.UNWINNABLE.value
            )
            done = 0
            for rule_, deal, verdict, score, draws, optimal, nodes in _map(_best_deal, todo, jobs):
                done += 1
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
            log(solver_text("study.best", lang, rule=rule_name(rule, lang), deals=done, seconds=_seconds(t0, lang)))
    return {"study": study_path, "scores": scores_path}
