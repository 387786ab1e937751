"""A first visit in Voila speaks the browser's language (navigator.languages), and a language the
player picks is kept over it on the next visit (docs/play/index.md)."""

from __future__ import annotations

import pytest

from tripeaks.app.model.keeper import STORAGE_KEY
from tripeaks.i18n import LANGUAGE_NAMES
from tripeaks.i18n.ui import ui_text

from .browser import close_pages, new_page
from .test_app_browser import NOTEBOOK
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("locale", "lang"), [("pt-PT", "pt"), ("fr-CA", "fr"), ("de-DE", "en")])
def test_a_first_visit_speaks_the_browsers_language(voila_server, _browser, locale, lang):
    server = voila_server(NOTEBOOK)
    pg = new_page(_browser, locale=locale)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        app = TriPeaksPage(pg)
        app.open(server.url)
        app.wait_text(".tp-undo", ui_text("controls.undo", lang))
        app.wait_text(".tp-hint", ui_text("controls.hint", lang))
        if lang == "pt":  # the player's own pick wins on the next visit, in the same browser
            app.choose_language(LANGUAGE_NAMES["es"])
            app.wait_text(".tp-undo", ui_text("controls.undo", "es"))
            pg.wait_for_function(  # the pick is stored (its own message, after the words) before the next visit
                "(key) => { try { return JSON.parse(localStorage.getItem(key)).settings.lang === 'es'; }"
                " catch (e) { return false; } }",
                arg=STORAGE_KEY,
            )
            app.open(server.url)
            app.wait_text(".tp-undo", ui_text("controls.undo", "es"))
        assert errors == []
    finally:
        close_pages(pg.context)
