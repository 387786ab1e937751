"""Play feel, driven like a user (headless): one intention gives one deal, "Abandon this game?",
a finished stock after a win, the code box (Enter, dashes, spaces, long pastes, stale errors),
Redo and Rewind (docs/rules.md §2, §4, §5)."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from page import ui
from widget_state import css_classes, plain

from tripeaks import Game, GameCode, Status, WrapRule
from tripeaks.app import TriPeaksApp, build_app
from tripeaks.app.model.session import (
    ConfirmationAsked,
    ConfirmationClosed,
    GameStarted,
    PlaySession,
    ReplaceKind,
)
from tripeaks.i18n import LANGUAGES, explain
from tripeaks.i18n.ui import ui_text
from tripeaks.solver import Verdict, solve

CODE = "TP1-E-AAAAAAB"  # docs/rules.md §5: 7♥ on the waste; 8♦ at position 20 is the one play
PASTED = "TP1-C-AAAAAAD"

# The question and its buttons, written out (not read from the catalogue).
QUESTION = {
    "en": "Abandon this game?",
    "pt": "Abandonar esta partida?",
    "fr": "Abandonner cette partie\u00a0?",
    "es": "¿Abandonar esta partida?",
}
YES_NO = {"en": ("Yes", "No"), "pt": ("Sim", "Não"), "fr": ("Oui", "Non"), "es": ("Sí", "No")}
REDO = {"en": "Redo", "pt": "Refazer", "fr": "Rétablir", "es": "Rehacer"}


class Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def status(app: TriPeaksApp) -> str:
    return plain(ui(app).status.value)


def card(app: TriPeaksApp, p: int):
    return app.board.card_buttons[p]


def press_enter(app: TriPeaksApp) -> None:
    """What the browser sends when Enter is pressed in the code field."""
    ui(app).code_input._handle_custom_msg({"event": "submit"}, [])


def play_to_the_end(app: TriPeaksApp) -> None:
    """Draw while the stock lasts, then play the first playable card, until the game is over."""
    for _ in range(60):
        game = app.game
        if game.is_over:
            return
        if game.can_draw:
            app.board.stock_button.click()
        else:
            card(app, game.playable()[0]).click()
    raise AssertionError("the game did not end")


def started(app: TriPeaksApp) -> list[GameStarted]:
    seen: list[GameStarted] = []
    app.session.subscribe(lambda e: seen.append(e) if isinstance(e, GameStarted) else None)
    return seen


@pytest.fixture
def app() -> TriPeaksApp:
    a = build_app(CODE, hints=False)
    a.session.clock = Clock()
    return a


# ---------------------------------------------------------------- one intention, one deal
def test_a_double_click_on_deal_deals_the_pasted_code_once(app):
    deals = started(app)
    ui(app).code_input.value = PASTED
    ui(app).deal_button.click()
    ui(app).deal_button.click()  # the second click of a double click arrives after the first deal
    assert [str(e.game.code) for e in deals] == [PASTED]
    assert str(app.game.code) == PASTED and ui(app).code_input.value == PASTED
    app.session.clock.now += 60  # however late the second press, the pasted game is not replaced
    ui(app).deal_button.click()
    press_enter(app)
    assert len(deals) == 1 and str(app.game.code) == PASTED


def test_the_dealt_code_leaves_the_field_once_the_game_moves_on(app):
    ui(app).code_input.value = f"  {PASTED.lower()} "
    ui(app).deal_button.click()
    assert ui(app).code_input.value == f"  {PASTED.lower()} "
    app.board.stock_button.click()
    assert ui(app).code_input.value == ""  # the code is in the header; Deal now deals afresh
    ui(app).undo_button.click()
    ui(app).deal_button.click()  # moves were made: asked first
    assert app.confirm.asking and str(app.game.code) == PASTED


def test_a_double_click_on_deal_with_an_empty_field_deals_one_random_game(app):
    deals = started(app)
    ui(app).deal_button.click()
    ui(app).deal_button.click()
    assert len(deals) == 1
    first = app.game
    app.session.clock.now += app.session.double_press + 0.1  # a later press is a new intention
    ui(app).deal_button.click()
    assert len(deals) == 2 and app.game is not first


def test_new_game_pressed_twice_after_the_end_deals_once(app):
    app.set_game(Game.from_code("TP1-C-AAAAAAD"))
    play_to_the_end(app)
    deals = started(app)
    ui(app).again_button.click()
    ui(app).again_button.click()
    assert len(deals) == 1 and app.game.moves == 0


def test_restart_pressed_twice_restarts_once(app):
    app.board.card_buttons[20].click()
    ui(app).restart_button.click()
    ui(app).restart_button.click()  # the question is already open
    app.confirm.yes_button.click()
    app.confirm.yes_button.click()  # a double click on Yes
    assert app.game.moves == 0 and not app.confirm.asking


# ---------------------------------------------------------------- "Abandon this game?"
@pytest.mark.parametrize("lang", LANGUAGES)
def test_deal_asks_before_abandoning_a_game_in_progress(lang):
    app = build_app(CODE, lang=lang, hints=False)
    card(app, 20).click()
    app.board.stock_button.click()
    game, key = app.game, app.game.state_key()
    ui(app).code_input.value = PASTED
    ui(app).deal_button.click()
    assert app.game is game and game.state_key() == key  # nothing replaced yet
    assert app.confirm.layout.display != "none" and app.confirm.asking
    text = plain(app.confirm.question.value)
    assert text.startswith(QUESTION[lang]) and PASTED in text and "2" in text
    assert (app.confirm.yes_button.description, app.confirm.no_button.description) == YES_NO[lang]
    app.confirm.no_button.click()
    assert app.game is game and game.state_key() == key and game.moves == 2  # No: nothing changed or lost
    assert ui(app).code_input.value == PASTED and app.confirm.layout.display == "none"
    ui(app).deal_button.click()
    app.confirm.yes_button.click()
    assert str(app.game.code) == PASTED and app.game.moves == 0 and app.confirm.layout.display == "none"


def test_restart_and_enter_ask_too_and_the_question_follows_the_language(app):
    card(app, 20).click()
    ui(app).restart_button.click()
    assert app.confirm.asking and app.game.moves == 1
    assert "Restart" in plain(app.confirm.question.value)
    app.set_language("fr")
    assert plain(app.confirm.question.value).startswith(QUESTION["fr"])
    app.confirm.no_button.click()
    press_enter(app)  # an empty field: a random deal, asked first as well
    assert app.confirm.asking and app.session.pending.kind is ReplaceKind.RANDOM
    assert app.game.moves == 1


def test_playing_on_closes_the_question(app):
    closed = []
    app.session.subscribe(lambda e: closed.append(e) if isinstance(e, ConfirmationClosed) else None)
    card(app, 20).click()
    ui(app).deal_button.click()
    assert app.confirm.asking
    app.board.stock_button.click()  # the player goes on instead of answering
    assert not app.confirm.asking and app.confirm.layout.display == "none"
    assert [e.confirmed for e in closed] == [False]
    app.confirm.yes_button.click()  # a late Yes: the question was closed, nothing happens
    assert app.game.moves == 2


def test_no_question_without_moves_or_once_the_game_is_over(app):
    asked = []
    app.session.subscribe(lambda e: asked.append(e) if isinstance(e, ConfirmationAsked) else None)
    ui(app).code_input.value = PASTED
    ui(app).deal_button.click()  # no move yet
    assert str(app.game.code) == PASTED
    play_to_the_end(app)  # TP1-C-AAAAAAD cannot be won: it ends blocked
    assert app.game.status is Status.BLOCKED
    ui(app).restart_button.click()
    assert app.game.moves == 0 and asked == []


def test_a_bad_code_is_refused_at_once_without_a_question(app):
    card(app, 20).click()
    ui(app).code_input.value = "TP1-X-AAAAAAD"
    ui(app).deal_button.click()
    assert not app.confirm.asking and "tp-msg-error" in ui(app).new_message.value
    assert app.game.moves == 1


# ---------------------------------------------------------------- after a win
def test_after_a_win_the_stock_is_finished_in_every_language(scripted, clear_order):
    app = TriPeaksApp()
    app.set_game(scripted(clear_order))
    for p in clear_order:
        card(app, p).click()
    stock = app.board.stock_button
    won = status(app)
    for lang in LANGUAGES:
        app.set_language(lang)
        assert stock.disabled and "tp-stock-done" in css_classes(stock)
        assert stock.tooltip == ui_text("stock.done_tip", lang) and str(app.game.stock_count) in stock.description
    app.set_language("en")
    stock.click()  # sent before the page knew
    assert status(app) == won and app.game.moves == 28
    ui(app).undo_button.click()
    app.board.card_buttons[0].click()
    assert status(app) == won


def test_after_time_up_a_late_click_keeps_the_end_of_the_game():
    session = PlaySession(Game.from_code("TP1-E-AAAAAAB-T5"))
    session.run(session.game.expire)
    message = session.message
    session.draw()
    session.play(20)
    assert session.message is message


def test_a_new_game_makes_the_stock_playable_again(scripted, clear_order):
    app = TriPeaksApp()
    app.set_game(scripted(clear_order))
    for p in clear_order:
        card(app, p).click()
    ui(app).again_button.click()
    stock = app.board.stock_button
    assert not stock.disabled and "tp-stock-done" not in css_classes(stock)


# ---------------------------------------------------------------- the code box
def test_enter_in_the_code_field_deals(app):
    ui(app).code_input.value = PASTED
    press_enter(app)
    assert str(app.game.code) == PASTED


@pytest.mark.parametrize(
    "typed", ["TP1 E ISD43YN", "TP1–E–ISD43YN", "TP1—E—ISD43YN", "tp1 ‑ e ‑ isd43yn", "TP1−E−ISD43YN", "TP1 E ISD43YN "]
)
def test_the_code_box_reads_dashes_and_spaces(app, typed):
    ui(app).code_input.value = typed
    ui(app).deal_button.click()
    assert str(app.game.code) == "TP1-E-ISD43YN" and "tp-msg-error" not in ui(app).new_message.value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_paste_is_quoted_by_its_start(lang):
    app = build_app(CODE, lang=lang, hints=False)
    game = app.game
    for pasted in ("TP1-E-" + "A" * 1000, "Z" * 1000, "TP1-E-AAAAAAD-T" + "9" * 1000):
        ui(app).code_input.value = pasted
        ui(app).deal_button.click()
        message = plain(ui(app).new_message.value)
        assert "tp-msg-error" in ui(app).new_message.value and "…" in message and len(message) < 250, message
        assert app.game is game
    ui(app).code_input.value = "TP1-E-" + "A" * 1000
    ui(app).deal_button.click()
    assert "1000" in plain(ui(app).new_message.value).replace(",", "").replace(".", "").replace("\u202f", "").replace(
        "\xa0", ""
    )  # the count is of the whole paste


def test_look_alike_letters_stay_refused(app):
    ui(app).code_input.value = "TP1-E-AAAAAAД"  # a Cyrillic De
    ui(app).deal_button.click()
    assert "Д" in plain(ui(app).new_message.value) and str(app.game.code) == CODE


def test_the_error_goes_once_the_player_acts_again(app):
    def error() -> bool:
        return "tp-msg-error" in ui(app).new_message.value

    ui(app).code_input.value = "TP1-X-AAAAAAD"
    ui(app).deal_button.click()
    assert error()
    ui(app).code_input.value = "TP1-X-AAAAAAD "  # editing the field
    assert not error() and ui(app).new_message.value == ""
    ui(app).deal_button.click()
    assert error()
    card(app, 20).click()  # playing
    assert not error()
    ui(app).deal_button.click()
    app.confirm.no_button.click()
    ui(app).code_input.value = "nonsense"
    ui(app).deal_button.click()
    assert error()
    ui(app).new_rule.value = "C"  # choosing a rule
    assert not error()


# ---------------------------------------------------------------- redo
@pytest.mark.parametrize("lang", LANGUAGES)
def test_redo_button_makes_the_undone_move_again(lang):
    app = build_app(CODE, lang=lang, hints=False)
    assert ui(app).redo_button.description == REDO[lang] and ui(app).redo_button.disabled
    card(app, 20).click()
    ui(app).undo_button.click()
    assert not ui(app).redo_button.disabled and app.game.moves == 1
    ui(app).redo_button.click()
    game = app.game
    assert game.moves == 2 and game.score == 499 and game.tableau[20] is None  # a move, docs/rules.md §4
    assert status(app) == explain(game.history[-1], lang)
    assert ui(app).redo_button.disabled
    ui(app).redo_button.click()  # nothing to redo: refused, nothing changed
    assert game.moves == 2 and "tp-msg-error" in ui(app).status.value
    record = game.to_record()
    assert record["actions"] == ["8D", "U", "8D"] and Game.from_record(record).state_key() == game.state_key()


def test_a_new_move_ends_redo(app):
    card(app, 20).click()
    app.board.stock_button.click()
    ui(app).undo_button.click()
    ui(app).undo_button.click()
    assert not ui(app).redo_button.disabled
    app.board.stock_button.click()  # not the next redo (that is playing 8♦): redo is over
    assert ui(app).redo_button.disabled


# ---------------------------------------------------------------- rewind
@lru_cache(maxsize=1)
def lost_position() -> Game:
    """A game still playing but lost (proven), with undo possible: random play on deal 3, then back one."""
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.from_code("TP1-E-AAAAAAD")
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        while game.can_undo and game.status is not Status.PLAYING:
            game.undo()
        if game.status is Status.PLAYING and game.undo_depth > 1 and solve(game).verdict is Verdict.UNWINNABLE:
            return Game.from_record(game.to_record())
    raise AssertionError("no lost position found")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rewind_is_offered_when_hint_says_lost_and_one_click_makes_the_undos(lang):
    app = build_app(game=Game.from_record(lost_position().to_record()), lang=lang)
    tools = app.hints
    assert tools is not None and tools.rewind_button.layout.display == "none"
    tools.hint_button.click()
    assert tools.rewind_offered and tools.rewind_button.layout.display != "none"
    assert tools.rewind_button.description == ui_text("hints.rewind", lang)
    moves, history, redos = app.game.moves, len(app.game.history), app.game.redo_depth
    tools.rewind_button.click()
    game = app.game
    undos = len(game.history) - history
    assert undos >= 1 and game.moves == moves  # undos, each an ordinary one: the counter stays (docs/rules.md §4)
    assert solve(game).verdict is Verdict.WINNABLE
    back = game.copy()
    back.redo()
    assert solve(back).verdict is Verdict.UNWINNABLE  # the last winnable position, not an earlier one
    assert status(app) == ui_text("hints.rewound", lang, count=undos)
    assert tools.rewind_button.layout.display == "none"  # offered no more: the game changed
    assert game.redo_depth == redos + undos  # Redo can walk forward again


def test_rewind_is_offered_in_a_blocked_game_and_not_without_undo():
    blocked = lost_position().copy()
    while not blocked.is_over:
        blocked.draw() if blocked.can_draw else blocked.play(blocked.playable()[0])
    app = build_app(game=Game.from_record(blocked.to_record()))
    tools = app.hints
    assert blocked.status is Status.BLOCKED  # a lost position cannot end won
    tools.hint_button.click()  # disabled in the page once the game is over; a late click still answers
    assert tools.rewind_offered and status(app) == ui_text("hints.over_blocked")
    lost = build_app(PASTED)  # TP1-C-AAAAAAD: lost from the start, nothing to undo
    lost_tools = lost.hints
    lost_tools.hint_budgets = (30.0,)
    lost_tools.hint_button.click()
    assert not lost_tools.rewind_offered and lost_tools.rewind_button.layout.display == "none"
    assert status(lost) == ui_text("hints.lost_no_undo")


def test_rewind_that_finds_nothing_in_time_says_so_and_changes_nothing():
    app = build_app(game=Game.from_record(lost_position().to_record()))
    tools = app.hints
    tools.hint_button.click()
    tools.max_nodes = 1
    key = app.game.state_key()
    tools.rewind_button.click()
    assert app.game.state_key() == key
    assert status(app) == ui_text("hints.rewind_unknown", ms=round(tools.rewind_budget * 1000))


def test_the_session_undoes_many_all_or_nothing():
    session = PlaySession(Game.from_code(CODE))
    session.play(20)
    with pytest.raises(ValueError):
        session.undo_many(0)
    key = session.game.state_key()
    assert session.undo_many(2) is None and session.game.state_key() == key  # only one undo possible
    events = session.undo_many(1)
    assert events is not None and len(events) == 1 and session.game.moves == 1


def test_random_deals_keep_the_rule_when_asked(app):
    card(app, 20).click()
    ui(app).new_rule.value = "C"
    ui(app).deal_button.click()
    app.confirm.yes_button.click()
    assert app.game.rule is WrapRule.CLASSIC and isinstance(app.game.code, GameCode)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("source", ["record", "layout", "resumed", "replay"])
def test_the_new_game_message_names_only_a_game_dealt_here(app, source, lang):
    """ "Dealt TP1-…" said the latest deal's words over any game put on the table after it: a record
    continued, a replay's step, a game resumed or handed over read as dealt by code."""
    app.set_language(lang)
    ui(app).code_input.value = PASTED
    ui(app).deal_button.click()
    dealt = plain(ui(app).new_message.value)
    assert PASTED in dealt
    app.session.restart()  # the same deal again: still the game dealt
    assert plain(ui(app).new_message.value) == dealt
    other = Game.from_code(CODE)
    other.draw()
    app.session.set_game(other, source)
    assert str(app.game.code) == CODE
    assert plain(ui(app).new_message.value) == ""  # not "Dealt TP1-E-AAAAAAB"
    app.board.stock_button.click()
    ui(app).deal_button.click()  # a random Deal again says what it dealt
    if app.confirm.asking:
        app.confirm.yes_button.click()
    assert str(app.game.code) in plain(ui(app).new_message.value)
