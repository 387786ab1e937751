"""The teacher's downloads: the games file's local end time says its zone in the page's language,
and a name written with a leading apostrophe (a formula-looking name, neutralised) is explained
under the downloads, in four languages."""

from __future__ import annotations

import csv
import html
import io
import re
from pathlib import Path

import pytest
from class_rows import one_game_db, row

from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.history.class_export import csv_style, zone_text
from tripeaks.history.class_results import ClassStore
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.engine import LANGUAGES


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return one_game_db(tmp_path, monkeypatch)


def note(view: ClassResults) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", view.export_note.value))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_local_end_time_says_its_zone_in_the_page_language(db: Path, lang: str) -> None:
    view = ClassResults(db, lang=lang, auto_refresh=0)
    text = view.export_games.lstrip("\ufeff")
    header = next(csv.reader(io.StringIO(text), delimiter=csv_style(lang).delimiter))
    zone = zone_text(ClassStore(db).games())
    assert classroom_text("csv.played_at_local", lang, zone=zone) in header
    assert "{zone}" not in text
    view.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_formula_looking_name_is_explained_under_the_downloads(db: Path, lang: str) -> None:
    view = ClassResults(db, lang=lang, auto_refresh=0)
    assert note(view) == ""  # no name marked: nothing to explain
    assert ClassStore(db).record_game(row("=1+1", played_at="2026-05-09T10:05:00+00:00"))
    view.refresh()
    assert "'=1+1" in view.export_games
    assert note(view) == classroom_text("export.apostrophe", lang)
    view.close()
