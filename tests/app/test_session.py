"""The play session (tripeaks/app/model/session.py): the model every view observes, without widgets."""

from __future__ import annotations

import sys

import ipywidgets as widgets
import pytest
from page import ui
from widget_state import plain

from tripeaks import Card, Game, GameCode, Refusal, Status, WrapRule
from tripeaks.app import build_app
from tripeaks.app.model.session import (
    CodeRejected,
    GameFinished,
    GameOver,
    GameSource,
    GameStarted,
    HighlightChanged,
    LanguageChanged,
    MessageChanged,
    MessageKind,
    MoveMade,
    MoveRefused,
    MoveUndone,
    PlaySession,
    SessionEvent,
    Setting,
    SettingChanged,
    StateRestored,
)
from tripeaks.i18n import explain, refusal_message, status_message, waste_fit_sentence
from tripeaks.i18n.ui import ui_text

CODE = "TP1-E-AAAAAAB"  # docs/rules.md §5: 7♥ on the waste; 8♦ at position 20 is the one play


class Recorder:
    """An observer that keeps every event."""

    def __init__(self, session: PlaySession) -> None:
        self.events: list[SessionEvent] = []
        session.subscribe(self.events.append)

    def kinds(self) -> list[str]:
        return [type(e).__name__ for e in self.events]

    def clear(self) -> None:
        self.events.clear()


@pytest.fixture
def session() -> PlaySession:
    return PlaySession(Game.from_code(CODE))


def test_the_session_imports_no_widget_library():
    import subprocess

    code = "import sys, tripeaks.app.model.session; print('ipywidgets' in sys.modules, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


# ---------------------------------------------------------------- moves
def test_a_play_sends_the_engine_event_then_the_message(session):
    seen = Recorder(session)
    event = session.play(20)
    assert event is not None and str(event.card) == "8D"
    assert seen.kinds() == ["MoveMade", "MessageChanged"]
    assert seen.events[0] == MoveMade(event)
    assert session.message.sentences("pt") == (explain(event, "pt"),)
    assert session.message.kind is MessageKind.INFO


def test_an_undo_sends_move_undone(session):
    session.play(20)
    seen = Recorder(session)
    undo = session.undo()
    assert undo is not None and seen.events[0] == MoveUndone(undo)
    assert (session.game.score, session.game.moves) == (500, 1)


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_a_refused_card_sends_the_refusal_and_says_why(lang):
    session = PlaySession(Game.from_code(CODE), lang)
    seen = Recorder(session)
    before = session.game.state_key()
    assert session.play(19) is None  # J♠ on 7♥
    assert seen.events[0] == MoveRefused(19, Refusal.NOT_ADJACENT)
    fits = waste_fit_sentence(Card.parse("7H"), (6, 8), lang)  # which ranks would fit, after the rule's words
    assert session.message.sentences(lang) == (refusal_message(Refusal.NOT_ADJACENT, lang), fits)
    assert session.message.kind is MessageKind.ERROR and session.game.state_key() == before


def test_with_error_help_off_a_refused_card_is_still_an_event_but_says_nothing(session):
    session.play(19)
    seen = Recorder(session)
    session.set_error_help(False)  # the refusal on screen goes away
    assert seen.events == [SettingChanged(Setting.ERROR_HELP, False), MessageChanged(session.message)]
    assert session.message.sentences("en") == ()
    seen.clear()
    session.play(0)
    assert seen.events == [MoveRefused(0, Refusal.BLOCKED)]
    session.undo()  # nothing to undo: always said
    assert session.message.sentences("en") == (refusal_message(Refusal.NOTHING_TO_UNDO, "en"),)


def test_the_second_click_of_a_double_click_says_nothing(session):
    session.play(20)
    message = session.message
    seen = Recorder(session)
    session.play(20)
    assert seen.events == [MoveRefused(20, Refusal.EMPTY)] and session.message is message


def test_the_winning_move_is_followed_by_game_over(scripted, clear_order):
    session = PlaySession(scripted(clear_order), "fr")
    seen = Recorder(session)
    for p in clear_order:
        session.play(p)
    assert seen.events[-2] == GameOver(Status.WON, 772)  # then GameFinished (below)
    assert sum(isinstance(e, GameOver) for e in seen.events) == 1
    assert session.message.kind is MessageKind.WON
    assert session.message.sentences("fr")[0] == status_message(Status.WON, "fr", 772)


# ---------------------------------------------------------------- games put on the table
def test_every_new_game_says_where_it_came_from(session):
    seen = Recorder(session)
    session.play(20)
    session.restart()
    session.deal_code("TP1-C-AAAAAAD")
    session.random_game = lambda rule: Game.from_code(GameCode(rule, 7))
    session.deal_random()
    record = Game.from_record({"format": "tripeaks-record/1", "code": CODE, "actions": ["D"]})
    session.set_game(record, GameSource.RECORD)
    session.set_game(Game.from_code(CODE))
    started = [(e.source, str(e.game.code)) for e in seen.events if isinstance(e, GameStarted)]
    assert started == [
        (GameSource.RESTART, CODE),
        (GameSource.CODE, "TP1-C-AAAAAAD"),
        (GameSource.RANDOM, "TP1-E-AAAAAAH"),  # a dealt code leaves the rule set of the next deal alone
        (GameSource.RECORD, CODE),
        (GameSource.LAYOUT, CODE),
    ]
    assert session.game.moves == 0 and session.deal_rule is WrapRule.EASY


def test_a_code_that_cannot_be_read_is_rejected_and_changes_nothing(session):
    session.play(20)
    game, before = session.game, session.game.state_key()
    seen = Recorder(session)
    assert session.deal_code("TP1-X-AAAAAAD") is None
    assert len(seen.events) == 1 and isinstance(seen.events[0], CodeRejected)
    assert seen.events[0].error.reason == "rule" and seen.events[0].text == "TP1-X-AAAAAAD"
    assert session.game is game and game.state_key() == before


# ---------------------------------------------------------------- language and messages
def test_the_message_follows_a_language_switch(session):
    event = session.play(20)
    assert event is not None
    seen = Recorder(session)
    session.set_language("fr")
    assert seen.events == [LanguageChanged("fr", "en")]
    assert session.message.sentences(session.lang) == (explain(event, "fr"),)
    session.set_language("fr")  # no change, no event
    assert len(seen.events) == 1


@pytest.mark.parametrize("bad", ["de", "EN", "", None, 3])
def test_an_unknown_language_is_a_value_error_naming_the_languages(session, bad):
    seen = Recorder(session)
    with pytest.raises(ValueError, match=r"unknown language .*: use one of en, pt, fr"):
        session.set_language(bad)
    assert session.lang == "en" and seen.events == []


def test_a_message_of_a_view_is_shown_in_any_language(session):
    session.show_message(lambda lang: ui_text("controls.hint", lang))
    assert session.message.sentences("pt") == ("Dica",)
    session.play(20)  # a move says what it did instead
    assert session.message.sentences("en")[0].startswith("Played")


def test_a_highlight_lasts_until_the_game_changes(session):
    seen = Recorder(session)
    session.set_highlight([20], stock=True)
    assert seen.events == [HighlightChanged(frozenset({20}), True)] and session.highlight.positions == {20}
    session.set_language("pt")
    assert session.highlight.positions == {20}
    session.draw()
    assert session.highlight == HighlightChanged(frozenset(), False)


# ---------------------------------------------------------------- the guard
def test_a_failing_observer_puts_the_game_back_and_says_so(session):
    def fails_on_moves(event):
        if isinstance(event, MoveMade):
            raise RuntimeError("a view failed")

    session.subscribe(fails_on_moves)
    seen = Recorder(session)
    before = (session.game.state_key(), session.game.moves)
    assert session.play(20) is None
    assert (session.game.state_key(), session.game.moves) == before
    assert isinstance(seen.events[-2], StateRestored) and seen.events[-2].game is session.game
    assert session.message.sentences("en") == (ui_text("status.failure", "en"),)
    assert session.message.kind is MessageKind.ERROR
    assert session.draw() is None  # still guarded, still unchanged
    assert session.game.moves == 0


def test_events_sent_while_observers_run_arrive_in_the_same_order_for_everyone(session):
    def hint_on_move(event):
        if isinstance(event, MoveMade):
            session.show_message(lambda lang: "after the move")

    (first,) = [Recorder(session)]
    session.subscribe(hint_on_move)
    last = Recorder(session)
    session.play(20)
    assert first.kinds() == last.kinds() == ["MoveMade", "MessageChanged", "MessageChanged"]
    assert [e.message.sentences("en") for e in last.events[1:]] == [  # type: ignore[union-attr]
        (explain(session.game.history[-1], "en"),),
        ("after the move",),
    ]
    assert session.message.sentences("en") == ("after the move",)


def test_a_game_action_asked_for_during_another_is_ignored(session):
    def play_again(event):
        if isinstance(event, MoveMade):
            assert session.draw() is None

    session.subscribe(play_again)
    session.play(20)
    assert session.game.moves == 1 and session.game.stock_count == 23


def test_a_closed_session_does_nothing(session):
    seen = Recorder(session)
    session.close()
    assert session.closed and session.play(20) is None and session.game.moves == 0 and seen.events == []


# ---------------------------------------------------------------- the payoff: a new view, nothing else edited
class MoveCounter(widgets.Label):
    """A view written after the app: the move counter in words, following the session only."""

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self._session = session
        session.subscribe(lambda _event: self.show())
        self.show()

    def show(self) -> None:
        self.value = ui_text("header.moves", self._session.lang, moves=self._session.game.moves)


def test_a_new_observer_needs_no_change_to_any_other_view():
    app = build_app(CODE)
    counter = MoveCounter(app.session)
    app.add_control(counter)
    assert counter in app.controls.children and counter.value == "Moves: 0"
    app.board.card_buttons[20].click()
    app.board.stock_button.click()
    assert counter.value == "Moves: 2" == plain(ui(app).moves_label.value)
    ui(app).undo_button.click()  # docs/rules.md §4: the counter stays
    assert counter.value == "Moves: 2"
    app.set_language("pt")
    assert counter.value == "Jogadas: 2" == plain(ui(app).moves_label.value)
    ui(app).restart_button.click()
    app.confirm.yes_button.click()  # "Abandon this game?" Yes
    assert counter.value == "Jogadas: 0"
    ui(app).code_input.value = "TP1-C-AAAAAAD"
    ui(app).deal_button.click()
    assert counter.value == "Jogadas: 0" and str(app.game.code) == "TP1-C-AAAAAAD"


# ---------------------------------------------------------------- finished games (results, statistics)
def finished(seen: Recorder) -> list[tuple[str | None, Status]]:
    return [(str(e.game.code) if e.game.code else None, e.status) for e in seen.events if isinstance(e, GameFinished)]


def play_to_the_end(session: PlaySession) -> None:
    """The first playable card, else a draw, until the game is over."""
    while not session.game.is_over:
        plays = session.game.playable()
        if plays:
            session.play(plays[0])
        else:
            session.draw()


def test_a_won_game_is_finished_once_right_after_game_over(scripted, clear_order):
    session = PlaySession(scripted(clear_order))
    seen = Recorder(session)
    for p in clear_order:
        session.play(p)
    game = session.game
    assert seen.kinds()[-2:] == ["GameOver", "GameFinished"]
    assert seen.events[-1] == GameFinished(game, Status.WON) and not seen.events[-1].abandoned
    seen.clear()
    session.restart()  # the won game leaves the table: it was already finished
    assert finished(seen) == [] and seen.kinds()[0] == "GameStarted"


def test_a_blocked_game_is_finished_when_it_leaves_the_table_since_undo_can_revive_it():
    session = PlaySession(Game.from_code("TP1-C-AAAAAAD"))
    seen = Recorder(session)
    play_to_the_end(session)
    assert session.game.status is Status.BLOCKED and finished(seen) == []
    assert any(isinstance(e, GameOver) for e in seen.events)
    session.undo()  # docs/rules.md §4: back into play
    play_to_the_end(session)
    assert finished(seen) == []
    blocked = session.game
    seen.clear()
    session.deal_code(CODE)
    assert seen.kinds()[:2] == ["GameFinished", "GameStarted"]
    assert seen.events[0] == GameFinished(blocked, Status.BLOCKED)


def test_a_game_left_after_a_move_is_abandoned_and_one_left_without_a_move_is_not(session):
    seen = Recorder(session)
    session.deal_code("TP1-C-AAAAAAD")  # no move on the first game: never played
    assert finished(seen) == []
    session.draw()
    session.restart()  # the same cards again: the game with a move was abandoned
    session.restart()  # no move since: nothing
    session.draw()
    session.undo()  # a move made and undone is still a move (docs/rules.md §4)
    session.random_game = lambda rule: Game.from_code(GameCode(rule, 7))
    session.deal_random()
    assert finished(seen) == [("TP1-C-AAAAAAD", Status.PLAYING), ("TP1-C-AAAAAAD", Status.PLAYING)]
    assert all(e.abandoned for e in seen.events if isinstance(e, GameFinished))


def test_a_game_whose_time_ran_out_is_finished_as_time_up():
    game = Game.from_code("TP1-E-AAAAAAB-T1")
    game.draw()
    game.expire()  # docs/rules.md §8: the app's clock ended it
    session = PlaySession(game)
    seen = Recorder(session)
    session.deal_code(CODE)
    assert finished(seen) == [("TP1-E-AAAAAAB-T1", Status.TIME_UP)]
