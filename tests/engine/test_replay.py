"""Stepping through a record (tripeaks.engine.record.Replay): each step is the game after that many actions."""

from __future__ import annotations

import json
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_record import random_games

from tripeaks import Game, RecordError
from tripeaks.engine.record import Replay


@st.composite
def played_records(draw):
    game = Game.from_code(f"TP1-E-AAAAA{draw(st.sampled_from('ABCD'))}{draw(st.sampled_from('ABCD'))}")
    for _ in range(draw(st.integers(0, 30))):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(draw(st.sampled_from(actions)))
    return game.to_record()


@settings(max_examples=40, deadline=None)
@given(played_records())
def test_each_step_is_the_record_replayed_up_to_it(record):
    replay = Replay(record)
    assert replay.steps == len(record["actions"])
    for k in range(replay.steps + 1):
        expected = Game.from_record({**record, "actions": record["actions"][:k]})
        got = replay.game_at(k)
        assert got.state_key() == expected.state_key()
        assert got.moves == expected.moves and got.can_undo == expected.can_undo
        assert got.to_record() == expected.to_record()


def test_steps_are_independent_copies():
    replay = Replay({"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAB", "actions": ["8D", "D"]})
    first = replay.game_at(1)
    first.draw()
    assert replay.game_at(1).moves == 1 and replay.game_at(2).moves == 2
    assert replay.token(0) == "8D" and replay.token(1) == "D"


def test_steps_outside_the_record_are_refused():
    replay = Replay({"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAB", "actions": ["8D"]})
    for bad in (-1, 2):
        with pytest.raises(IndexError):
            replay.game_at(bad)
    with pytest.raises(IndexError):
        replay.token(1)


@pytest.mark.parametrize(
    "record",
    [
        "not json",
        {"format": "tripeaks-record/9", "code": "TP1-E-AAAAAAB"},
        {"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAB", "actions": ["KS", "KS"]},
        {"format": "tripeaks-record/1", "code": "TP1-Q-AAAAAAB", "actions": []},
    ],
)
def test_a_bad_record_gets_the_engines_record_error(record):
    with pytest.raises(RecordError):
        Replay(record)


@st.composite
def played_live(draw):
    """A random game played action by action, with a snapshot of what it looked like after each action."""
    game = draw(random_games())
    record = game.to_record()
    live = Game.from_record({**record, "actions": []})
    snapshots = [(live.state_key(), live.moves, live.score_parts(), live.to_record())]
    for token in record["actions"]:
        live.apply(token)
        snapshots.append((live.state_key(), live.moves, live.score_parts(), live.to_record()))
    return record, snapshots


@settings(max_examples=60, deadline=None)
@given(played_live())
def test_the_steps_are_the_game_replayed_action_by_action(case):
    record, snapshots = case
    replay = Replay(json.dumps(record))
    assert replay.steps == len(snapshots) - 1 == len(record["actions"])
    assert replay.record == record
    for k, (key, moves, parts, rec) in enumerate(snapshots):
        got = replay.game_at(k)
        assert (got.state_key(), got.moves, got.score_parts(), got.to_record()) == (key, moves, parts, rec)
        if k:
            assert replay.token(k - 1) == record["actions"][k - 1]


@settings(max_examples=60, deadline=None)
@given(random_games(), st.data())
def test_steps_asked_in_any_order_and_played_on_are_the_record_replayed_up_to_them(game, data):
    """Whatever order the steps are asked in (blocks rebuilt, cached, left), each is the record
    replayed up to it, history included, and playing on one changes no other step."""
    record = game.to_record()
    replay = Replay(record)
    order = data.draw(st.lists(st.integers(0, replay.steps), min_size=1, max_size=40))
    for k in order:
        got = replay.game_at(k)
        expected = Game.from_record({**record, "actions": record["actions"][:k]})
        assert got.history == expected.history and got.state_key() == expected.state_key()
        assert got.standing_actions == expected.standing_actions and got.undo_depth == expected.undo_depth
        assert (got.can_redo, got.score_series(), got.to_record()) == (
            expected.can_redo,
            expected.score_series(),
            expected.to_record(),
        )
        choices = got.legal_actions() + ["U"] * got.can_undo
        if choices:
            got.apply(data.draw(st.sampled_from(choices)))  # playing on from the step shown
            assert len(got.history) == k + 1
        assert replay.game_at(k).history == expected.history


@pytest.mark.parametrize("actions", [2_000, 8_000])
def test_a_long_record_steps_in_memory_proportional_to_it(actions):
    """A draw and its undo, over and over: a full copy per step was quadratic (8,000 actions: about
    250 MB); opening and walking there and back now stays within a small multiple of the record."""
    record = Game.from_code("TP1-E-AAAAAAB").to_record()
    record["actions"] = ["D", "U"] * (actions // 2)
    tracemalloc.start()
    try:
        replay = Replay(record)
        for step in [*range(replay.steps + 1), *range(replay.steps, -1, -1)]:
            game = replay.game_at(step)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert game.moves == 0 and replay.game_at(actions).moves == actions // 2
    assert peak < 1_000 * actions  # bytes: a few hundred per action (its events), not 4 per action per step
