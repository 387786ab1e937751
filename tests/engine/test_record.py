"""Game records (docs/rules.md §6): round trips, custom layouts, and errors that name the first bad part."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_set_strategies import rule_sets as any_rule_sets

from tripeaks import Card, Game, GameCode, RecordError
from tripeaks.engine.codes import N_DEALS
from tripeaks.engine.record import RECORD_FORMAT

LayoutBuilder = Callable[..., Game]


def same_game(a: Game, b: Game) -> None:
    assert a.state_key() == b.state_key()
    assert a.moves == b.moves and a.score == b.score and a.status is b.status
    assert a.history == b.history
    assert a.score_series() == b.score_series()
    assert a.code == b.code and a.rule is b.rule
    assert a.can_undo == b.can_undo


def played_game() -> Game:
    game = Game.from_code("TP1-C-AAAAAAD")
    for _ in range(40):
        actions = game.legal_actions()
        if not actions:
            break
        plays = [a for a in actions if a != "D"]
        game.apply(plays[0] if plays else "D")
        if game.moves % 7 == 0 and game.can_undo:
            game.undo()
    return game


def test_record_shape() -> None:
    game = Game.from_code("TP1-E-AAAAAAD")
    first = game.playable()[0] if game.playable() else None
    if first is not None:
        game.play(first)
    game.draw()
    game.undo()
    rec = game.to_record()
    assert rec["format"] == RECORD_FORMAT == "tripeaks-record/1"
    assert rec["code"] == "TP1-E-AAAAAAD"
    expected = ([str(game.card_at(first))] if first is not None else []) + ["D", "U"]
    assert rec["actions"] == expected
    assert json.loads(json.dumps(rec)) == rec  # JSON-ready
    assert set(rec) == {"format", "code", "actions"}


def test_round_trip_reproduces_the_game() -> None:
    game = played_game()
    assert any(e.kind == "undo" for e in game.history) and any(e.kind == "draw" for e in game.history)
    text = json.dumps(game.to_record())
    for data in (game.to_record(), text, text.encode("utf-8")):
        same_game(Game.from_record(data), game)
    same_game(Game.from_record(json.loads(text)), game)
    same_game(Game.from_record(Game.from_record(game.to_record()).to_record()), game)


def test_round_trip_of_a_won_game(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    game = scripted(["D"] + clear_order)
    game.draw()
    for p in clear_order:
        game.play(p)
    rec = game.to_record()
    assert rec["rule"] == "E" and "code" not in rec
    assert len(rec["layout"]["tableau"]) == 28 and len(rec["layout"]["waste"]) == 1
    assert len(rec["layout"]["stock"]) == 23
    again = Game.from_record(json.loads(json.dumps(rec)))
    same_game(again, game)
    assert again.score == 771 and again.code is None
    assert again.dealt_tableau == game.dealt_tableau and again.dealt_stock == game.dealt_stock


def test_custom_layout_record_keeps_rule_and_cards(layout: LayoutBuilder) -> None:
    game = layout(waste=["AC", "KD"], rules="C")  # a waste of two cards
    game.draw()
    rec = game.to_record()
    assert rec["rule"] == "C" and rec["layout"]["waste"] == ["AC", "KD"] and rec["actions"] == ["D"]
    same_game(Game.from_record(rec), game)


def test_tokens_in_any_case_and_spelling() -> None:
    game = Game.from_code("TP1-E-AAAAAAB")
    p = game.playable()[0]
    card = game.card_at(p)
    spelled = str(card).lower().replace("10", "t")
    replay = Game.from_record({"format": RECORD_FORMAT, "code": "tp1-e-aaaaaab", "actions": [f" {spelled} ", "d", "u"]})
    game.play(p)
    game.draw()
    game.undo()
    same_game(replay, game)


BASE: dict[str, Any] = {"format": RECORD_FORMAT, "code": "TP1-E-AAAAAAB"}


@pytest.mark.parametrize(
    "data, message",
    [
        ("{not json", "not valid JSON"),
        (b"[1, 2", "not valid JSON"),
        ("[]", "must be a JSON object, got list"),
        (42, "must be a JSON object, got int"),
        ({"code": "TP1-E-AAAAAAB"}, "unknown record format None"),
        ({"format": "tripeaks-record/2", "code": "TP1-E-AAAAAAB"}, "unknown record format 'tripeaks-record/2'"),
        ({"format": RECORD_FORMAT}, "needs a 'code' or a 'layout'"),
        ({"format": RECORD_FORMAT, "code": "TP1-X-AAAAAAB"}, "bad code in record: bad rule letter 'X'"),
        ({"format": RECORD_FORMAT, "code": 7}, "bad code in record"),
        ({"format": RECORD_FORMAT, "code": "TP1-E-AAAAAAB", "layout": {}}, "not both"),
        ({"format": RECORD_FORMAT, "layout": {"tableau": []}}, "needs 'tableau', 'waste' and 'stock'"),
        (
            {"format": RECORD_FORMAT, "layout": {"tableau": ["AC"] * 28, "waste": ["AC"], "stock": []}},
            "bad layout in record: card AC",
        ),
        ({**BASE, "actions": "D"}, "'actions' must be a list"),
    ],
)
def test_malformed_records(data: Any, message: str) -> None:
    with pytest.raises(RecordError) as info:
        Game.from_record(data)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def first_actions() -> list[str]:
    """Three legal actions on TP1-E-AAAAAAB: a play if there is one, then draws."""
    game = Game.from_code("TP1-E-AAAAAAB")
    out = []
    for _ in range(3):
        plays = game.playable()
        token = str(game.card_at(plays[0])) if plays else "D"
        game.apply(token)
        out.append(token)
    return out


@pytest.mark.parametrize(
    "bad, index, message",
    [
        (["U", "U", "U", "U"], 3, "not allowed here"),  # three actions to undo, not four
        (["ZZ"], 0, "cannot be read"),
        ([3], 0, "is not text"),
        ([None], 0, "is not text"),
        (["D", "D", "7"], 2, "cannot be read"),
        (["U", "U", "U", "U", "ZZ"], 3, "not allowed here"),  # the first bad one is named, not a later one
    ],
)
def test_bad_actions_name_the_first_bad_index(bad: list[Any], index: int, message: str) -> None:
    good = first_actions()
    data = {**BASE, "actions": good + bad}
    with pytest.raises(RecordError) as info:
        Game.from_record(data)
    text = str(info.value)
    assert f"action {len(good) + index} " in text and message in text
    assert f"action {len(good) + index + 1} " not in text
    assert data["actions"] == good + bad  # the record itself is left alone


def test_undo_with_nothing_to_undo_is_illegal() -> None:
    with pytest.raises(RecordError, match="action 0 .*nothing to undo"):
        Game.from_record({**BASE, "actions": ["U"]})


def test_blocked_card_and_foreign_card_are_illegal() -> None:
    game = Game.from_code("TP1-E-AAAAAAB")
    covered = str(game.card_at(0))  # an apex: face down
    waste = str(game.waste_top)  # on the waste, not in the tableau
    for token, why in ((covered, "blocked"), (waste, "not in the tableau")):
        with pytest.raises(RecordError, match=f"action 0 .*{why}"):
            Game.from_record({**BASE, "actions": [token]})


def test_actions_after_a_win_are_refused(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    game = scripted(clear_order)
    for p in clear_order:
        game.play(p)
    rec = game.to_record()
    rec["actions"].append("D")
    with pytest.raises(RecordError, match="action 28 .*won"):
        Game.from_record(rec)


# ----------------------------------------------------------------- every malformed record is a RecordError
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.parametrize(
    "data",
    [b"\x80\x81", bytearray(b"\xff"), b"", "", "[" * 100_000, "\ud800", "null", "1e999"],
    ids=[
        "bad-utf8",
        "bad-utf8-bytearray",
        "empty-bytes",
        "empty-text",
        "deep-nesting",
        "lone-surrogate",
        "null",
        "huge-number",
    ],
)
def test_unreadable_record_text_raises_record_error(data: Any) -> None:
    with pytest.raises(RecordError):
        Game.from_record(data)


@settings(max_examples=300, deadline=None)
@given(
    field=st.sampled_from(["code", "rule", "layout", "tableau", "waste", "stock", "actions"]),
    value=json_values,
)
def test_any_malformed_field_raises_record_error_and_nothing_else(field: str, value: Any) -> None:
    game = Game.from_code("TP1-E-AAAAAAB")
    layout = {
        "tableau": [str(c) for c in game.dealt_tableau],
        "waste": [str(c) for c in game.initial_waste],
        "stock": [str(c) for c in game.dealt_stock],
    }
    if field in ("tableau", "waste", "stock"):
        data: dict[str, Any] = {"format": RECORD_FORMAT, "rule": "E", "layout": {**layout, field: value}}
    elif field in ("rule", "layout"):
        data = {"format": RECORD_FORMAT, "rule": "E", "layout": layout, field: value}
    else:
        data = {**BASE, field: value}
    try:
        replayed = Game.from_record(data)
    except RecordError:
        return
    assert isinstance(replayed, Game)  # accepted only when it really is a record


@pytest.mark.parametrize("token", ["8ſ", "ＡS", "Aſ", "ı0H", "D\u0307"])
def test_look_alike_letters_are_refused_in_actions_as_in_card_text(token: str) -> None:
    game = Game.from_code("TP1-E-AAAAAAE")
    before = game.state_key()
    with pytest.raises(ValueError):
        Card.parse(token)
    with pytest.raises(ValueError):
        game.apply(token)
    assert game.state_key() == before and not game.history
    with pytest.raises(RecordError, match="cannot be read"):
        Game.from_record({**BASE, "code": "TP1-E-AAAAAAE", "actions": [token]})


def test_every_event_carries_its_record_token() -> None:
    game = Game.from_code("TP1-E-AAAAAAB")
    play = game.play(game.playable()[0])
    draw = game.draw()
    undo = game.undo()
    assert (play.token, draw.token, undo.token) == (str(play.card), "D", "U")
    assert game.to_record()["actions"] == [play.token, "D", "U"]


# ----------------------------------------------------------------- the codec round-trips any game
rule_sets = any_rule_sets()


@st.composite
def random_games(draw: st.DrawFn) -> Game:
    """A game of a random deal under a random rule set, by code or as a custom layout, played at random:
    plays, draws, undos, redos and the timer's end, as many as the game allows up to 60."""
    dealt = Game.from_code(GameCode(draw(rule_sets), draw(st.integers(0, N_DEALS - 1))))
    if draw(st.booleans()):
        dealt = Game.from_layout(dealt.dealt_tableau, dealt.initial_waste, dealt.dealt_stock, rules=dealt.rules)
    for _ in range(draw(st.integers(0, 60))):
        choices: list[Any] = list(dealt.legal_actions())
        choices += ["U"] * dealt.can_undo + ["redo"] * dealt.can_redo
        if dealt.rules.timer is not None and not dealt.is_over:
            choices.append("T")
        if not choices:
            break
        choice = draw(st.sampled_from(choices))
        dealt.redo() if choice == "redo" else dealt.apply(choice)
    return dealt


@settings(max_examples=120, deadline=None)
@given(random_games(), st.sampled_from(["dict", "text", "bytes"]))
def test_any_game_round_trips_through_its_record_as_json(game: Game, form: str) -> None:
    text = json.dumps(game.to_record())
    data: Any = {"dict": json.loads(text), "text": text, "bytes": text.encode("utf-8")}[form]
    again = Game.from_record(data)
    assert again.state_key() == game.state_key()
    assert again.to_record() == game.to_record() == json.loads(text)
    assert [e.token for e in again.history] == [e.token for e in game.history] == again.to_record()["actions"]
    assert again.score == game.score and again.score_parts() == game.score_parts()
    assert again.history == game.history and again.standing_actions == game.standing_actions
    assert again.rules == game.rules and again.code == game.code
    assert again.can_undo == game.can_undo and again.redo_depth == game.redo_depth
    assert ("code" in again.to_record()) == (game.code is not None)
