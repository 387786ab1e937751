"""Nothing lost, in a real browser (notebooks/tripeaks.ipynb in Voila, Chromium's localStorage):
what an import accepts a reload reads back (kind 2), two pages of one browser each finishing
a game keep both, and two pages on one game never overwrite each other's moves (kind 5).  Every expected text comes from the catalogues.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tripeaks import Game
from tripeaks.app.model.keeper import ASIDE_KEY, STORAGE_KEY
from tripeaks.history.entry import LIMITS
from tripeaks.history.stats import HISTORY_FORMAT
from tripeaks.i18n.keep import keep_text
from tripeaks.i18n.ui import ui_text

from .test_keep_browser import CODE, NOTEBOOK, blocked_by_draws, play_moves, stored
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

GAME = {
    "code": "TP1-E-AAAAAAD",
    "rules": "E",
    "result": "won",
    "score": LIMITS.score,  # the largest score accepted
    "moves": LIMITS.count,
    "draws": 22,
    "undos": 0,
    "duration": LIMITS.duration,
    "date": "2199-12-31T23:59:59Z",
    "daily": None,
    "actions": ["QD", "D"],
}


def reload(app: TriPeaksPage) -> None:
    """A reload (the same browser context, a new kernel), waited for generously: the machine may be loaded."""
    app.page.reload(wait_until="commit")
    app.page.wait_for_selector(".tp-card", state="visible", timeout=300_000)


def upload(page: Any, games: list[dict[str, Any]]) -> None:
    data = json.dumps({"format": HISTORY_FORMAT, "games": games}).encode()
    with page.expect_file_chooser(timeout=60_000) as chooser:
        page.locator(".tp-stats-import").first.click()
    chooser.value.set_files({"name": "history.json", "mimeType": "application/json", "buffer": data})


def test_an_imported_history_at_the_limits_is_read_back_after_a_reload(voila_server, page, page_errors):
    app = TriPeaksPage(page, timeout=60_000)
    app.open(voila_server(NOTEBOOK).url, timeout=300_000)
    app.click(".tp-stats-toggle")
    upload(page, [{**GAME, "score": 2**53 + 1}])  # past the limits: refused, naming the game and field
    app.wait_contains(".tp-stats-message", keep_text("stats.import_bad", "en"))
    assert "game 1: 'score'" in app.text(".tp-stats-message")
    page.wait_for_function("(k) => localStorage.getItem(k) !== null", arg=STORAGE_KEY, timeout=60_000)
    assert stored(page)["history"] == []
    upload(page, [GAME])
    app.wait_text(".tp-stats-message", keep_text("stats.imported", "en", added=1))
    page.wait_for_function(
        "(k) => { const d = JSON.parse(localStorage.getItem(k)); return d.history.length === 1; }",
        arg=STORAGE_KEY,
        timeout=60_000,
    )
    reload(app)
    app.click(".tp-stats-toggle")
    app.wait_contains(".tp-stats-table", keep_text("stats.overall", "en"))
    row = page.locator(".tp-stats-table .tp-stats-all").all_inner_texts()
    assert row[1:4] == ["1", "1", "100%"]  # played, won, win %: the game came back
    assert stored(page, ASIDE_KEY) is None  # nothing was set aside
    assert stored(page)["history"][0]["score"] == LIMITS.score
    assert page_errors == []


def leave_a_blocked_game(app: TriPeaksPage, code: str) -> None:
    """Deal ``code``, draw until it is blocked, then deal another: the blocked game counts."""
    app.deal(code)
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))
    play_moves(app, Game.from_code(code), 23, draws_only=True)
    app.deal("TP1-E-AAAAAAB")
    app.wait_contains(".tp-code", "TP1-E-AAAAAAB")


def continue_here(app: TriPeaksPage) -> None:
    """The page says another page has the game in play; the player presses Continue here."""
    app.wait_contains(".tp-keep-taken", keep_text("keep.taken_detail", "en"))
    app.click(".tp-keep-continue")
    app.page.wait_for_selector(".tp-keep-taken", state="hidden", timeout=60_000)


def test_two_pages_that_each_finish_a_game_keep_both(voila_server, page, page_errors):
    url = voila_server(NOTEBOOK).url
    first = TriPeaksPage(page, timeout=60_000)
    first.open(url, timeout=300_000)
    other = page.context.new_page()  # a second tab: the same localStorage, its own kernel
    try:
        second = TriPeaksPage(other, timeout=60_000)
        second.open(url, timeout=300_000)
        code = blocked_by_draws()
        continue_here(first)  # the second page resumed the game in play: the first takes it back
        leave_a_blocked_game(first, code)
        continue_here(second)
        leave_a_blocked_game(second, code)
        page.wait_for_function(
            "(k) => { const d = JSON.parse(localStorage.getItem(k)); return d.history.length === 2; }",
            arg=STORAGE_KEY,
            timeout=60_000,
        )
        continue_here(first)
        first.draw()  # one more write from the first page: it must not drop the second page's game
        first.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
        page.wait_for_function(
            "(k) => { const d = JSON.parse(localStorage.getItem(k)); return d.game.record.actions.length === 1; }",
            arg=STORAGE_KEY,
            timeout=60_000,
        )
        assert len(stored(page)["history"]) == 2
        for tab in (first, second):  # each page's statistics show both games
            tab.click(".tp-stats-toggle")
            tab.wait_contains(".tp-stats-table", keep_text("stats.overall", "en"))
            tab.page.wait_for_function(
                "() => { const r = document.querySelectorAll('.tp-stats-table .tp-stats-all')[1];"
                " return r && r.textContent.trim() === '2'; }",
                timeout=60_000,
            )
    finally:
        other.close()
    reload(first)
    first.click(".tp-stats-toggle")
    first.wait_contains(".tp-stats-table", keep_text("stats.overall", "en"))
    assert page.locator(".tp-stats-table .tp-stats-all").all_inner_texts()[1] == "2"
    assert page_errors == []


def stored_actions(page: Any) -> list[str]:
    return list(stored(page)["game"]["record"]["actions"])


def test_two_pages_on_one_game_never_overwrite_each_others_moves(voila_server, page, page_errors):
    url = voila_server(NOTEBOOK).url
    first = TriPeaksPage(page, timeout=60_000)
    first.open(url, timeout=300_000)
    first.deal(CODE)
    first.wait_contains(".tp-code", CODE)
    first.draw()
    first.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
    first.draw()
    first.wait_text(".tp-moves", ui_text("header.moves", "en", moves=2))
    page.wait_for_function(
        "(k) => JSON.parse(localStorage.getItem(k)).game.record.actions.length === 2", arg=STORAGE_KEY, timeout=60_000
    )
    other = page.context.new_page()  # a second tab: the same localStorage, its own kernel
    try:
        second = TriPeaksPage(other, timeout=60_000)
        second.open(url, timeout=300_000)
        second.wait_text(".tp-moves", ui_text("header.moves", "en", moves=2))  # it resumes the game, as before
        taken = keep_text("keep.taken", "en")
        first.wait_text(".tp-status", taken)  # and the first tab learns of it
        first.wait_contains(".tp-keep-taken", keep_text("keep.taken_detail", "en"))
        said = page.evaluate("() => document.body.innerText").replace("\u00a0", " ")
        assert said.count(taken) == 1, "the news of the other tab is said once on the page"
        first.draw()  # refused there: the game goes on in the second tab
        second.draw()
        second.wait_text(".tp-moves", ui_text("header.moves", "en", moves=3))
        page.wait_for_function(
            "(k) => JSON.parse(localStorage.getItem(k)).game.record.actions.length === 3",
            arg=STORAGE_KEY,
            timeout=60_000,
        )
        first.wait_text(".tp-status", taken)
        assert first.text(".tp-moves") == ui_text("header.moves", "en", moves=2)
        assert stored_actions(page) == ["D", "D", "D"]  # the first tab wrote nothing over the second's move
        first.click(".tp-keep-continue")  # Continue here: the newer moves come to the first tab
        first.wait_text(".tp-moves", ui_text("header.moves", "en", moves=3))
        first.wait_text(".tp-status", keep_text("keep.resumed", "en", code=CODE, moves=3))
        first.draw()
        first.wait_text(".tp-moves", ui_text("header.moves", "en", moves=4))
        second.wait_text(".tp-status", taken)  # the second tab is told in turn
        second.draw()
        page.wait_for_function(
            "(k) => JSON.parse(localStorage.getItem(k)).game.record.actions.length === 4",
            arg=STORAGE_KEY,
            timeout=60_000,
        )
        assert second.text(".tp-moves") == ui_text("header.moves", "en", moves=3)
        assert stored_actions(page) == ["D"] * 4
    finally:
        other.close()
    reload(first)  # a reload resumes the newest game: the four moves
    first.wait_text(".tp-moves", ui_text("header.moves", "en", moves=4))
    assert page_errors == []
