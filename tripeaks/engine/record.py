"""Game records (docs/rules.md §6, §8): the codec behind :meth:`Game.to_record` and
:meth:`Game.from_record`, and :class:`Replay`, the game after each action of a record.

A record is JSON-ready::

    {"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["KC", "D", "U"]}

A card token plays that card, ``D`` draws (a joker drawn too), ``U`` undoes and
``T`` is the timer's end.  The code is the full code, rule-set flags included
(``"TP1-E-AAAAAAD-SR"``).  A custom layout is recorded with its cards and its
rule set (``"E"``, ``"C"`` or a rule letter with flags such as ``"C-OP"``)
instead of a code; jokers are ``"JK"``::

    {"format": "tripeaks-record/1", "rule": "E",
     "layout": {"tableau": [28 cards], "waste": ["AC"], "stock": [23 cards]},
     "actions": [...]}

This module imports :mod:`tripeaks.engine.game` (never the other way round)
and installs the codec there when it is imported, which the package
:mod:`tripeaks.engine` always does.

>>> r = Replay({"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["D", "QD", "JD", "U", "JD"]})
>>> r.steps, r.game_at(0).moves, r.game_at(5).score, r.token(3)
(5, 0, 497, 'U')
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

from .codes import InvalidCodeError
from .game import Event, Game, IllegalMoveError, _Events, install_record_codec
from .rules import RuleSet

__all__ = ["RECORD_FORMAT", "RecordError", "Replay"]

RECORD_FORMAT: Final = "tripeaks-record/1"
"""The ``format`` field of a game record (docs/rules.md §6)."""


class RecordError(ValueError):
    """A game record that cannot be read or replayed (docs/rules.md §6); the message names the first bad part."""


def _write(game: Game) -> dict[str, Any]:
    """The record of ``game``: :meth:`Game.to_record`."""
    rec: dict[str, Any] = {"format": RECORD_FORMAT}
    if game.code is not None:
        rec["code"] = str(game.code)
    else:
        rec["rule"] = str(game.rules)
        rec["layout"] = {
            "tableau": [str(c) for c in game.dealt_tableau],
            "waste": [str(c) for c in game.initial_waste],
            "stock": [str(c) for c in game.dealt_stock],
        }
    rec["actions"] = [e.token for e in game.history]
    return rec


def _object(data: Any) -> dict[Any, Any]:
    """The record as a dict: ``data`` itself, or its JSON text (``str`` or UTF-8 ``bytes``) read."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"record is not UTF-8 text: {exc}") from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
    return data


def _start(data: dict[Any, Any]) -> Game:
    """The deal a record starts from: its ``code``, or its ``rule`` and ``layout``."""
    fmt = data.get("format")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown record format {fmt!r}: expected {RECORD_FORMAT!r}")
    if "code" in data and "layout" in data:
        raise RecordError("a record has either a 'code' or a 'layout', not both")
    if "code" in data:
        try:
            return Game.from_code(data["code"])
        except InvalidCodeError as exc:
            raise RecordError(f"bad code in record: {exc}") from None
    if "layout" in data:
        layout = data["layout"]
        if not isinstance(layout, dict) or not {"tableau", "waste", "stock"} <= set(layout):
            raise RecordError("a record's 'layout' needs 'tableau', 'waste' and 'stock'")
        try:
            rules = RuleSet.parse(data.get("rule", "E"))
        except ValueError as exc:
            raise RecordError(f"bad rule set in record: {exc}") from None
        try:
            return Game.from_layout(layout["tableau"], layout["waste"], layout["stock"], rules=rules)
        except ValueError as exc:
            raise RecordError(f"bad layout in record: {exc}") from None
    raise RecordError("a record needs a 'code' or a 'layout'")


def _actions(data: dict[Any, Any]) -> list[Any]:
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("a record's 'actions' must be a list")
    return actions


def _apply(game: Game, i: int, token: Any) -> None:
    """Apply action ``i`` of a record to ``game``; :class:`RecordError` naming it when it cannot be."""
    if not isinstance(token, str):
        raise RecordError(f"action {i} ({token!r}) is not text: use a card such as 'KC', 'D', 'U' or 'T'")
    try:
        game.apply(token)
    except IllegalMoveError as exc:
        raise RecordError(f"action {i} ({token!r}) is not allowed here: {exc}") from None
    except ValueError as exc:
        raise RecordError(f"action {i} ({token!r}) cannot be read: {exc}") from None


def _read(data: Any) -> Game:
    """The game a record replays: :meth:`Game.from_record`."""
    data = _object(data)
    game = _start(data)
    for i, token in enumerate(_actions(data)):
        _apply(game, i, token)
    return game


install_record_codec(_write, _read)


class Replay:
    """The games of a record, step by step (docs/rules.md §6): step 0 is the deal, step
    :attr:`steps` the whole record; :meth:`game_at` gives a fresh copy of each, so that a
    viewer can go back and forth and play on from any step.

    ``record`` is a dict or its JSON text, read like :meth:`Game.from_record`.  Raises
    :class:`RecordError` (a ``ValueError`` naming the first bad part) for a record that
    cannot be replayed.

    Memory grows with the record, not with its square: the record is replayed once,
    keeping the events and a snapshot of the position (without its history) every
    *k* ≈ √n of its n steps; a step is rebuilt from the snapshot before it, and the
    snapshots of the latest block of *k* steps are kept, so that walking step by step,
    forwards or back, replays each action about once.
    """

    def __init__(self, record: Any) -> None:
        data = _object(record)
        game = _start(data)
        actions = _actions(data)
        self._every = every = max(16, math.isqrt(len(actions)))
        checkpoints = [game._copy(_Events())]
        for i, token in enumerate(actions):
            _apply(game, i, token)  # validates the whole record on the way
            if (i + 1) % every == 0:
                checkpoints.append(game._copy(_Events()))
        self.record: dict[str, Any] = _write(game)
        """The record in its canonical form (card tokens as the engine writes them)."""
        self._tokens: tuple[str, ...] = tuple(self.record["actions"])
        self._events: tuple[Event, ...] = game.history
        self._checkpoints = checkpoints
        self._block: tuple[int, list[Game]] = (-1, [])

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
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self._tokens):
            raise IndexError(f"no step {step}: the record has steps 0 to {len(self._tokens)}")
        block, offset = divmod(step, self._every)
        if self._block[0] != block:
            self._block = (block, self._snapshots(block))
        return self._block[1][offset]._copy(_Events(self._events, step))

    def _snapshots(self, block: int) -> list[Game]:
        """The snapshots (no history) of the steps block·k … block·k + k − 1 that the record has."""
        game = self._checkpoints[block]._copy(_Events())
        first = block * self._every
        snapshots = [self._checkpoints[block]]
        for token in self._tokens[first : min(first + self._every - 1, len(self._tokens))]:
            game.apply(token)
            snapshots.append(game._copy(_Events()))
        return snapshots
