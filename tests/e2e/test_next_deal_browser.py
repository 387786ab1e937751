"""A bad ``?code=`` link over a saved game, in a real browser (Voila, Chromium's localStorage): the page
resumes the saved game and says why the link's code was refused, whatever the order in which the
link's cell and the store's answer arrive; the deal of the day is then named in the header.

Every expected text comes from the engine and the catalogues.
"""

from __future__ import annotations

import json

import pytest

from tripeaks.app.model.keeper import STORAGE_KEY
from tripeaks.engine.codes import GameCode, InvalidCodeError
from tripeaks.i18n.keep import keep_text
from tripeaks.i18n.ui import code_error_message, preset_name, ui_text

from .tripeaks_page import TriPeaksPage

NOTEBOOK = "notebooks/tripeaks.ipynb"
SAVED = "TP1-E-AAAAAAB"
BAD = "TP1-E-AAAAAAD-QQ"

pytestmark = pytest.mark.e2e


def test_a_bad_link_over_a_saved_game_says_why_and_resumes_it(voila_server, page, page_errors, artifacts_dir):
    app = TriPeaksPage(page, timeout=30_000)
    url = voila_server(NOTEBOOK).url
    app.open(url)
    app.deal(SAVED)
    app.wait_contains(".tp-code", SAVED)
    app.draw()
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
    page.wait_for_function(
        "(k) => { const t = localStorage.getItem(k); return t && JSON.parse(t).game.record.actions.length === 1; }",
        arg=STORAGE_KEY,
    )
    saved = json.loads(page.evaluate("(k) => localStorage.getItem(k)", STORAGE_KEY))["game"]["record"]
    app.open(f"{url}?code={BAD}")
    with pytest.raises(InvalidCodeError) as refused:
        GameCode.parse(BAD)
    app.wait_text(".tp-new-message", code_error_message(refused.value, "en"), timeout=60_000)
    # …and the status line under the board says why too, and that the game in progress is back.
    reason = code_error_message(refused.value, "en")
    app.wait_text(".tp-status", keep_text("keep.link_refused_resumed", "en", reason=reason, moves=1))
    app.wait_contains(".tp-code", SAVED)
    page.wait_for_timeout(1500)  # nothing later takes the reason away
    assert app.text(".tp-new-message") == code_error_message(refused.value, "en")
    assert page.locator(".tp-new-message").is_visible()
    stored = json.loads(page.evaluate("(k) => localStorage.getItem(k)", STORAGE_KEY))
    assert stored["game"]["record"] == saved and stored["history"] == []
    assert app.text(".tp-next-deal") == ui_text("new.next_deal", "en", rule=preset_name("easy", "en"))
    page.screenshot(path=str(artifacts_dir / "bad-link-saved-game.png"), full_page=True)
    assert page_errors == []


def test_the_deal_of_the_day_is_named_in_the_header(voila_server, page, page_errors, artifacts_dir):
    app = TriPeaksPage(page, timeout=30_000)
    app.open(voila_server(NOTEBOOK).url)
    app.open_new_game()
    app.click(".tp-daily")
    app.page.wait_for_selector(".tp-daily-name-text", state="visible", timeout=30_000)
    caption = app.text(".tp-daily-name")
    assert caption.startswith(keep_text("daily.playing", "en", date="").rstrip())
    box = page.locator(".tp-daily-name-text").bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"]  # seen without scrolling
    page.screenshot(path=str(artifacts_dir / "daily-name.png"))
    app.deal(SAVED)
    app.wait_contains(".tp-code", SAVED)
    page.wait_for_selector(".tp-daily-name-text", state="detached", timeout=30_000)
    assert page_errors == []
