"""The stock's label stays inside the stock card, in every language, on a phone and on a desktop.

Regression test: in Portuguese "Monte: 1" (any single digit) was wider than the
stock card and its digit ran into the card's white frame; in French
"Pioche : 23" fitted with 2 px to spare, and on a phone it read "Pioche" / ": 23".  The label's text must lie inside the
card, clear of its frame, and the card must not overflow (scrollWidth vs
clientWidth), from 23 cards down to an empty stock.
"""

from __future__ import annotations

from typing import Any

import pytest

from tripeaks.i18n import LANGUAGE_NAMES
from tripeaks.i18n.ui import ui_text

from .test_app_browser import NOTEBOOK
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

FRAME_PX = 3
"""The white frame drawn inside the stock card (an inset box shadow, theme.py): text must stay clear of it."""

_MEASURE_JS = """
(el) => {
  // The label's lines as drawn: each character's box, grouped by its top.
  const lines = (el) => {
    const out = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const r = range.getClientRects()[0];
        if (!r) continue;
        const last = out[out.length - 1];
        if (last && Math.abs(last.top - r.top) < 2) last.text += node.data[i];
        else out.push({top: r.top, text: node.data[i]});
      }
    }
    return out.map((l) => l.text.trim()).filter(Boolean);
  };
  el.scrollIntoViewIfNeeded();
  const box = el.getBoundingClientRect();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      left = Math.min(left, r.left); right = Math.max(right, r.right);
      top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom);
    }
  }
  return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
          text: {left, right, top, bottom}, zoom: box.width / el.offsetWidth,
          scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
          scrollHeight: el.scrollHeight, clientHeight: el.clientHeight, label: el.innerText,
          lines: lines(el)};
}
"""


def label_problems(m: dict[str, Any]) -> list[str]:
    """What is wrong with one measure of the stock button (an empty list when the label fits)."""
    problems = []
    # A line never starts with the label's colon (French "Pioche" / ": 23" on a phone).
    cut = [line for line in m.get("lines", []) if line[:1] in ":;!?"]
    if cut:
        problems.append(f"a line starts with punctuation: {m['lines']}")
    if m["scrollWidth"] > m["clientWidth"]:
        problems.append(f"overflows sideways: scrollWidth {m['scrollWidth']} > clientWidth {m['clientWidth']}")
    if m["scrollHeight"] > m["clientHeight"]:
        problems.append(f"overflows downwards: scrollHeight {m['scrollHeight']} > clientHeight {m['clientHeight']}")
    frame = FRAME_PX * m["zoom"]
    box, text = m["box"], m["text"]
    for side, inside in (
        ("left", text["left"] >= box["left"] + frame),
        ("right", text["right"] <= box["right"] - frame),
        ("top", text["top"] >= box["top"] + frame),
        ("bottom", text["bottom"] <= box["bottom"] - frame),
    ):
        if not inside:
            problems.append(f"the text reaches the frame on the {side}: text {text}, card {box}")
    return problems


def test_a_label_in_the_frame_is_reported() -> None:
    fitting = {
        "box": {"left": 0, "right": 66, "top": 0, "bottom": 96},
        "text": {"left": 8, "right": 58, "top": 30, "bottom": 66},
        "zoom": 1,
        "scrollWidth": 66,
        "clientWidth": 66,
        "scrollHeight": 96,
        "clientHeight": 96,
    }
    assert label_problems(fitting) == []
    assert label_problems({**fitting, "text": {**fitting["text"], "right": 64}})[0].startswith("the text reaches")
    assert "overflows sideways" in label_problems({**fitting, "scrollWidth": 70})[0]
    assert label_problems({**fitting, "lines": ["Pioche :", "23"]}) == []
    assert "punctuation" in label_problems({**fitting, "lines": ["Pioche", ": 23"]})[0]


@pytest.mark.parametrize("width", [375, 1280])
def test_the_stock_label_fits_the_stock_card_in_every_language(voila_server, page, page_errors, width):
    page.set_viewport_size({"width": width, "height": 1000})
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    app.open(server.url)
    app.wait_text(".tp-stock", ui_text("stock.label", "en", count=23))
    problems: list[str] = []

    def check_all_languages(count: int) -> None:
        for lang in ("pt", "fr", "es", "en"):
            app.choose_language(LANGUAGE_NAMES[lang])
            label = ui_text("stock.label", lang, count=count) if count else ui_text("stock.empty", lang)
            app.wait_text(".tp-stock", label)
            measure = page.locator(".tp-stock").first.evaluate(_MEASURE_JS)
            problems.extend(f"{width} px, {lang}, {label!r}: {p}" for p in label_problems(measure))

    check_all_languages(23)
    for count in range(22, -1, -1):  # draw the whole stock; the label is checked at 9, 1 and empty
        app.draw()
        app.wait_text(".tp-stock", ui_text("stock.label", "en", count=count) if count else ui_text("stock.empty", "en"))
        if count in (9, 1, 0):
            check_all_languages(count)
    assert problems == []
    assert page_errors == []
