"""The play bar (Undo, Redo, Hint, then Restart) at hand at every screen size.

On a phone the page is long: the header, the board, the status line, then the controls.  A phone's
player used to scroll for Undo and Hint (at 700×375 they were below the window's bottom edge), past a
row of settings.  Now Restart and the settings fold behind "More" on a phone, and the play bar keeps
to the window's bottom edge while its place is below it; on a desktop Hint comes right after Redo.
The end of a game on a phone: the panel over the felt holds all it says, the review's answer in view.
"""

from __future__ import annotations

import pytest

from tripeaks import Status
from tripeaks.i18n import LANGUAGE_NAMES, LANGUAGES, status_message
from tripeaks.i18n.ui import ui_text

from .test_app_browser import NOTEBOOK, open_with_code
from .test_look_browser import BLOCKED_AFTER_DRAWS, settle
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

_PLAY_BAR = [".tp-undo", ".tp-redo", ".tp-hint", ".tp-more-toggle"]
_FOLDED = [".tp-restart", ".tp-error-help", ".tp-lang", ".tp-four-colour", ".tp-sound-toggle"]

_BOXES_JS = """
(sels) => Object.fromEntries(sels.map((s) => { const el = document.querySelector(s);
  if (!el || !el.offsetParent) return [s, null];
  const r = el.getBoundingClientRect();
  return [s, {x: r.x, y: r.y, right: r.right, bottom: r.bottom, cut: el.scrollWidth > el.clientWidth + 1}]; }))
"""
# The page scrolls inside Voila's panel: to its top, or to its end.
_SCROLL_JS = """
(end) => { for (const el of document.querySelectorAll('*')) {
  if (el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowY)) {
    el.scrollTop = end ? el.scrollHeight : 0; } } }
"""


_TOP_JS = "() => Math.round(document.querySelector('.tp-controls').getBoundingClientRect().top)"


def _inside(box: dict, w: int, h: int) -> bool:
    return box["x"] >= 0 and box["y"] >= 0 and box["right"] <= w + 0.5 and box["bottom"] <= h + 0.5


def _overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["right"] and b["x"] < a["right"] and a["y"] < b["bottom"] and b["y"] < a["bottom"]


@pytest.mark.parametrize("size", [(375, 700), (700, 375), (360, 640)])
def test_a_phone_has_undo_and_hint_on_screen_and_more_opens_the_rest(voila_server, _browser, page_errors, size):
    from .browser import new_page

    w, h = size
    page = new_page(_browser, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    try:
        app = TriPeaksPage(page)
        game = open_with_code(app, voila_server(NOTEBOOK).url)
        for lang in LANGUAGES:
            if lang != "en":
                app.choose_language(LANGUAGE_NAMES[lang])
                app.wait_text(".tp-undo", ui_text("controls.undo", lang))
                app.click(".tp-more-toggle")  # fold again what choosing the language opened
                page.locator(".tp-lang").first.wait_for(state="hidden")
            app.wait_text(".tp-more-toggle", ui_text("controls.more", lang))
            page.evaluate(_SCROLL_JS, False)
            settle(page)
            boxes = page.evaluate(_BOXES_JS, [*_PLAY_BAR, *_FOLDED, ".tp-stock", ".tp-waste .tp-face"])
            where = (lang, size)
            # From the page's top, without a scroll: the play bar whole, on screen, on one line.
            for sel in _PLAY_BAR:
                assert boxes[sel] is not None and _inside(boxes[sel], w, h), (where, sel, boxes[sel])
                assert not boxes[sel]["cut"], (where, sel, "its label is cut")
            if h < w:  # on its side: upright beside the board (held at the bottom edge, it covered the status line)
                board = page.evaluate(_BOXES_JS, [".tp-board"])[".tp-board"]
                assert len({round(boxes[s]["x"]) for s in _PLAY_BAR}) == 1, (where, "the play bar is not one column")
                assert all(boxes[s]["x"] >= board["right"] for s in _PLAY_BAR), (
                    where,
                    "the play bar is over the board",
                )
            else:
                assert len({round(boxes[s]["y"]) for s in _PLAY_BAR}) == 1, (where, "the play bar wraps")
            # It hides neither the stock nor the waste card.
            for pile in (".tp-stock", ".tp-waste .tp-face"):
                assert _inside(boxes[pile], w, h), (where, pile, boxes[pile])
                for sel in _PLAY_BAR:
                    assert not _overlap(boxes[sel], boxes[pile]), (where, sel, pile)
            # Restart and the settings are folded away ...
            assert all(boxes[s] is None for s in _FOLDED), (where, {s: boxes[s] for s in _FOLDED})
        if h < w:  # on its side: a header of one line, and the status line under the board, clear of the bar
            tops = page.evaluate(
                "() => [...document.querySelector('.tp-header').children].filter(c => c.offsetParent)"
                ".map(c => Math.round(c.getBoundingClientRect().top))"
            )
            assert len(set(tops)) == 1, tops
            status = page.evaluate(_BOXES_JS, [".tp-status"])[".tp-status"]
            assert status["y"] + 28 <= h, status
            for sel in _PLAY_BAR:
                assert not _overlap(status, boxes[sel]), (status, sel, boxes[sel])
        # ... and "More" shows them, in view (the row takes its own place, lower), then hides them again.
        page.locator(".tp-more-toggle").tap()
        for sel in _FOLDED:
            page.locator(sel).first.wait_for(state="visible")
        page.wait_for_function(
            "() => { const r = document.querySelector('.tp-lang').getBoundingClientRect();"
            " return r.top >= 0 && r.bottom <= innerHeight; }",
            timeout=10_000,
        )
        page.locator(".tp-more-toggle").tap()
        page.locator(".tp-restart").wait_for(state="hidden")
        # The bar at the bottom edge works where it stands: a draw, then Undo tapped there.
        page.evaluate(_SCROLL_JS, False)
        page.locator(".tp-stock").tap()
        game.draw()
        app.wait_text(".tp-moves", ui_text("header.moves", LANGUAGES[-1], moves=1))
        page.wait_for_function("() => !document.querySelector('.tp-undo').disabled")
        # Undo gets a tap where it is drawn, once the page has settled after the scroll and the draw
        # (on a busy machine one look could fall mid-layout): waited for, failing if it never does.
        page.wait_for_function(
            "() => { const r = document.querySelector('.tp-undo').getBoundingClientRect();"
            " const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);"
            " return e !== null && e.closest('.tp-undo') !== null; }",
            timeout=10_000,
        )
        undo = page.evaluate(_BOXES_JS, [".tp-undo"])[".tp-undo"]
        assert _inside(undo, w, h), undo
        page.touchscreen.tap((undo["x"] + undo["right"]) / 2, (undo["y"] + undo["bottom"]) / 2)
        game.undo()
        app.wait_text(".tp-stock", ui_text("stock.label", LANGUAGES[-1], count=game.stock_count))
        app.wait_disabled(".tp-undo")
        # At the page's end the bar is back in its place, after the status line (on its side: beside the board).
        page.evaluate(_SCROLL_JS, True)
        settle(page)
        status, bar = page.evaluate(
            """() => ['.tp-status', '.tp-controls'].map(s => document.querySelector(s).getBoundingClientRect().top)"""
        )
        assert (bar < status) if h < w else (bar > status), (status, bar)
        assert page_errors == []
    finally:
        page.context.close()


def test_a_desktop_has_the_play_bar_first_and_no_more_button(voila_server, page, page_errors):
    page.set_viewport_size({"width": 1280, "height": 800})
    app = TriPeaksPage(page)
    open_with_code(app, voila_server(NOTEBOOK).url)
    boxes = page.evaluate(_BOXES_JS, [".tp-undo", ".tp-redo", ".tp-hint", ".tp-restart", ".tp-error-help", ".tp-lang"])
    assert page.evaluate(_BOXES_JS, [".tp-more-toggle"])[".tp-more-toggle"] is None  # nothing folded
    for sel, box in boxes.items():
        assert box is not None and _inside(box, 1280, 800), (sel, box)
    # Undo, Redo, Hint, Restart in that order on the first line; the settings after them.
    order = [".tp-undo", ".tp-redo", ".tp-hint", ".tp-restart"]
    assert len({round(boxes[s]["y"]) for s in order}) == 1, boxes
    xs = [boxes[s]["x"] for s in order]
    assert xs == sorted(xs), boxes
    first_setting = min((boxes[s]["y"], boxes[s]["x"]) for s in (".tp-error-help", ".tp-lang"))
    assert first_setting > (boxes[".tp-restart"]["y"], boxes[".tp-restart"]["x"]), boxes
    # The controls stay put from move to move: the status line keeps two lines' room, whether it says
    # the opening message (two lines), a play (one line) or a refusal and its advice (two lines).
    tops = [page.evaluate(_TOP_JS)]
    app.click_card(20)  # 8♦ onto 7♥: a play, explained in one line
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
    settle(page)
    tops.append(page.evaluate(_TOP_JS))
    app.click_card(18)  # not adjacent: refused, with the advice
    page.wait_for_selector(".tp-status.tp-status-error")
    settle(page)
    tops.append(page.evaluate(_TOP_JS))
    assert len(set(tops)) == 1, tops
    assert page_errors == []


_END_JS = """
() => { const end = document.querySelector('.tp-end'), board = document.querySelector('.tp-board');
  const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; };
  return {end: box(end), board: box(board), inner: end.scrollHeight - end.clientHeight}; }
"""


@pytest.mark.parametrize("size", [(375, 700), (700, 375)])
def test_a_phone_shows_the_whole_end_of_game_panel_and_the_reviews_answer(voila_server, _browser, page_errors, size):
    """On a phone the end panel was squeezed into the felt's height: it scrolled inside (and kept
    that scroll for the next game), and the review's answer landed out of sight at its foot."""
    from .browser import new_page

    w, h = size
    page = new_page(_browser, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    try:
        app = TriPeaksPage(page)
        app.open(voila_server(NOTEBOOK).url)
        app.deal(BLOCKED_AFTER_DRAWS)
        app.wait_contains(".tp-code", BLOCKED_AFTER_DRAWS)
        page.evaluate(_SCROLL_JS, False)
        for _ in range(23):
            page.locator(".tp-stock").tap()
            app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=_ + 1))
        page.locator(".tp-end-again").wait_for(state="visible")
        page.evaluate(_SCROLL_JS, False)
        settle(page)
        g = page.evaluate(_END_JS)
        # It starts over the felt and holds all it says: nothing scrolls inside it.
        assert g["board"]["y"] <= g["end"]["y"] < g["board"]["bottom"], g
        assert g["inner"] <= 1, g
        assert g["end"]["x"] >= 0 and g["end"]["right"] <= w, g
        # It says how the game ended, and the play bar never lies over its buttons.
        assert app.text(".tp-end-title") == status_message(Status.BLOCKED, "en")
        for sel in (".tp-end-again", ".tp-end .tp-review-button"):
            page.locator(sel).scroll_into_view_if_needed()
            settle(page)
            hit = page.eval_on_selector(
                sel,
                "el => { const r = el.getBoundingClientRect();"
                " return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el; }",
            )
            assert hit, (sel, "covered where it is drawn")
        # The review's answer is brought into view, clear of the play bar (at the bottom edge, or beside the board).
        app.click(".tp-review-button")
        page.locator(".tp-review-sentence").wait_for(state="visible")
        page.wait_for_function(
            """() => { const s = document.querySelector('.tp-review-sentence').getBoundingClientRect();
                       const bar = document.querySelector('.tp-controls').getBoundingClientRect();
                       const under = s.left < bar.right && bar.left < s.right && s.top < bar.bottom && bar.top < s.bottom;
                       return s.top >= 0 && s.bottom <= innerHeight + 0.5 && !under; }""",
            timeout=10_000,
        )
        assert page.evaluate(_BOXES_JS, [".tp-review-again"])[".tp-review-again"]["cut"] is False
        assert page_errors == []
    finally:
        page.context.close()
