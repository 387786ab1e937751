"""The replay panel in a real browser: Previous, the slider and Next on one line (a phone too),
and a stray click on the board while a record is watched plays nothing and says what to press."""

from __future__ import annotations

import pytest

from tripeaks.i18n.keep import keep_text

from .test_records_browser import NOTEBOOK, watch
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

RECORD = {"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["D", "D", "D"]}

_BOX_JS = """
(sel) => { const el = [...document.querySelectorAll(sel)].find((e) => e.offsetParent !== null);
           if (!el) return null; el.scrollIntoViewIfNeeded(); const r = el.getBoundingClientRect();
           return {x: r.x, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; }
"""


@pytest.mark.parametrize(
    ("width", "height", "language", "lang"),
    [(375, 700, "Français", "fr"), (1280, 800, "Português", "pt"), (1920, 1080, "Español", "es")],
)
def test_previous_slider_and_next_share_one_line(voila_server, page, page_errors, width, height, language, lang):
    page.set_viewport_size({"width": width, "height": height})
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url, timeout=300_000)
    app.choose_language(language)
    watch(app, RECORD)
    app.wait_text(".tp-replay-prev", keep_text("replay.prev", lang))
    boxes = {sel: page.evaluate(_BOX_JS, sel) for sel in (".tp-replay-prev", ".tp-replay-slider", ".tp-replay-next")}
    assert all(b is not None and b["width"] > 0 for b in boxes.values()), boxes
    prev, slider, nxt = boxes[".tp-replay-prev"], boxes[".tp-replay-slider"], boxes[".tp-replay-next"]
    for box in (slider, nxt):  # one line: each overlaps Previous's height
        assert box["top"] < prev["bottom"] and prev["top"] < box["bottom"], boxes
    assert prev["right"] <= slider["x"] + 1 and slider["right"] <= nxt["x"] + 1, boxes  # in that order
    assert slider["width"] >= 60, boxes  # a slider a finger can move
    assert prev["x"] >= 0 and nxt["right"] <= width, boxes  # inside the window
    assert page_errors == []


def test_a_click_on_a_card_while_watching_plays_nothing_and_says_to_continue(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url, timeout=300_000)
    app.choose_language("Français")
    watch(app, RECORD)
    app.click(".tp-replay-next")
    app.wait_text(".tp-replay-step", keep_text("replay.step", "fr", step=1, steps=3))
    app.click_card(18)  # a card of the bottom row, face up
    line = keep_text("replay.watch_only", "fr", button=keep_text("replay.continue", "fr"))
    app.wait_text(".tp-status", line)
    assert app.text(".tp-replay-step") == keep_text("replay.step", "fr", step=1, steps=3)  # still watching
    assert page_errors == []
