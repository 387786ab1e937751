"""The app driven like a user: button clicks, no browser (docs/rules.md §2–§5)."""

from __future__ import annotations

import re

import pytest
from page import ui
from widget_state import css_classes, plain

from tripeaks import DECK, Card, Game, GameCode, Refusal, RuleSet, Status, WrapRule
from tripeaks.app import TriPeaksApp, build_app
from tripeaks.i18n import LANGUAGES, card_name, explain, refusal_message, waste_fit_sentence
from tripeaks.i18n.ui import ui_text

CODE = "TP1-E-AAAAAAB"  # docs/rules.md §5: 7♥ on the waste; 8♦ at position 20 is the one play

# docs/rules.md §2, verbatim.
RULES_NOT_ADJACENT = {
    "en": "It must be one rank higher or lower",
    "pt": "Tem de ter um valor imediatamente superior ou inferior",
    "fr": "La valeur doit être immédiatement supérieure ou inférieure",
    "es": "Tiene que estar un valor por encima o por debajo",  # Spanish: the catalogue's, docs/glossary.es.md
}
RULES_BLOCKED_CARD = {
    "en": "This card is blocked",
    "pt": "Esta carta está bloqueada",
    "fr": "Cette carte est bloquée",
    "es": "Esta carta está bloqueada",
}
RULES_NO_MORE_MOVES = {
    "en": "No more moves possible",
    "pt": "Já não há jogadas possíveis",
    "fr": "Plus aucun coup possible",
    "es": "Ya no hay jugadas posibles",
}


def status(app: TriPeaksApp) -> str:
    return plain(ui(app).status.value)


def card(app: TriPeaksApp, p: int):
    return app.board.card_buttons[p]


def blocked_after_one_play() -> Game:
    """6♣ at 18 plays on 5♣; then nothing fits and the stock is empty (docs/rules.md §2 Blocked)."""
    tableau = {18: Card.parse("6C")}
    base_ranks = iter([10, 11, 12, 13, 10, 11, 12, 13, 10])  # never 5 or 7
    used = {Card.parse("6C"), Card.parse("5C")}
    for p in range(19, 28):
        rank = next(base_ranks)
        c = next(c for c in DECK if c.rank == rank and c not in used)
        tableau[p] = c
        used.add(c)
    rest = [c for c in DECK if c not in used]
    full = [tableau[p] if p in tableau else rest.pop(0) for p in range(28)]
    return Game.from_layout(full, rest + [Card.parse("5C")], [], rules=WrapRule.EASY)


@pytest.fixture
def app() -> TriPeaksApp:
    return build_app(CODE)


# ---------------------------------------------------------------- a known code, plays, draws
def test_known_code_is_shown(app):
    assert str(app.game.code) == CODE
    assert CODE in ui(app).code_label.value
    assert plain(ui(app).score_label.value) == "Score: 500"
    assert plain(ui(app).moves_label.value) == "Moves: 0"
    assert plain(ui(app).rule_label.value) == "Rule: Easy"
    assert "7♥" in app.board.waste_html.value
    assert card(app, 0).description == "Face-down card"
    assert ui(app).undo_button.disabled


def test_legal_play(app):
    assert app.game.playable() == [20]
    card(app, 20).click()
    assert app.game.moves == 1 and app.game.score == 499
    assert "tp-gone" in css_classes(card(app, 20))
    assert "8♦" in app.board.waste_html.value
    assert plain(ui(app).score_label.value) == "Score: 499"
    assert plain(ui(app).moves_label.value) == "Moves: 1"
    assert status(app) == explain(app.game.history[-1])
    assert not ui(app).undo_button.disabled
    log = plain(ui(app).move_log.value)
    assert "Move 1: Played 8♦ on 7♥" in log


def test_draw(app):
    app.board.stock_button.click()
    assert app.game.moves == 1 and app.game.stock_count == 22
    assert app.board.stock_button.description == "Stock: 22"
    assert "10♥" in app.board.waste_html.value
    assert "Drew 10♥" in plain(ui(app).move_log.value)


def test_fast_double_click_is_one_move(app):
    card(app, 20).click()
    card(app, 20).click()  # arrives after the card has gone
    assert app.game.moves == 1
    assert "tp-msg-error" not in ui(app).status.value
    assert len(app.game.history) == 1


def test_undo_and_restart(app):
    card(app, 20).click()
    app.board.stock_button.click()
    ui(app).undo_button.click()
    assert app.game.score == 499 and app.game.moves == 2  # docs/rules.md §4: score back, counter not
    assert app.game.stock_count == 23
    assert "Undid the draw of 10♥" in plain(ui(app).move_log.value)
    assert len(re.findall("<li", ui(app).move_log.value)) == 3  # play, draw, undo: newest first
    assert plain(ui(app).move_log.value).startswith("Undid")
    ui(app).restart_button.click()  # moves made, not over: the app asks first
    assert app.game.moves == 2 and app.confirm.asking
    app.confirm.yes_button.click()
    assert app.game.moves == 0 and app.game.score == 500 and str(app.game.code) == CODE
    assert app.game.dealt_tableau == Game.from_code(CODE).dealt_tableau
    assert "tp-up" in css_classes(card(app, 20))
    assert ui(app).undo_button.disabled and ui(app).restart_button.disabled
    assert status(app) == ui_text("status.restarted")


# ---------------------------------------------------------------- refusals, in every language
@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusals_show_spec_messages(lang):
    app = build_app(CODE, lang=lang)
    before = app.game.state_key()
    card(app, 19).click()  # J♠ on 7♥: face up, exposed, wrong rank
    assert RULES_NOT_ADJACENT[lang] == refusal_message(Refusal.NOT_ADJACENT, lang)
    assert status(app) == f"{RULES_NOT_ADJACENT[lang]} {waste_fit_sentence(Card.parse('7H'), (6, 8), lang)}"
    assert "tp-status-error" in css_classes(ui(app).status)
    card(app, 0).click()  # face down
    assert status(app) == RULES_BLOCKED_CARD[lang]
    card(app, 9).click()  # face down and covered
    assert status(app) == RULES_BLOCKED_CARD[lang]
    ui(app).undo_button.click()  # nothing to undo (a click can still arrive on a disabled button)
    assert status(app) == refusal_message(Refusal.NOTHING_TO_UNDO, lang)
    assert app.game.state_key() == before and app.game.moves == 0
    assert plain(ui(app).move_log.value) == ui_text("log.empty", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stock_empty_and_blocked(lang):
    app = build_app(game=blocked_after_one_play(), lang=lang)
    assert app.game.status is Status.PLAYING
    stock = app.board.stock_button
    assert stock.tooltip == ui_text("stock.empty_tip", lang)  # no draw offered, no "0 left"
    assert stock.tooltip != ui_text("stock.tip", lang, count=0)
    stock.click()
    assert status(app) == refusal_message(Refusal.STOCK_EMPTY, lang)
    assert app.game.moves == 0
    card(app, 18).click()
    assert app.game.status is Status.BLOCKED
    assert RULES_NO_MORE_MOVES[lang] in status(app)
    assert ui_text("status.blocked_help", lang) in status(app)
    assert "tp-status-blocked" in css_classes(ui(app).status)
    # A refused click after the block says why and still says the game is over.
    refused = next(p for p, slot in enumerate(app.game.tableau) if slot is not None)
    card(app, refused).click()
    assert refusal_message(app.game.refusal(refused), lang) in status(app)
    assert RULES_NO_MORE_MOVES[lang] in status(app)
    assert app.game.status is Status.BLOCKED
    # Undo and a new game are offered.
    assert not ui(app).undo_button.disabled
    assert ui(app).again_button.layout.display != "none"
    ui(app).undo_button.click()
    assert app.game.status is Status.PLAYING and ui(app).again_button.layout.display == "none"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_win_and_game_over(lang, scripted, clear_order):
    app = TriPeaksApp(lang=lang)
    app.set_game(scripted(clear_order))
    for p in clear_order:
        card(app, p).click()
    g = app.game
    assert g.status is Status.WON and g.score == 772 and g.moves == 28  # docs/rules.md §3
    assert "772" in status(app)
    assert ui_text("status.won_peaks", lang) in status(app)
    assert "3" in plain(ui(app).peaks_label.value)
    assert ui(app).undo_button.disabled
    assert ui(app).again_button.layout.display != "none"
    won = status(app)
    # The stock looks and acts finished: greyed, disabled, no draw offered; a click that arrives
    # anyway (sent before the page knew) leaves the win message as it is.
    stock = app.board.stock_button
    assert stock.disabled and "tp-stock-done" in css_classes(stock) and g.stock_count > 0
    assert stock.tooltip == ui_text("stock.done_tip", lang)
    stock.click()
    assert status(app) == won and "tp-msg-error" not in ui(app).status.value
    ui(app).undo_button.click()
    assert status(app) == won
    assert g.score == 772 and g.moves == 28
    ui(app).again_button.click()
    assert app.game is not g and app.game.moves == 0 and app.game.rule is WrapRule.EASY


def test_error_help_off_hides_card_refusals(app):
    assert ui(app).error_help.value is True  # on by default
    card(app, 19).click()
    assert status(app).startswith(RULES_NOT_ADJACENT["en"])
    ui(app).error_help.value = False
    assert status(app) == ""
    card(app, 0).click()
    card(app, 19).click()
    assert "tp-msg-error" not in ui(app).status.value
    assert app.game.moves == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_error_help_button_says_its_state_in_words(lang):
    app = build_app(CODE, lang=lang)
    on, off = ui_text("controls.error_help_on", lang), ui_text("controls.error_help_off", lang)
    assert on != off
    assert ui(app).error_help.value is True and ui(app).error_help.description == on
    ui(app).error_help.value = False
    assert ui(app).error_help.description == off and app.session.error_help is False
    ui(app).error_help.value = True
    assert ui(app).error_help.description == on


def test_error_help_state_follows_a_language_switch():
    app = build_app(CODE, lang="en")
    ui(app).error_help.value = False
    app.set_language("fr")
    assert ui(app).error_help.description == ui_text("controls.error_help_off", "fr")
    assert ui(app).error_help.value is False


# ---------------------------------------------------------------- new game panel
def test_pasted_code_deals_those_cards_under_its_rule(app):
    ui(app).new_rule.value = "E"
    ui(app).code_input.value = "  tp1-c-aaaaaad "
    ui(app).deal_button.click()
    expected = Game.from_code("TP1-C-AAAAAAD")
    assert app.game.dealt_tableau == expected.dealt_tableau
    assert app.game.dealt_stock == expected.dealt_stock
    assert app.game.rule is WrapRule.CLASSIC and ui(app).new_rule.value == "E"  # the menu keeps its choice (docs/play)
    assert plain(ui(app).rule_label.value) == "Rule: Classic"
    assert "TP1-C-AAAAAAD" in ui(app).code_label.value
    assert "TP1-C-AAAAAAD" in plain(ui(app).new_message.value)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ("TP2-E-AAAAAAD", "prefix"),
        ("TP1-X-AAAAAAD", "rule"),
        ("TP1-E-AAAA", "length"),
        ("TP1-E-AAAAAA1", "character"),
        ("TP1-E-AAAAAAD-S-7", "parts"),
        ("TP1-E-AAAAAAD-7", "flag"),  # a fourth part holds rule flags (docs/rules.md §8)
        ("TP1-E-AAAAAAD-T99", "timer"),
    ],
)
def test_invalid_code_leaves_the_game_alone(lang, bad, reason):
    app = build_app(CODE, lang=lang)
    card(app, 20).click()
    game, before = app.game, app.game.state_key()
    ui(app).code_input.value = bad
    ui(app).deal_button.click()
    assert app.game is game and game.state_key() == before
    message = plain(ui(app).new_message.value)
    assert "tp-msg-error" in ui(app).new_message.value
    template = ui_text(f"code.{reason}", lang, part="§", count=0)
    assert template.split("§")[0] in message  # the sentence for this very problem
    bad_part = {
        "prefix": "TP2",
        "rule": "X",
        "length": "AAAA",
        "character": "1",
        "parts": "TP1-E-AAAAAAD-S-7",
        "flag": "7",
        "timer": "T99",
    }[reason]
    assert bad_part in message  # names the problem


def test_empty_code_deals_a_random_game_of_the_chosen_rule(app):
    old = app.game
    ui(app).new_rule.value = "C"
    ui(app).deal_button.click()
    assert app.game is not old and app.game.rule is WrapRule.CLASSIC and app.game.moves == 0
    assert isinstance(app.game.code, GameCode)
    assert str(app.game.code) in ui(app).code_label.value


# ---------------------------------------------------------------- language switch
def test_language_switch_changes_everything_at_once(layout):
    game = layout({18: "QH", 19: "KS", 20: "AC"}, waste="2C")
    app = build_app(game=game)
    card(app, 20).click()  # A♣ on 2♣
    card(app, 21).click()  # refused or not: some status either way
    ui(app).language.value = "pt"
    assert ui(app).undo_button.description == "Anular"
    assert ui(app).restart_button.description == "Recomeçar"
    assert card(app, 18).description == "D♥" and card(app, 19).description == "R♠"
    assert plain(ui(app).score_label.value).startswith("Pontuação")
    assert plain(ui(app).move_log.value).startswith("Jogada 1: Jogou o A♣ sobre o 2♣")
    assert "Carta virada" in card(app, 0).description
    assert [label for label, _ in ui(app).new_rule.options] == [
        "Fácil",
        "Clássica",
        "Tradicional",
        "Tri Peaks",
        "Tri Peaks Fácil",
        "Personalizada",
    ]
    app.set_language("fr")
    assert app.lang == "fr" and ui(app).undo_button.description == "Annuler"
    assert plain(ui(app).move_log.value).startswith("Coup 1\u00a0: Vous avez joué l'A♣ sur le 2♣")
    assert card(app, 18).description == "D♥"
    assert card_name("QH", "fr") == "D♥"
    app.set_language("en")
    assert card(app, 18).description == "Q♥"


# ---------------------------------------------------------------- score plot
def test_plot_is_redrawn_after_each_action(app):
    first = bytes(ui(app).plot_image.value)  # drawn with the app
    assert first.startswith(b"\x89PNG")
    card(app, 20).click()
    second = bytes(ui(app).plot_image.value)
    assert second.startswith(b"\x89PNG") and second != first
    ui(app).undo_button.click()
    assert bytes(ui(app).plot_image.value) != second
    figure = app.plot_panel.plot.figure
    app.board.stock_button.click()
    assert app.plot_panel.plot.figure is figure and len(figure.axes) == 2  # one Figure (score + run bars axes), reused


# ---------------------------------------------------------------- failures
def test_a_failing_callback_shows_a_message_and_keeps_the_game(app, monkeypatch):
    import tripeaks.i18n.session as messages_module  # where the session's messages are built

    before = app.game.state_key()

    def boom(*args, **kwargs):
        raise RuntimeError("simulated failure")

    monkeypatch.setattr(messages_module, "explain", boom)  # fails after the engine has already played
    card(app, 20).click()
    assert status(app) == ui_text("status.failure")
    assert app.game.state_key() == before and app.game.moves == 0
    assert "tp-up" in css_classes(card(app, 20))  # the board shows the restored game
    assert "Traceback" not in ui(app).status.value
    monkeypatch.undo()
    card(app, 20).click()  # and the app still works
    assert app.game.moves == 1


def test_a_failing_deal_keeps_the_game(app, monkeypatch):
    card(app, 20).click()
    game, before = app.game, app.game.state_key()

    def boom(*args, **kwargs):
        raise RuntimeError("simulated failure")

    monkeypatch.setattr(Game, "from_code", boom)
    ui(app).code_input.value = "TP1-E-AAAAAAD"
    ui(app).deal_button.click()
    app.confirm.yes_button.click()  # a game in progress: the deal comes after a Yes
    assert app.game is game and game.state_key() == before
    assert status(app) == ui_text("status.failure")


def test_a_click_arriving_during_another_action_is_ignored(app):
    nested = []

    def click_again(event):
        nested.append(app.game.moves)
        card(app, 21).click()  # re-entrant: arrives while the first action is still being handled
        app.board.stock_button.click()

    app.session.subscribe(click_again)
    card(app, 20).click()
    assert nested and app.game.moves == 1 and app.game.stock_count == 23


def test_css_hooks_are_in_place(app):
    """The stable class names the browser tests use (see the views' modules)."""
    hooks = {
        "tp-undo": ui(app).undo_button,
        "tp-restart": ui(app).restart_button,
        "tp-error-help": ui(app).error_help,
        "tp-lang": ui(app).language,
        "tp-status": ui(app).status,
        "tp-score": ui(app).score_label,
        "tp-moves": ui(app).moves_label,
        "tp-rule": ui(app).rule_label,
        "tp-code": ui(app).code_label,
        "tp-new-rule": ui(app).new_rule,
        "tp-code-input": ui(app).code_input,
        "tp-deal": ui(app).deal_button,
        "tp-new-message": ui(app).new_message,
        "tp-log": ui(app).move_log,
        "tp-plot": ui(app).plot_image,
        "tp-stock": app.board.stock_button,
        "tp-waste": app.board.waste_html,
        "tp-app": app,
    }
    for name, widget in hooks.items():
        assert name in css_classes(widget), name
    for p, button in enumerate(app.board.card_buttons):
        assert {"tp-card", f"tp-pos-{p}"} <= css_classes(button)


def test_extension_hooks_for_a_hint_button_and_deal_options(app):
    import ipywidgets as widgets

    hint = widgets.Button(description="Hint")
    hint.add_class("tp-hint")
    app.add_control(hint)
    assert hint in app.controls.children
    option = widgets.Checkbox(description="only winnable deals")
    app.add_new_game_control(option)
    chosen = []

    def only_this_deal(rule):
        chosen.append(rule)
        return Game.from_code(GameCode(rule, 3))

    app.session.random_game = only_this_deal
    ui(app).new_rule.value = "C"
    ui(app).deal_button.click()
    assert chosen == [RuleSet.from_rule(WrapRule.CLASSIC)] and str(app.game.code) == "TP1-C-AAAAAAD"
    app.show_message(lambda lang: ui_text("controls.hint", lang))
    assert status(app) == "Hint"
    app.set_language("pt")
    assert status(app) == "Dica"
