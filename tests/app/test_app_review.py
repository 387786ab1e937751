"""Fixes from a usability review: error-help state in words, score plot markers."""

from __future__ import annotations

import pytest

from tripeaks.app import build_app
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.ui import ui_text

CODE = "TP1-E-AAAAAAB"


# ---------------------------------------------------------------- error help toggle
@pytest.mark.parametrize("lang", LANGUAGES)
def test_error_help_button_says_its_state_in_words(lang):
    app = build_app(CODE, lang=lang)
    on, off = ui_text("controls.error_help_on", lang), ui_text("controls.error_help_off", lang)
    assert on != off
    assert app.error_help.value is True and app.error_help.description == on
    app.error_help.value = False
    assert app.error_help.description == off
    app.error_help.value = True
    assert app.error_help.description == on


def test_error_help_state_follows_a_language_switch():
    app = build_app(CODE, lang="en")
    app.error_help.value = False
    app.set_language("fr")
    assert app.error_help.description == ui_text("controls.error_help_off", "fr")
    assert app.error_help.value is False
