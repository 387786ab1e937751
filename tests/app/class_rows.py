"""Rows of the class database for the teacher's page tests: a game of ``CODE`` by a named student,
a database holding one such game, and the rows of the teacher's *Playing now* table as text."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from tripeaks.history.class_results import ENV_CHALLENGE, ENV_TEACHER_SECRET, ClassRow, ClassStore

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


def one_game_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A class database in ``tmp_path`` holding Ana's won game, with no challenge or teacher's
    secret from the environment."""
    monkeypatch.delenv(ENV_CHALLENGE, raising=False)
    monkeypatch.delenv(ENV_TEACHER_SECRET, raising=False)
    path = tmp_path / "class.sqlite"
    assert ClassStore(path).record_game(row("Ana"))
    return path
