"""The browser tab's title follows the language, in the app and in the lessons (Voila)."""

from __future__ import annotations

import pytest

from tripeaks.i18n import LANGUAGE_NAMES
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.ui import ui_text

from .test_app_browser import NOTEBOOK
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

LESSONS = "notebooks/learn_tripeaks.ipynb"
_TITLE_JS = "([lang, title]) => document.documentElement.lang === lang && document.title === title"


@pytest.mark.parametrize(
    ("notebook", "title"),
    [(NOTEBOOK, lambda lang: ui_text("page.title", lang)), (LESSONS, lambda lang: lesson_text("ui.title", lang))],
    ids=["app", "lessons"],
)
def test_the_tab_title_follows_the_language(voila_server, page, page_errors, notebook, title):
    server = voila_server(notebook)
    app = TriPeaksPage(page)
    page.goto(server.url)
    page.wait_for_function(_TITLE_JS, arg=["en", title("en")], timeout=90_000)
    for lang in ("pt", "fr", "es", "en"):
        app.choose_language(LANGUAGE_NAMES[lang])
        page.wait_for_function(_TITLE_JS, arg=[lang, title(lang)], timeout=20_000)
        assert page.title() == title(lang)
    assert page_errors == []
