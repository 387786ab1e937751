"""One game's tally and the session's clock: whether the game counts, how long it was played, its end.

Every duration of a game (its :class:`~tripeaks.app.model.events.GameFinished`, the
history entry, the class row, the end-of-game summary, the countdown) is read from
the :class:`~tripeaks.app.model.clock.Stopwatch` kept here (docs/rules.md §8).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ...engine.game import Game, Refusal, Status
from .clock import Stopwatch, time_limit
from .events import GameFinished, GameSource

__all__ = ["_Tally", "TimedSession", "continue_refusal", "clock_used"]


def clock_used(record: Mapping[str, Any], known: Iterable[tuple[Mapping[str, Any], float]]) -> float:
    """Seconds the clock of ``record``'s game has already used, when that game is known here:
    the largest of the ``seconds`` of the ``(record, seconds)`` pairs of ``known`` (the game set
    aside, the games of the history) with the same deal whose actions ``record``'s actions begin
    (docs/rules.md §6, §8); 0 for a game not played here.  So that a countdown is never refilled
    by continuing a record of a game already timed here."""
    start = {k: v for k, v in record.items() if k != "actions"}
    actions = list(record.get("actions", []))
    used = 0.0
    for other, seconds in known:
        theirs = list(other.get("actions", []))
        if {k: v for k, v in other.items() if k != "actions"} == start and theirs[: len(actions)] == actions:
            used = max(used, float(seconds))
    return used


def continue_refusal(game: Game) -> Refusal | None:
    """``None`` when ``game``, a step of a record, can be continued as a game of the player's
    (docs/rules.md §6), else why not: a position already over has nothing left to play —
    GAME_OVER (won), TIME_UP, or NOTHING_TO_UNDO (blocked, with no undo left to revive it, §4)."""
    if game.status is Status.WON:
        return Refusal.GAME_OVER
    if game.status is Status.TIME_UP:
        return Refusal.TIME_UP
    if game.status is Status.BLOCKED and not game.can_undo:
        return Refusal.NOTHING_TO_UNDO
    return None


class _Tally:
    """What makes a :class:`GameFinished` for one game: whether it counts, its clock, its end.

    A game continued from a record (``source`` RECORD, a replay step played on, or a resumed
    game with ``continued_at``) counts only through moves made here: ``moves_at_start`` is its
    move counter when it was continued, and it is finished only once a play or a draw went past it.
    """

    def __init__(
        self,
        game: Game,
        source: GameSource,
        elapsed: float,
        moves: int = 0,
        continued_at: int | None = None,
        hints: int = 0,
    ) -> None:
        self.game = game
        self.hints = hints
        """Hints asked in this game (a resumed game's include those asked before the reload)."""
        self.counts = source is not GameSource.REPLAY
        self.from_record = continued_at is not None or source in (GameSource.RECORD, GameSource.REPLAY)
        self.moves_at_start = moves if continued_at is None else continued_at
        self.watch = Stopwatch(time_limit(game), elapsed)
        self.ended = False

    def __copy__(self) -> _Tally:
        twin = _Tally.__new__(_Tally)
        twin.__dict__.update(self.__dict__)
        twin.watch = self.watch.copy()
        return twin

    @property
    def played_here(self) -> bool:
        """True once a play or a draw was made here (the move counter went past its start)."""
        return self.game.moves > self.moves_at_start

    def follow(self, now: float, hidden: bool) -> None:
        """The clock runs while the game is being played here on a visible page (never on a replay step,
        nor once it ended or was handed over to another tab)."""
        if self.counts and not self.ended and self.game.status is Status.PLAYING and not hidden:
            self.watch.start(now)
        else:
            self.watch.stop(now)

    def moved(self, now: float) -> bool:
        """Returns True when this move made a replay step count (it plays on from there)."""
        became, self.counts = not self.counts, True
        return became

    def _finished(self, now: float) -> GameFinished:
        self.ended = True
        return GameFinished(self.game, self.game.status, self.watch.elapsed(now), self.from_record, self.hints)

    def end(self, now: float) -> GameFinished | None:
        """The game was won or ran out of time (nothing can change it any more)."""
        self.watch.stop(now)
        if not self.counts or self.ended or (self.from_record and not self.played_here):
            return None
        return self._finished(now)

    def leave(self, now: float) -> GameFinished | None:
        """The game leaves the table: blocked, or abandoned after a move made (or resumed) here; a game
        continued from a record only after a move made on it here."""
        self.watch.stop(now)
        if not self.counts or self.ended:
            return None
        if not (self.played_here if self.from_record else self.game.is_over or self.played_here):
            return None
        return self._finished(now)


class TimedSession:
    """The play session's clock (a mixin: the session gives it ``_clock``, ``_hidden``, ``_tally``,
    ``_aside`` and ``closed``)."""

    _clock: Callable[[], float]
    _hidden: bool
    _tally: _Tally
    _aside: _Tally | None
    if TYPE_CHECKING:

        @property
        def closed(self) -> bool: ...

    @property
    def clock(self) -> Callable[[], float]:
        """Seconds: the time source of the double-press rule and of the game clock (tests may replace it).

        Replacing it keeps the seconds counted so far, except for a game on the table without any
        move yet, whose clock starts again at 0 on the new source (the time spent setting up)."""
        return self._clock

    @clock.setter
    def clock(self, source: Callable[[], float]) -> None:
        before, after = self._clock(), source()
        for tally in (self._tally, self._aside):
            if tally is not None:
                tally.watch.rebase(before, after)
        if not self._tally.game.history:
            self._tally.watch.restart(after)
        self._clock = source

    @property
    def stopwatch(self) -> Stopwatch:
        """The clock of the game on the table (docs/rules.md §8): it runs while the game is being played
        (not won, blocked or out of time) and the page is not hidden; every duration is read from it."""
        return self._tally.watch

    @property
    def hints(self) -> int:
        """Hints asked in the game on the table (:meth:`count_hint`); a resumed game keeps its count."""
        return self._tally.hints

    def count_hint(self) -> None:
        """A hint was asked in the game on the table (recorded with it, kept across a reload)."""
        self._tally.hints += 1

    @property
    def elapsed(self) -> float:
        """Seconds the game on the table has been played (:attr:`stopwatch`): from when it was put on
        the table (plus, for a resumed game, the seconds played before), paused while the page is
        hidden or the game blocked, stopped at its end; under a timer, at most its limit."""
        return self._tally.watch.elapsed(self._clock())

    @property
    def hidden(self) -> bool:
        """True while the page is hidden (:meth:`set_hidden`): the game clock does not count."""
        return self._hidden

    def set_hidden(self, hidden: bool) -> None:
        """The page is hidden (the game clock pauses) or visible again (it goes on); sends no event."""
        self._hidden = bool(hidden)
        if not self.closed:
            self._tally.follow(self._clock(), self._hidden)
