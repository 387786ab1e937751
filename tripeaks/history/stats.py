"""The history of games played and its statistics: plain data, no widgets.

A :class:`GameEntry` is one game that counted (docs/rules.md §2 for how a
game ends, §8 for *time up*): won, blocked, out of time, or abandoned after
at least one move — every result but a win is a loss.  Its JSON form (one
object of the history, :meth:`GameEntry.to_json`)::

    {"code": "TP1-E-AAAAAAD", "rules": "E", "result": "won", "score": 750, "moves": 50,
     "draws": 22, "undos": 0, "duration": 312.5, "date": "2026-11-30T09:12:44Z",
     "daily": "2026-11-30", "actions": ["QD", "D", …]}

``code`` is the full game code, rule-set flags included (docs/rules.md §5,
§8), or ``null`` for a custom layout, which then carries its ``"layout"``
as a record does (§6); ``rules`` is the rule set's text (``"E"``,
``"C-OP"``); ``duration`` is in seconds; ``date`` is when it counted (UTC);
``daily`` is the calendar date whose deal of the day it was, else ``null``;
``actions`` are the record's tokens, so that any past game can be replayed
(:meth:`GameEntry.record`); ``"from_record": true`` (absent means false) marks a game
continued from a record's step, which counted through the moves made on it here only.

:func:`summarize` gives the figures of a list of games (played, won, win
rate, streaks, abandoned, and over the finished games only the best and average score and
average moves); :func:`by_rules`
per rule set; :func:`daily_summary` the deal-of-the-day streak.
:func:`export_history` / :func:`import_history` write and read a whole
history as JSON; reading refuses anything malformed with a
:class:`HistoryError` naming the first bad part.

>>> e = GameEntry(code="TP1-E-AAAAAAD", rules="E", result=Outcome.WON, score=750, moves=50, draws=22,
...               undos=0, duration=312.5, date=datetime.datetime(2026, 11, 30, 9, 12, 44, tzinfo=UTC))
>>> summarize([e, e]).won, summarize([e]).best_score
(2, 750)
>>> GameEntry.from_json(e.to_json()) == e
True
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .daily import parse_date
from .entry import LIMITS, UTC, GameEntry, HistoryError, Outcome, loads

__all__ = [
    "UTC",
    "Outcome",
    "GameEntry",
    "HistoryError",
    "Summary",
    "DailySummary",
    "summarize",
    "by_rules",
    "daily_summary",
    "export_history",
    "import_history",
    "merge_history",
    "read_entries",
    "read_entries_apart",
    "HISTORY_FORMAT",
]

HISTORY_FORMAT = "tripeaks-history/1"
"""The ``format`` of an exported history (:func:`export_history`)."""


def _games(games: Any, where: str) -> list[Any]:
    if not isinstance(games, list):
        raise HistoryError(f"{where} must be a list of games")
    if len(games) > LIMITS.games:
        raise HistoryError(f"{where} holds {len(games)} games, at most {LIMITS.games} are read")
    return games


def read_entries(games: Any, where: str = "history") -> list[GameEntry]:
    """A JSON list of at most ``LIMITS.games`` entries read with :meth:`GameEntry.from_json`
    (within :data:`~tripeaks.history.entry.LIMITS`); raises :class:`HistoryError` naming the first
    bad game (``game 3``, counted from 1) and field."""
    return [GameEntry.from_json(g, f"game {i + 1}") for i, g in enumerate(_games(games, where))]


def read_entries_apart(games: Any, where: str = "history") -> tuple[list[GameEntry], list[tuple[Any, str]]]:
    """The same reader, keeping what it can: the entries read, and each game that fails with the
    message saying why (the browser's storage at load sets those aside, one by one).  Raises
    :class:`HistoryError` only when ``games`` is not such a list at all."""
    kept: list[GameEntry] = []
    bad: list[tuple[Any, str]] = []
    for i, g in enumerate(_games(games, where)):
        try:
            kept.append(GameEntry.from_json(g, f"game {i + 1}"))
        except HistoryError as exc:
            bad.append((g, str(exc)))
    return kept, bad


@dataclass(frozen=True)
class Summary:
    """The figures of some games: counts, ``win_rate`` 0–1, streaks of wins in a row (``current``:
    the one the latest games make), points and moves; ``from_record`` how many were continued from
    a record.

    The best score and the averages are those of the *finished* games (won, blocked or out of time),
    as in the class results: a game abandoned after a move or two is counted apart (``abandoned``,
    and in ``played`` as a loss) and never lifts or lowers them; they are ``None`` with no finished
    game."""

    played: int
    won: int
    win_rate: float | None
    current_streak: int
    best_streak: int
    best_score: int | None
    average_score: float | None
    average_moves: float | None
    from_record: int = 0
    """How many of the games were continued from a record (docs/rules.md §6): they count
    through the moves made on them here only."""
    abandoned: int = 0
    """How many of the games were abandoned (left before their end): losses, outside the best score
    and the averages."""


def _streaks(wins: Iterable[bool]) -> tuple[int, int]:
    run = best = 0
    for won in wins:
        run = run + 1 if won else 0
        best = max(best, run)
    return run, best


def summarize(entries: Sequence[GameEntry]) -> Summary:
    """The figures of ``entries``, taken in date order (ties keep their order)."""
    games = sorted(entries, key=lambda e: e.date)
    played = len(games)
    won = sum(e.won for e in games)
    current, best = _streaks(e.won for e in games)
    finished = [e for e in games if e.result is not Outcome.ABANDONED]
    return Summary(
        played=played,
        won=won,
        win_rate=won / played if played else None,
        current_streak=current,
        best_streak=best,
        best_score=max((e.score for e in finished), default=None),
        average_score=sum(e.score for e in finished) / len(finished) if finished else None,
        average_moves=sum(e.moves for e in finished) / len(finished) if finished else None,
        from_record=sum(e.from_record for e in games),
        abandoned=len(games) - len(finished),
    )


def by_rules(entries: Sequence[GameEntry]) -> dict[str, Summary]:
    """:func:`summarize` per rule set (its text, e.g. ``"E"``, ``"C-OP"``), in the order of first play."""
    groups: dict[str, list[GameEntry]] = {}
    for e in sorted(entries, key=lambda e: e.date):
        groups.setdefault(e.rules, []).append(e)
    return {rules: summarize(games) for rules, games in groups.items()}


@dataclass(frozen=True)
class DailySummary:
    """Deals of the day: ``played`` and ``won`` (days), the ``current_streak`` of consecutive days
    won (ending today, or yesterday while today's deal is not won yet) and the ``best_streak``."""

    played: int
    won: int
    current_streak: int
    best_streak: int


def daily_summary(entries: Sequence[GameEntry], today: datetime.date) -> DailySummary:
    """The deal-of-the-day figures of ``entries`` as of ``today`` (a day counts once, won if any of
    its games of the deal of the day was won)."""
    days: dict[datetime.date, bool] = {}
    for e in entries:
        if e.daily is not None:
            day = parse_date(e.daily)
            days[day] = days.get(day, False) or e.won
    won_days = sorted(d for d, w in days.items() if w)
    best = run = 0
    previous: datetime.date | None = None
    for d in won_days:
        run = run + 1 if previous is not None and (d - previous).days == 1 else 1
        best = max(best, run)
        previous = d
    current = 0
    day = today if days.get(today) else today - datetime.timedelta(days=1)
    while days.get(day):
        current += 1
        day -= datetime.timedelta(days=1)
    return DailySummary(played=len(days), won=len(won_days), current_streak=current, best_streak=best)


def export_history(entries: Sequence[GameEntry]) -> str:
    """The history as JSON text: ``{"format": "tripeaks-history/1", "games": [...]}``."""
    return json.dumps({"format": HISTORY_FORMAT, "games": [e.to_json() for e in entries]}, ensure_ascii=False)


def import_history(text: str | bytes) -> list[GameEntry]:
    """Read an exported history with the reader of the browser's storage (the same
    :data:`~tripeaks.history.entry.LIMITS`); raises :class:`HistoryError`, and nothing else, naming
    the first bad part (not JSON, another format, or the game and field out of bounds)."""
    data = loads(text, "the file")
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        got = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise HistoryError(f"not a TriPeaks history: format {got!r}, expected {HISTORY_FORMAT!r}")
    return read_entries(data.get("games"), "'games'")


def merge_history(existing: Sequence[GameEntry], new: Iterable[GameEntry]) -> tuple[list[GameEntry], int]:
    """``existing`` plus the games of ``new`` not already in it (:attr:`GameEntry.key`), in date
    order; and how many were added."""
    seen = {e.key for e in existing}
    merged = list(existing)
    added = 0
    for e in new:
        if e.key not in seen:
            seen.add(e.key)
            merged.append(e)
            added += 1
    merged.sort(key=lambda e: e.date)
    return merged, added
