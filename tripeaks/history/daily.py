"""The deal of the day: one game code per calendar date, the same for everyone (docs/rules.md §5).

The deal number of a date is the first 8 bytes of SHA-256 of the date in ISO
form (``"2026-11-30"``, ASCII), read as a big-endian integer, modulo 32^7;
the deal of the day is played under the default rule set (Easy), so its code
is ``TP1-E-<that number>``.

>>> str(daily_code(datetime.date(2026, 11, 30)))
'TP1-E-YI2IXE5'
>>> daily_number("2026-11-30") == daily_code("2026-11-30").deal
True
"""

from __future__ import annotations

import datetime
import hashlib

from ..engine.codes import N_DEALS, GameCode
from ..engine.rules import EASY

__all__ = ["daily_number", "daily_code", "is_daily", "parse_date"]


def parse_date(value: datetime.date | str) -> datetime.date:
    """A calendar date from a :class:`datetime.date` or its ISO text ``"YYYY-MM-DD"``.

    A :class:`datetime.datetime` gives its date.  Raises ``ValueError`` for
    anything else (the message quotes it).
    """
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise ValueError(f"not a calendar date (YYYY-MM-DD): {value!r}")


def daily_number(date: datetime.date | str) -> int:
    """The deal number (0 … 32^7 − 1) of ``date`` (docs/rules.md §5, the deal of the day):
    SHA-256 of the ISO date, first 8 bytes big-endian, modulo 32^7.  Raises ``ValueError`` for a bad date."""
    iso = parse_date(date).isoformat()
    return int.from_bytes(hashlib.sha256(iso.encode("ascii")).digest()[:8], "big") % N_DEALS


def daily_code(date: datetime.date | str) -> GameCode:
    """The code of the deal of the day of ``date``, under Easy (docs/rules.md §5).  Raises ``ValueError``."""
    return GameCode(EASY, daily_number(date))


def is_daily(code: GameCode | str, date: datetime.date | str) -> bool:
    """True when ``code`` (a code or its text) is the deal of the day of ``date``: same deal, Easy.

    Text that is not a code is simply not the deal of the day (False).
    """
    try:
        parsed = GameCode.parse(code)
    except ValueError:
        return False
    return parsed == daily_code(date)
