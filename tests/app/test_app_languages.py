"""An unknown language is the same clear error everywhere: a ValueError naming the languages, nothing changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from page import ui

from tripeaks.app import TriPeaksApp, build_app
from tripeaks.app.model.session import PlaySession
from tripeaks.app.views.lesson_page import LessonView, build_lessons
from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.i18n import UnknownLanguageError

CODE = "TP1-E-AAAAAAB"
MESSAGE = r"^unknown language 'de': use one of en, pt, fr, es$"


@pytest.mark.parametrize(
    "make",
    [
        lambda: build_app(CODE, lang="de"),
        lambda: build_app(CODE, lang="de", hints=False),
        lambda: TriPeaksApp(lang="de"),
        lambda: PlaySession(lang="de"),
        lambda: build_lessons(lang="de"),
        lambda: LessonView(lang="de", start=3),
        lambda: ClassResults(lang="de"),
    ],
    ids=[
        "build_app",
        "build_app-no-hints",
        "TriPeaksApp",
        "PlaySession",
        "build_lessons",
        "LessonView",
        "ClassResults",
    ],
)
def test_building_in_an_unknown_language_is_refused(make: Callable[[], object]):
    with pytest.raises(UnknownLanguageError, match=MESSAGE) as refused:
        make()
    assert isinstance(refused.value, ValueError) and refused.value.lang == "de"


def test_switching_the_app_to_an_unknown_language_is_refused_and_changes_nothing():
    app = build_app(CODE, lang="pt")
    app.board.card_buttons[20].click()
    shown = (ui(app).status.value, ui(app).move_log.value, ui(app).undo_button.description, ui(app).language.value)
    for switch in (app.set_language, app.session.set_language):
        with pytest.raises(UnknownLanguageError, match=MESSAGE):
            switch("de")
    assert (
        app.lang == "pt"
        and (ui(app).status.value, ui(app).move_log.value, ui(app).undo_button.description) == shown[:3]
    )
    assert ui(app).language.value == "pt" and app.game.moves == 1


def test_switching_the_lessons_to_an_unknown_language_is_refused_and_changes_nothing():
    view = build_lessons(lang="fr", start=3)
    goal = view.goal.value
    for switch in (view.set_language, view.session.set_language):
        with pytest.raises(UnknownLanguageError, match=MESSAGE):
            switch("de")
    assert view.lang == "fr" and view.goal.value == goal and view.language.value == "fr"
