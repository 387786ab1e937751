"""The game review in the app (docs/rules.md §9), without widgets.

:class:`GameReview` reviews a game (the one on the table at its end, or a
record being watched) with :func:`tripeaks.solver.review`, keeps the result
for the views that mark it (the move log, the score plot) and puts the
position before the turning point on the table for *Try again*, the way
the replay panel continues a record (``GameSource.RECORD``: that game
counts).  Its observers are called with no argument whenever the review
changes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine.cards import CardOrJoker
from ...engine.events import PlayEvent
from ...engine.game import DRAW, UNDO, Action, Event, Game
from ...i18n.review import review_text
from .session import GameSource, GameStarted, MessageKind, MoveMade, MoveUndone, PlaySession, SessionEvent, TimeRanOut

if TYPE_CHECKING:  # the solver is loaded when a review is asked for, not with the app
    from ...solver import Review, ReviewedMove
    from ...solver.explain import TurningFacts

__all__ = ["GameReview", "REVIEW_SECONDS", "TakenBack", "position_after", "taken_back_tips"]

REVIEW_SECONDS = 2.0
"""The review's time budget (seconds): verdicts first, then points; what it misses is said unknown."""


@dataclass(frozen=True)
class TakenBack:
    """The moves ``game`` took back, for the review's second sentence (docs/rules.md §4, §9).

    ``undos``: how many undos its history holds (a rewind of n moves is n
    undos); ``lost``: ``True`` when a position the player undid from could
    no longer be won (the game was lost on the way and won back), ``False``
    when every such position was proved winnable, ``None`` when the solver's
    budget ran out before it knew.
    """

    undos: int
    lost: bool | None


def taken_back_tips(game: Game) -> list[Game]:
    """The positions the player undid from, oldest first: the position before each run of undos
    in ``game``'s history (a new game each; ``game`` is not changed; docs/rules.md §4)."""
    record = game.to_record()
    tokens = record["actions"]
    position = game.restart()
    tips: list[Game] = []
    previous = ""
    for token in tokens:
        if token == UNDO and previous != UNDO:
            tips.append(position.copy())
        position.apply(token)
        previous = token
    return tips


def position_after(game: Game, moves: int) -> Game:
    """A new game at the position after the first ``moves`` standing moves of ``game`` (docs/rules.md §4, §9).

    Raises ``ValueError`` when ``moves`` is not within 0 … the number of standing moves.
    """
    standing = game.standing_actions
    if not 0 <= moves <= len(standing):
        raise ValueError(f"moves must be within 0 … {len(standing)}, got {moves!r}")
    position = game.restart()
    for event in standing[:moves]:
        position.apply(event.token)
    return position


class GameReview:
    """The review of one game for ``session`` (module doc).

    ``review`` (a :class:`~tripeaks.solver.Review`) and ``game`` (the game
    reviewed) are ``None`` until :meth:`run`.  ``kept``: the first action of a
    winning line from the position before the turning point and the card it
    plays (``None`` if there is no turning point); ``facts``: what the losing
    move and that winning one do there (:class:`~tripeaks.solver.explain.TurningFacts`,
    ``None`` if there is no turning point).  A move played on the
    table, or another game dealt, clears the review; stepping through a
    record does not.
    """

    def __init__(self, session: PlaySession, time_limit: float | None = REVIEW_SECONDS) -> None:
        self._session = session
        self.time_limit: float | None = time_limit
        """The budget of each review (seconds; ``None``: none)."""
        self.review: Review | None = None
        self.game: Game | None = None
        self.kept: tuple[Action, CardOrJoker | None] | None = None
        self.facts: TurningFacts | None = None
        self.taken_back: TakenBack | None = None
        """The moves taken back on the way (``None``: the game has no undo)."""
        self._tokens: tuple[str, ...] = ()
        self._start: dict[str, Any] = {}
        self._observers: list[Callable[[], None]] = []
        session.subscribe(self._on_event)

    def subscribe(self, observer: Callable[[], None]) -> None:
        """Call ``observer()`` whenever the review changes."""
        self._observers.append(observer)

    def _changed(self) -> None:
        for observer in list(self._observers):
            observer()

    def _on_event(self, event: SessionEvent) -> None:
        if self.review is None:
            return
        if isinstance(event, (MoveMade, MoveUndone, TimeRanOut)) and self._session.counts:
            self.clear()
        elif isinstance(event, GameStarted) and event.source is not GameSource.REPLAY:
            self.clear()

    def clear(self) -> None:
        """Forget the review."""
        if self.review is None:
            return
        self.review, self.game, self.kept, self.taken_back, self.facts = None, None, None, None, None
        self._tokens, self._start = (), {}
        self._changed()

    def run(self, game: Game) -> Review | None:
        """Review ``game`` (not modified) within the time budget; ``None`` (and a message) when it has no move."""
        if not game.standing_actions:
            self._session.show_message(lambda lang: review_text("review.nothing", lang), MessageKind.ERROR)
            return None
        from ...solver import Verdict, solve
        from ...solver import review as solver_review
        from ...solver.explain import turning_facts

        reviewed = game.copy()
        result = solver_review(reviewed, time_limit=self.time_limit)
        self.review, self.game = result, reviewed
        record = reviewed.to_record()
        self._tokens = tuple(record.pop("actions"))
        self._start = record
        self.kept = None
        self.facts = None
        turning = result.turning_move
        if turning is not None:
            before = position_after(reviewed, turning.place - 1)
            sol = solve(before, time_limit=None if self.time_limit is None else self.time_limit / 4)
            if sol.verdict is Verdict.WINNABLE and sol.line:
                first = sol.line[0]
                self.kept = (first, before.card_at(first) if isinstance(first, int) else None)
            played = reviewed.standing_actions[turning.place - 1]
            action: Action = played.position if isinstance(played, PlayEvent) else DRAW
            self.facts = turning_facts(before, action, None if self.kept is None else self.kept[0])
        self.taken_back = self._taken_back(reviewed)
        self._changed()
        return result

    def _taken_back(self, game: Game) -> TakenBack | None:
        """Whether the player lost the game on the way and took the moves back (a quarter of the budget in all)."""
        from ...solver import Verdict, solve

        undos = sum(1 for token in game.to_record()["actions"] if token == UNDO)
        if not undos:
            return None
        budget = None if self.time_limit is None else self.time_limit / 4
        deadline = None if budget is None else time.monotonic() + budget
        lost: bool | None = False
        for tip in taken_back_tips(game):
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            verdict = solve(tip, time_limit=left).verdict
            if verdict is Verdict.UNWINNABLE:
                return TakenBack(undos, True)
            if verdict is not Verdict.WINNABLE:
                lost = None
        return TakenBack(undos, lost)

    @property
    def focus(self) -> ReviewedMove | None:
        """The move the review points at: the turning point, else the move that cost the most points."""
        if self.review is None:
            return None
        return self.review.turning_move or self.review.costliest

    def try_again_from(self) -> int | None:
        """The standing moves kept by *Try again* (the focus move's place − 1), or ``None``."""
        focus = self.focus
        return None if focus is None else focus.place - 1

    def try_again(self) -> Game | None:
        """Put the position before the focus move on the table as a new game that counts (docs/rules.md §9)."""
        moves = self.try_again_from()
        if moves is None or self.game is None:
            return None
        game = position_after(self.game, moves)
        self._session.set_game(game, GameSource.RECORD)
        if moves:
            self._session.show_message(lambda lang: review_text("review.tried", lang, move=moves))
        else:
            self._session.show_message(lambda lang: review_text("review.tried_start", lang))
        return game

    def marked_event(self, game: Game) -> tuple[int, Event] | None:
        """The focus move as ``(index in game.history, event)`` when ``game`` is the reviewed game
        or an earlier step of it (a replay step) that already has that move; else ``None``."""
        focus = self.focus
        if focus is None or self.game is None:
            return None
        standing = self.game.standing_actions[focus.place - 1]
        index = next(i for i, e in enumerate(self.game.history) if e is standing)
        history = game.history
        if len(history) <= index:
            return None
        record = game.to_record()
        tokens = tuple(record.pop("actions"))
        if record != self._start or tokens != self._tokens[: len(tokens)]:
            return None
        return index, history[index]
