"""What makes a :class:`~tripeaks.app.model.events.GameFinished` for one game: whether it counts, its clock, its end."""

from __future__ import annotations

from ...engine.game import Game
from .events import GameFinished, GameSource

__all__ = ["_Tally"]


class _Tally:
    """What makes a :class:`GameFinished` for one game: whether it counts, its clock, its end."""

    def __init__(self, game: Game, source: GameSource, elapsed: float, moves: int = 0) -> None:
        self.game = game
        self.counts = source is not GameSource.REPLAY
        self.moves_at_start = moves
        self.carried = elapsed
        self.since: float | None = None
        self.ended = False

    def elapsed(self, now: float) -> float:
        return self.carried + (now - self.since if self.since is not None else 0.0)

    def moved(self, now: float) -> bool:
        """Returns True when this move made a replay step count (it plays on from there)."""
        became, self.counts = not self.counts, True
        if self.since is None:
            self.since = now
        return became

    def pause(self, now: float) -> float:
        self.carried = self.elapsed(now)
        self.since = None
        return self.carried

    def end(self, now: float) -> GameFinished | None:
        """The game was won or ran out of time (nothing can change it any more)."""
        if not self.counts or self.ended:
            return None
        self.ended = True
        return GameFinished(self.game, self.game.status, self.pause(now))

    def leave(self, now: float) -> GameFinished | None:
        """The game leaves the table: blocked, or abandoned after a move made (or resumed) here."""
        game = self.game
        if not self.counts or self.ended or not (game.is_over or game.moves > self.moves_at_start):
            return None
        self.ended = True
        return GameFinished(game, game.status, self.pause(now))
