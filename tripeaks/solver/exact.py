"""Exact solver: can this position still be won, how, and with what best score?

The solver sees everything (full knowledge): the face-down tableau cards
(``game.card_at``), the stock in drawing order with its jokers
(``game.stock_cards``) and the waste top, and searches under the game's rule
set (docs/rules.md §2, §8).  It never modifies the game it is given.

>>> from tripeaks import Game
>>> sol = solve(Game.from_code("TP1-E-AAAAAAD"))
>>> sol.verdict
<Verdict.WINNABLE: 'winnable'>
>>> solve(Game.from_code("TP1-C-AAAAAAD")).verdict
<Verdict.UNWINNABLE: 'unwinnable'>

A search stopped by its budget (``max_nodes`` positions or ``time_limit``
seconds) answers :attr:`Verdict.UNKNOWN`, never a wrong verdict.

Rule sets (docs/rules.md §8): open peaks, the scoring, the undo penalty and
the timer do not change which moves exist, so they do not change which
positions can be won.  The wrap, the draw rule, jokers and an empty waste do:
a position with a draw at any time, no joker left and a card on the waste is
searched by :mod:`tripeaks.solver._search`, every other one by
:mod:`tripeaks.solver._search_rules` (a joker on the waste and an empty waste both
take any exposed card; under *draw stuck* only plays are choices).  A game
whose time is up is lost: UNWINNABLE.  :func:`best_score` maximises the
game's own scoring: the fewest draws under standard scoring, the run points,
bonuses and draw costs under runs scoring.

Lines of actions
----------------
``Solution.line`` is a list of actions in the form :meth:`Game.apply`
accepts: a tableau position 0–27 (an ``int``) to play that card, or ``"D"``
to draw.  ``Solution.cards`` is the same line as record tokens (docs/rules.md §6):
the card text of each play (``"KC"``) and ``"D"`` for each draw.
"""

from __future__ import annotations

import math
import numbers
import time
from dataclasses import dataclass, field

from ..engine._enums import TextEnum
from ..engine.cards import Card, CardOrJoker
from ..engine.codes import GameCode
from ..engine.game import DRAW as DRAW_ACTION
from ..engine.game import Action, Game, Status
from ..engine.rules import DrawRule, RuleSet, ScoringRule
from . import _core
from ._search import DRAW, lattice, search
from ._search_rules import WILD, best_runs, search_any, search_stuck
from .explain import HintWhy, Twin, play_facts, twin_positions, twin_reason

__all__ = [
    "prepare",
    "Verdict",
    "Solution",
    "ScoreResult",
    "Hint",
    "HintKind",
    "solve",
    "best_score",
    "hint",
    "is_winnable",
    "win_score",
    "Rewind",
    "rewind",
]


class Verdict(TextEnum):
    """The solver's answer for a position."""

    WINNABLE = "winnable"
    """Some line of plays and draws clears all 28 tableau cards (a line is given)."""
    UNWINNABLE = "unwinnable"
    """No line clears the tableau: the search was exhaustive (a proof)."""
    UNKNOWN = "unknown"
    """The node or time budget ran out before an answer."""


@dataclass(frozen=True)
class Solution:
    """The result of :func:`solve`.

    ``verdict``: the :class:`Verdict`.  ``line``: when winnable, a winning line
    of actions from the given position (positions 0–27 and ``"D"``, replayable
    with :meth:`Game.apply`), else ``[]``.  ``cards``: the same line as record
    tokens (``"KC"``, ``"D"``).  ``nodes``: positions searched.
    ``exhaustive``: true when the verdict is proven (a replayable winning line,
    or an exhaustive search); false for UNKNOWN.  ``seconds``: time spent.
    """

    verdict: Verdict
    line: list[Action] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    nodes: int = 0
    exhaustive: bool = False
    seconds: float = 0.0

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when unknown."""
        if self.verdict is Verdict.UNKNOWN:
            return None
        return self.verdict is Verdict.WINNABLE

    @property
    def draws(self) -> int:
        """Draws in the winning line (0 when there is no line)."""
        return sum(1 for a in self.line if a == DRAW_ACTION)


@dataclass(frozen=True)
class ScoreResult:
    """The result of :func:`best_score`.

    ``verdict`` as in :func:`solve`.  When winnable: ``score`` is the best final
    score reachable from the position under the game's scoring (points,
    docs/rules.md §3, §8), reached by ``line`` (same form as
    :attr:`Solution.line`) with ``draws`` draws; ``optimal`` is true when no
    winning line scores more (proven), false when the budget ran out first
    (then ``score`` is what ``line`` reaches: the best found so far, never
    more than the true best).  When not winnable or unknown, ``score`` is
    ``None``.
    """

    verdict: Verdict
    score: int | None
    draws: int | None
    line: list[Action]
    cards: list[str]
    optimal: bool
    nodes: int
    seconds: float


class HintKind(TextEnum):
    """What a :class:`Hint` advises."""

    PLAY = "play"
    """Play the card at ``Hint.action`` (a position 0–27): the game stays winnable."""
    DRAW = "draw"
    """Draw from the stock: no play keeps the game winnable."""
    LOST = "lost"
    """The position can no longer be won."""
    UNKNOWN = "unknown"
    """No answer within the budget."""
    WON = "won"
    """The game is already won."""


@dataclass(frozen=True)
class Hint:
    """The result of :func:`hint`.

    ``kind``: a :class:`HintKind`.  ``action`` is the position 0–27 to play,
    ``"D"`` or ``None``; ``card`` the card to play (``None`` otherwise);
    ``top`` the waste top now: a card, the joker, or ``None`` while the waste
    is empty (docs/rules.md §8); ``verdict`` and ``nodes`` from the search;
    ``why`` the facts behind a play or a draw (:class:`~tripeaks.solver.explain.HintWhy`),
    ``None`` for the other kinds.
    Its sentences in each language: :func:`tripeaks.i18n.solver.hint_message`.
    """

    kind: HintKind
    action: Action | None
    card: Card | None
    top: CardOrJoker | None
    verdict: Verdict
    nodes: int
    why: HintWhy | None = None


def prepare() -> None:
    """Build the solver's shared tables now (about 0.1 s, once per process).

    Otherwise the first :func:`solve` or :func:`hint` builds them before its
    clock starts (so its time limit still holds for the search, but that first
    call takes longer); an app can call this at start-up instead.  With the compiled search core
    (``SEARCH_CORE == "c"``) these are the core's own tables, a few milliseconds; the Python
    search's are then built by the first search that needs them (jokers, an empty waste, draw stuck,
    the best score).
    """
    if _core.lib is not None:
        _core.prepare()
    else:
        lattice()


def _tables(rules: RuleSet, waste: int, stock: tuple[int, ...]) -> None:
    """Build the one-time tables of the search :func:`_decide` will run for this position."""
    if _core.lib is not None and rules.draw is not DrawRule.STUCK and waste != WILD and WILD not in stock:
        _core.prepare()
    else:
        lattice()


class _Names(dict[Card, str]):
    """``_NAMES[card]``: the card's name (``str(card)``), computed once per card."""

    def __missing__(self, card: Card) -> str:
        v = self[card] = str(card)
        return v


_NAMES = _Names()


def _state(game: Game) -> tuple[tuple[int, ...], int, int, tuple[int, ...]]:
    """The position as the searches read it: tableau ranks, remaining bitmask, waste, stock.

    The waste is a rank 1–13, or ``WILD`` for a joker or an empty waste; a
    joker in the stock is ``WILD`` too.
    """
    ranks = tuple([int(c.rank) for c in game.dealt_tableau])
    present = game.present_mask
    stock = tuple(int(c.rank) if isinstance(c, Card) else WILD for c in game.stock_cards)
    top = game.waste_top
    waste = int(top.rank) if isinstance(top, Card) else WILD
    return ranks, present, waste, stock


def _decide(
    ranks: tuple[int, ...],
    present: int,
    waste: int,
    stock: tuple[int, ...],
    rules: RuleSet,
    max_nodes: int | None,
    deadline: float | None,
) -> tuple[bool | None, list[int], int]:
    """The search for this position and rule set: verdict, internal line, positions searched."""
    if rules.draw is DrawRule.STUCK:
        return search_stuck(ranks, present, waste, stock, rules.wrap, max_nodes, deadline)
    if waste == WILD or WILD in stock:
        return search_any(ranks, present, waste, stock, rules.wrap, max_nodes, deadline)
    return search(ranks, present, waste, stock, rules.wrap, max_nodes, deadline)


def _deadline(time_limit: float | None) -> float | None:
    if time_limit is None:
        return None
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, numbers.Real)
        or not math.isfinite(time_limit)
        or time_limit < 0
    ):
        raise ValueError(f"time_limit must be a finite number of seconds ≥ 0 (or None), got {time_limit!r}")
    return time.perf_counter() + float(time_limit)


def _check_nodes(max_nodes: int | None) -> None:
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1):
        raise ValueError(f"max_nodes must be a positive integer (or None), got {max_nodes!r}")


def _as_game(game_or_code: Game | GameCode | str) -> Game:
    if isinstance(game_or_code, Game):
        return game_or_code
    return Game.from_code(game_or_code)


def _actions(game: Game, raw: list[int]) -> tuple[list[Action], list[str]]:
    dealt = game.dealt_tableau
    line: list[Action] = [DRAW_ACTION if a == DRAW else a for a in raw]
    cards = [DRAW_ACTION if a == DRAW else _NAMES[dealt[a]] for a in raw]
    return line, cards


def solve(
    game: Game | GameCode | str,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> Solution:
    """Decide whether ``game`` (a :class:`Game`, or a TP1 code) can still be won.

    Full knowledge, the game's rule set (docs/rules.md §8).  ``max_nodes``: at
    most this many positions searched (a positive integer); ``time_limit``: at
    most about this many seconds (a finite number ≥ 0); ``None`` means no
    bound.  Either budget running out gives :attr:`Verdict.UNKNOWN`.  A won
    game is WINNABLE with an empty line; a game whose time is up is
    UNWINNABLE.  The game is not modified.  Raises ``ValueError`` for a bad
    budget and :class:`~tripeaks.engine.codes.InvalidCodeError` for a bad code.
    """
    _check_nodes(max_nodes)
    g = _as_game(game)
    ranks, present, waste, stock = _state(g)
    _tables(g.rules, waste, stock)  # the one-time tables (see prepare) do not count against the time limit
    deadline = _deadline(time_limit)
    t0 = time.perf_counter()
    if g.status is Status.WON:
        return Solution(Verdict.WINNABLE, [], [], 0, True, 0.0)
    if g.status is Status.TIME_UP:
        return Solution(Verdict.UNWINNABLE, [], [], 0, True, 0.0)
    verdict, raw, nodes = _decide(ranks, present, waste, stock, g.rules, max_nodes, deadline)
    seconds = time.perf_counter() - t0
    if verdict is None:
        return Solution(Verdict.UNKNOWN, [], [], nodes, False, seconds)
    if not verdict:
        return Solution(Verdict.UNWINNABLE, [], [], nodes, True, seconds)
    line, cards = _actions(g, raw)
    return Solution(Verdict.WINNABLE, line, cards, nodes, True, seconds)


def is_winnable(
    game_or_code: Game | GameCode | str,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> bool | None:
    """True or False (proven), or ``None`` when the budget ran out.  See :func:`solve`."""
    return solve(game_or_code, max_nodes=max_nodes, time_limit=time_limit).winnable


def win_score(game: Game, draws: int) -> int:
    """Final score (points, docs/rules.md §3) of winning from ``game`` with ``draws`` more draws, standard scoring.

    Every remaining tableau card costs one point to play, each draw one point
    (a joker drawn too), and each peak not yet cleared adds 100.  Under runs
    scoring (docs/rules.md §8) the score depends on the order of the moves,
    not only on the draws: see :func:`best_score`.
    """
    uncleared = sum(1 for done in game.peaks_cleared if not done)
    return max(0, game.score - game.cards_left - draws + 100 * uncleared)


def _replayed_score(game: Game, line: list[Action]) -> int:
    g = game.copy()
    for action in line:
        g.apply(action)
    return g.score


def best_score(
    game: Game | GameCode | str,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> ScoreResult:
    """The best final score reachable from ``game`` by winning it, with a line.

    Standard scoring (docs/rules.md §3): a win always plays every remaining
    card and clears every peak, so the best score is the win with the fewest
    draws (:func:`win_score`), found by bisection on the number of draws
    allowed, each step an exact search with the stock cut short (a line with
    at most d draws only ever uses the first d stock cards, under either draw
    rule).

    Runs scoring (docs/rules.md §8): the run points, the peak and clear
    bonuses and the draw costs, with the floor at 0, maximised over every
    winning line by an exact dynamic programme (:func:`tripeaks.solver._search_rules.best_runs`).

    ``max_nodes`` / ``time_limit`` bound the whole computation: if they run
    out after a win was found, the result is the best line found so far with
    ``optimal=False``; before, the verdict is UNKNOWN.  When the position
    cannot be won, ``score`` is ``None`` (verdict UNWINNABLE).  Raises
    ``ValueError`` for a bad budget and
    :class:`~tripeaks.engine.codes.InvalidCodeError` for a bad code.
    """
    _check_nodes(max_nodes)
    g = _as_game(game)
    lattice()
    deadline = _deadline(time_limit)
    t0 = time.perf_counter()
    if g.status is Status.WON:
        return ScoreResult(Verdict.WINNABLE, g.score, 0, [], [], True, 0, 0.0)
    if g.status is Status.TIME_UP:
        return ScoreResult(Verdict.UNWINNABLE, None, None, [], [], True, 0, 0.0)
    ranks, present, waste, stock = _state(g)
    rules = g.rules
    verdict, raw, nodes = _decide(ranks, present, waste, stock, rules, max_nodes, deadline)
    if not verdict:
        lost = Verdict.UNKNOWN if verdict is None else Verdict.UNWINNABLE
        return ScoreResult(lost, None, None, [], [], verdict is False, nodes, time.perf_counter() - t0)
    best = raw
    optimal = True
    if rules.scoring is ScoringRule.RUNS:
        left = None if max_nodes is None else max_nodes - nodes
        if left is not None and left <= 0:
            optimal = False
        else:
            v, top, r, n = best_runs(
                ranks, present, waste, stock, rules.wrap, rules.draw is DrawRule.STUCK, g.score, g.run, left, deadline
            )
            nodes += n
            if v:
                best = r
            else:  # out of budget (v is None): keep the winning line found first
                optimal = False
        line, cards = _actions(g, best)
        score = _replayed_score(g, line)
        return ScoreResult(
            Verdict.WINNABLE, score, best.count(DRAW), line, cards, optimal, nodes, time.perf_counter() - t0
        )
    best_draws = raw.count(DRAW)
    low = 0  # fewer than `low` draws is proven impossible
    while low < best_draws:
        mid = (low + best_draws) // 2
        left = None if max_nodes is None else max_nodes - nodes
        if left is not None and left <= 0:
            optimal = False
            break
        v, r, n = _decide(ranks, present, waste, stock[:mid], rules, left, deadline)
        nodes += n
        if v is None:
            optimal = False
            break
        if v:
            best, best_draws = r, r.count(DRAW)
        else:
            low = mid + 1
    line, cards = _actions(g, best)
    return ScoreResult(
        Verdict.WINNABLE,
        win_score(g, best_draws),
        best_draws,
        line,
        cards,
        optimal,
        nodes,
        time.perf_counter() - t0,
    )


def hint(game: Game, *, time_limit: float | None = 0.1, max_nodes: int | None = None) -> Hint:
    """A move that keeps ``game`` winnable, for the app's Hint button, under its rule set.

    A play is preferred: ``"draw"`` is returned only when no play keeps the
    game winnable (under *draw stuck*, only when no card can be played at
    all, docs/rules.md §8).  The search is bounded by ``time_limit`` seconds
    (default 0.1) and ``max_nodes``; out of budget, ``kind`` is
    :attr:`HintKind.UNKNOWN`.  The game is not modified.  Raises
    ``ValueError`` for a bad budget.

    The hint carries its reasons (``why``): for a play, what it uncovers, the
    peak it clears and the cards that can follow it; for each other card of the
    same rank that fits, why not that one (a search says whether it would lose;
    those searches share one more ``time_limit``, and an unknown answer claims nothing).  For
    a draw, the cards that fit now, each of which loses the game.
    """
    top = game.waste_top
    if game.status is Status.WON:
        return Hint(HintKind.WON, None, None, top, Verdict.WINNABLE, 0)
    sol = solve(game, max_nodes=max_nodes, time_limit=time_limit)
    if sol.verdict is Verdict.UNKNOWN:
        return Hint(HintKind.UNKNOWN, None, None, top, sol.verdict, sol.nodes)
    if sol.verdict is Verdict.UNWINNABLE:
        return Hint(HintKind.LOST, None, None, top, sol.verdict, sol.nodes)
    first = sol.line[0]
    if first == DRAW_ACTION:
        fitting = tuple(game.card_at(p) for p in game.playable())
        return Hint(HintKind.DRAW, DRAW_ACTION, None, top, sol.verdict, sol.nodes, HintWhy(fitting=fitting))
    assert isinstance(first, int)
    mine = play_facts(game, first)
    twins = []
    deadline = _deadline(time_limit)  # the other cards of the rank share one more budget
    for q in twin_positions(game, first):
        other = play_facts(game, q)
        after = game.copy()
        after.play(q)
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        verdict = solve(after, max_nodes=max_nodes, time_limit=left).verdict
        loses = None if verdict is Verdict.UNKNOWN else verdict is Verdict.UNWINNABLE
        reason = twin_reason(mine, other, loses)
        if reason is not None:
            twins.append(Twin(other.card, q, reason))
    why = HintWhy(play=mine, twins=tuple(twins))
    return Hint(HintKind.PLAY, first, game.card_at(first), top, sol.verdict, sol.nodes, why)


@dataclass(frozen=True)
class Rewind:
    """The result of :func:`rewind`: how many undos bring back a position that can be won.

    ``verdict``: WINNABLE when undoing ``undos`` actions (0 when the position
    can be won as it is) gives a winnable position, with ``line`` a winning
    line from there (as :attr:`Solution.line`); UNWINNABLE when no position
    within reach of undo (the last 100 actions, docs/rules.md §4) can be won —
    proven, ``undos`` is ``None``; UNKNOWN when the budget ran out before a
    winnable position was found (``undos`` ``None``).  ``latest`` is true when
    fewer undos are proven not to be enough: ``undos`` leads to the *last*
    winnable position; false when the budget ran out first (``undos`` then
    still leads to a winnable one, further back).  ``nodes``: positions
    searched; ``seconds``: time spent.
    """

    verdict: Verdict
    undos: int | None
    latest: bool
    line: list[Action] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def rewind(game: Game, *, time_limit: float | None = None, max_nodes: int | None = None) -> Rewind:
    """How many undos (docs/rules.md §4) bring ``game`` back to its last winnable position.

    A pure function: it searches copies and never changes ``game``.  Going
    back never loses a win (the undone action can be made again), so the
    positions within reach of undo are unwinnable up to some number of undos
    and winnable from there on: the search tries 1, 2, 4, 8 … undos, then
    bisects between the last unwinnable and the first winnable try, one
    exact search (:func:`solve`) each.  ``time_limit`` (seconds, a finite
    number ≥ 0) and ``max_nodes`` (a positive integer) bound the whole search;
    ``None`` means no bound.  Every rule set is searched (docs/rules.md §8).
    Returns a :class:`Rewind`.  Raises ``ValueError`` for a bad budget.
    """
    _check_nodes(max_nodes)
    deadline = _deadline(time_limit)
    t0 = time.perf_counter()
    nodes = 0
    depth = game.undo_depth
    lines: dict[int, list[Action]] = {}

    def winnable(undos: int) -> bool | None:
        nonlocal nodes
        position = game.copy()
        for _ in range(undos):
            position.undo()
        left = None if max_nodes is None else max_nodes - nodes
        if left is not None and left < 1:
            return None
        limit = None if deadline is None else max(0.0, deadline - time.perf_counter())
        sol = solve(position, max_nodes=left, time_limit=limit)
        nodes += sol.nodes
        if sol.verdict is Verdict.WINNABLE:
            lines[undos] = sol.line
        return sol.winnable

    def answer(verdict: Verdict, undos: int | None, latest: bool) -> Rewind:
        line = lines.get(undos, []) if undos is not None else []
        return Rewind(verdict, undos, latest, line, nodes, time.perf_counter() - t0)

    now = winnable(0)
    if now is None:
        return answer(Verdict.UNKNOWN, None, False)
    if now:
        return answer(Verdict.WINNABLE, 0, True)
    lost, won = 0, None  # `lost` undos: proven unwinnable; `won` undos: proven winnable
    step = 1
    while won is None:
        if lost >= depth:
            return answer(Verdict.UNWINNABLE, None, True)
        tried = min(step, depth)
        verdict = winnable(tried)
        if verdict is None:
            return answer(Verdict.UNKNOWN, None, False)
        if verdict:
            won = tried
        else:
            lost = tried
        step *= 2
    while won - lost > 1:
        middle = (lost + won) // 2
        verdict = winnable(middle)
        if verdict is None:
            return answer(Verdict.WINNABLE, won, False)
        if verdict:
            won = middle
        else:
            lost = middle
    return answer(Verdict.WINNABLE, won, True)
