"""Tooltips say more than the button they belong to, in every language.

A tooltip never repeats its button's label, never names a card by its
position number, and an empty stock says that it is empty instead of
"(0 cards left)".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from tripeaks.app import build_app
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.ui import ui_text

CODE = "TP1-E-AAAAAAB"


def buttons(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every button-like widget (Button, ToggleButton, Checkbox) under ``widget``."""
    if isinstance(widget, (widgets.Button, widgets.ToggleButton, widgets.Checkbox)):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from buttons(child)


def tooltip_problems(widget: widgets.Widget) -> list[str]:
    tip = (widget.tooltip or "").strip()
    label = (widget.description or "").strip()
    problems = []
    if tip and label and label.casefold() in tip.casefold():
        problems.append(f"the tooltip {tip!r} repeats the label {label!r}")
    if re.search(r"\b(position|posição)\s*\d", tip, re.IGNORECASE):
        problems.append(f"the tooltip {tip!r} names a position number")
    if re.search(r"\(\D*\b0\b", tip):
        problems.append(f"the tooltip {tip!r} counts zero cards")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_tooltip_repeats_its_button_from_the_start_to_an_empty_stock(lang: str) -> None:
    app = build_app(CODE, lang=lang)
    try:
        seen: list[str] = []
        for _ in range(24):  # the start, then after each of the 23 draws
            for button in buttons(app):
                seen.extend(tooltip_problems(button))
            if app.session.game.stock_count:
                app.session.draw()
        stock = next(b for b in buttons(app) if "tp-stock" in b._dom_classes)
        assert app.session.game.stock_count == 0
        assert stock.tooltip == ui_text("stock.empty_tip", lang)
        assert seen == []
    finally:
        app.close()


def test_a_repeated_label_or_a_position_is_reported() -> None:
    assert tooltip_problems(widgets.Button(description="Undo", tooltip="Undo the last move"))
    assert tooltip_problems(widgets.Button(description="R♣", tooltip="R♣, position 19"))
    assert tooltip_problems(widgets.Button(description="Monte vazio", tooltip="Comprar (restam 0 cartas)."))
    assert tooltip_problems(widgets.Button(description="Undo", tooltip="Take back the last move.")) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_tooltip_repeats_its_button_in_the_lessons(lang: str) -> None:
    from tripeaks.app.views.lesson_page import build_lessons

    view = build_lessons(lang=lang)
    try:
        assert [p for b in buttons(view) for p in tooltip_problems(b)] == []
    finally:
        view.close()
