"""What a player must read stays whole on screen, at the four sizes of the play-feel report.

* "Abandon this game?" (the question asked before a game in progress is lost) opens under the controls: it is brought whole into view as it opens, clear of the phone's play
  bar, wherever the page was (it opened half cut off at the bottom edge at 1280×800).
* On a phone on its side (700×375) the status line shows whole above the play bar held at the
  bottom edge, and no card covers the Stock and Waste labels.
* The end-of-game panel fits a phone's width, its New game in reach.
"""

from __future__ import annotations

from typing import Any

import pytest

from tripeaks.i18n import LANGUAGE_NAMES, LANGUAGES
from tripeaks.i18n.ui import ui_text

from .browser import new_page
from .test_app_browser import NOTEBOOK, open_with_code
from .test_look_browser import settle
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

SIZES = [(375, 700), (700, 375), (1280, 800), (1920, 1080)]

# Every scrolled box back to its top (Voila scrolls an inner panel, not the window).
_TO_TOP_JS = """
() => { window.scrollTo(0, 0);
  for (const el of document.querySelectorAll('*')) { if (el.scrollTop) el.scrollTop = 0; } return true; }
"""

# The question is whole in the window and nothing lies over it: the points near its corners (6 px in, inside its rounded edge)
# and at its buttons' centres hit the question itself.
_QUESTION_SHOWN_JS = """
(sel) => { const q = document.querySelector(sel); if (!q || !q.offsetParent) return false;
  const r = q.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) return false;
  const points = [[r.left + 6, r.top + 6], [r.right - 6, r.top + 6], [r.left + 6, r.bottom - 6], [r.right - 6, r.bottom - 6]];
  for (const b of q.querySelectorAll('.widget-button')) { const c = b.getBoundingClientRect();
    points.push([(c.left + c.right) / 2, (c.top + c.bottom) / 2]); }
  return points.every(([x, y]) => { const e = document.elementFromPoint(x, y); return !!e && q.contains(e); }); }
"""

_BOX_JS = "(el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; }"


def _box(page: Any, sel: str) -> dict:
    return page.eval_on_selector(sel, _BOX_JS)


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["right"] - 0.5
        and b["x"] < a["right"] - 0.5
        and a["y"] < b["bottom"] - 0.5
        and b["y"] < a["bottom"] - 0.5
    )


def _shown_whole(page: Any, sel: str, where: object) -> None:
    try:
        page.wait_for_function(_QUESTION_SHOWN_JS, arg=sel, timeout=5_000)
    except Exception as exc:
        raise AssertionError(f"{where}: {sel} is not whole in view: {_box(page, sel)}") from exc


@pytest.mark.parametrize("size", SIZES)
def test_a_question_opens_whole_in_view(voila_server, page, page_errors, size):
    w, h = size
    page.set_viewport_size({"width": w, "height": h})
    app = TriPeaksPage(page)
    game = open_with_code(app, voila_server(NOTEBOOK).url)
    page.evaluate(_TO_TOP_JS)
    settle(page)
    app.draw()
    game.draw()
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
    # Restart, from the top of the page (where the board is played).
    page.evaluate(_TO_TOP_JS)
    app.restart()
    app.wait_contains(".tp-confirm", ui_text("confirm.question", "en"))
    _shown_whole(page, ".tp-confirm", (size, "restart"))
    app.click(".tp-confirm-no")
    page.locator(".tp-confirm").wait_for(state="hidden")
    # Deal, from the New game panel (beside the board, or far below it on a phone).
    app.open_new_game()
    app.click(".tp-deal")
    app.wait_contains(".tp-confirm", ui_text("confirm.question", "en"))
    _shown_whole(page, ".tp-confirm", (size, "deal"))
    app.click(".tp-confirm-no")
    page.locator(".tp-confirm").wait_for(state="hidden")
    assert page_errors == []


# Whatever the status line shows in the window is not under anything (points down its left side, one
# per 8 px, 4 px inside it), and the pile labels are not under a card (their centres hit them).
_UNCOVERED_JS = """
() => { const hit = (el, x, y) => { const e = document.elementFromPoint(x, y); return !!e && el.contains(e); };
  const out = [];
  const s = document.querySelector('.tp-status'), r = s.getBoundingClientRect();
  if (r.top >= innerHeight - 20) out.push('the status line starts below the window');
  for (let y = r.top + 4; y < Math.min(r.bottom, innerHeight) - 4; y += 8)
    for (const x of [r.left + 14, (r.left + r.right) / 2])
      if (!hit(s, x, y)) out.push(`status at ${Math.round(x)},${Math.round(y)}: ${document.elementFromPoint(x, y).className}`);
  for (const l of document.querySelectorAll('.tp-pile-label')) { const b = l.getBoundingClientRect();
    if (!hit(l, (b.left + b.right) / 2, (b.top + b.bottom) / 2)) out.push(`label ${l.innerText} covered`); }
  return out; }
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_on_its_side_nothing_to_read_is_covered(voila_server, _browser, page_errors, lang):
    page = new_page(_browser, viewport={"width": 700, "height": 375}, has_touch=True, is_mobile=True)
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    try:
        app = TriPeaksPage(page)
        game = open_with_code(app, voila_server(NOTEBOOK).url)
        if lang != "en":
            app.choose_language(LANGUAGE_NAMES[lang])
            app.wait_text(".tp-undo", ui_text("controls.undo", lang))
            app.click(".tp-more-toggle")  # fold again what choosing the language opened
            page.locator(".tp-lang").first.wait_for(state="hidden")
        # The opening message (two sentences), after a draw, after a refused card.
        refused = next(p for p in range(28) if game.refusal(p) is not None)
        for step in ("open", "draw", "refused"):
            if step == "draw":
                app.draw()
                game.draw()
                app.wait_text(".tp-moves", ui_text("header.moves", lang, moves=1))
            elif step == "refused":
                app.click_card(refused)
                app.wait_class(".tp-status", "tp-status-error")
            page.evaluate(_TO_TOP_JS)
            settle(page)
            assert page.evaluate(_UNCOVERED_JS) == [], (lang, step)
        assert page_errors == []
    finally:
        page.context.close()


_PARTS = (".tp-header", ".tp-board", ".tp-controls", ".tp-status", ".tp-log", ".tp-plot")


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_the_cards_grow_with_a_large_screen_and_all_stays_on_it(voila_server, page, page_errors, size):
    w, h = size
    page.set_viewport_size({"width": w, "height": h})
    app = TriPeaksPage(page)
    open_with_code(app, voila_server(NOTEBOOK).url)
    page.evaluate(_TO_TOP_JS)
    settle(page)
    board = _box(page, ".tp-board")
    card = _box(page, ".tp-pos-18")
    # The board takes most of the width (it stayed 1165 px wide, its cards 106 px, from 1920 px up) ...
    assert board["right"] - board["x"] >= 0.7 * w, board
    assert card["right"] - card["x"] >= 0.065 * w, card
    # ... and the header, the whole board, the controls, the status line, the log and the plot stay on
    # the screen without a scroll.
    for sel in _PARTS:
        b = _box(page, sel)
        assert b["x"] >= 0 and b["y"] >= 0 and b["right"] <= w + 0.5 and b["bottom"] <= h + 0.5, (sel, b)
    assert page_errors == []


_BASE_ROW_JS = """
() => Array.from({length: 10}, (_, i) => { const r = document.querySelector('.tp-pos-' + (18 + i)).getBoundingClientRect();
  return {x: r.left, right: r.right, w: r.width, h: r.height}; })
"""


@pytest.mark.parametrize("width", [375, 360])
def test_an_upright_phone_gives_the_width_to_the_cards(voila_server, page, page_errors, width):
    page.set_viewport_size({"width": width, "height": 700})
    app = TriPeaksPage(page)
    open_with_code(app, voila_server(NOTEBOOK).url)
    page.evaluate(_TO_TOP_JS)
    settle(page)
    row = page.evaluate(_BASE_ROW_JS)
    # Ten cards across: each at least 9.4 % of the window wide (35.7 px at 375 px; they were 32.7 px) ...
    assert min(c["w"] for c in row) >= 0.094 * width, row[0]
    assert min(c["h"] for c in row) >= 44, row[0]
    # ... on the screen, and apart: a tap lands on one card only.
    assert row[0]["x"] >= 0 and row[-1]["right"] <= width, (row[0], row[-1])
    assert all(b["x"] - a["right"] >= 0.4 for a, b in zip(row, row[1:])), row
    assert page_errors == []
