"""The replay panel lists the record's moves in the player's language (docs/play/records.md): a card as
the move log names it (Q♥ is D♥ in French and Portuguese), a draw, an undo and the timer's end in
words — never the record's tokens ("QH", "D"), which stay as they are in the record itself."""

from __future__ import annotations

import html
import re

from fake_store import kept_app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks import Game
from tripeaks.engine.game import DrawEvent, PlayEvent, UndoEvent
from tripeaks.engine.record import Replay
from tripeaks.i18n import LANGUAGES, card_name
from tripeaks.i18n.keep import keep_text

CODES = ("TP1-E-AAAAAAD", "TP1-C-AAAAAAD-SR", "TP1-E-AAAABCD-T2", "TP1-E-AAAAAAB-JWP")


@st.composite
def records(draw) -> dict:
    game = Game.from_code(draw(st.sampled_from(CODES)))
    for _ in range(draw(st.integers(1, 30))):
        choices: list = [*game.legal_actions(), *["U"] * game.can_undo]
        if game.rules.timer is not None and not game.is_over:
            choices.append("T")
        if not choices:
            break
        game.apply(draw(st.sampled_from(choices)))
    return game.to_record()


def listed(value: str) -> dict[int, str]:
    """The moves listed: number -> what the player reads."""
    items = re.findall(r"<li(?: [^>]*)?>(\d+)\.\u00a0(.*?)</li>", value)
    return {int(n): html.unescape(text) for n, text in items}


def expected(event: object, lang: str) -> str:
    if isinstance(event, PlayEvent):
        return card_name(event.card, lang)
    if isinstance(event, DrawEvent):
        return keep_text("replay.move_draw", lang)
    if isinstance(event, UndoEvent):
        return keep_text("replay.move_undo", lang)
    return keep_text("replay.move_time_up", lang)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=records(), data=st.data(), lang=st.sampled_from(sorted(LANGUAGES)))
def test_the_moves_near_the_step_read_in_the_players_language(record, data, lang):
    app, kept = kept_app()
    app.set_language(lang)
    panel = kept.replay
    assert panel.watch(record)
    replay = Replay(record)
    step = data.draw(st.integers(0, replay.steps))
    panel.slider.value = step
    shown = listed(panel.moves.value)
    assert shown, panel.moves.value
    assert (step in shown) is (step >= 1) and all(abs(n - step) <= 5 for n in shown)
    for number, text in shown.items():
        event = replay.game_at(number).history[-1]
        assert text == expected(event, lang), (number, record["actions"][number - 1])
    here = re.search(r'class="tp-replay-here"[^>]*>(\d+)\.', panel.moves.value)
    assert (here is not None and int(here.group(1)) == step) is (step >= 1)
    assert keep_text("replay.moves", lang) in html.unescape(panel.moves.value)
    # the record to copy keeps its tokens, and a language switch re-reads the moves
    other = "fr" if lang != "fr" else "pt"
    app.set_language(other)
    for number, text in listed(panel.moves.value).items():
        assert text == expected(replay.game_at(number).history[-1], other)


def test_a_queen_and_a_draw_read_in_french_and_the_line_goes_when_watching_ends():
    app, kept = kept_app()
    app.set_language("fr")
    panel = kept.replay
    panel.watch({"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["D", "QD", "JD"]})
    panel.slider.value = 2
    assert listed(panel.moves.value) == {1: "piocher", 2: "D♦", 3: "V♦"}
    assert "QD" not in panel.moves.value and panel.moves.layout.display is None
    panel.back_button.click() if panel.back_button.layout.display != "none" else app.session.deal_random()
    assert not panel.watching and panel.moves.layout.display == "none"
