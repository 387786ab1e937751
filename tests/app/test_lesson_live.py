"""A lesson run live, headless: the teacher's secret, lessons asked first, a refused challenge,
the page that refreshes on change, the export; on the student's side the challenge that reaches
an open page, hints recorded, a name remembered and games that wait for one."""

from __future__ import annotations

import csv
import html
import io
import json
from pathlib import Path

import pytest
from class_rows import CODE, row
from page import ui

from tripeaks.app import build_app
from tripeaks.app.views import teacher_page
from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.history.class_results import ENV_CHALLENGE, ClassStore
from tripeaks.i18n.classroom import classroom_text

CHALLENGE = "TP1-E-AAAAAAC"
UNWINNABLE = "TP1-C-AAAAAAD"  # the solver proves it cannot be won
SECRET = "s3cret-for-the-teacher"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(ENV_CHALLENGE, raising=False)
    monkeypatch.delenv("TRIPEAKS_TEACHER_SECRET", raising=False)
    path = tmp_path / "class.sqlite"
    assert ClassStore(path).record_game(row("Ana"))
    return path


def text_of(*widgets: object) -> str:
    return " ".join(str(getattr(w, "value", "")) for w in widgets)


# ------------------------------------------------------------------ the teacher's page
def test_without_the_secret_the_page_shows_and_changes_nothing(db: Path) -> None:
    view = ClassResults(db, secret=SECRET, query="secret=wrong", auto_refresh=0)
    assert not view.unlocked
    assert view.results.layout.display == "none" and view.lock_box.layout.display is None
    assert "Ana" not in text_of(view.leaderboard, view.progress, view.info)
    view.challenge_input.value = CHALLENGE
    view.challenge_set.click()  # a request without the secret
    view.lesson_name.value = "Sneaky"
    view.lesson_start.click()
    view.lesson_yes.click()
    store = ClassStore(db)
    assert store.challenge() is None and store.lessons() == []
    assert not view.unlock("not it")
    assert classroom_text("lock.wrong", "en") in html.unescape(view.lock_message.value)
    assert view.unlock(SECRET) and view.unlocked
    assert "Ana" in html.unescape(view.leaderboard.value) and view.results.layout.display is None


def test_the_teachers_link_opens_the_page(db: Path) -> None:
    view = ClassResults(db, secret=SECRET, query=f"?secret={SECRET}", auto_refresh=0)
    assert view.unlocked and "Ana" in html.unescape(view.leaderboard.value)


def test_a_new_lesson_is_asked_first_and_a_double_click_starts_one(db: Path) -> None:
    view = ClassResults(db, auto_refresh=0)
    view.lesson_name.value = "Tuesday 3B"
    view.lesson_challenge.value = CHALLENGE.lower()
    view.lesson_start.click()
    assert view.lesson_confirm.layout.display is None and ClassStore(db).lessons() == []
    view.lesson_no.click()
    assert ClassStore(db).lessons() == [] and view.lesson_confirm.layout.display == "none"
    view.lesson_start.click()
    view.lesson_yes.click()
    view.lesson_yes.click()  # a double click
    store = ClassStore(db)
    (lesson,) = store.lessons()
    assert (lesson.name, lesson.challenge) == ("Tuesday 3B", CHALLENGE)
    assert store.challenge() is not None and store.challenge().code == CHALLENGE  # type: ignore[union-attr]
    assert "Ana" not in html.unescape(view.progress.value)  # the current lesson is shown: Ana played before it
    assert "Tuesday 3B" in html.unescape(view.lesson_status.value)
    view.lesson_picker.value = "all"  # earlier games on request
    assert "Ana" in html.unescape(view.progress.value)
    assert store.count() == 1  # nothing lost


@pytest.mark.parametrize("lang", ["en", "pt", "fr", "es"])
def test_a_lesson_on_an_unwinnable_challenge_warns_before_it_starts(db: Path, lang: str) -> None:
    """The solver's check of a challenge set alone applies to a lesson's challenge too; Yes keeps it."""
    view = ClassResults(db, auto_refresh=0)
    view.set_language(lang)
    warning = classroom_text("lesson.unwinnable", lang, code=UNWINNABLE)
    view.lesson_challenge.value = CHALLENGE
    view.lesson_start.click()
    assert "tp-class-warn" not in view.lesson_confirm_text.value  # winnable: no warning
    view.lesson_no.click()
    view.lesson_challenge.value = UNWINNABLE
    view.lesson_start.click()
    assert warning in html.unescape(view.lesson_confirm_text.value)
    view.lesson_yes.click()  # the teacher keeps it on purpose
    assert ClassStore(db).challenge().code == UNWINNABLE  # type: ignore[union-attr]


def test_a_bad_lesson_name_is_refused_with_a_message(db: Path) -> None:
    view = ClassResults(db, auto_refresh=0)
    view.lesson_name.value = "x" * 81
    view.lesson_start.click()
    assert classroom_text("lesson.invalid", "en") in html.unescape(view.lesson_message.value)
    assert view.lesson_confirm.layout.display == "none" and ClassStore(db).lessons() == []


def test_an_unwinnable_challenge_warns_and_can_be_kept_on_purpose(db: Path) -> None:
    view = ClassResults(db, auto_refresh=0)
    view.challenge_input.value = UNWINNABLE
    view.challenge_set.click()
    assert classroom_text("challenge.unwinnable", "en", code=UNWINNABLE) in html.unescape(view.challenge_message.value)
    assert ClassStore(db).challenge() is None and view.challenge_keep.layout.display is None
    view.challenge_keep.click()
    assert ClassStore(db).challenge().code == UNWINNABLE  # type: ignore[union-attr]
    assert view.challenge_keep.layout.display == "none"
    view.challenge_keep.click()  # a second click changes nothing
    assert ClassStore(db).challenge().code == UNWINNABLE  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "then",
    ["TP1-E-ZZZ", "", "TP1-E-AAAAAAD", "not a code"],
    ids=["invalid", "blank", "another code", "text"],
)
@pytest.mark.parametrize("how", ["typed", "set"])
def test_keep_it_anyway_goes_once_another_code_is_typed_or_set(db: Path, then: str, how: str) -> None:
    view = ClassResults(db, auto_refresh=0)
    view.challenge_input.value = UNWINNABLE
    view.challenge_set.click()
    assert view.challenge_keep.layout.display is None
    view.challenge_input.value = then
    if how == "set":
        view.challenge_set.click()
    assert view.challenge_keep.layout.display == "none", (then, how)
    view.challenge_keep.click()  # a stale button would set the refused code
    stored = ClassStore(db).challenge()
    assert stored is None or stored.code != UNWINNABLE


def test_a_busy_class_redraws_the_tables_at_most_every_few_seconds(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher_page, "FULL_REDRAW_SECONDS", 1e9)  # the last redraw is always "just now"
    view = ClassResults(db, auto_refresh=0)
    redraws = view.redraws
    ClassStore(db).record_game(row("Bea"))
    assert view.check_for_changes() and view.redraws == redraws  # just drawn: the new game waits
    assert "Bea" not in view.leaderboard.value
    monkeypatch.setattr(teacher_page, "FULL_REDRAW_SECONDS", 0.0)
    assert view.check_for_changes() and view.redraws == redraws + 1 and "Bea" in view.leaderboard.value


def test_the_page_redraws_when_the_class_data_changes(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher_page, "FULL_REDRAW_SECONDS", 0.0)
    view = ClassResults(db, auto_refresh=0)
    redraws = view.redraws
    assert not view.check_for_changes() and view.redraws == redraws  # nothing new: nothing redrawn
    ClassStore(db).record_game(row("Bea", score=800, hints=16))
    assert view.check_for_changes() and "Bea" in html.unescape(view.leaderboard.value)
    assert view.redraws == redraws + 1
    ClassStore(db).report_playing("Chloé", CHALLENGE, 12, 300)
    assert view.check_for_changes() and view.redraws == redraws + 1  # only "playing now" redrawn
    assert "Chloé" in html.unescape(view.live.value) and ">12<" in html.unescape(view.live.value)
    assert "16" in html.unescape(view.leaderboard.value)  # the hints are shown


def test_the_export_and_the_big_screen(db: Path) -> None:
    ClassStore(db).record_game(row("=cmd|' /C calc'!A0", result="blocked"))
    view = ClassResults(db, auto_refresh=0)
    from tripeaks.history.class_export import GAME_COLUMNS

    rows = list(csv.reader(io.StringIO(view.export_games.lstrip("\ufeff"))))  # headers in the page's language
    names = [r[GAME_COLUMNS.index("name")] for r in rows[1:]]
    assert names == ["Ana", "'=cmd|' /C calc'!A0"]
    assert view.export.value.count("download=") == 2 and "data:text/csv" in html.unescape(view.export.value)
    view.big_screen.value = True
    assert "tp-class-big" in view._dom_classes
    view.big_screen.value = False
    assert "tp-class-big" not in view._dom_classes


# ------------------------------------------------------------------ the student's page
def test_a_changed_challenge_reaches_an_open_page_and_the_button_deals_it(db: Path) -> None:
    store = ClassStore(db)
    store.set_challenge(CHALLENGE)
    app = build_app(CODE, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait()
    assert CHALLENGE in html.unescape(tools.challenge_text.value)
    store.set_challenge("TP1-E-AAAAAAD")  # the teacher changes it
    tools.poll()
    assert tools.wait()
    assert "TP1-E-AAAAAAD" in html.unescape(tools.challenge_text.value) and CHALLENGE not in html.unescape(
        tools.challenge_text.value
    )
    tools.challenge_button.click()
    if app.session.pending is not None:
        app.confirm.yes_button.click()
    assert str(app.game.code) == "TP1-E-AAAAAAD"  # the code shown, never the old one


def test_a_page_lands_on_the_challenge_when_the_teacher_asks(db: Path) -> None:
    store = ClassStore(db)
    store.set_challenge(CHALLENGE)
    store.set_option("land_on_challenge", True)
    app = build_app(CODE, class_db=db)
    assert app.classroom is not None and app.classroom.wait()
    assert str(app.game.code) == CHALLENGE


@pytest.mark.parametrize("later", ["land", "challenge", "both"])
def test_a_preheated_page_lands_on_the_challenge_set_after_it_was_built(db: Path, later: str) -> None:
    store = ClassStore(db)
    store.set_challenge(CODE if later == "challenge" else None)
    store.set_option("land_on_challenge", later == "challenge")
    app = build_app(CODE, class_db=db)  # built by a kernel waiting in the pool
    tools = app.classroom
    assert tools is not None and tools.wait()
    first = str(app.game.code)
    store.set_challenge(CHALLENGE)  # then the teacher acts, before the page opens
    store.set_option("land_on_challenge", True)
    tools.bar._view_count = 1  # the page opens and shows the app
    assert tools.wait()
    assert tools.challenge == CHALLENGE and str(app.game.code) == CHALLENGE, first
    app.board.stock_button.click()  # a move here: a later show deals nothing
    tools.bar._view_count = 2
    assert tools.wait() and str(app.game.code) == CHALLENGE and app.game.moves == 1


def test_hints_are_recorded_and_a_game_waits_for_a_name_that_the_browser_remembers(db: Path) -> None:
    app = build_app(CODE, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait()
    assert app.hints is not None
    app.hints.hint_button.click()
    app.hints.hint_button.click()  # pressed twice at one position: one hint
    app.board.stock_button.click()
    app.hints.hint_button.click()
    app.board.stock_button.click()
    app.hints.hint_button.click()  # one at each of two later positions: three in this game
    ui(app).restart_button.click()
    if app.session.pending is not None:
        app.confirm.yes_button.click()
    assert classroom_text("name.pending", "en", count=1) in html.unescape(tools.note.value)  # no name yet: it says so
    # a reload: the page says which name this browser remembers
    tools.memory._received(tools.memory, {"kind": "loaded", "text": json.dumps({"name": " Chloé "})}, [])
    assert tools.name == "Chloé" and tools.wait()
    games = ClassStore(db).games(name="chloé")
    assert [(g.name, g.result.value, g.hints) for g in games] == [("Chloé", "abandoned", 3)]
    ui(app).restart_button.click()
    app.board.stock_button.click()
    ui(app).restart_button.click()
    if app.session.pending is not None:
        app.confirm.yes_button.click()
    assert tools.wait()
    assert [g.hints for g in ClassStore(db).games(name="CHLOÉ")] == [3, 0]  # counted per game
