"""The game review (docs/rules.md §9): which standing move lost a game that could be won.

:func:`review` judges every standing move of a game (the plays and draws that
no undo took back, docs/rules.md §4) with the exact solver: the verdict
before and after it, the *turning point* — the first move after which a game
that could be won no longer could — and, where the budget allows, the best
final score still reachable before and after each move (points, docs/rules.md
§3, §8).  Like every answer of the solver it is exact or marked unknown,
never a guess.

>>> from tripeaks import Game
>>> g = Game.from_code("TP1-E-AAAAAAD")
>>> r = review(g)
>>> r.turning_point is None, r.moves
(True, ())

A review reuses what each search proves for its neighbours (see
:func:`review`), so it costs a few searches per game, not one per move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..engine.cards import CardOrJoker
from ..engine.game import DRAW as DRAW_ACTION
from ..engine.game import Action, Game, Status
from .exact import Verdict, _check_nodes, _deadline, best_score, solve

__all__ = ["ReviewedMove", "Review", "review"]


@dataclass(frozen=True)
class ReviewedMove:
    """One standing move as :func:`review` judges it (docs/rules.md §9).

    ``place``: the move's place among the standing moves, from 1.  ``action``:
    a tableau position 0–27, or ``"D"`` for a draw (as :meth:`Game.apply`
    takes it); ``token``: its record token (``"KC"`` or ``"D"``,
    docs/rules.md §6); ``card``: the card played, or the card (or joker)
    drawn.  ``before`` / ``after``: the :class:`Verdict` of the position
    before and after the move (UNKNOWN when the budget ran out).
    ``turning_point``: true for the move that lost the game.
    ``best_before`` / ``best_after``: the best final score (points) of a win
    still reachable before / after the move, exact; ``None`` when no win is
    reachable there or it was not computed within the budget (then
    :attr:`points_known` is false).
    """

    place: int
    action: Action
    token: str
    card: CardOrJoker
    before: Verdict
    after: Verdict
    turning_point: bool
    best_before: int | None = None
    best_after: int | None = None
    points_known: bool = False

    @property
    def is_draw(self) -> bool:
        """True for a draw from the stock."""
        return self.action == DRAW_ACTION

    @property
    def points_lost(self) -> int | None:
        """Points of the best win this move gave away (``best_before − best_after`` ≥ 0).

        ``None`` unless both best scores are known.
        """
        if self.best_before is None or self.best_after is None:
            return None
        return self.best_before - self.best_after


@dataclass(frozen=True)
class Review:
    """The result of :func:`review` (docs/rules.md §9).

    ``moves``: a :class:`ReviewedMove` for every standing move, in order.
    ``start``: the verdict of the deal (before the first move).
    ``turning_point``: the place (1-based) of the move that lost a game that
    could be won, or ``None`` when the game stayed winnable, was never
    winnable, or the budget ran out first (then :attr:`complete` is false).
    ``complete``: true when every verdict is known (proven).
    ``best_start``: the best final score of the deal (``None`` if not
    known or not winnable).  ``points_complete``: true when the best score
    of every winnable position is known.  ``won``: the game ended won.  ``nodes``: positions searched;
    ``searches``: exact searches run; ``seconds``: time spent.
    """

    moves: tuple[ReviewedMove, ...]
    start: Verdict
    turning_point: int | None
    complete: bool
    best_start: int | None
    points_complete: bool
    won: bool
    nodes: int
    searches: int
    seconds: float

    @property
    def turning_move(self) -> ReviewedMove | None:
        """The move at :attr:`turning_point`, or ``None``."""
        return None if self.turning_point is None else self.moves[self.turning_point - 1]

    @property
    def costliest(self) -> ReviewedMove | None:
        """The first move that gave away the most points of the best win, or ``None``.

        Only moves whose best scores before and after are both known count;
        ``None`` when none of them lost a point.
        """
        best: ReviewedMove | None = None
        for m in self.moves:
            lost = m.points_lost
            if lost and (best is None or lost > (best.points_lost or 0)):
                best = m
        return best


def _as_game(game: Game | dict[str, Any] | str | bytes) -> Game:
    if isinstance(game, Game):
        return game
    return Game.from_record(game)


def _positions(game: Game) -> tuple[list[Game], list[tuple[Action, str, CardOrJoker]]]:
    """The position before the first standing move and after each, and each move."""
    position = game.restart()
    positions = [position.copy()]
    moves: list[tuple[Action, str, CardOrJoker]] = []
    for event in game.standing_actions:
        action: Action = DRAW_ACTION if event.token == DRAW_ACTION else event.position  # type: ignore[union-attr]
        position.apply(action)
        positions.append(position.copy())
        moves.append((action, event.token, event.card))
    return positions, moves


def _follow(line: list[Action], moves: list[tuple[Action, str, CardOrJoker]], k: int) -> int:
    """How many of the moves after position ``k`` follow ``line`` (a line from position ``k``)."""
    n = 0
    while n < len(line) and k + n < len(moves) and moves[k + n][0] == line[n]:
        n += 1
    return n


def review(
    game: Game | dict[str, Any] | str | bytes,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    points: bool = True,
) -> Review:
    """Review the standing moves of ``game`` (docs/rules.md §9) with the exact solver.

    ``game``: a :class:`Game`, or a game record (a dict, or its JSON text,
    docs/rules.md §6).  For the standing moves m1…mn (undone moves left out,
    docs/rules.md §4) and W(k) = "the position after the first k moves can
    still be won" (W(0): the deal), the turning point is the smallest k ≥ 1
    with W(k−1) true and W(k) false.  Every rule set of docs/rules.md §8 is
    reviewed; the position after the last move is judged on its cards alone
    (a timer's end is not a move).

    Reuse: a position reached from a winnable one may be lost, but one
    that can reach a winnable position is winnable, so W is true up to the
    turning point and false after it.  The review therefore bisects for the
    turning point, one exact search (:func:`solve`) per step, and every
    winning line found also proves the moves that follow it.  With
    ``points``, the best final score of a win (:func:`best_score`) is found
    the same way: it never rises along a game, and a move that follows a
    best line keeps it.

    ``max_nodes`` (a positive integer) and ``time_limit`` (seconds, a finite
    number ≥ 0) bound the whole review, verdicts first, then points; ``None``
    means no bound.  What the budget did not reach is UNKNOWN (verdicts) or
    ``None`` with ``points_known`` false (points), never guessed.  The game
    is not modified.  Returns a :class:`Review`.  Raises ``ValueError`` for
    a bad budget and :class:`~tripeaks.engine.record.RecordError` (a
    ``ValueError``) for a record that cannot be replayed.
    """
    _check_nodes(max_nodes)
    deadline = _deadline(time_limit)
    t0 = time.perf_counter()
    positions, moves = _positions(_as_game(game))
    n = len(moves)
    nodes = 0
    searches = 0

    def budget() -> tuple[int | None, float | None] | None:
        left = None if max_nodes is None else max_nodes - nodes
        limit = None if deadline is None else deadline - time.perf_counter()
        if (left is not None and left < 1) or (limit is not None and limit <= 0):
            return None
        return left, limit

    # W(k): True up to index `lo` (proven), False from `hi` on (proven).
    lo, hi = -1, n + 1
    if positions[n].status is Status.WON:
        lo = n
    out_of_budget = False

    def decide(k: int) -> bool | None:
        nonlocal nodes, searches, lo, hi
        b = budget()
        if b is None:
            return None
        sol = solve(positions[k], max_nodes=b[0], time_limit=b[1])
        nodes += sol.nodes
        searches += 1
        if sol.winnable is True:
            lo = max(lo, k + _follow(sol.line, moves, k))
        elif sol.winnable is False:
            hi = min(hi, k)
        return sol.winnable

    if lo < n and decide(0) is None:
        out_of_budget = True
    while not out_of_budget and hi - lo > 1:
        if decide((lo + hi) // 2) is None:
            out_of_budget = True

    def verdict(k: int) -> Verdict:
        if k <= lo:
            return Verdict.WINNABLE
        if k >= hi:
            return Verdict.UNWINNABLE
        return Verdict.UNKNOWN

    complete = hi - lo == 1
    turning = hi if complete and 0 <= lo and hi <= n else None

    # Best scores of the winnable positions 0…lo (non-increasing along the game).
    best: dict[int, int] = {}
    points_complete = lo < 0 and complete

    def score(k: int) -> bool:
        nonlocal nodes, searches
        if k in best:
            return True
        b = budget()
        if b is None:
            return False
        res = best_score(positions[k], max_nodes=b[0], time_limit=b[1])
        nodes += res.nodes
        searches += 1
        if res.score is None or not res.optimal:
            return False
        best[k] = res.score
        for j in range(k + 1, k + 1 + _follow(res.line, moves, k)):
            best[j] = res.score
        return True

    def fill(i: int, j: int) -> bool:
        """The best scores strictly between i and j (both known): equal ends fill the gap."""
        if j - i <= 1:
            return True
        if best[i] == best[j]:
            for m in range(i + 1, j):
                best[m] = best[i]
            return True
        mid = (i + j) // 2
        return score(mid) and fill(i, mid) and fill(mid, j)

    if points and lo >= 0:
        points_complete = score(0) and score(lo) and fill(0, lo) and complete

    reviewed = tuple(
        ReviewedMove(
            place=k + 1,
            action=action,
            token=token,
            card=card,
            before=verdict(k),
            after=verdict(k + 1),
            turning_point=turning == k + 1,
            best_before=best.get(k),
            best_after=best.get(k + 1),
            points_known=(k in best or verdict(k) is Verdict.UNWINNABLE)
            and (k + 1 in best or verdict(k + 1) is Verdict.UNWINNABLE),
        )
        for k, (action, token, card) in enumerate(moves)
    )
    return Review(
        moves=reviewed,
        start=verdict(0),
        turning_point=turning,
        complete=complete,
        best_start=best.get(0),
        points_complete=points and points_complete,
        won=positions[n].status is Status.WON,
        nodes=nodes,
        searches=searches,
        seconds=time.perf_counter() - t0,
    )
