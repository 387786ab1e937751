"""Records in a real browser (Voila, Chromium, real localStorage): only games played here count,
and a watched record never runs a clock nor refills a countdown (docs/rules.md §6, §8)."""

from __future__ import annotations

import json
import re
import time

import pytest

from tripeaks import Game
from tripeaks.app.model.keeper import STORAGE_KEY
from tripeaks.i18n.keep import keep_text
from tripeaks.i18n.rulesets import rules_text
from tripeaks.i18n.ui import ui_text
from tripeaks.solver import solve

from .tripeaks_page import TriPeaksPage, expected_cards

NOTEBOOK = "notebooks/tripeaks.ipynb"
WON = "TP1-E-AAAAAAD"
TIMED = "TP1-E-AAAAAAB-T2"  # two minutes; 8♦ at position 20 plays on 7♥

pytestmark = pytest.mark.e2e


def won_record() -> dict:
    game = Game.from_code(WON)
    for action in solve(game).line:
        game.apply(action)
    return game.to_record()


def watch(app: TriPeaksPage, record: dict | None) -> None:
    """Open the Replay panel and watch ``record`` (``None``: the game on the table, as the panel shows it)."""
    app.click(".tp-replay-toggle")
    box = app.page.locator(".tp-replay-record textarea").first
    box.wait_for(state="visible")
    if record is not None:
        box.fill(json.dumps(record))
    app.click(".tp-replay-load")
    app.page.locator(".tp-replay-step").first.wait_for(state="visible")


def history_length(app: TriPeaksPage) -> int:
    return int(
        app.page.evaluate("(k) => (JSON.parse(localStorage.getItem(k) || '{}').history || []).length", STORAGE_KEY)
    )


def seconds_left(app: TriPeaksPage) -> int:
    text = app.text(".tp-timer .tp-timer-text")
    prefix = rules_text("timer.left", "en", time="")
    found = re.fullmatch(r"(\d+):(\d\d)", text[len(prefix) :].strip())
    assert text.startswith(prefix) and found is not None, text
    return 60 * int(found.group(1)) + int(found.group(2))


def test_a_won_record_at_its_last_step_cannot_be_continued_and_never_counts(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url, timeout=300_000)  # a loaded machine can take minutes
    record = won_record()
    steps = len(record["actions"])
    watch(app, record)
    for step in range(1, steps + 1):
        app.click(".tp-replay-next")
        app.wait_text(".tp-replay-step", keep_text("replay.step", "en", step=step, steps=steps))
    app.wait_disabled(".tp-replay-continue")
    app.deal("TP1-E-AAAAAAB")
    app.wait_contains(".tp-code", "TP1-E-AAAAAAB")
    app.click_card(20)
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
    time.sleep(1.0)
    assert history_length(app) == 0  # the classmate's win was not booked as the player's
    assert page_errors == []


def test_watching_never_runs_the_clock_and_continuing_my_record_never_refills_it(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url, timeout=300_000)  # a loaded machine can take minutes
    app.deal(TIMED)
    app.wait_contains(".tp-code", TIMED)
    time.sleep(3.0)
    app.click_card(20)
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
    before = seconds_left(app)
    assert before <= 118
    watch(app, None)  # the record of the game on the table
    app.click(".tp-replay-next")
    app.wait_text(".tp-replay-step", keep_text("replay.step", "en", step=1, steps=1))
    shown = seconds_left(app)
    time.sleep(3.0)
    assert seconds_left(app) == shown <= before + 1  # a watched step's clock does not run
    app.click(".tp-replay-continue")
    app.wait_text(".tp-replay-message", keep_text("replay.continued", "en", step=1))
    time.sleep(2.5)
    after = seconds_left(app)
    assert after < shown <= before + 1  # it goes on counting from the time used, never from 2:00
    assert page_errors == []


def test_copy_link_copies_a_link_that_deals_the_same_cards(voila_server, _browser, page_errors):
    """Replay and sharing's Copy link: this page's address with ?code=, which deals the same game."""
    from .browser import new_page

    server = voila_server(NOTEBOOK)
    page = new_page(_browser)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    try:
        app = TriPeaksPage(page)
        app.open(server.url)
        code = "TP1-C-AAAAAAD"
        app.deal(code)
        app.wait_contains(".tp-code", code)
        app.draw()  # moves made: the link still deals the cards from the start
        app.click(".tp-replay-toggle")
        app.click(".tp-replay-link")
        app.wait_text(".tp-replay-message", keep_text("replay.link_copied", "en"))
        link = page.evaluate("() => navigator.clipboard.readText()")
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?code=TP1-C-AAAAAAD", link), link
        other = new_page(_browser)  # someone else opens it
        try:
            friend = TriPeaksPage(other)
            friend.open(link)
            friend.wait_contains(".tp-code", code)
            friend.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))
            friend.wait_cards(expected_cards(Game.from_code(code), "en"))  # the same cards, from the start
        finally:
            other.context.close()
        assert page_errors == []
    finally:
        page.context.close()
