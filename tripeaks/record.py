"""Game records: save, share and replay a game (docs/rules.md §6).

A record is JSON-ready::

    {"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["KC", "D", "U"]}

A card token plays that card, ``D`` draws and ``U`` undoes.  A custom layout
is recorded with its cards instead of a code::

    {"format": "tripeaks-record/1", "rule": "E",
     "layout": {"tableau": [28 cards], "waste": ["AC"], "stock": [23 cards]},
     "actions": [...]}
"""

from __future__ import annotations

import json
from typing import Any

from .cards import Card
from .codes import InvalidCodeError, Rule
from .game import DrawEvent, Game, IllegalMoveError, PlayEvent

__all__ = ["RECORD_FORMAT", "RecordError", "record_of", "game_from_record", "dumps", "loads"]

RECORD_FORMAT = "tripeaks-record/1"


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the first bad part."""


def _actions(game: Game) -> list[str]:
    out = []
    for e in game.history:
        if isinstance(e, PlayEvent):
            out.append(str(e.card))
        elif isinstance(e, DrawEvent):
            out.append("D")
        else:
            out.append("U")
    return out


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game``: its code (or layout and rule) and every action in order."""
    rec: dict[str, Any] = {"format": RECORD_FORMAT}
    if game.code is not None:
        rec["code"] = str(game.code)
    else:
        rec["rule"] = game.rule.value
        rec["layout"] = {
            "tableau": [str(c) for c in game.dealt_tableau],
            "waste": [str(c) for c in game.initial_waste],
            "stock": [str(c) for c in game.dealt_stock],
        }
    rec["actions"] = _actions(game)
    return rec


def game_from_record(data: Any) -> Game:
    """Replay a record (a dict, or its JSON text) into a new :class:`Game`.

    Raises :class:`RecordError` (a ``ValueError``) naming the first bad part:
    the format, the code or layout, or the first action that is malformed or
    illegal (with its index).  No partly replayed game is ever returned.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
    fmt = data.get("format")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown record format {fmt!r}: expected {RECORD_FORMAT!r}")
    if "code" in data and "layout" in data:
        raise RecordError("a record has either a 'code' or a 'layout', not both")
    if "code" in data:
        try:
            game = Game.from_code(data["code"])
        except InvalidCodeError as exc:
            raise RecordError(f"bad code in record: {exc}") from None
    elif "layout" in data:
        layout = data["layout"]
        if not isinstance(layout, dict) or not {"tableau", "waste", "stock"} <= set(layout):
            raise RecordError("a record's 'layout' needs 'tableau', 'waste' and 'stock'")
        try:
            game = Game.from_layout(layout["tableau"], layout["waste"], layout["stock"],
                                    rule=Rule.parse(data.get("rule", "E")))
        except ValueError as exc:
            raise RecordError(f"bad layout in record: {exc}") from None
    else:
        raise RecordError("a record needs a 'code' or a 'layout'")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("a record's 'actions' must be a list")
    for i, token in enumerate(actions):
        if not isinstance(token, str):
            raise RecordError(f"action {i} ({token!r}) is not text: use a card such as 'KC', 'D' or 'U'")
        t = token.strip().upper()
        try:
            if t not in ("D", "U"):
                Card.parse(t)
            game.apply(t)
        except IllegalMoveError as exc:
            raise RecordError(f"action {i} ({token!r}) is not allowed here: {exc}") from None
        except ValueError as exc:
            raise RecordError(f"action {i} ({token!r}) cannot be read: {exc}") from None
    return game


def dumps(game: Game) -> str:
    """The record of ``game`` as JSON text."""
    return json.dumps(record_of(game))


def loads(text: str) -> Game:
    """Replay a record given as JSON text; see :func:`game_from_record`."""
    return game_from_record(text)

