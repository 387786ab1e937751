"""The app in a narrow window (a phone, a split screen): every card reachable, the plot readable.

Regression test: the board used to be centred with its overflow spilling past
the left edge, where no scrolling could reach it (at 420 px, positions 18, 3
and 9 sat at negative x and could not be clicked).
"""

from __future__ import annotations

import pytest

from tripeaks import Refusal
from tripeaks.i18n import refusal_message
from tripeaks.i18n.ui import ui_text

from .test_app_browser import NOTEBOOK, check_header, open_with_code
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

_BOX_JS = """
(el) => { el.scrollIntoViewIfNeeded(); const r = el.getBoundingClientRect();
          return {x: r.x, right: r.right, width: r.width, height: r.height}; }
"""


@pytest.mark.parametrize("width", [320, 420, 700])
def test_every_card_reachable_and_plot_readable_in_a_narrow_window(voila_server, page, page_errors, width):
    page.set_viewport_size({"width": width, "height": 900})
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)

    cards = page.locator(".tp-card")
    assert cards.count() == 28
    for i in range(28):
        box = cards.nth(i).evaluate(_BOX_JS)
        assert box["width"] > 0 and box["height"] > 0, (i, box)
        assert box["x"] >= 0 and box["right"] <= width, f"card {i} out of reach after scrolling: {box}"

    # Position 18 (the bottom-left card) answers a click: with CODE it is refused as not adjacent.
    assert game.refusal(18) is Refusal.NOT_ADJACENT
    app.click_card(18)
    app.wait_contains(".tp-status", refusal_message(Refusal.NOT_ADJACENT, "en"))
    # And a legal play still works in the narrow layout.
    legal = game.playable()[0]
    app.click_card(legal)
    game.play(legal)
    check_header(app, game, "en")
    app.wait_text(".tp-peaks-count", ui_text("header.peaks", "en", cleared=0))

    # The score plot keeps a readable size (it wraps below the log instead of shrinking to a thumbnail).
    page.wait_for_function(
        "() => { const i = document.querySelector('.tp-plot'); return !!i && i.complete && i.naturalWidth > 0; }"
    )
    plot = page.locator(".tp-plot").evaluate(_BOX_JS)
    assert plot["width"] >= min(300, width - 100), plot
    assert plot["x"] >= 0 and plot["right"] <= width, plot
    # Nothing on the page is wider than the window (no sideways scrolling of the whole page).
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page_errors == []


_LIFT_JS = """
(sel) => { const el = document.querySelector(sel); const s = getComputedStyle(el);
           return {transform: s.transform, hover: el.matches(':hover')}; }
"""


def test_a_tapped_card_or_stock_does_not_stay_lifted_on_a_touch_screen(voila_server, _browser, page_errors):
    """A touch screen keeps :hover on what was tapped last; the lift under a mouse pointer must not
    stick there (a refused card looked still chosen, the stock half raised)."""
    from .browser import new_page

    page = new_page(_browser, viewport={"width": 375, "height": 700}, has_touch=True, is_mobile=True)
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    try:
        assert page.evaluate("() => matchMedia('(hover: none)').matches")  # a touch screen, as on a phone
        server = voila_server(NOTEBOOK)
        app = TriPeaksPage(page)
        game = open_with_code(app, server.url)
        assert game.refusal(18) is Refusal.NOT_ADJACENT
        for sel, answer in [
            (".tp-pos-18", refusal_message(Refusal.NOT_ADJACENT, "en")),
            (".tp-stock", None),
        ]:
            page.locator(sel).tap()
            if answer:
                app.wait_contains(".tp-status", answer)
            else:
                game.draw()
                check_header(app, game, "en")
            # past every transition and animation (a refused card shakes)
            page.wait_for_function("(sel) => document.querySelector(sel).getAnimations().length === 0", arg=sel)
            lift = page.evaluate(_LIFT_JS, sel)
            assert lift["transform"] in ("none", "matrix(1, 0, 0, 1, 0, 0)"), (sel, lift)
        assert page_errors == []
    finally:
        page.context.close()


_BOXES_JS = """
(sels) => sels.map((s) => { const r = document.querySelector(s).getBoundingClientRect();
                             return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; })
"""


def _overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["right"] and b["x"] < a["right"] and a["y"] < b["bottom"] and b["y"] < a["bottom"]


@pytest.mark.parametrize("size", [(375, 700), (700, 375), (1280, 800), (1920, 1080)])
def test_the_reason_of_a_refusal_shows_on_the_felt_clear_of_the_piles(voila_server, page, page_errors, size):
    """The note over the felt says why a click was refused; it must not hide the stock, the waste
    card (the next move depends on it) or the refused card itself, at any screen size."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)
    assert game.refusal(18) is Refusal.NOT_ADJACENT
    app.click_card(18)
    page.wait_for_selector(".tp-refusal-note .tp-note-text", state="visible")
    assert refusal_message(Refusal.NOT_ADJACENT, "en") in app.text(".tp-refusal-note")
    note, stock, waste, card, felt = page.evaluate(
        _BOXES_JS, [".tp-note-text", ".tp-stock", ".tp-waste .tp-face", ".tp-pos-18", ".tp-board"]
    )
    for name, box in (("stock", stock), ("waste", waste), ("refused card", card)):
        assert not _overlap(note, box), (size, name, note, box)
    assert felt["x"] <= note["x"] and note["right"] <= felt["right"], (size, note, felt)  # on the felt
    assert felt["y"] <= note["y"] and note["bottom"] <= felt["bottom"], (size, note, felt)
    # A peak's tip refused: the note moves to the bottom of the felt, off the card.
    assert game.refusal(0) is Refusal.BLOCKED
    app.click_card(0)
    page.wait_for_selector(".tp-refusal-note.tp-note-low .tp-note-text", state="visible")
    note, tip = page.evaluate(_BOXES_JS, [".tp-note-text", ".tp-pos-0"])
    assert not _overlap(note, tip), (size, note, tip)
    assert page_errors == []
