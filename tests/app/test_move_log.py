"""The move log: the moves explained, newest first; in a long game the newest entries and a count of the rest."""

from __future__ import annotations

import re

from page import ui
from widget_state import plain

from tripeaks import Game
from tripeaks.app import build_app
from tripeaks.app.views.movelog import LOG_ENTRIES, log_entry
from tripeaks.i18n.ui import ui_text

CODE = "TP1-E-AAAAAAB"


def entries(html: str) -> list[str]:
    return [plain(item) for item in re.findall(r"<li[^>]*>(.*?)</li>", html)]


def draws_and_undos(game: Game, events: int) -> Game:
    for _ in range(events // 2):
        game.draw()
        game.undo()
    return game


def test_each_event_is_explained_newest_first():
    app = build_app(CODE)
    assert plain(ui(app).move_log.value) == ui_text("log.empty", "en")
    app.board.card_buttons[20].click()
    app.board.stock_button.click()
    ui(app).undo_button.click()
    history = app.game.history
    assert entries(ui(app).move_log.value) == [log_entry(e, "en") for e in reversed(history)]
    assert entries(ui(app).move_log.value)[-1].startswith("Move 1: Played 8♦")


def test_a_long_game_lists_the_newest_entries_and_counts_the_others():
    app = build_app(CODE)
    app.set_game(draws_and_undos(Game.from_code(CODE), LOG_ENTRIES + 30))
    shown = entries(ui(app).move_log.value)
    assert len(shown) == LOG_ENTRIES + 1
    assert shown[-1] == ui_text("log.more", "en", count=30)
    assert shown[:-1] == [log_entry(e, "en") for e in reversed(app.game.history[-LOG_ENTRIES:])]
    app.board.stock_button.click()  # one more: the oldest listed one joins the count
    shown = entries(ui(app).move_log.value)
    assert shown[0] == log_entry(app.game.history[-1], "en")
    assert shown[-1] == ui_text("log.more", "en", count=31) and len(shown) == LOG_ENTRIES + 1
    app.set_language("fr")
    assert entries(ui(app).move_log.value)[-1] == ui_text("log.more", "fr", count=31)


def test_the_log_sent_after_a_click_does_not_grow_with_the_game():
    app = build_app(CODE)
    app.set_game(draws_and_undos(Game.from_code(CODE), 2 * LOG_ENTRIES))
    app.board.stock_button.click()
    ui(app).undo_button.click()
    short = len(ui(app).move_log.value)
    app.set_game(draws_and_undos(Game.from_code(CODE), 12_000))
    app.board.stock_button.click()
    ui(app).undo_button.click()
    assert len(ui(app).move_log.value) < short + 200  # only the move numbers and the count have more digits


def test_entries_added_one_by_one_equal_the_log_drawn_from_the_history():
    app = build_app(CODE)
    for _ in range(3):
        app.board.stock_button.click()
    ui(app).undo_button.click()
    app.board.card_buttons[20].click()  # refused or played: either way the log is the history
    added = ui(app).move_log.value
    app.set_language("pt")
    app.set_language("en")  # drawn again from the history
    assert ui(app).move_log.value == added
