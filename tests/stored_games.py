"""A stored game for the history tests, and the browser's JSON (tests/history/test_entry_limits.py,
tests/app/test_nothing_lost.py, tests/app/fake_store.py)."""

from __future__ import annotations

from typing import Any

STORED_GAME: dict[str, Any] = {
    "code": "TP1-E-AAAAAAD",
    "rules": "E",
    "result": "won",
    "score": 750,
    "moves": 50,
    "draws": 22,
    "undos": 0,
    "duration": 312.5,
    "date": "2026-11-30T09:12:44Z",
    "daily": None,
    "actions": ["QD", "D"],
}
"""One finished game as the history stores it (a won Easy deal); copy it before changing a field."""


def as_doubles(value: Any) -> Any:
    """``value`` with every number as a browser's JSON keeps it: an integer past 2**53 becomes a
    double (it loses digits) and NaN or an infinity becomes ``None``."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value if abs(value) <= 2**53 else float(value)
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else None
    if isinstance(value, list):
        return [as_doubles(x) for x in value]
    if isinstance(value, dict):
        return {k: as_doubles(x) for k, x in value.items()}
    return value
