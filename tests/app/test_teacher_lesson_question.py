"""The teacher's page: "Start the lesson?" names the challenge the lesson starts with (the code
given, else the challenge in force, which the lesson keeps, else none), in four languages; and a
locked page (no secret, or a wrong one) shows no big-screen checkbox, only the lock."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from class_rows import one_game_db

from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.history.class_results import ENV_TEACHER_SECRET, ClassStore
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.engine import LANGUAGES

CHALLENGE = "TP1-E-AAAAAAC"
GIVEN = "TP1-E-AAAAAAD"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return one_game_db(tmp_path, monkeypatch)


def question(view: ClassResults) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", view.lesson_confirm_text.value))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_question_names_the_challenge_the_lesson_starts_with(db: Path, lang: str) -> None:
    view = ClassResults(db, lang=lang, auto_refresh=0)
    view.lesson_name.value = "3B"
    view.lesson_start.click()
    assert question(view) == classroom_text("lesson.confirm_none", lang, name="3B")
    view.lesson_no.click()
    assert ClassStore(db).set_challenge(CHALLENGE)
    view.lesson_start.click()  # no code given: the lesson keeps the challenge in force
    assert question(view) == classroom_text("lesson.confirm_challenge", lang, name="3B", code=CHALLENGE)
    view.lesson_no.click()
    view.lesson_challenge.value = GIVEN
    view.lesson_start.click()
    assert question(view) == classroom_text("lesson.confirm_challenge", lang, name="3B", code=GIVEN)
    other = "fr" if lang != "fr" else "pt"
    view.language.value = other  # asked again in the other language, still naming it
    assert question(view) == classroom_text("lesson.confirm_challenge", other, name="3B", code=GIVEN)
    view.close()


@pytest.mark.parametrize("query", ["", "secret=wrong-secret"])
def test_a_locked_page_shows_the_lock_and_no_big_screen_controls(
    db: Path, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    monkeypatch.setenv(ENV_TEACHER_SECRET, "the-right-secret")
    view = ClassResults(db, auto_refresh=0, query=query)
    assert not view.unlocked and view.lock_box.layout.display is None
    for control in (view.big_screen, view.discreet, view.refresh_button, view.info, view.results):
        assert control.layout.display == "none"
    assert view.unlock("the-right-secret")
    assert view.discreet.layout.display is None and view.big_screen.layout.display is None
    view.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_became_of_the_lesson_is_said_by_its_buttons_not_under_the_challenge(db: Path, lang: str) -> None:
    view = ClassResults(db, lang=lang, auto_refresh=0)
    view.lesson_name.value = "3B"
    view.lesson_start.click()
    view.lesson_yes.click()
    started = classroom_text("lesson.started", lang, name="3B")
    assert started in html.unescape(view.lesson_message.value)
    assert view.challenge_message.value == ""
    manage = next(c for c in view.results.children if view.lesson_message in getattr(c, "children", ()))
    assert view.lesson_controls in manage.children  # beside the start button
    view.challenge_input.value = "TP1-E-AAAAAAD"
    view.challenge_set.click()  # the challenge's own message goes under the challenge, and only one shows
    assert view.lesson_message.value == "" and view.challenge_message.value != ""
    view.close()
