"""The teacher's view (tripeaks.app.views.teacher_page) and its sentences (tripeaks.i18n.classroom), headless."""

from __future__ import annotations

import html
import re
import string
from pathlib import Path

import pytest

from tripeaks import Game
from tripeaks.app.views.teacher_page import ClassResults, build_class_results
from tripeaks.history.class_results import (
    ENV_CHALLENGE,
    ENV_DB,
    NAME_MAX,
    ClassRow,
    ClassStore,
    NameProblem,
    Problem,
)
from tripeaks.i18n.catalogues import entries
from tripeaks.i18n.classroom import (
    classroom_text,
    name_problem_message,
    problem_message,
)
from tripeaks.i18n.core import format_number
from tripeaks.i18n.engine import LANGUAGES

CODE = "TP1-E-AAAAAAD"
OTHER = "TP1-C-AAAAAAB"
PNG = b"\x89PNG\r\n\x1a\n"


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def visible_text(markup: str) -> str:
    """What a reader sees of some HTML: tags removed, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def table_rows(markup: str) -> list[list[str]]:
    """The cells the page shows (not the big screen's stand-ins, ``tp-col-discreet``)."""
    return [
        [html.unescape(c) for css, c in re.findall(r"<td([^>]*)>(.*?)</td>", row) if "tp-col-discreet" not in css]
        for row in re.findall(r"<tr>(.*?)</tr>", markup)
        if "<td" in row
    ]


def entry(name: str, code: str | None = CODE, result: str = "abandoned", score: int = 450, moves: int = 30,
          when: str = "2026-05-09T10:00:00Z") -> ClassRow:  # fmt: skip
    record = {"format": "tripeaks-record/1", "code": code or "TP1-E-AAAAAAA", "actions": []}
    return ClassRow(name, code, "easy", result, score, moves, 3, 0, 60.0, record, when)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "class.sqlite"
    store = ClassStore(path)
    for e in [
        entry("Ana", result="won", score=700, moves=48, when="2026-05-09T10:00:00Z"),
        entry("Bea", result="blocked", score=420, when="2026-05-09T10:03:00Z"),
        entry("<script>alert(1)</script>", score=300, when="2026-05-09T10:04:00Z"),
        entry("Ana", code=OTHER, result="blocked", score=380, when="2026-05-09T10:10:00Z"),
    ]:
        assert store.record_game(e)
    return path


# ------------------------------------------------------------------ the sentences
def test_every_language_has_the_same_keys_and_placeholders() -> None:
    catalogue = {lang: {key: entry.forms[0] for key, entry in entries("classroom", lang).items()} for lang in LANGUAGES}
    english = catalogue["en"]
    for lang in LANGUAGES:
        assert set(catalogue[lang]) == set(english), lang
        for key, template in catalogue[lang].items():
            assert placeholders(template) == placeholders(english[key]), (lang, key)
            assert template == template.strip() and template, (lang, key)
        translated = [k for k in english if catalogue[lang][k] != english[k]]
        if lang != "en":
            assert len(translated) > 0.9 * len(english), lang


def test_the_challenge_line_reads_as_the_issue_asks() -> None:
    assert classroom_text("challenge.banner", "en", code="TP1-E-AAAAAAD") == "Class challenge: TP1-E-AAAAAAD"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_store_problem_and_name_problem_has_its_own_sentence(lang: str) -> None:
    problems = {problem_message(p, lang) for p in Problem}
    assert len(problems) == len(Problem)
    names = {name_problem_message(r, lang) for r in NameProblem}
    assert len(names) == len(NameProblem)
    assert str(NAME_MAX) in name_problem_message(NameProblem.TOO_LONG, lang)


def test_decimals_are_written_the_languages_way() -> None:
    assert [format_number(612.25, lang, digits=1) for lang in ("en", "pt", "fr")] == ["612.2", "612,2", "612,2"]


# ------------------------------------------------------------------ the view
def test_without_a_database_it_says_how_to_set_one_up() -> None:
    view = build_class_results(environ={})
    text = visible_text(view.info.value)
    assert classroom_text("setup.none", "en") in text
    assert ENV_DB in text and "voila" in text
    assert view.results.layout.display == "none"
    assert view.plot_png == b""


def test_the_leaderboard_of_the_latest_code_and_everyones_progress(db: Path) -> None:
    view = ClassResults(db, environ={})
    assert view.store.available
    assert [code for _label, code in view.code_picker.options] == [OTHER, CODE]  # most recently played first
    view.code_picker.value = CODE
    rows = table_rows(view.leaderboard.value)
    assert [r[:6] for r in rows] == [  # "won: no" says how; an abandoned game has no best score
        ["1", "Ana", "1", "won", "700", "48"],
        ["2", "Bea", "1", "blocked", "420", "none"],
        ["3", "<script>alert(1)</script>", "1", "abandoned", "none", "none"],
    ]
    assert "Games on TP1-E-AAAAAAD: 3. Students: 3. Wins: 1." in visible_text(view.leaderboard_summary.value)
    progress = table_rows(view.progress.value)
    assert [r[:8] for r in progress] == [  # name, games, wins, blocked, out of time, abandoned, best, mean
        ["<script>alert(1)</script>", "1", "0", "0", "0", "1", "none", "none"],
        ["Ana", "2", "1", "1", "0", "0", "700", "540"],
        ["Bea", "1", "0", "1", "0", "0", "420", "420"],
    ]
    assert "Games recorded: 4. Students: 3." in visible_text(view.info.value)


def test_a_name_is_never_read_as_markup(db: Path) -> None:
    view = ClassResults(db, environ={})
    view.code_picker.value = CODE
    for markup in (view.leaderboard.value, view.progress.value):
        assert "<script>" not in markup
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in markup


def test_the_plots_are_one_png_redrawn_for_the_chosen_code(db: Path) -> None:
    view = ClassResults(db, environ={})
    first = view.plot_png
    assert first.startswith(PNG) and view.plot.value == first
    figure = view._figure
    view.code_picker.value = CODE
    assert view.plot_png.startswith(PNG) and view.plot_png != first
    assert view._figure is figure  # the same Figure, redrawn
    titles = [ax.get_title() for ax in figure.axes]
    assert titles == ["Best score per student on TP1-E-AAAAAAD", "Every game's final score"]
    left = figure.axes[0]
    bars = [(round(p.get_height()), p.get_facecolor()[:3]) for p in left.patches if p.get_height() > 0]
    # one bar per student with a finished game (the abandoned-only student has none), won in green first
    assert [h for h, _ in bars] == [700, 420]
    assert bars[0][1] != bars[1][1]
    assert [tick.get_text() for tick in left.get_xticklabels()] == ["Ana", "Bea"]
    assert all(float(tick).is_integer() for tick in left.get_yticks())  # readable ticks
    assert not left.get_legend() and not figure.axes[1].get_legend()  # the legend is above, never over the data


def test_refresh_reads_new_games(db: Path) -> None:
    view = ClassResults(db, environ={})
    view.code_picker.value = CODE
    ClassStore(db).record_game(entry("Caio", result="won", score=760, moves=44, when="2026-05-09T10:20:00Z"))
    assert [r[1] for r in table_rows(view.leaderboard.value)] == ["Ana", "Bea", "<script>alert(1)</script>"]
    view.refresh_button.click()
    assert [r[1] for r in table_rows(view.leaderboard.value)][:2] == ["Caio", "Ana"]
    assert view.code_picker.value == CODE  # the chosen code is kept


def test_refresh_picks_up_a_database_set_up_after_opening(tmp_path: Path) -> None:
    path = tmp_path / "later" / "class.sqlite"
    view = ClassResults(path, environ={})
    assert view.store.problem is not None and view.store.problem.reason is Problem.NO_FOLDER
    assert problem_message(Problem.NO_FOLDER) in visible_text(view.info.value)
    path.parent.mkdir()
    view.refresh()
    assert view.store.available
    assert classroom_text("summary.empty", "en") in visible_text(view.info.value)


def test_a_corrupt_file_is_said_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    path.write_bytes(b"not a database " * 20)
    view = ClassResults(path, environ={})
    text = visible_text(view.info.value)
    assert problem_message(Problem.CORRUPT) in text
    assert view.challenge_controls.layout.display == "none"


def test_the_teacher_sets_and_clears_the_challenge(db: Path) -> None:
    view = ClassResults(db, environ={})
    assert classroom_text("challenge.none", "en") in visible_text(view.challenge_status.value)
    view.challenge_input.value = " tp1-e-aaaaaac "
    view.challenge_set.click()
    assert ClassStore(db).challenge().code == "TP1-E-AAAAAAC"  # type: ignore[union-attr]
    assert "Class challenge: TP1-E-AAAAAAC" in visible_text(view.challenge_status.value)
    assert "The class challenge is now TP1-E-AAAAAAC." in visible_text(view.challenge_message.value)
    assert view.code_picker.value == "TP1-E-AAAAAAC"  # the challenge's leaderboard, empty so far
    assert table_rows(view.leaderboard.value) == []
    view.challenge_clear.click()
    assert ClassStore(db).challenge() is None
    assert classroom_text("challenge.none", "en") in visible_text(view.challenge_status.value)


def test_a_bad_challenge_code_is_explained_and_changes_nothing(db: Path) -> None:
    ClassStore(db).set_challenge(CODE)
    view = ClassResults(db, environ={})
    view.challenge_input.value = "TP1-E-AAAAAA1"
    view.challenge_set.click()
    assert classroom_text("challenge.invalid", "en") in visible_text(view.challenge_message.value)
    assert ClassStore(db).challenge().code == CODE  # type: ignore[union-attr]
    assert view.challenge_input.value == "TP1-E-AAAAAA1"  # kept, to be corrected


def test_a_challenge_from_the_environment_says_where_to_change_it(db: Path) -> None:
    view = ClassResults(db, environ={ENV_CHALLENGE: OTHER})
    text = visible_text(view.challenge_status.value)
    assert OTHER in text and ENV_CHALLENGE in text
    assert view.code_picker.value == OTHER


def test_the_language_menu_switches_every_text(db: Path) -> None:
    view = ClassResults(db, environ={})
    view.code_picker.value = CODE
    view.challenge_input.value = "nope"
    view.challenge_set.click()
    view.set_language("fr")
    assert "Résultats de la classe" in view.title.value
    assert view.refresh_button.description == "Actualiser"
    assert "Classement" in view.leaderboard_heading.value
    assert table_rows(view.leaderboard.value)[0][3] == "gagnée"
    assert "540" in [r[7] for r in table_rows(view.progress.value)]
    assert classroom_text("challenge.invalid", "fr") in visible_text(view.challenge_message.value)
    assert [ax.get_title() for ax in view._figure.axes][0] == classroom_text("plot.per_student", "fr", code=CODE)
    assert [ax.get_title() for ax in view._figure.axes][0] != classroom_text("plot.per_student", "en", code=CODE)


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        ClassResults(environ={}, lang="de")


def test_the_database_path_can_come_from_the_environment(db: Path) -> None:
    view = build_class_results(environ={ENV_DB: str(db)})
    assert view.store.path == db and len(table_rows(view.progress.value)) == 3


def test_a_real_games_entry_shows_in_the_view(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    game = Game.from_code(CODE)
    game.draw()
    ClassStore(path).record_game(ClassRow.from_game("Léa", game, duration=5, result="abandoned"))
    view = ClassResults(path, environ={})
    assert [r[:6] for r in table_rows(view.leaderboard.value)] == [["1", "Léa", "1", "abandoned", "none", "none"]]


# ------------------------------------------------------------------ look and access
def test_the_plots_have_a_text_for_screen_readers_in_the_language(db: Path) -> None:
    view = ClassResults(db, environ={})
    view.code_picker.value = CODE
    assert view.page_bridge.images == {".tp-class-plot": classroom_text("plot.description", "en", code=CODE)}
    assert (view.page_bridge.lang, view.page_bridge.title) == ("en", classroom_text("title", "en"))
    view.set_language("pt")
    assert view.page_bridge.images == {".tp-class-plot": classroom_text("plot.description", "pt", code=CODE)}
    assert (view.page_bridge.lang, view.page_bridge.title) == ("pt", classroom_text("title", "pt"))


def test_without_games_on_a_code_the_plots_text_speaks_of_the_timeline_only(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    assert ClassStore(path).record_game(entry("Ana", code=None))
    view = ClassResults(path, environ={})
    assert view.plot_png.startswith(PNG)
    assert view.page_bridge.images == {".tp-class-plot": classroom_text("plot.description_timeline", "en")}


def test_the_teachers_view_follows_the_themes_palette() -> None:
    view = build_class_results(environ={})
    assert "tp-themed" in view._dom_classes  # its labels take the palette's text colour
    style = view.children[0].value
    assert "--tp-text" in style and 'body[data-jp-theme-light="false"]' in style  # light and dark palettes
    assert re.search(r"\.tp-class \{[^}]*color: var\(--tp-text\)", style)
    assert "tp-class-message" in view.challenge_message._dom_classes  # announced by screen readers
