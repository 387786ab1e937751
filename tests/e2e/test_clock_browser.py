"""One clock per game, in a real browser: a reload of a timed game continues its countdown, never refills it.

notebooks/tripeaks.ipynb in Voila with Chromium's real localStorage; a
reload keeps the browser context (and its localStorage) and gets a new
kernel.  The countdown's text comes from the catalogues.
"""

from __future__ import annotations

import re
import time

import pytest

from tripeaks.app.model.keeper import STORAGE_KEY
from tripeaks.i18n.keep import keep_text
from tripeaks.i18n.rulesets import rules_text
from tripeaks.i18n.ui import ui_text

from .tripeaks_page import TriPeaksPage

NOTEBOOK = "notebooks/tripeaks.ipynb"
TIMED = "TP1-E-AAAAAAB-T2"  # two minutes (docs/rules.md §8); 8♦ at position 20 plays on 7♥
LIMIT = 120

pytestmark = pytest.mark.e2e


def seconds_left(app: TriPeaksPage) -> int:
    """The seconds the countdown shows ("Time left: m:ss")."""
    text = app.text(".tp-timer .tp-timer-text")
    prefix = rules_text("timer.left", "en", time="")
    assert text.startswith(prefix), text
    found = re.fullmatch(r"(\d+):(\d\d)", text[len(prefix) :].strip())
    assert found is not None, text
    return 60 * int(found.group(1)) + int(found.group(2))


def test_a_reload_of_a_timed_game_continues_its_countdown(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url)
    app.deal(TIMED)
    app.wait_contains(".tp-code", TIMED)
    time.sleep(4.0)
    app.click_card(20)
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
    page.wait_for_function(
        "([k, n]) => { const t = localStorage.getItem(k); return t && JSON.parse(t).game.record.actions.length === n; }",
        arg=[STORAGE_KEY, 1],
    )
    time.sleep(3.0)
    before = seconds_left(app)
    assert before <= LIMIT - 6  # it has been counting since the deal
    started = time.monotonic()
    page.reload(wait_until="commit")
    page.wait_for_selector(".tp-card", state="visible", timeout=90_000)
    app.wait_text(".tp-status", keep_text("keep.resumed", "en", code=TIMED, moves=1))
    after = seconds_left(app)
    took = time.monotonic() - started
    assert after <= before + 1, (before, after)  # never refilled (the shown seconds are rounded up)
    assert after >= before - took - 3, (before, after, took)  # and it went on from where it was
    time.sleep(2.5)
    assert seconds_left(app) < after  # still counting down after the reload
    assert page_errors == []
