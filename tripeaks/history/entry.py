"""One finished game: how it ended (:class:`Outcome`) and its entry (:class:`GameEntry`).

The one result type and the one finished-game entry of the project: the
session's ``GameFinished`` event, the history and its statistics, the class
results store and the end-of-game summary all read the same entry.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import re
import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine._enums import TextEnum
from ..engine.codes import GameCode, InvalidCodeError
from ..engine.game import Game, Status
from ..engine.record import RECORD_FORMAT, RecordError
from ..engine.rules import RuleSet
from .daily import parse_date

__all__ = ["UTC", "Outcome", "GameEntry", "HistoryError", "Limits", "LIMITS", "loads", "read_day"]

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


@dataclass(frozen=True)
class Limits:
    """What a stored or imported game may hold (the one reader, :meth:`GameEntry.from_json`, refuses
    anything outside).  Every whole number stays far below 2**53, so that the browser's JSON (whose
    numbers are doubles) gives back exactly what was written."""

    score: int = 1_000_000
    """Points, at most."""
    count: int = 100_000
    """Moves, draws and undos of one game, at most each."""
    duration: float = 31_536_000.0
    """Seconds played, at most (a year)."""
    actions: int = 100_000
    """Action tokens of one game, at most."""
    token: int = 8
    """Characters of one action token, at most."""
    text: int = 64
    """Characters of a code, a rule set, a date or an id, at most."""
    first_year: int = 2000
    """Dates (``date``, ``daily``) from 1 January of this year ..."""
    last_year: int = 2199
    """... to 31 December of this year."""
    games: int = 200_000
    """Games of one history, at most."""


LIMITS = Limits()
"""The limits of every history read: the browser's storage at load and an imported file."""

_TOKEN = re.compile(r"[A-Za-z0-9]+")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON can keep")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


def loads(text: str | bytes, what: str = "the text") -> Any:
    """JSON text (``str`` or UTF-8 ``bytes``) read strictly: ``NaN``, ``Infinity``, numbers too large
    for a double and integers of thousands of digits are refused.  Raises :class:`HistoryError`
    (naming ``what``) and nothing else."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise HistoryError(f"{what} is not UTF-8 text") from None
    if not isinstance(text, str):
        raise HistoryError(f"{what} is not text")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except RecursionError:
        raise HistoryError(f"{what} is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, a refused constant, an integer of too many digits
        raise HistoryError(f"{what} is not JSON: {exc}") from None


def _utc_text(when: datetime.datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40
_REPR.maxlist = _REPR.maxdict = 4


def _short(value: Any) -> str:
    """``repr(value)`` cut to about 40 characters (a huge number or text is not echoed whole)."""
    return _REPR.repr(value)


def _parse_when(value: Any, where: str, name: str = "date") -> datetime.datetime:
    """A UTC date and time within the :data:`LIMITS` years; raises :class:`HistoryError` only."""
    if not isinstance(value, str) or len(value) > LIMITS.text:
        raise HistoryError(f"{where}: {name!r} must be text such as 2026-11-30T09:12:44Z, got {_short(value)}")
    try:
        when = datetime.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        when = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
    except (ValueError, OverflowError):
        raise HistoryError(f"{where}: {name!r} {_short(value)} is not a date and time") from None
    if not LIMITS.first_year <= when.year <= LIMITS.last_year:
        raise HistoryError(
            f"{where}: {name!r} {_short(value)} is not between {LIMITS.first_year} and {LIMITS.last_year}"
        )
    return when


def _count(obj: Mapping[str, Any], name: str, where: str, most: int = LIMITS.count) -> int:
    value = obj.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise HistoryError(f"{where}: {name!r} must be a whole number from 0 to {most}, got {_short(value)}")
    return value


def read_day(value: Any, where: str) -> str | None:
    """A ``daily`` value: ``None`` or an ISO date within the :data:`LIMITS` years (its ISO text);
    raises :class:`HistoryError` only."""
    if value is None:
        return None
    try:
        if not isinstance(value, str) or len(value) > LIMITS.text:
            raise ValueError
        day = parse_date(value)
    except ValueError:
        raise HistoryError(f"{where}: 'daily' must be a date (YYYY-MM-DD) or null, got {_short(value)}") from None
    if not LIMITS.first_year <= day.year <= LIMITS.last_year:
        raise HistoryError(f"{where}: 'daily' {value!r} is not between {LIMITS.first_year} and {LIMITS.last_year}")
    return day.isoformat()


def _layout(layout: Any, rules: str, where: str) -> dict[str, Any]:
    """The custom layout of a game without a code, checked by dealing it (docs/rules.md §6)."""
    if not isinstance(layout, Mapping):
        raise HistoryError(f"{where}: a game without a 'code' needs its 'layout'")
    layout = {name: layout.get(name) for name in ("tableau", "waste", "stock")}
    try:
        Game.from_record({"format": RECORD_FORMAT, "rule": rules, "layout": layout, "actions": []})
    except (RecordError, ValueError, TypeError, RecursionError) as exc:
        raise HistoryError(f"{where}: bad 'layout': {exc}") from None
    return json.loads(json.dumps(layout))  # a plain copy (lists of card texts)


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
    id: str | None = None
    from_record: bool = False

    @property
    def key(self) -> tuple[Any, ...]:
        """What makes two entries the same game (merges keep one): the ``id`` with the result and
        actions when there is one (a game shown in two tabs), else every compared field but the
        actions (an older game keeps only its summary)."""
        if self.id is not None:
            return ("id", self.id)
        return (
            "entry",
            self.code,
            self.rules,
            self.result,
            self.score,
            self.moves,
            self.draws,
            self.undos,
            self.duration,
            self.date,
            self.daily,
            self.from_record,
        )

    @property
    def replayable(self) -> bool:
        """True when its actions are kept (older games keep only their summary, docs/play/nothing-lost.md)."""
        return bool(self.actions)

    def summary(self) -> GameEntry:
        """The same entry without its actions (what is kept of an older game)."""
        return replace(self, actions=())

    @staticmethod
    def make_id(game_id: str, result: Outcome | str, actions: tuple[str, ...] | list[str]) -> str:
        """The id of the entry of game ``game_id`` ending with ``result`` after ``actions``: the same
        game ending the same way in two tabs has the same id."""
        digest = hashlib.sha256(f"{Outcome(result).value} {' '.join(actions)}".encode()).hexdigest()[:10]
        return f"{game_id[:40]}.{digest}"

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
        from_record: bool = False,
    ) -> GameEntry:
        """The entry of ``game`` ending with ``result`` after ``duration`` seconds, counted at ``when``.

        Draws and undos are counted from the game's history; ``daily`` is the
        date whose deal of the day it is (or ``None``); ``from_record`` whether
        the game was continued from a record (docs/rules.md §6).
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
            from_record=bool(from_record),
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
        if self.id is not None:
            out["id"] = self.id
        if self.from_record:
            out["from_record"] = True
        return out

    @classmethod
    def from_json(cls, obj: Any, where: str = "game") -> GameEntry:
        """Read one entry within :data:`LIMITS`; raises :class:`HistoryError` (and nothing else)
        naming ``where`` and the first bad field.  The one reader of the browser's storage and of an
        imported history: what one accepts, the other reads back."""
        if not isinstance(obj, Mapping):
            raise HistoryError(f"{where} must be a JSON object, got {type(obj).__name__}")
        code = obj.get("code")
        if code is not None:
            if not isinstance(code, str) or len(code) > LIMITS.text:
                raise HistoryError(f"{where}: 'code' must be a game code or null, got {_short(code)}")
            try:
                code = str(GameCode.parse(code))
            except (InvalidCodeError, ValueError, ArithmeticError) as exc:
                raise HistoryError(f"{where}: bad 'code': {exc}") from None
        rules = obj.get("rules")
        try:
            rules = str(RuleSet.parse(rules)) if isinstance(rules, str) and len(rules) <= LIMITS.text else None
        except (ValueError, ArithmeticError):
            rules = None
        if rules is None:
            raise HistoryError(
                f"{where}: 'rules' must be a rule set such as 'E' or 'C-OP', got {_short(obj.get('rules'))}"
            )
        layout = _layout(obj.get("layout"), rules, where) if code is None else None
        result = obj.get("result")
        if not isinstance(result, str) or result not in {o.value for o in Outcome}:
            raise HistoryError(f"{where}: unknown 'result' {_short(result)}")
        duration = obj.get("duration")
        if (
            isinstance(duration, bool)
            or not isinstance(duration, (int, float))
            or not 0 <= duration <= LIMITS.duration  # also refuses NaN and huge integers
        ):
            raise HistoryError(
                f"{where}: 'duration' must be a number of seconds from 0 to {LIMITS.duration:.0f}, got {_short(duration)}"
            )
        actions = obj.get("actions", [])
        if (
            not isinstance(actions, list)
            or len(actions) > LIMITS.actions
            or not all(isinstance(a, str) and len(a) <= LIMITS.token and _TOKEN.fullmatch(a) for a in actions)
        ):
            raise HistoryError(f"{where}: 'actions' must be a list of at most {LIMITS.actions} action tokens")
        ident = obj.get("id")
        if ident is not None and (not isinstance(ident, str) or not 0 < len(ident) <= LIMITS.text):
            raise HistoryError(f"{where}: 'id' must be short text or absent, got {_short(ident)}")
        from_record = obj.get("from_record", False)
        if not isinstance(from_record, bool):
            raise HistoryError(f"{where}: 'from_record' must be true or false, got {_short(from_record)}")
        return cls(
            code=code,
            rules=rules,
            result=Outcome(result),
            score=_count(obj, "score", where, LIMITS.score),
            moves=_count(obj, "moves", where),
            draws=_count(obj, "draws", where),
            undos=_count(obj, "undos", where),
            duration=float(duration),
            date=_parse_when(obj.get("date"), where),
            daily=read_day(obj.get("daily"), where),
            actions=tuple(actions),
            layout=layout,
            id=ident,
            from_record=from_record,
        )
