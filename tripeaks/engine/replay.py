"""Stepping through a game record (docs/rules.md §6): the game after each of its actions.

``Replay(record)`` reads a record (a dict or its JSON text) and replays it
once; :meth:`Replay.game_at` gives a fresh copy of the game after the first
``k`` actions (step 0 is the deal, step :attr:`Replay.steps` the whole
record), so that a viewer can go back and forth and play on from any step.

>>> r = Replay({"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["D", "QD", "JD", "U", "JD"]})
>>> r.steps, r.game_at(0).moves, r.game_at(5).score, r.token(3)
(5, 0, 497, 'U')
"""

from __future__ import annotations

from typing import Any

from .game import Game, RecordError

__all__ = ["Replay", "RecordError"]


class Replay:
    """The games of a record, step by step.  Raises :class:`RecordError` (a ``ValueError``
    naming the first bad part) for a record that cannot be replayed, like :meth:`Game.from_record`."""

    def __init__(self, record: Any) -> None:
        final = Game.from_record(record)  # validates the whole record first
        self.record: dict[str, Any] = final.to_record()
        """The record in its canonical form (card tokens as the engine writes them)."""
        tokens: list[str] = list(self.record["actions"])
        start = Game.from_record({**self.record, "actions": []})
        games = [start.copy()]
        for token in tokens:
            start.apply(token)
            games.append(start.copy())
        self._games = games
        self._tokens = tokens

    @property
    def steps(self) -> int:
        """The number of actions (the last step)."""
        return len(self._tokens)

    def token(self, k: int) -> str:
        """The record token of action ``k`` (0-based): a card text, ``"D"``, ``"U"`` or ``"T"``.
        Raises ``IndexError`` outside 0 … steps − 1."""
        if not 0 <= k < len(self._tokens):
            raise IndexError(f"no action {k}: the record has {len(self._tokens)}")
        return self._tokens[k]

    def game_at(self, step: int) -> Game:
        """A new copy of the game after the first ``step`` actions (0 … :attr:`steps`).
        Raises ``IndexError`` outside that range."""
        if not 0 <= step <= len(self._tokens):
            raise IndexError(f"no step {step}: the record has steps 0 to {len(self._tokens)}")
        return self._games[step].copy()
