"""The app's look and its keyboard, headless: tab stops, tooltips in words, the four-colour deck,
the slide onto the waste, keyboard shortcuts and their help panel, the page's language and title,
and the palette's contrast.  (What only a browser can show is in tests/e2e/test_look_browser.py.)"""

from __future__ import annotations

import re

import pytest
import traitlets
from page import ui
from widget_state import css_classes as classes
from widget_state import plain

from tripeaks import Game
from tripeaks.app import build_app
from tripeaks.app.factory import compose
from tripeaks.app.model.session import PlaySession, Setting, SettingChanged
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.board import BoardView, colour_class
from tripeaks.app.views.bridge import BoardBridge, PageBridge
from tripeaks.app.views.keyboard import SHORTCUTS
from tripeaks.app.views.lesson_page import LessonView
from tripeaks.app.views.theme import CSS, PALETTE_DARK, PALETTE_LIGHT
from tripeaks.engine.cards import Card, Suit
from tripeaks.engine.layout import BASE_ROW
from tripeaks.i18n import LANGUAGES, rank_name
from tripeaks.i18n.keep import keep_text
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.ui import ui_text

CODE = "TP1-E-AAAAAAB"  # docs/rules.md §5: 7♥ on the waste
BLOCKED_AFTER_DRAWS = "TP1-C-AAAAAAH"  # no card fits after the 23 draws: blocked


# ---------------------------------------------------------------- tab stops
def test_only_cards_that_can_be_acted_on_are_tab_stops():
    game = Game.from_code(CODE)
    board = BoardView(game)
    for p, button in enumerate(board.card_buttons):
        # Face-down cards are skipped by Tab; the base row is face up and exposed.
        assert button.tabbable is (p in BASE_ROW), p
    p = game.playable()[0]
    game.play(p)
    board.refresh()
    assert board.card_buttons[p].tabbable is False and board.card_buttons[p].disabled
    assert board.stock_button.tabbable is not False


def test_a_revealed_card_becomes_a_tab_stop():
    game = Game.from_code(CODE)
    board = BoardView(game)
    for action in (20, "D", 19):  # 19 and 20 covered position 10
        game.draw() if action == "D" else game.play(action)
    board.refresh()
    assert game.tableau[10] is not None and game.tableau[10].face_up
    assert board.card_buttons[10].tabbable is True


def test_open_peaks_face_up_cards_under_others_are_not_tab_stops():
    game = Game.from_code(CODE + "-O")  # open peaks (docs/rules.md §8): every card face up
    board = BoardView(game)
    for p, button in enumerate(board.card_buttons):
        assert "tp-up" in classes(button)
        assert button.tabbable is game.is_exposed(p), p


# ---------------------------------------------------------------- words, not numbers
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_tooltip_says_what_a_click_does_in_words(lang):
    game = Game.from_code(CODE)
    board = BoardView(game, lang)
    for p in BASE_ROW:
        tip = board.card_buttons[p].tooltip
        assert tip == ui_text("card.face_up_tip", lang)
        assert not re.search(r"\d", tip), tip
    # A face-down card says what it is in its text; its tooltip says when it turns, not a number.
    assert board.card_buttons[0].description == ui_text("card.face_down", lang)
    assert board.card_buttons[0].tooltip == ui_text("card.face_down_tip", lang)
    assert not re.search(r"\d", board.card_buttons[0].tooltip)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_empty_stock_does_not_offer_to_draw(lang):
    game = Game.from_code(BLOCKED_AFTER_DRAWS)
    board = BoardView(game, lang)
    assert board.stock_button.tooltip == ui_text("stock.tip", lang, count=23)
    while game.can_draw:
        game.draw()
    board.refresh()
    assert board.stock_button.tooltip == ui_text("stock.empty_tip", lang)
    assert "0" not in board.stock_button.tooltip
    assert "tp-stock-empty" in classes(board.stock_button)


# ---------------------------------------------------------------- four colours
def test_colour_classes_with_two_and_four_colours():
    clubs, diamonds = Card.parse("5C"), Card.parse("5D")
    hearts, spades = Card.parse("5H"), Card.parse("5S")
    assert [colour_class(c) for c in (clubs, diamonds, hearts, spades)] == ["tp-black", "tp-red", "tp-red", "tp-black"]
    assert [colour_class(c, True) for c in (clubs, diamonds, hearts, spades)] == [
        "tp-green",
        "tp-blue",
        "tp-red",
        "tp-black",
    ]
    assert colour_class("joker", True) == "tp-black"


def test_four_colour_deck_is_a_session_setting_kept_for_every_deal():
    session = PlaySession(Game.from_code(CODE))
    seen = []
    session.subscribe(seen.append)
    app = TriPeaksApp(session=session)
    assert session.four_colour is False
    session.set_four_colour(True)
    assert session.four_colour is True
    assert SettingChanged(Setting.FOUR_COLOUR, True) in seen

    def suit_classes(game: Game) -> dict[Suit, set[str]]:
        out: dict[Suit, set[str]] = {}
        for p, slot in enumerate(game.tableau):
            if slot is not None and slot.face_up:
                out.setdefault(slot.card.suit, set()).update(classes(app.board.card_buttons[p]))
        return out

    shown = suit_classes(session.game)
    assert all("tp-green" in shown[s] for s in shown if s is Suit.CLUBS)
    assert all("tp-blue" in shown[s] and "tp-red" not in shown[s] for s in shown if s is Suit.DIAMONDS)
    assert Suit.CLUBS in shown and Suit.DIAMONDS in shown  # this deal shows both
    session.deal_random()  # a new deal keeps the setting
    assert session.four_colour is True
    shown = suit_classes(session.game)
    assert not any("tp-red" in shown[s] for s in shown if s is Suit.DIAMONDS)
    session.set_four_colour(False)
    assert not any("tp-blue" in c or "tp-green" in c for c in suit_classes(session.game).values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_four_colour_toggle_says_its_state_in_words(lang):
    app = build_app(CODE, lang=lang)
    toggle = app.keyboard.four_colour
    assert toggle.description == ui_text("deck.four_off", lang)
    toggle.value = True
    assert app.session.four_colour is True
    assert toggle.description == ui_text("deck.four_on", lang)
    app.session.set_four_colour(False)  # the toggle follows the session too
    assert toggle.value is False and toggle.description == ui_text("deck.four_off", lang)


def test_the_waste_card_takes_the_four_colours_too():
    session = PlaySession(Game.from_code(CODE))
    app = TriPeaksApp(session=session)
    while not (isinstance(session.game.waste_top, Card) and session.game.waste_top.suit is Suit.DIAMONDS):
        session.draw()
    assert "tp-red" in app.board.waste_html.value
    session.set_four_colour(True)
    assert "tp-blue" in app.board.waste_html.value and "tp-red" not in app.board.waste_html.value


# ---------------------------------------------------------------- the slide onto the waste
def test_a_play_or_a_draw_slides_onto_the_waste_and_nothing_else_does():
    session = PlaySession(Game.from_code(CODE))
    app = TriPeaksApp(session=session)
    bridge = app.board.bridge
    assert bridge.motion == {}
    p = session.game.playable()[0]
    session.play(p)
    assert bridge.motion["from"] == p
    session.draw()
    assert bridge.motion["from"] == "stock"
    seq = bridge.motion["seq"]
    session.undo()  # the card goes back to the stock: no slide onto the waste
    session.set_language("pt")
    session.restart()
    session.play(12)  # refused (face down): nothing moves
    assert bridge.motion["seq"] == seq


def test_a_motion_starts_at_a_position_or_the_stock():
    bridge = BoardBridge()
    bridge.show_motion(27)
    bridge.show_motion("stock")
    assert bridge.motion == {"seq": 2, "from": "stock"}
    for bad in (28, -1, "waste", True, 3.0):
        with pytest.raises(ValueError, match="position 0–27 or at the stock"):
            bridge.show_motion(bad)
    assert bridge.motion == {"seq": 2, "from": "stock"}


# ---------------------------------------------------------------- keyboard shortcuts
def test_every_shortcut_presses_its_button():
    app = build_app(CODE)
    session, bridge = app.session, app.page_bridge
    assert set(bridge.shortcuts) == {"d", "u", "h", "n", "0", "r", "?", "escape"}
    game = session.game
    assert bridge.press("d") and game.moves == 1 and game.stock_count == 22
    assert bridge.press("u") and game.stock_count == 23
    p = game.playable()[0]
    app.board.card_buttons[p].click()
    assert game.moves == 2  # an undo is not a move (docs/rules.md §4)
    assert bridge.press("h")
    assert session.highlight.positions or session.highlight.stock  # the hint rings a card or the stock
    assert bridge.press("r")  # as Restart does: first "Abandon this game?"
    assert app.confirm.asking and session.game is game
    assert bridge.press("escape")  # Esc answers No: nothing is lost
    assert not app.confirm.asking and session.game is game
    bridge.press("r")
    app.confirm.yes_button.click()
    assert session.game.moves == 0 and session.game is not game
    code = str(session.game.code)
    assert bridge.press("n")
    assert str(session.game.code) != code  # a new random deal
    assert not bridge.press("x") and not bridge.press("q")  # not shortcuts: nothing happens


def test_a_shortcut_does_nothing_when_its_button_is_disabled():
    app = build_app(CODE)
    before = app.session.message
    assert ui(app).undo_button.disabled and ui(app).restart_button.disabled
    app.page_bridge.press("u")
    app.page_bridge.press("r")
    assert app.session.message is before and app.game.moves == 0


def test_n_at_the_end_of_a_game_is_the_new_game_button():
    app = build_app(BLOCKED_AFTER_DRAWS)
    for _ in range(23):
        app.page_bridge.press("d")
    assert app.game.is_over and ui(app).again_button.layout.display is None
    ui(app).code_input.value = "TP1-E-AAAAAAB"  # N there deals a random game, not the code being typed
    app.page_bridge.press("n")
    assert not app.game.is_over and str(app.game.code) != "TP1-E-AAAAAAB"


def test_question_mark_shows_the_help_and_escape_hides_it():
    app = build_app(CODE)
    tools = app.keyboard
    panel = tools.keys_panel
    assert panel.layout.display == "none"
    assert app.side.children[0] is panel  # at the top of the side column (a floating sheet on a phone)
    app.page_bridge.press("?")
    assert panel.layout.display is None and tools.keys_toggle.value is True
    app.page_bridge.press("?")
    assert panel.layout.display == "none"
    tools.keys_toggle.value = True
    app.page_bridge.press("escape")
    assert panel.layout.display == "none"
    tools.keys_toggle.value = True
    tools.keys_close.click()  # its × button
    assert panel.layout.display == "none" and tools.keys_toggle.value is False


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_panel_lists_every_shortcut_in_the_language(lang):
    app = build_app(CODE, lang="en")
    app.set_language(lang)
    text = plain(app.keyboard.keys_help.value)
    for key, what in SHORTCUTS:
        assert ui_text(what, lang) in text
        shown = ui_text("keys.draw_key", lang) if key == "d" else key.upper()
        assert f"<kbd>{shown}</kbd>" in app.keyboard.keys_help.value
    assert "<kbd>R</kbd>" not in app.keyboard.keys_help.value  # restart is listed as 0
    for what in ("keys.move", "keys.play", "keys.intro", "keys.toggle"):
        assert ui_text(what, lang) in text
    assert app.keyboard.keys_toggle.description == ui_text("keys.toggle", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_draw_key_is_no_card_rank_letter_in_any_language(lang):
    """French and Portuguese write the queen D (Dame, Dama): a draw listed as D read as the queen."""
    app = build_app(CODE, lang="en")
    app.set_language(lang)
    ranks = {rank_name(r, lang).casefold() for r in range(1, 14)}
    shown = re.search(
        rf"<kbd>([^<]*)</kbd></th><td>{re.escape(ui_text('keys.draw', lang))}", app.keyboard.keys_help.value
    )
    assert shown is not None and shown.group(1).casefold() not in ranks, shown
    game = app.session.game
    assert app.page_bridge.press(shown.group(1).lower()) and game.stock_count == 22  # the key shown draws
    assert app.page_bridge.press("d") and game.stock_count == 21  # D draws in every language


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_restart_key_is_no_card_rank_letter_in_any_language(lang):
    """French and Portuguese write the king R (Roi, Rei): a restart listed as R read as the king.
    The key listed is checked against every rank of every language, and it restarts; R still does."""
    app = build_app(CODE, lang="en")
    app.set_language(lang)
    ranks = {rank_name(r, other).casefold() for r in range(1, 14) for other in LANGUAGES}
    shown = re.search(
        rf"<kbd>([^<]*)</kbd></th><td>{re.escape(ui_text('keys.restart', lang))}", app.keyboard.keys_help.value
    )
    assert shown is not None and shown.group(1).casefold() not in ranks, shown
    for key in (shown.group(1).lower(), "r"):
        app.session.draw()
        assert app.page_bridge.press(key) and app.confirm.asking  # as Restart does: first the question
        app.confirm.yes_button.click()
        assert app.game.moves == 0


def test_without_hints_there_is_no_h_shortcut_nor_its_line():
    app = build_app(CODE, hints=False)
    assert "h" not in app.page_bridge.shortcuts
    assert ui_text("keys.hint", "en") not in plain(app.keyboard.keys_help.value)
    keys, children = app.keyboard, app.children
    assert compose(app).keyboard is keys and app.children == children  # once per app


def test_page_bridge_accepts_only_known_keys_and_messages_of_its_shape():
    bridge = PageBridge()
    with pytest.raises(traitlets.TraitError, match="unknown shortcut keys"):
        bridge.shortcuts = ["d", "F5"]
    heard = []
    bridge.shortcuts = ["d"]
    bridge.on_key(heard.append)
    bridge._message(bridge, {"key": "d"}, [])  # what the browser sends
    bridge._message(bridge, {"key": 3}, [])
    bridge._message(bridge, "d", [])
    bridge._message(bridge, {"key": "u"}, [])
    assert heard == ["d"]


# ---------------------------------------------------------------- the page
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_language_title_and_live_regions_follow_the_app(lang):
    app = build_app(CODE)
    bridge = app.page_bridge
    assert (bridge.lang, bridge.title) == ("en", ui_text("page.title", "en"))
    app.set_language(lang)
    assert (bridge.lang, bridge.title) == (lang, ui_text("page.title", lang))
    assert bridge.images == {
        ".tp-plot": ui_text("plot.title", lang),
        ".tp-stats-plot": keep_text("stats.plot_alt", lang),
    }
    assert ".tp-status" in bridge.live  # the status line is an ARIA live region
    assert "tp-bridge" in classes(bridge) and bridge in app.children


def test_the_page_titles_are_translated():
    assert len({ui_text("page.title", lang) for lang in LANGUAGES}) == len(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lessons_page_follows_the_language(lang):
    view = LessonView()
    view.set_language(lang)
    assert (view.page_bridge.lang, view.page_bridge.title) == (lang, lesson_text("ui.title", lang))
    assert view.language.description == ui_text("controls.language", lang)  # the menu's accessible name
    assert view.page_bridge.live == ".tp-lesson-feedback"
    view.close()


# ---------------------------------------------------------------- the palette
def _contrast(a: str, b: str) -> float:
    def lum(h: str) -> float:
        r, g, b_ = (int(h[i : i + 2], 16) / 255 for i in (1, 3, 5))
        f = lambda c: c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4  # noqa: E731
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b_)

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


TEXT_PAIRS = [
    ("text", "surface"),
    ("text", "surface-alt"),
    ("text", "field-bg"),
    ("heading", "surface"),
    ("heading", "surface-alt"),
    ("text-muted", "surface"),
    ("text", "info-bg"),
    ("ok-text", "ok-bg"),
    ("ok-text", "surface"),
    ("error-text", "error-bg"),
    ("error-text", "surface"),
    ("warn-text", "warn-bg"),
    ("warn-text", "surface"),
    ("note-text", "note-bg"),
    ("text", "note-bg"),
    ("toggle-text", "toggle-bg"),
    ("toggle-on-text", "toggle-on-bg"),
    ("accent-text", "accent-bg"),
    ("accent-text", "info-button-bg"),
]


@pytest.mark.parametrize("palette", [PALETTE_LIGHT, PALETTE_DARK], ids=["light", "dark"])
def test_the_palettes_text_pairs_meet_wcag_aa(palette):
    assert set(palette) == set(PALETTE_LIGHT)
    low = {f"{fg} on {bg}": round(_contrast(palette[fg], palette[bg]), 2) for fg, bg in TEXT_PAIRS}
    assert {pair: r for pair, r in low.items() if r < 4.5} == {}


def test_the_dark_palette_applies_under_a_dark_page():
    assert 'body[data-jp-theme-light="false"]' in CSS
    for name, value in PALETTE_DARK.items():
        assert f"--tp-{name}: {value}" in CSS
    assert "prefers-reduced-motion: reduce" in CSS


@pytest.mark.parametrize("draws", [0, 1, 3])
def test_shortcuts_act_on_the_session_without_any_other_view(draws):
    """The keyboard needs only the session and a bridge: it presses no other view's button."""
    from tripeaks.app.views.keyboard import AccessTools

    session = PlaySession(Game.from_code(CODE))
    bridge = PageBridge()
    hints: list[int] = []
    tools = AccessTools(session, bridge, hint=lambda: hints.append(session.game.moves))
    for _ in range(draws):
        assert bridge.press("d")
    assert session.game.moves == draws and session.game.stock_count == 23 - draws
    before = session.message
    bridge.press("u")  # undo only when there is something to undo, as the Undo button
    assert session.game.stock_count == 23 - max(draws - 1, 0)
    assert draws or session.message is before  # nothing to undo: not even a message
    bridge.press("h")
    assert hints == [session.game.moves]
    bridge.press("r")  # restart after moves asks first; with no move, it is disabled
    assert (session.pending is not None) is (session.game.moves > 0)
    bridge.press("escape")  # No: nothing lost
    assert session.pending is None and session.game.moves == draws  # an undo is not a move (docs/rules.md §4)
    tools.keys_toggle.value = True
    bridge.press("escape")  # with no question, Esc hides the list
    assert tools.keys_toggle.value is False
