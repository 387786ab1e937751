"""Sound, off by default: the toggle is a session setting kept with the others, and while it is on
the kernel asks the page for a sound at each play, draw, refusal and win (and at nothing else)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fake_store import FakeStore
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Game, Status
from tripeaks.app.factory import compose
from tripeaks.app.model.events import Setting
from tripeaks.app.model.keeper import STORAGE_KEY
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.sound import SOUNDS, SoundToggle
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.ui import ui_text
from tripeaks.solver import solve

CODE = "TP1-E-AAAAAAB"  # position 20 plays at once; position 18 is refused


def app_on(storage: dict[str, str], code: str = CODE) -> TriPeaksApp:
    app = compose(TriPeaksApp(Game.from_code(code)), store=FakeStore(storage))
    assert app.keep is not None
    app.keep.store.load()
    return app


def toggle(app: TriPeaksApp) -> SoundToggle:
    assert app.keyboard is not None
    return app.keyboard.sound


def heard(sound: SoundToggle) -> list[str]:
    """The sounds the kernel asks the page for from now on."""
    sent: list[str] = []

    def send(content: Any, buffers: Any = None) -> None:
        assert content["kind"] == "sound" and content["name"] in SOUNDS, content
        sent.append(content["name"])

    sound.send = send  # type: ignore[method-assign]
    return sent


def test_sound_is_off_by_default_and_then_nothing_is_sent():
    app = app_on({})
    sound = toggle(app)
    sent = heard(sound)
    assert sound.on is False and app.session.sound is False
    assert sound.label == ui_text("sound.off", "en")
    app.session.play(20)
    app.session.play(18)  # refused
    app.session.draw()
    assert sent == []


def test_the_sound_setting_is_kept_and_restored_after_a_reload():
    storage: dict[str, str] = {}
    app = app_on(storage)
    toggle(app).on = True  # the page's click
    assert app.session.sound is True
    assert app.keep is not None and app.keep.store.saved()["settings"]["sound"] is True
    again = app_on(storage)
    assert again.session.sound is True and toggle(again).on is True
    assert toggle(again).label == ui_text("sound.on", "en")
    again.session.set_sound(False)  # off again: kept off
    third = app_on(storage)
    assert third.session.sound is False and toggle(third).on is False


@pytest.mark.parametrize("stored", [None, "yes", 1, [], {}])
def test_a_stored_sound_that_is_not_true_or_false_leaves_sound_off(stored):
    storage: dict[str, str] = {}
    app = app_on(storage)
    toggle(app).on = True
    doc = json.loads(storage[STORAGE_KEY])
    doc["settings"]["sound"] = stored
    storage[STORAGE_KEY] = json.dumps(doc)
    again = app_on(storage)
    assert again.session.sound is False and toggle(again).on is False


def test_with_sound_on_a_play_a_draw_a_refusal_and_a_win_each_ask_for_their_sound():
    app = app_on({}, "TP1-E-AAAAAAD")
    sound = toggle(app)
    sound.on = True
    sent = heard(sound)
    line = solve(Game.from_code("TP1-E-AAAAAAD")).line
    expected: list[str] = []
    app.session.play(18)  # refused: nothing fits at the start
    expected.append("refusal")
    for action in line:
        if action == "D":
            app.session.draw()
            expected.append("draw")
        else:
            app.session.play(action)
            expected.append("play")
    expected.append("win")
    assert sent == expected


@settings(max_examples=10, deadline=None)
@given(st.lists(st.sampled_from(["play", "draw", "undo", "toggle"]), max_size=16))
def test_a_sound_is_asked_for_exactly_when_sound_is_on(steps):
    app = app_on({})
    sound = toggle(app)
    sent = heard(sound)
    expected: list[str] = []
    for step in steps:
        game = app.game
        if game.is_over:
            break
        if step == "toggle":
            sound.on = not sound.on
        elif step == "undo":  # no sound for an undo; a refused one is a refusal
            refused = not game.can_undo
            app.session.undo()
            expected += ["refusal"] if refused and sound.on else []
        elif step == "draw":
            if game.stock_count:
                app.session.draw()
                expected += ["draw"] if sound.on else []
        elif game.playable():
            app.session.play(game.playable()[0])
            expected += ["play"] if sound.on else []
            if app.game.status is Status.WON and sound.on:
                expected.append("win")
        assert app.session.option(Setting.SOUND) is sound.on
    assert sent == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_toggle_is_labelled_in_every_language(lang):
    app = app_on({})
    app.set_language(lang)
    sound = toggle(app)
    assert sound.label_off == ui_text("sound.off", lang) and sound.label_on == ui_text("sound.on", lang)
    assert sound.label_on != sound.label_off and sound.tip == ui_text("sound.tip", lang)
