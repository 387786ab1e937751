"""One finished game: how it ended (:class:`Outcome`) and its entry (:class:`GameEntry`).

The one result type and the one finished-game entry of the project: the
session's ``GameFinished`` event, the history and its statistics, the class
results store and the end-of-game summary all read the same entry.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine._enums import TextEnum
from ..engine.codes import GameCode, InvalidCodeError
from ..engine.game import Game, Status
from ..engine.record import RECORD_FORMAT
from ..engine.rules import RuleSet
from .daily import parse_date

__all__ = ["UTC", "Outcome", "GameEntry", "HistoryError"]

UTC = datetime.timezone.utc


class Outcome(TextEnum):
    """How a finished game ended (docs/rules.md §2 end of the game, §8 timer); every outcome but WON is a loss.

    The values are the stored text forms (``"won"``, ``"blocked"``, ``"time_up"``,
    ``"abandoned"``) of the browser's history and of the class database.
    """

    WON = "won"
    """All 28 tableau cards are gone."""
    BLOCKED = "blocked"
    """The stock is empty and no exposed card fits (counted when the game leaves the table, §4)."""
    TIME_UP = "time_up"
    """The countdown of a timed rule set reached 0 (§8)."""
    ABANDONED = "abandoned"
    """Left (for another game, or a record to watch) after at least one move, before its end."""

    @property
    def won(self) -> bool:
        """True for WON only."""
        return self is Outcome.WON

    @classmethod
    def of_status(cls, status: Status) -> Outcome:
        """The outcome of a game of ``status``: WON, BLOCKED and TIME_UP as they are, PLAYING is ABANDONED."""
        return _BY_STATUS[status]

    @classmethod
    def of(cls, game: Game) -> Outcome:
        """The outcome of ``game`` now: its status if it is over (WON, BLOCKED, TIME_UP), else ABANDONED."""
        return _BY_STATUS[game.status]


_BY_STATUS = {
    Status.WON: Outcome.WON,
    Status.BLOCKED: Outcome.BLOCKED,
    Status.TIME_UP: Outcome.TIME_UP,
    Status.PLAYING: Outcome.ABANDONED,
}


class HistoryError(ValueError):
    """A history (or one of its games) that cannot be read; the message names the first bad part."""


def _utc_text(when: datetime.datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _parse_when(value: Any, where: str) -> datetime.datetime:
    if not isinstance(value, str):
        raise HistoryError(f"{where}: 'date' must be text such as 2026-11-30T09:12:44Z")
    try:
        when = datetime.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise HistoryError(f"{where}: 'date' {value!r} is not a date and time") from None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _count(obj: Mapping[str, Any], name: str, where: str) -> int:
    value = obj.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise HistoryError(f"{where}: {name!r} must be a whole number ≥ 0, got {value!r}")
    return value


@dataclass(frozen=True)
class GameEntry:
    """One game that counted; see the module doc for the JSON form.  Scores and moves are whole
    numbers ≥ 0 (points, moves), ``duration`` seconds ≥ 0, ``date`` a UTC :class:`datetime.datetime`."""

    code: str | None
    rules: str
    result: Outcome
    score: int
    moves: int
    draws: int
    undos: int
    duration: float
    date: datetime.datetime
    daily: str | None = None
    actions: tuple[str, ...] = ()
    layout: Mapping[str, Any] | None = field(default=None, compare=False)

    @property
    def won(self) -> bool:
        """True for a win."""
        return self.result is Outcome.WON

    @classmethod
    def of(
        cls,
        game: Game,
        result: Outcome | str,
        duration: float,
        when: datetime.datetime,
        daily: datetime.date | str | None = None,
    ) -> GameEntry:
        """The entry of ``game`` ending with ``result`` after ``duration`` seconds, counted at ``when``.

        Draws and undos are counted from the game's history; ``daily`` is the
        date whose deal of the day it is (or ``None``).
        """
        record = game.to_record()
        draws = sum(1 for e in game.history if e.token == "D")
        undos = sum(1 for e in game.history if e.token == "U")
        return cls(
            code=record.get("code"),
            rules=str(game.rules),
            result=Outcome(result),
            score=game.score,
            moves=game.moves,
            draws=draws,
            undos=undos,
            duration=round(max(0.0, float(duration)), 1),
            date=when.astimezone(UTC).replace(microsecond=0),
            daily=parse_date(daily).isoformat() if daily is not None else None,
            actions=tuple(record["actions"]),
            layout=record.get("layout"),
        )

    def record(self) -> dict[str, Any]:
        """The game's record (docs/rules.md §6): replay it with :meth:`Game.from_record`."""
        rec: dict[str, Any] = {"format": RECORD_FORMAT}
        if self.code is not None:
            rec["code"] = self.code
        else:
            rec["rule"] = self.rules
            rec["layout"] = self.layout
        rec["actions"] = list(self.actions)
        return rec

    def to_json(self) -> dict[str, Any]:
        """The JSON-ready object of the module doc."""
        out: dict[str, Any] = {
            "code": self.code,
            "rules": self.rules,
            "result": self.result.value,
            "score": self.score,
            "moves": self.moves,
            "draws": self.draws,
            "undos": self.undos,
            "duration": self.duration,
            "date": _utc_text(self.date),
            "daily": self.daily,
            "actions": list(self.actions),
        }
        if self.code is None:
            out["layout"] = self.layout
        return out

    @classmethod
    def from_json(cls, obj: Any, where: str = "game") -> GameEntry:
        """Read one entry; raises :class:`HistoryError` naming ``where`` and the first bad field."""
        if not isinstance(obj, Mapping):
            raise HistoryError(f"{where} must be a JSON object, got {type(obj).__name__}")
        code = obj.get("code")
        layout = obj.get("layout")
        if code is not None:
            if not isinstance(code, str):
                raise HistoryError(f"{where}: 'code' must be a game code or null")
            try:
                code = str(GameCode.parse(code))
            except InvalidCodeError as exc:
                raise HistoryError(f"{where}: bad 'code': {exc}") from None
        elif not isinstance(layout, Mapping):
            raise HistoryError(f"{where}: a game without a 'code' needs its 'layout'")
        rules = obj.get("rules")
        try:
            rules = str(RuleSet.parse(rules)) if isinstance(rules, str) else None
        except ValueError:
            rules = None
        if rules is None:
            raise HistoryError(f"{where}: 'rules' must be a rule set such as 'E' or 'C-OP', got {obj.get('rules')!r}")
        try:
            result = Outcome(obj.get("result"))
        except ValueError:
            raise HistoryError(f"{where}: unknown 'result' {obj.get('result')!r}") from None
        duration = obj.get("duration")
        if isinstance(duration, bool) or not isinstance(duration, (int, float)) or not 0 <= duration < math.inf:
            raise HistoryError(f"{where}: 'duration' must be a number of seconds ≥ 0, got {duration!r}")
        daily = obj.get("daily")
        if daily is not None:
            try:
                daily = parse_date(daily).isoformat()
            except ValueError:
                raise HistoryError(f"{where}: 'daily' must be a date (YYYY-MM-DD) or null") from None
        actions = obj.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise HistoryError(f"{where}: 'actions' must be a list of action tokens")
        return cls(
            code=code,
            rules=rules,
            result=result,
            score=_count(obj, "score", where),
            moves=_count(obj, "moves", where),
            draws=_count(obj, "draws", where),
            undos=_count(obj, "undos", where),
            duration=float(duration),
            date=_parse_when(obj.get("date"), where),
            daily=daily,
            actions=tuple(actions),
            layout=dict(layout) if code is None and isinstance(layout, Mapping) else None,
        )
