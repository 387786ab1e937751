"""The app's texts: the same keys and placeholders in every language (tripeaks.i18n.ui)."""

from __future__ import annotations

import string

import pytest

from tripeaks.codes import GameCode, InvalidCodeError, Rule
from tripeaks.i18n.ui import LANGUAGES, UI_CATALOG, code_error_message, rule_name, ui_text


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_language_has_the_same_keys_and_placeholders():
    assert set(UI_CATALOG) == set(LANGUAGES)
    english = UI_CATALOG["en"]
    for lang in LANGUAGES:
        assert set(UI_CATALOG[lang]) == set(english), lang
        for key, template in UI_CATALOG[lang].items():
            assert placeholders(template) == placeholders(english[key]), (lang, key)
            assert template.strip(), (lang, key)


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
    with pytest.raises(ValueError):
        ui_text("controls.undo", "de")
    with pytest.raises(KeyError):
        ui_text("no.such.key")
    assert [rule_name(r, "pt") for r in Rule] == ["Fácil", "Clássica"]
