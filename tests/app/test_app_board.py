"""BoardView: shows a Game and forwards clicks; no rules of its own."""

from __future__ import annotations

import pytest
from widget_state import css_classes as classes

from tripeaks import Game
from tripeaks.app.views.board import BoardView, grid_area
from tripeaks.engine.layout import BASE_ROW, COLUMN, ROW_OF
from tripeaks.i18n import LANGUAGES, card_name
from tripeaks.i18n.ui import ui_text

CODE = "TP1-E-AAAAAAB"  # docs/rules.md §5: 7♥ on the waste, 9♣ at position 0


def test_cards_are_placed_from_the_layout_tables():
    board = BoardView(Game.from_code(CODE))
    for p, button in enumerate(board.card_buttons):
        assert {"tp-card", f"tp-pos-{p}"} <= classes(button)
        row_start, col_start, row_end, col_end = (int(x) for x in button.layout.grid_area.split("/"))
        assert col_start == COLUMN[p] + 1 and col_end - col_start == 2
        assert row_end - row_start == 4
        assert row_start == 2 * ROW_OF[p] + 1
        assert button.layout.grid_area == grid_area(p)
    # Rows overlap vertically: row r+1 starts before row r ends.
    row2_start, row2_end = int(grid_area(9).split("/")[0]), int(grid_area(9).split("/")[2])
    assert row2_start < int(grid_area(18).split("/")[0]) < row2_end
    # Later children draw on top: the base row is added last.
    grid = board.card_buttons[0]
    grid_children = next(c for c in board.children if "tp-peaks" in classes(c)).children
    assert grid_children.index(grid) == 1  # after the (hidden) win banner
    assert [grid_children.index(board.card_buttons[p]) for p in BASE_ROW] == list(range(19, 29))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_start_shows_base_row_face_up_and_the_rest_face_down(lang):
    game = Game.from_code(CODE)
    board = BoardView(game, lang)
    for p, button in enumerate(board.card_buttons):
        if p in BASE_ROW:
            assert button.description == card_name(game.card_at(p), lang)
            assert "tp-up" in classes(button)
        else:
            # Announced in words, never a bare symbol (screen readers read the text).
            assert button.description == ui_text("card.face_down", lang)
            assert "tp-down" in classes(button)
        assert not button.disabled
    assert board.waste_html.value.count(card_name(game.waste_top, lang)) >= 1
    assert "23" in board.stock_button.description


def test_colours_follow_the_suit():
    game = Game.from_code(CODE)
    board = BoardView(game)
    for p in BASE_ROW:
        red = game.card_at(p).symbol[-1] in "♦♥"
        assert ("tp-red" in classes(board.card_buttons[p])) is red
        assert ("tp-black" in classes(board.card_buttons[p])) is not red
    assert "tp-red" in board.waste_html.value  # 7♥


def test_refresh_shows_a_play_in_place():
    game = Game.from_code(CODE)
    board = BoardView(game)
    buttons_before = board.card_buttons
    p = game.playable()[0]
    game.play(p)
    board.refresh()
    assert board.card_buttons == buttons_before  # the same widgets, updated in place
    assert "tp-gone" in classes(board.card_buttons[p])
    assert board.card_buttons[p].disabled and board.card_buttons[p].description == ""
    assert card_name(game.waste_top) in board.waste_html.value


def test_clicks_are_forwarded_and_decide_nothing():
    game = Game.from_code(CODE)
    board = BoardView(game)
    cards, draws = [], []
    board.on_card_click(cards.append)
    board.on_stock_click(lambda: draws.append(True))
    before = game.state_key()
    board.card_buttons[0].click()  # face down: the board does not judge, it forwards
    board.card_buttons[20].click()
    board.stock_button.click()
    assert cards == [0, 20] and draws == [True]
    assert game.state_key() == before


def test_highlight_and_refresh_clears_it():
    board = BoardView(Game.from_code(CODE))
    board.highlight([20, 21], stock=True)
    assert "tp-highlight" in classes(board.card_buttons[20])
    assert "tp-highlight" in classes(board.stock_button)
    board.highlight([21])
    assert "tp-highlight" not in classes(board.card_buttons[20])
    assert "tp-highlight" not in classes(board.stock_button)
    board.refresh()
    assert not any("tp-highlight" in classes(b) for b in board.card_buttons)


def test_language_switch_changes_card_letters(layout):
    game = layout({18: "QH", 19: "KS", 20: "JD"})
    board = BoardView(game)
    assert [board.card_buttons[p].description for p in (18, 19, 20)] == ["Q♥", "K♠", "J♦"]
    board.set_language("pt")
    assert [board.card_buttons[p].description for p in (18, 19, 20)] == ["D♥", "R♠", "V♦"]
    assert board.card_buttons[0].description == "Carta virada para baixo"
    board.set_language("fr")
    assert board.card_buttons[0].description == "Carte face cachée"
    assert board.stock_button.description.startswith("Pioche")
    with pytest.raises(ValueError):
        board.set_language("de")


def test_set_game_and_empty_stock(scripted):
    board = BoardView(Game.from_code(CODE))
    game = scripted(["D"])
    board.set_game(game)
    assert board.game is game
    game.draw()
    for _ in range(game.stock_count):
        game.draw()
    board.refresh()
    assert "tp-stock-empty" in classes(board.stock_button)
    assert board.stock_button.description == ui_text("stock.empty")
