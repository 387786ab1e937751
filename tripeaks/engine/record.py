"""Game records: save, share and replay a game (docs/rules.md §6, §8).

A record is JSON-ready::

    {"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["KC", "D", "U"]}

A card token plays that card, ``D`` draws (a joker drawn too) and ``U``
undoes; ``T`` is the timer's end (docs/rules.md §8).  The code is the full
code, rule-set flags included (``"TP1-E-AAAAAAD-SR"``).  A custom layout is
recorded with its cards and its rule set (``"E"``, ``"C"`` or a rule letter
with flags such as ``"C-OP"``) instead of a code; jokers are ``"JK"``::

    {"format": "tripeaks-record/1", "rule": "E",
     "layout": {"tableau": [28 cards], "waste": ["AC"], "stock": [23 cards]},
     "actions": [...]}

The codec itself is :meth:`Game.to_record` / :meth:`Game.from_record`; this
module adds the JSON text helpers.  It depends on :mod:`tripeaks.engine.game` only.
"""

from __future__ import annotations

import json
from typing import Any

from .game import RECORD_FORMAT, Game, RecordError

__all__ = ["RECORD_FORMAT", "RecordError", "record_of", "game_from_record", "dumps", "loads"]


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game``: its full code (or layout and rule set) and every action in order."""
    return game.to_record()


def game_from_record(data: Any) -> Game:
    """Replay a record (a dict, or its JSON text) into a new :class:`Game`; see :meth:`Game.from_record`.

    Raises :class:`RecordError` (a ``ValueError``) naming the first bad part.
    """
    return Game.from_record(data)


def dumps(game: Game) -> str:
    """The record of ``game`` as JSON text."""
    return json.dumps(game.to_record())


def loads(text: str | bytes) -> Game:
    """Replay a record given as JSON text; see :meth:`Game.from_record`."""
    return Game.from_record(text)
