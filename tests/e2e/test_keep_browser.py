"""Nothing lost, in a real browser: notebooks/tripeaks.ipynb in Voila with Chromium's real localStorage.

A page reload keeps the browser context (and so its localStorage) and gets a
new kernel: whatever the page shows after it came back from the browser.
Every expected text comes from the engine and the catalogues.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tripeaks import Game, Status
from tripeaks.app.model.keeper import ASIDE_KEY, STORAGE_KEY
from tripeaks.i18n import explain
from tripeaks.i18n.keep import keep_text
from tripeaks.i18n.ui import ui_text

from .test_class_server_browser import CONFIG
from .tripeaks_page import TriPeaksPage, expected_cards
from .voila_server import REPO_ROOT, VoilaServer, per_worker

NOTEBOOK = "notebooks/tripeaks.ipynb"
CODE = "TP1-E-AAAAAAB"

pytestmark = pytest.mark.e2e


def blocked_by_draws() -> str:
    """A code (Easy) whose game is blocked once all 23 stock cards are drawn without a play."""
    for n in range(200):
        code = f"TP1-E-AAAAA{'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[n // 32]}{'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[n % 32]}"
        game = Game.from_code(code)
        for _ in range(23):
            game.draw()
        if game.status is Status.BLOCKED:
            return code
    raise AssertionError("no such deal among the first 200")


def stored(page: Any, key: str = STORAGE_KEY) -> Any:
    text = page.evaluate("(k) => window.localStorage.getItem(k)", key)
    return None if text is None else json.loads(text) if key == STORAGE_KEY else text


def check_game(app: TriPeaksPage, game: Game) -> None:
    app.wait_text(".tp-score", ui_text("header.score", "en", score=game.score))
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=game.moves))
    app.wait_cards(expected_cards(game, "en"))
    app.wait_contains(".tp-code", str(game.code))


def play_moves(app: TriPeaksPage, game: Game, count: int, draws_only: bool = False) -> None:
    """``count`` moves (the first playable card, else a draw; only draws with ``draws_only``),
    each waited for on the page."""
    for _ in range(count):
        playable = [] if draws_only else game.playable()
        if playable:
            game.play(playable[0])
            app.click_card(playable[0])
        else:
            game.draw()
            app.draw()
        app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=game.moves))


def reload(app: TriPeaksPage) -> None:
    app.page.reload(wait_until="commit")
    app.page.wait_for_selector(".tp-card", state="visible", timeout=90_000)


def test_five_moves_then_a_reload_resume_the_same_game_and_undo_works(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    url = voila_server(NOTEBOOK).url
    app.open(url)
    app.deal(CODE)
    app.wait_contains(".tp-code", CODE)
    game = Game.from_code(CODE)
    play_moves(app, game, 5)
    page.wait_for_function(
        "([k, n]) => { const t = localStorage.getItem(k); return t && JSON.parse(t).game.record.actions.length === n; }",
        arg=[STORAGE_KEY, 5],
    )
    reload(app)
    app.wait_text(".tp-status", keep_text("keep.resumed", "en", code=CODE, moves=5))
    check_game(app, game)
    entries = app.log_entries()
    assert len(entries) == 5 and explain(game.history[-1], "en") in entries[0]
    game.undo()
    app.undo()
    check_game(app, game)
    app.wait_contains(".tp-log li", explain(game.history[-1], "en"))  # the log follows the board
    assert explain(game.history[-1], "en") in app.log_entries()[0]
    assert page_errors == []


def test_three_finished_games_show_in_the_statistics_after_a_reload(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url)
    code = blocked_by_draws()
    scores = []
    for _ in range(3):
        app.deal(code)
        app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))
        game = Game.from_code(code)
        play_moves(app, game, 23, draws_only=True)
        assert game.status is Status.BLOCKED
        scores.append(game.score)
    # Two blocked games counted as they left the table; the third is still on screen (an undo could
    # revive it): it counts when the app opens again.
    page.wait_for_function(
        "(k) => { const t = localStorage.getItem(k); const d = t && JSON.parse(t);"
        " return d && d.history.length === 2 && d.game.record.actions.length === 23; }",
        arg=STORAGE_KEY,
    )
    reload(app)
    app.click(".tp-stats-toggle")
    app.wait_contains(".tp-stats-table", keep_text("stats.overall", "en"))
    row = page.locator(".tp-stats-table .tp-stats-all").all_inner_texts()
    assert row[1:4] == ["3", "0", "0%"]  # played, won, win %
    assert row[6] == str(max(scores))
    assert len(stored(page)["history"]) == 3
    page.wait_for_function(
        "() => { const i = document.querySelector('.tp-stats-plot'); return i && i.src && i.naturalWidth > 0; }"
    )
    assert page_errors == []


def test_a_code_link_deals_that_code_with_the_class_config(_browser, artifacts_dir):
    """The README's launch: config/voila.py, a preheated pool; the link's code is dealt."""
    from .browser import new_page

    log = artifacts_dir / per_worker("voila-link.log")
    log.unlink(missing_ok=True)
    link = "TP1-C-AAAAAAD-SR"
    server = VoilaServer(REPO_ROOT / NOTEBOOK, log_path=log, extra_args=(f"--Voila.config_file_paths={CONFIG}",))
    with server:
        page = new_page(_browser)
        try:
            app = TriPeaksPage(page)
            app.open(server.url + "?code=" + link)
            app.wait_contains(".tp-code", link, timeout=60_000)
            check_game(app, Game.from_code(link))
            # A second page from the pool, with another code.
            other = new_page(_browser)
            try:
                second = TriPeaksPage(other)
                second.open(server.url + "?code=tp1-e-aaaaaad")
                second.wait_contains(".tp-code", "TP1-E-AAAAAAD", timeout=60_000)
                page.screenshot(path=str(artifacts_dir / "keep_link.png"), full_page=True)
            finally:
                other.context.close()
        finally:
            page.context.close()


def test_a_match_survives_a_reload(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url)
    app.open_new_game()  # the panel opens on demand
    app.click(".tp-match-start")
    app.wait_text(".tp-match-status", keep_text("match.playing", "en", deal=1, size=3, total=0))
    code = app.text(".tp-code .tp-code-text")
    game = Game.from_code(code)
    play_moves(app, game, 2)
    page.wait_for_function(
        "(k) => { const t = localStorage.getItem(k); const d = t && JSON.parse(t);"
        " return d && d.match && d.game.record.actions.length === 2; }",
        arg=STORAGE_KEY,
    )
    saved = stored(page)
    reload(app)
    app.wait_text(".tp-match-status", keep_text("match.playing", "en", deal=1, size=3, total=0))
    check_game(app, game)
    assert stored(page)["match"]["codes"] == saved["match"]["codes"]
    assert page_errors == []


def wait_stored(page: Any) -> None:
    """Until the page has written its document (its first write after the load)."""
    page.wait_for_function(
        "(k) => { const t = localStorage.getItem(k); try { return JSON.parse(t).version === 1; }"
        " catch (e) { return false; } }",
        arg=STORAGE_KEY,
    )


def test_garbage_in_the_storage_key_gives_a_message_not_a_crash(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    url = voila_server(NOTEBOOK).url
    app.open(url)
    wait_stored(page)
    # Written while no app page is open (a page of the same origin without a kernel), then loaded.
    page.goto(url.rstrip("/") + "/tp-no-such-page", wait_until="commit")
    page.evaluate("([k, v]) => window.localStorage.setItem(k, v)", [STORAGE_KEY, '{"format": "tripeaks-storage", "ver'])
    app.open(url)
    app.wait_text(".tp-status", keep_text("keep.set_aside", "en", storage_key=ASIDE_KEY))
    assert stored(page, ASIDE_KEY) == '{"format": "tripeaks-storage", "ver'
    page.wait_for_function(
        "(k) => { const t = localStorage.getItem(k); return t && JSON.parse(t).version === 1; }", arg=STORAGE_KEY
    )
    # The app plays on.
    game = Game.from_code(CODE)
    app.deal(CODE)
    app.wait_contains(".tp-code", CODE)
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))
    play_moves(app, game, 1)
    assert page_errors == []


def test_garbage_written_while_the_app_is_open_is_set_aside_before_the_next_write(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url)
    game = Game.from_code(CODE)
    app.deal(CODE)
    app.wait_contains(".tp-code", CODE)
    page.wait_for_function(  # the deal is stored: the next write is the move's
        "([k, c]) => { const t = localStorage.getItem(k); try { return JSON.parse(t).game.record.code === c; }"
        " catch (e) { return false; } }",
        arg=[STORAGE_KEY, CODE],
    )
    # Every text the status line shows from now on (a write of the deal still on its way may meet the
    # garbage first: then the move's explanation follows the set-aside message, which was still said).
    page.evaluate(
        "() => { const el = document.querySelector('.tp-status'); window.__tpSaid = [el.textContent];"
        " new MutationObserver(() => window.__tpSaid.push(el.textContent))"
        ".observe(el, {subtree: true, childList: true, characterData: true}); }"
    )
    page.evaluate("([k, v]) => window.localStorage.setItem(k, v)", [STORAGE_KEY, "written by another program"])
    play_moves(app, game, 1)
    said = keep_text("keep.set_aside", "en", storage_key=ASIDE_KEY)
    page.wait_for_function("(t) => window.__tpSaid.some((s) => s.includes(t))", arg=said)
    assert stored(page, ASIDE_KEY) == "written by another program"
    page.wait_for_function(
        "(k) => { const t = localStorage.getItem(k); try { return JSON.parse(t).game.record.actions.length === 1; }"
        " catch (e) { return false; } }",
        arg=STORAGE_KEY,
    )
    assert page_errors == []


def test_a_browser_that_keeps_nothing_says_so_once_and_plays_on(voila_server, page, page_errors):
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('blocked', 'SecurityError'); }});"
    )
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url)
    app.wait_text(".tp-keep-note", keep_text("keep.unavailable", "en"))
    game = Game.from_code(CODE)
    app.deal(CODE)
    app.wait_contains(".tp-code", CODE)  # the deal has landed: the clicks go to its cards
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))
    play_moves(app, game, 2)
    check_game(app, game)
    assert page.locator(".tp-keep-note").count() == 1
