"""Rows of the class database for the teacher's page tests: a game of ``CODE`` by a named student;
and the rows of the teacher's *Playing now* table as text."""

from __future__ import annotations

import html
import re
from typing import Any

from tripeaks.history.class_results import ClassRow

CODE = "TP1-E-AAAAAAB"
RECORD = {"format": "tripeaks-record/1", "code": CODE, "actions": ["D"]}


def row(name: str, **fields: object) -> ClassRow:
    """A won game of ``CODE`` by ``name`` (700 points, 40 moves, a minute); ``fields`` change any column."""
    values: dict[str, object] = dict(
        name=name, code=CODE, rules="E", result="won", score=700, moves=40, draws=10, undos=0,
        duration=60.0, record=RECORD, played_at="2026-05-09T10:00:00+00:00",
    )  # fmt: skip
    values.update(fields)
    return ClassRow(**values)  # type: ignore[arg-type]


def live_rows(view: Any) -> list[list[str]]:
    """The cells of each row of ``view``'s *Playing now* table (a ClassResults), as plain text."""
    return [
        [html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)]
        for r in re.findall(r"<tr[^>]*>(.*?)</tr>", view.live.value)
        if "<td" in r
    ]
