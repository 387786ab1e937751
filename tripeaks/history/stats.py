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
(:meth:`GameEntry.record`).

:func:`summarize` gives the figures of a list of games (played, won, win
rate, streaks, best and average score, average moves); :func:`by_rules`
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
from .entry import UTC, GameEntry, HistoryError, Outcome

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
    "HISTORY_FORMAT",
]

HISTORY_FORMAT = "tripeaks-history/1"
"""The ``format`` of an exported history (:func:`export_history`)."""


def read_entries(games: Any, where: str = "history") -> list[GameEntry]:
    """A JSON list of entries read with :meth:`GameEntry.from_json`; raises :class:`HistoryError`."""
    if not isinstance(games, list):
        raise HistoryError(f"{where} must be a list of games")
    return [GameEntry.from_json(g, f"game {i}") for i, g in enumerate(games)]


@dataclass(frozen=True)
class Summary:
    """The figures of some games: counts, ``win_rate`` 0–1, streaks of wins in a row (``current``:
    the one the latest games make), points and moves; the averages are ``None`` with no game."""

    played: int
    won: int
    win_rate: float | None
    current_streak: int
    best_streak: int
    best_score: int | None
    average_score: float | None
    average_moves: float | None


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
    return Summary(
        played=played,
        won=won,
        win_rate=won / played if played else None,
        current_streak=current,
        best_streak=best,
        best_score=max((e.score for e in games), default=None),
        average_score=sum(e.score for e in games) / played if played else None,
        average_moves=sum(e.moves for e in games) / played if played else None,
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
    """Read an exported history; raises :class:`HistoryError` naming the first bad part (not JSON,
    another format, or a game with a bad field)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise HistoryError("the file is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise HistoryError(f"the file is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        got = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise HistoryError(f"not a TriPeaks history: format {got!r}, expected {HISTORY_FORMAT!r}")
    return read_entries(data.get("games"), "'games'")


def merge_history(existing: Sequence[GameEntry], new: Iterable[GameEntry]) -> tuple[list[GameEntry], int]:
    """``existing`` plus the games of ``new`` not already in it, in date order; and how many were added."""
    seen = set(existing)
    merged = list(existing)
    added = 0
    for e in new:
        if e not in seen:
            seen.add(e)
            merged.append(e)
            added += 1
    merged.sort(key=lambda e: e.date)
    return merged, added
