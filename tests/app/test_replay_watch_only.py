"""Watching a record is left only by *Continue from here* or *Back to my game* (docs/play/records.md):
a stray click on a card, the stock, Undo or Redo on a watched step plays nothing, counts nothing
and says, in the player's language, what to press.  Headless: the app, its replay panel and the
keeper on a fake store."""

from __future__ import annotations

from fake_store import kept_app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page import ui
from widget_state import plain

from tripeaks import Game
from tripeaks.engine.record import Replay
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.keep import keep_text

CODE = "TP1-E-AAAAAAD"


@st.composite
def records(draw) -> dict:
    """A record of random plays, draws and undos of one deal."""
    game = Game.from_code(CODE)
    for _ in range(draw(st.integers(0, 25))):
        choices: list = [*game.legal_actions(), *["U"] * game.can_undo]
        if not choices:
            break
        game.apply(draw(st.sampled_from(choices)))
    return game.to_record()


def expected_line(lang: str) -> str:
    return keep_text("replay.watch_only", lang, button=keep_text("replay.continue", lang))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=records(),
    data=st.data(),
    lang=st.sampled_from(sorted(LANGUAGES)),
    clicks=st.lists(st.one_of(st.integers(0, 27), st.sampled_from(["D", "U", "R"])), min_size=1, max_size=6),
)
def test_a_stray_click_on_a_watched_step_plays_nothing_and_says_what_to_press(record, data, lang, clicks):
    app, kept = kept_app()
    mine = app.game
    app.session.draw()  # a game of the player's, set aside while the record is watched
    app.set_language(lang)
    panel = kept.replay
    assert panel.watch(record)
    steps = Replay(record).steps
    panel.slider.value = data.draw(st.integers(0, steps))
    shown = app.game
    before = (shown.state_key(), shown.moves, len(shown.history))
    # Undo and Redo would be refused: they look it (they looked enabled on a step with moves)
    assert ui(app).undo_button.disabled and ui(app).redo_button.disabled
    for click in clicks:
        if click == "D":
            app.board.stock_button.click()
        elif click == "U":
            ui(app).undo_button.click()
        elif click == "R":
            ui(app).redo_button.click()
        else:
            app.board.card_buttons[click].click()
    assert panel.watching and app.game is shown and not app.session.counts
    assert (shown.state_key(), shown.moves, len(shown.history)) == before
    assert app.session.set_aside is mine  # the player's own game is still there to come back to
    if app.session.message.sentences(lang) != (expected_line(lang),):
        # a disabled control (Undo with nothing to undo) takes no click: nothing was refused or said
        assert all(c in ("U", "R") for c in clicks), app.session.message.sentences(lang)
    assert kept.keeper.history == ()
    panel.back_button.click()
    assert app.game is mine and app.session.counts and not panel.watching
    assert not ui(app).undo_button.disabled  # the player's own draw can be undone again


def test_a_click_on_a_card_while_watching_is_refused_with_the_line_and_continue_takes_over():
    app, kept = kept_app()
    app.session.draw()
    app.set_language("fr")
    panel = kept.replay
    panel.watch({"format": "tripeaks-record/1", "code": CODE, "actions": ["D"]})
    panel.slider.value = 1
    step = app.game
    playable = step.playable()
    assert playable
    app.board.card_buttons[playable[0]].click()
    assert panel.watching and app.game is step and step.moves == 1
    assert plain(ui(app).status.value) == expected_line("fr")
    assert app.refusal_note.shown  # said over the board as well
    assert not panel.continue_button.disabled and panel.continue_button.button_style == "success"
    panel.continue_button.click()
    assert not panel.watching and app.session.counts
    app.board.card_buttons[playable[0]].click()  # now a move of the player's
    assert app.game.moves == 2
