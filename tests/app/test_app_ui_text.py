"""The app's texts (tripeaks.i18n.ui); keys, placeholders and plural forms of every
catalogue are checked in tests/i18n/test_catalogues.py."""

from __future__ import annotations

import pytest

from tripeaks.engine.codes import GameCode, InvalidCodeError, WrapRule
from tripeaks.i18n import UnknownLanguageError
from tripeaks.i18n.catalogues import entries
from tripeaks.i18n.ui import LANGUAGES, code_error_message, rule_name, ui_text


def test_the_app_catalogue_has_every_language():
    for lang in LANGUAGES:
        assert set(entries("app", lang)) == set(entries("app", "en")), lang


def test_face_down_label_is_words_not_a_symbol():
    for lang in LANGUAGES:
        label = ui_text("card.face_down", lang)
        assert sum(ch.isalpha() for ch in label) >= 5


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "bad", ["", "XX-E-AAAAAAA", "TP1-E", "TP1-Q-AAAAAAA", "TP1-E-AAA", "TP1-E-AAAAAA1", "TP1-E-AAAAAAA-B"]
)
def test_code_error_message_names_the_problem(lang, bad):
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse(bad)
    message = code_error_message(info.value, lang)
    assert message and "{" not in message
    assert info.value.part in message
    others = {
        code_error_message(InvalidCodeError("x", r, "Z"), lang)
        for r in ("empty", "prefix", "parts", "rule", "length", "character")
    }
    assert len(others) == 6  # a different sentence for each problem


def test_unknowns():
    assert code_error_message(InvalidCodeError("x", "something-new", "?"), "pt") == ui_text("code.value", "pt")
    with pytest.raises(UnknownLanguageError, match="use one of en, pt, fr"):
        ui_text("controls.undo", "de")
    with pytest.raises(KeyError):
        ui_text("no.such.key")
    assert [rule_name(r, "pt") for r in WrapRule] == ["Fácil", "Clássica"]
